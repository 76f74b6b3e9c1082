"""Base-game rules, checked against the rulebooks' own numbers and examples.

Sources: /work/shared/rulebooks/base-2025-edition-pl.txt (quoted as "2025") and
base-travel-edition-with-almanac-pl.txt (quoted as "travel"), digested in
/work/shared/RULES-FACTS.md. The engine runs in scorekeeping mode: pieces are counted,
resources are not, so builds are never refused for lack of cards.
"""
import copy
import json

import pytest

from companion.engine import (
    TABLE,
    Chance,
    IllegalAction,
    allowed_actions,
    apply,
    new_game,
    seeded_secret,
    view,
)
from companion.layers.cores.base import rules as base
from companion.engine.game import ruleset

TABLE_ACTOR = {"role": "table"}
DEVICE_ACTOR = {"role": "device"}


# ---------------------------------------------------------------- helpers


def seat(i: int) -> dict:
    return {"seat": i}


def make_config(n: int = 4, target: int = 10, dice_source: str = "typed") -> dict:
    return {
        "players": [{"name": f"P{i}", "color": base.COLORS[i]} for i in range(n)],
        "target": target,
        "dice_source": dice_source,
    }


def action(kind: str, actor: dict, **args) -> dict:
    return {"type": kind, "actor": actor, "args": args}


def do(state: dict, kind: str, actor: dict = TABLE_ACTOR, chance=None, recorded=None, **args) -> dict:
    new_state, _ = apply(state, action(kind, actor, **args), chance, recorded)
    return new_state


def refused(state: dict, kind: str, actor: dict = TABLE_ACTOR, chance=None, recorded=None, **args) -> IllegalAction:
    """The action is refused and the state passed in is left untouched."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, action(kind, actor, **args), chance, recorded)
    assert state == before
    return info.value


def started(n: int = 4, target: int = 10, dice_source: str = "typed") -> dict:
    """A game right after the two setup rounds: seat 0's turn 1, before the roll."""
    state = new_game(make_config(n, target, dice_source))
    for _ in range(2 * n):
        state = do(state, "place_setup")
    return state


def roll(state: dict, a: int = 3, b: int = 4, actor: dict = TABLE_ACTOR) -> dict:
    return do(state, "roll", actor, dice=[a, b])


def to_main(state: dict) -> dict:
    """Roll a non-7 (3 + 5) and land in the trade-and-build phase."""
    state = roll(state, 3, 5)
    assert state["phase"] == "main"
    return state


def next_turn(state: dict) -> dict:
    """End the current turn (from main) and start the next one (phase roll).

    With 5-6 players everyone else passes the special building phase in between.
    """
    state = do(state, "end_turn")
    while state["phase"] == "special_build":
        state = do(state, "done_building")
    return state


@pytest.mark.parametrize("n", [5, 6])
def test_special_building_phase_between_turns_for_5_and_6_players(n):
    state = to_main(started(n))  # seat 0's turn
    state = do(state, "end_turn")
    builders = []
    while state["phase"] == "special_build":
        builders.append(state["special_build"][0])
        assert allowed_actions(state, {"seat": builders[-1]}) >= {"build_road", "buy_dev", "done_building"}
        assert "play_dev" not in allowed_actions(state, {"seat": builders[-1]})
        state = do(state, "build_road") if len(builders) == 2 else state
        state = do(state, "done_building")
    assert builders == list(range(1, n))  # everyone else, in turn order
    assert state["phase"] == "roll" and state["turn"]["seat"] == 1
    assert state["players"][2]["roads"] == 3  # the second special builder built a road


def pass_turns_until(state: dict, wanted_seat: int) -> dict:
    """From main or roll phase, end turns until `wanted_seat` is on turn (phase roll)."""
    while True:
        if state["phase"] == "roll":
            if state["turn"]["seat"] == wanted_seat:
                return state
            state = to_main(state)
        state = next_turn(state)


def buy(state: dict, card: str, times: int = 1) -> dict:
    """Buy development cards whose draw is given (as a recorded outcome would be)."""
    for _ in range(times):
        state = do(state, "buy_dev", recorded={"card": card})
    return state


def build(state: dict, kind: str, times: int = 1) -> dict:
    for _ in range(times):
        state = do(state, kind)
    return state


def hand(state: dict, s: int) -> list[str]:
    return [c["card"] for c in state["players"][s]["dev_hand"]]


# ---------------------------------------------------------------- setup: the snake order


