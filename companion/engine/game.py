"""The engine's entry points: new games, applying actions, folding a record log.

state = fold(config, records). A record is {"seq", "kind", ...}:
  kind "action": {"action": {...}, "outcome": {...}} — the intent plus what chance decided;
  kind "undo":   reverts the latest effective action (state returns to before it);
  kind "redo":   re-applies the latest undone action with its recorded outcome.

What was seen stays seen (docs/undo.md): a player can't undo or redo an action that
showed something hidden; the table can, and then the log says so publicly, what an undo
keeps (`state["kept"]`) moves chance to a new epoch, so that no later draw repeats the
undone one, and an undone roll or event card comes back unchanged when the same turn
takes that action again (nobody's other action may come between).
"""
import bisect
import copy

from companion import layers as registry
from companion.machinery.composition import Rules, compose, current_scenario
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step, add_log, trim_log

_COMPOSED: dict[tuple, Rules] = {}  # one Rules per kind of game: they never change once built


def rules_for(config: dict) -> Rules:
    """The composed rules of a game with this config (its core and the layers it names)."""
    options = config.get("variants")
    key = (str(config.get("rules", "base")),
           tuple(sorted(k for k, v in options.items() if v is True)) if isinstance(options, dict) else (),
           str(config.get("scenario")))
    rules = _COMPOSED.get(key)
    if rules is None:
        rules = compose(registry.LAYERS, config)
        if set(key[1]) <= set(rules.known_options):  # never keep one per made-up option name
            _COMPOSED[key] = rules
    return rules


def ruleset(state: dict) -> Rules:
    return rules_for(state["config"])


def current_schema(state: dict) -> bool:
    """Was `state` (a stored snapshot) made by this version of the engine?"""
    return state.get("schema") == STATE_SCHEMA


# The shape of a state; stored snapshots of another shape are rebuilt from the records.
# 2: hands on phones (bank, hands, trade offers). 3: rules composed from layers.
# 4: what each action revealed, and what an undo keeps (the history knows the revealing ones).
STATE_SCHEMA = 4


def new_game(config: dict) -> dict:
    if not isinstance(config, dict):
        raise IllegalAction("bad_config")
    config = current_scenario(registry.LAYERS, config)
    state = rules_for(config).new_state(config)
    state["schema"] = STATE_SCHEMA
    return state


def check_actor(state: dict, spec, actor: dict, rules: Rules | None = None, pinned: bool = True) -> None:
    """Is `actor` allowed to take this action now? Raises IllegalAction if not.

    `pinned`: refuse a player's action that would come before an undone roll is taken
    again. A new action only: records entered before that rule existed replay as they were."""
    if state["phase"] not in spec.phases or (spec.when is not None and not spec.when(state)):
        raise IllegalAction("wrong_phase", action=spec.name, phase=state["phase"])
    pin = _pin(state) if pinned else None
    if pin is not None and spec.name != pin["action"] and "seat" in actor:
        # Everyone saw the undone roll: no player acts on knowing it before it counts again.
        raise IllegalAction("undone_roll_first", action=pin["action"])
    rules = rules or ruleset(state)
    if actor.get("role") == "table":
        if "table" in spec.actors:
            return
    elif actor.get("role") == "device":
        if "device" in spec.actors:
            return
    elif "seat" in actor:
        seat = actor["seat"]
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise IllegalAction("bad_actor")
        if "active" in spec.actors and seat == rules.active_seat(state):
            return
        if "pending" in spec.actors and any(p["seat"] == seat for p in state["pending"]):
            return
        if "seat" in spec.actors and 0 <= seat < len(state["players"]):
            return  # any player: the handler checks what this seat may do
    raise IllegalAction("not_your_turn", action=spec.name)


def apply_in_place(state: dict, action: dict, chance=None, recorded: dict | None = None) -> dict:
    """Validate and apply one action to `state` (mutated). Returns the chance outcomes.

    On IllegalAction the state may be partly changed: callers apply to a copy (see `apply`).
    """
    if not isinstance(action, dict):
        raise IllegalAction("bad_action")
    rules = ruleset(state)
    spec = rules.actions.get(action.get("type"))
    if spec is None:
        raise IllegalAction("unknown_action", action=action.get("type"))
    actor = action.get("actor")
    if not isinstance(actor, dict):
        raise IllegalAction("bad_actor")
    # Live (chance given), a new action meets every rule; replaying records (no chance: each
    # outcome is recorded) accepts what was accepted when it was entered.
    check_actor(state, spec, actor, rules, pinned=chance is not None)
    turn, phase = state["turn"]["number"], state["phase"]
    pin = _pin(state)
    if pin is not None and pin["action"] == spec.name:
        # The undone roll (or event card) of this turn comes back: it is not drawn again.
        recorded = {**pin["outcomes"], **(recorded or {})}
        del state["kept"]["pins"][str(turn)]
    if chance is not None and _kept(state).get("epoch"):
        chance = chance.epoch(state["kept"]["epoch"])
    step = Step(rules, state, action, chance, recorded)
    spec.handler(step)
    rules.after_action(state, step)
    _note_revealed(state, step, spec.name, turn, phase)
    trim_log(state)
    return step.outcomes


