"""Spices for Catan ("Przyprawy dla Catanu"), Explorers & Pirates' fourth scenario: from the
rulebook's numbers (2 gold for a spice field, as many sacks as players, one merchant per player
per village for good, building only with a merchant there, the villages' benefits with the
text's 8-point top speed, 1 or 2 sacks delivered to the Council of Catan, 15 points)."""
from functools import partial

import pytest

from companion.engine import view
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import council, missions
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.explorers_pirates_scenarios.spices_for_catan import rules as sp
from tests.engine.missions_helpers import (BLUE, RED, at_port, face_down, hold, movement, phone, put_ship,
                                           refusal_without_the_core, scenario_config, ship_beside_pirates, ship_of,
                                           ship_rebuilt, to_reveal)
from tests.engine.played import Played

config = scenario_config("spices_for_catan")
_face_down = partial(face_down, key=sea.parse_hex_id)


WEST = sea.offset_to_axial(7, 1)  # the north area's westernmost hex of its middle row: open sea west of it


def _spice(g, benefit, hex_=WEST, seat=RED):
    to_reveal(g, hex_, seat)
    g.act("reveal_hex", hex=hex_, terrain="spice", benefit=benefit)
    return hex_


def _clear_around(g, hex_):
    """The face-down hexes around `hex_` turn out sea (a test's shortcut): its corners are free."""
    for p in missions.hex_neighbours(hex_):
        if sea.is_unexplored(g.state["board"]["layout"], p):
            sp._set_cell(g.state, p, terrain="sea")


def _ship_at(g, hex_, cargo, seat=RED):
    """seat's ship on a sea path with an end on a corner of `hex_`, carrying `cargo` (a shortcut)."""
    layout = g.state["board"]["layout"]
    for i in range(6):
        corner = sea.hex_corner(hex_, i)
        for edge in sea.sea_paths_at(layout, corner):
            if not ep.ships_on(g.state, edge):
                crews = ship_of(g, seat)["cargo"].count("crew")
                g.state["ep_missions"]["crews"][seat] += crews - cargo.count("crew")
                return put_ship(g, seat, edge, corner, cargo, done=False)
    raise AssertionError("no sea path at that hex")


def _ship_at_council(g, cargo, seat=RED):
    return at_port(g, seat, cargo, done=False)


def _village(g, benefit, seats, hex_="99,99"):
    """A village whose benefit `seats` already hold (a test's shortcut for the hooks)."""
    g.state["spices_for_catan"]["villages"][hex_] = {"benefit": benefit, "sacks": 0, "crews": list(seats)}


# ---------------------------------------------------------------- the set-up


def test_spices_for_catan_is_set_up_for_fifteen_points_with_24_sacks_and_two_missions():
    g = Played(config())
    assert g.state["config"]["target"] == 15
    assert g.state["spices_for_catan"]["supply"] == 24 and g.state["spices_for_catan"]["villages"] == {}
    tracks = g.state["ep_missions"]["tracks"]
    assert set(tracks) == {"fish_for_catan", "spices_for_catan"}
    assert tracks["spices_for_catan"]["at"] == [0, 0, 0]
    assert g.state["ep_missions"]["track_vp"]["spices_for_catan"] == list(sp.TRACK_VP)
    assert [hold(g, s) for s in range(3)] == [2, 2, 2]  # 2 gold each
    layout = g.state["board"]["layout"]
    assert len(_face_down(g, "north")) == len(_face_down(g, "south")) == 13  # 7 standard + 3 fish + 3 spice
    assert layout["council"]["hex"] == sea.offset_to_axial(5, 3)
    assert g.state["explorers_pirates"]["stacks"] == {"north": 6, "south": 6}


def test_a_manual_board_checks_the_start_island_against_this_scenarios_set():
    from companion.engine.game import rules_for
    g = Played(config(board="manual"))
    assert g.state["phase"] == "board"
    expected = rules_for(g.state["config"]).board_expected("land_ho", {})
    assert expected["terrains"]["unexplored"] == 26 and expected["terrains"]["mountains"] == 3
    g.act("board_done")  # the printed island, 26 face-down hexes: nothing to correct
    assert g.state["phase"] == "roll" and len(g.state["explorers_pirates"]["ships"]) == 3


def test_spices_for_catan_plays_with_the_explorers_pirates_core_only():
    assert refusal_without_the_core("spices_for_catan") == "spices_explorers_pirates_only"


# ---------------------------------------------------------------- finding a spice field


