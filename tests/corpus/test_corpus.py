"""Games recorded before the rulesets became layers replay to the same summary and views.

Each file in games/ is a game exported as the site exports it (config and records with
their outcomes: services.export_records) and what the engine gave at a few points of the
log when the file was made (make_corpus.py): the summary with everything revealed, the
history (what may be undone and redone), the view of the table and of every seat, and
every seat's log. Here the records are replayed with `fold` and no chance at all, as a
saved game is, and everything must come out the same.

A file writes its logs as indices into its `log_entries`, and parts of the views that
recur once, in `shared`, as {"$shared": i}: `expand` puts them back before comparing. A file
marked "steal_lines": "merged" holds each steal in one log line, as the engine writes it now;
the files written before hold it in two, and the replayed log is split back for them.
The files are never written here: a failure is a change of behaviour, not a stale file.
"""
import json
from pathlib import Path

import pytest

from companion.engine import TABLE, fold, log_for, view
from companion.machinery import step as step_module
from companion.engine.game import _pin
from companion.engine.summary import summary
from companion.engine.views import VIEW_KEYS

GAMES = Path(__file__).resolve().parent / "games"

# Every configuration the corpus must keep (a deleted file fails the coverage test).
REQUIRED = [
    "base_paper_3",  # base game, no board, paper cards
    "base_paper_4",
    "base_beginner_hands_4",  # beginner board, hands on phones
    "base_random_board_paper_4",  # random board, paper cards
    "base_random_hands_5",  # random 5-6 board, hands, special build phase
    "base_balanced_hands_6",  # balanced 5-6 board, hands, special build phase
    "ck_paper_4",  # Cities & Knights without a board
    "ck_board_hands_4",  # Cities & Knights, board and hands
    "ck_advanced_battle_4",  # option: advanced battle
    "events_paper_4",  # Events of Catan deck, base, paper
    "events_board_paper_4",  # Events of Catan deck, beginner board, paper
    "events_hands_4",  # Events of Catan deck, base, hands
    "ck_events_hands_4",  # Events of Catan deck in Cities & Knights
    "friendly_robber_hands_4",  # option: friendly robber
    "harbormaster_board_paper_4",  # option: Harbormaster, awarded on the board
    "two_players_hands",  # Catan for two
    "two_players_events_hands",  # Catan for two on the Events of Catan deck
    "ep_land_ho_hands_4",  # Explorers & Pirates, Land Ho!, hands (the venue mix plays it)
    "ep_land_ho_paper_3",  # Explorers & Pirates, Land Ho!, paper, to a win
    "tb_fishermen_hands_4",  # Traders & Barbarians: Fishermen of Catan
    "tb_rivers_hands_4",  # Rivers of Catan (its board given whole)
    "tb_caravans_hands_4",  # The Caravans
    "tb_barbarian_attack_hands_4",  # Barbarian Attack
    "tb_traders_barbarians_hands_4",  # the scenario Traders & Barbarians (its board given whole)
    "ep_pirate_lairs_hands_4",  # Explorers & Pirates: Pirate Lairs
    "ep_fish_for_catan_hands_4",  # Fish for Catan
    "ep_spices_for_catan_hands_4",  # Spices for Catan
    "ep_explorers_pirates_hands_4",  # the box's last scenario (all three missions), under its old key
    "travel_two_players_hands",  # the travel edition's Catan for two
]


def _files() -> list[Path]:
    return sorted(GAMES.glob("*.json"))


def plain(data):
    """Through JSON and back: tuples become lists, keys strings, as in a stored file."""
    return json.loads(json.dumps(data))


def expand(node, shared: list):
    if isinstance(node, dict):
        if set(node) == {"$shared"}:
            return expand(shared[node["$shared"]], shared)
        return {key: expand(value, shared) for key, value in node.items()}
    if isinstance(node, list):
        return [expand(value, shared) for value in node]
    return node


