"""Explorers & Pirates' core rules (explorers-and-pirates-pl.txt, lines 1-345), played on
Land Ho!'s board: the numbers come from the rulebook (4 movement points, +2 for 1 wool once a
ship a turn, 2 ships a path, 2 gold for a discovery that is not land, 1 gold of compensation,
2 gold a resource twice a turn, 3:1 trades, 3 ships, a harbour settlement worth 2 and
producing 1, a settler for a settlement's cost)."""
import pytest

from companion.engine import view
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.cores.explorers_pirates import sea_boards
from companion.machinery import board as boards
from tests.engine.played import Played

T = {"role": "table"}


def config(colours=("white", "red", "blue"), mode="hands", board="beginner"):
    return {"rules": "explorers_pirates", "scenario": "land_ho", "play_mode": mode, "board": board,
            "players": [{"name": f"P{i}", "color": c} for i, c in enumerate(colours)]}


def game(colours=("white", "red", "blue"), mode="hands", board="beginner") -> Played:
    return Played(config(colours, mode, board))


def me(seat):
    return {"seat": seat}


def part(g):
    return g.state["explorers_pirates"]


def ship_of(g, seat):
    return next(s for s in part(g)["ships"] if s["seat"] == seat)


def layout(g):
    return g.state["board"]["layout"]


def hand(g, seat):
    return g.state["players"][seat]["hand"]


def gold(g, seat):
    return g.state["gold"]["held"][seat]


def empty_hands(g):
    for seat in range(len(g.state["players"])):
        for r, n in hand(g, seat).items():
            g.state["bank"][r] += n
            hand(g, seat)[r] = 0


def to_movement(g, dice=(1, 1)):
    g.act("roll", dice=list(dice))
    g.act("start_movement")


def sail_away_from_unexplored(g, ship):
    """Paths the ship may take next that point at no face-down hex."""
    return [e for e in ep.sailing_targets(g.state, ship) if not sea.pointed_at(layout(g), e)]


# ---------------------------------------------------------------- Land Ho!'s setup


def test_land_ho_three_players_start_with_their_pieces_gold_and_resources():
    g = game(("white", "red", "blue"))
    state = g.state
    assert state["phase"] == "roll" and state["turn"]["number"] == 1
    pieces = state["board"]["pieces"]
    for seat, colour in enumerate(("white", "red", "blue")):
        start = sea_boards.START[colour]
        assert pieces["settlements"][start["harbour"]] == seat
        assert part(g)["harbours"][start["harbour"]] == seat
        assert pieces["settlements"][start["settlement"]] == seat
        assert pieces["roads"][start["road"]] == seat
        ship = ship_of(g, seat)
        assert ship["edge"] == start["ship"] and ship["cargo"] == ["settler"]
        assert gold(g, seat) == 2  # each player starts with 2 gold
        assert part(g)["settlers"][seat] == 1  # 2 settlers, one aboard the ship
        # 1 for the settlement, 2 for the harbour settlement
        assert view(state, seat)["players"][seat]["vp_public"] == 3
        # starting resources: one card for each hex beside the settlement
        assert hand(g, seat) == {**dict.fromkeys(ep.RESOURCES, 0),
                                 **boards.starting_resources(layout(g), start["settlement"])}
    # the fourth colour is not placed
    orange = sea_boards.START["orange"]
    assert orange["harbour"] not in pieces["settlements"] and orange["road"] not in pieces["roads"]
    assert len(part(g)["ships"]) == 3 and part(g)["neutral"] == {}


def test_land_ho_four_players_every_colour_is_placed():
    g = game(("red", "blue", "white", "orange"))
    assert len(part(g)["ships"]) == 4
    assert len(part(g)["harbours"]) == 4 and len(g.state["board"]["pieces"]["settlements"]) == 8


