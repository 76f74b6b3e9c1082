"""Barbarian Attack ("Atak barbarzyńców", Traders & Barbarians): layers/traders_barbarians_scenarios/barbarian_attack/rules.py.

From /work/shared/rulebooks/traders-and-barbarians-pl.txt: the castle and the desert on the
outer ring, ten coastal hexes numbered 2-12 once each; barbarians on the 2 and the 12 at the
start; after a settlement or city the dice are rolled until three different totals without a
7 came up, each puts a barbarian on its coastal hex unless it holds 3 (the rulebook's example:
3, 9, 7, 3, 8 -> 2 barbarians placed, the 9 conquered, the 8 conquered already); 3 barbarians
conquer a hex (no production, no roads or settlements there, buildings touching only conquered
hexes and sea lose their points); no robber: a 7 lets the roller draw from an opponent; the
scenario's development cards are resolved at once (knighting, black knight, treason,
intrigue); knights move up to 3 paths (5 for a grain) at the end of the turn; more knights
than barbarians around a hex win (the rulebook's example: 4 knights, red 3 and blue 1,
against 3 barbarians: red 2 prisoners, blue 1); the colour die takes knights; 2 prisoners = 1 VP.
"""
import copy

import pytest

from companion import layers as registry
from companion.engine import IllegalAction, view
from companion.engine import game as engine_game
from companion.layers.traders_barbarians_scenarios.barbarian_attack import rules as ba
from companion.layers.gold import rules as gold
from companion.machinery import board as boards
from tests.engine.played import Played

T = {"role": "table"}
NAMES = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white"), ("Darek", "orange")]


@pytest.fixture(autouse=True, scope="module")
def registered():
    """The package is in the registry (until the lead adds it, the test adds it)."""
    added = ba.LAYER not in registry.LAYERS
    if added:
        registry.LAYERS = registry.LAYERS + (ba.LAYER,)
        engine_game._COMPOSED.clear()
    yield
    if added:
        registry.LAYERS = tuple(x for x in registry.LAYERS if x is not ba.LAYER)
        engine_game._COMPOSED.clear()


class Draws:
    def __init__(self, *values):
        self.values = list(values)

    def randint(self, n):
        return self.values.pop(0) % n if self.values else 0


def ba_layout():
    return ba.lay_out(None, boards.beginner_board(), Draws())


LAYOUT = ba_layout()
G = boards.geometry(LAYOUT)


def coastal(number):
    return ba.coastal_with(LAYOUT, number)


def config(players=3, play_mode="hands", **more):
    c = {"players": [{"name": n, "color": col} for n, col in NAMES[:players]], "board": "random",
         "play_mode": play_mode, "dice_source": "typed", "scenario": "barbarian_attack", "target": 12,
         "board_layout": copy.deepcopy(LAYOUT)}
    c.update(more)
    return c


class Scripted:
    """The engine's chance, with scripted draws for some streams (die faces 1-6 for the
    barbarians' dice, indices for the development deck, colour 0-2 for the colour die)."""

    def __init__(self, chance):
        self.chance = chance
        self.script = {}

    def randint(self, stream, counter, n):
        queue = self.script.get(stream)
        if queue:
            return queue.pop(0)
        return self.chance.randint(stream, counter, n)

    def epoch(self, epoch):
        return self


def faces(*totals):
    """Die values (as randint results, 0-5) rolling the given totals."""
    out = []
    for t in totals:
        a = min(6, t - 1)
        out += [a - 1, t - a - 1]
    return out


class Game(Played):
    def __init__(self, seed=5, **kw):
        super().__init__(config(**kw), seed)
        self.chance = Scripted(self.chance)

    def dice(self, *values):
        self.chance.script.setdefault(ba.STREAM, []).extend(values)

    def card(self, name):
        index = sum(ba.DECK[c] for c in ba.CARDS[:ba.CARDS.index(name)])
        self.chance.script.setdefault("dev", []).append(index)

    def setup(self):
        n = len(self.state["players"])
        for i in range(2 * n):
            self.act("place_settlement", corner=self.targets()["settlement"][0])
            self.act("place_road", edge=self.targets()["road"][0])
        assert self.state["phase"] == "roll"

    def to_main(self, dice=(3, 2)):
        self.act("roll", dice=list(dice))
        assert self.state["phase"] == "main"

    def me(self, seat=None):
        return {"seat": self.state["turn"]["seat"] if seat is None else seat}

    @property
    def b(self):
        return self.state["barbarian_attack"]


