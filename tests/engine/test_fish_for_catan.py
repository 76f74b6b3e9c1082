"""Fish for Catan ("Ryby dla Catanu"), Explorers & Pirates' third scenario: its board with the
Council of Catan, the fish fields (2 gold each), drawing a shoal and every case where none
comes, catching and delivering shoals, the pirates fishing, the goal of 15 points; from the
rulebook's numbers."""
from companion.engine import view
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import council, missions
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.explorers_pirates_scenarios.fish_for_catan import rules as ff
from tests.engine.missions_helpers import (BLUE, RED, WHITE, Step, at_port, face_down, hold, movement, phone, put_ship,
                                           refusal_without_the_core, scenario_config, ship_of, side_paths, to_reveal)
from tests.engine.played import Played

config = scenario_config("fish_for_catan")


def fish(g):
    return g.state["fish_mission"]


def fish_field(g, face, area="north", k=0, seat=RED):
    hex_ = face_down(g, area)[k]
    to_reveal(g, hex_, seat)
    g.act("reveal_hex", hex=hex_, terrain="fish", die=face)
    assert g.state["phase"] == "movement"
    return hex_


# ---------------------------------------------------------------- the set-up


def test_fish_for_catan_plays_to_fifteen_with_both_missions_and_six_shoals():
    g = Played(config())
    assert g.state["config"]["target"] == 15
    assert set(g.state["ep_missions"]["tracks"]) == {"pirate_lairs", "fish_for_catan"}
    assert g.state["ep_missions"]["tracks"]["fish_for_catan"]["at"] == [0, 0, 0]  # every marker on "S"
    assert ff.supply(g.state) == 6 and fish(g)["shoals"] == []
    assert g.state["pirate_lairs"]["stack"] == 6  # the 6 lair tokens
    assert [hold(g, s) for s in range(3)] == [2, 2, 2]  # 2 gold each
    assert g.state["ep_missions"]["crews"] == [9, 9, 9]


def test_the_board_has_eleven_face_down_hexes_in_each_area_and_the_council():
    g = Played(config())
    layout = g.state["board"]["layout"]
    for area in ("north", "south"):
        assert sum(1 for x in layout["hexes"].values() if x["area"] == area and x["terrain"] == "unexplored") == 11
    assert g.state["explorers_pirates"]["stacks"] == {"north": 6, "south": 6}  # 6 number tokens each
    hex_ = layout["council"]["hex"]
    assert hex_ == sea.offset_to_axial(5, 3) and layout["hexes"][hex_]["terrain"] == "sea"
    assert len(council.ports(layout)) == 2
    assert hex_ not in missions.pirate_hexes(g.state)  # it touches the start island


def test_fish_for_catan_plays_with_the_explorers_pirates_core_only():
    assert refusal_without_the_core("fish_for_catan") == "fish_for_catan_explorers_pirates_only"


# ---------------------------------------------------------------- finding fish fields


def test_finding_a_fish_field_pays_two_gold_and_keeps_it_sea_with_its_face():
    g = Played(config())
    movement(g)
    before = hold(g, RED)
    hex_ = fish_field(g, 4)
    assert hold(g, RED) == before + 2
    cell = g.state["board"]["layout"]["hexes"][hex_]
    assert (cell["terrain"], cell["fish"], cell["number"]) == ("sea", 4, None)
    assert fish(g)["fields"] == {hex_: 4}
    assert g.state["explorers_pirates"]["stacks"]["north"] == 6  # no number token used


def test_a_fish_field_takes_no_token_and_a_face_from_one_to_six_once():
    g = Played(config())
    movement(g)
    fish_field(g, 3)
    hex_ = face_down(g, "south")[0]
    to_reveal(g, hex_)
    assert g.refused("reveal_hex", hex=hex_, terrain="fish", die=5, number=6) == "ff_no_token_on_fish"
    assert g.refused("reveal_hex", hex=hex_, terrain="fish") == "ff_face_needed"
    assert g.refused("reveal_hex", hex=hex_, terrain="fish", die=7) == "ff_bad_face"
    assert g.refused("reveal_hex", hex=hex_, terrain="fish", die=0) == "ff_bad_face"
    assert g.refused("reveal_hex", hex=hex_, terrain="fish", die=3) == "ff_face_taken"
    g.act("reveal_hex", hex=hex_, terrain="fish", die=6)
    assert sorted(fish(g)["fields"].values()) == [3, 6]