def first_difference(expected, actual, path: str = "$"):
    """(path, expected part, actual part) of the first difference, or None."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual), key=str):
            if key not in actual:
                return f"{path}.{key}", expected[key], "<missing>"
            if key not in expected:
                return f"{path}.{key}", "<missing>", actual[key]
            found = first_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for i, (a, b) in enumerate(zip(expected, actual)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(expected) != len(actual):
            return f"{path} (length)", len(expected), len(actual)
        return None
    if expected != actual or type(expected) is not type(actual):
        return path, expected, actual
    return None


def _short(value) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 300 else text[:300] + " …"


def check_same(expected, actual, where: str) -> None:
    actual = plain(actual)
    if expected != actual:
        path, was, now = first_difference(expected, actual) or ("$", expected, actual)
        pytest.fail(f"{where}: first difference at {path}: recorded {_short(was)}, replayed {_short(now)}",
                    pytrace=False)


# What the layers change (rules composed per game) meant for a view's shape, and nothing
# else: every layer's key is present, None when the layer is not in the game (Cities &
# Knights' part was left out before); "variants" holds the parts of the game options in
# the game only (before, every option's part, switched off, once any option was on).
OPTION_PARTS = {"friendly_robber": ("friendly_robber", "spared"),
                "harbormaster": ("harbormaster", "holder", "harbour_points")}


def as_composed(recorded: dict) -> dict:
    view = {key: None for key in VIEW_KEYS} | recorded
    options = view.get("variants")
    if isinstance(options, dict):
        kept = {key: value for option, keys in OPTION_PARTS.items() if options.get(option)
                for key, value in options.items() if key in keys}
        view["variants"] = kept or None
    return view


def test_the_view_shape_change_is_only_that():
    """The normalisation above does not hide a real difference."""
    recorded = {"variants": {"friendly_robber": True, "spared": [1], "harbormaster": False, "holder": None,
                             "harbour_points": None}, "phase": "main"}
    assert as_composed(recorded)["variants"] == {"friendly_robber": True, "spared": [1]}
    assert as_composed(recorded)["phase"] == "main" and as_composed(recorded)["cities_knights"] is None
    assert as_composed({"cities_knights": {"ship": 3}})["cities_knights"] == {"ship": 3}


# One name per concept (issue 30): a layer's part of a view lies under its layer's (or its
# scenario's) name. The corpus was written when four of them had short keys of their own; a
# view holds the layers' parts at its top level only (deeper, "fish" and "two" are other
# things: a fish field on a hex, a fishermen's tokens, a log line's Events card), so the
# recorded top-level keys are read under the new names, and nothing else changes. The parts
# of the state kept their keys (state["ck"], state["two"]): saved games hold them.
RENAMED_VIEW_KEYS = {"ck": "cities_knights", "two": "catan_for_two", "fish": "fish_for_catan",
                     "travel": "travel_two_players"}


def as_rekeyed(recorded: dict) -> dict:
    """A recorded view with its layers' parts under their keys of now."""
    assert not {RENAMED_VIEW_KEYS[key] for key in recorded if key in RENAMED_VIEW_KEYS} & set(recorded), \
        sorted(recorded)  # a file holds the old key or the new one, never both
    return {RENAMED_VIEW_KEYS.get(key, key): value for key, value in recorded.items()}


def test_the_view_key_renaming_is_only_that():
    """The normalisation above renames the four top-level keys, and nothing else."""
    recorded = {"ck": {"ship": 3, "two": 1}, "two": None, "fish": {"fields": {"7,1": 4}}, "travel": None,
                "fishermen": {"mine": {"fish": 5}}, "board": {"layout": {"hexes": {"7,1": {"fish": 4}}}},
                "phase": "main"}
    assert as_rekeyed(recorded) == {
        "cities_knights": {"ship": 3, "two": 1}, "catan_for_two": None, "fish_for_catan": {"fields": {"7,1": 4}},
        "travel_two_players": None, "fishermen": {"mine": {"fish": 5}},
        "board": {"layout": {"hexes": {"7,1": {"fish": 4}}}}, "phase": "main"}
    assert as_rekeyed({"cities_knights": None, "phase": "main"}) == {"cities_knights": None, "phase": "main"}
    with pytest.raises(AssertionError):
        as_rekeyed({"ck": None, "cities_knights": {"ship": 3}})
    assert set(RENAMED_VIEW_KEYS.values()) <= set(VIEW_KEYS)  # each new key is a layer's
    assert not set(RENAMED_VIEW_KEYS) & set(VIEW_KEYS)  # and no old one is any more


def test_the_corpus_covers_every_configuration():
    names = {path.stem for path in _files()}
    assert names, f"the corpus in {GAMES} is empty"
    missing = sorted(set(REQUIRED) - names)
    assert not missing, f"corpus files missing: {missing}"


