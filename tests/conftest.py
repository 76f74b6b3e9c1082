import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def remove_test_database_files():
    yield
    from django.conf import settings

    if not settings.configured:
        return
    name = settings.DATABASES["default"].get("TEST", {}).get("NAME")
    if name and settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(name + suffix):
                os.remove(name + suffix)


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    from companion.management.commands.compiletranslations import compile_translations

    compile_translations()


def group_of(nodeid: str) -> str:
    """The group a test runs in under parallel workers: its file, so that a module-wide game or
    server is set up once; the venue tests all in one, as they share one Redis whose channel
    groups are named by game id (every test database starts at 1): one worker, one at a time."""
    path = nodeid.split("::", 1)[0]
    return "venue" if "venue" in path.split("/")[:-1] else path


@pytest.hookimpl(optionalhook=True)  # a hook of xdist's: unknown under -p no:xdist
def pytest_xdist_make_scheduler(config, log):
    """Under `--dist loadgroup` (runtests), each group whole on one worker.
    Not by xdist_group marks: xdist 3.8 tells their group by a suffix it writes into the test's
    node id, which pytest 9.2 no longer reads (pytest-xdist issue #1386), so every test was a
    group of its own and both workers set up every file's server.
    The groups go out in the order of the collection, not the largest first: pytest-django puts
    the database tests first, and they must run before a worker's first browser test. Playwright's
    sync API leaves its event loop marked running in the main thread, where Django then refuses
    the database ("You cannot call this from an async context")."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False

    class ByGroup(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

    return ByGroup(config, log)


from tests.e2e.harness import browser, server  # noqa: E402,F401  (one browser for the session)


# A page left open keeps its socket, its timers and its animations running in the one
# browser for the rest of the worker's run: hundreds of them slowed every later test.
# A test's own pages close when it ends; a page a module keeps for its next tests (its
# context marked `kept_for_module`) closes when the module ends.
KEPT = "kept_for_module"


@pytest.fixture(autouse=True)
def pages_closed_after_the_test(request):
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    before = set(browser.contexts)
    yield
    kept = request.module.__dict__.setdefault("_contexts_kept_for_module", [])
    for context in browser.contexts:
        if context in before:
            continue
        if getattr(context, KEPT, False):
            kept.append(context)
        else:
            context.close()


@pytest.fixture(scope="module", autouse=True)
def pages_closed_after_the_module(request):
    yield
    for context in request.module.__dict__.pop("_contexts_kept_for_module", []):
        context.close()


@pytest.fixture(autouse=True)
def english_by_default():
    """A request in Polish leaves its language active in the thread: start each test in English."""
    from django.conf import settings

    if not settings.configured:  # engine and hardware tests may run without Django
        yield
        return
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def fresh_state_cache():
    """Each test's database starts empty and reuses game ids; the in-process state cache
    (keyed by id, which a live database never reuses) must not carry a state across."""
    from django.conf import settings

    if settings.configured:
        from django.core.cache import cache

        from companion import services

        services.forget_cache()
        cache.clear()  # the join rate limit's counters
    yield