def test_land_ho_two_players_leave_the_other_colours_as_obstacles_without_ships():
    g = game(("red", "blue"))
    pieces = g.state["board"]["pieces"]
    assert part(g)["neutral"] == {"2": "white", "3": "orange"}
    for colour, seat in (("white", 2), ("orange", 3)):
        start = sea_boards.START[colour]
        assert pieces["settlements"][start["harbour"]] == seat
        assert pieces["settlements"][start["settlement"]] == seat
        assert pieces["roads"][start["road"]] == seat
    assert sorted(s["seat"] for s in part(g)["ships"]) == [0, 1]
    # a neutral settlement keeps the distance rule: nobody builds beside it
    white = sea_boards.START["white"]["settlement"]
    near = boards.geometry(layout(g)).corner_corners[white]
    assert all(ep._settlement_refusal(g.state, 0, c) == ("distance_rule", {}) for c in near
               if not boards.building_at(pieces, c))


def test_the_table_sizes_and_colours_are_checked():
    from companion.engine import IllegalAction, new_game
    with pytest.raises(IllegalAction) as info:
        new_game(config(("white",)))
    assert info.value.code == "player_count"
    with pytest.raises(IllegalAction) as info:
        new_game(config(("white", "red", "blue", "orange", "green")))
    assert info.value.code == "player_count"
    with pytest.raises(IllegalAction) as info:
        new_game(config(("white", "green")))
    assert info.value.code == "ep_color"
    with pytest.raises(IllegalAction) as info:
        new_game({**config(), "scenario": None})
    assert info.value.code == "ep_needs_scenario"
    with pytest.raises(IllegalAction) as info:
        new_game({**config(), "rules": "base"})
    assert info.value.code == "land_ho_explorers_pirates_only"
    assert new_game(config())["config"]["target"] == 8


def test_a_manual_board_lets_the_table_correct_the_start_island_only():
    g = game(board="manual")
    assert g.state["phase"] == "board" and not part(g)["ships"]
    island = part(g)["start_island"]
    assert len(island) == 14
    a, b = island[0], island[1]
    ta, na = layout(g)["hexes"][a]["terrain"], layout(g)["hexes"][a]["number"]
    tb, nb = layout(g)["hexes"][b]["terrain"], layout(g)["hexes"][b]["number"]
    sea_hex = next(h for h, x in layout(g)["hexes"].items() if x["terrain"] == "sea")
    assert g.refused("edit_hex", hex=sea_hex, terrain="forest", number=5) == "ep_not_start_island"
    assert g.refused("edit_hex", hex=a, terrain="sea") == "ep_land_only"
    # swap two hexes: the set stays the rulebook's
    g.act("edit_hex", hex=a, terrain=tb, number=nb)
    assert g.refused("board_done") == "board_incomplete" or ta == tb
    g.act("edit_hex", hex=b, terrain=ta, number=na)
    g.act("board_done")
    assert g.state["phase"] == "roll" and len(part(g)["ships"]) == 3
    assert layout(g)["hexes"][a]["terrain"] == tb and layout(g)["hexes"][a]["area"] == "start"


# ---------------------------------------------------------------- production and gold


def test_compensation_gold_goes_to_every_player_who_gets_nothing_from_a_roll():
    g = game(("white", "red", "blue", "orange"))
    held = [gold(g, s) for s in range(4)]
    g.act("roll", dice=[3, 3])  # a 6: the forests beside white's and red's settlements
    got = g.state["production"]["seats"]
    assert set(got) == {"0", "1"}
    assert got["0"] == {"lumber": 2}  # white's settlement and harbour settlement, 1 each
    assert [gold(g, s) for s in range(4)] == [held[0], held[1], held[2] + 1, held[3] + 1]
    assert part(g)["compensation"]["seats"] == [2, 3]
    kinds = [e["kind"] for e in g.state["log"][-3:]]
    assert kinds == ["produced", "gold_earned", "gold_earned"]


def test_a_seven_only_makes_big_hands_give_back_half_no_robber():
    g = game()
    empty_hands(g)
    g.give(0, ore=5, grain=4)  # 9 cards
    g.give(1, wool=7)  # 7: keeps them
    held = [gold(g, s) for s in range(3)]
    g.act("roll", dice=[3, 4])
    assert g.state["phase"] == "discard"
    assert [p["seat"] for p in g.state["pending"]] == [0]
    assert [gold(g, s) for s in range(3)] == held  # no compensation on a 7
    g.act("discard", actor=me(0), cards={"ore": 4})
    assert g.state["phase"] == "main" and g.state["board"]["robber"] is None
    assert sum(hand(g, 0).values()) == 5