@pytest.mark.parametrize(
    "n, expected",
    [
        (2, [0, 1, 1, 0]),
        (3, [0, 1, 2, 2, 1, 0]),
        (4, [0, 1, 2, 3, 3, 2, 1, 0]),
        (6, [0, 1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 0]),
    ],
)
def test_setup_snake_order(n, expected):
    """2025: round 1 clockwise; round 2 starts with the last player of round 1 and goes back."""
    state = new_game(make_config(n))
    assert state["phase"] == "setup"
    order, rounds = [], []
    while state["phase"] == "setup":
        active = base.active_seat(state)
        order.append(active)
        rounds.append(view(state, TABLE)["setup_round"])
        assert view(state, TABLE)["active_seat"] == active
        assert allowed_actions(state, seat(active)) == {"place_setup"}
        for other in range(n):
            if other != active:
                assert allowed_actions(state, seat(other)) == set()
                assert refused(state, "place_setup", seat(other)).code == "not_your_turn"
        state = do(state, "place_setup", seat(active))
    assert order == expected
    assert rounds == [1] * n + [2] * n
    # The first player of round 1 starts turn 1, before rolling.
    assert state["phase"] == "roll"
    assert state["turn"]["seat"] == 0
    assert state["turn"]["number"] == 1
    assert not state["turn"]["rolled"]
    # Everybody placed 2 settlements and 2 roads: 2 VP each.
    for s in range(n):
        p = state["players"][s]
        assert (p["settlements"], p["cities"], p["roads"]) == (2, 0, 2)
        assert ruleset(state).vp_total(state, s) == 2


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_turns_go_clockwise_after_setup(n):
    state = started(n)
    seats, numbers = [], []
    for _ in range(2 * n):
        seats.append(state["turn"]["seat"])
        numbers.append(state["turn"]["number"])
        state = next_turn(to_main(state))
    assert seats == [i % n for i in range(2 * n)]
    assert numbers == list(range(1, 2 * n + 1))


@pytest.mark.parametrize("n", [0, 1, 7])
def test_player_count_limits(n):
    players = [{"name": f"P{i}", "color": base.COLORS[i % 6]} for i in range(n)]
    with pytest.raises(IllegalAction) as info:
        new_game({"players": players})
    assert info.value.code == "player_count"


# ---------------------------------------------------------------- the 7: discards


@pytest.mark.parametrize(
    "hand_size, expected",
    [
        (9, 4),  # 2025 and travel: "having 9 cards, give back 4"
        (8, 4),
        (7, 0),  # 7 cards is not more than 7
        (0, 0),
        (1, 0),
        (10, 5),
        (11, 5),
        (15, 7),
        (95, 47),  # all 95 resource cards
    ],
)
def test_seven_discard_is_half_rounded_down(hand_size, expected):
    state = roll(started(3), 3, 4)
    assert state["phase"] == "discard"
    state = do(state, "discard", seat(1), hand_size=hand_size)
    assert state["players"][1]["discarded"] == expected
    entry = state["log"][-1]
    assert entry["kind"] == "discarded"
    assert entry["seat"] == 1
    assert entry["params"] == {"hand_size": hand_size, "count": expected}


@pytest.mark.parametrize("hand_size", [-1, 96, "x", None, "", [9]])
def test_discard_hand_size_validated(hand_size):
    state = roll(started(3), 3, 4)
    assert refused(state, "discard", seat(1), hand_size=hand_size).code == "bad_hand_size"


@pytest.mark.parametrize("hand_size", [8.9, True])
def test_discard_hand_size_not_integral_refused(hand_size):
    state = roll(started(3), 3, 4)
    assert refused(state, "discard", seat(1), hand_size=hand_size).code == "bad_hand_size"


def test_seven_no_production_every_seat_answers_before_the_robber():
    state = roll(started(4), 6, 1)
    assert state["phase"] == "discard"
    assert sorted(p["seat"] for p in state["pending"]) == [0, 1, 2, 3]
    assert all(p["kind"] == "discard" for p in state["pending"])
    # The roller may not move the robber, build or end the turn while anyone has not answered.
    for answering in (2, 0, 3):
        assert refused(state, "move_robber", seat(0)).code == "wrong_phase"
        assert refused(state, "end_turn", seat(0)).code == "wrong_phase"
        assert refused(state, "build_road", seat(0)).code == "wrong_phase"
        state = do(state, "discard", seat(answering), hand_size=8)
        assert state["phase"] == "discard"
    assert [p["seat"] for p in state["pending"]] == [1]
    # The table may answer for a seat (e.g. a player without a phone).
    state = do(state, "discard", TABLE_ACTOR, seat=1, hand_size=3)
    assert state["pending"] == []
    assert state["phase"] == "robber"
    assert [p["discarded"] for p in state["players"]] == [4, 0, 4, 4]


def test_discard_answering_twice_is_refused():
    state = roll(started(3), 5, 2)
    state = do(state, "discard", seat(2), hand_size=9)
    # The seat itself is no longer pending...
    assert refused(state, "discard", seat(2), hand_size=9).code == "not_your_turn"
    # ...and the table cannot answer for it a second time either.
    assert refused(state, "discard", TABLE_ACTOR, seat=2, hand_size=9).code == "nothing_pending"
    assert state["players"][2]["discarded"] == 4
    assert "discard" not in allowed_actions(state, seat(2))
    assert "discard" in allowed_actions(state, seat(1))


def test_discard_by_table_needs_a_valid_seat():
    state = roll(started(3), 5, 2)
    assert refused(state, "discard", TABLE_ACTOR, hand_size=9).code == "bad_seat"
    assert refused(state, "discard", TABLE_ACTOR, seat="x", hand_size=9).code == "bad_seat"
    assert refused(state, "discard", TABLE_ACTOR, seat=3, hand_size=9).code == "nothing_pending"


