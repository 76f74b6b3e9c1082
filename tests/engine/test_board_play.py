"""Playing the base game on a mirrored board, through the engine's actions.

Numbers and examples come from the rulebooks in /work/shared/rulebooks
(base-2025-edition-pl.txt, quoted as "2025"; base-travel-edition-with-almanac-pl.txt,
quoted as "travel") and /work/shared/RULES-FACTS.md. Most games below use the terrain and
numbers of the first-game picture (board_setup.beginner_board) in the "random" mode, so
the setup rounds are played by tapping and the numbers under each corner are known:

    0,-2 mountains 10 | 1,-2 pasture 2 | 2,-2 forest 9
    -1,-1 fields 12 | 0,-1 hills 6 | 1,-1 pasture 4 | 2,-1 hills 10
    -2,0 fields 9 | -1,0 forest 11 | 0,0 desert | 1,0 forest 3 | 2,0 mountains 8
    -2,1 forest 8 | -1,1 mountains 3 | 0,1 fields 4 | 1,1 pasture 5
    -2,2 hills 5 | -1,2 fields 6 | 0,2 pasture 11

Engine code under test: companion/layers/cores/base/rules.py ("the board", setup, building, roll,
robber, development cards), views.py (_board_view, trade ratios), board_rules.py.
"""
import copy

import pytest

from companion.engine import (
    TABLE,
    Chance,
    IllegalAction,
    allowed_actions,
    apply,
    fold,
    new_game,
    seeded_secret,
    view,
)
from companion.layers.cores.base import rules as base
from companion.machinery import board as boards
from companion.engine.game import ruleset

from .test_properties import same_play

TABLE_ACTOR = {"role": "table"}
G = boards.geometry("base")
LAYOUT = boards.beginner_board()
DESERT = "0,0"


def seat(i: int) -> dict:
    return {"seat": i}


# ---------------------------------------------------------------- geometry helpers


def edge_between(a: str, b: str, g=G) -> str:
    (edge,) = set(g.corner_edges[a]) & set(g.corner_edges[b])
    return edge


def path_edges(corners: list[str], g=G) -> list[str]:
    return [edge_between(a, b, g) for a, b in zip(corners, corners[1:])]


def near(corners, g=G) -> set[str]:
    """The corners and their neighbours: where the distance rule forbids another building."""
    corners = list(corners)
    return set(corners) | {n for c in corners for n in g.corner_corners[c]}


def find_path(start: str, n: int, banned=frozenset(), g=G) -> list[str] | None:
    """A simple path of n edges (n + 1 distinct corners) from `start` avoiding `banned`
    (first found in sorted id order, so the same every run)."""
    if start in banned:
        return None

    def extend(path):
        if len(path) == n + 1:
            return path
        for nxt in g.corner_corners[path[-1]]:
            if nxt not in path and nxt not in banned:
                found = extend(path + [nxt])
                if found:
                    return found
        return None

    return extend([start])


def any_path(n: int, banned=frozenset(), ends_apart: bool = False, g=G) -> list[str]:
    """A path of n edges anywhere, off `banned`; `ends_apart`: both ends may hold a settlement."""
    for start in g.corners:
        path = find_path(start, n, banned, g)
        if path and (not ends_apart or path[-1] not in g.corner_corners[path[0]]):
            return path
    raise AssertionError("no such path on the board")


def far_spot(taken, g=G) -> tuple[str, str]:
    """A corner and a road from it, both well away from the corners in `taken`."""
    avoid = near(near(taken, g), g)
    for corner in g.corners:
        if corner in avoid:
            continue
        for edge in g.corner_edges[corner]:
            if g.other_corner(edge, corner) not in avoid:
                return corner, edge
    raise AssertionError("no free spot left")


def split_scenario(k: int, cutter_roads: int, banned=frozenset(), g=G):
    """A 7-road path P (8 corners) for the holder and a path of `cutter_roads` roads for an
    opponent that ends at P[k] from the side, so that a settlement there splits P into k and
    7 - k roads."""
    for start in g.corners:
        path = find_path(start, 7, banned, g)
        if path is None or path[7] in g.corner_corners[path[0]]:
            continue
        side = [c for c in g.corner_corners[path[k]] if c not in path]
        if not side:
            continue
        cutter = find_path(side[0], cutter_roads - 1, set(path) | near([path[0], path[7]], g) | set(banned), g)
        if cutter is None or cutter[-1] in near([path[0], path[7]], g):
            continue
        return path, cutter[::-1] + [path[k]]
    raise AssertionError("no such place on the board")


class ChanceRng:
    """randint(n) for the board makers, drawn from the engine's own Chance."""

    def __init__(self, secret: bytes):
        self.chance = Chance(secret)
        self.counter = 0

    def randint(self, n: int) -> int:
        self.counter += 1
        return self.chance.randint("board", self.counter, n)


# ---------------------------------------------------------------- a game driven by actions


def players(*colours: str) -> list[dict]:
    return [{"name": c.title(), "color": c} for c in colours]


def production_of(state: dict) -> tuple:
    return state["production"]["total"], state["production"]["seats"]


def board_config(colours=("orange", "red"), mode: str = "random", layout=None, target: int = 10,
                 play_mode: str = "paper") -> dict:
    return {
        "players": players(*colours),
        "board": mode,
        "play_mode": play_mode,
        "board_layout": copy.deepcopy(layout if layout is not None else LAYOUT),
        "target": target,
    }


class Game:
    """A board game played through `apply`, keeping the records for a replay."""

    def __init__(self, colours=("orange", "red"), mode: str = "random", layout=None, target: int = 10,
                 seed: int = 7, play_mode: str = "paper"):
        self.config = board_config(colours, mode, layout, target, play_mode)
        self.state = new_game(self.config)
        self.chance = Chance(seeded_secret(seed))
        self.records: list[dict] = []
        self.states = [self.state]  # after each record

    @property
    def board(self) -> dict:
        return self.state["board"]

    def act(self, kind: str, actor: dict = TABLE_ACTOR, recorded: dict | None = None, **args) -> dict:
        action = {"type": kind, "actor": actor, "args": args}
        self.state, outcome = apply(self.state, action, self.chance, recorded)
        self.records.append({"seq": len(self.records) + 1, "kind": "action", "action": action, "outcome": outcome})
        self.states.append(self.state)
        return self.state

    def refuse(self, kind: str, actor: dict = TABLE_ACTOR, **args) -> IllegalAction:
        """The action is refused and the state is left as it was."""
        before = copy.deepcopy(self.state)
        with pytest.raises(IllegalAction) as info:
            apply(self.state, {"type": kind, "actor": actor, "args": args}, self.chance)
        assert self.state == before
        return info.value

    def settle(self, corner: str, edge: str | None = None) -> None:
        """One setup step: a settlement, then its road (the first offered one if not given)."""
        self.act("place_settlement", corner=corner)
        if edge is None:
            edge = view(self.state, TABLE)["board"]["targets"]["road"][0]
        self.act("place_road", edge=edge)

    def setup(self, spots) -> None:
        for spot in spots:
            if isinstance(spot, str):
                self.settle(spot)
            else:
                self.settle(*spot)
        assert self.state["phase"] == "roll"

    def roll(self, a: int = 1, b: int = 1) -> dict:
        """Typed dice (1 + 1 pays only the 2s by default)."""
        return self.act("roll", dice=[a, b])

    def end_turn(self) -> None:
        if self.state["phase"] == "roll":
            self.roll()
        self.act("end_turn")

    def turn_of(self, wanted: int, rolled: bool = True) -> None:
        """Pass turns until `wanted` is on turn; then roll (1 + 1) unless `rolled` is False."""
        while not (self.state["turn"]["seat"] == wanted and self.state["phase"] in ("roll", "main")):
            self.end_turn()
        if rolled and self.state["phase"] == "roll":
            self.roll()

    def build_roads(self, edges) -> None:
        for edge in edges:
            self.act("build_road", edge=edge)

    def length(self, s: int) -> int:
        return boards.longest_road(self.board["layout"], self.board["pieces"], s)

    def logged(self, kind: str) -> list[dict]:
        return [e for e in self.state["log"] if e["kind"] == kind]

    def targets(self, viewer) -> dict:
        return view(self.state, viewer)["board"]["targets"]