# What "undo never reveals" (docs/undo.md) changed for a replayed game, and nothing else:
# - the history lists the actions that showed something hidden ("revealing");
# - when the table screen undid such an action, the log says so publicly: one more line
#   (kind "undone_revealing"), so every later line's number is one higher, and a log cut to
#   its latest lines keeps one line fewer of the oldest ones.
# The recorded games are what the engine gave before that change: the new lines are taken
# out of the replayed logs and the numbers put back, and everything else stays strict.
# - after the table undid a roll (or an Events card) everyone saw, no player may act in that
#   turn's roll phase before it is taken again: a seat's "allowed" keeps that action only.
UNDONE_LINE = "undone_revealing"


def without_vp_sources(shown: dict) -> dict:
    """A phone's view has said where its points come from since the scenarios (newer than
    the corpus): checked here to add up to its points, then left out of the comparison."""
    me = shown.get("me")
    if not me or "vp_sources" not in me:
        return shown
    me = dict(me)
    assert sum(me.pop("vp_sources").values()) == me["vp_total"]
    return {**shown, "me": me}


# The box's last Explorers & Pirates scenario was keyed "explorers_pirates" (its layer
# "explorers_and_pirates") until it became "finale": a game recorded before loads under the
# new key, and its board says the new name; nothing else of it changed.
RENAMED_SCENARIOS = {"explorers_pirates": "finale"}
RENAMED_BOARDS = {"explorers_and_pirates": "finale"}


def as_renamed(expected: dict) -> dict:
    expected = dict(expected)
    config = expected.get("config")
    if isinstance(config, dict) and config.get("scenario") in RENAMED_SCENARIOS:
        expected["config"] = {**config, "scenario": RENAMED_SCENARIOS[config["scenario"]]}
    board = expected.get("board")
    origin = ((board or {}).get("layout") or {}).get("origin") if isinstance(board, dict) else None
    if isinstance(origin, dict) and origin.get("method") in RENAMED_BOARDS:
        layout = {**board["layout"], "origin": {**origin, "method": RENAMED_BOARDS[origin["method"]]}}
        expected["board"] = {**board, "layout": layout}
    return expected


def without_added_since(shown: dict) -> dict:
    """What a view has said since the corpus was written, checked and left out of the
    comparison (on both sides: files written since hold them): Catan for two names its
    robber's home (`catan_for_two.home`, the board's desert here), and a phone's trade offers say how it
    answered each and whether it still has to (`my_answer`, `to_answer`), so an answered offer
    leaves the offers it still has to answer."""
    shown = dict(shown)
    if isinstance(shown.get("catan_for_two"), dict) and "home" in shown["catan_for_two"]:
        two = dict(shown["catan_for_two"])
        assert two.pop("home") in ("desert", "swamp", None), two
        shown["catan_for_two"] = two
    if isinstance(shown.get("offers"), list):
        offers = []
        for offer in shown["offers"]:
            if isinstance(offer, dict) and ("my_answer" in offer or "to_answer" in offer):
                offer = dict(offer)
                assert offer.pop("my_answer", None) in (None, "accept", "decline", "counter"), offer
                assert offer.pop("to_answer", False) in (True, False), offer
            offers.append(offer)
        shown["offers"] = offers
    return shown


def as_pinned(expected_view: dict, state: dict, viewer: str) -> dict:
    """The recorded view of a seat with what an undone roll forbids it taken out."""
    pin = _pin(state)
    if pin is None or viewer == TABLE or "allowed" not in expected_view:
        return expected_view
    return {**expected_view, "allowed": [a for a in expected_view["allowed"] if a == pin["action"]]}


def without_revealing(history: dict, records: list[dict]) -> dict:
    """The history as it was before: "revealing" checked (ascending action seqs) and dropped."""
    history = dict(history)
    revealing = history.pop("revealing", [])
    actions = {record["seq"] for record in records if record.get("kind") == "action"}
    assert revealing == sorted(set(revealing)) and set(revealing) <= actions, revealing
    return history


def full_log(config: dict, records: list[dict], monkeypatch) -> list[dict]:
    """The game's whole log so far, not cut to its latest lines."""
    with monkeypatch.context() as patch:
        patch.setattr(step_module, "LOG_LIMIT", 10**9)
        state, _history = fold(config, records)
    return state["log"]


