"""The sea board the Explorers & Pirates scenarios share (explorers-and-pirates-pl.txt): the
frame, the start island, the start positions and the face-down areas, as Land Ho! (scenario
1) brings them; every later scenario lays out the same board with its own face-down areas
and the Council of Catan's hex (`layout(areas, council)`), and names itself as its origin.

What the text gives, and what the app had to design because the rulebook shows it only in
pictures we do not have:
- The start island's set is in the text: 3 mountains, 4 forest, 3 pasture, 2 fields,
  2 hills (14 hexes) and the tokens 3,3,4,4,5,6,6,8,8,9,10,10,11,11,12 (15 for 14 hexes: the
  default arrangement leaves the 5 aside; a manual board may lay any 14 of the 15).
- The board's shape is designed here: 7 rows of 10 positions (odd rows shifted right by half a
  hex). West: the start island (rows of 2-3-4-3-2 land hexes) in open sea. East: two
  unexplored areas of 9 face-down hexes each, north (green stack) and south (orange stack),
  split by the frame piece F (the 3 positions of the middle row there are frame, not board).
  A column of open sea separates the start island's waters from the face-down hexes.
  Each area's stack holds 6 number tokens (the box's 6 green and 6 orange ones); what lies
  face-down there is entered as it is turned over.
- The default arrangement of the start island and the start positions are designed so
  that they obey the rules: each colour has a harbour settlement on the coast with its ship
  (a settler aboard) on a sea path beside it, and a settlement with a road; the distance rule
  holds between all of them, and no ship starts next to a face-down hex. All four harbour
  settlements face east, towards the unexplored areas (3 or 4 moves from the first face-down
  hex: red and white north, blue and orange south), so no colour starts far behind; each
  settlement touches three different terrains (3 starting cards). With a manual board
  the table corrects the island's terrain and tokens (phase "board", edit_hex) before play.
"""
from __future__ import annotations

from collections.abc import Callable

from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import rules as ep
from companion.machinery.board_geometry import corner_id, parse_hex_id
from companion.machinery.composition import scenario

FRAME = "land_ho"  # the sea board's frame in every layout (Land Ho!'s board came first)
ROWS, COLUMNS = 7, 10
STACK = 6
ISLAND_ROWS = {1: (2, 3), 2: (2, 3, 4), 3: (1, 2, 3, 4), 4: (2, 3, 4), 5: (2, 3)}
AREA_COLUMNS = (7, 8, 9)
NORTH_ROWS, FRAME_ROW, SOUTH_ROWS = (0, 1, 2), 3, (4, 5, 6)
ISLAND_SET = {"mountains": 3, "forest": 4, "pasture": 3, "fields": 2, "hills": 2}
TOKENS = (3, 3, 4, 4, 5, 6, 6, 8, 8, 9, 10, 10, 11, 11, 12)

# The default start island, row by row (axial ids): no 6 or 8 beside another, no equal
# numbers side by side, and each start settlement beside three terrains worth 10 dots
# (ways to roll them) in all.
ISLAND = {
    "2,1": ("forest", 6), "3,1": ("fields", 11),
    "1,2": ("fields", 3), "2,2": ("mountains", 10), "3,2": ("forest", 6),
    "0,3": ("mountains", 8), "1,3": ("pasture", 4), "2,3": ("forest", 9), "3,3": ("forest", 4),
    "0,4": ("hills", 11), "1,4": ("hills", 10), "2,4": ("pasture", 12),
    "0,5": ("pasture", 3), "1,5": ("mountains", 8),
}


def _corner(*positions: str) -> str:
    return corner_id(parse_hex_id(p) for p in positions)


def _edge(a: str, b: str) -> str:
    return "|".join(sorted((a, b), key=parse_hex_id))


# Start positions per colour: harbour settlement, its ship (a settler aboard, the bow away
# from the harbour), the settlement and its road.
START = {
    "red": {"harbour": _corner("3,1", "4,0", "4,1"), "ship": _edge("4,0", "4,1"), "bow": _corner("4,0", "4,1", "5,0"),
            "settlement": _corner("1,2", "2,1", "2,2"), "road": _edge("1,2", "2,1")},
    "white": {"harbour": _corner("3,2", "4,1", "4,2"), "ship": _edge("4,1", "4,2"), "bow": _corner("4,1", "4,2", "5,1"),
              "settlement": _corner("2,2", "3,1", "3,2"), "road": _edge("2,2", "3,2")},
    "blue": {"harbour": _corner("2,4", "3,3", "3,4"), "ship": _edge("3,3", "3,4"), "bow": _corner("3,3", "3,4", "4,3"),
             "settlement": _corner("0,3", "0,4", "1,3"), "road": _edge("0,3", "0,4")},
    "orange": {"harbour": _corner("1,5", "1,6", "2,5"), "ship": _edge("1,6", "2,5"), "bow": _corner("1,6", "2,5", "2,6"),
               "settlement": _corner("0,5", "1,4", "1,5"), "road": _edge("1,4", "1,5")},
}


