"""Traders & Barbarians ("Kupcy i Barbarzyńcy"): layers/traders_barbarians_scenarios/traders_barbarians/rules.py.

From /work/shared/rulebooks/traders-and-barbarians-pl.txt: three targets (castle, quarry,
glassworks) replace the desert, one fields and one pasture hex, tokens 2 and 12 are out;
everyone starts with 5 gold; setup a settlement then a city, the wagon at the city; 4
movement points at level 1; a path costs 2, one's own road 1, an opponent's road 1 + 1 gold
to its owner, a barbarian 2 more (path + barbarian = 4, road + barbarian = 3); 1 grain (once
a turn) = 2 more points; the first visit takes a goods token and earns nothing; a delivery
is 1 point and gold by the wagon card (1 to 5), then a new token; level 5 is 1 point; from
level 2 a die roll of the card's number chases a barbarian; a 7 moves a barbarian and steals
from the road's owner; 2 and 12 are rolled again; no Longest Road; 13 points win.

The board: the first-game picture with the targets on three corner hexes (castle on "0,-2",
quarry on "-2,0", glassworks on "0,2"), the hexes they replace moved to where the 2, the 12
and the desert were; three barbarians on inland paths.
"""
import pytest

from companion import layers as registry
from companion.engine import IllegalAction
from companion.engine.game import new_game
from companion.layers.traders_barbarians_scenarios.traders_barbarians import rules as tb
from companion.machinery import board as boards
from tests.engine.played import Played

T = {"role": "table"}
G = boards.geometry("base")
NAMES = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white"), ("Darek", "orange")]
CASTLE, QUARRY, GLASSWORKS = "0,-2", "-2,0", "0,2"
BARBARIANS = [G.hex_edges["0,0"][0], G.hex_edges["1,0"][2], G.hex_edges["-1,1"][4]]


@pytest.fixture(autouse=True, scope="module")
def registered():
    assert tb.LAYER in registry.LAYERS
    yield


def tb_layout(barbarians=BARBARIANS):
    layout = boards.beginner_board()
    hexes = {k: dict(v) for k, v in layout["hexes"].items()}
    for corner, other, target in ((CASTLE, "1,-2", "castle"), (QUARRY, "-1,-1", "quarry"),
                                  (GLASSWORKS, "0,0", "glassworks")):
        hexes[other] = hexes[corner]
        hexes[corner] = {"terrain": target, "number": None}
    return {**layout, "hexes": hexes, "robber": None,
            "features": {tb.NAME: {"barbarians": list(barbarians)}}}


def config(players=3, play_mode="hands", **more):
    if isinstance(players, int):
        players = [{"name": n, "color": col} for n, col in NAMES[:players]]
    c = {"players": players, "board": "random",
         "play_mode": play_mode, "dice_source": "typed", "scenario": tb.NAME, "target": tb.TARGET,
         "board_layout": tb_layout()}
    c.update(more)
    return c


def corner_of(*hexes):
    return next(c for c, hs in G.corner_hexes.items() if set(hs) == set(hexes))


def edge_between(a, b):
    return next(e for e, cs in G.edge_corners.items() if set(cs) == {a, b})


def answer_questions(game) -> None:
    """The table's answers before play (the deck's mix, the wagon cards' numbers), accepted as
    the app shows them: the first roll waits for both (base.open_questions)."""
    game.act("set_dev_deck", **game.state["dev_deck"])
    game.act("set_wagon_cards")


class Game(Played):
    def __init__(self, seed=5, answered=True, **kw):
        super().__init__(config(**kw), seed)
        if answered and self.state["phase"] != "board":
            answer_questions(self)

    def to_main(self, dice=(3, 2)):
        self.act("roll", dice=list(dice))
        assert self.state["phase"] == "main"

    def wagon(self, seat):
        return self.state[tb.NAME]["wagons"][seat]

    def put(self, seat, node):
        self.state[tb.NAME]["wagons"][seat]["at"] = node

    def gold(self, seat):
        return self.state["gold"]["held"][seat]

    def move(self, to, seat=None):
        seat = self.state["turn"]["seat"] if seat is None else seat
        return self.act("move_wagon", actor={"seat": seat}, to=to)


# ---------------------------------------------------------------- the board and the start


