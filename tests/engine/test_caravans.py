"""The Caravans ("Szlaki karawan", Traders & Barbarians): layers/traders_barbarians_scenarios/caravans/rules.py.

From /work/shared/rulebooks/traders-and-barbarians-pl.txt: the oasis replaces the desert in
the centre; 22 camels; the first camel of a caravan on the path leaving its arrow straight
away; each further one continues the caravan from its last camel (2 paths at an end), no
branching; caravans meeting at an intersection join; the rulebook's examples count 3 paths
for the first camel, 4 after a camel on route A, 6 later; buildings between two camels
+1 point; roads beside a camel count double for Longest Road; the vote with grain and wool
(alone with more than all others, else a majority group, else the most cards, else the
player who ended the turn); Catan for two: 2 camels a vote; the robber starts beside the board.

The board is the first-game picture's terrain and numbers (desert "0,0" in the middle, where
the oasis goes), played in the "random" mode so that every piece is placed by tapping.
"""

import pytest

from companion import layers as registry
from companion.engine import IllegalAction, apply, view
from companion.engine.game import allowed_actions, new_game
from companion.layers.traders_barbarians_scenarios.caravans import rules as caravans
from companion.machinery import board as boards
from tests.engine.played import Played

T = {"role": "table"}
G = boards.geometry("base")
OASIS = "0,0"
NAMES = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white"), ("Darek", "orange")]


@pytest.fixture(autouse=True, scope="module")
def registered():
    """The package is in the registry (companion/layers/__init__.py)."""
    assert caravans.LAYER in registry.LAYERS
    yield


class Draws:
    def __init__(self, *values):
        self.values = list(values)

    def randint(self, n):
        return self.values.pop(0) % n if self.values else 0


def caravan_layout(orientation=0):
    layout = boards.beginner_board()
    return caravans.lay_out(None, layout, Draws(orientation))


def config(players=3, play_mode="hands", orientation=0, **more):
    c = {"players": [{"name": n, "color": col} for n, col in NAMES[:players]], "board": "random",
         "play_mode": play_mode, "dice_source": "typed", "scenario": "caravans", "target": 12,
         "board_layout": caravan_layout(orientation)}
    c.update(more)
    return c


class Game(Played):
    def __init__(self, seed=5, **kw):
        super().__init__(config(**kw), seed)

    def to_main(self, dice=(3, 2)):
        self.act("roll", dice=list(dice))
        assert self.state["phase"] == "main"

    def city_then_end(self):
        """The active player upgrades a settlement to a city and ends the turn: the vote."""
        seat = self.state["turn"]["seat"]
        corner = next(c for c, s in self.state["board"]["pieces"]["settlements"].items() if s == seat)
        self.give(seat, ore=3, grain=2)
        self.act("build_city", actor={"seat": seat}, corner=corner)
        self.act("end_turn", actor={"seat": seat})


def corner_of(*hexes):
    return next(c for c, hs in G.corner_hexes.items() if set(hs) == set(hexes))


def edge_between(a, b):
    return next(e for e, cs in G.edge_corners.items() if set(cs) == {a, b})


# ---------------------------------------------------------------- the board


def test_the_oasis_takes_the_centre_and_the_robber_waits_beside_the_board():
    layout = caravan_layout(1)
    assert layout["hexes"][OASIS] == {"terrain": "oasis", "number": None}
    assert layout["robber"] is None
    assert caravans.features(layout) == {"oasis": OASIS, "arrows": caravans.arrow_corners("base", OASIS, 1)}
    game = Game(orientation=1)
    assert game.state["board"]["robber"] is None
    assert [r["arrow"] for r in game.state["caravans"]["routes"]] == caravans.arrow_corners("base", OASIS, 1)
    assert game.state["caravans"]["camels_left"] == 22
    rules = caravans.LAYER
    expected = caravans.board_set(None, "base", boards.expected_set("base"))
    assert expected["terrains"]["oasis"] == 1 and "desert" not in expected["terrains"]
    assert boards.validate_board(layout, expected) == []
    assert rules.terrains == {"oasis": None}