def test_bank_trades_are_three_to_one_and_three_resources_buy_one_gold():
    g = game()
    empty_hands(g)
    g.act("roll", dice=[1, 1])
    g.give(0, ore=6)
    assert view(g.state, 0)["me"]["trade_ratios"] == dict.fromkeys(ep.RESOURCES, 3)
    assert view(g.state, 0)["gold"]["ratio"] is None  # gold buys no resources at a ratio
    g.act("trade_bank", actor=me(0), give="ore", get="wool")
    assert hand(g, 0)["ore"] == 3 and hand(g, 0)["wool"] == 1
    before = gold(g, 0)
    g.act("trade_gold", actor=me(0), give="ore", get="gold")
    assert hand(g, 0)["ore"] == 0 and gold(g, 0) == before + 1
    assert g.refused("trade_gold", actor=me(0), give="gold", get="ore") == "gold_not_for_resources"


def test_gold_buys_a_resource_for_two_at_most_twice_a_turn():
    g = game()
    g.act("roll", dice=[1, 1])
    g.state["gold"]["held"][0] = 10
    g.act("buy_with_gold", actor=me(0), resource="brick")
    g.act("buy_with_gold", actor=me(0), resource="grain")
    assert gold(g, 0) == 6
    assert g.refused("buy_with_gold", actor=me(0), resource="ore") == "gold_buys_used"


# ---------------------------------------------------------------- ships moving


def test_a_ship_has_four_points_and_one_wool_buys_two_more_once_a_turn():
    g = game()
    empty_hands(g)
    to_movement(g)
    ship = ship_of(g, 0)  # white's: it keeps off the face-down hexes here
    for left in (3, 2, 1, 0):
        g.act("move_ship", ship=ship["id"], edge=sail_away_from_unexplored(g, ship_of(g, 0))[0])
        assert ship_of(g, 0)["points"] == left
    target = sail_away_from_unexplored(g, {**ship_of(g, 0), "points": 1})[0]
    assert g.refused("move_ship", ship=ship["id"], edge=target) == "ep_no_points"
    assert g.refused("buy_moves", actor=me(0), ship=ship["id"]) == "cannot_afford"
    g.give(0, wool=2)
    g.act("buy_moves", actor=me(0), ship=ship["id"])
    assert ship_of(g, 0)["points"] == 2 and hand(g, 0)["wool"] == 1
    assert g.refused("buy_moves", actor=me(0), ship=ship["id"]) == "ep_bonus_used"
    for left in (1, 0):
        g.act("move_ship", ship=ship["id"], edge=sail_away_from_unexplored(g, ship_of(g, 0))[0])
        assert ship_of(g, 0)["points"] == left


def test_moves_go_to_a_neighbouring_sea_path_only():
    g = game()
    to_movement(g)
    ship = ship_of(g, 0)
    g_ = sea.geometry(layout(g))
    far = next(e for e in g_.edges
               if sea.is_sea_path(layout(g), e) and not sea.shared_corner(layout(g), e, ship["edge"]))
    assert g.refused("move_ship", ship=ship["id"], edge=far) == "ep_not_next_path"
    land = sea_boards.START["white"]["road"]
    assert g.refused("move_ship", ship=ship["id"], edge=land) in ("ep_not_sea_path", "ep_not_next_path")
    other = ship_of(g, 1)
    assert g.refused("move_ship", ship=other["id"], edge=far) == "ep_bad_ship"  # not the active player's


def test_two_ships_a_path_passing_through_is_allowed_ending_there_is_not():
    g = game()
    to_movement(g)
    ship = ship_of(g, 0)
    full = sail_away_from_unexplored(g, ship)[0]
    # two other ships lie on the next path
    part(g)["ships"][1]["edge"] = full
    part(g)["ships"][2]["edge"] = full
    g.act("move_ship", ship=ship["id"], edge=full)  # passing: 3 points left
    assert ship_of(g, 0)["edge"] == full
    assert g.refused("end_turn") == "ep_path_full"
    onward = [e for e in sail_away_from_unexplored(g, ship_of(g, 0)) if e != ship["edge"]][0]
    g.act("move_ship", ship=ship["id"], edge=onward)
    # with a single point left the ship would have to end its move there: refused
    ship_of(g, 0)["points"] = 1
    assert sea.shared_corner(layout(g), onward, full)
    if True:
        assert g.refused("move_ship", ship=ship["id"], edge=full) == "ep_path_full"
    g.act("end_turn")
    assert g.state["phase"] == "roll"


