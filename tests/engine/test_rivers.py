"""Rivers of Catan (Traders & Barbarians, "Rzeki Catanu"): layers/traders_barbarians_scenarios/rivers/rules.py.

From /work/shared/rulebooks/traders-and-barbarians-pl.txt: 2 swamps and no desert, the
"2" beside the "12" (that hex produces on both), the robber on a swamp; 1 gold for a road
or a settlement by the river (setup too, a city nothing more); bridges for 2 brick + 1
lumber on the 7 bridge sites, 3 gold each, at most 3, never by Road Building, roads for
Longest Road; 2 gold buy a resource, twice a turn at most; gold traded like a resource
(4:1, harbours, players) and never stolen; the wealthiest settler (+1) and the poor
settlers (-2), given at the end of setup and following every change of gold; 10 points.

The board is the first-game picture's, made a rivers board: the desert and the pasture
with the "2" become the swamps, the "2" lies beside the "12", and two made-up rivers
(the rulebook's own is a picture) run through 3 and 4 hexes with 7 bridge sites.
"""
import copy

import pytest
from django.utils import translation

from companion.engine import Chance, IllegalAction, fold, seeded_secret, view
from companion.engine.game import allowed_actions, new_game, ruleset
from companion.layers.traders_barbarians_scenarios.rivers import rules as rivers
from companion.machinery import board as boards
from companion.machinery.board_geometry import edge_id, parse_hex_id
from tests.engine.played import Played

T = {"role": "table"}
A, B, C = {"seat": 0}, {"seat": 1}, {"seat": 2}
G = boards.geometry("base")


# Two rivers, each through its hexes to the sea: the edges between its hexes and the one
# into the sea are its bridge sites (2 + 1 and 3 + 1: 7), its hexes' other edges its banks.
RIVER_ONE = ("2,-1", "1,-1", "1,-2")       # hills, pasture, swamp; into the sea at "1,-3"
RIVER_TWO = ("0,1", "-1,1", "-1,0", "0,0")  # fields, mountains, forest, swamp
MOUTHS = {"1,-2": "1,-3", "0,0": None}


def _river(hexes, mouth):
    crossings = [edge_id(parse_hex_id(a), parse_hex_id(b)) for a, b in zip(hexes, hexes[1:])]
    if mouth:
        crossings.append(edge_id(parse_hex_id(hexes[-1]), parse_hex_id(mouth)))
    banks = {e for h in hexes for e in G.hex_edges[h]} - set(crossings)
    return sorted(banks), crossings


def rivers_layout():
    layout = boards.beginner_board()
    layout["hexes"]["0,0"] = {"terrain": "swamp", "number": None}
    layout["hexes"]["1,-2"] = {"terrain": "swamp", "number": None}  # was the pasture with the 2
    layout["hexes"]["-1,-1"]["extra_numbers"] = [2]  # fields 12
    layout["robber"] = "0,0"
    one_banks, one_sites = _river(RIVER_ONE, "1,-3")
    # River two: 3 crossings between its 4 hexes, no mouth; its 4th site crosses into "1,0".
    two_banks, two_sites = _river(RIVER_TWO, None)
    two_sites.append(edge_id(parse_hex_id("0,0"), parse_hex_id("1,0")))
    banks = sorted(set(one_banks + two_banks) - set(one_sites + two_sites))
    layout["features"] = {"rivers": {"river": banks, "bridges": sorted(one_sites + two_sites)}}
    return layout


LAYOUT = rivers_layout()
SITES = LAYOUT["features"]["rivers"]["bridges"]
BANKS = set(LAYOUT["features"]["rivers"]["river"])
RIVER_CORNERS = {c for e in list(BANKS) + SITES for c in G.edge_corners[e]}


def config(players=3, play_mode="hands", board="random", layout=LAYOUT, **more):
    names = ["Ala", "Bartek", "Celina", "Darek", "Ewa"]
    colors = ["red", "blue", "white", "orange", "green"]
    c = {"players": [{"name": names[i], "color": colors[i]} for i in range(players)], "scenario": "rivers",
         "board": board, "play_mode": play_mode, "dice_source": "typed", "target": 10, **more}
    if board != "none" and layout is not None:
        c["board_layout"] = copy.deepcopy(layout)
    return c


class Game(Played):
    def __init__(self, seed=5, **kw):
        super().__init__(config(**kw), seed)

    def gold(self):
        return self.state["gold"]["held"]

    def setup(self, spots):
        """spots: [(corner, edge)] for each placement in snake order."""
        for corner, edge in spots:
            self.act("place_settlement", corner=corner)
            self.act("place_road", edge=edge)
        assert self.state["phase"] == "roll"


