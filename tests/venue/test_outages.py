"""PostgreSQL or Redis briefly unreachable in the venue configuration: actions fail within
seconds with a clear message instead of hanging, nothing is half-recorded, and the game
goes on when the service is back. The server reaches both through a TCP relay that the
test cuts and restores (the real services keep running for everybody else).
"""
import json
import os
import secrets
import socket
import subprocess
import sys
import threading
import time

import pytest
from websockets.sync.client import connect as connect_websocket

from tests.bench import client
from tests.e2e.harness import ROOT, free_port, start_server, stop_server

from .test_venue_configuration import venue_env  # noqa: F401  (fixture)

pytestmark = [pytest.mark.venue]


class Relay:
    """A TCP relay to host:port that can be cut (connections dropped, new ones refused)."""

    def __init__(self, target_port: int):
        self.target = ("127.0.0.1", target_port)
        self.port = free_port()
        self.connections: list[socket.socket] = []
        self.listener = None
        self.lock = threading.Lock()
        self.restore()

    def restore(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", self.port), reuse_port=False)
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def cut(self) -> None:
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread (close alone does not)
        except OSError:
            pass
        self.listener.close()
        with self.lock:
            for conn in self.connections:
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                conn.close()
            self.connections.clear()

    def _accept(self, listener) -> None:
        while True:
            try:
                inbound, _ = listener.accept()
            except OSError:
                return
            try:
                outbound = socket.create_connection(self.target, timeout=3)
            except OSError:
                inbound.close()
                continue
            with self.lock:
                self.connections += [inbound, outbound]
            for a, b in ((inbound, outbound), (outbound, inbound)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source, sink) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                try:
                    s.close()
                except OSError:
                    pass


def _tap_over_socket(url: str, code: str, table: client.Browser, cut) -> tuple[str, float]:
    """With the table's websocket open, `cut()`, then a place_setup tap over the socket: the
    answer that acknowledges it. (The sync client: the suite may have an event loop running.)"""
    uri = url.replace("http://", "ws://") + f"/ws/g/{code}/table/"
    with connect_websocket(uri, additional_headers=table.ws_headers(), open_timeout=10) as socket_:
        socket_.recv(timeout=10)  # the full view
        cut()
        idem = secrets.token_hex(8)
        started = time.monotonic()
        socket_.send(json.dumps({"act": {"as": "table", "type": "place_setup", "idem": idem}}))
        while True:
            frame = socket_.recv(timeout=20)
            if f'data-ack="{idem}"' in frame:
                return frame, time.monotonic() - started


def test_database_and_redis_outages_fail_fast_and_the_game_goes_on(venue_env, tmp_path):  # noqa: F811
    pg_relay, redis_relay = Relay(5432), Relay(6379)
    database_url = venue_env["DATABASE_URL"].replace(":5432/", f":{pg_relay.port}/")
    redis_url = venue_env["REDIS_URL"].replace(":6379/", f":{redis_relay.port}/")
    process, url = start_server(tmp_path, {**venue_env, "DATABASE_URL": database_url, "REDIS_URL": redis_url})
    try:
        created = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), "newgame", "--players", "Ala:red,Bartek:blue,Celina:white", "--dice",
             "typed", "--json", "--base-url", url],
            cwd=ROOT, env={**os.environ, **venue_env}, capture_output=True, text=True, check=True)
        game = json.loads(created.stdout)
        table = client.Browser(url)
        table.get(game["table_url"])
        act = f"/g/{game['code']}/act/"

        def place() -> tuple[int, str, float]:
            started = time.monotonic()
            status, body = table.post_answer(act, {"as": "table", "type": "place_setup", "idem": secrets.token_hex(8)})
            return status, body, time.monotonic() - started

        assert place()[0] == 200

        # PostgreSQL unreachable: a clear 503 within seconds, and nothing recorded; a tap over
        # an open socket gets the same clear refusal.
        answer, seconds = _tap_over_socket(url, game["code"], table, pg_relay.cut)
        assert 'data-ok="0"' in answer and "Nothing was recorded" in answer, answer[-400:]
        print(f"database outage: a socket tap refused in {seconds:.1f} s")
        assert seconds < 15
        status, body, seconds = place()
        assert status == 503 and "Nothing was recorded" in body, body[:300]
        print(f"database outage: refused in {seconds:.1f} s")
        assert seconds < 15
        pg_relay.restore()
        deadline = time.monotonic() + 20
        while (status := place()[0]) == 503 and time.monotonic() < deadline:
            time.sleep(0.5)
        assert status == 200

        # Redis unreachable: the action is still recorded (PostgreSQL holds the game); the
        # screens hear of it when they reconnect.
        redis_relay.cut()
        status, body, seconds = place()
        print(f"redis outage: action answered {status} in {seconds:.1f} s")
        assert status in (200, 503) and seconds < 15
        redis_relay.restore()
        time.sleep(1)
        assert place()[0] == 200
        page = table.get(f"{url}/g/{game['code']}/table/")
        expected = 4 if status == 200 else 3
        assert f'data-version="{expected}"' in page
    finally:
        stop_server(process)
        pg_relay.cut()
        redis_relay.cut()
