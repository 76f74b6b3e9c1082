"""What the screens show for Barbarian Attack (rules.py): the barbarians on each coastal hex
and the conquered hexes (their token covered), the knights on their paths, the castle; the
pool, each player's knights, prisoners and points lost; the last landing and fights; on the
active phone (or the table) the card just bought and its choices, and the knights' moves."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from companion.board_svg import frame_drawing
from companion.layers.traders_barbarians_scenarios.barbarian_attack.messages import CARD_NAMES, CARD_TEXTS, COLOUR_NAMES
from companion.machinery.contract import Form, Screens, Words, owes_pending
from companion.layers.traders_barbarians_scenarios.barbarian_attack import LAYERS, forms, messages
from companion.layers.traders_barbarians_scenarios.barbarian_attack.rules import INTRIGUE, KNIGHT_PHASE, TREASON, WANDER_PHASE

TERRAIN_NAMES = {"castle": gettext_lazy("castle (knights start here; produces nothing)")}
SHORT_NAMES = {"castle": gettext_lazy("castle"), "desert": gettext_lazy("desert")}

DEFAULTS = {"barbarian_attack": None}
PARTIALS = {
    "actions": "barbarian_attack/actions.html",
    "scoreboard": "barbarian_attack/scoreboard.html",
    "board_layer": "barbarian_attack/board_layer.html",
    "board_targets": "barbarian_attack/board_targets.html",
}
VP_SOURCES = {"prisoners": gettext_lazy("Prisoners (1 point for every 2)"),
              "conquered": gettext_lazy("Buildings conquered by the barbarians")}
READS = {"scoreboard": ("barbarian_attack",)}
# What the card just bought asks of its buyer's phone, in a few words for its bottom bar (the
# form follows: barbarian_attack/owed.html); a knight is placed by a tap on the board.
OWED_LABELS = {KNIGHT_PHASE: gettext_lazy("Place your knight: tap a marked path on the board."),
               TREASON: gettext_lazy("Treason: move 2 barbarians to other coastal hexes."),
               INTRIGUE: gettext_lazy("Intrigue: pick the hex to take a barbarian prisoner from."),
               WANDER_PHASE: gettext_lazy("Place the wandering knight: tap a free path beside the castle.")}


def trade_ratios(view: dict) -> dict | None:
    """A phone's harbour ratios without the harbours of its conquered buildings."""
    return (view.get("barbarian_attack") or {}).get("ratios")


def _r(value: float) -> float:
    return round(value, 1)


def _colors(view: dict) -> list[str]:
    return [p.get("color", "") for p in view["players"]]


def edge_label(layout: dict | None, edge: str) -> str:
    """A path named by the numbers (or terrains) of the hexes beside it: "5 | 9"."""
    if not layout:
        return edge
    from companion.machinery import board as boards
    g = boards.geometry(layout)
    parts = []
    for h in g.edge_hexes.get(edge, ()):
        cell = layout["hexes"].get(h) or {}
        parts.append(str(cell.get("number") or SHORT_NAMES.get(cell.get("terrain"), cell.get("terrain") or "?")))
    if len(parts) == 1:
        parts.append(str(gettext_lazy("sea")))
    return " | ".join(parts)


