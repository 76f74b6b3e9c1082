"""Land Ho! ("Ląd na horyzoncie"), Explorers & Pirates' first scenario: the board the app
designed around the rulebook's text (the start island's set, two unexplored areas split by
the frame piece F), the start positions obeying the rules, the setups for 2, 3 and 4 players
and the goal of 8 points."""
from collections import Counter

import pytest

from companion.engine import IllegalAction, new_game, rules_for, view
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.cores.explorers_pirates import sea_boards
from companion.layers.explorers_pirates_scenarios.land_ho import rules as land_ho
from companion.machinery import board as boards
from companion.machinery.board_geometry import hex_centre
from tests.engine.played import Played


def config(colours, **more):
    return {"rules": "explorers_pirates", "scenario": "land_ho",
            "players": [{"name": f"P{i}", "color": c} for i, c in enumerate(colours)], **more}


def test_the_start_island_holds_the_rulebooks_set():
    layout = land_ho.layout()
    island = {h: x for h, x in layout["hexes"].items() if x["area"] == "start" and x["terrain"] != "sea"}
    assert Counter(x["terrain"] for x in island.values()) == Counter(
        {"mountains": 3, "forest": 4, "pasture": 3, "fields": 2, "hills": 2})
    tokens = Counter(x["number"] for x in island.values())
    listed = Counter([3, 3, 4, 4, 5, 6, 6, 8, 8, 9, 10, 10, 11, 11, 12])
    assert sum(tokens.values()) == 14 and not tokens - listed  # 14 of the 15 tokens listed
    g = boards.geometry(layout)
    for h in island:  # no 6 or 8 beside another
        if island[h]["number"] in (6, 8):
            assert not any(island.get(n, {}).get("number") in (6, 8) for n in g.hex_neighbours[h])


def test_two_unexplored_areas_split_by_the_frame_piece_in_the_east():
    layout = land_ho.layout()
    areas = Counter(x["area"] for x in layout["hexes"].values() if x["terrain"] == "unexplored")
    assert areas == {"north": 9, "south": 9}
    # F: three positions of the middle row are frame, not board, between the areas
    missing = {sea.offset_to_axial(c, sea_boards.FRAME_ROW) for c in sea_boards.AREA_COLUMNS}
    assert not missing & set(layout["shape"]) and len(layout["shape"]) == 67
    north = [h for h, x in layout["hexes"].items() if x["area"] == "north"]
    south = [h for h, x in layout["hexes"].items() if x["area"] == "south"]
    assert max(int(h.split(",")[1]) for h in north) < min(int(h.split(",")[1]) for h in south)
    # the start island lies west of them, with open sea between
    island_x = max(hex_centre(boards.parse_hex_id(h))[0]
                   for h, x in layout["hexes"].items() if x["terrain"] in sea.LAND_TERRAINS)
    area_x = min(hex_centre(boards.parse_hex_id(h))[0] for h in north + south)
    assert island_x < area_x


@pytest.mark.parametrize("colour", ["red", "blue", "white", "orange"])
def test_start_positions_obey_the_rules(colour):
    layout = land_ho.layout()
    start = sea_boards.START[colour]
    g = boards.geometry(layout)
    assert sea.is_coastal_corner(layout, start["harbour"])
    assert sea.is_sea_path(layout, start["ship"]) and not sea.edge_touches_unexplored(layout, start["ship"])
    assert start["harbour"] in g.edge_corners[start["ship"]] and start["bow"] in g.edge_corners[start["ship"]]
    assert start["settlement"] in g.edge_corners[start["road"]] and sea.is_land_path(layout, start["road"])
    assert sea.corner_on_land(layout, start["settlement"])
    # the distance rule between every start building
    corners = [s[k] for s in sea_boards.START.values() for k in ("harbour", "settlement")]
    for corner in (start["harbour"], start["settlement"]):
        assert not set(g.corner_corners[corner]) & set(corners)


