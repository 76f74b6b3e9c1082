"""The sea board of Explorers & Pirates: pure geometry over a board that carries its own shape.

A board of this core is a layout dict like the base game's, with "shape": every position of
the board (start-island land, sea, face-down hexes) as "q,r" ids. Its geometry (corners,
edges) is built from the shape by companion/machinery (board_frames.frame_of), so every
position's six edges are paths, and the edges on the border lead to the frame.

A hex of the layout: {"terrain": land terrain | "sea" | "unexplored", "number": 2..12 | None,
"area": "start" | "north" | "south"}. Positions outside the shape are the frame.

Paths (edges) and corners, as the rules read them:
- a sea path: an edge with a sea hex on one side, or an edge between the frame and a sea or
  land hex ("the frame's edges next to sea or land");
- a land path (roads): an edge with a land hex on one side; a coastal path is both;
- the hexes a ship points at: every hex touching either end corner of its path (bow and
  stern lie on those corners; a face-down one there must be revealed).
"""
from __future__ import annotations

from companion.machinery import board as boards
from companion.machinery.board_geometry import parse_hex_id, positions_of  # noqa: F401 (parse_hex_id: for callers)

SEA, UNEXPLORED = "sea", "unexplored"
LAND_TERRAINS = ("hills", "forest", "pasture", "fields", "mountains")
# Land without a resource, in the later scenarios: gold-river fields, spice islands.
GOLD_RIVER, SPICE = "gold_river", "spice"
LAND = LAND_TERRAINS + (GOLD_RIVER, SPICE)
AREAS = ("north", "south")


def geometry(layout: dict):
    return boards.geometry(layout)


def terrain(layout: dict, position: str) -> str | None:
    """A position's terrain; None for the frame (outside the board)."""
    cell = layout["hexes"].get(position)
    return cell["terrain"] if cell else None


def is_land(layout: dict, position: str) -> bool:
    return terrain(layout, position) in LAND


def is_sea(layout: dict, position: str) -> bool:
    return terrain(layout, position) == SEA


def is_unexplored(layout: dict, position: str) -> bool:
    return terrain(layout, position) == UNEXPLORED


def area_of(layout: dict, position: str) -> str | None:
    cell = layout["hexes"].get(position)
    return cell.get("area") if cell else None


def _sides(edge: str) -> list[str]:
    return edge.split("|")


def is_sea_path(layout: dict, edge: str) -> bool:
    sides = [terrain(layout, p) for p in _sides(edge)]
    if SEA in sides:
        return True
    # the frame's edges next to sea or land
    return None in sides and any(t in LAND for t in sides)


def is_land_path(layout: dict, edge: str) -> bool:
    return any(is_land(layout, p) for p in _sides(edge))


def corner_positions(corner: str) -> list[str]:
    return corner.split("|")


def corner_touches_unexplored(layout: dict, corner: str) -> bool:
    return any(is_unexplored(layout, p) for p in corner_positions(corner))


def has_lair(layout: dict, position: str) -> bool:
    """A hex held by a lair that stands (a scenario marks it "lair": True in the layout)."""
    cell = layout["hexes"].get(position)
    return bool(cell and cell.get("lair"))


def corner_touches_lair(layout: dict, corner: str) -> bool:
    return any(has_lair(layout, p) for p in corner_positions(corner))


def closed_to(layout: dict, position: str, seat: int) -> bool:
    """A hex a scenario opens to some players only (its cell's "open_to": the seats that may
    build on its corners and sides; a spice island opens to whoever has a crew in its village)."""
    cell = layout["hexes"].get(position)
    return bool(cell) and "open_to" in cell and seat not in cell["open_to"]


def corner_closed_to(layout: dict, corner: str, seat: int) -> bool:
    return any(closed_to(layout, p, seat) for p in corner_positions(corner))


def edge_closed_to(layout: dict, edge: str, seat: int) -> bool:
    return any(closed_to(layout, p, seat) for p in _sides(edge))


def corner_on_land(layout: dict, corner: str) -> bool:
    return any(is_land(layout, p) for p in corner_positions(corner))


def corner_area(layout: dict, corner: str) -> str | None:
    """The unexplored area a land corner lies in ("north"/"south"), None on the start island."""
    for p in corner_positions(corner):
        if is_land(layout, p) and area_of(layout, p) in AREAS:
            return area_of(layout, p)
    return None


def edge_corners(layout: dict, edge: str) -> tuple[str, str]:
    return geometry(layout).edge_corners[edge]


def edge_touches_unexplored(layout: dict, edge: str) -> bool:
    return any(corner_touches_unexplored(layout, c) for c in edge_corners(layout, edge))


def points_at(layout: dict, edge: str, position: str) -> bool:
    """Does a ship on `edge` point at `position` (a corner of it at either end of the path)?"""
    return any(position in corner_positions(c) for c in edge_corners(layout, edge))


def pointed_at(layout: dict, edge: str) -> list[str]:
    """The face-down hexes a ship on `edge` points at (either end)."""
    found = {p for c in edge_corners(layout, edge) for p in corner_positions(c) if is_unexplored(layout, p)}
    return sorted(found)


def sea_paths_at(layout: dict, corner: str) -> list[str]:
    g = geometry(layout)
    return [e for e in g.corner_edges.get(corner, ()) if is_sea_path(layout, e)]


def is_coastal_corner(layout: dict, corner: str) -> bool:
    """A land corner with a sea path at it (a harbour settlement's place)."""
    return corner_on_land(layout, corner) and bool(sea_paths_at(layout, corner))


def next_paths(layout: dict, edge: str) -> list[str]:
    """The sea paths one step from `edge` (sharing a corner with it)."""
    g = geometry(layout)
    out = set()
    for c in g.edge_corners[edge]:
        for e in g.corner_edges[c]:
            if e != edge and is_sea_path(layout, e):
                out.add(e)
    return sorted(out)


def far_corner(layout: dict, edge: str, via: str) -> str:
    """The end of `edge` away from the corner it was entered by (where the bow now points)."""
    return geometry(layout).other_corner(edge, via)


def shared_corner(layout: dict, a: str, b: str) -> str | None:
    g = geometry(layout)
    common = set(g.edge_corners[a]) & set(g.edge_corners[b])
    return next(iter(common)) if common else None


_CLOSED: dict[int, tuple[dict, frozenset]] = {}  # id(layout) -> (layout, edges): a layout never changes


def road_closed_edges(layout: dict) -> frozenset:
    """Edges no road may take: no land on either side, or touching a face-down hex."""
    known = _CLOSED.get(id(layout))
    if known is not None and known[0] is layout:
        return known[1]
    g = geometry(layout)
    closed = frozenset(e for e in g.edges if not is_land_path(layout, e) or edge_touches_unexplored(layout, e)
                       or any(has_lair(layout, p) for p in _sides(e)))
    if len(_CLOSED) > 32:
        _CLOSED.clear()
    _CLOSED[id(layout)] = (layout, closed)
    return closed


def offset_to_axial(col: int, row: int) -> str:
    """Odd rows shifted right by half a hex (how the board is drawn up in land_ho)."""
    return f"{col - (row - (row & 1)) // 2},{row}"


def hex_corner(position: str, index: int) -> str:
    """Corner `index` of a position, clockwise from the top (0 = N ... 5 = NW)."""
    from companion.machinery.board_geometry import hex_corners
    return hex_corners(parse_hex_id(position))[index]


def corners_edge(a: str, b: str) -> str:
    """The edge between two adjacent corners."""
    shared = sorted(set(positions_of(a)) & set(positions_of(b)))
    return "|".join(f"{q},{r}" for q, r in shared)
