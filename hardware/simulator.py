"""A software dice reader: speaks the DR1 protocol over TCP or a pseudo-terminal.

    python -m hardware.simulator --tcp 127.0.0.1:7777        # then socket://127.0.0.1:7777
    python -m hardware.simulator --pty --link /tmp/dice0      # then /tmp/dice0

It sends HELLO when a host connects, HB every 2 s, MOTION before each roll, and reads
commands (`roll Y=3 R=4`, `err TILT`, `unplug`, ... see COMMANDS) from --script or stdin.
Tests use the Simulator class directly.
"""
from __future__ import annotations

import argparse
import errno
import logging
import os
import random
import select
import shlex
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from hardware.protocol import (
    DIE_KEYS,
    ERROR,
    EVENT_FACES,
    HEARTBEAT,
    HELLO,
    MOTION,
    ROLL,
    UNREADABLE,
    encode,
)

log = logging.getLogger(__name__)

COMMANDS = """\
roll [Y=n] [R=n] [E=face]  a roll; no dice given = random faces for every die ('?' = unreadable)
motion                     dice are moving
err CODE [die=Y|R|E]       a device error, e.g. err TILT die=R
hello | hb                 send HELLO or a heartbeat now
send TYPE [key=value]...   any message type, e.g. one from a newer firmware
garbage                    a line of line noise
badsum                     a roll whose checksum is wrong
repeat                     send the last line again (a duplicate)
raw TEXT                   TEXT as a line, unframed
reboot                     new boot id, sequence restarts at 0, HELLO
unplug                     drop the connection (the host may reconnect)
wait                       wait until a host is connected
sleep SECONDS              pause (for scripts)
quit                       stop the simulator"""

OnConnect = Callable[[], None]


class Transport:
    """Where the simulated device's bytes go. Subclasses run one service thread.

    Anything that touches the transport's sockets or fds runs on that thread
    (see _call), so no descriptor is closed while another thread waits on it.
    """

    url: str

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._connected = threading.Event()
        self._wake_r, self._wake_w = socket.socketpair()
        self._calls: list[tuple[Callable[[], None], threading.Event]] = []
        self._thread: threading.Thread | None = None
        self._on_connect: OnConnect = lambda: None
        self.connections = 0  # hosts that have connected so far; tells one connection from the next

    def start(self, on_connect: OnConnect) -> None:
        self._on_connect = on_connect
        self._thread = threading.Thread(target=self._serve, name=type(self).__name__, daemon=True)
        self._thread.start()

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    def wait_connected(self, timeout: float | None = None) -> bool:
        return self._connected.wait(timeout)

    def send(self, data: bytes) -> bool:
        """Write to the connected host; False when nobody is listening (the bytes are lost)."""
        raise NotImplementedError

    def unplug(self) -> None:
        """Drop the host's connection, as if the cable were pulled; returns once it is dropped."""
        self._call(self._drop)

    def close(self) -> None:
        if self._closed.is_set():
            return
        self._closed.set()
        if self._thread is None:
            self._release()  # never started: nobody else will
        else:
            self._wake()
            if self._thread is not threading.current_thread():
                self._thread.join(2.0)
        self._wake_r.close()
        self._wake_w.close()

    def _drop(self) -> None:
        raise NotImplementedError

    def _serve(self) -> None:
        """The service thread; must call _release() when it ends."""
        raise NotImplementedError

    def _release(self) -> None:
        """Close everything the transport holds."""

    def _call(self, fn: Callable[[], None], timeout: float = 2.0) -> None:
        """Run fn on the service thread and wait for it."""
        done = threading.Event()
        with self._lock:
            self._calls.append((fn, done))
        self._wake()
        done.wait(timeout)

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass

    def _run_calls(self) -> None:
        try:
            self._wake_r.recv(4096)
        except OSError:
            pass
        with self._lock:
            calls, self._calls = self._calls, []
        for fn, done in calls:
            try:
                fn()
            finally:
                done.set()


