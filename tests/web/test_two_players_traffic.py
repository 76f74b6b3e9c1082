"""Catan for two with hands on phones over the real websocket traffic: the forced trade.

The server draws 2 random cards from the opponent's hand for the player, who gives 2 of
their choice back on their phone. Each screen's socket is recorded (traffic.py): the table
may learn only that 2 cards went each way, never which; each of the two players sees what
they themselves gave and received.

The beginner layout with the random-board setup: the neutral colours and the players take
the first spot the board offers each time, so every run deals the same starting hands.
"""
import html
import re

import pytest
from asgiref.sync import sync_to_async

from companion import engine, services
from companion.machinery import board as boards
from companion.messages import CARD_NAMES, log_text
from companion.models import Game

from .helpers import TABLE
from .traffic import Traffic

PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}]
ALA, BARTEK = 0, 1
HAND = re.compile(r'data-resource="(\w+)" data-count="(\d+)"')
RESOURCES = ("lumber", "brick", "wool", "grain", "ore")


def two_game() -> Game:
    game = services.create_game({"rules": "base", "players": PLAYERS, "dice_source": "typed", "board": "random",
                                 "board_layout": boards.beginner_board(), "play_mode": "hands",
                                 "variants": {"two_players": True}}, seed=5)
    while True:
        state = services.current_state(game)[0]
        if state["phase"] != "setup":
            return game
        targets = engine.view(state, engine.TABLE)["board"]["targets"]
        for kind, target, key in (("place_neutral", "neutral_settlement", "corner"),
                                  ("place_settlement", "settlement", "corner"), ("place_road", "road", "edge")):
            if targets.get(target):
                game = services.perform(game, TABLE, kind, {key: targets[target][0]}).game
                break


def hands_shown(payload: str) -> list[dict]:
    shown = []
    for block in payload.split('data-testid="my-hand"')[1:]:
        block = block.split("</ul>")[0]
        shown.append({r: int(n) for r, n in HAND.findall(block)})
    return shown


def log_lines(payload: str) -> list[str]:
    """The text of every log line the payload's log fragments show."""
    lines = []
    # The whole log (a section), or the entries a push adds on top of it (partials/log_added.html).
    for _tag, fragment in re.findall(r'<(section|ol) id="log(?:-entries)?"[^>]*hx-swap-oob[^>]*>(.*?)</\1>', payload, re.S):
        lines += [html.unescape(re.sub(r"<[^>]+>", "", li)).strip() for li in re.findall(r"<li[^>]*>(.*?)</li>", fragment, re.S)]
    return lines


def names_a_resource(text: str) -> bool:
    return any(re.search(rf"\b{re.escape(str(CARD_NAMES[r]))}\b", text) for r in RESOURCES)


def fragments(payload: str) -> dict[str, str]:
    """A push's fragments by id (each is swapped in out of band)."""
    starts = [(m.start(), m.group(1)) for m in re.finditer(r'<\w+ id="([\w-]+)"[^>]*hx-swap-oob', payload)]
    return {name: payload[at:end] for (at, name), (end, _) in zip(starts, starts[1:] + [(len(payload), None)])}


def resource_words(fragment: str) -> list[int]:
    text = html.unescape(re.sub(r"<[^>]+>", " ", fragment))
    return [len(re.findall(rf"\b{re.escape(str(CARD_NAMES[r]))}\b", text)) for r in RESOURCES]