def test_the_board_set_three_targets_no_desert_no_2_or_12():
    expected = tb.board_set(None, "base", boards.expected_set("base"))
    assert "desert" not in expected["terrains"]
    assert expected["terrains"]["fields"] == 3 and expected["terrains"]["pasture"] == 3
    assert all(expected["terrains"][t] == 1 for t in tb.TARGETS)
    assert expected["tokens"][2] == 0 and expected["tokens"][12] == 0
    assert sum(expected["tokens"].values()) == 16
    assert expected["untokened"] == set(tb.TARGETS)
    assert boards.validate_board(tb_layout(), expected) == []
    assert tb.check_board(None, tb_layout()) == []


def test_targets_face_the_sea_with_three_sides_and_three_barbarians():
    layout = tb_layout()
    hexes = dict(layout["hexes"])
    hexes["1,-2"], hexes[CASTLE] = hexes[CASTLE], hexes["1,-2"]  # the castle inland
    assert ("tb_target_coast", {"hex": "1,-2"}) in tb.check_board(None, {**layout, "hexes": hexes})
    assert tb.check_board(None, tb_layout(BARBARIANS[:2]))[0][0] == "tb_barbarians_count"


def test_random_boards_are_refused_the_board_is_entered_by_hand():
    layout = boards.beginner_board()
    with pytest.raises(IllegalAction) as info:
        tb.lay_out(None, layout, None)
    assert info.value.code == "tb_manual_board"
    with pytest.raises(IllegalAction) as info:
        new_game(config(board_layout=tb_layout([])))
    assert info.value.code == "board_layout" and info.value.params["problem"] == "tb_barbarians_count"
    with pytest.raises(IllegalAction) as info:
        new_game(config(players=[{"name": f"P{i}", "color": c} for i, c in
                                 enumerate(("red", "blue", "white", "orange", "green"))]))
    assert info.value.code in ("tb_players", "board_frame")


def test_manual_board_barbarians_tapped_in_the_editor():
    layout = tb_layout()
    frame = boards.get_frame("base")
    blank = boards.empty_board("base")
    blank["harbours"] = dict(zip(frame.harbour_edges, frame.harbour_types))
    blank = tb.lay_out(None, blank, None)
    assert blank["features"][tb.NAME] == {"barbarians": []}
    game = Played(config(board="manual", board_layout=blank))
    assert game.state["phase"] == "board"
    for h, cell in layout["hexes"].items():
        game.act("edit_hex", hex=h, terrain=cell["terrain"], number=cell["number"] or "")
    for e, kind in layout["harbours"].items():
        game.act("edit_harbour", edge=e, harbour=kind)
    assert game.refused("board_done") == "board_incomplete"
    assert set(game.targets()["tb_start"]) == set(G.edges)
    for e in BARBARIANS:
        game.act("set_barbarian", edge=e)
    game.act("set_barbarian", edge=BARBARIANS[0])  # tapped again: taken off
    assert game.refused("board_done") == "board_incomplete"
    game.act("set_barbarian", edge=BARBARIANS[0])
    assert game.refused("set_barbarian", edge=G.hex_edges["1,1"][0]) == "tb_barbarians_count"
    game.act("board_done")
    assert game.state["phase"] == "setup"
    assert sorted(game.state[tb.NAME]["barbarians"]) == sorted(BARBARIANS)


def test_five_gold_each_no_robber_city_in_the_second_round_wagon_beside_it():
    game = Game()
    assert game.state["gold"]["held"] == [5, 5, 5]
    assert game.state["board"]["robber"] is None
    game.setup()
    cities = game.state["board"]["pieces"]["cities"]
    assert len(cities) == 3 and len(game.state["board"]["pieces"]["settlements"]) == 3
    for corner, seat in cities.items():
        assert game.wagon(seat)["at"] == corner
    # the city pays one card per hex, as a settlement would
    for seat in range(3):
        assert sum(game.state["players"][seat]["hand"].values()) <= 3


def test_no_road_on_a_targets_sea_sides():
    game = Game()
    game.setup()
    closed = tb.road_closed(None, game.state)
    assert closed == {e for h in (CASTLE, QUARRY, GLASSWORKS) for e in tb.sea_sides(game.state["board"]["layout"], h)}
    assert len(closed) == 9


# ---------------------------------------------------------------- moving


def moving_game():
    """Ala (seat 0) in her main phase, her wagon moved to an inland corner."""
    game = Game()
    game.setup()
    game.to_main()
    return game


