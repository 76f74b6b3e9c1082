"""The scenario Explorers & Pirates, the box's last: all three missions at once (Pirate Lairs,
Fish for Catan, Spices for Catan) on the larger board, with the goal at 17 points. Each
mission is its own layer and tested in its own file; here: that they compose, the board the
text describes (7 standard + 3 of each mission's fields in each area), each kind of field
turned over in one game, the marker on all three tracks, and the win at 17."""
import pytest

from companion.engine import rules_for, view
from companion.layers.explorers_pirates_scenarios.finale import rules as grand
from companion.layers.cores.explorers_pirates import missions
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.gold import rules as gold
from tests.engine.missions_helpers import (BLUE, RED, Step, face_down, movement, refusal_without_the_core,
                                           scenario_config, three_rivers_found, to_reveal, won_at_the_roll)
from tests.engine.played import Played

MISSIONS = ("pirate_lairs", "fish_for_catan", "spices_for_catan")
config = scenario_config("finale")


def test_all_three_missions_and_the_later_rules_compose_for_seventeen_points():
    rules = rules_for(config())
    assert {"ep_missions", "pirate_lairs_mission", "fish_mission", "spices_mission", "finale"} \
        <= set(rules.names)
    assert "pirate_lairs" not in rules.names  # the other scenarios' own layers stay out
    g = Played(config())
    assert g.state["config"]["target"] == 17
    assert sorted(g.state["ep_missions"]["tracks"]) == sorted(MISSIONS)
    for mission in MISSIONS:  # every marker on "S"
        assert g.state["ep_missions"]["tracks"][mission]["at"] == [0, 0, 0]
    assert g.state["ep_missions"]["crews"] == [9, 9, 9]
    assert [gold.held(g.state, s) for s in range(3)] == [2, 2, 2]  # 2 gold each at the start


def test_each_area_holds_sixteen_face_down_hexes_and_the_council_lies_beside_the_island():
    g = Played(config())
    # 7 standard hexes (6 land, 1 sea) + 3 fish + 3 spice + 3 gold-river fields an area
    assert len(face_down(g, "north")) == len(face_down(g, "south")) == 7 + 3 * 3
    layout = g.state["board"]["layout"]
    council = layout["council"]
    assert layout["hexes"][council["hex"]]["terrain"] == "sea" and len(council["ports"]) == 2
    assert g.state["explorers_pirates"]["stacks"] == {"north": grand.STACK, "south": grand.STACK}
    # the council touches the start island, so the pirates never go there
    assert council["hex"] not in missions.pirate_hexes(g.state)


def test_a_lair_a_fish_field_and_a_spice_island_turned_over_in_one_game():
    g = Played(config())
    movement(g)
    lair, fish, spice, forest = face_down(g, "north")[:4]
    before = gold.held(g.state, RED)  # (the roll may have paid compensation gold)
    to_reveal(g, lair)
    g.act("reveal_hex", hex=lair, terrain="gold_river")
    assert g.state["pirate_lairs"]["lairs"][lair]["conquered"] is False
    to_reveal(g, fish)
    g.act("reveal_hex", hex=fish, terrain="fish", die=4)
    assert g.state["board"]["layout"]["hexes"][fish]["terrain"] == "sea"  # ships sail a fish field
    to_reveal(g, spice)
    g.act("reveal_hex", hex=spice, terrain="spice", benefit="quick_gold")
    village = g.state["spices_for_catan"]["villages"][spice]
    assert village["sacks"] == 3 and village["benefit"] == "quick_gold"  # as many sacks as players
    to_reveal(g, forest)
    g.act("reveal_hex", hex=forest, terrain="forest", number=9)
    # 2 gold for each mission field found; the forest pays its resource instead
    assert gold.held(g.state, RED) == before + 3 * 2
    table = view(g.state, "table")
    assert set(table["ep_missions"]["tracks"]) == set(MISSIONS)


def test_three_of_each_mission_field_in_an_area():
    g = Played(config())
    movement(g)
    north = three_rivers_found(g, "north")
    assert g.refused("reveal_hex", hex=north[3], terrain="gold_river") == "pl_no_rivers_left"
    for hex_, face in zip(north[3:6], (1, 2, 3)):
        g.act("reveal_hex", hex=hex_, terrain="fish", die=face)
        if hex_ != north[5]:
            to_reveal(g, north[north.index(hex_) + 1])
    to_reveal(g, north[6])
    assert g.refused("reveal_hex", hex=north[6], terrain="fish", die=5) == "ff_no_fish_left"


def test_the_marks_on_all_three_tracks_count_and_seventeen_points_win():
    g = Played(config())
    step = Step()
    # red: 2 (harbour settlement) + 1 (settlement) = 3; 3 fields on each track = 2 VP a track,
    # and red alone ahead holds all three mission cards (1 VP each): 3 + 6 + 3 = 12
    for mission in MISSIONS:
        for _ in range(3):
            missions.advance(g.state, step, RED, mission)
    per_track = [missions.field_vp(g.state, m, 3) for m in MISSIONS]
    assert missions.mission_vp(g.state, RED) == sum(per_track) + 3
    assert g.state["winner"] is None
    need = 17 - rules_for(g.state["config"]).vp_total(g.state, RED)
    g.state["players"][RED]["settlements"] += need  # the rest from settlements
    won_at_the_roll(g, RED, 17)


def test_the_scenario_plays_with_the_explorers_pirates_core_only():
    assert refusal_without_the_core("finale") == "finale_core_only"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_free_placement_starts_it_for_every_table_size(players):
    g = Played(config(("red", "blue", "white", "orange")[:players], board="free"))
    assert g.state["phase"] == "placement"
    assert g.state["ep_missions"]["placement"]["index"] == 0
    assert ep.part(g.state)["ships"] == []


def test_each_mission_stands_apart_in_the_points_breakdown():
    g = Played(config())
    step = Step()
    missions.advance(g.state, step, RED, "fish_for_catan")  # field 1 (1 VP) and the fish card (1 VP)
    for _ in range(3):
        missions.advance(g.state, step, BLUE, "spices_for_catan")  # field 3 (2 VP) and the spice card
    sources = view(g.state, RED)["me"]["vp_sources"]
    assert {k: v for k, v in sources.items() if k.startswith("mission_")} == {
        "mission_pirate_lairs": 0, "mission_fish_for_catan": 2, "mission_spices_for_catan": 0}
    blue = view(g.state, BLUE)["me"]["vp_sources"]
    assert blue["mission_spices_for_catan"] == missions.field_vp(g.state, "spices_for_catan", 3) + 1
    assert sum(v for k, v in blue.items() if k.startswith("mission_")) == missions.mission_vp(g.state, BLUE)


def test_a_game_saved_under_the_scenarios_former_key_loads_and_replays_the_same():
    """The box's last scenario was keyed "explorers_pirates" (the core's own name) until it
    became "finale": a saved game's config that still says so composes the same rules, starts
    the same, takes the same records and reads the new key from then on."""
    from companion.engine import fold, new_game
    from companion.layers.explorers_pirates_scenarios.finale import rules as finale

    today = config()
    former = {**today, "scenario": "explorers_pirates"}
    assert [layer.name for layer in rules_for(former).layers] == [layer.name for layer in rules_for(today).layers]
    assert finale.NAME in {layer.name for layer in rules_for(former).layers}
    old, new = new_game(former), new_game(today)
    assert old == new and old["config"]["scenario"] == "finale"
    state, _history = fold(former, [])
    assert state == new
