"""Explorers & Pirates: pieces taken off ships and out of docks (the core's remove_piece), from
the rulebook's words (explorers-and-pirates-pl.txt):

- "Pionki można usuwać ze statków i odkładać do banku, aby robić miejsce na bardziej
  wartościowe pionki." (Załadunek i rozładunek statków)
- "Jeśli miejsce w doku, jak i miejsce w stojącym obok statku, jest już zajęte przez inne
  pionki, nowego osadnika można tam ustawić tylko po usunięciu innych pionków z doku, albo ze
  statku, i odłożeniu ich z powrotem do zasobów." (Dodawanie osadników)
- "Załadunek i rozładunek statków nie zużywa żadnych punktów ruchu."

and the neighbouring rules of the same sections, each checked against its text: passing pieces
between two ships through a harbour settlement, the limits of 5 settlements, 4 harbour
settlements and 9 crews, the pirates' gold taken only from a player without cards, the fast
travel's top speed of 8. Then random games: every settler, crew, shoal and sack is somewhere
(a ship, a dock, the board, a supply or the bank) and their totals never change, the records
replay to the live state, and an undone removal gives back the state before it."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import fold, view
from companion.engine.game import advance, new_history
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import missions
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.explorers_pirates_scenarios.fish_for_catan import rules as ff
from companion.layers.explorers_pirates_scenarios.spices_for_catan import rules as sp
from companion.machinery import board as boards
from tests.engine import missions_driver as shared
from tests.engine import test_explorers_and_pirates_properties as finale_driver
from tests.engine import test_explorers_pirates_properties as land_ho_driver
from tests.engine.missions_helpers import (BLUE, RED, face_down, harbour_of, hold, main_phase, movement, phone,
                                           put_ship, scenario_config, ship_beside_pirates, ship_of, side_paths,
                                           to_reveal)
from tests.engine.played import Played
from tests.engine.test_properties import same_play

land_ho = scenario_config("land_ho")
lairs = scenario_config("pirate_lairs")
fish = scenario_config("fish_for_catan")
spices = scenario_config("spices_for_catan")


def crews_left(g, seat=RED):
    return g.state["ep_missions"]["crews"][seat]


def dock(g, seat=RED):
    return g.state["explorers_pirates"]["docks"][harbour_of(g, seat)]


def load_ship(g, ship, cargo, seat=RED):
    """The ship's hold filled with `cargo` from the seat's supplies (a test's shortcut that keeps
    every piece counted)."""
    e = g.state["explorers_pirates"]
    e["settlers"][seat] += ship["cargo"].count("settler") - list(cargo).count("settler")
    if "ep_missions" in g.state:
        g.state["ep_missions"]["crews"][seat] += ship["cargo"].count("crew") - list(cargo).count("crew")
    if "spices_for_catan" in g.state:
        g.state["spices_for_catan"]["supply"] += ship["cargo"].count("sack") - list(cargo).count("sack")
    ship["cargo"] = list(cargo)


def shoal_beside(g, face=4):
    """A fish field turned over and a shoal drawn onto it (the movement phase): its hex."""
    hex_ = face_down(g, "north")[0]
    to_reveal(g, hex_)
    g.act("reveal_hex", hex=hex_, terrain="fish", die=face)
    g.act("draw_shoal", die=face)
    assert g.state["fish_mission"]["shoals"] == [hex_]
    return hex_


# ---------------------------------------------------------------- the rule itself


def test_pieces_may_be_taken_off_a_ship_to_make_room_for_a_shoal():
    """"Pionki można usuwać ze statków i odkładać do banku, aby robić miejsce na bardziej
    wartościowe pionki": a ship with two crews aboard, beside a shoal it could never catch
    (a shoal needs an empty hold), sends its crews home and catches it."""
    g = Played(fish())
    movement(g)
    hex_ = shoal_beside(g)
    edge, bow = next(side_paths(g, hex_))
    ship = put_ship(g, RED, edge, bow)
    load_ship(g, ship, ["crew", "crew"])
    assert crews_left(g) == 7
    assert g.refused("catch_shoal", hex=hex_) == "ff_ship_not_empty"  # the dead end before
    g.act("remove_piece", ship=ship["id"], piece="crew", count=2)
    assert ship_of(g, RED)["cargo"] == [] and crews_left(g) == 9  # back to the supply
    entry = g.state["log"][-1]
    assert entry["kind"] == "ep_pieces_removed"
    assert entry["params"] == {"piece": "crew", "count": 2, "to": "supply", "ship": ship["id"]}
    g.act("catch_shoal", hex=hex_)
    assert ship_of(g, RED)["cargo"] == ["shoal"]


def test_a_new_settler_goes_into_a_full_dock_once_its_pieces_are_taken_off():
    """"nowego osadnika można tam ustawić tylko po usunięciu innych pionków z doku, albo ze
    statku, i odłożeniu ich z powrotem do zasobów": two crews fill the dock; taken out (in the
    trade-and-build phase, where a settler is built) they go back to the supply and the
    settler goes in."""
    g = Played(lairs())
    main_phase(g)
    corner = harbour_of(g, RED)
    g.give(RED, ore=2, wool=3, brick=1, lumber=1, grain=1)  # two crews and a settler
    for _ in range(2):
        g.act("build_crew", actor=phone(RED), corner=corner)
    assert dock(g) == ["crew", "crew"] and crews_left(g) == 7
    assert g.refused("build_settler", actor=phone(RED), corner=corner) == "ep_dock_full"
    g.act("remove_piece", actor=phone(RED), corner=corner, count="2")  # the only kind: no need to name it
    assert dock(g) == [] and crews_left(g) == 9
    assert g.state["log"][-1]["params"] == {"piece": "crew", "count": 2, "to": "supply", "corner": corner}
    g.act("build_settler", actor=phone(RED), corner=corner)
    assert dock(g) == ["settler"]


def test_a_new_settler_goes_onto_the_ship_beside_once_its_crew_is_taken_off():
    """"… albo ze statku": the ship beside the harbour settlement holds a crew; taken off, the
    settler goes aboard."""
    g = Played(lairs())
    main_phase(g)
    ship = ship_of(g, RED)
    load_ship(g, ship, ["crew"])
    g.give(RED, brick=1, lumber=1, wool=1, grain=1)
    assert g.refused("build_settler", actor=phone(RED), ship=ship["id"]) == "ep_ship_not_empty"
    g.act("remove_piece", ship=ship["id"], piece="crew")
    g.act("build_settler", actor=phone(RED), ship=ship["id"])
    assert ship_of(g, RED)["cargo"] == ["settler"]
    assert crews_left(g) == 9 and g.state["explorers_pirates"]["settlers"][RED] == 1  # (its first one went home)


def test_a_settler_taken_off_goes_back_to_its_owners_supply_in_land_ho_too():
    """The first scenario has settlers only: the start ship's settler taken off is in the
    supply again (2 settlers a player: "2 osadników"), and can be built again."""
    g = Played(land_ho())
    main_phase(g)
    ship = ship_of(g, RED)
    assert ship["cargo"] == ["settler"] and g.state["explorers_pirates"]["settlers"][RED] == 1
    g.act("remove_piece", actor=phone(RED), ship=ship["id"])
    assert ship_of(g, RED)["cargo"] == [] and g.state["explorers_pirates"]["settlers"][RED] == 2
    assert g.state["log"][-1]["params"] == {"piece": "settler", "count": 1, "to": "supply", "ship": ship["id"]}
    g.give(RED, brick=1, lumber=1, wool=1, grain=1)
    g.act("build_settler", actor=phone(RED), corner=harbour_of(g, RED))
    assert dock(g) == ["settler"] and g.state["explorers_pirates"]["settlers"][RED] == 1


def test_a_shoal_taken_off_goes_back_to_the_bank():
    """"… i odkładać do banku": the mission's neutral pieces are the bank's (its supply)."""
    g = Played(fish())
    movement(g)
    ship = ship_of(g, RED)
    load_ship(g, ship, [])
    ship["cargo"] = ["shoal"]  # (caught earlier: the supply counts it aboard)
    assert ff.supply(g.state) == 5
    g.act("remove_piece", ship=ship["id"])
    assert ship_of(g, RED)["cargo"] == [] and ff.supply(g.state) == 6
    assert g.state["log"][-1]["params"]["to"] == "bank"


def test_spice_sacks_taken_off_go_back_to_the_bank_one_or_both():
    g = Played(spices())
    movement(g)
    ship = ship_of(g, RED)
    load_ship(g, ship, ["sack", "crew"])
    assert g.state["spices_for_catan"]["supply"] == 23
    assert g.refused("remove_piece", ship=ship["id"]) == "ep_which_piece"  # two kinds aboard: say which
    g.act("remove_piece", ship=ship["id"], piece="sack")
    assert ship_of(g, RED)["cargo"] == ["crew"] and g.state["spices_for_catan"]["supply"] == 24
    assert crews_left(g) == 8  # the crew stays aboard
    load_ship(g, ship_of(g, RED), ["sack", "sack"])
    g.act("remove_piece", ship=ship["id"], piece="sack", count=2)
    assert g.state["spices_for_catan"]["supply"] == 24 and crews_left(g) == 9


def test_taking_off_costs_no_movement_points_and_the_ship_sails_on():
    """"Załadunek i rozładunek statków nie zużywa żadnych punktów ruchu": the moving ship keeps
    its points and its move; and a ship far from any harbour may drop its pieces too."""
    g = Played(lairs())
    movement(g)
    ship = ship_of(g, RED)
    g.act("move_ship", ship=ship["id"], edge=ep.sailing_targets(g.state, ship)[0])
    points = ship_of(g, RED)["points"]
    load_ship(g, ship_of(g, RED), ["crew", "crew"])
    g.act("remove_piece", ship=ship["id"], piece="crew")
    moved = ship_of(g, RED)
    assert moved["points"] == points and g.state["explorers_pirates"]["moving"] == ship["id"] and not moved["done"]
    assert moved["cargo"] == ["crew"] and crews_left(g) == 8
    g.act("move_ship", ship=ship["id"], edge=ep.sailing_targets(g.state, moved)[0])
    assert ship_of(g, RED)["points"] == points - 1


def test_only_the_active_player_after_the_roll_and_only_their_own_pieces():
    """The turn's build and movement phases of the active player (or the table for them); never
    before the roll, never another player's ship or dock."""
    g = Played(lairs())
    ship = ship_of(g, RED)
    assert g.refused("remove_piece", ship=ship["id"]) == "wrong_phase"  # before the roll
    main_phase(g)
    assert "remove_piece" in view(g.state, RED)["allowed"] and "remove_piece" in view(g.state, "table")["allowed"]
    assert "remove_piece" not in view(g.state, BLUE)["allowed"]
    assert g.refused("remove_piece", actor=phone(BLUE), ship=ship_of(g, BLUE)["id"]) == "not_your_turn"
    assert g.refused("remove_piece", ship=ship_of(g, BLUE)["id"]) == "ep_bad_ship"
    assert g.refused("remove_piece", corner=harbour_of(g, BLUE)) == "ep_not_own_dock"
    assert g.refused("remove_piece") == "ep_not_own_dock"
    g.act("start_movement")
    g.act("remove_piece", ship=ship["id"])  # the movement phase too
    g.act("end_turn")
    assert g.state["phase"] == "roll"
    assert g.refused("remove_piece", actor=phone(BLUE), ship=ship_of(g, BLUE)["id"]) == "wrong_phase"


