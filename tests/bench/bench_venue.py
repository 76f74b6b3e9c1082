"""Venue load benchmark: the real app over real websockets, against two baselines.

    .venv/bin/python -m tests.bench.bench_venue \
        [--tables 20] [--phones 6] [--rate 1] [--duration 20] [--burst 5] [--burst-duration 5] \
        [--idle 0] [--config embedded|venue] [--targets app,channels,websockets] [--taps socket|http] \
        [--json FILE]
    .venv/bin/python -m tests.bench.bench_venue --growth [--records 5000] [--samples 42] [--config ...]

This process is the client; every server is a subprocess on 127.0.0.1:

- app: `manage.py serve` (daphne embedded, uvicorn venue). `--config embedded`: SQLite + in-memory channel layer;
  `--config venue`: a fresh PostgreSQL database (DATABASE_URL, dropped afterwards) + Redis
  (REDIS_URL). Games come from `manage.py newgame` (run in one `manage.py shell`), the
  host and the phones get their sessions the way browsers do (table URL with ?key=, join
  URLs), every screen is a real websocket (Origin, Host, Cookie: sessionid=...). The
  table's actions are taps over its own socket, answered by their acknowledgement, as the
  browser sends them (`--taps socket`), or HTTP posts to the act URL (`--taps http`).
- channels: tests/bench/minimal_channels_asgi.py under the same server and channel layer:
  a tap over the table's socket (or an HTTP POST) group_sends a small frame that every
  consumer of the table forwards.
- websockets: tests/bench/ws_broadcast_server.py, a plain `websockets` broadcast server.

Each table has 1 table screen + P phones. Actions go out on an OPEN-LOOP schedule: table
i acts at t0 + i/(T*R) + k/R. A table's actions are a serial log, so when the previous one
is still in flight the next one waits for it, but its latency is still measured from its
scheduled time: a slow server cannot hide its queue. Latency = scheduled time -> the LAST
screen of that table has a frame whose data-version is >= the action's new version.
App action cycle (never refused): place_setup x 2n, then roll (virtual) -> on a 7:
discard (hand_size 0) for every seat, move_robber (no victim) -> end_turn (with 5-6 players
then done_building for each other player), repeated.

Per target it prints p50 / p99 / max latency, frames lost (expected - received), server
CPU-seconds per 1,000 deliveries (/proc/<pid>/stat utime+stime before/after), memory per
connection (RSS delta while the sockets connect / sockets), then the app's figures as
ratios to the baselines. The steady phase and the burst (rate x --burst) are reported
separately. `--growth` instead measures one action at record ~10 vs record ~N (5,000).

Not a test: nothing is asserted, the figures depend on the machine (docs/benchmarks.md).
"""
from __future__ import annotations

import argparse
import asyncio
import bisect
import http.client
import json
import math
import os
import re
import resource
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
HOST = "127.0.0.1"
PG_ADMIN = os.environ.get("VENUE_PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/11")
# The version of a frame: an HTML push's data-version, or a data push's {"v": N} (--push).
VERSION_RE = re.compile(r'(?:data-version="|^\{"v":)(\d+)')
PHASE_RE = re.compile(r'class="status phase-([a-z_]+)"')
ERROR_RE = re.compile(r'<div class="error">(.*?)</div>', re.S)
ACK_RE = re.compile(r'data-ack="([^"]*)" data-ok="([01])"')
PLAYERS = ["Ala:red", "Bartek:blue", "Celina:white", "Darek:orange", "Ewa:green", "Franek:brown"]
CLK_TCK = os.sysconf("SC_CLK_TCK")
now = time.perf_counter


# ---------------------------------------------------------------- processes and /proc


def raise_nofile() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 1 << 20
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def cpu_seconds(pid: int) -> float:
    """utime + stime of one process (all its threads), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def rss_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def helper_cpu() -> dict[int, float]:
    """CPU seconds of every postgres and redis-server process (they serve the venue config)."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                text = f.read()
        except OSError:
            continue
        comm = text[text.index("(") + 1:text.rindex(")")]
        if comm.startswith("postgres") or comm.startswith("redis-server"):
            fields = text.rsplit(")", 1)[1].split()
            found[int(entry)] = (int(fields[11]) + int(fields[12])) / CLK_TCK
    return found


def helper_cpu_delta(before: dict[int, float]) -> float:
    after = helper_cpu()
    return sum(v - before.get(pid, 0.0) for pid, v in after.items())


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode} (see its log)")
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


def spawn(cmd: list[str], env: dict, log_path: Path) -> subprocess.Popen:
    log = open(log_path, "w")
    # The server gets the hard file-descriptor limit too (thousands of sockets).
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, preexec_fn=raise_nofile)


def stop(process: subprocess.Popen | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))]


# ---------------------------------------------------------------- the app's environment


class AppEnvironment:
    """The app's settings for one run: a temp data dir, and for venue a fresh database."""

    def __init__(self, config: str, workdir: Path, server: str = ""):
        self.config = config
        self.workdir = workdir
        self.db_name = None
        self.env = {**os.environ, "CATAN_NO_BOOTSTRAP": "1", "CATAN_DATA_DIR": str(workdir / "data"),
                    "LOG_LEVEL": "WARNING", "DEBUG": "0", "PYTHONUNBUFFERED": "1"}
        self.env.pop("CATAN_SERVER", None)
        if server:  # else serve's own default: daphne embedded, uvicorn venue
            self.env["CATAN_SERVER"] = server
        for key in ("DATABASE_URL", "REDIS_URL", "HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy"):
            self.env.pop(key, None)
        (workdir / "data").mkdir(parents=True, exist_ok=True)

    def __enter__(self):
        if self.config == "venue":
            import psycopg

            self.db_name = f"catan_bench_{secrets.token_hex(4)}"
            with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
                admin.execute(f'CREATE DATABASE "{self.db_name}"')
            self.env["DATABASE_URL"] = PG_ADMIN.rsplit("/", 1)[0] + "/" + self.db_name
            self.env["REDIS_URL"] = REDIS_URL
        try:
            subprocess.run([PY, "manage.py", "migrate", "-v0"], cwd=ROOT, env=self.env, check=True, timeout=300)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc):
        if self.db_name:
            import psycopg

            with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')

    def shell(self, script: str, extra: dict, timeout: float, no_redis: bool = False) -> dict:
        """Run `manage.py shell -c script`; the script prints one line `BENCH_JSON {...}`."""
        env = {**self.env, **extra}
        if no_redis:  # its writes then tell no screen (the in-memory layer of that process)
            env.pop("REDIS_URL", None)
        done = subprocess.run([PY, "manage.py", "shell", "-c", script], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=timeout)
        for line in done.stdout.splitlines():
            if line.startswith("BENCH_JSON "):
                return json.loads(line[len("BENCH_JSON "):])
        raise RuntimeError(f"shell script failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")


NEWGAMES_SCRIPT = r"""
import io, json, os
from django.core.management import call_command
games = []
for i in range(int(os.environ["BENCH_GAMES"])):
    out = io.StringIO()
    call_command("newgame", players=os.environ["BENCH_PLAYERS"], json=True, base_url=os.environ["BENCH_BASE_URL"],
                 dice="virtual", seed=1000 + i, stdout=out)
    games.append(json.loads(out.getvalue()))
print("BENCH_JSON " + json.dumps(games))
"""


# ---------------------------------------------------------------- a tiny HTTP/1.1 client


def http_get(port: int, path: str, cookies: dict[str, str], attempts: int = 4) -> tuple[int, dict[str, str]]:
    """A GET (no redirects followed), retried on a 5xx; returns the status and the cookies it set."""
    for attempt in range(attempts):
        status, set_cookies = _http_get_once(port, path, cookies)
        if status < 500:
            break
        print(f"    setup GET {path} answered {status}; retrying", flush=True)
        time.sleep(0.5 * (attempt + 1))
    return status, set_cookies


def _http_get_once(port: int, path: str, cookies: dict[str, str]) -> tuple[int, dict[str, str]]:
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    try:
        headers = {"Host": f"{HOST}:{port}"}
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        response.read()
        jar = SimpleCookie()
        for value in response.headers.get_all("Set-Cookie") or []:
            jar.load(value)
        return response.status, {k: m.value for k, m in jar.items()}
    finally:
        conn.close()


class HttpConn:
    """A persistent keep-alive HTTP/1.1 connection for one table's POSTs."""

    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(self, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, bytes]:
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n"
        head += "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        head += f"Content-Length: {len(body)}\r\n\r\n"
        data = head.encode("latin-1") + body
        for attempt in (0, 1):
            fresh = self.writer is None
            if fresh:
                self.reader, self.writer = await asyncio.open_connection(HOST, self.port, limit=1 << 22)
            try:
                self.writer.write(data)
                await self.writer.drain()
                return await self._response()
            except (ConnectionError, asyncio.IncompleteReadError, EOFError):
                self.close()
                if fresh or attempt:  # a kept-alive connection may have been closed: retry once
                    raise
        raise EOFError

    async def _response(self) -> tuple[int, bytes]:
        line = await self.reader.readline()
        if not line:
            raise EOFError
        status = int(line.split()[1])
        headers = {}
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            key, _, value = line.decode("latin-1").partition(":")
            headers[key.strip().lower()] = value.strip()
        if "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while True:
                size = int((await self.reader.readline()).split(b";")[0], 16)
                if size == 0:
                    while (await self.reader.readline()) not in (b"\r\n", b"\n", b""):
                        pass
                    break
                parts.append((await self.reader.readexactly(size + 2))[:-2])
            body = b"".join(parts)
        else:
            body = await self.reader.read()
            self.close()
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, body


