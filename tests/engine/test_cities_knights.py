"""Cities & Knights (companion/layers/cores/cities_knights/rules.py), from the rulebook's own numbers
and examples (/work/shared/rulebooks/cities-and-knights-pl.txt, "C&K" below; the digest
is /work/shared/RULES-FACTS.md). Each test says in our own words which rule it checks.

Most tests play without a board (paper cards: the app tracks the public state) and set
up the situation directly in the state; the board tests use the first-game terrain of
test_board_play (a mirrored "random" board) with hands on phones.
"""
import copy

import pytest

from companion.engine import TABLE, Chance, IllegalAction, apply, fold, new_game, seeded_secret, view
from companion.layers.cores.cities_knights import rules as ck
from companion.machinery import board as boards
from companion.engine.game import allowed_actions
from companion.engine.game import ruleset

from .test_board_play import LAYOUT, G

T = {"role": "table"}
NAMES = (("Aneta", "red"), ("Iza", "blue"), ("Michał", "white"), ("Wojtek", "orange"))


def config(n=4, **extra) -> dict:
    return {"rules": "cities_knights", "players": [{"name": a, "color": c} for a, c in
                                                   (NAMES + (("Ola", "green"), ("Piotr", "brown")))[:n]], **extra}


class CK:
    """A Cities & Knights game driven through `apply`, keeping its records."""

    def __init__(self, n=4, seed=3, **extra):
        self.config = config(n, **extra)
        self.state = new_game(self.config)
        self.chance = Chance(seeded_secret(seed))
        self.records = []

    def act(self, action_type, /, actor=T, recorded=None, **args):
        action = {"type": action_type, "actor": actor, "args": args}
        self.state, outcome = apply(self.state, action, self.chance, recorded)
        self.records.append({"seq": len(self.records) + 1, "kind": "action", "action": action, "outcome": outcome})
        return self.state

    def refuse(self, action_type, /, actor=T, **args) -> IllegalAction:
        before = copy.deepcopy(self.state)
        with pytest.raises(IllegalAction) as info:
            apply(self.state, {"type": action_type, "actor": actor, "args": args}, self.chance)
        assert self.state == before
        return info.value

    def setup(self):
        while self.state["phase"] == "setup":
            self.act("place_setup")

    def roll(self, yellow=1, red=1, event="blue"):
        return self.act("roll", dice=[yellow, red], event=event)

    def logged(self, kind):
        return [e for e in self.state["log"] if e["kind"] == kind]

    @property
    def players(self):
        return self.state["players"]


def paper_game(n=4, **extra) -> CK:
    game = CK(n, **extra)
    game.setup()
    return game


def board_game(n=3, play_mode="hands", seed=3) -> CK:
    """On the first-game terrain; setup takes the first offered corners and roads."""
    game = CK(n, seed=seed, board="random", play_mode=play_mode, board_layout=copy.deepcopy(LAYOUT))
    while game.state["phase"] == "setup":
        targets = view(game.state, TABLE)["board"]["targets"]
        if "settlement" in targets:
            game.act("place_settlement", corner=targets["settlement"][0])
        else:
            game.act("place_road", edge=targets["road"][0])
    return game


def give(game: CK, seat: int, **cards) -> None:
    """Deal cards from the bank straight into a hand (test set-up)."""
    for kind, n in cards.items():
        game.state["bank"][kind] -= n
        game.state["players"][seat]["hand"][kind] += n


def conserved(state) -> None:
    if state["bank"] is not None:
        for kind in ("brick", "lumber", "wool", "grain", "ore"):
            assert state["bank"][kind] + sum(p["hand"][kind] for p in state["players"]) == 19
        for kind in ck.COMMODITIES:
            assert state["bank"][kind] + sum(p["hand"][kind] for p in state["players"]) == 12
    for deck, cards in ck.DECKS.items():
        for card, total in cards.items():
            pile = state["ck"]["decks"][deck]
            held = sum(p["progress"].count(card) + p["progress_vp"].count(card) for p in state["players"])
            assert pile["pile"][card] + pile["under"].count(card) + held == total, card


# ---------------------------------------------------------------- a new game


def test_a_game_is_for_three_to_six_players_and_13_points():
    """C&K: the winner is the first with 13 points; the box plays 3-4, the extension 5-6."""
    with pytest.raises(IllegalAction) as info:
        new_game(config(2))
    assert info.value.code == "player_count"
    for n in (3, 4, 5, 6):
        state = new_game(config(n))
        assert state["config"]["rules"] == "cities_knights"
        assert state["config"]["target"] == 13
    assert new_game(config(3, target=15))["config"]["target"] == 15


def test_no_development_cards_nor_largest_army():
    """C&K: the development cards and the largest army card stay in the box."""
    game = paper_game()
    game.roll()
    actions = ruleset(game.state).actions
    assert "buy_dev" not in actions and "play_dev" not in actions
    assert "buy_dev" not in allowed_actions(game.state, T)
    assert game.state["dev_deck"] == {}


def test_setup_without_a_board_places_a_settlement_then_a_city():
    """C&K setup: the first round as in the base game, the second a city instead of a
    settlement; the last one to place a city (the first player) starts."""
    game = paper_game(3)
    assert [(p["settlements"], p["cities"], p["roads"]) for p in game.players] == [(1, 1, 2)] * 3
    assert game.state["phase"] == "roll" and game.state["turn"]["seat"] == 0
    assert all(ruleset(game.state).vp_total(game.state, s) == 3 for s in range(3))


def test_setup_on_the_board_round_two_places_a_city_paid_by_its_hexes():
    """C&K setup: the second round puts down a city and takes one resource per hex next
    to it (resources only, no commodities)."""
    game = board_game(3)
    state = game.state
    cities = state["board"]["pieces"]["cities"]
    assert len(cities) == 3 and len(state["board"]["pieces"]["settlements"]) == 3
    for corner, seat in cities.items():
        expected = boards.starting_resources(state["board"]["layout"], corner)
        hand = {k: v for k, v in state["players"][seat]["hand"].items() if v}
        assert hand == expected
    assert all(state["players"][s]["hand"][c] == 0 for s in range(3) for c in ck.COMMODITIES)
    conserved(state)


# ---------------------------------------------------------------- the three dice


