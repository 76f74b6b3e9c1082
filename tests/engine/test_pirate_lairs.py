"""Pirate Lairs ("Obozy Piratów"), Explorers & Pirates' second scenario, and the later
scenarios' rules it switches on (crews, the pirate ship, mission tracks): from the rulebook's
numbers and its worked conquest example."""
from companion.engine import view
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import missions
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.explorers_pirates_scenarios.pirate_lairs import rules as pl
from tests.engine.missions_helpers import (BLUE, RED, WHITE, Step, face_down, harbour_of, hold, main_phase, phone,
                                           refusal_without_the_core, scenario_config, ship_beside_pirates, ship_of,
                                           ship_rebuilt, three_rivers_found, to_reveal, won_at_the_roll)
from tests.engine.played import Played

config = scenario_config("pirate_lairs")


def test_pirate_lairs_is_set_up_for_twelve_points_with_nine_crews_each():
    g = Played(config())
    assert g.state["config"]["target"] == 12
    assert g.state["ep_missions"]["crews"] == [9, 9, 9]
    assert g.state["pirate_lairs"]["stack"] == 6
    tracks = view(g.state, "table")["ep_missions"]["tracks"]["pirate_lairs"]
    assert tracks["at"] == [0, 0, 0] and tracks["leader"] is None
    assert [hold(g, s) for s in range(3)] == [2, 2, 2]  # 2 gold each


# ---------------------------------------------------------------- crews, holds and docks


def test_a_crew_costs_one_ore_and_one_wool_and_a_dock_holds_two():
    g = Played(config())
    main_phase(g)
    corner = harbour_of(g, RED)
    g.give(RED, ore=3, wool=3)
    before = dict(g.state["players"][RED]["hand"])
    g.act("build_crew", actor=phone(RED), corner=corner)
    hand = g.state["players"][RED]["hand"]
    assert (before["ore"] - hand["ore"], before["wool"] - hand["wool"]) == (1, 1)
    g.act("build_crew", actor=phone(RED), corner=corner)
    assert g.state["explorers_pirates"]["docks"][corner] == ["crew", "crew"]
    assert g.refused("build_crew", actor=phone(RED), corner=corner) == "ep_no_room"
    assert g.state["ep_missions"]["crews"][RED] == 7


def test_a_settler_fills_a_hold_a_crew_takes_half():
    g = Played(config())
    main_phase(g)
    ship = ship_of(g, RED)
    assert ship["cargo"] == ["settler"]  # the start ship carries a settler: no room left
    g.give(RED, ore=2, wool=2, brick=1, lumber=1, grain=1)
    assert g.refused("build_crew", actor=phone(RED), ship=ship["id"]) == "ep_no_room"
    corner = harbour_of(g, RED)
    g.act("build_crew", actor=phone(RED), corner=corner)
    assert g.refused("build_settler", actor=phone(RED), corner=corner) == "ep_dock_full"  # a settler needs both places


def test_transshipment_swaps_a_ship_and_a_harbour_never_ship_to_ship():
    g = Played(config())
    main_phase(g)
    corner = harbour_of(g, RED)
    g.give(RED, ore=2, wool=2)
    g.act("build_crew", actor=phone(RED), corner=corner)
    g.act("build_crew", actor=phone(RED), corner=corner)
    ship = ship_of(g, RED)
    g.act("start_movement")
    g.act("swap_cargo", ship=ship["id"])  # the settler ashore, both crews aboard
    assert ship_of(g, RED)["cargo"] == ["crew", "crew"]
    assert g.state["explorers_pirates"]["docks"][corner] == ["settler"]
    assert g.refused("load_crew", ship=ship["id"]) == "ep_no_crew_here"
    assert g.refused("unload_crew", ship=ship["id"]) == "ep_no_room"  # the settler fills the dock
    assert "transfer" not in g.state and not any(a.startswith("ship_to_ship") for a in ep.LAYER.actions)


