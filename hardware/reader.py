"""Reads rolls from an electronic dice reader on a background thread.

DiceReader opens any pyserial URL (/dev/ttyUSB0, /dev/serial/by-id/..., socket://host:port,
loop://), cuts the byte stream into lines, parses them with hardware.protocol, drops
duplicates and unreadable rolls, and reopens the port whenever it goes away.
Callbacks run on the reader thread, one at a time: keep them short.

For a process whose only job is reading dice, run_until_signal() starts a reader and
stops it promptly on SIGTERM or SIGINT; `python -m hardware.reader URL` does that and
prints every roll and status change as a line of JSON.
"""
from __future__ import annotations

import argparse
import errno
import json
import logging
import re
import signal
import sys
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

import serial

from hardware.protocol import (
    DIE_NAMES,
    ERROR,
    HEARTBEAT,
    HELLO,
    MAX_FRAME_LENGTH,
    MOTION,
    ROLL,
    SEQ_MODULUS,
    VERSION,
    DiceRoll,
    Message,
    ProtocolError,
    parse_line,
    seq_is_newer,
)

log = logging.getLogger(__name__)

# States reported in status["state"].
IDLE = "idle"                  # not started
CONNECTING = "connecting"      # started, first open not yet done
CONNECTED = "connected"        # port open, lines arriving
SILENT = "silent"              # port open, but no valid line for heartbeat_timeout (status["stale"])
DISCONNECTED = "disconnected"  # port closed or could not be opened; retrying
STOPPED = "stopped"

# Why a throw produced no roll: status["rejected_roll"]["reason"]. Stable; the app may rely on them.
ROLL_REJECTIONS = (
    "unreadable",  # a ROLL with a "?" die
    "tilt",        # ERR code=TILT: a die came to rest tilted or cocked
    "nodie",       # ERR code=NODIE: a die did not come out or was not seen
    "garbled",     # a line that should have been the ROLL could not be parsed (bad checksum, cut short, Y=7...)
    "no_roll",     # MOTION, then no ROLL or TILT/NODIE ERR within motion_timeout, or the port lost or a HELLO first
)
# Device error codes that mean "this throw has no result".
_ERROR_REJECTIONS = {"TILT": "tilt", "NODIE": "nodie"}

# status["last_error"]["code"] when source is "connection". Stable.
CONNECTION_ERRORS = (
    "port_busy",          # another program holds the port (its lock, or the device is in use)
    "permission_denied",  # no permission to open it (on Linux: join the dialout group)
    "not_found",          # no such device: unplugged, or a wrong path
    "open_failed",        # any other failure to open (e.g. a TCP connection refused)
    "disconnected",       # the open port failed or reported EOF
)

_SEEN_BOOTS = 16  # (device, boot) pairs remembered for duplicate detection


@dataclass(frozen=True)
class RollMeta:
    """Where and when an accepted roll came from."""

    seq: int
    boot: str | None           # the device's boot id, when known
    device_serial: str | None  # sn= from the device's HELLO, when known
    url: str
    received_at: float         # time.time() when the line was read
    line: str                  # the frame as received, for logs
    # seq counted on past 65535 since this boot was first heard: (boot, ext_seq) names the
    # throw even after the 16-bit seq has come round. Equal to seq until the first wrap.
    ext_seq: int = -1

    def __post_init__(self) -> None:
        if self.ext_seq < 0:
            object.__setattr__(self, "ext_seq", self.seq)


RollCallback = Callable[[DiceRoll, RollMeta], Any]
StatusCallback = Callable[[dict[str, Any]], Any]


@dataclass(frozen=True)
class Overlong:
    """A run of bytes that passed the line limit without a LF: discarded, never parsed.

    `head` is how it began (at most the limit, and only the bytes that were dropped), so
    the reader can tell a ROLL lost this way from line noise.
    """

    head: bytes


