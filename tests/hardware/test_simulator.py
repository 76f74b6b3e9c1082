"""The simulated device on its own: what it puts on the wire, its commands, its command line."""
from __future__ import annotations

import os
import select
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from hardware.protocol import DiceRoll, ProtocolError, parse_line
from hardware.reader import DiceReader
from hardware.simulator import PtyTransport, Simulator, TcpTransport, Transport

from .conftest import WAIT, Recorder

PROJECT = Path(__file__).resolve().parents[2]


class Wire(Transport):
    """A transport that keeps every line; connect() plays a host arriving."""

    url = "memory://"

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[bytes] = []
        self.unplugged = 0
        self.sent = threading.Condition()

    def start(self, on_connect) -> None:
        self._on_connect = on_connect

    def connect(self) -> None:
        self.connections += 1
        self._connected.set()
        self._on_connect()

    def send(self, data: bytes) -> bool:
        if not self.connected:
            return False
        with self.sent:
            self.lines.append(data)
            self.sent.notify_all()
        return True

    def unplug(self) -> None:
        self.unplugged += 1
        self._connected.clear()

    def messages(self):
        return [parse_line(line) for line in self.lines]


@pytest.fixture
def wire() -> Wire:
    return Wire()


@pytest.fixture
def device(wire: Wire):
    with Simulator(wire, dice="YRE", seed=3, heartbeat_interval=None, hello_delay=0) as simulator:
        wire.connect()
        assert simulator.wait_for_host(WAIT)
        wire.lines.clear()
        yield simulator


def test_hello_on_connect(wire):
    with Simulator(wire, dice="YR", seed=1, serial_number="TOWER-7", heartbeat_interval=None, hello_delay=0) as sim:
        wire.connect()
        assert sim.wait_for_host(WAIT)
        [hello] = wire.messages()
        assert hello.type == "HELLO" and hello.seq == 0
        assert dict(hello.fields) == {"fw": "sim-1.0", "sn": "TOWER-7", "boot": sim.boot_id, "dice": "YR"}


def test_wait_for_host_times_out_without_one(wire):
    with Simulator(wire, heartbeat_interval=None) as sim:
        assert not sim.wait_for_host(0.05)


def test_motion_comes_before_each_roll_and_seqs_count_up(device, wire):
    device.roll(3, 4)
    device.roll(6, 2, "SHIP", motion=False)
    messages = wire.messages()
    assert [(m.seq, m.type) for m in messages] == [(1, "MOTION"), (2, "ROLL"), (3, "ROLL")]
    assert DiceRoll.from_message(messages[1]) == DiceRoll(yellow=3, red=4)
    assert wire.lines[2] == b"$DR1,3,ROLL,Y=6,R=2,E=SHIP*50\r\n"


def test_lines_sent_with_no_host_are_lost_but_use_up_seqs(device, wire):
    wire.unplug()
    device.heartbeat()  # seq 1, lost
    wire.connect()
    assert device.wait_for_host(WAIT)  # HELLO, seq 2
    device.heartbeat()
    assert [(m.type, m.seq) for m in wire.messages()] == [("HELLO", 2), ("HB", 3)]


def test_rolls_are_checked_before_anything_is_sent(device, wire):
    with pytest.raises(ProtocolError):
        device.roll(7, 1)
    with pytest.raises(ValueError, match="reads YR,"):
        Simulator(Wire(), dice="YR").roll(1, 1, "SHIP")
    assert wire.lines == []


def test_random_rolls_repeat_with_the_seed():
    def lines(seed):
        wire = Wire()
        with Simulator(wire, dice="YRE", seed=seed, heartbeat_interval=None, hello_delay=0) as sim:
            wire.connect()
            sim.wait_for_host(WAIT)
            for _ in range(5):
                sim.random_roll()
        return wire.lines

    assert lines(11) == lines(11)
    assert lines(11) != lines(12)


def test_the_event_die_shows_a_ship_half_the_time(device, wire):
    for _ in range(600):
        device.random_roll(motion=False)
    faces = Counter(DiceRoll.from_message(m).event for m in wire.messages())
    assert set(faces) == {"SHIP", "BLUE", "GREEN", "YELLOW"}
    assert 240 < faces["SHIP"] < 360  # 300 expected; the seed makes this exact every run


