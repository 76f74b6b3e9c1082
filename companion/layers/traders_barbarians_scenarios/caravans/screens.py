"""What the screens show for the Caravans (rules.py): the oasis's arrows and the camels on
the board, the camels left, the vote (who has bid; then the bids revealed and who decides),
on a phone its own secret bid form and, for the decider, the paths to tap; the points each
player has from buildings between two camels."""
from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from companion.board_svg import frame_drawing
from companion.layers.traders_barbarians_scenarios.caravans.messages import VOTE_MODES, _bid_text, decision_text
from companion.machinery.contract import Form, Screens, Words, owes_pending
from companion.layers.traders_barbarians_scenarios.caravans import LAYERS, forms, messages
from companion.layers.traders_barbarians_scenarios.caravans.rules import BID, PLACE

TERRAIN_NAMES = {"oasis": gettext_lazy("oasis (the caravans' start; produces nothing)")}

# The keys this layer adds to a screen's context, as the templates find them in other games.
DEFAULTS = {"caravans": None}
PARTIALS = {
    "actions": "caravans/actions.html",
    "scoreboard": "caravans/scoreboard.html",
    "board_layer": "caravans/board_layer.html",
    "board_targets": "caravans/board_targets.html",
    "board_editor": "caravans/board_editor.html",
}
# The name of this layer's points in a phone's breakdown and the final score (its extra_vp).
VP_SOURCES = {"caravans": gettext_lazy("Buildings between two camels")}
# What the scoreboard (a shared fragment kept by what it shows) reads of this layer's keys.
READS = {"scoreboard": ("caravans",)}
ROUTE_CLASSES = ("a", "b", "c")
# The forms of the steps a phone owes (the bid, the caravan a camel extends), pinned in its bottom bar.
OWED = "caravans/owed.html"


def _r(value: float) -> float:
    return round(value, 1)


def _drawing(part: dict, picture: dict | None) -> dict:
    """The camels, the oasis's arrows and the intersections between two camels, in SVG units."""
    if not picture:
        return {"camels": [], "arrows": [], "bonus": []}
    d = frame_drawing(picture["frame"], picture["size"])
    size = picture["size"]
    camels = []
    for i, route in enumerate(part["routes"]):
        for n, edge in enumerate(route["camels"]):
            if edge not in d.edges:
                continue
            (x1, y1), (x2, y2) = d.edges[edge]
            camels.append({"edge": edge, "route": ROUTE_CLASSES[i % 3], "n": n + 1,
                           "x1": _r(x1), "y1": _r(y1), "x2": _r(x2), "y2": _r(y2),
                           "x": _r((x1 + x2) / 2), "y": _r((y1 + y2) / 2), "r": _r(0.2 * size)})
    arrows = []
    oasis = part["oasis"]
    if oasis in d.hex_centres:
        cx, cy = d.hex_centres[oasis]
        for i, corner in enumerate(part["arrows"]):
            if corner in d.corners:
                x, y = d.corners[corner]
                arrows.append({"route": ROUTE_CLASSES[i], "letter": ROUTE_CLASSES[i].upper(),
                               "x1": _r(cx + 0.25 * (x - cx)), "y1": _r(cy + 0.25 * (y - cy)),
                               "x2": _r(cx + 0.8 * (x - cx)), "y2": _r(cy + 0.8 * (y - cy)),
                               "lx": _r(cx + 0.5 * (x - cx) + 0.12 * (y - cy)),
                               "ly": _r(cy + 0.5 * (y - cy) - 0.12 * (x - cx))})
    bonus = [{"corner": c, "x": _r(d.corners[c][0]), "y": _r(d.corners[c][1]), "r": _r(0.3 * size)}
             for c in part["bonus_corners"] if c in d.corners]
    return {"camels": camels, "arrows": arrows, "bonus": bonus, "stroke": _r(0.08 * size),
            "path_w": _r(0.2 * size), "font": _r(0.2 * size)}