def test_a_path_costs_two_own_road_one_opponents_road_one_and_a_gold():
    game = moving_game()
    a, b, c = corner_of("0,-1", "1,-1", "1,-2"), corner_of("0,-1", "1,-2", "0,-2"), corner_of("0,-1", "-1,-1", "0,-2")
    # a path without a road: 2 points
    game.put(0, a)
    game.move(b)
    assert game.wagon(0)["at"] == b and tb.mp_left(game.state, 0) == 2
    roads = game.state["board"]["pieces"]["roads"]
    roads[edge_between(b, c)] = 0  # her own road: 1 point
    game.move(c)
    assert tb.mp_left(game.state, 0) == 1
    game.state["board"]["pieces"]["roads"][edge_between(c, corner_of("0,-1", "-1,-1", "-1,0"))] = 1  # Bartek's road: 1 point + 1 gold
    game.move(corner_of("0,-1", "-1,-1", "-1,0"))
    assert tb.mp_left(game.state, 0) == 0
    assert game.gold(0) == 4 and game.gold(1) == 6
    assert game.state[tb.NAME]["tolls"] == [0, 1, 0]
    # no points left: nothing more
    assert game.refused("move_wagon", actor={"seat": 0}, to=c) == "tb_no_points"
    assert tb.moves(game.state, 0) == {}


def test_no_gold_no_passage_along_an_opponents_road():
    game = moving_game()
    a, b = corner_of("0,-1", "1,-1", "1,-2"), corner_of("0,-1", "1,-2", "0,-2")
    game.put(0, a)
    game.state["board"]["pieces"]["roads"][edge_between(a, b)] = 2
    game.state["gold"]["held"][0] = 0
    assert b not in tb.moves(game.state, 0)
    assert game.refused("move_wagon", actor={"seat": 0}, to=b) == "not_enough_gold"


def test_barbarians_cost_two_more_path_4_road_3():
    game = moving_game()
    edge = BARBARIANS[0]
    a, b = G.edge_corners[edge]
    game.put(0, a)
    assert tb.step_cost(game.state, 0, edge) == (4, None)
    game.move(b)
    assert tb.mp_left(game.state, 0) == 0
    game.state["board"]["pieces"]["roads"][edge] = 0
    assert tb.step_cost(game.state, 0, edge) == (3, None)


def test_one_grain_once_a_turn_two_more_points_even_after_moving():
    game = moving_game()
    game.give(0, grain=2)
    grain = game.state["players"][0]["hand"]["grain"]
    a, b = corner_of("0,-1", "1,-1", "1,-2"), corner_of("0,-1", "1,-2", "0,-2")
    game.put(0, a)
    game.move(b)
    game.move(a)
    assert tb.mp_left(game.state, 0) == 0
    game.act("wagon_grain", actor={"seat": 0})
    assert tb.mp_left(game.state, 0) == 2
    assert game.state["players"][0]["hand"]["grain"] == grain - 1
    assert game.refused("wagon_grain", actor={"seat": 0}) == "tb_grain_used"
    game.move(b)
    # unused points are lost: the next turn starts with the card's 4
    game.act("end_turn", actor={"seat": 0})
    assert tb.mp_left(game.state, 0) == 4


def test_only_the_active_player_after_the_roll():
    game = Game()
    game.setup()
    assert game.refused("move_wagon", actor={"seat": 0}, to="x") != ""
    game.to_main()
    assert game.refused("move_wagon", actor={"seat": 1}, to="x") != ""


# ---------------------------------------------------------------- goods and deliveries


def test_first_visit_takes_a_token_and_earns_nothing_delivery_pays_vp_and_gold():
    game = moving_game()
    spoke = tb.spokes(game.state["board"]["layout"], QUARRY)
    assert len(spoke) == 4
    game.put(0, spoke[0])
    vp = game.state and tb.extra_vp(None, game.state, 0)
    game.move(QUARRY)
    w = game.wagon(0)
    assert w["cargo"] in ("sand", "marble") and w["source"] == "quarry"
    assert game.gold(0) == 5 and tb.extra_vp(None, game.state, 0) == vp == 0
    stack = game.state[tb.NAME]["stacks"]["quarry"]
    assert sum(stack.values()) == 11
    # carry it where it is needed
    good = w["cargo"]
    target = tb.NEEDS[good]
    hex_ = {"castle": CASTLE, "glassworks": GLASSWORKS}[target]
    game.act("end_turn", actor={"seat": 0})
    for seat in (1, 2):
        game.to_main()
        game.act("end_turn", actor={"seat": seat})
    game.to_main()
    game.put(0, tb.spokes(game.state["board"]["layout"], hex_)[0])
    game.move(hex_)
    assert w is not game.wagon(0) or True
    w = game.wagon(0)
    assert w["delivered"] == [good]
    assert game.gold(0) == 5 + 1  # level 1: 1 gold
    assert tb.extra_vp(None, game.state, 0) == 1
    assert w["cargo"] in tb.PRODUCES[target] and w["source"] == target
    assert [e["kind"] for e in game.state["log"]][-4:] == ["tb_wagon_moved", "tb_delivered", "gold_earned",
                                                           "tb_goods_taken"]


