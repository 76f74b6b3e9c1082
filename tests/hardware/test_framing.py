"""How the bytes of the dice reader's lines arrive must not matter: in one piece, byte by byte,
in random chunks with pauses, after any amount of noise, on a loaded machine.

Most properties are checked on LineFramer alone, against a byte-at-a-time model of the
protocol's framing (section 6 of docs/dice-protocol.md); a few run the whole reader on a
real pseudo-terminal, under CPU load.
"""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware.protocol import HELLO, MAX_FRAME_LENGTH, MOTION, ROLL, DiceRoll, encode
from hardware.reader import DiceReader, LineFramer, Overlong
from hardware.simulator import PtyTransport, Simulator

from .conftest import WAIT, RawPty, Recorder

LIMIT = MAX_FRAME_LENGTH + 1  # the reader's: a frame and the CR of its CRLF
BOOT = "5EED0001"
# A ROLL that runs on past the limit without a LF: a lost LF, a flood, a broken firmware.
ROLL_START = b"$DR1,9,ROLL,Y=3,R=4,note="

pty_only = pytest.mark.skipif(not hasattr(os, "openpty"), reason="POSIX only")


def framed_as_bytes_arrive(stream: bytes, limit: int) -> tuple[list[bytes | Overlong], bytes]:
    """The protocol's framing, one byte at a time: (lines and overlong runs, the partial line left).

    A line ends at LF. One that grows past `limit` bytes is an overlong run, reported with
    the bytes it drops (at most `limit`); the next line starts at the first "$" after the
    run's first byte, or after the next LF, whichever comes first.
    """
    found: list[bytes | Overlong] = []
    line = bytearray()
    discarding = False
    for byte in stream:
        if discarding:
            if byte in b"\n$":
                discarding = False
                line = bytearray(b"$" if byte == ord("$") else b"")
            continue
        if byte == ord("\n"):
            found.append(bytes(line))
            line = bytearray()
            continue
        line.append(byte)
        if len(line) > limit:
            resync = line.find(b"$", 1)
            if resync >= 0:
                found.append(Overlong(bytes(line[:resync])))
                line = line[resync:]
            else:
                found.append(Overlong(bytes(line[:limit])))
                line = bytearray()
                discarding = True
    return found, bytes(line)


def fed_in_pieces(framer: LineFramer, stream: bytes, cuts: list[int]) -> list[bytes | Overlong]:
    found: list[bytes | Overlong] = []
    bounds = [0, *sorted(set(cuts)), len(stream)]
    for start, end in zip(bounds, bounds[1:]):
        found += framer.feed(stream[start:end])
    return found


def frame(seq: int, y: int = 3, r: int = 4, eol: bytes = b"\r\n") -> bytes:
    return encode(seq, ROLL, Y=y, R=r, boot=BOOT, eol=eol)


def overlong_roll(length: int) -> bytes:
    return (ROLL_START + b"x" * length)[:length]


# -- LineFramer: bytes alone decide -------------------------------------------------------------

stream_pieces = st.one_of(
    st.binary(max_size=200),                                                  # line noise
    st.lists(st.sampled_from(b"$\n\r*ab"), max_size=40).map(bytes),           # dense edge cases
    st.builds(frame, st.integers(0, 65535), st.integers(1, 6), st.integers(1, 6), st.sampled_from([b"\n", b"\r\n"])),
    st.integers(LIMIT + 1, 3000).map(overlong_roll),                          # a ROLL that never ends
)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(stream_pieces, max_size=8).map(b"".join), st.sampled_from([4, 8, LIMIT]), st.data())
def test_any_chunking_gives_what_the_bytes_say(stream, limit, data):
    cuts = data.draw(st.lists(st.integers(0, len(stream)), max_size=30), label="cuts")
    expected, partial = framed_as_bytes_arrive(stream, limit)
    framer = LineFramer(limit=limit)
    assert fed_in_pieces(framer, stream, cuts) == expected
    assert framer.pending == bool(partial)


