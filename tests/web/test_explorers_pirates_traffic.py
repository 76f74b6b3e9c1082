"""Explorers & Pirates (Land Ho!) with hands on phones over the real websocket traffic: every
hand reaches only its owner's phone (never the table or another phone), from a ship pointing
at a face-down hex (the screens connect then) through the discovery paid into the
discoverer's hand and the next player's roll; and the reveal form reaches only the phone of
the ship's owner."""
import pytest
from asgiref.sync import sync_to_async

from companion import engine, services
from companion.machinery import hands

from .helpers import PLAYERS, TABLE
from .test_two_players_traffic import hands_shown
from .traffic import Traffic

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
REVEAL_FORM = 'data-testid="ep-reveal-form"'


def _game():
    return services.create_game({"rules": "explorers_pirates", "scenario": "land_ho", "players": PLAYERS,
                                 "board": "beginner", "play_mode": "hands", "dice_source": "typed", "target": 8},
                                seed=3)


def _nearest(edges: list[str], down: list[str]) -> str:
    """The path whose ends come nearest a face-down hex (axial hex distance)."""
    def axial(p):
        return tuple(int(v) for v in p.split(","))

    steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

    def distance(edge):
        a, b = (axial(p) for p in edge.split("|"))
        ends = {(a[0] + dq, a[1] + dr) for dq, dr in steps} & {(b[0] + dq, b[1] + dr) for dq, dr in steps}
        return min((abs(q - x) + abs(r - y) + abs(q + r - x - y)) / 2
                   for q, r in (a, b, *ends) for x, y in map(axial, down))

    def middle(edge):
        (q1, r1), (q2, r2) = (axial(p) for p in edge.split("|"))
        q, r = (q1 + q2) / 2, (r1 + r2) / 2
        return min((abs(q - x) + abs(r - y) + abs(q + r - x - y)) / 2 for x, y in map(axial, down))
    return min(edges, key=lambda e: (distance(e), middle(e), e))


def _sail_to_a_discovery(game):
    """Before the screens connect: Ala's ship sails towards the face-down hexes until it points at
    one (on in her next turn when its points run out: the others roll and pass on the table)."""
    ala = {"role": "seat", "seat": 0}
    for _ in range(40):
        state = services.current_state(game)[0]
        if state["phase"] == "reveal":
            return game
        targets = engine.view(state, 0)["board"]["targets"]
        down = [h for h, x in state["board"]["layout"]["hexes"].items() if x["terrain"] == "unexplored"]
        if state["phase"] == "roll":
            kind, actor, args = "roll", TABLE, {"dice": [2, 3]}
        elif state["turn"]["seat"] != 0:
            kind, actor, args = "end_turn", TABLE, {}
        elif state["phase"] == "main":
            kind, actor, args = "start_movement", ala, {}
        elif targets.get("sail"):
            kind, actor, args = "move_ship", ala, {"edge": _nearest(targets["sail"], down)}
        elif targets.get("ship"):
            kind, actor, args = "choose_ship", ala, {"edge": targets["ship"][0]}
        else:
            kind, actor, args = "end_turn", ala, {}
        game = services.perform(game, actor, kind, args).game
    raise AssertionError("the ship never reached a face-down hex")


async def test_each_hand_reaches_only_its_owners_phone():
    game = await sync_to_async(_sail_to_a_discovery)(await sync_to_async(_game)())
    traffic = await Traffic.open(game)  # every screen gets its whole view on connecting
    seen = {seat: [] for seat in range(len(PLAYERS))}  # every hand each seat held from here on

    async def note():
        state = await traffic.state()
        for seat in seen:
            seen[seat].append(dict(hands.hand(state, seat)))
        return state

    state = await note()
    assert state["phase"] == "reveal" and state["explorers_pirates"]["compensation"]["seats"]
    await traffic.settle(quiet=0.3)
    # The reveal form: on Ala's phone only.
    assert REVEAL_FORM in traffic.payload(0)
    assert all(REVEAL_FORM not in traffic.payload(seat) for seat in (1, 2))
    ala = {"role": "seat", "seat": 0}
    hex_ = state["explorers_pirates"]["reveal"]["hexes"][0]
    await traffic.act(ala, "reveal_hex", hex=hex_, terrain="mountains", number="10")
    state = await note()
    assert hands.hand(state, 0)["ore"] == seen[0][-2]["ore"] + 1  # the discovery pays 1 ore
    await traffic.act(ala, "end_turn")
    await traffic.act(TABLE, "roll", dice=[6, 6])  # Bartek's roll, tapped on the table
    await note()
    await traffic.settle()
    # The table never shows a hand; each phone shows only hands its owner held.
    assert 'data-testid="my-hand"' not in traffic.payload("table")
    for seat in seen:
        shown = hands_shown(traffic.payload(seat))
        assert shown, f"seat {seat} never saw its hand"
        for hand in shown:
            assert hand in [{r: h[r] for r in hand} for h in seen[seat]], (seat, hand)
        assert shown[-1] == {r: seen[seat][-1][r] for r in shown[-1]}
    assert len({tuple(sorted(h.items())) for h in (seen[s][-1] for s in seen)}) == len(seen)  # three different hands
    await traffic.close()