def test_goods_for_another_target_stay_on_the_wagon():
    game = moving_game()
    w = game.wagon(0)
    w["cargo"], w["source"] = "tools", "castle"  # tools go to the quarry
    game.put(0, tb.spokes(game.state["board"]["layout"], GLASSWORKS)[0])
    game.move(GLASSWORKS)
    assert game.wagon(0)["cargo"] == "tools" and game.wagon(0)["delivered"] == []


def test_the_goods_and_where_they_go():
    assert tb.NEEDS == {"glass": "castle", "marble": "castle", "tools": "quarry", "sand": "glassworks"}
    for target, goods in tb.PRODUCES.items():
        assert all(tb.NEEDS[g] != target for g in goods)
    assert sum(n for t in tb.TARGETS for n in [tb.TOKENS_PER_GOOD * 2]) == 36


# ---------------------------------------------------------------- the wagon card


def test_upgrades_pay_the_next_card_level_5_is_a_point_delivery_gold_follows_the_card():
    game = moving_game()
    assert tb.WAGON_CARDS[1]["mp"] == 4 and tb.WAGON_CARDS[2] == {**tb.WAGON_CARDS[2], "mp": 5, "gold": 2,
                                                                     "chase": (6,)}
    assert [tb.WAGON_CARDS[level]["gold"] for level in range(1, 6)] == [1, 2, 3, 4, 5]
    for level in range(2, 6):
        game.wagon(0)["moved"] = False
        game.give(0, **tb.WAGON_CARDS[level]["cost"])
        game.act("upgrade_wagon", actor={"seat": 0})
        assert game.wagon(0)["level"] == level
    assert game.state["players"][0]["hand"] == {**game.state["players"][0]["hand"]}
    assert tb.vp_sources(None, game.state, 0) == {"tb_deliveries": 0, "tb_wagon": 1}
    assert game.refused("upgrade_wagon", actor={"seat": 0}) == "tb_top_level"


def test_an_upgrade_needs_the_cards():
    game = moving_game()
    for r in game.state["players"][0]["hand"]:
        game.state["bank"][r] += game.state["players"][0]["hand"][r]
        game.state["players"][0]["hand"][r] = 0
    assert game.refused("upgrade_wagon", actor={"seat": 0}) == "cannot_afford"
    assert game.refused("upgrade_wagon") == "build_on_phone"


# ---------------------------------------------------------------- barbarians


def test_chasing_from_level_2_with_the_cards_number():
    game = moving_game()
    edge = BARBARIANS[0]
    a, _ = G.edge_corners[edge]
    game.put(0, a)
    assert game.refused("chase_barbarian", actor={"seat": 0}, edge=edge, die=6) == "tb_chase_level"
    game.wagon(0)["level"] = 2
    game.act("chase_barbarian", actor={"seat": 0}, edge=edge, die=5)  # misses
    assert game.state["phase"] == "main"
    assert game.refused("chase_barbarian", actor={"seat": 0}, edge=edge, die=6) == "tb_chase_tried"
    game.act("end_turn", actor={"seat": 0})
    for seat in (1, 2):
        game.to_main()
        game.act("end_turn", actor={"seat": seat})
    game.to_main()
    game.put(0, a)
    game.act("chase_barbarian", actor={"seat": 0}, edge=edge, die=6)
    assert game.state["phase"] == tb.BARB
    assert game.refused("move_barbarian", actor={"seat": 0}, edge=BARBARIANS[1]) == "tb_path_taken"
    new = G.hex_edges["1,1"][3]
    game.state["board"]["pieces"]["roads"][new] = 1
    hand = dict(game.state["players"][1]["hand"])
    game.act("move_barbarian", actor={"seat": 0}, edge=new)
    assert game.state["phase"] == "main"
    assert new in game.state[tb.NAME]["barbarians"] and edge not in game.state[tb.NAME]["barbarians"]
    assert game.state["players"][1]["hand"] == hand  # chasing steals nothing