# ---------------------------------------------------------------- screens and tables


class Screen:
    """One websocket (a table screen or a phone): every frame's arrival time and version."""

    def __init__(self, table: "Table", uri: str, headers: dict[str, str], origin: str | None):
        self.table, self.uri, self.headers, self.origin = table, uri, headers, origin
        self.ws = None
        self.versions: list[int] = []  # non-decreasing
        self.times: list[float] = []
        self.latest = -1
        self.frames = 0
        self.bytes = 0
        self.close_code = None
        self.first_frame = asyncio.get_running_loop().create_future()
        self.task = None

    async def open(self, timeout: float) -> None:
        self.ws = await ws_connect(self.uri, origin=self.origin, additional_headers=self.headers, compression=None,
                                   max_size=None, ping_interval=None, open_timeout=timeout, close_timeout=2,
                                   proxy=None)
        self.task = asyncio.create_task(self._read())
        await asyncio.wait_for(asyncio.shield(self.first_frame), timeout)

    async def _read(self) -> None:
        try:
            async for message in self.ws:
                t = now()
                if isinstance(message, bytes):
                    message = message.decode("utf-8", "replace")
                self.frames += 1
                self.bytes += len(message)
                match = VERSION_RE.search(message)
                if match:
                    version = max(int(match.group(1)), self.latest)
                    self.latest = version
                    self.versions.append(version)
                    self.times.append(t)
                    self.table.heard()
                ack = ACK_RE.search(message)
                if ack:
                    self.table.acked(ack.group(1), message)
                if not self.first_frame.done():
                    self.first_frame.set_result(t)
        except ConnectionClosed as closed:
            self.close_code = closed.rcvd.code if closed.rcvd else None
        finally:
            if self.ws is not None and self.ws.close_code is not None:
                self.close_code = self.close_code or self.ws.close_code
            if not self.first_frame.done():
                self.first_frame.set_exception(ConnectionError(f"closed before the first frame ({self.close_code})"))

    def reached(self, version: int) -> float | None:
        """When this screen first had a frame of `version` or later (None: never)."""
        i = bisect.bisect_left(self.versions, version)
        return self.times[i] if i < len(self.versions) else None

    def exact(self, version: int) -> bool:
        i = bisect.bisect_left(self.versions, version)
        return i < len(self.versions) and self.versions[i] == version

    async def close(self) -> None:
        if self.ws is not None:
            try:
                await asyncio.wait_for(self.ws.close(), 3)
            except Exception:
                pass
        if self.task is not None:
            self.task.cancel()


@dataclass
class Action:
    table: int
    phase: str  # steady | burst | growth
    scheduled: float
    sent: float = 0.0
    answered: float = 0.0
    version: int | None = None
    outcome: str = "unsent"  # ok | refused | error | unsent | exhausted (a played table's taps ran out)
    kind: str = ""
    detail: str = ""


class Table:
    """One table: its screens, and how an action is triggered (per target)."""

    def __init__(self, index: int):
        self.index = index
        self.screens: list[Screen] = []
        self.waiters: list[tuple[int, asyncio.Future]] = []

    def acked(self, key: str, message: str) -> None:
        """The answer to a tap sent over a socket (the app's #ack)."""

    def heard(self) -> None:
        if self.waiters:
            low = min(s.latest for s in self.screens)
            for version, future in list(self.waiters):
                if low >= version and not future.done():
                    future.set_result(None)
            self.waiters = [(v, f) for v, f in self.waiters if not f.done()]

    async def wait_all(self, version: int, timeout: float) -> bool:
        if min(s.latest for s in self.screens) >= version:
            return True
        future = asyncio.get_running_loop().create_future()
        self.waiters.append((version, future))
        try:
            await asyncio.wait_for(future, timeout)
            return True
        except asyncio.TimeoutError:
            return False

    async def trigger(self, action: Action) -> None:
        raise NotImplementedError


class AppTable(Table):
    def __init__(self, index: int, port: int, game: dict, phones: int, taps: str):
        super().__init__(index)
        self.port, self.game, self.phones, self.taps = port, game, phones, taps
        self.answers: dict[str, asyncio.Future] = {}
        self.code = game["code"]
        self.players = len(game["seats"])
        self.phase = "setup"
        self.discard_next = 0
        self.counter = 0
        self.conn = HttpConn(port)
        self.host: dict[str, str] = {}
        self.seat_cookies: list[str] = []
        self.idem_prefix = secrets.token_hex(4)

    def join(self) -> None:
        """Sessions the way browsers get them (runs in a thread, before any socket)."""
        for seat in self.game["seats"][:min(self.phones, self.players)]:
            status, cookies = http_get(self.port, urlsplit(seat["join_url"]).path, {})
            if status != 302 or "sessionid" not in cookies:
                raise RuntimeError(f"join of seat {seat['seat']} of {self.code} failed: {status}")
            self.seat_cookies.append(cookies["sessionid"])
        table_url = urlsplit(self.game["table_url"])
        status, cookies = http_get(self.port, f"{table_url.path}?{table_url.query}", {})
        if status != 302 or "sessionid" not in cookies:
            raise RuntimeError(f"host session for {self.code} failed: {status}")
        self.host["sessionid"] = cookies["sessionid"]
        status, cookies = http_get(self.port, table_url.path, self.host)  # the table page sets csrftoken
        if status != 200 or "csrftoken" not in cookies:
            raise RuntimeError(f"table page of {self.code} failed: {status}")
        self.host["csrftoken"] = cookies["csrftoken"]

    def make_screens(self) -> None:
        origin = f"http://{HOST}:{self.port}"
        base = f"ws://{HOST}:{self.port}/ws/g/{self.code}"
        self.screens.append(Screen(self, f"{base}/table/", {"Cookie": f"sessionid={self.host['sessionid']}"}, origin))
        for phone in range(self.phones):
            # More phones than seats: a second device on the same seat (same session).
            cookie = self.seat_cookies[phone % len(self.seat_cookies)]
            self.screens.append(Screen(self, f"{base}/seat/", {"Cookie": f"sessionid={cookie}"}, origin))

    def next_form(self) -> dict[str, str]:
        phase = self.phase
        if phase == "setup":
            return {"type": "place_setup"}
        if phase == "roll":
            return {"type": "roll"}
        if phase == "discard":
            return {"type": "discard", "seat": str(self.discard_next % self.players), "hand_size": "0"}
        if phase == "robber":
            return {"type": "move_robber", "victim": ""}
        if phase == "special_build":  # 5-6 players: each other player may build between turns
            return {"type": "done_building"}
        return {"type": "end_turn"}

    def acked(self, key: str, message: str) -> None:
        future = self.answers.pop(key, None)
        if future is not None and not future.done():
            future.set_result(message)

    async def trigger(self, action: Action) -> None:
        self.counter += 1
        form = {"as": "table", **self.next_form(), "idem": f"b{self.idem_prefix}-{self.index}-{self.counter}"}
        action.kind = form["type"]
        action.sent = now()
        try:
            if self.taps == "socket":
                # As the browser does while its socket is open: the tap over the table's socket.
                answer = self.answers[form["idem"]] = asyncio.get_running_loop().create_future()
                await self.screens[0].ws.send(json.dumps({"act": form}))
                text = await asyncio.wait_for(answer, 60)
                status = 200 if 'data-ok="1"' in text else 422
            else:
                body = urlencode(form).encode()
                headers = {"Cookie": f"sessionid={self.host['sessionid']}; csrftoken={self.host['csrftoken']}",
                           "X-CSRFToken": self.host["csrftoken"], "Origin": f"http://{HOST}:{self.port}",
                           "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"}
                status, reply = await asyncio.wait_for(self.conn.request("POST", f"/g/{self.code}/act/", headers, body),
                                                       60)
                text = reply.decode("utf-8", "replace")
        except (OSError, EOFError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError,
                ConnectionClosed):
            self.conn.close()
            self.answers.pop(form["idem"], None)
            action.answered = now()
            action.outcome = "error"
            return
        action.answered = now()
        version, phase = VERSION_RE.search(text), PHASE_RE.search(text)
        if status == 200 and version:
            action.outcome = "ok"
            action.version = int(version.group(1))
            if form["type"] == "discard":
                self.discard_next += 1
        else:
            action.outcome = "refused" if status == 422 else "error"
            reason = ERROR_RE.search(text)
            action.detail = f"{form['type']} in {self.phase}: {status} {reason.group(1) if reason else text[:200]}"
            if form["type"] == "discard":  # never expected; try the next seat rather than loop
                self.discard_next += 1
        if phase:
            if phase.group(1) == "discard" and self.phase != "discard":
                self.discard_next = 0
            self.phase = phase.group(1)