def test_board_castle_and_coast():
    castle = ba.castle_of(LAYOUT)
    assert castle in ba.ring_corners("base")
    coast = ba.coastal_hexes(LAYOUT)
    assert len(coast) == 10
    assert sorted(LAYOUT["hexes"][h]["number"] for h in coast) == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
    ring = ba.outer_ring(LAYOUT)
    # checked from the castle's counter-clockwise neighbour, then clockwise past the castle
    i = ring.index(castle)
    assert coast[0] == ring[i - 1]
    assert ba.check_board(None, LAYOUT) == []
    state = engine_game.new_game(config())
    assert state["board"]["robber"] is None
    assert ba.part(state)["barbarians"] == {coastal(2): 1, coastal(12): 1}
    assert ba.part(state)["pool"] == ba.BARBARIANS - 2


def test_refused_combinations():
    for change, code in (({"board": "none", "play_mode": "paper", "board_layout": None},
                          "barbarian_attack_needs_board"),
                         ({"rules": "cities_knights"}, "barbarian_attack_base_only")):
        with pytest.raises(IllegalAction) as info:
            engine_game.new_game({**config(), **change})
        assert info.value.code == code
    with pytest.raises(IllegalAction) as info:  # two players only with Catan for two
        engine_game.new_game(config(players=2))
    assert info.value.code in ("barbarian_attack_players", "two_players_need_variant")
    state = engine_game.new_game(config(players=2, variants={"two_players": True}))  # its rules for two
    assert state["phase"] == "setup" and ba.part(state)["wandering"] is None


def test_setup_a_settlement_then_a_city():
    game = Game()
    game.setup()
    pieces = game.state["board"]["pieces"]
    assert len(pieces["settlements"]) == 3 and len(pieces["cities"]) == 3
    assert all(p["cities"] == 1 and p["settlements"] == 1 for p in game.state["players"])
    assert ba.part(game.state)["pool"] == ba.BARBARIANS - 2  # setup places bring no barbarians


def upgrade(game, seat=None):
    seat = game.state["turn"]["seat"] if seat is None else seat
    corner = next(c for c, s in game.state["board"]["pieces"]["settlements"].items() if s == seat)
    if game.state["bank"] is not None:
        game.give(seat, ore=3, grain=2)
    game.act("build_city", actor={"seat": seat}, corner=corner)
    return corner


def test_the_rulebooks_landing_example_3_9_7_3_8_places_2_barbarians():
    game = Game()
    game.setup()
    game.to_main()
    b = game.b
    b["barbarians"] = {coastal(9): 2, coastal(8): 3}
    b["pool"] = ba.BARBARIANS - 5
    game.dice(*faces(3, 9, 7, 3, 8))
    upgrade(game)
    b = game.b
    assert b["barbarians"] == {coastal(3): 1, coastal(9): 3, coastal(8): 3}
    assert b["pool"] == ba.BARBARIANS - 7
    assert b["landing"]["placed"] == [coastal(3), coastal(9)]
    assert [sum(d) for d in b["landing"]["rolls"]] == [3, 9, 7, 3, 8]
    assert ba.conquered(game.state) == sorted([coastal(9), coastal(8)])
    entry = [e for e in game.state["log"] if e["kind"] == "barbarians_landed"][-1]
    assert entry["params"]["conquered"] == [coastal(9)]


def test_no_rolls_once_the_pool_is_empty_and_the_last_one_lands():
    game = Game()
    game.setup()
    game.to_main()
    game.b["pool"] = 1
    game.dice(*faces(4, 5, 6))
    upgrade(game)
    assert game.b["pool"] == 0 and game.b["barbarians"].get(coastal(4)) == 1
    assert len(game.b["landing"]["rolls"]) == 1
    before = game.b["rolls"]
    seat = game.state["turn"]["seat"]
    game.give(seat, lumber=2, brick=2, grain=1, wool=1)
    road = game.targets(seat)["road"][0]
    game.act("build_road", actor={"seat": seat}, edge=road)
    spots = set(G.edge_corners[road]) & set(game.targets(seat).get("settlement") or ())
    corner = min(spots) if spots else None
    if corner:
        game.act("build_settlement", actor={"seat": seat}, corner=corner)
    assert game.b["rolls"] == before  # the pool is empty: no more rolls


