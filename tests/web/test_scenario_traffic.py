"""The scenarios' secrets on the real websocket traffic (the table and every phone connected
as browsers connect, every action tapped on its own screen): a fish token's value reaches
only its owner's phone; a camel bid reaches no other screen before every bid is in, and
then every screen together; the resource card a Traders & Barbarians barbarian takes from a
road's owner reaches only the taker's and the victim's phones, and every hand only its own."""
import re

import pytest
from asgiref.sync import sync_to_async

from companion import engine, services
from companion.layers.traders_barbarians_scenarios.fishermen import rules as fishermen
from companion.layers.traders_barbarians_scenarios.traders_barbarians import rules as tb
from tests.engine.test_traders_barbarians import BARBARIANS, tb_layout

from .helpers import PLAYERS, TABLE
from .traffic import Traffic

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
TOKEN = re.compile(r'data-fish="(\d)"')
CAUGHT_WITH_VALUES = re.compile(r"catches \d+ fish tokens? \(")


def _game(scenario: str, seed: int):
    return services.create_game({"rules": "base", "players": PLAYERS, "board": "random", "play_mode": "hands",
                                 "dice_source": "typed", "scenario": scenario}, seed=seed)


async def _setup(traffic: Traffic, prefer=lambda corner: False) -> None:
    """The setup rounds tapped on the table: a preferred corner where one is legal."""
    for _ in range(2 * len(PLAYERS)):
        state = await traffic.state()
        corners = engine.view(state, engine.TABLE)["board"]["targets"]["settlement"]
        await traffic.act(TABLE, "place_settlement", corner=next((c for c in corners if prefer(c)), corners[0]))
        state = await traffic.state()
        await traffic.act(TABLE, "place_road", edge=engine.view(state, engine.TABLE)["board"]["targets"]["road"][0])


