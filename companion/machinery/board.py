"""The CATAN board for the companion app: pure Python, JSON-serialisable data, no Django.

The physical board stays on the table; this model mirrors it so the app can pay out
production, check placements, work out harbour ratios and Longest Road.

Layout of the package (this module re-exports the public API):

* board_geometry: axial pointy-top hexes, canonical corner/edge ids, adjacency, SVG layout;
* board_frames:   the 19-hex (3–4 players) and 30-hex (5–6 players) frames, harbours,
                  lettered tokens and the number spiral;
* board_setup:    beginner / rulebook-random / balanced / manual boards and validation;
* board_rules:    placement legality, production, harbours, robber victims, Longest Road.

Ids: a hex is "q,r"; a corner is its three touching positions (land or sea) sorted and
joined by "|"; an edge is its two positions joined by "|". Randomness is injected as an
object with randint(n) -> int in [0, n).
"""
from __future__ import annotations

from companion.machinery.board_frames import (
    BASE,
    BASE_5_6,
    FRAMES,
    GENERIC,
    HARBOUR_TYPES,
    NUMBERS,
    PIPS,
    RED_NUMBERS,
    RESOURCES,
    TERRAIN_RESOURCE,
    TERRAINS,
    Frame,
    get_frame,
    spiral_corner_hexes,
    spiral_order,
)
from companion.machinery.board_geometry import (
    Geometry,
    corner_id,
    edge_id,
    hex_id,
    layout_geometry,
    parse_hex_id,
    positions_of,
)
from companion.machinery.board_rules import (
    CITY_LIMIT,
    LONGEST_ROAD_MIN,
    ROAD_LIMIT,
    SETTLEMENT_LIMIT,
    building_at,
    check_city,
    check_road,
    check_settlement,
    distance_rule_conflicts,
    empty_pieces,
    harbour_ratios,
    legal_city_corners,
    legal_road_edges,
    legal_settlement_corners,
    longest_road,
    longest_road_award,
    longest_road_holder,
    longest_road_lengths,
    owner_at,
    pieces_problems,
    production,
    robber_victims,
    starting_resources,
    with_city,
    with_road,
    with_settlement,
)
from companion.machinery.board_setup import (
    BEGINNER_LAYOUT,
    BEGINNER_PIECES,
    balance_report,
    balanced_board,
    beginner_board,
    beginner_pieces,
    beginner_starred_settlement,
    empty_board,
    expected_set,
    frame_of,
    harbour_ratio,
    pips_bands,
    random_board,
    robber_start,
    set_harbour,
    set_number,
    set_robber,
    set_terrain,
    shuffled,
    validate_board,
)


def geometry(board_or_frame: dict | Frame | str) -> Geometry:
    """Adjacency for a board (dict), a Frame or a frame name."""
    if isinstance(board_or_frame, dict):
        return frame_of(board_or_frame).geometry  # a board may carry its own shape
    if isinstance(board_or_frame, str):
        return get_frame(board_or_frame).geometry
    return board_or_frame.geometry


def geometry_json(frame: Frame | str) -> dict:
    """The adjacency of a frame as plain lists, e.g. to ship to the browser once."""
    g = geometry(frame)
    return {
        "hexes": list(g.hexes),
        "corners": list(g.corners),
        "edges": list(g.edges),
        "hex_corners": {h: list(cs) for h, cs in g.hex_corners.items()},
        "hex_neighbours": {h: list(ns) for h, ns in g.hex_neighbours.items()},
        "corner_hexes": {c: list(hs) for c, hs in g.corner_hexes.items()},
        "corner_corners": {c: list(cs) for c, cs in g.corner_corners.items()},
        "corner_edges": {c: list(es) for c, es in g.corner_edges.items()},
        "edge_corners": {e: list(cs) for e, cs in g.edge_corners.items()},
        "coastal_edges": list(g.coastal_edges),
    }


def layout(board_or_frame: dict | Frame | str, size: float = 50.0) -> dict:
    """Pixel positions for an SVG: pointy-top hexes, y downwards, origin at the top-left.

    {"orientation": "pointy-top", "size", "width", "height",
     "hexes": {hex: {"centre": [x, y], "points": [[x, y] * 6]}}, "sea": {...same...},
     "corners": {corner: [x, y]}, "edges": {edge: [[x, y], [x, y]]},
     "harbours": {edge: {"type", "ratio", "corners": [[x, y], [x, y]], "sea": [x, y]}}}
    "harbours" is there only when a board (not a bare frame) is given.
    """
    drawing = layout_geometry(geometry(board_or_frame), size)
    if isinstance(board_or_frame, dict):
        g = geometry(board_or_frame)
        harbours = {}
        for edge, kind in board_or_frame["harbours"].items():
            sea = next(p for p in edge.split("|") if p not in g.hex_corners)
            harbours[edge] = {
                "type": kind,
                "ratio": harbour_ratio(kind),
                "corners": [drawing["corners"][c] for c in g.edge_corners[edge]],
                "sea": drawing["sea"][sea]["centre"],
            }
        drawing["harbours"] = harbours
    return drawing


__all__ = [name for name in dir() if not name.startswith("_") and name != "annotations"]