def test_one_ships_move_ends_before_the_next_starts():
    g = game()
    empty_hands(g)
    g.act("roll", dice=[1, 1])
    g.give(0, lumber=1, wool=1)
    start = sea_boards.START["white"]
    site = next(e for e in sea.sea_paths_at(layout(g), start["harbour"]) if e != start["ship"])
    g.act("build_ship", actor=me(0), edge=site)
    g.act("start_movement")
    first, second = [s for s in part(g)["ships"] if s["seat"] == 0]
    g.act("move_ship", ship=first["id"], edge=sail_away_from_unexplored(g, first)[0])
    g.act("move_ship", ship=second["id"], edge=sail_away_from_unexplored(g, ship_of_id(g, second["id"]))[0])
    assert ship_of_id(g, first["id"])["done"]
    moved = ship_of_id(g, first["id"])
    assert g.refused("move_ship", ship=first["id"], edge=sea.next_paths(layout(g), moved["edge"])[0]) == "ep_ship_done"


def route(g, start, goal):
    """The shortest way over sea paths from `start` to one of `goal`, never pointing at a
    face-down hex on the way."""
    lay = layout(g)
    seen, frontier = {start: None}, [start]
    while frontier:
        nxt = []
        for edge in frontier:
            if edge in goal:
                path = []
                while seen[edge] is not None:
                    path.append(edge)
                    edge = seen[edge]
                return path[::-1]
            for e in sea.next_paths(lay, edge):
                if e not in seen and not sea.pointed_at(lay, e):
                    seen[e] = edge
                    nxt.append(e)
        frontier = nxt
    return None


def ship_of_id(g, number):
    return next(s for s in part(g)["ships"] if s["id"] == number)


# ---------------------------------------------------------------- discovery


def _sail_to_discovery(g, seat=0):
    """Sail the active player's ship east until it points at a face-down hex."""
    ship = ship_of(g, seat)
    for _ in range(12):
        targets = ep.sailing_targets(g.state, ship_of_id(g, ship["id"]))
        if not targets:
            g.act("buy_moves", actor=me(seat), ship=ship["id"])
            continue
        east = max(targets, key=lambda e: sum(sea.parse_hex_id(p)[0] * 2 + sea.parse_hex_id(p)[1]
                                              for p in e.split("|")))
        g.act("move_ship", ship=ship["id"], edge=east)
        if g.state["phase"] == "reveal":
            return ship_of_id(g, ship["id"])
    raise AssertionError("no discovery")


def discovery_game():
    g = game(("red", "blue", "white"))  # red's harbour faces the north-east
    empty_hands(g)
    g.give(0, wool=3)
    to_movement(g)
    return g, _sail_to_discovery(g)


def test_a_discovery_ends_the_move_and_a_land_hex_pays_its_resource():
    g, ship = discovery_game()
    assert ship["points"] == 0 and ship["done"]
    pending = part(g)["reveal"]["hexes"]
    assert pending and all(layout(g)["hexes"][h]["terrain"] == "unexplored" for h in pending)
    hex_ = pending[0]
    area = layout(g)["hexes"][hex_]["area"]
    other = next(h for h, x in layout(g)["hexes"].items() if x["terrain"] == "unexplored" and h not in pending)
    assert g.refused("reveal_hex", hex=other, terrain="forest", number=5) == "ep_not_to_reveal"
    assert g.refused("reveal_hex", hex=hex_, terrain="sea", number=5) == "ep_no_token_on_sea"
    assert g.refused("reveal_hex", hex=hex_, terrain="forest") == "ep_token_needed"
    assert g.refused("reveal_hex", hex=hex_, terrain="forest", number=7) == "bad_number"
    assert g.refused("reveal_hex", hex=hex_, terrain="desert", number=5) == "ep_bad_terrain"
    assert g.refused("move_ship", ship=ship["id"], edge=ship["edge"]) == "wrong_phase"
    lumber = hand(g, 0)["lumber"]
    g.act("reveal_hex", hex=hex_, terrain="forest", number=5)
    assert hand(g, 0)["lumber"] == lumber + 1
    assert layout(g)["hexes"][hex_] == {"terrain": "forest", "number": 5, "area": area}
    assert part(g)["stacks"][area] == 5
    for h in part(g)["reveal"]["hexes"] if part(g)["reveal"] else []:
        g.act("reveal_hex", hex=h, terrain="sea")
    assert g.state["phase"] == "movement"
    assert g.refused("move_ship", ship=ship["id"], edge=ep.sea.next_paths(layout(g), ship["edge"])[0]) == "ep_ship_done"


