"""Fishermen of Catan (Traders & Barbarians, "RYBACY Z CATANU"): layers/traders_barbarians_scenarios/fishermen/rules.py.

From /work/shared/rulebooks/traders-and-barbarians-pl.txt: a lake for the desert (not on the
coast) with fish on 2, 3, 11, 12; six fishing grounds 4, 5, 6, 8, 9, 10 on the frame, each
touching 3 coastal intersections; 29 fish tokens (11 x 1, 10 x 2, 8 x 3) and the old boot,
face down; a settlement by the water takes 1 token on its number, a city 2, the second setup
settlement 1 at once; 2 fish the robber off the board, 3 steal a resource, 4 a resource from
the bank, 5 a free road, 7 a free development card, no change; at most 7 tokens; the old boot
needs 1 point more to win and passes to a player with as many points or more; the robber
starts beside the board. With Catan for two: 5 tokens each (2 x 1, 2 x 2, 1 x 3), no trade
tokens, 1 fish less for the player behind, fish only from rolls.

The board: the first-game picture's terrain and numbers with the lake on the desert ("0,0",
in the middle), the fishing grounds on the six places of the frame where they may lie.
"""
import copy
import json

import pytest

from companion.engine import TABLE, Chance, IllegalAction, apply, seeded_secret, view
from companion.engine.game import new_game, ruleset
from companion.layers.cores.base import rules as base
from companion.layers.traders_barbarians_scenarios.fishermen import rules as fish
from companion.machinery import board as boards
from tests.engine.played import Played


T = {"role": "table"}
G = boards.geometry("base")
LAKE = "0,0"


def lake_layout() -> dict:
    layout = boards.beginner_board()
    layout["hexes"][LAKE] = {"terrain": "lake", "number": None}
    layout["robber"] = None
    spots = fish.ground_spots(layout)
    layout["features"] = {"fishermen": {"grounds": dict(zip(spots, fish.GROUND_NUMBERS))}}
    return layout


LAYOUT = lake_layout()
GROUNDS = LAYOUT["features"]["fishermen"]["grounds"]
SEA_OF = {n: s for s, n in GROUNDS.items()}
PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "white"}]


def config(play_mode="hands", players=3, two=False, layout=None, **extra):
    c = {"players": copy.deepcopy(PLAYERS[:players]), "scenario": "fishermen", "target": 10, "board": "random",
         "play_mode": play_mode, "dice_source": "typed", "board_layout": copy.deepcopy(layout or LAYOUT), **extra}
    if two:
        c["variants"] = {"two_players": True}
    return c


class Game(Played):
    def __init__(self, seed=5, **kw):
        super().__init__(config(**kw), seed)

    def place(self, corners=()):
        """The setup rounds: settlements at the given corners, else the first legal ones."""
        for i in range(2 * len(self.state["players"])):
            corner = corners[i] if i < len(corners) else self.targets()["settlement"][0]
            self.act("place_settlement", corner=corner)
            self.act("place_road", edge=self.targets()["road"][0])
        assert self.state["phase"] == "roll"

    def hold(self, seat, tokens):
        """Give `seat` these tokens from the face-down pool (a test's shortcut)."""
        f = self.state["fish"]
        for t in f["held"][seat]:
            f["pool"][str(t)] += 1
        for t in tokens:
            f["pool"][str(t)] -= 1
        f["held"][seat] = sorted(tokens)


def ground_corners(number):
    return fish.sea_corners(LAYOUT, SEA_OF[number])


def far_corners(n=6):
    """Corners next to neither a fishing ground nor the lake, apart from each other."""
    chosen = []
    for c in G.corners:
        if fish.by_water(LAYOUT, c) or any(c == o or c in G.corner_corners[o] for o in chosen):
            continue
        chosen.append(c)
        if len(chosen) == n:
            return chosen
    raise AssertionError("not enough corners")


def conserved(state) -> int:
    return fish.counted(state)


# ---------------------------------------------------------------- the board


def test_six_places_for_fishing_grounds_on_the_standard_frame():
    spots = fish.ground_spots(LAYOUT)
    assert len(spots) == 6
    for s in spots:
        assert len(fish.sea_corners(LAYOUT, s)) == 3
        assert all(c in G.corners and len(G.corner_hexes[c]) < 3 for c in fish.sea_corners(LAYOUT, s))
    assert sorted(GROUNDS.values()) == [4, 5, 6, 8, 9, 10]


