"""The missions' own face-down fields (Pirate Lairs' gold-river fields, Fish for Catan's fish
fields, Spices for Catan's spice fields): what turning one over shares across the missions.

Each mission wraps the core's reveal_hex with `reveal_wrap(terrain, no_token_code, found)`:
the shared part checks that the hex waits to be turned over and carries no number token,
records the find (the changed cell, the core's "revealed" list, its log line, the finder's
gold) and closes the reveal when the last waiting hex is done; `found` checks and records the
mission's own part. An IllegalAction raised anywhere leaves the state as it was (the engine
applies a step to a copy), so `found` may record before the shared part writes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.gold import rules as gold
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step


def set_cell(state: dict, hex_: str, **changes) -> None:
    """`changes` on the board's cell at `hex_`, in a new layout dict (layouts are shared
    between states: never changed in place)."""
    layout = state["board"]["layout"]
    cell = {**layout["hexes"][hex_], **changes}
    state["board"]["layout"] = {**layout, "hexes": {**layout["hexes"], hex_: cell}}


def field_at(step: Step, found: dict, refusal: str) -> tuple[str, dict]:
    """The hex the action names and the mission's record of its field there (`found`: hex ->
    record), or the mission's refusal when no such field lies there."""
    hex_ = ep._location(step, "hex")
    record = found.get(hex_)
    if record is None:
        raise IllegalAction(refusal, hex=hex_)
    return hex_, record


def ship_pointing_at(step: Step, hex_: str, liked: Callable[[dict], bool]) -> dict:
    """The ship an action names, which must point at `hex_`; else the active player's first
    ship pointing there that `liked` likes, or any of theirs pointing there (the action then
    says what that one lacks)."""
    state = step.state
    seat = ep._seat(state)
    layout = state["board"]["layout"]
    if step.args.get("ship") in (None, ""):
        near = [s for s in ep.own_ships(state, seat) if sea.points_at(layout, s["edge"], hex_)]
        if not near:
            raise IllegalAction("ep_not_ship_end")
        return next((s for s in near if liked(s)), near[0])
    ship = ep._ship_by_id(state, step.args.get("ship"), seat)
    if not sea.points_at(layout, ship["edge"], hex_):
        raise IllegalAction("ep_not_ship_end")
    return ship


@dataclass(frozen=True)
class Found:
    """What a mission's `found` hands back to the shared part of a reveal."""
    cell: dict  # the cell's changes (its terrain among them)
    gold: int  # the finder's reward
    reason: str  # the gold's reason code (its layer words it)
    log: tuple[str, dict]  # the mission's own log line: its kind and params
    record: dict = field(default_factory=dict)  # more keys for the core's "revealed" record


def reveal_wrap(terrain: str, no_token_code: str,
                found: Callable[[Step, str, str | None, int], Found]) -> Callable:
    """A reveal_hex wrap for the mission field `terrain` (as the table enters it). `found(step,
    hex, area, seat)` refuses what the mission forbids, records the mission's part and says
    what the shared part writes; any other terrain goes to the core (or the next wrap)."""
    def wrap(handler):
        def reveal(step: Step) -> None:
            if step.args.get("terrain") != terrain:
                handler(step)
                return
            state = step.state
            e = ep.part(state)
            pending = e["reveal"]
            hex_ = ep._location(step, "hex")
            if pending is None or hex_ not in pending["hexes"]:
                raise IllegalAction("ep_not_to_reveal", hex=hex_)
            if step.args.get("number") not in (None, ""):
                raise IllegalAction(no_token_code)
            seat = pending["seat"]
            area = sea.area_of(state["board"]["layout"], hex_)
            done = found(step, hex_, area, seat)
            set_cell(state, hex_, **done.cell)
            e["revealed"].append({"hex": hex_, "terrain": terrain, "number": None, "area": area, "seat": seat,
                                  "turn": state["turn"]["number"], **done.record})
            step.log("ep_hex_revealed", seat=seat, hex=hex_, terrain=terrain, number=None, area=area, reward={},
                     gold=done.gold)
            kind, params = done.log
            step.log(kind, **params)
            gold.earn(state, step, seat, done.gold, done.reason, hex=hex_)
            pending["hexes"] = [h for h in pending["hexes"] if h != hex_]
            if not pending["hexes"]:
                e["reveal"] = None
                state["phase"] = "movement"
        return reveal
    return wrap