def test_a_random_board_swaps_the_centre_hex_with_the_desert():
    layout = boards.beginner_board()
    hexes = dict(layout["hexes"])
    hexes["0,0"], hexes["2,-2"] = hexes["2,-2"], hexes["0,0"]  # the desert on a corner hex
    moved = caravans.lay_out(None, {**layout, "hexes": hexes}, Draws(0))
    assert moved["hexes"]["0,0"]["terrain"] == "oasis"
    assert moved["hexes"]["2,-2"] == layout["hexes"]["2,-2"]
    assert caravans.check_board(None, moved) == []


def test_five_or_six_players_the_oasis_takes_one_of_the_two_middle_hexes():
    class Rng:
        def __init__(self):
            self.n = 0

        def randint(self, n):
            self.n += 7
            return self.n % n

    layout = boards.random_board("base_5_6", Rng())
    moved = caravans.lay_out(None, layout, Draws(1))
    oasis = caravans.features(moved)["oasis"]
    assert oasis in ("-1,0", "0,0") and moved["hexes"][oasis]["terrain"] == "oasis"
    assert [h for h, x in moved["hexes"].items() if x["terrain"] == "desert"] != []  # the second desert stays
    expected = caravans.board_set(None, "base_5_6", boards.expected_set("base_5_6"))
    assert expected["terrains"]["desert"] == 1 and boards.validate_board(moved, expected) == []
    state = new_game(config(players=5, board_layout=moved, play_mode="paper")
                     | {"players": [{"name": f"P{i}", "color": c} for i, c in
                                    enumerate(("red", "blue", "white", "orange", "green"))]})
    assert state["board"]["robber"] is None and len(caravans.legal_paths(state)) == 3


def test_the_oasis_must_lie_in_the_centre_with_its_arrows():
    layout = caravan_layout()
    hexes = dict(layout["hexes"])
    hexes["0,0"], hexes["1,0"] = hexes["1,0"], hexes["0,0"]
    assert caravans.check_board(None, {**layout, "hexes": hexes})[0][0] == "oasis_not_centre"
    bare = {**layout, "features": {}}
    assert caravans.check_board(None, bare)[0][0] == "oasis_arrows"


def test_a_board_entered_by_hand_gets_the_oasis_turned_by_the_table():
    blank = boards.empty_board("base")
    frame = boards.get_frame("base")
    blank["harbours"] = dict(zip(frame.harbour_edges, frame.harbour_types))
    blank = caravans.lay_out(None, blank, Draws(0))
    assert blank["hexes"][OASIS]["terrain"] == "oasis"
    game_config = config(board="manual", board_layout=blank)
    state = new_game(game_config)
    assert state["phase"] == "board" and state["caravans"]["routes"] == []
    game = Game()
    game.state = state
    full = boards.beginner_board()["hexes"]
    for h, cell in full.items():
        if h != OASIS:
            game.act("edit_hex", hex=h, terrain=cell["terrain"], number=cell["number"])
    assert game.refused("board_done") == "board_incomplete"  # the arrows are not set
    assert game.refused("set_oasis", orientation=2) == "bad_orientation"
    game.act("set_oasis", orientation=1)
    assert game.refused("set_oasis", orientation=1) == "nothing_changes"
    assert caravans.orientation_of(game.state["board"]["layout"]) == 1
    game.act("board_done")
    assert game.state["board"]["robber"] is None
    assert [r["arrow"] for r in game.state["caravans"]["routes"]] == caravans.arrow_corners("base", OASIS, 1)


def test_caravans_need_a_board_and_the_base_game():
    with pytest.raises(IllegalAction) as info:
        new_game({**config(), "board": "none", "play_mode": "paper", "board_layout": None})
    assert info.value.code == "caravans_need_board"
    with pytest.raises(IllegalAction) as info:
        new_game({**config(), "rules": "cities_knights"})
    assert info.value.code == "caravans_base_only"


# ---------------------------------------------------------------- the rulebook's examples


def test_example_1_the_first_camel_has_3_paths_straight_from_the_arrows():
    game = Game()
    paths = caravans.legal_paths(game.state)
    assert len(paths) == 3
    assert set(paths) == {caravans.straight_path(game.state["board"]["layout"], OASIS, a)
                          for a in caravans.arrow_corners("base", OASIS, 0)}
    assert not set(paths) & set(G.hex_edges[OASIS])  # never along the oasis