def test_a_new_game_the_lake_the_pool_and_the_robber_beside_the_board():
    game = Game()
    assert game.state["board"]["robber"] is None
    assert game.state["fish"]["pool"] == {"1": 11, "2": 10, "3": 8, "boot": 1}
    assert conserved(game.state) == 30
    part = view(game.state, TABLE)["fishermen"]
    assert part["pool"] == 30 and part["held"] == [0, 0, 0] and part["boot"] is None and part["robber_off"]
    assert part["lake"] == LAKE and part["grounds"] == GROUNDS and part["targets"] == [10, 10, 10]


def test_board_set_the_lake_for_the_desert():
    rules = ruleset({"config": config()})
    expected = rules.board_expected("base", boards.expected_set("base"))
    assert expected["terrains"]["lake"] == 1 and expected["terrains"]["desert"] == 0
    assert "lake" in expected["untokened"] and expected["robber_on"] is None
    assert base.layout_problems(rules, LAYOUT) == []


def test_a_lake_on_the_coast_or_grounds_out_of_place_are_refused():
    coast = copy.deepcopy(LAYOUT)
    edge_hex = next(h for h in G.hexes if len(G.hex_neighbours[h]) < 6)
    coast["hexes"][LAKE], coast["hexes"][edge_hex] = coast["hexes"][edge_hex], coast["hexes"][LAKE]
    with pytest.raises(IllegalAction) as info:
        new_game(config(layout=coast))
    assert info.value.code == "board_layout" and info.value.params["problem"] == "lake_on_coast"
    harbour_sea = next(p for e in LAYOUT["harbours"] for p in e.split("|") if p not in G.hex_corners)
    wrong = copy.deepcopy(LAYOUT)
    grounds = wrong["features"]["fishermen"]["grounds"]
    grounds[harbour_sea] = grounds.pop(SEA_OF[4])
    with pytest.raises(IllegalAction) as info:
        new_game(config(layout=wrong))
    assert info.value.params["problem"] == "fishing_ground_spot"
    five = copy.deepcopy(LAYOUT)
    del five["features"]["fishermen"]["grounds"][SEA_OF[10]]
    with pytest.raises(IllegalAction) as info:
        new_game(config(layout=five))
    assert info.value.params["problem"] == "fishing_grounds"


def test_lay_out_turns_a_random_board_into_the_scenarios():
    class Draws:
        def __init__(self):
            self.chance, self.n = Chance(seeded_secret(9)), 0

        def randint(self, n):
            self.n += 1
            return self.chance.randint("board", self.n, n)

    rules = ruleset({"config": config()})
    for _ in range(30):
        draws = Draws()
        layout = rules.lay_out(boards.random_board("base", draws), draws)
        assert base.layout_problems(rules, layout) == []
        assert layout["robber"] is None
    blank = rules.lay_out(boards.empty_board("base"), Draws())
    assert blank["features"]["fishermen"]["grounds"] == {}


def test_the_table_enters_fishing_grounds_by_hand():
    c = config(board="manual")
    blank = boards.empty_board("base")
    blank["harbours"] = dict(LAYOUT["harbours"])
    blank["features"] = {"fishermen": {"grounds": {}}}
    blank["robber"] = None
    c["board_layout"] = blank
    game = Game()
    game.config = c
    game.state = new_game(c)
    assert game.state["phase"] == "board"
    for h, cell in LAYOUT["hexes"].items():
        game.act("edit_hex", hex=h, terrain=cell["terrain"], number=cell["number"] or "")
    assert game.refused("board_done") == "board_incomplete"
    harbour_sea = next(p for e in LAYOUT["harbours"] for p in e.split("|") if p not in G.hex_corners)
    assert game.refused("set_fishing_ground", sea=harbour_sea, number=4) == "fishing_ground_spot"
    assert game.refused("set_fishing_ground", sea=SEA_OF[4], number=7) == "bad_fishing_ground"
    for sea, number in GROUNDS.items():
        game.act("set_fishing_ground", sea=sea, number=number)
    game.act("set_fishing_ground", sea=SEA_OF[4], number=5)  # the 5 moves here
    assert fish.grounds(game.state["board"]["layout"]).get(SEA_OF[5]) is None
    game.act("set_fishing_ground", sea=SEA_OF[5], number=5)
    game.act("set_fishing_ground", sea=SEA_OF[4], number=4)
    game.act("board_done")
    assert game.state["phase"] == "setup" and game.state["board"]["robber"] is None


