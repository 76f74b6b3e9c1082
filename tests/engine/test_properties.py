"""Property tests over random sequences of legal actions, undos and redos.

A driver plays a random game the way the site does (`advance` on a copy, with live
chance, keeping the effective records), and after every step checks the invariants
and what each viewer may see. At the end the record log is folded from scratch.
"""
import copy
import json
import re

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.engine import (
    TABLE,
    Chance,
    IllegalAction,
    advance,
    allowed_actions,
    fold,
    new_game,
    new_history,
    seeded_secret,
    view,
)
from companion.layers.cores.base import rules as base
from companion.engine.summary import summary
from companion.engine.game import ruleset
from companion.machinery.step import LOG_LIMIT
from tests.engine.played import tap_field

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    database=None,  # write no example database into the project
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

CHANCE_ACTIONS = ("roll", "buy_dev", "reveal_event")  # actions whose outcome chance may decide
SHOWN_TO_ALL = ("roll", "reveal_event")  # an undone one comes back unchanged in its turn


def clone(data):
    """A deep copy of plain JSON data (states are JSON: much faster than copy.deepcopy)."""
    return json.loads(json.dumps(data))


def same_play(a: dict, b: dict) -> bool:
    """The same game but for what undos keep and say (docs/undo.md): their memory
    (`kept`), their public log lines about what had been seen, and so the log's numbers."""
    def played(state):
        state = clone(state)
        state.pop("kept", None)
        state["counters"].pop("log", None)
        state["log"] = [{k: v for k, v in e.items() if k != "n"} for e in state["log"] if e["kind"] != "undone_revealing"]
        return state

    a, b = played(a), played(b)
    kept = min(len(a["log"]), len(b["log"]))  # an undo's line may have pushed an old one out
    a["log"], b["log"] = a["log"][len(a["log"]) - kept:], b["log"][len(b["log"]) - kept:]
    return a == b


# ---------------------------------------------------------------- the driver


@st.composite
def configs(draw):
    n = draw(st.integers(2, 6))
    return {
        "players": [{"name": f"Player {i}", "color": base.COLORS[i]} for i in range(n)],
        "target": draw(st.sampled_from([10, 5, 8, 12, 3])),
        "dice_source": draw(st.sampled_from(base.DICE_SOURCES)),
    }


# How much more often the driver tries an action type (by repeating it in the choices):
# enough purchases, plays and turn ends for cards to be played and titles to change hands.
WEIGHTS = {"place_setup": 4, "buy_dev": 4, "play_dev": 6, "end_turn": 6, "build_road": 3, "set_dice_source": 0,
           "reveal_event": 6}


def actors(state: dict) -> list[dict]:
    return [{"role": "table"}, {"role": "device"}] + [{"seat": s} for s in range(len(state["players"]))]


def draw_args(data, state: dict, actor: dict, kind: str) -> dict:
    n = len(state["players"])
    seat_or_none = st.one_of(st.none(), st.integers(0, n - 1))
    resource = st.sampled_from(base.RESOURCES)
    if kind == "roll":
        if data.draw(st.booleans(), label="typed dice"):
            die = st.integers(1, 6)
            return {"dice": [data.draw(die), data.draw(die)]}
        return {}
    if kind == "discard":
        args = {"hand_size": data.draw(st.integers(0, 20), label="hand size")}
        if "seat" not in actor:
            args["seat"] = data.draw(st.sampled_from(sorted(p["seat"] for p in state["pending"])))
        return args
    if kind == "move_robber":
        return {"victim": data.draw(seat_or_none, label="victim")}
    if kind == "set_longest_road":
        long_enough = [s for s, p in enumerate(state["players"]) if p["roads"] >= 5]
        return {"holder": data.draw(st.sampled_from(long_enough * 3 + [None, *range(n)]), label="holder")}
    if kind == "play_dev":
        player = state["players"][state["turn"]["seat"]]
        playable = [c["card"] for c in player["dev_hand"] if c["turn"] != state["turn"]["number"]] * 4
        card = data.draw(st.sampled_from(playable + list(base.DEV_CARDS)), label="card")
        return {"card": card, "resource": data.draw(resource), "resources": [data.draw(resource), data.draw(resource)]}
    if kind == "set_dice_source":
        return {"source": data.draw(st.sampled_from(base.DICE_SOURCES))}
    return _tapped(data, state, actor, kind)