def _to_robber(n=3, roller=0):
    state = pass_turns_until(started(n), roller)
    state = roll(state, 1, 6)
    for s in range(n):
        state = do(state, "discard", seat(s), hand_size=5)
    assert state["phase"] == "robber"
    return state


# ---------------------------------------------------------------- the robber


def test_robber_victim_cannot_be_the_roller():
    state = _to_robber(3, roller=1)
    assert refused(state, "move_robber", seat(1), victim=1).code == "rob_yourself"
    assert refused(state, "move_robber", TABLE_ACTOR, victim=1).code == "rob_yourself"
    assert refused(state, "move_robber", TABLE_ACTOR, victim="1").code == "rob_yourself"
    # Only the roller (or the table) moves the robber.
    assert refused(state, "move_robber", seat(2), victim=0).code == "not_your_turn"


@pytest.mark.parametrize("victim", [0, 2, None])
def test_robber_victim_any_other_player_or_nobody(victim):
    state = _to_robber(3, roller=1)
    state = do(state, "move_robber", seat(1), victim=victim)
    assert state["phase"] == "main"
    assert state["log"][-1]["kind"] == "robber_moved"
    assert state["log"][-1]["params"]["victim"] == victim


@pytest.mark.parametrize("victim", [3, -1, "x", 1.5j])
def test_robber_victim_must_be_a_seat(victim):
    state = _to_robber(3, roller=1)
    assert refused(state, "move_robber", seat(1), victim=victim).code == "bad_victim"


@pytest.mark.parametrize("kind, arg, code", [
    ("move_robber", {"victim": 2.5}, "bad_victim"),
    ("move_robber", {"victim": False}, "bad_victim"),
    ("set_longest_road", {"holder": 2.5}, "bad_seat"),
])
def test_seat_arguments_not_integral_refused(kind, arg, code):
    state = _to_robber(3, roller=1)
    if kind == "set_longest_road":
        state = do(state, "move_robber", victim=None)
        state = build(state, "build_road", 3)
        state = next_turn(state)  # seat 2's turn; seat 1 has 5 roads
        state = to_main(state)
        state = build(state, "build_road", 3)  # seat 2 has 5 roads too
    assert refused(state, kind, **arg).code == code


def test_knight_victim_cannot_be_the_player_and_returns_to_the_phase():
    state = to_main(started(3))
    state = buy(state, "knight", 2)
    state = pass_turns_until(next_turn(state), 0)
    # Before the roll: the knight moves the robber, then the roll is still to come.
    state = do(state, "play_dev", seat(0), card="knight")
    assert state["phase"] == "robber"
    assert refused(state, "move_robber", seat(0), victim=0).code == "rob_yourself"
    state = do(state, "move_robber", seat(0), victim=2)
    assert state["phase"] == "roll"
    assert not state["turn"]["rolled"]
    # The next turn: played after the roll, back to main.
    state = pass_turns_until(next_turn(to_main(state)), 0)
    state = to_main(state)
    state = do(state, "play_dev", seat(0), card="knight")
    state = do(state, "move_robber", seat(0), victim=None)
    assert state["phase"] == "main"


# ---------------------------------------------------------------- piece supply: 5 / 4 / 15


def test_sixth_settlement_refused():
    state = to_main(started(3))
    state = build(state, "build_settlement", 3)
    assert state["players"][0]["settlements"] == 5
    err = refused(state, "build_settlement")
    assert err.code == "no_pieces_left"
    assert err.params == {"piece": "settlements", "limit": 5}
    assert view(state, TABLE)["players"][0]["pieces_left"]["settlements"] == 0


def test_city_returns_its_settlement_to_the_supply():
    state = to_main(started(3))
    state = build(state, "build_settlement", 3)  # 5 on the board, none left
    assert refused(state, "build_settlement").code == "no_pieces_left"
    state = do(state, "build_city")
    p = state["players"][0]
    assert (p["settlements"], p["cities"]) == (4, 1)
    left = view(state, TABLE)["players"][0]["pieces_left"]
    assert left == {"settlements": 1, "cities": 3, "roads": 13}
    assert ruleset(state).vp_total(state, 0) == 4 + 2
    # ...so a settlement can be built again.
    state = do(state, "build_settlement")
    assert state["players"][0]["settlements"] == 5


def test_fifth_city_refused():
    state = to_main(started(2, target=30))
    state = build(state, "build_city", 2)
    state = build(state, "build_settlement", 2)
    state = build(state, "build_city", 2)
    p = state["players"][0]
    assert (p["settlements"], p["cities"]) == (0, 4)
    assert refused(state, "build_city").code == "city_needs_settlement"
    state = do(state, "build_settlement")
    err = refused(state, "build_city")
    assert err.code == "no_pieces_left"
    assert err.params == {"piece": "cities", "limit": 4}
    assert ruleset(state).vp_total(state, 0) == 4 * 2 + 1


def test_city_needs_a_settlement():
    state = to_main(started(2, target=30))
    state = build(state, "build_city", 2)
    assert refused(state, "build_city").code == "city_needs_settlement"


def test_sixteenth_road_refused():
    state = to_main(started(3))
    state = build(state, "build_road", 13)
    assert state["players"][0]["roads"] == 15
    err = refused(state, "build_road")
    assert err.code == "no_pieces_left"
    assert err.params == {"piece": "roads", "limit": 15}