def corner_of(*hexes):
    return next(c for c, hs in G.corner_hexes.items() if set(hs) == set(hexes) and len(G.corner_hexes[c]) == len(hexes))


def dry_spots(n):
    """Setup places away from the river: corner and a road, neither by the river."""
    spots, taken = [], set()
    for c in G.corners:
        if c in RIVER_CORNERS or any(t in G.corner_corners[c] or t == c for t in taken):
            continue
        edge = next((e for e in G.corner_edges[c] if e not in BANKS and e not in SITES), None)
        if edge is None:
            continue
        spots.append((c, edge))
        taken.add(c)
        if len(spots) == n:
            return spots
    raise AssertionError("no room")


# ---------------------------------------------------------------- the board


def test_the_rivers_board_two_swamps_no_desert_the_two_beside_the_twelve():
    expected = ruleset({"config": config()}).board_expected("base", boards.expected_set("base"))
    assert expected["terrains"]["swamp"] == 2 and expected["terrains"]["desert"] == 0
    assert sum(n for t, n in expected["terrains"].items() if t != "swamp") == 17  # producing hexes
    assert "swamp" in expected["untokened"] and expected["robber_on"] == "swamp"
    assert sum(expected["tokens"].values()) == 18  # 17 on their own hexes, the "2" beside the "12"
    assert boards.validate_board(LAYOUT, expected) == []
    assert rivers.check_board(None, LAYOUT) == []
    game = Game()
    assert game.state["board"]["robber"] == "0,0" and len(SITES) == 7


def test_the_hex_with_the_twelve_produces_on_two_as_well():
    game = Game()
    spot = corner_of("-1,-1", "-2,0", "-1,0")  # fields 12 (+2), fields 9, forest 11
    spots = dry_spots(6)
    spots[0] = (spot, next(e for e in G.corner_edges[spot] if e not in BANKS and e not in SITES))
    spots = [s for i, s in enumerate(spots) if i == 0 or not set(G.corner_corners[s[0]]) & {spot}]
    game.setup(spots[:6])
    game.act("roll", dice=[1, 1])
    assert game.state["production"]["seats"]["0"] == {"grain": 1}
    game.act("end_turn")
    game.act("roll", dice=[6, 6])
    assert game.state["production"]["seats"]["0"] == {"grain": 1}


def test_the_swamps_produce_nothing_and_the_robber_may_go_there():
    game = Game()
    assert boards.production(game.state["board"]["layout"], {"settlements": {corner_of("0,0", "1,0", "1,-1"): 0},
                                                             "cities": {}, "roads": {}}, None, 4) == {0: {"wool": 1}}


class Draws:
    """The board generators' randomness (services draws it from the game's secret)."""
    def __init__(self):
        self.chance, self.n = Chance(seeded_secret(1)), 0

    def randint(self, n):
        self.n += 1
        return self.chance.randint("board", self.n, n)


RULES_CONFIG = {"config": config()}


def manual_layout():
    """A blank board to enter, as services.lay_out_board makes it for "manual"."""
    frame = boards.get_frame("base")
    layout = boards.empty_board("base")
    layout["harbours"] = dict(zip(frame.harbour_edges, frame.harbour_types))
    return ruleset(RULES_CONFIG).lay_out(layout, Draws())


def test_generated_boards_and_no_board_are_refused_with_their_own_codes():
    rules = ruleset(RULES_CONFIG)
    for layout in (boards.random_board("base", Draws()), boards.balanced_board("base", Draws())[0],
                   boards.beginner_board()):
        with pytest.raises(IllegalAction) as info:
            rules.lay_out(layout, Draws())
        assert info.value.code == "rivers_manual_board"
    with pytest.raises(IllegalAction) as info:
        new_game(config(board="none", play_mode="paper"))
    assert info.value.code == "rivers_need_board"
    with pytest.raises(IllegalAction) as info:
        new_game({**config(), "rules": "cities_knights"})
    assert info.value.code == "rivers_base_only"
    with pytest.raises(IllegalAction) as info:
        new_game(config(players=5))
    assert info.value.code in ("rivers_players", "board_frame")


