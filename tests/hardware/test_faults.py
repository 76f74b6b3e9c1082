"""Every fault case of the dice reader, end to end on real pseudo-terminals and TCP sockets.

Each test runs once over TCP and once over a pty (the `transport_kind` fixture). Where a
case needs bytes the simulator would never send, the test writes them itself: with
sim.send_raw() on a simulated device, or on a RawDevice (conftest) it drives directly.
"""
from __future__ import annotations

import errno
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hardware.protocol import HEARTBEAT, HELLO, ROLL, DiceRoll, checksum, encode
from hardware.reader import CONNECTION_ERRORS, ROLL_REJECTIONS, DiceReader
from hardware.simulator import PtyTransport, Simulator

from .conftest import WAIT, Recorder, RawPty

PROJECT = Path(__file__).resolve().parents[2]
PAUSE = 0.3  # longer than the reader's read timeout: lets a read return with what it has


def framed(body: str, eol: bytes = b"\r\n") -> bytes:
    return f"${body}*{checksum(body)}".encode() + eol


def lowercase_checksum_line(seq: int) -> bytes:
    """A valid ROLL but for its checksum written in lower case."""
    for n in range(seq, seq + 100):
        line = encode(n, ROLL, Y=1, R=1, eol=b"\n")[:-1]
        if any(c in b"ABCDEF" for c in line[-2:]):
            return line[:-2] + line[-2:].lower() + b"\r\n"
    raise AssertionError("no checksum with a hex letter")


# -- valid rolls -----------------------------------------------------------------------------


def test_valid_rolls_base_game_cities_and_knights_and_event_die_alone(sim, reader, recorder):
    sim.roll(3, 4)                # base game: yellow and red
    sim.roll(6, 2, "SHIP")        # Cities & Knights: yellow, red and the event die
    sim.roll(e="BLUE")            # the Alchemist: the player sets the numbers, only E is rolled
    base, knights, alchemist = recorder.wait_rolls(3)
    assert base == DiceRoll(yellow=3, red=4) and base.total == 7 and base.event is None
    assert knights == DiceRoll(yellow=6, red=2, event="SHIP") and knights.total == 8
    assert alchemist == DiceRoll(event="BLUE")
    assert alchemist.is_readable and alchemist.total is None and alchemist.yellow is alchemist.red is None
    assert reader.status()["rejected"] == {}


# -- bad lines -------------------------------------------------------------------------------


def test_bad_lines_are_rejected_with_their_reason(sim, reader, recorder):
    seq = sim.next_seq + 100  # numbers ahead of the device's, so only the checks can stop them
    bad = {
        "bad checksum": encode(seq, ROLL, Y=1, R=1)[:-4] + b"00\r\n",
        "no checksum": f"$DR1,{seq},ROLL,Y=1,R=1\r\n".encode(),
        "lowercase hex": lowercase_checksum_line(seq),
        "wrong version": framed(f"DR2,{seq},ROLL,Y=1,R=1"),
        "lower-case version": framed(f"dr1,{seq},ROLL,Y=1,R=1"),
        "duplicate key": framed(f"DR1,{seq},ROLL,Y=1,R=1,Y=6"),
        "out of range": framed(f"DR1,{seq},ROLL,Y=1,R=7"),
        "NUL": framed(f"DR1,{seq},ROLL,Y=1,R=1")[:5] + b"\x00" + framed(f"DR1,{seq},ROLL,Y=1,R=1")[5:],
        "non-ASCII": framed(f"DR1,{seq},ROLL,Y=1,R=1,note=x")[:-5] + "é".encode() + b"*00\r\n",
        "too long": framed(f"DR1,{seq},ROLL,Y=1,R=1,note=" + "x" * 60),
    }
    for line in bad.values():
        sim.send_raw(line)
    sim.roll(5, 5, motion=False)
    assert recorder.wait_rolls(1) == [DiceRoll(yellow=5, red=5)]
    assert reader.status()["rejected"] == {
        "bad_checksum": 2,
        "no_frame": 1,
        "bad_version": 2,
        "bad_field": 1,
        "bad_value": 1,
        "not_ascii": 2,
        "too_long": 1,
        # Every one of them still says ROLL (the overlong one where it begins): a throw that
        # may have been lost, for the table to roll again.
        "garbled": 10,
    }
    assert len(recorder.rolls) == 1