def test_example_2_after_a_camel_on_route_a_there_are_4_paths():
    game = Game()
    a = game.state["caravans"]["routes"][0]
    first = caravans.straight_path(game.state["board"]["layout"], OASIS, a["arrow"])
    caravans.place(game.state, first)
    paths = caravans.legal_paths(game.state)
    assert len(paths) == 4
    end = G.other_corner(first, a["arrow"])
    assert set(paths) - set(G.corner_edges[end]) == {
        caravans.straight_path(game.state["board"]["layout"], OASIS, r["arrow"]) for r in game.state["caravans"]["routes"][1:]}


def test_example_3_later_there_are_6_paths_and_buildings_between_two_camels_count():
    game = Game()
    state = game.state
    layout = state["board"]["layout"]
    for route in state["caravans"]["routes"]:
        caravans.place(state, caravans.straight_path(layout, OASIS, route["arrow"]))
    # route A twice more, outward
    for _ in range(2):
        end = state["caravans"]["routes"][0]["ends"][0]
        nxt = next(e for e in G.corner_edges[end] if e not in caravans.camel_edges(state)
                   and len(G.corner_edges[G.other_corner(e, end)]) == 3)
        caravans.place(state, nxt)
    assert len(caravans.legal_paths(state)) == 6  # 3 caravans, 2 paths each
    assert state["caravans"]["camels_left"] == 22 - 5
    route = state["caravans"]["routes"][0]
    middle = G.other_corner(route["camels"][0], route["arrow"])  # between camels 1 and 2 of A
    assert middle in caravans.bonus_corners(state)
    assert route["arrow"] not in caravans.bonus_corners(state)  # one camel only at the oasis
    assert route["ends"][0] not in caravans.bonus_corners(state)  # the end: one camel
    state["board"]["pieces"]["settlements"][middle] = 1
    state["board"]["pieces"]["settlements"][route["ends"][0]] = 2
    rules = game_rules(state)
    assert caravans.caravan_vp(rules, state, 1) == 1 and caravans.caravan_vp(rules, state, 2) == 0
    state["board"]["pieces"]["cities"][middle] = state["board"]["pieces"]["settlements"].pop(middle)
    assert caravans.caravan_vp(rules, state, 1) == 1  # a city: 1 more point too


def game_rules(state):
    from companion.engine.game import ruleset
    return ruleset(state)


def walk(state, *corners):
    """Camels from one intersection to the next along `corners`."""
    for a, b in zip(corners, corners[1:]):
        caravans.place(state, edge_between(a, b))


def test_two_caravans_reaching_one_intersection_join_and_go_on_as_one():
    game = Game()
    state = game.state
    layout = state["board"]["layout"]
    routes = state["caravans"]["routes"]
    # A leaves the oasis's N corner, B its SE corner; both go round the hex 1,0 and meet
    # at its NE intersection.
    caravans.place(state, caravans.straight_path(layout, OASIS, routes[0]["arrow"]))
    caravans.place(state, caravans.straight_path(layout, OASIS, routes[1]["arrow"]))
    assert routes[0]["ends"] == [corner_of("0,-1", "1,-2", "1,-1")]
    assert routes[1]["ends"] == [corner_of("0,1", "1,0", "1,1")]
    meet = corner_of("1,0", "2,-1", "2,0")
    walk(state, corner_of("0,-1", "1,-2", "1,-1"), corner_of("1,-2", "1,-1", "2,-2"),
         corner_of("1,-1", "2,-2", "2,-1"), corner_of("1,-1", "1,0", "2,-1"), meet)
    assert routes[0]["ends"] == [meet] and routes[1]["into"] is None
    south_east = corner_of("1,0", "1,1", "2,0")
    walk(state, corner_of("0,1", "1,0", "1,1"), south_east)
    link = edge_between(south_east, meet)
    # A's end and B's end are one path apart: that path may extend either of them
    assert len(caravans.legal_paths(state)) == 2 + 2 - 1 + 1  # A, B (one path shared), C's first
    assert caravans.caravans_for(state, link) == [0, 1]
    caravans.place(state, link, 1)  # B reaches A's end: one caravan from now on, going on from there
    assert routes[0]["into"] == 1 and routes[1]["ends"] == [meet]
    free_at_meet = [e for e in G.corner_edges[meet] if e not in caravans.camel_edges(state)]
    assert len(free_at_meet) == 1
    c_first = caravans.straight_path(layout, OASIS, routes[2]["arrow"])
    assert set(caravans.legal_paths(state)) == {free_at_meet[0], c_first}
    assert {meet, south_east} <= set(caravans.bonus_corners(state))
    caravans.place(state, free_at_meet[0])
    assert routes[1]["ends"] == [G.other_corner(free_at_meet[0], meet)]
    assert state["caravans"]["camels_left"] == 22 - 9


