"""Cities & Knights: the progress cards that act on other players (Spy, Master Merchant,
Commercial Harbor, Deserter, Diplomat, Intrigue) and the advanced battle variant, from
the rulebook's almanac and its "Wariant dla zaawansowanych graczy"
(/work/shared/rulebooks/cities-and-knights-pl.txt). Each test says in our own words
which rule it checks.
"""
import pytest

from companion.engine import TABLE, IllegalAction, new_game, view
from companion.machinery import board as boards
from companion.layers.cores.cities_knights import rules as ck

from .test_board_play import G
from .test_cities_knights import arrive, board_game, conserved, give, holding, knight_on_board, knights, paper_game


def empty_hands(game, *seats):
    for seat in seats:
        for kind, n in game.players[seat]["hand"].items():
            game.state["bank"][kind] += n
        game.players[seat]["hand"] = {k: 0 for k in game.players[seat]["hand"]}


def me(game, seat):
    return view(game.state, seat)["cities_knights"]["me"]


# ---------------------------------------------------------------- Spy


def test_spy_looks_at_an_opponents_progress_cards_and_takes_one():
    """Almanac, Spy: look at the chosen player's progress cards and take one. A stolen Spy
    may be played at once; victory point cards lie open and can't be taken."""
    game = paper_game(3)
    holding(game, 0, "spy")
    holding(game, 1, "warlord", "spy")
    game.players[1]["progress_vp"].append("constitution")
    game.state["ck"]["decks"]["politics"]["pile"]["constitution"] -= 1
    holding(game, 2, "bishop")
    game.roll()
    assert game.refuse("play_progress", actor={"seat": 0}, card="spy", victim=0).code == "pick_opponent"
    assert game.refuse("play_progress", actor={"seat": 0}, card="spy").code == "pick_opponent"
    game.act("play_progress", actor={"seat": 0}, card="spy", victim=1)
    assert game.state["phase"] == "card_answer" and game.state["pending"] == [{"seat": 0, "kind": "spy"}]
    # Only the spy sees the cards; the constitution is not among them.
    assert me(game, 0)["spy_cards"] == ["warlord", "spy"]
    assert "spy_cards" not in me(game, 1) and "spy_cards" not in me(game, 2)
    assert view(game.state, TABLE)["cities_knights"]["card"] == {"kind": "spy", "seat": 0, "victim": 1}
    assert game.refuse("spy_take", actor={"seat": 1}, card="spy").code == "not_your_turn"
    assert game.refuse("spy_take", actor={"seat": 0}, card="bishop").code == "spy_card"
    assert game.refuse("spy_take", actor={"seat": 0}, card="constitution").code == "spy_card"
    game.act("spy_take", actor={"seat": 0}, card="spy")
    assert game.players[0]["progress"] == ["spy"] and game.players[1]["progress"] == ["warlord"]
    assert game.state["phase"] == "main" and game.state["ck"]["card"] is None
    entry = game.logged("spy_took")[0]
    assert entry["params"] == {"victim": 1} and entry["secret"]["seats"] == [0, 1]
    # The stolen Spy is played at once, on the third player.
    game.act("play_progress", actor={"seat": 0}, card="spy", victim=2)
    game.act("spy_take", actor={"seat": 0}, card="bishop")
    assert game.players[0]["progress"] == ["bishop"] and game.players[2]["progress"] == []
    conserved(game.state)


def test_spy_on_a_player_without_progress_cards_is_refused():
    """Nothing to look at: the card stays in the hand (nothing is recorded)."""
    game = paper_game(3)
    holding(game, 0, "spy")
    game.roll()
    assert game.refuse("play_progress", actor={"seat": 0}, card="spy", victim=1).code == "spy_no_cards"
    assert game.players[0]["progress"] == ["spy"]


# ---------------------------------------------------------------- Master Merchant


