"""Fuzzing every HTTP endpoint and the websocket: random and mutated input never causes a
server error, never breaks the game, and every refusal says why.

Thousands of requests: forms with wrong types, missing and extra fields, huge numbers,
other seats' ids, stale idempotency keys replayed, for the table screen, the phones and a
stranger. After each one the stored records still replay to the state the server holds,
and with hands on phones every card is accounted for.
"""
import json
import random
import secrets

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from companion import engine, services
from companion.machinery import hands
from companion.layers.cores.base import rules as base
from companion.machinery import board as boards
from companion.web.views import HOSTED

from .helpers import host, joined_phones
from companion.engine import rules_for

# The action types of the game fuzzed here: the base game with every option of it.
ALL_ACTIONS = dict(rules_for({"rules": "base", "variants": {
    "friendly_robber": True, "harbormaster": True, "two_players": True}}).actions)

from .test_consumers import _connect, _session

PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "orange"}]
FIELDS = ["victim", "hand_size", "card", "resource", "holder", "source", "seat", "corner", "edge", "hex", "terrain",
          "number", "harbour", "give", "get", "count", "to", "offer", "partner", "answer", "die1", "die2", "resources",
          *(f"{b}_{r}" for b in ("give", "get", "cards") for r in hands.RESOURCES), "cards_gold", "idem", "as"]
TYPES = sorted(ALL_ACTIONS) + ["undo", "redo"]

JUNK = ["", "0", "1", "2", "3", "-1", "7", "12", "95", "96", "1e9", "2.5", "NaN", "null", "true", "[]", "{}",
        "x" * 5000, "0,0", "ąę😀", "<script>", "%00", str(10**30), "-999999999999", *hands.RESOURCES, "gold",
        "knight", "monopoly", "accept", "decline", "table", "seat"]
LAYOUT = boards.beginner_board()
GEOMETRY = boards.geometry(LAYOUT)
PLACES = list(GEOMETRY.corners) + list(GEOMETRY.edges) + list(GEOMETRY.hexes)
REQUESTS = 2500


def junk(rng) -> str:
    """A random value: often a plausible one (a real place, a small number), sometimes garbage."""
    kind = rng.random()
    if kind < 0.4:
        return rng.choice(JUNK)
    if kind < 0.7:
        return rng.choice(PLACES)  # fuzzing near valid input reaches deeper code
    if kind < 0.85:
        return str(rng.randint(-5, 25))
    return "".join(chr(rng.randint(1, 0x2FFF)) for _ in range(rng.randint(1, 40)))


@pytest.fixture
def venue(db):
    game = services.create_game({"rules": "base", "players": PLAYERS, "dice_source": "typed", "board": "beginner",
                                 "board_layout": boards.beginner_board(), "play_mode": "hands"}, seed=5)
    paper = services.create_game({"rules": "base", "players": PLAYERS, "board": "none"}, seed=6)
    return {"game": game, "paper": paper, "clients": [host(Client(), game, paper), *joined_phones(game), Client()]}


def _viewer_of(venue, client, game):
    clients = venue["clients"]
    if client is clients[0]:
        return engine.TABLE
    if client in clients[1:4] and game is venue["game"]:
        return clients.index(client) - 1
    return None


def _check_consistent(game) -> None:
    game.refresh_from_db()
    services.forget_cache()
    loaded, _history = services.current_state(game)
    records = [r.as_engine_record() for r in game.records.all()]
    replayed, _ = engine.fold(game.config, records)
    assert loaded == replayed
    if loaded["bank"] is not None:
        for r in hands.RESOURCES:
            assert loaded["bank"][r] + sum(p["hand"][r] for p in loaded["players"]) == 19