def test_the_decider_says_which_caravan_a_joining_camel_extends():
    game = Game(play_mode="paper")
    game.setup()
    state = game.state
    layout = state["board"]["layout"]
    routes = state["caravans"]["routes"]
    caravans.place(state, caravans.straight_path(layout, OASIS, routes[0]["arrow"]))
    caravans.place(state, caravans.straight_path(layout, OASIS, routes[1]["arrow"]))
    meet, south_east = corner_of("1,0", "2,-1", "2,0"), corner_of("1,0", "1,1", "2,0")
    walk(state, corner_of("0,-1", "1,-2", "1,-1"), corner_of("1,-2", "1,-1", "2,-2"),
         corner_of("1,-1", "2,-2", "2,-1"), corner_of("1,-1", "1,0", "2,-1"), meet)
    walk(state, corner_of("0,1", "1,0", "1,1"), south_east)
    game.to_main()
    corner = next(c for c, s in state["board"]["pieces"]["settlements"].items() if s == 0)
    game.act("build_city", corner=corner)
    game.act("end_turn")
    for s in range(3):
        game.act("camel_bid", seat=s, count=1 if s == 2 else 0)
    link = edge_between(south_east, meet)
    game.act("place_camel", actor={"seat": 2}, edge=link)  # a path joining A and B: which one?
    assert game.state["caravans"]["vote"]["choose"] == {"edge": link, "caravans": [0, 1]}
    assert game.state["caravans"]["camels_left"] == 22 - 7 and game.state["phase"] == "caravan_camel"
    assert game.refused("place_camel", actor={"seat": 2}, edge=link, caravan=2) == "camel_not_that_caravan"
    game.act("place_camel", actor={"seat": 2}, edge=link, caravan=0)  # A goes on to B's end
    routes = game.state["caravans"]["routes"]
    assert routes[1]["into"] == 0 and routes[0]["ends"] == [south_east]
    assert game.state["phase"] == "roll"


def test_a_caravan_reaching_an_intersection_another_passes_through_ends_there():
    game = Game()
    state = game.state
    layout = state["board"]["layout"]
    routes = state["caravans"]["routes"]
    caravans.place(state, caravans.straight_path(layout, OASIS, routes[1]["arrow"]))  # B: S of 1,0
    walk(state, corner_of("0,1", "1,0", "1,1"), corner_of("1,0", "1,1", "2,0"), corner_of("1,0", "2,-1", "2,0"),
         corner_of("1,-1", "1,0", "2,-1"))  # B round 1,0 to its N corner
    caravans.place(state, caravans.straight_path(layout, OASIS, routes[0]["arrow"]))  # A
    walk(state, corner_of("0,-1", "1,-2", "1,-1"), corner_of("1,-2", "1,-1", "2,-2"))
    # B goes on towards the NW corner of 1,0 (next to the oasis): "returning" to the oasis
    walk(state, corner_of("1,-1", "1,0", "2,-1"), corner_of("0,0", "1,-1", "1,0"))
    assert routes[1]["ends"] == [corner_of("0,0", "1,-1", "1,0")]


def test_a_caravan_ends_when_no_path_is_left_and_all_end_without_camels():
    game = Game()
    state = game.state
    state["caravans"]["camels_left"] = 0
    assert caravans.legal_paths(state) == []
    assert not caravans.vote_due(state)