def test_refused_without_a_board_with_five_players_and_with_cities_and_knights():
    with pytest.raises(IllegalAction) as info:
        new_game({**config(), "board": "none", "play_mode": "paper", "board_layout": None})
    assert info.value.code == "fishermen_needs_board"
    with pytest.raises(IllegalAction) as info:
        new_game({**config(), "rules": "cities_knights"})
    assert info.value.code == "fishermen_base_only"


# ---------------------------------------------------------------- catching fish


def test_the_second_setup_settlement_by_the_water_takes_one_token_at_once():
    game = Game()
    far = far_corners()
    by_ground = ground_corners(6)[1]
    game.place([far[0], far[1], far[2], by_ground, far[3], far[4]])
    # Celina's second settlement (the 4th placed: she goes twice in a row) is by the 6.
    assert len(game.state["fish"]["held"][2]) == 1 and game.state["fish"]["held"][:2] == [[], []]
    assert conserved(game.state) == 30
    line = next(e for e in game.state["log"] if e["kind"] == "fish_caught")
    assert line["params"] == {"count": 1, "due": 1, "reason": "setup", "boot": False} or line["params"]["boot"]
    # Only Celina's view shows the token's fish.
    assert view(game.state, 2)["fishermen"]["mine"]["tokens"] == game.state["fish"]["held"][2]
    for viewer in (TABLE, 0, 1):
        v = view(game.state, viewer)
        assert v["fishermen"]["held"][2] == 1 and (viewer == TABLE or v["fishermen"]["mine"]["tokens"] == [])
        logged = next(e for e in v["log"] if e["kind"] == "fish_caught")
        assert "tokens" not in logged["params"]


def test_a_first_setup_settlement_by_the_water_takes_nothing():
    game = Game()
    far = far_corners()
    game.place([ground_corners(6)[1], far[0], far[1], far[2], far[3], far[4]])
    assert game.state["fish"]["held"] == [[], [], []]


def played(game, corners=None):
    game.place(corners or far_corners())
    return game


def test_a_settlement_takes_one_token_a_city_two_on_the_grounds_number():
    game = played(Game())
    board = game.state["board"]["pieces"]
    a, b = ground_corners(8)[0], ground_corners(8)[2]
    board["settlements"][a] = 0
    board["cities"][b] = 1
    game.act("roll", dice=[4, 4])
    held = game.state["fish"]["held"]
    assert (len(held[0]), len(held[1]), len(held[2])) == (1, 2, 0) or game.state["fish"]["boot"] is not None
    assert conserved(game.state) == 30


def test_the_lake_yields_on_2_3_11_12_and_not_under_the_robber():
    game = played(Game())
    corner = G.hex_corners[LAKE][0]
    game.state["board"]["pieces"]["settlements"][corner] = 0
    for dice in ([1, 1], [1, 2], [5, 6], [6, 6]):
        before = len(game.state["fish"]["held"][0]) + (game.state["fish"]["boot"] == 0)
        game.state["phase"], game.state["turn"]["rolled"] = "roll", False
        game.act("roll", dice=dice)
        assert len(game.state["fish"]["held"][0]) + (game.state["fish"]["boot"] == 0) == before + 1
    assert fish.fish_owed(game.state, 2) == {0: 1}
    game.state["board"]["robber"] = LAKE
    assert fish.fish_owed(game.state, 2) == {}
    assert fish.fish_owed(game.state, 4) == {}


def test_the_pool_is_drawn_by_chance_and_replays_without_drawing():
    game = played(Game())
    corner = ground_corners(5)[0]
    game.state["board"]["pieces"]["cities"][corner] = 0
    game.records = []
    start = copy.deepcopy(game.state)
    outcome = game.act("roll", dice=[2, 3])
    assert sorted(k for k in outcome if k.startswith("fish:")) == ["fish:0", "fish:1"]
    # Replaying the record with its outcome gives the same tokens, with no chance at all.
    again, _ = apply(start, game.records[0]["action"], None, game.records[0]["outcome"])
    assert again == game.state