def test_loading_and_unloading_crews_one_by_one():
    g = Played(config())
    main_phase(g)
    corner = harbour_of(g, RED)
    ship = ship_of(g, RED)
    ship["cargo"] = []  # (a test's shortcut: the settler was used)
    g.give(RED, ore=1, wool=1)
    g.act("build_crew", actor=phone(RED), corner=corner)
    g.act("start_movement")
    g.act("load_crew", ship=ship["id"])
    assert ship_of(g, RED)["cargo"] == ["crew"] and g.state["explorers_pirates"]["docks"][corner] == []
    g.act("unload_crew", ship=ship["id"])
    assert ship_of(g, RED)["cargo"] == [] and g.state["explorers_pirates"]["docks"][corner] == ["crew"]


# ---------------------------------------------------------------- the pirate ship


def _hex_beside(g, edge):
    """An allowed pirate hex with `edge` as one of its paths, or None."""
    allowed = set(missions.pirate_hexes(g.state))
    return next((p for p in edge.split("|") if p in allowed), None)


def test_a_seven_brings_the_rollers_pirates_never_beside_the_start_island():
    g = Played(config())
    g.act("roll", dice=[3, 4])
    assert g.state["phase"] == "pirates"
    layout = g.state["board"]["layout"]
    near_island = next(h for h, x in layout["hexes"].items() if x["terrain"] == "sea"
                       and any(layout["hexes"].get(p, {}).get("area") == "start" and sea.is_land(layout, p)
                               for p in missions.hex_neighbours(h)))
    assert g.refused("place_pirates", hex=near_island) == "ep_pirates_not_here"
    unexplored = next(h for h, x in layout["hexes"].items() if x["terrain"] == "unexplored")
    assert g.refused("place_pirates", hex=unexplored) == "ep_pirates_not_here"
    spot = missions.pirate_hexes(g.state)[0]
    g.act("place_pirates", hex=spot)
    assert g.state["ep_missions"]["pirates"] == {"hex": spot, "seat": RED} and g.state["phase"] == "main"


def test_one_pirate_ship_on_the_board_and_its_owner_moves_it_elsewhere():
    g = Played(config())
    spots = missions.pirate_hexes(g.state)
    g.act("roll", dice=[3, 4])
    g.act("place_pirates", hex=spots[0])
    g.act("end_turn")
    g.act("roll", dice=[5, 2])  # blue's 7: red's pirates go home
    g.act("place_pirates", hex=spots[0])
    assert g.state["ep_missions"]["pirates"] == {"hex": spots[0], "seat": BLUE}
    assert g.state["log"][-1]["params"]["replaced"] == RED or any(
        e["kind"] == "ep_pirates_placed" and e["params"]["replaced"] == RED for e in g.state["log"][-3:])
    g.act("end_turn")
    g.act("roll", dice=[1, 2])
    g.act("end_turn")
    g.act("roll", dice=[1, 2])
    g.act("end_turn")
    g.act("roll", dice=[6, 1])  # blue again: their own pirates must go to another hex
    assert g.refused("place_pirates", hex=spots[0]) == "ep_pirates_elsewhere"
    g.act("place_pirates", hex=spots[1])
    assert g.state["ep_missions"]["pirates"] == {"hex": spots[1], "seat": BLUE}


def test_the_pirates_steal_one_gold_only_from_a_player_without_cards():
    g = Played(config())
    hex_ = ship_beside_pirates(g, BLUE)
    for r in g.state["players"][BLUE]["hand"]:  # blue holds no card
        g.state["bank"][r] += g.state["players"][BLUE]["hand"][r]
        g.state["players"][BLUE]["hand"][r] = 0
    g.act("roll", dice=[3, 4])
    g.act("place_pirates", hex=hex_)
    assert g.state["phase"] == "pirate_steal" and g.state["ep_missions"]["placing"]["victims"] == [BLUE]
    assert g.refused("pirate_steal", victim=WHITE) == "bad_victim"
    g.act("pirate_steal", victim=BLUE)
    assert (hold(g, RED), hold(g, BLUE)) == (3, 1)
    assert g.state["phase"] == "main"