@pytest.mark.parametrize("colours", [("red", "blue"), ("red", "blue", "white"), ("red", "blue", "white", "orange")])
def test_a_spice_field_pays_two_gold_and_its_village_gets_a_sack_per_player(colours):
    g = Played(config(colours))
    movement(g)
    before = hold(g, RED)
    to_reveal(g, WEST)
    assert g.refused("reveal_hex", hex=WEST, terrain="spice", benefit="quick_gold", number=5) == "sp_no_token_on_spice"
    assert g.refused("reveal_hex", hex=WEST, terrain="spice") == "sp_benefit_needed"
    assert g.refused("reveal_hex", hex=WEST, terrain="spice", benefit="cheap_roads") == "sp_benefit_needed"
    g.act("reveal_hex", hex=WEST, terrain="spice", benefit="quick_gold")
    assert hold(g, RED) == before + 2
    village = g.state["spices_for_catan"]["villages"][WEST]
    assert village == {"benefit": "quick_gold", "sacks": len(colours), "crews": []}
    assert g.state["spices_for_catan"]["supply"] == 24 - len(colours)
    cell = g.state["board"]["layout"]["hexes"][WEST]
    assert cell["terrain"] == "spice" and cell["number"] is None and cell["open_to"] == []
    assert g.state["phase"] == "movement"
    assert g.state["explorers_pirates"]["stacks"]["north"] == 6  # no token taken


def test_three_spice_fields_an_area_and_each_benefit_as_often_as_the_villages_have_it():
    g = Played(config())
    movement(g)
    north = _face_down(g)
    _spice(g, "pirates_5", north[0])
    to_reveal(g, north[1])
    assert g.refused("reveal_hex", hex=north[1], terrain="spice", benefit="pirates_5") == "sp_benefit_taken"
    g.act("reveal_hex", hex=north[1], terrain="spice", benefit="fast_travel")
    _spice(g, "fast_travel", north[2])
    assert sp.benefits_left(g.state) == {"fast_travel": 0, "pirates_5": 0, "pirates_4": 1, "quick_gold": 2}
    to_reveal(g, north[3])
    assert g.refused("reveal_hex", hex=north[3], terrain="spice", benefit="quick_gold") == "sp_no_spices_left"
    g.act("reveal_hex", hex=north[3], terrain="forest", number=9)  # the other terrains are the core's
    south = _face_down(g, "south")
    _spice(g, "quick_gold", south[0])
    assert len(g.state["spices_for_catan"]["villages"]) == 4


def test_three_fish_fields_an_area_for_the_fish_mission():
    g = Played(config())
    movement(g)
    north = _face_down(g)
    for face, hex_ in zip((1, 2, 3), north):
        to_reveal(g, hex_)
        g.act("reveal_hex", hex=hex_, terrain="fish", die=face)
    to_reveal(g, north[3])
    assert g.refused("reveal_hex", hex=north[3], terrain="fish", die=4) == "ff_no_fish_left"
    south = _face_down(g, "south")
    for face, hex_ in zip((4, 5, 6), south):
        to_reveal(g, hex_)
        g.act("reveal_hex", hex=hex_, terrain="fish", die=face)
    assert sum(1 for x in g.state["board"]["layout"]["hexes"].values() if x.get("fish")) == 6


# ---------------------------------------------------------------- merchants in the villages


def test_a_merchant_goes_into_the_village_for_good_and_a_sack_comes_aboard():
    g = Played(config())
    movement(g)
    hex_ = _spice(g, "quick_gold")
    ship = _ship_at(g, hex_, ["crew", "crew"])
    g.act("place_merchant", hex=hex_)
    assert ship_of(g, RED)["cargo"] == ["crew", "sack"]
    village = g.state["spices_for_catan"]["villages"][hex_]
    assert village["crews"] == [RED] and village["sacks"] == 2
    assert g.state["board"]["layout"]["hexes"][hex_]["open_to"] == [RED]
    # one merchant per player per village: the second crew aboard stays there
    assert g.refused("place_merchant", hex=hex_, ship=ship["id"]) == "sp_one_crew_per_village"
    assert sp.crews_in_villages(g.state, RED) == 1
    crews = g.state["ep_missions"]["crews"][RED] + missions.crews_on_board(g.state, RED)
    assert crews + sp.crews_in_villages(g.state, RED) == missions.CREWS
    # the merchant never leaves: turns go by, the village keeps it
    for _ in range(3):
        g.act("end_turn")
        g.act("roll", dice=[1, 2])
    assert g.state["spices_for_catan"]["villages"][hex_]["crews"] == [RED]


