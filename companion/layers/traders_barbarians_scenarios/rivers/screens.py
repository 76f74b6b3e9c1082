"""What the screens show for Rivers of Catan (rules.py): every player's titles and bridges
(the table and the scoreboard), the rivers and bridge sites on the board, a phone's own
titles, the bridge sites to tap, and the board editor's form for a tapped path. Gold
itself (every player's, the forms to spend and trade it) is the gold layer's screens."""
from django.utils.translation import gettext_lazy

from companion.board_svg import frame_drawing, seat_color
from companion.messages import cards_text

from companion.layers.traders_barbarians_scenarios.rivers import rules
from companion.layers.gold.messages import gold_text
from companion.layers.traders_barbarians_scenarios.rivers.messages import BOARD_PROBLEMS
from companion.machinery.contract import Form, Screens, Words
from companion.layers.traders_barbarians_scenarios.rivers import LAYERS, forms, messages

TERRAIN_NAMES = {"swamp": gettext_lazy("swamp (nothing)")}
# The keys this layer adds to a screen's context, as the templates find them in other games.
DEFAULTS = {"rivers": None, "rivers_scores": None}
PARTIALS = {"actions": "rivers/actions.html", "badges": "rivers/badge.html", "scoreboard": "rivers/scoreboard.html",
            "hand": "rivers/hand.html", "board_layer": "rivers/board_layer.html",
            "board_targets": "rivers/board_targets.html", "board_editor": "rivers/board_editor.html"}
# What the scoreboard (a shared fragment kept by what it shows) reads of this layer's keys:
# the public part only (the same on every screen).
READS = {"scoreboard": ("rivers_scores",)}
# Its rows of the final score and of a phone's breakdown of its points (rules.vp_sources).
VP_SOURCES = {"wealthiest": gettext_lazy("Wealthiest settler"), "poor": gettext_lazy("Poor settler")}

# Drawn to be checked against the printed river tiles at a glance, and never hidden under the
# editor's targets (those are rings with a dot: static/board_editor.css): a wide blue river
# with a light bank, a bridge site a brown plank across its path (a built bridge: its owner's
# colour). Fractions of the hex size.
RIVER_W = 0.17      # a river path's line
BANK_W = 0.27       # the light line under it
SITE_R = 0.13       # a bridge site's ring (the middle of its plank)
PLANK_W = 0.24      # a bridge site's plank
PLANK_SHORT = 0.18  # each end of the plank stops this far from its intersection (a share of the path)


def _r(value: float) -> float:
    return round(value, 2) + 0.0


def _line(d, edge: str) -> dict | None:
    if edge not in d.edges:
        return None
    (x1, y1), (x2, y2) = d.edges[edge]
    return {"id": edge, "x1": _r(x1), "y1": _r(y1), "x2": _r(x2), "y2": _r(y2), "x": _r((x1 + x2) / 2),
            "y": _r((y1 + y2) / 2)}


def _drawing(r: dict, colors: list[str], picture: dict) -> dict:
    d = frame_drawing(picture["frame"], picture["size"])
    size = picture["size"]
    river = [line for line in (_line(d, e) for e in r["river"]) if line]
    sites = []
    for edge in r["bridge_sites"]:
        line = _line(d, edge)
        if line:
            seat = r["bridges"].get(edge)
            (x1, y1), (x2, y2) = d.edges[edge]
            dx, dy = (x2 - x1) * PLANK_SHORT, (y2 - y1) * PLANK_SHORT
            plank = {"px1": _r(x1 + dx), "py1": _r(y1 + dy), "px2": _r(x2 - dx), "py2": _r(y2 - dy)}
            sites.append({**line, **plank, "built": seat is not None,
                          "color": seat_color(seat, colors) if seat is not None else ""})
    return {"river": river, "sites": sites, "river_w": _r(RIVER_W * size), "bank_w": _r(BANK_W * size),
            "site_r": _r(SITE_R * size), "site_w": _r(0.05 * size), "plank_w": _r(PLANK_W * size),
            "plank_outline_w": _r((PLANK_W + 0.06) * size)}


