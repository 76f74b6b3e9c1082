"""The two standard island frames and their number-token spiral.

* "base":     3–4 players, 19 land hexes in rows of 3-4-5-4-3, 9 harbours.
* "base_5_6": the 5–6 player extension, 30 land hexes in rows of 3-4-5-6-5-4-3, 11 harbours.

Sources
-------
Terrain and token sets of the base game, the letter order A–R and the spiral (start at any
corner hex, counter-clockwise in the 2025 edition, skip the desert): the rulebooks in
shared/rulebooks (base-2025-edition-pl.txt, "Przygotowanie kolejnych rozgrywek").

5–6 extension (not in the rulebooks we hold):
* terrain/tokens: 5 hills, 6 forest, 6 pasture, 6 fields, 5 mountains, 2 deserts; tokens
  2 and 12 twice, 3–6 and 8–11 three times (shared/RULES-FACTS.md);
* 28 lettered tokens A..Y, Za, Zb, Zc placed on a spiral like the base game (extension rules
  as quoted on gamecabinet.com "SiedlerX"); the value order of those letters is taken from
  JSettlers2 (Standard6p.makeNewBoard_diceNums_v2), the same list several independent open
  implementations use — it was not checked against a printed token;
* 11 harbours = five 3:1 + two wool 2:1 + one 2:1 of each other resource: the 2015 (5th
  edition) extension rulebook adds one 3:1 and one wool 2:1 frame piece to the base nine.

Harbour positions: harbours sit on every other sea position of the ring around the island,
starting at the top-left corner position (18 positions and 9 harbours for the base frame,
22 and 11 for the extension). The base positions and which land edge each one serves match
JSettlers2 (Standard4p.PORTS_EDGE_V1 / PORTS_FACING_V1); the extension follows the same
pattern (a harbour faces the non-corner land hex next to it). The standard order of harbour
types clockwise from the top-left is the classic frame order (3:1, wool, 3:1, 3:1, brick,
lumber, 3:1, grain, ore); the extension inserts its wool and 3:1 pieces as in a public
5–6 board generator's configuration. Positions and order of the printed 2025 frame were not
verified; a table mirroring its own frame can set harbours freely (board_setup.set_harbour).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from companion.machinery.board_geometry import Geometry, Hex, build_geometry, hex_centre, hex_id, neighbours, parse_hex_id

TERRAINS = ("hills", "forest", "pasture", "fields", "mountains", "desert")
RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
TERRAIN_RESOURCE = {
    "hills": "brick",
    "forest": "lumber",
    "pasture": "wool",
    "fields": "grain",
    "mountains": "ore",
    "desert": None,
}
GENERIC = "generic"  # a 3:1 harbour; the others are named by the resource they take 2:1
HARBOUR_TYPES = (GENERIC,) + RESOURCES
NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
RED_NUMBERS = (6, 8)
# Dots printed under a number: the ways two dice make it (out of 36).
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


@dataclass(frozen=True)
class Frame:
    name: str
    land: tuple[Hex, ...]                   # row by row, left to right
    terrain_counts: dict[str, int]
    token_letters: tuple[str, ...]
    token_values: tuple[int, ...]           # value of each letter, same order
    harbour_edges: tuple[str, ...]          # clockwise from the top-left
    harbour_types: tuple[str, ...]          # standard type at each of harbour_edges

    @cached_property
    def geometry(self) -> Geometry:
        return build_geometry(self.land)

    def terrain_pool(self) -> list[str]:
        return [t for t in TERRAINS for _ in range(self.terrain_counts[t])]

    def token_counts(self) -> dict[int, int]:
        return {n: self.token_values.count(n) for n in NUMBERS}

    def harbour_type_counts(self) -> dict[str, int]:
        return {t: self.harbour_types.count(t) for t in HARBOUR_TYPES}


def _rows(ranges: list[tuple[int, int, int]]) -> tuple[Hex, ...]:
    return tuple((q, r) for r, q_from, q_to in ranges for q in range(q_from, q_to + 1))


def _letters(n: int) -> tuple[str, ...]:
    letters = [chr(ord("A") + i) for i in range(min(n, 25))]  # A..Y
    letters += ["Z" + chr(ord("a") + i) for i in range(n - len(letters))]  # Za, Zb, ...
    return tuple(letters[:n])


BASE = Frame(
    name="base",
    land=_rows([(-2, 0, 2), (-1, -1, 2), (0, -2, 2), (1, -2, 1), (2, -2, 0)]),
    terrain_counts={"hills": 3, "forest": 4, "pasture": 4, "fields": 4, "mountains": 3, "desert": 1},
    token_letters=_letters(18),
    token_values=(5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11),
    harbour_edges=(
        "0,-3|0,-2", "1,-2|2,-3", "2,-1|3,-2", "2,0|3,0", "1,1|1,2",
        "-1,2|-1,3", "-3,3|-2,2", "-3,1|-2,1", "-2,-1|-1,-1",
    ),
    harbour_types=(GENERIC, "wool", GENERIC, GENERIC, "brick", "lumber", GENERIC, "grain", "ore"),
)

BASE_5_6 = Frame(
    name="base_5_6",
    land=_rows([(-3, 0, 2), (-2, -1, 2), (-1, -2, 2), (0, -3, 2), (1, -3, 1), (2, -3, 0), (3, -3, -1)]),
    terrain_counts={"hills": 5, "forest": 6, "pasture": 6, "fields": 6, "mountains": 5, "desert": 2},
    token_letters=_letters(28),
    token_values=(2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6),
    harbour_edges=(
        "0,-4|0,-3", "1,-3|2,-4", "2,-2|3,-3", "2,-1|3,-1", "1,1|2,1", "0,2|0,3",
        "-2,3|-2,4", "-4,4|-3,3", "-4,2|-3,1", "-4,0|-3,0", "-2,-2|-1,-2",
    ),
    harbour_types=(GENERIC, "wool", GENERIC, GENERIC, "brick", "wool", "lumber", GENERIC, "grain", GENERIC, "ore"),
)

FRAMES: dict[str, Frame] = {f.name: f for f in (BASE, BASE_5_6)}


def get_frame(name: str) -> Frame:
    try:
        return FRAMES[name]
    except KeyError:
        raise ValueError(f"unknown frame {name!r}") from None


# --- the number-token spiral -------------------------------------------------------------

def _rings(land: tuple[Hex, ...]) -> list[set[Hex]]:
    """Peel the island into rings, outermost first."""
    remaining = set(land)
    rings = []
    while remaining:
        ring = {h for h in remaining if any(n not in remaining for n in neighbours(h))}
        rings.append(ring)
        remaining -= ring
    return rings


def _screen_angle(h: Hex, centre: tuple[float, float]) -> float:
    x, y = hex_centre(h)
    return math.atan2(y - centre[1], x - centre[0])  # grows clockwise on screen


def _walk_ring(ring: set[Hex], start: Hex, clockwise: bool) -> list[Hex]:
    cx = sum(hex_centre(h)[0] for h in ring) / len(ring)
    cy = sum(hex_centre(h)[1] for h in ring) / len(ring)
    ordered = sorted(ring, key=lambda h: _screen_angle(h, (cx, cy)))
    if not clockwise:
        ordered.reverse()
    i = ordered.index(start)
    return ordered[i:] + ordered[:i]


def spiral_corner_hexes(frame: Frame) -> tuple[str, ...]:
    """Hexes where the spiral may start: the corners of the outer ring (3 land neighbours)."""
    land = set(frame.land)
    outer = _rings(frame.land)[0]
    return tuple(hex_id(h) for h in frame.land
                 if h in outer and sum(n in land for n in neighbours(h)) == 3)


def spiral_order(frame: Frame, start: str, clockwise: bool = False) -> list[str]:
    """All land hexes in spiral order from a corner hex towards the centre.

    Each ring is walked in the same turning direction; the next ring starts at the hex that
    touches both the first and the last hex of the ring before it, so the path never jumps.
    """
    if start not in spiral_corner_hexes(frame):
        raise ValueError(f"spiral must start at a corner hex of the outer ring, not {start!r}")
    rings = _rings(frame.land)
    ring_path = _walk_ring(rings[0], parse_hex_id(start), clockwise)
    path = list(ring_path)
    for ring in rings[1:]:
        first, last = ring_path[0], ring_path[-1]
        entry = [h for h in ring if last in neighbours(h) and first in neighbours(h)]
        if len(ring) == 1:
            entry = list(ring)
        if len(entry) != 1:
            raise AssertionError(f"no single spiral step into ring {sorted(ring)}")
        ring_path = _walk_ring(ring, entry[0], clockwise)
        path += ring_path
    return [hex_id(h) for h in path]