def _with_road_building(roads_on_board: int, cards: int = 1) -> dict:
    state = to_main(started(2))
    state = buy(state, "road_building", cards)
    state = build(state, "build_road", roads_on_board - 2)
    return pass_turns_until(next_turn(state), 0)


def test_road_building_gives_two_roads():
    state = _with_road_building(10)
    state = do(state, "play_dev", seat(0), card="road_building")
    assert state["players"][0]["roads"] == 12
    assert state["log"][-1]["params"] == {"card": "road_building", "roads": 2}


def test_road_building_capped_by_supply():
    state = _with_road_building(14, cards=2)
    state = do(state, "play_dev", seat(0), card="road_building")
    assert state["players"][0]["roads"] == 15
    assert state["log"][-1]["params"] == {"card": "road_building", "roads": 1}
    # With no road left the card cannot be played at all and stays in hand.
    state = pass_turns_until(next_turn(to_main(state)), 0)
    err = refused(state, "play_dev", seat(0), card="road_building")
    assert err.code == "no_pieces_left"
    assert hand(state, 0) == ["road_building"]


# ---------------------------------------------------------------- development cards


def test_dev_card_not_playable_in_the_turn_it_was_bought():
    state = to_main(started(3))
    state = buy(state, "knight")
    assert refused(state, "play_dev", seat(0), card="knight").code == "dev_card_bought_this_turn"
    # Not in the other players' turns either (only the active player plays).
    state = next_turn(state)
    assert refused(state, "play_dev", seat(0), card="knight").code == "not_your_turn"
    # From the owner's next turn it may be played, even before rolling.
    state = pass_turns_until(state, 0)
    state = do(state, "play_dev", seat(0), card="knight")
    assert state["players"][0]["knights_played"] == 1
    assert hand(state, 0) == []
    assert state["players"][0]["dev_played"] == ["knight"]


def test_older_copy_of_a_card_is_playable_when_another_was_just_bought():
    state = to_main(started(2))
    state = buy(state, "monopoly")
    state = pass_turns_until(next_turn(state), 0)
    state = to_main(state)
    state = buy(state, "monopoly")
    state = do(state, "play_dev", seat(0), card="monopoly", resource="ore")
    # The one bought earlier was played; the new one stays.
    assert state["players"][0]["dev_hand"] == [{"card": "monopoly", "turn": state["turn"]["number"]}]


def test_only_one_dev_card_per_turn():
    state = to_main(started(2))
    state = buy(state, "knight")
    state = buy(state, "year_of_plenty")
    state = buy(state, "monopoly")
    state = pass_turns_until(next_turn(state), 0)
    state = do(state, "play_dev", seat(0), card="knight")
    state = do(state, "move_robber", seat(0), victim=1)
    state = to_main(state)
    err = refused(state, "play_dev", seat(0), card="year_of_plenty", resources=["ore", "wool"])
    assert err.code == "one_dev_card_per_turn"
    assert refused(state, "play_dev", seat(0), card="monopoly", resource="ore").code == "one_dev_card_per_turn"
    # A new turn allows one again.
    state = pass_turns_until(next_turn(state), 0)
    state = do(state, "play_dev", seat(0), card="year_of_plenty", resources=["ore", "wool"])
    assert state["log"][-1]["params"] == {"card": "year_of_plenty", "resources": ["ore", "wool"]}


def test_dev_card_arguments_and_holding_checked():
    state = to_main(started(2))
    state = buy(state, "monopoly")
    state = buy(state, "year_of_plenty")
    state = buy(state, "victory_point")
    state = pass_turns_until(next_turn(state), 0)
    assert refused(state, "play_dev", seat(0), card="knight").code == "dev_card_not_held"
    assert refused(state, "play_dev", seat(0), card="victory_point").code == "bad_dev_card"
    assert refused(state, "play_dev", seat(0), card="dragon").code == "bad_dev_card"
    assert refused(state, "play_dev", seat(0), card="monopoly", resource="gold").code == "bad_resource"
    assert refused(state, "play_dev", seat(0), card="monopoly").code == "bad_resource"
    assert refused(state, "play_dev", seat(0), card="year_of_plenty", resources=["ore"]).code == "year_of_plenty_two"
    err = refused(state, "play_dev", seat(0), card="year_of_plenty", resources=["ore", "paper"])
    assert err.code == "bad_resource"
    # The table cannot play a player's card for them.
    assert refused(state, "play_dev", TABLE_ACTOR, card="monopoly", resource="ore").code == "not_your_turn"
    # Refusals used up nothing.
    assert not state["turn"]["dev_played"]
    state = do(state, "play_dev", seat(0), card="monopoly", resource="ore")
    assert sorted(hand(state, 0)) == ["victory_point", "year_of_plenty"]


