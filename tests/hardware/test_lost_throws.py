"""Throws that arrived but could not be applied, and a throw's identity across restarts and the
seq wrap: the reader alone, on a real pseudo-terminal."""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from hardware.protocol import ERROR, HEARTBEAT, HELLO, MOTION, ROLL, DiceRoll, encode
from hardware.reader import DiceReader

from .conftest import WAIT, RawPty, Recorder

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="POSIX only")

BOOT = "7F3A91C2"


@pytest.fixture
def pty():
    device = RawPty()
    yield device
    device.close()


def start(device: RawPty, recorder: Recorder, **options) -> DiceReader:
    reader = DiceReader(device.url, recorder.on_roll, recorder.on_status, reconnect_delay=0.05,
                        max_reconnect_delay=0.2, poll_interval=0.05, **options).start()
    recorder.wait_event("connected")
    return reader


@contextmanager
def reading(device: RawPty, **options) -> Iterator[tuple[Recorder, DiceReader]]:
    """A connected reader on the device and what it reports, stopped when the block ends."""
    recorder = Recorder()
    reader = start(device, recorder, **options)
    try:
        yield recorder, reader
    finally:
        reader.stop()


def begin_throw(device: RawPty) -> None:
    """The device says hello and a throw starts (MOTION); its ROLL is up to the test."""
    device.write(encode(0, HELLO, boot=BOOT) + encode(1, MOTION, boot=BOOT))


def test_a_broken_roll_after_motion_is_a_lost_throw_and_ends_rolling(pty):
    with reading(pty) as (recorder, _):
        pty.write(encode(0, HELLO, boot=BOOT) + encode(1, MOTION))
        assert recorder.wait_event("motion")["motion"] is True
        mark = recorder.mark()
        pty.write(encode(2, ROLL, Y=3, R=4)[:-4] + b"00\r\n")  # the ROLL with its checksum hit by noise
        status = recorder.wait_event("rejected_roll", after=mark)
        assert status["rejected_roll"]["reason"] == "garbled"
        assert status["motion"] is False and status["state"] == "connected"
        # A die of 7 and a line cut short say ROLL too: each is a throw the table must redo.
        for broken in (b"$DR1,3,ROLL,Y=7,R=1*00\r\n", b"$DR1,4,ROLL,Y=3\r\n"):
            mark = recorder.mark()
            pty.write(broken)
            assert recorder.wait_event("rejected_roll", after=mark)["rejected_roll"]["reason"] == "garbled"
        assert recorder.rolls == []


def test_motion_without_a_roll_times_out_back_to_connected(pty):
    with reading(pty, motion_timeout=0.3) as (recorder, _):
        pty.write(encode(0, HELLO, boot=BOOT) + encode(1, MOTION))
        recorder.wait_event("motion")
        status = recorder.wait_event("rejected_roll", timeout=2)
        assert status["rejected_roll"]["reason"] == "no_roll"
        assert status["motion"] is False and status["state"] == "connected"


def test_the_same_seq_a_lap_later_is_a_new_throw(pty):
    with reading(pty) as (recorder, reader):
        pty.write(encode(0, HELLO, boot=BOOT) + encode(10, ROLL, Y=1, R=2))
        recorder.wait_rolls(1)
        # Jumps under half the seq space are gaps, so two heartbeats bring the seq round to 10.
        for seq in (30000, 60000):
            pty.write(encode(seq, HEARTBEAT, boot=BOOT))
        pty.write(encode(10, ROLL, Y=5, R=6))
        rolls = recorder.wait_rolls(2)
        assert rolls[1] == DiceRoll(yellow=5, red=6)
        first, second = (meta for _, meta in recorder.rolls)
        assert (first.seq, second.seq) == (10, 10)
        assert (first.ext_seq, second.ext_seq) == (10, 65536 + 10)
        assert reader.positions() == [(None, BOOT, 65546)]