def test_a_seven_moves_a_barbarian_and_steals_from_the_roads_owner():
    game = Game()
    game.setup()
    for seat in range(3):
        for r in ("grain", "ore", "wool", "lumber", "brick"):
            game.state["bank"][r] += game.state["players"][seat]["hand"][r]
            game.state["players"][seat]["hand"][r] = 0
    game.give(1, ore=2)
    game.act("roll", dice=[3, 4])
    assert game.state["phase"] == tb.BARB
    assert set(game.targets()) == {"tb_pick"}
    game.act("pick_barbarian", edge=BARBARIANS[0])
    assert BARBARIANS[1] not in game.targets()["tb_barbarian"]
    road = next(e for e, s in game.state["board"]["pieces"]["roads"].items() if s == 1)
    game.act("move_barbarian", actor={"seat": 0}, edge=road)
    assert game.state["phase"] == "main"
    assert game.state["players"][1]["hand"]["ore"] == 1 and game.state["players"][0]["hand"]["ore"] == 1
    assert game.gold(1) == 5  # gold is never stolen


def test_two_and_twelve_are_rolled_again():
    game = Game()
    game.setup()
    assert game.refused("roll", dice=[1, 1]) == "tb_reroll"
    assert game.refused("roll", dice=[6, 6]) == "tb_reroll"
    for seed in range(40):  # the server's dice never give 2 or 12
        g = Game(seed=seed, dice_source="virtual")
        g.setup()
        g.act("roll")
        assert g.state["last_roll"]["total"] not in (2, 12)


def test_no_longest_road():
    game = moving_game()
    roads = game.state["board"]["pieces"]["roads"]
    path = [corner_of("0,-1", "1,-1", "1,-2"), corner_of("0,-1", "1,-2", "0,-2"), corner_of("0,-1", "-1,-1", "0,-2"),
            corner_of("0,-1", "-1,-1", "-1,0"), corner_of("0,-1", "-1,0", "0,0"), corner_of("0,-1", "0,0", "1,-1")]
    for a, b in zip(path, path[1:]):
        roads.setdefault(edge_between(a, b), 0)
    assert tb.road_weights(None, game.state)[edge_between(path[0], path[1])] == 0
    assert boards.longest_road(game.state["board"]["layout"], game.state["board"]["pieces"], 0,
                               tb.road_weights(None, game.state)) == 0


def test_thirteen_points_win():
    game = moving_game()
    assert game.state["config"]["target"] == 13
    w = game.wagon(0)
    w["delivered"] = ["glass"] * 9
    w["cargo"], w["source"] = "glass", "glassworks"
    game.put(0, tb.spokes(game.state["board"]["layout"], CASTLE)[0])
    # a settlement and a city: 3 + 9 deliveries = 12; the delivery makes 13
    game.move(CASTLE)
    assert game.state["phase"] == "finished" and game.state["winner"] == 0


# ---------------------------------------------------------------- driving a wagon (also for the web tests)


def route(state, seat, goal):
    """The shortest step list (by paths) from the seat's wagon to `goal`."""
    layout = state["board"]["layout"]
    start = state[tb.NAME]["wagons"][seat]["at"]
    back, frontier = {start: None}, [start]
    while frontier:
        nxt = []
        for node in frontier:
            for other, _ in tb.neighbours(layout, node):
                if other not in back:
                    back[other] = node
                    nxt.append(other)
        frontier = nxt
    path, node = [], goal
    while node != start:
        path.append(node)
        node = back[node]
    return path[::-1]


def goal_of(state, seat):
    """Where the seat's wagon should go: the target its goods need, else the nearest target."""
    w = state[tb.NAME]["wagons"][seat]
    targets = tb.target_hexes(state["board"]["layout"])
    if w["cargo"]:
        return targets[tb.NEEDS[w["cargo"]]]
    return min(targets.values(), key=lambda h: len(route(state, seat, h)))


def drive(state, seat, act):
    """Move the seat's wagon toward its goal as far as its points go this turn."""
    while True:
        steps = route(state, seat, goal_of(state, seat))
        if not steps or steps[0] not in tb.moves(state, seat):
            return state
        state = act(steps[0])


def test_a_wagon_driven_turn_after_turn_delivers():
    game = Game()
    game.setup()
    for _ in range(40):
        seat = game.state["turn"]["seat"]
        game.to_main()
        if seat == 0:
            drive(game.state, 0, lambda to: (game.move(to), game.state)[1])
        if game.wagon(0)["delivered"]:
            break
        game.act("end_turn", actor={"seat": seat})
    assert len(game.wagon(0)["delivered"]) == 1
    assert game.gold(0) >= 5 - 5 + 1