def test_later_camels_may_go_along_the_oasis():
    game = Game()
    state = game.state
    layout = state["board"]["layout"]
    a = state["caravans"]["routes"][0]
    caravans.place(state, caravans.straight_path(layout, OASIS, a["arrow"]))  # A out to 0,-1|1,-2|1,-1
    walk(state, a["ends"][0], corner_of("1,-2", "1,-1", "2,-2"), corner_of("1,-1", "2,-2", "2,-1"),
         corner_of("1,-1", "1,0", "2,-1"), corner_of("0,0", "1,-1", "1,0"))  # back to the oasis's NE corner
    along = {"0,0|1,0", "0,0|1,-1"}  # both paths along the oasis from there
    assert along <= set(G.hex_edges[OASIS]) and along <= set(caravans.legal_paths(state))


# ---------------------------------------------------------------- roads beside camels


def test_roads_beside_camels_count_double_for_longest_road():
    game = Game()
    game.setup()
    state = game.state
    layout = state["board"]["layout"]
    a = state["caravans"]["routes"][0]
    first = caravans.straight_path(layout, OASIS, a["arrow"])
    caravans.place(state, first)
    state["board"]["pieces"]["roads"] = {first: 1}
    weights = caravans.road_weights(None, state)
    assert weights == {first: 2}
    assert boards.longest_road(layout, state["board"]["pieces"], 1, weights) == 2
    # three roads along the caravan count 6: Longest Road with 3 roads
    ends = a["ends"][0]
    nxt = next(e for e in G.corner_edges[ends] if e not in caravans.camel_edges(state))
    caravans.place(state, nxt)
    far = G.other_corner(nxt, ends)
    third = next(e for e in G.corner_edges[far] if e not in caravans.camel_edges(state))
    caravans.place(state, third)
    state["board"]["pieces"]["roads"] = {first: 1, nxt: 1, third: 1}
    assert boards.longest_road(layout, state["board"]["pieces"], 1, caravans.road_weights(None, state)) == 6
    assert boards.longest_road(layout, state["board"]["pieces"], 1) == 3


# ---------------------------------------------------------------- the vote


@pytest.mark.parametrize("votes, ender, expected", [
    ({0: 5, 1: 2, 2: 2}, 0, {"mode": "alone", "decider": 0}),      # 5 > 4: alone
    ({0: 0, 1: 3, 2: 0}, 0, {"mode": "alone", "decider": 1}),      # the only voter
    ({0: 4, 1: 2, 2: 2}, 1, {"mode": "group", "decider": 0, "group": [0, 1, 2]}),  # 4 = 4: no
    ({0: 1, 1: 3, 2: 3}, 0, {"mode": "group", "decider": 0, "group": [0, 1, 2]}),  # tied most: the ender
    ({0: 0, 1: 2, 2: 2}, 0, {"mode": "group", "decider": 0, "group": [1, 2]}),     # even without a card
    ({0: 0, 1: 0, 2: 0}, 2, {"mode": "nobody", "decider": 2, "group": []}),
])
def test_who_decides(votes, ender, expected):
    result = caravans.decide(votes, ender)
    assert {k: result[k] for k in expected} == expected
    if result["mode"] == "group":
        assert result["fallback"] == result["decider"]


def test_no_vote_without_a_settlement_or_city_built_this_turn():
    game = Game()
    game.setup()
    game.to_main()
    game.act("end_turn", actor={"seat": 0})
    assert game.state["phase"] == "roll" and game.state["turn"]["seat"] == 1