def test_the_event_die_typed_virtual_and_from_the_reader():
    game = paper_game(3)
    game.roll(2, 3, "ship")
    assert game.state["last_roll"]["event"] == "ship" and game.state["ck"]["ship"] == 1
    game.act("end_turn")
    assert game.refuse("roll", dice=[2, 3]).code == "bad_dice"  # the event die is needed too
    assert game.refuse("roll", dice=[2, 3], event="red").code == "bad_event_die"
    game.act("roll", actor={"role": "device"}, dice=[2, 3], event="green", source="reader")
    assert game.state["last_roll"]["source"] == "reader"
    game.act("end_turn")
    game.act("roll")  # virtual: all three dice drawn by the server
    outcome = game.records[-1]["outcome"]
    assert set(outcome) == {"die1", "die2", "event"} and outcome["event"] in ck.EVENT_FACES
    # The records alone replay the game.
    state, _ = fold(game.config, game.records)
    assert state == game.state


def test_the_ship_arrives_after_seven_moves_and_returns():
    """C&K: the ship moves one space per ship face; on the seventh the barbarians land."""
    game = paper_game(3)
    for turn in range(7):
        game.roll(2, 3, "ship")
        if turn < 6:
            assert game.state["ck"]["ship"] == turn + 1 and game.state["ck"]["attacks"] == 0
            game.act("end_turn")
    assert game.state["ck"]["ship"] == 0 and game.state["ck"]["attacks"] == 1
    assert game.logged("barbarians_won")


# ---------------------------------------------------------------- progress cards on a gate


def test_level_k_shows_the_red_values_one_to_k_plus_one():
    """C&K: level 1 shows red 1-2, each level one more, level 5 all six."""
    assert [r for r in range(1, 7) if ck.progress_shows(0, r)] == []
    assert [r for r in range(1, 7) if ck.progress_shows(1, r)] == [1, 2]
    assert [r for r in range(1, 7) if ck.progress_shows(2, r)] == [1, 2, 3]
    assert [r for r in range(1, 7) if ck.progress_shows(5, r)] == [1, 2, 3, 4, 5, 6]


def test_rulebook_example_yellow_gate_red_three():
    """C&K example: yellow 6, red 3, yellow gate; the player with two trade levels draws a
    yellow card, one with a single level does not, others draw nothing. Drawers go
    clockwise from the roller; the card is secret."""
    game = paper_game(4)
    game.players[1]["improvements"]["trade"] = 2
    game.players[2]["improvements"]["trade"] = 1
    game.players[3]["improvements"]["trade"] = 3
    game.roll(6, 3, "yellow")
    drawn = [e for e in game.logged("progress_drawn")]
    assert [e["seat"] for e in drawn] == [1, 3]
    assert all(e["params"] == {"deck": "trade", "reason": "gate"} for e in drawn)
    assert len(game.players[1]["progress"]) == 1 and game.players[2]["progress"] == []
    assert all(ck.DECK_OF[c] == "trade" for c in game.players[1]["progress"] + game.players[3]["progress"])
    # The card itself only in the owner's view.
    card = game.players[1]["progress"][0]
    assert view(game.state, 1)["cities_knights"]["me"]["progress"] == [card]
    assert view(game.state, 2)["cities_knights"]["me"]["progress"] == []
    assert card not in str(view(game.state, TABLE)) or card in str(ck.DECKS)  # names only as rules text
    shown = [e for e in view(game.state, 3)["log"] if e["kind"] == "progress_drawn" and e["seat"] == 1]
    assert "card" not in shown[0]["params"]
    conserved(game.state)


def test_the_decks_hold_the_almanac_cards():
    """C&K almanac: three decks of 18; Printer and Constitution one each."""
    assert {d: sum(c.values()) for d, c in ck.DECKS.items()} == {"science": 18, "politics": 18, "trade": 18}
    assert ck.DECKS["trade"]["merchant"] == 6 and ck.DECKS["politics"]["spy"] == 3


def test_victory_point_cards_are_shown_at_once_and_count():
    """C&K: Printer and Constitution are laid open when drawn, 1 VP, outside the limit."""
    game = paper_game(3)
    game.players[0]["improvements"]["science"] = 1
    game.act("roll", dice=[1, 1], event="green", recorded={"progress:0": "printer"})
    assert game.players[0]["progress_vp"] == ["printer"] and game.players[0]["progress"] == []
    assert ruleset(game.state).vp_total(game.state, 0) == 4
    assert game.logged("progress_vp")[0]["params"]["card"] == "printer"


def test_a_fifth_card_outside_the_own_turn_goes_back_at_once():
    """C&K: a player drawing a fifth progress card outside their turn discards one at
    once (under its deck); the game waits for them."""
    game = paper_game(3)
    game.players[1]["improvements"]["politics"] = 1
    game.players[1]["progress"] = ["spy", "bishop", "wedding", "warlord"]
    for card in game.players[1]["progress"]:
        game.state["ck"]["decks"]["politics"]["pile"][card] -= 1
    game.act("roll", dice=[1, 1], event="blue", recorded={"progress:0": "saboteur"})
    assert game.state["phase"] == "progress_discard"
    assert game.state["pending"] == [{"seat": 1, "kind": "progress_discard"}]
    assert game.refuse("end_turn").code == "wrong_phase"
    assert game.refuse("discard_progress", actor={"seat": 1}, card="diplomat").code == "progress_not_held"
    game.act("discard_progress", actor={"seat": 1}, card="spy")
    assert game.state["phase"] == "main" and len(game.players[1]["progress"]) == 4
    assert game.state["ck"]["decks"]["politics"]["under"] == ["spy"]
    conserved(game.state)


def test_a_fifth_card_in_the_own_turn_goes_back_before_the_turn_ends():
    """C&K: in the own turn the fifth card may still be played; it is discarded at the end."""
    game = paper_game(3)
    game.players[0]["improvements"]["politics"] = 1
    game.players[0]["progress"] = ["spy", "bishop", "wedding", "deserter"]
    for card in game.players[0]["progress"]:
        game.state["ck"]["decks"]["politics"]["pile"][card] -= 1
    game.act("roll", dice=[1, 1], event="blue", recorded={"progress:0": "warlord"})
    assert game.state["phase"] == "main" and len(game.players[0]["progress"]) == 5
    assert game.refuse("end_turn").code == "progress_over_limit"
    game.act("play_progress", actor={"seat": 0}, card="warlord")  # played: back within the limit
    game.act("end_turn")
    conserved(game.state)