class LineFramer:
    """Cuts a byte stream into lines at LF, on the bytes alone.

    A partial line waits for its LF however long that takes and however the bytes are cut:
    feeding a stream in any chunks gives the same result as feeding it whole. A line that
    grows past `limit` bytes without a LF is reported once as an Overlong and discarded up
    to the next "$" (a frame start: a frame right after line noise or a lost LF is still
    read) or the next LF, whichever comes first; so a device that never sends a newline
    cannot grow memory. feed() returns the complete lines (without their LF) and the
    Overlong runs, in stream order.
    """

    def __init__(self, limit: int = MAX_FRAME_LENGTH + 1):  # +1 for the CR of a CRLF
        self._limit = limit
        self._line = bytearray()  # the partial line; never longer than the limit
        self._discarding = False  # inside an overlong run: skipping to the next "$" or LF

    @property
    def pending(self) -> bool:
        """Part of a line is waiting for its LF."""
        return bool(self._line)

    def feed(self, data: bytes) -> list[bytes | Overlong]:
        found: list[bytes | Overlong] = []
        buffer = self._line + data
        pos = 0
        while pos < len(buffer):
            newline = buffer.find(b"\n", pos)
            end = newline if newline >= 0 else len(buffer)
            if self._discarding:
                dollar = buffer.find(b"$", pos, end)
                if dollar >= 0:  # a frame may start here: resynchronise
                    pos, self._discarding = dollar, False
                elif newline >= 0:  # the end of the discarded line
                    pos, self._discarding = newline + 1, False
                else:
                    pos = end
                continue
            if end - pos > self._limit:
                # The next line may begin at a "$" inside this one (never at its own first
                # byte), so the head stops there: those bytes are read again, not dropped.
                resync = buffer.find(b"$", pos + 1, pos + self._limit + 1)
                found.append(Overlong(bytes(buffer[pos : resync if resync >= 0 else pos + self._limit])))
                if resync >= 0:
                    pos = resync
                else:
                    pos, self._discarding = pos + self._limit, True
                continue
            if newline < 0:
                break
            found.append(bytes(buffer[pos:newline]))
            pos = newline + 1
        self._line = buffer[pos:]
        return found

    def reset(self) -> None:
        self._line.clear()
        self._discarding = False