def conquer(game, h):
    b = game.b
    b["pool"] -= ba.CONQUER - b["barbarians"].get(h, 0)
    b["barbarians"][h] = ba.CONQUER


def test_a_conquered_hex_produces_nothing_and_takes_no_roads_or_settlements():
    game = Game()
    game.setup()
    pieces = game.state["board"]["pieces"]
    # a coastal hex next to a building
    h = next(h for h in ba.coastal_hexes(LAYOUT) if any(
        c in pieces["settlements"] or c in pieces["cities"] for c in G.hex_corners[h]))
    number = LAYOUT["hexes"][h]["number"]
    conquer(game, h)
    owed = boards.production(LAYOUT, pieces, None, number)
    game.act("roll", dice=[min(6, number - 1), number - min(6, number - 1)])
    paid = game.state["production"]["seats"]
    others = {h2 for h2 in G.hexes if LAYOUT["hexes"][h2]["number"] == number and h2 != h}
    if not others:
        assert paid == {}
    assert paid != {str(s): r for s, r in owed.items()} or not owed
    assert set(G.hex_edges[h]) <= ba.road_closed(None, game.state)
    assert ba.closed_corners(game.state) >= set(G.hex_corners[h])


def test_a_building_touching_only_conquered_hexes_and_sea_loses_its_points():
    game = Game()
    game.setup()
    state = game.state
    coast = ba.coastal_hexes(LAYOUT)
    corner = next(c for c, hs in G.corner_hexes.items() if len(hs) == 2 and set(hs) <= set(coast)
                  and c not in state["board"]["pieces"]["settlements"] and c not in state["board"]["pieces"]["cities"])
    state["board"]["pieces"]["cities"][corner] = 1
    state["players"][1]["cities"] += 1
    before = engine_game.ruleset(state).vp_total(state, 1)
    a, b2 = G.corner_hexes[corner]
    conquer(game, a)
    assert engine_game.ruleset(state).vp_total(state, 1) == before  # the other hex is free
    conquer(game, b2)
    assert ba.conquered_buildings(state)[corner] == 1
    assert engine_game.ruleset(state).vp_total(state, 1) == before - 2
    assert ba.vp_sources(None, state, 1)["conquered"] == -2
    game.b["barbarians"][a] = 2  # freed: the points come back
    assert engine_game.ruleset(state).vp_total(state, 1) == before


def test_the_castle_and_the_desert_protect_their_buildings():
    castle = ba.castle_of(LAYOUT)
    corner = next(c for c in G.hex_corners[castle] if len(G.corner_hexes[c]) >= 2)
    game = Game()
    game.setup()
    for h in G.corner_hexes[corner]:
        if h in ba.coastal_hexes(LAYOUT):
            conquer(game, h)
    game.state["board"]["pieces"]["settlements"][corner] = 2
    assert corner not in ba.conquered_buildings(game.state)


def test_a_seven_has_no_robber_the_roller_draws_from_an_opponent():
    game = Game()
    game.setup()
    seat = game.state["turn"]["seat"]
    game.act("roll", dice=[3, 4])
    assert game.state["phase"] == "steal"
    victims = game.state["board"]["victims"]
    assert seat not in victims and victims
    victim = victims[0]
    size = sum(game.state["players"][victim]["hand"].values())
    game.act("steal", victim=victim)
    assert sum(game.state["players"][victim]["hand"].values()) == size - 1
    assert game.state["phase"] == "main"
    assert game.state["board"]["robber"] is None


def test_a_seven_still_takes_half_of_a_hand_above_7():
    game = Game()
    game.setup()
    game.give(1, ore=3, wool=3, grain=2)
    game.act("roll", dice=[3, 4])
    assert game.state["phase"] == "discard"
    hand = game.state["players"][1]["hand"]
    due = sum(hand.values()) // 2
    cards = {}
    for r, n in hand.items():
        take = min(n, due - sum(cards.values()))
        if take:
            cards[r] = take
    game.act("discard", actor={"seat": 1}, cards=cards)
    assert game.state["phase"] == "steal"


def buy(game, card):
    seat = game.state["turn"]["seat"]
    if game.state["bank"] is not None:
        game.give(seat, ore=1, grain=1, wool=1)
    game.card(card)
    game.act("buy_dev", actor={"seat": seat})
    return seat


