"""Resilience: kill the server at random moments, and restart it under connected screens.

    .venv/bin/python -m tests.bench.bench_resilience [--trials 200] [--config embedded|venue]
    .venv/bin/python -m tests.bench.bench_resilience --reconnect [--screens 60] [--config ...]

Kill trials: one scripted game is played over HTTP the way a phone does (every action with
an idempotency key; when the answer is lost, the same request is sent again). In each
trial the server is SIGKILLed at a random moment (0-300 ms into a burst of actions) and
started again. At the end the stored records are read back and checked: every action the
server acknowledged is there, each exactly once; the records replay to a state (nothing
half-applied); versions are gap-free; the game still accepts the next action.

Reconnect: S screens (websockets with the browsers' cookies) follow one game; the server is
stopped (SIGTERM) and started again; every screen reconnects after a random delay of 1-3 s
(what static/app.js does on a 1001, spreading the reconnections) and resyncs. Printed: how
long after the restart the last screen was current again, and the spread of reconnections.
"""
from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import random
import secrets
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
from pathlib import Path

from tests.bench import client
from tests.e2e.harness import ROOT, start_server

PLAYERS = "Ala:red,Bartek:blue,Celina:white"


class Script:
    """The legal next action of a no-board game, derived from how many were acknowledged."""

    setup_steps = 6

    def action(self, done: int) -> dict:
        if done < self.setup_steps:
            return {"as": "table", "type": "place_setup"}
        if (done - self.setup_steps) % 2 == 0:
            return {"as": "table", "type": "roll", "die1": "2", "die2": "4"}
        return {"as": "table", "type": "end_turn"}


class Player:
    """Posts the script's actions one at a time; a lost answer is retried with its key."""

    def __init__(self, table: client.Browser, code: str):
        self.table, self.code = table, code
        self.script = Script()
        self.acknowledged: list[str] = []
        self.pending: tuple[str, dict] | None = None
        self.stop = threading.Event()

    def send(self) -> bool:
        if self.pending is None:
            self.pending = (secrets.token_hex(8), self.script.action(len(self.acknowledged)))
        idem, fields = self.pending
        try:
            status, body = self.table.post_answer(f"/g/{self.code}/act/", {**fields, "idem": idem})
        except (OSError, urllib.error.URLError, ConnectionError, http.client.HTTPException):
            # killed mid-request, or mid-answer (IncompleteRead): unknown outcome, the same key goes again
            return False
        if status != 200:
            raise AssertionError(f"action refused ({status}): {body[:200]}")
        self.acknowledged.append(idem)
        self.pending = None
        return True

    def run(self) -> None:
        while not self.stop.is_set():
            if not self.send():
                return


def _server(env: dict, data_dir: Path, port: int | None = None):
    return start_server(data_dir, env, port=port)


def _records(env: dict, data_dir: Path, code: str) -> tuple[dict, list[dict]]:
    if env.get("DATABASE_URL"):
        import psycopg

        with psycopg.connect(env["DATABASE_URL"]) as db:
            return _rows(db, code)
    with sqlite3.connect(data_dir / "catan.sqlite3") as db:
        return _rows(db, code)


def _rows(db, code: str):
    param = "%s" if db.__class__.__module__.startswith("psycopg") else "?"
    game_id, config = db.execute(f"SELECT id, config FROM companion_game WHERE code = {param}", (code,)).fetchone()
    rows = db.execute(f"SELECT seq, kind, payload, idempotency_key FROM companion_record WHERE game_id = {param} "
                      "ORDER BY seq", (game_id,)).fetchall()
    config = json.loads(config) if isinstance(config, str) else config
    records = [{"seq": seq, "kind": kind, **(json.loads(p) if isinstance(p, str) else p), "idem": key}
               for seq, kind, p, key in rows]
    return config, records


def kill_trials(trials: int, env: dict, data_dir: Path, seed: int = 1) -> dict:
    from companion.engine import fold

    rng = random.Random(seed)
    process, url = _server(env, data_dir)
    port = int(url.rsplit(":", 1)[1])
    game = client.new_game(url, {**os.environ, **env, "CATAN_DATA_DIR": str(data_dir)}, PLAYERS)
    table = client.Browser(url)
    table.get(game["table_url"])
    player = Player(table, game["code"])
    restarts = []
    try:
        for trial in range(trials):
            worker = threading.Thread(target=player.run)
            worker.start()
            time.sleep(rng.uniform(0, 0.3))
            process.kill()  # SIGKILL: no chance to finish anything
            process.wait()
            player.stop.set()
            worker.join()
            player.stop.clear()
            started = time.monotonic()
            process, _ = _server(env, data_dir, port=port)
            restarts.append(time.monotonic() - started)
            assert player.send(), "the retried action failed after the restart"
        assert player.send()  # the game goes on
    finally:
        process.kill()
        process.wait()
    config, records = _records(env, data_dir, game["code"])
    keys = [r.pop("idem") for r in records]
    missing = [k for k in player.acknowledged if k not in keys]
    duplicated = len(keys) - len(set(keys))
    gaps = [r["seq"] for i, r in enumerate(records) if r["seq"] != i + 1]
    fold(config, records)  # raises on any half-applied or illegal record
    return {"trials": trials, "acknowledged": len(player.acknowledged), "records": len(records),
            "lost": len(missing), "duplicated": duplicated, "gaps": len(gaps),
            "restart_p50_s": statistics.median(restarts) if restarts else 0.0,
            "restart_max_s": max(restarts, default=0.0)}


