"""The host's table key and the HTTP headers against a hostile guest (issue: network edges).

- The table key in the URL printed by `newgame` is exchanged for the host's session on the
  first open, then dead (an access log that printed it hands nothing out); the host can
  rotate it to open the table on another screen.
- Every page carries a Content-Security-Policy without 'unsafe-inline'; every response with
  a seat's private data says `Cache-Control: no-store`; cookies are Secure over HTTPS.
"""
import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from companion.models import Game

from .helpers import finish_setup, new_game

pytestmark = pytest.mark.django_db


def _open_with_key(client: Client, game: Game, key: str):
    return client.get(reverse("table", args=[game.code]) + f"?key={key}")


def _key(game: Game) -> str:
    return Game.objects.get(pk=game.pk).host_token


# ------------------------------------------------------------------ the table key


def test_the_table_key_works_once_and_leaves_a_clean_url():
    game = new_game()
    key = _key(game)
    host = Client()
    first = _open_with_key(host, game, key)
    assert first.status_code == 302 and first["Location"] == reverse("table", args=[game.code])
    assert host.get(reverse("table", args=[game.code])).status_code == 200
    # The same URL, read from a log or a browser history by someone else, is dead.
    stranger = Client()
    again = _open_with_key(stranger, game, key)
    assert again.status_code == 302 and "key" not in again["Location"]
    assert stranger.get(reverse("table", args=[game.code])).status_code == 403
    # The host's own browser opening it again is still the host.
    assert _open_with_key(host, game, key).status_code == 302
    assert host.get(reverse("table", args=[game.code])).status_code == 200


def test_a_wrong_key_makes_nobody_the_host():
    game = new_game()
    client = Client()
    assert _open_with_key(client, game, "not-the-key").status_code == 302
    assert client.get(reverse("table", args=[game.code])).status_code == 403
    assert _key(game)  # and the real one still works
    assert _open_with_key(client, game, _key(game)).status_code == 302
    assert client.get(reverse("table", args=[game.code])).status_code == 200


def test_the_host_rotates_the_key_to_open_the_table_elsewhere():
    game = new_game()
    host = Client()
    _open_with_key(host, game, _key(game))
    table_page = host.get(reverse("table", args=[game.code]))
    rotate = reverse("table_key", args=[game.code])
    assert rotate.encode() in table_page.content  # the table screen offers it
    unused = _key(game)
    shown = host.post(rotate)
    assert shown.status_code == 200 and shown["Cache-Control"].count("no-store")
    fresh = _key(game)
    assert fresh != unused
    link = reverse("table", args=[game.code]) + f"?key={fresh}"
    assert link.encode() in shown.content
    # The key shown before the rotation is dead, the new one opens the table once.
    other_screen = Client()
    _open_with_key(other_screen, game, unused)
    assert other_screen.get(reverse("table", args=[game.code])).status_code == 403
    _open_with_key(other_screen, game, fresh)
    assert other_screen.get(reverse("table", args=[game.code])).status_code == 200


def test_only_the_host_may_rotate_the_key():
    game = new_game()
    key = _key(game)
    phone = Client()
    phone.get(reverse("join", args=[game.code, game.seats.get(index=0).join_token]))
    assert phone.post(reverse("table_key", args=[game.code])).status_code == 403
    assert Client().post(reverse("table_key", args=[game.code])).status_code == 403
    assert phone.get(reverse("table_key", args=[game.code])).status_code == 405
    assert _key(game) == key


# ------------------------------------------------------------------ headers


def _host(game: Game) -> Client:
    client = Client()
    _open_with_key(client, game, _key(game))
    return client


def _phone(game: Game, index: int = 0) -> Client:
    client = Client()
    client.get(reverse("join", args=[game.code, game.seats.get(index=index).join_token]))
    return client


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            directives[words[0]] = words[1:]
    return directives


