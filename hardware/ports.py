"""Which serial ports could be a dice reader: for a settings page or a setup command."""
from __future__ import annotations

import os
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