def test_master_merchant_takes_two_cards_of_choice_from_a_richer_player():
    """Almanac, Master Merchant: pick a player with more points, look at their hand and
    take 2 cards of your choice — even one point more is enough."""
    game = board_game(3)
    holding(game, 0, "master_merchant", "master_merchant")
    game.roll()
    empty_hands(game, 0, 1, 2)
    give(game, 1, wool=3, coin=1, ore=1)
    give(game, 2, ore=2)
    game.players[1]["defenders"] = 1  # one point more than seat 0
    assert game.refuse("play_progress", actor={"seat": 0}, card="master_merchant",
                       victim=2).code == "master_merchant_richer"  # same points: not richer
    game.act("play_progress", actor={"seat": 0}, card="master_merchant", victim=1)
    assert game.state["pending"] == [{"seat": 0, "kind": "master_merchant"}]
    assert me(game, 0)["victim_hand"]["wool"] == 3 and me(game, 0)["victim_hand"]["coin"] == 1
    assert "victim_hand" not in me(game, 1) and "victim_hand" not in me(game, 2)
    assert game.refuse("master_merchant_take", actor={"seat": 0}, cards={"wool": 3}).code == "take_count"
    assert game.refuse("master_merchant_take", actor={"seat": 0}, cards={"coin": 2}).code == "take_not_held"
    assert game.refuse("master_merchant_take", actor={"seat": 0}, cards={"castle": 2}).code == "bad_resource"
    game.act("master_merchant_take", actor={"seat": 0}, cards={"coin": 1, "ore": 1})
    assert game.players[0]["hand"]["coin"] == 1 and game.players[0]["hand"]["ore"] == 1
    assert game.players[1]["hand"]["wool"] == 3 and sum(game.players[1]["hand"].values()) == 3
    assert game.state["phase"] == "main"
    entry = game.logged("master_merchant_took")[0]
    assert entry["params"] == {"victim": 1, "count": 2} and entry["secret"]["seats"] == [0, 1]
    # A richer player with a single card gives it, without a choice to make.
    empty_hands(game, 1)
    give(game, 1, brick=1)
    game.act("play_progress", actor={"seat": 0}, card="master_merchant", victim=1)
    assert game.state["phase"] == "main" and game.players[0]["hand"]["brick"] == 1
    conserved(game.state)


def test_master_merchant_edge_cases():
    """Nobody richer: refused. A richer player with an empty hand: refused (nothing to take)."""
    game = board_game(3)
    holding(game, 0, "master_merchant")
    game.roll()
    for victim in (1, 2):
        assert game.refuse("play_progress", actor={"seat": 0}, card="master_merchant",
                           victim=victim).code == "master_merchant_richer"
    game.players[2]["defenders"] = 1
    empty_hands(game, 2)
    assert game.refuse("play_progress", actor={"seat": 0}, card="master_merchant",
                       victim=2).code == "victim_no_cards"


def test_master_merchant_with_paper_cards_tells_the_table():
    game = paper_game(3)
    holding(game, 0, "master_merchant")
    game.players[1]["defenders"] = 1
    game.roll()
    game.act("play_progress", actor={"seat": 0}, card="master_merchant", victim=1)
    assert game.state["phase"] == "main"
    assert game.logged("master_merchant")[0]["params"] == {"victim": 1, "paper": True}


# ---------------------------------------------------------------- Commercial Harbor


def test_commercial_harbor_exchanges_a_resource_for_a_commodity_with_each_opponent():
    """Almanac, Commercial Harbor: to each player once the player may give a resource;
    whoever holds a commodity gives back one of their choice; with none, no exchange
    (and the resource is not given)."""
    game = board_game(3)
    holding(game, 0, "commercial_harbor")
    game.roll()
    empty_hands(game, 0, 1, 2)
    give(game, 0, wool=2)
    give(game, 1, paper=1, cloth=1, brick=1)
    give(game, 2, ore=2)
    game.act("play_progress", actor={"seat": 0}, card="commercial_harbor")
    assert game.state["pending"] == [{"seat": 0, "kind": "harbor_offer"}]
    assert game.state["ck"]["card"]["other"] == 1
    assert game.refuse("harbor_offer", actor={"seat": 0}, resource="ore").code == "harbor_not_held"
    assert game.refuse("harbor_offer", actor={"seat": 0}, resource="coin").code == "bad_resource"
    game.act("harbor_offer", actor={"seat": 0}, resource="wool")
    # Seat 1 holds two kinds of commodity: they choose.
    assert game.state["pending"] == [{"seat": 1, "kind": "harbor_answer"}]
    assert me(game, 1)["harbor_resource"] == "wool" and me(game, 0)["harbor_resource"] == "wool"
    assert "harbor_resource" not in me(game, 2) and "resource" not in view(game.state, TABLE)["cities_knights"]["card"]
    assert game.refuse("harbor_answer", actor={"seat": 1}, commodity="coin").code == "harbor_commodity_not_held"
    assert game.refuse("harbor_answer", actor={"seat": 0}, commodity="paper").code == "not_your_turn"
    game.act("harbor_answer", actor={"seat": 1}, commodity="cloth")
    assert game.players[0]["hand"]["cloth"] == 1 and game.players[1]["hand"]["wool"] == 1
    # Seat 2 holds no commodity: no exchange, the wool stays.
    assert game.state["pending"] == [{"seat": 0, "kind": "harbor_offer"}] and game.state["ck"]["card"]["other"] == 2
    game.act("harbor_offer", actor={"seat": 0}, resource="wool")
    assert game.players[0]["hand"]["wool"] == 1 and game.players[2]["hand"]["wool"] == 0
    assert game.logged("harbor_no_commodity")[0]["params"] == {"other": 2}
    assert game.state["phase"] == "main" and game.state["ck"]["card"] is None
    conserved(game.state)


