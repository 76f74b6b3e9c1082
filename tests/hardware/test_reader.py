"""DiceReader end to end against the simulated device, over TCP and over a pseudo-terminal."""
from __future__ import annotations

import os
import socket
import threading

import pytest

from hardware.protocol import ROLL, DiceRoll, encode
from hardware.reader import DiceReader, LineFramer, Overlong, RollMeta
from hardware.simulator import PtyTransport, Simulator, TcpTransport

from .conftest import WAIT, Recorder

# -- LineFramer: the byte stream to lines (tests/hardware/test_framing.py has its properties) ----


def test_framer_joins_partial_lines():
    framer = LineFramer()
    assert framer.feed(b"$DR1,41,RO") == []
    assert framer.feed(b"LL,Y=3,R=4*33\r") == []
    assert framer.feed(b"\n$DR1,0,HB*1D\n$DR") == [b"$DR1,41,ROLL,Y=3,R=4*33\r", b"$DR1,0,HB*1D"]
    assert framer.feed(b"1,1,HB*1C\n") == [b"$DR1,1,HB*1C"]


def test_framer_discards_an_overlong_line_up_to_the_next_newline():
    framer = LineFramer(limit=10)
    assert framer.feed(b"x" * 8) == []
    assert framer.feed(b"x" * 8) == [Overlong(b"x" * 10)]  # reported once, with how it began...
    assert framer.feed(b"y" * 100) == []                  # ...however long it goes on
    assert framer.feed(b"zz\nok\n") == [b"ok"]


def test_framer_reports_an_overlong_line_that_arrives_whole():
    framer = LineFramer(limit=10)
    assert framer.feed(b"a" * 11 + b"\nshort\n") == [Overlong(b"a" * 10), b"short"]


def test_framer_resynchronises_on_a_dollar_inside_an_overlong_line():
    framer = LineFramer(limit=10)
    assert framer.feed(b"x" * 15) == [Overlong(b"x" * 10)]
    assert framer.feed(b"yy$ok*00\n") == [b"$ok*00"]  # a frame right after the noise
    assert framer.feed(b"$" + b"A" * 20 + b"$B\n") == [Overlong(b"$" + b"A" * 9), b"$B"]
    assert framer.feed(b"z" * 12 + b"\n$C\n") == [Overlong(b"z" * 10), b"$C"]  # the same, whole


def test_framer_gives_the_same_lines_however_the_bytes_are_cut():
    stream = b"noise" * 30 + b"$DR1,1,HB*1C\r\n" + b"\xff" * 200 + b"\n$DR1,2,HB*1F\r\n$" + b"Q" * 99 + b"$DR1,3,HB*1E\n"
    whole = LineFramer().feed(stream)
    assert whole == [Overlong((b"noise" * 30)[:81]), b"$DR1,1,HB*1C\r", Overlong(b"\xff" * 81), b"$DR1,2,HB*1F\r",
                     Overlong(b"$" + b"Q" * 80), b"$DR1,3,HB*1E"]
    for size in (1, 2, 7, 64):
        framer = LineFramer()
        pieces = [framer.feed(stream[i : i + size]) for i in range(0, len(stream), size)]
        assert [line for piece in pieces for line in piece] == whole


def test_framer_keeps_garbage_and_blank_lines_for_the_parser():
    framer = LineFramer()
    assert framer.feed(b"\x00\xff\n\n\r\n") == [b"\x00\xff", b"", b"\r"]
    framer.feed(b"half a li")
    framer.reset()
    assert framer.feed(b"ne\n") == [b"ne"]


# -- construction ------------------------------------------------------------------------


def test_unknown_url_scheme_fails_at_once():
    with pytest.raises(ValueError):
        DiceReader("nosuch://device", lambda roll, meta: None)


def test_bad_timings_are_refused():
    with pytest.raises(ValueError):
        DiceReader("loop://", lambda roll, meta: None, heartbeat_timeout=0)
    with pytest.raises(ValueError):
        DiceReader("loop://", lambda roll, meta: None, reconnect_delay=5, max_reconnect_delay=1)


def test_status_before_start():
    reader = DiceReader("loop://", lambda roll, meta: None)
    status = reader.status()
    assert status["state"] == "idle" and not status["connected"] and status["rejected"] == {}
    assert reader.stop()  # stopping a reader that never started is harmless


# -- end to end (each runs over TCP and over a pty) ---------------------------------------


