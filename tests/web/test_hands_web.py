"""Hands on phones over the real traffic: what each screen's websocket receives during a
scripted game with a trade, a theft and a development card, and forged form posts.

The beginner board (5th edition) with Ala (red), Bartek (blue) and Celina (orange): a 4
pays Bartek 1 grain and Celina 1 grain + 1 wool; the mountains 3 ("-1,1") touches Celina's
and Bartek's starred settlements.
"""
import json
import re
import uuid

import pytest
from asgiref.sync import sync_to_async
from django.urls import reverse

from companion import services
from companion.machinery import board as boards
from companion.models import Game

from .helpers import TABLE, host, joined_phones
from .traffic import Traffic

PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "orange"}]
HAND = re.compile(r'data-resource="(\w+)" data-count="(\d+)"')


def hands_game() -> Game:
    return services.create_game({"rules": "base", "players": PLAYERS, "dice_source": "typed", "board": "beginner",
                                 "board_layout": boards.beginner_board(), "play_mode": "hands"}, seed=11)


def hands_shown(payload: str) -> list[dict]:
    """Every hand a payload renders (the phone's own "my-hand" list)."""
    shown = []
    for block in payload.split('data-testid="my-hand"')[1:]:
        block = block.split("</ul>")[0]
        shown.append({r: int(n) for r, n in HAND.findall(block)})
    return shown


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_no_payload_for_one_seat_reveals_another_seats_cards():
    traffic = await Traffic.open(await sync_to_async(hands_game)())
    act, received = traffic.act, traffic.received
    ala, bartek, celina = {"seat": 0}, {"seat": 1}, {"seat": 2}
    await act(TABLE, "roll", dice=[1, 3])  # Ala's turn: a 4
    await act(ala, "offer_trade", give={"lumber": 1}, get={"grain": 1})
    offer = (await traffic.state())["offers"][0]["id"]
    await act(celina, "answer_offer", offer=offer, answer="accept")
    await act(ala, "confirm_trade", offer=offer, partner=2)
    await act(TABLE, "end_turn")
    await act(TABLE, "roll", dice=[2, 2])  # Bartek's turn: another 4
    await act(TABLE, "end_turn")
    await act(TABLE, "roll", dice=[3, 4])  # Celina's turn: a 7, nobody holds more than 7
    await act(celina, "move_robber", hex="-1,1")
    await act(celina, "steal", victim=1)
    await act(celina, "buy_dev")
    state = await traffic.state()
    game = traffic.game
    stolen = next(e for e in state["log"] if e["kind"] == "stole")["secret"]["params"]["card"]
    bought = state["players"][2]["dev_hand"][0]["card"]
    await traffic.close()

    # Every hand a phone was shown is its own hand at some moment of the game.
    records = await sync_to_async(lambda: game.records.count())()
    own_hands = {s: [] for s in range(3)}
    for position in range(records + 1):
        at, _history = await sync_to_async(services.state_at)(game, position)
        for s in range(3):
            own_hands[s].append({r: n for r, n in at["players"][s]["hand"].items()})
    for seat in range(3):
        payload = "".join(received[seat])
        shown = hands_shown(payload)
        assert shown and all(hand in own_hands[seat] for hand in shown)
        assert shown[-1] == state["players"][seat]["hand"]
    table = "".join(received["table"])
    assert hands_shown(table) == [] and "data-count" not in table.split('id="market"')[0]

    # The stolen card: only thief (Celina) and victim (Bartek) read which one it was.
    for name in ("table", 0):
        assert "took 1 " not in "".join(received[name])
        assert "took a random card" in "".join(received[name])
    for seat in (1, 2):
        assert f"took 1 {stolen} from Bartek" in "".join(received[seat])
    # The development card: only Celina's phone names it.
    assert f"devcard {bought}" in "".join(received[2])
    for name in ("table", 0, 1):
        payload = "".join(received[name])
        assert "devcard " not in payload and "bought a development card:" not in payload
    # Counts are public: the table shows how many cards each player holds.
    assert f'data-seat="2">{sum(state["players"][2]["hand"].values())}</td>' in table


# ---------------------------------------------------------------- forged posts


@pytest.fixture
def table_and_phones(client):
    game = hands_game()
    return game, host(client, game), joined_phones(game)


def post(client, game, **fields):
    fields.setdefault("as", "seat")
    fields.setdefault("idem", uuid.uuid4().hex)
    return client.post(reverse("act", args=[game.code]), fields)


def version(game) -> int:
    game.refresh_from_db()
    return game.version


