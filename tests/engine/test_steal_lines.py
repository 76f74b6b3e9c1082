"""One action that takes several cards writes one log line (tracker issue 19, "Words").

C&K's Bishop takes a random card from each player next to the robber's new hex; Catan for
two's forced trade takes up to 2 random cards from the opponent. Each used to write a
"stole" line per card. Now the action's own line names everyone it took from, for every
screen; the thief reads every card in it, each victim only their own card, and nobody
else any card (engine/views.py: a log entry's "secret" and "secret_each").
"""
from django.utils.translation import override

import copy

from companion.engine import TABLE, apply, log_for, rules_for, view
from companion.engine import story as stories
from companion.messages import log_text

from .test_cities_knights import board_game, conserved, holding
from .test_two_players import A
from .test_two_players import Game as TwoGame

ANETA, IZA, MICHAL, WOJTEK = range(4)
CK_NAMES = ["Aneta", "Iza", "Michał", "Wojtek"]
HEX_IZA_MICHAL = "-1,-1"  # on the first-game terrain after the test setup: Iza's and Michał's buildings touch it
RESOURCE_WORDS = {"en": ("brick", "lumber", "wool", "grain", "ore"), "pl": ("cegła", "drewno", "wełna", "zboże", "ruda")}


def _hold_only(game, seat: int, **cards) -> None:
    """Empty a hand into the bank, then deal it `cards` from the bank (test set-up)."""
    hand = game.state["players"][seat]["hand"]
    for kind, n in hand.items():
        game.state["bank"][kind] += n
        hand[kind] = 0
    for kind, n in cards.items():
        game.state["bank"][kind] -= n
        hand[kind] += n


def _new_lines(state: dict, first: int, viewer, names: list[str], language: str = "en") -> list[str]:
    """The lines `viewer` reads of the log entries numbered after `first`."""
    with override(language):
        return [log_text(e, names) for e in log_for(state, viewer) if e["n"] > first]


def _bishop_game(victims_cards: dict):
    """Aneta (seat 0) plays the Bishop onto a hex next to Iza and Michał (Wojtek is not there)."""
    game = board_game(4)
    holding(game, ANETA, "bishop")
    game.roll()
    game.state["ck"]["attacks"] = 1  # the robber has left the desert's lock
    for seat, cards in victims_cards.items():
        _hold_only(game, seat, **cards)
    first = game.state["counters"]["log"]
    game.before = copy.deepcopy(game.state)
    game.act("play_progress", actor={"seat": ANETA}, card="bishop", hex=HEX_IZA_MICHAL)
    return game, first


def _replays(game) -> None:
    """The last action's record (its recorded outcomes, no chance) gives the same state, log included."""
    record = game.records[-1]
    replayed, outcome = apply(game.before, record["action"], None, record["outcome"])
    assert outcome == record["outcome"] and replayed == game.state


def _story(state: dict, first: int) -> tuple[list, list]:
    """What the end-of-game story reads of the log entries after `first`: (robber counts, private parts)."""
    n = len(state["players"])
    players = [{"robber": {"robbed": 0, "discarded": 0, "blocked": 0, "robbed_others": 0}} for _ in range(n)]
    private = [{"vp": [], "stolen_from_me": {}, "stolen_by_me": {}, "dev_bought": {}} for _ in range(n)]
    kinds = stories.story_kinds(rules_for(state["config"]))
    for entry in state["log"]:
        if entry["n"] > first:
            stories._read_entry(entry, players, private, [], [], [0] * n, kinds)
    return [p["robber"] for p in players], private