def test_commercial_harbor_skips_and_ends_without_resources():
    game = board_game(3)
    holding(game, 0, "commercial_harbor", "commercial_harbor")
    game.roll()
    empty_hands(game, 0, 1, 2)
    give(game, 0, grain=1)
    give(game, 1, coin=2)
    give(game, 2, paper=1)
    game.act("play_progress", actor={"seat": 0}, card="commercial_harbor")
    game.act("harbor_offer", actor={"seat": 0}, resource="")  # skip seat 1
    assert game.state["ck"]["card"]["other"] == 2
    game.act("harbor_offer", actor={"seat": 0}, resource="grain")  # one kind only: no choice
    assert game.players[0]["hand"]["paper"] == 1 and game.players[2]["hand"]["grain"] == 1
    assert game.state["phase"] == "main"
    # Without a resource to offer the card does nothing more.
    game.act("play_progress", actor={"seat": 0}, card="commercial_harbor")
    assert game.state["phase"] == "main" and game.state["pending"] == []
    conserved(game.state)


# ---------------------------------------------------------------- Deserter


def test_deserter_the_victim_chooses_and_the_player_puts_in_the_same_level():
    """Almanac, Deserter: the chosen player removes a knight of their choice; the player
    puts in one of the same level, in the same state (active or resting)."""
    game = paper_game(3)
    holding(game, 0, "deserter")
    knights(game, 1, 2, active=True)
    knights(game, 1, 1, active=False)
    game.roll()
    assert game.refuse("play_progress", actor={"seat": 0}, card="deserter", victim=2).code == "deserter_no_knights"
    game.act("play_progress", actor={"seat": 0}, card="deserter", victim=1)
    assert game.state["pending"] == [{"seat": 1, "kind": "deserter"}]
    assert game.refuse("desert_knight", actor={"seat": 1}, knight=7).code == "no_such_knight"
    game.act("desert_knight", actor={"seat": 1}, knight=1)  # the strong, active one
    assert [k["level"] for k in game.players[1]["knights"]] == [1]
    (new,) = game.players[0]["knights"]
    assert new["level"] == 2 and new["active"] and new["activated"] is None
    assert game.state["phase"] == "main"


def test_deserter_respects_the_two_knights_per_level():
    """Almanac, Deserter: with both pieces of that level in play, a weaker knight; with
    none at all, nothing. A mighty knight comes even without the fortress."""
    game = paper_game(3)
    holding(game, 0, "deserter", "deserter", "deserter")
    knights(game, 0, 2, 2)
    knights(game, 1, 2)
    knights(game, 2, 3, active=False)
    game.roll()
    game.act("play_progress", actor={"seat": 0}, card="deserter", victim=1)  # a single knight: no choice
    assert sorted(k["level"] for k in game.players[0]["knights"]) == [1, 2, 2]
    assert game.players[1]["knights"] == []
    game.act("play_progress", actor={"seat": 0}, card="deserter", victim=2)
    mighty = game.players[0]["knights"][-1]
    assert mighty["level"] == 3 and not mighty["active"]
    assert game.players[0]["improvements"]["politics"] < ck.ABILITY_LEVEL
    # Two basic, two strong, one mighty: a strong one brings a basic one? No: both full.
    knights(game, 0, 1)
    knights(game, 1, 2)
    game.act("play_progress", actor={"seat": 0}, card="deserter", victim=1)
    assert game.players[1]["knights"] == [] and len(game.players[0]["knights"]) == 5
    assert game.logged("knight_deserted")[-1]["params"]["replaced"] is None