def test_unreadable_rate(wire):
    with Simulator(wire, dice="YR", seed=1, heartbeat_interval=None, hello_delay=0, unreadable_rate=1.0) as sim:
        wire.connect()
        sim.wait_for_host(WAIT)
        sim.random_roll(motion=False)
        assert DiceRoll.from_message(wire.messages()[-1]).unreadable == ("yellow", "red")


def test_bad_checksum_garbage_and_repeat(device, wire):
    seq = device.bad_checksum()
    device.garbage()
    device.roll(2, 2, motion=False)
    device.repeat_last()
    with pytest.raises(ProtocolError, match="bad_checksum"):
        parse_line(wire.lines[0])
    with pytest.raises(ProtocolError, match="not_ascii"):
        parse_line(wire.lines[1])
    assert b"$" not in wire.lines[1]
    assert parse_line(wire.lines[2]).seq == seq + 1
    assert wire.lines[3] == wire.lines[2]


def test_reboot(device, wire):
    old = device.boot_id
    device.roll(1, 1)
    device.reboot()
    hello = wire.messages()[-1]
    assert (hello.type, hello.seq, hello.get("boot")) == ("HELLO", 0, device.boot_id)
    assert device.boot_id != old and device.next_seq == 1


def test_heartbeats_carry_the_boot_id(wire):
    with Simulator(wire, seed=2, heartbeat_interval=0.01, hello_delay=0) as sim:
        wire.connect()
        assert sim.wait_for_host(WAIT)
        with wire.sent:
            assert wire.sent.wait_for(lambda: any(m.type == "HB" for m in wire.messages()), WAIT)
        hb = next(m for m in wire.messages() if m.type == "HB")
        assert hb.fields == {"boot": sim.boot_id}


def test_a_heartbeat_never_lands_inside_a_line_sent_in_pieces(wire):
    # Firmware writes each line in one go; the simulator's heartbeat waits for the end of a
    # line that send_raw sends slowly, rather than cutting it in two (a throw lost).
    with Simulator(wire, seed=4, heartbeat_interval=0.01, hello_delay=0) as sim:
        wire.connect()
        assert sim.wait_for_host(WAIT)
        line = sim.frame("ROLL", Y=1, R=2)
        sim.send_raw(line[:10])
        time.sleep(0.1)  # beats fall due meanwhile
        sim.send_raw(line[10:])
        start = wire.lines.index(line[:10])
        with wire.sent:
            assert wire.sent.wait_for(lambda: len(wire.lines) > start + 2, WAIT)
        assert wire.lines[start + 1] == line[10:]
        beat = parse_line(wire.lines[start + 2])
        assert (beat.type, beat.seq) == ("HB", parse_line(line).seq + 1)


@pytest.mark.parametrize(
    "command, expected",
    [
        ("roll Y=3 R=4", [("MOTION", {}), ("ROLL", {"Y": "3", "R": "4"})]),
        ("roll y=6 r=2 e=ship", [("MOTION", {}), ("ROLL", {"Y": "6", "R": "2", "E": "SHIP"})]),
        ("roll Y=? R=5", [("MOTION", {}), ("ROLL", {"Y": "?", "R": "5"})]),
        ("motion", [("MOTION", {})]),
        ("err TILT", [("ERR", {"code": "TILT"})]),
        ("err nodie die=r", [("ERR", {"code": "NODIE", "die": "R"})]),
        ("hb", [("HB", {"boot": "<boot id>"})]),
        ("send BATTERY level=80", [("BATTERY", {"level": "80"})]),
        ("   # a comment", []),
        ("", []),
    ],
)
def test_commands(device, wire, command, expected):
    assert device.run_command(command) is True
    got = [(m.type, dict(m.fields)) for m in wire.messages()]
    assert got == [(t, {k: device.boot_id if v == "<boot id>" else v for k, v in f.items()}) for t, f in expected]


def test_random_roll_command_rolls_every_die(device, wire):
    device.run_command("roll")
    assert set(wire.messages()[-1].fields) == {"Y", "R", "E"}


