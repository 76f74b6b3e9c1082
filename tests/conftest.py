import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def remove_test_database_files():
    yield
    from django.conf import settings

    name = settings.DATABASES["default"].get("TEST", {}).get("NAME")
    if name and settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(name + suffix):
                os.remove(name + suffix)


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    from companion.management.commands.compiletranslations import compile_translations

    compile_translations()


from tests.e2e.harness import browser, server  # noqa: E402,F401  (one browser for the session)