def test_victory_point_card_hidden_from_table_and_counted_only_for_owner():
    state = to_main(started(3))
    state = buy(state, "victory_point")
    assert ruleset(state).vp_total(state, 0) == 3
    assert ruleset(state).vp_public(state, 0) == 2
    for other in (1, 2):
        assert ruleset(state).vp_total(state, other) == 2
    table = view(state, TABLE)
    assert table["me"] is None
    assert table["players"][0]["vp_public"] == 2
    assert table["players"][0]["vp_total"] is None
    assert table["players"][0]["vp_cards"] is None
    assert table["players"][0]["dev_cards_in_hand"] == 1
    assert "victory_point" not in json.dumps(table)
    bought = [e for e in table["log"] if e["kind"] == "bought_dev"]
    assert bought and bought[0]["params"] == {}
    for other in (1, 2):
        theirs = view(state, other)
        assert "victory_point" not in json.dumps(theirs)
        assert theirs["me"]["vp_total"] == 2
        assert theirs["players"][0]["vp_public"] == 2
    mine = view(state, 0)
    assert mine["me"]["dev_cards"] == [{"card": "victory_point", "new": True}]
    assert mine["me"]["vp_hidden"] == 1
    assert mine["me"]["vp_total"] == 3
    assert mine["players"][0]["vp_public"] == 2
    assert [e["params"] for e in mine["log"] if e["kind"] == "bought_dev"] == [{"card": "victory_point"}]


def test_victory_point_card_bought_this_turn_wins_at_once():
    """travel: with 9 VP a player buys a VP card, reveals it at once and wins."""
    state = to_main(started(3))
    state = build(state, "build_road", 3)
    state = build(state, "build_settlement", 3)
    state = build(state, "build_city", 2)  # 3 settlements + 2 cities = 7
    state = do(state, "set_longest_road", holder=0)  # 9
    assert state["phase"] == "main"
    assert ruleset(state).vp_total(state, 0) == 9
    state = buy(state, "victory_point")
    assert state["phase"] == "finished"
    assert state["winner"] == 0
    assert state["log"][-1]["kind"] == "won"
    assert state["log"][-1]["params"] == {"vp": 10, "vp_cards": 1}
    # Everything is revealed at the end.
    table = view(state, TABLE)
    assert table["players"][0]["vp_total"] == 10
    assert table["players"][0]["vp_cards"] == 1
    assert table["players"][0]["vp_public"] == 10


def test_rulebook_end_of_game_example_blue_wins_with_ten():
    """2025: Blue ends with 10 VP (2 cities, 3 settlements, Longest Road, 1 VP card) and wins;
    Red and Orange have 8, White 6. Seats: red, blue, white, orange."""
    state = started(4)
    # Blue's first turn: build up to 2 cities + 3 settlements and buy the VP card.
    state = pass_turns_until(state, 1)
    state = to_main(state)
    state = build(state, "build_road", 3)
    state = build(state, "build_settlement", 3)
    state = build(state, "build_city", 2)
    state = buy(state, "victory_point")
    assert ruleset(state).vp_total(state, 1) == 8
    assert view(state, TABLE)["players"][1]["vp_public"] == 7
    # Red and Orange build to 8, White to 6, all in their own turns.
    for s, settlements, cities in ((2, 2, 2), (3, 3, 3), (0, 3, 3)):
        state = pass_turns_until(next_turn(state), s)
        state = to_main(state)
        state = build(state, "build_settlement", settlements)
        state = build(state, "build_city", cities)
        assert state["phase"] == "main"
    assert [ruleset(state).vp_total(state, s) for s in range(4)] == [8, 8, 6, 8]
    # Blue's turn: Longest Road makes 10 and Blue wins.
    state = pass_turns_until(next_turn(state), 1)
    state = to_main(state)
    state = do(state, "set_longest_road", seat(1), holder=1)
    assert state["phase"] == "finished"
    assert state["winner"] == 1
    assert view(state, TABLE)["config"]["target"] == 10
    table = view(state, TABLE)
    assert [p["vp_total"] for p in table["players"]] == [8, 10, 6, 8]
    blue = table["players"][1]
    assert (blue["color"], blue["settlements"], blue["cities"], blue["longest_road"], blue["vp_cards"]) == (
        "blue", 3, 2, True, 1)
    assert table["active_seat"] is None
    # Nothing more can happen.
    for actor in (TABLE_ACTOR, DEVICE_ACTOR, *(seat(s) for s in range(4))):
        assert allowed_actions(state, actor) == set()
    assert refused(state, "end_turn").code == "wrong_phase"


def test_travel_end_of_game_example_two_vp_cards():
    """travel: 2 settlements, Longest Road, 2 cities and 2 VP cards = 10 VP: reveals both and wins."""
    state = to_main(started(3))
    state = build(state, "build_road", 3)
    state = build(state, "build_settlement", 2)
    state = build(state, "build_city", 2)  # 2 settlements + 2 cities
    state = buy(state, "victory_point", 2)
    state = do(state, "set_longest_road", holder=0)
    assert state["winner"] == 0
    assert state["log"][-1]["params"] == {"vp": 10, "vp_cards": 2}