def test_baud_mismatch_garbage_is_rejected_and_the_next_line_still_read(sim, reader, recorder):
    rng = random.Random(1)
    # What a UART at the wrong speed delivers: mostly high bytes, the odd LF.
    noise = bytes(rng.randrange(0x80, 0x100) for _ in range(600))
    sim.send_raw(noise[:200] + b"\n" + noise[200:])  # and no LF before the next frame
    sim.roll(2, 3, motion=False)
    assert recorder.wait_rolls(1) == [DiceRoll(yellow=2, red=3)]
    rejected = reader.status()["rejected"]
    assert rejected and set(rejected) <= {"not_ascii", "too_long", "no_frame"}
    assert reader.status()["state"] == "connected"


# -- how bytes arrive ------------------------------------------------------------------------


def test_a_line_split_across_reads(sim, reader, recorder):
    line = encode(sim.next_seq, ROLL, Y=4, R=1)
    sim.send_raw(line[:7])
    time.sleep(PAUSE)
    sim.send_raw(line[7:20])
    time.sleep(PAUSE)
    assert recorder.rolls == [] and reader.status()["rejected"] == {}
    sim.send_raw(line[20:])
    assert recorder.wait_rolls(1) == [DiceRoll(yellow=4, red=1)]
    assert reader.status()["rejected"] == {}


def test_two_lines_in_one_read(sim, reader, recorder):
    seq = sim.next_seq
    sim.send_raw(encode(seq, ROLL, Y=1, R=2) + encode(seq + 1, ROLL, Y=3, R=4, E="GREEN"))
    assert recorder.wait_rolls(2) == [DiceRoll(yellow=1, red=2), DiceRoll(yellow=3, red=4, event="GREEN")]


@pytest.mark.parametrize("eol", [b"\r\n", b"\n"], ids=["CRLF", "LF"])
def test_crlf_and_lf_line_endings(sim, reader, recorder, eol):
    seq = sim.next_seq
    sim.send_raw(encode(seq, ROLL, Y=6, R=6, eol=eol))
    sim.send_raw(encode(seq + 1, ROLL, Y=1, R=1, eol=eol))
    assert [roll.total for roll in recorder.wait_rolls(2)] == [12, 2]
    assert reader.status()["rejected"] == {}


@pytest.mark.parametrize("junk", [b"$" + b"A" * 500, b"x" * 500], ids=["frame-start", "no-dollar"])
def test_an_overlong_line_without_lf_is_dropped_and_the_next_frame_read(sim, reader, recorder, junk):
    sim.send_raw(junk)  # no LF at all: the next frame follows directly
    sim.roll(3, 6, motion=False)
    assert recorder.wait_rolls(1) == [DiceRoll(yellow=3, red=6)]
    assert reader.status()["rejected"] == {"too_long": 1}


def test_a_partial_line_waits_through_read_timeouts(sim, recorder):
    with DiceReader(sim.url, recorder.on_roll, recorder.on_status, poll_interval=0.05) as reader:
        assert sim.wait_for_host(WAIT)
        recorder.wait_event("hello")
        line = encode(sim.next_seq, ROLL, Y=5, R=2)
        sim.send_raw(line[:-6])
        time.sleep(PAUSE)  # several read timeouts with half a line in the buffer
        assert recorder.rolls == [] and reader.status()["rejected"] == {}
        sim.send_raw(line[-6:])
        assert recorder.wait_rolls(1) == [DiceRoll(yellow=5, red=2)]
        assert reader.status()["rejected"] == {}


def test_unplugged_mid_line_then_reconnected(sim, reader, recorder):
    sim.send_raw(encode(sim.next_seq, ROLL, Y=1, R=1)[:12])  # half a line, then the cable goes
    mark = recorder.mark()
    sim.unplug()
    recorder.wait_event("disconnected", after=mark)
    recorder.wait_event("hello", after=mark)  # reconnected; the half line was not glued to the HELLO
    sim.roll(2, 2, motion=False)
    assert recorder.wait_rolls(1) == [DiceRoll(yellow=2, red=2)]
    assert reader.status()["rejected"] == {}
    assert reader.status()["connects"] == 2


