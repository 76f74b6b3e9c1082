"""Land Ho! ("Ląd na horyzoncie"), the first scenario of Explorers & Pirates
(explorers-and-pirates-pl.txt, "Scenariusz 1"): config["scenario"] == "land_ho", with the
explorers_pirates core only. It brings the board, the start positions and the goal (8 points);
the rules it plays are the core's (companion/layers/cores/explorers_pirates/rules.py).

The board it is played on, with the start island and the start positions, is the sea board
every scenario of the box shares (companion/layers/cores/explorers_pirates/sea_boards.py,
where what the app designed for it is told); Land Ho! lays it out with the two face-down
areas of 9 hexes (sea_boards.AREAS). The start, as the core sets it up for it:
- Starting resources: one card for each hex beside the (ordinary) settlement.
- 3 players: the unused colour's pieces are not placed. 2 players: the unused colours'
  settlements, harbour settlements and roads stay on the start island as obstacles (neutral
  seats 2 and 3); only their ships with settlers are left out.
- The game ends in the turn a player reaches 8 points.
"""
from __future__ import annotations

from companion.layers.cores.explorers_pirates import sea_boards
from companion.machinery.composition import Layer

NAME = "land_ho"
TARGET = 8


def layout() -> dict:
    """Land Ho!'s board: the sea board with its two face-down areas (a new dict each time)."""
    return sea_boards.layout()


def _scenario() -> dict:
    return {"target": TARGET, "layout": layout, "start": sea_boards.START, "stack": sea_boards.STACK}


LAYER = Layer(name=NAME, core_refusal="land_ho_explorers_pirates_only", **sea_boards.scenario_fields(NAME, _scenario))