def test_refusals_say_what_is_wrong():
    g = Played(lairs())
    main_phase(g)
    ship = ship_of(g, RED)
    corner = harbour_of(g, RED)
    assert g.refused("remove_piece", corner=corner) == "ep_nothing_to_remove"
    assert g.refused("remove_piece", ship=ship["id"], piece="crew") == "ep_piece_not_there"
    assert g.refused("remove_piece", ship=ship["id"], piece=["settler"]) == "ep_piece_not_there"
    assert g.refused("remove_piece", ship=ship["id"], count=2) == "ep_bad_remove_count"  # one settler only
    assert g.refused("remove_piece", ship=ship["id"], count=0) == "ep_bad_remove_count"
    assert g.refused("remove_piece", ship=ship["id"], count="x") == "ep_bad_remove_count"
    assert g.refused("remove_piece", ship="99") == "ep_bad_ship"


# ---------------------------------------------------------------- the neighbouring rules


def _second_ship_at_harbour(g, seat=RED):
    """Seat builds a second ship on another sea path at its harbour settlement."""
    harbour = harbour_of(g, seat)
    free = next(e for e in sea.sea_paths_at(g.state["board"]["layout"], harbour)
                if ep._ship_site_refusal(g.state, seat, e) is None and not ep.ships_on(g.state, e))
    g.give(seat, lumber=1, wool=1)
    g.act("build_ship", actor=phone(seat), edge=free)
    return next(s for s in ep.own_ships(g.state, seat) if s["edge"] == free)


