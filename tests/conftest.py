import pytest


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    from companion.management.commands.compiletranslations import compile_translations

    compile_translations()