def test_each_player_places_one_merchant_and_a_village_without_sacks_still_takes_them():
    g = Played(config(("red", "blue")))
    movement(g)
    hex_ = _spice(g, "pirates_4")
    _ship_at(g, hex_, ["crew"])
    g.act("place_merchant", hex=hex_)
    g.act("end_turn")
    g.act("roll", dice=[1, 2])
    g.act("start_movement")
    _ship_at(g, hex_, ["crew"], seat=BLUE)
    g.act("place_merchant", hex=hex_)
    village = g.state["spices_for_catan"]["villages"][hex_]
    assert village["crews"] == [RED, BLUE] and village["sacks"] == 0  # 2 players: 2 sacks, both taken
    assert ship_of(g, BLUE)["cargo"] == ["sack"]
    assert g.state["board"]["layout"]["hexes"][hex_]["open_to"] == [RED, BLUE]


def test_a_village_with_no_sack_left_gives_the_benefit_without_a_sack():
    g = Played(config())
    movement(g)
    hex_ = _spice(g, "quick_gold")
    g.state["spices_for_catan"]["villages"][hex_]["sacks"] = 0
    _ship_at(g, hex_, ["crew"])
    g.act("place_merchant", hex=hex_)
    assert ship_of(g, RED)["cargo"] == [] and sp.benefits_of(g.state, RED) == ["quick_gold"]


def test_a_merchant_needs_a_ship_with_a_crew_pointing_at_the_spice_field():
    g = Played(config())
    movement(g)
    hex_ = _spice(g, "quick_gold")
    other = _face_down(g)[0]
    assert g.refused("place_merchant", hex=other) == "sp_not_village"
    assert g.refused("place_merchant", hex=hex_) == "ep_not_ship_end"  # the start ship is far away
    _ship_at(g, hex_, [])
    assert g.refused("place_merchant", hex=hex_) == "ep_no_crew_aboard"
    assert g.refused("place_merchant", hex=hex_, ship=ship_of(g, RED)["id"]) == "ep_no_crew_aboard"


def test_building_on_a_spice_field_only_with_a_merchant_in_its_village():
    g = Played(config())
    movement(g)
    hex_ = _spice(g, "quick_gold")
    _clear_around(g, hex_)
    layout = g.state["board"]["layout"]
    corners = [sea.hex_corner(hex_, i) for i in range(6)]
    free = [c for c in corners if c in sea.geometry(layout).corner_hexes and sea.corner_on_land(layout, c)]
    assert free and all(ep._settlement_refusal(g.state, s, c)[0] == "ep_closed_to_you" for c in free for s in range(3))
    edges = [sea.corners_edge(corners[i], corners[(i + 1) % 6]) for i in range(6)]
    edges = [e for e in edges if e in sea.geometry(layout).edge_corners and e not in sea.road_closed_edges(layout)]
    assert edges and all(ep._road_refusal(g.state, RED, e)[0] == "ep_closed_to_you" for e in edges)
    _ship_at(g, hex_, ["crew"])
    g.act("place_merchant", hex=hex_)
    assert any(ep._settlement_refusal(g.state, RED, c) is None for c in free)  # open to red now
    assert all((ep._road_refusal(g.state, RED, e) or ("",))[0] != "ep_closed_to_you" for e in edges)
    assert all(ep._settlement_refusal(g.state, BLUE, c)[0] == "ep_closed_to_you" for c in free)  # not to blue
    # founding from a ship is building too: red's settler may found there, blue's may not
    corner = next(c for c in free if ep._settlement_refusal(g.state, RED, c) is None)
    assert corner not in ep.found_corners(g.state, BLUE)


# ---------------------------------------------------------------- the benefits


def test_fast_travel_adds_a_point_at_once_and_each_turn():
    g = Played(config())
    movement(g)
    hex_ = _spice(g, "fast_travel")
    ship = _ship_at(g, hex_, ["crew"])
    points = ship["points"]
    g.act("place_merchant", hex=hex_)
    assert ship_of(g, RED)["points"] == points + 1  # at once, this turn too
    for _ in range(3):
        g.act("end_turn")
        g.act("roll", dice=[1, 2])
    g.act("start_movement")
    assert ship_of(g, RED)["points"] == 5  # 4 + 1