class DiceReader:
    """Turns a dice reader's serial lines into on_roll(roll, meta) and on_status(status) calls.

    on_roll gets only complete, readable, first-seen rolls. on_status gets a snapshot
    dict (see status()) whenever something a person would want to see changes.
    """

    def __init__(
        self,
        url: str,
        on_roll: RollCallback,
        on_status: StatusCallback | None = None,
        *,
        reconnect_delay: float = 0.5,
        max_reconnect_delay: float = 10.0,
        heartbeat_timeout: float = 5.0,
        baudrate: int = 115200,
        poll_interval: float = 0.2,
        motion_timeout: float = 10.0,
        positions: Iterable[tuple[str | None, str | None, int]] = (),
    ):
        """`positions`: what positions() returned in an earlier run, so that a line the device
        (or a bridge) sends again after this process restarted is still a duplicate."""
        if reconnect_delay < 0 or max_reconnect_delay < reconnect_delay:
            raise ValueError("need 0 <= reconnect_delay <= max_reconnect_delay")
        if heartbeat_timeout <= 0 or poll_interval <= 0 or motion_timeout <= 0:
            raise ValueError("heartbeat_timeout, poll_interval and motion_timeout must be positive")
        # Fail now on an unknown URL scheme rather than retrying it forever.
        serial.serial_for_url(url, do_not_open=True)
        self.url = url
        self._on_roll = on_roll
        self._on_status = on_status
        self._reconnect_delay = reconnect_delay
        self._max_reconnect_delay = max_reconnect_delay
        self._heartbeat_timeout = heartbeat_timeout
        self._baudrate = baudrate
        self._poll_interval = poll_interval
        self._motion_timeout = motion_timeout

        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._port: serial.SerialBase | None = None

        # Everything below is guarded by _lock.
        self._state = IDLE
        self._device: dict[str, str | None] | None = None
        # Duplicate detection: the last seq accepted per (device serial, boot id), extended past
        # 65535 (see RollMeta.ext_seq), and the pair that lines without boot= belong to (the
        # one named by the latest boot=, always the last entry).
        self._seqs: OrderedDict[tuple[str | None, str | None], int] = OrderedDict()
        self._context: tuple[str | None, str | None] = (None, None)
        for sn, boot, ext_seq in positions:
            if isinstance(ext_seq, int) and ext_seq >= 0:
                self._seqs[(sn, boot)] = ext_seq
                self._context = (sn, boot)
        while len(self._seqs) > _SEEN_BOOTS:
            self._seqs.popitem(last=False)
        self._gaps = 0
        self._missed = 0
        self._connected_at: float | None = None
        self._last_line_at: float | None = None
        self._last_heartbeat_at: float | None = None
        self._motion = False
        self._motion_at: float | None = None
        self._motion_of: tuple[str | None, str | None] = (None, None)  # the (device, boot) that sent it
        # The (device, boot) whose throw was reported lost (no_roll) and whose ROLL may still
        # come: that ROLL is not applied, since the table was already told to roll again.
        self._lost_throw: tuple[str | None, str | None] | None = None
        self._last_error: dict[str, Any] | None = None
        self._last_rejected: dict[str, Any] | None = None
        self._rejected_roll: dict[str, Any] | None = None
        self._repeated_roll: dict[str, Any] | None = None
        self._banner: str | None = None
        self._rejected: Counter[str] = Counter()
        self._rolls = 0
        self._connects = 0
        # Per connection, touched only by the reader thread.
        self._healthy = False  # a valid line arrived
        self._first_line = True
        self._line_grew_at: float | None = None  # when a line still without its LF last got bytes

    # -- lifecycle ----------------------------------------------------------

    def start(self) -> DiceReader:
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                raise RuntimeError("DiceReader is already running")
            self._stop.clear()
            self._state = CONNECTING
            self._thread = threading.Thread(target=self._run, name=f"DiceReader({self.url})", daemon=True)
            self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> bool:
        """Stop reading and close the port; True when the thread has ended.

        Returns within `timeout` even if the thread is stuck opening a slow socket;
        it then ends on its own as soon as the open returns. Called from a callback,
        it returns True at once and the thread ends when the callback returns.
        """
        self._stop.set()
        with self._lock:
            # Under the lock the reader thread cannot be closing the port.
            port, thread = self._port, self._thread
            if port is not None and hasattr(port, "cancel_read"):
                try:
                    port.cancel_read()  # wake a blocked read now rather than at its poll timeout
                except Exception:
                    pass
        if thread is None or thread is threading.current_thread():
            return True
        thread.join(timeout)
        return not thread.is_alive()

    def __enter__(self) -> DiceReader:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def running(self) -> bool:
        thread = self._thread
        return thread is not None and thread.is_alive()

    # -- status -------------------------------------------------------------

    def positions(self) -> list[tuple[str | None, str | None, int]]:
        """(device serial, boot id, last ext seq) per boot remembered, the current one last.

        Keep it somewhere that outlives the process and pass it back as `positions=`.
        """
        with self._lock:
            return [(sn, boot, ext_seq) for (sn, boot), ext_seq in self._seqs.items()]

    def status(self) -> dict[str, Any]:
        """A snapshot of the connection, the device and the counters; see docs/dice-protocol.md.

        Keys: event (what prompted this snapshot; "poll" here), state (idle, connecting, connected,
        silent, disconnected, stopped), connected, silent, stale (= silent), url, device (fw/sn/boot/dice
        from HELLO, or None), last_line_age and last_heartbeat_age (seconds, or None),
        motion (dice moving), rolls (passed to on_roll), connects, rejected (count per
        reason), last_rejected, rejected_roll (the last throw without a result, with its reason),
        last_error, gaps and missed (sequence jumps and the messages they skipped), banner
        (the last free-text line the device printed before its first frame).
        """
        with self._lock:
            return self._snapshot("poll")

    def _snapshot(self, event: str) -> dict[str, Any]:
        now = time.monotonic()

        def age(moment: float | None) -> float | None:
            return None if moment is None else round(now - moment, 3)

        return {
            "event": event,
            "state": self._state,
            "connected": self._state in (CONNECTED, SILENT),
            "silent": self._state == SILENT,
            "stale": self._state == SILENT,
            "url": self.url,
            "device": dict(self._device) if self._device else None,
            "last_line_age": age(self._last_line_at),
            "last_heartbeat_age": age(self._last_heartbeat_at),
            "motion": self._motion,
            "rolls": self._rolls,
            "connects": self._connects,
            "rejected": dict(self._rejected),
            "last_rejected": dict(self._last_rejected) if self._last_rejected else None,
            "rejected_roll": dict(self._rejected_roll) if self._rejected_roll else None,
            "repeated_roll": dict(self._repeated_roll) if self._repeated_roll else None,
            "last_error": dict(self._last_error) if self._last_error else None,
            "gaps": self._gaps,
            "missed": self._missed,
            "banner": self._banner,
        }

    def _emit(self, event: str) -> None:
        if self._on_status is None:
            return
        with self._lock:
            snapshot = self._snapshot(event)
        try:
            self._on_status(snapshot)
        except Exception:  # a broken callback must not stop the dice
            log.exception("on_status callback failed")

    # -- the reader thread --------------------------------------------------

    def _run(self) -> None:
        delay = self._reconnect_delay
        last_failure = None
        try:
            while not self._stop.is_set():
                try:
                    port = serial.serial_for_url(
                        self.url,
                        baudrate=self._baudrate,
                        timeout=self._poll_interval,
                        # flock(LOCK_EX | LOCK_NB) on POSIX serial ports and ptys, so a second
                        # reader fails with EWOULDBLOCK (-> "port_busy"); URL handlers and
                        # Windows (whose ports are exclusive anyway) accept and ignore it.
                        exclusive=True,
                    )
                except (serial.SerialException, OSError, ValueError) as exc:
                    failure = str(exc)
                    with self._lock:
                        changed = self._state != DISCONNECTED or failure != last_failure
                        self._state = DISCONNECTED
                        self._last_error = {"source": "connection", "code": open_error_code(exc), "detail": failure}
                    last_failure = failure
                    if changed:  # one report per distinct failure, not one per retry
                        self._emit("open_failed")
                    healthy = False
                else:
                    last_failure = None
                    try:
                        healthy = self._read_port(port)
                    except Exception:  # a bug here must not end the dice for the evening
                        log.exception("dice reader failed; reopening %s", self.url)
                        self._disconnected("internal error, see log")
                        healthy = False
                if healthy:
                    delay = self._reconnect_delay
                if self._stop.wait(delay):
                    break
                if not healthy:
                    delay = min(max(delay * 2, 0.05), self._max_reconnect_delay)
        finally:
            with self._lock:
                self._state = STOPPED
                self._motion = False
            self._emit("stopped")

    def _read_port(self, port: serial.SerialBase) -> bool:
        """Read lines until the port fails or stop(); True if any valid line arrived."""
        framer = LineFramer()  # a fresh buffer: nothing from the last connection is glued on
        try:
            # Whatever waited in the buffers was sent before we listened: drop it. (pyserial's
            # POSIX and socket handlers do this in open() too; this covers every handler.)
            port.reset_input_buffer()
        except (serial.SerialException, OSError):
            pass
        with self._lock:
            self._port = port
            self._state = CONNECTED
            self._connects += 1
            self._connected_at = time.monotonic()
            self._last_error = None
        self._emit("connected")
        self._healthy = False  # set by the first valid line of this connection
        self._first_line = True
        self._line_grew_at = None
        try:
            while not self._stop.is_set():
                try:
                    chunk = port.read(1)  # blocks up to poll_interval
                    if chunk:
                        waiting = port.in_waiting
                        if waiting:
                            chunk += port.read(waiting)
                except (serial.SerialException, OSError) as exc:
                    if not self._stop.is_set():
                        self._disconnected(str(exc) or type(exc).__name__)
                    return self._healthy
                received_at = time.time()
                for line in framer.feed(chunk):
                    self._handle_line(line, received_at)
                if chunk:
                    self._line_grew_at = time.monotonic() if framer.pending else None
                self._check_silence()
            return self._healthy
        finally:
            with self._lock:
                self._port = None
            try:
                port.close()
            except Exception:
                pass

    def _disconnected(self, detail: str) -> None:
        with self._lock:
            self._state = DISCONNECTED
            # Whatever the device sends while nobody listens is flushed on the next open:
            # a throw under way is lost.
            lost_throw = self._lose_throw()
            self._last_error = {"source": "connection", "code": "disconnected", "detail": detail}
        self._emit("disconnected")
        if lost_throw:
            self._emit("rejected_roll")

    def _late(self) -> bool:
        """Under the lock: would a ROLL now be the one of the throw reported lost? Only the
        first one from the same boot, before any new MOTION (a reboot cannot finish a throw)."""
        return not self._motion and self._lost_throw is not None and self._lost_throw[1] == self._context[1]

    def _lose_throw(self) -> bool:
        """Under the lock: end a throw under way (MOTION, no ROLL yet) as lost. True if there was one."""
        if not self._motion:
            return False
        self._motion = False
        self._lost_throw = self._motion_of
        self._reject_roll("no_roll", None, [], None)
        return True

    def _check_silence(self) -> None:
        now = time.monotonic()
        with self._lock:
            # A line still arriving may be the ROLL: the wait counts from its latest bytes, so
            # a slow line is never taken for a lost throw while it grows.
            waiting_since = max((t for t in (self._motion_at, self._line_grew_at) if t is not None), default=now)
            # The dice moved and nothing came: the throw is lost, not "still rolling". Silence
            # does not end the wait (a silent device may yet send its ROLL), only this does.
            lost_throw = now - waiting_since > self._motion_timeout and self._lose_throw()
            since = max((t for t in (self._last_line_at, self._connected_at) if t is not None), default=now)
            silent = self._state == CONNECTED and now - since > self._heartbeat_timeout
            if silent:
                self._state = SILENT
        if lost_throw:
            self._emit("rejected_roll")
        if silent:
            self._emit("silent")

    # -- lines and messages -------------------------------------------------

    def _handle_line(self, line: bytes | Overlong, received_at: float) -> None:
        if isinstance(line, Overlong):
            self._reject("too_long", line.head)
            # Its start tells a ROLL that ran on (a lost LF, a flood) from line noise.
            self._maybe_lost_throw(_begins_a_roll(line.head))
            return
        first, self._first_line = self._first_line, False
        start = line.rfind(b"$")
        if start < 0:
            text = line.rstrip(b"\r")
            if not text:
                return  # blank lines are harmless
            if first:
                # The input was flushed on open, so this is most likely the tail of a line
                # sent before we listened: drop it whatever it holds.
                return
            if not self._healthy and _printable(text):
                # Free text before the first frame of a connection: a boot banner such as
                # "ESP-ROM:esp32s3", not a broken frame. Shown in status, not counted.
                self._note_banner(text)
                return
        elif start > 0:
            if not first:
                self._reject("no_frame", line[:start])
            line = line[start:]
        try:
            message = parse_line(line)
        except ProtocolError as exc:
            self._reject(exc.reason, line)
            self._maybe_lost_throw(b"ROLL" in line)
            return
        self._handle_message(message, line, received_at)

    def _maybe_lost_throw(self, says_roll: bool) -> None:
        """A line that could not be read, which was (or may have been) the throw's ROLL.

        A ROLL cut short, too long, with a bad checksum or a die of 7 still says ROLL; after
        MOTION any broken line is taken for the roll, since the ROLL is what the device owes next.
        """
        with self._lock:
            if not says_roll and not self._motion:
                return
            if self._late():
                # The ROLL of a throw already reported lost: the table was told once.
                self._lost_throw = None
                return
            self._motion = False
            self._lost_throw = None
            self._reject_roll("garbled", None, [], None)
        self._emit("rejected_roll")

    def _note_banner(self, text: bytes) -> None:
        if _printable(text):
            with self._lock:
                self._banner = text[:MAX_FRAME_LENGTH].decode("ascii")

    def _handle_message(self, message: Message, line: bytes, received_at: float) -> None:
        now = time.monotonic()
        events: list[str] = []
        roll = meta = None
        with self._lock:
            self._healthy = True
            self._last_line_at = now
            was_silent = self._state == SILENT
            if was_silent:
                self._state = CONNECTED
            fresh, new_boot = self._track_seq(message)
            if fresh:
                events, roll = self._apply(message, line, new_boot, now)
            if roll is not None:
                sn, boot = self._context
                meta = RollMeta(
                    ext_seq=self._seqs[self._context],
                    seq=message.seq,
                    boot=boot,
                    device_serial=sn if sn is not None else (self._device or {}).get("sn"),
                    url=self.url,
                    received_at=received_at,
                    line=line.rstrip(b"\r\n").decode("ascii"),
                )
        if not fresh:
            self._reject("duplicate", line)
            if message.type == ROLL:
                # Counted when it first came; shown so the table knows why nothing happened.
                with self._lock:
                    self._repeated_roll = {"seq": message.seq, "faces": DiceRoll.from_message(message).to_fields()}
                self._emit("repeated_roll")
            if was_silent:
                self._emit("alive")  # a repeated line is still a sign of life
            return
        if roll is not None:
            try:
                self._on_roll(roll, meta)
            except Exception:
                log.exception("on_roll callback failed")
        if not events and was_silent:
            events = ["alive"]
        for event in events:
            self._emit(event)

    def _track_seq(self, message: Message) -> tuple[bool, bool]:
        """(fresh, new_boot): is this the first time we see (device, boot, seq)?

        A boot id we have not seen starts a new sequence, whatever its seq. A boot id we
        have seen, even an old one, is judged against the last seq of that boot, so a bridge
        that replays lines from before a reboot (HELLO first) does not get them applied again.
        Lines without boot= (ROLL, MOTION, ERR) belong to the boot named last.
        """
        boot = message.fields.get("boot")
        if boot is not None:
            sn = message.fields.get("sn") if message.type == HELLO else None
            self._context = self._key_for(sn, boot)
        key = self._context
        last_ext = self._seqs.get(key)
        if last_ext is None:
            self._seqs[key] = message.seq
            while len(self._seqs) > _SEEN_BOOTS:
                self._seqs.popitem(last=False)
            return True, boot is not None
        self._seqs.move_to_end(key)
        last = last_ext % SEQ_MODULUS
        if not seq_is_newer(message.seq, last):
            return False, False
        ahead = (message.seq - last) % SEQ_MODULUS
        if ahead > 1:  # lines lost on the wire, or sent while nobody listened
            self._gaps += 1
            self._missed += ahead - 1
        # Counted on past the wrap, so seq 5 after 65535 is not the seq 5 of the first lap.
        self._seqs[key] = last_ext + ahead
        return True, False

    def _key_for(self, sn: str | None, boot: str) -> tuple[str | None, str | None]:
        """The (device serial, boot id) pair a line with this boot= (and sn=, from a HELLO) belongs to."""
        for key in reversed(self._seqs):
            if key[1] != boot:
                continue
            if sn is None or key[0] == sn:
                return key
            if key[0] is None:  # first seen in a HB; now the HELLO names the device
                self._seqs[(sn, boot)] = self._seqs.pop(key)
                return (sn, boot)
        # A boot not seen before: of the device named now, else of the one we have been hearing.
        return (sn if sn is not None else self._context[0], boot)

    def _apply(self, message: Message, line: bytes, new_boot: bool, now: float) -> tuple[list[str], DiceRoll | None]:
        """Update state for a fresh message; return (status events, roll for on_roll)."""
        fields = message.fields
        if message.type == HELLO:
            self._device = {key: fields.get(key) for key in ("fw", "sn", "boot", "dice")}
            # The device started afresh (or announced itself again): a throw under way is over.
            return (["hello", "rejected_roll"] if self._lose_throw() else ["hello"]), None
        if new_boot and self._device is not None:
            self._device["boot"] = self._context[1]
        if message.type == HEARTBEAT:
            self._last_heartbeat_at = now
            return (["reboot"] if new_boot else []), None
        if message.type == MOTION:
            self._motion = True
            self._motion_at = now
            self._motion_of = self._context
            self._lost_throw = None  # a new throw: the lost one's ROLL can no longer come
            return ["motion"], None
        if message.type == ERROR:
            self._last_error = {
                "source": "device",
                "code": fields["code"],
                "die": fields.get("die"),
                "seq": message.seq,
            }
            reason = _ERROR_REJECTIONS.get(fields["code"])
            if reason is None:
                return ["device_error"], None  # a low battery, a lost link: the throw goes on
            self._motion = False
            self._lost_throw = None  # the device's own word on the throw: it ends it
            die = fields.get("die")
            self._reject_roll(reason, message.seq, [DIE_NAMES[die]] if die else [], fields["code"])
            return ["device_error", "rejected_roll"], None
        if message.type == ROLL:
            if self._late():
                # The ROLL of a throw the table was already told to roll again: applying it now
                # would undo that. Counted and shown in status, never applied; the notice stays.
                self._lost_throw = None
                self._rejected["late_roll"] += 1
                self._last_rejected = {"reason": "late_roll",
                                       "line": line.rstrip(b"\r\n")[:MAX_FRAME_LENGTH].decode("ascii", "backslashreplace")}
                return ["rejected_line"], None
            self._motion = False
            self._lost_throw = None
            roll = DiceRoll.from_message(message)
            if not roll.is_readable:
                # Never guess: the table re-rolls or types the dice in.
                self._reject_roll("unreadable", message.seq, list(roll.unreadable), None)
                return ["rejected_roll"], None
            self._rolls += 1
            return ["roll"], roll
        return (["reboot"] if new_boot else []), None  # unknown types: newer firmware

    def _reject_roll(self, reason: str, seq: int | None, dice: list[str], code: str | None) -> None:
        self._rejected[reason] += 1
        self._rejected_roll = {"reason": reason, "seq": seq, "unreadable": dice, "code": code}

    def _reject(self, reason: str, line: bytes) -> None:
        with self._lock:
            self._rejected[reason] += 1
            self._last_rejected = {
                "reason": reason,
                "line": line[:MAX_FRAME_LENGTH].decode("ascii", "backslashreplace"),
            }
        self._emit("rejected_line")


