"""Entering the physical board fast (issue 32): companion/machinery/board_entry.py and the
board-entry actions of the base game (enter_hex, enter_harbour, board_done), Rivers of Catan
(set_river_edge) and Traders & Barbarians (set_barbarian), and the questions a scenario asks
the table before the first roll.

- a hex is its terrain then its number, two actions; the editor's next hex goes row by row
  from the top left and waits on a hex whose number is still missing; a terrain that takes no
  token is one action; only what the set still has is taken;
- a harbour is one action, in the frame's order; a river path, a bridge site, a barbarian's
  path one action each; a player's phone may enter the board as the table does;
- one log line for the whole board, in both languages with plural forms;
- Traders & Barbarians: the deck's mix and the wagon cards' numbers are questions; the first
  roll is refused until both are answered (as shown, or changed); the story keeps the answers.
"""
import copy

import pytest
from django.utils import translation

from companion.engine import fold, view
from companion.engine.game import ruleset
from companion.engine.story import tell
from companion.layers.cores.base import rules as base
from companion.layers.traders_barbarians_scenarios.traders_barbarians import rules as tb
from companion.machinery import board as boards
from companion.machinery import board_entry as entry
from companion.messages import log_text
from tests.engine.played import Played
from tests.engine.test_rivers import BANKS, G, LAYOUT as RIVERS_LAYOUT, SITES
from tests.engine.test_traders_barbarians import BARBARIANS, tb_layout

T = {"role": "table"}
A, B = {"seat": 0}, {"seat": 1}
PLAYERS = [{"name": n, "color": c} for n, c in (("Ala", "red"), ("Bartek", "blue"), ("Celina", "white"))]
FRAME = boards.get_frame("base")
PHYSICAL = boards.beginner_board()  # what lies on the table


def manual_layout(config: dict) -> dict:
    """A blank board to enter, as services.lay_out_board makes it for "manual"."""
    layout = boards.empty_board("base")
    layout["harbours"] = dict(zip(FRAME.harbour_edges, FRAME.harbour_types))
    return ruleset({"config": config}).lay_out(layout, None)


def manual_game(**more) -> Played:
    config = {"players": PLAYERS, "board": "manual", "play_mode": "paper", "dice_source": "typed", **more}
    config["board_layout"] = manual_layout(config)
    game = Played(config)
    assert game.state["phase"] == "board"
    return game


def editor(game, viewer="table") -> dict:
    return view(game.state, viewer)["board"]["entry"]


def enter_all(game, hexes: dict, actor=T) -> int:
    """Every hex the editor asks for, from `hexes`: the actions it took."""
    actions = 0
    while editor(game)["hex"] is not None:
        now = editor(game)
        cell = hexes[now["hex"]]
        if now["hex_terrain"] is None:
            game.act("enter_hex", actor=actor, hex=now["hex"], terrain=cell["terrain"])
        else:
            game.act("enter_hex", actor=actor, hex=now["hex"], number=cell["number"])
        actions += 1
    return actions


# ---------------------------------------------------------------- the order and what is left


def test_the_hexes_go_row_by_row_from_the_top_left():
    layout = boards.empty_board("base")
    order = entry.hex_order(layout)
    assert order[:3] == ["0,-2", "1,-2", "2,-2"]  # the top row, left to right
    assert order[3:7] == ["-1,-1", "0,-1", "1,-1", "2,-1"]
    assert order[-1] == "0,2" and sorted(order) == sorted(layout["hexes"])
    assert entry.harbour_order(layout) == list(FRAME.harbour_edges)


def test_a_hex_is_its_terrain_then_its_number_and_the_editor_moves_on_by_itself():
    game = manual_game()
    first = editor(game)
    assert first["hex"] == "0,-2" and first["hexes_done"] == 0 and first["hexes_total"] == 19
    cell = PHYSICAL["hexes"]["0,-2"]
    game.act("enter_hex", hex="0,-2", terrain=cell["terrain"])
    assert editor(game)["hex"] == "0,-2" and editor(game)["hex_terrain"] == cell["terrain"]  # its number next
    game.act("enter_hex", hex="0,-2", number=cell["number"])
    assert editor(game)["hex"] == "1,-2" and editor(game)["hexes_done"] == 1
    # a number first, then the terrain, is as good (the next hex waits for both)
    game.act("enter_hex", hex="1,-2", number=PHYSICAL["hexes"]["1,-2"]["number"])
    assert editor(game)["hex"] == "1,-2"
    game.act("enter_hex", hex="1,-2", terrain=PHYSICAL["hexes"]["1,-2"]["terrain"])
    assert editor(game)["hex"] == "2,-2"
    actions = enter_all(game, PHYSICAL["hexes"])
    assert actions == 2 * 17 - 1 + 0  # 19 hexes, 4 actions done above, the desert is its terrain only
    assert editor(game)["hex"] is None and editor(game)["hexes_done"] == 19
    assert {h: (c["terrain"], c["number"]) for h, c in game.state["board"]["layout"]["hexes"].items()} == {
        h: (c["terrain"], c["number"]) for h, c in PHYSICAL["hexes"].items()}
    game.check_replay_and_undo()


