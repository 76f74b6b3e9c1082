"""Prepare everything and serve the app on the local network.

daphne serves one table at home (the embedded default); uvicorn (uvloop, httptools) serves
the venue configuration, where the venue benchmark measured it cheaper per delivery
(docs/benchmarks.md). `--server` (or CATAN_SERVER) picks either one anywhere.
"""
import faulthandler
import gc
import os
import signal
import sqlite3
import sys

import qrcode
from django.conf import settings
from django.core.management import call_command
from django.utils.translation import gettext as _

from companion.management.commands._refusals import Refusal, SentenceCommand, type_instead
from companion.management.commands.compiletranslations import compile_translations
from companion.web.join_links import read_lan_addresses as lan_addresses


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


class Command(SentenceCommand):
    help = "Migrate, compile translations and serve the app (daphne or uvicorn) on the local network."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--no-qr", action="store_true", help="don't print the address as a QR code")
        parser.add_argument("--server", choices=SERVERS, default=os.environ.get("CATAN_SERVER") or None,
                            help="ASGI server (default: daphne embedded, uvicorn with REDIS_URL)")
        parser.add_argument("--certfile", default=None,
                            help="serve https and wss with this certificate (PEM; with --keyfile)")
        parser.add_argument("--keyfile", default=None, help="the certificate's private key (PEM)")
        parser.add_argument("--json", action="store_true", help=_("print a refusal as JSON, with its code"))

    def handle(self, *args, host, port, no_qr, server, certfile=None, keyfile=None, **options):
        server = server or default_server()
        if server not in SERVERS:
            raise Refusal("unknown_server", _("There is no server “%(server)s” (CATAN_SERVER or --server): the app "
                                              "serves with %(servers)s.") % {"server": server,
                                                                             "servers": " or ".join(SERVERS)},
                          type_instead("python3 manage.py serve --server " + SERVERS[0]))
        tls = tls_files(certfile, keyfile)
        call_command("migrate", interactive=False, verbosity=0)
        compile_translations()
        keeper = keep_sqlite_open()  # noqa: F841  (held until the server stops)
        os.environ["CATAN_LISTEN"] = host  # the table's join codes carry an address phones reach (join_links)
        addresses = lan_addresses() if host in ("0.0.0.0", "::") else [host]
        scheme = "https" if tls else "http"
        urls = [f"{scheme}://{a}:{port}/" for a in addresses] or [f"{scheme}://localhost:{port}/"]
        self.stdout.write(self.style.SUCCESS("CATAN companion is ready. Open this on the table screen:"))
        for url in urls:
            self.stdout.write(f"    {url}")
        self.stdout.write(f"    (on this machine: {scheme}://localhost:{port}/)")
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
        freeze_startup()
        if hasattr(signal, "SIGUSR1"):
            # `kill -USR1 <pid>` prints every thread's stack to stderr: what a server that
            # stopped answering is doing, without stopping it.
            faulthandler.register(signal.SIGUSR1, all_threads=True)
        try:
            run_uvicorn(host, port, tls) if server == "uvicorn" else run_daphne(host, port, tls)
        finally:
            dice_reader.stop_all()


SERVERS = ("daphne", "uvicorn")
APPLICATION = "catan_site.asgi:application"


def freeze_startup(application: str = APPLICATION) -> None:
    """Keep what startup loads (Django, the application, every template compiled, the rules:
    ~100,000 objects) out of every later garbage collection. A full collection walks every
    live container: with them it takes ~35 ms, a pause that every screen waiting for a push
    sits through. They are never garbage; most garbage of a push is freed by reference
    counting anyway."""
    from importlib import import_module
    from pathlib import Path

    from django.template import engines

    import_module(application.split(":")[0])
    engine = engines["django"].engine
    for loader in engine.template_loaders:
        for folder in loader.get_dirs() if hasattr(loader, "get_dirs") else ():
            for path in Path(folder).rglob("*.html"):
                engine.get_template(path.relative_to(folder).as_posix())
    gc.collect()
    gc.freeze()


def default_server() -> str:
    return "uvicorn" if settings.REDIS_URL else "daphne"


def tls_files(certfile: str | None, keyfile: str | None) -> tuple[str, str] | None:
    """(certificate, key) as absolute paths when both are given and readable, else None."""
    if not certfile and not keyfile:
        return None
    if not (certfile and keyfile):
        raise Refusal("certificate_half", _("--certfile and --keyfile go together: https needs the certificate "
                                            "and its private key."),
                      type_instead("python3 manage.py serve --certfile cert.pem --keyfile key.pem"))
    files = []
    for name in (certfile, keyfile):
        path = os.path.abspath(name)
        if not os.access(path, os.R_OK):
            raise Refusal("unreadable_file", _("Cannot read %(file)s.") % {"file": name},
                          _("Give the path of a PEM file this user may read, as --certfile and --keyfile."))
        files.append(path)
    return files[0], files[1]


def _endpoint_value(text: str) -> str:
    """A value inside a Twisted endpoint description: its separators escaped."""
    return text.replace("\\", "\\\\").replace(":", "\\:").replace("=", "\\=")


def run_daphne(host: str, port: int, tls: tuple[str, str] | None = None) -> None:
    from daphne.cli import CommandLineInterface

    # No websocket timeout: a table screen stays connected all evening and beyond.
    # Forwarded headers only when a proxy is configured (daphne can't tell the proxy from a client).
    proxy = ["--proxy-headers"] if settings.TRUSTED_PROXIES else []
    if tls:
        # https and wss on the one port: a TLS endpoint instead of --bind/--port.
        cert, key = tls
        listen = ["-e", f"ssl:port={port}:interface={_endpoint_value(host)}"
                        f":privateKey={_endpoint_value(key)}:certKey={_endpoint_value(cert)}"]
    else:
        listen = ["--bind", host, "--port", str(port)]
    CommandLineInterface().run([*listen, "--websocket_timeout", "-1", *proxy, APPLICATION])


def run_uvicorn(host: str, port: int, tls: tuple[str, str] | None = None, application: str = APPLICATION) -> None:
    import uvicorn

    # Django's ASGI application has no lifespan protocol. Pings find the sockets of phones
    # that went to sleep; the screens reconnect by themselves when they wake. No per-message
    # deflate: it would compress every push once per socket, and a few KB per push mean
    # nothing on a venue's network.
    uvicorn.run(application, host=host, port=port, lifespan="off", loop="uvloop", http="httptools",
                ws="websockets-sansio", ws_ping_interval=20, ws_ping_timeout=20, ws_per_message_deflate=False,
                proxy_headers=bool(settings.TRUSTED_PROXIES), forwarded_allow_ips=settings.TRUSTED_PROXIES or None,
                ssl_certfile=tls[0] if tls else None, ssl_keyfile=tls[1] if tls else None,
                log_level="warning", access_log=False)
