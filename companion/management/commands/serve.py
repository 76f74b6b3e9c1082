"""Prepare everything and serve the app with daphne on the local network."""
import sqlite3
import subprocess
import sys

import qrcode
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from .compiletranslations import compile_translations


def keep_sqlite_open():
    """Hold one connection to the embedded SQLite database for the life of the server.

    When the last connection to a WAL database closes, SQLite checkpoints it and deletes
    the WAL (about a millisecond, more on an SD card). Connections still come and go (a
    thread's after CONN_MAX_AGE, a dice reader's): with this one open, that stays cheap.
    """
    database = settings.DATABASES["default"]
    if not database["ENGINE"].endswith("sqlite3"):
        return None
    return sqlite3.connect(database["NAME"], check_same_thread=False)


def lan_addresses() -> list[str]:
    """This machine's addresses on the local network, without sending any traffic."""
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2).stdout
    except (OSError, subprocess.SubprocessError):
        out = ""
    return [a for a in out.split() if "." in a and not a.startswith("127.")]


class Command(BaseCommand):
    help = "Migrate, compile translations and serve the app (daphne) on the local network."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--no-qr", action="store_true", help="don't print the address as a QR code")

    def handle(self, *args, host, port, no_qr, **options):
        call_command("migrate", interactive=False, verbosity=0)
        compile_translations()
        keeper = keep_sqlite_open()  # noqa: F841  (held until the server stops)
        addresses = lan_addresses() if host in ("0.0.0.0", "::") else [host]
        urls = [f"http://{a}:{port}/" for a in addresses] or [f"http://localhost:{port}/"]
        self.stdout.write(self.style.SUCCESS("CATAN companion is ready. Open this on the table screen:"))
        for url in urls:
            self.stdout.write(f"    {url}")
        self.stdout.write(f"    (on this machine: http://localhost:{port}/)")
        if not no_qr and sys.stdout.isatty():
            code = qrcode.QRCode(border=1)
            code.add_data(urls[0])
            code.print_ascii(out=self.stdout, invert=True)
        from companion import dice_reader

        if dice_reader.in_process():
            readers = dice_reader.start_all()
            if readers:
                self.stdout.write(f"Dice readers running: {readers}")
        self.stdout.flush()
        from daphne.cli import CommandLineInterface

        # No websocket timeout: a table screen stays connected all evening and beyond.
        try:
            CommandLineInterface().run(
                ["--bind", host, "--port", str(port), "--websocket_timeout", "-1", "--proxy-headers",
                 "catan_site.asgi:application"]
            )
        finally:
            dice_reader.stop_all()
