"""The scenarios' secrets on the real websocket traffic (the table and every phone connected
as browsers connect, every action tapped on its own screen): a fish token's value reaches
only its owner's phone; a camel bid reaches no other screen before every bid is in, and
then every screen together."""
import re

import pytest
from asgiref.sync import sync_to_async

from companion import engine, services
from companion.layers.fishermen import rules as fishermen

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
