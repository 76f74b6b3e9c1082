"""Traders & Barbarians game options: the friendly robber and Harbormaster.

Source: /work/shared/rulebooks/traders-and-barbarians-pl.txt, "Przyjacielski złodziej" and
"Zarządca portu" (digest: RULES-FACTS.md, Traders & Barbarians). Engine code under test:
companion/layers/options/friendly_robber/rules.py and companion/layers/options/harbormaster/rules.py, through
the hooks of the composed rules (robber_limits, robber_spares, extra_vp, after_action).

Board games use the first-game picture (beginner mode, 5th-edition pieces): every player
starts with two settlements, 2 VP; the desert is 0,0, and every other land hex touches a
settlement.
"""
import copy

import pytest

from companion.engine import TABLE, IllegalAction, allowed_actions, apply, new_game, view
from companion.layers.cores.base import rules as base
from companion.machinery import board as boards
from companion.engine.game import ruleset
from companion.layers.options.friendly_robber import rules as friendly_robber
from companion.layers.options.harbormaster import rules as harbormaster

TABLE_ACTOR = {"role": "table"}
COLOURS = ("red", "blue", "white", "orange")
DESERT = "0,0"


def do(state, kind, actor=TABLE_ACTOR, **args):
    return apply(state, {"type": kind, "actor": actor, "args": args})[0]


def refused(state, kind, actor=TABLE_ACTOR, **args) -> IllegalAction:
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, {"type": kind, "actor": actor, "args": args})
    assert state == before
    return info.value


def board_game(**variant_flags) -> dict:
    config = {"players": [{"name": c.title(), "color": c} for c in COLOURS], "board": "beginner", "play_mode": "paper",
              "board_layout": boards.beginner_board(), "dice_source": "typed"}
    if variant_flags:
        config["variants"] = variant_flags
    return new_game(config)


def paper_game(**variant_flags) -> dict:
    config = {"players": [{"name": f"P{i}", "color": base.COLORS[i]} for i in range(3)]}
    if variant_flags:
        config["variants"] = variant_flags
    state = new_game(config)
    for _ in range(6):
        state = do(state, "place_setup")
    return state


def make_city(state, corner):
    pieces = state["board"]["pieces"]
    owner = pieces["settlements"].pop(corner)
    pieces["cities"][corner] = owner
    state["players"][owner]["settlements"] -= 1
    state["players"][owner]["cities"] += 1
    return owner


def hexes_touching(state, seat):
    g = boards.geometry(state["board"]["layout"])
    return {h for h in state["board"]["layout"]["hexes"]
            if any(boards.owner_at(state["board"]["pieces"], c) == seat for c in g.hex_corners[h])}


# ---------------------------------------------------------------- configuration


def test_variants_are_options_of_a_game():
    assert "variants" not in board_game()["config"]
    assert board_game(friendly_robber=True, harbormaster=True)["config"]["variants"] == {
        "friendly_robber": True, "harbormaster": True}
    assert board_game(friendly_robber=False)["config"].get("variants") == {}
    with pytest.raises(IllegalAction) as info:
        board_game(pirates=True)
    assert info.value.code == "unknown_variant"


# ---------------------------------------------------------------- the friendly robber


def _to_robber(state):
    state = do(state, "roll", dice=[3, 4])
    for s in range(len(state["players"])):
        state = do(state, "discard", seat=s, hand_size=0)  # a 7 still makes everyone discard
    assert state["phase"] == "robber"
    return state


def _free_the_east(state):
    """Take orange's settlement at 1,-1|2,-2|2,-1 off the board: the forest 9 (2,-2), the
    pasture 4 (1,-1) and the hills 10 (2,-1) then touch no settlement."""
    del state["board"]["pieces"]["settlements"]["1,-1|2,-2|2,-1"]
    state["players"][3]["settlements"] -= 1
    return state


EAST = {"2,-2", "1,-1", "2,-1"}