def test_every_split_of_a_frame_and_of_a_roll_too_long_before_it():
    line = frame(41)
    for stream, expected in (
        (line, [line[:-1]]),
        # 4 KB of a ROLL without its LF, then the next frame: the throw lost is named by how it began.
        (overlong_roll(4096) + line, [Overlong(overlong_roll(LIMIT)), line[:-1]]),
    ):
        assert LineFramer().feed(stream) == expected
        assert fed_in_pieces(LineFramer(), stream, list(range(len(stream)))) == expected  # byte by byte
        for cut in range(len(stream)):
            assert fed_in_pieces(LineFramer(), stream, [cut]) == expected, cut


any_amount_of_noise = st.one_of(
    st.binary(max_size=200),
    st.tuples(st.binary(min_size=1, max_size=300), st.integers(1, 70)).map(lambda noise: noise[0] * noise[1]),
).map(lambda noise: noise.replace(b"\n", b""))


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(any_amount_of_noise, st.data())
def test_a_frame_after_any_amount_of_noise_is_read(noise, data):
    line = frame(7)
    stream = noise + line
    cuts = data.draw(st.lists(st.integers(0, len(stream)), max_size=20), label="cuts")
    found = fed_in_pieces(LineFramer(), stream, cuts)
    *dropped, last = found
    # The frame is the last line, at most behind a short run of noise that the reader cuts
    # off at its "$"; every run of noise the framer dropped is reported with its bytes.
    assert isinstance(last, bytes) and last.endswith(line[:-1]) and last.rfind(b"$") == len(last) - len(line) + 1
    assert all(isinstance(run, Overlong) and run.head in noise for run in dropped)
    assert found == framed_as_bytes_arrive(stream, LIMIT)[0]


# -- the reader on a pseudo-terminal ------------------------------------------------------------


@pytest.fixture
def cpu_load() -> Iterator[None]:
    """A process spinning on a core while the test runs; it stops by itself after a minute."""
    spinner = subprocess.Popen([sys.executable, "-c", "import time\nend = time.monotonic() + 60\n"
                                "while time.monotonic() < end: pass"])
    try:
        yield
    finally:
        spinner.kill()
        spinner.wait()


@pytest.fixture
def pty() -> Iterator[RawPty]:
    device = RawPty()
    yield device
    device.close()


def start_reader(url: str, recorder: Recorder, **options) -> DiceReader:
    reader = DiceReader(url, recorder.on_roll, recorder.on_status, reconnect_delay=0.05,
                        max_reconnect_delay=0.2, poll_interval=0.05, **options).start()
    recorder.wait_event("connected")
    return reader


def garbled(recorder: Recorder) -> int:
    """Throws the reader reported lost to a line it could not read."""
    return sum(1 for status in recorder.statuses
               if status["event"] == "rejected_roll" and status["rejected_roll"]["reason"] == "garbled")


# Noise that is never a frame (no "*") and never starts a ROLL (no ","), but holds "$" and
# non-ASCII bytes, so the reader has to resynchronise through it.
noise_bytes = st.binary(max_size=3000).map(lambda b: bytes(c for c in b if c not in b"\n*,"))


@pty_only
def test_the_reader_reads_every_throw_however_its_bytes_arrive(pty, cpu_load):
    recorder = Recorder()
    reader = start_reader(pty.url, recorder)
    seqs = iter(range(1, 10_000))
    thrown = 0

    @settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
    @given(noise=noise_bytes, roll_too_long=st.none() | st.integers(LIMIT + 1, 1200),
           faces=st.tuples(st.integers(1, 6), st.integers(1, 6)), byte_by_byte=st.booleans(), data=st.data())
    def throw(noise, roll_too_long, faces, byte_by_byte, data):
        nonlocal thrown
        line = frame(next(seqs), *faces)
        stream = noise + (overlong_roll(roll_too_long) if roll_too_long else b"") + line
        if byte_by_byte:
            cuts = list(range(len(stream) - len(line), len(stream)))  # the frame itself, a byte at a time
        else:
            cuts = sorted(set(data.draw(st.lists(st.integers(0, len(stream)), max_size=10), label="cuts")))
        pauses = data.draw(st.lists(st.sampled_from([0.0, 0.001, 0.005, 0.02]), max_size=8), label="pauses")
        rolls_before, lost_before = len(recorder.rolls), garbled(recorder)
        bounds = [0, *cuts, len(stream)]
        for index, (start, end) in enumerate(zip(bounds, bounds[1:])):
            pty.write(stream[start:end])
            if index < len(pauses) and pauses[index]:
                time.sleep(pauses[index])
        thrown += 1
        # Noise never makes a roll, and the ROLL too long is a throw lost (once), never applied.
        recorder.wait_rolls(rolls_before + 1)
        assert [roll for roll, _ in recorder.rolls[rolls_before:]] == [DiceRoll(yellow=faces[0], red=faces[1])]
        assert garbled(recorder) - lost_before == (roll_too_long is not None)

    try:
        pty.write(encode(0, HELLO, boot=BOOT))
        recorder.wait_event("hello")
        throw()
        assert len(recorder.rolls) == thrown  # one roll per throw, nothing more came later
    finally:
        reader.stop()