def test_the_rulebooks_example_of_passing_pieces_between_two_ships_through_a_harbour():
    """"Bezpośrednie przeładowanie pionków między dwoma sąsiadującymi statkami nie jest
    dozwolone. Niebezpośrednie przeładowanie pionków jest możliwe, gdy oba statki wskazują
    czubkami na tę samą osadę portową gracza": its example, a ship with two crews, a settler
    in the dock, the swap (2), then both crews onto the ship on the right (3). The app did
    this already (unchanged)."""
    g = Played(lairs())
    main_phase(g)
    right = _second_ship_at_harbour(g)
    left = ship_of(g, RED)
    load_ship(g, left, ["crew", "crew"])  # (1) two crews aboard, the settler ashore
    dock(g).append("settler")
    g.state["explorers_pirates"]["settlers"][RED] -= 1
    g.act("start_movement")
    g.act("swap_cargo", ship=left["id"])  # (2)
    assert ship_of(g, RED)["cargo"] == ["settler"] and dock(g) == ["crew", "crew"]
    g.act("load_crew", ship=right["id"], count=2)  # (3)
    ships = {s["id"]: s["cargo"] for s in ep.own_ships(g.state, RED)}
    assert ships[left["id"]] == ["settler"] and ships[right["id"]] == ["crew", "crew"] and dock(g) == []