def undone_lines(log: list[dict]) -> list[int]:
    """The numbers of every undone_revealing line of the game's whole log."""
    return [entry["n"] for entry in log if entry["kind"] == UNDONE_LINE]


def without_undone_lines(entries: list[dict], lines: list[int]) -> tuple[list[dict], int]:
    """`entries` without the undone_revealing lines and numbered as before them; and how
    many of those lines were among them."""
    kept = []
    for entry in entries:
        if entry["kind"] == UNDONE_LINE:
            assert entry["n"] in lines, entry
            continue
        kept.append({**entry, "n": entry["n"] - sum(1 for n in lines if n < entry["n"])})
    return kept, len(entries) - len(kept)


# What "one steal, one log line" changed, and nothing else. The engine wrote a steal as
# two or three lines; now the action's own line says it:
# - the robber's steal ("steal" action, only ever with a board): a public "robber_moved"
#   {victim} and, with hands on phones, a "stole" line (thief and victim: {victim, card};
#   everyone else: {}) became one "stole" line, public {victim}, secret {victim, card};
# - an Events taker with hands on phones: "event_took" {victim, event} and a "stole" line
#   became one "event_took" line, public {victim, event}, secret {victim, event, card}.
# The replayed lines are split back into the recorded ones (every later number one higher
# per split); a log cut to its latest lines then reaches as many older lines as it has
# splits, and those are left out.
# With it, the wording of Cities & Knights' second setup round: on the board its
# "setup_placed" line says {piece: "city"} as the one without a board always did.
# Then "one action, one line" for actions that take several cards (issue 19), with hands
# on phones; each card had its own "stole" line after the action's (thief and the card's
# victim: {victim, card}; everyone else: {}):
# - C&K's Bishop: "bishop" {hex, victims} now also says {robbed} (who held a card, in
#   order), and the thief reads {taken: {victim: card}} of every one, each victim its own;
# - Catan for two's forced trade: "forced_trade" {victim, tokens} now also says {count},
#   and the two players read {drawn: [card, ...]} in the order drawn.
# Those are marked ("several", how, lines) and split back the same way.
def merged_steals(log: list[dict], on_board: bool = True) -> dict[int, str | tuple]:
    """number -> how, of every line of the game's whole log that was written otherwise before."""
    found = {}
    for entry in log:
        if entry["kind"] == "stole" and "victim" in entry["params"]:  # the robber's steal
            found[entry["n"]] = "steal_hands" if "secret" in entry else "steal_paper"
        elif entry["kind"] == "event_took" and "secret" in entry:
            found[entry["n"]] = "event_take"
        elif entry["kind"] == "setup_placed" and entry["params"].get("piece") == "city" and on_board:
            found[entry["n"]] = "setup_city"
        elif entry["kind"] == "bishop" and "robbed" in entry["params"]:
            found[entry["n"]] = ("several", "bishop", len(entry["params"]["robbed"]))
        elif entry["kind"] == "forced_trade" and "count" in entry["params"]:
            found[entry["n"]] = ("several", "forced_trade", entry["params"]["count"])
    return found


def _lines_split(how) -> int:
    """How many more lines the engine had written for one merged line."""
    if isinstance(how, tuple):
        return how[2]
    return 0 if how in ("steal_paper", "setup_city") else 1


def _split_before(steals: dict, n: int) -> int:
    """How many more lines the engine had written before line `n` (its number now)."""
    return sum(_lines_split(how) for m, how in steals.items() if m < n)


def _split_several(entry: dict, n: int, how: tuple) -> list[dict]:
    """A Bishop's or forced trade's one line as the action's line and a "stole" line per card."""
    params = entry["params"]
    if how[1] == "bishop":
        taken = params.get("taken") or {}
        first = {key: value for key, value in params.items() if key not in ("robbed", "taken")}
        cards = [{"victim": v, "card": taken[str(v)]} if str(v) in taken else {} for v in params["robbed"]]
    else:
        drawn = params.get("drawn")
        first = {key: value for key, value in params.items() if key not in ("count", "drawn")}
        cards = [{"victim": params["victim"], "card": card} for card in drawn] if drawn is not None else [{}] * how[2]
    assert len(cards) == how[2], (entry, how)
    return [{**entry, "n": n, "params": first},
            *({**entry, "n": n + 1 + i, "kind": "stole", "params": card} for i, card in enumerate(cards))]