def test_a_discovery_of_sea_pays_two_gold():
    g, ship = discovery_game()
    before = gold(g, 0)
    hexes = list(part(g)["reveal"]["hexes"])
    for h in hexes:
        g.act("reveal_hex", hex=h, terrain="sea")
    assert gold(g, 0) == before + 2 * len(hexes)
    assert all(layout(g)["hexes"][h]["terrain"] == "sea" for h in hexes)


def test_a_stack_without_tokens_reveals_no_more_land():
    g, ship = discovery_game()
    hex_ = part(g)["reveal"]["hexes"][0]
    part(g)["stacks"][layout(g)["hexes"][hex_]["area"]] = 0
    assert g.refused("reveal_hex", hex=hex_, terrain="hills", number=4) == "ep_stack_empty"


# ---------------------------------------------------------------- building on the sea board


def test_no_ship_is_built_next_to_a_face_down_hex_and_no_road_or_settlement_either():
    g = game()
    lay = layout(g)
    g_ = sea.geometry(lay)
    corner = next(c for c in g_.corners if sea.corner_touches_unexplored(lay, c)
                  and any(lay["hexes"].get(p, {}).get("terrain") == "sea" for p in c.split("|")))
    unexplored = next(p for p in corner.split("|") if lay["hexes"].get(p, {}).get("terrain") == "unexplored")
    edge = g_.hex_edges[unexplored][0]
    assert edge in ep.road_closed(None, g.state)
    assert ep._settlement_refusal(g.state, 0, corner) in (("ep_next_to_unexplored", {}), ("ep_not_land", {}))
    # a path beside a face-down hex is refused for a new ship
    part(g)["harbours"][corner] = 0  # (a test's shortcut: a harbour there)
    path = next(e for e in g_.corner_edges[corner] if sea.is_sea_path(lay, e))
    assert ep._ship_site_refusal(g.state, 0, path) == ("ep_next_to_unexplored", {})


def test_roads_go_on_land_paths_connected_to_own_pieces():
    g = game()
    empty_hands(g)
    g.act("roll", dice=[1, 1])
    g.give(0, brick=2, lumber=2)
    targets = view(g.state, 0)["board"]["targets"]["road"]
    assert targets and all(sea.is_land_path(layout(g), e) for e in targets)
    g.act("build_road", actor=me(0), edge=targets[0])
    assert g.state["board"]["pieces"]["roads"][targets[0]] == 0 and hand(g, 0)["brick"] == 1
    open_sea = next(e for e in sea.geometry(layout(g)).edges if not sea.is_land_path(layout(g), e))
    assert g.refused("build_road", actor=me(0), edge=open_sea) == "road_closed"


