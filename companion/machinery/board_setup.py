"""Making boards: the beginner layout, the rulebook's random procedure, a balanced random
board, and a manual board that mirrors a physical one. Boards are plain JSON data.

A board::

    {
      "schema": 1,
      "frame": "base" | "base_5_6",
      "hexes": {"q,r": {"terrain": "hills"|...|"desert"|None, "number": 2..12|None}, ...},
      "harbours": {edge_id: "generic"|"brick"|"lumber"|"wool"|"grain"|"ore", ...},
      "robber": "q,r" | None,
      "origin": {"method": "beginner"|"spiral"|"balanced"|"manual", ...}
    }

Randomness comes in as `rng`, any object with `randint(n) -> int` uniform in [0, n).
"""
from __future__ import annotations

import copy
import math
from functools import lru_cache
from typing import Any, Callable, Protocol

from companion.machinery.board_frames import (
    BASE,
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
from companion.machinery.board_geometry import parse_hex_id

SCHEMA = 1


class Rng(Protocol):
    def randint(self, n: int) -> int: ...


def shuffled(items: list, rng: Rng) -> list:
    """Fisher–Yates with the injected generator."""
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = rng.randint(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def frame_of(board: dict) -> Frame:
    """The board's frame: a named standard one, or the board's own shape when it carries one
    (board["shape"]: every position of the board, as in an Explorers & Pirates scenario)."""
    if "shape" in board:
        return shaped_frame(board["frame"], tuple(board["shape"]))
    return get_frame(board["frame"])


@lru_cache(maxsize=32)
def shaped_frame(name: str, shape: tuple[str, ...]) -> Frame:
    """A frame built from a board's own list of positions (no token spiral, no harbours:
    the layer that made the shape owns what goes on it)."""
    return Frame(name=name, land=tuple(parse_hex_id(h) for h in shape), terrain_counts={},
                 token_letters=(), token_values=(), harbour_edges=(), harbour_types=())


def _new_board(frame: Frame, terrain: dict[str, str | None], numbers: dict[str, int | None],
               harbours: dict[str, str | None], robber: str | None, origin: dict) -> dict:
    return {
        "schema": SCHEMA,
        "frame": frame.name,
        "hexes": {h: {"terrain": terrain.get(h), "number": numbers.get(h)} for h in frame.geometry.hexes},
        "harbours": dict(harbours),
        "robber": robber,
        "origin": origin,
    }


def _harbours(frame: Frame, rng: Rng | None, shuffle: bool) -> dict[str, str]:
    types = shuffled(list(frame.harbour_types), rng) if shuffle else list(frame.harbour_types)
    return dict(zip(frame.harbour_edges, types))


def _first_desert(frame: Frame, terrain: dict[str, str]) -> str:
    return next(h for h in frame.geometry.hexes if terrain[h] == "desert")


# --- (a) the beginner layout -------------------------------------------------------------

# "Starting set-up for beginners" of the 4th (2007) and 5th (2015) edition base game, the
# picture on the rulebook's overview. The rulebooks here only point at their picture
# (base-2025-edition-pl.txt, "Przygotowanie pierwszej rozgrywki"), so the layout is taken
# from that published picture as reproduced by several independent public implementations
# (same terrain/number list, read row by row from the top):
#   mountains 10, pasture 2, forest 9 / fields 12, hills 6, pasture 4, hills 10 /
#   fields 9, forest 11, desert, forest 3, mountains 8 / forest 8, mountains 3, fields 4,
#   pasture 5 / hills 5, fields 6, pasture 11.
# The 2025 booklet's own picture is not in the text here; its one textual fact (blue's
# starred settlement pays brick, ore and grain) does not fit the 5th-edition pieces below,
# so the 2025 picture differs at least in the pieces.
BEGINNER_LAYOUT: dict[str, tuple[str, int | None]] = {
    "0,-2": ("mountains", 10), "1,-2": ("pasture", 2), "2,-2": ("forest", 9),
    "-1,-1": ("fields", 12), "0,-1": ("hills", 6), "1,-1": ("pasture", 4), "2,-1": ("hills", 10),
    "-2,0": ("fields", 9), "-1,0": ("forest", 11), "0,0": ("desert", None), "1,0": ("forest", 3),
    "2,0": ("mountains", 8),
    "-2,1": ("forest", 8), "-1,1": ("mountains", 3), "0,1": ("fields", 4), "1,1": ("pasture", 5),
    "-2,2": ("hills", 5), "-1,2": ("fields", 6), "0,2": ("pasture", 11),
}

# The picture's harbours, clockwise from the top-left (BASE.harbour_edges order): the same
# in the 5th-edition implementations Torfkopp/SWPProject2020A (GameMapManagement.java,
# citing the 2020 rules PDF) and several others.
BEGINNER_HARBOURS = ("generic", "grain", "ore", "generic", "wool", "generic", "generic", "brick", "lumber")

# Starting pieces per colour, 5th edition: two settlements (the first is the starred one,
# which pays the starting resources) and two roads. Positions and roads agree in two
# independent implementations of the picture (luc527/catan_ex lib/catan/model/game.ex and
# Torfkopp/SWPProject2020A GameMapManagement.java); colours and stars from catan_ex and a
# third one. White's star rests on one source only. The travel edition's example fits:
# orange's starred settlement between mountains and two fields pays 1 ore and 2 grain.
# 3 players: the 5th edition leaves out red, the 2025 text white; any three colours work.
BEGINNER_PIECES: dict[str, dict[str, list[str]]] = {
    "red": {"settlements": ["-2,0|-2,1|-1,0", "0,-2|0,-1|1,-2"], "roads": ["-2,1|-1,0", "0,-1|1,-2"]},
    "blue": {"settlements": ["-2,1|-2,2|-1,1", "0,1|0,2|1,1"], "roads": ["-2,2|-1,1", "0,1|1,1"]},
    "white": {"settlements": ["1,0|1,1|2,0", "-1,-1|-1,0|0,-1"], "roads": ["1,0|2,0", "-1,-1|-1,0"]},
    "orange": {"settlements": ["-1,1|-1,2|0,1", "1,-1|2,-2|2,-1"], "roads": ["-1,2|0,1", "1,-1|2,-2"]},
}



def beginner_board() -> dict:
    terrain = {h: t for h, (t, _) in BEGINNER_LAYOUT.items()}
    numbers = {h: n for h, (_, n) in BEGINNER_LAYOUT.items()}
    return _new_board(BASE, terrain, numbers, dict(zip(BASE.harbour_edges, BEGINNER_HARBOURS)), "0,0",
                      {"method": "beginner"})


def beginner_pieces(seat_of_colour: dict[str, Any] | None = None) -> dict:
    """The beginner picture's pieces as a `pieces` structure; seats default to colour names.

    Colours missing from `seat_of_colour` are left off the board (e.g. white for 3 players).
    """
    if seat_of_colour is None:
        seat_of_colour = {colour: colour for colour in BEGINNER_PIECES}
    pieces: dict[str, dict] = {"settlements": {}, "cities": {}, "roads": {}}
    for colour, seat in seat_of_colour.items():
        for corner in BEGINNER_PIECES[colour]["settlements"]:
            pieces["settlements"][corner] = seat
        for edge in BEGINNER_PIECES[colour]["roads"]:
            pieces["roads"][edge] = seat
    return pieces


def beginner_starred_settlement(colour: str) -> str:
    return BEGINNER_PIECES[colour]["settlements"][0]


# --- (b) random, by the rulebook procedure -----------------------------------------------

def random_board(frame: Frame | str, rng: Rng, *, clockwise: bool = False,
                 shuffle_harbours: bool = False) -> dict:
    """Shuffle the terrain onto the frame, then lay the lettered tokens A, B, C... on a spiral
    from a random corner hex towards the centre, skipping deserts; robber on a desert.

    `clockwise=False` is the 2025 edition's direction; older editions went clockwise.
    `shuffle_harbours` stands for assembling the frame pieces in any order.
    """
    frame = get_frame(frame) if isinstance(frame, str) else frame
    hexes = frame.geometry.hexes
    terrain = dict(zip(hexes, shuffled(frame.terrain_pool(), rng)))
    corners = spiral_corner_hexes(frame)
    start = corners[rng.randint(len(corners))]
    numbers = place_tokens_on_spiral(frame, terrain, start, clockwise)
    return _new_board(frame, terrain, numbers, _harbours(frame, rng, shuffle_harbours),
                      _first_desert(frame, terrain),
                      {"method": "spiral", "start": start, "clockwise": clockwise})


def place_tokens_on_spiral(frame: Frame, terrain: dict[str, str], start: str,
                           clockwise: bool = False) -> dict[str, int]:
    producing = [h for h in spiral_order(frame, start, clockwise) if terrain[h] != "desert"]
    return dict(zip(producing, frame.token_values))


# --- (c) balanced random -----------------------------------------------------------------

# What "balanced" means here (each is one check in balance_report):
# * red_numbers_apart:   no 6 or 8 next to another 6 or 8;
# * equal_numbers_apart: no two neighbouring hexes with the same number;
# * pips_per_resource:   each resource's dots (ways to roll its numbers, out of 36) lie within
#                        ±20 % of its fair share = all dots × its hexes / producing hexes
#                        (rounded outwards), so no resource is starved or flooded;
# * red_numbers_per_resource: no resource holds more than 2 of the 6s and 8s;
# * terrain_clusters:    no three hexes of one terrain joined together.
PIPS_TOLERANCE = 0.20
MAX_RED_PER_RESOURCE = 2
MAX_CLUSTER = 2
MAX_ATTEMPTS = 2000


def pips_bands(frame: Frame) -> dict[str, list[int]]:
    total = sum(PIPS[n] for n in frame.token_values)
    producing = sum(c for t, c in frame.terrain_counts.items() if t != "desert")
    bands = {}
    for terrain, resource in TERRAIN_RESOURCE.items():
        if resource is None:
            continue
        fair = total * frame.terrain_counts[terrain] / producing
        bands[resource] = [math.floor(fair * (1 - PIPS_TOLERANCE)), math.ceil(fair * (1 + PIPS_TOLERANCE))]
    return bands


def _adjacent_pairs(board: dict, same: Callable[[Any, Any], bool]) -> list[list[str]]:
    g = frame_of(board).geometry
    pairs = []
    for h in g.hexes:
        for n in g.hex_neighbours[h]:
            if h < n and same(board["hexes"][h]["number"], board["hexes"][n]["number"]):
                pairs.append([h, n])
    return pairs


def _largest_clusters(board: dict) -> dict[str, int]:
    g = frame_of(board).geometry
    largest = {t: 0 for t in TERRAINS}
    seen: set[str] = set()
    for h in g.hexes:
        if h in seen:
            continue
        terrain = board["hexes"][h]["terrain"]
        stack, size = [h], 0
        seen.add(h)
        while stack:
            cur = stack.pop()
            size += 1
            for n in g.hex_neighbours[cur]:
                if n not in seen and board["hexes"][n]["terrain"] == terrain:
                    seen.add(n)
                    stack.append(n)
        if terrain in largest:
            largest[terrain] = max(largest[terrain], size)
    return largest


def balance_report(board: dict) -> list[dict]:
    """The balance checks with their figures, for any complete board."""
    frame = frame_of(board)
    red_pairs = _adjacent_pairs(board, lambda a, b: a in RED_NUMBERS and b in RED_NUMBERS)
    equal_pairs = _adjacent_pairs(board, lambda a, b: a is not None and a == b)
    pips = {r: 0 for r in RESOURCES}
    reds = {r: 0 for r in RESOURCES}
    for cell in board["hexes"].values():
        resource = TERRAIN_RESOURCE.get(cell["terrain"])
        if resource and cell["number"] in PIPS:
            pips[resource] += PIPS[cell["number"]]
            reds[resource] += cell["number"] in RED_NUMBERS
    bands = pips_bands(frame)
    clusters = _largest_clusters(board)
    return [
        {"check": "red_numbers_apart", "ok": not red_pairs, "adjacent_pairs": red_pairs},
        {"check": "equal_numbers_apart", "ok": not equal_pairs, "adjacent_pairs": equal_pairs},
        {"check": "pips_per_resource",
         "ok": all(bands[r][0] <= pips[r] <= bands[r][1] for r in RESOURCES),
         "values": pips, "bands": bands},
        {"check": "red_numbers_per_resource", "ok": max(reds.values()) <= MAX_RED_PER_RESOURCE,
         "values": reds, "max": MAX_RED_PER_RESOURCE},
        {"check": "terrain_clusters",
         "ok": all(size <= MAX_CLUSTER for t, size in clusters.items() if t != "desert"),
         "largest": {t: s for t, s in clusters.items() if t != "desert"}, "max": MAX_CLUSTER},
    ]


def _place_tokens_apart(frame: Frame, terrain: dict[str, str], rng: Rng, step_limit: int = 5000):
    """Tokens on producing hexes so that no equal numbers and no two red numbers touch.

    Backtracking over hexes in a random order, trying the remaining values in a random order.
    Returns None when the step limit runs out (the caller draws new terrain).
    """
    g = frame.geometry
    hexes = shuffled([h for h in g.hexes if terrain[h] != "desert"], rng)
    left = {n: frame.token_values.count(n) for n in NUMBERS}
    placed: dict[str, int] = {}
    steps = 0

    def fits(h: str, n: int) -> bool:
        for m in g.hex_neighbours[h]:
            other = placed.get(m)
            if other is not None and (other == n or (n in RED_NUMBERS and other in RED_NUMBERS)):
                return False
        return True

    def place(i: int) -> bool:
        nonlocal steps
        if i == len(hexes):
            return True
        steps += 1
        if steps > step_limit:
            return False
        h = hexes[i]
        for n in shuffled([n for n in NUMBERS if left[n]], rng):
            if fits(h, n):
                placed[h] = n
                left[n] -= 1
                if place(i + 1):
                    return True
                left[n] += 1
                del placed[h]
        return False

    return placed if place(0) else None


def balanced_board(frame: Frame | str, rng: Rng, *, shuffle_harbours: bool = False) -> tuple[dict, list[dict]]:
    """A random board that passes every check of balance_report; returns (board, reasons)."""
    frame = get_frame(frame) if isinstance(frame, str) else frame
    hexes = frame.geometry.hexes
    for attempt in range(1, MAX_ATTEMPTS + 1):
        terrain = dict(zip(hexes, shuffled(frame.terrain_pool(), rng)))
        clusters = _largest_clusters(_new_board(frame, terrain, {}, {}, None, {}))
        if any(size > MAX_CLUSTER for t, size in clusters.items() if t != "desert"):
            continue  # cheapest check first: redraw the terrain
        numbers = _place_tokens_apart(frame, terrain, rng)
        if numbers is None:
            continue
        board = _new_board(frame, terrain, numbers, _harbours(frame, rng, shuffle_harbours),
                           _first_desert(frame, terrain), {"method": "balanced", "attempts": attempt})
        reasons = balance_report(board)
        if all(r["ok"] for r in reasons):
            return board, reasons
    raise RuntimeError("no balanced board found")  # not expected: see the tests' seed sweep


# --- (d) manual: mirror a physical board --------------------------------------------------

def empty_board(frame: Frame | str = "base") -> dict:
    """Every hex blank, no harbours, no robber: fill it in with the setters below."""
    frame = get_frame(frame) if isinstance(frame, str) else frame
    return _new_board(frame, {}, {}, {}, None, {"method": "manual"})


def set_terrain(board: dict, hex_: str, terrain: str | None, more_terrains=()) -> dict:
    """`more_terrains`: a scenario's own (a lake, swamps, an oasis)."""
    if hex_ not in board["hexes"]:
        raise ValueError(f"unknown hex {hex_!r}")
    if terrain is not None and terrain not in TERRAINS and terrain not in more_terrains:
        raise ValueError(f"unknown terrain {terrain!r}")
    new = copy.deepcopy(board)
    new["hexes"][hex_]["terrain"] = terrain
    return new


def set_number(board: dict, hex_: str, number: int | None) -> dict:
    if hex_ not in board["hexes"]:
        raise ValueError(f"unknown hex {hex_!r}")
    if number is not None and number not in NUMBERS:
        raise ValueError(f"no number token shows {number!r}")
    new = copy.deepcopy(board)
    new["hexes"][hex_]["number"] = number
    return new


def set_harbour(board: dict, edge: str, harbour_type: str | None) -> dict:
    """Put a harbour of a type on a coastal edge, or remove it with None."""
    if edge not in frame_of(board).geometry.coastal_edges:
        raise ValueError(f"{edge!r} is not a coastal edge")
    if harbour_type is not None and harbour_type not in HARBOUR_TYPES:
        raise ValueError(f"unknown harbour type {harbour_type!r}")
    new = copy.deepcopy(board)
    if harbour_type is None:
        new["harbours"].pop(edge, None)
    else:
        new["harbours"][edge] = harbour_type
    return new


def set_robber(board: dict, hex_: str | None) -> dict:
    if hex_ is not None and hex_ not in board["hexes"]:
        raise ValueError(f"unknown hex {hex_!r}")
    new = copy.deepcopy(board)
    new["robber"] = hex_
    return new


def expected_set(frame: Frame | str) -> dict:
    """What a frame's physical board holds: terrain counts, number tokens, the terrains that
    carry no token, and the terrain the robber starts on (None: beside the board).
    A scenario changes it (Rules.board_expected), and may add "terrain_totals":
    [[terrains, total]], terrains whose sum is fixed rather than each count."""
    if isinstance(frame, str) and frame not in FRAMES:
        # A board with its own shape (board["shape"]): no standard set; the layer that made
        # the shape says what it holds (its board_set hook, Rules.board_expected).
        return {"terrains": {}, "tokens": {}, "untokened": {"desert"}, "robber_on": None}
    frame = get_frame(frame) if isinstance(frame, str) else frame
    return {"terrains": dict(frame.terrain_counts), "tokens": frame.token_counts(),
            "untokened": {"desert"}, "robber_on": "desert"}


def robber_start(board: dict, expected: dict) -> str | None:
    """The hex the robber starts on: the first of its terrain (None: off the board)."""
    terrain = expected.get("robber_on")
    return next((h for h, x in board["hexes"].items() if terrain and x.get("terrain") == terrain), None)


def validate_board(board: dict, expected: dict | None = None) -> list[tuple[str, dict]]:
    """Problems that keep a board from matching its frame's set (or `expected`, a
    scenario's set: see expected_set), as (code, details)."""
    try:
        frame = frame_of(board)
    except (KeyError, ValueError):
        return [("unknown_frame", {"frame": board.get("frame")})]
    expected = expected or expected_set(frame)
    terrains = tuple(dict.fromkeys((*TERRAINS, *expected["terrains"])))
    untokened = expected["untokened"]
    g = frame.geometry
    problems: list[tuple[str, dict]] = []
    hexes = board.get("hexes", {})
    missing = [h for h in g.hexes if h not in hexes]
    extra = [h for h in hexes if h not in g.hexes]
    if missing or extra:
        problems.append(("hexes_mismatch", {"missing": missing, "extra": extra}))

    cells = {h: hexes[h] for h in g.hexes if h in hexes}
    blank = [h for h, c in cells.items() if c.get("terrain") is None]
    if blank:
        problems.append(("terrain_missing", {"hexes": blank}))
    for h, c in cells.items():
        if c.get("terrain") is not None and c["terrain"] not in terrains:
            problems.append(("unknown_terrain", {"hex": h, "terrain": c["terrain"]}))
    terrain_counts = {t: sum(c.get("terrain") == t for c in cells.values()) for t in terrains}
    wanted = {t: expected["terrains"].get(t, 0) for t in terrains}
    # A group whose total the set fixes but not each count (Rivers of Catan's river tiles
    # are known only from a picture): [[terrains], total]; each of them then needs at least 1.
    grouped = {t for group, _total in expected.get("terrain_totals", ()) for t in group}
    totals_wrong = any(sum(terrain_counts[t] for t in group) != total or any(terrain_counts[t] < 1 for t in group)
                       for group, total in expected.get("terrain_totals", ()))
    if totals_wrong or any(terrain_counts[t] != wanted[t] for t in terrains if t not in grouped):
        problems.append(("terrain_counts", {"expected": wanted, "actual": terrain_counts}))

    for h, c in cells.items():
        number = c.get("number")
        if number is not None and number not in NUMBERS:
            problems.append(("unknown_number", {"hex": h, "number": number}))
        if c.get("terrain") in untokened and number is not None:
            problems.append(("token_on_desert", {"hex": h, "number": number}))
    untokened = [h for h, c in cells.items()
                 if c.get("terrain") is not None and c.get("terrain") not in untokened and c.get("number") is None]
    if untokened:
        problems.append(("token_missing", {"hexes": untokened}))
    # A token lying beside another on one hex (Rivers of Catan's "2" on the 12) counts too.
    laid = [n for c in cells.values() for n in [c.get("number"), *(c.get("extra_numbers") or ())]]
    for h, c in cells.items():
        for number in c.get("extra_numbers") or ():
            if number not in NUMBERS:
                problems.append(("unknown_number", {"hex": h, "number": number}))
    token_counts = {n: laid.count(n) for n in NUMBERS}
    pool = expected.get("token_pool")  # tokens drawn from a larger pool (some stay in the box)
    if pool is not None:
        if any(token_counts[n] > pool.get(n, 0) for n in NUMBERS) or sum(token_counts.values()) != expected["tokens"]:
            problems.append(("token_counts", {"expected": dict(pool), "actual": token_counts}))
    elif token_counts != expected["tokens"]:
        problems.append(("token_counts", {"expected": expected["tokens"], "actual": token_counts}))

    harbours = board.get("harbours", {})
    for edge, kind in harbours.items():
        if edge not in g.coastal_edges:
            problems.append(("harbour_not_coastal", {"edge": edge}))
        if kind not in HARBOUR_TYPES:
            problems.append(("unknown_harbour_type", {"edge": edge, "type": kind}))
    harbour_counts = {t: sum(k == t for k in harbours.values()) for t in HARBOUR_TYPES}
    if harbour_counts != frame.harbour_type_counts():
        problems.append(("harbour_counts", {"expected": frame.harbour_type_counts(), "actual": harbour_counts}))
    served: dict[str, str] = {}
    for edge in harbours:
        for corner in g.edge_corners.get(edge, ()):
            if corner in served:
                problems.append(("harbours_share_corner", {"corner": corner, "edges": [served[corner], edge]}))
            served[corner] = edge

    robber = board.get("robber")
    if robber is None and expected.get("robber_on"):
        problems.append(("robber_missing", {}))
    elif robber is not None and robber not in g.hexes:
        problems.append(("robber_off_board", {"hex": robber}))
    return problems


def harbour_ratio(harbour_type: str) -> int:
    return 3 if harbour_type == GENERIC else 2
