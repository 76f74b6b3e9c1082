"""Everything templates/partials/board.html needs to draw the board, precomputed.

`board_picture(board, pieces, colors, targets)` turns the board JSON, the pieces on it and
the tap targets the player may use into plain dicts of pixel positions and CSS classes, so
the template only loops and prints. Terrain, resource and colour names stay codes.

The geometry of a frame never changes, so its layout is computed once per (frame, size)
and shared (read-only) between all games and requests.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from threading import Lock
from types import MappingProxyType
from typing import Any, Mapping

from companion.machinery import board as boards

PLAYER_COLORS = ("red", "blue", "white", "orange", "green", "brown")
# The tap-target kinds every board has (the templates look them up); a layer's own kinds
# (its board_actions) are there when given.
TARGET_KINDS = ("settlement", "city", "road", "robber")
KNIGHT_R = 0.22

# Proportions of the drawing, as fractions of the hex size (corner radius).
TOKEN_R = 0.32
NUMBER_FONT = 0.30
NUMBER_DY = 0.02          # number baseline shift from the token centre (text is centred on it)
PIP_R = 0.035
PIP_GAP = 0.085
PIP_DY = 0.17
ROBBER_DX = -0.57         # the robber stands beside the number token, not on it
HARBOUR_OUT = 0.58        # marker: this far from the coast towards the sea hex centre
HARBOUR_R = 0.27
PIER_LENGTH = 0.62        # piers run from the corner this fraction of the way to the marker
SETTLEMENT_W, SETTLEMENT_H = 0.30, 0.34
CITY_W, CITY_H = 0.50, 0.44
ROAD_W = 0.15
CORNER_TARGET_R = 0.28
EDGE_TARGET_W = 0.34
HEX_TARGET_R = 0.50
# A board wider than the base game's is drawn smaller on the same screen: its number tokens
# grow with its width (Explorers & Pirates' sea board: about 1.75 times), so that a number
# stays about as tall on screen as the base game's; never past this, where a token would
# crowd its hex.
TOKEN_SCALE_MAX = 1.75


def _r(value: float) -> float:
    """Coordinates rounded for compact, stable output."""
    return round(value, 2) + 0.0  # + 0.0 turns -0.0 into 0.0


def _points(points) -> str:
    return " ".join(f"{_r(x):g},{_r(y):g}" for x, y in points)


@dataclass(frozen=True)
class FrameDrawing:
    """Pixel positions of one frame at one size; shared between callers, so read-only."""

    frame: str
    size: float
    width: float
    height: float
    hex_centres: Mapping[str, tuple[float, float]]
    hex_points: Mapping[str, str]
    sea_points: tuple[str, ...]
    corners: Mapping[str, tuple[float, float]]
    edges: Mapping[str, tuple[tuple[float, float], tuple[float, float]]]
    edge_sea_centre: Mapping[str, tuple[float, float]]   # coastal edge -> centre of its sea hex
    sea_centres: Mapping[str, tuple[float, float]]       # sea hex of the frame's ring -> its centre


def _hashable(value):
    return tuple(_hashable(v) for v in value) if isinstance(value, (list, tuple)) else value


def frame_key(board: dict):
    """What names a board's shape for frame_drawing: its frame's name, or with a shape of its
    own (board["shape"]: a board that carries its hexes, Explorers & Pirates' sea board) the
    frame's name and that shape."""
    shape = board.get("shape")
    return board["frame"] if not shape else (board["frame"], _hashable(shape))


def _unhashable(value):
    return [_unhashable(v) for v in value] if isinstance(value, tuple) else value


def phone_zoom(width: float, size: float) -> int:
    """How wide a board is against the base game's frame, in halves (2 for the base game's
    frames, 3 or 4 for a wider board: Explorers & Pirates' sea; never more than 4): the class
    phone-zoom-N by which static/board.css styles a wide board seen whole on a phone. (How
    far a phone zooms is static/board_zoom.js's: from its targets and `phone_width`.)"""
    return min(4, max(2, int(2 * width / (_base_width() * size) + 0.5)))


def token_scale(width: float, size: float) -> float:
    """How many times the base game's size a board of this width draws its number tokens."""
    return round(min(TOKEN_SCALE_MAX, max(1.0, width / (_base_width() * size))), 2)


@lru_cache(maxsize=1)
def _base_width() -> float:
    """The base game's board width, in hex sizes."""
    return boards.layout("base", 1)["width"]


@lru_cache(maxsize=32)
def frame_drawing(frame, size: float = 50) -> FrameDrawing:
    """The layout of a frame (by name, or frame_key(board) for a board with its own shape) at a
    size, computed once."""
    source = frame if isinstance(frame, str) else {"frame": frame[0], "shape": _unhashable(frame[1]), "harbours": {}}
    drawn = boards.layout(source, size)
    g = boards.geometry(source)
    sea_centres = {h: tuple(v["centre"]) for h, v in drawn["sea"].items()}
    edge_sea = {}
    for edge in g.coastal_edges:
        sea = next((p for p in edge.split("|") if p not in g.hex_corners), None)
        if sea in sea_centres:  # a shaped board's sea may be hexes of its own, not the ring
            edge_sea[edge] = sea_centres[sea]
    return FrameDrawing(
        frame=frame if isinstance(frame, str) else frame[0],
        size=size,
        width=drawn["width"],
        height=drawn["height"],
        hex_centres=MappingProxyType({h: tuple(v["centre"]) for h, v in drawn["hexes"].items()}),
        hex_points=MappingProxyType({h: _points(v["points"]) for h, v in drawn["hexes"].items()}),
        sea_points=tuple(_points(v["points"]) for v in drawn["sea"].values()),
        corners=MappingProxyType({c: tuple(p) for c, p in drawn["corners"].items()}),
        edges=MappingProxyType({e: (tuple(a), tuple(b)) for e, (a, b) in drawn["edges"].items()}),
        edge_sea_centre=MappingProxyType(edge_sea),
        sea_centres=MappingProxyType(sea_centres),
    )


def seat_color(seat: Any, colors: list[str]) -> str:
    """The CSS colour class of a seat: colors[seat] for a seat index, a colour name as is."""
    colour = None
    if isinstance(seat, int) and not isinstance(seat, bool):
        colour = colors[seat] if 0 <= seat < len(colors) else None
    elif isinstance(seat, str):
        if seat.isdigit():
            colour = colors[int(seat)] if int(seat) < len(colors) else None
        else:
            colour = seat
    return colour if colour in PLAYER_COLORS else "neutral"


def _house(x: float, y: float, size: float) -> str:
    w, h = SETTLEMENT_W * size, SETTLEMENT_H * size
    return _points([(x - w / 2, y + h / 2), (x - w / 2, y - h * 0.05), (x, y - h / 2),
                    (x + w / 2, y - h * 0.05), (x + w / 2, y + h / 2)])


def _city(x: float, y: float, size: float) -> str:
    """A tall gabled house on the left joined to a lower hall on the right."""
    w, h = CITY_W * size, CITY_H * size
    return _points([(x - w / 2, y + h / 2), (x - w / 2, y - h / 5), (x - w / 4, y - h / 2),
                    (x, y - h / 5), (x, y), (x + w / 2, y), (x + w / 2, y + h / 2)])


def _robber(x: float, y: float, size: float) -> dict:
    """A pawn: a round head on a bell-shaped body standing at (x, y)."""
    s = size * 1.35
    top, base = y - 0.10 * s, y + 0.24 * s
    d = (f"M{_r(x - 0.09 * s):g},{_r(top):g} "
         f"Q{_r(x - 0.19 * s):g},{_r(y + 0.12 * s):g} {_r(x - 0.16 * s):g},{_r(base):g} "
         f"L{_r(x + 0.16 * s):g},{_r(base):g} "
         f"Q{_r(x + 0.19 * s):g},{_r(y + 0.12 * s):g} {_r(x + 0.09 * s):g},{_r(top):g} Z")
    return {"x": _r(x), "y": _r(y), "head_x": _r(x), "head_y": _r(y - 0.17 * s),
            "head_r": _r(0.10 * s), "body": d}


def _pip_dots(x: float, y: float, count: int, size: float) -> list[dict]:
    """`size`: the token's own scale (the hex size times token_scale)."""
    gap = PIP_GAP * size
    left = x - gap * (count - 1) / 2
    return [{"x": _r(left + i * gap), "y": _r(y + PIP_DY * size)} for i in range(count)]


# Hexes of a board that are sea (Explorers & Pirates' sea board: drawn as the sea) and hexes
# lying face down (their area's colour in the class: `area-north`).
SEA_TERRAIN = "sea"
FACE_DOWN = "unexplored"


def _sea_hexes(board: dict, d: FrameDrawing) -> list[str]:
    return [d.hex_points[h] for h in d.hex_centres if (board["hexes"].get(h) or {}).get("terrain") == SEA_TERRAIN]


def _hexes(board: dict, d: FrameDrawing) -> list[dict]:
    size = d.size
    token = size * token_scale(d.width, size)  # the number tokens' scale
    out = []
    for hex_id, centre in d.hex_centres.items():
        cell = board["hexes"].get(hex_id) or {}
        terrain = cell.get("terrain")
        if terrain == SEA_TERRAIN:
            continue  # drawn with the sea
        number = cell.get("number")
        x, y = centre
        pips = boards.PIPS.get(number, 0) if number else 0
        out.append({
            "id": hex_id,
            "terrain": terrain,
            "fill": (f"terrain-{terrain or 'unknown'}" if terrain != FACE_DOWN
                     else f"terrain-{FACE_DOWN} terrain-unknown area-{cell.get('area') or 'none'}"),
            "points": d.hex_points[hex_id],
            "x": _r(x),
            "y": _r(y),
            "number": number,
            # A second token on the hex (Rivers of Catan's 2 beside the 12), printed under it.
            "extra_numbers": " ".join(f"+{n}" for n in cell.get("extra_numbers") or ()),
            "extra_y": _r(y + 0.5 * size),
            "number_y": _r(y + NUMBER_DY * token),
            "pips": pips,
            "pip_dots": _pip_dots(x, y, pips, token),
            # Not where the robber stands (the picture's "robber" says it): the kept land is the same wherever it goes.
            "red": number in boards.RED_NUMBERS,
            "title": " ".join(str(p) for p in (terrain or "unknown", number) if p),
        })
    return out


def _harbours(board: dict, d: FrameDrawing) -> list[dict]:
    size = d.size
    out = []
    for edge, kind in sorted((board.get("harbours") or {}).items()):
        if edge not in d.edge_sea_centre:
            continue  # not a coastal edge of this frame: nothing sensible to draw
        (ax, ay), (bx, by) = d.edges[edge]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        sx, sy = d.edge_sea_centre[edge]
        x, y = mx + (sx - mx) * HARBOUR_OUT, my + (sy - my) * HARBOUR_OUT
        ratio = boards.harbour_ratio(kind)
        resource = None if kind == boards.GENERIC else kind
        piers = [{"x1": _r(cx), "y1": _r(cy),
                  "x2": _r(cx + (x - cx) * PIER_LENGTH), "y2": _r(cy + (y - cy) * PIER_LENGTH)}
                 for cx, cy in ((ax, ay), (bx, by))]
        out.append({
            "id": edge,
            "type": kind,
            "ratio": ratio,
            "ratio_label": f"{ratio}:1",
            "resource": resource,
            "label": f"{ratio}:1 {resource}" if resource else f"{ratio}:1",
            "x": _r(x),
            "y": _r(y),
            "label_y": _r(y - 0.02 * size) if resource else _r(y),
            "resource_y": _r(y + 0.13 * size),
            "piers": piers,
        })
    return out


def _targets(targets: dict | None, d: FrameDrawing) -> dict[str, list[dict]]:
    """Tap targets with coordinates, each where its id says (an edge, a corner or a hex);
    ids that are not on this frame are left out."""
    targets = targets or {}
    out: dict[str, list[dict]] = {kind: [] for kind in (*TARGET_KINDS, *targets)}
    for kind, elements in targets.items():
        for element in elements or ():
            if element in d.edges:
                (x1, y1), (x2, y2) = d.edges[element]
                out[kind].append({"id": element, "x1": _r(x1), "y1": _r(y1), "x2": _r(x2), "y2": _r(y2),
                                  "x": _r((x1 + x2) / 2), "y": _r((y1 + y2) / 2)})
            elif element in d.corners or element in d.hex_centres:
                x, y = d.corners[element] if element in d.corners else d.hex_centres[element]
                out[kind].append({"id": element, "x": _r(x), "y": _r(y)})
    return out


def _knights(pieces: dict, knights: dict | None, colors: list[str], d: FrameDrawing, size: float) -> list[dict]:
    """Cities & Knights: a knight on its corner (a disc with its level; hollow at rest)."""
    out = []
    for corner, seat in sorted((pieces.get("knights") or {}).items()):
        if corner in d.corners:
            x, y = d.corners[corner]
            info = (knights or {}).get(corner) or {}
            out.append({"id": corner, "seat": seat, "color": seat_color(seat, colors), "x": _r(x), "y": _r(y),
                        "level": info.get("level", 1), "active": bool(info.get("active")),
                        "label_y": _r(y + 0.09 * size)})
    return out


def _walls(pieces: dict, colors: list[str], d: FrameDrawing, size: float) -> list[dict]:
    """Cities & Knights: a city wall, a square under the city."""
    out = []
    half = 0.34 * size
    for corner, seat in sorted((pieces.get("walls") or {}).items()):
        if corner in d.corners:
            x, y = d.corners[corner]
            out.append({"id": corner, "color": seat_color(seat, colors), "x": _r(x - half), "y": _r(y - half),
                        "w": _r(2 * half)})
    return out


def board_picture(board: dict, pieces: dict | None, colors: list[str], targets: dict | None = None,
                  size: int = 50, knights: dict | None = None, key: str | None = None) -> dict:
    """The board drawn for the template: a dict of plain values, nothing left to compute.

    board:   board JSON (schema 1; see engine.board_setup).
    pieces:  {"settlements": {corner: seat}, "cities": {corner: seat}, "roads": {edge: seat}}.
    colors:  colour code of each seat index (seats may also be colour names themselves).
    targets: {"settlement": [corner], "city": [corner], "road": [edge], "robber": [hex]}.

    Returns {"frame", "size", "width", "height", "view_box", "dims", "sea", "hexes",
    "harbours", "roads", "settlements", "cities", "robber", "targets", "has_targets",
    "drawing_key"}: the last one names the picture without its targets (equal inputs, equal key).
    key:     that key, when the caller knows it (another picture of the same inputs): not worked out again.
    """
    d = frame_drawing(frame_key(board), size)
    picked = _targets(targets, d)
    if key is None:
        key = repr((board, pieces, colors, size, knights))
    drawing = _drawing(key, board, pieces, colors, size, knights, d)
    # Screens mark knights and damaged roads on their copy: those lists are copied too.
    return {**drawing, "roads": [dict(r) for r in drawing["roads"]], "knights": [dict(k) for k in drawing["knights"]],
            "targets": picked, "has_targets": any(picked.values()), "drawing_key": key}


# Every screen of a game draws the same pieces after a change (only the tap targets are its
# own): the drawing is kept by its inputs' repr, which costs a small part of drawing it.
_drawings: dict[str, dict] = {}
_drawings_lock = Lock()
DRAWINGS_KEPT = 256


def _drawing(key: str, board: dict, pieces: dict | None, colors: list[str], size: int, knights: dict | None,
             d: FrameDrawing) -> dict:
    drawing = _drawings.get(key)
    if drawing is None:
        drawing = _draw(board, pieces, colors, size, knights, d)
        with _drawings_lock:
            while len(_drawings) >= DRAWINGS_KEPT:
                del _drawings[next(iter(_drawings))]  # the oldest: dicts keep insertion order
            _drawings[key] = drawing
    return drawing


def _dims(size: int, token: float) -> dict:
    """The sizes of the drawing's marks, for a board of this hex size and token scale."""
    return {
        "token_r": _r(TOKEN_R * token),
        "number_font": _r(NUMBER_FONT * token),
        "pip_font": _r(0.2 * size),
        "pip_r": _r(PIP_R * token),
        "harbour_r": _r(HARBOUR_R * size),
        "harbour_font": _r(0.17 * size),
        "harbour_small_font": _r(0.10 * size),
        "pier_w": _r(0.07 * size),
        "road_w": _r(ROAD_W * size),
        "road_outline_w": _r(ROAD_W * size + 0.06 * size),
        "piece_stroke_w": _r(0.035 * size),
        "corner_target_r": _r(CORNER_TARGET_R * size),
        "edge_target_w": _r(EDGE_TARGET_W * size),
        "hex_target_r": _r(HEX_TARGET_R * size),
        "hex_stroke_w": _r(0.04 * size),
        "knight_r": _r(KNIGHT_R * size),
        "knight_font": _r(0.2 * size),
    }


def _draw(board: dict, pieces: dict | None, colors: list[str], size: int, knights: dict | None,
          d: FrameDrawing) -> dict:
    pieces = pieces or {}
    cities = pieces.get("cities") or {}
    settlements = {c: s for c, s in (pieces.get("settlements") or {}).items() if c not in cities}

    roads = []
    for edge, seat in sorted((pieces.get("roads") or {}).items()):
        if edge in d.edges:
            (x1, y1), (x2, y2) = d.edges[edge]
            roads.append({"id": edge, "seat": seat, "color": seat_color(seat, colors),
                          "x1": _r(x1), "y1": _r(y1), "x2": _r(x2), "y2": _r(y2), "damaged": False})

    def buildings(placed: dict, shape) -> list[dict]:
        out = []
        for corner, seat in sorted(placed.items()):
            if corner in d.corners:
                x, y = d.corners[corner]
                out.append({"id": corner, "seat": seat, "color": seat_color(seat, colors),
                            "x": _r(x), "y": _r(y), "points": shape(x, y, size)})
        return out

    token = size * token_scale(d.width, size)  # the number tokens' scale
    robber_hex = board.get("robber")
    robber = None
    if robber_hex in d.hex_centres:
        x, y = d.hex_centres[robber_hex]
        if (board["hexes"].get(robber_hex) or {}).get("number"):
            x += ROBBER_DX * size - (token - size) * TOKEN_R  # beside the token, however big
        robber = {"hex": robber_hex, **_robber(x, y, size)}

    knight_pieces = _knights(pieces, knights, colors, d, size)
    dims = _dims(size, token)
    sea, hexes, harbours = list(d.sea_points) + _sea_hexes(board, d), _hexes(board, d), _harbours(board, d)
    return {
        "frame": frame_key(board),  # what frame_drawing takes (a name, or a board's own shape)
        "size": size,
        "width": d.width,
        "height": d.height,
        "view_box": f"0 0 {d.width:g} {d.height:g}",
        "phone_zoom": phone_zoom(d.width, size),
        # A phone shows this much of the board's width at least (static/board_zoom.js): a wider
        # board (Explorers & Pirates' sea) opens on the viewer's pieces, as big as the base game's.
        "phone_width": _r(_base_width() * size),
        "dims": dims,
        "sea": sea,
        "hexes": hexes,
        "harbours": harbours,
        # What the picture draws under the pieces, which changes only with the board itself: the
        # picture keeps its HTML by this alone (partials/board_picture.html, {% kept %}).
        "land": {"sea": sea, "hexes": hexes, "harbours": harbours, "dims": dims},
        "roads": roads,
        "settlements": buildings(settlements, _house),
        "cities": buildings(cities, _city),
        "robber": robber,
        "knights": knight_pieces,  # Cities & Knights; `knights`: {corner: {"level", "active"}}
        "walls": _walls(pieces, colors, d, size),
        "metropolises": [c for c in (board.get("metropolises") or ()) if c in d.corners],
    }
