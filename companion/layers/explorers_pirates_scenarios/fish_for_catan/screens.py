"""What the screens show for the Fish for Catan mission (rules.py; the crews, the pirate ship,
the mission tracks and the free placement are the core's: explorers_pirates/screens.py's
missions_context, the lairs Pirate Lairs'): the fish fields with their die faces, the shoals on
them and aboard ships, the shoals left in the supply, and the movement phase's fishing: drawing
a shoal (the server's die or one typed at the table), catching and delivering it."""

from companion.board_svg import frame_drawing
from companion.layers.cores.explorers_pirates.screens import seat_colors, ship_drawings, svg_round
from companion.machinery.contract import Form, Screens, Words
from companion.layers.explorers_pirates_scenarios.fish_for_catan import LAYERS, forms, messages

DEFAULTS = {"ff": None, "ff_scores": None}
PARTIALS = {
    "actions": "fish_for_catan/actions.html",
    "scoreboard": "fish_for_catan/scoreboard.html",
    "board_layer": "fish_for_catan/board_layer.html",
    "board_targets": "fish_for_catan/board_targets.html",
}
READS = {"scoreboard": ("ff_scores",)}


def _shoal(x: float, y: float, size: float) -> dict:
    """A shoal: three small fish (a body and a tail each) around (x, y)."""
    fish = []
    for dx, dy in ((-0.2, -0.1), (0.16, -0.16), (0.0, 0.12)):
        cx, cy = x + dx * size, y + dy * size
        w, h = 0.14 * size, 0.07 * size
        fish.append({"cx": svg_round(cx), "cy": svg_round(cy), "rx": svg_round(w), "ry": svg_round(h),
                     "tail": f"{svg_round(cx + w * 0.8):g},{svg_round(cy):g} {svg_round(cx + w * 1.5):g},{svg_round(cy - h):g} "
                             f"{svg_round(cx + w * 1.5):g},{svg_round(cy + h):g}"})
    return {"fish": fish, "stroke": svg_round(0.02 * size)}


# Where the pips of each die face lie, in a unit square centred on (0, 0).
PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


def _die(face, x: float, y: float, size: float) -> dict:
    """The die face printed on a fish field: a white square with its pips (drawn, not a font's glyph)."""
    half, step = 0.17 * size, 0.095 * size
    return {"x": svg_round(x - half), "y": svg_round(y - half), "side": svg_round(2 * half), "round": svg_round(0.04 * size),
            "pips": [{"cx": svg_round(x + dx * step), "cy": svg_round(y + dy * step), "r": svg_round(0.03 * size)}
                     for dx, dy in PIPS.get(face, ())]}


def _drawing(f: dict, view: dict, picture: dict | None) -> tuple[list, list]:
    """The fish fields (their face, a shoal on them) and the shoals aboard ships."""
    if not picture or not view.get("board"):
        return [], []
    size = picture["size"]
    d = frame_drawing(picture["frame"], size)
    shoals = set(f.get("shoals") or ())
    fields = []
    for h, face in sorted((f.get("fields") or {}).items()):
        if h not in d.hex_centres:
            continue
        x, y = d.hex_centres[h]
        fields.append({"hex": h, "face": face, "die": _die(face, x, y + 0.5 * size, size),
                       "shoal": _shoal(x, y - 0.1 * size, size) if h in shoals else None, "has_shoal": h in shoals,
                       "points": d.hex_points[h], "stroke": svg_round(0.02 * size)})
    part = view.get("explorers_pirates") or {}
    aboard = set(f.get("aboard") or ())
    hexes = view["board"]["layout"]["hexes"]
    ships = [s for s in ship_drawings(part, d, seat_colors(view), size, hexes) if s["id"] in aboard] if part.get("ships") else []
    loads = [{"ship": s["id"], "seat": s["seat"], **_shoal(s["x"], s["y"], size * 0.8)} for s in ships]
    return fields, loads


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    f = view.get("fish_for_catan")
    if not f:
        return {}
    fields, loads = _drawing(f, view, picture)
    faces = {h: face for h, face in (f.get("fields") or {}).items()}
    targets = (view.get("board") or {}).get("targets") or {}
    stage = (view.get("explorers_pirates") or {}).get("stage")
    on_board = len(f.get("shoals") or ())
    return {
        "ff": {
            "fields": fields, "loads": loads, "stage": stage,
            "can_draw": bool(f.get("can_draw")), "tried": bool(f.get("tried")),
            "typed": view["config"].get("dice_source") == "typed",
            "catch": [{"hex": h, "face": faces.get(h)} for h in targets.get("catch") or ()],
            "deliver": list(f.get("deliverers") or ()),
            "faces": sorted(faces.values()),
        },
        "ff_scores": {"supply": f.get("supply", 0), "on_board": on_board, "aboard": len(f.get("aboard") or ()),
                      "total": f.get("total", 6), "fields": len(faces)},
    }


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS, reads=READS,
    words=Words(messages.refusal, messages.log_text, names={"gold_reason": messages.GOLD_REASONS}),
    form=Form(scenario=forms.SCENARIO),
)