def log_texts(state: dict, viewer) -> dict[int, str]:
    """Log entry number -> its line, as `viewer`'s screen writes it."""
    view = engine.view(state, viewer)
    names = [p["name"] for p in view["players"]] + ["neutral white", "neutral orange"]
    return {e["n"]: log_text(e, names) for e in view["log"]}


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_forced_trade_shows_the_table_only_counts():
    game = await sync_to_async(two_game)()
    traffic = await Traffic.open(game)
    before = await traffic.state()
    assert before["phase"] == "roll" and before["turn"]["seat"] == ALA
    hand_before = {s: dict(before["players"][s]["hand"]) for s in (ALA, BARTEK)}
    assert hand_before[BARTEK] == {"lumber": 0, "brick": 0, "wool": 1, "grain": 1, "ore": 0}
    assert sum(hand_before[ALA].values()) == 2
    logged_before = before["counters"]["log"]
    table_lines_before = set(log_texts(before, engine.TABLE).values())

    # Ala pays a token: the server draws Bartek's 2 cards for her; she picks 2 to give back.
    await traffic.act({"seat": ALA}, "forced_trade")
    state = await traffic.state()
    assert state["phase"] == "forced_trade" and state["two"]["tokens"][ALA] == before["two"]["tokens"][ALA] - 1
    # One line for the forced trade and both cards (issue 19): the cards in the order drawn.
    drawn = next(e for e in state["log"] if e["kind"] == "forced_trade")["secret"]["params"]["drawn"]
    assert sorted(drawn) == ["grain", "wool"]  # all he held
    assert not any(e["kind"] == "stole" for e in state["log"])
    asked = {name: len(traffic.received[name]) for name in traffic.screens}
    assert 'data-testid="forced-give-form"' in traffic.received[ALA][-1]
    assert "Forced trade: Ala picks the cards to give back" in traffic.received["table"][-1]
    assert "Forced trade: Ala picks the cards to give back" in traffic.received[BARTEK][-1]
    await traffic.act({"seat": ALA}, "forced_give", cards={"wool": 1, "ore": 0, "grain": 1})
    state = await traffic.state()
    await traffic.close()
    assert state["phase"] == "roll" and state["two"]["forced"] is None
    given = next(e for e in state["log"] if e["kind"] == "forced_gave")
    assert given["secret"]["params"]["cards"] == {"wool": 1, "grain": 1}
    assert given["params"] == {"to": BARTEK, "count": 2}

    # What the table screen received: counts, never a card's kind.
    table = traffic.payload("table")
    for payload in traffic.received["table"]:
        assert 'data-testid="forced-give-form"' not in payload
        assert hands_shown(payload) == [] and "data-count" not in payload.split('id="market"')[0]
    table_lines = set(log_lines(table))
    taken = ", ".join(f"1 {card}" for card in drawn)
    secret_lines = {f"Ala pays 1 trade token for a forced trade and takes {taken} from Bartek.",
                    "Ala gives Bartek 1 wool, 1 grain back (forced trade)."}
    assert not table_lines & secret_lines
    assert {"Ala pays 1 trade token for a forced trade and takes 2 random cards from Bartek.",
            "Ala gives Bartek 2 cards back (forced trade)."} <= table_lines  # that cards moved, and how many
    assert {line for line in table_lines if names_a_resource(line)} <= table_lines_before
    # Outside the log no fragment the table got names a resource more often than it did on
    # connecting (the bank, the harbours, the costs): nothing about the cards that moved.
    first, *pushes = [fragments(payload) for payload in traffic.received["table"]]
    assert pushes and set(first) >= {"status", "scoreboard", "actions", "market", "board_picture", "board_pieces", "log"}
    for push in pushes:
        for name, fragment in push.items():
            if not name.startswith("log"):
                assert resource_words(fragment) == resource_words(first[name]), name
    counts = re.findall(r'class="hand-count" data-seat="(\d)">(\d+)<', table)
    assert ("0", "4") in counts and ("1", "0") in counts  # Ala held 4 cards, Bartek none, meanwhile
    # ...and the table's view itself carries no card of the trade.
    for entry in engine.view(state, engine.TABLE)["log"][logged_before:]:
        assert "secret" not in entry and not {"card", "cards", "drawn"} & set(entry["params"])

    # Each player sees what they gave and received: the drawn cards and the 2 given back.
    for seat in (ALA, BARTEK):
        lines = set(log_lines(traffic.payload(seat)))
        assert secret_lines <= lines
        assert {log_texts(state, seat)[e["n"]] for e in state["log"][logged_before:] if "secret" in e} == secret_lines
        shown = hands_shown(traffic.payload(seat))
        assert shown[-1] == state["players"][seat]["hand"]
    # Between the draw and the cards given back Ala's phone showed her 2 new cards, Bartek's none.
    middle = {seat: hands_shown("".join(traffic.received[seat][:asked[seat]]))[-1] for seat in (ALA, BARTEK)}
    assert middle[ALA] == {r: hand_before[ALA][r] + hand_before[BARTEK][r] for r in RESOURCES}
    assert sum(middle[BARTEK].values()) == 0
    assert sum(state["players"][BARTEK]["hand"].values()) == 2