def test_no_settlement_on_a_targets_corners_that_only_the_sea_touches():
    game = Game()
    sea = tb.sea_corners(game.state["board"]["layout"])
    assert len(sea) == 6  # two at each target
    assert not sea & set(game.targets()["settlement"])
    assert game.refused("place_settlement", corner=sorted(sea)[0]) == "tb_target_corner"


def test_after_the_wagon_moved_no_more_building_or_trading_this_turn():
    game = moving_game()
    game.give(0, brick=1, lumber=1, grain=5)
    a, b = corner_of("0,-1", "1,-1", "1,-2"), corner_of("0,-1", "1,-2", "0,-2")
    game.put(0, a)
    game.move(b)
    road = game.targets(0)["road"][0] if game.targets(0).get("road") else G.edges[0]
    assert game.refused("build_road", actor={"seat": 0}, edge=road) == "tb_after_moving"
    assert game.refused("trade_bank", actor={"seat": 0}, give="grain", get="ore") == "tb_after_moving"
    assert game.refused("upgrade_wagon", actor={"seat": 0}) == "tb_after_moving"
    game.act("wagon_grain", actor={"seat": 0})  # the grain still may be given


def test_the_table_confirms_the_25_development_cards_before_the_first_roll():
    game = Game(answered=False)
    assert sum(game.state["dev_deck"].values()) == 25
    assert tb.questions(None, game.state) == ["tb_dev_deck", "tb_wagon_cards"]
    assert game.refused("set_dev_deck", knight=14, victory_point=5, monopoly=2, road_building=2,
                        year_of_plenty=3) == "tb_deck_size"
    assert game.refused("set_dev_deck", knight=-1) == "tb_bad_deck"
    game.act("set_dev_deck", knight=15, victory_point=4, monopoly=2, road_building=2, year_of_plenty=2)
    assert game.state["dev_deck"]["knight"] == 15
    assert game.state["log"][-1]["kind"] == "tb_dev_deck"
    assert game.state["log"][-1]["params"]["as_shown"] is False
    assert tb.questions(None, game.state) == ["tb_wagon_cards"]
    assert game.refused("set_dev_deck", knight=15, victory_point=4, monopoly=2, road_building=2,
                        year_of_plenty=2) == "nothing_changes"
    game.setup()
    # The first roll waits for the wagon cards; until it, the deck may still change.
    assert game.refused("roll", dice=[3, 2]) == "questions_first"
    game.act("set_dev_deck", knight=14, victory_point=5, monopoly=2, road_building=2, year_of_plenty=2)
    game.act("set_wagon_cards")
    game.to_main()
    assert game.refused("set_dev_deck", knight=15, victory_point=4, monopoly=2, road_building=2,
                        year_of_plenty=2) == "wrong_phase"
    assert tb.answers(None, game.state) == [
        {"kind": "tb_dev_deck", "seat": None, "params": {**tb_base_deck(), "as_shown": False}},
        {"kind": "tb_wagon_cards", "seat": None, "params": {"cards": tb.default_cards(), "as_shown": True}}]


def tb_base_deck():
    return {"knight": 14, "victory_point": 5, "monopoly": 2, "road_building": 2, "year_of_plenty": 2}


def test_a_knight_moves_a_barbarian():
    game = moving_game()
    game.state["players"][0]["dev_hand"].append({"card": "knight", "turn": 0})
    game.act("play_dev", actor={"seat": 0}, card="knight")
    assert game.state["phase"] == tb.BARB and game.state[tb.NAME]["move"]["why"] == tb.KNIGHT
    game.act("pick_barbarian", actor={"seat": 0}, edge=BARBARIANS[0])
    game.act("move_barbarian", actor={"seat": 0}, edge=G.hex_edges["1,1"][3])
    assert game.state["phase"] == "main"


# ---------------------------------------------------------------- the table's wagon cards


