"""The fast board editor on the screens (templates/partials/board_entry.html, and the board's
targets while the board is entered: partials/board_entry_targets.html). What to show comes
from the view's board["entry"] (companion/machinery/board_entry.py); here it gets its words
and its places on the drawing. Used only while a board is entered."""
from django import template
from django.utils.translation import gettext as _

from companion import engine
from companion.board_svg import HARBOUR_OUT, frame_drawing
from companion.layers.cores.base.messages import RESOURCE_NAMES
from companion.machinery.board_frames import GENERIC, RED_NUMBERS
from companion.machinery.board_geometry import parse_hex_id
from companion.messages import TERRAIN_NAMES
from companion.web import contracts

register = template.Library()
# Looked up as variables, so that a kept render records these reads alone (companion/web/render_cache.py):
# the board's marks are one render for every phone (the view, whole, holds each one's own part).
_PALETTE_READS = (template.Variable("view.board.entry"), template.Variable("game.config"))
_MARK_READS = (template.Variable("view.board.entry"), template.Variable("board.frame"), template.Variable("board.size"))

# A path's or a harbour's hit circle while the board is entered, in hex sizes: about 50 CSS
# px across on a 1366×768 table screen (the board then about 60 px a hex size), and adjacent
# paths' circles (0.87 apart) do not overlap.
ENTRY_TARGET_R = 0.43


def _short(name) -> str:
    """A terrain's name without its note: "hills (brick)" -> "hills", "bagno (nic)" -> "bagno"."""
    return str(name).split(" (")[0]


def _terrain_names(config: dict) -> dict:
    own = contracts.terrain_names(engine.rules_for(config).names)
    return {**TERRAIN_NAMES, **own}


def _harbour_name(kind: str) -> str:
    return "3:1" if kind == GENERIC else f"2:1 {RESOURCE_NAMES.get(kind, kind)}"


@register.simple_tag(takes_context=True)
def entry_palette(context) -> dict:
    """The palettes (terrains, numbers, harbour types) with what the set has left, and where
    the editor is: {% entry_palette as palette %}."""
    entry, config = (variable.resolve(context) for variable in _PALETTE_READS)
    names = _terrain_names(config)
    order = entry["order"]
    rows = sorted({parse_hex_id(h)[1] for h in order})
    where = None
    if entry["hex"]:
        q, r = parse_hex_id(entry["hex"])
        in_row = sorted(parse_hex_id(h)[0] for h in order if parse_hex_id(h)[1] == r)
        where = _("row %(row)s, hex %(n)s from the left") % {"row": rows.index(r) + 1, "n": in_row.index(q) + 1}
    harbour = entry["harbour"]
    return {
        "terrains": [{"code": code, "name": _short(names.get(code, code)), "left": left}
                     for code, left in entry["terrains"].items()],
        "numbers": [{"n": n, "left": left, "red": n in RED_NUMBERS} for n, left in sorted(entry["numbers"].items())],
        "harbours": [{"code": kind, "name": _harbour_name(kind), "left": left}
                     for kind, left in entry["harbour_types"].items()],
        "where": where,
        "no_number": entry["hex_terrain"] in entry["untokened"],
        "hexes_done": entry["hexes_done"] == entry["hexes_total"],
        "harbour_n": entry["harbour_order"].index(harbour) + 1 if harbour in entry["harbour_order"] else None,
    }


@register.simple_tag(takes_context=True)
def entry_marks(context) -> dict:
    """Where the editor's own marks go on the board: the next hex's outline, a tap target on
    every harbour of the frame, and the hit circle of a path: {% entry_marks as marks %}."""
    entry, frame, size = (variable.resolve(context) for variable in _MARK_READS)
    entry = entry or {"harbour_order": [], "harbour": None, "hex": None}
    d = frame_drawing(frame, size)
    size = d.size
    radius = round(ENTRY_TARGET_R * size, 2)
    harbours = []
    for edge in entry["harbour_order"]:
        if edge not in d.edge_sea_centre:
            continue
        (ax, ay), (bx, by) = d.edges[edge]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        sx, sy = d.edge_sea_centre[edge]
        harbours.append({"id": edge, "x": round(mx + (sx - mx) * HARBOUR_OUT, 2),
                         "y": round(my + (sy - my) * HARBOUR_OUT, 2), "current": edge == entry["harbour"]})
    return {"cursor": d.hex_points.get(entry["hex"]) if entry["hex"] else None, "harbours": harbours,
            "r": radius, "hex_r": round(0.62 * size, 2), "cursor_w": round(0.09 * size, 2),
            "dot_r": round(0.07 * size, 2)}