def test_only_what_the_set_still_has_is_offered_and_taken():
    game = manual_game()
    assert editor(game)["terrains"] == {"hills": 3, "forest": 4, "pasture": 4, "fields": 4, "mountains": 3,
                                        "desert": 1}
    assert editor(game)["numbers"] == FRAME.token_counts()
    hexes = entry.hex_order(game.state["board"]["layout"])
    game.act("enter_hex", hex=hexes[0], terrain="desert")  # a desert takes no token: done at once
    assert editor(game)["hex"] == hexes[1] and editor(game)["terrains"]["desert"] == 0
    assert game.refused("enter_hex", hex=hexes[1], terrain="desert") == "terrain_used_up"
    assert game.refused("enter_hex", hex=hexes[0], number=5) == "no_token_there"
    game.act("enter_hex", hex=hexes[1], terrain="hills")
    game.act("enter_hex", hex=hexes[1], number=2)
    game.act("enter_hex", hex=hexes[2], terrain="hills")
    assert game.refused("enter_hex", hex=hexes[2], number=2) == "number_used_up"
    # (the next hex's own tile is free for it: hills counts 3 - 1 for the hex before it)
    assert editor(game)["numbers"][2] == 0 and editor(game)["terrains"]["hills"] == 2
    bad_taps = [({"hex": "9,9", "terrain": "hills"}, "bad_hex_edit"),
                ({"hex": hexes[2], "terrain": "lava"}, "bad_hex_edit"),
                ({"hex": hexes[2]}, "bad_hex_edit"),
                ({"hex": hexes[2], "number": 7}, "bad_number"),
                ({"hex": hexes[2], "number": "x"}, "bad_number"),
                ({"hex": ["0,0"], "terrain": "hills"}, "pick_on_board")]
    for bad, code in bad_taps:
        assert game.refused("enter_hex", **bad) == code, bad
    # A hex entered again: its own tile and token are free for it, its number comes next.
    game.act("enter_hex", hex=hexes[1], terrain="forest")
    assert game.state["board"]["layout"]["hexes"][hexes[1]]["number"] is None
    assert editor(game)["hex"] == hexes[1] and editor(game)["numbers"][2] == 1
    game.act("enter_hex", hex=hexes[1], number=2)
    # Its number alone changes: the terrain stays.
    game.act("enter_hex", hex=hexes[1], number=3)
    assert game.state["board"]["layout"]["hexes"][hexes[1]] == {"terrain": "forest", "number": 3}


def test_a_harbour_is_one_action_in_the_frames_order_with_the_types_left():
    game = manual_game()
    laid = FRAME.harbour_types[2:] + FRAME.harbour_types[:2]
    assert editor(game)["harbour_types"] == FRAME.harbour_type_counts()
    for i, (edge, kind) in enumerate(zip(FRAME.harbour_edges, laid)):
        assert editor(game)["harbour"] == edge and editor(game)["harbours_entered"] == i
        game.act("enter_harbour", edge=edge, harbour=kind)
    assert editor(game)["harbour"] is None and editor(game)["harbours_entered"] == 9
    assert game.state["board"]["layout"]["harbours"] == dict(zip(FRAME.harbour_edges, laid))
    assert all(n == 0 for n in editor(game)["harbour_types"].values())
    first = FRAME.harbour_edges[0]
    assert game.refused("enter_harbour", edge=first, harbour="ore") == "harbour_used_up"
    game.act("enter_harbour", edge=first, harbour=laid[0])  # its own type is free for it again
    assert game.refused("enter_harbour", edge="0,0|1,0", harbour="ore") == "bad_harbour_edit"
    assert game.refused("enter_harbour", edge=first, harbour="gold") == "bad_harbour_edit"