def test_the_pirates_steal_a_card_when_there_is_one():
    g = Played(config())
    hex_ = ship_beside_pirates(g, BLUE)
    g.act("roll", dice=[3, 4])
    g.act("place_pirates", hex=hex_)
    blue_cards = sum(g.state["players"][BLUE]["hand"].values())
    red_cards = sum(g.state["players"][RED]["hand"].values())
    assert blue_cards > 0
    g.act("pirate_steal", victim=BLUE)
    assert sum(g.state["players"][BLUE]["hand"].values()) == blue_cards - 1
    assert sum(g.state["players"][RED]["hand"].values()) == red_cards + 1
    assert (hold(g, RED), hold(g, BLUE)) == (2, 2)  # no gold when a card could be taken


def _pirates_at(g, seat, hex_):
    g.state["ep_missions"]["pirates"] = {"hex": hex_, "seat": seat}  # (a test's shortcut)


def _moving_beside_pirates(pirates_owner):
    """A game in red's movement phase, red's ship on a path of the hex where `pirates_owner`'s
    pirate ship lies: (the game, that hex)."""
    g = Played(config())
    hex_ = ship_beside_pirates(g, RED)
    _pirates_at(g, pirates_owner, hex_)
    main_phase(g)
    g.act("start_movement")
    return g, hex_


def _step_paths(g, ship):
    return ep.sailing_targets(g.state, ship)


def test_the_toll_is_one_gold_once_per_ship_and_turn_and_not_to_ones_own_pirates():
    g, hex_ = _moving_beside_pirates(BLUE)
    before = hold(g, RED)
    ship = ship_of(g, RED)
    on_hex = [e for e in _step_paths(g, ship) if hex_ in e.split("|")]
    off_hex = [e for e in _step_paths(g, ship) if hex_ not in e.split("|")]
    g.act("move_ship", ship=ship["id"], edge=(on_hex or off_hex)[0])  # leaving or using a path of the pirates' hex
    assert hold(g, RED) == before - 1 and g.state["ep_missions"]["tolls"] == [ship["id"]]
    ship = ship_of(g, RED)
    g.act("move_ship", ship=ship["id"], edge=_step_paths(g, ship)[0])
    assert hold(g, RED) == before - 1  # paid once this turn
    # own pirates: no toll
    g2, hex2 = _moving_beside_pirates(RED)
    before = hold(g2, RED)
    ship2 = ship_of(g2, RED)
    g2.act("move_ship", ship=ship2["id"], edge=_step_paths(g2, ship2)[0])
    assert hold(g2, RED) == before


def test_without_gold_a_ship_cannot_leave_the_pirates():
    g, hex_ = _moving_beside_pirates(BLUE)
    g.state["gold"]["held"][RED] = 0
    ship = ship_of(g, RED)
    assert g.refused("move_ship", ship=ship["id"], edge=_step_paths(g, ship)[0]) == "not_enough_gold"


def test_without_gold_the_board_offers_no_step_that_owes_the_toll():
    g, hex_ = _moving_beside_pirates(BLUE)
    ship = ship_of(g, RED)
    if g.state["explorers_pirates"]["moving"] != ship["id"]:
        g.act("choose_ship", ship=ship["id"])
    assert g.targets()["sail"]  # with gold: every step on
    g.state["gold"]["held"][RED] = 0
    assert not g.targets().get("sail")  # on a path of the pirates' hex: any step owes the toll
    g.state["gold"]["held"][RED] = 1
    g.act("move_ship", ship=ship["id"], edge=_step_paths(g, ship)[0])  # the toll paid: once a turn
    assert RED in [e["seat"] for e in g.state["log"] if e["kind"] == "ep_toll_paid"]
    g.state["gold"]["held"][RED] = 0
    assert g.targets().get("sail") == _step_paths(g, ship_of(g, RED))  # paid this turn: nothing more is due