def seven(game: Game) -> None:
    """Roll a 7 and answer every discard with a small hand: the robber is next."""
    game.act("roll", dice=[3, 4])
    assert game.state["phase"] == "discard"
    for p in list(game.state["pending"]):
        game.act("discard", seat=p["seat"], hand_size=0)
    assert game.state["phase"] == "robber"


# ---------------------------------------------------------------- starting a game with a board


def test_a_board_game_starts_in_setup_with_an_empty_board():
    game = Game(("red", "blue", "white"))
    state = game.state
    assert state["phase"] == "setup" and state["turn"]["number"] == 0
    assert state["board"]["pieces"] == boards.empty_pieces()
    assert state["board"]["robber"] == DESERT  # 2025: the robber starts on the desert
    assert state["board"]["free_roads"] == 0 and state["board"]["victims"] == []
    assert "robber" not in state["board"]["layout"]
    assert allowed_actions(state, TABLE_ACTOR) >= {"place_settlement"}
    assert "place_setup" not in allowed_actions(state, TABLE_ACTOR)
    assert game.refuse("place_setup").code == "wrong_phase"
    assert game.refuse("place_road", edge=G.edges[0]).code == "wrong_phase"


@pytest.mark.parametrize("n, frame, code", [
    (4, "base_5_6", "board_frame"),
    (5, "base", "board_frame"),
    (6, "base", "board_frame"),
])
def test_the_frame_must_fit_the_player_count(n, frame, code):
    layout = boards.random_board(frame, ChanceRng(b"frame"))
    config = board_config(base.COLORS[:n], layout=layout)
    with pytest.raises(IllegalAction) as info:
        new_game(config)
    assert info.value.code == code


def test_an_incomplete_layout_is_refused():
    layout = boards.set_terrain(LAYOUT, "1,0", None)
    with pytest.raises(IllegalAction) as info:
        new_game(board_config(layout=layout))
    assert info.value.code == "board_layout"
    with pytest.raises(IllegalAction) as info:
        new_game({**board_config(), "board_layout": None})
    assert info.value.code == "board_layout"


@pytest.mark.parametrize("maker", ["random", "balanced"])
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_random_and_balanced_layouts_start_a_game(maker, n):
    frame = "base_5_6" if n >= 5 else "base"
    rng = ChanceRng(f"{maker}-{n}".encode())
    layout = boards.random_board(frame, rng) if maker == "random" else boards.balanced_board(frame, rng)[0]
    state = new_game(board_config(base.COLORS[:n], mode=maker, layout=layout))
    assert state["board"]["robber"] == layout["robber"]
    assert layout["hexes"][layout["robber"]]["terrain"] == "desert"
    targets = view(state, TABLE)["board"]["targets"]
    assert len(targets["settlement"]) == len(boards.geometry(frame).corners)  # anywhere on an empty board


# ---------------------------------------------------------------- setup by tapping