class ChannelsTable(Table):
    def __init__(self, index: int, port: int, sockets: int, taps: str):
        super().__init__(index)
        self.port, self.taps = port, taps
        self.version = 0
        self.conn = HttpConn(port)
        for _ in range(sockets):
            self.screens.append(Screen(self, f"ws://{HOST}:{port}/ws/t/t{index}/", {}, f"http://{HOST}:{port}"))

    async def trigger(self, action: Action) -> None:
        self.version += 1
        version = self.version
        action.kind = "group_send"
        action.sent = now()
        try:
            if self.taps == "socket":  # like the app's taps: over the table screen's socket
                await self.screens[0].ws.send(str(version))
                status = 200
            else:
                status, _ = await asyncio.wait_for(self.conn.request("POST", f"/send/t{self.index}/{version}/", {}),
                                                   60)
        except (OSError, EOFError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError,
                ConnectionClosed):
            self.conn.close()
            action.answered, action.outcome = now(), "error"
            return
        action.answered = now()
        action.outcome, action.version = ("ok", version) if status == 200 else ("error", None)


class WsTable(Table):
    def __init__(self, index: int, port: int, sockets: int):
        super().__init__(index)
        self.version = 0
        for _ in range(sockets):
            self.screens.append(Screen(self, f"ws://{HOST}:{port}/t/t{index}", {}, None))

    async def trigger(self, action: Action) -> None:
        self.version += 1
        action.kind = "ws_message"
        action.sent = now()
        try:
            await self.screens[0].ws.send(str(self.version))  # from the table screen's socket
        except ConnectionClosed:
            action.answered, action.outcome = now(), "error"
            return
        action.answered = now()
        action.outcome, action.version = "ok", self.version


# ---------------------------------------------------------------- servers (targets)


class Target:
    name = ""
    process: subprocess.Popen | None = None
    port = 0

    def start(self) -> None: ...

    def pids(self) -> list[int]:
        return [self.process.pid]

    def make_tables(self, active: int, idle: int, phones: int) -> tuple[list[Table], list[Table]]: ...

    def stop(self) -> None:
        stop(self.process)


class AppTarget(Target):
    name = "app"

    def __init__(self, env: AppEnvironment, workdir: Path, taps: str = "socket"):
        self.env, self.workdir, self.taps = env, workdir, taps

    def start(self) -> None:
        self.port = free_port()
        self.process = spawn([PY, "manage.py", "serve", "--host", HOST, "--port", str(self.port), "--no-qr"],
                             self.env.env, self.workdir / f"app-{self.port}.log")
        wait_for_port(self.port, self.process, timeout=120)
        http_get(self.port, "/", {})  # warm: Django loaded, templates compiled on first use

    def make_tables(self, active, idle, phones):
        players = ",".join(PLAYERS[:min(max(phones, 3), len(PLAYERS))])  # a game seats 3 to 6
        games = self.env.shell(NEWGAMES_SCRIPT, {"BENCH_GAMES": str(active + idle), "BENCH_PLAYERS": players,
                                                 "BENCH_BASE_URL": f"http://{HOST}:{self.port}"}, timeout=900)
        tables = [AppTable(i, self.port, game, phones, self.taps) for i, game in enumerate(games)]
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda t: t.join(), tables))
        for table in tables:
            table.make_screens()
        return tables[:active], tables[active:]


class ChannelsTarget(Target):
    name = "channels"

    def __init__(self, config: str, workdir: Path, payload: int, server: str = "", taps: str = "socket",
                 hop: bool = True):
        self.config, self.workdir, self.payload, self.taps, self.hop = config, workdir, payload, taps, hop
        # The framework's floor under the same ASGI server as the app's.
        self.server = server or ("uvicorn" if config == "venue" else "daphne")
        if not hop:
            self.name = "channels-no-hop"

    def start(self) -> None:
        self.port = free_port()
        env = {**os.environ, "BENCH_PAYLOAD_BYTES": str(self.payload), "PYTHONUNBUFFERED": "1",
               "BENCH_CLOSE_HOP": "1" if self.hop else "0"}
        env.pop("BENCH_REDIS_URL", None)
        if self.config == "venue":
            env["BENCH_REDIS_URL"] = REDIS_URL
        application = "tests.bench.minimal_channels_asgi:application"
        if self.server == "uvicorn":  # as `manage.py serve --server uvicorn` runs it
            command = [PY, "-m", "uvicorn", "--host", HOST, "--port", str(self.port), "--lifespan", "off",
                       "--loop", "uvloop", "--http", "httptools", "--ws", "websockets-sansio", "--ws-per-message-deflate", "false", "--log-level", "warning",
                       "--no-access-log", application]
        else:
            command = [PY, "-m", "daphne", "-b", HOST, "-p", str(self.port), "--websocket_timeout", "-1", application]
        self.process = spawn(command, env, self.workdir / f"channels-{self.port}.log")
        wait_for_port(self.port, self.process)

    def make_tables(self, active, idle, phones):
        tables = [ChannelsTable(i, self.port, 1 + phones, self.taps) for i in range(active + idle)]
        return tables[:active], tables[active:]


class WsTarget(Target):
    name = "websockets"

    def __init__(self, workdir: Path, payload: int):
        self.workdir, self.payload = workdir, payload

    def start(self) -> None:
        self.port = free_port()
        env = {**os.environ, "BENCH_PAYLOAD_BYTES": str(self.payload), "PYTHONUNBUFFERED": "1"}
        self.process = spawn([PY, "-m", "tests.bench.ws_broadcast_server", str(self.port)], env,
                             self.workdir / f"websockets-{self.port}.log")
        wait_for_port(self.port, self.process)

    def make_tables(self, active, idle, phones):
        tables = [WsTable(i, self.port, 1 + phones) for i in range(active + idle)]
        return tables[:active], tables[active:]


# ---------------------------------------------------------------- one run against one target


async def connect_all(screens: list[Screen], parallel: int, timeout: float) -> tuple[int, int]:
    gate = asyncio.Semaphore(parallel)
    failures = 0

    async def one(screen: Screen):
        nonlocal failures
        async with gate:
            try:
                await screen.open(timeout)
            except Exception as error:  # counted, and shown once
                failures += 1
                if failures == 1:
                    print(f"    first socket failure: {type(error).__name__}: {error}", flush=True)

    await asyncio.gather(*(one(s) for s in screens))
    return len(screens) - failures, failures


async def drive(table: Table, phase: str, t0: float, rate: float, offset: float, duration: float,
                give_up: float, actions: list[Action]) -> None:
    """Open loop: action k of this table is due at t0 + offset + k/rate, whatever happened before."""
    count = math.ceil((duration - offset) * rate - 1e-9) if duration > offset else 0
    for k in range(count):
        action = Action(table.index, phase, t0 + offset + k / rate)
        actions.append(action)
        if now() > give_up:  # a server far behind: the rest of the schedule is counted as unsent
            continue
        delay = action.scheduled - now()
        if delay > 0:
            await asyncio.sleep(delay)
        await table.trigger(action)


async def drain(tables: list[Table], actions: list[Action], timeout: float) -> None:
    last: dict[int, int] = {}
    for a in actions:
        if a.version is not None:
            last[a.table] = max(last.get(a.table, 0), a.version)
    by_index = {t.index: t for t in tables}
    deadline = now() + timeout
    for index, version in last.items():
        await by_index[index].wait_all(version, max(0.01, deadline - now()))


def summarize(actions: list[Action], tables: list[Table]) -> dict:
    by_index = {t.index: t for t in tables}
    latencies, service = [], []
    expected = delivered = exact = 0
    outcomes = {"ok": 0, "refused": 0, "error": 0, "unsent": 0, "exhausted": 0}
    send_lag = []
    for a in actions:
        outcomes[a.outcome] += 1
        if a.outcome in ("unsent", "exhausted"):
            continue
        send_lag.append(a.sent - a.scheduled)
        service.append(a.answered - a.sent)
        if a.version is None:
            continue
        screens = by_index[a.table].screens
        expected += len(screens)
        worst = 0.0
        complete = True
        for screen in screens:
            t = screen.reached(a.version)
            if t is None:
                complete = False
                continue
            delivered += 1
            exact += screen.exact(a.version)
            worst = max(worst, t - a.scheduled)
        if complete:
            latencies.append(worst * 1000)
    details = sorted({a.detail for a in actions if a.detail})
    return {
        "details": details[:5],
        "actions": len(actions), **outcomes, "expected": expected, "delivered": delivered,
        "lost": expected - delivered, "coalesced": delivered - exact,
        "p50": percentile(latencies, 50), "p99": percentile(latencies, 99),
        "max": max(latencies) if latencies else float("nan"),
        "http_p50": percentile(service, 50) * 1000 if service else float("nan"),
        "send_lag_p99": percentile(send_lag, 99) * 1000 if send_lag else float("nan"),
    }