def test_target_reached_in_another_players_turn_wins_only_in_own_turn():
    """travel: 'the player who first has 10 VP in their own turn wins'."""
    state = pass_turns_until(started(4), 1)
    state = to_main(state)
    state = build(state, "build_road", 3)  # 5 roads
    state = build(state, "build_settlement", 3)
    state = build(state, "build_city", 3)  # 2 settlements + 3 cities = 8
    assert ruleset(state).vp_total(state, 1) == 8
    # Seat 2's turn: the table hands Longest Road to seat 1, who now holds 10.
    state = next_turn(state)
    state = to_main(state)
    state = do(state, "set_longest_road", seat(2), holder=1)
    assert ruleset(state).vp_total(state, 1) == 10
    assert state["phase"] == "main" and state["winner"] is None
    # Still no win while seats 2, 3 and 0 play.
    state = next_turn(state)
    assert state["turn"]["seat"] == 3 and state["winner"] is None
    state = next_turn(to_main(state))
    assert state["turn"]["seat"] == 0 and state["winner"] is None
    state = to_main(state)
    assert state["winner"] is None
    # The moment seat 1's turn starts, seat 1 wins.
    state = next_turn(state)
    assert state["winner"] == 1
    assert state["phase"] == "finished"
    assert state["turn"]["seat"] == 1
    assert state["log"][-1]["kind"] == "won"


def test_target_lost_again_before_own_turn_does_not_win():
    state = pass_turns_until(started(3), 1)
    state = to_main(state)
    state = build(state, "build_road", 3)
    state = build(state, "build_settlement", 3)
    state = build(state, "build_city", 3)  # 8
    state = to_main(next_turn(state))  # seat 2
    state = build(state, "build_road", 3)
    state = do(state, "set_longest_road", holder=1)  # seat 1 at 10, not their turn
    assert ruleset(state).vp_total(state, 1) == 10
    assert state["winner"] is None
    state = do(state, "set_longest_road", holder=2)  # taken away again
    state = pass_turns_until(next_turn(state), 1)
    assert state["winner"] is None
    assert state["phase"] == "roll"


def test_hidden_vp_of_another_player_never_ends_the_game_in_someone_elses_turn():
    state = pass_turns_until(started(3), 1)
    state = to_main(state)
    state = build(state, "build_road", 3)
    state = build(state, "build_settlement", 3)
    state = build(state, "build_city", 1)  # 4 settlements + 1 city = 6
    assert ruleset(state).vp_total(state, 1) == 6
    state = buy(state, "victory_point", 2)  # 8
    state = to_main(next_turn(state))  # seat 2
    state = do(state, "set_longest_road", holder=1)  # 10 for seat 1, in seat 2's turn
    assert state["winner"] is None
    state = next_turn(state)  # seat 0
    assert state["winner"] is None
    state = next_turn(to_main(state))  # seat 1
    assert state["winner"] == 1


def test_longest_road_needs_five_roads_and_a_change():
    state = to_main(started(3))
    assert refused(state, "set_longest_road", holder=0).code == "longest_road_too_short"
    assert refused(state, "set_longest_road", holder=None).code == "nothing_changes"
    assert refused(state, "set_longest_road", holder=7).code == "bad_seat"
    state = build(state, "build_road", 3)
    state = do(state, "set_longest_road", holder=0)
    assert state["longest_road"] == 0
    assert ruleset(state).vp_total(state, 0) == 4
    assert refused(state, "set_longest_road", holder=0).code == "nothing_changes"
    state = do(state, "set_longest_road", holder="")
    assert state["longest_road"] is None
    # Other players may not set it outside their turn.
    assert refused(state, "set_longest_road", seat(1), holder=0).code == "not_your_turn"


def test_largest_army_at_three_knights_passes_only_to_more():
    state = to_main(started(2))
    state = buy(state, "knight", 3)
    state = to_main(next_turn(state))  # seat 1
    state = buy(state, "knight", 4)
    state = next_turn(state)

    def knight_turn(state, s):
        state = pass_turns_until(state, s)
        state = do(state, "play_dev", seat(s), card="knight")
        state = do(state, "move_robber", seat(s), victim=1 - s)
        return next_turn(to_main(state))

    for played in (1, 2):
        state = knight_turn(state, 0)
        assert state["players"][0]["knights_played"] == played
        assert state["largest_army"] is None
    state = knight_turn(state, 0)
    assert state["largest_army"] == 0
    assert ruleset(state).vp_total(state, 0) == 2 + 2
    assert [e for e in state["log"] if e["kind"] == "largest_army"][-1]["params"] == {
        "knights": 3, "previous": None}
    for played in (1, 2, 3):
        state = knight_turn(state, 1)
        assert state["players"][1]["knights_played"] == played
        assert state["largest_army"] == 0  # a tie at 3 does not take it
    state = knight_turn(state, 1)
    assert state["players"][1]["knights_played"] == 4
    assert state["largest_army"] == 1
    assert ruleset(state).vp_total(state, 0) == 2
    assert ruleset(state).vp_total(state, 1) == 4
    assert [e for e in state["log"] if e["kind"] == "largest_army"][-1]["params"] == {
        "knights": 4, "previous": 0}


# ---------------------------------------------------------------- the development deck


def test_deck_composition():
    state = new_game(make_config(3))
    assert state["dev_deck"] == {"knight": 14, "victory_point": 5, "monopoly": 2, "road_building": 2,
                                 "year_of_plenty": 2}
    assert sum(state["dev_deck"].values()) == 25
    assert view(state, TABLE)["dev_deck_left"] == 25