def test_no_piece_passes_straight_from_ship_to_ship():
    """Two own ships side by side away from a harbour settlement: nothing passes between them
    (no such action; loading needs the crew in a dock the ship points at)."""
    g = Played(lairs())
    main_phase(g)
    right = _second_ship_at_harbour(g)
    left = ship_of(g, RED)
    g.act("start_movement")
    away = next(e for e in ep.sailing_targets(g.state, left) if harbour_of(g, RED) not in
                sea.edge_corners(g.state["board"]["layout"], e) and not ep.ships_on(g.state, e))
    g.act("move_ship", ship=left["id"], edge=away)
    load_ship(g, ship_of(g, RED), ["crew"])
    next(s for s in ep.own_ships(g.state, RED) if s["id"] == right["id"])["edge"] = away  # (sailed alongside)
    assert g.refused("load_crew", ship=right["id"]) == "ep_not_at_harbour"
    assert g.refused("swap_cargo", ship=right["id"]) == "ep_not_at_harbour"
    assert not any("ship_to_ship" in name or name == "transfer" for name in missions.ACTIONS)


def test_five_settlements_a_player_and_a_harbour_settlement_gives_its_settlement_back():
    """The box's pieces a player: all 5 settlements of the base game ("wszystkie osady z gry
    podstawowej"); a harbour settlement sends its settlement back to the supply ("odkłada osadę
    z powrotem do swoich zasobów"). The app kept them (unchanged)."""
    g = Played(lairs())
    main_phase(g)
    layout = g.state["board"]["layout"]
    corner = next(_coastal_settlements(g, 1))
    put_ship(g, RED, sea.sea_paths_at(layout, corner)[0], corner, ["settler"])
    g.state["explorers_pirates"]["settlers"][RED] -= 1
    g.state["players"][RED]["settlements"] = 5  # (all five out)
    g.act("start_movement")
    assert corner not in ep.found_corners(g.state, RED)
    assert g.refused("found_settlement", corner=corner) == "no_pieces_left"
    g.state["players"][RED]["settlements"] = 4
    assert corner in ep.found_corners(g.state, RED)
    g.act("found_settlement", corner=corner)
    assert g.state["players"][RED]["settlements"] == 5
    g.act("end_turn")
    for _ in range(2):
        g.act("roll", dice=[1, 2])
        g.act("end_turn")
    main_phase(g)
    g.give(RED, grain=2, ore=2)
    g.act("build_harbour", actor=phone(RED), corner=corner)  # the settlement back to the supply
    assert g.state["players"][RED]["settlements"] == 4
    assert ep._settlement_refusal(g.state, RED, _free_land_corner(g)) is None


