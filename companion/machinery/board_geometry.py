"""Hex geometry of a CATAN island: hexes, corners (intersections) and edges (paths).

Coordinates are axial (q, r) for pointy-top hexes: r grows downwards (one row per r),
q grows to the right along a row. A hex id is the string "q,r".

Every corner touches exactly three hex positions (land or sea), and every edge separates
exactly two, so ids are built from those positions, which makes them canonical:

* corner id: the three touching positions, sorted, joined by "|"   e.g. "-1,0|0,-1|0,0"
* edge id:   the two positions on either side, sorted, joined by "|" e.g. "0,-1|0,0"

Pure Python; no I/O, no randomness.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Iterable, Mapping

Hex = tuple[int, int]

# Pointy-top axial directions, clockwise on screen starting east.
E, SE, SW, W, NW, NE = (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)
DIRECTIONS: tuple[Hex, ...] = (E, SE, SW, W, NW, NE)

# A hex's corners clockwise from the top one, each named by the two neighbour
# directions it sits between.
CORNER_DIRECTION_PAIRS: tuple[tuple[Hex, Hex], ...] = (
    (NW, NE),  # N
    (NE, E),   # NE
    (E, SE),   # SE
    (SE, SW),  # S
    (SW, W),   # SW
    (W, NW),   # NW
)

SQRT3 = math.sqrt(3.0)


def hex_id(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def parse_hex_id(text: str) -> Hex:
    q, r = text.split(",")
    return int(q), int(r)


def add(a: Hex, b: Hex) -> Hex:
    return a[0] + b[0], a[1] + b[1]


def neighbours(h: Hex) -> list[Hex]:
    return [add(h, d) for d in DIRECTIONS]


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def corner_id(hexes: Iterable[Hex]) -> str:
    return "|".join(hex_id(h) for h in sorted(hexes))


def edge_id(a: Hex, b: Hex) -> str:
    return "|".join(hex_id(h) for h in sorted((a, b)))


def positions_of(element_id: str) -> list[Hex]:
    """The hex positions (land or sea) named in a corner or edge id."""
    return [parse_hex_id(part) for part in element_id.split("|")]


def hex_centre(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Pixel centre of a pointy-top hex whose corner radius is `size` (y grows downwards)."""
    q, r = h
    return size * SQRT3 * (q + r / 2.0), size * 1.5 * r


def hex_corners(h: Hex) -> list[str]:
    """The six corner ids of a hex, clockwise from the top."""
    return [corner_id((h, add(h, a), add(h, b))) for a, b in CORNER_DIRECTION_PAIRS]


def hex_edges(h: Hex) -> list[str]:
    """The six edge ids of a hex, clockwise from the north-east side."""
    return [edge_id(h, add(h, d)) for d in (NE, E, SE, SW, W, NW)]


@dataclass(frozen=True)
class Geometry:
    """Adjacency of one island shape: built once per frame and shared, so read-only.
    Every element is named by its id string."""

    hexes: tuple[str, ...]                           # land hexes, frame order
    corners: tuple[str, ...]                         # sorted
    edges: tuple[str, ...]                           # sorted
    hex_corners: Mapping[str, tuple[str, ...]]       # land hex -> 6 corners, clockwise from N
    hex_edges: Mapping[str, tuple[str, ...]]         # land hex -> 6 edges
    hex_neighbours: Mapping[str, tuple[str, ...]]    # land hex -> land neighbours
    corner_hexes: Mapping[str, tuple[str, ...]]      # corner -> touching land hexes (1..3)
    corner_corners: Mapping[str, tuple[str, ...]]    # corner -> adjacent corners (2..3)
    corner_edges: Mapping[str, tuple[str, ...]]      # corner -> edges (2..3)
    edge_corners: Mapping[str, tuple[str, str]]      # edge -> its two corners
    edge_hexes: Mapping[str, tuple[str, ...]]        # edge -> touching land hexes (1..2)
    coastal_edges: tuple[str, ...]                   # edges with sea on one side, sorted
    sea_ring: tuple[str, ...]                        # sea hexes touching land, clockwise from top-left corner

    def other_corner(self, edge: str, corner: str) -> str:
        a, b = self.edge_corners[edge]
        return b if corner == a else a


def _edge_endpoints(a: Hex, b: Hex) -> tuple[str, str]:
    """The two corners at the ends of the edge between neighbouring positions a and b."""
    # The two positions adjacent to both a and b close the two triangles.
    common = sorted(set(neighbours(a)) & set(neighbours(b)))
    return corner_id((a, b, common[0])), corner_id((a, b, common[1]))


def _clockwise_from_top_left(positions: Iterable[Hex]) -> list[Hex]:
    """Order positions of a ring clockwise on screen, starting at the top-most, left-most one."""
    positions = list(positions)
    cx = sum(hex_centre(p)[0] for p in positions) / len(positions)
    cy = sum(hex_centre(p)[1] for p in positions) / len(positions)

    def angle(p: Hex) -> float:
        x, y = hex_centre(p)
        # Screen y grows downwards, so atan2 on it grows clockwise.
        return math.atan2(y - cy, x - cx)

    ordered = sorted(positions, key=angle)
    start = min(positions, key=lambda p: (p[1], hex_centre(p)[0]))
    i = ordered.index(start)
    return ordered[i:] + ordered[:i]


