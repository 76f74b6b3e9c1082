"""The shared mechanisms a scenario layer uses (docs/rulesets.md, "Scenario mechanisms"),
checked with a made-up scenario layer so that they hold whatever the real ones do: its
choice in the config, its terrains and board set, closed and weighted roads, a per-seat
target, points by source, extra number tokens, the robber's home."""
import copy

import pytest

from companion.engine.points import vp_sources
from companion.layers.cores.base import rules as base
from companion.machinery import board as boards
from companion.machinery.composition import Actions, Layer, compose, scenario
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step

G = boards.geometry("base")
DESERT = "0,0"  # the beginner board's desert, in the centre
PLAYERS = [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Bob", "blue"), ("Cy", "white"))]


def pond_set(rules, frame, expected):
    """The made-up scenario: a pond instead of the desert, and the robber beside the board."""
    terrains = {**expected["terrains"], "desert": 0, "pond": 1}
    return {**expected, "terrains": terrains, "untokened": expected["untokened"] | {"pond"}, "robber_on": None}


def pond_lay_out(rules, layout, rng):
    layout = copy.deepcopy(layout)
    for cell in layout["hexes"].values():
        if cell["terrain"] == "desert":
            cell["terrain"] = "pond"
    layout["features"] = {"pond": {"marks": [G.edges[rng.randint(len(G.edges))]]}}
    layout["robber"] = None
    return layout


def pond_problems(rules, layout):
    marks = ((layout.get("features") or {}).get("pond") or {}).get("marks")
    return [] if marks else [("pond_marks_missing", {})]


CLOSED = sorted(G.hex_edges[DESERT])  # no road along the pond
WEIGHTED = {}


_actions = Actions()
POND = Layer(
    name="pond", scenario="pond", applies=scenario("pond"), terrains={"pond": None}, actions=_actions.table,
    hooks={"board_set": pond_set, "lay_out": pond_lay_out, "check_board": pond_problems,
           "road_closed": lambda rules, state: CLOSED,
           "road_weights": lambda rules, state: WEIGHTED,
           "target_bonus": lambda rules, state, seat: 1 if seat == 0 else 0,
           "vp_sources": lambda rules, state, seat: {"pond_bonus": -2 if seat == 1 else 0},
           "extra_vp": lambda rules, state, seat: -2 if seat == 1 else 0},
)
REGISTRY = (base.LAYER, POND)


class Draws:
    def randint(self, n):
        return 0


def rules_for(config):
    return compose(REGISTRY, config)


def config(**more):
    return {"rules": "base", "players": PLAYERS, "board": "random", "scenario": "pond", **more}


def pond_layout():
    return pond_lay_out(None, boards.beginner_board(), Draws())


def test_a_scenario_applies_only_when_chosen_and_an_unknown_one_is_refused():
    assert rules_for({"rules": "base"}).scenario is None
    assert rules_for(config()).scenario == "pond"
    assert rules_for(config()).terrains == {"pond": None}
    with pytest.raises(IllegalAction) as refused:
        rules_for(config(scenario="moat"))
    assert refused.value.code == "unknown_scenario"


def test_the_scenario_board_set_replaces_the_base_one():
    rules = rules_for(config())
    expected = rules.board_expected("base", boards.expected_set("base"))
    layout = pond_layout()
    assert boards.validate_board(layout, expected) == []
    # The base game's set refuses it (an unknown terrain, no desert, no robber) ...
    codes = {code for code, _ in boards.validate_board(layout)}
    assert {"unknown_terrain", "terrain_counts", "robber_missing"} <= codes
    # ... and the scenario's own check runs on top of the set's.
    bare = {**layout, "features": {}}
    assert base.layout_problems(rules, bare) == [("pond_marks_missing", {})]
    # A token on an untokened terrain is a problem.
    tokened = copy.deepcopy(layout)
    tokened["hexes"][DESERT]["number"] = 5
    assert "token_on_desert" in {code for code, _ in boards.validate_board(tokened, expected)}


def test_a_new_game_keeps_the_scenario_and_the_robber_waits_beside_the_board():
    rules = rules_for(config())
    state = rules.new_state(config(board_layout=pond_layout()))
    assert state["config"]["scenario"] == "pond"
    assert state["board"]["robber"] is None
    assert base.home_hexes(rules, state["board"]["layout"]) == []
    # The base game's home is the desert.
    plain = rules_for({"rules": "base"})
    assert base.home_hexes(plain, boards.beginner_board()) == [DESERT]


def test_an_extra_number_token_produces_too():
    layout = boards.beginner_board()
    hills = "0,-1"  # hills 6
    layout["hexes"][hills]["extra_numbers"] = [2]
    corner = G.hex_corners[hills][0]
    pieces = boards.empty_pieces()
    pieces["settlements"][corner] = 0
    assert boards.production(layout, pieces, None, 2)[0]["brick"] == 1
    assert boards.production(layout, pieces, None, 6)[0]["brick"] == 1
    assert boards.production(layout, pieces, None, 5).get(0, {}).get("brick") is None
    assert "brick" not in boards.production(layout, pieces, hills, 2).get(0, {})  # the robber stops both
    # The set counts the token lying beside the other one.
    counts = {code: details for code, details in boards.validate_board({**layout, "robber": DESERT})}
    assert counts["token_counts"]["actual"][2] == 2


def test_roads_closed_by_a_layer_are_neither_targets_nor_buildable():
    rules = rules_for(config())
    state = rules.new_state(config(board_layout=pond_layout()))
    corner = G.hex_corners[DESERT][0]
    state["setup"]["corner"] = corner
    state["board"]["pieces"]["settlements"][corner] = 0
    targets = base.open_road_edges(rules, state, 0, setup_corner=corner)
    assert targets and not set(targets) & set(CLOSED)
    closed = next(e for e in G.corner_edges[corner] if e in CLOSED)
    with pytest.raises(IllegalAction) as refused:
        base.check_open_road(rules, state, 0, closed, setup_corner=corner)
    assert refused.value.code == "road_closed"


def test_bridges_are_roads_but_not_among_the_fifteen():
    layout = boards.beginner_board()
    pieces = boards.empty_pieces()
    # Fourteen roads and a bridge: the bridge does not count against the limit of 15.
    roads = {}
    for e in G.edges:
        if len(roads) == 14:
            break
        roads[e] = 0
    bridge = next(e for e in G.edges if e not in roads)
    pieces["roads"] = {**roads, bridge: 0}
    pieces["bridges"] = {bridge: 0}
    free = next(e for e in G.edges if e not in pieces["roads"])
    assert boards.check_road(layout, pieces, 0, free) != ("no_road_left", {"limit": 15})
    del pieces["bridges"]
    assert boards.check_road(layout, pieces, 0, free) == ("no_road_left", {"limit": 15})


def test_road_weights_count_for_longest_road():
    layout = boards.beginner_board()
    pieces = boards.empty_pieces()
    corners = list(G.hex_corners["0,-1"])  # around the hills: a ring of six paths
    ring = [next(iter(set(G.corner_edges[a]) & set(G.corner_edges[b])))
            for a, b in zip(corners, corners[1:])][:3]
    for e in ring:
        pieces["roads"][e] = 0
    assert boards.longest_road(layout, pieces, 0) == 3
    assert boards.longest_road(layout, pieces, 0, {ring[0]: 2, ring[1]: 2}) == 5


def test_the_target_a_seat_needs_and_its_points_by_source():
    rules = rules_for(config())
    state = rules.new_state(config(board_layout=pond_layout()))
    assert state["config"]["target"] == 10
    assert rules.target(state, 0) == 11  # the bonus of seat 0
    assert rules.target(state, 1) == 10
    assert vp_sources(rules, state, 1)["pond_bonus"] == -2
    assert rules.vp_total(state, 1) == -2
    state["players"][0]["settlements"] = 10
    step = Step(rules, state, {"type": "end_turn", "actor": {"role": "table"}})
    state["phase"], state["turn"]["seat"] = "main", 0
    base.victory(rules, state, step)
    assert state["winner"] is None  # 10 points, and seat 0 needs 11
    state["players"][0]["settlements"] = 11
    base.victory(rules, state, step)
    assert state["winner"] == 0


def test_a_set_may_fix_the_total_of_a_group_of_terrains():
    layout = {**boards.beginner_board(), "robber": DESERT}
    expected = boards.expected_set("base")
    assert boards.validate_board(layout, expected) == []
    # One hills turned mountains: wrong for the base set, right when only their sum is fixed.
    hills = next(h for h, x in layout["hexes"].items() if x["terrain"] == "hills")
    changed = copy.deepcopy(layout)
    changed["hexes"][hills]["terrain"] = "mountains"
    assert [code for code, _ in boards.validate_board(changed, expected)] == ["terrain_counts"]
    grouped = {**expected, "terrain_totals": [[["hills", "mountains"], 6]]}
    assert boards.validate_board(changed, grouped) == []
    # Each of the group still needs one, and the sum must match.
    for h, x in changed["hexes"].items():
        if x["terrain"] == "hills":
            x["terrain"] = "mountains"
    assert [code for code, _ in boards.validate_board(changed, grouped)] == ["terrain_counts"]
    assert [code for code, _ in boards.validate_board(layout, {**grouped, "terrain_totals": [[["hills", "mountains"], 7]]})] == ["terrain_counts"]


def test_a_layer_brings_in_the_layers_it_needs_in_registry_order():
    coins = Layer(name="coins")  # applies to nothing by itself
    moat = Layer(name="moat", scenario="moat", applies=scenario("moat"), needs=("coins",))
    registry = (base.LAYER, coins, POND, moat)
    assert compose(registry, {"rules": "base", "scenario": "moat"}).names == ("base", "coins", "moat")
    assert compose(registry, {"rules": "base", "scenario": "pond"}).names == ("base", "pond")
    with pytest.raises(ValueError):
        compose((base.LAYER, moat), {"rules": "base", "scenario": "moat"})


def test_a_core_brings_in_the_layers_it_needs_for_every_game_of_it():
    """A core built on a layer (Explorers & Pirates on gold) has it in each of its games, its
    scenarios need not name it, and a game of another core goes without."""
    coins = Layer(name="coins")
    sailing = Layer(name="sailing", core=True, extends="base", needs=("coins",),
                    applies=lambda config: config.get("rules") == "sailing")
    moat = Layer(name="moat", scenario="moat", applies=scenario("moat"))
    registry = (base.LAYER, sailing, coins, moat)
    assert compose(registry, {"rules": "sailing", "scenario": "moat"}).names == ("base", "sailing", "coins", "moat")
    assert compose(registry, {"rules": "sailing"}).names == ("base", "sailing", "coins")
    assert compose(registry, {"rules": "base", "scenario": "moat"}).names == ("base", "moat")
