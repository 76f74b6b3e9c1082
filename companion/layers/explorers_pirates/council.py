"""The Council of Catan ("Rada Catanu", scenarios 3-5): a sea hex beside the start island
with two ports where ships deliver what a mission asks for (fish shoals, spice sacks).

The board carries it as layout["council"] = {"hex": "q,r", "ports": [corner, corner]}; the
hex itself stays sea (ships sail its sides; no road or settlement goes on it, and no pirate
ship, since it touches the start island). A ship delivers when its bow points at a port:
as everywhere in this core, either end of its path."""
from __future__ import annotations

from . import board as sea


def ports(layout: dict) -> list[str]:
    council = layout.get("council")
    return list(council["ports"]) if council else []


def port_at(state: dict, ship: dict) -> str | None:
    """The council's port at an end of the ship's path, if there is one."""
    layout = state["board"]["layout"]
    here = ports(layout)
    return next((c for c in sea.edge_corners(layout, ship["edge"]) if c in here), None)
