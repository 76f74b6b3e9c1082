"""The real websocket traffic: authentication, origin, resync, and privacy per seat."""
import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore

from catan_site.asgi import application
from companion import services
from companion.consumers import CLOSE_NOT_ALLOWED, CLOSE_REVOKED
from companion.views import HOSTED

from .helpers import TABLE, finish_setup, new_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def _session(**data) -> str:
    session = SessionStore()
    for key, value in data.items():
        session[key] = value
    session.create()
    return session.session_key


def _connect(path, session_key=None, origin="http://testserver"):
    headers = [(b"host", b"testserver")]
    if origin:
        headers.append((b"origin", origin.encode()))
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


@sync_to_async
def _game_with_phones():
    game = new_game(dice_source="typed")
    phones = {}
    for seat in game.seats.all():
        key = _session()
        services.bind_seat(game, seat.join_token, key)
        phones[seat.index] = key
    finish_setup(game)
    return game, phones, _session(**{HOSTED: [game.code]})


async def _drain(communicator, quiet=0.5):
    """Everything the screen received until it has been quiet for `quiet` seconds."""
    messages = []
    while not await communicator.receive_nothing(timeout=quiet):
        messages.append(await communicator.receive_from())
    return messages


async def test_table_and_seat_get_a_full_view_on_connect():
    game, phones, host = await _game_with_phones()
    table = _connect(f"/ws/g/{game.code}/table/", host)
    assert (await table.connect())[0]
    first = await table.receive_from(timeout=2)
    for fragment_id in ("status", "dice", "scoreboard", "actions", "log", "seats"):
        assert f'id="{fragment_id}"' in first
    phone = _connect(f"/ws/g/{game.code}/seat/", phones[1])
    assert (await phone.connect())[0]
    assert 'id="hand"' in await phone.receive_from(timeout=2)
    await table.disconnect()
    await phone.disconnect()


async def test_socket_without_a_seat_is_closed_with_a_code_htmx_does_not_retry():
    game, phones, host = await _game_with_phones()
    stranger = _connect(f"/ws/g/{game.code}/seat/", await sync_to_async(_session)())
    await stranger.connect()
    closed = await stranger.receive_output(timeout=2)
    assert closed == {"type": "websocket.close", "code": CLOSE_NOT_ALLOWED}
    phone_as_table = _connect(f"/ws/g/{game.code}/table/", phones[0])
    await phone_as_table.connect()
    assert (await phone_as_table.receive_output(timeout=2))["code"] == CLOSE_NOT_ALLOWED


async def test_foreign_origin_is_rejected():
    game, phones, host = await _game_with_phones()
    evil = _connect(f"/ws/g/{game.code}/table/", host, origin="http://evil.example")
    connected, _ = await evil.connect()
    assert not connected


async def test_every_screen_updates_and_seat_a_never_sees_seat_b_cards():
    game, phones, host = await _game_with_phones()
    screens = {"table": _connect(f"/ws/g/{game.code}/table/", host)}
    for index, key in phones.items():
        screens[index] = _connect(f"/ws/g/{game.code}/seat/", key)
    for communicator in screens.values():
        assert (await communicator.connect())[0]
        await communicator.receive_from(timeout=2)

    perform = sync_to_async(services.perform)
    await perform(game, TABLE, "roll", {"dice": [3, 3]})
    for _ in range(5):
        game = (await perform(game, {"seat": 0}, "buy_dev")).game
    received = {name: await _drain(c) for name, c in screens.items()}
    view = await sync_to_async(services.view_for)(game, 0)
    cards = {c["card"] for c in view["me"]["dev_cards"]}
    assert len(view["me"]["dev_cards"]) == 5

    # The buyer's phone shows its cards; every other screen got updates without them.
    buyer = "".join(received[0])
    assert any(f"devcard {card}" in buyer for card in cards)
    for name in ("table", 1, 2):
        assert received[name], f"{name} got no update"
        payload = "".join(received[name])
        # The latest version reaches every screen (a screen that falls behind may skip one
        # in between: it renders the newest state its process holds).
        assert f'data-version="{game.version}"' in payload
        assert "devcard " not in payload
        assert "development card:" not in payload  # the log line naming the card
        assert "Development card" in payload or name != "table"
    for communicator in screens.values():
        await communicator.disconnect()


async def test_revoked_phone_is_disconnected():
    game, phones, host = await _game_with_phones()
    phone = _connect(f"/ws/g/{game.code}/seat/", phones[2])
    await phone.connect()
    await phone.receive_from(timeout=2)
    await sync_to_async(services.revoke_seat)(game, 2)
    assert (await phone.receive_output(timeout=2)) == {"type": "websocket.close", "code": CLOSE_REVOKED}