def test_the_first_settlement_in_an_unexplored_area_only_by_ship():
    g, ship = discovery_game()
    hexes = list(part(g)["reveal"]["hexes"])
    for h in hexes:
        g.act("reveal_hex", hex=h, terrain="fields", number=9)
    lay = layout(g)
    area = lay["hexes"][hexes[0]]["area"]
    corner = next((c for c in sea.edge_corners(lay, ship["edge"])
                   if ep._settlement_refusal(g.state, 0, c) is None), None)
    assert corner is not None, "the ship should reach a land corner of the revealed hexes"
    # an ordinary build there (a road lying ready, a test's shortcut) is refused
    g.act("end_turn")
    for _ in range(3):  # round to red again
        g.act("roll", dice=[1, 1]) if g.state["phase"] == "roll" else None
        if g.state["turn"]["seat"] == 0:
            break
        g.act("end_turn")
    road = next(e for e in sea.geometry(lay).corner_edges[corner] if sea.is_land_path(lay, e))
    g.state["board"]["pieces"]["roads"][road] = 0
    g.give(0, brick=1, lumber=1, wool=1, grain=1)
    assert g.refused("build_settlement", actor=me(0), corner=corner) == "ep_first_by_ship"
    del g.state["board"]["pieces"]["roads"][road]
    g.act("start_movement")
    vp = view(g.state, 0)["players"][0]["vp_public"]
    ships = len(part(g)["ships"])
    settlers = part(g)["settlers"][0]
    g.act("found_settlement", corner=corner, ship=ship["id"])
    assert g.state["board"]["pieces"]["settlements"][corner] == 0
    assert part(g)["first_settlement"][area] == 0
    assert len(part(g)["ships"]) == ships - 1 and part(g)["settlers"][0] == settlers + 1
    assert view(g.state, 0)["players"][0]["vp_public"] == vp + 1


def test_a_harbour_settlement_counts_two_and_produces_one():
    g = game(("white", "red", "blue"))
    empty_hands(g)
    g.act("roll", dice=[1, 1])
    white = sea_boards.START["white"]["settlement"]  # inland: beside three land hexes
    assert sea.is_coastal_corner(layout(g), white) is False
    assert g.refused("build_harbour", actor=me(0), corner=white) == "ep_not_coastal"
    # a coastal settlement of white's (a test's shortcut: placed directly)
    lay = layout(g)
    coastal = next(c for c in sea.geometry(lay).corners if sea.is_coastal_corner(lay, c)
                   and ep._settlement_refusal(g.state, 0, c) is None and sea.corner_area(lay, c) is None)
    g.state["board"]["pieces"]["settlements"][coastal] = 0
    g.state["players"][0]["settlements"] += 1
    vp = view(g.state, 0)["players"][0]["vp_public"]
    assert g.refused("build_harbour", actor=me(0), corner=coastal) == "cannot_afford"
    g.give(0, grain=2, ore=2)
    g.act("build_harbour", actor=me(0), corner=coastal)
    assert view(g.state, 0)["players"][0]["vp_public"] == vp + 1  # 1 -> 2
    assert hand(g, 0) == dict.fromkeys(ep.RESOURCES, 0)
    assert part(g)["docks"][coastal] == [] and g.state["players"][0]["settlements"] == 1
    # a land hex beside it: its number pays the harbour settlement 1 card, like a settlement
    land = next(p for p in coastal.split("|") if sea.is_land(lay, p))
    number, resource = lay["hexes"][land]["number"], boards.TERRAIN_RESOURCE[lay["hexes"][land]["terrain"]]
    own = [c for c, s in g.state["board"]["pieces"]["settlements"].items() if s == 0]
    expected = sum(1 for h, x in lay["hexes"].items() if x["number"] == number
                   and boards.TERRAIN_RESOURCE.get(x["terrain"]) == resource
                   for c in sea.geometry(lay).hex_corners[h] if c in own)
    g.act("end_turn")
    g.act("roll", dice=[number - 6, 6] if number > 6 else [1, number - 1])
    assert g.state["production"]["seats"]["0"][resource] == expected


