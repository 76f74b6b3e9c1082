"""Run one table's dice reader as its own process (the venue configuration)."""
import re

import serial
from django.conf import settings
from django.utils.translation import gettext as _

from companion import services
from companion.dice_reader import TableReader
from companion.engine import IllegalAction
from companion.models import Game
from hardware.ports import DeviceError, parse_baudrate, split_device, with_baudrate
from hardware.reader import open_error_code, run_until_signal

from companion.management.commands._database import ensure_database
from companion.management.commands._refusals import Refusal, SentenceCommand, command_line, game_refusal, illegal

PROG = "python3 manage.py dice_reader"
DEVICE_EXAMPLES = "/dev/serial/by-id/…, /dev/ttyUSB0, COM3, socket://host:port"

# A layer that lives in one process: rolls stored by this one would reach no screen.
IN_PROCESS_LAYERS = ("channels.layers.InMemoryChannelLayer",)


def device_refusal(device: str, error: DeviceError) -> Refusal:
    """A device name the reader cannot use (hardware.ports says why, in its own English)."""
    why = str(error)
    baud = re.match(r"not a baud rate: (?P<value>.*)$", why)
    if baud:
        return Refusal("bad_baudrate", _("“%(value)s” is not a baud rate: the reader takes 300 to 4000000 (usually "
                                         "9600, 57600 or 115200).") % {"value": baud["value"]},
                       _("Type for example: --baudrate 9600"))
    texts = {
        "not a device name": _("“%(device)s” is not a device name."),
        "neither a device path nor a device URL": _("“%(device)s” is neither a device path nor a device URL."),
        "a device path takes no options but baudrate": _("A device path takes no options but ?baudrate=N."),
    }
    scheme = re.match(r"not a serial URL scheme: (?P<scheme>.*)$", why)
    text = (_("%(scheme)s:// is not a kind of serial device URL.") % {"scheme": scheme["scheme"]} if scheme else
            texts.get(why, _("That is not a serial device or a device URL.")) % {"device": device})
    return Refusal("bad_device", text, _("Type --device with one of: %(examples)s (?baudrate=N may follow).") % {
        "examples": DEVICE_EXAMPLES})


class Command(SentenceCommand):
    help = ("Read a serial dice reader and apply its rolls to a game: --device URL --game CODE. "
            "Needs the channel layer the web server uses (REDIS_URL).")
    examples = {"--device": "/dev/ttyUSB0", "--game": "ABC123", "--baudrate": 9600}

    def description(self) -> str:
        return _("Read a serial dice reader and apply its rolls to a game: --device URL --game CODE. "
                 "Needs the channel layer the web server uses (REDIS_URL).")

    def add_arguments(self, parser):
        parser.add_argument("--device", required=True,
                            help=_("%(examples)s; ?baudrate=N may follow") % {"examples": DEVICE_EXAMPLES})
        parser.add_argument("--game", required=True, help=_("the game code shown on the table screen"))
        parser.add_argument("--baudrate", type=int, default=None,
                            help=_("the device's speed (default 115200; a ?baudrate= in --device wins)"))
        parser.add_argument("--without-screens", action="store_true",
                            help=_("apply rolls even though no screen can hear of them (no shared channel "
                                   "layer): screens see them only when reloaded"))
        parser.add_argument("--json", action="store_true", help=_("print a refusal as JSON, with its code"))

    def handle(self, *args, device, game, baudrate, without_screens, **options):
        ensure_database(self.stderr)  # a fresh data folder: the reader may be the first command run
        backend = settings.CHANNEL_LAYERS.get("default", {}).get("BACKEND", "")
        if backend in IN_PROCESS_LAYERS and not without_screens:
            raise Refusal(
                "no_shared_channel_layer",
                _("The rolls this process reads would reach no screen: the channel layer is in-memory, so only the "
                  "web server's own process can push to screens."),
                _("Set REDIS_URL for both (the venue configuration), or let serve read the dice: choose the device "
                  "on the table screen. To apply the rolls anyway: %(line)s") % {
                    "line": command_line(PROG, ["--device", device, "--game", game, "--without-screens"])})
        try:
            device = with_baudrate(device, parse_baudrate(baudrate) if baudrate is not None else None)
            url, _speed = split_device(device)
        except DeviceError as error:
            raise device_refusal(device, error) from None
        try:
            table = services.game_by_code(game)
        except Game.DoesNotExist:
            raise game_refusal(game, lambda code: command_line(PROG, ["--device", device, "--game", code])) from None
        if table.phase == "finished":
            raise Refusal("game_finished", _("Game %(code)s is finished: there are no dice to read.") % {
                "code": table.code}, _("Start a new game (python3 manage.py newgame) and read the dice for it."))
        busy = _port_busy(url)
        if busy:
            # Refused before touching the game: the reader that holds the port keeps its status.
            raise Refusal("port_busy", _("%(url)s is in use: is another dice reader running for it?") % {
                "url": url}, _("Stop the other reader first, or choose another --device."))
        try:
            table = services.set_dice_reader(table, device)
        except IllegalAction as error:
            refused = illegal(error)
            raise Refusal(refused.code, _("The dice reader cannot be used now: %(why)s") % {"why": refused.message},
                          _("Try again when the table screen shows the game waiting for a roll.")) from None
        reader = TableReader(table, device).start()
        self.stdout.write(_("Reading %(device)s for game %(code)s. Ctrl-C to stop.") % {
            "device": device, "code": table.code})
        self.stdout.flush()
        # Waits for SIGTERM/SIGINT and closes the port within a second; returns early when
        # the reader stopped itself (its game ended or went away).
        signum = run_until_signal(reader.reader)
        reader.stop()
        if signum is None and reader.ended.is_set():
            self.stdout.write(_("Game %(code)s has ended or no longer uses %(device)s: port closed.") % {
                "code": table.code, "device": device})


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