async def run_phase(target: Target, tables: list[Table], phase: str, rate: float, duration: float,
                    max_lag: float, drain_timeout: float) -> dict:
    actions: list[Action] = []
    pids = target.pids()
    helpers = helper_cpu()
    cpu0, client0 = sum(map(cpu_seconds, pids)), os.times()
    t0 = now() + 0.2
    spread = 1.0 / rate / max(1, len(tables))
    give_up = t0 + duration + max_lag
    await asyncio.gather(*(drive(t, phase, t0, rate, i * spread, duration, give_up, actions)
                           for i, t in enumerate(tables)))
    await drain(tables, actions, drain_timeout)
    wall = now() - t0
    cpu = sum(map(cpu_seconds, pids)) - cpu0
    client1 = os.times()
    summary = summarize(actions, tables)
    summary.update(phase=phase, rate=rate, duration=duration, wall=wall, server_cpu=cpu,
                   helper_cpu=helper_cpu_delta(helpers),
                   client_cpu=(client1.user + client1.system) - (client0.user + client0.system))
    deliveries = max(1, summary["delivered"])
    summary["cpu_per_1000"] = cpu / deliveries * 1000
    summary["helper_cpu_per_1000"] = summary["helper_cpu"] / deliveries * 1000
    summary["cpu_ms_per_action"] = cpu / max(1, summary["ok"]) * 1000
    return summary


async def run_target(target: Target, args) -> dict:
    print(f"\n== {target.name}: starting the server", flush=True)
    target.start()
    result = {"name": target.name, "phases": []}
    tables: list[Table] = []
    idle: list[Table] = []
    try:
        t_setup = now()
        tables, idle = target.make_tables(args.tables, args.idle_tables, args.phones)
        screens = [s for t in tables + idle for s in t.screens]
        print(f"   {len(tables)} tables + {len(idle)} idle tables ready in {now() - t_setup:.1f} s; "
              f"opening {len(screens)} sockets", flush=True)
        await asyncio.sleep(0.5)
        pids = target.pids()
        rss0, cpu0 = sum(map(rss_bytes, pids)), sum(map(cpu_seconds, pids))
        t_connect = now()
        opened, failed = await connect_all(screens, args.connect_parallel, 60)
        await asyncio.sleep(1.0)
        rss1 = sum(map(rss_bytes, pids))
        result.update(sockets=opened, socket_failures=failed, rss_before=rss0, rss_after_connect=rss1,
                      mem_per_socket=(rss1 - rss0) / max(1, opened),
                      connect_cpu_per_socket=(sum(map(cpu_seconds, pids)) - cpu0) / max(1, opened),
                      connect_wall=now() - t_connect)
        print(f"   {opened} sockets open ({failed} failed) in {now() - t_connect:.1f} s; server RSS "
              f"{rss0 / 2**20:.1f} -> {rss1 / 2**20:.1f} MiB", flush=True)
        frames0 = sum(s.frames for s in screens)
        bytes0 = sum(s.bytes for s in screens)
        phases = [("steady", args.rate, args.duration)]
        if args.burst and args.burst > 1 and args.burst_duration > 0:
            phases.append(("burst", args.rate * args.burst, args.burst_duration))
        for phase, rate, duration in phases:
            print(f"   {phase}: {len(tables)} tables x {rate:g} action/s for {duration:g} s", flush=True)
            summary = await run_phase(target, tables, phase, rate, duration, args.max_lag, args.drain)
            result["phases"].append(summary)
            print(f"     p50 {summary['p50']:.1f} ms  p99 {summary['p99']:.1f} ms  max {summary['max']:.1f} ms  "
                  f"lost {summary['lost']}/{summary['expected']}  unsent {summary['unsent']}  "
                  f"refused {summary['refused']}  errors {summary['error']}  "
                  f"CPU {summary['cpu_per_1000']:.3f} s/1000", flush=True)
            for detail in summary["details"]:
                print(f"     refused/error: {detail}", flush=True)
            await asyncio.sleep(1.0)
        frames = sum(s.frames for s in screens) - frames0
        result["mean_frame_bytes"] = (sum(s.bytes for s in screens) - bytes0) / max(1, frames)
        result["rss_end"] = sum(map(rss_bytes, pids))
        closed_early = sum(1 for s in screens if s.task is not None and s.task.done())
        result["closed_by_server"] = closed_early
    finally:
        await asyncio.gather(*(s.close() for t in tables + idle for s in t.screens), return_exceptions=True)
        for t in tables + idle:
            if hasattr(t, "conn"):
                t.conn.close()
        target.stop()
    return result


# ---------------------------------------------------------------- the venue: a realistic mix over processes


MIX_SCRIPT = r"""
import json, os
from django.urls import reverse
from companion import services
from tests.bench.corpus_tables import IDLE_GAME, playable, renamed

names = json.loads(os.environ["BENCH_NAMES"])  # the game of each active table
idle = int(os.environ["BENCH_IDLE_TABLES"])
base = os.environ["BENCH_BASE_URL"]
played = {name: playable(name, int(os.environ["BENCH_RECORDS"])) for name in sorted(set(names) | {IDLE_GAME})}

def created(index, name):
    config, seed, _taps = played[name]
    game = services.create_game(renamed(config, index), seed=seed)
    return {"code": game.code, "name": name,
            "table_url": f"{base}{reverse('table', args=[game.code])}?key={game.host_token}",
            "seats": [{"seat": s.index, "join_url": f"{base}{reverse('join', args=[game.code, s.join_token])}"}
                      for s in game.seats.all()]}

games = [created(i, name) for i, name in enumerate(names)]
idle_games = [created(len(names) + i, IDLE_GAME) for i in range(idle)]
print("BENCH_JSON " + json.dumps({"games": games, "idle": idle_games,
                                  "taps": {name: taps for name, (_c, _s, taps) in played.items()}}))
"""


def route(code: str, processes: int) -> int:
    """The process a table's screens go to: a hash of its game code, as nginx's
    `hash $catan_route` upstream sends them (docs/venue.md)."""
    return zlib.crc32(code.encode()) % processes


class PlayedTable(AppTable):
    """A table of the realistic mix: its game's taps in order, each sent by the screen that
    makes it at a real table (the table screen, or the acting seat's phone)."""

    def __init__(self, index: int, port: int, game: dict, taps: list, kind: str):
        super().__init__(index, port, game, len(game["seats"]), "socket")
        self.taps, self.kind, self.next_tap = taps, kind, 0

    async def trigger(self, action: Action) -> None:
        if self.next_tap >= len(self.taps):  # the game's prepared taps ran out (ask for more: --taps-per-table)
            action.sent = action.answered = now()
            action.outcome = "exhausted"
            return
        screen_of, fields = self.taps[self.next_tap]
        self.next_tap += 1
        self.counter += 1
        form = {**fields, "idem": f"b{self.idem_prefix}-{self.index}-{self.counter}"}
        screen = self.screens[0] if screen_of == "table" else self.screens[1 + screen_of]
        action.kind = form["type"]
        action.sent = now()
        answer = self.answers[form["idem"]] = asyncio.get_running_loop().create_future()
        try:
            await screen.ws.send(json.dumps({"act": form}))
            text = await asyncio.wait_for(answer, 60)
        except (OSError, asyncio.TimeoutError, ConnectionClosed, AttributeError):
            self.answers.pop(form["idem"], None)
            action.answered, action.outcome = now(), "error"
            return
        action.answered = now()
        version = VERSION_RE.search(text)
        if 'data-ok="1"' in text and version:
            action.outcome, action.version = "ok", int(version.group(1))
        else:
            reason = ERROR_RE.search(text)
            action.outcome = "refused"
            action.detail = f"{self.kind} {form['type']}: {reason.group(1).strip() if reason else text[:160]}"


class VenueTarget(Target):
    """Several server processes; each table's screens on the process its code routes to."""

    processes_list: list[subprocess.Popen]
    ports: list[int]

    def pids(self) -> list[int]:
        return [p.pid for p in self.processes_list]

    def stop(self) -> None:
        for process in self.processes_list:
            stop(process)

    def port_for(self, key: str) -> int:
        return self.ports[route(key, len(self.ports))]