# ---------------------------------------------------------------- the barbarian attack


def arrive(game: CK, yellow=2, red=3) -> None:
    """Put the ship one move from Catan and roll a ship."""
    game.state["ck"]["ship"] = ck.TRACK - 1
    game.roll(yellow, red, "ship")


def knights(game: CK, seat: int, *levels, active=True) -> None:
    for level in levels:
        player = game.players[seat]
        player["knights"].append({"id": player["next_knight"], "level": level, "active": active, "corner": None,
                                  "activated": None, "promoted": None, "acted": None})
        player["next_knight"] += 1


def test_rulebook_battle_example_four_knights_against_five_cities():
    """C&K example: Wojtek 2 basic active knights, Michał 1 strong: defence 4. Michał and
    Wojtek two cities each, Iza only a metropolis, Aneta only settlements: strength 5.
    The barbarians win 5:4; Michał and Wojtek lose a city each (both have the lowest
    strength, 2, among the players with a city that can be lost); Iza's metropolis is
    safe, Aneta has nothing to lose."""
    game = paper_game(4)
    aneta, iza, michal, wojtek = range(4)
    p = game.players
    p[aneta].update(settlements=2, cities=0)
    p[iza].update(settlements=1, cities=1, improvements={"trade": 0, "politics": 4, "science": 0})
    game.state["ck"]["metropolis"]["politics"] = {"seat": iza, "corner": None}
    p[michal].update(settlements=1, cities=2)
    p[wojtek].update(settlements=1, cities=2)
    knights(game, wojtek, 1, 1)
    knights(game, michal, 2)
    assert ck.barbarian_strength(game.state) == 5 and ck.defence(game.state) == 4
    arrive(game)
    battle = game.state["ck"]["battle"]
    assert battle["strength"] == 5 and battle["defence"] == 4 and battle["winner"] == "barbarians"
    assert battle["knights"] == {"0": 0, "1": 0, "2": 2, "3": 2}
    assert battle["losers"] == [michal, wojtek]
    p = game.players
    assert [(x["settlements"], x["cities"]) for x in p] == [(2, 0), (1, 1), (2, 1), (2, 1)]
    # Every knight rests after the battle; the ship starts again.
    assert not any(k["active"] for x in p for k in x["knights"])
    assert game.state["ck"]["ship"] == 0 and game.state["phase"] == "main"
    report = game.logged("barbarians_won")[0]["params"]
    assert report["strength"] == 5 and report["losers"] == [2, 3]


def test_ties_for_the_weakest_all_lose_a_city():
    """C&K: if no player had an active knight, everyone with a city loses one."""
    game = paper_game(3)
    arrive(game)
    assert game.state["ck"]["battle"]["losers"] == [0, 1, 2]
    assert [(x["settlements"], x["cities"]) for x in game.players] == [(2, 0)] * 3
    assert ck.barbarian_strength(game.state) == 0


def test_the_knights_win_and_the_strongest_becomes_defender_of_catan():
    """C&K: defence at least the strength wins; the single strongest defender takes a
    Defender of Catan card (1 VP)."""
    game = paper_game(3)
    knights(game, 1, 2)
    knights(game, 2, 1)
    arrive(game)  # 3 cities against 3
    battle = game.state["ck"]["battle"]
    assert battle["winner"] == "knights" and battle["defender"] == 1
    assert game.players[1]["defenders"] == 1 and game.state["ck"]["defenders"] == 5
    assert ruleset(game.state).vp_total(game.state, 1) == 4
    assert game.players[0]["cities"] == 1


def test_tied_strongest_defenders_each_draw_a_progress_card_of_their_choice():
    """C&K: on a tie for the strongest army nobody becomes Defender; each tied player draws
    from a progress deck they choose. The roll goes on (the gate, production) after."""
    game = paper_game(3)
    knights(game, 0, 2)
    knights(game, 2, 1, 1)
    game.state["ck"]["ship"] = ck.TRACK - 1
    game.roll(2, 3, "ship")
    assert game.state["phase"] == "barbarian"
    assert game.state["pending"] == [{"seat": 0, "kind": "defender_choice"}, {"seat": 2, "kind": "defender_choice"}]
    assert game.refuse("defender_choice", actor={"seat": 2}, deck="gold").code == "bad_deck"
    game.act("defender_choice", actor={"seat": 2}, deck="trade")
    assert game.state["phase"] == "barbarian"
    game.act("defender_choice", actor={"seat": 0}, deck="science")
    assert game.state["phase"] == "main"
    assert ck.DECK_OF[game.players[2]["progress"][0]] == "trade"
    assert game.state["ck"]["defenders"] == 6
    conserved(game.state)


def test_a_city_lost_with_no_settlement_piece_left_is_laid_down():
    """C&K: with all five settlements on the board the lost city lies on its side: a
    settlement's point and production until repaired for 3 ore + 2 grain, which comes
    before any new city."""
    game = paper_game(3)
    game.players[1].update(settlements=5, cities=2)
    knights(game, 0, 1)
    knights(game, 2, 1)
    arrive(game)  # strength 4 against 2: seat 1 is the weakest
    p = game.players[1]
    assert (p["settlements"], p["cities"], p["ruined"]) == (5, 1, 1)
    assert ruleset(game.state).vp_total(game.state, 1) == 5 + 2 + 1
    assert game.logged("city_lost")[-1]["params"]["ruined"] is True
    game.act("end_turn")
    game.roll()
    game.act("build_city")  # the repair
    assert (p := game.players[1]) and (p["cities"], p["ruined"]) == (2, 0)
    assert game.logged("city_repaired")


def test_the_wall_is_lost_with_the_city():
    """C&K: a city plundered by the barbarians loses its wall."""
    game = paper_game(3)
    for seat in range(3):
        game.players[seat]["walls"] = 1
    arrive(game)
    assert [x["walls"] for x in game.players] == [0, 0, 0]