def test_friendly_robber_spares_players_with_two_points():
    """Nobody has more than 2 VP at the start: only hexes next to no settlement are allowed
    (with orange's eastern settlement gone: the three hexes it touched)."""
    state = _to_robber(_free_the_east(board_game(friendly_robber=True)))
    assert friendly_robber.spared_seats(ruleset(state), state) == [0, 1, 2, 3]
    everyone = set().union(*(hexes_touching(state, s) for s in range(4)))
    assert not EAST & everyone and DESERT not in everyone
    land = {h for h, x in state["board"]["layout"]["hexes"].items() if x["terrain"]}
    assert land - everyone == EAST | {DESERT}
    assert set(base.robber_hexes(ruleset(state), state)) == EAST
    assert set(view(state, TABLE)["board"]["targets"]["robber"]) == EAST
    assert refused(state, "move_robber", hex="0,-1").code == "robber_spares"
    moved = do(state, "move_robber", hex="2,-2")
    assert moved["phase"] == "main" and moved["board"]["victims"] == []


def _every_hex_touches_someone(state):
    """On the first-game picture every land hex but the desert touches a 2-VP player."""
    land = {h for h, x in state["board"]["layout"]["hexes"].items() if x["terrain"]}
    everyone = set().union(*(hexes_touching(state, s) for s in range(len(state["players"]))))
    assert land - everyone == {DESERT}
    return state


def test_friendly_robber_with_nowhere_to_go_stays_on_the_desert():
    state = _to_robber(_every_hex_touches_someone(board_game(friendly_robber=True)))
    assert base.robber_hexes(ruleset(state), state) == [DESERT] == [state["board"]["robber"]]
    assert view(state, TABLE)["board"]["targets"]["robber"] == [DESERT]
    state = do(state, "move_robber", hex=DESERT)
    assert state["board"]["robber"] == DESERT
    assert state["phase"] == "main" and state["board"]["victims"] == []  # nobody with 2 VP is robbed


def test_friendly_robber_with_nowhere_to_go_returns_to_the_desert():
    state = _every_hex_touches_someone(board_game(friendly_robber=True))
    state["board"]["robber"] = "1,1"
    state = _to_robber(state)
    assert base.robber_hexes(ruleset(state), state) == [DESERT]
    assert refused(state, "move_robber", hex="-2,1").code == "robber_spares"
    assert do(state, "move_robber", hex=DESERT)["board"]["robber"] == DESERT


def test_without_the_variant_the_robber_goes_anywhere():
    state = _to_robber(board_game())
    assert len(base.robber_hexes(ruleset(state), state)) == 18
    assert refused(state, "move_robber", hex=DESERT).code == "robber_must_move"


def test_friendly_robber_may_rob_a_player_with_more_than_two_points():
    state = board_game(friendly_robber=True)
    owner = make_city(state, "1,-1|2,-2|2,-1")  # orange: 3 VP now
    assert owner == 3
    state = _to_robber(state)
    assert friendly_robber.spared_seats(ruleset(state), state) == [0, 1, 2]
    allowed = set(base.robber_hexes(ruleset(state), state))
    beginners = set().union(*(hexes_touching(state, s) for s in range(3)))
    assert allowed and not allowed & beginners
    land = {h for h, x in state["board"]["layout"]["hexes"].items() if x["terrain"]}
    assert allowed == land - beginners - {state["board"]["robber"]}
    # Orange's own hexes are fair game now, unless they touch a beginner too.
    assert allowed == hexes_touching(state, 3) - beginners == {"2,-2", "1,-1", "2,-1", "-1,2"}
    forbidden = sorted(beginners - {state["board"]["robber"]})[0]
    assert refused(state, "move_robber", hex=forbidden).code == "robber_spares"
    target = sorted(allowed)[0]
    moved = do(state, "move_robber", hex=target)
    assert moved["board"]["robber"] == target
    assert moved["phase"] == "steal" and moved["board"]["victims"] == [3]


def test_friendly_robber_after_a_knight_too():
    state = board_game(friendly_robber=True)
    state["players"][0]["dev_hand"].append({"card": "knight", "turn": 0})
    state = do(state, "play_dev", {"seat": 0}, card="knight")
    assert state["phase"] == "robber"
    assert set(view(state, TABLE)["board"]["targets"]["robber"]) == set(base.robber_hexes(ruleset(state), state))
    everyone = set().union(*(hexes_touching(state, s) for s in range(4)))
    assert not set(base.robber_hexes(ruleset(state), state)) - {DESERT} & everyone