def test_the_board_is_entered_by_hand_rivers_bridge_sites_and_the_two_on_the_twelve():
    layout = manual_layout()
    assert layout["features"]["rivers"] == {"river": [], "bridges": []}
    game = Game(board="manual", layout=layout)
    assert game.state["phase"] == "board"
    assert "river_edge" in game.targets()
    for h, cell in LAYOUT["hexes"].items():
        game.act("edit_hex", hex=h, terrain=cell["terrain"], number=cell["number"] or "")
    # The "2" went beside the "12" by itself.
    assert game.state["board"]["layout"]["hexes"]["-1,-1"]["extra_numbers"] == [2]
    assert game.refused("board_done") == "board_incomplete"
    for e in BANKS:
        game.act("set_river_edge", edge=e, piece="river")
    for e in SITES[:6]:
        game.act("set_river_edge", edge=e, piece="bridge")
    assert game.refused("board_done") == "board_incomplete"
    game.act("set_river_edge", edge=SITES[6], piece="bridge")
    assert game.refused("set_river_edge", edge=SITES[0], piece="bridge") == "nothing_changes"
    game.act("set_river_edge", edge=SITES[0], piece="")
    game.act("set_river_edge", edge=SITES[0], piece="bridge")
    assert game.refused("set_river_edge", edge="0,0|5,5", piece="river") == "river_unknown_edge"
    assert game.refused("set_river_edge", edge=SITES[0], piece="lake") == "bad_river_kind"
    # Moving the 12 moves the 2.
    game.act("edit_hex", hex="-1,-1", terrain="fields", number=9)
    game.act("edit_hex", hex="-2,0", terrain="fields", number=12)
    assert game.state["board"]["layout"]["hexes"]["-2,0"]["extra_numbers"] == [2]
    assert "extra_numbers" not in game.state["board"]["layout"]["hexes"]["-1,-1"]
    game.act("board_done")
    assert game.state["phase"] == "setup"
    assert game.state["board"]["robber"] in ("0,0", "1,-2")
    assert fold(game.config, game.records)[0] == game.state


def test_a_bridge_site_touching_no_river_and_a_two_on_its_own_are_refused():
    layout = copy.deepcopy(LAYOUT)
    far = next(e for e in G.edges if not set(G.edge_corners[e]) & RIVER_CORNERS)
    layout["features"]["rivers"]["bridges"][0] = far
    assert ("bridge_off_river", {"edge": far}) in rivers.check_board(None, layout)
    layout = copy.deepcopy(LAYOUT)
    del layout["hexes"]["-1,-1"]["extra_numbers"]
    layout["hexes"]["-2,1"]["number"] = 2
    assert any(code == "two_beside_twelve" for code, _ in rivers.check_board(None, layout))


# ---------------------------------------------------------------- gold from the river


def test_gold_for_a_settlement_and_a_road_by_the_river_in_setup():
    game = Game()
    corner = corner_of("1,-1", "2,-1", "2,-2")  # on river one's bank
    road = next(e for e in G.corner_edges[corner] if e in BANKS)
    spots = [s for s in dry_spots(8) if not set(G.corner_corners[s[0]]) & {corner}]
    game.setup([(corner, road)] + spots[:5])
    assert game.gold() == [2, 0, 0]
    reasons = [e["params"]["reason"] for e in game.state["log"] if e["kind"] == "gold_earned"]
    assert reasons == ["settlement", "road"]


def test_no_road_on_a_bridge_site_ever():
    game = Game()
    site = SITES[0]
    corner = G.edge_corners[site][0]
    game.act("place_settlement", corner=corner)
    assert site not in game.targets()["road"]
    assert game.refused("place_road", edge=site) == "road_closed"


def play_ready(game, spots=None):
    game.setup(spots or dry_spots(6))
    game.act("roll", dice=[3, 3])


def test_the_titles_at_the_end_of_setup_everyone_poor_when_all_equal():
    game = Game()
    play_ready(game)
    r = game.state["rivers"]
    assert r["titled"] and r["wealthiest"] is None and r["poor"] == [0, 1, 2]
    rules = ruleset(game.state)
    assert [rules.vp_public(game.state, s) for s in range(3)] == [0, 0, 0]  # 2 settlements - 2