def test_deserter_on_the_board_places_the_knight_on_the_own_roads():
    game = board_game(3)
    holding(game, 0, "deserter")
    theirs = ck.knight_corners(game.state, 1)[0]
    knight_on_board(game, 1, theirs, level=1, active=True)
    game.roll()
    game.act("play_progress", actor={"seat": 0}, card="deserter", victim=1)
    assert theirs not in game.state["board"]["pieces"]["knights"]
    assert game.state["pending"] == [{"seat": 0, "kind": "deserter_place"}]
    options = game.state["ck"]["card"]["options"]
    assert options == ck.knight_corners(game.state, 0)
    assert game.refuse("place_deserter", actor={"seat": 0}, corner=theirs).code == "knight_corner"
    game.act("place_deserter", actor={"seat": 0}, corner=options[0])
    assert game.state["board"]["pieces"]["knights"] == {options[0]: 0}
    assert game.players[0]["knights"][0]["active"] and game.state["phase"] == "main"


# ---------------------------------------------------------------- Diplomat


def _road_ends(game, seat):
    pieces = game.state["board"]["pieces"]
    return [e for e, s in pieces["roads"].items() if s == seat]


def test_diplomat_removes_an_open_road_and_the_own_one_is_built_again_free():
    """Almanac, Diplomat: an open road (an end without a building, knight or the owner's
    other road) is removed; an opponent's goes back to them, the player's own may be
    built again at once, for free."""
    game = board_game(3)
    holding(game, 0, "diplomat", "diplomat")
    game.roll()
    pieces = game.state["board"]["pieces"]
    theirs = _road_ends(game, 1)[0]
    assert theirs in ck.open_roads(game.state)
    roads_before = game.players[1]["roads"]
    game.act("play_progress", actor={"seat": 0}, card="diplomat", edge=theirs)
    assert theirs not in pieces and theirs not in game.state["board"]["pieces"]["roads"]
    assert game.players[1]["roads"] == roads_before - 1 and game.state["board"]["free_roads"] == 0
    mine = _road_ends(game, 0)[0]
    hand = dict(game.players[0]["hand"])
    game.act("play_progress", actor={"seat": 0}, card="diplomat", edge=mine)
    assert game.state["board"]["free_roads"] == 1
    game.act("build_road", actor={"seat": 0}, edge=mine)
    assert game.players[0]["hand"] == hand and game.state["board"]["pieces"]["roads"][mine] == 0


def test_diplomat_refuses_a_road_cut_by_a_knight_or_with_both_ends_closed():
    game = board_game(3)
    holding(game, 0, "diplomat")
    game.roll()
    pieces = game.state["board"]["pieces"]
    road = _road_ends(game, 1)[0]
    free_end = next(c for c in G.edge_corners[road] if boards.building_at(pieces, c) is None)
    knight_on_board(game, 0, free_end)  # an opponent's knight cuts the road there
    assert road not in ck.open_roads(game.state)
    assert game.refuse("play_progress", actor={"seat": 0}, card="diplomat", edge=road).code == "diplomat_open_road"
    assert game.refuse("play_progress", actor={"seat": 0}, card="diplomat", edge="nowhere").code == "diplomat_open_road"


def test_diplomat_without_a_board_counts_the_road_back():
    game = paper_game(3)
    holding(game, 0, "diplomat")
    game.roll()
    before = game.players[1]["roads"]
    game.act("play_progress", actor={"seat": 0}, card="diplomat", victim=1)
    assert game.players[1]["roads"] == before - 1
    assert game.logged("diplomat")[0]["params"] == {"owner": 1, "edge": None}


# ---------------------------------------------------------------- Intrigue