def _drawing(part: dict, picture: dict | None, colors: list[str], wandering_color: str = "") -> dict:
    if not picture:
        return {"barbarians": [], "knights": [], "conquered": [], "fallen": [], "wandering": None}
    d = frame_drawing(picture["frame"], picture["size"])
    size = picture["size"]
    barbarians = []
    for h, n in sorted(part["barbarians"].items()):
        if h not in d.hex_centres:
            continue
        x, y = d.hex_centres[h]
        dots = [{"x": _r(x + (i - (n - 1) / 2) * 0.3 * size), "y": _r(y + 0.45 * size)} for i in range(n)]
        barbarians.append({"hex": h, "n": n, "dots": dots, "conquered": h in part["conquered"]})
    conquered = []
    for h in part["conquered"]:
        if h in d.hex_centres:
            x, y = d.hex_centres[h]
            conquered.append({"hex": h, "x": _r(x), "y": _r(y), "r": _r(0.32 * size)})
    knights = []
    for edge, seat in sorted(part["knights"].items()):
        if edge not in d.edges:
            continue
        (x1, y1), (x2, y2) = d.edges[edge]
        knights.append({"edge": edge, "seat": seat, "color": colors[seat] if 0 <= seat < len(colors) else "",
                        "x": _r((x1 + x2) / 2), "y": _r((y1 + y2) / 2), "r": _r(0.17 * size),
                        "moved": edge in part["moved"]})
    wandering = None  # Catan for two: the knight of no player's colour
    if part.get("wandering") in d.edges:
        (x1, y1), (x2, y2) = d.edges[part["wandering"]]
        wandering = {"edge": part["wandering"], "color": wandering_color, "x": _r((x1 + x2) / 2),
                     "y": _r((y1 + y2) / 2), "r": _r(0.17 * size), "moved": part.get("wandering_moved", False)}
    fallen = []
    for corner in sorted(part["conquered_buildings"]):
        if corner in d.corners:
            x, y = d.corners[corner]
            h = 0.3 * size
            fallen.append({"corner": corner, "x1": _r(x - h), "y1": _r(y - h), "x2": _r(x + h), "y2": _r(y + h),
                           "x": _r(x), "y": _r(y), "r": _r(h)})
    castle = None
    if part["castle"] in d.hex_centres:
        x, y = d.hex_centres[part["castle"]]
        castle = {"x": _r(x), "y": _r(y), "font": _r(0.5 * size)}
    return {"barbarians": barbarians, "conquered": conquered, "knights": knights, "castle": castle, "fallen": fallen,
            "wandering": wandering,
            "dot": _r(0.12 * size), "stroke": _r(0.05 * size), "font": _r(0.22 * size)}


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    part = view.get("barbarian_attack")
    if not part:
        return {}
    players = view["players"]
    me = (view.get("me") or {}).get("seat")
    layout = (view.get("board") or {}).get("layout")
    numbers = {h: (layout["hexes"].get(h) or {}).get("number") for h in part["coastal"]} if layout else {}
    card = part["card"]
    shown_card = None
    if card:
        shown_card = {"card": card["card"], "name": CARD_NAMES.get(card["card"], card["card"]),
                      "text": CARD_TEXTS.get(card["card"], ""), "player": players[card["seat"]],
                      "mine": me == card["seat"]}
    moves = []
    for edge, options in sorted(part["moves"].items(), key=lambda m: m[0] == part.get("wandering")):
        moves.append({"from": edge, "label": edge_label(layout, edge), "must_leave": edge in part["must_leave"],
                      "wandering": edge == part.get("wandering"),
                      "options": [{"to": to, "label": edge_label(layout, to), "paths": n,
                                   "grain": n > part["move_limit"]}
                                  for to, n in sorted(options, key=lambda o: (o[1], edge_label(layout, o[0])))]})
    coast = [{"hex": h, "number": numbers.get(h), "n": part["barbarians"].get(h, 0),
              "conquered": h in part["conquered"]} for h in part["coastal"]]
    wanderer = {"name": _("the wandering knight"), "color": "", "seat": None}  # Catan for two
    battles = [{"number": b.get("number"), "barbarians": b["barbarians"],
                "prisoners": [{"player": players[int(s)] if int(s) >= 0 else wanderer, "n": n}
                              for s, n in b["prisoners"].items()],
                "colour": COLOUR_NAMES.get(b["colour"], b["colour"]),
                "lost": [players[s] for _e, s in b["lost"]]} for b in part["battles"]]
    landing = part["landing"]
    two = view.get("catan_for_two") or {}
    wandering_color = (two.get("neutrals") or [{}])[0].get("color", "")
    wandering = None
    if part.get("two_players"):
        wander = part.get("wander")
        label = edge_label(layout, part["wandering"]) if part["wandering"] else ""
        wandering = {"edge": part["wandering"], "label": label,
                     "color": wandering_color, "prisoners": part["wandering_prisoners"],
                     "placing": {"player": players[wander["seat"]], "mine": me == wander["seat"]} if wander else None}
    return {"barbarian_attack": {
        "wandering": wandering,
        "pool": part["pool"],
        "coast": coast,
        "with_barbarians": [c for c in coast if c["n"]],
        "open_coast": [c for c in coast if not c["conquered"]],
        # the token move's "to" starts on a hex other than its "from" (the form's defaults are a move)
        "move_to": next((c["hex"] for c in coast if not c["conquered"]
                         and c["hex"] != next((b["hex"] for b in coast if b["n"]), None)), None),
        "conquered": len(part["conquered"]),
        "players": [{"player": p, "knights_left": part["knights_left"][p["seat"]],
                     "knights": sum(1 for s in part["knights"].values() if s == p["seat"]),
                     "prisoners": part["prisoners"][p["seat"]], "vp": part["prisoner_vp"][p["seat"]],
                     "lost_vp": part["lost_vp"][p["seat"]]} for p in players],
        "deck": part["deck"],
        "deck_counts": part["deck_counts"],
        "deck_fields": [{"card": c, "name": CARD_NAMES[c], "n": (part["deck_counts"] or {}).get(c, 0)}
                        for c in CARD_NAMES],
        "discards": part["discards"],
        "card": shown_card,
        "moves": moves,
        "must_leave": bool(part["must_leave"]),
        "landing": {"player": players[landing["seat"]], "totals": [sum(d) for d in landing["rolls"]],
                    "placed": [numbers.get(h) for h in landing["placed"]]} if landing else None,
        "battles": battles,
        "drawing": _drawing(part, picture, _colors(view), wandering_color),
        "mine": me,
    }}


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS, reads=READS, trade_ratios=trade_ratios,
    words=Words(messages.refusal, messages.log_text,
                names={"phase": messages.PHASE_NAMES, "revealed": messages.REVEALED_TEXTS,
                       "board_problem": messages.BOARD_PROBLEMS, "gold_reason": messages.GOLD_REASONS,
                       "token_reason": messages.TOKEN_REASONS, "terrain": TERRAIN_NAMES, "vp_source": VP_SOURCES}),
    form=Form(scenario=forms.SCENARIO, fields=forms.ACTION_FIELDS, list_fields=forms.LIST_FIELDS),
    owed=owes_pending(LAYERS, partial="barbarian_attack/owed.html", labels=OWED_LABELS,
                      board=frozenset({KNIGHT_PHASE, WANDER_PHASE})),
)