def test_a_bridge_costs_2_brick_1_lumber_pays_3_gold_and_counts_as_a_road():
    game = Game()
    site = SITES[2]
    a, b = G.edge_corners[site]
    # Ala's second settlement stands at one end of the bridge site.
    spots = [s for s in dry_spots(10) if not {s[0], *G.corner_corners[s[0]]} & {a}][:5]
    road = next(e for e in G.corner_edges[a] if e != site and e not in SITES)
    order = [spots[0], spots[1], spots[2], spots[3], spots[4], (a, road)]
    game.setup(order)
    gold_setup = list(game.gold())
    game.act("roll", dice=[3, 3])
    game.give(0, brick=2, lumber=1)
    hand = dict(game.state["players"][0]["hand"])
    assert site in game.targets(0)["bridge"]
    assert game.refused("build_bridge", T, edge=site) == "build_on_phone"
    game.act("build_bridge", A, edge=site)
    assert game.state["board"]["pieces"]["roads"][site] == 0
    assert game.state["rivers"]["bridges"] == {site: 0}
    assert game.gold()[0] == gold_setup[0] + 3
    after = game.state["players"][0]["hand"]
    assert (hand["brick"] - after["brick"], hand["lumber"] - after["lumber"]) == (2, 1)
    assert game.state["players"][0]["roads"] == 2  # none taken from the supply
    assert game.refused("build_bridge", A, edge=site) == "bridge_site_taken"
    assert game.refused("build_bridge", A, edge=next(e for e in G.edges if e not in SITES)) == "not_bridge_site"
    assert game.refused("build_road", A, edge=SITES[3]) == "road_closed"


def test_at_most_three_bridges_and_only_next_to_ones_own_pieces():
    game = Game()
    play_ready(game)
    game.give(0, brick=8, lumber=4)
    lonely = next(s for s in SITES if not any(game.state["board"]["pieces"]["roads"].get(e) == 0
                                               for c in G.edge_corners[s] for e in G.corner_edges[c]))
    assert game.refused("build_bridge", A, edge=lonely) == "bridge_not_connected"
    # Three bridges anywhere next to her own pieces (set directly), then none more.
    for site in SITES[:3]:
        game.state["rivers"]["bridges"][site] = 0
        game.state["board"]["pieces"]["roads"][site] = 0
    corner = G.edge_corners[SITES[3]][0]
    game.state["board"]["pieces"]["settlements"][corner] = 0
    assert game.refused("build_bridge", A, edge=SITES[3]) == "no_bridges_left"


def test_road_building_never_builds_a_bridge():
    game = Game()
    play_ready(game)
    game.state["board"]["free_roads"] = 2
    game.state["phase"] = "roll"
    assert "build_bridge" not in allowed_actions(game.state, A)


def test_two_gold_buy_a_resource_twice_a_turn_at_most():
    game = Game()
    play_ready(game)
    game.state["gold"]["held"][0] = 7
    game.state["gold"]["earned"][0] = 7
    assert game.refused("buy_with_gold", T, resource="ore") == "gold_on_phone"
    game.act("buy_with_gold", A, resource="ore")
    game.act("buy_with_gold", A, resource="wool")
    assert game.refused("buy_with_gold", A, resource="ore") == "gold_buys_used"
    assert game.gold()[0] == 3
    assert game.state["players"][0]["hand"]["ore"] >= 1
    game.act("end_turn")
    game.act("roll", B, dice=[2, 3])
    game.act("end_turn")
    game.act("roll", C, dice=[2, 3])
    game.act("end_turn")
    game.act("roll", A, dice=[2, 3])
    game.act("buy_with_gold", A, resource="brick")
    assert game.gold()[0] == 1
    assert game.refused("buy_with_gold", A, resource="brick") == "not_enough_gold"


def test_the_wealthiest_and_the_poor_follow_the_gold():
    """Ala 3, Bartek 1, Celina 1: Ala wealthiest, the other two poor; when Bartek reaches
    3 Ala gives the title up and nobody holds it; Celina alone is poor then."""
    game = Game()
    play_ready(game)
    g = game.state["gold"]
    g["held"], g["earned"] = [3, 1, 1], [3, 1, 1]
    game.act("end_turn")  # any action recounts
    r = game.state["rivers"]
    assert r["wealthiest"] == 0 and r["poor"] == [1, 2]
    rules = ruleset(game.state)
    assert rules.vp_extra(game.state, 0) == 1 and rules.vp_extra(game.state, 1) == -2
    g = game.state["gold"]
    g["held"][1], g["earned"][1] = 3, 3
    game.act("roll", B, dice=[2, 3])
    r = game.state["rivers"]
    assert r["wealthiest"] is None and r["poor"] == [2]
    kinds = [e["kind"] for e in game.state["log"]]
    assert "wealthiest" in kinds and "poor" in kinds