def as_recorded_steals(entries: list[dict], steals: dict) -> tuple[list[dict], int]:
    """`entries` with each merged steal split back into its recorded lines and numbered as
    then; and how many lines the splits added."""
    recorded = []
    for entry in entries:
        n = entry["n"] + _split_before(steals, entry["n"])
        how = steals.get(entry["n"])
        if how is None:
            recorded.append({**entry, "n": n})
            continue
        params = entry["params"]
        if isinstance(how, tuple):
            recorded += _split_several(entry, n, how)
            continue
        if how == "setup_city":
            recorded.append({**entry, "n": n, "params": {k: v for k, v in params.items() if k != "piece"}})
            continue
        if how == "steal_paper":
            recorded.append({**entry, "n": n, "kind": "robber_moved"})
            continue
        first = {"victim": params["victim"]} if how == "steal_hands" else {
            key: params[key] for key in ("victim", "event")}
        taken = {"victim": params["victim"], "card": params["card"]} if "card" in params else {}
        recorded.append({**entry, "n": n, "kind": "robber_moved" if how == "steal_hands" else "event_took",
                         "params": first})
        recorded.append({**entry, "n": n + 1, "kind": "stole", "params": taken})
    return recorded, len(recorded) - len(entries)


def check_same_log(expected: list, shown: list, lines: list[int], where: str, newest_first: bool,
                   steals: dict | None = None) -> None:
    """A log, the undone_revealing lines put aside and merged steals split back: the recorded
    one may go on by as many older lines as the replayed one had new lines (each took an
    older line's place), or stop short by as many as the splits added."""
    steals = steals or {}
    order = (lambda items: items[::-1]) if newest_first else (lambda items: items)
    shown, split = as_recorded_steals(order(plain(shown)), steals)
    shown = order(shown)
    lines = [n + _split_before(steals, n) for n in lines]
    shown, dropped = without_undone_lines(shown, lines)
    missing = len(expected) - len(shown)
    if not -split <= missing <= dropped:
        pytest.fail(f"{where}: {len(shown)} lines besides {dropped} new ones and {split} split, "
                    f"recorded {len(expected)}", pytrace=False)
    if missing < 0:  # older lines the recorded log, cut to as many lines, no longer held
        shown = shown[:len(expected)] if newest_first else shown[-missing:]
        missing = 0
    check_same(expected[:len(shown)] if newest_first else expected[missing:], shown, where)


def test_the_undo_normalisation_is_only_that():
    """The normalisation above takes out the new lines and nothing else."""
    log = [{"n": 1, "kind": "rolled"}, {"n": 2, "kind": UNDONE_LINE}, {"n": 3, "kind": "built"}]
    assert without_undone_lines(log, [2]) == ([{"n": 1, "kind": "rolled"}, {"n": 2, "kind": "built"}], 1)
    assert without_undone_lines(log[2:], [2]) == ([{"n": 2, "kind": "built"}], 0)  # its line cut off
    with pytest.raises(AssertionError):
        without_undone_lines([{"n": 5, "kind": UNDONE_LINE}], [2])
    recorded = [{"n": 1, "kind": "rolled"}, {"n": 2, "kind": "built"}]
    check_same_log(recorded, log[1:], [2], "cut", newest_first=False)  # one older line taken out
    with pytest.raises(pytest.fail.Exception):
        check_same_log(recorded, log[2:], [2], "two lines short", newest_first=False)
    with pytest.raises(pytest.fail.Exception):
        check_same_log([{"n": 1, "kind": "built"}], log[2:], [2], "other line", newest_first=False)
    pinned = {"turn": {"number": 5}, "phase": "roll", "kept": {"pins": {"5": {"action": "roll", "phase": "roll"}}}}
    assert as_pinned({"allowed": ["play_dev", "roll"]}, pinned, "1") == {"allowed": ["roll"]}
    assert as_pinned({"allowed": ["play_dev", "roll"]}, pinned, TABLE) == {"allowed": ["play_dev", "roll"]}
    assert as_pinned({"allowed": ["play_dev"]}, {**pinned, "phase": "main"}, "1") == {"allowed": ["play_dev"]}
    assert without_revealing({"effective": [1], "undone": [], "revealing": [1]}, [{"seq": 1, "kind": "action"}]) \
        == {"effective": [1], "undone": []}