def test_a_vote_in_hands_mode_bids_stay_secret_and_the_cards_go_to_the_bank():
    game = Game()
    game.setup()
    game.to_main()
    game.city_then_end()
    state = game.state
    assert state["phase"] == "caravan_vote" and state["turn"]["seat"] == 0
    assert {p["seat"] for p in state["pending"]} == {0, 1, 2}
    assert game.refused("camel_bid", seat=1, cards={"wool": 1}) == "bid_on_phone"
    game.give(1, wool=3, grain=1)
    game.give(2, wool=1)
    game.give(0, ore=1)
    assert game.refused("camel_bid", actor={"seat": 1}, cards={"ore": 1}) == "bid_grain_wool"
    assert game.refused("camel_bid", actor={"seat": 1}, cards={"wool": 9}) == "bid_not_held"
    hand_before = dict(state["players"][1]["hand"])
    game.act("camel_bid", actor={"seat": 1}, cards={"wool": 3, "grain": 1})
    assert game.state["players"][1]["hand"] == hand_before  # nothing moves before the reveal
    for viewer in ("table", 0, 2):
        v = view(game.state, viewer)
        assert v["caravans"]["vote"]["bid"] == [1] and v["caravans"]["vote"]["bids"] is None
        assert v["caravans"]["vote"]["mine"] is None
        assert all(not e["params"] for e in v["log"] if e["kind"] == "camel_bid")
    assert view(game.state, 1)["caravans"]["vote"]["mine"] == {"grain": 1, "wool": 3}
    assert game.refused("camel_bid", actor={"seat": 1}, cards={}) == "not_your_turn"
    game.act("camel_bid", actor={"seat": 2}, cards={"wool": 1})
    bank_wool = game.state["bank"]["wool"]
    game.act("camel_bid", actor={"seat": 0}, cards={})
    state = game.state
    assert state["bank"]["wool"] == bank_wool + 4 and state["players"][1]["hand"]["wool"] == hand_before["wool"] - 3
    vote = state["caravans"]["vote"]
    assert vote["revealed"] and vote["mode"] == "alone" and vote["decider"] == 1  # 4 > 1
    assert state["phase"] == "caravan_camel" and state["pending"] == [{"seat": 1, "kind": "camel_place"}]
    assert game.targets(1) == {"camel": caravans.legal_paths(state)}
    assert game.targets(0) == {}
    path = caravans.legal_paths(state)[0]
    assert game.refused("place_camel", actor={"seat": 0}, edge=path) == "not_your_turn"
    assert game.refused("place_camel", actor={"seat": 1}, edge=G.hex_edges[OASIS][0]) == "camel_not_here"
    game.act("place_camel", actor={"seat": 1}, edge=path)
    assert game.state["phase"] == "roll" and game.state["turn"]["seat"] == 1  # the turn ended
    assert game.state["caravans"]["camels_left"] == 21 and game.state["caravans"]["vote"] is None


def test_a_vote_in_paper_mode_counts_the_cards_each_phone_says():
    game = Game(play_mode="paper")
    game.setup()
    game.to_main()
    seat = 0
    corner = next(c for c, s in game.state["board"]["pieces"]["settlements"].items() if s == seat)
    game.act("build_city", corner=corner)
    game.act("end_turn")
    assert game.refused("camel_bid", actor={"seat": 1}, count=-1) == "bad_bid"
    game.act("camel_bid", actor={"seat": 1}, count=2)
    game.act("camel_bid", actor={"seat": 2}, count=2)
    game.act("camel_bid", seat=0, count=1)  # the table for a player without a phone
    vote = game.state["caravans"]["vote"]
    assert vote["mode"] == "group" and vote["group"] == [0, 1, 2] and vote["decider"] == 0  # 2 = 2: the ender
    game.act("place_camel", edge=caravans.legal_paths(game.state)[0])  # the table taps what was agreed
    assert game.state["turn"]["seat"] == 1


def test_only_one_camel_however_much_was_built_and_no_vote_twice():
    game = Game()
    game.setup()
    game.to_main()
    seat = 0
    for corner in [c for c, s in game.state["board"]["pieces"]["settlements"].items() if s == seat]:
        game.give(seat, ore=3, grain=2)
        game.act("build_city", actor={"seat": seat}, corner=corner)
    game.act("end_turn", actor={"seat": seat})
    for s in (0, 1, 2):
        game.act("camel_bid", actor={"seat": s}, cards={})
    assert game.state["caravans"]["vote"]["mode"] == "nobody" and game.state["pending"][0]["seat"] == 0
    game.act("place_camel", actor={"seat": 0}, edge=caravans.legal_paths(game.state)[0])
    assert game.state["caravans"]["camels_left"] == 21 and game.state["phase"] == "roll"


def test_the_last_bid_shows_everyone_the_bids_so_its_player_cannot_take_it_back():
    game = Game()
    game.setup()
    game.to_main()
    game.city_then_end()
    game.act("camel_bid", actor={"seat": 1}, cards={})
    game.act("camel_bid", actor={"seat": 2}, cards={})
    state_before = game.state
    state, outcome = apply(state_before, {"type": "camel_bid", "actor": {"seat": 0}, "args": {"cards": {}}}, game.chance)
    assert state["last_revealed"]["shown"][0]["what"] == "camel_bids"


