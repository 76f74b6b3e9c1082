"""Run one table's dice reader as its own process (the venue configuration)."""
from django.core.management.base import BaseCommand, CommandError

from companion import services
from companion.dice_reader import TableReader
from companion.engine import IllegalAction
from companion.models import Game
from hardware.reader import run_until_signal


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
        reader = TableReader(table, device)
        self.stdout.write(f"Reading {device} for game {table.code}. Ctrl-C to stop.")
        self.stdout.flush()
        # Starts the reader, waits for SIGTERM/SIGINT and closes the port within a second.
        run_until_signal(reader.reader)
