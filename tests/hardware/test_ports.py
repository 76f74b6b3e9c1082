"""list_devices: serial ports as plain dicts, with their stable by-id names."""
from __future__ import annotations

import os
from types import SimpleNamespace

from hardware import ports


def fake_port(device, vid=None, pid=None, **extra):
    info = {"serial_number": None, "manufacturer": None, "product": None, "description": "n/a", "location": None}
    info.update(extra)
    return SimpleNamespace(device=device, vid=vid, pid=pid, **info)


def test_no_serial_ports_gives_an_empty_list(monkeypatch, tmp_path):
    monkeypatch.setattr(ports.list_ports, "comports", lambda: [])
    assert ports.list_devices(by_id_dir=tmp_path / "missing") == []


def test_usb_ports_come_first_with_their_by_id_names(monkeypatch, tmp_path):
    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "ttyUSB0").touch()
    (dev / "ttyS0").touch()
    by_id = tmp_path / "by-id"
    by_id.mkdir()
    stable = by_id / "usb-Silicon_Labs_CP2102_USB_to_UART_0001-if00-port0"
    stable.symlink_to(os.path.relpath(dev / "ttyUSB0", by_id))  # udev makes relative links
    monkeypatch.setattr(
        ports.list_ports,
        "comports",
        lambda: [
            fake_port(str(dev / "ttyS0")),
            fake_port(str(dev / "ttyUSB0"), vid=0x10C4, pid=0xEA60, serial_number="0001",
                      manufacturer="Silicon Labs", product="CP2102 USB to UART", description="CP2102 USB to UART"),
        ],
    )
    usb, builtin = ports.list_devices(by_id_dir=by_id)
    assert usb == {
        "device": str(dev / "ttyUSB0"),
        "by_id": str(stable),
        "url": str(stable),
        "usb": True,
        "vid_pid": "10c4:ea60",
        "vid": 0x10C4,
        "pid": 0xEA60,
        "serial_number": "0001",
        "manufacturer": "Silicon Labs",
        "product": "CP2102 USB to UART",
        "description": "CP2102 USB to UART",
        "location": None,
    }
    assert builtin["by_id"] is None and builtin["url"] == str(dev / "ttyS0")
    assert not builtin["usb"] and builtin["vid_pid"] is None and builtin["description"] is None


def test_on_this_machine_it_returns_a_list_of_dicts():
    devices = ports.list_devices()
    assert isinstance(devices, list)
    for device in devices:
        assert {"device", "by_id", "url", "usb", "vid_pid", "serial_number", "description"} <= set(device)