def test_the_steal_normalisation_is_only_that():
    """The normalisation above splits the merged steals back, and nothing else."""
    whole = [{"n": 1, "kind": "robber_placed", "seat": 0, "params": {"victims": [1]}},
             {"n": 2, "kind": "stole", "seat": 0, "params": {"victim": 1},
              "secret": {"seats": [0, 1], "params": {"victim": 1, "card": "ore"}}},
             {"n": 3, "kind": "stole", "seat": 0, "params": {}},  # a Bishop's card: as before
             {"n": 4, "kind": "event_took", "seat": 2, "params": {"victim": 0, "event": "conflict"},
              "secret": {"seats": [2, 0], "params": {"victim": 0, "event": "conflict", "card": "wool"}}},
             {"n": 5, "kind": "stole", "seat": 1, "params": {"victim": 2}},  # paper cards
             {"n": 6, "kind": "turn_ended", "seat": 1, "params": {}}]
    steals = merged_steals(whole)
    assert steals == {2: "steal_hands", 4: "event_take", 5: "steal_paper"}
    public = [{k: v for k, v in entry.items() if k != "secret"} for entry in whole]
    recorded = [{"n": 1, "kind": "robber_placed", "seat": 0, "params": {"victims": [1]}},
                {"n": 2, "kind": "robber_moved", "seat": 0, "params": {"victim": 1}},
                {"n": 3, "kind": "stole", "seat": 0, "params": {}},
                {"n": 4, "kind": "stole", "seat": 0, "params": {}},
                {"n": 5, "kind": "event_took", "seat": 2, "params": {"victim": 0, "event": "conflict"}},
                {"n": 6, "kind": "stole", "seat": 2, "params": {}},
                {"n": 7, "kind": "robber_moved", "seat": 1, "params": {"victim": 2}},
                {"n": 8, "kind": "turn_ended", "seat": 1, "params": {}}]
    assert as_recorded_steals(public, steals) == (recorded, 2)
    thief = {**public[1], "params": {"victim": 1, "card": "ore"}}
    assert as_recorded_steals([thief], steals)[0][1]["params"] == {"victim": 1, "card": "ore"}
    check_same_log(recorded, public, [], "whole", newest_first=False, steals=steals)
    check_same_log(recorded[::-1], public[::-1], [], "newest first", newest_first=True, steals=steals)
    check_same_log(recorded[-4:], public[-3:], [], "cut", newest_first=False, steals=steals)
    check_same_log(recorded[-6:], public[-5:], [], "cut, one older line", newest_first=False, steals=steals)
    with pytest.raises(pytest.fail.Exception):  # a card the viewer was not shown
        check_same_log(recorded, [public[0], thief, *public[2:]], [], "leak", newest_first=False, steals=steals)
    with pytest.raises(pytest.fail.Exception):  # a line missing
        check_same_log(recorded, public[:-1], [], "short", newest_first=False, steals=steals)
    city = [{"n": 1, "kind": "setup_placed", "seat": 0, "params": {"round": 2, "piece": "city"}}]
    assert merged_steals(city, on_board=False) == {}  # without a board it always said so
    assert as_recorded_steals(city, merged_steals(city))[0] == [
        {"n": 1, "kind": "setup_placed", "seat": 0, "params": {"round": 2}}]


