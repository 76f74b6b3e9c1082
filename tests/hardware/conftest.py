"""Fixtures for the dice reader tests: a simulated device and a callback recorder."""
from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from hardware.reader import DiceReader
from hardware.simulator import PtyTransport, Simulator, TcpTransport

WAIT = 5.0  # generous upper bound for anything we wait on; passing tests take far less


class Recorder:
    """Collects on_roll and on_status calls from the reader thread and lets a test wait for them."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self.rolls: list[tuple[Any, Any]] = []
        self.statuses: list[dict[str, Any]] = []

    def on_roll(self, roll: Any, meta: Any) -> None:
        with self._cond:
            self.rolls.append((roll, meta))
            self._cond.notify_all()

    def on_status(self, status: dict[str, Any]) -> None:
        with self._cond:
            self.statuses.append(status)
            self._cond.notify_all()

    def wait_for(self, predicate: Callable[[], bool], timeout: float = WAIT) -> bool:
        with self._cond:
            return self._cond.wait_for(predicate, timeout)

    def wait_rolls(self, count: int, timeout: float = WAIT) -> list[Any]:
        assert self.wait_for(lambda: len(self.rolls) >= count, timeout), f"only {len(self.rolls)} rolls"
        return [roll for roll, _ in self.rolls]

    def wait_event(self, event: str, after: int = 0, timeout: float = WAIT) -> dict[str, Any]:
        """The first status with this event among statuses[after:]."""

        def found() -> dict[str, Any] | None:
            return next((s for s in self.statuses[after:] if s["event"] == event), None)

        assert self.wait_for(lambda: found() is not None, timeout), (
            f"no {event!r} status; saw {[s['event'] for s in self.statuses]}"
        )
        with self._cond:
            return found()  # type: ignore[return-value]

    def events(self) -> list[str]:
        with self._cond:
            return [s["event"] for s in self.statuses]

    def mark(self) -> int:
        with self._cond:
            return len(self.statuses)


def make_transport(kind: str, tmp_path: Any) -> TcpTransport | PtyTransport:
    if kind == "tcp":
        return TcpTransport("127.0.0.1", 0)
    return PtyTransport(link=tmp_path / "dice0")


TRANSPORTS = ["tcp", pytest.param("pty", marks=pytest.mark.skipif(not hasattr(os, "openpty"), reason="POSIX only"))]


@pytest.fixture(params=TRANSPORTS)
def transport_kind(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def sim(transport_kind: str, tmp_path: Any) -> Iterator[Simulator]:
    # No heartbeat thread: its lines would interleave with what a test sends on purpose.
    with Simulator(make_transport(transport_kind, tmp_path), dice="YRE", seed=7, heartbeat_interval=None) as simulator:
        yield simulator


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def reader(sim: Simulator, recorder: Recorder) -> Iterator[DiceReader]:
    """A reader connected to `sim`, past the device's HELLO."""
    dice_reader = DiceReader(
        sim.url, recorder.on_roll, recorder.on_status, reconnect_delay=0.05, max_reconnect_delay=0.2
    )
    dice_reader.start()
    try:
        assert sim.wait_for_host(WAIT)
        recorder.wait_event("hello")
        yield dice_reader
    finally:
        assert dice_reader.stop()


@pytest.fixture(scope="session", autouse=True)
def compiled_translations() -> None:
    """Overrides tests/conftest.py's: hardware/ has no translations, and its tests run without Django."""


class RawDevice:
    """A device end the test drives byte by byte, without the simulator's manners.

    Over a pty the test keeps the slave open itself, so bytes written before the reader
    opens the port wait in the terminal's input queue, as they would on a real UART.
    """

    url: str

    def wait_host(self, timeout: float = WAIT) -> None:
        """Wait until the reader's end is open (TCP: accept it)."""

    def write(self, data: bytes) -> None:
        raise NotImplementedError

    def hangup(self) -> None:
        """Pull the cable."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class RawPty(RawDevice):
    def __init__(self) -> None:
        import tty

        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.url = os.ttyname(self.slave)

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def wait_queued(self, timeout: float = WAIT) -> None:
        """Wait until written bytes have reached the slave's input queue (the kernel moves them later)."""
        import select

        readable, _, _ = select.select([self.slave], [], [], timeout)
        assert readable, "the pty never delivered the bytes"

    def hangup(self) -> None:
        if self.master >= 0:
            os.close(self.master)
            self.master = -1

    def close(self) -> None:
        self.hangup()
        if self.slave >= 0:
            os.close(self.slave)
            self.slave = -1


class RawTcp(RawDevice):
    def __init__(self) -> None:
        import socket

        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(WAIT)
        self.url = "socket://127.0.0.1:%d" % self.server.getsockname()[1]
        self.conn: Any = None

    def wait_host(self, timeout: float = WAIT) -> None:
        self.server.settimeout(timeout)
        self.conn, _ = self.server.accept()

    def write(self, data: bytes) -> None:
        self.conn.sendall(data)

    def hangup(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def close(self) -> None:
        self.hangup()
        self.server.close()


@pytest.fixture
def raw_device(transport_kind: str) -> Iterator[RawDevice]:
    device: RawDevice = RawTcp() if transport_kind == "tcp" else RawPty()
    try:
        yield device
    finally:
        device.close()