def _board_targets(view: dict, picture: dict | None) -> None:
    """Entering the board: every path opens the rivers' form (the shared editor keeps only
    its own hexes and coastal paths)."""
    board = view.get("board") or {}
    edges = (board.get("targets") or {}).get("river_edge")
    if not picture or not edges or view["phase"] != "board":
        return
    d = frame_drawing(picture["frame"], picture["size"])
    picture["targets"] = {**picture["targets"], "river_edge": [line for line in (_line(d, e) for e in edges) if line]}
    picture["has_targets"] = True


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    r = view.get("rivers")
    if not r:
        return {}
    players = view["players"]
    me = (view.get("me") or {}).get("seat")
    titled = r["titled"]
    held = view["gold"]["held"]
    rows = [{"player": p, "gold": held[p["seat"]],
             "wealthiest": titled and r["wealthiest"] == p["seat"], "poor": titled and p["seat"] in r["poor"],
             "bridges_left": r["bridges_left"][p["seat"]]} for p in players]
    colors = [p["color"] for p in players]
    board = view.get("board")
    out = {
        "rows": rows,
        "titled": titled,
        "wealthiest": players[r["wealthiest"]] if titled and r["wealthiest"] is not None else None,
        "wealthiest_seat": r["wealthiest"] if titled else None,
        "poor": [players[s] for s in r["poor"]] if titled else [],
        "poor_seats": list(r["poor"]) if titled else [],
        "everyone_poor": titled and len(r["poor"]) == len(players),
        "drawing": _drawing(r, colors, picture) if picture else None,
        "hands": view["config"]["play_mode"] == "hands",
        "bridge_gold_text": gold_text(rules.BRIDGE_GOLD),
        "bridge_cost": cards_text(rules.BRIDGE_COST),
        "bridge_gold": rules.BRIDGE_GOLD,
        "me": None,
        "board_phase": None,
    }
    if picture and picture["targets"].get("neutral_road"):
        # Catan for two: a neutral road never goes on a bridge site (rules.LAYER_TWO refuses it).
        sites = set(r["bridge_sites"])
        picture["targets"] = {**picture["targets"],
                              "neutral_road": [t for t in picture["targets"]["neutral_road"] if t["id"] not in sites]}
    if view["phase"] == "board" and board:
        problems = [code for code, _details in rules.check_board(None, board["layout"])]
        out["board_phase"] = {
            "river": len(r["river"]), "sites": len(r["bridge_sites"]), "sites_wanted": rules.BRIDGE_SITES,
            # what a path's tap does now: mark it, or take its mark off (the editor's two modes)
            "river_ids": list(r["river"]), "site_ids": list(r["bridge_sites"]),
            "problems": list(dict.fromkeys(str(BOARD_PROBLEMS[c]) for c in problems if c in BOARD_PROBLEMS)),
        }
        _board_targets(view, picture)
    if me is not None:
        out["me"] = {"seat": me, "wealthiest": titled and r["wealthiest"] == me,
                     "poor": titled and me in r["poor"], "bridges_left": r["bridges_left"][me]}
    scores = {key: out[key] for key in ("rows", "titled", "wealthiest_seat", "poor_seats", "everyone_poor")}
    scores["wealthiest"] = out["wealthiest"] is not None
    return {"rivers": out, "rivers_scores": scores}


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS, reads=READS,
    words=Words(messages.refusal, messages.log_text,
                names={"board_problem": messages.BOARD_PROBLEMS, "gold_reason": messages.GOLD_REASONS,
                       "robber_home": messages.ROBBER_HOME_WORDS,
                       "terrain": TERRAIN_NAMES, "vp_source": VP_SOURCES}),
    form=Form(scenario=forms.SCENARIO),
)