async def test_a_fish_tokens_value_reaches_only_its_owners_phone():
    game = await sync_to_async(_game)("fishermen", 11)
    traffic = await Traffic.open(game)
    layout = (await traffic.state())["board"]["layout"]
    # Settlements by the water where they may: the second one takes a token at once.
    await _setup(traffic, prefer=lambda corner: fishermen.by_water(layout, corner))
    state = await traffic.state()
    held = state["fish"]["held"]
    owners = [seat for seat, tokens in enumerate(held) if tokens]
    assert owners, "nobody took a fish token in setup"
    # Rolls on the fishing grounds until someone holds two tokens of different values or the
    # same owner catches again; every seat's hand stays its own.
    for total in (4, 5, 6, 8, 9, 10):
        if sum(len(tokens) for tokens in (await traffic.state())["fish"]["held"]) >= 4:
            break
        await traffic.act(TABLE, "roll", dice=[total // 2, total - total // 2])
        state = await traffic.state()
        if state["phase"] == fishermen.RETURN:
            break
        await traffic.act(TABLE, "end_turn")
    await traffic.settle()
    held = (await traffic.state())["fish"]["held"]
    assert TOKEN.findall(traffic.payload("table")) == []
    assert not CAUGHT_WITH_VALUES.search(traffic.payload("table"))
    for seat in range(len(PLAYERS)):
        payload = traffic.payload(seat)
        # The last hand a phone got shows exactly its own tokens ...
        hands = re.findall(r'<section id="hand".*?</section>', payload, re.S)
        assert sorted(int(v) for v in TOKEN.findall(hands[-1])) == sorted(held[seat])
        # ... and no frame ever showed another seat's (a line with values is about this seat).
        for line in re.findall(r"([^<>]*catches \d+ fish tokens? \([^<>]*)", payload):
            assert line.strip().startswith(PLAYERS[seat]["name"])
    await traffic.close()


async def test_camel_bids_stay_secret_until_all_are_in():
    game = await sync_to_async(_game)("caravans", 5)
    traffic = await Traffic.open(game)
    await _setup(traffic)
    await traffic.act(TABLE, "roll", dice=[2, 3])
    state = await traffic.state()
    seat = state["turn"]["seat"]
    city = engine.view(state, seat)["board"]["targets"].get("city") or []
    # Ala upgrades (cards given through the bank, as a trade would) and ends her turn: the vote.
    await sync_to_async(_give)(traffic.game, seat, {"grain": 4, "ore": 3, "wool": 2})
    state = await traffic.state()
    city = engine.view(state, seat)["board"]["targets"]["city"]
    await traffic.act({"seat": seat}, "build_city", corner=city[0])
    await traffic.act({"seat": seat}, "end_turn")
    assert (await traffic.state())["phase"] == "caravan_vote"
    for name in traffic.received:
        traffic.received[name].clear()
    # Ala lays out 2 wool: no other screen hears what, until every bid is in.
    await traffic.act({"seat": seat}, "camel_bid", cards={"grain": 0, "wool": 2})
    assert "2 wool" in traffic.payload(seat)
    for name in ["table", *[s for s in range(len(PLAYERS)) if s != seat]]:
        assert "2 wool" not in traffic.payload(name), name
    others = [s for s in range(len(PLAYERS)) if s != seat]
    await traffic.act({"seat": others[0]}, "camel_bid", cards={"grain": 0, "wool": 0})
    for name in ["table", others[1]]:
        assert "2 wool" not in traffic.payload(name), name
    await traffic.act({"seat": others[1]}, "camel_bid", cards={"grain": 0, "wool": 0})
    await traffic.settle()
    for name in traffic.received:  # revealed to all at once
        assert 'data-testid="vote-bids"' in traffic.payload(name) and "2 wool" in traffic.payload(name), name
    await traffic.close()


def _give(game, seat: int, cards: dict) -> None:
    """Hand a seat cards from the bank (a test's shortcut, as the engine tests do)."""
    from companion.models import Snapshot

    snapshot = Snapshot.objects.filter(game=game).order_by("-seq").first()
    state = snapshot.state
    for card, n in cards.items():
        state["bank"][card] -= n
        state["players"][seat]["hand"][card] += n
    snapshot.save()
    services.forget_cache()


HAND = re.compile(r'<section id="hand".*?</section>', re.S)
COUNTS = re.compile(r'data-resource="(\w+)" data-count="(\d+)"')


async def test_the_card_a_barbarian_takes_reaches_only_the_taker_and_the_victim():
    game = await sync_to_async(services.create_game)({
        "rules": "base", "players": PLAYERS, "board": "random", "play_mode": "hands", "dice_source": "typed",
        "scenario": tb.NAME, "target": tb.TARGET, "board_layout": tb_layout()}, seed=3)
    traffic = await Traffic.open(game)
    await _setup(traffic)
    # The table's answers before the first roll: the deck and the wagon cards as shown.
    await traffic.act(TABLE, "set_dev_deck", **(await traffic.state())["dev_deck"])
    await traffic.act(TABLE, "set_wagon_cards")
    # Bartek holds an ore (and what his last setup placement brought); no discards on the 7.
    await sync_to_async(_hands)(traffic.game, {0: {}, 1: {"ore": 1}, 2: {}})
    state = await traffic.state()
    assert state["turn"]["seat"] == 0
    before = [{r: n for r, n in p["hand"].items() if n} for p in state["players"]]
    assert before[1] and all(sum(h.values()) <= 7 for h in before)
    road = next(e for e, s in state["board"]["pieces"]["roads"].items() if s == 1 and e not in BARBARIANS)
    for name in traffic.received:
        traffic.received[name].clear()
    await traffic.act(TABLE, "roll", dice=[3, 4])
    assert (await traffic.state())["phase"] == tb.BARB
    await traffic.act({"seat": 0}, "pick_barbarian", edge=BARBARIANS[0])
    await traffic.act({"seat": 0}, "move_barbarian", edge=road)
    await traffic.settle()
    state = await traffic.state()
    moved = next(e for e in reversed(state["log"]) if e["kind"] == "tb_barbarian_moved")
    assert moved["secret"]["seats"] == [0, 1]
    card = moved["secret"]["params"]["card"]
    after = [{r: n for r, n in p["hand"].items() if n} for p in state["players"]]
    assert after[0] == {**before[0], card: before[0].get(card, 0) + 1} and after[2] == before[2]
    assert sum(after[1].values()) == sum(before[1].values()) - 1
    taken = f"onto Bartek&#x27;s road and takes a 1 {card}"  # the log line, as the page escapes it
    for name in (0, 1):
        assert taken in traffic.payload(name), name
    for name in ("table", 2):
        assert taken not in traffic.payload(name), name
        assert "onto Bartek&#x27;s road and takes a random resource card from them" in traffic.payload(name), name
    # Every hand reaches its own phone only: the table gets none; a phone's hand frames show
    # only what that seat held (before or after the steal), and the last one what it holds.
    assert not HAND.findall(traffic.payload("table"))
    held = {seat: [before[seat], after[seat]] for seat in range(len(PLAYERS))}
    for seat in range(len(PLAYERS)):
        shown = [{r: int(n) for r, n in COUNTS.findall(hand) if int(n)} for hand in HAND.findall(traffic.payload(seat))]
        assert all(hand in held[seat] for hand in shown), (seat, shown)
        if seat in (0, 1):  # their hands changed: their phones got the new one
            assert shown and shown[-1] == held[seat][-1], seat
    await traffic.close()


def _hands(game, held: dict) -> None:
    """Set the seats' hands (the rest back to the bank): a test's shortcut, as the engine tests do."""
    from companion.models import Snapshot

    snapshot = Snapshot.objects.filter(game=game).order_by("-seq").first()
    state = snapshot.state
    for seat, cards in held.items():
        for card in list(state["players"][seat]["hand"]):
            state["bank"][card] += state["players"][seat]["hand"][card]
            state["players"][seat]["hand"][card] = cards.get(card, 0)
            state["bank"][card] -= cards.get(card, 0)
    snapshot.save()
    services.forget_cache()