@pytest.mark.parametrize("seed", [0, 1, 2025])
def test_deck_drained_exactly_by_25_buys(seed):
    chance = Chance(seeded_secret(seed))
    state = to_main(started(3, target=30))
    drawn = []
    for _ in range(25):
        new_state, outcome = apply(state, action("buy_dev", TABLE_ACTOR), chance)
        drawn.append(outcome["card"])
        state = new_state
    counts = {card: drawn.count(card) for card in base.DEV_CARDS}
    assert counts == {"knight": 14, "victory_point": 5, "monopoly": 2, "road_building": 2, "year_of_plenty": 2}
    assert sum(state["dev_deck"].values()) == 0
    assert view(state, TABLE)["dev_deck_left"] == 0
    assert refused(state, "buy_dev", chance=chance).code == "dev_deck_empty"
    # The same secret draws the same cards in the same order.
    again = to_main(started(3, target=30))
    again_drawn = []
    for _ in range(25):
        again, outcome = apply(again, action("buy_dev", TABLE_ACTOR), chance)
        again_drawn.append(outcome["card"])
    assert again_drawn == drawn


def test_recorded_dev_card_must_still_be_in_the_deck():
    state = to_main(started(3))
    state = buy(state, "monopoly", 2)
    assert refused(state, "buy_dev", recorded={"card": "monopoly"}).code == "bad_outcome"
    assert refused(state, "buy_dev", recorded={"card": "dragon"}).code == "bad_outcome"
    assert refused(state, "buy_dev").code == "missing_outcome"  # no chance, nothing recorded


# ---------------------------------------------------------------- dice


def test_virtual_dice_in_range_and_reproducible():
    def rolls(secret, count=40):
        chance = Chance(secret)
        state = started(3, dice_source="virtual")
        out = []
        for _ in range(count):
            state, outcome = apply(state, action("roll", DEVICE_ACTOR), chance)
            dice = state["last_roll"]["dice"]
            assert dice == [outcome["die1"], outcome["die2"]]
            assert state["last_roll"]["source"] == "virtual"
            assert state["last_roll"]["total"] == sum(dice)
            out.append(tuple(dice))
            if state["phase"] == "discard":
                for s in range(3):
                    state = do(state, "discard", seat(s), hand_size=0)
                state = do(state, "move_robber", victim=None)
            state = next_turn(state)
        return out

    first = rolls(seeded_secret(42))
    assert all(1 <= d <= 6 for pair in first for d in pair)
    assert rolls(seeded_secret(42)) == first
    assert rolls(seeded_secret(43)) != first


def test_chance_randint_range_and_determinism():
    chance = Chance(seeded_secret(1))
    faces = [chance.randint("dice", i, 6) for i in range(600)]
    assert set(faces) == set(range(6))
    assert faces == [Chance(seeded_secret(1)).randint("dice", i, 6) for i in range(600)]
    assert seeded_secret(1) == seeded_secret(1) != seeded_secret(2)
    assert "secret" in repr(chance) and seeded_secret(1).hex() not in repr(chance)
    with pytest.raises(ValueError):
        chance.randint("dice", 0, 0)


def test_virtual_roll_needs_chance_or_a_recorded_outcome():
    state = started(3, dice_source="virtual")
    assert refused(state, "roll").code == "missing_outcome"
    state = do(state, "roll", recorded={"die1": 2, "die2": 5})
    assert state["last_roll"]["dice"] == [2, 5]
    state2 = started(3, dice_source="virtual")
    assert refused(state2, "roll", recorded={"die1": 7, "die2": 5}).code == "bad_outcome"


def test_typed_dice_accepted():
    state = started(3)
    for a in range(1, 7):
        for b in range(1, 7):
            rolled = roll(state, a, b)
            assert rolled["last_roll"]["dice"] == [a, b]
            assert rolled["last_roll"]["total"] == a + b
            assert rolled["last_roll"]["source"] == "typed"
            assert rolled["roll_counts"][a + b] == 1
            assert rolled["phase"] == ("discard" if a + b == 7 else "main")


@pytest.mark.parametrize("dice", [[0, 3], [3, 0], [7, 3], [3, 7], ["x", 3], [3, "x"], [None, 3], [-1, 2]])
def test_typed_dice_validated(dice):
    assert refused(started(3), "roll", dice=dice).code == "bad_die"


@pytest.mark.parametrize("dice", [[3], [1, 2, 3], "34", 7, {"a": 1}])
def test_typed_dice_need_two(dice):
    assert refused(started(3), "roll", dice=dice).code == "bad_dice"


@pytest.mark.parametrize("dice", [[2.5, 3], [3, 6.9]])
def test_typed_dice_not_integral_refused(dice):
    assert refused(started(3), "roll", dice=dice).code == "bad_die"


def test_typed_dice_source_validated():
    assert refused(started(3), "roll", dice=[3, 4], source="bogus").code == "bad_dice"
    state = do(started(3), "roll", dice=[3, 4], source="reader")
    assert state["last_roll"]["source"] == "reader"


# ---------------------------------------------------------------- who may act when