def test_a_chase_wins_on_a_six_only_once_per_ship_and_turn():
    g, hex_ = _moving_beside_pirates(BLUE)
    ship = ship_of(g, RED)
    assert view(g.state, "table")["ep_missions"]["fit"] == [ship["id"]]
    g.act("chase_pirates", ship=ship["id"], die=5)
    assert g.state["ep_missions"]["pirates"] == {"hex": hex_, "seat": BLUE}
    assert g.refused("chase_pirates", ship=ship["id"], die=6) == "ep_chased"
    # next turn of red's: a 6
    for _ in range(3):
        g.act("end_turn")
        g.act("roll", dice=[1, 2])
    g.act("start_movement")
    g.act("chase_pirates", ship=ship["id"], die=6)
    assert g.state["ep_missions"]["pirates"] == {"hex": None, "seat": None}
    assert g.state["phase"] == "pirates"
    spot = next(h for h in missions.pirate_hexes(g.state) if h != hex_)
    g.act("place_pirates", hex=spot)
    assert g.state["ep_missions"]["pirates"] == {"hex": spot, "seat": RED} and g.state["phase"] == "movement"
    ship = ship_of(g, RED)
    assert _step_paths(g, ship)  # the chaser may still move


def test_a_ship_that_moved_is_not_fit_to_chase():
    g, hex_ = _moving_beside_pirates(BLUE)
    ship = ship_of(g, RED)
    g.act("move_ship", ship=ship["id"], edge=_step_paths(g, ship)[0])
    assert g.refused("chase_pirates", ship=ship["id"], die=6) in ("ep_not_fit", "ep_ship_done")


# ---------------------------------------------------------------- mission tracks


def test_markers_stack_and_the_bottom_one_holds_the_missions_card():
    g = Played(config(("red", "blue", "white", "orange")))
    step = Step()
    state = g.state
    missions.advance(state, step, 2, "pirate_lairs")  # seat 2 first on field 1
    missions.advance(state, step, 1, "pirate_lairs")
    assert state["ep_missions"]["tracks"]["pirate_lairs"]["stacks"]["1"] == [2, 1]
    assert missions.leader(state, "pirate_lairs") == 2  # the bottom marker of the furthest stack
    missions.advance(state, step, 1, "pirate_lairs")
    assert missions.leader(state, "pirate_lairs") == 1
    missions.advance(state, step, 2, "pirate_lairs")
    assert missions.leader(state, "pirate_lairs") == 1  # blue got there first
    assert missions.mission_vp(state, 1) == pl.TRACK_VP[2] + 1
    assert missions.mission_vp(state, 2) == pl.TRACK_VP[2]
    assert missions.mission_vp(state, 0) == 0


# ---------------------------------------------------------------- lairs and the conquest


def _lair(g, seat=RED):
    """Turn a north face-down hex into a gold river with its lair (as revealed by seat's ship)."""
    hex_ = face_down(g, "north")[0]
    to_reveal(g, hex_, seat)
    return hex_


def _sea_path_at(g, hex_, taken=()):
    layout = g.state["board"]["layout"]
    for i in range(6):
        for e in sea.sea_paths_at(layout, sea.hex_corner(hex_, i)):
            if e not in taken and not ep.ships_on(g.state, e):
                return e, sea.hex_corner(hex_, i)
    raise AssertionError("no path")


def test_finding_a_lair_pays_two_gold_and_blocks_building_beside_it():
    g = Played(config())
    main_phase(g)
    g.act("start_movement")
    hex_ = _lair(g)
    assert g.refused("reveal_hex", hex=hex_, terrain="gold_river", number=5) == "pl_no_token_on_river"
    before = hold(g, RED)
    g.act("reveal_hex", hex=hex_, terrain="gold_river")
    assert hold(g, RED) == before + 2 and g.state["pirate_lairs"]["stack"] == 5
    layout = g.state["board"]["layout"]
    assert layout["hexes"][hex_]["lair"] is True
    corner = sea.hex_corner(hex_, 3)
    assert ep._settlement_refusal(g.state, RED, corner)[0] in ("ep_next_to_lair", "ep_next_to_unexplored")
    edges = {sea.corners_edge(sea.hex_corner(hex_, i), sea.hex_corner(hex_, (i + 1) % 6)) for i in range(6)}
    assert edges <= sea.road_closed_edges(layout)