def test_the_table_confirms_or_enters_its_wagon_cards_and_play_follows_them():
    """The cards' numbers are printed only: the app's WAGON_CARDS are the defaults, the table's win."""
    import json

    from companion.engine import fold

    game = Game(answered=False)
    assert game.state[tb.NAME]["wagon_cards"] == tb.default_cards()
    assert not game.state[tb.NAME]["cards_confirmed"]
    game.act("set_wagon_cards", tb_gold_1="3", tb_mp_2="7", tb_chase_2="4", tb_cost_2_brick="2",
             tb_cost_2_wool="0", tb_cost_2_grain="0", tb_cost_2_ore=0)
    cards = game.state[tb.NAME]["wagon_cards"]
    assert cards[0] == {**tb.default_cards()[0], "gold": 3}
    assert cards[1] == {"mp": 7, "gold": 2, "chase": [4], "cost": {"brick": 2}}
    assert cards[2:] == tb.default_cards()[2:]
    assert game.state[tb.NAME]["cards_confirmed"] and game.state["log"][-1]["kind"] == "tb_wagon_cards"
    game.act("set_dev_deck", **game.state["dev_deck"])  # the deck as shown: the other question
    game.setup()
    game.to_main()
    assert tb.mp_left(game.state, 0) == 4
    # an ordinary action: the replay gives the live state, undo takes the cards back
    replayed, _ = fold(json.loads(json.dumps(game.config)), json.loads(json.dumps(game.records)))
    assert replayed == game.state
    undone, _ = fold(game.config, game.records[:1] + [{"seq": len(game.records) + 1, "kind": "undo", "target": 1}])
    assert undone[tb.NAME]["wagon_cards"] == tb.default_cards()
    # delivery gold: the entered 3 at level 1
    w = game.wagon(0)
    w["cargo"], w["source"] = "tools", "castle"
    game.put(0, tb.spokes(game.state["board"]["layout"], QUARRY)[0])
    gold_before = game.gold(0)
    game.move(QUARRY)
    assert game.gold(0) == gold_before + 3
    # the upgrade costs the entered 2 brick, level 2 moves 7
    game.act("end_turn", actor={"seat": 0})
    for seat in (1, 2):
        game.to_main()
        game.act("end_turn", actor={"seat": seat})
    game.to_main()
    hand = dict(game.state["players"][0]["hand"])
    game.give(0, brick=2)
    game.act("upgrade_wagon", actor={"seat": 0})
    assert game.wagon(0)["level"] == 2 and game.state["players"][0]["hand"] == hand
    assert tb.mp_left(game.state, 0) == 7
    view = game.state and tb.public_view(None, game.state)[1]
    assert view["wagons"][0]["mp"] == 7 and view["wagons"][0]["chase"] == [4]
    # the chase: 4 chases now (6, the default's number, would not)
    edge = BARBARIANS[0]
    game.put(0, G.edge_corners[edge][0])
    game.act("chase_barbarian", actor={"seat": 0}, edge=edge, die=4)
    assert game.state["phase"] == tb.BARB


def test_confirming_the_defaults_and_the_cards_are_fixed_after_the_first_roll():
    game = Game(answered=False)
    game.act("set_dev_deck", **game.state["dev_deck"])
    game.act("set_wagon_cards")
    assert game.state[tb.NAME]["wagon_cards"] == tb.default_cards() and game.state[tb.NAME]["cards_confirmed"]
    # the example card of the rulebook (5 points, 2 gold, chase on 6) is allowed
    game.act("set_wagon_cards", tb_mp_2=5, tb_gold_2=2, tb_chase_2="6")
    game.setup()
    game.to_main()
    assert game.refused("set_wagon_cards", tb_gold_2=3) != ""


@pytest.mark.parametrize("args, code", [
    ({"tb_mp_1": 5}, "tb_first_wagon_mp"),
    ({"tb_mp_3": 0}, "tb_bad_wagon_mp"),
    ({"tb_mp_3": 13}, "tb_bad_wagon_mp"),
    ({"tb_mp_3": "x"}, "tb_bad_wagon_mp"),
    ({"tb_mp_3": 2.5}, "tb_bad_wagon_mp"),
    ({"tb_gold_2": -1}, "tb_bad_wagon_gold"),
    ({"tb_gold_2": 10}, "tb_bad_wagon_gold"),
    ({"tb_chase_4": "7"}, "tb_bad_wagon_chase"),
    ({"tb_chase_4": "0, 6"}, "tb_bad_wagon_chase"),
    ({"tb_chase_4": "a"}, "tb_bad_wagon_chase"),
    ({"tb_chase_4": 5}, "tb_bad_wagon_chase"),
    ({"tb_cost_5_ore": 6}, "tb_bad_wagon_cost"),
    ({"tb_cost_5_ore": -1}, "tb_bad_wagon_cost"),
    ({"tb_cost_5_brick": "two"}, "tb_bad_wagon_cost"),
])
def test_bad_wagon_card_values_are_refused(args, code):
    game = Game()
    assert game.refused("set_wagon_cards", **args) == code
    assert game.refused("set_wagon_cards", actor={"seat": 0}, **args) != ""