def test_the_texts_top_speed_is_eight_points():
    g = Played(config())
    _village(g, "fast_travel", [RED], "a")
    _village(g, "fast_travel", [RED], "b")
    movement(g)
    ship = ship_of(g, RED)
    assert ship["points"] == 6  # both fast-travel villages: 4 + 1 + 1
    g.give(RED, wool=1)
    g.act("buy_moves", actor=phone(RED), ship=ship["id"])
    assert ship_of(g, RED)["points"] == 8  # and 2 more for a wool: the text's maximum
    assert view(g.state, "table")["spices_for_catan"]["ship_points"] == [6, 4, 4]


def _beside_blue_pirates(g):
    """Red's ship on a path of a hex where blue's pirate ship lies (a test's shortcut): the hex."""
    hex_ = ship_beside_pirates(g, RED)
    g.state["ep_missions"]["pirates"] = {"hex": hex_, "seat": BLUE}
    return hex_


@pytest.mark.parametrize("villages,wins,fails", [
    ((), (6,), (5, 4, 3)),
    (("pirates_5",), (6, 5), (4, 3)),
    (("pirates_4",), (6, 4), (5, 3)),
    (("pirates_5", "pirates_4"), (6, 5, 4), (3, 1)),
])
def test_anti_pirate_villages_chase_the_pirates_on_their_faces_too(villages, wins, fails):
    for die in wins + fails:
        g = Played(config())
        for k, benefit in enumerate(villages):
            _village(g, benefit, [RED], f"v{k}")
        _beside_blue_pirates(g)
        movement(g)
        g.act("chase_pirates", ship=ship_of(g, RED)["id"], die=die)
        gone = g.state["ep_missions"]["pirates"]["seat"] != BLUE
        assert gone == (die in wins), die


def test_quick_gold_once_a_turn_per_village_in_trade_and_build():
    g = Played(config())
    g.act("roll", dice=[2, 3])
    g.give(RED, brick=3)
    assert g.refused("quick_gold", actor=phone(RED), resource="brick") == "sp_no_quick_gold"
    _village(g, "quick_gold", [RED], "a")
    before = (hold(g, RED), g.state["players"][RED]["hand"]["brick"], g.state["bank"]["brick"])
    assert g.refused("quick_gold", resource="brick") == "build_on_phone"  # hands on phones: the card is on the phone
    assert g.refused("quick_gold", actor=phone(RED)) == "bad_resource"
    g.act("quick_gold", actor=phone(RED), resource="brick")
    assert (hold(g, RED), g.state["players"][RED]["hand"]["brick"], g.state["bank"]["brick"]) == (
        before[0] + 1, before[1] - 1, before[2] + 1)
    assert g.refused("quick_gold", actor=phone(RED), resource="brick") == "sp_quick_gold_used"
    _village(g, "quick_gold", [RED], "b")  # the second quick-gold village: a second exchange this turn
    g.act("quick_gold", actor=phone(RED), resource="brick")
    assert g.refused("quick_gold", actor=phone(RED), resource="brick") == "sp_quick_gold_used"
    assert hold(g, RED) == before[0] + 2
    g.act("start_movement")
    assert g.refused("quick_gold", actor=phone(RED), resource="brick") == "wrong_phase"
    for _ in range(3):
        g.act("end_turn")
        g.act("roll", dice=[1, 2])
    g.act("quick_gold", actor=phone(RED), resource="brick")  # a new turn
    assert hold(g, RED) >= before[0] + 3


def test_quick_gold_on_paper_the_card_goes_to_the_bank_on_the_table():
    g = Played(config(play_mode="paper"))
    _village(g, "quick_gold", [RED], "a")
    g.act("roll", dice=[2, 3])
    before = hold(g, RED)
    g.act("quick_gold")
    assert hold(g, RED) == before + 1
    assert g.refused("quick_gold", resource="ore") == "sp_quick_gold_used"


# ---------------------------------------------------------------- delivering


@pytest.mark.parametrize("sacks", [1, 2])
def test_a_ship_at_a_council_port_delivers_one_or_two_sacks(sacks):
    g = Played(config())
    movement(g)
    g.state["spices_for_catan"]["supply"] -= sacks  # (the sacks came from villages)
    ship = _ship_at_council(g, ["sack"] * sacks)
    g.act("deliver_spices", ship=ship["id"])
    assert ship_of(g, RED)["cargo"] == []
    assert g.state["spices_for_catan"]["supply"] == 24
    track = g.state["ep_missions"]["tracks"]["spices_for_catan"]
    assert track["at"] == [sacks, 0, 0] and missions.leader(g.state, "spices_for_catan") == RED
    assert missions.mission_vp(g.state, RED) == sp.TRACK_VP[sacks] + 1
    assert g.refused("deliver_spices", ship=ship["id"]) == "sp_no_sacks_aboard"