def test_the_bishop_taking_from_two_players_is_one_line_naming_both():
    game, first = _bishop_game({IZA: {"ore": 1}, MICHAL: {"wool": 1}})
    state = game.state
    new = [e for e in state["log"] if e["n"] > first]
    assert [e["kind"] for e in new] == ["played_progress", "bishop"]  # no "stole" line per card
    (entry,) = [e for e in new if e["kind"] == "bishop"]
    assert entry["params"] == {"hex": HEX_IZA_MICHAL, "victims": [IZA, MICHAL], "robbed": [IZA, MICHAL]}
    assert "secret" not in entry
    assert state["players"][ANETA]["hand"]["ore"] >= 1 and state["players"][ANETA]["hand"]["wool"] >= 1
    assert sum(state["players"][IZA]["hand"].values()) == sum(state["players"][MICHAL]["hand"].values()) == 0
    conserved(state)

    public = "Aneta moves the robber and takes a random card from each of Iza and Michał."
    lines = {viewer: _new_lines(state, first, viewer, CK_NAMES) for viewer in (TABLE, ANETA, IZA, MICHAL, WOJTEK)}
    assert lines[TABLE] == lines[WOJTEK] == ["Aneta plays Bishop.", public]
    assert lines[ANETA][1] == "Aneta moves the robber and takes a random card from each of Iza and Michał " \
                              "(Iza: ore; Michał: wool)."
    assert lines[IZA][1] == "Aneta moves the robber and takes a random card from each of Iza and Michał (Iza: ore)."
    assert lines[MICHAL][1] == "Aneta moves the robber and takes a random card from each of Iza and Michał " \
                               "(Michał: wool)."

    # The views carry exactly that: every card to the thief, its own to each victim, none to anyone else.
    shown = {viewer: next(e for e in view(state, viewer)["log"] if e["n"] == entry["n"])
             for viewer in (TABLE, ANETA, IZA, MICHAL, WOJTEK)}
    assert shown[ANETA]["params"]["taken"] == {str(IZA): "ore", str(MICHAL): "wool"}
    assert shown[IZA]["params"]["taken"] == {str(IZA): "ore"}
    assert shown[MICHAL]["params"]["taken"] == {str(MICHAL): "wool"}
    assert "taken" not in shown[TABLE]["params"] and "taken" not in shown[WOJTEK]["params"]
    for viewer in (TABLE, WOJTEK):
        assert not {"secret", "secret_each"} & set(shown[viewer])
        assert not any(word in lines[viewer][1] for word in RESOURCE_WORDS["en"])


def test_the_bishop_line_in_polish_fits_every_player():
    game, first = _bishop_game({IZA: {"ore": 1}, MICHAL: {"wool": 1}})
    lines = {viewer: _new_lines(game.state, first, viewer, CK_NAMES, "pl")[1] for viewer in (TABLE, ANETA, IZA, WOJTEK)}
    assert lines[TABLE] == lines[WOJTEK] == "Aneta przestawia złodzieja i zabiera po losowej karcie graczom: Iza i Michał."
    assert lines[ANETA] == "Aneta przestawia złodzieja i zabiera po losowej karcie graczom: Iza i Michał " \
                           "(Iza: ruda; Michał: wełna)."
    assert lines[IZA] == "Aneta przestawia złodzieja i zabiera po losowej karcie graczom: Iza i Michał (Iza: ruda)."
    assert not any(word in lines[TABLE] for word in RESOURCE_WORDS["pl"])


def test_the_bishop_names_only_those_who_held_a_card():
    """A player next to the hex with an empty hand loses nothing, and the line says so."""
    game, first = _bishop_game({IZA: {"grain": 1}, MICHAL: {}})
    entry = game.state["log"][-1]
    assert entry["params"]["victims"] == [IZA, MICHAL] and entry["params"]["robbed"] == [IZA]
    assert _new_lines(game.state, first, TABLE, CK_NAMES)[1] == "Aneta moves the robber and takes a random card from Iza."
    assert _new_lines(game.state, first, ANETA, CK_NAMES)[1] == \
        "Aneta moves the robber and takes a random card from Iza (Iza: grain)."
    assert _new_lines(game.state, first, MICHAL, CK_NAMES) == _new_lines(game.state, first, TABLE, CK_NAMES)
    assert _new_lines(game.state, first, TABLE, CK_NAMES, "pl")[1] == \
        "Aneta przestawia złodzieja i zabiera losową kartę graczowi Iza."

    game, first = _bishop_game({IZA: {}, MICHAL: {}})
    assert game.state["log"][-1]["params"]["robbed"] == [] and "secret_each" not in game.state["log"][-1]
    assert _new_lines(game.state, first, ANETA, CK_NAMES)[1] == "Aneta moves the robber: nobody next to it holds a card."


def test_the_bishop_replays_and_tells_its_story_as_before():
    """The records are what they were (an outcome per card): a replay gives the same state,
    log included, and the end-of-game story counts each card taken, told to its two players."""
    game, first = _bishop_game({IZA: {"ore": 1}, MICHAL: {"wool": 1}})
    record = game.records[-1]
    assert record["action"]["type"] == "play_progress" and sorted(record["outcome"].values()) == ["ore", "wool"]
    assert all(key.startswith("stolen:") for key in record["outcome"])
    _replays(game)
    robber, private = _story(game.state, first)
    assert robber[ANETA]["robbed_others"] == 2 and robber[IZA]["robbed"] == robber[MICHAL]["robbed"] == 1
    assert robber[WOJTEK]["robbed"] == 0
    assert private[ANETA]["stolen_by_me"] == {"ore": 1, "wool": 1}
    assert private[IZA]["stolen_from_me"] == {"ore": 1} and private[MICHAL]["stolen_from_me"] == {"wool": 1}
    assert private[WOJTEK]["stolen_from_me"] == {}


