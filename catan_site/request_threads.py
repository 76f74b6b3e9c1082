"""Run each HTTP request's synchronous part on one of a few long-lived threads.

Django's ASGI handler gives every request a thread of its own (and a second one to join
it afterwards), so every request also opened its own database connection and closed it
at the end: ~6 ms of connection set-up per request with PostgreSQL, a WAL checkpoint with
SQLite, and under load more connections than PostgreSQL allows. Here a request waits for
one of REQUEST_THREADS threads and runs its views and middleware there; each thread keeps
its connection (CONN_MAX_AGE), so a process holds at most that many, plus the one of the
websocket consumers' thread.
"""
import asyncio
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext


class RequestThreads:
    """ASGI middleware for Django's HTTP application (not for websockets)."""

    def __init__(self, app, threads: int):
        self.app = app
        self.executors = [ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"request-{i}")
                          for i in range(max(1, threads))]
        self.free: asyncio.Queue | None = None

    async def __call__(self, scope, receive, send):
        if self.free is None:  # made on the server's event loop
            self.free = asyncio.Queue()
            for executor in self.executors:
                self.free.put_nowait(executor)
        executor = await self.free.get()
        try:
            # The outermost context wins: Django's own per-request context inside it
            # then runs on this thread instead of starting a new one.
            async with ThreadSensitiveContext(executor=executor):
                await self.app(scope, receive, send)
        finally:
            self.free.put_nowait(executor)