def test_the_old_boot_is_shown_to_everyone_and_needs_one_point_more():
    game = played(Game())
    game.state["fish"]["pool"] = {"1": 0, "2": 0, "3": 0, "boot": 1}
    game.state["fish"]["face_up"] = {"1": 11, "2": 10, "3": 8}
    game.state["board"]["pieces"]["settlements"][ground_corners(9)[0]] = 1
    game.act("roll", dice=[4, 5])
    assert game.state["fish"]["boot"] == 1 and game.state["fish"]["held"][1] == []
    assert conserved(game.state) == 30
    for viewer in (TABLE, 0, 1, 2):
        v = view(game.state, viewer)
        assert v["fishermen"]["boot"] == 1 and v["fishermen"]["targets"] == [10, 11, 10]
        assert any(e["kind"] == "old_boot_drawn" and e["seat"] == 1 for e in v["log"])
    assert ruleset(game.state).target(game.state, 1) == 11


def test_the_face_up_tokens_are_shuffled_into_a_new_pool_when_it_runs_out():
    game = played(Game())
    game.state["fish"]["pool"] = {"1": 0, "2": 0, "3": 0, "boot": 0}
    game.state["fish"]["face_up"] = {"1": 11, "2": 10, "3": 8}
    game.state["fish"]["boot"] = 2
    game.state["board"]["pieces"]["settlements"][ground_corners(9)[0]] = 1
    game.act("roll", dice=[4, 5])
    assert game.state["fish"]["face_up"] == {"1": 0, "2": 0, "3": 0}
    assert sum(game.state["fish"]["pool"].values()) == 28 and len(game.state["fish"]["held"][1]) == 1
    assert any(e["kind"] == "fish_reshuffled" for e in game.state["log"])
    assert conserved(game.state) == 30


def test_no_token_left_anywhere_nobody_catches_anything():
    game = played(Game())
    f = game.state["fish"]
    f["held"] = [[1] * 7, [1] * 4 + [2] * 3, [3] * 7]  # 11 ones, 3 twos, 7 threes held
    f["face_up"] = {"1": 0, "2": 7, "3": 1}
    f["pool"] = {"1": 0, "2": 0, "3": 0, "boot": 0}
    f["boot"] = 0
    assert conserved(game.state) == 30
    f["face_up"] = {"1": 0, "2": 0, "3": 0}  # (a test's shortcut: they are all in hands)
    f["held"][1] = [1] * 4 + [2] * 10
    f["held"][2] = [3] * 8
    game.state["board"]["pieces"]["settlements"][ground_corners(9)[0]] = 0
    game.act("roll", dice=[4, 5])
    assert game.state["fish"]["held"][0] == [1] * 7
    assert game.state["phase"] == "fish_return"  # Bartek and Celina are above 7 (the shortcut)
    line = next(e for e in reversed(game.state["log"]) if e["kind"] == "fish_caught")
    assert line["params"]["count"] == 0 and line["params"]["due"] == 1


# ---------------------------------------------------------------- at most 7 tokens


def test_above_seven_the_player_gives_back_the_tokens_they_choose():
    game = played(Game())
    game.hold(0, [1, 1, 1, 2, 2, 3, 3])
    game.state["board"]["pieces"]["cities"][ground_corners(10)[0]] = 0
    game.state["fish"]["pool"]["boot"] = 0
    game.state["fish"]["face_up"]["1"] += 1  # the boot stays out of this draw
    game.state["fish"]["boot"] = None
    game.act("roll", dice=[4, 6])
    assert len(game.state["fish"]["held"][0]) == 9
    assert game.state["phase"] == "fish_return" and game.state["pending"] == [{"seat": 0, "kind": "fish_return"}]
    assert game.refused("end_turn", {"seat": 0}) == "wrong_phase"
    assert game.refused("fish_return", {"seat": 0}, tokens=[1]) == "fish_return_count"
    assert game.refused("fish_return", {"seat": 1}, tokens=[1, 1]) == "not_your_turn"
    assert view(game.state, 0)["fishermen"]["mine"]["due"] == 2
    face_up = dict(game.state["fish"]["face_up"])
    game.act("fish_return", {"seat": 0}, tokens=[1, 1])
    assert len(game.state["fish"]["held"][0]) == 7 and game.state["phase"] == "main" and game.state["pending"] == []
    assert game.state["fish"]["face_up"]["1"] == face_up["1"] + 2
    assert game.state["log"][-1]["params"] == {"tokens": [1, 1]}  # face up: everyone sees them