def _conquest_example():
    """The rulebook's example: red brings 2 crews to a lair where blue's 1 crew stands."""
    g = Played(config(("red", "blue", "white")))
    main_phase(g)
    g.act("start_movement")
    hex_ = _lair(g)
    g.act("reveal_hex", hex=hex_, terrain="gold_river")
    g.state["pirate_lairs"]["lairs"][hex_]["crews"] = [BLUE]  # blue landed 1 crew earlier
    g.state["ep_missions"]["crews"][BLUE] -= 1
    edge, corner = _sea_path_at(g, hex_)
    ship = ship_of(g, RED)
    ship.update(edge=edge, bow=corner, cargo=["crew", "crew"], done=False, points=4)
    g.state["ep_missions"]["crews"][RED] -= 2
    g.state["explorers_pirates"]["settlers"][RED] += 1  # (the settler it carried went home)
    return g, hex_, ship["id"]


def test_the_rulebooks_conquest_example():
    g, hex_, ship = _conquest_example()
    gold_before = [hold(g, s) for s in range(3)]
    g.act("land_crews", hex=hex_, ship=ship)
    assert g.state["pirate_lairs"]["lairs"][hex_]["crews"] == [BLUE, RED, RED]
    assert g.state["pirate_lairs"]["pending"] == [hex_]  # 3 crews: it falls at the end of the movement
    assert g.refused("land_crews", hex=hex_, ship=ship) == "pl_lair_full"
    g.act("end_turn")
    assert g.state["phase"] == "conquest" and g.state["turn"]["seat"] == RED
    assert g.refused("conquer", number=7) == "bad_number"
    g.act("conquer", number=9)
    assert g.state["board"]["layout"]["hexes"][hex_]["number"] == 9
    assert [hold(g, s) - gold_before[s] for s in range(3)] == [2, 2, 0]
    track = g.state["ep_missions"]["tracks"]["pirate_lairs"]
    assert track["at"] == [1, 1, 0] and track["stacks"]["1"] == [RED, BLUE]  # red moves first (active)
    conquest = g.state["pirate_lairs"]["conquest"]
    assert conquest["stage"] == "hero" and conquest["tied"] == [RED, BLUE]
    g.act("hero_roll", dice=[5, 6])  # red 5 + 2 crews, blue 6 + 1 crew: 7 to 7, red has more crews
    assert any(e["kind"] == "pl_hero" and e["seat"] == RED for e in g.state["log"])
    assert g.state["ep_missions"]["tracks"]["pirate_lairs"]["at"] == [2, 1, 0]
    lair = g.state["pirate_lairs"]["lairs"][hex_]
    assert lair["conquered"] and lair["crews"] == [] and sorted(lair["beside"]) == [RED, BLUE]
    assert g.state["ep_missions"]["crews"][RED] == 9 - 2 + 1  # the hero's one crew back in supply
    assert g.state["turn"]["seat"] == BLUE and g.state["phase"] == "roll"  # red's turn is over
    assert missions.leader(g.state, "pirate_lairs") == RED
    assert not g.state["board"]["layout"]["hexes"][hex_]["lair"]  # building beside it is open again


def test_a_full_tie_makes_the_tied_roll_again():
    g, hex_, ship = _conquest_example()
    g.state["pirate_lairs"]["lairs"][hex_]["crews"] = [BLUE, BLUE]
    g.act("land_crews", hex=hex_, ship=ship, count=1)
    g.act("end_turn")
    g.act("conquer", number=4)
    g.act("hero_roll", dice=[4, 3])  # red 4 + 1, blue 3 + 2: blue has more crews
    assert g.state["ep_missions"]["tracks"]["pirate_lairs"]["at"] == [1, 2, 0]