def test_hello_gives_device_info(sim, reader, recorder):
    device = reader.status()["device"]
    assert device == {"fw": "sim-1.0", "sn": sim.serial_number, "boot": sim.boot_id, "dice": "YRE"}
    assert recorder.events()[:2] == ["connected", "hello"]


def test_rolls_arrive_with_their_meta(sim, reader, recorder):
    seq = sim.roll(3, 4)
    sim.roll(6, 2, "SHIP")
    rolls = recorder.wait_rolls(2)
    assert rolls == [DiceRoll(yellow=3, red=4), DiceRoll(yellow=6, red=2, event="SHIP")]
    meta = recorder.rolls[0][1]
    assert isinstance(meta, RollMeta)
    assert (meta.seq, meta.boot, meta.device_serial, meta.url) == (seq, sim.boot_id, sim.serial_number, sim.url)
    assert meta.line == encode(seq, ROLL, Y=3, R=4).decode().strip()
    assert reader.status()["rolls"] == 2


def test_motion_then_roll(sim, reader, recorder):
    mark = recorder.mark()
    sim.roll(2, 2)
    assert recorder.wait_event("motion", after=mark)["motion"] is True
    assert recorder.wait_event("roll", after=mark)["motion"] is False


def test_duplicates_are_dropped(sim, reader, recorder):
    sim.roll(1, 5)
    sim.repeat_last()                                 # the same line again
    sim.send_raw(encode(sim.next_seq - 1, ROLL, Y=2, R=2))  # an old seq with other faces
    sim.roll(4, 4)
    assert recorder.wait_rolls(2) == [DiceRoll(yellow=1, red=5), DiceRoll(yellow=4, red=4)]
    assert reader.status()["rejected"] == {"duplicate": 2}


def test_unreadable_dice_never_reach_on_roll(sim, reader, recorder):
    mark = recorder.mark()
    sim.roll("?", 4, "SHIP")
    sim.roll(5, 1, "GREEN")
    assert recorder.wait_rolls(1) == [DiceRoll(yellow=5, red=1, event="GREEN")]
    rejected = recorder.wait_event("rejected_roll", after=mark)
    assert rejected["rejected_roll"]["unreadable"] == ["yellow"]
    assert rejected["rejected"] == {"unreadable": 1}
    assert len(recorder.rolls) == 1


def test_garbage_and_bad_checksums_are_rejected_and_counted(sim, reader, recorder):
    sim.garbage()
    sim.bad_checksum()
    sim.send_raw(b"$DR1,5,ROLL,Y=9*00\r\n")
    sim.send_raw(b"\x00\x01")
    sim.roll(6, 6)  # its MOTION line starts with that noise, and is still read
    sim.send_raw(b"$" + b"A" * 300 + b"\r\n")
    sim.send_raw(b"\r\n")  # blank lines are ignored, not counted
    sim.roll(3, 3)
    rolls = recorder.wait_rolls(2)
    assert rolls == [DiceRoll(yellow=6, red=6), DiceRoll(yellow=3, red=3)]
    assert "motion" in recorder.events()
    status = reader.status()
    # The two broken ROLLs are also throws lost ("garbled"), for the table to roll again.
    assert status["rejected"] == {"not_ascii": 1, "bad_checksum": 2, "no_frame": 1, "too_long": 1, "garbled": 2}
    assert status["last_rejected"]["reason"] == "too_long"
    assert status["connected"]


def test_unknown_types_and_keys_are_ignored(sim, reader, recorder):
    sim.send("BATTERY", level=80)
    sim.send(ROLL, Y=2, R=3, G=5, conf=97)
    assert recorder.wait_rolls(1) == [DiceRoll(yellow=2, red=3)]
    assert reader.status()["rejected"] == {}


def test_device_errors_are_reported(sim, reader, recorder):
    mark = recorder.mark()
    sim.error("TILT", die="R")
    status = recorder.wait_event("device_error", after=mark)
    assert status["last_error"] == {"source": "device", "code": "TILT", "die": "R", "seq": sim.next_seq - 1}


def test_reboot_starts_a_new_sequence(sim, reader, recorder):
    sim.roll(1, 2)
    old_boot = sim.boot_id
    mark = recorder.mark()
    sim.reboot()
    assert recorder.wait_event("hello", after=mark)["device"]["boot"] == sim.boot_id != old_boot
    sim.roll(6, 5)  # seq 2 again, but from a new boot: not a duplicate
    recorder.wait_rolls(2)
    assert [meta.boot for _, meta in recorder.rolls] == [old_boot, sim.boot_id]
    assert reader.status()["rejected"] == {}


