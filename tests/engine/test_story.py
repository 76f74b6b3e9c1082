"""The story of a game (companion/engine/story.py), told from a small game played by hand.

The first-game board with hands on phones and typed dice, played to 3 points: each seat
starts with two settlements (2 points); Ala's buildings touch 2, 6, 8, 9, 10 and 11 (20
thirty-sixths of a card per roll), Bartek's 3, 4, 5 (two), 8 and 11 (20), Celina's 3, 5,
6, 8, 11 and 12 (19). Seven rolls: 10, 7 (the robber on the hills 6, Celina robbed), 10,
10, 6 (under the robber), 9, 4; then Ala turns a settlement into a city and wins.
"""
import pytest

from companion.engine import Chance, new_game, new_history, seeded_secret
from companion.engine.game import advance, copy_state
from companion.engine.story import TABLE, expected_per_roll, for_viewer, tell
from companion.machinery import board as boards

PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "white"}]
CONFIG = {"rules": "base", "players": PLAYERS, "target": 3, "dice_source": "typed", "board": "beginner",
          "play_mode": "hands", "board_layout": boards.beginner_board()}
TABLE_ACTOR = {"role": "table"}
HILLS_6 = "0,-1"


def _play(config: dict, steps: list) -> tuple[list[dict], dict]:
    """Records of `steps` ((kind, payload) or an action dict), with their outcomes drawn."""
    state, history = new_game(config), new_history()
    chance = Chance(seeded_secret(3))
    records, before = [], {}
    for seq, step in enumerate(steps, 1):
        record = {"seq": seq, **step} if "kind" in step else {"seq": seq, "kind": "action", "action": step}
        if record["kind"] == "action":
            before[seq] = copy_state(state)
        state = advance(state, history, record, lambda s: copy_state(before[s]), chance)
        records.append(record)
    return records, state


def roll(a: int, b: int) -> dict:
    return {"type": "roll", "actor": TABLE_ACTOR, "args": {"dice": [a, b]}}


def act(kind: str, actor=TABLE_ACTOR, **args) -> dict:
    return {"type": kind, "actor": actor, "args": args}


def _ala_city_corner() -> str:
    state = new_game(CONFIG)
    mountains_10 = "0,-2"
    corners = boards.geometry("base").hex_corners[mountains_10]
    return next(c for c, s in state["board"]["pieces"]["settlements"].items() if s == 0 and c in corners)


@pytest.fixture(scope="module")
def played():
    steps = [
        roll(4, 6), act("end_turn"),
        {"kind": "undo", "target": 2}, act("end_turn"),             # an undone action leaves the story
        roll(3, 4), act("move_robber", hex=HILLS_6), act("steal", victim=2), act("end_turn"),
        roll(5, 5), act("end_turn"),
        roll(6, 4), act("end_turn"),
        roll(2, 4), act("end_turn"),                                 # the robber keeps Ala's and Celina's brick
        roll(3, 6), act("end_turn"),
        roll(1, 3), act("build_city", actor={"seat": 0}, corner=_ala_city_corner()),
    ]
    records, state = _play(CONFIG, steps)
    assert state["phase"] == "finished" and state["winner"] == 0
    return records, tell(CONFIG, records)


def test_expected_production_per_roll_of_the_first_game_board():
    state = new_game(CONFIG)
    board = state["board"]
    assert [round(e * 36, 6) for e in expected_per_roll(board["layout"], board["pieces"], 3)] == [20, 20, 19]


def test_final_scores_with_every_source(played):
    _records, story = played
    assert story["finished"] and story["winner"] == 0 and story["target"] == 3
    assert [p["vp"] for p in story["players"]] == [3, 2, 2]
    assert story["players"][0]["sources"] == {"settlements": 1, "cities": 2, "longest_road": 0, "largest_army": 0,
                                              "vp_cards": 0}
    assert story["players"][1]["sources"]["settlements"] == 2 and story["players"][1]["sources"]["cities"] == 0


def test_points_over_the_turns(played):
    _records, story = played
    assert story["turns"] == [1, 2, 3, 4, 5, 6, 7]
    assert story["vp"] == [[2, 2, 2, 2, 2, 2, 3], [2] * 7, [2] * 7]
    assert [mine["vp"] for mine in story["private"]] == story["vp"]  # no hidden cards in this game


def test_dice_luck_and_the_robber(played):
    _records, story = played
    assert story["rolls"] == [0, 0, 1, 0, 1, 1, 0, 1, 3, 0, 0]  # 2..12
    luck = [p["luck"] for p in story["players"]]
    assert luck == [
        {"expected": 3.89, "received": 4, "difference": 0.11},     # 7 x 20/36
        {"expected": 3.89, "received": 1, "difference": -2.89},
        {"expected": 3.69, "received": 0, "difference": -3.69},    # 7 x 19/36
    ]
    robber = [p["robber"] for p in story["players"]]
    assert robber == [
        {"robbed": 0, "discarded": 0, "blocked": 1, "robbed_others": 0},
        {"robbed": 0, "discarded": 0, "blocked": 0, "robbed_others": 1},
        {"robbed": 1, "discarded": 0, "blocked": 1, "robbed_others": 0},
    ]
    assert story["awards"] == [] and story["battles"] == []


def test_the_stolen_card_is_told_only_to_thief_and_victim(played):
    records, story = played
    card = next(r["outcome"]["stolen"] for r in records if r["kind"] == "action" and r["action"]["type"] == "steal")
    assert story["private"][1]["stolen_by_me"] == {card: 1}
    assert story["private"][2]["stolen_from_me"] == {card: 1}
    table = for_viewer(story, TABLE)
    assert "private" not in table and table["mine"] is None
    assert card not in repr(table["players"]) + repr(table["awards"])
    assert for_viewer(story, 2)["mine"] == story["private"][2]
    assert for_viewer(story, 0)["mine"]["stolen_from_me"] == {}


def test_without_a_board_luck_is_not_known():
    config = {"rules": "base", "players": PLAYERS, "target": 10, "dice_source": "typed", "board": "none"}
    steps = [act("place_setup") for _ in range(6)] + [roll(3, 3), act("end_turn"), roll(3, 4)]
    records, _state = _play(config, steps)
    story = tell(config, records)
    assert not story["finished"] and not story["on_board"]
    assert all(p["luck"] is None for p in story["players"])
    assert story["rolls"][4] == 1 and story["rolls"][5] == 1
    assert story["turns"] == [0, 1, 2]
    assert story["vp"] == [[2, 2, 2]] * 3  # the end of the setup counts for turn 0


def test_award_changes_are_listed():
    config = {"rules": "base", "players": PLAYERS, "target": 10, "dice_source": "typed", "board": "none"}
    steps = [act("place_setup") for _ in range(6)] + [
        roll(3, 3), act("build_road"), act("build_road"), act("build_road"),
        act("set_longest_road", holder=0)]
    records, _state = _play(config, steps)
    story = tell(config, records)
    assert story["awards"] == [{"turn": 1, "kind": "longest_road", "seat": 0, "previous": None, "length": None,
                                "knights": None}]
    assert story["vp"][0][-1] == 4  # two settlements and the Longest Road