class VenueAppTarget(VenueTarget):
    name = "app"

    def __init__(self, env: AppEnvironment, workdir: Path, processes: int, mix: str, records: int,
                 push: str = "html"):
        self.env, self.workdir, self.processes, self.mix, self.records = env, workdir, processes, mix, records
        self.push = push
        self.processes_list, self.ports = [], []

    def start(self) -> None:
        for _ in range(self.processes):
            port = free_port()
            if self.push == "html":
                command = [PY, "manage.py", "serve", "--host", HOST, "--port", str(port), "--no-qr"]
            else:  # the same app pushing data instead (tests/bench/data_push_asgi.py), for comparison
                command = [PY, "-m", "tests.bench.data_push_asgi", "--host", HOST, "--port", str(port)]
            process = spawn(command, {**self.env.env, "BENCH_PUSH": self.push}, self.workdir / f"app-{port}.log")
            self.processes_list.append(process)
            self.ports.append(port)
        for port, process in zip(self.ports, self.processes_list):
            wait_for_port(port, process, timeout=120)
            http_get(port, "/", {})
        self.process = self.processes_list[0]

    def make_tables(self, active, total_sockets, phones):
        """`active` tables of the mix, and idle tables (that never act) up to `total_sockets`."""
        from tests.bench.corpus_tables import IDLE_GAME, MIX, kinds_for, load

        kinds = kinds_for(active, self.mix)
        seen: dict[str, int] = {}
        names = []
        for kind in kinds:
            games = MIX[kind]
            names.append(games[seen.get(kind, 0) % len(games)])
            seen[kind] = seen.get(kind, 0) + 1

        def sockets(name: str) -> int:  # the table screen and a phone per seat
            return 1 + len(load(name)["export"]["config"]["players"])

        missing = total_sockets - sum(map(sockets, names))
        idle = math.ceil(missing / sockets(IDLE_GAME)) if missing > 0 else 0
        data = self.env.shell(MIX_SCRIPT, {"BENCH_NAMES": json.dumps(names), "BENCH_IDLE_TABLES": str(idle),
                                           "BENCH_RECORDS": str(self.records),
                                           "BENCH_BASE_URL": f"http://{HOST}:{self.ports[0]}"}, timeout=3600)
        tables = [PlayedTable(i, self.port_for(g["code"]), g, data["taps"][g["name"]], kind)
                  for i, (g, kind) in enumerate(zip(data["games"], kinds))]
        idle_tables = [AppTable(active + j, self.port_for(g["code"]), g, len(g["seats"]), "socket")
                       for j, g in enumerate(data["idle"])]
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda t: t.join(), tables + idle_tables))
        for table in tables + idle_tables:
            table.make_screens()
        return tables, idle_tables


class VenueChannelsTarget(VenueTarget):
    """The minimal Channels consumer in the same processes, routing and channel layer, with
    as many sockets per table as the app's tables have."""

    def __init__(self, config: str, workdir: Path, processes: int, payload: int, hop: bool):
        self.single = [ChannelsTarget(config, workdir, payload, "", "socket", hop) for _ in range(processes)]
        self.name = self.single[0].name
        self.processes_list, self.ports = [], []

    def start(self) -> None:
        for target in self.single:
            target.start()
            self.processes_list.append(target.process)
            self.ports.append(target.port)
        self.process = self.processes_list[0]

    def make_tables(self, active, idle, sockets_per_table):
        tables = [ChannelsTable(i, self.port_for(f"t{i}"), sockets, "socket")
                  for i, sockets in enumerate(sockets_per_table)]
        return tables, []


async def _open(target: Target, tables: list[Table], idle: list[Table], args) -> dict:
    screens = [s for t in tables + idle for s in t.screens]
    pids = target.pids()
    await asyncio.sleep(0.5)
    rss0 = sum(map(rss_bytes, pids))
    opened, failed = await connect_all(screens, args.connect_parallel, 60)
    await asyncio.sleep(1.0)
    rss1 = sum(map(rss_bytes, pids))
    print(f"   {opened} sockets open ({failed} failed); servers' RSS {rss0 / 2**20:.0f} -> {rss1 / 2**20:.0f} MiB",
          flush=True)
    return {"sockets": opened, "socket_failures": failed, "kb_per_socket": (rss1 - rss0) / max(1, opened) / 1024,
            "rss_before_connect": rss0}


def _line(summary: dict) -> str:
    return (f"p50 {fmt(summary['p50'])} ms  p99 {fmt(summary['p99'])} ms  max {fmt(summary['max'])} ms  "
            f"lost {summary['lost']}/{summary['expected']}  unsent {summary['unsent']}  refused {summary['refused']}  "
            f"errors {summary['error']}  exhausted {summary.get('exhausted', 0)}  "
            f"server CPU {fmt(summary['cpu_ms_per_action'], 2)} ms/action  db+redis "
            f"{fmt(summary['helper_cpu'] / max(1, summary['ok']) * 1000, 2)} ms/action  client {fmt(summary['client_cpu'])} s")


async def _settle(target: Target, limit: float = 90.0) -> None:
    """Wait until the servers are idle: an overloaded phase leaves a queue that would
    otherwise be counted against the next one."""
    deadline = now() + limit
    while now() < deadline:
        before = sum(map(cpu_seconds, target.pids()))
        await asyncio.sleep(0.5)
        if sum(map(cpu_seconds, target.pids())) - before < 0.05:  # < 10 % of a core
            return


async def _phase(target, tables, name, rate, duration, args) -> dict:
    await _settle(target)
    print(f"   {name}: {len(tables)} tables x {rate:g} action/s for {duration:g} s", flush=True)
    summary = await run_phase(target, tables, name, rate, duration, args.max_lag, args.drain)
    print("     " + _line(summary), flush=True)
    for detail in summary["details"]:
        print(f"     refused/error: {detail}", flush=True)
    await asyncio.sleep(1.0)
    return summary


def _within(summary: dict) -> bool:
    return summary["p99"] <= 25 and not (summary["lost"] or summary["unsent"] or summary["error"])


async def run_venue(args, workdir: Path) -> dict:
    """The venue's contract: the realistic mix on `--processes` servers, the floor beside it."""
    result: dict = {"tables": args.tables, "processes": args.processes, "mix": args.mix, "config": args.config,
                    "push": args.push}
    skip = set(filter(None, args.skip.split(",")))
    with AppEnvironment(args.config, workdir, args.server) as env:
        app = VenueAppTarget(env, workdir, args.processes, args.mix, args.taps_per_table, args.push)
        print(f"\n== app: {args.processes} server process(es), {args.tables} tables ({args.mix}), "
              f"pushing {args.push}", flush=True)
        app.start()
        tables: list[Table] = []
        idle: list[Table] = []
        try:
            t_setup = now()
            tables, idle = app.make_tables(args.tables, args.idle, 0)
            print(f"   tables ready in {now() - t_setup:.0f} s", flush=True)
            result.update(await _open(app, tables, idle, args))
            steady = await _phase(app, tables, "steady", args.rate, args.duration, args)
            result.update(p50_ms=steady["p50"], p99_ms=steady["p99"], max_ms=steady["max"], lost=steady["lost"],
                          unsent=steady["unsent"], refused=steady["refused"], errors=steady["error"],
                          exhausted=steady["exhausted"], actions=steady["ok"], steady=steady)
            if args.burst and args.burst > 1:
                burst = await _phase(app, tables, "burst", args.rate * args.burst, args.burst_duration, args)
                result.update(burst_p99_ms=burst["p99"], burst_p50_ms=burst["p50"], burst_lost=burst["lost"],
                              burst_unsent=burst["unsent"], burst=burst)
            per_kind = {"all": steady["cpu_ms_per_action"]}
            for kind in sorted({t.kind for t in tables}) if "kinds" not in skip else ():
                own = [t for t in tables if t.kind == kind]
                summary = await _phase(app, own, f"{kind} only", args.rate, args.kind_duration, args)
                per_kind[kind] = summary["cpu_ms_per_action"]
            result["server_cpu_ms_per_action"] = per_kind
            # Capacity: the highest rate whose p99 stays within 25 ms, nothing lost. A bisection
            # between a rate that passed and one that failed, starting from the steady phase
            # (or, when that failed, from what half the machine's cores would carry at its CPU cost).
            passed, failed = (args.rate, None) if _within(steady) else (0.0, args.rate)
            for _ in range(args.capacity_steps if "capacity" not in skip else 0):
                if failed is None:
                    rate = passed * 1.5
                elif passed == 0.0:
                    cores = os.cpu_count() or 1
                    guess = 0.5 * cores / max(1e-3, steady["cpu_ms_per_action"] / 1000) / len(tables)
                    rate = min(failed * 0.7, guess) if guess < failed else failed * 0.5
                    if rate <= 0.02:
                        break
                else:
                    rate = (passed + failed) / 2
                summary = await _phase(app, tables, f"capacity {rate * len(tables):.0f}/s", rate,
                                       args.capacity_duration, args)
                if _within(summary):
                    passed = max(passed, rate)
                else:
                    failed = rate if failed is None else min(failed, rate)
            result["capacity_actions_per_s"] = round(passed * len(tables)) if "capacity" not in skip else None
            # What the servers hold per socket once the games have been played for a while (the
            # kept renders included), next to the figure right after connecting.
            grown = sum(map(rss_bytes, app.pids())) - result["rss_before_connect"]
            result["kb_per_socket_after_play"] = grown / max(1, result["sockets"]) / 1024
            result["sockets_per_table"] = [len(t.screens) for t in tables]
        finally:
            await asyncio.gather(*(s.close() for t in tables + idle for s in t.screens), return_exceptions=True)
            app.stop()
    floor: dict = {}
    for hop in (False, True) if "floor" not in skip else ():
        target = VenueChannelsTarget(args.config, workdir, args.processes, args.baseline_payload, hop)
        print(f"\n== {target.name}: the minimal Channels consumer, same sockets", flush=True)
        target.start()
        floor_tables: list[Table] = []
        try:
            floor_tables, _ = target.make_tables(0, 0, result["sockets_per_table"])
            await _open(target, floor_tables, [], args)
            summary = await _phase(target, floor_tables, "steady", args.rate, args.floor_duration, args)
            floor["without_hop" if not hop else "with_hop"] = summary
        finally:
            await asyncio.gather(*(s.close() for t in floor_tables for s in t.screens), return_exceptions=True)
            target.stop()
    result["floor_cpu_ms_per_action"] = {k: v["cpu_ms_per_action"] for k, v in floor.items()}
    result["floor_p99_ms"] = {k: v["p99"] for k, v in floor.items()}
    result["floor_p50_ms"] = {k: v["p50"] for k, v in floor.items()}
    return result