def test_a_whole_base_board_in_47_actions_then_one_log_line():
    game = manual_game()
    actions = enter_all(game, PHYSICAL["hexes"])
    for edge, kind in zip(FRAME.harbour_edges, FRAME.harbour_types[::-1]):
        game.act("enter_harbour", edge=edge, harbour=kind)
        actions += 1
    game.act("board_done")
    actions += 1
    assert actions == 18 * 2 + 1 + 9 + 1
    assert game.state["phase"] == "setup" and "entry" not in game.state["board"]
    assert game.state["board"]["robber"] == next(h for h, c in PHYSICAL["hexes"].items() if c["terrain"] == "desert")
    assert [e["kind"] for e in game.state["log"]] == ["board_entered"]
    line = game.state["log"][0]
    assert line["params"] == {"hexes": 19, "harbours": 9, "parts": {}}
    with translation.override("en"):
        assert log_text(line, []) == "Board entered: 19 hexes, 9 harbours. Setup begins."
    with translation.override("pl"):
        assert log_text(line, []) == "Plansza wprowadzona: 19 heksów, 9 portów. Zaczyna się rozstawianie."
    with translation.override("pl"):  # the plural forms of a few
        assert log_text({**line, "params": {"hexes": 3, "harbours": 1, "parts": {}}}, []) == \
            "Plansza wprowadzona: 3 heksy, 1 port. Zaczyna się rozstawianie."
    assert entry.entry_view(game.state["board"]["layout"], boards.expected_set("base"), None)["hex"] is None
    assert view(game.state, "table")["board"].get("entry") is None  # the editor is gone with the board phase
    game.check_replay_and_undo()


def test_a_phone_beside_the_board_enters_it_and_undoes_its_own_entries():
    game = manual_game()
    assert "enter_hex" in view(game.state, 0)["allowed"] and view(game.state, 0)["board"]["entry"]["hex"] == "0,-2"
    assert "hex" in view(game.state, 0)["board"]["targets"]
    cell = PHYSICAL["hexes"]["0,-2"]
    game.act("enter_hex", actor=A, hex="0,-2", terrain=cell["terrain"])
    game.act("enter_hex", actor=B, hex="0,-2", number=cell["number"])
    game.act("enter_harbour", actor=B, edge=FRAME.harbour_edges[0], harbour=FRAME.harbour_types[0])
    assert editor(game)["hex"] == "1,-2"
    enter_all(game, PHYSICAL["hexes"], actor=A)
    game.act("board_done", actor=B)
    assert game.state["phase"] == "setup"
    game.check_replay_and_undo()


def test_the_fast_editor_is_for_a_standard_frame_only():
    """A board of its own shape (Explorers & Pirates) is entered as its core says."""
    state = copy.deepcopy(manual_game().state)
    state["board"]["layout"] = {**state["board"]["layout"], "shape": ["0,0"]}
    assert not base.fast_entry(state)
    assert base.entry_view(ruleset(state), state) is None


# ---------------------------------------------------------------- Rivers of Catan


def test_rivers_the_2_is_never_offered_and_paths_are_one_action_each():
    game = manual_game(scenario="rivers")
    assert 2 not in editor(game)["numbers"] and editor(game)["numbers"][12] == 1
    assert "desert" not in editor(game)["terrains"] and editor(game)["terrains"]["swamp"] == 2
    actions = enter_all(game, RIVERS_LAYOUT["hexes"])
    assert actions == 17 * 2 + 2
    twelve = next(h for h, c in RIVERS_LAYOUT["hexes"].items() if c["number"] == 12)
    assert game.state["board"]["layout"]["hexes"][twelve]["extra_numbers"] == [2]  # beside the 12 by itself
    assert "river_edge" in view(game.state, 1)["board"]["targets"]  # a phone may mark them too
    # One path along a river beside each bridge site is enough for the rules; one more, unmarked again.
    banks = sorted({next(e for e in sorted(BANKS) if set(G.edge_corners[e]) & set(G.edge_corners[s])) for s in SITES})
    extra = next(e for e in sorted(BANKS) if e not in banks)
    for edge in banks + [extra]:
        game.act("set_river_edge", edge=edge, piece="river")
    for edge in SITES:
        game.act("set_river_edge", actor=A, edge=edge, piece="bridge")
    game.act("set_river_edge", edge=extra, piece="")  # tapped again in its mode: unmarked
    game.act("board_done")
    assert [e["kind"] for e in game.state["log"]] == ["board_entered"]
    line = game.state["log"][0]
    assert line["params"]["parts"] == {"river_paths": len(banks), "bridge_sites": 7}
    with translation.override("en"):
        assert log_text({**line, "params": {**line["params"], "parts": {"river_paths": 4, "bridge_sites": 7}}}, []) \
            == "Board entered: 19 hexes, 9 harbours, 4 river paths, 7 bridge sites. Setup begins."
    with translation.override("pl"):
        assert log_text({**line, "params": {**line["params"], "parts": {"river_paths": 4, "bridge_sites": 7}}}, []) \
            == ("Plansza wprowadzona: 19 heksów, 9 portów, 4 ścieżki wzdłuż rzeki, 7 miejsc budowy mostu. "
                "Zaczyna się rozstawianie.")
    game.check_replay_and_undo()