def test_two_fish_fields_in_the_north_and_three_in_the_south():
    g = Played(config())
    movement(g)
    fish_field(g, 1, "north", 0)
    fish_field(g, 2, "north", 1)
    hex_ = face_down(g, "north")[0]
    to_reveal(g, hex_)
    assert g.refused("reveal_hex", hex=hex_, terrain="fish", die=3) == "ff_no_fish_left"
    for k, face in enumerate((3, 4, 5)):
        fish_field(g, face, "south", 0)
    hex_ = face_down(g, "south")[0]
    to_reveal(g, hex_)
    assert g.refused("reveal_hex", hex=hex_, terrain="fish", die=6) == "ff_no_fish_left"
    g.act("reveal_hex", hex=hex_, terrain="sea")  # the other terrains are the core's
    assert len(fish(g)["fields"]) == 5


def test_three_gold_rivers_in_the_north_and_two_in_the_south():
    g = Played(config())
    movement(g)
    for area, count in (("north", 3), ("south", 2)):
        for _ in range(count):
            hex_ = face_down(g, area)[0]
            to_reveal(g, hex_)
            g.act("reveal_hex", hex=hex_, terrain="gold_river")
        hex_ = face_down(g, area)[0]
        to_reveal(g, hex_)
        assert g.refused("reveal_hex", hex=hex_, terrain="gold_river") == "pl_no_rivers_left"
        g.act("reveal_hex", hex=hex_, terrain="sea")
    assert g.state["pirate_lairs"]["stack"] == 1  # 5 of the 6 lair tokens on the board


# ---------------------------------------------------------------- drawing a shoal


def test_a_roll_of_a_found_fish_fields_face_puts_a_shoal_on_it():
    g = Played(config())
    movement(g)
    hex_ = fish_field(g, 5)
    g.act("draw_shoal", die=5)
    assert fish(g)["shoals"] == [hex_] and ff.supply(g.state) == 5
    entry = next(e for e in reversed(g.state["log"]) if e["kind"] == "ff_shoal_drawn")
    assert entry["params"]["result"] == "placed" and entry["params"]["die"] == 5


def test_one_try_a_turn_and_none_before_a_fish_field_is_found():
    g = Played(config())
    movement(g)
    assert g.refused("draw_shoal", die=2) == "ff_no_fish_fields"
    fish_field(g, 2)
    g.act("draw_shoal", die=1)  # no field shows a 1: nothing, the try is used
    assert fish(g)["shoals"] == []
    assert g.refused("draw_shoal", die=2) == "ff_tried"
    g.act("end_turn")  # blue's turn: blue may try
    g.act("roll", dice=[2, 3])
    assert g.refused("draw_shoal", die=2) == "wrong_phase"  # in the movement phase only
    g.act("start_movement")
    g.act("draw_shoal", die=2)
    assert len(fish(g)["shoals"]) == 1


def test_no_shoal_on_a_field_with_one_already_or_with_the_pirates_or_an_unfound_face():
    g = Played(config())
    movement(g)
    a = fish_field(g, 1, "north", 0)
    b = fish_field(g, 2, "south", 0)
    g.act("draw_shoal", die=1)
    for seat in (BLUE, WHITE, RED):
        g.act("end_turn")
        g.act("roll", dice=[2, 3])
        g.act("start_movement")
        if seat == BLUE:
            g.act("draw_shoal", die=1)  # a shoal lies there already
            assert fish(g)["shoals"] == [a]
        elif seat == WHITE:
            g.state["ep_missions"]["pirates"] = {"hex": b, "seat": RED}  # (red's pirates lie there)
            g.act("draw_shoal", die=2)
            assert fish(g)["shoals"] == [a]
        else:
            g.act("draw_shoal", die=6)  # no found field shows a 6
            assert fish(g)["shoals"] == [a]
    results = [e["params"]["result"] for e in g.state["log"] if e["kind"] == "ff_shoal_drawn"]
    assert results == ["placed", "taken", "pirates", "no_field"]


def test_no_shoal_can_be_drawn_with_all_six_out():
    g = Played(config(("red", "blue", "white", "orange")))
    movement(g)
    hex_ = fish_field(g, 1)
    fish(g)["shoals"] = [hex_]  # 1 on its field, 4 aboard the four start ships (a test's shortcut)
    for seat in range(4):
        put_ship(g, seat, ship_of(g, seat)["edge"], ship_of(g, seat)["bow"], ["shoal"])
    assert ff.supply(g.state) == 1
    g.state["explorers_pirates"]["ships"].append(dict(ship_of(g, BLUE), id=90, cargo=["shoal"]))
    assert ff.supply(g.state) == 0
    assert g.refused("draw_shoal", die=2) == "ff_no_shoals_left"