# The venue's targets (the CPU issue): server CPU per action for the mix and for each kind alone,
# or, on a machine that measures differently, a multiple of the floor with the thread hop; the
# latencies at the venue's load and in a burst; memory per socket. Then the stretch targets.
CPU_MIX_MS, CPU_KIND_MS, FLOOR_TIMES = 4.0, 6.0, 5.0
STEADY_P50_MS, STEADY_P99_MS, BURST_P99_MS, KB_PER_SOCKET = 10.0, 50.0, 150.0, 50.0
STRETCH_P50_MS, STRETCH_P99_MS = 5.0, 25.0


def _at_most(value, limit: float) -> bool | None:
    return None if value is None or (isinstance(value, float) and math.isnan(value)) else value <= limit


def venue_targets(result: dict) -> list[tuple[str, str, bool | None]]:
    """(target, what was measured, met) for each target; None: not measured in this run."""
    cpu = result["server_cpu_ms_per_action"]
    floor = (result.get("floor_cpu_ms_per_action") or {}).get("with_hop")
    out = []

    def cpu_line(label: str, measured, limit: float) -> None:
        if measured is None:
            out.append((label, "n/a", None))
            return
        times = f", {measured / floor:.1f}x the floor with the hop" if floor else ""
        met = measured <= limit or (floor is not None and measured <= FLOOR_TIMES * floor)
        out.append((label, f"{fmt(measured, 2)} ms{times}", met))

    floor_words = f" (or <= {FLOOR_TIMES:g}x the floor with the hop)"
    cpu_line(f"server CPU per action, the mix <= {CPU_MIX_MS:g} ms{floor_words}", cpu.get("all"), CPU_MIX_MS)
    for kind, measured in cpu.items():
        if kind != "all":
            cpu_line(f"server CPU per action, {kind} alone <= {CPU_KIND_MS:g} ms{floor_words}", measured, CPU_KIND_MS)
    lost = result["lost"] + result["unsent"] + result["errors"]
    out.append((f"steady p50 <= {STEADY_P50_MS:g} ms", f"{fmt(result['p50_ms'])} ms", _at_most(result["p50_ms"], STEADY_P50_MS)))
    out.append((f"steady p99 <= {STEADY_P99_MS:g} ms", f"{fmt(result['p99_ms'])} ms", _at_most(result["p99_ms"], STEADY_P99_MS)))
    out.append(("steady: nothing lost", f"{lost} lost", lost == 0))
    if "burst_p99_ms" in result:
        burst_lost = result["burst_lost"] + result["burst_unsent"]
        out.append((f"burst p99 <= {BURST_P99_MS:g} ms, nothing lost", f"{fmt(result['burst_p99_ms'])} ms, {burst_lost} lost",
                    bool(_at_most(result["burst_p99_ms"], BURST_P99_MS)) and burst_lost == 0))
    kb = result.get("kb_per_socket")
    out.append((f"memory <= {KB_PER_SOCKET:g} KB per socket", f"{fmt(kb)} KB over {result['sockets']} sockets",
                _at_most(kb, KB_PER_SOCKET)))
    out.append((f"stretch: steady p50 <= {STRETCH_P50_MS:g} ms and p99 <= {STRETCH_P99_MS:g} ms",
                f"{fmt(result['p50_ms'])} / {fmt(result['p99_ms'])} ms",
                bool(_at_most(result["p50_ms"], STRETCH_P50_MS)) and bool(_at_most(result["p99_ms"], STRETCH_P99_MS))))
    return out


def print_venue(result: dict, args) -> None:
    print("\n" + "=" * 100)
    print(f"config={args.config} processes={args.processes} tables={args.tables} mix={args.mix} "
          f"sockets={result['sockets']} rate={args.rate:g}/table/s for {args.duration:g} s"
          + (f", burst x{args.burst:g} for {args.burst_duration:g} s" if args.burst and args.burst > 1 else ""))
    print(f"steady: p50 {fmt(result['p50_ms'])} ms, p99 {fmt(result['p99_ms'])} ms, max {fmt(result['max_ms'])} ms, "
          f"lost {result['lost']}, unsent {result['unsent']}, refused {result['refused']}, "
          f"exhausted {result['exhausted']} of {result['actions']} actions")
    if "burst_p99_ms" in result:
        print(f"burst: p50 {fmt(result['burst_p50_ms'])} ms, p99 {fmt(result['burst_p99_ms'])} ms, "
              f"lost {result['burst_lost']}, unsent {result['burst_unsent']}")
    cpu = result["server_cpu_ms_per_action"]
    print("server CPU per action: " + ", ".join(f"{k} {fmt(v, 2)} ms" for k, v in cpu.items()))
    print(f"pushing: {args.push}")
    print("floor (minimal Channels consumer, same sockets): " + ", ".join(
        f"{k} {fmt(v, 2)} ms CPU/action, p99 {fmt(result['floor_p99_ms'][k])} ms"
        for k, v in result["floor_cpu_ms_per_action"].items()))
    print(f"capacity (p99 <= 25 ms, nothing lost): {result['capacity_actions_per_s']} actions/s")
    print(f"memory: {fmt(result['kb_per_socket'])} KB per socket over {result['sockets']} sockets once connected, "
          f"{fmt(result['kb_per_socket_after_play'])} KB after the play")
    targets = venue_targets(result)
    print("targets:")
    for label, measured, met in targets:
        print(f"  {'n/a' if met is None else 'met' if met else 'NOT met':7} {label}: {measured}")
    line = {k: result[k] for k in ("tables", "sockets", "processes", "mix", "push", "p50_ms", "p99_ms", "max_ms", "lost",
                                   "server_cpu_ms_per_action", "floor_cpu_ms_per_action", "floor_p99_ms",
                                   "capacity_actions_per_s", "kb_per_socket", "kb_per_socket_after_play")}
    line["lost"] = result["lost"] + result["unsent"] + result["errors"]
    line["refused"] = result["refused"]  # a played game's tap the app did not accept: never expected
    if "burst_p99_ms" in result:
        line["burst_p99_ms"] = result["burst_p99_ms"]
        line["burst_lost"] = result["burst_lost"] + result["burst_unsent"]
    line["targets_met"] = {label: met for label, _measured, met in targets}
    print(json.dumps(line, default=lambda v: None))


# ---------------------------------------------------------------- report


def fmt(value: float, digits: int = 1) -> str:
    return "n/a" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:.{digits}f}"