async def _follow(headers: dict, ws_url: str, wanted: int, ready: asyncio.Event, results: list,
                  rng: random.Random, connected: list) -> None:
    """One screen: connect, lose the connection at the restart, come back after 1-3 s."""
    import websockets

    async with websockets.connect(ws_url, additional_headers=headers, max_size=None) as socket:
        await socket.recv()
        connected.append(1)
        try:
            while True:
                await socket.recv()
        except websockets.ConnectionClosed:
            pass
    await ready.wait()
    await asyncio.sleep(rng.uniform(1, 3))
    reconnect_at = time.monotonic()
    for _attempt in range(20):
        try:
            async with websockets.connect(ws_url, additional_headers=headers, max_size=None) as socket:
                frame = await asyncio.wait_for(socket.recv(), 10)
                if client.version_of(frame) == wanted:
                    results.append((reconnect_at, time.monotonic()))
                    return
        except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
            await asyncio.sleep(rng.uniform(0.5, 1.5))
    results.append((reconnect_at, None))


async def reconnect(screens: int, env: dict, data_dir: Path) -> dict:
    process, url = _server(env, data_dir)
    port = int(url.rsplit(":", 1)[1])
    game = client.new_game(url, {**os.environ, **env, "CATAN_DATA_DIR": str(data_dir)}, PLAYERS)
    table = client.Browser(url)
    table.get(game["table_url"])
    for _ in range(3):
        assert table.post(f"/g/{game['code']}/act/", {"as": "table", "type": "place_setup",
                                                        "idem": secrets.token_hex(8)}) == 200
    wanted = 3
    ws_url = f"ws://127.0.0.1:{port}/ws/g/{game['code']}/table/"
    rng = random.Random(7)
    ready, results, connected = asyncio.Event(), [], []
    tasks = [asyncio.create_task(_follow(table.ws_headers(), ws_url, wanted, ready, results, rng, connected))
             for _ in range(screens)]
    while len(connected) < screens:
        await asyncio.sleep(0.05)
    process.terminate()
    await asyncio.to_thread(process.wait)
    process, _ = await asyncio.to_thread(_server, env, data_dir, port)
    restarted = time.monotonic()
    ready.set()
    await asyncio.gather(*tasks)
    process.terminate()
    process.wait()
    current = [done - restarted for _start, done in results if done is not None]
    starts = [start - restarted for start, _done in results]
    return {"screens": screens, "current_again": len(current), "last_current_s": max(current, default=float("nan")),
            "p50_current_s": statistics.median(current) if current else float("nan"),
            "reconnect_spread_s": (max(starts) - min(starts)) if starts else 0.0}


def _admin(sql: str) -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as admin:
        admin.execute(sql)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--reconnect", action="store_true")
    parser.add_argument("--screens", type=int, default=60)
    parser.add_argument("--config", choices=["embedded", "venue"], default="embedded")
    args = parser.parse_args(argv)
    env = {"CATAN_NO_BOOTSTRAP": "1"}
    database = None
    if args.config == "venue":
        database = f"catan_resilience_{secrets.token_hex(4)}"
        _admin(f'CREATE DATABASE "{database}"')
        env.update(DATABASE_URL=f"postgresql://postgres@127.0.0.1:5432/{database}",
                   REDIS_URL="redis://127.0.0.1:6379/7")
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        subprocess.run([sys.executable, str(ROOT / "manage.py"), "migrate", "-v0"], cwd=ROOT, check=True,
                       env={**os.environ, **env, "CATAN_DATA_DIR": tmp})
        try:
            if args.reconnect:
                result = asyncio.run(reconnect(args.screens, env, data_dir))
                print(f"restart with {result['screens']} screens connected: {result['current_again']} current again; "
                      f"p50 {result['p50_current_s']:.2f} s, last {result['last_current_s']:.2f} s after the restart "
                      f"(reconnections spread over {result['reconnect_spread_s']:.2f} s)")
            else:
                result = kill_trials(args.trials, env, data_dir)
                print(f"{result['trials']} SIGKILLs ({args.config}): {result['acknowledged']} actions acknowledged, "
                      f"{result['records']} records, {result['lost']} lost, {result['duplicated']} duplicated, "
                      f"{result['gaps']} gaps; restart p50 {result['restart_p50_s']:.2f} s, "
                      f"max {result['restart_max_s']:.2f} s")
        finally:
            if database:
                _admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    print(json.dumps(result))


if __name__ == "__main__":
    main()