# -- after opening the port ------------------------------------------------------------------


def test_a_boot_banner_before_the_first_frame(raw_device, recorder):
    banner = (
        b"ESP-ROM:esp32s3-20210327\r\n"
        b"Build:Mar 27 2021\r\n"
        b"rst:0x1 (POWERON),boot:0x8 (SPI_FAST_FLASH_BOOT)\r\n"
    )
    with DiceReader(raw_device.url, recorder.on_roll, recorder.on_status) as reader:
        raw_device.wait_host()
        recorder.wait_event("connected")
        raw_device.write(banner)
        raw_device.write(encode(0, HELLO, boot="B00710AD", dice="YR") + encode(1, ROLL, Y=6, R=3))
        assert recorder.wait_rolls(1) == [DiceRoll(yellow=6, red=3)]
        status = reader.status()
        assert status["rejected"] == {}  # a banner is not line noise
        assert status["banner"] == "rst:0x1 (POWERON),boot:0x8 (SPI_FAST_FLASH_BOOT)"
        assert recorder.rolls[0][1].boot == "B00710AD"
        # After the first frame, free text is noise again.
        raw_device.write(b"Guru Meditation Error\r\n")
        raw_device.write(encode(2, ROLL, Y=1, R=1))
        recorder.wait_rolls(2)
        assert reader.status()["rejected"] == {"no_frame": 1}


def test_the_first_partial_line_after_open_is_dropped(raw_device, recorder):
    with DiceReader(raw_device.url, recorder.on_roll, recorder.on_status) as reader:
        raw_device.wait_host()
        recorder.wait_event("connected")
        # We opened in the middle of a line: its tail comes first.
        raw_device.write(b"9,ROLL,Y=2,R=2*00\r\n" + encode(10, ROLL, Y=4, R=4))
        assert recorder.wait_rolls(1) == [DiceRoll(yellow=4, red=4)]
        assert reader.status()["rejected"] == {} and reader.status()["banner"] is None


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="POSIX only")
def test_input_waiting_before_the_open_is_flushed(recorder):
    device = RawPty()
    try:
        device.write(encode(0, HELLO, boot="0LD") + encode(1, ROLL, Y=6, R=6) + b"$DR1,2,RO")
        device.wait_queued()  # the stale roll sits in the terminal's input queue
        with DiceReader(device.url, recorder.on_roll, recorder.on_status) as reader:
            recorder.wait_event("connected")
            device.write(encode(7, ROLL, Y=1, R=3))
            assert recorder.wait_rolls(1) == [DiceRoll(yellow=1, red=3)]
            assert reader.status()["rejected"] == {} and reader.status()["device"] is None
    finally:
        device.close()


# -- sequence numbers ------------------------------------------------------------------------


def test_a_gap_is_accepted_and_counted(sim, reader, recorder):
    sim.roll(1, 2, motion=False)
    recorder.wait_rolls(1)
    seq = sim.next_seq
    sim.send_raw(encode(seq + 5, ROLL, Y=3, R=3))  # five messages lost on the way
    assert recorder.wait_rolls(2)[1] == DiceRoll(yellow=3, red=3)
    status = reader.status()
    assert (status["gaps"], status["missed"], status["rejected"]) == (1, 5, {})


def test_a_gap_across_the_wrap(sim, reader, recorder):
    sim.send_raw(encode(65534, HEARTBEAT, boot="W4AP"))
    sim.send_raw(encode(2, ROLL, Y=2, R=5))  # 65535, 0 and 1 went missing
    assert recorder.wait_rolls(1) == [DiceRoll(yellow=2, red=5)]
    status = reader.status()
    assert (status["gaps"], status["missed"]) == (1, 3)