def test_delivering_needs_sacks_aboard_and_the_bow_at_a_council_port():
    g = Played(config())
    movement(g)
    ship = ship_of(g, RED)
    ship["cargo"] = ["sack"]
    g.state["explorers_pirates"]["settlers"][RED] += 1
    g.state["spices_for_catan"]["supply"] -= 1
    assert council.port_at(g.state, ship) is None
    assert g.refused("deliver_spices", ship=ship["id"]) == "sp_not_at_council"
    assert g.refused("deliver_spices") == "sp_not_at_council"
    _ship_at_council(g, ["crew"])
    assert g.refused("deliver_spices", ship=ship["id"]) == "sp_no_sacks_aboard"
    assert view(g.state, "table")["board"]["targets"].get("deliver_sacks") in (None, [])


def test_the_whole_round_a_sack_from_the_village_to_the_council():
    g = Played(config())
    movement(g)
    hex_ = _spice(g, "pirates_5")
    _ship_at(g, hex_, ["crew"])
    assert view(g.state, "table")["board"]["targets"]["village"] == [hex_]
    g.act("place_merchant", hex=hex_)
    ship = _ship_at_council(g, ship_of(g, RED)["cargo"])
    assert view(g.state, "table")["board"]["targets"]["deliver_sacks"] == [ship["edge"]]
    g.act("deliver_spices", edge=ship["edge"])
    sacks = g.state["spices_for_catan"]
    assert sacks["supply"] + sum(v["sacks"] for v in sacks["villages"].values()) == 24
    assert g.state["ep_missions"]["tracks"]["spices_for_catan"]["at"][RED] == 1


def test_a_sack_never_goes_ashore_into_a_dock():
    g = Played(config())
    movement(g)
    ship = ship_of(g, RED)  # at its harbour, where it starts
    g.state["explorers_pirates"]["settlers"][RED] += 1
    g.state["spices_for_catan"]["supply"] -= 1
    g.state["ep_missions"]["crews"][RED] -= 1
    ship["cargo"] = ["sack", "crew"]
    assert g.refused("swap_cargo", ship=ship["id"]) == "ep_stays_aboard"
    from django.utils import translation

    from companion.engine import IllegalAction
    from companion.messages import refusal
    with translation.override("pl"):
        assert refusal(IllegalAction("ep_stays_aboard", cargo="sack")) == \
            "Worek przypraw zostaje na statku, dopóki nie dotrze do Rady Catanu."
    g.act("unload_crew", ship=ship["id"])  # the crew may go ashore: the sack stays
    assert ship_of(g, RED)["cargo"] == ["sack"]


def test_sacks_on_a_ship_taken_off_for_a_rebuild_go_back_to_the_supply():
    g = Played(config())
    g.act("roll", dice=[2, 3])
    first = ship_of(g, RED)
    first["cargo"] = ["sack", "sack"]
    g.state["explorers_pirates"]["settlers"][RED] += 1
    g.state["spices_for_catan"]["supply"] -= 2
    ship_rebuilt(g, RED, first)
    assert g.state["spices_for_catan"]["supply"] == 24


# ---------------------------------------------------------------- the goal


def test_a_delivery_reaching_fifteen_points_wins_in_the_players_own_turn():
    g = Played(config())
    g.state["players"][RED]["settlements"] += 10  # (a test's shortcut) 2 + 1 + 10 = 13 points
    movement(g)
    assert g.state["winner"] is None
    g.state["spices_for_catan"]["supply"] -= 1
    ship = _ship_at_council(g, ["sack"])
    g.act("deliver_spices", ship=ship["id"])  # field 1 (1 point) and the mission's card (1 point): 15
    assert g.state["winner"] == RED and g.state["phase"] == "finished"
    assert g.state["log"][-1]["kind"] == "won" and g.state["log"][-1]["params"]["vp"] == 15


def test_fourteen_points_do_not_win():
    g = Played(config())
    g.state["players"][RED]["settlements"] += 9  # 12 points
    movement(g)
    g.state["spices_for_catan"]["supply"] -= 1
    g.act("deliver_spices", ship=_ship_at_council(g, ["sack"])["id"])
    assert g.state["winner"] is None  # 14