def test_the_table_answers_for_an_absent_phone_with_the_smallest_tokens():
    game = played(Game())
    game.hold(1, [2, 2, 2, 3, 3, 3, 3])
    game.state["board"]["pieces"]["settlements"][ground_corners(4)[0]] = 1
    game.act("roll", dice=[1, 3])
    if game.state["phase"] != "fish_return":
        return  # the old boot came up
    smallest = game.state["fish"]["held"][1][0]
    game.act("fish_return", seat=1)
    assert len(game.state["fish"]["held"][1]) == 7
    assert game.state["log"][-1]["params"]["tokens"] == [smallest]


# ---------------------------------------------------------------- spending fish


def test_fish_actions_on_ones_own_turn_after_the_roll_from_the_phone():
    game = played(Game())
    game.hold(0, [3, 3])
    me = {"seat": 0}
    assert game.refused("spend_fish", me, action="resource", tokens=[3, 3], resource="ore") == "wrong_phase"
    game.act("roll", dice=[2, 3])
    assert game.refused("spend_fish", T, action="resource", tokens=[3, 3], resource="ore") == "fish_on_phone"
    assert game.refused("spend_fish", {"seat": 1}, action="resource", tokens=[3], resource="ore") == "not_your_turn"
    assert game.refused("spend_fish", me, action="feast", tokens=[3]) == "bad_fish_action"
    assert game.refused("spend_fish", me, action="resource", tokens=[3, 2], resource="ore") == "fish_not_held"
    assert game.refused("spend_fish", me, action="resource", tokens=[3], resource="ore") == "not_enough_fish"
    assert game.refused("spend_fish", me, action="resource", tokens=[3, 3], resource="gold") == "bad_resource"
    ore = game.state["players"][0]["hand"]["ore"]
    game.act("spend_fish", me, action="resource", tokens="3,3", resource="ore")
    # No change: 6 fish for a 4-fish action, both tokens face up.
    assert game.state["players"][0]["hand"]["ore"] == ore + 1 and game.state["fish"]["held"][0] == []
    assert game.state["fish"]["face_up"]["3"] == 2 and conserved(game.state) == 30


def test_one_payment_for_one_action():
    game = played(Game())
    game.hold(0, [3, 3])
    game.act("roll", dice=[2, 3])
    me = {"seat": 0}
    game.state["board"]["robber"] = "1,-1"
    game.act("spend_fish", me, action="robber", tokens=[3])
    assert game.state["board"]["robber"] is None and game.state["fish"]["held"][0] == [3]
    assert game.refused("spend_fish", me, action="robber", tokens=[3]) == "robber_already_off"
    assert game.refused("spend_fish", me, action="resource", tokens=[3], resource="ore") == "not_enough_fish"


def test_three_fish_steal_a_random_resource_from_an_opponent_of_ones_choice():
    game = played(Game())
    game.hold(0, [1, 2])
    game.act("roll", dice=[2, 3])
    me = {"seat": 0}
    for s in (1, 2):
        game.state["bank"] = {r: game.state["bank"][r] + game.state["players"][s]["hand"][r] for r in base.RESOURCES}
        game.state["players"][s]["hand"] = {r: 0 for r in base.RESOURCES}
    assert game.refused("spend_fish", me, action="steal", tokens=[1, 2], victim=0) == "bad_victim"
    assert game.refused("spend_fish", me, action="steal", tokens=[1, 2], victim=2) == "victim_has_no_cards"
    game.give(2, wool=1)
    mine = sum(game.state["players"][0]["hand"].values())
    outcome = game.act("spend_fish", me, action="steal", tokens=[1, 2], victim=2)
    assert outcome["stolen"] == "wool" and sum(game.state["players"][0]["hand"].values()) == mine + 1
    assert view(game.state, 1)["log"][0]["params"] == {"victim": 2}
    assert view(game.state, 2)["log"][0]["params"]["card"] == "wool"