def test_tied_in_crews_too_the_tied_roll_again():
    g, hex_, ship = _conquest_example()
    g.state["pirate_lairs"]["lairs"][hex_]["crews"] = [BLUE]
    g.act("land_crews", hex=hex_, ship=ship, count=1)
    lair = g.state["pirate_lairs"]["lairs"][hex_]
    lair["crews"].append(WHITE)  # (white's crew stood there too)
    g.state["pirate_lairs"]["pending"] = [hex_]
    g.act("end_turn")
    g.act("conquer", number=4)
    g.act("hero_roll", dice=[3, 3, 1])  # red and blue 4 each with 1 crew each: they roll again
    conquest = g.state["pirate_lairs"]["conquest"]
    assert conquest["tied"] == [RED, BLUE]
    g.act("hero_roll", dice=[2, 5])
    assert g.state["ep_missions"]["tracks"]["pirate_lairs"]["at"] == [1, 2, 1]


def test_a_lone_conqueror_is_the_hero_at_once():
    g, hex_, ship = _conquest_example()
    g.state["pirate_lairs"]["lairs"][hex_]["crews"] = [RED]
    g.act("land_crews", hex=hex_, ship=ship)
    g.act("end_turn")
    g.act("conquer", number=10)
    assert g.state["ep_missions"]["tracks"]["pirate_lairs"]["at"] == [2, 0, 0]
    assert g.state["pirate_lairs"]["lairs"][hex_]["beside"] == [RED, RED]


def test_a_freed_gold_river_pays_two_gold_to_each_player_beside_it():
    g, hex_, ship = _conquest_example()
    g.act("land_crews", hex=hex_, ship=ship)
    g.act("end_turn")
    g.act("conquer", number=9)
    g.act("hero_roll", dice=[5, 6])
    corner = next(c for c in (sea.hex_corner(hex_, i) for i in range(6))
                  if ep._settlement_refusal(g.state, WHITE, c) is None)
    g.state["board"]["pieces"]["settlements"][corner] = WHITE  # (a test's shortcut)
    before = hold(g, WHITE)
    g.act("roll", dice=[4, 5])
    earned = [e for e in g.state["log"] if e["kind"] == "gold_earned" and e["params"].get("reason") == "river"]
    assert [e["seat"] for e in earned] == [WHITE]
    assert hold(g, WHITE) - before >= 2


def test_crews_left_beside_the_token_are_fetched_by_their_owners_ship():
    g, hex_, ship = _conquest_example()
    g.act("land_crews", hex=hex_, ship=ship)
    g.act("end_turn")
    g.act("conquer", number=9)
    g.act("hero_roll", dice=[5, 6])
    for _ in range(3):  # back to red's turn
        if g.state["turn"]["seat"] == RED:
            break
        g.act("roll", dice=[1, 2])
        g.act("end_turn")
    g.act("roll", dice=[1, 2])
    g.act("start_movement")
    g.act("collect_crews", hex=hex_, ship=ship)
    assert ship_of(g, RED)["cargo"] == ["crew"]
    assert g.state["pirate_lairs"]["lairs"][hex_]["beside"] == [BLUE]
    assert g.refused("collect_crews", hex=hex_, ship=ship) == "pl_no_crews_there"


def test_the_game_ends_at_twelve_points():
    g = Played(config())
    # red: 2 (harbour) + 1 (settlement) = 3; 8 more from settlements, 1 from the track
    g.state["players"][RED]["settlements"] += 7
    step = Step()
    missions.advance(g.state, step, RED, "pirate_lairs")  # field 1 (1 VP) and the mission card (1 VP)
    assert g.state["winner"] is None
    won_at_the_roll(g, RED, 12)


def test_pirate_lairs_plays_with_the_explorers_pirates_core_only():
    assert refusal_without_the_core("pirate_lairs") == "pirate_lairs_explorers_pirates_only"


def test_a_conquest_that_brings_twelve_points_wins_in_the_players_own_turn():
    g, hex_, ship = _conquest_example()
    g.state["players"][RED]["settlements"] += 5  # (a test's shortcut) 2 + 1 + 5 = 8 points
    g.act("land_crews", hex=hex_, ship=ship)
    g.act("end_turn")
    g.act("conquer", number=9)
    assert g.state["winner"] is None
    g.act("hero_roll", dice=[5, 6])  # the hero: field 2 (1 point) and the mission card (1 point)
    assert missions.mission_vp(g.state, RED) == pl.TRACK_VP[2] + 1
    assert g.state["winner"] is None  # 10 points: the turn goes on to blue
    assert g.state["turn"]["seat"] == BLUE