@pty_only
def test_a_roll_sent_in_pieces_is_not_cut_by_the_simulators_heartbeat(tmp_path, cpu_load):
    # The device's own heartbeat must not land inside a line it is still sending: firmware
    # writes whole lines. Here it beats every 50 ms while a ROLL takes 0.7 s to go out.
    recorder = Recorder()
    with Simulator(PtyTransport(link=tmp_path / "dice0"), dice="YR", heartbeat_interval=0.05) as sim:
        reader = start_reader(sim.url, recorder)
        try:
            assert sim.wait_for_host(WAIT)
            recorder.wait_event("hello")
            sim.motion()
            line = sim.frame(ROLL, Y=6, R=5)
            for piece in (line[:9], line[9:18]):
                sim.send_raw(piece)
                time.sleep(0.35)
            sim.send_raw(line[18:])
            assert recorder.wait_rolls(1) == [DiceRoll(yellow=6, red=5)]
            assert "rejected_roll" not in recorder.events() and reader.status()["rejected"] == {}
            assert reader.status()["last_heartbeat_age"] is not None  # it did beat all along
        finally:
            reader.stop()


@pty_only
def test_noise_sent_while_the_reader_is_busy_reaches_it_whole(tmp_path):
    # A loaded machine, played for sure: the reader's thread is held in a callback while the
    # device sends 64 KB of noise without a line end, far more than a pty holds, then a frame.
    recorder = Recorder()
    held, release = threading.Event(), threading.Event()

    def on_status(status):
        recorder.on_status(status)
        if status["event"] == "hello" and not held.is_set():
            held.set()
            release.wait(WAIT)

    with Simulator(PtyTransport(link=tmp_path / "dice0"), dice="YR", heartbeat_interval=None) as sim:
        reader = DiceReader(sim.url, recorder.on_roll, on_status, reconnect_delay=0.05).start()
        catch_up = threading.Timer(0.3, release.set)  # the machine catches up; the sender waits for it
        try:
            assert sim.wait_for_host(WAIT) and held.wait(WAIT)
            catch_up.start()
            noise = (b"\xff" * 99 + b"$") * 640  # 640 runs too long, each cut short by the next "$"
            for start in range(0, len(noise), 4000):
                sim.send_raw(noise[start : start + 4000])
            sim.roll(2, 5, motion=False)
            assert recorder.wait_rolls(1) == [DiceRoll(yellow=2, red=5)]
            # Every byte of it arrived: each run, and the last "$" cut off the frame's line.
            assert reader.status()["rejected"] == {"too_long": 640, "no_frame": 1}
        finally:
            catch_up.cancel()
            release.set()
            reader.stop()


@pty_only
def test_a_roll_still_arriving_after_motion_is_not_a_lost_throw(pty):
    # The dice moved; the ROLL comes a few bytes at a time for longer than motion_timeout.
    # While its bytes arrive it is not "no roll": only when they stop for that long.
    recorder = Recorder()
    reader = start_reader(pty.url, recorder, motion_timeout=0.6)
    try:
        pty.write(encode(0, HELLO, boot=BOOT) + encode(1, MOTION, boot=BOOT))
        recorder.wait_event("motion")
        line = frame(2, 1, 6)
        for start in range(0, len(line), 2):
            pty.write(line[start : start + 2])
            time.sleep(0.05)
        assert recorder.wait_rolls(1) == [DiceRoll(yellow=1, red=6)]
        assert "rejected_roll" not in recorder.events()
    finally:
        reader.stop()
