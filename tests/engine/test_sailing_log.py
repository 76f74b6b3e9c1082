"""Explorers & Pirates: one ship movement is one log line. Consecutive steps of the same ship
in the same turn, with nothing else logged between them, make one "sails ... along 3 sea
paths" line; the records keep every step (replay, undo of one step). Buying moves, another
ship or another turn start a new line. Worded in English and Polish."""
from django.utils.translation import override

from companion.engine import fold
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import sea_boards
from companion.messages import log_text
from tests.engine.test_explorers_pirates import (empty_hands, game, me, ship_of, ship_of_id, sail_away_from_unexplored,
                                                 to_movement)

NAMES = ["Ala", "Bartek", "Celina"]


def sailing(g) -> list[dict]:
    return [e for e in g.state["log"] if e["kind"] == "ep_ship_moved"]


def sail(g, ship_id: int, steps: int) -> None:
    for _ in range(steps):
        g.act("move_ship", ship=ship_id, edge=sail_away_from_unexplored(g, ship_of_id(g, ship_id))[0])


def test_three_steps_of_one_ship_are_one_log_line_and_three_records():
    g = game(mode="paper")  # (no hands changed by hand: the records replay)
    to_movement(g)
    ship = ship_of(g, 0)
    sail(g, ship["id"], 3)
    lines = sailing(g)
    assert len(lines) == 1
    assert g.state["log"][-1] is lines[0]  # the last line of the log
    assert lines[0]["params"]["paths"] == 3 and lines[0]["params"]["points"] == 1
    assert lines[0]["params"]["edge"] == ship_of(g, 0)["edge"]
    assert sum(1 for r in g.records if r["action"]["type"] == "move_ship") == 3
    with override("en"):
        assert log_text(lines[0], NAMES) == f"Ala sails ship {ship['id']} along 3 sea paths (1 movement point left)."
    with override("pl"):
        assert log_text(lines[0], NAMES) == (
            f"Ala płynie: statek {ship['id']} przepływa 3 ścieżki morskie (został 1 punkt ruchu).")
    # The records replay to the same log; undoing the last step takes one path off the line.
    g.check_replay_and_undo()
    undo = {"seq": len(g.records) + 1, "kind": "undo", "target": g.records[-1]["seq"]}
    undone, _ = fold(g.config, g.records + [undo])
    line = [e for e in undone["log"] if e["kind"] == "ep_ship_moved"]
    assert len(line) == 1 and line[0]["params"]["paths"] == 2 and line[0]["params"]["points"] == 2


def test_one_step_keeps_its_own_words():
    g = game()
    empty_hands(g)
    to_movement(g)
    ship = ship_of(g, 0)
    sail(g, ship["id"], 1)
    (line,) = sailing(g)
    assert line["params"]["paths"] == 1
    with override("en"):
        assert log_text(line, NAMES) == f"Ala sails ship {ship['id']} on (3 points left)."
    with override("pl"):
        assert log_text(line, NAMES) == f"Ala płynie dalej: statek {ship['id']} (zostały 3 punkty)."


def test_five_paths_take_the_polish_genitive_plural():
    entry = {"n": 9, "turn": 4, "kind": "ep_ship_moved", "seat": 1,
             "params": {"ship": 2, "edge": "x", "points": 0, "paths": 5}}
    with override("en"):
        assert log_text(entry, NAMES) == "Bartek sails ship 2 along 5 sea paths (0 movement points left)."
    with override("pl"):
        assert log_text(entry, NAMES) == (
            "Bartek płynie: statek 2 przepływa 5 ścieżek morskich (zostało 0 punktów ruchu).")


def test_buying_moves_another_ship_or_another_turn_start_a_new_line():
    g = game(mode="paper")  # paper cards: the table pays, the records replay
    g.act("roll", dice=[1, 1])
    start = sea_boards.START["white"]
    lay = g.state["board"]["layout"]
    site = next(e for e in sea.sea_paths_at(lay, start["harbour"]) if e != start["ship"])
    g.act("build_ship", actor=me(0), edge=site)
    g.act("start_movement")
    first, second = [s["id"] for s in g.state["explorers_pirates"]["ships"] if s["seat"] == 0]
    sail(g, first, 2)
    g.act("buy_moves", actor=me(0), ship=first)  # logged between: the next steps are a line of their own
    sail(g, first, 2)
    sail(g, second, 3)  # another ship: its own line
    assert [(e["params"]["ship"], e["params"]["paths"]) for e in sailing(g)] == [(first, 2), (first, 2), (second, 3)]
    g.check_replay_and_undo()


def test_the_same_ship_in_the_next_round_starts_a_new_line():
    g = game()
    empty_hands(g)
    to_movement(g)
    ship = ship_of(g, 0)
    sail(g, ship["id"], 2)
    for _ in range(3):  # round the table back to the first player
        g.act("end_turn")
        if g.state["turn"]["seat"] != 0:
            to_movement(g)
    to_movement(g)
    sail(g, ship["id"], 2)
    assert [(e["params"]["ship"], e["params"]["paths"]) for e in sailing(g)] == [(ship["id"], 2), (ship["id"], 2)]
    assert sailing(g)[0]["turn"] != sailing(g)[1]["turn"]