def test_a_conquest_reaching_twelve_wins_before_the_turn_ends():
    g, hex_, ship = _conquest_example()
    g.state["players"][RED]["settlements"] += 7  # 2 + 1 + 7 = 10 points
    g.act("land_crews", hex=hex_, ship=ship)
    g.act("end_turn")
    g.act("conquer", number=9)  # field 1 (1 point) and the mission card (1 point): 12, still red's turn
    # not yet: the conquest is settled only after the hero's roll (which may move the card)
    assert g.state["winner"] is None and g.state["phase"] == "conquest"
    g.act("hero_roll", dice=[5, 6])  # the rulebook's rolls: 7 to 7, red has more crews there
    assert g.state["winner"] == RED and g.state["phase"] == "finished"
    assert g.state["log"][-1]["kind"] == "won" and g.state["log"][-1]["params"]["vp"] == 12


def test_a_hero_roll_can_take_the_mission_card_before_anyone_wins():
    g, hex_, ship = _conquest_example()
    g.state["players"][RED]["settlements"] += 7  # 10 points; the number alone brings red to 12
    g.act("land_crews", hex=hex_, ship=ship)
    g.act("end_turn")
    g.act("conquer", number=9)
    assert g.state["winner"] is None
    g.act("hero_roll", dice=[1, 6])  # red 1 + 2 = 3, blue 6 + 1 = 7: blue is the hero, on field 2
    missions_part = g.state["ep_missions"]["tracks"]["pirate_lairs"]
    assert missions_part["at"][BLUE] == 2 and missions.leader(g.state, "pirate_lairs") == BLUE
    assert g.state["winner"] is None  # red: 10 + 1 (field 1), the card went to blue


# ---------------------------------------------------------------- the free placement


def test_the_free_placement_order_for_four_and_two_players():
    from companion.layers.cores.explorers_pirates import placement
    four = [(s["seat"], s["piece"]) for s in placement.steps(4)]
    assert four[:8] == [(0, "harbour"), (1, "harbour"), (2, "harbour"), (3, "harbour"),
                        (3, "settlement"), (2, "settlement"), (1, "settlement"), (0, "settlement")]
    assert four[8:] == [(s, p) for s in range(4) for p in ("road", "ship")]  # the last to place starts
    two = [(s["seat"], s["owner"], s["piece"]) for s in placement.steps(2)]
    assert two[:6] == [(0, 0, "harbour"), (1, 1, "harbour"), (0, 2, "harbour"), (1, 3, "harbour"),
                       (1, 3, "settlement"), (0, 2, "settlement")]  # the neutral pieces, then back


def _placed(g):
    v = view(g.state, "table")
    kind, places = next(iter(v["board"]["targets"].items()))
    return kind, places


def test_free_placement_checks_each_piece_and_ends_with_turn_one():
    g = Played(config(board="free"))
    assert g.state["phase"] == "placement" and g.state["explorers_pirates"]["ships"] == []
    layout = g.state["board"]["layout"]
    kind, places = _placed(g)
    assert kind == "start_harbour"
    inland = next(c for c in sea.geometry(layout).corner_hexes
                  if all(sea.is_land(layout, p) for p in sea.corner_positions(c)))
    assert g.refused("place_start", corner=inland) == "ep_not_coastal"
    g.act("place_start", corner=places[0])
    assert g.state["turn"]["seat"] == 1
    assert g.refused("place_start", actor=phone(0), corner=places[-1]) == "not_your_turn"
    while g.state["phase"] == "placement":
        kind, places = _placed(g)
        if kind == "start_road":
            far = next(e for e in sea.geometry(layout).edge_corners
                       if e not in places and not sea.is_sea_path(layout, e)
                       and e not in sea.road_closed_edges(layout) and e not in g.state["board"]["pieces"]["roads"])
            assert g.refused("place_start", edge=far) == "pl_road_at_settlement"
        field = "corner" if kind in ("start_harbour", "start_settlement") else "edge"
        g.act("place_start", **{field: places[-1]})
    assert g.state["phase"] == "roll" and g.state["turn"] == {"number": 1, "seat": 0, "rolled": False,
                                                               "dev_played": False}
    e = g.state["explorers_pirates"]
    assert sorted(e["harbours"].values()) == [0, 1, 2] and [s["cargo"] for s in e["ships"]] == [["settler"]] * 3
    assert all(g.state["players"][s]["settlements"] == 1 and g.state["players"][s]["roads"] == 1 for s in range(3))
    assert e["settlers"] == [1, 1, 1]
    g.check_replay_and_undo()