# ---------------------------------------------------------------- Traders & Barbarians


def tb_board_entered() -> Played:
    game = manual_game(scenario=tb.NAME, target=tb.TARGET)
    layout = tb_layout()
    assert enter_all(game, layout["hexes"]) == 16 * 2 + 3
    for edge in BARBARIANS:
        game.act("set_barbarian", actor=B, edge=edge)
    game.act("board_done")
    return game


def test_traders_and_barbarians_one_line_then_the_questions_before_the_first_roll():
    game = tb_board_entered()
    assert [e["kind"] for e in game.state["log"]] == ["board_entered"]
    with translation.override("en"):
        assert log_text(game.state["log"][0], []) == "Board entered: 19 hexes, 9 harbours, 3 barbarian paths. Setup begins."
    assert view(game.state, "table").get("questions", []) == ["tb_dev_deck", "tb_wagon_cards"]
    game.setup()
    assert game.state["phase"] == "roll"
    assert game.refused("roll", actor=A, dice=[3, 2]) == "questions_first"
    game.act("set_wagon_cards", tb_gold_2="3")  # changed: the table's own cards
    assert view(game.state, 0).get("questions", []) == ["tb_dev_deck"]
    assert game.refused("roll", actor=A, dice=[3, 2]) == "questions_first"
    assert game.refused("set_dev_deck", actor=A, **game.state["dev_deck"]) == "not_your_turn"
    game.act("set_dev_deck", **game.state["dev_deck"])  # accepted as shown
    assert view(game.state, "table").get("questions", []) == []
    game.act("roll", actor=A, dice=[3, 2])
    assert view(game.state, "table").get("questions", []) == []
    assert game.refused("set_wagon_cards", tb_gold_2="4") == "wrong_phase"
    game.check_replay_and_undo()
    # What the table chose is in the story of the game (and so in its export).
    story = tell(game.config, game.records)
    assert [(a["kind"], a["params"]["as_shown"]) for a in story["answers"]] == [("tb_wagon_cards", False),
                                                                              ("tb_dev_deck", True)]
    assert story["answers"][0]["params"]["cards"][1]["gold"] == 3
    with translation.override("en"):
        assert log_text(story["answers"][1], []).startswith("The table confirms the development deck as the app showed it")
        assert "Level 2: 5 movement points, 3 gold" in log_text(story["answers"][0], [])
    with translation.override("pl"):
        assert log_text(story["answers"][1], []).startswith("Stół potwierdza talię kart rozwoju")


def test_a_roll_recorded_before_the_questions_existed_replays_as_it_was():
    """An older game's first roll without the answers: replaying its records (no chance)
    accepts it; only a new roll is refused."""
    game = tb_board_entered()
    game.setup()
    records = game.records + [{"seq": len(game.records) + 1, "kind": "action", "outcome": {},
                               "action": {"type": "roll", "actor": A, "args": {"dice": [3, 2]}}}]
    state, _history = fold(game.config, records)
    assert state["phase"] == "main" and sum(state["roll_counts"]) == 1
    assert view(state, "table").get("questions", []) == []  # nothing asked once the game has rolled


@pytest.mark.parametrize("code", ["terrain_used_up", "number_used_up", "no_token_there", "harbour_used_up",
                                  "questions_first"])
def test_the_new_refusals_have_english_and_polish_words(code):
    from companion.engine import IllegalAction
    from companion.messages import refusal

    error = IllegalAction(code, question="tb_dev_deck", terrain="hills", number=5, harbour="ore")
    with translation.override("en"):
        english = refusal(error)
    with translation.override("pl"):
        polish = refusal(error)
    assert english != "That is not allowed." and polish != english
