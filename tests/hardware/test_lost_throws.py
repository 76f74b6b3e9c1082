"""Throws that arrived but could not be applied, and a throw's identity across restarts and the
seq wrap: the reader alone, on a real pseudo-terminal."""
from __future__ import annotations

import os

import pytest

from hardware.protocol import HEARTBEAT, HELLO, MOTION, ROLL, DiceRoll, encode
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


def test_a_broken_roll_after_motion_is_a_lost_throw_and_ends_rolling(pty):
    recorder = Recorder()
    reader = start(pty, recorder)
    try:
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
    finally:
        reader.stop()


def test_motion_without_a_roll_times_out_back_to_connected(pty):
    recorder = Recorder()
    reader = start(pty, recorder, motion_timeout=0.3)
    try:
        pty.write(encode(0, HELLO, boot=BOOT) + encode(1, MOTION))
        recorder.wait_event("motion")
        status = recorder.wait_event("rejected_roll", timeout=2)
        assert status["rejected_roll"]["reason"] == "no_roll"
        assert status["motion"] is False and status["state"] == "connected"
    finally:
        reader.stop()


def test_the_same_seq_a_lap_later_is_a_new_throw(pty):
    recorder = Recorder()
    reader = start(pty, recorder)
    try:
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
    finally:
        reader.stop()


def test_a_line_sent_again_to_a_restarted_reader_is_still_a_duplicate(pty):
    first = Recorder()
    reader = start(pty, first)
    pty.write(encode(0, HELLO, sn="AA:BB:CC:DD:EE:FF", boot=BOOT) + encode(5, ROLL, Y=3, R=4))
    first.wait_rolls(1)
    positions = reader.positions()
    assert reader.stop()

    again = Recorder()
    reader = start(pty, again, positions=positions)  # what the game kept, handed to the new process
    try:
        pty.write(encode(5, ROLL, Y=3, R=4))  # a bridge resends its last line before any HELLO
        status = again.wait_event("repeated_roll")
        assert status["repeated_roll"] == {"seq": 5, "faces": {"Y": "3", "R": "4"}}
        pty.write(encode(6, ROLL, Y=2, R=2))
        again.wait_rolls(1)
        assert [roll for roll, _ in again.rolls] == [DiceRoll(yellow=2, red=2)]
        assert again.rolls[0][1].boot == BOOT
    finally:
        reader.stop()


def test_a_repeated_line_after_silence_clears_silent(pty):
    recorder = Recorder()
    reader = start(pty, recorder, heartbeat_timeout=0.3)
    try:
        pty.write(encode(0, HELLO, boot=BOOT) + encode(1, HEARTBEAT, boot=BOOT))
        recorder.wait_event("silent", timeout=WAIT)
        mark = recorder.mark()
        pty.write(encode(1, HEARTBEAT, boot=BOOT))  # valid, though heard before
        assert recorder.wait_event("alive", after=mark)["state"] == "connected"
    finally:
        reader.stop()
