"""The network edges against a hostile guest: a stranger's socket on an unknown path is
refused cleanly, and the join limit believes forwarded addresses only from a configured
proxy (so a client can neither dodge it nor aim a lock-out at another phone)."""
import logging

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

from .helpers import new_game
from .test_consumers import _connect


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("path", ["/ws/nothing/", "/ws/g/ABCD/host/", "/"])
async def test_an_unknown_socket_path_is_refused_without_an_error(path, caplog):
    communicator = _connect(path)
    with caplog.at_level(logging.ERROR):
        connected, code = await communicator.connect()
    assert not connected and code == 4404
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def _miss(client: Client, game, **headers):
    return client.get(reverse("join", args=[game.code, "wrong-token"]), **headers)


@pytest.mark.django_db
@override_settings(JOIN_FAILURES_ALLOWED=2, BEHIND_PROXY=False, TRUSTED_PROXIES=[])
def test_a_forwarded_address_from_a_client_is_not_believed():
    cache.clear()
    game = new_game()
    client = Client(REMOTE_ADDR="10.0.0.5")
    # A new made-up address per try does not dodge the limit ...
    for n in range(2):
        assert _miss(client, game, HTTP_X_REAL_IP=f"10.9.9.{n}", HTTP_X_FORWARDED_FOR=f"10.9.9.{n}").status_code == 404
    assert _miss(client, game, HTTP_X_REAL_IP="10.9.9.99").status_code == 429
    # ... and naming another phone's address does not lock that phone out.
    cache.clear()
    for _ in range(3):
        _miss(client, game, HTTP_X_REAL_IP="10.0.0.7")
    assert _miss(Client(REMOTE_ADDR="10.0.0.7"), game).status_code == 404


@pytest.mark.django_db
@override_settings(JOIN_FAILURES_ALLOWED=2, BEHIND_PROXY=True, TRUSTED_PROXIES=["127.0.0.1"])
def test_behind_the_configured_proxy_its_header_names_the_client():
    cache.clear()
    game = new_game()
    proxy = Client(REMOTE_ADDR="127.0.0.1")
    for _ in range(2):
        _miss(proxy, game, HTTP_X_REAL_IP="10.0.0.5")
    assert _miss(proxy, game, HTTP_X_REAL_IP="10.0.0.5").status_code == 429
    assert _miss(proxy, game, HTTP_X_REAL_IP="10.0.0.6").status_code == 404  # another phone joins on
    # A client that is not the proxy is still known by its own address, whatever it sends.
    stranger = Client(REMOTE_ADDR="10.0.0.8")
    assert _miss(stranger, game, HTTP_X_REAL_IP="10.0.0.5").status_code == 404


@pytest.mark.parametrize("proxies, trusted", [([], False), (["127.0.0.1"], True)])
def test_serve_lets_the_server_read_forwarded_headers_only_behind_a_configured_proxy(monkeypatch, proxies, trusted):
    """daphne and uvicorn rewrite the client's address from X-Forwarded-For when told to."""
    from daphne import cli

    from companion.management.commands import serve

    seen = {}
    monkeypatch.setattr(cli.CommandLineInterface, "run", lambda self, args: seen.update(daphne=args))
    with override_settings(TRUSTED_PROXIES=proxies):
        serve.run_daphne("127.0.0.1", 8000)
    assert ("--proxy-headers" in seen["daphne"]) is trusted