def _tapped(data, state: dict, actor: dict, kind: str) -> dict:
    """An action a board tap makes (any layer's: a ship's sail, the free placement's pieces):
    one of the places the actor's view offers for it, posted in the field its partial posts."""
    if not any(kind in names for names in ruleset(state).board_actions.values()):
        return {}
    board = view(state, actor["seat"] if "seat" in actor else "table").get("board") or {}
    places = [(tap, where) for tap, action in (board.get("actions") or {}).items() if action == kind
              for where in board["targets"].get(tap, ())]
    if not places:
        return {}
    tap, where = data.draw(st.sampled_from(places), label="tap")
    return {tap_field(tap, where): where}


class Live:
    """A game played live, as the site plays it: records, history, snapshots."""

    def __init__(self, config: dict, secret: bytes):
        self.config = config
        self.chance = Chance(secret)
        self.state = new_game(config)
        self.history = new_history()
        self.records: list[dict] = []  # as stored: no "original" on redo records
        self.by_seq: dict[int, dict] = {}
        self.before: dict[int, dict] = {}  # state just before action seq
        self.after: dict[int, dict] = {}  # state just after action seq was first applied

    def _state_before(self, seq: int) -> dict:
        return clone(self.before[seq])

    def _next_seq(self) -> int:
        return len(self.records) + 1

    def act(self, action: dict) -> dict | None:
        """Try an action; returns its record, or None if the engine refused it."""
        record = {"seq": self._next_seq(), "kind": "action", "action": action}
        candidate, candidate_history = clone(self.state), clone(self.history)
        try:
            advance(candidate, candidate_history, record, self._state_before, self.chance)
        except IllegalAction:
            return None
        self.before[record["seq"]] = self.state
        self.after[record["seq"]] = clone(candidate)
        self.state, self.history = candidate, candidate_history
        self.records.append(record)
        self.by_seq[record["seq"]] = record
        return record

    def undo(self) -> int:
        target = self.history["effective"][-1]
        record = {"seq": self._next_seq(), "kind": "undo", "target": target}
        self.state = advance(self.state, self.history, record, self._state_before, self.chance)
        self.records.append(record)
        # Undo returns to the state before the action (but for what undos keep and say).
        assert same_play(self.state, self.before[target])
        return target

    def redo(self) -> int:
        target = self.history["undone"][-1]
        record = {"seq": self._next_seq(), "kind": "redo", "target": target}
        engine_record = dict(record, original=self.by_seq[target])
        assert same_play(self.state, self.before[target])
        self.state = advance(self.state, self.history, engine_record, self._state_before, self.chance)
        self.records.append(record)
        # Redo gives the state the action first gave.
        assert same_play(self.state, self.after[target])
        return target


def play(data, live: Live, steps: int, check=None) -> None:
    """Drive `live` for up to `steps` steps: legal actions, and now and then undo/redo."""
    for _ in range(steps):
        choices = ["action"] * 16
        if live.history["effective"]:
            choices.append("undo")
            last = live.by_seq[live.history["effective"][-1]]
            if last["action"]["type"] in CHANCE_ACTIONS and not last["action"]["args"].get("dice"):
                choices.append("undo_and_repeat")
        if live.history["undone"]:
            choices += ["redo"] * 4
        if "set_dice_source" in allowed_actions(live.state, {"role": "table"}):
            choices.append("dice_source")
        pairs = [
            (a, k)
            for a in actors(live.state)
            for k in sorted(allowed_actions(live.state, a))
            for _ in range(WEIGHTS.get(k, 1))
        ]
        if not pairs:
            choices = [c for c in choices if c != "action"]
        if not choices:
            return
        choice = data.draw(st.sampled_from(choices), label="step")
        if choice == "undo":
            live.undo()
        elif choice == "redo":
            live.redo()
        elif choice == "dice_source":
            source = data.draw(st.sampled_from(base.DICE_SOURCES), label="dice source")
            live.act({"type": "set_dice_source", "actor": {"role": "table"}, "args": {"source": source}})
        elif choice == "undo_and_repeat":
            # Undo a chance action, then enter it again live: a roll or an event card comes
            # back unchanged; a card drawn went back into its deck and is drawn afresh.
            target = live.undo()
            original = live.by_seq[target]
            record = live.act(copy.deepcopy(original["action"]))
            assert record is not None
            if original["action"]["type"] in SHOWN_TO_ALL:
                assert record["outcome"] == original["outcome"]
                assert same_play(live.state, live.after[target])
            event(f"repeated {original['action']['type']}")
        else:
            actor, kind = data.draw(st.sampled_from(pairs), label="actor and action")
            args = draw_args(data, live.state, actor, kind)
            live.act({"type": kind, "actor": actor, "args": args})
        if check is not None:
            check(live.state)


