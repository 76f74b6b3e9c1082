"""Which serial ports could be a dice reader: for a settings page or a setup command."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from serial.tools import list_ports

BY_ID_DIR = "/dev/serial/by-id"


def list_devices(by_id_dir: str | os.PathLike[str] = BY_ID_DIR) -> list[dict[str, Any]]:
    """Serial ports on this machine, USB ones first; [] when there are none.

    Each dict has: device (/dev/ttyUSB0, COM3), by_id (the stable /dev/serial/by-id/
    name on Linux, else None), url (by_id when present, since /dev/ttyUSBn numbers
    change with plugging order; give this to DiceReader), usb, vid_pid ("10c4:ea60"),
    vid, pid, serial_number, manufacturer, product, description, location.
    """
    by_id = _by_id_names(Path(by_id_dir))
    devices = []
    for port in list_ports.comports():
        usb = port.vid is not None and port.pid is not None
        stable = by_id.get(os.path.realpath(port.device))
        devices.append(
            {
                "device": port.device,
                "by_id": stable,
                "url": stable or port.device,
                "usb": usb,
                "vid_pid": f"{port.vid:04x}:{port.pid:04x}" if usb else None,
                "vid": port.vid,
                "pid": port.pid,
                "serial_number": port.serial_number,
                "manufacturer": port.manufacturer,
                "product": port.product,
                "description": port.description if port.description != "n/a" else None,
                "location": port.location,
            }
        )
    devices.sort(key=lambda d: (not d["usb"], d["device"]))
    return devices


def _by_id_names(folder: Path) -> dict[str, str]:
    """Map each real device path to its /dev/serial/by-id/ link."""
    try:
        links = sorted(folder.iterdir())
    except OSError:  # no such folder: not Linux, or no USB serial device plugged in
        return {}
    return {os.path.realpath(link): str(link) for link in links if link.is_symlink()}


# -- naming a device -------------------------------------------------------------------------

DEFAULT_BAUDRATE = 115200
# The rates USB-UART chips (CP2102, CH340, FT232) and ESP32/Arduino sketches commonly use.
BAUDRATES = (9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600)
# pyserial URL handlers a dice reader can sit behind (spy:// logs a real port's traffic).
URL_SCHEMES = ("socket", "rfc2217", "loop", "spy", "alt", "hwgrep")
_WINDOWS_PORT = re.compile(r"(?:\\\\\.\\)?COM[1-9][0-9]{0,2}", re.IGNORECASE)


class DeviceError(ValueError):
    """A device name the reader cannot use; str() says why."""


def split_device(name: str) -> tuple[str, int | None]:
    """(pyserial URL, baud rate or None) from a device name as people write it.

    Accepts what the protocol document names: a path (/dev/ttyUSB0, /dev/serial/by-id/...,
    a simulator's symlink such as /tmp/dice0), a Windows port (COM3, \\\\.\\COM12) and pyserial
    URLs (socket://host:port, rfc2217://..., loop://). A `baudrate=N` query parameter sets
    the speed on any of them: /dev/ttyUSB0?baudrate=9600. Other query parameters stay in the
    URL for pyserial. Raises DeviceError for anything else.
    """
    name = name.strip()
    if not name or len(name) > 200 or any(ch.isspace() or not ch.isprintable() for ch in name):
        raise DeviceError("not a device name")
    base, _, query = name.partition("?")
    scheme, has_scheme, _ = base.partition("://")
    if has_scheme:
        if scheme.lower() not in URL_SCHEMES:
            raise DeviceError(f"not a serial URL scheme: {scheme}")
    elif not (base.startswith("/") or _WINDOWS_PORT.fullmatch(base)):
        raise DeviceError("neither a device path nor a device URL")
    baudrate = None
    kept = []
    for parameter in filter(None, query.split("&")):
        key, _, value = parameter.partition("=")
        if key == "baudrate":
            baudrate = parse_baudrate(value)
        else:
            kept.append(parameter)
    if kept and not has_scheme:
        raise DeviceError("a device path takes no options but baudrate")
    return (base + "?" + "&".join(kept)) if kept else base, baudrate


def parse_baudrate(value: object) -> int:
    try:
        baudrate = int(str(value))
    except ValueError:
        raise DeviceError(f"not a baud rate: {value}") from None
    if not 300 <= baudrate <= 4_000_000:
        raise DeviceError(f"not a baud rate: {value}")
    return baudrate


def with_baudrate(name: str, baudrate: int | None) -> str:
    """The device name that also says its speed; the default speed is left unsaid.

    A baud rate already in the name wins: it was typed for this device.
    """
    url, named = split_device(name)
    if named is not None or baudrate in (None, DEFAULT_BAUDRATE):
        return name.strip()
    return f"{name.strip()}{'&' if '?' in name else '?'}baudrate={parse_baudrate(baudrate)}"
