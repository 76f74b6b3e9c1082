"""The address the table's join codes carry: one the players' phones can reach.

The host often opens the table screen on the machine that serves it, through localhost: a
join code with that address leads each phone to itself. When the server listens on the
network (`serve` does by default), the codes carry this machine's address on the local
network instead; when it can't be reached from the network, or this machine has no such
address, the table screen says so plainly (`warning`).
"""
import ipaddress
import os
import subprocess
import time
from urllib.parse import urlsplit

from django.utils.translation import gettext as _

LISTEN_ENV = "CATAN_LISTEN"  # the address `serve` listens on (companion/management/commands/serve.py)
WILDCARDS = ("0.0.0.0", "::", "")
_LAN_TTL_S = 60.0
_lan_cache: list = [0.0, []]  # [time read, addresses]


def read_lan_addresses() -> list[str]:
    """This machine's addresses on the local network, without sending any traffic."""
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2).stdout
    except (OSError, subprocess.SubprocessError):
        out = ""
    return [a for a in out.split() if "." in a and not a.startswith("127.")]


def lan_addresses() -> list[str]:
    """This machine's addresses on the local network, read at most once a minute (a process)."""
    now = time.monotonic()
    if now - _lan_cache[0] > _LAN_TTL_S:
        _lan_cache[:] = [now, read_lan_addresses()]
    return list(_lan_cache[1])


def is_loopback(host: str) -> bool:
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def join_base(base_url: str) -> tuple[str, str]:
    """(the scheme, host and port the join codes carry, why phones can't use them or "")."""
    if not base_url:
        return base_url, ""
    parts = urlsplit(base_url)
    if not is_loopback(parts.hostname or ""):
        return base_url, ""  # opened through an address of the network: the phones use it too
    port = f":{parts.port}" if parts.port else ""
    listen = os.environ.get(LISTEN_ENV)
    if listen is None:  # served some other way: nobody knows whether the network reaches it
        return base_url, _("The join codes point at this machine itself (%(host)s): phones can't open them. Open the table screen through the address the server prints for the local network.") % {"host": parts.hostname}
    if listen not in WILDCARDS:
        if is_loopback(listen):
            return base_url, _("The server only listens on this machine (%(host)s): phones can't reach the join codes. Start it with “python manage.py serve”, which listens on the local network.") % {"host": listen}
        host = f"[{listen}]" if ":" in listen else listen
        return f"{parts.scheme}://{host}{port}", ""
    addresses = lan_addresses()
    if not addresses:
        return base_url, _("This machine has no address on a local network, so phones can't reach the join codes. Connect it to the Wi-Fi the phones use, then reload this page.")
    return f"{parts.scheme}://{addresses[0]}{port}", ""