# ---------------------------------------------------------------- invariants


def check_invariants(state: dict) -> None:
    n = len(state["players"])
    # The 25 development cards are always accounted for, per kind.
    for card, total in base.DEV_DECK.items():
        in_hands = sum(1 for p in state["players"] for c in p["dev_hand"] if c["card"] == card)
        played = sum(p["dev_played"].count(card) for p in state["players"])
        assert state["dev_deck"][card] >= 0
        assert state["dev_deck"][card] + in_hands + played == total, card
    assert all(p["dev_played"].count("victory_point") == 0 for p in state["players"])
    for seat, p in enumerate(state["players"]):
        # Pieces within supply.
        assert 0 <= p["settlements"] <= 5
        assert 0 <= p["cities"] <= 4
        assert 0 <= p["roads"] <= 15
        assert p["knights_played"] == p["dev_played"].count("knight")
        assert all(c["turn"] <= state["turn"]["number"] for c in p["dev_hand"])
        # vp_total is the sum of its parts.
        parts = (
            p["settlements"]
            + 2 * p["cities"]
            + sum(1 for c in p["dev_hand"] if c["card"] == "victory_point")
            + (2 if state["longest_road"] == seat else 0)
            + (2 if state["largest_army"] == seat else 0)
        )
        assert ruleset(state).vp_total(state, seat) == parts
        hidden = ruleset(state).vp_hidden(state, seat)
        assert ruleset(state).vp_public(state, seat) == parts - (0 if state["winner"] is not None else hidden)
    # Titles.
    if state["longest_road"] is not None:
        assert state["players"][state["longest_road"]]["roads"] >= 5
    if state["largest_army"] is not None:
        holder = state["players"][state["largest_army"]]["knights_played"]
        assert holder >= 3
        assert all(p["knights_played"] <= holder for p in state["players"])
    else:
        assert all(p["knights_played"] < 3 for p in state["players"])
    # Phase-consistent pending list and turn flags.
    phase = state["phase"]
    assert phase in ("setup", "roll", "main", "discard", "robber", "special_build", "finished", "event")
    if phase == "special_build":
        assert len(state["players"]) >= base.SPECIAL_BUILD_PLAYERS and state["special_build"]
        assert state["turn"]["seat"] not in state["special_build"]
    seats = [p["seat"] for p in state["pending"]]
    assert len(seats) == len(set(seats))
    assert all(0 <= s < n for s in seats)
    if phase == "discard":
        assert seats, "discard phase with nobody pending"
        assert all(p["kind"] == "discard" for p in state["pending"])
        assert state["turn"]["rolled"]
        assert state["last_roll"]["total"] == 7
    elif phase == "event":  # an Events of Catan card asks for choices (layers/options/events/rules.py)
        assert seats and all(p["kind"] in ("earthquake", "event_take") for p in state["pending"])
        assert state["last_roll"]["source"] == "events"
    else:
        assert state["pending"] == []
    if phase in ("discard", "robber"):
        assert state["robber_return"] in ("roll", "main")
    elif phase != "finished":
        assert state["robber_return"] is None
    if phase == "roll":
        assert not state["turn"]["rolled"]
    if phase in ("main", "special_build"):
        assert state["turn"]["rolled"]
    if phase == "setup":
        assert state["turn"]["number"] == 0
        assert 0 <= state["setup"]["index"] < 2 * n
    else:
        assert state["turn"]["number"] >= 1
        assert all(p["settlements"] + p["cities"] >= 2 for p in state["players"])
    assert (state["winner"] is not None) == (phase == "finished")
    if state["winner"] is not None:
        assert state["winner"] == state["turn"]["seat"]
        assert ruleset(state).vp_total(state, state["winner"]) >= state["config"]["target"]
    elif phase != "setup":
        # Nobody reached the target in their own turn without winning.
        assert ruleset(state).vp_total(state, state["turn"]["seat"]) < state["config"]["target"]
    assert sum(state["roll_counts"]) >= (1 if state["last_roll"] else 0)
    assert len(state["log"]) <= LOG_LIMIT
    json.dumps(state)  # the state is plain JSON data