def test_losing_a_city_on_the_board_asks_which_one():
    game = board_game(3, play_mode="paper")
    state = game.state
    pieces = state["board"]["pieces"]
    # Seat 0 turns its settlement into a city too: two cities to choose from.
    corner = next(c for c, s in pieces["settlements"].items() if s == 0)
    del pieces["settlements"][corner]
    pieces["cities"][corner] = 0
    state["players"][0].update(settlements=0, cities=2)
    pieces["walls"][corner] = 0
    state["players"][0]["walls"] = 1
    arrive(game)
    assert state is not game.state
    assert game.state["phase"] == "barbarian"
    assert game.state["pending"] == [{"seat": 0, "kind": "lose_city"}]
    assert game.refuse("lose_city", actor={"seat": 0}, corner="nowhere").code == "bad_lost_city"
    game.act("lose_city", actor={"seat": 0}, corner=corner)
    pieces = game.state["board"]["pieces"]
    assert pieces["settlements"][corner] == 0 and corner not in pieces["walls"]
    assert game.players[0]["walls"] == 0 and game.state["phase"] == "main"


# ---------------------------------------------------------------- the robber and the 7


def test_the_robber_stays_on_the_desert_until_the_first_attack():
    """C&K: before the barbarians first land a 7 only makes players discard."""
    game = paper_game(3)
    game.roll(3, 4, "blue")
    assert game.state["phase"] == "discard"
    for seat in range(3):
        game.act("discard", seat=seat, hand_size=5)
    assert game.state["phase"] == "main" and game.logged("robber_locked")


def test_a_seven_in_the_turn_of_the_first_attack_moves_the_robber():
    """C&K: the attack comes before production and the 7, so a 7 rolled with the ship's
    arrival already moves the robber."""
    game = paper_game(3)
    game.state["ck"]["ship"] = ck.TRACK - 1
    game.roll(3, 4, "ship")
    for seat in range(3):
        game.act("discard", seat=seat, hand_size=5)
    assert game.state["phase"] == "robber"


def test_each_wall_raises_the_hand_limit_by_two():
    """C&K example: with walls round two cities 11 cards are safe; with 12 the player
    gives back 6."""
    game = paper_game(3)
    game.players[0].update(cities=2, settlements=0, walls=2)
    game.roll(3, 4, "blue")
    game.act("discard", seat=0, hand_size=11)
    game.act("discard", seat=1, hand_size=8)
    assert game.logged("discarded")[0]["params"]["count"] == 0
    assert game.logged("discarded")[1]["params"]["count"] == 4
    game2 = paper_game(3)
    game2.players[0].update(cities=2, settlements=0, walls=2)
    game2.roll(3, 4, "blue")
    game2.act("discard", seat=0, hand_size=12)
    assert game2.logged("discarded")[0]["params"]["count"] == 6