def test_five_fish_a_free_road_and_seven_a_free_development_card():
    game = played(Game())
    game.hold(0, [3, 2, 3, 2, 2])
    game.act("roll", dice=[2, 3])
    me = {"seat": 0}
    game.state["players"][0]["hand"] = {r: 0 for r in base.RESOURCES}
    game.act("spend_fish", me, action="road", tokens=[3, 2])
    assert game.state["board"]["free_roads"] == 1
    edge = game.targets(0)["road"][0]
    game.act("build_road", me, edge=edge)
    assert game.state["board"]["pieces"]["roads"][edge] == 0 and game.state["board"]["free_roads"] == 0
    outcome = game.act("spend_fish", me, action="dev_card", tokens=[3, 2, 2])
    card = outcome["card"]
    assert game.state["players"][0]["dev_hand"][-1]["card"] == card
    assert sum(game.state["dev_deck"].values()) == 24
    assert all("card" not in e["params"] for e in view(game.state, 1)["log"][:2])
    assert game.state["fish"]["held"][0] == []


def test_fish_are_no_resources_a_seven_counts_cards_only_and_the_robber_comes_in():
    game = played(Game())
    game.hold(1, [3, 3, 3, 3, 3, 3, 3])
    game.state["players"][1]["hand"] = {r: 0 for r in base.RESOURCES}
    game.act("roll", dice=[3, 4])
    assert all(p["seat"] != 1 for p in game.state["pending"])
    while game.state["phase"] == "discard":
        seat = game.state["pending"][0]["seat"]
        hand = game.state["players"][seat]["hand"]
        due = sum(hand.values()) // 2
        cards = {}
        for r in base.RESOURCES:
            take = min(hand[r], due - sum(cards.values()))
            if take:
                cards[r] = take
        game.act("discard", {"seat": seat}, cards=cards)
    assert game.state["phase"] == "robber"
    assert LAKE in game.targets()["robber"]  # from beside the board onto any hex, the lake too
    game.act("move_robber", hex="1,-1")
    assert game.state["board"]["robber"] == "1,-1"


def test_passing_the_old_boot_to_a_player_with_as_many_points():
    game = played(Game())
    game.state["fish"]["boot"] = 0
    game.state["fish"]["pool"]["boot"] = 0
    game.act("roll", dice=[2, 3])
    assert game.refused("pass_boot", to=0) == "bad_seat"
    game.state["players"][1]["settlements"] -= 1  # Bartek has fewer points now
    assert game.refused("pass_boot", to=1) == "boot_needs_points"
    game.act("pass_boot", to=2)
    assert game.state["fish"]["boot"] == 2 and ruleset(game.state).target(game.state, 2) == 11
    assert ruleset(game.state).target(game.state, 0) == 10
    assert game.refused("pass_boot", to=0) == "boot_not_yours"


def test_the_boot_holder_wins_only_at_eleven():
    game = played(Game())
    game.state["fish"]["boot"] = 0
    game.state["fish"]["pool"]["boot"] = 0
    game.state["players"][0]["settlements"] = 5
    game.state["players"][0]["cities"] = 2
    game.state["players"][0]["settlements"] = 6  # 10 points
    game.act("roll", dice=[2, 3])
    assert game.state["winner"] is None
    game.state["players"][0]["settlements"] = 7
    game.act("end_turn")
    assert game.state["winner"] is None  # not in Ala's turn any more: Bartek's
    game.state["fish"]["boot"] = None
    game.state["fish"]["pool"]["boot"] = 1
    game.state["players"][1]["settlements"] = 10
    game.act("roll", dice=[2, 3])
    assert game.state["winner"] == 1


def test_payments_offer_each_way_that_needs_every_token():
    assert fish.payments([1, 1, 2, 3], 4) == [[3, 1], [2, 1, 1], [3, 2]]
    assert fish.payments([3, 3], 7) == []
    assert fish.payments([3, 3], 2) == [[3]]


# ---------------------------------------------------------------- paper cards