# ---------------------------------------------------------------- Catan for two: the forced trade


def _forced_trade(**bartek_cards):
    game = TwoGame()
    game.setup()
    _hold_only(game, 1, **bartek_cards)
    game.give(0, wool=2)
    first = game.state["counters"]["log"]
    game.before = copy.deepcopy(game.state)
    outcome = game.act("forced_trade", A)
    return game, first, outcome


def test_the_forced_trade_is_one_line_with_both_cards_for_the_two_players_only():
    game, first, outcome = _forced_trade(grain=1, ore=1)
    drawn = [outcome[key] for key in sorted(outcome, key=lambda k: int(k.split(":")[1]))]
    assert sorted(drawn) == ["grain", "ore"]
    new = [e for e in game.state["log"] if e["n"] > first]
    assert [e["kind"] for e in new] == ["forced_trade"]  # no "stole" line per card
    assert new[0]["params"] == {"victim": 1, "tokens": 1, "count": 2} and new[0]["secret"]["seats"] == [0, 1]
    names = ["Ala", "Bartek"]
    cards = ", ".join(f"1 {card}" for card in drawn)
    assert _new_lines(game.state, first, TABLE, names) == [
        "Ala pays 1 trade token for a forced trade and takes 2 random cards from Bartek."]
    for seat in (0, 1):
        assert _new_lines(game.state, first, seat, names) == [
            f"Ala pays 1 trade token for a forced trade and takes {cards} from Bartek."]
    assert "drawn" not in view(game.state, TABLE)["log"][0]["params"]
    assert _new_lines(game.state, first, TABLE, names, "pl") == [
        "Ala płaci 1 żeton handlu za wymuszony handel i zabiera graczowi Bartek 2 losowe karty."]
    polish_cards = ", ".join({"grain": "1 zboże", "ore": "1 ruda"}[card] for card in drawn)
    assert _new_lines(game.state, first, 1, names, "pl") == [
        f"Ala płaci 1 żeton handlu za wymuszony handel i zabiera graczowi Bartek karty: {polish_cards}."]
    _replays(game)
    robber, private = _story(game.state, first)
    assert private[0]["stolen_by_me"] == private[1]["stolen_from_me"] == {"grain": 1, "ore": 1}
    assert robber[1]["robbed"] == 2  # each card counted, as each "stole" line was


def test_the_forced_trade_from_a_one_card_hand_says_one_card():
    game, first, _outcome = _forced_trade(ore=1)
    names = ["Ala", "Bartek"]
    assert _new_lines(game.state, first, TABLE, names) == [
        "Ala pays 1 trade token for a forced trade and takes 1 random card from Bartek."]
    assert _new_lines(game.state, first, 0, names) == ["Ala pays 1 trade token for a forced trade and takes 1 ore from Bartek."]
    assert _new_lines(game.state, first, TABLE, names, "pl") == [
        "Ala płaci 1 żeton handlu za wymuszony handel i zabiera graczowi Bartek 1 losową kartę."]
    assert _new_lines(game.state, first, 1, names, "pl") == [
        "Ala płaci 1 żeton handlu za wymuszony handel i zabiera graczowi Bartek kartę: 1 ruda."]


def test_lines_written_before_still_read():
    """A stored state from before (a snapshot) keeps its "stole" lines and its lines without the cards."""
    names = ["Ala", "Bartek", "Celina"]
    old = [{"n": 1, "turn": 2, "kind": "stole", "seat": 0, "params": {}},
           {"n": 2, "turn": 2, "kind": "stole", "seat": 0, "params": {"victim": 1, "card": "ore"}},
           {"n": 3, "turn": 2, "kind": "bishop", "seat": 0, "params": {"hex": "0,0", "victims": [1, 2]}},
           {"n": 4, "turn": 2, "kind": "forced_trade", "seat": 0, "params": {"victim": 1, "tokens": 2}}]
    with override("en"):
        assert [log_text(e, names) for e in old] == [
            "Ala took a random card.", "Ala took 1 ore from Bartek.",
            "Ala moves the robber and takes a card from: Bartek and Celina.",
            "Ala pays 2 trade tokens for a forced trade with Bartek."]