def test_four_harbour_settlements_a_player():
    """"4 osady portowe z dodatku": a fifth upgrade is refused (unchanged)."""
    g = Played(lairs())
    main_phase(g)
    e = g.state["explorers_pirates"]
    for corner in list(_coastal_settlements(g, 3)):
        g.state["board"]["pieces"]["settlements"][corner] = RED
        e["harbours"][corner] = RED
        e["docks"][corner] = []
    assert len(ep.harbours_of(g.state, RED)) == 4
    fifth = next(_coastal_settlements(g, 1))
    g.state["board"]["pieces"]["settlements"][fifth] = RED
    g.state["players"][RED]["settlements"] += 1
    g.give(RED, grain=2, ore=2)
    assert fifth not in view(g.state, RED)["board"]["targets"].get("harbour", [])
    assert g.refused("build_harbour", actor=phone(RED), corner=fifth) == "ep_no_harbours_left"
    assert view(g.state, "table")["explorers_pirates"]["harbours_left"][RED] == 0


def test_nine_crews_a_player_and_one_taken_off_can_be_built_again():
    """"36 (4x9) pionków jednostek": with all 9 out no crew is built; one taken off is in the
    supply again (unchanged, but for the taking off)."""
    g = Played(lairs())
    main_phase(g)
    g.state["ep_missions"]["crews"][RED] = 0
    corner = harbour_of(g, RED)
    g.give(RED, ore=2, wool=2)
    assert g.refused("build_crew", actor=phone(RED), corner=corner) == "ep_no_crews_left"
    assert not view(g.state, RED)["board"]["targets"].get("crew_dock")
    dock(g).append("crew")  # (the ninth, in the dock)
    g.act("remove_piece", corner=corner)
    assert crews_left(g) == 1
    g.act("build_crew", actor=phone(RED), corner=corner)
    assert crews_left(g) == 0 and dock(g) == ["crew"]


def _free_land_corner(g):
    """A land corner no settlement may be refused for but the limit: free, off the face-down
    hexes, away from every building."""
    layout = g.state["board"]["layout"]
    pieces = g.state["board"]["pieces"]
    for corner in sorted(sea.geometry(layout).corner_hexes):
        if sea.corner_on_land(layout, corner) and not sea.corner_touches_unexplored(layout, corner) \
                and not sea.corner_touches_lair(layout, corner) and not boards.building_at(pieces, corner) \
                and not boards.distance_rule_conflicts(layout, pieces, corner):
            return corner
    raise AssertionError("no free land corner")


def _coastal_settlements(g, count):
    """Free coastal corners of the start island, apart from every building (for harbours)."""
    layout = g.state["board"]["layout"]
    pieces = g.state["board"]["pieces"]
    found = 0
    for corner in sorted(sea.geometry(layout).corner_hexes):
        if found == count:
            return
        if sea.is_coastal_corner(layout, corner) and sea.corner_on_land(layout, corner) \
                and not sea.corner_touches_unexplored(layout, corner) and not boards.building_at(pieces, corner) \
                and not boards.distance_rule_conflicts(layout, pieces, corner):
            found += 1
            yield corner