def test_a_try_ends_a_started_ships_move_but_not_before_it_starts():
    g = Played(config())
    movement(g)
    fish_field(g, 3)
    ship = ship_of(g, RED)
    g.state["explorers_pirates"]["moving"] = None
    g.act("choose_ship", ship=ship["id"])
    g.act("draw_shoal", die=4)  # chosen, not moved yet: it keeps its move
    assert not ship_of(g, RED)["done"] and ship_of(g, RED)["points"] > 0
    assert g.state["log"][-1]["kind"] == "ff_shoal_drawn" and g.state["log"][-1]["params"]["ended"] is None
    g2 = Played(config())
    movement(g2)
    fish_field(g2, 3)
    ship = ship_of(g2, RED)
    ship.update(done=False, points=4, started=False)
    g2.act("move_ship", ship=ship["id"], edge=ep.sailing_targets(g2.state, ship)[0])
    assert g2.state["explorers_pirates"]["moving"] == ship["id"]
    g2.act("draw_shoal", die=4)  # in the middle of its move: the roll ends it
    assert ship_of(g2, RED)["done"] and g2.state["explorers_pirates"]["moving"] is None
    assert ep.sailing_targets(g2.state, ship_of(g2, RED)) == []  # its move is over
    assert g2.state["log"][-1]["params"]["ended"] == ship["id"]


def test_the_servers_die_decides_when_none_is_typed():
    g = Played(config())
    movement(g)
    fish_field(g, 1)
    outcome = g.act("draw_shoal")
    entry = next(e for e in reversed(g.state["log"]) if e["kind"] == "ff_shoal_drawn")
    assert 1 <= entry["params"]["die"] <= 6
    assert (entry["params"]["result"] == "placed") == (entry["params"]["die"] == 1)
    assert entry["params"]["die"] in outcome.values()  # recorded: a replay rolls the same


# ---------------------------------------------------------------- catching and delivering


def _shoal_beside_red(g, face=3):
    movement(g)
    hex_ = fish_field(g, face)
    g.act("draw_shoal", die=face)
    edge, bow = next(side_paths(g, hex_))  # a free sea path on a side of the field
    ship = put_ship(g, RED, edge, bow)
    ship.update(done=False, points=4, started=False)
    return hex_, ship["id"]


def test_an_empty_ship_beside_a_shoal_takes_it_aboard_and_may_sail_on():
    g = Played(config())
    hex_, ship = _shoal_beside_red(g)
    g.act("catch_shoal", hex=hex_)
    assert ship_of(g, RED)["cargo"] == ["shoal"] and fish(g)["shoals"] == []
    assert ff.supply(g.state) == 5  # aboard, not back in the supply
    assert ep.sailing_targets(g.state, ship_of(g, RED))  # the ship may go on moving
    assert missions.used(ship_of(g, RED)["cargo"]) == missions.PLACES  # it fills the hold


def test_only_an_empty_own_ship_at_a_corner_of_the_shoals_hex_catches_it():
    g = Played(config())
    hex_, ship = _shoal_beside_red(g)
    ship_of(g, RED)["cargo"] = ["crew"]
    g.state["ep_missions"]["crews"][RED] -= 1
    assert g.refused("catch_shoal", hex=hex_) == "ff_ship_not_empty"
    ship_of(g, RED)["cargo"] = []
    g.state["ep_missions"]["crews"][RED] += 1
    assert g.refused("catch_shoal", hex=face_down(g, "south")[0]) == "ff_no_shoal_there"
    blue_ship = ship_of(g, BLUE)["id"]
    assert g.refused("catch_shoal", hex=hex_, ship=blue_ship) == "ep_bad_ship"  # not red's own
    layout = g.state["board"]["layout"]
    far = ship_of(g, RED)
    corners = {sea.hex_corner(hex_, i) for i in range(6)}
    away = next(e for e in sea.geometry(layout).edge_corners if sea.is_sea_path(layout, e)
                and not corners & set(sea.edge_corners(layout, e)) and not ep.ships_on(g.state, e))
    far["edge"] = away
    assert g.refused("catch_shoal", hex=hex_) == "ep_not_ship_end"


def test_no_crew_joins_a_shoal_aboard():
    g = Played(config())
    hex_, ship = _shoal_beside_red(g)
    g.act("catch_shoal", hex=hex_)
    harbour = ep.harbours_of(g.state, RED)[0]
    g.state["explorers_pirates"]["docks"][harbour] = ["crew"]
    g.state["ep_missions"]["crews"][RED] -= 1
    ship_of(g, RED)["edge"] = next(e for e in sea.sea_paths_at(g.state["board"]["layout"], harbour)
                                   if not ep.ships_on(g.state, e))
    assert g.refused("load_crew", ship=ship) == "ep_no_room"
    assert g.refused("swap_cargo", ship=ship) == "ep_stays_aboard"  # a shoal never goes into a dock
    from django.utils import translation

    from companion.engine import IllegalAction
    from companion.messages import refusal
    with translation.override("en"):
        assert refusal(IllegalAction("ep_stays_aboard", cargo="shoal")) == \
            "A fish shoal stays aboard until it reaches the Council of Catan."


