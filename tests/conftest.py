import os

import pytest

# Each test run gets its own data folder so it never touches a real game database.
os.environ.setdefault("CATAN_DATA_DIR", os.path.join(os.path.dirname(__file__), "..", "data", "test"))


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    from companion.management.commands.compiletranslations import compile_translations

    compile_translations()
