import pytest


@pytest.fixture
def fresh_cache():
    """A fresh state cache around a test (a module uses it with `pytestmark` or autouse)."""
    from companion import services

    services.forget_cache()
    yield
    services.forget_cache()
