"""HTTP requests run on a few long-lived threads, so each keeps its database connection."""
import asyncio
import threading

import pytest
from asgiref.sync import ThreadSensitiveContext, sync_to_async

from catan_site.request_threads import RequestThreads

pytestmark = pytest.mark.asyncio


async def test_requests_share_a_few_threads_and_each_request_stays_on_one():
    seen = []
    running = 0
    most = 0

    async def app(scope, receive, send):
        nonlocal running, most
        running += 1
        most = max(most, running)
        async with ThreadSensitiveContext():  # what Django's handler does for every request
            first = await sync_to_async(threading.get_ident)()
            await asyncio.sleep(0.01)
            second = await sync_to_async(threading.get_ident)()
        running -= 1
        seen.append((first, second))

    threads = RequestThreads(app, 2)
    await asyncio.gather(*(threads({"type": "http"}, None, None) for _ in range(8)))
    assert all(first == second for first, second in seen)  # one request, one thread
    assert len({first for first, _ in seen}) == 2
    assert most == 2  # the others waited for a free thread
    assert threading.get_ident() not in {first for first, _ in seen}