@pytest.mark.django_db
def test_random_requests_never_fail_the_server(venue):
    rng = random.Random(20261126)
    games = [venue["game"], venue["paper"]]
    idems: list[str] = []
    refused = 0
    for number in range(REQUESTS):
        client = rng.choice(venue["clients"])
        game = rng.choice(games)
        endpoint = rng.choice(["act"] * 12 + ["join", "new", "board", "reader", "admin", "export", "pages"])
        if endpoint == "act":
            fields = {name: junk(rng) for name in rng.sample(FIELDS, rng.randint(0, 6))}
            fields["type"] = rng.choice(TYPES) if rng.random() < 0.85 else junk(rng)
            viewer = _viewer_of(venue, client, game)
            if viewer is not None and rng.random() < 0.5:  # often something this screen may do now
                game.refresh_from_db()
                allowed = services.view_for(game, viewer)["allowed"]
                fields["type"] = rng.choice(allowed or TYPES)
            if rng.random() < 0.5:  # with a real place and a real player, so a 7's robber moves on
                fields.update(hex=rng.choice(list(GEOMETRY.hexes)), corner=rng.choice(list(GEOMETRY.corners)),
                              edge=rng.choice(list(GEOMETRY.edges)), victim=str(rng.randrange(len(PLAYERS))))
            # Mostly who the client really is, so that legal play moves the games on.
            fields["as"] = ("table" if client is venue["clients"][0] else "seat") if rng.random() < 0.85 else junk(rng)
            if fields["type"] == "roll" and rng.random() < 0.7:
                fields.update(die1=str(rng.randint(1, 6)), die2=str(rng.randint(1, 6)))
            if idems and rng.random() < 0.2:
                fields["idem"] = rng.choice(idems)  # a replayed key
            fields.setdefault("idem", secrets.token_hex(8))
            idems.append(str(fields["idem"]))
            code = rng.choice([game.code, game.code.lower(), "ZZZZZZ"])
            response = client.post(reverse("act", args=[code]), fields)
            if response.status_code == 422:
                refused += 1
                assert b'class="error"' in response.content  # a refusal says why
        elif endpoint == "join":
            tokens = [s.join_token for s in game.seats.all()]
            token = rng.choice(tokens) if rng.random() < 0.3 else (junk(rng).replace("/", "") or "x")
            response = client.get(reverse("join", args=[game.code, token]))
        elif endpoint == "new":
            names = ["rules", "target", "dice_source", "board", "play_mode", "name_0", "color_0", "name_1", "color_1",
                     "name_2", "color_2"]
            response = client.post(reverse("new_game"), {n: junk(rng) for n in rng.sample(names, rng.randint(0, 11))})
        elif endpoint == "board":
            response = client.get(reverse("board_editor", args=[game.code]),
                                  {k: junk(rng) for k in rng.sample(["hex", "edge"], rng.randint(0, 2))})
        elif endpoint == "reader":
            response = client.post(reverse("reader_setup", args=[game.code]),
                                   {rng.choice(["url", "device", "stop"]): junk(rng)})
        elif endpoint == "admin":
            name = rng.choice(["seat_rejoin", "seat_revoke"])
            response = client.post(reverse(name, args=[game.code, rng.randint(0, 8)]))
        elif endpoint == "export":
            response = client.get(reverse("export", args=[game.code]))
        else:
            response = client.get(rng.choice([reverse("table", args=[game.code]), reverse("seat", args=[game.code]),
                                              "/", "/rules/", "/rules/?q=" + junk(rng)]))
        assert response.status_code < 500, (number, endpoint, response.status_code)
        if number % 250 == 0:
            for g in games:
                _check_consistent(g)
    for g in games:
        _check_consistent(g)
    # Refusals happened, each with its reason, and some of the random actions were legal.
    assert refused > REQUESTS // 20
    assert venue["game"].version > 0 and venue["paper"].version > 0
    print(f"fuzz: {REQUESTS} requests, {refused} refused with a reason, "
          f"versions {venue['game'].version} (hands) and {venue['paper'].version} (paper)")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_random_websocket_messages_get_a_reason_or_a_resync():
    game = await sync_to_async(services.create_game)({"rules": "base", "players": PLAYERS, "board": "none"}, seed=2)
    host = await sync_to_async(_session)(**{HOSTED: [game.code]})
    socket = _connect(f"/ws/g/{game.code}/table/", host)
    assert (await socket.connect())[0]
    await socket.receive_from(timeout=2)
    messages = ["resync", '"resync"', " ", "{}", "[]", "null", json.dumps({"type": "roll", "dice": [6, 6]}),
                "x" * 100_000, "\x00\xff", json.dumps({"HEADERS": {"HX-Trigger": "act"}, "type": "end_turn"}),
                json.dumps({"act": []}), json.dumps({"act": {"type": {"nested": 1}}}), json.dumps({"act": "roll"}),
                json.dumps({"act": {"type": "roll", "idem": "y" * 5000}}), json.dumps({"act": {"type": True}}),
                json.dumps({"act": {f"f{i}": "1" for i in range(500)}})]
    messages += [secrets.token_urlsafe(n) for n in range(1, 200, 7)]
    for text in messages:
        await socket.send_to(text_data=text)
    await socket.send_to(bytes_data=b"\x00\x01binary")
    answers = []
    while not await socket.receive_nothing(timeout=0.5):
        answers.append(await socket.receive_from())
    # The two resync requests get the full view; everything else is refused with a reason.
    assert len(answers) == len(messages) + 1
    resyncs = [a for a in answers if 'id="status"' in a and 'id="ack"' not in a]
    refusals = [a for a in answers if 'data-ok="0"' in a]
    assert len(resyncs) == 2 and len(refusals) == len(messages) - 1
    assert all("did not understand" in a for a in refusals)
    await sync_to_async(game.refresh_from_db)()
    assert game.version == 0
    await socket.disconnect()


