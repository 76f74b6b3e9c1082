"""Entering a physical board by hand, two taps a hex: the order the editor walks the hexes and
the harbours in, what the set still has to offer, and which hex and harbour come next.

Pure Python, like the rest of the board model. `expected` is what the physical board holds
(board_setup.expected_set, changed by a scenario: Rules.board_expected); `progress` is the
entry's own memory in the state (state["board"]["entry"]): {"hex": the hex entered last,
"harbours": the harbour positions entered so far, in order}.

The hexes go row by row, from the top row down, left to right in each row (reading order:
easy to follow on the table without counting rings). A hex is done when it has its terrain
and, unless its terrain carries no token, its number. The next hex is the one entered last
while it still lacks its number (a terrain tapped, its number next), else the first hex
not done in that order.

Harbours are laid where the frame has them, with the frame's standard types: the table
confirms or changes them in the frame's order (clockwise from the top left), one tap each;
the types offered are those not yet given to a harbour entered so far.
"""
from __future__ import annotations

from companion.machinery.board_frames import HARBOUR_TYPES, NUMBERS, get_frame
from companion.machinery.board_geometry import parse_hex_id


def new_progress() -> dict:
    return {"hex": None, "harbours": []}


def hex_order(layout: dict) -> list[str]:
    """Row by row from the top, left to right in a row (r grows downwards, q to the right)."""
    return sorted(layout["hexes"], key=lambda h: parse_hex_id(h)[::-1])


def untokened(expected: dict) -> set:
    return set(expected.get("untokened") or ())


def hex_done(cell: dict, no_token: set) -> bool:
    terrain = cell.get("terrain")
    return terrain is not None and (terrain in no_token or cell.get("number") is not None)


def next_hex(layout: dict, expected: dict, progress: dict | None) -> str | None:
    """The hex the palette fills now (None: every hex is done)."""
    no_token = untokened(expected)
    hexes = layout["hexes"]
    last = (progress or {}).get("hex")
    if last in hexes and hexes[last].get("terrain") is not None and not hex_done(hexes[last], no_token):
        return last  # its terrain was just tapped: its number comes next
    return next((h for h in hex_order(layout) if not hex_done(hexes[h], no_token)), None)


def _groups(expected: dict) -> list[tuple[tuple, int]]:
    """Terrains whose total the set fixes, not each count (Rivers of Catan's river tiles)."""
    return [(tuple(group), total) for group, total in expected.get("terrain_totals", ())]


def terrains_left(layout: dict, expected: dict, skip: str | None = None) -> dict[str, int]:
    """{terrain: tiles of it not on the board yet}, for every terrain the set holds (a
    grouped terrain: what its group has left). `skip`: a hex left out of the count (the
    one being entered again)."""
    used: dict[str, int] = {}
    for h, cell in layout["hexes"].items():
        if h != skip and cell.get("terrain") is not None:
            used[cell["terrain"]] = used.get(cell["terrain"], 0) + 1
    left = {t: n - used.get(t, 0) for t, n in expected["terrains"].items() if n > 0}
    for group, total in _groups(expected):
        group_left = total - sum(used.get(t, 0) for t in group)
        for t in group:
            left[t] = group_left
    return {t: max(0, n) for t, n in left.items()}


def tokens_left(layout: dict, expected: dict, skip: str | None = None) -> dict[int, int]:
    """{number: tokens of it not on the board yet}. A token a scenario lays by itself beside
    another ("tokens_beside": Rivers of Catan's 2 beside the 12) is never offered; with a
    pool bigger than the board (some stay in the box) a number is offered while the pool has
    it and the board has room."""
    laid: dict[int, int] = {}
    for h, cell in layout["hexes"].items():
        if h != skip and cell.get("number") is not None:
            laid[cell["number"]] = laid.get(cell["number"], 0) + 1
    beside = {int(n): c for n, c in (expected.get("tokens_beside") or {}).items()}
    pool = expected.get("token_pool")
    if pool is not None:
        room = expected["tokens"] - sum(laid.values())
        return {n: max(0, min(pool.get(n, 0) - laid.get(n, 0), room)) for n in NUMBERS if pool.get(n, 0)}
    return {n: max(0, c - laid.get(n, 0) - beside.get(n, 0)) for n, c in expected["tokens"].items()
            if c - beside.get(n, 0) > 0}


def harbour_order(layout: dict) -> list[str]:
    """The frame's harbour positions, clockwise from the top left (a board of its own shape:
    its harbours as they lie)."""
    try:
        return list(get_frame(layout["frame"]).harbour_edges) if "shape" not in layout else sorted(layout["harbours"])
    except ValueError:
        return sorted(layout.get("harbours") or {})


def harbour_counts(layout: dict) -> dict[str, int]:
    """How many harbours of each type the frame holds."""
    try:
        return get_frame(layout["frame"]).harbour_type_counts()
    except ValueError:
        found = list((layout.get("harbours") or {}).values())
        return {t: found.count(t) for t in HARBOUR_TYPES}


def harbours_left(layout: dict, progress: dict | None, skip: str | None = None) -> dict[str, int]:
    """{type: harbours of it not given yet to a position entered so far}."""
    entered = [e for e in (progress or {}).get("harbours", ()) if e != skip]
    given = [layout["harbours"].get(e) for e in entered]
    return {t: max(0, n - given.count(t)) for t, n in harbour_counts(layout).items() if n}


def next_harbour(layout: dict, progress: dict | None) -> str | None:
    """The harbour position the palette sets now: the first in the frame's order not
    entered yet (None: every one is)."""
    entered = set((progress or {}).get("harbours", ()))
    return next((e for e in harbour_order(layout) if e not in entered), None)


def entry_view(layout: dict, expected: dict, progress: dict | None) -> dict:
    """What the editor shows: the order, the next hex and what the set still has for it,
    the next harbour and the types left, and how far the entry is."""
    no_token = untokened(expected)
    hexes = layout["hexes"]
    current = next_hex(layout, expected, progress)
    cell = hexes.get(current) or {}
    order = hex_order(layout)
    harbours = harbour_order(layout)
    entered = [e for e in (progress or {}).get("harbours", ()) if e in harbours]
    return {
        "order": order,
        "hex": current,
        "hex_terrain": cell.get("terrain"),
        "hex_number": cell.get("number"),
        # Re-entering a hex: its own tile and token are free for it again.
        "terrains": terrains_left(layout, expected, skip=current),
        "numbers": tokens_left(layout, expected, skip=current),
        "untokened": sorted(no_token),
        "hexes_done": sum(1 for h in order if hex_done(hexes[h], no_token)),
        "hexes_total": len(order),
        "harbour_order": harbours,
        "harbour": next_harbour(layout, progress),
        "harbour_types": harbours_left(layout, progress),
        "harbours_entered": len(entered),
        "harbours_total": len(harbours),
    }