class TcpTransport(Transport):
    """A TCP server for one host at a time, like ser2net; a second host is turned away."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0):
        super().__init__()
        self._server = socket.create_server((host, port))
        self.host, self.port = self._server.getsockname()[:2]
        self.url = f"socket://{self.host}:{self.port}"
        self._client: socket.socket | None = None

    def send(self, data: bytes) -> bool:
        with self._lock:
            client = self._client
            if client is None:
                return False
            try:
                client.sendall(data)
                return True
            except OSError:
                # Leave the socket to the service thread; shutdown is safe from here.
                self._shutdown(client)
                return False

    def _drop(self) -> None:
        with self._lock:
            client, self._client = self._client, None
            self._connected.clear()
        if client is not None:
            self._shutdown(client)
            client.close()

    @staticmethod
    def _shutdown(sock: socket.socket) -> None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _serve(self) -> None:
        try:
            while not self._closed.is_set():
                client = self._client
                watched = [self._server, self._wake_r] + ([client] if client else [])
                readable, _, _ = select.select(watched, [], [])
                if self._wake_r in readable:
                    self._run_calls()
                if self._server in readable:
                    self._accept()
                if client is not None and client in readable and client is self._client:
                    self._read_client(client)
        finally:
            self._release()

    def _release(self) -> None:
        self._drop()
        self._server.close()

    def _accept(self) -> None:
        try:
            conn, _ = self._server.accept()
        except OSError:
            return
        if self._client is not None:
            log.info("a second host tried to connect; port in use")
            conn.close()
            return
        conn.settimeout(2.0)  # a host that stops reading must not hang the device
        with self._lock:
            self._client = conn
            self.connections += 1
            self._connected.set()
        log.info("host connected")
        self._on_connect()

    def _read_client(self, client: socket.socket) -> None:
        try:
            data = client.recv(1024)  # hosts have nothing to say; anything they send is ignored
        except OSError:
            data = b""
        if not data:
            log.info("host disconnected")
            self._drop()


class PtyTransport(Transport):
    """A pseudo-terminal pair; the host opens the slave side like a USB serial port.

    With `link`, a symlink at that path always points at the current slave, the way
    /dev/serial/by-id/ names follow a device across re-plugging.
    """

    POLL = 0.05  # a pty master cannot signal a slave open, so it is polled for
    SEND_TIMEOUT = 2.0  # like the TCP transport's: a host that stops reading for this long loses the line

    def __init__(self, link: str | os.PathLike[str] | None = None):
        super().__init__()
        if not hasattr(os, "openpty"):
            raise OSError("pseudo-terminals need a POSIX system")
        self.link = Path(link) if link is not None else None
        self._master = -1
        self.slave_path = ""
        self._open_pty()

    @property
    def url(self) -> str:  # type: ignore[override]
        return str(self.link) if self.link is not None else self.slave_path

    def _open_pty(self) -> None:
        import tty

        master, slave = os.openpty()
        tty.setraw(slave)
        self.slave_path = os.ttyname(slave)
        # With no slave fd of ours open, reading the master fails with EIO until a host
        # opens the slave: that is how a connection is seen.
        os.close(slave)
        os.set_blocking(master, False)
        self._master = master
        if self.link is not None:
            temp = self.link.with_name(f".{self.link.name}.{os.getpid()}.tmp")
            temp.unlink(missing_ok=True)
            temp.symlink_to(self.slave_path)
            os.replace(temp, self.link)  # atomic: the host never sees the link missing
        log.info("pty %s%s", self.slave_path, f" (link {self.link})" if self.link else "")

    def send(self, data: bytes) -> bool:
        with self._lock:
            if not self._connected.is_set() or self._master < 0:
                return False
            # The master is non-blocking and the pty holds a few KB: a host that reads slowly
            # (a loaded machine) takes part of a write, and the rest must wait for room, not vanish.
            pending = memoryview(data)
            deadline = time.monotonic() + self.SEND_TIMEOUT
            while pending:
                try:
                    pending = pending[os.write(self._master, pending) :]
                except BlockingIOError:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        return False  # the host stopped reading
                    select.select([], [self._master], [], remaining)
                except OSError:  # EIO: the host closed the port
                    return False
            return True

    def _drop(self) -> None:
        with self._lock:
            self._connected.clear()
            if self._master >= 0:
                os.close(self._master)  # the slave gets a hang-up, like a pulled cable
                self._master = -1
            if not self._closed.is_set():
                self._open_pty()

    def _host_present(self) -> bool:
        try:
            os.read(self._master, 1024)  # hosts have nothing to say; data is discarded
        except BlockingIOError:
            return True
        except OSError as exc:
            if exc.errno == errno.EIO:
                return False
            raise
        return True

    def _serve(self) -> None:
        try:
            while not self._closed.is_set():
                if self._connected.is_set():
                    # Connected: the master turns readable when the host writes or hangs up.
                    readable, _, _ = select.select([self._master, self._wake_r], [], [])
                else:
                    readable, _, _ = select.select([self._wake_r], [], [], self.POLL)
                if self._wake_r in readable:
                    self._run_calls()
                    continue
                if self._master < 0:
                    continue
                present = self._host_present()
                if present and not self._connected.is_set():
                    self.connections += 1
                    self._connected.set()
                    log.info("host opened %s", self.slave_path)
                    self._on_connect()
                elif not present and self._connected.is_set():
                    self._connected.clear()
                    log.info("host closed %s", self.slave_path)
        finally:
            self._release()

    def _release(self) -> None:
        with self._lock:
            self._connected.clear()
            if self._master >= 0:
                os.close(self._master)
                self._master = -1
        if self.link is not None and self.link.is_symlink():
            self.link.unlink()


class Simulator:
    """A dice reader device: numbered, checksummed lines on a Transport.

    Every message takes the next sequence number whether or not a host hears it,
    as real firmware does. All randomness comes from one random.Random(seed).
    """

    def __init__(
        self,
        transport: Transport,
        *,
        dice: str = "YR",
        seed: int | None = None,
        firmware: str = "sim-1.0",
        serial_number: str | None = None,
        heartbeat_interval: float | None = 2.0,
        hello_delay: float = 0.2,
        motion_time: float = 0.0,
        roll_interval: float | None = None,
        unreadable_rate: float = 0.0,
        eol: bytes = b"\r\n",
    ):
        if not dice or set(dice) - set(DIE_KEYS) or len(set(dice)) != len(dice):
            raise ValueError("dice must be distinct letters from Y, R, E, e.g. YR or YRE")
        self.transport = transport
        self.dice = dice
        self.firmware = firmware
        self._rng = random.Random(seed)
        self.serial_number = serial_number or f"SIM{self._rng.getrandbits(24):06X}"
        self.heartbeat_interval = heartbeat_interval
        # pyserial flushes its input right after opening, so a HELLO sent at the
        # instant of connection could be thrown away.
        self.hello_delay = hello_delay
        self.motion_time = motion_time
        self.roll_interval = roll_interval
        self.unreadable_rate = unreadable_rate
        self.eol = eol
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._greeted = threading.Condition()
        self._greeted_connection = 0  # the transport connection our last HELLO went to
        self._threads_lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self.boot_id = self._new_boot_id()
        self._seq = 0
        self._last_line: bytes | None = None
        # The connection on which send_raw left a line without its end, and the messages the
        # device sends on its own (heartbeats, rolls) that wait for that end.
        self._line_open_on: int | None = None
        self._held: list[Callable[[], object]] = []

    # -- lifecycle ----------------------------------------------------------

    def start(self) -> Simulator:
        self.transport.start(on_connect=self._host_connected)
        if self.heartbeat_interval:
            self._spawn(self._every, self.heartbeat_interval, self.heartbeat)
        if self.roll_interval:
            self._spawn(self._every, self.roll_interval, self.random_roll)
        return self

    def close(self) -> None:
        self._stop.set()
        self.transport.close()
        with self._threads_lock:
            threads = list(self._threads)
        for thread in threads:
            if thread is not threading.current_thread():
                thread.join(2.0)

    def __enter__(self) -> Simulator:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def url(self) -> str:
        """What to give DiceReader: socket://host:port, or the pty's path (or link)."""
        return self.transport.url

    @property
    def connected(self) -> bool:
        return self.transport.connected

    def wait_for_host(self, timeout: float | None = None) -> bool:
        """Wait until a host is connected and has been sent its HELLO."""
        deadline = None if timeout is None else time.monotonic() + timeout
        if not self.transport.wait_connected(timeout):
            return False
        remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
        with self._greeted:
            return self._greeted.wait_for(
                lambda: self.connected and self._greeted_connection == self.transport.connections, remaining
            )

    @property
    def next_seq(self) -> int:
        return self._seq

    # -- messages -----------------------------------------------------------

    def send(self, msg_type: str, /, **fields: object) -> int:
        """Frame and send any message with the next sequence number; returns that number."""
        with self._lock:
            seq = self._seq
            line = encode(seq, msg_type, eol=self.eol, **fields)
            self._seq = (seq + 1) % 65536
            self._write(line)
            return seq

    def frame(self, msg_type: str, /, **fields: object) -> bytes:
        """The next message as a framed line, its seq used up but nothing sent: for a test or a
        script that puts it on the wire itself, e.g. in pieces with send_raw()."""
        with self._lock:
            line = encode(self._seq, msg_type, eol=self.eol, **fields)
            self._seq = (self._seq + 1) % 65536
            return line

    def hello(self) -> int:
        return self.send(HELLO, fw=self.firmware, sn=self.serial_number, boot=self.boot_id, dice=self.dice)

    def heartbeat(self) -> int:
        # boot= lets a host that missed HELLO still notice a reboot.
        return self.send(HEARTBEAT, boot=self.boot_id)

    def motion(self) -> int:
        return self.send(MOTION)

    def roll(
        self,
        y: int | str | None = None,
        r: int | str | None = None,
        e: str | None = None,
        *,
        motion: bool = True,
    ) -> int:
        """Report a settled roll of the given dice ('?' = unreadable); returns the ROLL's seq.

        With no dice given, every die this device reads gets a random face.
        """
        faces = {key: value for key, value in zip(DIE_KEYS, (y, r, e)) if value is not None}
        if not faces:
            faces = self._random_faces()
        for key in faces:
            if key not in self.dice:
                raise ValueError(f"this device reads {self.dice}, not {key}")
        fields = {key: faces[key] for key in DIE_KEYS if key in faces}
        encode(0, ROLL, **fields)  # a bad face raises here, before MOTION goes out
        if motion:
            self.motion()
            if self.motion_time:
                self._stop.wait(self.motion_time)
        return self.send(ROLL, **fields)

    def random_roll(self, *, motion: bool = True) -> int:
        return self.roll(**{k.lower(): v for k, v in self._random_faces().items()}, motion=motion)

    def error(self, code: str, die: str | None = None) -> int:
        fields = {"code": code} if die is None else {"code": code, "die": die}
        return self.send(ERROR, **fields)

    def send_raw(self, data: bytes) -> bool:
        """Put bytes on the wire as they are: no framing, no sequence number.

        Bytes that leave a line without its LF (a line sent in pieces) hold the heartbeat and
        the timed rolls until a line end goes out; calls made on purpose are never held.
        """
        with self._lock:
            return self._write(data)

    def garbage(self) -> bool:
        """A line of noise. Never a '$' and always a non-ASCII byte, so the reader counts it as not_ascii."""
        alphabet = b"abcxyz019 #\x00\x7f\x80\xa5\xfe\xff"
        noise = bytes(self._rng.choice(alphabet) for _ in range(self._rng.randint(4, 30)))
        return self.send_raw(noise + b"\xff" + self.eol)

    def bad_checksum(self) -> int:
        """A roll spoiled on the wire: its checksum does not match. Returns the seq it used."""
        with self._lock:
            seq = self._seq
            self._seq = (seq + 1) % 65536
            frame = encode(seq, ROLL, eol=b"\n", **self._random_faces())[:-1]
            wrong = int(frame[-2:], 16) ^ 0x5A
            self._write(frame[:-2] + f"{wrong:02X}".encode() + self.eol)
            return seq

    def repeat_last(self) -> bool:
        """Send the previous line again, as a flaky bridge might."""
        with self._lock:
            return self._last_line is not None and self._write(self._last_line)

    def reboot(self) -> int:
        """Restart: a new boot id, the sequence back at 0, and a HELLO."""
        with self._lock:
            self.boot_id = self._new_boot_id()
            self._seq = 0
            return self.hello()

    def unplug(self) -> None:
        """Drop the host's connection; it can connect again (and will get a HELLO)."""
        self.transport.unplug()

    # -- commands -----------------------------------------------------------

    def run_command(self, line: str) -> bool:
        """Run one command line (see COMMANDS); False for quit. Raises ValueError for bad input."""
        stripped = line.strip()
        if stripped.lower().startswith("raw "):  # before shlex: the text may hold quotes or '#'
            self.send_raw(stripped[4:].strip().encode("latin-1") + self.eol)
            return True
        words = shlex.split(line, comments=True)
        if not words:
            return True
        name, args = words[0].lower(), words[1:]
        pairs = _pairs(args)
        if name == "roll":
            faces = {key.upper(): value.upper() for key, value in pairs.items()}
            unknown = set(faces) - set(DIE_KEYS)
            if unknown:
                raise ValueError(f"unknown dice: {', '.join(sorted(unknown))}")
            if faces:
                self.roll(faces.get("Y"), faces.get("R"), faces.get("E"))
            else:
                self.random_roll()
        elif name == "motion":
            self.motion()
        elif name == "err":
            codes = [arg for arg in args if "=" not in arg]
            if len(codes) != 1:
                raise ValueError("usage: err CODE [die=Y|R|E]")
            die = pairs.get("die")
            self.error(codes[0].upper(), die.upper() if die else None)
        elif name == "hello":
            self.hello()
        elif name == "hb":
            self.heartbeat()
        elif name == "send":
            if not args or "=" in args[0]:
                raise ValueError("usage: send TYPE [key=value]...")
            self.send(args[0].upper(), **_pairs(args[1:]))
        elif name == "garbage":
            self.garbage()
        elif name == "badsum":
            self.bad_checksum()
        elif name == "repeat":
            self.repeat_last()
        elif name == "reboot":
            self.reboot()
        elif name == "unplug":
            self.unplug()
        elif name == "wait":
            while not self.wait_for_host(0.5) and not self._stop.is_set():
                pass
        elif name == "sleep":
            if len(args) != 1:
                raise ValueError("usage: sleep SECONDS")
            self._stop.wait(float(args[0]))
        elif name in ("quit", "exit"):
            return False
        else:
            raise ValueError(f"unknown command {name!r}; try: help")
        return True

    # -- internals ----------------------------------------------------------

    def _write(self, line: bytes) -> bool:
        self._last_line = line
        delivered = self.transport.send(line)
        log.debug("%s %r", "sent" if delivered else "lost (no host)", line)
        if delivered and line:
            self._line_open_on = None if line.endswith(b"\n") else self.transport.connections
            if self._line_open_on is None and self._held:
                held, self._held = self._held, []
                for action in held:
                    self._run_logged(action)
        return delivered

    def _unless_mid_line(self, action: Callable[[], object]) -> None:
        """Send a message the device sends on its own, but never into the middle of a line:
        firmware writes each line in one go, so its heartbeat cannot land between the pieces
        of a line that send_raw is sending slowly. It waits for that line's end instead."""
        with self._lock:
            if self._line_open_on is not None and self._line_open_on == self.transport.connections:
                if action not in self._held:
                    self._held.append(action)
                return
            action()

    @staticmethod
    def _run_logged(action: Callable[[], object]) -> None:
        try:
            action()
        except Exception:
            log.exception("simulator action failed")

    def _random_faces(self) -> dict[str, str]:
        faces = {}
        for key in self.dice:
            if self._rng.random() < self.unreadable_rate:
                faces[key] = UNREADABLE
            elif key == "E":
                # Three of the event die's six faces are ships.
                faces[key] = self._rng.choice(("SHIP", "SHIP", *EVENT_FACES))
            else:
                faces[key] = str(self._rng.randint(1, 6))
        return faces

    def _new_boot_id(self) -> str:
        previous = getattr(self, "boot_id", None)
        while True:
            boot = f"{self._rng.getrandbits(32):08X}"
            if boot != previous:
                return boot

    def _host_connected(self) -> None:
        # Off the transport's thread: the delay must not hold up its I/O.
        self._spawn(self._hello_later, self.transport.connections)

    def _hello_later(self, connection: int) -> None:
        if self._stop.wait(self.hello_delay) or not self.connected or connection != self.transport.connections:
            return
        self.hello()
        with self._greeted:
            self._greeted_connection = connection
            self._greeted.notify_all()

    def _every(self, interval: float, action: Callable[[], object]) -> None:
        while not self._stop.wait(interval):
            if self.connected:
                self._run_logged(lambda: self._unless_mid_line(action))

    def _spawn(self, target: Callable[..., None], *args: object) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True)
        with self._threads_lock:
            self._threads = [t for t in self._threads if t.is_alive()]
            self._threads.append(thread)
        thread.start()