def test_a_line_sent_again_to_a_restarted_reader_is_still_a_duplicate(pty):
    first = Recorder()
    reader = start(pty, first)
    pty.write(encode(0, HELLO, sn="AA:BB:CC:DD:EE:FF", boot=BOOT) + encode(5, ROLL, Y=3, R=4))
    first.wait_rolls(1)
    positions = reader.positions()
    assert reader.stop()

    # What the game kept, handed to the new process.
    with reading(pty, positions=positions) as (again, _):
        pty.write(encode(5, ROLL, Y=3, R=4))  # a bridge resends its last line before any HELLO
        status = again.wait_event("repeated_roll")
        assert status["repeated_roll"] == {"seq": 5, "faces": {"Y": "3", "R": "4"}}
        pty.write(encode(6, ROLL, Y=2, R=2))
        again.wait_rolls(1)
        assert [roll for roll, _ in again.rolls] == [DiceRoll(yellow=2, red=2)]
        assert again.rolls[0][1].boot == BOOT


def test_a_repeated_line_after_silence_clears_silent(pty):
    with reading(pty, heartbeat_timeout=0.3) as (recorder, _):
        pty.write(encode(0, HELLO, boot=BOOT) + encode(1, HEARTBEAT, boot=BOOT))
        recorder.wait_event("silent", timeout=WAIT)
        mark = recorder.mark()
        pty.write(encode(1, HEARTBEAT, boot=BOOT))  # valid, though heard before
        assert recorder.wait_event("alive", after=mark)["state"] == "connected"


# -- a throw that started and never finished (MOTION, then no ROLL) ------------------------------


def test_motion_then_silence_is_still_a_lost_throw(pty):
    # The device says MOTION and then nothing at all: silent comes first (heartbeat_timeout is
    # shorter), and the throw must still be reported lost when motion_timeout passes.
    with reading(pty, heartbeat_timeout=0.2, motion_timeout=0.5) as (recorder, _):
        begin_throw(pty)
        recorder.wait_event("motion")
        assert recorder.wait_event("silent")["motion"] is True  # silent, but still waiting for the throw
        status = recorder.wait_event("rejected_roll")
        assert status["rejected_roll"]["reason"] == "no_roll"
        assert status["motion"] is False and status["state"] == "silent"
        assert status["rejected"]["no_roll"] == 1
        assert recorder.rolls == []


def test_a_roll_that_comes_while_silent_but_in_time_is_applied(pty):
    with reading(pty, heartbeat_timeout=0.2, motion_timeout=30) as (recorder, _):
        begin_throw(pty)
        recorder.wait_event("silent")
        pty.write(encode(2, ROLL, Y=4, R=4, boot=BOOT))
        assert recorder.wait_rolls(1) == [DiceRoll(yellow=4, red=4)]
        assert "rejected_roll" not in recorder.events()


def test_a_throw_cut_off_by_an_unplug_is_a_lost_throw(pty):
    with reading(pty) as (recorder, _):
        begin_throw(pty)
        recorder.wait_event("motion")
        mark = recorder.mark()
        pty.hangup()
        recorder.wait_event("disconnected", after=mark)
        status = recorder.wait_event("rejected_roll", after=mark)
        assert status["rejected_roll"]["reason"] == "no_roll"
        assert status["motion"] is False