@lru_cache(maxsize=None)
def build_geometry(land: tuple[Hex, ...]) -> Geometry:
    land_set = set(land)
    hex_corner_map: dict[str, tuple[str, ...]] = {}
    hex_edge_map: dict[str, tuple[str, ...]] = {}
    hex_nbr_map: dict[str, tuple[str, ...]] = {}
    corner_hex_map: dict[str, set[str]] = {}
    edge_hex_map: dict[str, set[str]] = {}
    edge_corner_map: dict[str, tuple[str, str]] = {}
    sea: set[Hex] = set()

    for h in land:
        hid = hex_id(h)
        hex_corner_map[hid] = tuple(hex_corners(h))
        hex_edge_map[hid] = tuple(hex_edges(h))
        hex_nbr_map[hid] = tuple(hex_id(n) for n in neighbours(h) if n in land_set)
        for c in hex_corner_map[hid]:
            corner_hex_map.setdefault(c, set()).add(hid)
        for n in neighbours(h):
            e = edge_id(h, n)
            edge_hex_map.setdefault(e, set()).add(hid)
            if e not in edge_corner_map:
                edge_corner_map[e] = tuple(sorted(_edge_endpoints(h, n)))
            if n not in land_set:
                sea.add(n)

    corner_edge_map: dict[str, set[str]] = {c: set() for c in corner_hex_map}
    corner_corner_map: dict[str, set[str]] = {c: set() for c in corner_hex_map}
    for e, (a, b) in edge_corner_map.items():
        corner_edge_map[a].add(e)
        corner_edge_map[b].add(e)
        corner_corner_map[a].add(b)
        corner_corner_map[b].add(a)

    def by_land_order(ids: Iterable[str]) -> tuple[str, ...]:
        order = {hex_id(h): i for i, h in enumerate(land)}
        return tuple(sorted(ids, key=order.__getitem__))

    frozen = MappingProxyType
    return Geometry(
        hexes=tuple(hex_id(h) for h in land),
        corners=tuple(sorted(corner_hex_map)),
        edges=tuple(sorted(edge_corner_map)),
        hex_corners=frozen(hex_corner_map),
        hex_edges=frozen(hex_edge_map),
        hex_neighbours=frozen(hex_nbr_map),
        corner_hexes=frozen({c: by_land_order(hs) for c, hs in corner_hex_map.items()}),
        corner_corners=frozen({c: tuple(sorted(cs)) for c, cs in corner_corner_map.items()}),
        corner_edges=frozen({c: tuple(sorted(es)) for c, es in corner_edge_map.items()}),
        edge_corners=frozen(edge_corner_map),
        edge_hexes=frozen({e: by_land_order(hs) for e, hs in edge_hex_map.items()}),
        coastal_edges=tuple(sorted(e for e, hs in edge_hex_map.items() if len(hs) == 1)),
        sea_ring=tuple(hex_id(p) for p in _clockwise_from_top_left(sea)),
    )


def _point(x: float, y: float) -> list[float]:
    return [round(x, 3), round(y, 3)]


def layout_geometry(geometry: Geometry, size: float = 50.0, margin: float | None = None) -> dict:
    """Pixel positions for drawing an SVG (pointy-top hexes, y downwards).

    Everything is shifted so the drawing (land plus its ring of sea) starts at (0, 0);
    `width`/`height` are the viewBox size. Returns plain lists, ready for JSON.
    """
    if margin is None:
        margin = size * 0.25
    drawn = [parse_hex_id(h) for h in geometry.hexes] + [parse_hex_id(h) for h in geometry.sea_ring]
    xs = [hex_centre(h, size)[0] for h in drawn]
    ys = [hex_centre(h, size)[1] for h in drawn]
    half_w = size * SQRT3 / 2.0
    dx = margin + half_w - min(xs)
    dy = margin + size - min(ys)

    def centre(h: Hex) -> tuple[float, float]:
        x, y = hex_centre(h, size)
        return x + dx, y + dy

    def hex_points(h: Hex) -> list[list[float]]:
        x, y = centre(h)
        # Corners clockwise from the top, matching hex_corners().
        return [_point(x + size * math.cos(math.radians(a)), y + size * math.sin(math.radians(a)))
                for a in (-90, -30, 30, 90, 150, 210)]

    def mean(points: list[tuple[float, float]]) -> tuple[float, float]:
        return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)

    corners = {c: _point(*mean([centre(p) for p in positions_of(c)])) for c in geometry.corners}
    return {
        "orientation": "pointy-top",
        "size": size,
        "width": round(max(xs) + dx + half_w + margin, 3),
        "height": round(max(ys) + dy + size + margin, 3),
        "hexes": {h: {"centre": _point(*centre(parse_hex_id(h))), "points": hex_points(parse_hex_id(h))}
                  for h in geometry.hexes},
        "sea": {h: {"centre": _point(*centre(parse_hex_id(h))), "points": hex_points(parse_hex_id(h))}
                for h in geometry.sea_ring},
        "corners": corners,
        "edges": {e: [corners[a], corners[b]] for e, (a, b) in geometry.edge_corners.items()},
    }