def test_delivering_at_a_council_port_moves_the_marker_and_returns_the_shoal():
    g = Played(config())
    movement(g)
    ship = at_port(g, RED, ["shoal"])
    assert ff.supply(g.state) == 5
    g.act("deliver_shoal", ship=ship["id"])
    assert ship_of(g, RED)["cargo"] == [] and ff.supply(g.state) == 6
    track = g.state["ep_missions"]["tracks"]["fish_for_catan"]
    assert track["at"] == [1, 0, 0] and missions.leader(g.state, "fish_for_catan") == RED
    assert missions.mission_vp(g.state, RED) == ff.TRACK_VP[1] + 1  # field 1 and the mission's +1 card
    assert g.refused("deliver_shoal", ship=ship["id"]) == "ff_no_shoal_aboard"


def test_no_delivery_away_from_the_council():
    g = Played(config())
    hex_, ship = _shoal_beside_red(g)
    g.act("catch_shoal", hex=hex_)
    assert g.refused("deliver_shoal", ship=ship) == "ff_not_at_council"
    assert g.refused("deliver_shoal") == "ff_not_at_council"


def test_a_rebuilt_ship_loses_its_shoal_to_the_supply():
    g = Played(config())
    g.act("roll", dice=[2, 3])
    ship = put_ship(g, RED, ship_of(g, RED)["edge"], ship_of(g, RED)["bow"], ["shoal"])
    layout = g.state["board"]["layout"]
    harbour = ep.harbours_of(g.state, RED)[0]
    site = next(e for e in sea.sea_paths_at(layout, harbour) if not ep.ships_on(g.state, e))
    far = [e for e in sea.geometry(layout).edge_corners if sea.is_sea_path(layout, e) and not ep.ships_on(g.state, e)
           and e != site]
    for k in range(ep.SHIPS - 1):  # all of red's ships out (a test's shortcut)
        g.state["explorers_pirates"]["ships"].append(dict(ship, id=80 + k, cargo=[], edge=far[k]))
    assert ff.supply(g.state) == 5
    g.give(RED, **ep.COSTS["ship"])
    g.act("build_ship", actor=phone(RED), edge=site, remove=ship["id"])
    assert ff.supply(g.state) == 6  # the shoal went down with the ship: back beside the board


# ---------------------------------------------------------------- the pirates fish


def test_the_pirate_ship_on_a_shoal_sends_it_back():
    g = Played(config())
    movement(g)
    hex_ = fish_field(g, 6)
    g.act("draw_shoal", die=6)
    assert hex_ in missions.pirate_hexes(g.state)
    g.act("end_turn")
    g.act("roll", dice=[3, 4])  # blue's 7
    g.act("place_pirates", hex=hex_)
    assert fish(g)["shoals"] == [] and ff.supply(g.state) == 6
    assert any(e["kind"] == "ff_pirates_fish" and e["seat"] == BLUE for e in g.state["log"])


# ---------------------------------------------------------------- the goal


def test_a_delivery_reaching_fifteen_wins_in_the_players_own_turn():
    g = Played(config())
    movement(g)
    # red: 2 (harbour) + 1 (settlement) + 7 settlements = 10; the lairs' track field 2 (1) + card (1) = 12
    g.state["players"][RED]["settlements"] += 7
    step = Step()
    for _ in range(2):
        missions.advance(g.state, step, RED, "pirate_lairs")
    for _ in range(2):
        missions.advance(g.state, step, RED, "fish_for_catan")  # field 2 (1) + card (1): 14
    ship = at_port(g, RED, ["shoal"])
    assert g.state["winner"] is None
    g.act("deliver_shoal", ship=ship["id"])  # field 3: 2 points
    assert g.state["winner"] == RED and g.state["phase"] == "finished"
    assert g.state["log"][-1]["kind"] == "won" and g.state["log"][-1]["params"]["vp"] == 15


# ---------------------------------------------------------------- the view


def test_the_view_shows_fields_shoals_and_what_may_be_tapped():
    g = Played(config())
    hex_, ship = _shoal_beside_red(g)
    seen = view(g.state, "table")["fish_for_catan"]
    assert seen["fields"] == {hex_: 3} and seen["shoals"] == [hex_] and seen["supply"] == 5
    assert seen["tried"] and not seen["can_draw"]
    assert view(g.state, "table")["board"]["targets"]["catch"] == [hex_]
    assert view(g.state, BLUE)["board"]["targets"].get("catch") in (None, [])  # not blue's turn
    assert "fish" in seen["reveal_die_terrains"]
