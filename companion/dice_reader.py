"""The adapter between the dice reader (hardware/, which knows nothing of Django) and games.

One DiceReader thread per table reads the port; each settled roll becomes a `roll` action
through services, and status changes reach the table screen. In the embedded default the
`serve` process runs the readers; in the venue configuration `manage.py dice_reader` does,
one process per port.
"""
import hashlib
import logging
import threading

from django.conf import settings
from django.db import close_old_connections

from hardware.ports import DEFAULT_BAUDRATE, split_device
from hardware.reader import DiceReader

from companion import services
from companion.models import DiceReaderStatus, Game

log = logging.getLogger(__name__)

# How often a reader looks whether its game has ended, was deleted or chose another device.
WATCH_INTERVAL = 1.0


def throw_key(game_pk: int, boot: str | None, ext_seq: int) -> str:
    """The idempotency key of one throw: the game, the device's boot id and the line's number.

    All three come from the device and the game, not from what this process heard, so a
    line sent again after a restart gets the same key. A digest, not a cut: a boot id of any
    length keeps every throw apart. ext_seq counts past 65535, so a seq that comes round
    within one boot is a new throw.
    """
    identity = f"{game_pk}\n{boot or ''}\n{ext_seq}".encode()
    return "reader:" + hashlib.blake2b(identity, digest_size=28).hexdigest()  # 63 characters


class TableReader:
    """Reads one table's dice reader and applies its rolls to that game.

    It stops by itself, closing the port, when the game finishes, is deleted or is pointed at
    another device (checked every WATCH_INTERVAL seconds, so a separate `dice_reader`
    process notices too).
    """

    def __init__(self, game: Game, device: str, **reader_options):
        self.game_pk = game.pk
        self.device = device  # as stored on the game, with its ?baudrate= if any
        url, baudrate = split_device(device)
        reader_options.setdefault("baudrate", baudrate or DEFAULT_BAUDRATE)
        status = DiceReaderStatus.objects.filter(game=game).first()
        positions = [tuple(p) for p in (status.positions if status else []) if isinstance(p, list) and len(p) == 3]
        self.reader = DiceReader(url, self._on_roll, self._on_status, positions=positions, **reader_options)
        self.ended = threading.Event()  # set when the game ended or went away: why it stopped
        self._opened = False  # the port opened once: this reader owns the table's status
        self._saved_positions = positions
        self._done = threading.Event()
        self._watcher: threading.Thread | None = None

    def start(self) -> "TableReader":
        self.reader.start()
        self._watcher = threading.Thread(target=self._watch, name=f"TableReader watch {self.game_pk}", daemon=True)
        self._watcher.start()
        return self

    def stop(self) -> None:
        self._done.set()
        self.reader.stop()

    @property
    def running(self) -> bool:
        return self.reader.running

    def _watch(self) -> None:
        while not self._done.wait(WATCH_INTERVAL):
            close_old_connections()
            try:
                row = Game.objects.filter(pk=self.game_pk).values_list("phase", "dice_device").first()
            except Exception:  # a busy database: look again next time
                log.exception("checking the dice reader's game failed")
                continue
            finally:
                close_old_connections()
            if row is None or row[0] == "finished" or row[1] != self.device:
                log.info("game %s ended or left %s: stopping its dice reader", self.game_pk, self.device)
                self.ended.set()
                self._done.set()
                self.reader.stop()

    def _game(self) -> Game | None:
        return Game.objects.filter(pk=self.game_pk).first()

    def _save_positions(self) -> None:
        positions = self.reader.positions()
        if positions != self._saved_positions:
            services.save_reader_positions(self.game_pk, positions)
            self._saved_positions = positions

    def _on_roll(self, roll, meta) -> None:
        close_old_connections()
        try:
            game = self._game()
            if game is None:
                return
            # Before applying: a restart after this point knows the line for a repeat.
            self._save_positions()
            key = throw_key(game.pk, meta.boot, meta.ext_seq)
            event = roll.event.lower() if roll.event else None  # the engine's event die faces
            result = services.apply_reader_roll(game, roll.yellow, roll.red, key, event=event)
            if result == "duplicate":
                # The same throw, heard again by a reader that restarted: shown, counted once.
                services.record_reader_status(game, {**self.reader.status(), "event": "repeated_roll",
                                                     "repeated_roll": {"seq": meta.seq,
                                                                       "faces": roll.to_fields()}})
            log.info("game %s: reader roll %s+%s -> %s", game.code, roll.yellow, roll.red, result)
        except Exception:  # the reader thread must survive whatever one roll does
            log.exception("applying a reader roll failed")
            self._tell_table_roll_failed(roll)
        finally:
            close_old_connections()

    def _tell_table_roll_failed(self, roll) -> None:
        try:
            game = self._game()
            if game is not None:
                services.record_reader_status(game, {**self.reader.status(), "event": "roll_failed",
                                                     "failed_roll": roll.to_fields()})
        except Exception:
            log.exception("telling the table a reader roll failed")

    def _on_status(self, status: dict) -> None:
        if status.get("event") is None:
            return
        error = status.get("last_error") or {}
        if status.get("event") == "connected":
            self._opened = True
        elif not self._opened and error.get("code") == "port_busy":
            # Another reader holds the port and keeps the table's status: leave it alone.
            return
        close_old_connections()
        try:
            game = self._game()
            if game is not None:
                services.record_reader_status(game, status)
                self._save_positions()
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
    if not in_process() or not game.dice_device or game.phase == "finished":
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