def test_intrigue_displaces_a_knight_on_the_own_roads():
    """Almanac, Intrigue: an opponent's knight on an intersection the player's road
    reaches is displaced (no own knight needed); with nowhere to go it goes back."""
    game = board_game(3)
    holding(game, 0, "intrigue", "intrigue")
    game.roll()
    corner = ck.knight_corners(game.state, 0)[0]
    # Seat 1's knight there has no road of its own: nowhere to go, it is taken back.
    knight_on_board(game, 1, corner)
    elsewhere = ck.knight_corners(game.state, 2)[0]
    knight_on_board(game, 1, elsewhere)
    assert game.refuse("play_progress", actor={"seat": 0}, card="intrigue",
                       corner=elsewhere).code == "intrigue_knight"
    assert ck.intrigue_targets(game.state, 0) == [corner]
    game.act("play_progress", actor={"seat": 0}, card="intrigue", corner=corner)
    assert [k["corner"] for k in game.players[1]["knights"]] == [elsewhere]
    assert corner not in game.state["board"]["pieces"]["knights"] and game.state["phase"] == "main"
    assert game.logged("knight_lost")


def test_intrigue_lets_the_owner_move_the_knight_on_their_network():
    game = board_game(3)
    holding(game, 0, "intrigue")
    pieces = game.state["board"]["pieces"]
    # Seat 1 owns a road from a corner seat 0's road reaches to a free one.
    corner, own = next((c, e) for c in ck.knight_corners(game.state, 0) for e in G.corner_edges[c]
                       if e not in pieces["roads"] and boards.building_at(pieces, G.other_corner(e, c)) is None)
    pieces["roads"][own] = 1
    game.players[1]["roads"] += 1
    knight_on_board(game, 1, corner, level=3, active=True)
    game.roll()
    game.act("play_progress", actor={"seat": 0}, card="intrigue", corner=corner)
    assert game.state["phase"] == "relocate" and game.state["pending"] == [{"seat": 1, "kind": "relocate_knight"}]
    refuge = G.other_corner(own, corner)
    game.act("relocate_knight", actor={"seat": 1}, corner=refuge)
    (knight,) = game.players[1]["knights"]
    assert knight["corner"] == refuge and knight["active"] and knight["level"] == 3


def test_intrigue_without_a_board_names_a_knight_that_had_nowhere_to_go():
    game = paper_game(3)
    holding(game, 0, "intrigue", "intrigue")
    knights(game, 1, 1, 2)
    game.roll()
    assert game.refuse("play_progress", actor={"seat": 0}, card="intrigue", victim=2).code == "intrigue_knight"
    game.act("play_progress", actor={"seat": 0}, card="intrigue", victim=1)
    assert game.state["pending"] == [{"seat": 1, "kind": "intrigue_back"}]
    game.act("intrigue_back", actor={"seat": 1}, knight="")  # it found a free intersection
    assert len(game.players[1]["knights"]) == 2 and game.state["phase"] == "main"
    game.act("play_progress", actor={"seat": 0}, card="intrigue", victim=1)
    assert game.refuse("intrigue_back", seat=1, knight=7).code == "no_such_knight"
    game.act("intrigue_back", seat=1, knight=2)  # the table: the strong one had nowhere to go
    assert [k["level"] for k in game.players[1]["knights"]] == [1]


def test_no_progress_card_is_refused_as_play_at_the_table_any_more():
    playable = set(ck.EFFECTS)
    assert set(ck.DECK_OF) - set(ck.VP_CARDS) <= playable


# ---------------------------------------------------------------- the advanced battle


def advanced_game(n=4, **extra):
    return paper_game(n, variants={"advanced_battle": True}, **extra)


def test_the_advanced_battle_is_a_cities_and_knights_option():
    players = [{"name": c, "color": c} for c in ("red", "blue", "white")]
    with pytest.raises(IllegalAction) as info:
        new_game({"rules": "base", "players": players, "variants": {"advanced_battle": True}})
    assert info.value.code == "variant_not_in_rules"
    state = new_game({"rules": "cities_knights", "players": players, "variants": {"advanced_battle": True}})
    assert ck.advanced_battle(state) and view(state, TABLE)["cities_knights"]["advanced_battle"]


