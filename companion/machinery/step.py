"""One action being applied: the state it changes, its arguments, its chance outcomes."""
from dataclasses import dataclass
from typing import Callable

from companion.machinery.errors import IllegalAction


@dataclass(frozen=True)
class Spec:
    name: str
    phases: frozenset
    actors: frozenset  # "active", "table", "device", "pending", "seat" (any player)
    handler: Callable
    when: Callable | None = None  # state -> bool: the action exists in this situation at all


LOG_LIMIT = 200  # log entries a state keeps (the records keep everything)


class Step:
    """Applies one action under a game's composed `rules` (machinery/composition.py).
    Chance comes from recorded outcomes or, live, from `chance`."""

    def __init__(self, rules, state: dict, action: dict, chance=None, recorded: dict | None = None):
        self.rules = rules
        self.state = state
        self.action = action
        self.args = action.get("args") or {}
        if not isinstance(self.args, dict):
            raise IllegalAction("bad_arguments")
        self.actor = action.get("actor") or {}
        self.chance = chance
        self.recorded = recorded or {}
        self.outcomes: dict = {}
        self.revealed: list[dict] = []

    def outcome(self, key: str, draw: Callable, valid: Callable):
        """A chance outcome: the recorded one when replaying, else a fresh draw."""
        if key in self.recorded:
            value = self.recorded[key]
            if not valid(value):
                raise IllegalAction("bad_outcome", key=key)
        elif self.chance is not None:
            value = draw(self.chance)
        else:
            raise IllegalAction("missing_outcome", key=key)
        self.outcomes[key] = value
        return value

    def reveal(self, what: str, seats: list | None = None, about: int | None = None, keys: tuple = ()) -> None:
        """This action showed something hidden until now: `what` to `seats` (None: to
        everyone), `about` whose cards. A player can't undo such an action (the table can,
        and the log says so). `keys`: the chance outcomes shown; when they were shown to
        everyone (a roll, an event card) an undo keeps them for the same turn's next try."""
        self.revealed.append({"what": what, "seats": None if seats is None else sorted(set(seats)),
                              "about": about, "keys": list(keys)})

    def seat_for_pending(self, kind: str) -> int:
        """The seat whose pending decision this action answers."""
        pending = {p["seat"] for p in self.state["pending"] if p["kind"] == kind}
        if "seat" in self.actor:
            seat = self.actor["seat"]
        else:
            try:
                seat = int(self.args.get("seat"))
            except (TypeError, ValueError):
                raise IllegalAction("bad_seat") from None
        if seat not in pending:
            raise IllegalAction("nothing_pending", seat=seat)
        return seat

    def log(self, kind: str, seat: int | None = None, secret_for: list | None = None, shown: dict | None = None,
            each: dict | None = None, **params) -> None:
        add_log(self.state, kind, seat, secret_for, shown, each, **params)


def add_log(state: dict, kind: str, seat: int | None = None, secret_for: list | None = None,
            shown: dict | None = None, each: dict | None = None, **params) -> None:
    """Add a log entry. With `secret_for`, its params are only shown to those seats; `shown`
    are the params everyone sees then (who gave a card to whom, but not which card).
    `each`: seat -> params only that seat sees besides (one action took a card from each of
    several players: the thief reads every card, each victim only their own)."""
    state["counters"]["log"] += 1
    entry = {"n": state["counters"]["log"], "turn": state["turn"]["number"], "kind": kind, "seat": seat}
    if secret_for is None:
        entry["params"] = params
    else:
        entry["params"] = dict(shown or {})
        entry["secret"] = {"seats": list(secret_for), "params": params}
    if each:
        entry["secret_each"] = {str(s): dict(own) for s, own in each.items()}  # string keys, as stored
    state["log"].append(entry)


def trim_log(state: dict) -> None:
    if len(state["log"]) > LOG_LIMIT:
        del state["log"][: len(state["log"]) - LOG_LIMIT]