def test_knighting_puts_a_knight_beside_the_castle_which_must_leave_it():
    game = Game()
    game.setup()
    game.to_main()
    seat = buy(game, "knighthood")
    assert game.state["phase"] == ba.KNIGHT_PHASE
    castle = ba.castle_of(LAYOUT)
    far = next(e for e in G.edges if e not in G.hex_edges[castle])
    assert game.refused("place_knight", actor={"seat": seat}, edge=far) == "knight_beside_castle"
    edge = G.hex_edges[castle][0]
    game.act("place_knight", actor={"seat": seat}, edge=edge)
    assert game.b["knights"] == {edge: seat}
    assert game.state["phase"] == "main"
    assert game.b["discards"]["knighthood"] == 1
    game.act("end_turn", actor={"seat": seat})
    assert game.state["phase"] == ba.MOVES
    assert game.refused("knights_done", actor={"seat": seat}) == "knight_must_leave_castle"
    near = ba.castle_paths(game.state)
    dest = ba.knight_destinations(game.state, edge)
    three = next(e for e, d in dest.items() if d <= 3)
    assert game.refused("move_knight", actor={"seat": seat}, **{"from": edge, "to": next(iter(near - {edge}))}) \
        in ("knight_beside_castle_end",)
    game.act("move_knight", actor={"seat": seat}, **{"from": edge, "to": three})
    assert game.refused("move_knight", actor={"seat": seat}, **{"from": three, "to": edge}) == "knight_moved"
    game.act("knights_done", actor={"seat": seat})
    assert game.state["turn"]["seat"] != seat and game.state["phase"] == "roll"


def test_a_long_move_costs_a_grain():
    game = Game()
    game.setup()
    game.to_main()
    seat = game.state["turn"]["seat"]
    castle = ba.castle_of(LAYOUT)
    start = next(e for e in G.edges if e not in G.hex_edges[castle])
    game.b["knights"][start] = seat
    dest = ba.knight_destinations(game.state, start)
    five = next(e for e, d in dest.items() if d == 5)
    too_far = next(e for e in G.edges if e not in ba.path_distances(LAYOUT, start, 5))
    game.act("end_turn", actor={"seat": seat})
    assert game.refused("move_knight", actor={"seat": seat}, **{"from": start, "to": too_far}) == "knight_too_far"
    hand = dict(game.state["players"][seat]["hand"])
    hand["grain"] = 0
    game.state["players"][seat]["hand"].update(hand)
    assert game.refused("move_knight", actor={"seat": seat}, **{"from": start, "to": five}) == "cannot_afford"
    game.give(seat, grain=1)
    game.act("move_knight", actor={"seat": seat}, **{"from": start, "to": five})
    assert game.state["players"][seat]["hand"]["grain"] == 0
    assert game.b["knights"] == {five: seat}


def test_black_knight_goes_on_any_free_path():
    game = Game()
    game.setup()
    game.to_main()
    seat = buy(game, "black_knight")
    castle = ba.castle_of(LAYOUT)
    far = next(e for e in G.edges if e not in G.hex_edges[castle])
    game.act("place_knight", actor={"seat": seat}, edge=far)
    assert game.b["knights"][far] == seat and game.b["placed"] == []


def test_intrigue_takes_a_prisoner_and_treason_moves_two_and_pays_2_gold():
    game = Game()
    game.setup()
    game.to_main()
    seat = buy(game, "intrigue")
    assert game.state["phase"] == ba.INTRIGUE
    assert game.refused("barbarian_intrigue", actor={"seat": seat}, hex=coastal(5)) == "no_barbarian_there"
    game.act("barbarian_intrigue", actor={"seat": seat}, hex=coastal(2))
    assert game.b["prisoners"][seat] == 1 and coastal(2) not in game.b["barbarians"]
    assert game.b["pool"] + sum(game.b["barbarians"].values()) + sum(game.b["prisoners"]) == ba.BARBARIANS
    before = gold.held(game.state, seat)
    seat = buy(game, "treason")
    assert gold.held(game.state, seat) == before + 2
    assert game.state["phase"] == ba.TREASON
    # one barbarian on the board (the 12): it moves, and one comes from the pool
    assert game.refused("barbarian_treason", actor={"seat": seat}, sources=[coastal(12)],
                        targets=[coastal(4)]) == "treason_targets"
    game.act("barbarian_treason", actor={"seat": seat}, sources=[coastal(12)], targets=[coastal(4), coastal(5)])
    assert game.b["barbarians"] == {coastal(4): 1, coastal(5): 1}
    assert game.b["pool"] + sum(game.b["barbarians"].values()) + sum(game.b["prisoners"]) == ba.BARBARIANS