def test_paper_mode_the_app_still_holds_the_fish():
    game = played(Game(play_mode="paper"))
    game.state["board"]["pieces"]["settlements"][ground_corners(5)[0]] = 0
    game.act("roll", dice=[1, 4])
    assert len(game.state["fish"]["held"][0]) + (game.state["fish"]["boot"] == 0) == 1
    game.hold(0, [3])
    game.act("spend_fish", {"seat": 0}, action="steal", tokens=[3], victim=1)
    assert game.state["log"][-1]["kind"] == "fish_stole" and game.state["log"][-1]["params"] == {"victim": 1}
    game.hold(0, [2, 2])
    game.act("spend_fish", {"seat": 0}, action="resource", tokens=[2, 2], resource="grain")
    assert game.state["log"][-1]["params"]["resource"] == "grain"


# ---------------------------------------------------------------- Catan for two


def test_catan_for_two_five_tokens_each_no_trade_tokens_one_fish_less_behind():
    game = Game(players=2, two=True)
    assert game.state["fish"]["held"] == [[1, 1, 2, 2, 3], [1, 1, 2, 2, 3]]
    assert game.state["fish"]["pool"] == {"1": 7, "2": 6, "3": 6, "boot": 1} and conserved(game.state) == 30
    assert game.state["two"]["tokens"] == [0, 0]
    far = far_corners()
    for i in range(2):
        game.act("place_neutral", corner=far[4 + i])
    by_ground = ground_corners(6)[1]
    for corner in (far[0], far[1], by_ground, far[2]):
        game.act("place_settlement", corner=corner)
        game.act("place_road", edge=game.targets()["road"][0])
    assert game.state["fish"]["held"] == [[1, 1, 2, 2, 3], [1, 1, 2, 2, 3]]  # fish from rolls only
    game.act("roll", dice=[2, 3])
    game.act("roll", dice=[4, 4])
    assert game.refused("forced_trade", {"seat": 0}) == "fishermen_no_trade_tokens"
    assert game.refused("robber_to_desert", {"seat": 0}) == "fishermen_no_trade_tokens"
    rules = ruleset(game.state)
    assert fish.price(rules, game.state, 0, "resource") == 4
    game.state["players"][1]["settlements"] += 1
    assert fish.price(rules, game.state, 0, "resource") == 3 and fish.price(rules, game.state, 1, "resource") == 4
    game.act("spend_fish", {"seat": 0}, action="resource", tokens=[3], resource="ore")


# ---------------------------------------------------------------- the Events of Catan


def test_robber_flees_takes_the_robber_off_the_board():
    from companion.layers.options.events import rules as events

    game = played(Game())
    game.state["board"]["robber"] = "1,-1"
    flee = next(i for i, c in enumerate(events.CARDS) if c["event"] == "robber_flees")
    game.state["config"]["dice_source"] = "events"
    game.state["events"] = {"year": 1, "deck": [flee], "under": [], "revealed": [], "card": None, "effect": None,
                            "damaged": []}
    game.state["counters"].setdefault(events.STREAM, 0)
    game.act("reveal_event")
    assert game.state["board"]["robber"] is None


# ---------------------------------------------------------------- undo and replay


def test_replay_and_undo_of_a_roll_that_caught_fish():
    game = played(Game())
    game.state["board"]["pieces"]["cities"][ground_corners(5)[0]] = 0
    start = copy.deepcopy(game.state)
    game.act("roll", dice=[2, 3])
    after = game.state
    assert json.loads(json.dumps(after)) == after  # plain data
    # The table undoes the roll: back to the pool; the same dice come back, the tokens from a new epoch.
    from companion.engine.game import advance, new_history

    history = new_history()
    state = copy.deepcopy(start)
    record = {"seq": 1, "kind": "action", "action": game.records[-1]["action"]}
    state = advance(state, history, record, lambda seq: copy.deepcopy(start), game.chance)
    assert state["fish"] == after["fish"]
    state = advance(state, history, {"seq": 2, "kind": "undo", "target": 1}, lambda seq: copy.deepcopy(start))
    assert state["fish"] == start["fish"] and conserved(state) == 30