def test_ships_cost_lumber_and_wool_three_a_player_and_a_rebuild_loses_the_cargo():
    g = game()
    empty_hands(g)
    g.act("roll", dice=[1, 1])
    start = sea_boards.START["white"]
    sites = sea.sea_paths_at(layout(g), start["harbour"])
    assert g.refused("build_ship", actor=me(0), edge=sites[0]) == "cannot_afford"
    g.give(0, lumber=3, wool=3)
    g.act("build_ship", actor=me(0), edge=sites[0])
    assert hand(g, 0)["lumber"] == 2 and hand(g, 0)["wool"] == 2
    g.act("build_ship", actor=me(0), edge=sites[-1])
    assert len([s for s in part(g)["ships"] if s["seat"] == 0]) == 3
    assert g.refused("build_ship", actor=me(0), edge=sites[0]) == "ep_ships_all_out"
    loaded = ship_of(g, 0)
    assert loaded["cargo"] == ["settler"]
    settlers = part(g)["settlers"][0]
    g.act("build_ship", actor=me(0), edge=start["ship"], remove=loaded["id"])
    assert loaded["id"] not in [s["id"] for s in part(g)["ships"]]
    assert part(g)["settlers"][0] == settlers + 1  # the settler is lost off the board, back in the supply
    assert len([s for s in part(g)["ships"] if s["seat"] == 0]) == 3
    assert hand(g, 0)["lumber"] == 0 and hand(g, 0)["wool"] == 0
    faraway = next(e for e in sea.geometry(layout(g)).edges if sea.is_sea_path(layout(g), e)
                   and not set(sea.edge_corners(layout(g), e)) & {start["harbour"]})
    g.give(0, lumber=1, wool=1)
    assert g.refused("build_ship", actor=me(0), edge=faraway, remove=ship_of(g, 0)["id"]) == "ep_not_at_harbour"


def test_settlers_are_built_into_a_dock_loaded_at_the_harbour_and_found_settlements():
    g = game()
    empty_hands(g)
    g.act("roll", dice=[1, 1])
    start = sea_boards.START["white"]
    g.give(0, brick=2, lumber=2, wool=2, grain=2)
    g.act("build_settler", actor=me(0), corner=start["harbour"])
    assert part(g)["docks"][start["harbour"]] == ["settler"] and part(g)["settlers"][0] == 0
    assert g.refused("build_settler", actor=me(0), corner=start["harbour"]) == "ep_no_settlers_left"
    part(g)["settlers"][0] = 1  # (a test's shortcut: a third piece)
    assert g.refused("build_settler", actor=me(0), corner=start["harbour"]) == "ep_dock_full"
    ship = ship_of(g, 0)
    assert g.refused("build_settler", actor=me(0), ship=ship["id"]) == "ep_ship_not_empty"
    part(g)["settlers"][0] = 0
    g.act("start_movement")
    assert g.refused("load_settler", ship=ship["id"]) == "ep_ship_not_empty"
    # unload the one aboard? the dock is full
    assert g.refused("unload_settler", ship=ship["id"]) == "ep_dock_full"
    # found a settlement at a land end of the ship's path: sail to the island's coast
    corner = next((c for c in sea.edge_corners(layout(g), ship["edge"])
                   if ep._settlement_refusal(g.state, 0, c) is None), None)
    assert corner is None  # the start path ends at the harbour and in open sea
    lay = layout(g)
    goal = {e for c in sea.geometry(lay).corners if ep._settlement_refusal(g.state, 0, c) is None
            and sea.corner_area(lay, c) is None for e in sea.sea_paths_at(lay, c)}
    path = route(g, ship["edge"], goal)
    assert 0 < len(path) <= 4
    for edge in path:
        g.act("move_ship", ship=ship["id"], edge=edge)
    options = ep.found_corners(g.state, 0)
    assert options, "the ship reaches the island's coast"
    g.act("found_settlement", corner=options[0])
    assert g.state["board"]["pieces"]["settlements"][options[0]] == 0
    assert not [s for s in part(g)["ships"] if s["seat"] == 0]
    assert part(g)["settlers"][0] == 1


def test_an_empty_ship_at_the_harbour_loads_the_docked_settler():
    g = game()
    empty_hands(g)
    g.act("roll", dice=[1, 1])
    start = sea_boards.START["white"]
    ship = ship_of(g, 0)
    ship["cargo"] = []  # (the settler already went ashore)
    part(g)["settlers"][0] = 2
    g.give(0, brick=1, lumber=1, wool=1, grain=1)
    g.act("build_settler", actor=me(0), corner=start["harbour"])
    g.act("start_movement")
    g.act("load_settler", ship=ship["id"])
    assert ship_of(g, 0)["cargo"] == ["settler"] and part(g)["docks"][start["harbour"]] == []
    assert ship_of(g, 0)["points"] == 4  # loading takes no point
    g.act("unload_settler", ship=ship["id"])
    assert part(g)["docks"][start["harbour"]] == ["settler"]
    g.act("load_settler", corner=start["harbour"])
    assert ship_of(g, 0)["cargo"] == ["settler"]


