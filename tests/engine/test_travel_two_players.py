"""The travel edition's two-player variant (base-travel-edition-with-almanac-pl.txt, pages
10–11): Catan for two with the box's 14 trade cards, 4 each at the start, at most 7 held.
The numbers are the rulebook's, its worked example (Tomek) included."""
import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import IllegalAction, fold, new_game, ruleset, view
from companion.layers.options.travel_two_players import rules as travel
from tests.engine import test_two_players as two_tests

TRAVEL = {"two_players": True, "travel_two_players": True}


class TravelGame(two_tests.Game):
    def __init__(self, seed=5, **kw):
        super().__init__(seed, **kw)
        self.config["variants"] = dict(TRAVEL)
        self.state = new_game(self.config)


def test_fourteen_trade_cards_four_each_six_in_the_pool():
    game = TravelGame(play_mode="paper", board="none")
    assert game.state["two"]["tokens"] == [4, 4] and game.state["two"]["pool"] == 6
    assert view(game.state, 0)["travel_two_players"] == {"cards": 14, "start": 4, "limit": 7}
    assert view(game.state, "table")["catan_for_two"]["tokens"] == [4, 4]
    assert ruleset(game.state).names[-2:] == ("catan_for_two", "travel_two_players")


def test_tomeks_seventh_card_the_rulebook_example():
    """Tomek holds 6 trade cards and builds a settlement next to the desert (2 cards):
    he may hold only 7, so he keeps 1 and the other goes back to the pool."""
    game = TravelGame(play_mode="paper", board="none")
    game.state["two"]["tokens"], game.state["two"]["pool"] = [6, 4], 4
    game.act("place_setup")
    game.act("rate_settlement", spot="desert")
    assert game.state["two"]["tokens"] == [7, 4] and game.state["two"]["pool"] == 3
    assert game.state["log"][-1]["params"] == {"tokens": 1, "reason": "desert", "due": 2, "limit": 7, "returned": 1}


def test_at_seven_a_settlement_on_the_coast_earns_nothing():
    game = TravelGame(play_mode="paper", board="none")
    game.state["two"]["tokens"], game.state["two"]["pool"] = [7, 4], 3
    game.act("place_setup")
    game.act("rate_settlement", spot="desert_coast")
    assert game.state["two"]["tokens"] == [7, 4] and game.state["two"]["pool"] == 3
    assert game.state["log"][-1]["params"]["returned"] == 3


def test_the_travel_cards_need_catan_for_two_and_the_base_game():
    players = two_tests.config()["players"]
    with pytest.raises(IllegalAction) as caught:
        new_game({"players": players, "variants": {"travel_two_players": True}})
    assert caught.value.code == "travel_needs_two_players"
    with pytest.raises(IllegalAction) as caught:
        new_game({"rules": "cities_knights", "players": players, "variants": dict(TRAVEL)})
    assert caught.value.code == "two_players_base_only"
    with pytest.raises(IllegalAction) as caught:
        new_game({"players": players + [{"name": "Celina", "color": "white"}], "variants": dict(TRAVEL)})
    assert caught.value.code == "two_players_count"


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(["desert", "coast", "desert_coast"]), min_size=1, max_size=12))
def test_cards_are_conserved_and_nobody_holds_more_than_seven(spots):
    """Whatever the settlements earn: cards + pool = 14, nobody above 7, and the pool
    never runs short before the limit does (the rulebook's counts make that so)."""
    game = TravelGame(play_mode="paper", board="none")
    for spot in spots:
        if game.state["phase"] != "setup":
            break
        game.act("place_setup")
        game.act("rate_settlement", spot=spot)
        two = game.state["two"]
        assert sum(two["tokens"]) + two["pool"] == travel.CARDS_TOTAL
        assert all(0 <= held <= travel.CARDS_LIMIT for held in two["tokens"])
        entry = game.state["log"][-1]["params"]
        if entry.get("due"):
            assert entry["tokens"] + entry["returned"] == entry["due"]
    replayed, _history = fold(copy.deepcopy(game.config), game.records)
    assert replayed == game.state
