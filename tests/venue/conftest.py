from tests.e2e.conftest import browser, server  # noqa: F401  (shared fixtures)