# ---------------------------------------------------------------- winning


def test_the_game_is_won_at_eight_points_in_ones_own_turn():
    g = game()
    empty_hands(g)
    g.act("roll", dice=[1, 1])
    lay = layout(g)
    pieces = g.state["board"]["pieces"]
    # white holds 3 points; four more settlements (placed directly, a test's shortcut) make 7
    placed = 0
    for c in sea.geometry(lay).corners:
        if placed == 4:
            break
        if ep._settlement_refusal(g.state, 0, c) is None and sea.corner_area(lay, c) is None:
            pieces["settlements"][c] = 0
            g.state["players"][0]["settlements"] += 1
            placed += 1
    assert ep.vp_base(g.state, 0) == 7 and g.state["phase"] == "main"
    coastal = next(c for c, s in pieces["settlements"].items() if s == 0 and c not in part(g)["harbours"]
                   and sea.is_coastal_corner(lay, c))
    g.give(0, grain=2, ore=2)
    g.act("build_harbour", actor=me(0), corner=coastal)
    assert g.state["phase"] == "finished" and g.state["winner"] == 0
    assert g.state["log"][-1]["kind"] == "won" and g.state["log"][-1]["params"]["vp"] == 8


def test_paper_cards_the_app_tracks_the_board_and_says_what_each_gets():
    g = game(mode="paper")
    assert g.state["bank"] is None
    g.act("roll", dice=[3, 3])
    assert "produced" in [e["kind"] for e in g.state["log"]]
    start = sea_boards.START["white"]
    site = next(e for e in sea.sea_paths_at(layout(g), start["harbour"]) if e != start["ship"])
    g.act("build_ship", edge=site)  # the table records it (cards paid at the table)
    assert len([s for s in part(g)["ships"] if s["seat"] == 0]) == 2
    g.act("start_movement")
    g.act("buy_moves", ship=ship_of(g, 0)["id"])
    assert ship_of(g, 0)["points"] == 6
    g.check_replay_and_undo()


def test_the_view_shows_the_sea_board_and_where_to_tap():
    g = game()
    v = view(g.state, "table")
    part_ = v["explorers_pirates"]
    assert part_["stage"] == "production" and len(part_["ships"]) == 3
    assert len(part_["unexplored"]) == 18 and part_["bank_ratio"] == 3
    assert v["gold"]["held"] == [2, 2, 2]
    empty_hands(g)
    g.give(0, lumber=1)
    assert view(g.state, 0)["me"]["ep_missing"]["ship"] == {"wool": 1}
    assert view(g.state, 0)["me"]["ep_missing"]["harbour"] == {"grain": 2, "ore": 2}
    to_movement(g)
    t = view(g.state, "table")["board"]
    assert t["targets"]["ship"] and t["actions"]["ship"] == "choose_ship"
    g.act("choose_ship", edge=t["targets"]["ship"][0])
    t = view(g.state, "table")["board"]
    assert t["targets"]["sail"] and t["actions"]["sail"] == "move_ship"
    assert view(g.state, 1)["board"]["targets"] == {}  # not red's turn


def test_a_ship_never_passes_into_a_full_path_it_could_not_leave():
    g = game()
    to_movement(g)
    ship = ship_of(g, 0)
    lay = layout(g)
    first = sail_away_from_unexplored(g, ship)[0]
    second = next(e for e in sea.next_paths(lay, first) if e != ship["edge"] and not sea.pointed_at(lay, e)
                  and not sea.shared_corner(lay, e, ship["edge"]))
    blocked = {first, second} | (set(sea.next_paths(lay, second)) - {first})
    for edge in sorted(blocked):  # two ships of the other players on each (a test's shortcut)
        for _ in range(2):
            ep._new_ship(part(g), 1, edge, sea.edge_corners(lay, edge)[0], [])
    g.act("move_ship", ship=ship["id"], edge=first)  # passing through: the way back has room
    # the next full path is surrounded by full paths only: it would be a trap
    assert g.refused("move_ship", ship=ship["id"], edge=second) == "ep_path_full"
    g.act("move_ship", ship=ship["id"], edge=ship["edge"])  # back where it came from
    g.act("end_turn")
