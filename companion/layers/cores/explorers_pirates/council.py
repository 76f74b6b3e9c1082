"""The Council of Catan ("Rada Catanu", scenarios 3-5): a sea hex beside the start island
with two ports where ships deliver what a mission asks for (fish shoals, spice sacks).

The board carries it as layout["council"] = {"hex": "q,r", "ports": [corner, corner]}; the
hex itself stays sea (ships sail its sides; no road or settlement goes on it, and no pirate
ship, since it touches the start island). A ship delivers when its bow points at a port:
as everywhere in this core, either end of its path."""
from __future__ import annotations

from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step

from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import rules as ep


def ports(layout: dict) -> list[str]:
    council = layout.get("council")
    return list(council["ports"]) if council else []


def port_at(state: dict, ship: dict) -> str | None:
    """The council's port at an end of the ship's path, if there is one."""
    layout = state["board"]["layout"]
    here = ports(layout)
    return next((c for c in sea.edge_corners(layout, ship["edge"]) if c in here), None)


def delivering_ship(step: Step, carries, refusal: str) -> dict:
    """The ship a delivery names: by `ship`; by `edge` (a tap on a path: the active player's
    ship there that `carries` the load, else any of theirs there); or, named neither way, the
    first of theirs that carries it and points at a port (none: `refusal`). The delivery
    checks the load and the port itself."""
    state = step.state
    seat = ep._seat(state)
    if step.args.get("ship") not in (None, ""):
        return ep._ship_by_id(state, step.args.get("ship"), seat)
    if isinstance(step.args.get("edge"), str):
        mine = [s for s in ep.ships_on(state, step.args["edge"]) if s["seat"] == seat]
        if not mine:
            raise IllegalAction("ep_bad_ship")
        return next((s for s in mine if carries(s)), mine[0])
    ready = [s for s in ep.own_ships(state, seat) if carries(s) and port_at(state, s)]
    if not ready:
        raise IllegalAction(refusal)
    return ready[0]
