"""Explorers & Pirates, the box's last scenario ("Scenariusz 5 – Odkrywcy i Piraci",
explorers-and-pirates-pl.txt): config["scenario"] == "finale" (games saved before it had that
key say "explorers_pirates", the box's and the core's name, and still load), with the
explorers_pirates core only. It plays all three missions at once, each its own layer brought
in by `needs`: Pirate Lairs (pirate_lairs_mission), Fish for Catan (fish_mission) and Spices
for Catan (spices_mission), on the general rules of the later scenarios (ep_missions: crews,
the pirate ship, the tracks, the free placement). What is its own: the board, the start, the
goal (17 points).

The board, as the text sets it and as the app reads it:
- The frame gets both pieces B1 and B2, the sea pieces E and G and one standard sea hex: a
  larger sea than in scenarios 3 and 4. The Council of Catan lies beside the start island, as
  in scenario 3 (sea_boards.layout's council at offset (5, 3)).
- Each unexplored area is mixed from 7 standard hexes (6 land and 1 sea: the other standard
  sea hex of the orange set is already in the frame), 3 fish fields, 3 spice fields and 3
  gold-river fields with their lairs: 16 face-down hexes an area. The pictures are not in the
  text we hold; the app lays each area out as rows of 5, 6 and 5 hexes east of the open sea
  (our reading), the frame piece F between the north and the south.
- Each area's stack holds 6 number tokens (one for each standard land hex).
- The start: the free placement on the start island (board "free", as the rulebook starts
  it), or Land Ho!'s start positions (board "beginner"/"manual").
"""
from __future__ import annotations

from companion.layers.cores.explorers_pirates import placement
from companion.layers.cores.explorers_pirates import sea_boards
from companion.machinery.composition import Layer

NAME = "finale"  # the layer, and the scenario's key
SCENARIO = "finale"
FORMERLY = ("explorers_pirates",)  # its key until November 2026: the core's own name
TARGET = 17
COUNCIL = (5, 3)
STACK = 6
PER_AREA = {"north": 3, "south": 3}  # fish fields, spice fields, gold-river fields: 3 of each an area
AREA_START, LONG_ROW = 7, 12  # the areas' first column; the middle row of each reaches one further
AREAS = {(col, row): "north" if row < sea_boards.FRAME_ROW else "south"
         for row in sea_boards.NORTH_ROWS + sea_boards.SOUTH_ROWS
         for col in range(AREA_START, (LONG_ROW if row in (1, 5) else LONG_ROW - 1) + 1)}


def layout() -> dict:
    board = sea_boards.layout(areas=AREAS, council=COUNCIL)
    board["origin"] = {"method": NAME}
    return board


def _scenario() -> dict:
    return {"target": TARGET, "layout": layout, "start": sea_boards.START, "stack": STACK,
            "board_modes": (placement.MODE,), "free_setup": placement.start,
            "rivers": dict(PER_AREA), "fish": dict(PER_AREA), "spices": dict(PER_AREA)}


LAYER = Layer(name=NAME, needs=("pirate_lairs_mission", "fish_mission", "spices_mission"),
              core_refusal="finale_core_only", **sea_boards.scenario_fields(SCENARIO, _scenario, FORMERLY))
