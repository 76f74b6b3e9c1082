"""The real websocket traffic: authentication, origin, resync, and privacy per seat."""
import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore

from catan_site.asgi import application
from companion import services
from companion.web.consumers import CLOSE_NOT_ALLOWED, CLOSE_REVOKED
from companion.web.views import HOSTED

from .helpers import TABLE, finish_setup, new_game, socket_tap, socket_version

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


# ---------------------------------------------------------------- taps over the socket


async def test_taps_over_the_socket_act_for_the_screens_own_viewer():
    game, phones, host = await _game_with_phones()
    table = _connect(f"/ws/g/{game.code}/table/", host)
    ala, bartek = _connect(f"/ws/g/{game.code}/seat/", phones[0]), _connect(f"/ws/g/{game.code}/seat/", phones[1])
    for communicator in (table, ala, bartek):
        assert (await communicator.connect())[0]
        await communicator.receive_from(timeout=2)
    start = await socket_version(game)

    answer = await socket_tap(table, **{"as": "table", "type": "roll", "die1": "3", "die2": "3", "idem": "roll-1"})
    assert 'data-ack="roll-1" data-ok="1"' in answer
    assert f'data-version="{start + 1}"' in answer  # the table's changed fragments come with it
    assert f'data-version="{start + 1}"' in "".join(await _drain(ala))  # the others get the push
    # Ala (seat 0) is active: she buys on her phone; the record names her seat.
    answer = await socket_tap(ala, **{"as": "seat", "type": "buy_dev", "idem": "buy-1"})
    assert 'data-ack="buy-1" data-ok="1"' in answer and "devcard " in answer
    record = await sync_to_async(lambda: game.records.order_by("-seq").first())()
    assert record.payload["action"]["actor"] == {"seat": 0} and record.idempotency_key == "buy-1"
    # The same key again (a double tap, a retry): acted once.
    answer = await socket_tap(ala, **{"as": "seat", "type": "buy_dev", "idem": "buy-1"})
    assert 'data-ok="1"' in answer and "Already recorded." in answer
    assert await socket_version(game) == start + 2
    for communicator in (table, bartek):
        await _drain(communicator)

    # A phone cannot act as the table, nor for the active seat; the table cannot act as a seat.
    refusals = [
        (ala, {"as": "table", "type": "end_turn", "idem": "x1"}, "Only the table screen may do this."),
        (bartek, {"as": "seat", "type": "buy_dev", "idem": "x2"}, 'class="error"'),
        (table, {"as": "seat", "type": "buy_dev", "idem": "x3"}, "This browser is not part of this game."),
    ]
    for communicator, fields, reason in refusals:
        answer = await socket_tap(communicator, **fields)
        assert f'data-ack="{fields["idem"]}" data-ok="0"' in answer and reason in answer
    assert await socket_version(game) == start + 2
    for communicator in (table, ala, bartek):
        await communicator.disconnect()


async def test_a_tap_from_a_phone_whose_seat_was_freed_closes_it_and_does_nothing():
    game, phones, host = await _game_with_phones()
    phone = _connect(f"/ws/g/{game.code}/seat/", phones[0])
    await phone.connect()
    await phone.receive_from(timeout=2)
    start = await socket_version(game)
    # The seat is given away without the broadcast having reached this socket yet.
    await sync_to_async(lambda: game.seats.filter(index=0).update(session_key=""))()
    await phone.send_to(text_data=json.dumps({"act": {"as": "seat", "type": "end_turn", "idem": "late"}}))
    assert (await phone.receive_output(timeout=2)) == {"type": "websocket.close", "code": CLOSE_REVOKED}
    assert await socket_version(game) == start


async def test_a_refused_tap_answers_in_the_screens_language():
    game, phones, host = await _game_with_phones()
    phone = WebsocketCommunicator(application, f"/ws/g/{game.code}/seat/", headers=[
        (b"host", b"testserver"), (b"origin", b"http://testserver"), (b"cookie", f"sessionid={phones[1]}".encode()),
        (b"accept-language", b"pl")])
    await phone.connect()
    await phone.receive_from(timeout=2)
    answer = await socket_tap(phone, **{"as": "table", "type": "end_turn", "idem": "pl-1"})
    assert "Tylko ekran stołu" in answer, answer
    answer = await socket_tap(phone, **{"type": "end_turn", "idem": "pl-2"})  # not Bartek's turn
    assert 'data-ok="0"' in answer and 'class="error"' in answer
    await phone.disconnect()