def print_report(results: list[dict], args) -> None:
    print("\n" + "=" * 100)
    server = args.server or ("uvicorn" if args.config == "venue" else "daphne")
    print(f"config={args.config}  server={server}  taps={args.taps}  tables={args.tables}  phones={args.phones}  sockets/table={1 + args.phones}  "
          f"rate={args.rate:g}/table/s  duration={args.duration:g}s  burst={args.burst:g}x{args.burst_duration:g}s  "
          f"idle sockets={args.idle}")
    header = (f"{'target':<11}{'phase':<8}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'lost':>7}{'unsent':>7}"
              f"{'refused':>8}{'delivered':>10}{'coalesced':>10}{'CPU s/1000':>11}{'db+redis':>9}{'client':>8}")
    print(header)
    for r in results:
        for p in r["phases"]:
            print(f"{r['name']:<11}{p['phase']:<8}{fmt(p['p50']):>9}{fmt(p['p99']):>9}{fmt(p['max']):>9}"
                  f"{p['lost']:>7}{p['unsent']:>7}{p['refused']:>8}{p['delivered']:>10}{p['coalesced']:>10}"
                  f"{fmt(p['cpu_per_1000'], 3):>11}{fmt(p['helper_cpu_per_1000'], 3):>9}{fmt(p['client_cpu'], 1):>8}")
    print("(delivered: (action, screen) pairs whose screen reached the action's version; coalesced: of those, "
          "reached by a later version's frame; CPU s/1000 = server process CPU-seconds per 1,000 deliveries; "
          "db+redis = postgres + redis-server processes, same unit; client = this process's CPU-seconds)")
    print(f"\n{'target':<11}{'sockets':>8}{'failed':>7}{'KB/socket':>10}{'RSS MiB before/after/end':>26}"
          f"{'connect ms CPU/socket':>22}{'frame bytes':>12}")
    for r in results:
        rss = f"{r['rss_before'] / 2**20:.0f}/{r['rss_after_connect'] / 2**20:.0f}/{r['rss_end'] / 2**20:.0f}"
        print(f"{r['name']:<11}{r['sockets']:>8}{r['socket_failures']:>7}{r['mem_per_socket'] / 1024:>10.1f}"
              f"{rss:>26}{r['connect_cpu_per_socket'] * 1000:>22.2f}{r['mean_frame_bytes']:>12.0f}")
    app = next((r for r in results if r["name"] == "app"), None)
    if app:
        for base in (r for r in results if r["name"] != "app"):
            print(f"\napp / {base['name']}:")
            for pa, pb in zip(app["phases"], base["phases"]):
                def ratio(key):
                    return fmt(pa[key] / pb[key], 2) if pb[key] and not math.isnan(pb[key]) else "n/a"
                print(f"  {pa['phase']:<7} p50 x{ratio('p50')}  p99 x{ratio('p99')}  max x{ratio('max')}  "
                      f"CPU per delivery x{ratio('cpu_per_1000')}  CPU per action x{ratio('cpu_ms_per_action')} "
                      f"({fmt(pa['cpu_ms_per_action'], 2)} vs {fmt(pb['cpu_ms_per_action'], 2)} ms)")
            if base["mem_per_socket"] > 0:
                print(f"  memory per socket x{app['mem_per_socket'] / base['mem_per_socket']:.2f}")
        print("\nTargets (app):")
        steady = app["phases"][0]
        burst = app["phases"][1] if len(app["phases"]) > 1 else None
        chan = next((r for r in results if r["name"] == "channels"), None)

        def verdict(ok: bool) -> str:
            return "met" if ok else "NOT met"

        lost_all = sum(p["lost"] + p["unsent"] + p["error"] for p in app["phases"])
        print(f"  p50 <= 5 ms: {fmt(steady['p50'])} ms -> {verdict(steady['p50'] <= 5)}")
        print(f"  p99 <= 25 ms: {fmt(steady['p99'])} ms -> {verdict(steady['p99'] <= 25)}")
        print(f"  none lost: lost+unsent+errors = {lost_all} -> {verdict(lost_all == 0)}")
        if burst:
            print(f"  burst p99 <= 100 ms: {fmt(burst['p99'])} ms -> {verdict(burst['p99'] <= 100)}")
        kb = app["mem_per_socket"] / 1024
        print(f"  <= 50 KB per socket: {kb:.1f} KB over {app['sockets']} sockets -> {verdict(kb <= 50)}"
              + ("" if app["sockets"] >= 2000 else " (fewer than 2,000 sockets: use --idle 2000 for the target)"))
        if chan:
            r = steady["cpu_per_1000"] / chan["phases"][0]["cpu_per_1000"]
            print(f"  CPU per delivery within 2x of minimal Channels: x{r:.2f} -> {verdict(r <= 2)}")
        if steady["coalesced"] > steady["delivered"] / 10:
            print(f"  note: {steady['coalesced']} of {steady['delivered']} steady deliveries were coalesced (the "
                  "server was behind, one render served several versions): its CPU per delivery is then an "
                  "underestimate; --growth measures the unloaded cost")


# ---------------------------------------------------------------- growth mode

GROWTH_SCRIPT = r"""
import json, os, statistics, sys, time
from django.db import connection
from django.test.utils import CaptureQueriesContext
from companion import engine, services
from companion.web import rendering
from companion.models import Game, Seat
from companion.web.views import render_fragments

target, n, base = int(os.environ["BENCH_TARGET"]), int(os.environ["BENCH_N"]), os.environ["BENCH_BASE_URL"]

def step(game):
    state = services.current_state(game)[0]
    phase = state["phase"]
    if phase == "setup": kind, args = "place_setup", {}
    elif phase == "roll": kind, args = "roll", {}
    elif phase == "discard": kind, args = "discard", {"seat": state["pending"][0]["seat"], "hand_size": 0}
    elif phase == "robber": kind, args = "move_robber", {"victim": ""}
    elif phase == "main": kind, args = "end_turn", {}
    elif phase == "special_build": kind, args = "done_building", {}
    else: raise SystemExit("unexpected phase " + phase)
    return services.perform(game, services.TABLE, kind, args).game

def measure(game):
    out = {"record": game.version}
    for label, viewer in (("table", engine.TABLE), ("seat", 0)):
        render_fragments(game, viewer, base)
        with CaptureQueriesContext(connection) as q:
            render_fragments(game, viewer, base)
        out[label + "_queries"] = len(q)
        t = time.perf_counter()
        for _ in range(n):
            render_fragments(game, viewer, base)
        out[label + "_render_ms"] = (time.perf_counter() - t) * 1000 / n
    # What the sockets do after a change: every screen's push, the shared fragments rendered
    # once (the consumers' path: from the process's cache, no database).
    viewers = [engine.TABLE] + list(range(len(game.config["players"])))
    screens = [rendering.Screen(rendering.load_game(with_seats=v == engine.TABLE, pk=game.pk), v, "en", base)
               for v in viewers]
    pushes = []
    for _ in range(n):
        rendering.forget()
        for screen in screens:
            screen.resync()
        with CaptureQueriesContext(connection) as q:
            t = time.perf_counter()
            for screen in screens:
                rendering.frame(screen, game.version, database=False)
            pushes.append((time.perf_counter() - t) * 1000)
    out["push_all_ms"] = statistics.median(pushes)
    out["push_queries"] = len(q)
    times, queries = [], []
    for _ in range(n):
        with CaptureQueriesContext(connection) as q:
            t = time.perf_counter()
            game = step(game)
            times.append((time.perf_counter() - t) * 1000)
        queries.append(len(q))
    out["perform_ms"] = statistics.median(times)
    out["perform_queries"] = statistics.median(queries)
    out["record_after"] = game.version
    return game, out

# Record ~10: a scratch game with the same players and bound seats, after its setup rounds.
main = Game.objects.get(code=os.environ["BENCH_GAME"])
scratch = services.create_game({**main.config, "dice_source": "virtual"}, seed=7)
Seat.objects.filter(game=scratch).update(session_key="bench")
while scratch.phase == "setup":
    scratch = step(scratch)
scratch, early = measure(scratch)
# Fast-forward the measured game to ~target records, then measure there.
t = time.perf_counter()
start = main.version
while main.version < target - n:
    main = step(main)
    if main.version % 1000 == 0:
        print(f"  record {main.version}", file=sys.stderr, flush=True)
ff = time.perf_counter() - t
main, late = measure(main)
state = services.current_state(main)[0]
print("BENCH_JSON " + json.dumps({"early": early, "late": late, "ff_actions": main.version - start, "ff_s": ff,
                                  "phase": state["phase"], "pending": [p["seat"] for p in state["pending"]]}))
"""


async def growth_point(table: AppTable, pid: int, samples: int, warmup: int) -> dict:
    """Closed loop: one action, wait until every screen has it, next. ms per action and CPU."""
    for _ in range(warmup):
        action = Action(table.index, "warmup", now())
        await table.trigger(action)
        if action.version:
            await table.wait_all(action.version, 30)
    walls, replies = [], []
    start_version = None
    cpu0 = cpu_seconds(pid)
    for _ in range(samples):
        action = Action(table.index, "growth", now())
        await table.trigger(action)
        if action.outcome != "ok":
            raise RuntimeError(f"growth action {action.kind} was {action.outcome}")
        start_version = start_version or action.version
        if not await table.wait_all(action.version, 30):
            state = [(s.latest, s.close_code) for s in table.screens]
            raise RuntimeError(f"screens did not reach version {action.version} in 30 s: {state}")
        walls.append((now() - action.scheduled) * 1000)
        replies.append((action.answered - action.sent) * 1000)
    cpu = cpu_seconds(pid) - cpu0
    return {"record": start_version, "wall_p50": statistics.median(walls), "wall_mean": statistics.mean(walls),
            "reply_p50": statistics.median(replies), "cpu_ms": cpu / samples * 1000}