def test_wrap_from_65535_to_0(sim, reader, recorder):
    sim.send_raw(encode(65535, HEARTBEAT, boot="WRAPPED"))
    sim.send_raw(encode(0, ROLL, Y=1, R=4))
    sim.send_raw(encode(0, ROLL, Y=1, R=4))  # the same line twice
    sim.send_raw(encode(1, ROLL, Y=2, R=4))
    assert [roll.total for roll in recorder.wait_rolls(2)] == [5, 6]
    status = reader.status()
    assert status["rejected"] == {"duplicate": 1} and status["gaps"] == 0


def test_duplicates_are_keyed_by_device_boot_and_seq(sim, reader, recorder):
    # Two devices that (wrongly) share a boot id are still told apart by their serials.
    sim.send_raw(encode(0, HELLO, sn="TOWER-A", boot="1", dice="YR"))
    sim.send_raw(encode(1, ROLL, Y=1, R=1))
    sim.send_raw(encode(0, HELLO, sn="TOWER-B", boot="1", dice="YR"))
    sim.send_raw(encode(1, ROLL, Y=2, R=2))
    rolls = recorder.wait_rolls(2)
    assert [roll.total for roll in rolls] == [2, 4]
    assert [meta.device_serial for _, meta in recorder.rolls] == ["TOWER-A", "TOWER-B"]
    assert reader.status()["rejected"] == {}


def test_a_new_boot_id_resets_the_sequence_and_an_old_one_does_not(sim, reader, recorder):
    old_boot = sim.boot_id
    sim.roll(3, 3, motion=False)
    old_roll = sim.next_seq - 1
    recorder.wait_rolls(1)
    sim.reboot()                        # new boot id, seq 0: accepted
    sim.roll(4, 4, motion=False)        # seq 1
    recorder.wait_rolls(2)
    # A bridge replays its buffer from before the reboot: the old HELLO, then the old roll.
    sim.send_raw(encode(0, HELLO, fw="sim-1.0", sn=sim.serial_number, boot=old_boot, dice="YRE"))
    sim.send_raw(encode(old_roll, ROLL, Y=3, R=3))
    # The device's own next lines: its HB names the current boot again.
    sim.heartbeat()
    sim.roll(5, 5, motion=False)
    assert [roll.total for roll in recorder.wait_rolls(3)] == [6, 8, 10]
    assert reader.status()["rejected"] == {"duplicate": 2}
    assert [meta.boot for _, meta in recorder.rolls] == [old_boot, sim.boot_id, sim.boot_id]


# -- rolls without a result ------------------------------------------------------------------


def test_rejected_rolls_carry_a_stable_reason(sim, reader, recorder):
    found = []
    for action, reason, dice, code in [
        (lambda: sim.roll("?", 4, "SHIP", motion=False), "unreadable", ["yellow"], None),
        (lambda: sim.roll(e="?", motion=False), "unreadable", ["event"], None),
        (lambda: sim.error("TILT", die="R"), "tilt", ["red"], "TILT"),
        (lambda: sim.error("NODIE"), "nodie", [], "NODIE"),
    ]:
        mark = recorder.mark()
        action()
        status = recorder.wait_event("rejected_roll", after=mark)
        assert status["rejected_roll"] == {"reason": reason, "seq": sim.next_seq - 1, "unreadable": dice, "code": code}
        found.append(reason)
    # "garbled" and "no_roll" have no seq of their own: tested in test_lost_throws.py.
    assert set(found) == set(ROLL_REJECTIONS) - {"garbled", "no_roll"}
    mark = recorder.mark()
    sim.error("LOWBAT", die="E")  # a device error that says nothing about the throw
    sim.roll(1, 6, motion=False)
    recorder.wait_rolls(1)
    assert "device_error" in recorder.events()[mark:] and "rejected_roll" not in recorder.events()[mark:]
    assert reader.status()["rejected"] == {"unreadable": 2, "tilt": 1, "nodie": 1}
    assert [roll for roll, _ in recorder.rolls] == [DiceRoll(yellow=1, red=6)]


def test_a_tilt_reports_the_device_error_then_the_rejected_roll(sim, reader, recorder):
    mark = recorder.mark()
    sim.error("TILT", die="Y")
    recorder.wait_event("rejected_roll", after=mark)
    events = recorder.events()[mark:]
    assert events.index("device_error") < events.index("rejected_roll")
    assert recorder.wait_event("device_error", after=mark)["last_error"]["code"] == "TILT"