def test_friendly_robber_on_paper_refuses_a_beginner_as_victim():
    state = do(paper_game(friendly_robber=True), "roll", dice=[3, 4])
    for s in range(3):
        state = do(state, "discard", seat=s, hand_size=0)
    assert refused(state, "move_robber", victim=1).code == "robber_spares"
    state["players"][1]["settlements"] += 1  # 3 VP
    assert do(state, "move_robber", victim=1)["phase"] == "main"
    assert do(state, "move_robber", victim="")["phase"] == "main"
    assert view(state, TABLE)["variants"]["spared"] == [0, 2]


# ---------------------------------------------------------------- Harbormaster


def harbour_corners(state):
    g = boards.geometry(state["board"]["layout"])
    return [c for e in sorted(state["board"]["layout"]["harbours"]) for c in g.edge_corners[e]]


def recount(state):
    """Any action recounts the harbour points afterwards."""
    source = "virtual" if state["config"]["dice_source"] != "virtual" else "typed"
    return do(state, "set_dice_source", source=source)


def test_harbour_points_one_per_settlement_two_per_city():
    state = board_game(harbormaster=True)
    corners = harbour_corners(state)
    assert harbormaster.harbour_points(ruleset(state), state) == {0: 0, 1: 0, 2: 0, 3: 0}
    pieces = state["board"]["pieces"]
    pieces["settlements"][corners[0]] = 1
    pieces["cities"][corners[2]] = 1
    pieces["settlements"][corners[4]] = 2
    assert harbormaster.harbour_points(ruleset(state), state) == {0: 0, 1: 3, 2: 1, 3: 0}


def test_harbormaster_first_to_three_then_more_takes_it():
    state = board_game(harbormaster=True)
    corners = harbour_corners(state)
    pieces = state["board"]["pieces"]
    pieces["settlements"][corners[0]] = 1
    pieces["settlements"][corners[2]] = 1
    state = recount(state)
    assert harbormaster.holder(state) is None  # 2 points are not enough
    state["board"]["pieces"]["settlements"][corners[4]] = 1
    state = recount(state)
    assert harbormaster.holder(state) == 1
    assert ruleset(state).vp_public(state, 1) == 2 + 2 and ruleset(state).vp_total(state, 1) == 4
    assert view(state, TABLE)["variants"]["holder"] == 1
    entry = state["log"][-1]
    assert entry["kind"] == "harbormaster" and entry["params"] == {"previous": None, "points": 3}
    # White gets as many: the holder keeps it. More: it passes.
    pieces = state["board"]["pieces"]
    for corner in corners[6:9:2]:
        pieces["cities"][corner] = 2
    state = recount(state)
    assert harbormaster.harbour_points(ruleset(state), state)[2] == 4 and harbormaster.holder(state) == 2
    # (the pieces were put on the board by hand: only the card's 2 VP moved)
    assert ruleset(state).vp_public(state, 1) == 2 and ruleset(state).vp_public(state, 2) == 2 + 2
    state["board"]["pieces"]["cities"][corners[10]] = 1  # red 3 + 2 = 5 > 4
    state = recount(state)
    assert harbormaster.holder(state) == 1


def test_harbormaster_points_count_for_victory():
    state = board_game(harbormaster=True)
    state["config"]["target"] = 4
    corners = harbour_corners(state)
    for c in corners[0:5:2]:
        state["board"]["pieces"]["settlements"][c] = 0  # red: 2 + 3 settlements (5 VP), 3 harbour points
        state["players"][0]["settlements"] += 1
    state = recount(state)
    assert harbormaster.holder(state) == 0 and state["winner"] == 0  # in red's own turn


def test_harbormaster_on_paper_is_set_by_the_table():
    state = paper_game(harbormaster=True)
    assert "set_harbormaster" in allowed_actions(state, TABLE_ACTOR)
    assert "set_harbormaster" not in allowed_actions(paper_game(), TABLE_ACTOR)
    state = do(state, "set_harbormaster", holder=2)
    assert harbormaster.holder(state) == 2 and ruleset(state).vp_public(state, 2) == 4
    assert refused(state, "set_harbormaster", holder=2).code == "nothing_changes"
    state = do(state, "set_harbormaster", holder="")
    assert harbormaster.holder(state) is None
