"""The adapter between the dice reader (hardware/, which knows nothing of Django) and games.

One DiceReader thread per table reads the port; each settled roll becomes a `roll` action
through services, and status changes reach the table screen. In the embedded default the
`serve` process runs the readers; in the venue configuration `manage.py dice_reader` does,
one process per port.
"""
import logging
import threading

from django.conf import settings
from django.db import close_old_connections

from hardware.reader import DiceReader

from . import services
from .models import Game

log = logging.getLogger(__name__)


class TableReader:
    """Reads one table's dice reader and applies its rolls to that game."""

    def __init__(self, game: Game, url: str, **reader_options):
        self.game_pk = game.pk
        self.url = url
        self.reader = DiceReader(url, self._on_roll, self._on_status, **reader_options)

    def start(self) -> "TableReader":
        self.reader.start()
        return self

    def stop(self) -> None:
        self.reader.stop()

    def _game(self) -> Game | None:
        return Game.objects.filter(pk=self.game_pk).first()

    def _on_roll(self, roll, meta) -> None:
        close_old_connections()
        try:
            game = self._game()
            if game is None:
                return
            device = (meta.device_serial or meta.url)[:24]
            key = f"reader:{device}:{meta.boot or '-'}:{meta.seq}"[:64]
            event = roll.event.lower() if roll.event else None  # the engine's event die faces
            result = services.apply_reader_roll(game, roll.yellow, roll.red, key, event=event)
            log.info("game %s: reader roll %s+%s -> %s", game.code, roll.yellow, roll.red, result)
        except Exception:  # the reader thread must survive whatever one roll does
            log.exception("applying a reader roll failed")
        finally:
            close_old_connections()

    def _on_status(self, status: dict) -> None:
        if status.get("event") in ("alive", None):
            return
        close_old_connections()
        try:
            game = self._game()
            if game is not None:
                services.record_reader_status(game, status)
        except Exception:
            log.exception("recording the reader status failed")
        finally:
            close_old_connections()


_readers: dict[int, TableReader] = {}
_lock = threading.Lock()


def in_process() -> bool:
    """Does this web process own the dice readers (the embedded default)?"""
    return getattr(settings, "DICE_READER_IN_PROCESS", True)


def start_for(game: Game) -> None:
    """(Re)start the in-process reader of a table after its device changed."""
    stop_for(game)
    if not in_process() or not game.dice_device:
        return
    with _lock:
        _readers[game.pk] = TableReader(game, game.dice_device).start()


def stop_for(game: Game) -> None:
    with _lock:
        reader = _readers.pop(game.pk, None)
    if reader is not None:
        reader.stop()


def start_all() -> int:
    """At `serve` start-up: resume the readers of every unfinished table that has one."""
    count = 0
    for game in Game.objects.exclude(dice_device="").exclude(phase="finished"):
        start_for(game)
        count += 1
    return count


def stop_all() -> None:
    with _lock:
        readers = list(_readers.values())
        _readers.clear()
    for reader in readers:
        reader.stop()