def _kept(state: dict) -> dict:
    """What undos keep: {"epoch": undone draws so far, "pins": {turn: undone public outcome}}."""
    return state.get("kept") or {}


def _pin(state: dict) -> dict | None:
    """The undone roll or event card this turn must take again before anything else."""
    pin = _kept(state).get("pins", {}).get(str(state["turn"]["number"]))
    return pin if pin is not None and pin["phase"] == state["phase"] else None


def _note_revealed(state: dict, step: Step, action: str, turn: int, phase: str) -> None:
    """Remember what this action showed, for an undo of it (the latest action's only)."""
    shown = list(step.revealed)
    drawn = set(step.outcomes) - {key for item in shown for key in item["keys"]}
    if drawn:  # a draw no rule named: its actor saw it, nobody may rely on it coming back
        seat = step.actor.get("seat")
        shown.append({"what": "chance", "seats": None if seat is None else [seat], "about": None,
                      "keys": sorted(drawn)})
    if not shown:
        state.pop("last_revealed", None)
        return
    public = {key: step.outcomes[key] for item in shown if item["seats"] is None
              for key in item["keys"] if key in step.outcomes}
    state["last_revealed"] = {
        "seat": step.actor.get("seat"), "action": action, "turn": turn, "phase": phase, "pin": public,
        "shown": [{"what": item["what"], "seats": item["seats"], "about": item["about"]} for item in shown],
    }


def copy_state(state: dict) -> dict:
    """A deep copy that shares the board layout: it never changes once the game is set up,
    and it is most of a board game's state (copying it dominated an action's cost).

    It shares the log's entries too (the list itself is copied): an entry is never changed
    once written, and copying up to 200 of them made every action cost more as the log
    filled (tests/engine/test_copy_state.py checks that no action changes one).
    """
    shared = {id(entry) for entry in state["log"]}
    for fixed in (state["config"].get("board_layout"), (state.get("board") or {}).get("layout"),
                  state["config"].get("board_balance")):
        if fixed is not None:
            shared.add(id(fixed))
    return _copy(state, shared)


_ATOMS = (str, int, float, bool, type(None))


def _copy(value, shared: set):
    """copy.deepcopy for the state's plain data (dicts, lists, atoms), several times faster;
    anything else still goes through deepcopy."""
    kind = type(value)
    if kind is dict:
        if id(value) in shared:
            return value
        return {key: item if type(item) in _ATOMS else _copy(item, shared) for key, item in value.items()}
    if kind is list:
        if id(value) in shared:
            return value
        return [item if type(item) in _ATOMS else _copy(item, shared) for item in value]
    if kind in _ATOMS:
        return value
    if kind is tuple:
        return tuple(_copy(item, shared) for item in value)
    return copy.deepcopy(value)


def apply(state: dict, action: dict, chance=None, recorded: dict | None = None) -> tuple[dict, dict]:
    """Apply one action to a copy of `state`: returns (new state, outcomes)."""
    new_state = copy_state(state)
    outcomes = apply_in_place(new_state, action, chance, recorded)
    return new_state, outcomes


def allowed_actions(state: dict, actor: dict) -> set[str]:
    """The action types `actor` may try now (arguments are checked when they try)."""
    allowed = set()
    phase = state["phase"]
    rules = ruleset(state)
    for name, spec in rules.actions.items():
        if phase not in spec.phases:  # what check_actor refuses first, without raising
            continue
        try:
            check_actor(state, spec, actor, rules)
        except IllegalAction:
            continue
        allowed.add(name)
    return allowed


# ---------------------------------------------------------------- history: undo and redo


def new_history() -> dict:
    """Effective action seqs (a stack), the undone ones that may be redone, and the seqs of
    the actions that showed someone something hidden (ascending: seqs only grow)."""
    return {"effective": [], "undone": [], "revealing": []}


def revealed(history: dict, seq: int) -> bool:
    """Did action `seq` show someone something hidden (a card drawn, a roll, a hand)?"""
    seqs = history.get("revealing", [])
    i = bisect.bisect_left(seqs, seq)
    return i < len(seqs) and seqs[i] == seq


def can_undo(history: dict, records_by_seq, actor: dict) -> bool:
    if not history["effective"]:
        return False
    target = history["effective"][-1]
    return _may_revert(records_by_seq(target), actor, revealed(history, target))