@pytest.mark.parametrize("n", [3, 4])
def test_setup_in_snake_order_by_tapping(n):
    """2025: round 1 clockwise, round 2 back from the last player; each places a settlement,
    then a road next to it. Each step taps a target the view offers."""
    layout = boards.random_board("base", ChanceRng(b"snake"))
    game = Game(base.COLORS[:n], layout=layout)
    order = []
    for step in range(2 * n):
        state = game.state
        active = base.active_seat(state)
        order.append(active)
        shown = view(state, TABLE)["board"]
        assert shown["actions"] == {"settlement": "place_settlement"}
        assert view(state, TABLE)["setup_round"] == (1 if step < n else 2)
        # Spread the settlements over the island: pick the middle of what is offered.
        corner = shown["targets"]["settlement"][len(shown["targets"]["settlement"]) // 2]
        game.act("place_settlement", seat(active), corner=corner)
        assert game.state["phase"] == "setup" and game.state["setup"]["corner"] == corner
        shown = view(game.state, active)["board"]
        assert shown["actions"] == {"road": "place_road"}
        # Only the roads touching the new settlement are offered.
        assert shown["targets"]["road"] and all(corner in G.edge_corners[e] for e in shown["targets"]["road"])
        game.act("place_road", seat(active), edge=shown["targets"]["road"][-1])
    assert order == list(range(n)) + list(range(n - 1, -1, -1))
    state = game.state
    assert state["phase"] == "roll" and state["turn"] == {"number": 1, "seat": 0, "rolled": False, "dev_played": False}
    assert [e["seat"] for e in game.logged("game_started")] == [0]
    pieces = state["board"]["pieces"]
    for s, p in enumerate(state["players"]):
        assert (p["settlements"], p["cities"], p["roads"]) == (2, 0, 2)
        assert sum(1 for x in pieces["settlements"].values() if x == s) == 2
        assert sum(1 for x in pieces["roads"].values() if x == s) == 2
    assert [e["params"]["round"] for e in game.logged("setup_placed")] == [1] * n + [2] * n
    assert len(game.logged("starting_resources")) == n  # only for the second settlement


def test_setup_only_the_active_seat_or_the_table_taps():
    game = Game(("orange", "red"))
    corner = "0,-1|0,0|1,-1"
    assert game.refuse("place_settlement", seat(1), corner=corner).code == "not_your_turn"
    game.act("place_settlement", seat(0), corner=corner)
    # Settlement first, then exactly one road: no second settlement in between.
    assert game.refuse("place_settlement", corner="1,0|1,1|2,0").code == "wrong_phase"
    assert game.refuse("place_road", seat(1), edge=G.corner_edges[corner][0]).code == "not_your_turn"
    game.act("place_road", seat(0), edge=G.corner_edges[corner][0])
    assert base.active_seat(game.state) == 1


def test_setup_distance_rule():
    """The distance rule holds in setup too: none of the 3 neighbouring corners may hold a
    building (whose ever it is)."""
    game = Game(("orange", "red"))
    corner = "0,-1|0,0|1,-1"
    game.settle(corner)
    for neighbour in G.corner_corners[corner]:
        error = game.refuse("place_settlement", corner=neighbour)
        assert error.code == "distance_rule"
        assert error.params == {"corner": neighbour}
    assert game.refuse("place_settlement", corner=corner).code == "occupied"
    assert game.refuse("place_settlement", corner="no|such|corner").code == "unknown_corner"
    assert game.refuse("place_settlement", corner=7).code == "pick_on_board"
    assert game.refuse("place_settlement").code == "pick_on_board"
    # Two corners away is fine.
    two_away = next(c for c in G.corners if c not in near([corner]))
    game.act("place_settlement", corner=two_away)
    offered = view(game.state, TABLE)["board"]["targets"]
    assert "settlement" not in offered


def test_setup_road_must_touch_the_new_settlement():
    game = Game(("orange", "red"))
    first, second = "0,-1|0,0|1,-1", "-2,2|-1,1|-1,2"
    game.settle(first, edge_between(first, "-1,0|0,-1|0,0"))
    game.settle("1,0|1,1|2,0")
    game.act("place_settlement", corner="-2,0|-1,-1|-1,0")  # seat 1, round 2
    game.act("place_road", edge=G.corner_edges["-2,0|-1,-1|-1,0"][0])
    game.act("place_settlement", corner=second)  # seat 0, round 2
    # A road at the first settlement, or anywhere else, is refused: it must touch the new one.
    at_first = next(e for e in G.corner_edges[first] if e not in game.board["pieces"]["roads"])
    error = game.refuse("place_road", edge=at_first)
    assert error.code == "not_at_new_settlement" and error.params == {"edge": at_first, "corner": second}
    elsewhere = next(e for e in G.edges if e not in game.board["pieces"]["roads"] and second not in G.edge_corners[e])
    assert game.refuse("place_road", edge=elsewhere).code == "not_at_new_settlement"
    assert game.refuse("place_road", edge="0,0|9,9").code == "unknown_edge"
    assert game.refuse("build_road", edge=G.corner_edges[second][0]).code == "wrong_phase"
    game.act("place_road", edge=G.corner_edges[second][0])
    assert game.state["phase"] == "roll"


def test_second_settlement_pays_one_card_per_terrain_and_none_for_the_desert():
    """2025 / travel: after the second settlement, 1 resource card for each terrain hex next
    to it; the desert gives nothing. Travel: orange takes 1 ore and 2 grain for a settlement
    between a mountains hex and two fields."""
    game = Game(("orange", "red", "blue"))
    game.settle("-1,0|-1,1|0,0")          # orange, round 1: forest 11, mountains 3, desert
    game.settle("1,0|2,-1|2,0")           # red, round 1
    game.settle("-2,2|-2,3|-1,2")         # blue, round 1
    assert game.logged("starting_resources") == []
    game.settle("0,-2|0,-1|1,-2")         # blue, round 2: mountains, hills, pasture
    game.settle("-1,-2|0,-3|0,-2")        # red, round 2: a coastal corner, mountains only
    game.settle("-1,1|-1,2|0,1")          # orange, round 2: mountains 3, fields 6, fields 4
    paid = {e["seat"]: e["params"]["resources"] for e in game.logged("starting_resources")}
    assert paid == {
        2: {"ore": 1, "brick": 1, "wool": 1},
        1: {"ore": 1},
        0: {"ore": 1, "grain": 2},
    }
    # The first settlement (next to the desert) was never paid for.
    assert boards.starting_resources(LAYOUT, "-1,0|-1,1|0,0") == {"lumber": 1, "ore": 1}


def test_second_settlement_next_to_the_desert():
    game = Game(("orange", "red"))
    game.settle("1,0|1,1|2,0")
    game.settle("-2,0|-1,-1|-1,0")
    game.settle("-2,2|-1,1|-1,2")
    game.settle("0,-1|0,0|1,-1")  # orange round 2: desert, hills 6, pasture 4
    paid = {e["seat"]: e["params"]["resources"] for e in game.logged("starting_resources")}
    assert paid[0] == {"brick": 1, "wool": 1}
    assert paid[1] == {"brick": 1, "ore": 1, "grain": 1}  # 2025: blue's brick, ore and grain corner


# ---------------------------------------------------------------- building in play

# Orange (seat 0) and red (seat 1): orange's road from its settlement runs towards a corner
# where red settled two corners away.
Q = find_path("0,-1|0,0|1,-1", 4)


def building_game() -> Game:
    game = Game(("orange", "red"), target=30)
    q0, q1, q2 = Q[0], Q[1], Q[2]
    red_far, red_far_road = far_spot(Q)
    orange_far, orange_far_road = far_spot(Q + [red_far])
    red_road = next(e for e in G.corner_edges[q2] if q1 not in G.edge_corners[e] and Q[3] not in G.edge_corners[e])
    game.setup([(q0, edge_between(q0, q1)), (q2, red_road),
                (red_far, red_far_road), (orange_far, orange_far_road)])
    game.roll()
    return game


def test_road_must_connect_to_the_own_network():
    game = building_game()
    pieces = game.board["pieces"]
    lonely = next(e for e in G.edges if e not in pieces["roads"] and not any(
        boards.owner_at(pieces, c) == 0 or any(pieces["roads"].get(x) == 0 for x in G.corner_edges[c])
        for c in G.edge_corners[e]))
    error = game.refuse("build_road", edge=lonely)
    assert error.code == "not_connected" and error.params == {"edge": lonely}
    assert game.refuse("build_road", edge=edge_between(Q[0], Q[1])).code == "occupied"
    assert lonely not in game.targets(TABLE)["road"]


def test_road_cannot_pass_an_opponents_building():
    """2025: a road may be built next to an own road only at a corner without another
    player's settlement or city."""
    game = building_game()
    game.act("build_road", edge=edge_between(Q[1], Q[2]))  # up to red's settlement: legal
    error = game.refuse("build_road", edge=edge_between(Q[2], Q[3]))
    assert error.code == "blocked_by_building"
    assert error.params == {"edge": edge_between(Q[2], Q[3]), "corner": Q[2], "seat": 1}
    assert edge_between(Q[2], Q[3]) not in game.targets(TABLE)["road"]
    # Red itself may go on from its own settlement.
    game.turn_of(1)
    game.act("build_road", edge=edge_between(Q[2], Q[3]))
    assert game.board["pieces"]["roads"][edge_between(Q[2], Q[3])] == 1


def test_settlement_needs_an_own_road_and_the_distance_rule():
    game = building_game()
    pieces = game.board["pieces"]
    unconnected = next(c for c in G.corners if c not in near(list(pieces["settlements"]))
                       and not any(pieces["roads"].get(e) == 0 for e in G.corner_edges[c]))
    assert game.refuse("build_settlement", corner=unconnected).code == "not_connected"
    assert game.refuse("build_settlement", corner=Q[1]).code == "distance_rule"  # next to orange's own
    assert game.refuse("build_settlement", corner=Q[2]).code == "occupied"
    # Two roads out from the settlement, the corner at the end is free: legal.
    spur = find_path(Q[0], 2, banned={Q[1]} | near([Q[2]]))
    game.build_roads(path_edges(spur))
    assert spur[2] in game.targets(TABLE)["settlement"]
    game.act("build_settlement", corner=spur[2])
    assert game.board["pieces"]["settlements"][spur[2]] == 0
    assert game.state["players"][0]["settlements"] == 3
    assert game.logged("built_settlement")[-1]["seat"] == 0


def test_city_only_on_an_own_settlement():
    game = building_game()
    error = game.refuse("build_city", corner=Q[2])
    assert error.code == "no_own_settlement" and error.params == {"corner": Q[2], "seat": 1}
    assert game.refuse("build_city", corner=Q[1]).code == "no_own_settlement"
    assert set(game.targets(TABLE)["city"]) == {c for c, s in game.board["pieces"]["settlements"].items() if s == 0}
    game.act("build_city", corner=Q[0])
    assert game.board["pieces"]["cities"] == {Q[0]: 0}
    assert Q[0] not in game.board["pieces"]["settlements"]
    assert (game.state["players"][0]["settlements"], game.state["players"][0]["cities"]) == (1, 1)
    assert game.refuse("build_city", corner=Q[0]).code == "already_city"
    assert ruleset(game.state).vp_public(game.state, 0) == 3


def supply_game() -> tuple[Game, list[str]]:
    """Orange (seat 0) with a 15-road path planned from its first settlement; red far off."""
    red_a, red_b = "-3,3|-2,2|-2,3", "-2,3|-1,2|-1,3"  # red's corner of the island
    path = any_path(15, near(near([red_a, red_b])))
    game = Game(("orange", "red"), target=30)
    edges = path_edges(path)
    game.setup([(path[0], edges[0]), red_a, red_b, (path[2], edges[2])])
    game.roll()
    return game, path


def test_supply_limits_on_the_board():
    """Per player: 15 roads, 5 settlements, 4 cities; a city gives its settlement back."""
    game, path = supply_game()
    edges = path_edges(path)
    game.build_roads([edges[1]] + edges[3:])
    assert game.state["players"][0]["roads"] == 15
    assert game.targets(TABLE)["road"] == []
    spare = next(e for e in G.corner_edges[path[-1]] if e not in game.board["pieces"]["roads"])
    error = game.refuse("build_road", edge=spare)
    assert error.code == "no_pieces_left" and error.params == {"piece": "roads", "limit": 15}
    for corner in path[4:10:2]:
        game.act("build_settlement", corner=corner)
    assert game.state["players"][0]["settlements"] == 5
    assert game.targets(TABLE)["settlement"] == []
    error = game.refuse("build_settlement", corner=path[10])
    assert error.code == "no_pieces_left" and error.params == {"piece": "settlements", "limit": 5}
    game.act("build_city", corner=path[0])  # the settlement goes back to the supply...
    game.act("build_settlement", corner=path[10])  # ...and can be built again
    for corner in path[2:8:2]:
        game.act("build_city", corner=corner)
    assert game.state["players"][0]["cities"] == 4
    assert game.targets(TABLE)["city"] == []
    error = game.refuse("build_city", corner=path[8])
    assert error.code == "no_pieces_left" and error.params == {"piece": "cities", "limit": 4}
    pieces = game.board["pieces"]
    assert sorted(pieces["cities"]) == sorted(path[0:8:2])
    assert sorted(c for c, s in pieces["settlements"].items() if s == 0) == sorted([path[8], path[10]])
    assert ruleset(game.state).vp_public(game.state, 0) == 2 + 4 * 2 + 2  # Longest Road (15 roads) included


# ---------------------------------------------------------------- production


FOREST3 = G.hex_corners["1,0"]  # forest 3; corners clockwise from the top


def production_game() -> Game:
    """Orange: settlements at the top and bottom-right corners of the forest 3; red: its
    bottom-left corner and a corner on fields 9 / fields 12 / forest 11."""
    game = Game(("orange", "red"))
    game.setup([FOREST3[0], FOREST3[4], "-2,0|-1,-1|-1,0", FOREST3[2]])
    return game


def paid(game: Game) -> dict:
    return game.state["production"]["seats"]


def test_production_settlements_one_city_two_several_buildings_on_one_hex():
    """2025: a 4 pays orange 2 lumber for two settlements at a forest 4 and red 1 lumber; on
    an 8 red's settlement gives 1 grain, 2 as a city. Travel: on a 3 blue takes 3 lumber
    (settlement 1 + city 2) and orange 2 ore for a city. Here: the forest is a 3 and the
    city stands at the mountains 8."""
    game = production_game()
    game.roll(1, 2)
    assert production_of(game.state) == (3, {"0": {"lumber": 2}, "1": {"lumber": 1}})
    assert game.logged("produced")[-1]["params"] == {"production": {"0": {"lumber": 2}, "1": {"lumber": 1}}}
    assert view(game.state, 1)["board"]["production"] == game.state["production"]
    game.end_turn()
    game.roll(4, 4)
    assert paid(game) == {"0": {"ore": 1}}  # the bottom-right corner touches the mountains 8
    game.end_turn()  # orange's turn: the settlement at the mountains becomes a city
    game.roll(6, 6)
    assert paid(game) == {"1": {"grain": 1}}  # red at the fields 12
    game.act("build_city", corner=FOREST3[2])
    game.end_turn()
    game.roll(2, 6)
    assert paid(game) == {"0": {"ore": 2}}
    game.end_turn()
    game.roll(1, 2)
    assert paid(game) == {"0": {"lumber": 3}, "1": {"lumber": 1}}
    # Both hexes showing a 4 pay: orange at the pasture 4, red at the fields 4.
    game.end_turn()
    game.roll(1, 3)
    assert paid(game) == {"0": {"wool": 1}, "1": {"grain": 1}}


def test_each_building_at_a_hex_gets_its_own_card():
    game = Game(("orange", "red"))
    # Orange on the fields 4 and forest 3 with the desert; red between forest 11, mountains 3, desert.
    game.setup([FOREST3[4], "-1,0|-1,1|0,0", "-2,2|-1,1|-1,2", FOREST3[1]])
    game.roll(1, 2)
    # Red: mountains 3 twice (two settlements at it); orange: forest 3 twice.
    assert paid(game) == {"0": {"lumber": 2}, "1": {"ore": 2}}


def test_a_seven_pays_nothing():
    game = production_game()
    seven(game)
    assert production_of(game.state) == (7, {})
    assert game.logged("produced") == []


def test_the_robbers_hex_produces_nothing():
    """2025: when the number of the robber's hex is rolled, nobody next to it gets anything
    from it. Travel: the robber on the forest 3: on a 3 the owners next to it get no lumber."""
    game = production_game()
    game.roll(1, 1)
    game.act("build_city", corner=FOREST3[2])  # orange's city at forest 3 and mountains 8
    game.end_turn()
    seven(game)  # red rolls the 7
    game.act("move_robber", hex="1,0")
    assert game.state["phase"] == "steal" and game.board["victims"] == [0]
    game.act("steal", victim=0)
    game.end_turn()
    game.roll(1, 2)
    assert production_of(game.state) == (3, {})
    assert game.logged("produced") == []
    assert game.state["log"][-1]["kind"] == "rolled"  # nothing produced after this roll
    # The city's other hex still pays its number.
    game.end_turn()
    game.roll(4, 4)
    assert paid(game) == {"0": {"ore": 2}}
    # With the robber on the mountains 8 the city next to it gets nothing for an 8.
    game.end_turn()
    seven(game)
    game.act("move_robber", hex="2,0")
    assert game.state["phase"] == "main"  # only orange, the roller, is next to it: nobody to rob
    game.end_turn()
    game.roll(4, 4)
    assert production_of(game.state) == (8, {})
    game.end_turn()
    game.roll(1, 2)
    assert paid(game) == {"0": {"lumber": 3}, "1": {"lumber": 1}}


# ---------------------------------------------------------------- the robber


def robber_game() -> Game:
    """Three players: orange and red at the forest 3, blue elsewhere; orange to roll."""
    game = Game(("orange", "red", "blue"))
    game.setup([FOREST3[0], FOREST3[4], "-2,0|-1,-1|-1,0", "-2,2|-1,1|-1,2", "0,1|0,2|1,1", FOREST3[2]])
    return game


def test_the_robber_must_move_to_another_land_hex():
    game = robber_game()
    seven(game)
    targets = game.targets(TABLE)["robber"]
    assert sorted(targets) == sorted(h for h in G.hexes if h != DESERT)
    assert game.refuse("move_robber", hex=DESERT).code == "robber_must_move"
    assert game.refuse("move_robber", hex="3,0").code == "robber_off_land"  # the sea
    assert game.refuse("move_robber", hex="9,9").code == "robber_off_land"
    assert game.refuse("move_robber", hex=None).code == "pick_on_board"
    assert game.refuse("move_robber", seat(1), hex="1,0").code == "not_your_turn"
    game.act("move_robber", seat(0), hex="-2,2")
    assert game.board["robber"] == "-2,2"
    # Blue is next to the hills 5: orange picks the victim.
    assert game.state["phase"] == "steal" and game.board["victims"] == [2]


def test_victims_are_exactly_the_other_players_next_to_the_hex():
    """2025: blue puts the robber on a forest where orange has a settlement and red a city,
    and takes a card from red. Here red (seat 1) rolls; orange and blue are next to it."""
    game = robber_game()
    game.end_turn()  # red's turn
    seven(game)
    game.act("move_robber", hex="1,0")
    logged = game.logged("robber_placed")[-1]
    assert logged["seat"] == 1 and logged["params"]["hex"] == "1,0"
    # Red's own settlement at the forest does not make it a victim.
    assert sorted(game.board["victims"]) == [0] and logged["params"]["victims"] == [0]
    assert game.refuse("steal", victim=1).code == "bad_victim"  # the roller
    assert game.refuse("steal", victim=2).code == "bad_victim"  # not next to the hex
    assert game.refuse("steal", victim=None).code == "bad_victim"
    assert game.refuse("steal", victim=9).code == "bad_victim"
    assert game.refuse("end_turn").code == "wrong_phase"
    game.act("steal", victim=0)
    assert game.state["phase"] == "main" and game.board["victims"] == []
    # One line says whom the robber's card came from (paper cards: nobody learns which).
    assert game.logged("stole")[-1]["params"] == {"victim": 0} and not game.logged("robber_moved")


def test_two_victims_the_roller_chooses():
    game = robber_game()
    game.end_turn()
    game.end_turn()  # blue's turn
    seven(game)
    game.act("move_robber", hex="1,0")
    assert sorted(game.board["victims"]) == [0, 1]
    game.act("steal", seat(2), victim=1)
    assert game.state["phase"] == "main"


def test_no_victims_back_to_main():
    game = robber_game()
    seven(game)
    game.act("move_robber", hex="0,-2")  # mountains 10: nobody there
    assert game.state["phase"] == "main" and game.board["victims"] == []
    assert game.logged("robber_placed")[-1]["params"]["victims"] == []
    assert game.refuse("steal", victim=1).code == "wrong_phase"


def test_knight_before_the_roll_moves_the_robber_and_returns_to_the_roll():
    game = robber_game()
    game.roll()
    game.act("buy_dev", recorded={"card": "knight"})
    game.end_turn()
    game.turn_of(0, rolled=False)
    game.act("play_dev", seat(0), card="knight")
    assert game.state["phase"] == "robber"
    game.act("move_robber", hex="1,0")
    assert game.state["phase"] == "steal" and game.board["victims"] == [1]
    game.act("steal", victim=1)
    assert game.state["phase"] == "roll" and not game.state["turn"]["rolled"]


# ---------------------------------------------------------------- Longest Road


def _split_game(k: int, cutter_roads: int):
    path, cut = split_scenario(k, cutter_roads)
    pe, ce = path_edges(path), path_edges(cut)
    red_far, red_far_road = far_spot(path + cut)
    game = Game(("orange", "red"))
    game.setup([(path[0], pe[0]), (cut[0], ce[0]), (red_far, red_far_road), (path[7], pe[6])])
    game.roll()
    game.build_roads(pe[1:6])
    assert game.length(0) == 7 and game.state["longest_road"] == 0
    game.end_turn()
    game.roll()
    game.build_roads(ce[1:])
    assert game.length(1) == cutter_roads
    return game, path


@pytest.mark.parametrize("k, parts", [(5, (5, 2)), (4, (4, 3))])
def test_a_settlement_splits_the_holders_road_and_the_title_moves(k, parts):
    """Travel: red has a 6-road trail; a red settlement splits orange's 7 roads into 5 and 2,
    and red takes Longest Road. 2025: the same with 4 and 3."""
    game, path = _split_game(k, 6)
    assert game.state["longest_road"] == 0  # 6 < 7: orange keeps it
    assert ruleset(game.state).vp_public(game.state, 0) == 4
    game.act("build_settlement", corner=path[k])
    pieces = game.board["pieces"]
    layout = game.board["layout"]
    pe = path_edges(path)
    # The two parts, each on its own.
    before_cut = {**pieces, "roads": {e: 0 for e in pe[:k]}}
    after_cut = {**pieces, "roads": {e: 0 for e in pe[k:]}}
    assert (boards.longest_road(layout, before_cut, 0), boards.longest_road(layout, after_cut, 0)) == parts
    assert game.length(0) == max(parts)
    assert game.state["longest_road"] == 1
    entry = game.logged("longest_road")[-1]
    assert entry["seat"] == 1 and entry["params"] == {"previous": 0, "length": 6}
    assert ruleset(game.state).vp_public(game.state, 1) == 3 + 2 and ruleset(game.state).vp_public(game.state, 0) == 2
    view_players = view(game.state, TABLE)["players"]
    assert [p["longest_road"] for p in view_players] == [False, True]


def test_a_break_that_leaves_the_holder_tied_keeps_the_title():
    """Travel: after a break, a holder still among the longest keeps the card."""
    game, path = _split_game(5, 5)
    game.act("build_settlement", corner=path[5])
    assert game.length(0) == 5 and game.length(1) == 5
    assert game.state["longest_road"] == 0


def test_a_break_below_five_with_nobody_else_at_five_sets_the_title_aside():
    """Travel: the card is also set aside when nobody has 5 roads after the break."""
    game, path = _split_game(3, 2)
    game.act("build_settlement", corner=path[3])
    assert game.length(0) == 4 and game.length(1) == 2
    assert game.state["longest_road"] is None
    entry = game.logged("longest_road")[-1]
    assert entry["seat"] is None and entry["params"] == {"previous": 0, "length": 0}
    assert ruleset(game.state).vp_public(game.state, 0) == 2


def test_a_break_leaving_a_tie_sets_the_title_aside_until_one_is_longest():
    """Travel: if the holder is no longer among the longest and others tie, the card is set
    aside; it goes to whoever alone has the longest road later."""
    path, cut = split_scenario(3, 5)
    taken = path + cut
    blue = any_path(5, near(taken), ends_apart=True)
    pe, ce, be = path_edges(path), path_edges(cut), path_edges(blue)
    red_far, red_far_road = far_spot(taken + blue)
    game = Game(("orange", "blue", "red"), target=30)
    game.setup([(path[0], pe[0]), (blue[0], be[0]), (cut[0], ce[0]),
                (red_far, red_far_road), (blue[5], be[4]), (path[7], pe[6])])
    game.roll()
    game.build_roads(pe[1:6])
    assert game.state["longest_road"] == 0
    game.end_turn()
    game.roll()
    game.build_roads(be[1:4])
    game.end_turn()
    game.roll()
    game.build_roads(ce[1:])
    assert [game.length(s) for s in range(3)] == [7, 5, 5]
    assert game.state["longest_road"] == 0
    game.act("build_settlement", corner=path[3])  # red cuts orange's road into 3 and 4
    assert [game.length(s) for s in range(3)] == [4, 5, 5]
    assert game.state["longest_road"] is None
    # Red alone has the longest road after one more road: the title goes to red.
    extension = next(e for e in G.corner_edges[cut[0]] if e not in game.board["pieces"]["roads"])
    game.act("build_road", edge=extension)
    assert game.length(2) == 6
    assert game.state["longest_road"] == 2
    entry = game.logged("longest_road")[-1]
    assert entry["seat"] == 2 and entry["params"] == {"previous": None, "length": 6}


def test_the_holder_keeps_it_on_a_tie_and_loses_it_to_a_longer_road():
    """2025: the card passes only when another player builds a road longer than the holder's."""
    a = any_path(6, ends_apart=True)
    b = any_path(6, near(near(a)), ends_apart=True)
    ae, be = path_edges(a), path_edges(b)
    game = Game(("orange", "red"), target=30)
    game.setup([(a[0], ae[0]), (b[0], be[0]), (b[6], be[5]), (a[6], ae[5])])
    game.roll()
    game.build_roads(ae[1:4])  # 4 + 1, then 6 in one trail
    assert game.state["longest_road"] is None  # nobody has 5 connected roads yet
    assert game.length(0) == 4
    game.build_roads(ae[4:5])
    assert game.length(0) == 6 and game.state["longest_road"] == 0
    game.end_turn()
    game.roll()
    game.build_roads(be[1:5])
    assert game.length(1) == 6
    assert game.state["longest_road"] == 0  # a tie: the holder keeps it
    extension = next(e for e in G.corner_edges[b[6]] if e not in game.board["pieces"]["roads"]
                     and G.other_corner(e, b[6]) not in near(a))
    game.act("build_road", edge=extension)
    assert game.length(1) == 7 and game.state["longest_road"] == 1
    assert ruleset(game.state).vp_public(game.state, 1) == 2 + 2 and ruleset(game.state).vp_public(game.state, 0) == 2


def test_a_loop_counts_each_road_once():
    """A ring of 6 roads around a hex is a trail of 6 (no road counted twice); a tail adds
    one; a branch adds nothing."""
    ring = list(G.hex_corners["0,0"])  # around the desert
    edges = path_edges(ring + ring[:1])
    game = Game(("orange", "red"))
    red_a, red_b = "-2,2|-2,3|-1,2", "1,-2|2,-3|2,-2"
    game.setup([(ring[0], edges[0]), red_a, red_b, (ring[3], edges[3])])
    game.roll()
    game.build_roads([edges[1], edges[2], edges[4]])
    assert game.length(0) == 5 and game.state["longest_road"] == 0
    game.act("build_road", edge=edges[5])
    assert game.length(0) == 6  # the whole ring, once round
    tail = next(e for e in G.corner_edges[ring[0]] if e not in edges)
    game.act("build_road", edge=tail)
    assert game.length(0) == 7
    branch = next(e for e in G.corner_edges[ring[2]] if e not in edges)
    game.act("build_road", edge=branch)
    assert game.length(0) == 7
    assert game.logged("longest_road")[-1]["params"]["length"] == 5  # logged when it was awarded


def test_longest_road_cannot_be_set_by_hand_with_a_board():
    game = production_game()
    assert "set_longest_road" not in allowed_actions(game.state, TABLE_ACTOR)
    assert game.refuse("set_longest_road", holder=0).code == "wrong_phase"


# ---------------------------------------------------------------- Road Building


def test_road_building_gives_two_free_roads_before_the_roll():
    game = building_game()
    game.act("buy_dev", recorded={"card": "road_building"})
    game.end_turn()
    game.turn_of(0, rolled=False)
    assert game.refuse("build_road", edge=edge_between(Q[1], Q[2])).code == "wrong_phase"
    game.act("play_dev", seat(0), card="road_building")
    assert game.board["free_roads"] == 2 and game.state["phase"] == "roll"
    assert game.logged("played_dev")[-1]["params"] == {"card": "road_building", "roads": 2}
    assert game.state["players"][0]["roads"] == 2  # placed on the board next, not counted yet
    # The active seat and the table may tap the roads; the other seat may not.
    for viewer in (TABLE, 0):
        shown = view(game.state, viewer)["board"]
        assert shown["actions"] == {"road": "build_road"} and shown["free_roads"] == 2
        assert edge_between(Q[1], Q[2]) in shown["targets"]["road"]
    assert view(game.state, 1)["board"]["targets"] == {}
    game.act("build_road", seat(0), edge=edge_between(Q[1], Q[2]))
    # Free roads follow the placement rules.
    assert game.refuse("build_road", edge=edge_between(Q[2], Q[3])).code == "blocked_by_building"
    assert game.board["free_roads"] == 1
    spur = next(e for e in G.corner_edges[Q[0]] if e not in game.board["pieces"]["roads"])
    game.act("build_road", edge=spur)
    assert game.board["free_roads"] == 0 and game.state["players"][0]["roads"] == 4
    assert [e["params"]["free"] for e in game.logged("built_road")] == [True, True]
    other = next(e for e in G.corner_edges[G.other_corner(spur, Q[0])] if e != spur)
    assert game.refuse("build_road", edge=other).code == "wrong_phase"  # no third one before the roll
    game.roll()
    game.act("build_road", edge=other)
    assert game.logged("built_road")[-1]["params"]["free"] is False


def test_unplaced_free_roads_are_lost_at_the_end_of_the_turn():
    game = building_game()
    game.act("buy_dev", recorded={"card": "road_building"})
    game.end_turn()
    game.turn_of(0)
    game.act("play_dev", seat(0), card="road_building")
    game.act("build_road", edge=edge_between(Q[1], Q[2]))
    assert game.board["free_roads"] == 1
    game.act("end_turn")
    assert game.board["free_roads"] == 0
    assert game.state["turn"]["seat"] == 1 and game.state["phase"] == "roll"
    assert "build_road" not in allowed_actions(game.state, TABLE_ACTOR)


@pytest.mark.parametrize("placed, free", [(13, 2), (14, 1)])
def test_road_building_is_capped_by_the_supply(placed, free):
    game, path = supply_game()
    edges = path_edges(path)
    game.build_roads(([edges[1]] + edges[3:])[: placed - 2])
    assert game.state["players"][0]["roads"] == placed
    game.act("buy_dev", recorded={"card": "road_building"})
    game.end_turn()
    game.turn_of(0)
    game.act("play_dev", seat(0), card="road_building")
    assert game.board["free_roads"] == free
    assert game.logged("played_dev")[-1]["params"]["roads"] == free
    remaining = [e for e in [edges[1]] + edges[3:] if e not in game.board["pieces"]["roads"]]
    game.build_roads(remaining[:free])
    assert game.state["players"][0]["roads"] == 15 and game.board["free_roads"] == 0


def test_road_building_with_no_road_left_is_refused():
    game, path = supply_game()
    edges = path_edges(path)
    game.build_roads([edges[1]] + edges[3:])
    game.act("buy_dev", recorded={"card": "road_building"})
    game.end_turn()
    game.turn_of(0)
    error = game.refuse("play_dev", seat(0), card="road_building")
    assert error.code == "no_pieces_left" and error.params == {"piece": "roads", "limit": 15}


# ---------------------------------------------------------------- harbours


def test_harbour_trade_ratios_in_the_seat_view():
    """2025: a settlement or city at a 3:1 harbour trades any 3 equal cards for 1; at a 2:1
    harbour 2 cards of its resource. Travel: a 2:1 harbour gives no 3:1 for the others."""
    wool_corner = G.edge_corners["1,1|1,2"][0]      # the wool 2:1 harbour of the picture
    generic_corner = G.edge_corners["0,-3|0,-2"][0]   # a 3:1 harbour
    assert LAYOUT["harbours"]["1,1|1,2"] == "wool" and LAYOUT["harbours"]["0,-3|0,-2"] == "generic"
    game = Game(("orange", "red"))
    assert view(game.state, 0)["me"]["trade_ratios"] == dict.fromkeys(base.RESOURCES, 4)
    game.settle(wool_corner)
    assert view(game.state, 0)["me"]["trade_ratios"] == {"brick": 4, "lumber": 4, "wool": 2, "grain": 4, "ore": 4}
    game.settle("-2,2|-1,1|-1,2")
    game.settle("-1,1|0,0|0,1")
    game.settle(generic_corner)
    assert view(game.state, 0)["me"]["trade_ratios"] == {"brick": 3, "lumber": 3, "wool": 2, "grain": 3, "ore": 3}
    assert view(game.state, 1)["me"]["trade_ratios"] == dict.fromkeys(base.RESOURCES, 4)
    assert view(game.state, TABLE)["me"] is None
    # A city keeps the harbour.
    game.roll()
    game.act("build_city", corner=wool_corner)
    assert view(game.state, 0)["me"]["trade_ratios"]["wool"] == 2


def test_no_trade_ratios_without_a_board():
    state = new_game({"players": players("orange", "red")})
    assert view(state, 0)["me"]["trade_ratios"] is None
    assert view(state, 0)["board"] is None


# ---------------------------------------------------------------- the beginner board


def test_beginner_board_starts_at_turn_one_with_the_pictures_pieces():
    """2025: each player puts 2 settlements and 2 roads on the marked places and takes one
    card per terrain next to the starred settlement (5th edition, blue: brick, lumber, ore)."""
    colours = ("blue", "orange", "red", "white")
    game = Game(colours, mode="beginner", layout=boards.beginner_board())
    state = game.state
    assert state["phase"] == "roll"
    assert state["turn"] == {"number": 1, "seat": 0, "rolled": False, "dev_played": False}
    assert state["board"]["pieces"] == boards.beginner_pieces({c: s for s, c in enumerate(colours)})
    for p in state["players"]:
        assert (p["settlements"], p["cities"], p["roads"]) == (2, 0, 2)
    paid = {e["seat"]: e["params"]["resources"] for e in game.logged("starting_resources")}
    assert paid[0] == {"brick": 1, "lumber": 1, "ore": 1}
    for s, colour in enumerate(colours):
        assert paid[s] == boards.starting_resources(LAYOUT, boards.beginner_starred_settlement(colour))
    assert [e["kind"] for e in state["log"]][-1] == "game_started"
    assert ruleset(state).vp_public(state, 0) == 2
    assert game.refuse("place_settlement", corner=G.corners[0]).code == "wrong_phase"
    assert game.refuse("place_setup").code == "wrong_phase"
    game.roll(3, 5)
    assert game.state["phase"] == "main"


def test_beginner_board_for_three_players_leaves_white_off():
    game = Game(("red", "blue", "orange"), mode="beginner", layout=boards.beginner_board())
    owners = set(game.board["pieces"]["settlements"].values())
    assert owners == {0, 1, 2} and len(game.board["pieces"]["settlements"]) == 6
    for colour in ("white",):
        for corner in boards.BEGINNER_PIECES[colour]["settlements"]:
            assert corner not in game.board["pieces"]["settlements"]


@pytest.mark.parametrize("colours", [("red", "blue"), ("red", "blue", "green"),
                                     ("red", "blue", "white", "orange", "green")])
def test_beginner_board_needs_three_or_four_picture_colours(colours):
    layout = boards.beginner_board()
    if len(colours) >= 5:
        layout = boards.random_board("base_5_6", ChanceRng(b"5"))  # a fitting frame, still refused
    with pytest.raises(IllegalAction) as info:
        new_game(board_config(colours, mode="beginner", layout=layout))
    assert info.value.code == "beginner_board_players"


# ---------------------------------------------------------------- replay


def resolve(game: Game) -> bool:
    """After a roll: discards, the robber and the theft of a 7, if it was one."""
    if game.state["phase"] != "discard":
        return False
    for p in list(game.state["pending"]):
        game.act("discard", seat=p["seat"], hand_size=9)
    robber = view(game.state, TABLE)["board"]["targets"]["robber"]
    game.act("move_robber", hex=robber[game.state["turn"]["number"] % len(robber)])
    if game.state["phase"] == "steal":
        game.act("steal", victim=game.board["victims"][-1])
    return True


def played_game() -> Game:
    """A short game with virtual dice, a 7 with robber and theft, builds and a card."""
    game = robber_game()
    game.act("roll")
    resolve(game)
    game.act("buy_dev")
    game.act("build_road", edge=next(e for e in G.corner_edges[FOREST3[0]] if e not in game.board["pieces"]["roads"]))
    game.act("end_turn")
    sevens = 0
    for _ in range(30):
        game.act("roll")  # virtual: chance decides
        sevens += resolve(game)
        roads = game.targets(TABLE)["road"]
        if roads:
            game.act("build_road", edge=roads[len(roads) // 2])
        game.act("end_turn")
    assert sevens >= 1
    return game


@pytest.fixture(scope="module")
def played() -> Game:
    return played_game()  # read only: shared by the replay tests


def test_replaying_the_records_gives_the_same_state(played):
    game = played
    state, history = fold(game.config, game.records)
    assert state == game.state
    assert history["effective"] == [r["seq"] for r in game.records]
    # Every virtual roll's dice were recorded: no chance is needed.
    assert all("die1" in r["outcome"] for r in game.records if r["action"]["type"] == "roll"
               and "dice" not in r["action"]["args"])


@pytest.mark.parametrize("back", [1, 2, 5])
def test_undo_through_fold_returns_to_the_state_before(played, back):
    game = played
    records = list(game.records)
    n = len(records)
    for i in range(back):
        target = records[n - 1 - i]["seq"]
        records.append({"seq": n + i + 1, "kind": "undo", "target": target})
    state, history = fold(game.config, records)
    assert state == game.states[n - back]
    assert history["undone"] == [game.records[n - 1 - i]["seq"] for i in range(back)]


def test_the_beginner_board_replays_too():
    game = Game(("blue", "orange", "red"), mode="beginner", layout=boards.beginner_board())
    game.act("roll")
    state, _ = fold(game.config, game.records)
    assert state == game.state
    state, _ = fold(game.config, game.records + [{"seq": 2, "kind": "undo", "target": 1}])
    # The new game, but for what the undo of a roll keeps and says (docs/undo.md).
    assert same_play(state, new_game(game.config))
    assert state["log"][-1]["kind"] == "undone_revealing"


# ---------------------------------------------------------------- views


def _targets_by_viewer(state: dict) -> dict:
    n = len(state["players"])
    return {viewer: view(state, viewer)["board"] for viewer in [TABLE, *range(n)]}


def assert_targets_only_for_the_actor(state: dict, kinds: set[str]) -> None:
    active = base.active_seat(state)
    for viewer, shown in _targets_by_viewer(state).items():
        if viewer == TABLE or viewer == active:
            assert set(shown["targets"]) == kinds, viewer
            assert set(shown["actions"]) == kinds, viewer
        else:
            assert shown["targets"] == {} and shown["actions"] == {}, viewer
        # Everyone sees the board itself.
        assert shown["pieces"] == state["board"]["pieces"]
        assert shown["robber"] == state["board"]["robber"]
        assert shown["layout"] == state["board"]["layout"]


def test_views_show_targets_only_to_who_may_act():
    game = Game(("orange", "red", "blue"))
    assert_targets_only_for_the_actor(game.state, {"settlement"})
    game.act("place_settlement", corner=FOREST3[0])
    assert_targets_only_for_the_actor(game.state, {"road"})
    game.act("place_road", edge=G.corner_edges[FOREST3[0]][0])
    assert_targets_only_for_the_actor(game.state, {"settlement"})  # now seat 1's turn
    assert view(game.state, 1)["board"]["actions"] == {"settlement": "place_settlement"}
    game.settle(FOREST3[4])
    game.settle("-2,0|-1,-1|-1,0")
    game.settle("-2,2|-1,1|-1,2")
    game.settle("0,1|0,2|1,1")
    game.settle(FOREST3[2])
    assert game.state["phase"] == "roll"
    # Before the roll nothing can be placed.
    for shown in _targets_by_viewer(game.state).values():
        assert shown["targets"] == {}
    game.roll()
    assert_targets_only_for_the_actor(game.state, {"road", "settlement", "city"})
    assert view(game.state, 0)["board"]["actions"] == {
        "road": "build_road", "settlement": "build_settlement", "city": "build_city"}
    assert set(view(game.state, 0)["board"]["targets"]["city"]) == {FOREST3[0], FOREST3[2]}
    game.end_turn()
    seven(game)  # seat 1 rolls a 7
    assert_targets_only_for_the_actor(game.state, {"robber"})
    game.act("move_robber", hex="1,0")
    for viewer, shown in _targets_by_viewer(game.state).items():
        assert shown["targets"] == {}
        assert shown["victims"] == [0]


def test_discard_phase_offers_no_board_targets():
    game = robber_game()
    game.act("roll", dice=[6, 1])
    assert game.state["phase"] == "discard"
    for shown in _targets_by_viewer(game.state).values():
        assert shown["targets"] == {} and shown["actions"] == {}


def test_a_finished_game_offers_no_targets():
    game = Game(("orange", "red"), target=3)
    game.setup([FOREST3[0], FOREST3[4], "-2,0|-1,-1|-1,0", FOREST3[2]])
    game.roll()
    game.act("build_city", corner=FOREST3[0])  # 2 settlements -> 1 + city 2 = 3 VP
    assert game.state["phase"] == "finished" and game.state["winner"] == 0
    for shown in _targets_by_viewer(game.state).values():
        assert shown["targets"] == {} and shown["actions"] == {}


def test_five_players_build_on_the_board_between_turns():
    """5-6 players (RULES-FACTS: a special building phase after each turn): the others build
    in turn order; only the one building (and the table) gets the tap targets."""
    layout = boards.random_board("base_5_6", ChanceRng(b"five"))
    game = Game(base.COLORS[:5], layout=layout)
    for _ in range(10):
        shown = view(game.state, TABLE)["board"]["targets"]
        corner = shown["settlement"][len(shown["settlement"]) // 3]
        game.act("place_settlement", corner=corner)
        game.act("place_road", edge=view(game.state, TABLE)["board"]["targets"]["road"][0])
    game.roll()
    game.act("end_turn")
    assert game.state["phase"] == "special_build"
    for builder in (1, 2, 3, 4):
        assert base.active_seat(game.state) == builder
        assert_targets_only_for_the_actor(game.state, {"road", "settlement", "city"})
        if builder == 2:
            edge = view(game.state, 2)["board"]["targets"]["road"][0]
            game.act("build_road", seat(2), edge=edge)
            assert game.board["pieces"]["roads"][edge] == 2 and game.state["players"][2]["roads"] == 3
            assert game.refuse("build_road", seat(3), edge=edge).code == "not_your_turn"
        game.act("done_building")
    assert game.state["phase"] == "roll" and game.state["turn"]["seat"] == 1 and game.state["turn"]["number"] == 2


def test_nobody_wins_in_the_special_building_phase():
    """RULES-FACTS: a player wins with the target 'during your own turn'; the engine's own
    check_victory says 'during their own turn'. The special building phase comes after the
    turn has ended (end_turn logs turn_ended). Here orange (seat 0) ends its turn one point
    short; in the special building phase the third player's settlement cuts the holder's
    7 roads into 3 and 4, so Longest Road moves to orange's 6 roads: orange now holds the
    target, but may only win at the start of its next turn."""
    g6 = boards.geometry("base_5_6")
    path, cut = split_scenario(3, 2, g=g6)                               # seat 1's road, seat 2's cutter
    own = any_path(6, near(near(path + cut, g6), g6), ends_apart=True, g=g6)  # seat 0's road
    taken = path + cut + own
    spots = []
    for _ in range(5):
        spots.append(far_spot(taken + [c for c, _ in spots], g6))
    pe, ce, oe = path_edges(path, g6), path_edges(cut, g6), path_edges(own, g6)
    layout = boards.random_board("base_5_6", ChanceRng(b"special"))
    game = Game(base.COLORS[:5], layout=layout, target=5)
    game.setup([(own[0], oe[0]), (path[0], pe[0]), (cut[0], ce[0]), spots[0], spots[1],
                spots[2], spots[3], spots[4], (path[7], pe[6]), (own[6], oe[5])])
    game.roll()
    game.build_roads(oe[1:5])                        # seat 0: 6 roads, Longest Road, 4 VP
    assert game.state["longest_road"] == 0
    game.act("end_turn")
    for _ in range(4):
        game.act("done_building")
    game.roll()
    game.build_roads(pe[1:6])                        # seat 1: 7 roads takes it, 4 VP
    assert game.state["longest_road"] == 1
    game.act("end_turn")
    game.act("build_road", edge=ce[1])               # seat 2 builds its cutter road in between
    for _ in range(4):
        game.act("done_building")
    while game.state["turn"]["seat"] != 0:           # seats 2, 3, 4 play; nobody builds
        game.end_turn()
        for _ in range(4):
            game.act("done_building")
    game.roll()
    game.act("build_city", corner=own[0])            # seat 0: 3 VP, turn over
    game.act("end_turn")
    game.act("done_building")                        # seat 1
    assert base.active_seat(game.state) == 2
    game.act("build_settlement", corner=path[3])     # seat 2 cuts seat 1's road
    assert game.state["longest_road"] == 0 and ruleset(game.state).vp_total(game.state, 0) == 5
    assert game.state["winner"] is None
    assert game.state["phase"] == "special_build"