def test_treason_frees_a_conquered_hex():
    game = Game()
    game.setup()
    game.to_main()
    conquer(game, coastal(6))
    seat = buy(game, "treason")
    game.act("barbarian_treason", actor={"seat": seat}, sources=[coastal(6), coastal(2)],
             targets=[coastal(3), coastal(4)])
    assert ba.conquered(game.state) == []
    assert game.b["barbarians"][coastal(6)] == 2


def test_the_rulebooks_prisoner_example_4_knights_against_3_barbarians():
    game = Game()
    game.setup()
    game.to_main()
    red, blue = 0, 1
    h = coastal(9)
    conquer(game, h)
    sides = G.hex_edges[h]
    seat = game.state["turn"]["seat"]
    for e, s in zip(sides[:4], (red, red, red, blue)):
        game.b["knights"][e] = s
    game.chance.script["barbarians"] = [2]  # the colour die: purple, sides 2 and 5
    game.b["moves_done"] = game.state["turn"]["number"]  # no moves: straight to the check
    before = (gold.held(game.state, red), gold.held(game.state, blue))
    game.act("end_turn", actor={"seat": seat})
    assert game.b["prisoners"][red] == 2 and game.b["prisoners"][blue] == 1
    assert h not in game.b["barbarians"]
    battle = game.b["battles"][0]
    assert battle["freed"] and battle["colour"] == "purple"
    assert battle["lost"] == [[sides[2], red]]
    assert gold.held(game.state, red) == before[0] + 3 and gold.held(game.state, blue) == before[1]
    assert sides[2] not in game.b["knights"]
    assert ba.vp_sources(None, game.state, red)["prisoners"] == 1


def test_too_few_prisoners_the_dice_decide_and_the_others_get_3_gold():
    game = Game()
    game.setup()
    game.to_main()
    h = coastal(2)  # one barbarian
    sides = G.hex_edges[h]
    game.b["knights"][sides[0]] = 1
    game.b["knights"][sides[1]] = 2
    # seat 1 rolls 4, seat 2 rolls 9; the colour die: green (sides 0 and 3)
    game.chance.script["barbarians"] = faces(4, 9) + [0]
    game.b["moves_done"] = game.state["turn"]["number"]
    before = gold.held(game.state, 1)
    game.act("end_turn", actor={"seat": game.state["turn"]["seat"]})
    assert game.b["prisoners"][2] == 1 and game.b["prisoners"][1] == 0
    assert gold.held(game.state, 1) == before + 3 + 3  # no prisoner, and the lost knight on side 0


def test_knights_equal_to_barbarians_do_not_win():
    game = Game()
    game.setup()
    game.to_main()
    h = coastal(12)
    game.b["barbarians"][h] = 2
    game.b["pool"] -= 1
    for e in G.hex_edges[h][:2]:
        game.b["knights"][e] = 1
    game.b["moves_done"] = game.state["turn"]["number"]
    game.act("end_turn", actor={"seat": game.state["turn"]["seat"]})
    assert game.b["barbarians"][h] == 2 and game.b["battles"] == []


def test_the_table_enters_its_deck_before_play():
    game = Game()
    assert game.state["phase"] == "setup"
    assert game.refused("set_barbarian_deck", deck_knighthood=-1) == "bad_deck"
    assert game.refused("set_barbarian_deck", deck_joker=1) == "bad_deck"
    game.act("set_barbarian_deck", deck_knighthood="10", deck_black_knight=2, deck_treason=3, deck_intrigue=3)
    assert sum(game.b["deck"].values()) == 18
    game.setup()
    assert game.refused("set_barbarian_deck", deck_knighthood=14) == "wrong_phase"


def test_the_discards_become_a_new_deck():
    game = Game()
    game.setup()
    game.to_main()
    game.b["deck"] = {c: 0 for c in ba.CARDS}
    game.b["discards"] = {"knighthood": 0, "black_knight": 2, "treason": 0, "intrigue": 0}
    seat = game.state["turn"]["seat"]
    game.give(seat, ore=1, grain=1, wool=1)
    game.act("buy_dev", actor={"seat": seat})
    assert game.b["card"]["card"] == "black_knight"
    assert game.b["deck"]["black_knight"] == 1 and game.b["discards"]["black_knight"] == 0