def test_commodities_count_towards_the_seven_limit_with_hands():
    game = board_game(3)
    give(game, 1, coin=3, paper=3)  # plus the starting resources
    size = sum(game.players[1]["hand"].values())
    assert size > 7
    game.roll(3, 4, "blue")
    assert {"seat": 1, "kind": "discard"} in game.state["pending"]
    game.act("discard", actor={"seat": 1}, cards={"coin": 3, "paper": size // 2 - 3})
    conserved(game.state)


# ---------------------------------------------------------------- production on the board


def test_production_by_the_cities_and_knights_table():
    """C&K: a city on hills or fields gives 2 of the resource; on mountains, forest or
    pasture 1 resource + 1 commodity (coin, paper, cloth); a settlement 1 resource."""
    game = board_game(3)
    state = game.state
    pieces = state["board"]["pieces"]
    pieces["cities"].clear()
    pieces["settlements"].clear()
    layout = state["board"]["layout"]
    spots = {}
    taken = set()
    for h in ("0,-2", "-2,2", "1,1"):  # mountains 10, hills 5, pasture 5
        corner = next(c for c in G.hex_corners[h] if c not in taken and not (set(G.corner_corners[c]) & taken))
        taken.add(corner)
        spots[h] = corner
    pieces["cities"][spots["0,-2"]] = 0
    pieces["cities"][spots["-2,2"]] = 1
    pieces["settlements"][spots["1,1"]] = 2
    paid = ck.production(layout, pieces, state["board"]["robber"], 10)
    assert paid[0]["ore"] >= 1 and paid[0]["coin"] >= 1
    paid = ck.production(layout, pieces, state["board"]["robber"], 5)
    assert paid[1]["brick"] == 2 and "coin" not in paid[1]
    assert paid[2]["wool"] == 1 and "cloth" not in paid[2]
    pieces["cities"][spots["1,1"]] = pieces["settlements"].pop(spots["1,1"])
    paid = ck.production(layout, pieces, state["board"]["robber"], 5)
    assert paid[2]["wool"] == 1 and paid[2]["cloth"] == 1


def test_hands_receive_commodities_from_the_bank():
    game = board_game(3)
    state = game.state
    corner, seat = next(iter(state["board"]["pieces"]["cities"].items()))
    numbers = [state["board"]["layout"]["hexes"][h]["number"] for h in G.corner_hexes[corner]
               if state["board"]["layout"]["hexes"].get(h, {}).get("number")]
    total = numbers[0]
    before = copy.deepcopy(state["players"][seat]["hand"])
    game.roll(min(6, total - 1), total - min(6, total - 1), "blue")
    expected = ck.production(state["board"]["layout"], state["board"]["pieces"], state["board"]["robber"], total)
    gained = {k: game.players[seat]["hand"][k] - before[k] for k in before if game.players[seat]["hand"][k] != before[k]}
    assert gained == expected[seat]
    conserved(game.state)


# ---------------------------------------------------------------- city improvements and metropolises


def paper_improving(seat=0) -> CK:
    game = paper_game(3)
    game.roll()
    return game


def test_an_improvement_needs_a_city_and_goes_level_by_level():
    """C&K: level k costs k commodities of its kind; a player without a city can't improve."""
    game = board_game(3)
    game.roll()
    give(game, 0, cloth=3)
    game.act("improve_city", actor={"seat": 0}, chart="trade")
    assert game.players[0]["hand"]["cloth"] == 2
    game.act("improve_city", actor={"seat": 0}, chart="trade")
    assert game.players[0]["hand"]["cloth"] == 0 and game.players[0]["improvements"]["trade"] == 2
    assert game.refuse("improve_city", actor={"seat": 0}, chart="trade").code == "cannot_afford"
    assert game.refuse("improve_city", actor={"seat": 0}, chart="art").code == "bad_improvement"
    conserved(game.state)
    paper = paper_improving()
    paper.players[0].update(cities=0, settlements=2)
    assert paper.refuse("improve_city", chart="science").code == "improvement_needs_city"


def test_the_metropolis_goes_to_the_first_at_level_four_and_is_taken_at_five():
    """C&K example: a player holds the politics metropolis at level 4; another reaches
    level 5 first and takes it for good; the first can't win it back."""
    game = paper_improving()
    game.players[0]["improvements"]["politics"] = 3
    game.act("improve_city", chart="politics")
    assert game.state["ck"]["metropolis"]["politics"] == {"seat": 0, "corner": None}
    assert ruleset(game.state).vp_total(game.state, 0) == 3 + 2
    game.act("end_turn")
    game.roll()
    game.players[1]["improvements"]["politics"] = 3
    game.act("improve_city", chart="politics")  # level 4: already taken
    assert game.state["ck"]["metropolis"]["politics"]["seat"] == 0
    game.players[1]["cities"] = 2
    game.players[1]["settlements"] = 0
    game.act("improve_city", chart="politics")  # level 5 first: takes it
    assert game.state["ck"]["metropolis"]["politics"]["seat"] == 1
    assert game.logged("metropolis")[-1]["params"] == {"chart": "politics", "previous": 0}
    assert ruleset(game.state).vp_total(game.state, 0) == 3
    game.act("end_turn")
    game.act("end_turn") if game.state["phase"] == "main" else None
    game.roll()
    game.act("end_turn")
    game.roll()
    assert game.state["turn"]["seat"] == 0
    game.act("improve_city", chart="politics")  # level 5 too late: the metropolis stays
    assert game.state["ck"]["metropolis"]["politics"]["seat"] == 1


def test_a_player_whose_only_city_is_a_metropolis_stops_at_level_three_elsewhere():
    """C&K: with a single city already a metropolis, the other charts go only to level 3
    until another city is built."""
    game = paper_improving()
    game.players[0]["improvements"].update(politics=4, science=3)
    game.state["ck"]["metropolis"]["politics"] = {"seat": 0, "corner": None}
    assert game.refuse("improve_city", chart="science").code == "improvement_needs_free_city"
    game.act("improve_city", chart="politics")  # its own metropolis chart may go on
    game.players[0]["settlements"] -= 1
    game.players[0]["cities"] += 1
    game.act("improve_city", chart="science")
    assert game.state["ck"]["metropolis"]["science"]["seat"] == 0


def test_a_metropolis_on_the_board_needs_a_city_of_the_player():
    game = board_game(3)
    game.roll()
    p = game.players[0]
    p["improvements"]["trade"] = 3
    give(game, 0, cloth=4)
    corner = next(c for c, s in game.state["board"]["pieces"]["cities"].items() if s == 0)
    game.act("improve_city", actor={"seat": 0}, chart="trade")
    assert game.state["ck"]["metropolis"]["trade"] == {"seat": 0, "corner": corner}


def test_city_walls_two_brick_under_own_cities_at_most_three():
    game = board_game(3)
    game.roll()
    give(game, 0, brick=4)
    corner = next(c for c, s in game.state["board"]["pieces"]["cities"].items() if s == 0)
    settlement = next(c for c, s in game.state["board"]["pieces"]["settlements"].items() if s == 0)
    assert game.refuse("build_wall", actor={"seat": 0}, corner=settlement).code == "wall_needs_city"
    game.act("build_wall", actor={"seat": 0}, corner=corner)
    assert game.refuse("build_wall", actor={"seat": 0}, corner=corner).code == "wall_already"
    assert ck.hand_limit(game.state, 0) == 9
    conserved(game.state)


# ---------------------------------------------------------------- knights


def test_knights_build_activate_promote():
    """C&K: a basic knight costs 1 ore + 1 wool and starts at rest; 1 grain activates it;
    1 ore + 1 wool promotes it once a turn; mighty needs the fortress (politics 3); two
    knights of each level at most."""
    game = board_game(3)
    game.roll()
    give(game, 0, ore=5, wool=5, grain=1)
    corners = ck.knight_corners(game.state, 0)
    assert corners
    game.act("build_knight", actor={"seat": 0}, corner=corners[0])
    knight = game.players[0]["knights"][0]
    assert knight["level"] == 1 and not knight["active"]
    assert game.state["board"]["pieces"]["knights"][corners[0]] == 0
    game.act("activate_knight", actor={"seat": 0}, corner=corners[0])
    assert game.players[0]["knights"][0]["active"]
    assert ck.knight_strength(game.state, 0) == 1
    game.act("promote_knight", actor={"seat": 0}, knight=1)
    assert game.players[0]["knights"][0]["level"] == 2 and game.players[0]["knights"][0]["active"]
    assert game.refuse("promote_knight", actor={"seat": 0}, knight=1).code == "knight_promoted_this_turn"
    assert ck.defence(game.state) == 2
    # A knight takes the corner: no settlement there.
    assert game.refuse("build_settlement", actor={"seat": 0}, corner=corners[0]).code == "occupied"
    conserved(game.state)


def test_no_more_than_two_knights_per_level_and_fortress_for_mighty():
    game = paper_improving()
    game.act("build_knight")
    game.act("build_knight")
    assert game.refuse("build_knight").code == "no_pieces_left"
    game.act("promote_knight", knight=1)
    game.act("build_knight")
    game.act("promote_knight", knight=2)
    game.act("end_turn")
    for _ in range(2):
        game.roll()
        game.act("end_turn")
    game.roll()
    assert game.refuse("promote_knight", knight=1).code == "mighty_needs_fortress"
    game.players[0]["improvements"]["politics"] = 3
    game.act("promote_knight", knight=1)
    assert [k["level"] for k in game.players[0]["knights"]] == [3, 2, 1]


def test_an_opponents_knight_breaks_a_road():
    """C&K: a knight, even at rest, blocks an opponent's road building past it."""
    game = board_game(3)
    state = game.state
    pieces = state["board"]["pieces"]
    # An end corner of seat 1's road, where seat 1 could build on.
    road, _ = next((e, s) for e, s in pieces["roads"].items() if s == 1)
    end = next(c for c in G.edge_corners[road] if boards.building_at(pieces, c) is None)
    onward = [e for e in G.corner_edges[end] if e != road and e not in pieces["roads"]]
    assert boards.check_road(state["board"]["layout"], pieces, 1, onward[0]) is None
    pieces["knights"][end] = 0
    assert boards.check_road(state["board"]["layout"], pieces, 1, onward[0])[0] == "blocked_by_building"


# ---------------------------------------------------------------- progress cards: effects


def holding(game: CK, seat: int, *cards) -> None:
    for card in cards:
        game.state["ck"]["decks"][ck.DECK_OF[card]]["pile"][card] -= 1
        game.players[seat]["progress"].append(card)


def test_cards_are_played_after_the_roll_and_go_under_their_deck():
    game = paper_game(3)
    holding(game, 0, "warlord", "alchemist")
    assert game.refuse("play_progress", actor={"seat": 0}, card="warlord").code == "progress_after_roll"
    assert game.refuse("play_progress", actor={"seat": 0}, card="spy").code == "progress_not_held"
    assert game.refuse("play_progress", actor={"seat": 1}, card="warlord").code == "not_your_turn"
    game.roll()
    assert game.refuse("play_progress", actor={"seat": 0}, card="alchemist").code == "alchemist_before_roll"
    game.act("play_progress", actor={"seat": 0}, card="warlord")
    assert game.state["ck"]["decks"]["politics"]["under"] == ["warlord"]
    conserved(game.state)


def test_alchemist_sets_the_number_dice_and_the_event_die_still_rolls():
    """C&K almanac: before the roll, set both number dice (even a 7); then roll the event die."""
    game = paper_game(3)
    holding(game, 0, "alchemist")
    game.act("play_progress", actor={"seat": 0}, card="alchemist", dice=[3, 4])
    assert game.refuse("roll", dice=[1, 1], event="ship").code == "alchemist_set_dice"
    game.act("roll", event="green")
    assert game.state["last_roll"]["dice"] == [3, 4] and game.state["phase"] == "discard"
    game2 = paper_game(3)
    holding(game2, 0, "alchemist")
    game2.act("play_progress", actor={"seat": 0}, card="alchemist", dice=[5, 5])
    game2.act("roll")
    assert game2.state["last_roll"]["dice"] == [5, 5] and set(game2.records[-1]["outcome"]) == {"event"}


def test_warlord_activates_every_knight_for_free():
    game = paper_game(3)
    knights(game, 0, 1, 2, active=False)
    holding(game, 0, "warlord")
    game.roll()
    game.act("play_progress", actor={"seat": 0}, card="warlord")
    assert ck.knight_strength(game.state, 0) == 3


def test_smithing_promotes_two_knights_for_free():
    game = paper_game(3)
    knights(game, 0, 1, 2)
    holding(game, 0, "smithing")
    game.roll()
    assert game.refuse("play_progress", actor={"seat": 0}, card="smithing", knights=[1, 2]).code == "mighty_needs_fortress"
    game.players[0]["improvements"]["politics"] = 3
    game.act("play_progress", actor={"seat": 0}, card="smithing", knights=[1, 2])
    assert [k["level"] for k in game.players[0]["knights"]] == [2, 3]


def test_crane_makes_one_improvement_a_commodity_cheaper():
    game = board_game(3)
    holding(game, 0, "crane")
    game.roll()
    give(game, 0, coin=2)
    game.players[0]["improvements"]["politics"] = 2
    game.act("play_progress", actor={"seat": 0}, card="crane")
    game.act("improve_city", actor={"seat": 0}, chart="politics")  # level 3 for 2 coins
    assert game.players[0]["hand"]["coin"] == 0 and not game.state["ck"]["crane"]
    conserved(game.state)


def test_irrigation_and_mining_pay_two_per_hex_next_to_own_buildings():
    """C&K almanac: 2 grain per fields hex (Irrigation), 2 ore per mountains hex (Mining)
    next to at least one own building, however many buildings."""
    game = board_game(3)
    state = game.state
    layout, pieces = state["board"]["layout"], state["board"]["pieces"]
    own = [c for c, s in list(pieces["settlements"].items()) + list(pieces["cities"].items()) if s == 0]
    fields = {h for c in own for h in G.corner_hexes[c] if layout["hexes"].get(h, {}).get("terrain") == "fields"}
    mountains = {h for c in own for h in G.corner_hexes[c] if layout["hexes"].get(h, {}).get("terrain") == "mountains"}
    holding(game, 0, "irrigation", "mining")
    game.roll()
    grain, ore = game.players[0]["hand"]["grain"], game.players[0]["hand"]["ore"]
    game.act("play_progress", actor={"seat": 0}, card="irrigation")
    game.act("play_progress", actor={"seat": 0}, card="mining")
    assert game.players[0]["hand"]["grain"] == grain + 2 * len(fields)
    assert game.players[0]["hand"]["ore"] == ore + 2 * len(mountains)
    conserved(game.state)


def test_resource_and_trade_monopoly():
    """C&K almanac: Resource Monopoly takes 2 of a resource from each (1 if only one);
    Trade Monopoly 1 of a commodity from each."""
    game = board_game(3)
    holding(game, 0, "resource_monopoly", "trade_monopoly")
    game.roll()
    for seat in (0, 1, 2):
        game.players[seat]["hand"] = {k: 0 for k in game.players[seat]["hand"]}
    game.state["bank"] = {**{r: 19 for r in ("brick", "lumber", "wool", "grain", "ore")}, **{c: 12 for c in ck.COMMODITIES}}
    give(game, 1, wool=3, cloth=2)
    give(game, 2, wool=1)
    game.act("play_progress", actor={"seat": 0}, card="resource_monopoly", resource="wool")
    assert [p["hand"]["wool"] for p in game.players] == [3, 1, 0]
    game.act("play_progress", actor={"seat": 0}, card="trade_monopoly", commodity="cloth")
    assert [p["hand"]["cloth"] for p in game.players] == [1, 1, 0]
    conserved(game.state)


def test_engineer_medicine_and_road_building():
    game = board_game(3)
    holding(game, 0, "engineer", "medicine", "road_building")
    game.roll()
    pieces = game.state["board"]["pieces"]
    city = next(c for c, s in pieces["cities"].items() if s == 0)
    settlement = next(c for c, s in pieces["settlements"].items() if s == 0)
    game.act("play_progress", actor={"seat": 0}, card="engineer", corner=city)
    assert game.players[0]["walls"] == 1
    give(game, 0, ore=2, grain=1)
    game.act("play_progress", actor={"seat": 0}, card="medicine", corner=settlement)
    assert game.players[0]["cities"] == 2
    game.act("play_progress", actor={"seat": 0}, card="road_building")
    assert game.state["board"]["free_roads"] == 2
    conserved(game.state)


def test_the_merchant_is_worth_a_point_and_trades_two_for_one():
    game = board_game(3)
    holding(game, 0, "merchant", "merchant_fleet")
    game.roll()
    state = game.state
    layout, pieces = state["board"]["layout"], state["board"]["pieces"]
    corner = next(c for c, s in pieces["cities"].items() if s == 0)
    hex_ = next(h for h in G.corner_hexes[corner] if boards.TERRAIN_RESOURCE.get(layout["hexes"].get(h, {}).get("terrain")))
    resource = boards.TERRAIN_RESOURCE[layout["hexes"][hex_]["terrain"]]
    vp = ruleset(state).vp_total(state, 0)
    game.act("play_progress", actor={"seat": 0}, card="merchant", hex=hex_)
    assert ruleset(game.state).vp_total(game.state, 0) == vp + 1
    assert ck.trade_ratios(game.state, 0)[resource] == 2
    game.act("play_progress", actor={"seat": 0}, card="merchant_fleet", resource="paper")
    assert ck.trade_ratios(game.state, 0)["paper"] == 2
    give(game, 0, paper=2)
    game.act("trade_bank", actor={"seat": 0}, give="paper", get="coin")
    assert game.players[0]["hand"]["coin"] == 1
    game.act("end_turn")
    assert ck.trade_ratios(game.state, 0)["paper"] == 4
    conserved(game.state)


# ---------------------------------------------------------------- replay, undo, views


def test_a_game_replays_from_its_records():
    game = board_game(3)
    for _ in range(12):
        game.act("roll")
        while game.state["pending"]:
            p = game.state["pending"][0]
            if p["kind"] == "discard":
                size = sum(game.players[p["seat"]]["hand"].values())
                cards, due = {}, size // 2
                for k, n in game.players[p["seat"]]["hand"].items():
                    take = min(n, due - sum(cards.values()))
                    if take:
                        cards[k] = take
                game.act("discard", actor={"seat": p["seat"]}, cards=cards)
            elif p["kind"] == "lose_city":
                corner = ck._losable(game.state, p["seat"])[0]
                game.act("lose_city", actor={"seat": p["seat"]}, corner=corner)
            else:
                break
        if game.state["phase"] == "robber":
            hexes = view(game.state, TABLE)["board"]["targets"]["robber"]
            game.act("move_robber", hex=hexes[0])
        if game.state["phase"] == "steal":
            game.act("steal", victim=game.state["board"]["victims"][0])
        if game.state["phase"] != "main":
            break
        game.act("end_turn")
        conserved(game.state)
    state, _ = fold(game.config, game.records)
    assert state == game.state


# ---------------------------------------------------------------- knight orders and more cards


def knight_on_board(game: CK, seat: int, corner: str, level=1, active=True, activated=None) -> dict:
    player = game.players[seat]
    knight = {"id": player["next_knight"], "level": level, "active": active, "corner": corner,
              "activated": activated, "promoted": None, "acted": None}
    player["next_knight"] += 1
    player["knights"].append(knight)
    game.state["board"]["pieces"]["knights"][corner] = seat
    return knight


def test_a_knight_moves_along_own_roads_and_displaces_a_weaker_one():
    """C&K: an active knight (not activated this turn) moves along its owner's roads to a
    free corner or onto a weaker opponent's knight, whose owner moves it on their own
    roads; the mover then rests."""
    game = board_game(3)
    state = game.state
    pieces = state["board"]["pieces"]
    # Seat 0's road from its settlement: a knight at the settlement's road end.
    road = next(e for e, s in pieces["roads"].items() if s == 0)
    a, b = G.edge_corners[road]
    home = a if boards.building_at(pieces, a) else b
    end = b if home == a else a
    # Extend seat 0's road by one so the knight has somewhere to go.
    onward = next(e for e in G.corner_edges[end] if e not in pieces["roads"]
                  and boards.building_at(pieces, G.other_corner(e, end)) is None)
    pieces["roads"][onward] = 0
    game.players[0]["roads"] += 1
    far = G.other_corner(onward, end)
    mover = knight_on_board(game, 0, end, level=2)
    game.roll()
    assert game.refuse("move_knight", actor={"seat": 0}, knight=mover["id"], to=home).code == "knight_cannot_reach"
    game.act("move_knight", actor={"seat": 0}, knight=mover["id"], to=far)
    moved = game.players[0]["knights"][0]
    assert moved["corner"] == far and not moved["active"]
    assert game.state["board"]["pieces"]["knights"] == {far: 0}
    # A weaker opponent's knight on seat 0's network is displaced; with nowhere to go it is lost.
    game.state["board"]["pieces"]["knights"][end] = 1
    weak = {"id": 1, "level": 1, "active": True, "corner": end, "activated": None, "promoted": None, "acted": None}
    game.players[1]["knights"].append(weak)
    game.players[0]["knights"][0].update(active=True, acted=None)
    game.act("move_knight", actor={"seat": 0}, knight=mover["id"], to=end)
    # Seat 1 has no road of its own there: no free corner in its network, the knight goes home.
    assert game.players[1]["knights"] == [] and game.state["phase"] == "main"
    assert game.state["board"]["pieces"]["knights"] == {end: 0}
    assert any(e["kind"] == "knight_lost" and e["seat"] == 1 for e in game.state["log"][-3:])


def test_a_displaced_knight_is_put_back_on_its_owners_network():
    """C&K: the owner moves a displaced knight to another free intersection of the same road
    network of theirs; its state (active) stays as it was."""
    game = board_game(3)
    pieces = game.state["board"]["pieces"]

    def free_edges(corner):
        return [e for e in G.corner_edges[corner] if e not in pieces["roads"]
                and boards.building_at(pieces, G.other_corner(e, corner)) is None]

    # An open intersection with two free paths (set up by hand: only the knights matter here).
    end = next(c for c in sorted(G.corners) if boards.building_at(pieces, c) is None and len(free_edges(c)) >= 2)
    onward, own = free_edges(end)[:2]
    # Seat 0's strong knight one road further on; seat 1 owns a road from `end` to a free corner.
    pieces["roads"][onward] = 0
    game.players[0]["roads"] += 1
    mover = knight_on_board(game, 0, G.other_corner(onward, end), level=2)
    pieces["roads"][own] = 1
    game.players[1]["roads"] += 1
    refuge = G.other_corner(own, end)
    # Seat 1's basic active knight at `end`.
    pieces["knights"][end] = 1
    game.players[1]["knights"].append({"id": 1, "level": 1, "active": True, "corner": end, "activated": None,
                                       "promoted": None, "acted": None})
    game.roll()
    game.act("move_knight", actor={"seat": 0}, knight=mover["id"], to=end)
    assert game.state["phase"] == "relocate"
    assert game.state["pending"] == [{"seat": 1, "kind": "relocate_knight"}]
    assert refuge in game.state["ck"]["displaced"]["options"]
    assert game.refuse("relocate_knight", actor={"seat": 0}, corner=refuge).code == "not_your_turn"
    game.act("relocate_knight", actor={"seat": 1}, corner=refuge)
    (knight,) = game.players[1]["knights"]
    assert knight["corner"] == refuge and knight["active"]
    assert game.state["board"]["pieces"]["knights"] == {end: 0, refuge: 1}
    assert game.state["phase"] == "main"


def test_a_knight_activated_this_turn_takes_no_order():
    game = board_game(3)
    corner = ck.knight_corners(game.state, 0)[0]
    knight_on_board(game, 0, corner, activated=1)
    game.roll()
    assert game.refuse("move_knight", actor={"seat": 0}, knight=1, to=corner).code == "knight_activated_this_turn"


def test_chasing_the_robber_waits_for_the_first_attack():
    """C&K: before the barbarians' first landing no knight may chase the robber off the desert."""
    game = board_game(3)
    state = game.state
    desert = state["board"]["robber"]
    corner = next(c for c in G.hex_corners[desert] if boards.building_at(state["board"]["pieces"], c) is None)
    knight_on_board(game, 0, corner)
    game.roll()
    assert game.refuse("chase_robber", actor={"seat": 0}, knight=1).code == "robber_locked"
    game.state["ck"]["attacks"] = 1
    game.act("chase_robber", actor={"seat": 0}, knight=1)
    assert game.state["phase"] == "robber" and not game.players[0]["knights"][0]["active"]


def test_bishop_takes_a_card_from_each_neighbour_of_the_robber():
    game = board_game(3)
    holding(game, 0, "bishop")
    game.roll()
    assert game.refuse("play_progress", actor={"seat": 0}, card="bishop", hex="0,-1").code == "robber_locked"
    game.state["ck"]["attacks"] = 1
    pieces = game.state["board"]["pieces"]
    corner = next(c for c, s in pieces["cities"].items() if s == 1)
    hex_ = next(h for h in G.corner_hexes[corner] if game.state["board"]["layout"]["hexes"].get(h, {}).get("terrain")
                and h != game.state["board"]["robber"])
    before = sum(game.players[0]["hand"].values())
    game.act("play_progress", actor={"seat": 0}, card="bishop", hex=hex_)
    line = game.logged("bishop")[0]["params"]
    assert 1 in line["victims"] and set(line["robbed"]) <= set(line["victims"])
    assert sum(game.players[0]["hand"].values()) == before + len(line["robbed"])  # one line: no "stole" lines
    assert not game.logged("stole")
    conserved(game.state)


def test_inventor_swaps_two_number_tokens_but_not_2_6_8_12():
    game = board_game(3)
    holding(game, 0, "inventor", "inventor")
    game.roll()
    hexes = game.state["board"]["layout"]["hexes"]
    assert game.refuse("play_progress", actor={"seat": 0}, card="inventor", hex="0,-1", other_hex="1,0").code == "inventor_hexes"  # a 6
    game.act("play_progress", actor={"seat": 0}, card="inventor", hex="0,-2", other_hex="1,0")  # 10 and 3
    hexes = game.state["board"]["layout"]["hexes"]
    assert hexes["0,-2"]["number"] == 3 and hexes["1,0"]["number"] == 10
    assert LAYOUT["hexes"]["0,-2"]["number"] == 10  # the shared layout is untouched


def test_saboteur_and_wedding_ask_the_richer_players():
    """C&K almanac: Saboteur — everyone with at least as many points gives back half
    their hand; Wedding — everyone with more points gives 2 cards of their choice."""
    game = board_game(3)
    holding(game, 0, "saboteur", "wedding")
    game.roll()
    game.players[1]["defenders"] = 1  # one point more than seat 0
    for seat in (1, 2):
        game.players[seat]["hand"] = {k: 0 for k in game.players[seat]["hand"]}
    game.state["bank"] = {**{r: 19 for r in hands_resources()}, **{c: 12 for c in ck.COMMODITIES}}
    for seat in (0,):
        game.players[seat]["hand"] = {k: 0 for k in game.players[seat]["hand"]}
    give(game, 1, wool=4, coin=1)
    give(game, 2, ore=1)
    game.act("play_progress", actor={"seat": 0}, card="wedding")
    assert game.state["phase"] == "card_answer" and game.state["pending"] == [{"seat": 1, "kind": "wedding"}]
    assert game.refuse("card_answer", actor={"seat": 1}, cards={"wool": 3}).code == "discard_count"
    game.act("card_answer", actor={"seat": 1}, cards={"wool": 1, "coin": 1})
    assert game.state["phase"] == "main" and game.players[0]["hand"]["coin"] == 1
    # Who gave to whom is public, the cards are not: the table and seat 2 read the receiver.
    from companion.engine.views import log_for
    for viewer in ("table", 2):
        (gift,) = [e for e in log_for(game.state, viewer) if e["kind"] == "wedding_gift"]
        assert gift["params"] == {"to": 0}
    (gift,) = [e for e in log_for(game.state, 0) if e["kind"] == "wedding_gift"]
    assert gift["params"]["cards"] == {"wool": 1, "coin": 1}
    game.act("play_progress", actor={"seat": 0}, card="saboteur")
    assert game.state["pending"] == [{"seat": 1, "kind": "sabotage"}]  # seat 2 holds a single card: nothing to halve
    game.act("card_answer", actor={"seat": 1}, cards={"wool": 1})
    assert game.players[1]["hand"]["wool"] == 2
    conserved(game.state)


def hands_resources():
    return ("brick", "lumber", "wool", "grain", "ore")