def test_heartbeat_with_a_new_boot_id_resets_the_sequence(sim, reader, recorder):
    # A reboot whose HELLO was lost: the next HB's boot= tells.
    sim.roll(2, 6)
    sim.send_raw(encode(0, "HB", boot="FEEDBEEF"))
    sim.send_raw(encode(1, ROLL, Y=1, R=1))
    recorder.wait_rolls(2)
    assert recorder.rolls[1][1].boot == "FEEDBEEF"
    assert reader.status()["device"]["boot"] == "FEEDBEEF"


def test_sequence_wraps_at_65536(sim, reader, recorder):
    sim.send_raw(encode(65534, "HELLO", boot="WRAP", dice="YR"))
    for seq, faces in [(65535, (1, 1)), (0, (2, 2)), (1, (3, 3))]:
        sim.send_raw(encode(seq, ROLL, Y=faces[0], R=faces[1]))
    sim.send_raw(encode(65535, ROLL, Y=1, R=1))  # a replay from before the wrap
    sim.send_raw(encode(2, ROLL, Y=4, R=4))
    assert [roll.total for roll in recorder.wait_rolls(4)] == [2, 4, 6, 8]
    assert reader.status()["rejected"] == {"duplicate": 1}


def test_unplug_then_reconnect(sim, reader, recorder):
    sim.roll(3, 4)
    recorder.wait_rolls(1)
    mark = recorder.mark()
    sim.unplug()
    disconnected = recorder.wait_event("disconnected", after=mark)
    assert disconnected["last_error"]["source"] == "connection" and not disconnected["connected"]
    recorder.wait_event("hello", after=mark)
    sim.roll(5, 6)
    assert recorder.wait_rolls(2)[1] == DiceRoll(yellow=5, red=6)
    assert reader.status()["connects"] == 2
    assert reader.status()["rejected"] == {}  # the reconnect HELLO is not a replay


def test_a_replay_after_reconnect_is_still_a_duplicate(sim, reader, recorder):
    sim.roll(3, 4)
    recorder.wait_rolls(1)
    stale = encode(sim.next_seq - 1, ROLL, Y=3, R=4)
    mark = recorder.mark()
    sim.unplug()
    recorder.wait_event("hello", after=mark)
    sim.send_raw(stale)  # e.g. a bridge that resends its buffer on reconnect
    sim.roll(1, 6)
    assert recorder.wait_rolls(2)[1] == DiceRoll(yellow=1, red=6)
    assert reader.status()["rejected"] == {"duplicate": 1}


def test_a_silent_device_is_reported_then_seen_again(sim, recorder):
    with DiceReader(sim.url, recorder.on_roll, recorder.on_status, heartbeat_timeout=0.3, poll_interval=0.05):
        assert sim.wait_for_host(WAIT)
        recorder.wait_event("hello")
        silent = recorder.wait_event("silent")
        assert silent["silent"] and silent["connected"] and silent["state"] == "silent"
        mark = recorder.mark()
        sim.heartbeat()
        alive = recorder.wait_event("alive", after=mark)
        assert not alive["silent"] and alive["last_heartbeat_age"] is not None


def test_heartbeats_keep_the_device_alive(transport_kind, tmp_path, recorder):
    from .conftest import make_transport

    with Simulator(make_transport(transport_kind, tmp_path), heartbeat_interval=0.05) as sim:
        with DiceReader(sim.url, recorder.on_roll, recorder.on_status, heartbeat_timeout=1.0) as reader:
            assert sim.wait_for_host(WAIT)
            assert recorder.wait_for(lambda: reader.status()["last_heartbeat_age"] is not None)
            assert "silent" not in recorder.events()


def test_a_failing_callback_does_not_stop_the_reader(sim, recorder):
    calls = []

    def on_roll(roll, meta):
        calls.append(roll)
        if len(calls) == 1:
            raise RuntimeError("bug in the app")
        recorder.on_roll(roll, meta)

    def on_status(status):
        recorder.on_status(status)
        raise RuntimeError("bug in the app")

    with DiceReader(sim.url, on_roll, on_status):
        assert sim.wait_for_host(WAIT)
        recorder.wait_event("hello")
        sim.roll(1, 1)
        sim.roll(2, 2)
        assert recorder.wait_rolls(1) == [DiceRoll(yellow=2, red=2)]