def test_two_three_and_four_player_setups():
    two = new_game(config(("blue", "orange")))
    assert len(two["explorers_pirates"]["ships"]) == 2 and len(two["board"]["pieces"]["settlements"]) == 8
    assert two["explorers_pirates"]["neutral"] == {"2": "red", "3": "white"}
    three = new_game(config(("blue", "orange", "red")))
    assert len(three["explorers_pirates"]["ships"]) == 3 and len(three["board"]["pieces"]["settlements"]) == 6
    four = new_game(config(("blue", "orange", "red", "white")))
    assert len(four["explorers_pirates"]["ships"]) == 4 and len(four["board"]["pieces"]["roads"]) == 4
    for state in (two, three, four):
        assert state["gold"]["held"] == [2] * len(state["players"])
        assert state["config"]["target"] == 8
        assert [view(state, "table")["players"][s]["vp_public"] for s in range(len(state["players"]))] == \
            [3] * len(state["players"])
    assert rules_for(two["config"]).target(two, 0) == 8


def test_land_ho_plays_with_the_explorers_pirates_core_only():
    with pytest.raises(IllegalAction) as info:
        new_game({**config(("red", "blue", "white")), "rules": "cities_knights"})
    assert info.value.code == "land_ho_explorers_pirates_only"
    with pytest.raises(IllegalAction) as info:
        new_game({**config(("red", "blue", "white")), "board": "random"})
    assert info.value.code == "ep_board_mode"
    with pytest.raises(IllegalAction) as info:
        new_game({**config(("red", "blue", "white")), "variants": {"harbormaster": True}})
    assert info.value.code in ("variant_not_in_rules", "layer_not_with_core")


def test_a_manual_island_may_use_any_fourteen_of_the_fifteen_tokens():
    g = Played(config(("red", "blue", "white"), board="manual"))
    layout = g.state["board"]["layout"]
    eleven = next(h for h in g.state["explorers_pirates"]["start_island"] if layout["hexes"][h]["number"] == 11)
    g.act("edit_hex", hex=eleven, terrain=layout["hexes"][eleven]["terrain"], number=12)  # the 12 twice: not in the box
    assert g.refused("board_done") == "board_incomplete"
    twelve = next(h for h in g.state["explorers_pirates"]["start_island"]
                  if g.state["board"]["layout"]["hexes"][h]["number"] == 12 and h != eleven)
    g.act("edit_hex", hex=twelve, terrain=layout["hexes"][twelve]["terrain"], number=11)  # now both 11s, one 12
    assert view(g.state, "table")["board"]["problems"] == []
    g.act("board_done")
    assert g.state["phase"] == "roll"
    # the starting resources follow the corrected island
    red = sea_boards.START["red"]["settlement"]
    assert g.state["players"][0]["hand"] == {**dict.fromkeys(ep.RESOURCES, 0),
                                             **boards.starting_resources(g.state["board"]["layout"], red)}
    g.check_replay_and_undo()


def test_the_game_ends_at_eight_points():
    g = Played(config(("red", "blue", "white")))
    assert rules_for(g.state["config"]).target(g.state, 0) == 8
    g.state["players"][0]["settlements"] += 4  # (a test's shortcut: 3 + 4 points)
    g.act("roll", dice=[1, 1])
    assert g.state["phase"] == "main"
    g.state["players"][0]["settlements"] += 1
    g.act("end_turn")  # the victory check runs after every action, in the player's own turn
    assert g.state["winner"] is None  # it was no longer red's turn when checked
    g.act("roll", dice=[1, 1])
    g.act("end_turn")  # blue's turn
    g.act("roll", dice=[1, 1])
    assert g.state["winner"] is None
    g.act("end_turn")  # white's turn ends: red's begins, with 8 points
    assert g.state["winner"] == 0 and g.state["phase"] == "finished"
    assert g.state["log"][-1]["kind"] == "won" and g.state["log"][-1]["params"]["vp"] == 8


# ---------------------------------------------------------------- a whole game, no shortcuts

