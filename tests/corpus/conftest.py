"""The corpus tests are plain engine tests: no Django, no database, no translations.

The project-wide autouse fixtures (tests/conftest.py) import Django; they are overridden
here by no-ops, so that these tests run with or without Django installed (and with
`-p no:django`), as tests/engine/conftest.py does for the translations.
"""
import pytest


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    yield


@pytest.fixture(scope="session", autouse=True)
def remove_test_database_files():
    yield


@pytest.fixture(autouse=True)
def english_by_default():
    yield


@pytest.fixture(autouse=True)
def fresh_state_cache():
    yield
