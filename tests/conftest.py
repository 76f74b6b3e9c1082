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


def pytest_collection_modifyitems(config, items):
    """Under parallel workers (runtests), a test file runs whole on one worker: its module-wide
    game or server is set up once. The venue tests share one Redis, whose channel groups are
    named by game id (every test database starts at 1): they run on one worker, one at a time."""
    for item in items:
        group = "venue" if "venue" in item.path.parts else str(item.path)
        item.add_marker(pytest.mark.xdist_group(group))


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