def test_a_ship_taken_off_for_a_rebuild_sends_its_crews_home():
    g = Played(config())
    main_phase(g)
    first = ship_of(g, RED)
    first["cargo"] = ["crew", "crew"]  # (a test's shortcut: two crews aboard, the settler used)
    g.state["ep_missions"]["crews"][RED] -= 2
    ship_rebuilt(g, RED, first)
    assert g.state["ep_missions"]["crews"][RED] == 9
    assert first["id"] not in [s["id"] for s in g.state["explorers_pirates"]["ships"]]


def test_on_a_seven_hands_above_seven_give_back_half_before_the_pirates_come():
    g = Played(config())
    g.give(BLUE, brick=4, lumber=4)
    g.act("roll", dice=[3, 4])
    assert g.state["phase"] == "discard"
    held = g.state["players"][BLUE]["hand"]
    due = sum(held.values()) // 2
    cards, left = {}, due
    for r, n in held.items():
        take = min(n, left)
        if take:
            cards[r] = take
            left -= take
    g.act("discard", actor=phone(BLUE), cards=cards)
    assert g.state["phase"] == "pirates"
    g.act("place_pirates", hex=missions.pirate_hexes(g.state)[0])
    assert g.state["phase"] == "main"


def test_three_gold_rivers_in_each_area():
    g = Played(config())
    main_phase(g)
    g.act("start_movement")
    north = three_rivers_found(g, "north")
    assert g.refused("reveal_hex", hex=north[3], terrain="gold_river") == "pl_no_rivers_left"
    assert g.state["pirate_lairs"]["stack"] == 3


def test_a_phone_sees_what_its_hand_lacks_for_a_crew_and_no_other_hand():
    g = Played(config())
    main_phase(g)
    for r in g.state["players"][RED]["hand"]:
        g.state["bank"][r] += g.state["players"][RED]["hand"][r]
        g.state["players"][RED]["hand"][r] = 0
    mine = view(g.state, RED)
    assert mine["me"]["pl_missing"] == {"crew": {"ore": 1, "wool": 1}}
    assert "crew_dock" not in mine["board"]["targets"]  # not affordable: no tap
    g.give(RED, ore=1, wool=1)
    mine = view(g.state, RED)
    assert mine["me"]["pl_missing"] == {"crew": {}} and mine["board"]["targets"]["crew_dock"] == [harbour_of(g, RED)]
    assert "crew_dock" not in view(g.state, "table")["board"]["targets"]  # with hands: built on the phone
    assert view(g.state, BLUE)["board"]["targets"] == {}


def test_two_players_place_the_neutral_pieces_too():
    g = Played(config(("red", "blue"), board="free"))
    while g.state["phase"] == "placement":
        kind, places = _placed(g)
        field = "corner" if kind in ("start_harbour", "start_settlement") else "edge"
        g.act("place_start", **{field: places[len(places) // 2]})
    e = g.state["explorers_pirates"]
    assert sorted(e["harbours"].values()) == [0, 1, 2, 3]
    owners = sorted(g.state["board"]["pieces"]["settlements"].values())
    assert owners == [0, 0, 1, 1, 2, 2, 3, 3]  # a harbour and a settlement each, neutral ones too
    assert sorted(g.state["board"]["pieces"]["roads"].values()) == [0, 1]  # neutral pieces get no road
    assert [s["seat"] for s in e["ships"]] == [0, 1] and e["neutral"] == {"2": "white", "3": "orange"}
    assert g.state["phase"] == "roll" and g.state["turn"]["seat"] == 0