def test_two_players_the_winner_places_two_camels_on_two_caravans():
    game = Game(players=2, variants={"two_players": True})
    for _ in range(2):
        game.act("place_neutral", corner=game.targets()["neutral_settlement"][0])
    game.setup()
    game.act("roll", dice=[3, 2])
    game.act("roll", dice=[4, 2])
    assert game.state["phase"] == "main"
    game.city_then_end()
    game.give(1, grain=1)
    game.act("camel_bid", actor={"seat": 0}, cards={})
    game.act("camel_bid", actor={"seat": 1}, cards={"grain": 1})
    vote = game.state["caravans"]["vote"]
    assert vote["placers"] == [1, 1] and game.state["pending"][0]["seat"] == 1
    first = caravans.legal_paths(game.state)[0]
    game.act("place_camel", actor={"seat": 1}, edge=first)
    route = game.state["caravans"]["vote"]["placed"][0][0]
    same = [e for e in G.corner_edges[game.state["caravans"]["routes"][route]["ends"][0]]
            if e not in caravans.camel_edges(game.state)]
    assert game.refused("place_camel", actor={"seat": 1}, edge=same[0]) == "camel_other_caravan"
    other = caravans.legal_paths(game.state, route)[0]
    game.act("place_camel", actor={"seat": 1}, edge=other)
    assert game.state["caravans"]["camels_left"] == 20
    assert game.state["phase"] == "roll" and game.state["turn"]["seat"] == 1


def test_two_players_a_tie_each_places_one_the_ender_first():
    game = Game(players=2, variants={"two_players": True})
    for _ in range(2):
        game.act("place_neutral", corner=game.targets()["neutral_settlement"][0])
    game.setup()
    game.act("roll", dice=[3, 2])
    game.act("roll", dice=[4, 2])
    game.city_then_end()
    game.act("camel_bid", actor={"seat": 1}, cards={})
    game.act("camel_bid", actor={"seat": 0}, cards={})
    assert game.state["caravans"]["vote"]["mode"] == "tie"
    assert game.state["pending"][0]["seat"] == 0
    game.act("place_camel", actor={"seat": 0}, edge=caravans.legal_paths(game.state)[0])
    assert game.state["pending"][0]["seat"] == 1
    game.act("place_camel", actor={"seat": 1}, edge=caravans.legal_paths(game.state)[0])
    assert game.state["caravans"]["camels_left"] == 20


def test_two_players_the_token_action_sends_the_robber_beside_the_board():
    game = Game(players=2, variants={"two_players": True})
    for _ in range(2):
        game.act("place_neutral", corner=game.targets()["neutral_settlement"][0])
    game.setup()
    assert game.refused("robber_to_desert") == "robber_off_board"  # beside the board already
    game.state["board"]["robber"] = "1,0"
    tokens = game.state["two"]["tokens"][0]
    game.act("robber_to_desert")
    assert game.state["board"]["robber"] is None and game.state["two"]["tokens"][0] == tokens - 1


# ---------------------------------------------------------------- the robber


def test_the_robber_comes_in_at_the_first_seven_never_on_the_oasis():
    game = Game()
    game.setup()
    game.act("roll", dice=[3, 4])
    while game.state["phase"] == "discard":
        seat = game.state["pending"][0]["seat"]
        hand = game.state["players"][seat]["hand"]
        due = sum(hand.values()) // 2
        cards, left = {}, due
        for r, n in hand.items():
            take = min(n, left)
            if take:
                cards[r] = take
                left -= take
        game.act("discard", actor={"seat": seat}, cards=cards)
    targets = game.targets()["robber"]
    assert OASIS not in targets and len(targets) == 18
    assert game.refused("move_robber", hex=OASIS) == "robber_spares"


def test_the_friendly_robber_sparing_everyone_sends_the_robber_to_the_oasis():
    """Where the friendly robber leaves no hex (it would go back to the desert), the robber
    goes to the oasis that replaced the desert."""
    game = Game(variants={"friendly_robber": True})
    rules = game_rules(game.state)
    assert caravans.robber_limits(rules, game.state, []) == [OASIS]
    assert caravans.robber_limits(rules, game.state, [OASIS]) == [OASIS]
    assert caravans.robber_limits(rules, game.state, [OASIS, "1,0"]) == ["1,0"]
    assert rules.robber_limited(game.state, ["1,0", OASIS]) == ["1,0"]