WS_COMMANDS = 600


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_random_commands_over_the_sockets_never_break_a_game():
    """Random and mutated taps sent over the table's and the phones' sockets: every one is
    answered (acted, or refused with a reason), no socket closes, and the game stays whole."""
    rng = random.Random(20261128)
    game = await sync_to_async(services.create_game)(
        {"rules": "base", "players": PLAYERS, "dice_source": "typed", "board": "beginner",
         "board_layout": boards.beginner_board(), "play_mode": "hands"}, seed=7)
    sockets = {engine.TABLE: _connect(f"/ws/g/{game.code}/table/",
                                      await sync_to_async(_session)(**{HOSTED: [game.code]}))}
    for seat in await sync_to_async(list)(game.seats.order_by("index")):
        key = await sync_to_async(_session)()
        await sync_to_async(services.bind_seat)(game, seat.join_token, key)
        sockets[seat.index] = _connect(f"/ws/g/{game.code}/seat/", key)
    for socket in sockets.values():
        assert (await socket.connect())[0]
        await socket.receive_from(timeout=5)  # the full view
    idems: list[str] = []
    refused = acted = 0
    for number in range(WS_COMMANDS):
        viewer = rng.choice(list(sockets))
        fields = {name: junk(rng) for name in rng.sample(FIELDS, rng.randint(0, 6))}
        if rng.random() < 0.6:  # often something this screen may do now, so that play moves on
            await sync_to_async(game.refresh_from_db)()
            allowed = (await sync_to_async(services.view_for)(game, viewer))["allowed"]
            fields["type"] = rng.choice(allowed or TYPES)
            if rng.random() < 0.5:  # with a real place and a real player, so a 7's robber moves on
                fields.update(hex=rng.choice(list(GEOMETRY.hexes)), corner=rng.choice(list(GEOMETRY.corners)),
                              edge=rng.choice(list(GEOMETRY.edges)), victim=str(rng.randrange(len(PLAYERS))))
        else:
            fields["type"] = rng.choice(TYPES) if rng.random() < 0.85 else junk(rng)
        fields["as"] = ("table" if viewer == engine.TABLE else "seat") if rng.random() < 0.85 else junk(rng)
        if fields["type"] == "roll" and rng.random() < 0.7:
            fields.update(die1=str(rng.randint(1, 6)), die2=str(rng.randint(1, 6)))
        if idems and rng.random() < 0.2:
            fields["idem"] = rng.choice(idems)  # a replayed key
        fields.setdefault("idem", secrets.token_hex(8))
        idems.append(fields["idem"])
        if rng.random() < 0.1:  # wrong shapes: numbers, lists, an extra object
            fields[rng.choice(FIELDS)] = rng.choice([7, [1, "2"], ["ore"] * 3, 10**40])
        await sockets[viewer].send_to(text_data=json.dumps({"act": fields}))
        answer = await sockets[viewer].receive_from(timeout=10)
        assert 'id="ack"' in answer, (number, fields)
        if 'data-ok="0"' in answer:
            refused += 1
            assert 'class="error"' in answer  # a refusal says why
        else:
            acted += 1
        for other, socket in sockets.items():  # the others' pushes
            while not await socket.receive_nothing(timeout=0.01):
                await socket.receive_from()
        if number % 100 == 0:
            await sync_to_async(_check_consistent)(game)
    await sync_to_async(_check_consistent)(game)
    assert refused > WS_COMMANDS // 20 and acted > WS_COMMANDS // 20
    assert game.version > 10
    print(f"socket fuzz: {WS_COMMANDS} commands, {acted} acted, {refused} refused with a reason, version {game.version}")
    for socket in sockets.values():
        await socket.disconnect()