def test_the_pirates_take_gold_only_from_a_player_without_cards():
    """"Jeśli gracz nie posiada kart surowców (i tylko wtedy!), można ukraść mu w zamian 1
    złotą monetę": with hands on phones gold asked from a player holding cards is refused
    (the app took a card instead without a word: changed); on paper the table says which."""
    g = Played(lairs())
    hex_ = ship_beside_pirates(g, BLUE)
    g.act("roll", dice=[3, 4])
    g.act("place_pirates", hex=hex_)
    assert sum(g.state["players"][BLUE]["hand"].values()) > 0
    assert g.refused("pirate_steal", victim=BLUE, take="gold") == "ep_cards_first"
    g.act("pirate_steal", victim=BLUE)
    assert (hold(g, RED), hold(g, BLUE)) == (2, 2)  # a card, no gold
    # on paper the app cannot see the hands: the table's word decides
    g = Played(lairs(play_mode="paper"))
    hex_ = ship_beside_pirates(g, BLUE)
    g.act("roll", dice=[3, 4])
    while g.state["phase"] == "discard":  # on paper every hand is said aloud: none above 7
        g.act("discard", seat=g.state["pending"][0]["seat"], hand_size=3)
    g.act("place_pirates", hex=hex_)
    g.act("pirate_steal", victim=BLUE, take="gold")
    assert (hold(g, RED), hold(g, BLUE)) == (3, 1)


def test_the_fast_travels_top_speed_of_eight_even_when_the_villages_come_mid_turn():
    """"każdy jego statek ma maksymalnie 6 punktów ruchu. Gdy gracz zapłaci 1 wełnę za statek
    … może osiągnąć maksymalną możliwą prędkość 8 punktów ruchu": the wool bought first, both
    fast-travel villages gained during the move, still 8 and no more (unchanged)."""
    from tests.engine.test_spices_for_catan import _ship_at, _spice
    g = Played(spices())
    movement(g)
    ship = ship_of(g, RED)
    g.give(RED, wool=2)
    g.act("buy_moves", actor=phone(RED), ship=ship["id"])
    assert ship_of(g, RED)["points"] == 6
    first = _spice(g, "fast_travel")
    _ship_at(g, first, ["crew"])
    g.act("place_merchant", hex=first)
    assert ship_of(g, RED)["points"] == 7
    second = _spice(g, "fast_travel", hex_=next(h for h in face_down(g, "south")))
    _ship_at(g, second, ["crew"])
    g.act("place_merchant", hex=second)
    assert ship_of(g, RED)["points"] == 8
    assert g.refused("buy_moves", actor=phone(RED), ship=ship["id"]) == "ep_bonus_used"
    for _ in range(3):  # the next turn: 4 + 1 + 1, and 2 for a wool
        g.act("end_turn")
        g.act("roll", dice=[1, 2])
    g.act("start_movement")
    assert ship_of(g, RED)["points"] == 6
    g.act("buy_moves", actor=phone(RED), ship=ship["id"])
    assert ship_of(g, RED)["points"] == 8


# ---------------------------------------------------------------- random games


SETTLERS = ep.SETTLERS


def pieces_everywhere(state: dict) -> dict:
    """Where every settler, crew, shoal and sack is, counted from the board up: a ship, a dock,
    the board (lairs, villages, fish fields), a player's supply or the bank (each mission's
    pieces where that mission is played)."""
    e = state["explorers_pirates"]
    n = len(state["players"])
    loads = [(s["seat"], s["cargo"]) for s in e["ships"]] + [(e["harbours"][c], d) for c, d in e["docks"].items()]
    lairs = (state.get("pirate_lairs") or {"lairs": {}})["lairs"].values()
    counts = {}
    for seat in range(n):
        mine = [load for owner, load in loads if owner == seat]
        counts[f"settlers {seat}"] = e["settlers"][seat] + sum(load.count("settler") for load in mine)
        assert e["settlers"][seat] >= 0
        if "ep_missions" in state:
            assert state["ep_missions"]["crews"][seat] >= 0
            counts[f"crews {seat}"] = (state["ep_missions"]["crews"][seat] + sum(load.count("crew") for load in mine)
                                       + sum(lair["crews"].count(seat) + lair["beside"].count(seat) for lair in lairs)
                                       + (sp.crews_in_villages(state, seat) if "spices_for_catan" in state else 0))
    aboard = [load for _owner, load in loads]
    if "fish_mission" in state:
        assert ff.supply(state) >= 0
        counts["shoals"] = (len(state["fish_mission"]["shoals"]) + sum(load.count("shoal") for load in aboard)
                            + ff.supply(state))
    if "spices_for_catan" in state:
        assert state["spices_for_catan"]["supply"] >= 0
        counts["sacks"] = (state["spices_for_catan"]["supply"] + sum(load.count("sack") for load in aboard)
                           + sum(v["sacks"] for v in state["spices_for_catan"]["villages"].values()))
    assert not any(x in d for d in e["docks"].values() for x in ("shoal", "sack"))  # never ashore
    return counts


