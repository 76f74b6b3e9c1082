"""Run one table's dice reader as its own process (the venue configuration)."""
import serial
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from companion import services
from companion.dice_reader import TableReader
from companion.engine import IllegalAction
from companion.models import Game
from hardware.ports import DeviceError, parse_baudrate, split_device, with_baudrate
from hardware.reader import open_error_code, run_until_signal

from companion.management.commands._database import ensure_database

# A layer that lives in one process: rolls stored by this one would reach no screen.
IN_PROCESS_LAYERS = ("channels.layers.InMemoryChannelLayer",)


class Command(BaseCommand):
    help = ("Read a serial dice reader and apply its rolls to a game: --device URL --game CODE. "
            "Needs the channel layer the web server uses (REDIS_URL).")

    def add_arguments(self, parser):
        parser.add_argument("--device", required=True,
                            help="/dev/serial/by-id/..., /dev/ttyUSB0, COM3, socket://host:port; "
                                 "?baudrate=N may follow")
        parser.add_argument("--game", required=True, help="the game code shown on the table screen")
        parser.add_argument("--baudrate", type=int, default=None,
                            help="the device's speed (default 115200; a ?baudrate= in --device wins)")
        parser.add_argument("--without-screens", action="store_true",
                            help="apply rolls even though no screen can hear of them (no shared channel "
                                 "layer): screens see them only when reloaded")

    def handle(self, *args, device, game, baudrate, without_screens, **options):
        ensure_database(self.stderr)  # a fresh data folder: the reader may be the first command run
        backend = settings.CHANNEL_LAYERS.get("default", {}).get("BACKEND", "")
        if backend in IN_PROCESS_LAYERS and not without_screens:
            raise CommandError(
                "the rolls this process reads would reach no screen: the channel layer is in-memory, "
                "so only the web server's own process can push to screens. Set REDIS_URL for both "
                "(the venue configuration), or let `serve` read the dice: choose the device on the "
                "table screen.")
        try:
            device = with_baudrate(device, parse_baudrate(baudrate) if baudrate is not None else None)
            url, _ = split_device(device)
        except DeviceError as error:
            raise CommandError(f"--device {device}: {error}") from None
        try:
            table = services.game_by_code(game)
        except Game.DoesNotExist:
            raise CommandError(f"no game with code {game}") from None
        if table.phase == "finished":
            raise CommandError(f"game {table.code} is finished: no dice to read")
        busy = _port_busy(url)
        if busy:
            # Refused before touching the game: the reader that holds the port keeps its status.
            raise CommandError(f"{url} is in use ({busy}): is another dice reader running for it?")
        try:
            table = services.set_dice_reader(table, device)
        except IllegalAction as error:
            raise CommandError(f"cannot use the dice reader now: {error}") from None
        reader = TableReader(table, device).start()
        self.stdout.write(f"Reading {device} for game {table.code}. Ctrl-C to stop.")
        self.stdout.flush()
        # Waits for SIGTERM/SIGINT and closes the port within a second; returns early when
        # the reader stopped itself (its game ended or went away).
        signum = run_until_signal(reader.reader)
        reader.stop()
        if signum is None and reader.ended.is_set():
            self.stdout.write(f"Game {table.code} has ended or no longer uses {device}: port closed.")


def _port_busy(url: str) -> str | None:
    """Why a local port cannot be had now, or None. Only local ports take a lock; a URL
    (socket://...) is tried by the reader itself."""
    if "://" in url:
        return None
    try:
        port = serial.Serial(url, exclusive=True)
    except serial.SerialException as error:
        code = open_error_code(error)
        return code if code == "port_busy" else None  # not plugged in yet: the reader waits for it
    port.close()
    return None