def test_five_players_are_refused_and_a_played_knight_earns_no_trade_tokens_for_two():
    layout = boards.empty_board("base_5_6")
    players = [{"name": f"P{i}", "color": base.COLORS[i]} for i in range(5)]
    with pytest.raises(IllegalAction) as info:
        new_game({"players": players, "scenario": "fishermen", "board": "manual", "play_mode": "hands",
                  "board_layout": {**layout, "features": {"fishermen": {"grounds": {}}}, "robber": None}})
    assert info.value.code == "fishermen_players"
    game = Game(players=2, two=True)
    game.state["phase"], game.state["turn"] = "main", {"number": 3, "seat": 0, "rolled": True, "dev_played": False}
    game.state["players"][0]["knights_played"] = 1
    assert game.refused("discard_knight", {"seat": 0}) == "fishermen_no_trade_tokens"


def test_a_knight_brings_the_robber_back_onto_the_board():
    game = played(Game())
    game.state["players"][0]["dev_hand"].append({"card": "knight", "turn": 0})
    game.act("play_dev", {"seat": 0}, card="knight")
    assert game.state["phase"] == "robber" and game.state["board"]["robber"] is None
    game.act("move_robber", hex="1,-1")
    assert game.state["board"]["robber"] == "1,-1"


def test_the_table_may_pass_the_boot_and_a_seats_view_prices_its_actions():
    game = played(Game())
    game.state["fish"]["boot"] = 0
    game.state["fish"]["pool"]["boot"] = 0
    game.hold(0, [2, 3])
    game.act("roll", dice=[2, 3])
    mine = view(game.state, 0)["fishermen"]["mine"]
    assert mine["tokens"] == [2, 3] and mine["fish"] == 5
    assert mine["payments"]["robber"] == [[2], [3]] and mine["payments"]["dev_card"] == []
    assert view(game.state, 1)["fishermen"]["mine"]["tokens"] == []
    assert view(game.state, TABLE)["fishermen"]["mine"] is None
    game.act("pass_boot", T, to=1)
    assert game.state["fish"]["boot"] == 1


def test_the_first_game_picture_starred_settlements_by_the_water_fish_with_the_first_action():
    layout = boards.beginner_board()
    rules = ruleset({"config": config()})

    class Draws:
        def randint(self, n):
            return 0

    layout = rules.lay_out(layout, Draws())
    game = Game(layout=layout)
    game.config["board"] = "beginner"
    game.state = new_game({**game.config, "board": "beginner"})
    owed = game.state["fish"]["owed"]
    starred = {s: boards.beginner_starred_settlement(p["color"]) for s, p in enumerate(PLAYERS)}
    assert owed == {str(s): 1 for s, c in starred.items() if fish.by_water(layout, c)}
    game.act("roll", dice=[3, 4] if owed else [1, 1])
    assert game.state["fish"]["owed"] == {}
    got = {s: len(h) + (game.state["fish"]["boot"] == s) for s, h in enumerate(game.state["fish"]["held"])}
    for s in range(3):
        assert got[s] >= (1 if str(s) in owed else 0)
    assert conserved(game.state) == 30


def test_fish_above_seven_wait_for_an_event_cards_choices_to_come_back():
    from companion.layers.options.events import rules as events

    game = played(Game())
    game.hold(0, [1, 1, 1, 2, 2, 3, 3])
    f = game.state["fish"]
    f["pool"]["boot"], f["pool"]["1"] = 0, f["pool"]["1"] + 1  # no boot in this draw (a test's shortcut)
    game.state["board"]["pieces"]["settlements"][G.hex_corners[LAKE][0]] = 0
    year = next(i for i, c in enumerate(events.CARDS) if c["event"] == "plentiful_year")
    game.state["config"]["dice_source"] = "events"
    game.state["events"] = {"year": 1, "deck": [year], "under": [], "revealed": [], "card": None, "effect": None,
                            "damaged": []}
    game.state["counters"].setdefault(events.STREAM, 0)
    game.act("reveal_event")
    assert game.state["phase"] == "fish_return" and game.state["pending"] == [{"seat": 0, "kind": "fish_return"}]
    assert game.state["fish"]["back"]["phase"] == "event"
    game.act("fish_return", {"seat": 0}, tokens=[1])
    assert game.state["phase"] == "event"
    assert {p["kind"] for p in game.state["pending"]} == {"event_gain"} and len(game.state["pending"]) == 3
