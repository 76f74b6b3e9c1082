"""The engine tests run without Django (``-p no:django``): the engine is pure Python.

The project-wide ``compiled_translations`` fixture (tests/conftest.py) needs Django
settings; the engine needs no translations, so it is overridden here by a no-op.
"""
import pytest


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    yield
