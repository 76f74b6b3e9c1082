"""Reads rolls from an electronic dice reader on a background thread.

DiceReader opens any pyserial URL (/dev/ttyUSB0, /dev/serial/by-id/..., socket://host:port,
loop://), cuts the byte stream into lines, parses them with hardware.protocol, drops
duplicates and unreadable rolls, and reopens the port whenever it goes away.
Callbacks run on the reader thread, one at a time: keep them short.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import serial

from hardware.protocol import (
    ERROR,
    HEARTBEAT,
    HELLO,
    MAX_FRAME_LENGTH,
    MOTION,
    ROLL,
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
SILENT = "silent"              # port open, but no valid line for heartbeat_timeout
DISCONNECTED = "disconnected"  # port closed or could not be opened; retrying
STOPPED = "stopped"


@dataclass(frozen=True)
class RollMeta:
    """Where and when an accepted roll came from."""

    seq: int
    boot: str | None           # the device's boot id, when known
    device_serial: str | None  # sn= from the device's HELLO, when known
    url: str
    received_at: float         # time.time() when the line was read
    line: str                  # the frame as received, for logs


RollCallback = Callable[[DiceRoll, RollMeta], Any]
StatusCallback = Callable[[dict[str, Any]], Any]


class LineSplitter:
    """Cuts a byte stream into lines at LF.

    A line that grows past `limit` bytes without a LF is discarded up to the next LF,
    so a device that never sends a newline cannot grow memory. feed() returns the
    complete lines (without the LF) and None for each line it discarded.
    """

    def __init__(self, limit: int = MAX_FRAME_LENGTH + 1):  # +1 for the CR of a CRLF
        self._limit = limit
        self._buffer = bytearray()
        self._discarding = False

    def feed(self, data: bytes) -> list[bytes | None]:
        lines: list[bytes | None] = []
        self._buffer += data
        while True:
            newline = self._buffer.find(b"\n")
            if newline < 0:
                if not self._discarding and len(self._buffer) > self._limit:
                    self._discarding = True
                    lines.append(None)
                if self._discarding:
                    self._buffer.clear()
                return lines
            line = bytes(self._buffer[:newline])
            del self._buffer[: newline + 1]
            if self._discarding:
                self._discarding = False  # the tail of a line already reported
            elif len(line) > self._limit:
                lines.append(None)
            else:
                lines.append(line)

    def reset(self) -> None:
        self._buffer.clear()
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
    ):
        if reconnect_delay < 0 or max_reconnect_delay < reconnect_delay:
            raise ValueError("need 0 <= reconnect_delay <= max_reconnect_delay")
        if heartbeat_timeout <= 0 or poll_interval <= 0:
            raise ValueError("heartbeat_timeout and poll_interval must be positive")
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

        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._port: serial.SerialBase | None = None

        # Everything below is guarded by _lock.
        self._state = IDLE
        self._device: dict[str, str | None] | None = None
        self._boot: str | None = None
        self._last_seq: int | None = None
        self._connected_at: float | None = None
        self._last_line_at: float | None = None
        self._last_heartbeat_at: float | None = None
        self._motion = False
        self._last_error: dict[str, Any] | None = None
        self._last_rejected: dict[str, Any] | None = None
        self._rejected_roll: dict[str, Any] | None = None
        self._rejected: Counter[str] = Counter()
        self._rolls = 0
        self._connects = 0
        # Per connection, touched only by the reader thread.
        self._healthy = False
        self._first_line = True

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

    def status(self) -> dict[str, Any]:
        """A snapshot of the connection, the device and the counters.

        Keys: event (what prompted this snapshot; "poll" here), state (idle, connecting, connected,
        silent, disconnected, stopped), connected, silent, url, device (fw/sn/boot/dice
        from HELLO, or None), last_line_age and last_heartbeat_age (seconds, or None),
        motion (dice moving), rolls (passed to on_roll), connects, rejected (count per
        reason), last_rejected, rejected_roll (the last unreadable roll), last_error.
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
            "last_error": dict(self._last_error) if self._last_error else None,
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
                        exclusive=True,  # flock on POSIX ports; URL handlers and Windows accept and ignore it
                    )
                except (serial.SerialException, OSError, ValueError) as exc:
                    failure = str(exc)
                    with self._lock:
                        changed = self._state != DISCONNECTED or failure != last_failure
                        self._state = DISCONNECTED
                        self._last_error = {"source": "connection", "code": "open_failed", "detail": failure}
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
        splitter = LineSplitter()
        with self._lock:
            self._port = port
            self._state = CONNECTED
            self._connects += 1
            self._connected_at = time.monotonic()
            self._last_error = None
        self._emit("connected")
        self._healthy = False  # set by the first valid line of this connection
        self._first_line = True
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
                for line in splitter.feed(chunk):
                    self._handle_line(line, received_at)
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
            self._motion = False
            self._last_error = {"source": "connection", "code": "disconnected", "detail": detail}
        self._emit("disconnected")

    def _check_silence(self) -> None:
        now = time.monotonic()
        with self._lock:
            since = max((t for t in (self._last_line_at, self._connected_at) if t is not None), default=now)
            if self._state != CONNECTED or now - since <= self._heartbeat_timeout:
                return
            self._state = SILENT
            self._motion = False
        self._emit("silent")

    # -- lines and messages -------------------------------------------------

    def _handle_line(self, line: bytes | None, received_at: float) -> None:
        if line is None:
            self._reject("too_long", b"")
            return
        first, self._first_line = self._first_line, False
        start = line.rfind(b"$")
        if first:
            # pyserial flushes input on open, so the first line may be the tail of one we missed.
            if start < 0:
                return
            line = line[start:]
        elif start > 0:
            self._reject("no_frame", line[:start])
            line = line[start:]
        if not line.strip(b"\r"):
            return  # blank lines are harmless
        try:
            message = parse_line(line)
        except ProtocolError as exc:
            self._reject(exc.reason, line)
            return
        self._handle_message(message, line, received_at)

    def _handle_message(self, message: Message, line: bytes, received_at: float) -> None:
        now = time.monotonic()
        event = None
        roll = meta = None
        with self._lock:
            self._healthy = True
            self._last_line_at = now
            was_silent = self._state == SILENT
            if was_silent:
                self._state = CONNECTED
            fresh, new_boot = self._track_seq(message)
            if fresh:
                event, roll = self._apply(message, new_boot, now)
            if roll is not None:
                meta = RollMeta(
                    seq=message.seq,
                    boot=self._boot,
                    device_serial=(self._device or {}).get("sn"),
                    url=self.url,
                    received_at=received_at,
                    line=line.rstrip(b"\r\n").decode("ascii"),
                )
        if not fresh:
            self._reject("duplicate", line)
            return
        if roll is not None:
            try:
                self._on_roll(roll, meta)
            except Exception:
                log.exception("on_roll callback failed")
        if event is None and was_silent:
            event = "alive"
        if event is not None:
            self._emit(event)

    def _track_seq(self, message: Message) -> tuple[bool, bool]:
        """(fresh, new_boot): drop replays; a boot id we have not seen starts a new sequence."""
        boot = message.fields.get("boot")
        if boot is not None and boot != self._boot:
            self._boot = boot
            self._last_seq = message.seq
            return True, True
        if self._last_seq is not None and not seq_is_newer(message.seq, self._last_seq):
            return False, False
        self._last_seq = message.seq
        return True, False

    def _apply(self, message: Message, new_boot: bool, now: float) -> tuple[str | None, DiceRoll | None]:
        """Update state for a fresh message; return (status event, roll for on_roll)."""
        fields = message.fields
        if message.type == HELLO:
            self._device = {key: fields.get(key) for key in ("fw", "sn", "boot", "dice")}
            self._motion = False
            return "hello", None
        if new_boot and self._device is not None:
            self._device["boot"] = self._boot
        if message.type == HEARTBEAT:
            self._last_heartbeat_at = now
            return ("reboot" if new_boot else None), None
        if message.type == MOTION:
            self._motion = True
            return "motion", None
        if message.type == ERROR:
            self._motion = False
            self._last_error = {
                "source": "device",
                "code": fields["code"],
                "die": fields.get("die"),
                "seq": message.seq,
            }
            return "device_error", None
        if message.type == ROLL:
            self._motion = False
            roll = DiceRoll.from_message(message)
            if not roll.is_readable:
                # Never guess: the table re-rolls or types the dice in.
                self._rejected["unreadable"] += 1
                self._rejected_roll = {"seq": message.seq, "unreadable": list(roll.unreadable)}
                return "rejected_roll", None
            self._rolls += 1
            return "roll", roll
        return ("reboot" if new_boot else None), None  # unknown types: newer firmware

    def _reject(self, reason: str, line: bytes) -> None:
        with self._lock:
            self._rejected[reason] += 1
            self._last_rejected = {
                "reason": reason,
                "line": line[:MAX_FRAME_LENGTH].decode("ascii", "backslashreplace"),
            }
        self._emit("rejected_line")