def _pairs(args: Iterable[str]) -> dict[str, str]:
    pairs = {}
    for arg in args:
        key, sep, value = arg.partition("=")
        if sep:
            pairs[key] = value
    return pairs


def _parse_tcp(value: str) -> tuple[str, int]:
    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit():
        raise argparse.ArgumentTypeError("expected HOST:PORT, e.g. 127.0.0.1:7777")
    return host.strip("[]") or "127.0.0.1", int(port)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hardware.simulator",
        description="Simulate an electronic dice reader (DR1 protocol).",
        epilog="commands (from --script or stdin):\n" + COMMANDS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "--tcp", type=_parse_tcp, metavar="HOST:PORT", help="serve one host at a time over TCP (port 0: any free port)"
    )
    where.add_argument("--pty", action="store_true", help="create a pseudo-terminal and print its path")
    parser.add_argument("--link", metavar="PATH", help="with --pty: keep a symlink at PATH to the current pty")
    parser.add_argument("--dice", default="YR", help="dice it reads: YR (base game) or YRE (Cities & Knights)")
    parser.add_argument("--interval", type=float, metavar="SECONDS", help="roll random dice this often")
    parser.add_argument("--script", metavar="FILE", help="read commands from FILE ('-' for stdin)")
    parser.add_argument("--seed", type=int, help="seed for repeatable random rolls and boot ids")
    parser.add_argument("--heartbeat", type=float, default=2.0, metavar="SECONDS", help="heartbeat interval, 0 for none")
    parser.add_argument("--motion-time", type=float, default=0.5, metavar="SECONDS", help="from MOTION to ROLL")
    parser.add_argument("--unreadable-rate", type=float, default=0.0, metavar="P", help="chance a random die is '?'")
    parser.add_argument("--sn", help="device serial number (default: random)")
    parser.add_argument("-v", "--verbose", action="store_true", help="log every line sent")
    args = parser.parse_args(argv)
    if args.link and not args.pty:
        parser.error("--link needs --pty")

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="simulator: %(message)s")
    dice = args.dice.upper()
    if not dice or set(dice) - set(DIE_KEYS) or len(set(dice)) != len(dice):
        parser.error("--dice takes distinct letters from Y, R, E, e.g. YR or YRE")
    transport: Transport = TcpTransport(*args.tcp) if args.tcp else PtyTransport(args.link)
    simulator = Simulator(
        transport,
        dice=dice,
        seed=args.seed,
        serial_number=args.sn,
        heartbeat_interval=args.heartbeat,
        motion_time=args.motion_time,
        roll_interval=args.interval,
        unreadable_rate=args.unreadable_rate,
    )
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with simulator:
        print(simulator.url, flush=True)  # the one line a script or a person needs
        try:
            if args.script and args.script != "-":
                with open(args.script, encoding="utf-8") as script:
                    keep_going = _run_script(simulator, script, interactive=False)
            else:
                keep_going = _run_script(simulator, sys.stdin, interactive=sys.stdin.isatty() and not args.script)
            if keep_going:
                # Serve heartbeats and interval rolls until interrupted.
                while True:
                    time.sleep(3600)
        except KeyboardInterrupt:
            pass
    return 0


def _run_script(simulator: Simulator, lines: Iterable[str], *, interactive: bool) -> bool:
    """Run commands; False if one was quit (or an interactive session ended)."""
    if not interactive:
        simulator.run_command("wait")  # commands sent before a host connects would be lost
    for line in lines:
        if line.strip().lower() == "help":
            print(COMMANDS, file=sys.stderr)
            continue
        try:
            if interactive and line.strip() and not simulator.connected:
                log.info("no host connected; the line is lost")
            if not simulator.run_command(line):
                return False
        except ValueError as exc:
            log.error("%s", exc)
    return not interactive


if __name__ == "__main__":
    sys.exit(main())