def test_settlement_refused_on_a_conquered_corner():
    game = Game()
    game.setup()
    game.to_main()
    seat = game.state["turn"]["seat"]
    h = coastal(10)
    conquer(game, h)
    corner = G.hex_corners[h][0]
    game.give(seat, lumber=1, brick=1, grain=1, wool=1)
    assert game.refused("build_settlement", actor={"seat": seat}, corner=corner) == "corner_conquered"
    assert all(c not in G.hex_corners[h] for c in game.targets(seat)["settlement"])


def test_replay_gives_the_same_state():
    game = Game(play_mode="paper")
    game.setup()
    game.to_main()
    game.dice(*faces(3, 4, 5))
    upgrade(game)
    buy(game, "knighthood")
    seat = game.state["turn"]["seat"]
    castle = ba.castle_of(LAYOUT)
    game.act("place_knight", actor={"seat": seat}, edge=G.hex_edges[castle][1])
    from companion.engine import fold
    state, _ = fold(game.config, game.records)
    assert state["barbarian_attack"] == game.state["barbarian_attack"]


@pytest.mark.parametrize("generic", [False, True])
def test_a_conquered_building_loses_its_harbour(generic):
    game = Game()
    game.setup()
    game.to_main()
    state = game.state
    seat = state["turn"]["seat"]
    coast = set(ba.coastal_hexes(LAYOUT))
    edge, kind = next((e, k) for e, k in LAYOUT["harbours"].items()
                      if all(set(G.corner_hexes[c]) <= coast for c in G.edge_corners[e])
                      and (k == "generic") == generic)
    corner = G.edge_corners[edge][0]
    pieces = state["board"]["pieces"]
    pieces["settlements"].pop(corner, None)
    pieces["cities"].pop(corner, None)
    pieces["settlements"][corner] = seat
    ratio = 2 if kind != "generic" else 3
    give = kind if kind != "generic" else "ore"
    assert boards.harbour_ratios(LAYOUT, pieces, seat)[give] == ratio
    for h in G.corner_hexes[corner]:
        conquer(game, h)
    assert ba.harbour_ratios(game.state, seat)[give] == 4
    game.give(seat, **{give: ratio})
    for r in base_resources():
        if r != give:
            game.state["players"][seat]["hand"][r] = 0
    get = next(r for r in base_resources() if r != give)
    assert game.refused("trade_bank", actor={"seat": seat}, give=give, get=get) != ""
    assert view(game.state, seat)["barbarian_attack"]["ratios"][give] == 4
    if kind == "generic":  # gold too is traded at 4 now
        gold.earn(game.state, _Step(game.state), seat, 3, "treason")
        assert game.refused("trade_gold", actor={"seat": seat}, give="gold", get="ore") == "not_enough_gold"


def base_resources():
    from companion.layers.cores.base import rules as base
    return base.RESOURCES


def _next_event(game, event, number=None):
    from companion.layers.options.events import rules as events
    card = next(i for i, c in enumerate(events.CARDS) if c["event"] == event and number in (None, c["number"]))
    deck = events._deck(game.state)
    if deck["year"] == 0:
        deck["year"] = 1
    deck["deck"].insert(0, card)


def test_with_the_events_deck_a_conquered_hex_pays_nothing():
    game = Game(dice_source="events", play_mode="paper")
    game.setup()
    h = coastal(2)  # the only hex with a 2
    corner = G.hex_corners[h][0]
    game.state["board"]["pieces"]["settlements"][corner] = 1
    _next_event(game, "plentiful_year", 2)
    game.act("reveal_event", actor={"seat": game.state["turn"]["seat"]})
    assert game.state["production"]["seats"].get("1", {}).get(LAYOUT["hexes"][h]["terrain"] and
                                                             boards_resource(LAYOUT["hexes"][h]["terrain"]))
    game2 = Game(dice_source="events", play_mode="paper")
    game2.setup()
    game2.state["board"]["pieces"]["settlements"][corner] = 1
    conquer(game2, h)
    _next_event(game2, "plentiful_year", 2)
    game2.act("reveal_event", actor={"seat": game2.state["turn"]["seat"]})
    assert game2.state["production"]["seats"] == {}


def boards_resource(terrain):
    from companion.machinery.board_rules import TERRAIN_RESOURCE
    return TERRAIN_RESOURCE[terrain]