def test_the_codes_are_documented():
    spec = (PROJECT / "docs" / "dice-protocol.md").read_text()
    for code in (*ROLL_REJECTIONS, *CONNECTION_ERRORS):
        assert f"`{code}`" in spec, code


# -- the port ---------------------------------------------------------------------------------

posix_only = pytest.mark.skipif(not hasattr(os, "openpty"), reason="POSIX only")


@posix_only
def test_a_second_reader_is_refused_with_port_busy():
    first, second = Recorder(), Recorder()
    device = RawPty()
    owner = DiceReader(device.url, first.on_roll, first.on_status)
    try:
        owner.start()
        first.wait_event("connected")
        intruder = DiceReader(device.url, second.on_roll, second.on_status, reconnect_delay=0.05, max_reconnect_delay=0.1)
        with intruder:
            failed = second.wait_event("open_failed")
            assert failed["state"] == "disconnected" and not failed["connected"]
            assert failed["last_error"]["code"] == "port_busy"
            device.write(encode(1, ROLL, Y=6, R=1))
            assert first.wait_rolls(1) == [DiceRoll(yellow=6, red=1)]
            assert second.rolls == [] and intruder.status()["connects"] == 0
            # Once the owner lets go, the waiting reader gets the port.
            mark = second.mark()
            assert owner.stop()
            second.wait_event("connected", after=mark)
            device.write(encode(2, ROLL, Y=2, R=1))
            assert second.wait_rolls(1) == [DiceRoll(yellow=2, red=1)]
            assert first.rolls == [(DiceRoll(yellow=6, red=1), first.rolls[0][1])]
    finally:
        owner.stop()
        device.close()


@posix_only
def test_the_lock_holds_against_another_process(tmp_path, recorder):
    """pyserial's exclusive=True is flock(): check it on a pty, from a separate process."""
    probe = (
        "import sys, serial\n"
        "try:\n"
        "    serial.Serial(sys.argv[1], exclusive=True).close()\n"
        "except serial.SerialException as e:\n"
        "    print('busy', e.errno)\n"
        "else:\n"
        "    print('opened')\n"
    )

    def try_to_open(url: str) -> str:
        done = subprocess.run([sys.executable, "-c", probe, url], capture_output=True, text=True, timeout=30)
        return done.stdout.strip()

    with Simulator(PtyTransport(link=tmp_path / "dice0"), heartbeat_interval=None) as sim:
        with DiceReader(sim.url, recorder.on_roll, recorder.on_status):
            assert sim.wait_for_host(WAIT)
            assert try_to_open(sim.url) == f"busy {errno.EWOULDBLOCK}"
            assert try_to_open(sim.transport.slave_path) == f"busy {errno.EWOULDBLOCK}"  # not just the link
        recorder.wait_event("stopped")
        assert try_to_open(sim.url) == "opened"  # released on close


def test_a_missing_device_is_not_found(tmp_path, recorder):
    with DiceReader(str(tmp_path / "ttyUSB9"), recorder.on_roll, recorder.on_status, reconnect_delay=0.05):
        failed = recorder.wait_event("open_failed")
        assert failed["last_error"]["code"] == "not_found"


# -- a silent device ---------------------------------------------------------------------------


def test_a_device_that_stops_its_heartbeats_is_marked_stale(sim, recorder):
    with DiceReader(sim.url, recorder.on_roll, recorder.on_status, heartbeat_timeout=0.5, poll_interval=0.05) as reader:
        assert sim.wait_for_host(WAIT)
        recorder.wait_event("hello")
        for _ in range(3):
            sim.heartbeat()
        assert recorder.wait_for(lambda: reader.status()["last_heartbeat_age"] is not None)
        # ...and then nothing more: the device hangs with the port still open.
        stale = recorder.wait_event("silent")
        assert stale["stale"] and stale["silent"] and stale["connected"] and stale["state"] == "silent"
        assert stale["last_heartbeat_age"] > 0
        mark = recorder.mark()
        sim.heartbeat()
        alive = recorder.wait_event("alive", after=mark)
        assert not alive["stale"] and alive["state"] == "connected"