def totals(state: dict) -> dict:
    """The box's numbers of the same pieces: 2 settlers and 9 crews a player, 6 shoals, 24 sacks."""
    n = len(state["players"])
    out = {f"settlers {s}": SETTLERS for s in range(n)}
    if "ep_missions" in state:
        out.update({f"crews {s}": missions.CREWS for s in range(n)})
    if "fish_mission" in state:
        out["shoals"] = ff.SHOALS
    if "spices_for_catan" in state:
        out["sacks"] = sp.SACKS
    return out


def take_off(data, g: Played) -> bool:
    """Pieces off one of the active player's loaded ships or docks, from its phone or the table."""
    seat = g.state["turn"]["seat"]
    return land_ho_driver.remove_piece(data, g, seat)


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([2, 3, 4]), mode=st.sampled_from(["hands", "paper"]),
       board=st.sampled_from(["beginner", "free"]))
def test_random_games_with_pieces_taken_off_conserve_every_piece_replay_and_undo(data, players, mode, board):
    """The last scenario (all three missions): random legal play with pieces taken off often;
    after every step each piece is somewhere and the totals are the box's; the records fold
    to the live state; undoing the last removal gives back the state before it exactly, and
    redoing it this one."""
    config = shared.config("explorers_pirates", players, mode, board)
    g = Played(config, seed=data.draw(st.integers(0, 1000), label="seed"))
    expected = totals(g.state)
    assert set(expected) >= {"shoals", "sacks", "crews 0"}
    removals = 0
    for _ in range(90):
        if g.state["phase"] == "finished":
            break
        if g.state["phase"] in ("main", "movement") and data.draw(st.integers(0, 3), label="take off?") == 0 \
                and take_off(data, g):
            removals += 1
            undo_restores_the_state_before(g)
        else:
            finale_driver.step(data, g)
        finale_driver.check_invariants(g)
        assert pieces_everywhere(g.state) == expected
    replayed, _ = fold(json.loads(json.dumps(config)), json.loads(json.dumps(g.records)))
    assert replayed == g.state


def undo_restores_the_state_before(g: Played) -> None:
    """The last record is a removal: undone, the game is the one before it (but for what an
    undo keeps and says); redone, it is this one; nothing was hidden, so nothing was kept."""
    records = json.loads(json.dumps(g.records))
    assert records[-1]["action"]["type"] == "remove_piece"
    before, _ = fold(g.config, records[:-1])
    undo = {"seq": len(records) + 1, "kind": "undo", "target": records[-1]["seq"]}
    undone, _ = fold(g.config, records + [undo])
    assert same_play(undone, before)
    strip = ("log", "counters", "kept", "last_revealed")
    assert {k: v for k, v in undone.items() if k not in strip} == {k: v for k, v in before.items() if k not in strip}
    redo = {"seq": len(records) + 2, "kind": "redo", "target": records[-1]["seq"]}
    assert same_play(fold(g.config, records + [undo, redo])[0], g.state)


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([2, 3, 4]), mode=st.sampled_from(["hands", "paper"]))
def test_land_ho_random_games_keep_every_settler_with_pieces_taken_off(data, players, mode):
    """Land Ho! (settlers only): the 2 settlers a player are aboard, in a dock or in the supply
    after every step, settlers taken off included (its driver takes them off now and then)."""
    g = Played(land_ho_driver.config(players, mode), seed=data.draw(st.integers(0, 1000), label="seed"))
    for _ in range(60):
        if g.state["phase"] == "finished":
            break
        if g.state["phase"] in ("main", "movement") and data.draw(st.integers(0, 4), label="take off?") == 0 \
                and take_off(data, g):
            undo_restores_the_state_before(g)
        else:
            land_ho_driver.step(data, g)
        assert pieces_everywhere(g.state) == totals(g.state)
    g.check_replay_and_undo()