def test_wrong_phase_refusals():
    setup = new_game(make_config(3))
    for kind in ("roll", "build_road", "build_settlement", "build_city", "buy_dev", "end_turn", "discard",
                 "move_robber", "set_longest_road"):
        assert refused(setup, kind).code == "wrong_phase", kind
    assert refused(setup, "play_dev", seat(0), card="knight").code == "wrong_phase"

    before_roll = started(3)
    for kind in ("place_setup", "build_road", "build_settlement", "build_city", "buy_dev", "end_turn",
                 "discard", "move_robber"):
        assert refused(before_roll, kind).code == "wrong_phase", kind

    main = to_main(started(3))
    for kind in ("roll", "place_setup", "discard", "move_robber"):
        assert refused(main, kind, dice=[1, 1]).code == "wrong_phase", kind

    robber = _to_robber(3)
    for kind in ("roll", "end_turn", "build_road", "buy_dev", "discard", "set_longest_road"):
        assert refused(robber, kind).code == "wrong_phase", kind
    assert refused(robber, "play_dev", seat(0), card="knight").code == "wrong_phase"


def test_not_your_turn_refusals():
    state = started(3)  # seat 0 to roll
    assert refused(state, "roll", seat(1), dice=[2, 3]).code == "not_your_turn"
    main = to_main(state)
    for kind in ("build_road", "build_settlement", "build_city", "buy_dev", "end_turn"):
        assert refused(main, kind, seat(2)).code == "not_your_turn", kind
    assert refused(main, "set_dice_source", seat(0), source="virtual").code == "not_your_turn"
    assert refused(main, "build_road", DEVICE_ACTOR).code == "not_your_turn"
    assert refused(main, "build_road", {"seat": "0"}).code == "bad_actor"  # a seat is a whole number, never a string
    assert refused(main, "build_road", {}).code == "not_your_turn"


def test_allowed_actions_by_actor():
    state = started(3)
    assert allowed_actions(state, DEVICE_ACTOR) == {"roll"}
    assert allowed_actions(state, seat(0)) == {"roll", "play_dev", "set_longest_road"}
    assert allowed_actions(state, seat(1)) == set()
    assert allowed_actions(state, TABLE_ACTOR) == {"roll", "set_longest_road", "set_dice_source"}
    main = to_main(state)
    assert allowed_actions(main, seat(0)) == {
        "build_road", "build_settlement", "build_city", "buy_dev", "play_dev", "end_turn", "set_longest_road"}
    assert allowed_actions(main, DEVICE_ACTOR) == set()
    discard = roll(started(3), 3, 4)
    for s in range(3):
        assert allowed_actions(discard, seat(s)) == {"discard"}


def test_malformed_actions_refused():
    state = started(3)
    with pytest.raises(IllegalAction) as info:
        apply(state, "roll")
    assert info.value.code == "bad_action"
    with pytest.raises(IllegalAction) as info:
        apply(state, {"type": "fly", "actor": TABLE_ACTOR})
    assert info.value.code == "unknown_action"
    with pytest.raises(IllegalAction) as info:
        apply(state, {"type": "roll", "actor": "table"})
    assert info.value.code == "bad_actor"
    with pytest.raises(IllegalAction) as info:
        apply(state, {"type": "roll", "actor": TABLE_ACTOR, "args": [3, 4]})
    assert info.value.code == "bad_arguments"


def test_set_dice_source_only_by_table_and_only_a_change():
    state = started(3)
    assert refused(state, "set_dice_source", source="typed").code == "nothing_changes"
    assert refused(state, "set_dice_source", source="loaded").code == "dice_source"
    state = do(state, "set_dice_source", source="virtual")
    assert state["config"]["dice_source"] == "virtual"
    assert view(state, 1)["config"]["dice_source"] == "virtual"


@pytest.mark.parametrize(
    "change, code",
    [
        ({"target": 2}, "target_vp"),
        ({"target": 31}, "target_vp"),
        ({"target": "ten"}, "target_vp"),
        ({"dice_source": "loaded"}, "dice_source"),
        ({"rules": "cities_and_knights"}, "unknown_rules"),
        ({"board": "spiral"}, "board_mode"),
    ],
)
def test_config_validated(change, code):
    with pytest.raises(IllegalAction) as info:
        new_game(make_config(3) | change)
    assert info.value.code == code


def test_config_player_names_and_colors():
    bad = [
        ([{"name": "A", "color": "red"}, {"name": "a", "color": "blue"}], "duplicate_name"),
        ([{"name": "A", "color": "red"}, {"name": "B", "color": "Red"}], "duplicate_color"),
        ([{"name": "A", "color": "red"}, {"name": "B", "color": "pink"}], "player_color"),
        ([{"name": "", "color": "red"}, {"name": "B", "color": "blue"}], "player_name"),
        ([{"name": "A" * 21, "color": "red"}, {"name": "B", "color": "blue"}], "player_name"),
    ]
    for players, code in bad:
        with pytest.raises(IllegalAction) as info:
            new_game({"players": players})
        assert info.value.code == code


def test_apply_never_changes_its_input():
    state = to_main(started(3))
    snapshot = copy.deepcopy(state)
    apply(state, action("build_road", TABLE_ACTOR))
    apply(state, action("buy_dev", TABLE_ACTOR), Chance(seeded_secret(3)))
    assert state == snapshot