@pytest.mark.django_db
def test_forged_posts_are_refused_with_a_reason_and_change_nothing(table_and_phones):
    game, table, (ala, bartek, celina) = table_and_phones
    assert post(table, game, type="roll", die1="1", die2="3", **{"as": "table"}).status_code == 200
    before = version(game)
    cases = [
        (ala, {"type": "offer_trade", "give_ore": "3", "get_grain": "1"}, "Not enough cards"),
        (ala, {"type": "offer_trade", "give_lumber": "-1", "get_grain": "1"}, "no gifts"),
        (ala, {"type": "offer_trade", "give_lumber": "x", "get_grain": "1"}, "no gifts"),
        (ala, {"type": "offer_trade", "give_lumber": "1"}, "no gifts"),
        (ala, {"type": "offer_trade", "give_gold": "1", "get_grain": "1"}, ""),
        (bartek, {"type": "offer_trade", "give_grain": "1", "get_ore": "1"}, "not your turn"),
        (bartek, {"type": "trade_bank", "give": "grain", "get": "ore"}, "not your turn"),
        (ala, {"type": "trade_bank", "give": "lumber", "get": "ore"}, "Not enough cards"),
        (ala, {"type": "trade_bank", "give": "lumber", "get": "ore", "count": "1e9"}, "how many"),
        (bartek, {"type": "confirm_trade", "offer": "1", "partner": "1"}, "not your turn"),
        (celina, {"type": "answer_offer", "offer": "99", "answer": "accept"}, "no longer open"),
        (bartek, {"type": "discard", "cards_grain": "1"}, "be done now"),
        (ala, {"type": "buy_dev"}, "Not enough cards"),
        (table, {"type": "buy_dev", "as": "table"}, "their phone"),
        (bartek, {"type": "build_road", "edge": "-2,1|-1,1"}, "not your turn"),
    ]
    for client, fields, reason in cases:
        response = post(client, game, **fields)
        assert response.status_code in (403, 422), fields
        assert reason in response.content.decode(), (fields, response.content.decode()[:400])
        assert version(game) == before, fields
    # A phone may not speak for the table.
    assert post(ala, game, type="end_turn", **{"as": "table"}).status_code == 403
    assert version(game) == before


@pytest.mark.django_db
def test_discards_come_from_the_players_phones_with_the_right_number(table_and_phones):
    game, table, (ala, bartek, celina) = table_and_phones
    for dice in (["1", "3"], ["2", "2"], ["3", "1"]):  # three 4s: Celina 9 cards
        assert post(table, game, type="roll", die1=dice[0], die2=dice[1], **{"as": "table"}).status_code == 200
        assert post(table, game, type="end_turn", **{"as": "table"}).status_code == 200
    assert post(table, game, type="roll", die1="3", die2="4", **{"as": "table"}).status_code == 200
    before = version(game)
    state, _ = services.current_state(game)
    assert state["pending"] == [{"seat": 2, "kind": "discard"}]
    for client, fields, reason in [
        (celina, {"type": "discard", "cards_grain": "3"}, "exactly 4"),
        (celina, {"type": "discard", "cards_brick": "4"}, "don&#x27;t hold"),
        (bartek, {"type": "discard", "cards_grain": "4", "seat": "2"}, "not your turn"),
        (table, {"type": "discard", "cards_grain": "4", "seat": "2", "as": "table"}, "own phone"),
    ]:
        response = post(client, game, **fields)
        assert response.status_code == 422 and reason in response.content.decode(), fields
        assert version(game) == before
    assert post(celina, game, type="discard", cards_grain="4").status_code == 200
    version(game)
    state, _ = services.current_state(game)
    assert state["phase"] == "robber" and sum(state["players"][2]["hand"].values()) == 5


@pytest.mark.django_db
def test_a_phone_exports_the_log_as_its_player_sees_it(table_and_phones):
    game, table, (ala, bartek, celina) = table_and_phones
    for actor, kind, args in [(TABLE, "roll", {"dice": [1, 3]}), (TABLE, "end_turn", {}),
                              (TABLE, "roll", {"dice": [2, 2]}), (TABLE, "end_turn", {}),
                              (TABLE, "roll", {"dice": [3, 4]}), ({"seat": 2}, "move_robber", {"hex": "-1,1"}),
                              ({"seat": 2}, "steal", {"victim": 1}), ({"seat": 2}, "buy_dev", {})]:
        game = services.perform(game, actor, kind, args).game
    state, _ = services.current_state(game)
    stolen = next(e for e in state["log"] if e["kind"] == "stole")["secret"]["params"]["card"]
    bought = next(e for e in state["log"] if e["kind"] == "bought_dev")["secret"]["params"]["card"]
    exports = {}
    for name, phone in (("ala", ala), ("bartek", bartek), ("celina", celina)):
        response = phone.get(reverse("export", args=[game.code]))
        assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
        exports[name] = json.loads(response.content)
    assert exports["ala"]["seat"] == 0 and exports["ala"]["version"] == game.version

    def entry(export, kind):
        return next(e for e in export["log"] if e["kind"] == kind)

    assert entry(exports["celina"], "stole")["params"]["card"] == stolen
    assert entry(exports["bartek"], "stole")["params"]["card"] == stolen
    assert "card" not in entry(exports["ala"], "stole")["params"]
    assert entry(exports["celina"], "bought_dev")["params"]["card"] == bought
    for other in ("ala", "bartek"):
        assert "card" not in entry(exports[other], "bought_dev")["params"]
        assert "secret" not in json.dumps(exports[other])
    # The table's full record export waits for the end of the game.
    assert table.get(reverse("export", args=[game.code])).status_code == 403