def test_gold_with_the_bank_4_to_1_and_the_bank_sells_none():
    game = Game()
    play_ready(game)
    g = game.state["gold"]
    g["held"][0] = g["earned"][0] = 5
    game.act("trade_gold", A, give="gold", get="ore")
    assert game.gold()[0] == 1
    game.give(0, grain=4)
    # Coins are traded away like resources; the bank gives no gold for cards.
    assert game.refused("trade_gold", A, give="grain", get="gold") == "bank_sells_no_gold"
    assert game.refused("trade_gold", A, give="gold", get="gold") == "gold_trade_sides"
    assert game.refused("trade_gold", A, give="gold", get="ore") == "not_enough_gold"


def test_gold_is_never_stolen_and_offered_between_players_on_phones():
    game = Game()
    play_ready(game)
    g = game.state["gold"]
    g["held"], g["earned"] = [0, 4, 0], [0, 4, 0]
    game.give(0, wool=2)
    # Bartek offers Ala 2 gold for 2 wool; she accepts.
    game.act("offer_gold", B, to=0, count=2, cards={"wool": 2}, give="gold")
    offer = game.state["gold"]["offers"][0]
    assert game.refused("answer_gold", C, offer=offer["id"], answer="accept") == "offer_not_for_you"
    game.act("answer_gold", A, offer=offer["id"], answer="accept")
    assert game.gold() == [2, 2, 0] and game.state["players"][1]["hand"]["wool"] >= 2
    assert game.refused("offer_gold", B, to=2, count=1, cards={"ore": 1}, give="gold") == "trade_with_active"


def test_paper_mode_the_app_holds_the_gold_and_says_what_to_take():
    game = Game(play_mode="paper")
    play_ready(game)
    g = game.state["gold"]
    g["held"], g["earned"] = [4, 0, 0], [4, 0, 0]
    game.act("buy_with_gold", T, resource="ore")
    assert game.state["log"][-1]["kind"] in ("bought_with_gold", "wealthiest", "poor")
    assert game.gold()[0] == 2
    game.act("give_gold", T, seat=0, to=1, count=1)
    assert game.gold() == [1, 1, 0]
    assert game.refused("give_gold", T, seat=1, to=2, count=1) == "trade_with_active"


def test_replay_gives_the_live_state():
    game = Game()
    corner = corner_of("1,-1", "2,-1", "2,-2")
    road = next(e for e in G.corner_edges[corner] if e in BANKS)
    spots = [s for s in dry_spots(8) if not set(G.corner_corners[s[0]]) & {corner}]
    game.setup([(corner, road)] + spots[:5])
    game.act("roll", dice=[3, 3])
    assert fold(game.config, game.records)[0] == game.state


def _trail_to(corner, length, avoid):
    """A trail of `length` edges ending at `corner`, on no edge of `avoid`."""
    def walk(at, path, seen):
        if len(path) == length:
            return path
        for e in G.corner_edges[at]:
            far = G.other_corner(e, at)
            if e in avoid or e in path or far in seen:
                continue
            found = walk(far, path + [e], seen | {far})
            if found:
                return found
        return None
    return walk(corner, [], {corner})


def test_a_bridge_counts_for_longest_road():
    """Four roads and a bridge in a row: a trail of 5, Longest Road."""
    game = Game()
    play_ready(game)
    site = SITES[2]
    end = G.edge_corners[site][0]
    trail = _trail_to(end, 4, set(SITES))
    pieces = game.state["board"]["pieces"]
    assert not any(e in pieces["roads"] for e in trail)
    for e in trail:
        pieces["roads"][e] = 0
    game.state["players"][0]["roads"] += 4
    game.give(0, brick=2, lumber=1)
    game.act("build_bridge", A, edge=site)
    assert game.state["longest_road"] == 0
    assert game.state["board"]["road_lengths"]["0"] == 5


def test_gold_goes_to_the_bank_3_to_1_at_a_3_to_1_harbour():
    game = Game()
    play_ready(game)
    edge = next(e for e, kind in LAYOUT["harbours"].items() if kind == "generic")
    corner = G.edge_corners[edge][0]
    game.state["board"]["pieces"]["settlements"][corner] = 0
    g = game.state["gold"]
    g["held"][0] = g["earned"][0] = 3
    assert view(game.state, 0)["gold"]["ratio"] == 3
    game.act("trade_gold", A, give="gold", get="brick")
    assert game.gold()[0] == 0


