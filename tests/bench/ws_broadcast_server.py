"""Baseline 2 for bench_venue: a plain `websockets` broadcast server (asyncio, one process).

    python -m tests.bench.ws_broadcast_server PORT

- websocket /t/<table>: the connection joins that table's set and gets a hello frame
  (version 0). A text message "N" from any connection of the table is broadcast as the
  frame of version N to every connection of the table (the sender included).

No Django, no channel layer, no compression: the floor of what one Python process can do.
"""
import asyncio
import os
import signal
import sys

from websockets.asyncio.server import broadcast, serve

PADDING = "x" * int(os.environ.get("BENCH_PAYLOAD_BYTES", "64"))
TABLES: dict[str, set] = {}


def frame(version: int) -> str:
    return f'<section id="status" data-version="{version}">{PADDING}</section>'


async def handler(connection):
    table = connection.request.path.rstrip("/").rsplit("/", 1)[-1]
    members = TABLES.setdefault(table, set())
    members.add(connection)
    try:
        await connection.send(frame(0))
        async for message in connection:
            try:
                version = int(message)
            except ValueError:
                continue
            broadcast(members, frame(version))
    finally:
        members.discard(connection)


async def main(port: int) -> None:
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set_result, None)
    async with serve(handler, "127.0.0.1", port, compression=None, ping_interval=None, max_size=2**20,
                     backlog=1024):
        await stop


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