def test_the_several_cards_normalisation_is_only_that():
    """A Bishop's and a forced trade's one line split back into the lines they were."""
    whole = [{"n": 1, "kind": "bishop", "seat": 0, "turn": 3, "params": {"hex": "0,0", "victims": [1, 2, 3], "robbed": [1, 2]},
              "secret_each": {"0": {"taken": {"1": "ore", "2": "wool"}}, "1": {"taken": {"1": "ore"}},
                              "2": {"taken": {"2": "wool"}}}},
             {"n": 2, "kind": "forced_trade", "seat": 1, "turn": 4, "params": {"victim": 0, "tokens": 1, "count": 2},
              "secret": {"seats": [1, 0], "params": {"victim": 0, "tokens": 1, "count": 2, "drawn": ["grain", "ore"]}}},
             {"n": 3, "kind": "turn_ended", "seat": 1, "turn": 4, "params": {}}]
    steals = merged_steals(whole)
    assert steals == {1: ("several", "bishop", 2), 2: ("several", "forced_trade", 2)}
    public = [{k: v for k, v in entry.items() if k not in ("secret", "secret_each")} for entry in whole]
    recorded = [{"n": 1, "kind": "bishop", "seat": 0, "turn": 3, "params": {"hex": "0,0", "victims": [1, 2, 3]}},
                {"n": 2, "kind": "stole", "seat": 0, "turn": 3, "params": {}},
                {"n": 3, "kind": "stole", "seat": 0, "turn": 3, "params": {}},
                {"n": 4, "kind": "forced_trade", "seat": 1, "turn": 4, "params": {"victim": 0, "tokens": 1}},
                {"n": 5, "kind": "stole", "seat": 1, "turn": 4, "params": {}},
                {"n": 6, "kind": "stole", "seat": 1, "turn": 4, "params": {}},
                {"n": 7, "kind": "turn_ended", "seat": 1, "turn": 4, "params": {}}]
    assert as_recorded_steals(public, steals) == (recorded, 4)
    check_same_log(recorded, public, [], "whole", newest_first=False, steals=steals)
    check_same_log(recorded[-2:], public[-2:], [], "cut", newest_first=False, steals=steals)
    victim = {**public[0], "params": {**public[0]["params"], "taken": {"2": "wool"}}}  # seat 2's view
    assert [line["params"] for line in as_recorded_steals([victim], steals)[0][1:]] == [
        {}, {"victim": 2, "card": "wool"}]
    thief = {**public[1], "params": whole[1]["secret"]["params"]}
    assert [line["params"] for line in as_recorded_steals([thief], steals)[0][1:]] == [
        {"victim": 0, "card": "grain"}, {"victim": 0, "card": "ore"}]
    with pytest.raises(pytest.fail.Exception):  # a card the viewer was not shown
        check_same_log(recorded, [victim, *public[1:]], [], "leak", newest_first=False, steals=steals)


@pytest.mark.parametrize("path", _files(), ids=lambda path: path.stem)
def test_a_recorded_game_replays_to_the_same_summary_and_views(path: Path, monkeypatch):
    text = path.read_text(encoding="utf-8")
    game = json.loads(text)
    name, export = path.stem, game["export"]
    assert export["format"] == "catan-companion/actions" and export["format_version"] == 1, name
    assert game["points"] and game["points"][-1]["records"] == len(export["records"]), name
    entries, shared = game["log_entries"], game["shared"]
    for point in game["points"]:
        count = point["records"]
        fresh = json.loads(text)["export"]  # the records as stored, untouched by an earlier replay
        state, history = fold(fresh["config"], fresh["records"][:count])  # no chance: recorded outcomes only
        whole = full_log(export["config"], json.loads(text)["export"]["records"][:count], monkeypatch)
        lines = undone_lines(whole)
        # A file written since the steals take one line holds them so: nothing to split back.
        on_board = state["board"] is not None
        steals = {} if game.get("steal_lines") == "merged" else merged_steals(whole, on_board=on_board)
        where = f"{name}, after record {count} of {len(export['records'])}"
        check_same(point["summary"], summary(state, count, reveal=True), f"{where}, summary")
        check_same(point["history"], without_revealing(history, fresh["records"][:count]),
                   f"{where}, history (undo/redo stacks)")
        seats = [str(seat) for seat in range(len(state["players"]))]
        assert sorted(point["views"]) == sorted(["table", *seats]), where
        assert sorted(point["logs"]) == sorted(seats), where
        for viewer, stored in sorted(point["views"].items()):
            expected = as_renamed(without_added_since(as_composed(as_rekeyed(expand(stored, shared)))))
            expected_log = [entries[i] for i in expected.pop("log")]
            shown = without_added_since(without_vp_sources(dict(
                view(state, TABLE if viewer == TABLE else int(viewer), version=count))))
            shown_log = shown.pop("log")
            who = f"{where}, view of {'the table' if viewer == TABLE else 'seat ' + viewer}"
            check_same(as_pinned(expected, state, viewer), shown, who)
            check_same_log(expected_log, shown_log, lines, f"{who}, log", newest_first=True, steals=steals)
        for seat, indices in sorted(point["logs"].items()):
            check_same_log([entries[i] for i in indices], log_for(state, int(seat)), lines,
                           f"{where}, log of seat {seat}", newest_first=False, steals=steals)