def test_a_city_by_the_river_earns_nothing_more():
    game = Game()
    corner = corner_of("1,-1", "2,-1", "2,-2")
    road = next(e for e in G.corner_edges[corner] if e in BANKS)
    spots = [s for s in dry_spots(8) if not set(G.corner_corners[s[0]]) & {corner}]
    game.setup([(corner, road)] + spots[:5])
    game.act("roll", dice=[3, 3])
    before = game.gold()[0]
    game.give(0, grain=2, ore=3)
    game.act("build_city", A, corner=corner)
    assert game.gold()[0] == before


def test_catan_for_two_neutral_pieces_by_the_river_earn_no_gold():
    game = Game(players=2, variants={"two_players": True})
    neutral_spot = corner_of("1,-1", "2,-1", "2,-2")
    game.act("place_neutral", corner=neutral_spot)
    game.act("place_neutral", corner=game.targets()["neutral_settlement"][0])
    assert game.gold() == [0, 0]
    assert neutral_spot in game.state["rivers"]["paid"]["corners"]


# ---------------------------------------------------------------- with the other variants


def test_catan_for_two_a_settlement_next_to_a_swamp_earns_2_tokens_and_the_robber_goes_to_a_swamp():
    game = Game(players=2, variants={"two_players": True})
    far = [c for c in game.targets()["neutral_settlement"] if c not in RIVER_CORNERS]
    game.act("place_neutral", corner=far[0])
    game.act("place_neutral", corner=next(c for c in game.targets()["neutral_settlement"]
                                           if c not in RIVER_CORNERS and c not in G.corner_corners[far[0]]))
    swamp_corner = next(c for c in game.targets()["settlement"] if "0,0" in G.corner_hexes[c]
                        and len(G.corner_hexes[c]) == 3)
    tokens = list(game.state["two"]["tokens"])
    game.act("place_settlement", corner=swamp_corner)
    assert game.state["two"]["tokens"][0] == tokens[0] + 2
    game.act("place_road", edge=game.targets()["road"][0])
    for _ in range(3):
        game.act("place_settlement", corner=game.targets()["settlement"][0])
        game.act("place_road", edge=game.targets()["road"][0])
    game.act("roll", dice=[1, 2])
    game.act("roll", dice=[2, 2])
    game.state["board"]["robber"] = "-2,1"
    game.act("robber_to_desert")
    assert game.state["board"]["robber"] in ("0,0", "1,-2")
    # the words name the swamp, not a desert the board does not have
    from companion.messages import log_text
    with translation.override("en"):
        earned = next(e for e in game.state["log"] if e["kind"] == "tokens_earned" and e["params"]["reason"] == "swamp")
        assert "for a settlement next to a swamp" in log_text(earned, ["Ala", "Bartek"])
        assert "the robber goes back to a swamp" in log_text(game.state["log"][-1], ["Ala", "Bartek"])
    with translation.override("pl"):
        assert "złodziej wraca na bagno" in log_text(game.state["log"][-1], ["Ala", "Bartek"])
    from companion.messages import refusal
    with translation.override("en"):  # the refusal when it is there already (home: the swamp's terrain)
        assert refusal(IllegalAction("robber_on_desert", home="swamp")) == "The robber is on a swamp already."


def test_events_the_fleeing_robber_goes_to_a_swamp():
    from companion.layers.options.events import rules as events
    game = Game(dice_source="events")
    game.state["board"]["robber"] = "-2,1"
    plan = events.plan_robber_flees(ruleset(game.state), game.state)
    assert plan["robber"] in ("0,0", "1,-2")


def test_catan_for_two_a_neutral_road_never_goes_on_a_bridge_site():
    game = Game(players=2, variants={"two_players": True})
    site = "1,-1|2,-1"
    end = "1,-1|1,0|2,-1"  # a corner of the site, for the first neutral settlement
    game.act("place_neutral", corner=end)
    game.act("place_neutral", corner=next(c for c in game.targets()["neutral_settlement"] if c not in RIVER_CORNERS))
    for _ in range(4):
        game.act("place_settlement", corner=next(c for c in game.targets()["settlement"] if c not in RIVER_CORNERS))
        game.act("place_road", edge=next(e for e in game.targets()["road"] if e not in BANKS))
    game.act("roll", dice=[1, 2])
    game.act("roll", dice=[2, 2])
    game.give(0, brick=1, lumber=1)
    game.act("build_road", A, edge=game.targets(0)["road"][0])
    assert game.state["phase"] == "neutral_build"
    game.act("choose_neutral", A, neutral=2)
    assert game.refused("build_neutral", A, edge=site) == "road_closed"
    assert "rivers_two" in ruleset(game.state).names