def _vote(part: dict, view: dict, names: list[str]) -> dict | None:
    vote = part["vote"]
    if vote is None:
        return None
    players = view["players"]
    me = (view.get("me") or {}).get("seat")
    shown = {
        "ender": players[vote["seat"]],
        "camels": vote["camels"],
        "revealed": vote["revealed"],
        "players": [{"player": players[s], "has_bid": s in vote["bid"]} for s in vote["order"]],
        "waiting": [players[s] for s in vote["order"] if s not in vote["bid"]],
        "mine": _bid_text(vote["mine"]) if vote["mine"] is not None else None,
        "i_bid": me in vote["bid"] if me is not None else False,
        "placer": None, "i_place": False,
    }
    if vote["revealed"]:
        shown["bids"] = [{"player": players[s], "text": _bid_text(vote["bids"][str(s)]),
                          "votes": vote["votes"][str(s)]} for s in vote["order"]]
        shown["decision"] = decision_text(vote["mode"], vote["decider"], vote["group"], names)
        shown["mode"] = vote["mode"]
        shown["mode_name"] = VOTE_MODES.get(vote["mode"], "")
        shown["group"] = [players[s] for s in vote["group"]]
        placers = vote["placers"]
        shown["placer"] = players[placers[0]] if placers else None
        shown["i_place"] = me is not None and bool(placers) and placers[0] == me
        shown["placed"] = len(vote["placed"])
        choose = vote["choose"]
        shown["choose"] = {"edge": choose["edge"], "caravans": [
            {"index": i, "letter": ROUTE_CLASSES[i % 3].upper()} for i in choose["caravans"]]} if choose else None
    return shown


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    part = view.get("caravans")
    if not part:
        return {}
    players = view["players"]
    me = (view.get("me") or {}).get("seat")
    hand = (view.get("me") or {}).get("hand") or {}
    return {"caravans": {
        "left": part["camels_left"],
        "total": part["camels_total"],
        "placed": part["camels_total"] - part["camels_left"],
        "paths": len(part["paths"]),
        "orientation": part["orientation"],
        "oasis": part["oasis"],
        "drawing": _drawing(part, picture),
        "vote": _vote(part, view, names),
        "vote_due": part["vote_due"],
        "vp": [{"player": p, "n": part["vp"][p["seat"]]} for p in players],
        "my_vp": part["vp"][me] if me is not None else None,
        "hand": {"grain": hand.get("grain", 0), "wool": hand.get("wool", 0)},
        "paper": view["config"]["play_mode"] == "paper",
    }}


def _bid_label(view: dict) -> str:
    if view["config"]["play_mode"] == "paper":
        return _("Camel vote: how many grain and wool cards do you lay out? Secret until everyone has bid.")
    return _("Camel vote: lay out grain and wool cards. Secret until everyone has bid.")


def _place_label(view: dict) -> str:
    vote = view["caravans"]["vote"] or {}
    if vote.get("choose"):
        return _("Which caravan does the camel extend?")
    if vote.get("mode") == "group":
        return _("Place the camel where your group agreed: tap a marked path on the board.")
    return _("Place the camel: tap a marked path on the board.")


_pending = owes_pending(LAYERS, partial=OWED, labels={BID: _bid_label, PLACE: _place_label})


def _owed(view: dict, viewer) -> list:
    """The bid each phone owes the vote, then the decider's camel: a path tapped on the board,
    or, for a path joining two caravans, which one it extends (a form)."""
    steps = _pending(view, viewer)
    choose = ((view.get("caravans") or {}).get("vote") or {}).get("choose")
    return [replace(step, board=not choose) if step.kind == PLACE else step for step in steps]


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS, reads=READS,
    words=Words(messages.refusal, messages.log_text,
                names={"phase": messages.PHASE_NAMES, "board_problem": messages.BOARD_PROBLEMS,
                       "terrain": TERRAIN_NAMES, "vp_source": VP_SOURCES}),
    form=Form(scenario=forms.SCENARIO, fields=forms.ACTION_FIELDS),
    owed=_owed,
)