# Land Ho!'s face-down hexes (Pirate Lairs' too): 9 in each area, east of the open sea (the
# frame piece F between).
AREAS = {(col, row): "north" if row in NORTH_ROWS else "south"
         for col in AREA_COLUMNS for row in NORTH_ROWS + SOUTH_ROWS}
COUNCIL_PORTS = (1, 2)  # the council hex's north-east and south-east corners, away from the island


def layout(areas: dict | None = None, council: tuple | None = None) -> dict:
    """The sea board (a new dict each time): Land Ho!'s by default. A later scenario passes
    its own face-down hexes (`areas`: {(col, row): "north" | "south"}, offset positions; the
    board widens to hold them) and the Council of Catan's sea hex (`council`: (col, row))."""
    areas = AREAS if areas is None else areas
    columns = max(COLUMNS, max(col for col, _row in areas) + 1)
    shape, hexes = [], {}
    for row in range(ROWS):
        for col in range(columns):
            position = sea.offset_to_axial(col, row)
            if col >= min(c for c, _r in areas) and row == FRAME_ROW and (col, row) not in areas:
                continue  # frame piece F between the two areas
            shape.append(position)
            if position in ISLAND:
                terrain, number = ISLAND[position]
                hexes[position] = {"terrain": terrain, "number": number, "area": "start"}
            elif (col, row) in areas:
                hexes[position] = {"terrain": sea.UNEXPLORED, "number": None, "area": areas[(col, row)]}
            else:
                hexes[position] = {"terrain": sea.SEA, "number": None, "area": "start"}
    board = {"schema": 1, "frame": FRAME, "shape": shape, "hexes": hexes, "harbours": {}, "robber": None,
             "bank_ratio": ep.BANK_RATIO, "origin": {"method": FRAME}}  # a later scenario names itself
    if council is not None:
        position = sea.offset_to_axial(*council)
        hexes[position] = {**hexes[position], "council": True}
        board["council"] = {"hex": position, "ports": [sea.hex_corner(position, i) for i in COUNCIL_PORTS]}
    return board


def board_set(rules, frame: str, expected: dict) -> dict:
    """Every scenario's `board_set` hook: what the physical board holds (the start island's
    set, open sea and the scenario's face-down hexes)."""
    if frame != FRAME:
        return expected
    provider = rules.provided("ep_scenario")  # a later scenario's own board (its face-down hexes)
    shape = provider()["layout"]() if provider else layout()
    counts = {}
    for cell in shape["hexes"].values():
        if cell["terrain"] not in sea.LAND_TERRAINS:
            counts[cell["terrain"]] = counts.get(cell["terrain"], 0) + 1
    pool = {n: TOKENS.count(n) for n in sorted(set(TOKENS))}
    return {"terrains": {**ISLAND_SET, **counts}, "tokens": len(ISLAND), "token_pool": pool,
            "untokened": {"desert", sea.SEA, sea.UNEXPLORED}, "robber_on": None}



def scenario_fields(key: str, rules_of: Callable[[], dict], formerly: tuple = ()) -> dict:
    """What a scenario of the box is as a Layer, besides its name, needs and core_refusal:
    config["scenario"] is `key` (or a key it had `formerly`), with this core only and at the
    core's table sizes, which the core checks. `rules_of()` gives its board, start and goal
    (ep.set_up's `scenario`): set up in its new_state (after its missions', brought in by
    `needs`) and provided as "ep_scenario" to the core and to this module's board_set. A
    scenario's module still says `LAYER = Layer(...)`: the import check reads it there."""
    def new_state(state: dict) -> None:
        ep.set_up(state, rules_of())

    return {"applies": scenario(key, formerly), "scenario": key, "formerly": formerly,
            "hooks": {"new_state": new_state, "board_set": board_set}, "provides": {"ep_scenario": rules_of},
            "cores": frozenset({ep.NAME}), "seats": (ep.MIN_PLAYERS, ep.MAX_PLAYERS)}