TURNED_OVER = ["forest", "pasture", "fields", "hills", "mountains", "sea"]
TOKENS_DRAWN = [5, 6, 8, 9, 4, 10]


def _greedy_turn_step(g: Played, counter: list) -> None:
    """One action of a simple player: build what the board offers, buy what a settler
    lacks, then sail east, reveal, found settlements."""
    state = g.state
    seat = state["turn"]["seat"]
    me = {"seat": seat}
    table = {"role": "table"}
    phase = state["phase"]

    def attempt(kind, actor, **args) -> bool:
        try:
            g.act(kind, actor=actor, **args)
        except IllegalAction:
            return False
        return True

    if phase == "roll":
        g.act("roll")
    elif phase == "discard":
        seat = state["pending"][0]["seat"]
        held = dict(state["players"][seat]["hand"])
        due, cards = sum(held.values()) // 2, {}
        for r in sorted(held, key=lambda r: -held[r]):
            if min(held[r], due - sum(cards.values())):
                cards[r] = min(held[r], due - sum(cards.values()))
        g.act("discard", actor={"seat": seat}, cards=cards)
    elif phase == "reveal":
        hex_ = state["explorers_pirates"]["reveal"]["hexes"][0]
        counter[0] += 1
        area = state["board"]["layout"]["hexes"][hex_]["area"]
        terrain = TURNED_OVER[counter[0] % 6] if state["explorers_pirates"]["stacks"][area] else "sea"
        number = {} if terrain == "sea" else {"number": TOKENS_DRAWN[counter[0] % 6]}
        g.act("reveal_hex", hex=hex_, terrain=terrain, **number)
    elif phase == "main":
        targets = view(state, seat)["board"]["targets"]
        for kind, action, field in (("harbour", "build_harbour", "corner"), ("settlement", "build_settlement", "corner"),
                                    ("settler_ship", "build_settler", "edge"),
                                    ("settler_dock", "build_settler", "corner"), ("ship_site", "build_ship", "edge"),
                                    ("road", "build_road", "edge")):
            if targets.get(kind) and attempt(action, me, **{field: targets[kind][0]}):
                return
        hand = state["players"][seat]["hand"]
        need = [r for r, n in ep.COSTS["settler"].items() if hand[r] < n]
        if need and state["gold"]["held"][seat] >= 2 and attempt("buy_with_gold", me, resource=need[0]):
            return
        rich = [r for r in hand if hand[r] >= 4]
        if need and rich and attempt("trade_bank", me, give=rich[0], get=need[0]):
            return
        g.act("start_movement")
    elif phase == "movement":
        targets = view(state, seat)["board"]["targets"]
        if targets.get("found") and attempt("found_settlement", table, corner=targets["found"][0]):
            return
        if targets.get("load") and attempt("load_settler", table, corner=targets["load"][0]):
            return
        if targets.get("sail"):
            east = max(targets["sail"], key=lambda e: sum(2 * int(p.split(",")[0]) + int(p.split(",")[1])
                                                          for p in e.split("|")))
            g.act("move_ship", edge=east)
            return
        if targets.get("ship") and attempt("choose_ship", table, edge=targets["ship"][0]):
            return
        g.act("end_turn")


def test_a_whole_game_is_played_to_eight_points_from_the_phones():
    g = Played({**config(("red", "blue", "white")), "play_mode": "hands", "dice_source": "virtual"}, seed=0)
    counter = [0]
    while g.state["phase"] != "finished":
        assert g.state["turn"]["number"] < 200
        _greedy_turn_step(g, counter)
    winner = g.state["winner"]
    assert rules_for(g.state["config"]).vp_total(g.state, winner) >= 8
    kinds = {r["action"]["type"] for r in g.records}
    assert {"move_ship", "reveal_hex", "found_settlement", "build_ship", "build_harbour"} <= kinds
    assert any(v is not None for v in g.state["explorers_pirates"]["first_settlement"].values())
    g.check_replay_and_undo()