def can_redo(history: dict, records_by_seq, actor: dict) -> bool:
    if not history["undone"]:
        return False
    target = history["undone"][-1]
    return _may_revert(records_by_seq(target), actor, revealed(history, target))


def _may_revert(record: dict, actor: dict, revealing: bool = False) -> bool:
    """The table may revert anything; a player only what they entered themselves and
    what showed nobody anything hidden (what was seen stays seen)."""
    if actor.get("role") == "table":
        return True
    return (not revealing and "seat" in actor
            and record["action"].get("actor", {}).get("seat") == actor["seat"])


def advance(state: dict, history: dict, record: dict, state_before, chance=None) -> dict:
    """Fold one record into (state, history), both changed in place; returns the state.

    `state_before(seq)` must return the state just before record `seq` was applied: an
    undo returns there, since the effective actions form a stack. With `chance` (live play)
    an action's missing outcomes are drawn and written into `record["outcome"]`.
    On IllegalAction the state may be partly changed: pass a copy when that matters.
    """
    kind = record["kind"]
    if kind == "action":
        record["outcome"] = apply_in_place(state, record["action"], chance, record.get("outcome") or {})
        history["effective"].append(record["seq"])
        history["undone"].clear()
        if state.get("last_revealed"):
            history.setdefault("revealing", []).append(record["seq"])
        return state
    if kind == "undo":
        if not history["effective"] or history["effective"][-1] != record["target"]:
            raise IllegalAction("nothing_to_undo")
        history["undone"].append(history["effective"].pop())
        restored = state_before(record["target"])
        _keep_across_undo(state, restored, revealed(history, record["target"]))
        return restored
    if kind == "redo":
        if not history["undone"] or history["undone"][-1] != record["target"]:
            raise IllegalAction("nothing_to_redo")
        return _redo(state, history, record["original"])
    raise IllegalAction("bad_record", kind=kind)


def _keep_across_undo(undone: dict, restored: dict, revealing: bool) -> None:
    """What the undo does not take back. `undone`: the state with the undone action,
    `restored`: the state before it (changed in place).

    After an action that showed something, chance moves to a new epoch (a card drawn goes
    back into its deck, which counts as shuffled again: the next draw is a fresh one), a
    roll or event card shown to everyone is kept for its turn, and the log says publicly
    what had been seen by whom (never the card itself)."""
    kept = copy.deepcopy(_kept(undone))
    if revealing and undone.get("last_revealed"):
        shown = undone["last_revealed"]
        kept["epoch"] = kept.get("epoch", 0) + 1
        if shown["pin"]:
            kept.setdefault("pins", {})[str(shown["turn"])] = {
                "action": shown["action"], "phase": shown["phase"], "outcomes": shown["pin"]}
        add_log(restored, "undone_revealing", seat=shown["seat"], action=shown["action"],
                revealed=shown["shown"])
    if kept:
        restored["kept"] = kept


def _redo(state: dict, history: dict, original: dict) -> dict:
    apply_in_place(state, original["action"], recorded=original.get("outcome") or {})
    history["effective"].append(history["undone"].pop())
    return state


class ReplayError(Exception):
    """A record of a replayed log is illegal: which one (0-based index) and why."""

    def __init__(self, index: int, error: IllegalAction):
        super().__init__(f"record {index}: {error}")
        self.index = index
        self.error = error


def fold(config: dict, records: list[dict], chance=None) -> tuple[dict, dict]:
    """Replay a whole record log from the start: (state, history).

    Records without an outcome draw one from `chance` (hand-written logs); without
    `chance` they are illegal. Raises ReplayError naming the first illegal record.
    """
    state = new_game(config)
    history = new_history()
    before: dict[int, dict] = {}
    by_seq = {}
    for index, record in enumerate(records):
        record = dict(record)
        try:
            if not isinstance(record.get("seq"), int) or record["seq"] in by_seq:
                raise IllegalAction("bad_record", kind=record.get("kind"))
            by_seq[record["seq"]] = record
            if record.get("kind") == "redo":
                if record.get("target") not in by_seq:
                    raise IllegalAction("nothing_to_redo")
                record["original"] = by_seq[record["target"]]
            if record.get("kind") == "action":
                # As the site does (state_at(seq - 1)): an undo after a redo returns to the
                # state before the action itself, not to the one before its redo.
                before[record["seq"]] = copy_state(state)
            if record.get("kind") == "undo" and record.get("target") not in before:
                raise IllegalAction("nothing_to_undo")
            candidate = copy_state(state)
            candidate_history = copy.deepcopy(history)
            state = advance(candidate, candidate_history, record, lambda seq: copy_state(before[seq]), chance)
            history = candidate_history
        except IllegalAction as error:
            raise ReplayError(index, error) from None
        except (KeyError, TypeError, ValueError, AttributeError):
            raise ReplayError(index, IllegalAction("bad_record", kind=record.get("kind"))) from None
    return state, history
