"""The join codes carry an address the players' phones can reach: never localhost when the
server listens on the network, and a plain warning on the table screen when it can't be
reached from the network."""
import re

import pytest
from django.urls import reverse
from django.utils.translation import override

from companion.web import join_links
from companion.web.join_links import join_base

from .helpers import new_game

LAN = "192.168.1.23"


@pytest.fixture
def lan(monkeypatch):
    """This machine with one address on the local network, served by `serve` on every address."""
    monkeypatch.setattr(join_links, "lan_addresses", lambda: [LAN])
    monkeypatch.setenv(join_links.LISTEN_ENV, "0.0.0.0")


@pytest.mark.parametrize("opened", ["http://localhost:8000", "http://127.0.0.1:8000", "http://[::1]:8000",
                                    "http://table.localhost:8000"])
def test_a_table_opened_through_localhost_gets_the_lan_address(lan, opened):
    assert join_base(opened) == (f"http://{LAN}:8000", "")


def test_a_table_opened_through_the_network_keeps_its_address(lan):
    assert join_base("http://192.168.1.50:8000") == ("http://192.168.1.50:8000", "")
    assert join_base("https://catan.example.org") == ("https://catan.example.org", "")


def test_a_server_on_one_address_gives_that_address(monkeypatch):
    monkeypatch.setenv(join_links.LISTEN_ENV, "10.0.0.5")
    assert join_base("http://localhost:8000") == ("http://10.0.0.5:8000", "")


def test_no_address_phones_can_reach_is_said_plainly(monkeypatch):
    monkeypatch.setattr(join_links, "lan_addresses", lambda: [])
    monkeypatch.setenv(join_links.LISTEN_ENV, "0.0.0.0")
    base, warning = join_base("http://localhost:8000")
    assert "no address on a local network" in warning
    monkeypatch.setenv(join_links.LISTEN_ENV, "127.0.0.1")
    base, warning = join_base("http://127.0.0.1:8000")
    assert base == "http://127.0.0.1:8000" and "only listens on this machine (127.0.0.1)" in warning
    monkeypatch.delenv(join_links.LISTEN_ENV)
    base, warning = join_base("http://localhost:8000")
    assert "point at this machine itself (localhost)" in warning
    with override("pl"):
        assert "telefony" in join_base("http://localhost:8000")[1]


@pytest.mark.django_db
def test_the_table_screen_shows_lan_join_codes(client, lan):
    game = new_game()
    client.get(reverse("table", args=[game.code]) + f"?key={game.host_token}")
    page = client.get(reverse("table", args=[game.code]), HTTP_HOST="localhost:8000").content.decode()
    urls = re.findall(r'data-url="([^"]+)"', page)
    assert len(urls) == 3 and all(u.startswith(f"http://{LAN}:8000/g/{game.code}/join/") for u in urls)
    assert 'data-testid="join-warning"' not in page


@pytest.mark.django_db
def test_the_table_screen_warns_when_phones_cant_reach_it(client, monkeypatch):
    monkeypatch.setenv(join_links.LISTEN_ENV, "127.0.0.1")
    game = new_game()
    client.get(reverse("table", args=[game.code]) + f"?key={game.host_token}")
    page = client.get(reverse("table", args=[game.code]), HTTP_HOST="127.0.0.1:8000").content.decode()
    assert 'data-testid="join-warning"' in page and "phones can&#x27;t reach the join codes" in page
