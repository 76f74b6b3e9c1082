"""Table sessions (issue 34): replacing the table key ends every other table screen.

A browser becomes the table by creating the game or by opening the table key's link; a key
that leaked may have made a stranger's browser the table too. "Open the table on another
screen" replaces the key, and with it every table session but the one that pressed it:
their next page or post says so in words, and their open sockets close (on the real
websocket traffic, below).
"""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from catan_site.asgi import application
from companion.models import Game
from companion.web.consumers import CLOSE_NOT_ALLOWED, CLOSE_REVOKED

from .helpers import finish_setup, new_game, new_game_form, socket_tap, socket_version

ENDED_WORDS = "This screen is no longer the table: the table key was replaced on another screen."


def _key(game: Game) -> str:
    return Game.objects.get(pk=game.pk).host_token


def _open_with_key(client: Client, game: Game, key: str) -> None:
    assert client.get(reverse("table", args=[game.code]) + f"?key={key}").status_code == 302


def _created_by(host: Client) -> Game:
    """A game made with the new-game form in `host`'s browser (which is its table then)."""
    assert host.post(reverse("new_game"), new_game_form()).status_code == 302
    return Game.objects.order_by("-pk").first()


def _table_page(client: Client, game: Game):
    return client.get(reverse("table", args=[game.code]))


# ------------------------------------------------------------------ pages and posts


@pytest.mark.django_db
def test_replacing_the_key_ends_the_table_screen_a_leaked_key_opened():
    host = Client()
    game = _created_by(host)
    leaked = Client()  # someone who read the printed table URL before the host used it
    _open_with_key(leaked, game, _key(game))
    assert _table_page(host, game).status_code == 200
    assert _table_page(leaked, game).status_code == 200

    assert host.post(reverse("table_key", args=[game.code])).status_code == 200

    # The screen that pressed it stays the table.
    assert _table_page(host, game).status_code == 200
    # The other one is told why it is not the table any more: no 500, no bare refusal.
    page = _table_page(leaked, game)
    assert page.status_code == 403 and b'data-testid="table-ended"' in page.content
    version, token = Game.objects.get(pk=game.pk).version, game.seats.get(index=0).join_token
    for response in (
        leaked.post(reverse("act", args=[game.code]), {"as": "table", "type": "roll", "idem": "x"}),
        leaked.post(reverse("table_key", args=[game.code])),
        leaked.post(reverse("seat_rejoin", args=[game.code, 0])),
    ):
        assert response.status_code == 403 and response.content.decode() == ENDED_WORDS
    # What it may no longer do was not done.
    assert Game.objects.get(pk=game.pk).version == version
    assert game.seats.get(index=0).join_token == token


@pytest.mark.django_db
def test_the_new_link_opens_the_table_and_a_second_replacement_ends_that_screen_too():
    host = Client()
    game = _created_by(host)
    shown = host.post(reverse("table_key", args=[game.code]))
    fresh = _key(game)
    assert fresh.encode() in shown.content
    other = Client()
    _open_with_key(other, game, fresh)
    assert _table_page(other, game).status_code == 200
    assert _table_page(host, game).status_code == 200  # opening the link ends nobody

    # Now the other screen replaces the key: the first host is the one ended.
    assert other.post(reverse("table_key", args=[game.code])).status_code == 200
    assert _table_page(other, game).status_code == 200
    assert _table_page(host, game).status_code == 403
    # An ended browser comes back with the newest link, like any other screen.
    _open_with_key(host, game, _key(game))
    assert _table_page(host, game).status_code == 200


@pytest.mark.django_db
def test_a_phone_that_never_was_the_table_gets_the_old_words():
    game = new_game()
    phone = Client()
    phone.get(reverse("join", args=[game.code, game.seats.get(index=0).join_token]))
    page = _table_page(phone, game)
    assert page.status_code == 403 and b"table-ended" not in page.content
    refused = phone.post(reverse("table_key", args=[game.code]))
    assert refused.status_code == 403 and refused.content.decode() == "Only the table screen may do this."


# ------------------------------------------------------------------ the websockets


def _socket(role: str, game: Game, session_key: str) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/g/{game.code}/{role}/", headers=[
        (b"host", b"testserver"), (b"origin", b"http://testserver"),
        (b"cookie", f"sessionid={session_key}".encode())])


@sync_to_async
def _two_tables_and_a_phone():
    """A game past its setup with two table screens (the host's and a leaked key's) and a phone."""
    game = new_game(dice_source="typed")
    host, leaked, phone = Client(), Client(), Client()
    _open_with_key(host, game, _key(game))
    host.post(reverse("table_key", args=[game.code]))
    _open_with_key(leaked, game, _key(game))
    phone.get(reverse("join", args=[game.code, game.seats.get(index=0).join_token]))
    finish_setup(game)
    return game, host, leaked, phone


def _session_key(client: Client) -> str:
    return client.cookies["sessionid"].value


async def _open(communicator: WebsocketCommunicator) -> WebsocketCommunicator:
    assert (await communicator.connect())[0]
    await communicator.receive_from(timeout=5)  # the full view on connect
    return communicator


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_replacing_the_key_closes_the_other_table_sockets_and_keeps_its_own():
    game, host, leaked, phone = await _two_tables_and_a_phone()
    host_socket = await _open(_socket("table", game, _session_key(host)))
    leaked_socket = await _open(_socket("table", game, _session_key(leaked)))
    phone_socket = await _open(_socket("seat", game, _session_key(phone)))

    # The host's socket read its session before the key was replaced: it still stays the table.
    assert (await sync_to_async(host.post)(reverse("table_key", args=[game.code]))).status_code == 200
    assert await leaked_socket.receive_output(timeout=5) == {"type": "websocket.close", "code": CLOSE_REVOKED}

    start = await socket_version(game)
    answer = await socket_tap(host_socket, **{"as": "table", "type": "roll", "die1": "4", "die2": "4", "idem": "r1"})
    assert 'data-ack="r1" data-ok="1"' in answer
    assert await socket_version(game) == start + 1
    # The phone's socket was not touched: it hears of the roll.
    pushed = await phone_socket.receive_from(timeout=5)
    assert f'data-version="{start + 1}"' in pushed

    # Reconnecting the ended screen is refused, with the code that stops htmx retrying.
    again = _socket("table", game, _session_key(leaked))
    await again.connect()
    assert (await again.receive_output(timeout=5))["code"] == CLOSE_NOT_ALLOWED
    for communicator in (host_socket, phone_socket):
        await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_tap_from_an_ended_table_socket_that_missed_the_push_is_refused_in_words(monkeypatch):
    game, host, leaked, phone = await _two_tables_and_a_phone()
    leaked_socket = await _open(_socket("table", game, _session_key(leaked)))
    # The push that would close it is lost (another process, a dropped message).
    monkeypatch.setattr("companion.services.seats.broadcast", lambda *args, **kwargs: None)
    assert (await sync_to_async(host.post)(reverse("table_key", args=[game.code]))).status_code == 200

    start = await socket_version(game)
    answer = await socket_tap(leaked_socket, **{"as": "table", "type": "roll", "die1": "4", "die2": "4", "idem": "late"})
    assert 'data-ack="late" data-ok="0"' in answer and ENDED_WORDS in answer
    assert 'id="seats"' not in answer  # no fresh table (the seats' QR codes) for it
    assert await leaked_socket.receive_output(timeout=5) == {"type": "websocket.close", "code": CLOSE_REVOKED}
    assert await socket_version(game) == start