def test_the_wagon_card_refusals_have_english_and_polish_texts():
    from django.utils import translation

    from companion.layers.traders_barbarians_scenarios.traders_barbarians.messages import refusal

    codes = {"tb_first_wagon_mp": {"mp": 4}, "tb_bad_wagon_mp": {"level": 3}, "tb_bad_wagon_gold": {"level": 2},
             "tb_bad_wagon_chase": {"level": 4}, "tb_bad_wagon_cost": {"level": 5}}
    for lang in ("en", "pl"):
        with translation.override(lang):
            texts = {c: refusal(IllegalAction(c, **p)) for c, p in codes.items()}
        assert all(texts.values()) and len(set(texts.values())) == len(codes)
        if lang == "pl":
            assert "Karta wozu poziomu 3" in texts["tb_bad_wagon_mp"]
        else:
            assert "level 3" in texts["tb_bad_wagon_mp"]


# ---------------------------------------------------------------- roads into a target's centre


def test_roads_may_be_built_on_the_four_paths_into_a_targets_centre():
    """The rulebook: four paths lead to a target's building, roads are built on them by the
    usual rules; a wagon pays for them as for any road."""
    game = Game()
    layout = tb_layout()
    quarry_spokes = tb.spokes(layout, QUARRY)
    assert len(tb.all_spokes(layout)) == 12 and len(quarry_spokes) == 4
    corner = quarry_spokes[0]
    game.setup(corners=[corner])  # Ala's first settlement on a corner of the quarry
    game.to_main()
    spoke = tb.spoke_id(corner, QUARRY)
    assert spoke in tb.spoke_targets(game.state, 0)
    assert spoke not in tb.spoke_targets(game.state, 1)  # not joined to Bartek's network
    assert game.refused("build_road", actor={"seat": 1}, edge=spoke) in ("not_your_turn", "build_on_phone", "not_active")
    game.give(0, lumber=1, brick=1)
    assert spoke in game.targets(0)["tb_spoke"]
    hand = dict(game.state["players"][0]["hand"])
    roads = game.state["players"][0]["roads"]
    game.act("build_road", actor={"seat": 0}, edge=spoke)
    assert game.state[tb.NAME]["spokes"] == {spoke: 0}
    assert game.state["players"][0]["roads"] == roads + 1
    assert game.state["players"][0]["hand"]["lumber"] == hand["lumber"] - 1
    assert game.refused("build_road", actor={"seat": 0}, edge=spoke) == "tb_spoke_not_open"
    # through the centre the other three paths join Ala's network
    open_now = {s for s in tb.spoke_targets(game.state, 0) if tb.spoke_ends(s)[1] == QUARRY}
    assert open_now == {tb.spoke_id(c, QUARRY) for c in quarry_spokes[1:]}
    # the wagon: 1 point along her own road into the quarry, 2 along a path without one
    assert tb.step_cost(game.state, 0, spoke) == (1, None)
    assert tb.step_cost(game.state, 0, tb.spoke_id(quarry_spokes[1], QUARRY)) == (2, None)
    assert tb.step_cost(game.state, 1, spoke) == (1, 0)  # Bartek pays Ala the toll
    game.put(0, corner)
    game.move(QUARRY)
    assert tb.mp_left(game.state, 0) == 3 and game.wagon(0)["cargo"] in tb.PRODUCES["quarry"]
    # after the wagon moved: no more building this turn
    game.give(0, lumber=1, brick=1)
    assert game.refused("build_road", actor={"seat": 0}, edge=tb.spoke_id(quarry_spokes[1], QUARRY)) \
        == "tb_after_moving"
    assert "tb_spoke" not in game.targets(0)


def test_a_spoke_road_needs_the_cards_and_a_joined_network():
    game = moving_game()
    layout = game.state["board"]["layout"]
    far = next(s for s in tb.all_spokes(layout) if s not in tb.spoke_targets(game.state, 0))
    game.give(0, lumber=1, brick=1)
    assert game.refused("build_road", actor={"seat": 0}, edge=far) == "tb_spoke_not_open"
    assert game.refused("build_road", actor={"seat": 0}, edge="nowhere>0,0") == "tb_spoke_not_open"