async def run_growth(args, workdir: Path) -> None:
    with AppEnvironment(args.config, workdir, args.server) as env:
        target = AppTarget(env, workdir, args.taps)
        target.start()
        table = None
        try:
            (table,), _ = target.make_tables(1, 0, args.phones)
            opened, failed = await connect_all(table.screens, 8, 60)
            print(f"growth: game {table.code}, {opened} screens ({failed} failed), config {args.config}", flush=True)
            for _ in range(4 * len(PLAYERS)):  # the setup rounds: record 2n
                if table.phase != "setup":
                    break
                action = Action(0, "setup", now())
                await table.trigger(action)
                await table.wait_all(action.version or 0, 30)
            if table.phase == "setup":
                raise RuntimeError("the setup rounds did not finish")
            early = await growth_point(table, target.process.pid, args.samples, warmup=3)
            print(f"  HTTP at record {early['record']}: {early['wall_p50']:.1f} ms p50 (all screens), "
                  f"server CPU {early['cpu_ms']:.1f} ms/action", flush=True)
            print(f"  fast-forwarding to record {args.records} with services.perform in `manage.py shell` ...",
                  flush=True)
            # In a thread: the screens' sockets must keep answering daphne's pings meanwhile.
            extra = {"BENCH_GAME": table.code, "BENCH_TARGET": str(args.records), "BENCH_N": str(args.samples),
                     "BENCH_BASE_URL": f"http://{HOST}:{target.port}"}
            service = await asyncio.to_thread(env.shell, GROWTH_SCRIPT, extra, 3600, True)
            # The game moved on without this client: take its phase from the shell.
            table.phase = service["phase"]
            table.discard_next = service["pending"][0] if service["pending"] else 0
            late = await growth_point(table, target.process.pid, args.samples, warmup=3)
        finally:
            if table is not None:
                await asyncio.gather(*(s.close() for s in table.screens), return_exceptions=True)
                table.conn.close()
            target.stop()
    e, l = service["early"], service["late"]
    print("\n" + "=" * 100)
    print(f"growth: one action early vs late in a game (config {args.config}, 1 table screen + {args.phones} "
          f"phones, {args.samples} actions at each point; fast-forward {service['ff_actions']} actions in "
          f"{service['ff_s']:.0f} s)")
    print(f"  HTTP rows: the measured game from record {early['record']} and from record {late['record']}; "
          f"service rows (in `manage.py shell`): a fresh game from record {e['record']}, the measured game "
          f"from record {l['record']}")
    rows = [
        ("HTTP action -> all screens, p50 ms", early["wall_p50"], late["wall_p50"]),
        ("HTTP action -> all screens, mean ms", early["wall_mean"], late["wall_mean"]),
        ("HTTP reply (POST /act/), p50 ms", early["reply_p50"], late["reply_p50"]),
        ("server CPU ms per action (all pushes)", early["cpu_ms"], late["cpu_ms"]),
        ("services.perform, p50 ms", e["perform_ms"], l["perform_ms"]),
        ("render table fragments, ms", e["table_render_ms"], l["table_render_ms"]),
        ("render seat fragments, ms", e["seat_render_ms"], l["seat_render_ms"]),
        ("pushes to the table + every seat (full), ms", e["push_all_ms"], l["push_all_ms"]),
        ("DB queries: perform", e["perform_queries"], l["perform_queries"]),
        ("DB queries: table render", e["table_queries"], l["table_queries"]),
        ("DB queries: seat render", e["seat_queries"], l["seat_queries"]),
        ("DB queries: pushes to all screens", e["push_queries"], l["push_queries"]),
    ]
    print(f"{'':<42}{'early':>14}{'late':>16}{'ratio':>9}")
    for label, a, b in rows:
        print(f"{label:<42}{a:>14.2f}{b:>16.2f}{(b / a if a else float('nan')):>9.2f}")
    r = late["wall_p50"] / early["wall_p50"]
    print(f"\nTarget: action at record ~{args.records} <= 1.2x one at record ~10: x{r:.2f} -> "
          f"{'met' if r <= 1.2 else 'NOT met'} (HTTP action -> all screens, p50)")


# ---------------------------------------------------------------- main


async def run_load(args, workdir: Path) -> None:
    results = []
    names = [n.strip() for n in args.targets.split(",") if n.strip()]
    with AppEnvironment(args.config, workdir, args.server) if "app" in names else _Null() as env:
        for name in names:
            if name == "app":
                target = AppTarget(env, workdir, args.taps)
            elif name == "channels":
                target = ChannelsTarget(args.config, workdir, args.baseline_payload, args.server, args.taps)
            elif name == "websockets":
                target = WsTarget(workdir, args.baseline_payload)
            else:
                raise SystemExit(f"unknown target {name}")
            results.append(await asyncio.wait_for(run_target(target, args), args.target_timeout))
    print_report(results, args)
    if args.json and args.json != "-":
        Path(args.json).write_text(json.dumps({"args": vars(args), "results": results}, indent=1))


class _Null:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--phones", type=int, default=6, help="phones per table (sockets per table = 1 + phones)")
    parser.add_argument("--rate", type=float, default=1.0, help="actions per table per second (steady)")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of steady load")
    parser.add_argument("--burst", type=float, default=None,
                        help="burst rate multiplier (0 or 1: no burst; default 5, none with --mix/--processes)")
    parser.add_argument("--burst-duration", type=float, default=None, help="default 5 s, 10 s with --mix/--processes")
    parser.add_argument("--idle", type=int, default=0,
                        help="extra idle sockets (on games that never act) for the memory-per-socket figure")
    parser.add_argument("--config", choices=["embedded", "venue"], default="embedded")
    parser.add_argument("--targets", default="app,channels,websockets")
    parser.add_argument("--server", choices=["daphne", "uvicorn"], default="",
                        help="ASGI server of the app and the Channels baseline (default: serve's, by --config)")
    parser.add_argument("--taps", choices=["socket", "http"], default="socket",
                        help="how the table screen sends its actions: over its websocket (what the browser does "
                             "while the socket is open) or as HTTP posts (the fallback)")
    parser.add_argument("--baseline-payload", type=int, default=64, help="padding bytes of a baseline frame")
    parser.add_argument("--max-lag", type=float, default=15.0,
                        help="stop sending when this far behind the schedule's end (the rest counts as unsent)")
    parser.add_argument("--drain", type=float, default=10.0, help="seconds to wait for the last frames")
    parser.add_argument("--connect-parallel", type=int, default=16)
    parser.add_argument("--target-timeout", type=float, default=1800.0, help="hard cap per target run, s")
    parser.add_argument("--json", nargs="?", const="-",
                        help="also write the raw figures to this file (with --mix/--processes: bare --json prints "
                             "only the closing JSON line, which is always printed there)")
    parser.add_argument("--processes", type=int, default=1, help="server processes, tables routed by game code")
    parser.add_argument("--mix", default="",
                        choices=["", "realistic", "base", "cities_knights", "events", "explorers_pirates", "score"],
                        help="the venue's mix of games (tests/bench/corpus_tables.py); with it or --processes the "
                             "run is the venue's contract: app, then the minimal consumer with and without the hop")
    parser.add_argument("--taps-per-table", type=int, default=400,
                        help="venue: records of each game played beforehand (the taps a table can send)")
    parser.add_argument("--kind-duration", type=float, default=8.0, help="venue: seconds of each kind alone (CPU)")
    parser.add_argument("--capacity-steps", type=int, default=5, help="venue: rate steps of the capacity search")
    parser.add_argument("--capacity-duration", type=float, default=10.0, help="venue: seconds per capacity step")
    parser.add_argument("--floor-duration", type=float, default=15.0, help="venue: seconds of the floor's phase")
    parser.add_argument("--growth", action="store_true", help="measure one action at record ~10 vs ~--records")
    parser.add_argument("--records", type=int, default=5000)
    parser.add_argument("--samples", type=int, default=42, help="growth: actions timed at each point")
    parser.add_argument("--keep", action="store_true", help="keep the work dir (server logs)")
    parser.add_argument("--push", choices=["html", "view", "context"], default="html",
                        help="venue: what the app's pushes carry: its HTML fragments, or (for comparison, "
                             "tests/bench/data_push_asgi.py) a diff of each screen's view, with or without "
                             "building the screen's template context first")
    parser.add_argument("--skip", default="", help="venue: phases left out, comma-separated: kinds,capacity,floor")
    args = parser.parse_args(argv)
    venue = bool(args.mix) or args.processes > 1
    if args.burst is None:
        args.burst = 0.0 if venue else 5.0
    if args.burst_duration is None:
        args.burst_duration = 10.0 if venue else 5.0
    args.idle_tables = math.ceil(args.idle / (1 + args.phones)) if args.idle else 0
    limit = raise_nofile()
    need = (args.tables + args.idle_tables) * (1 + args.phones) + args.tables + 100
    if limit < need:
        print(f"warning: RLIMIT_NOFILE is {limit}, this run needs about {need}", file=sys.stderr)
    workdir = Path(tempfile.mkdtemp(prefix="catan-bench-"))
    try:
        if args.growth:
            asyncio.run(asyncio.wait_for(run_growth(args, workdir), args.target_timeout))
        elif args.mix or args.processes > 1:
            args.mix = args.mix or "score"
            result = asyncio.run(asyncio.wait_for(run_venue(args, workdir), args.target_timeout))
            if args.json and args.json != "-":
                Path(args.json).write_text(json.dumps({"args": vars(args), "result": result}, indent=1,
                                                      default=lambda v: None))
            print_venue(result, args)
        else:
            asyncio.run(run_load(args, workdir))
    finally:
        if args.keep:
            print(f"work dir (server logs): {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
