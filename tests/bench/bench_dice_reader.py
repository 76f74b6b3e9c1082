"""Latency of a physical roll: the line written to the reader's port → the websocket frame
received by every screen of the table, against the same roll typed in through the HTTP
action, measured in the same run.

    python -m tests.bench.bench_dice_reader [--rolls 60] [--phones 4]

The server is `manage.py serve` (embedded default) with the dice reader in its process;
the simulator plays the device on a TCP port; all traffic stays on 127.0.0.1.
"""
import argparse
import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path

import websockets

from hardware.simulator import Simulator, TcpTransport
from tests.bench.client import Browser, new_game, version_of
from tests.e2e.harness import start_server, stop_server

NAMES = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek"]
COLORS = ["red", "blue", "white", "orange", "green", "brown"]


async def wait_all(screens, version: int, timeout: float = 10.0) -> float:
    """Seconds until every screen has received a frame at `version` or later."""
    async def one(socket):
        while True:
            frame = await socket.recv()
            seen = version_of(frame)
            if seen is not None and seen >= version:
                return time.perf_counter()

    done = await asyncio.wait_for(asyncio.gather(*(one(s) for s in screens)), timeout)
    return max(done)


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def describe(name, seconds):
    ms = [s * 1000 for s in seconds]
    return (f"{name:<28} n={len(ms):<4} p50={statistics.median(ms):7.2f} ms  p99={percentile(ms, 99):7.2f} ms  "
            f"max={max(ms):7.2f} ms")


async def run(rolls: int, phones: int) -> None:
    data_dir = Path(tempfile.mkdtemp(prefix="bench-reader-"))
    env = {**os.environ, "CATAN_NO_BOOTSTRAP": "1", "CATAN_DATA_DIR": str(data_dir), "LOG_LEVEL": "ERROR"}
    server, base = start_server(data_dir, {"CATAN_DATA_DIR": str(data_dir), "LOG_LEVEL": "ERROR"})
    simulator = Simulator(TcpTransport(), dice="YR", seed=7, hello_delay=0.05).start()
    try:
        players = ",".join(f"{n}:{c}" for n, c in zip(NAMES[: phones], COLORS))
        game = new_game(base, env, players)
        code = game["code"]
        table = Browser(base)
        table.get(game["table_url"])
        seats = []
        for seat in game["seats"]:
            phone = Browser(base)
            phone.get(seat["join_url"])
            seats.append(phone)
        act = f"/g/{code}/act/"
        for i in range(2 * phones):
            assert table.post(act, {"as": "table", "type": "place_setup", "idem": f"setup-{i}"}) == 200
        assert table.post(f"/g/{code}/reader/", {"url": simulator.url}) == 200  # after the redirect
        assert simulator.wait_for_host(10), "the server's reader did not connect"
        version = 2 * phones + 1  # the switch to the reader as dice source

        uri = base.replace("http", "ws")
        screens = [await websockets.connect(f"{uri}/ws/g/{code}/table/", additional_headers=table.ws_headers())]
        for phone in seats:
            screens.append(await websockets.connect(f"{uri}/ws/g/{code}/seat/", additional_headers=phone.ws_headers()))
        for socket in screens:
            await socket.recv()  # the full view on connect
        await asyncio.sleep(0.5)

        reader_latency, typed_latency = [], []
        faces = [(2, 3), (4, 4), (6, 5), (1, 3), (5, 4), (3, 3)]  # never a 7: no discards in the way
        for n in range(rolls):
            y, r = faces[n % len(faces)]
            if n % 2 == 0:
                start = time.perf_counter()
                simulator.roll(y, r, motion=False)
                done = await wait_all(screens, version + 1)
                reader_latency.append(done - start)
            else:
                start = time.perf_counter()
                status = await asyncio.to_thread(
                    table.post, act, {"as": "table", "type": "roll", "die1": y, "die2": r, "idem": f"roll-{n}"})
                assert status == 200, status
                done = await wait_all(screens, version + 1)
                typed_latency.append(done - start)
            await asyncio.to_thread(table.post, act, {"as": "table", "type": "end_turn", "idem": f"end-{n}"})
            await wait_all(screens, version + 2)
            version += 2
        for socket in screens:
            await socket.close()
        print(f"{len(screens)} screens per table (1 table screen + {phones} phones)")
        print(describe("dice reader line -> screens", reader_latency))
        print(describe("typed HTTP roll -> screens", typed_latency))
        ratio = statistics.median(reader_latency) / statistics.median(typed_latency)
        print(f"reader/typed p50 ratio: {ratio:.2f}")
    finally:
        simulator.close()
        stop_server(server)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rolls", type=int, default=60)
    parser.add_argument("--phones", type=int, default=4, choices=range(3, 7))
    args = parser.parse_args()
    asyncio.run(run(args.rolls, args.phones))


if __name__ == "__main__":
    main()