def test_events_robber_flees_puts_the_robber_beside_the_board():
    from companion.layers.options.events import rules as events
    game = Game(dice_source="events")
    game.setup()
    game.state["board"]["robber"] = "1,0"
    deck = events._deck(game.state)
    flees = next(i for i, c in enumerate(events.CARDS) if c["event"] == "robber_flees")
    deck["year"], deck["deck"] = 1, [flees] + [i for i in range(36) if i != flees][:30]
    game.act("reveal_event")
    assert game.state["board"]["robber"] is None
    effect = next(e for e in game.state["log"] if e["kind"] == "event_effect")
    assert effect["params"]["off"] is True


def _vote_to_seat(game, decider):
    """End the turn after a city; everyone bids nothing but `decider`, who lays 1 card."""
    game.city_then_end()
    for s in range(len(game.state["players"])):
        if s == decider:
            game.give(s, grain=1)
        game.act("camel_bid", actor={"seat": s}, cards={"grain": 1} if s == decider else {})


def test_a_camel_recounts_longest_road_with_the_doubled_roads():
    game = Game()
    game.setup()
    game.to_main()
    state = game.state
    layout = state["board"]["layout"]
    a = state["caravans"]["routes"][0]
    first = caravans.straight_path(layout, OASIS, a["arrow"])
    # seat 1 owns three roads along route A's first paths (laid by hand for the test)
    end = G.other_corner(first, a["arrow"])
    second = sorted(e for e in G.corner_edges[end] if e != first)[0]
    third = sorted(e for e in G.corner_edges[G.other_corner(second, end)] if e != second)[0]
    pieces = state["board"]["pieces"]
    pieces["roads"] = {e: s for e, s in pieces["roads"].items() if s != 1}
    for e in (first, second, third):
        pieces["roads"][e] = 1
        for corner in G.edge_corners[e]:  # nobody's building breaks the road
            pieces["settlements"].pop(corner, None)
    _vote_to_seat(game, 1)
    for path in (first,):
        game.act("place_camel", actor={"seat": 1}, edge=path)
    assert game.state["board"]["road_lengths"]["1"] == 4 and game.state["longest_road"] is None
    game.to_main()
    game.act("end_turn", actor={"seat": 1})
    game.to_main()
    seat = game.state["turn"]["seat"]
    _vote_to_seat(game, 1)
    game.act("place_camel", actor={"seat": 1}, edge=second)
    assert game.state["board"]["road_lengths"]["1"] == 5 and game.state["longest_road"] == 1
    assert game.state["turn"]["seat"] == (seat + 1) % 3


def test_a_camel_that_brings_the_ender_to_the_target_wins_in_their_turn():
    game = Game()
    game.setup()
    game.to_main()
    state = game.state
    layout = state["board"]["layout"]
    a = state["caravans"]["routes"][0]
    first = caravans.straight_path(layout, OASIS, a["arrow"])
    end = G.other_corner(first, a["arrow"])
    second = sorted(e for e in G.corner_edges[end] if e != first)[0]
    caravans.place(state, first)
    state["board"]["pieces"]["settlements"][end] = 0  # Ala's settlement where the caravan goes on
    state["players"][0]["settlements"] += 1
    state["config"]["target"] = 30  # set below: one point short before the camel
    from companion.engine.game import ruleset
    rules = ruleset(state)
    game.city_then_end()
    state = game.state
    state["config"]["target"] = rules.vp_total(state, 0) + 1
    for s in range(3):
        if s == 0:
            game.give(0, wool=1)
        game.act("camel_bid", actor={"seat": s}, cards={"wool": 1} if s == 0 else {})
    game.act("place_camel", actor={"seat": 0}, edge=second)
    assert game.state["winner"] == 0 and game.state["phase"] == "finished"


def test_vp_and_target():
    game = Game()
    assert game.state["config"]["target"] == 12
    assert view(game.state, "table")["caravans"]["vp"] == [0, 0, 0]
    assert "set_oasis" not in allowed_actions(game.state, T)