# ---------------------------------------------------------------- privacy


def _replace_hidden(state: dict, hand_card, secret_params) -> dict:
    """A shallow copy of `state` with the hidden values replaced (the original is untouched).

    hand_card(seat, index, card) gives a card's new name in hand, or the same;
    secret_params(entry) gives a secret log entry's new params.
    """
    changed = dict(state)
    changed["players"] = [
        dict(p, dev_hand=[dict(c, card=hand_card(seat, i, c["card"])) for i, c in enumerate(p["dev_hand"])])
        for seat, p in enumerate(state["players"])
    ]
    changed["log"] = [
        dict(e, secret=dict(e["secret"], params=secret_params(e))) if "secret" in e else e for e in state["log"]
    ]
    return changed


def _masked(state: dict) -> dict:
    """The state with every hidden value replaced by a marker naming its owner(s)."""
    return _replace_hidden(
        state,
        lambda seat, i, card: f"HAND-{seat}-{i}-",
        lambda e: {k: "SECRET-" + "-".join(map(str, e["secret"]["seats"])) + f"-{e['n']}-" for k in e["secret"]["params"]},
    )


def _scrambled(state: dict, viewer) -> dict:
    """Other seats' hidden data changed (same number of cards): what `viewer` must not notice."""
    return _replace_hidden(
        state,
        lambda seat, i, card: card if seat == viewer else base.DEV_CARDS[(base.DEV_CARDS.index(card) + 1) % 5],
        lambda e: e["secret"]["params"] if viewer in e["secret"]["seats"] else {k: "other" for k in e["secret"]["params"]},
    )


SECRET_MARK = re.compile(r'"SECRET-([0-9-]*?)-[0-9]+-"')


def check_views(state: dict) -> None:
    if state["phase"] == "finished":
        return
    n = len(state["players"])
    masked = _masked(state)
    viewers = [TABLE, *range(n)]
    for viewer in viewers:
        shown = view(state, viewer)
        masked_text = json.dumps(view(masked, viewer))  # also: a view is plain JSON
        # No other seat's card in hand, in any form the view serialises it.
        for seat in range(n):
            if seat != viewer:
                assert f"HAND-{seat}-" not in masked_text, (viewer, seat)
        # A secret log detail shows only to the seats it is for (never to the table).
        for owners in SECRET_MARK.findall(masked_text):
            assert str(viewer) in owners.split("-"), (viewer, owners)
        # Hidden totals stay hidden while the game runs.
        for p in shown["players"]:
            assert p["vp_total"] is None and p["vp_cards"] is None
            assert p["vp_public"] == ruleset(state).vp_public(state, p["seat"])
        if viewer == TABLE:
            assert shown["me"] is None
        else:
            me = shown["me"]
            assert me["seat"] == viewer
            assert [c["card"] for c in me["dev_cards"]] == [c["card"] for c in state["players"][viewer]["dev_hand"]]
            assert me["vp_total"] == ruleset(state).vp_total(state, viewer)
            # The own hand is there: the masking does detect a card shown.
            for i in range(len(state["players"][viewer]["dev_hand"])):
                assert f'"HAND-{viewer}-{i}-"' in masked_text
        # The bought card is named only to the buyer.
        for entry in shown["log"]:
            if entry["kind"] == "bought_dev":
                assert ("card" in entry["params"]) == (viewer == entry["seat"])
        # Non-interference: other seats' secrets (which cards, hence hidden VP too) do
        # not change this view at all.
        assert view(_scrambled(state, viewer), viewer) == shown
    # The summary without reveal shows no hand either.
    summary_text = json.dumps(summary(masked, 0))
    assert "HAND-" not in summary_text and "SECRET-" not in summary_text