def test_lf_only_devices_work(transport_kind, tmp_path, recorder):
    from .conftest import make_transport

    with Simulator(make_transport(transport_kind, tmp_path), heartbeat_interval=None, eol=b"\n") as sim:
        with DiceReader(sim.url, recorder.on_roll, recorder.on_status):
            assert sim.wait_for_host(WAIT)
            sim.roll(4, 3)
            assert recorder.wait_rolls(1) == [DiceRoll(yellow=4, red=3)]


# -- stopping -------------------------------------------------------------------------------


def test_stop_is_prompt_and_final(sim, reader, recorder):
    assert reader.running
    assert reader.stop()
    assert not reader.running
    assert recorder.wait_event("stopped")["state"] == "stopped"
    sim.roll(6, 6)  # nobody is listening any more
    assert not recorder.wait_for(lambda: recorder.rolls, timeout=0.2)


def test_stop_during_a_long_reconnect_wait():
    with socket.socket() as placeholder:  # a port with nothing listening on it
        placeholder.bind(("127.0.0.1", 0))
        port = placeholder.getsockname()[1]
    recorder = Recorder()
    reader = DiceReader(
        f"socket://127.0.0.1:{port}", recorder.on_roll, recorder.on_status, reconnect_delay=60, max_reconnect_delay=60
    )
    reader.start()
    failed = recorder.wait_event("open_failed")
    assert failed["state"] == "disconnected" and failed["last_error"]["code"] == "open_failed"
    assert reader.stop()  # does not sit out the 60 s


def test_stop_from_inside_a_callback(sim, recorder):
    stopped = threading.Event()
    reader = None

    def on_roll(roll, meta):
        reader.stop()
        stopped.set()

    reader = DiceReader(sim.url, on_roll, recorder.on_status)
    with reader:
        assert sim.wait_for_host(WAIT)
        sim.roll(1, 2)
        assert stopped.wait(WAIT)
        recorder.wait_event("stopped")


def test_start_twice_is_an_error(sim, reader):
    with pytest.raises(RuntimeError):
        reader.start()


# -- reconnecting ---------------------------------------------------------------------------


def test_keeps_trying_until_the_device_appears(recorder):
    with socket.socket() as placeholder:
        placeholder.bind(("127.0.0.1", 0))
        port = placeholder.getsockname()[1]
    url = f"socket://127.0.0.1:{port}"
    with DiceReader(url, recorder.on_roll, recorder.on_status, reconnect_delay=0.02, max_reconnect_delay=0.1):
        recorder.wait_event("open_failed")
        with Simulator(TcpTransport("127.0.0.1", port), heartbeat_interval=None) as sim:
            assert sim.wait_for_host(WAIT)
            sim.roll(2, 5)
            assert recorder.wait_rolls(1) == [DiceRoll(yellow=2, red=5)]
    assert recorder.events().count("open_failed") == 1  # one report per distinct failure


def test_tcp_device_serves_one_host_at_a_time(recorder):
    with Simulator(TcpTransport(), heartbeat_interval=None) as sim:
        with DiceReader(sim.url, recorder.on_roll, recorder.on_status):
            assert sim.wait_for_host(WAIT)
            with socket.create_connection((sim.transport.host, sim.transport.port), timeout=WAIT) as second:
                assert second.recv(100) == b""  # turned away, like ser2net
            sim.roll(3, 1)
            assert recorder.wait_rolls(1) == [DiceRoll(yellow=3, red=1)]


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="POSIX only")
def test_serial_ports_are_opened_exclusively(tmp_path, recorder):
    with Simulator(PtyTransport(link=tmp_path / "dice0"), heartbeat_interval=None) as sim:
        with DiceReader(sim.url, recorder.on_roll, recorder.on_status):
            assert sim.wait_for_host(WAIT)
            second = Recorder()
            with DiceReader(sim.url, second.on_roll, second.on_status, reconnect_delay=0.05):
                failed = second.wait_event("open_failed")
                assert failed["last_error"]["code"] == "port_busy"
                assert "exclusive" in failed["last_error"]["detail"]
            sim.roll(6, 1)
            assert recorder.wait_rolls(1) == [DiceRoll(yellow=6, red=1)]
            assert second.rolls == []