HOLDS = ([], ["settler"], ["shoal"], ["crew"], ["crew", "crew"], ["crew", "sack"], ["sack"], ["sack", "sack"])
DOCKS = ([], ["settler"], ["crew"], ["crew", "crew"])


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), phase=st.sampled_from(["main", "movement"]))
def test_random_loads_taken_off_in_a_random_order(data, phase):
    """Spices for Catan (settlers, crews, shoals and sacks all in play): random legal loads on
    the active player's ships and in its dock, then pieces taken off in a random order (and
    now and then a removal the rules refuse, which changes nothing): after each step every
    piece is somewhere and the totals are the box's; each removal undone gives back the state
    before it; the removals replay to the live state."""
    g = Played(spices(colours=("red", "blue", "white", "orange")[:data.draw(st.integers(2, 4), label="players")]),
               seed=data.draw(st.integers(0, 1000), label="seed"))
    main_phase(g)
    for _ in range(data.draw(st.integers(0, 2), label="more ships")):
        _second_ship_at_harbour(g)
    if phase == "movement":
        g.act("start_movement")
    e = g.state["explorers_pirates"]
    for ship in ep.own_ships(g.state, RED):
        load_ship(g, ship, [])
    for ship in ep.own_ships(g.state, RED):  # (a player has 2 settlers: no third one is drawn)
        load_ship(g, ship, data.draw(st.sampled_from([h for h in HOLDS if e["settlers"][RED] or "settler" not in h]),
                                     label="hold"))
    load = data.draw(st.sampled_from([d for d in DOCKS if e["settlers"][RED] or "settler" not in d]), label="dock")
    e["settlers"][RED] -= load.count("settler")
    g.state["ep_missions"]["crews"][RED] -= load.count("crew")
    dock(g).extend(load)
    expected = totals(g.state)
    assert pieces_everywhere(g.state) == expected
    replay = shared.Replay(g)
    while True:
        loads = [("ship", s["id"], s["cargo"]) for s in ep.own_ships(g.state, RED) if s["cargo"]]
        if dock(g):
            loads.append(("corner", harbour_of(g, RED), dock(g)))
        if not loads:
            break
        field, where, held = data.draw(st.sampled_from(loads), label="from")
        if data.draw(st.integers(0, 4), label="a refused one?") == 0:
            bad = data.draw(st.sampled_from([{"piece": "gold"}, {"count": len(held) + 1}, {"count": 0},
                                             {"piece": next((p for p in ("settler", "crew", "shoal", "sack")
                                                             if p not in held), "gold")}]), label="bad")
            assert g.refused("remove_piece", **{field: where, **bad}).startswith("ep_")
            continue
        piece = data.draw(st.sampled_from(sorted(set(held))), label="piece")
        count = data.draw(st.integers(1, held.count(piece)), label="count")
        actor = data.draw(st.sampled_from([{"role": "table"}, phone(RED)]), label="actor")
        before = json.loads(json.dumps(g.state))
        g.act("remove_piece", actor=actor, **{field: where, "piece": piece, "count": count})
        assert pieces_everywhere(g.state) == expected
        undone_and_redone(g, before)
    assert all(not s["cargo"] for s in ep.own_ships(g.state, RED)) and dock(g) == []
    replay.check()


def undone_and_redone(g: Played, before: dict) -> None:
    """The last record (a removal) undone as the engine undoes it: exactly the state before it,
    nothing kept (it showed nothing hidden); redone from there: exactly the state after it."""
    after = json.loads(json.dumps(g.state))
    record = json.loads(json.dumps(g.records[-1]))
    assert "last_revealed" not in after
    history = new_history()
    history["effective"].append(record["seq"])
    undo = {"seq": record["seq"] + 1, "kind": "undo", "target": record["seq"]}
    undone = advance(json.loads(json.dumps(after)), history, undo, lambda seq: json.loads(json.dumps(before)))
    assert undone == before
    redo = {"seq": record["seq"] + 2, "kind": "redo", "target": record["seq"], "original": record}
    assert advance(undone, history, redo, None) == after