def test_raw_garbage_badsum_repeat_reboot_unplug_commands(device, wire):
    for command in ["raw $DR1,1,HB*1C # kept as is", "garbage", "badsum", "repeat", "reboot", "unplug"]:
        assert device.run_command(command)
    assert wire.lines[0] == b"$DR1,1,HB*1C # kept as is\r\n"
    assert wire.lines[3] == wire.lines[2]
    assert parse_line(wire.lines[4]).type == "HELLO"
    assert wire.unplugged == 1


@pytest.mark.parametrize("command", ["dance", "roll G=3", "err", "err A B", "send", "sleep", "roll Y=9"])
def test_bad_commands_raise_value_error(device, command):
    with pytest.raises(ValueError):
        device.run_command(command)


def test_quit_command(device):
    assert device.run_command("quit") is False


def test_dice_option_is_checked():
    for dice in ["", "YG", "YY"]:
        with pytest.raises(ValueError):
            Simulator(Wire(), dice=dice)


# -- the command line ----------------------------------------------------------------------


class Cli:
    """Runs `python -m hardware.simulator`; whatever happens, no process outlives the test."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen] = []

    def start(self, *args: str, stdin: str | None = None) -> tuple[subprocess.Popen, str]:
        proc = subprocess.Popen(
            [sys.executable, "-m", "hardware.simulator", *args],
            cwd=PROJECT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.procs.append(proc)
        if stdin is not None:
            proc.stdin.write(stdin)
            proc.stdin.close()
        ready, _, _ = select.select([proc.stdout], [], [], WAIT)
        if not ready:
            pytest.fail("the simulator printed no device")
        return proc, proc.stdout.readline().strip()

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait(WAIT)
            for pipe in (proc.stdin, proc.stdout, proc.stderr):
                pipe.close()


@pytest.fixture
def cli():
    runner = Cli()
    yield runner
    runner.close()


def test_cli_over_tcp_with_a_script(cli, tmp_path):
    script = tmp_path / "evening.txt"
    script.write_text("# a short game\nroll Y=3 R=4\nerr TILT die=R\nroll Y=6 R=2 E=SHIP\nquit\n")
    proc, url = cli.start("--tcp", "127.0.0.1:0", "--dice", "YRE", "--script", str(script),
                          "--heartbeat", "0", "--motion-time", "0", "--seed", "5")
    assert url.startswith("socket://127.0.0.1:")
    recorder = Recorder()
    with DiceReader(url, recorder.on_roll, recorder.on_status):
        rolls = recorder.wait_rolls(2)
        assert rolls == [DiceRoll(yellow=3, red=4), DiceRoll(yellow=6, red=2, event="SHIP")]
        assert recorder.wait_event("device_error")["last_error"]["code"] == "TILT"
        assert proc.wait(WAIT) == 0  # the script ended with quit
        recorder.wait_event("disconnected")


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="POSIX only")
def test_cli_over_a_pty_with_stdin(cli, tmp_path):
    link = tmp_path / "dice-tower"
    proc, path = cli.start("--pty", "--link", str(link), "--motion-time", "0", "--heartbeat", "0",
                           stdin="roll Y=1 R=6\nsleep 0.1\nquit\n")
    assert path == str(link) and link.is_symlink()
    recorder = Recorder()
    with DiceReader(path, recorder.on_roll, recorder.on_status):
        assert recorder.wait_rolls(1) == [DiceRoll(yellow=1, red=6)]
        assert proc.wait(WAIT) == 0
    assert not link.exists()  # cleaned up on exit


def test_cli_refuses_bad_arguments():
    for args in (["--link", "x", "--tcp", "127.0.0.1:0"], ["--tcp", "nonsense"], [], ["--pty", "--dice", "YG"]):
        result = subprocess.run([sys.executable, "-m", "hardware.simulator", *args], cwd=PROJECT,
                                capture_output=True, text=True, timeout=WAIT)
        assert result.returncode == 2, args


# -- transports ----------------------------------------------------------------------------


def test_transports_clean_up_even_if_never_started(tmp_path):
    tcp = TcpTransport()
    tcp.close()
    with pytest.raises(OSError):
        socket.create_connection((tcp.host, tcp.port), timeout=1).close()
    if hasattr(os, "openpty"):
        pty = PtyTransport(link=tmp_path / "dice0")
        assert (tmp_path / "dice0").is_symlink()
        pty.close()
        assert not (tmp_path / "dice0").exists()