# ---------------------------------------------------------------- the properties


@SETTINGS
@given(data=st.data(), config=configs(), seed=st.integers(0, 2**32), steps=st.integers(20, 100))
def test_replay_and_invariants(data, config, seed, steps):
    """(a) folding the records gives the live state; (b) undo/redo exact; (c) invariants."""
    live = Live(config, seeded_secret(seed))
    check_invariants(live.state)
    play(data, live, steps, check=check_invariants)
    event(f"phase at the end: {live.state['phase']}")
    played = sum(len(p["dev_played"]) for p in live.state["players"])
    event(f"dev cards played: {'none' if not played else '1-2' if played < 3 else '3+'}")
    event(f"largest army held: {live.state['largest_army'] is not None}")
    event(f"longest road held: {live.state['longest_road'] is not None}")

    # (a) Replay determinism: no chance needed, every outcome is in the records.
    state, history = fold(config, live.records)
    assert state == live.state
    assert history == live.history

    # (b) Through fold: undoing the last effective action returns to the state before it,
    # redoing it returns to the current state; with (another) chance at hand nothing is
    # drawn anew either.
    if live.history["effective"]:
        target = live.history["effective"][-1]
        n = len(live.records)
        undo = {"seq": n + 1, "kind": "undo", "target": target}
        redo = {"seq": n + 2, "kind": "redo", "target": target}
        undone, undone_history = fold(config, live.records + [undo], Chance(seeded_secret(seed + 1)))
        assert same_play(undone, live.before[target])
        assert undone_history["undone"][-1] == target  # a stack: earlier undos stay below
        # Redo continues from the folded state, as the site does after an undo.
        redone = advance(undone, undone_history, dict(redo, original=live.by_seq[target]), live._state_before)
        assert same_play(redone, live.state)
        assert undone_history == live.history


@SETTINGS
@given(data=st.data(), config=configs(), seed=st.integers(0, 2**32), steps=st.integers(15, 60))
def test_views_never_show_other_seats_secrets(data, config, seed, steps):
    """(d) no view for one viewer contains another seat's private data."""
    live = Live(config, seeded_secret(seed))
    check_views(live.state)
    play(data, live, steps, check=check_views)
    holders = sum(1 for p in live.state["players"] if p["dev_hand"])
    event(f"seats holding development cards at the end: {min(holders, 2)}{'+' if holders >= 2 else ''}")


@SETTINGS
@given(data=st.data(), config=configs(), seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_undo_never_redraws_chance(data, config, seed, steps):
    """(b) after undoing a virtual roll or an event card, doing it again live gives the same
    outcome; a purchase undone puts the card back into the deck it is drawn from again."""
    live = Live(config, seeded_secret(seed))
    play(data, live, steps)
    for kind in CHANCE_ACTIONS:
        actor = {"role": "table"}
        if kind not in allowed_actions(live.state, actor):
            continue
        record = live.act({"type": kind, "actor": actor, "args": {}})
        if record is None:  # e.g. the deck is empty
            continue
        event(f"checked {kind}")
        target = live.undo()
        again = live.act({"type": kind, "actor": actor, "args": {}})
        if kind in SHOWN_TO_ALL:
            assert again["outcome"] == record["outcome"]
            assert same_play(live.state, live.after[target])
        else:
            assert live.before[again["seq"]]["dev_deck"] == live.before[target]["dev_deck"]
        # And through fold, the records give the same.
        state, _ = fold(config, live.records)
        assert state == live.state
