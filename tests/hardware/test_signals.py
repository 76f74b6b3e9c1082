"""A process that reads dice stops cleanly on SIGTERM / SIGINT: run_until_signal and the CLI."""
from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from hardware.protocol import DiceRoll
from hardware.reader import DiceReader, run_until_signal
from hardware.simulator import Simulator, TcpTransport

from .conftest import WAIT, Recorder

PROJECT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX signals")


class Deadline:
    """Sends SIGTERM to this process if a test that waits for a signal would otherwise hang."""

    def __enter__(self) -> None:
        self.timer = threading.Timer(WAIT, os.kill, (os.getpid(), signal.SIGTERM))
        self.timer.start()

    def __exit__(self, *exc_info: object) -> None:
        self.timer.cancel()


class JsonLines:
    """Reads a child's stdout on a thread, so a test can wait for a line with a timeout."""

    def __init__(self, stream: Any) -> None:
        self.lines: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.seen: list[dict[str, Any]] = []
        threading.Thread(target=self._pump, args=(stream,), daemon=True).start()

    def _pump(self, stream: Any) -> None:
        for raw in stream:
            self.lines.put(json.loads(raw))
        self.lines.put(None)  # end of output

    def expect(self, event: str) -> dict[str, Any]:
        while True:
            try:
                record = self.lines.get(timeout=WAIT)
            except queue.Empty:
                raise AssertionError(f"no {event!r} line; saw {[r['event'] for r in self.seen]}") from None
            if record is None:
                raise AssertionError(f"output ended before {event!r}; saw {[r['event'] for r in self.seen]}")
            self.seen.append(record)
            if record["event"] == event:
                return record

    def rest(self) -> list[dict[str, Any]]:
        records = []
        while (record := self.lines.get(timeout=WAIT)) is not None:
            records.append(record)
        return records


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_reader_process_stops_cleanly_on_a_signal(sim, signum):
    child = subprocess.Popen(
        [sys.executable, "-m", "hardware.reader", sim.url],
        cwd=PROJECT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        output = JsonLines(child.stdout)
        output.expect("connected")
        assert sim.wait_for_host(WAIT)
        output.expect("hello")
        sim.roll(3, 4, "SHIP", motion=False)
        roll = output.expect("roll")
        assert roll["roll"] == {"yellow": 3, "red": 4, "event": "SHIP", "unreadable": [], "total": 7}
        assert roll["meta"]["boot"] == sim.boot_id
        child.send_signal(signum)
        assert child.wait(timeout=WAIT) == 0, child.stderr.read()
        *_, stopped, last = output.rest()
        assert stopped["event"] == "stopped" and stopped["state"] == "stopped"
        # clean: the reader thread had ended and the port was closed within run_until_signal's 1 s.
        assert last == {"event": "exit", "signal": int(signum), "clean": True}
        assert "Traceback" not in child.stderr.read()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_the_port_is_free_once_the_process_has_stopped(sim):
    child = subprocess.Popen(
        [sys.executable, "-m", "hardware.reader", sim.url], cwd=PROJECT, stdout=subprocess.PIPE, text=True
    )
    try:
        output = JsonLines(child.stdout)
        output.expect("hello")
        child.terminate()
        assert child.wait(timeout=WAIT) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    recorder = Recorder()
    with DiceReader(sim.url, recorder.on_roll, recorder.on_status, reconnect_delay=0.05, max_reconnect_delay=0.2):
        recorder.wait_event("hello")
        sim.roll(1, 5, motion=False)
        assert recorder.wait_rolls(1) == [DiceRoll(yellow=1, red=5)]
        assert "port_busy" not in str(recorder.statuses)


def test_run_until_signal_in_process(recorder):
    def on_status(status: dict[str, Any]) -> None:
        recorder.on_status(status)
        if status["event"] == "roll":
            os.kill(os.getpid(), signal.SIGTERM)  # what `systemctl stop` or `docker stop` sends

    before = signal.getsignal(signal.SIGTERM)
    with Simulator(TcpTransport(), heartbeat_interval=None) as sim:
        reader = DiceReader(sim.url, recorder.on_roll, on_status)
        threading.Thread(target=lambda: sim.wait_for_host(WAIT) and sim.roll(2, 2, motion=False), daemon=True).start()
        with Deadline():
            assert run_until_signal(reader) == signal.SIGTERM
        assert not reader.running
        assert recorder.wait_rolls(1) == [DiceRoll(yellow=2, red=2)]
        assert recorder.events()[-1] == "stopped"
    assert signal.getsignal(signal.SIGTERM) is before  # the previous handler is back


def test_run_until_signal_returns_when_the_reader_stops_by_itself(recorder):
    with Simulator(TcpTransport(), heartbeat_interval=None) as sim:
        reader: DiceReader

        def on_roll(roll: DiceRoll, meta: Any) -> None:
            reader.stop()

        reader = DiceReader(sim.url, on_roll, recorder.on_status)
        threading.Thread(target=lambda: sim.wait_for_host(WAIT) and sim.roll(5, 5), daemon=True).start()
        with Deadline():
            assert run_until_signal(reader) is None
        assert not reader.running


def test_run_until_signal_wants_the_main_thread():
    errors: list[BaseException] = []

    def attempt() -> None:
        try:
            run_until_signal(DiceReader("loop://", lambda roll, meta: None))
        except RuntimeError as exc:
            errors.append(exc)

    thread = threading.Thread(target=attempt)
    thread.start()
    thread.join(WAIT)
    assert len(errors) == 1 and "main thread" in str(errors[0])
