"""The venue configuration's dice reader: its own process (`manage.py dice_reader`), one
port each, sending through PostgreSQL and the Redis channel layer to a separate server."""
import asyncio
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import websockets

from hardware.simulator import Simulator, TcpTransport
from tests.bench.client import Browser, new_game, version_of
from tests.e2e.harness import ROOT, start_server, stop_server

from .test_venue_configuration import venue_env  # noqa: F401  (fixture)

pytestmark = pytest.mark.venue


def test_dice_reader_process_feeds_the_table_through_redis(venue_env, tmp_path):  # noqa: F811
    server, base = start_server(tmp_path, venue_env)
    simulator = Simulator(TcpTransport(), dice="YR", seed=3, hello_delay=0.05).start()
    env = {**os.environ, **venue_env}
    reader = None
    try:
        game = new_game(base, env, "Ala:red,Bartek:blue,Celina:white")
        table = Browser(base)
        table.get(game["table_url"])
        for i in range(6):  # two setup rounds of three players
            assert table.post(f"/g/{game['code']}/act/", {"as": "table", "type": "place_setup", "idem": f"s{i}"}) == 200
        reader = subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), "dice_reader", "--device", simulator.url, "--game", game["code"]],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        assert simulator.wait_for_host(20), "the dice_reader process did not open the port"

        async def roll_and_watch():
            uri = base.replace("http", "ws") + f"/ws/g/{game['code']}/table/"
            async with websockets.connect(uri, additional_headers=table.ws_headers()) as socket:
                first = await socket.recv()
                assert version_of(first) == 7  # setup (6) + the switch to the reader
                simulator.roll(5, 3)
                while True:
                    frame = await asyncio.wait_for(socket.recv(), 10)
                    if version_of(frame) == 8:
                        return frame

        # A thread of its own: the session's Playwright browser keeps a loop in this one.
        with ThreadPoolExecutor(1) as pool:
            frame = pool.submit(asyncio.run, roll_and_watch()).result()
        assert 'class="total">8<' in frame
        reader.send_signal(signal.SIGTERM)
        started = time.monotonic()
        assert reader.wait(timeout=10) == 0
        print(f"dice_reader stopped {time.monotonic() - started:.2f} s after SIGTERM")
    finally:
        if reader and reader.poll() is None:
            reader.kill()
        simulator.close()
        stop_server(server)