def test_advanced_battle_rulebook_example_with_knights_held_back():
    """The rulebook's battle example (Wojtek 2 basic, Michał 1 strong; 5 cities) in the
    advanced variant: in turn from the active player each decides which active knights
    fight. Michał sends his, Wojtek keeps both back: 2 against 5, and Wojtek, now the
    weakest defender with a city, is the one who loses a city. Only the knights that
    fought go to rest."""
    game = advanced_game(4)
    aneta, iza, michal, wojtek = range(4)
    p = game.players
    p[aneta].update(settlements=2, cities=0)
    p[iza].update(settlements=1, cities=1, improvements={"trade": 0, "politics": 4, "science": 0})
    game.state["ck"]["metropolis"]["politics"] = {"seat": iza, "corner": None}
    p[michal].update(settlements=1, cities=2)
    p[wojtek].update(settlements=1, cities=2)
    knights(game, wojtek, 1, 1)
    knights(game, michal, 2)
    knights(game, aneta, 1, active=False)
    arrive(game)
    # Only players with an active knight decide, in turn order from the active player (Aneta).
    assert game.state["phase"] == "barbarian" and game.state["ck"]["muster"]["order"] == [michal, wojtek]
    assert game.state["pending"] == [{"seat": michal, "kind": "muster"}]
    assert game.refuse("muster_knights", actor={"seat": wojtek}, knights=[]).code == "not_your_turn"
    assert game.refuse("muster_knights", actor={"seat": michal}, knights=[9]).code == "no_such_knight"
    assert game.refuse("muster_knights", actor={"seat": michal}, knights=[1, 1]).code == "muster_knights"
    game.act("muster_knights", actor={"seat": michal}, knights=[1])
    assert game.state["pending"] == [{"seat": wojtek, "kind": "muster"}]
    assert game.state["ck"]["muster"]["chosen"] == {str(michal): [1]}
    game.act("muster_knights", seat=wojtek, knights=[])  # paper cards: the table records it
    battle = game.state["ck"]["battle"]
    assert battle["strength"] == 5 and battle["defence"] == 2 and battle["winner"] == "barbarians"
    assert battle["losers"] == [wojtek] and battle["held_back"] == {str(wojtek): 2}
    assert [(x["settlements"], x["cities"]) for x in game.players][2:] == [(1, 2), (2, 1)]
    assert [k["active"] for k in game.players[wojtek]["knights"]] == [True, True]
    assert [k["active"] for k in game.players[michal]["knights"]] == [False]
    assert game.state["phase"] == "main" and game.state["ck"]["muster"] is None
    assert game.state["ck"]["ship"] == 0


def test_advanced_battle_defender_comes_from_the_knights_that_fought():
    game = advanced_game(3)
    knights(game, 0, 1)
    knights(game, 1, 3)
    knights(game, 2, 1, 1)
    game.players[1]["knights"][0]["active"] = True
    arrive(game)
    assert game.state["ck"]["muster"]["order"] == [0, 1, 2]
    game.act("muster_knights", actor={"seat": 0}, knights=[1])
    game.act("muster_knights", actor={"seat": 1}, knights=[])  # the mighty knight stays home
    game.act("muster_knights", actor={"seat": 2}, knights=[1, 2])
    battle = game.state["ck"]["battle"]
    assert battle["defence"] == 3 and battle["winner"] == "knights" and battle["defender"] == 2
    assert game.players[2]["defenders"] == 1 and game.players[1]["knights"][0]["active"]


def test_advanced_battle_without_any_active_knight_needs_no_choice():
    game = advanced_game(3)
    knights(game, 0, 2, active=False)
    arrive(game)
    assert game.state["ck"]["battle"]["losers"] == [0, 1, 2] and game.state["phase"] == "main"


def test_advanced_battle_choices_come_from_the_phones_with_hands():
    game = board_game(3)
    game.state["config"]["variants"] = {"advanced_battle": True}
    corner = ck.knight_corners(game.state, 1)[0]
    knight_on_board(game, 1, corner)
    arrive(game)
    assert game.state["pending"] == [{"seat": 1, "kind": "muster"}]
    assert game.refuse("muster_knights", seat=1, knights=[1]).code == "muster_on_phone"
    assert game.refuse("muster_knights", actor={"seat": 1}, knights=["x"]).code == "no_such_knight"
    game.act("muster_knights", actor={"seat": 1}, knights=[1])
    assert game.state["ck"]["battle"]["defence"] == 1
