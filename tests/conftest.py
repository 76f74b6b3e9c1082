import pytest


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    from companion.management.commands.compiletranslations import compile_translations

    compile_translations()


from tests.e2e.harness import browser, server  # noqa: E402,F401  (one browser for the session)