# "$DR1,<seq>,ROLL" and the end of the type: how a ROLL frame begins, whatever follows.
_ROLL_START = re.compile(rb"\$" + re.escape(VERSION.encode()) + rb",[^,*$]*," + re.escape(ROLL.encode()) + rb"[,*]")


def _begins_a_roll(head: bytes) -> bool:
    return _ROLL_START.match(head) is not None


def _printable(text: bytes) -> bool:
    return all(0x20 <= byte <= 0x7E for byte in text)


def open_error_code(exc: BaseException) -> str:
    """One of CONNECTION_ERRORS for an exception raised while opening a port."""
    number = getattr(exc, "errno", None)
    if number in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EBUSY):
        return "port_busy"
    if number in (errno.EACCES, errno.EPERM):
        return "permission_denied"
    if number in (errno.ENOENT, errno.ENODEV, errno.ENXIO):
        return "not_found"
    return "open_failed"


# -- a process that reads dice --------------------------------------------------------------


def run_until_signal(
    reader: DiceReader,
    signals: Iterable[int] = (signal.SIGTERM, signal.SIGINT),
    *,
    timeout: float = 1.0,
) -> int | None:
    """Run `reader` until the process gets one of `signals`, then stop it within `timeout` seconds.

    Starts the reader unless it is running, installs handlers for the signals (SIGTERM and
    SIGINT by default), blocks, and on the first signal stops the reader: the port is closed
    and the thread has ended unless reader.running says otherwise. The previous handlers are
    restored before it returns. Returns the signal number, or None when the reader stopped
    for another reason (stop() from a callback). Call it from the main thread: Python runs
    signal handlers only there.
    """
    if threading.current_thread() is not threading.main_thread():
        raise RuntimeError("run_until_signal() must be called from the main thread")
    received: list[int] = []
    wake = threading.Event()

    def handler(signum: int, frame: object) -> None:
        received.append(signum)
        wake.set()

    previous: dict[int, Any] = {}
    try:
        for signum in signals:
            previous[signum] = signal.signal(signum, handler)
        if not reader.running:
            reader.start()
        # The handler runs as soon as the signal interrupts this wait; the timeout only
        # notices a reader that was stopped some other way.
        while not wake.wait(0.5) and reader.running:
            pass
    finally:
        reader.stop(timeout)
        for signum, old in previous.items():
            signal.signal(signum, old if old is not None else signal.SIG_DFL)
    return received[0] if received else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hardware.reader",
        description="Read a DR1 dice reader and print each roll and status change as a line of JSON. "
        "Stops cleanly on SIGTERM or Ctrl-C; exits 0 when the port was closed in time.",
    )
    parser.add_argument("url", help="pyserial URL: /dev/serial/by-id/..., /dev/ttyUSB0, socket://host:port")
    parser.add_argument("--baudrate", type=int, default=115200)
    parser.add_argument("--heartbeat-timeout", type=float, default=5.0, metavar="SECONDS")
    parser.add_argument("--reconnect-delay", type=float, default=0.5, metavar="SECONDS")
    parser.add_argument("--max-reconnect-delay", type=float, default=10.0, metavar="SECONDS")
    args = parser.parse_args(argv)
    output = threading.Lock()

    def emit(record: dict[str, Any]) -> None:
        with output:
            print(json.dumps(record, sort_keys=True), flush=True)

    def on_roll(roll: DiceRoll, meta: RollMeta) -> None:
        emit({"event": "roll", "roll": {**asdict(roll), "total": roll.total}, "meta": asdict(meta)})

    try:
        reader = DiceReader(
            args.url,
            on_roll,
            emit,
            baudrate=args.baudrate,
            heartbeat_timeout=args.heartbeat_timeout,
            reconnect_delay=args.reconnect_delay,
            max_reconnect_delay=args.max_reconnect_delay,
        )
    except ValueError as exc:
        parser.error(str(exc))
    signum = run_until_signal(reader)
    clean = not reader.running
    emit({"event": "exit", "signal": signum, "clean": clean})
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