def test_every_page_has_a_content_security_policy_without_unsafe_inline_or_eval():
    game = new_game()
    host, phone = _host(game), _phone(game)
    pages = [
        Client().get(reverse("home")),
        host.get(reverse("table", args=[game.code])),
        phone.get(reverse("seat", args=[game.code])),
        Client().get(reverse("seat", args=[game.code])),  # 403 page
        Client().get(reverse("join", args=[game.code, "wrong"])),  # 404 page
        Client().get(reverse("rulebook:index")),
    ]
    for page in pages:
        policy = _policy(page)
        assert policy["default-src"] == ["'self'"], page
        assert "'unsafe-inline'" not in policy["script-src"] and "'unsafe-inline'" not in policy["style-src"]
        assert "'unsafe-eval'" not in policy["script-src"]  # htmx runs with allowEval off
        assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
        assert "'self'" in policy["connect-src"]  # the screens' websockets and htmx posts
        assert "ws://testserver" in policy["connect-src"]  # named too, for browsers before CSP 3


def test_inline_scripts_carry_the_pages_nonce_and_nothing_inline_is_styled():
    game = new_game()
    host, phone = _host(game), _phone(game)
    for page in (Client().get(reverse("home")), host.get(reverse("table", args=[game.code])),
                 phone.get(reverse("seat", args=[game.code]))):
        html = page.content.decode()
        nonces = [w[len("'nonce-"):-1] for w in _policy(page)["script-src"] if w.startswith("'nonce-")]
        for tag in re.findall(r"<script\b[^>]*>", html):
            if "src=" not in tag:  # an inline script runs only with this response's nonce
                assert nonces and f'nonce="{nonces[0]}"' in tag, tag
        assert not re.search(r"<style\b|\sstyle=", html)  # style-src 'self' would block them
        # htmx would add its indicator styles inline: switched off in its config.
        assert '"includeIndicatorStyles":false' in html.replace(" ", "")


def test_every_response_with_a_seats_private_data_is_not_stored():
    game = new_game(dice_source="typed")
    finish_setup(game)
    phone = _phone(game)
    responses = {
        "seat page": phone.get(reverse("seat", args=[game.code])),
        "seat fragments": phone.post(reverse("act", args=[game.code]),
                                     {"as": "seat", "type": "roll", "die1": "3", "die2": "4", "idem": "a"}),
        "seat export": phone.get(reverse("export", args=[game.code])),
        "table page": _host(game).get(reverse("table", args=[game.code])),  # the seats' join codes
    }
    for name, response in responses.items():
        assert response.status_code == 200, name
        assert "no-store" in response.get("Cache-Control", ""), name


@override_settings(TRUSTED_PROXIES=["127.0.0.1"], SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"))
def test_cookies_are_secure_over_https_and_forwarded_proto_is_believed_from_the_proxy_only():
    game = new_game()
    key = _key(game)
    https = Client().get(reverse("table", args=[game.code]) + f"?key={key}", secure=True)
    assert https.cookies["sessionid"]["secure"]
    plain = Client().get(reverse("join", args=[game.code, game.seats.get(index=0).join_token]))
    assert plain.cookies["sessionid"] and not plain.cookies["sessionid"]["secure"]
    proxied = Client(REMOTE_ADDR="127.0.0.1").get(reverse("join", args=[game.code, game.seats.get(index=1).join_token]),
                                                  HTTP_X_FORWARDED_PROTO="https")
    assert proxied.cookies["sessionid"]["secure"]
    # A client that is not the proxy can't claim HTTPS (nor get a cookie it would then lose).
    forged = Client(REMOTE_ADDR="10.0.0.9").get(reverse("join", args=[game.code, game.seats.get(index=2).join_token]),
                                                HTTP_X_FORWARDED_PROTO="https")
    assert not forged.cookies["sessionid"]["secure"]


def test_the_opener_policy_goes_out_over_https_only():
    # Over plain HTTP on the local network (how phones open the join codes) a browser ignores
    # Cross-Origin-Opener-Policy and logs an error on the console of every page.
    game = new_game()
    join = reverse("join", args=[game.code, game.seats.get(index=0).join_token])
    phone = Client(HTTP_HOST="192.168.1.20:8000")
    joined = phone.get(join, follow=True)
    assert joined.status_code == 200 and "Cross-Origin-Opener-Policy" not in joined.headers
    home = Client(HTTP_HOST="192.168.1.20:8000").get(reverse("home"))
    assert home.status_code == 200 and "Cross-Origin-Opener-Policy" not in home.headers
    https = Client().get(reverse("home"), secure=True)
    assert https.status_code == 200 and https.headers["Cross-Origin-Opener-Policy"] == "same-origin"
