"""Run one table's dice reader as its own process (the venue configuration)."""
import signal
import threading

from django.core.management.base import BaseCommand, CommandError

from companion import services
from companion.dice_reader import TableReader
from companion.engine import IllegalAction
from companion.models import Game


class Command(BaseCommand):
    help = "Read a serial dice reader and apply its rolls to a game: --device URL --game CODE."

    def add_arguments(self, parser):
        parser.add_argument("--device", required=True,
                            help="pyserial URL: /dev/serial/by-id/..., /dev/ttyUSB0 or socket://host:port")
        parser.add_argument("--game", required=True, help="the game code shown on the table screen")

    def handle(self, *args, device, game, **options):
        try:
            table = services.game_by_code(game)
        except Game.DoesNotExist:
            raise CommandError(f"no game with code {game}") from None
        try:
            table = services.set_dice_reader(table, device)
        except IllegalAction as error:
            raise CommandError(f"cannot use the dice reader now: {error}") from None
        stop = threading.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stop.set())
        reader = TableReader(table, device).start()
        self.stdout.write(f"Reading {device} for game {table.code}. Ctrl-C to stop.")
        self.stdout.flush()
        try:
            stop.wait()
        finally:
            reader.stop()