def test_a_roll_reported_lost_is_never_applied_when_it_finally_arrives(pty):
    # The ROLL's bytes stop for longer than motion_timeout: the table is told the throw is
    # lost ("roll again"). When the rest of the line comes after all, it is not applied (the
    # players are already rolling again) and the table is not told anything new.
    with reading(pty, motion_timeout=0.3) as (recorder, _):
        begin_throw(pty)
        recorder.wait_event("motion")
        line = encode(2, ROLL, Y=3, R=4, boot=BOOT)
        pty.write(line[:10])
        assert recorder.wait_event("rejected_roll")["rejected_roll"]["reason"] == "no_roll"
        mark = recorder.mark()
        pty.write(line[10:])
        late = recorder.wait_event("rejected_line", after=mark)
        assert late["last_rejected"] == {"reason": "late_roll", "line": line.rstrip(b"\r\n").decode()}
        assert late["rejected"]["late_roll"] == 1
        assert late["rejected_roll"]["reason"] == "no_roll"  # still what the table shows
        # The throw rolled again reads as usual.
        pty.write(encode(3, MOTION, boot=BOOT) + encode(4, ROLL, Y=6, R=1, boot=BOOT))
        recorder.wait_rolls(1)
        assert [roll for roll, _ in recorder.rolls] == [DiceRoll(yellow=6, red=1)]
        assert "rejected_roll" not in recorder.events()[mark:]


def test_a_whole_roll_after_the_timeout_is_late_too_but_a_new_throw_is_not(pty):
    # The device stalls (a bridge, a busy radio), then sends the ROLL whole: still the throw
    # the table was told to roll again, so not applied. A ROLL after a new MOTION is a new throw.
    with reading(pty, motion_timeout=0.3) as (recorder, _):
        begin_throw(pty)
        recorder.wait_event("rejected_roll")
        mark = recorder.mark()
        pty.write(encode(2, HEARTBEAT, boot=BOOT) + encode(3, ROLL, Y=2, R=2, boot=BOOT))
        assert recorder.wait_event("rejected_line", after=mark)["last_rejected"]["reason"] == "late_roll"
        # Only the first ROLL after the lost throw is its own: the next one, even without a
        # MOTION before it, is a throw of its own.
        pty.write(encode(4, ROLL, Y=5, R=2, boot=BOOT))
        assert recorder.wait_rolls(1) == [DiceRoll(yellow=5, red=2)]
        # A broken ROLL after a lost throw is that throw's too: not a second notice.
        pty.write(encode(5, MOTION, boot=BOOT))
        recorder.wait_event("motion", after=mark)
        mark = recorder.mark()
        pty.write(encode(6, ROLL, Y=1, R=1, boot=BOOT)[:8])
        recorder.wait_event("rejected_roll", after=mark)
        second = recorder.mark()
        pty.write(encode(6, ROLL, Y=1, R=1, boot=BOOT)[8:-4] + b"00\r\n")  # its end, with a bad checksum
        pty.write(encode(7, ROLL, Y=3, R=3, boot=BOOT))
        assert recorder.wait_rolls(2)[1] == DiceRoll(yellow=3, red=3)
        assert "rejected_roll" not in recorder.events()[second:]


def test_a_reboot_in_the_middle_of_a_throw_loses_it_and_the_new_boot_rolls_as_usual(pty):
    with reading(pty) as (recorder, _):
        begin_throw(pty)
        recorder.wait_event("motion")
        mark = recorder.mark()
        pty.write(encode(0, HELLO, boot="0DDBA11"))  # the device restarted: that throw is over
        status = recorder.wait_event("rejected_roll", after=mark)
        assert status["rejected_roll"]["reason"] == "no_roll" and status["motion"] is False
        pty.write(encode(1, ROLL, Y=6, R=6, boot="0DDBA11"))  # the new boot's roll is its own
        assert recorder.wait_rolls(1) == [DiceRoll(yellow=6, red=6)]


def test_a_device_error_that_is_no_verdict_does_not_end_the_throw(pty):
    # A low battery in the middle of a throw says nothing about the dice: the throw is still
    # waited for, and reported lost when no ROLL comes.
    with reading(pty, motion_timeout=0.3) as (recorder, _):
        pty.write(encode(0, HELLO, boot=BOOT) + encode(1, MOTION, boot=BOOT) + encode(2, ERROR, code="LOWBAT"))
        assert recorder.wait_event("device_error")["motion"] is True
        assert recorder.wait_event("rejected_roll")["rejected_roll"]["reason"] == "no_roll"
        assert recorder.rolls == []
