"""Pirate Lairs with hands on phones over the real websocket traffic: the card the pirates
steal (a 7, the pirate ship placed beside a victim's ship) reaches only the thief's and the
victim's phones; the table and the other phone learn only that a card was taken; every hand
reaches only its own phone."""
import re

import pytest
from asgiref.sync import sync_to_async

from companion import services
from companion.machinery import hands
from companion.machinery.board import geometry

from .helpers import PLAYERS, TABLE
from .traffic import Traffic

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
HAND = re.compile(r'<section id="hand".*?</section>', re.S)
COUNTS = re.compile(r'data-resource="(\w+)" data-count="(\d+)"')


def _game():
    return services.create_game({"rules": "explorers_pirates", "scenario": "pirate_lairs", "players": PLAYERS,
                                 "board": "beginner", "play_mode": "hands", "dice_source": "typed", "target": 12},
                                seed=3)


def _ship_beside_a_pirate_hex(game) -> str:
    """Bartek's ship onto a sea path of a hex the pirates may take (a test's shortcut, as the
    engine tests do); that hex."""
    from companion.layers.cores.explorers_pirates import missions
    from companion.models import Snapshot

    snapshot = Snapshot.objects.filter(game=game).order_by("-seq").first()
    state = snapshot.state
    layout = state["board"]["layout"]
    hexes = layout["hexes"]
    g = geometry(layout)
    for hex_ in missions.pirate_hexes(state):
        edges = [e for e in sorted(g.edge_corners) if hex_ in e.split("|")
                 and all((hexes.get(p) or {}).get("terrain") == "sea" for p in e.split("|"))]
        if edges:
            ship = next(s for s in state["explorers_pirates"]["ships"] if s["seat"] == 1)
            ship["edge"], ship["bow"] = edges[0], g.edge_corners[edges[0]][0]
            snapshot.save()
            services.forget_cache()
            return hex_
    raise AssertionError("no sea path beside a pirate hex")


async def test_the_card_the_pirates_steal_reaches_only_the_thief_and_the_victim():
    game = await sync_to_async(_game)()
    hex_ = await sync_to_async(_ship_beside_a_pirate_hex)(game)
    traffic = await Traffic.open(game)
    state = await traffic.state()
    before = [{r: n for r, n in hands.hand(state, s).items() if n} for s in range(len(PLAYERS))]
    assert before[1] and all(sum(h.values()) <= 7 for h in before)
    for name in traffic.received:
        traffic.received[name].clear()
    await traffic.act(TABLE, "roll", dice=[3, 4])  # Ala's 7, typed on the table
    assert (await traffic.state())["phase"] == "pirates"
    ala = {"role": "seat", "seat": 0}
    await traffic.act(ala, "place_pirates", hex=hex_)
    assert (await traffic.state())["phase"] == "pirate_steal"
    await traffic.settle(quiet=0.3)
    assert 'data-testid="ep-steal-1"' in traffic.payload(0)
    assert all('data-testid="ep-steal-1"' not in traffic.payload(name) for name in (1, 2))
    await traffic.act(ala, "pirate_steal", victim=1)
    await traffic.settle()
    state = await traffic.state()
    stole = next(e for e in reversed(state["log"]) if e["kind"] == "ep_pirates_stole")
    assert stole["secret"]["seats"] == [0, 1]
    card = stole["secret"]["params"]["card"]
    after = [{r: n for r, n in hands.hand(state, s).items() if n} for s in range(len(PLAYERS))]
    assert after[0] == {**before[0], card: before[0].get(card, 0) + 1} and after[2] == before[2]
    assert sum(after[1].values()) == sum(before[1].values()) - 1
    taken = f"pirates take 1 {card} from Bartek"
    for name in (0, 1):
        assert taken in traffic.payload(name), name
    for name in ("table", 2):
        assert taken not in traffic.payload(name), name
        assert "pirates take a random resource card from Bartek" in traffic.payload(name), name
    # Every hand reaches its own phone only: the table gets none; a phone's hand frames show
    # only what that seat held (before or after the theft), and the last one what it holds.
    assert not HAND.findall(traffic.payload("table"))
    held = {seat: [before[seat], after[seat]] for seat in range(len(PLAYERS))}
    for seat in range(len(PLAYERS)):
        shown = [{r: int(n) for r, n in COUNTS.findall(hand) if int(n)} for hand in HAND.findall(traffic.payload(seat))]
        assert all(hand in held[seat] for hand in shown), (seat, shown)
        if seat in (0, 1):
            assert shown and shown[-1] == held[seat][-1], seat
    await traffic.close()
