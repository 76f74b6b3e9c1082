"""HTTP requests run on a few long-lived threads, so each keeps its database connection."""
import asyncio
import threading

from asgiref.sync import ThreadSensitiveContext, sync_to_async

from catan_site.request_threads import RequestThreads


def _run_in_a_thread_of_its_own(coroutine) -> None:
    """Its own event loop: the browser tests keep one running in the main thread."""
    failure = []

    def run():
        try:
            asyncio.run(coroutine)
        except BaseException as error:  # re-raised in the test's thread
            failure.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(30)
    if failure:
        raise failure[0]


def test_requests_share_a_few_threads_and_each_request_stays_on_one():
    _run_in_a_thread_of_its_own(_requests_share_a_few_threads())


async def _requests_share_a_few_threads():
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