def test_with_the_events_deck_conflict_goes_to_the_most_knights_on_the_board():
    game = Game(dice_source="events", play_mode="paper")
    game.setup()
    game.b["knights"][G.edges[0]] = 2
    game.b["knights"][G.edges[5]] = 2
    game.b["knights"][G.edges[9]] = 1
    _next_event(game, "conflict")
    game.act("reveal_event", actor={"seat": game.state["turn"]["seat"]})
    effect = [e for e in game.state["log"] if e["kind"] == "event_effect"][-1]
    assert effect["params"]["event"] == "conflict" and effect["params"]["taker"] == 2
    assert all(p["knights_played"] == 0 for p in game.state["players"])  # only while the card is revealed


def test_with_the_events_deck_robber_attack_is_a_draw_from_an_opponent():
    game = Game(dice_source="events")
    game.setup()
    seat = game.state["turn"]["seat"]
    _next_event(game, "robber_attack")
    game.act("reveal_event", actor={"seat": seat})
    assert game.state["phase"] == "steal" and seat not in game.state["board"]["victims"]


def test_with_the_events_deck_robber_flees_does_nothing():
    game = Game(dice_source="events", play_mode="paper")
    game.setup()
    _next_event(game, "robber_flees")
    game.act("reveal_event", actor={"seat": game.state["turn"]["seat"]})
    assert game.state["board"]["robber"] is None and game.state["phase"] == "main"


def test_a_board_entered_by_hand_checks_the_castle_and_the_coast_then_the_barbarians_land_on_2_and_12():
    centre = copy.deepcopy(LAYOUT)
    castle = ba.castle_of(centre)
    centre["hexes"][castle], centre["hexes"]["0,0"] = centre["hexes"]["0,0"], centre["hexes"][castle]
    assert ba.check_board(None, centre) == [("castle_not_on_coast", {"hex": "0,0"})]
    swapped = copy.deepcopy(LAYOUT)
    a, b = coastal(2), next(h for h in G.hexes if h not in ba.outer_ring(LAYOUT)
                             and LAYOUT["hexes"][h]["number"] not in (None, 2))
    swapped["hexes"][a]["number"], swapped["hexes"][b]["number"] = swapped["hexes"][b]["number"], 2
    assert ba.check_board(None, swapped) == [("coastal_numbers", {})]
    game = Game(board="manual")
    assert game.state["phase"] == "board"
    assert game.b["barbarians"] == {}
    game.act("board_done")
    assert game.state["phase"] == "setup"
    assert game.b["barbarians"] == {coastal(2): 1, coastal(12): 1} and game.state["board"]["robber"] is None


def test_one_knight_that_can_move_is_moved_by_a_tap_on_the_board():
    game = Game()
    game.setup()
    game.to_main()
    seat = game.state["turn"]["seat"]
    castle = ba.castle_of(LAYOUT)
    start = next(e for e in G.edges if e not in G.hex_edges[castle])
    game.b["knights"][start] = seat
    game.act("end_turn", actor={"seat": seat})
    targets = game.targets(seat)["knight_move"]
    assert targets == sorted(ba.knight_destinations(game.state, start))
    near = next(e for e, d in ba.knight_destinations(game.state, start).items() if d == 1)
    game.act("move_knight", actor={"seat": seat}, edge=near)
    assert game.b["knights"] == {near: seat}
    assert "knight_move" not in game.targets(seat)  # it has moved: nothing left to tap
    game.b["knights"][start] = seat  # two knights, one moved: still one that can move
    game.b["knights"][G.edges[-1]] = seat
    assert game.refused("move_knight", actor={"seat": seat}, edge=near) == "pick_on_board"


class _Step:
    def __init__(self, state):
        self.state = state

    def log(self, *a, **k):
        pass


def test_the_scenarios_own_deck_is_counted_and_conquered_harbours_give_no_harbour_points():
    """The cards left are the scenario's deck (and its discards, shuffled in when it runs out);
    Harbormaster counts only buildings whose harbour may be used."""
    from companion.engine.game import ruleset
    from companion.layers.traders_barbarians_scenarios.barbarian_attack import rules as attack

    game = Game()
    rules = ruleset(game.state)
    deck = game.state[attack.NAME]["deck"]
    assert rules.dev_deck_left(game.state) == sum(deck.values()) != sum(game.state["dev_deck"].values())
    assert rules.harbour_pieces(game.state) == attack.free_pieces(game.state)
