"""What the screens show for Traders & Barbarians (rules.py): the wagons and barbarians on the
board, every wagon's card, goods and deliveries, the goods stacks; on the active player's
phone the wagon's moves (tap targets), grain, upgrade and chase; the barbarian move after a
7 or a Knight; before the first roll, the table's confirmation of the development deck and of
the wagon cards (the app's assumed numbers, rules.WAGON_CARDS: the table's printed cards win)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from companion.board_svg import frame_drawing
from companion.machinery import board as boards
from companion.machinery import hands
from companion.messages import cards_text
from companion.layers.cores.base.messages import DEV_CARD_NAMES, RESOURCE_NAMES
from companion.layers.options.events.screens import event_context
from companion.layers.traders_barbarians_scenarios.traders_barbarians import rules
from companion.layers.traders_barbarians_scenarios.traders_barbarians.messages import good_name, target_name
from companion.machinery.contract import Form, Screens, Words
from companion.layers.traders_barbarians_scenarios.traders_barbarians import LAYERS, forms, messages

TERRAIN_NAMES = {
    "castle": gettext_lazy("castle (target: needs glass and marble)"),
    "quarry": gettext_lazy("quarry (target: needs tools)"),
    "glassworks": gettext_lazy("glassworks (target: needs sand)"),
}
DEFAULTS = {"tb": None}
PARTIALS = {
    "actions": "traders_barbarians/actions.html",
    "scoreboard": "traders_barbarians/scoreboard.html",
    "board_layer": "traders_barbarians/board_layer.html",
    "board_targets": "traders_barbarians/board_targets.html",
    "board_editor": "traders_barbarians/board_editor.html",
}
VP_SOURCES = {"tb_deliveries": gettext_lazy("Deliveries"), "tb_wagon": gettext_lazy("Wagon at level 5")}
READS = {"scoreboard": ("tb",)}


def _r(value: float) -> float:
    return round(value, 1)


def _drawing(part: dict, players: list, picture: dict | None) -> dict:
    if not picture:
        return {"wagons": [], "barbarians": [], "targets": []}
    d = frame_drawing(picture["frame"], picture["size"])
    size = picture["size"]
    at_node: dict[str, int] = {}
    wagons = []
    for seat, w in enumerate(part["wagons"]):
        node = w["at"]
        if node in d.corners:
            x, y = d.corners[node]
        elif node in d.hex_centres:
            x, y = d.hex_centres[node]
        else:
            continue
        k = at_node.get(node, 0)
        at_node[node] = k + 1
        dx = (k - 0.5) * 0.3 * size if k else 0
        wagons.append({"seat": seat, "color": players[seat]["color"], "x": _r(x + dx - 0.22 * size),
                       "y": _r(y - 0.14 * size), "w": _r(0.44 * size), "h": _r(0.28 * size),
                       "cx": _r(x + dx), "cy": _r(y), "level": w["level"],
                       "cargo": good_name(w["cargo"]) if w["cargo"] else ""})
    barbarians = []
    for edge in part["barbarians"]:
        if edge in d.edges:
            (x1, y1), (x2, y2) = d.edges[edge]
            barbarians.append({"edge": edge, "x": _r((x1 + x2) / 2), "y": _r((y1 + y2) / 2), "r": _r(0.17 * size)})
    targets = []
    for t, h in part["targets"].items():
        if h in d.hex_centres:
            x, y = d.hex_centres[h]
            targets.append({"target": t, "name": target_name(t), "x": _r(x), "y": _r(y - 0.45 * size),
                            "cx": _r(x), "cy": _r(y), "r": _r(0.16 * size), "sign": str(target_name(t))[:1].upper()})
    spokes = []
    for sid, seat in sorted((part.get("spokes") or {}).items()):
        ends = _spoke_ends(d, sid)
        if ends and 0 <= seat < len(players):
            (x1, y1), (x2, y2) = ends
            spokes.append({"id": sid, "seat": seat, "color": players[seat]["color"], "x1": _r(x1), "y1": _r(y1),
                           "x2": _r(x2), "y2": _r(y2), "w": _r(0.12 * size), "inner": _r(0.08 * size)})
    return {"wagons": wagons, "barbarians": barbarians, "targets": targets, "spokes": spokes, "font": _r(0.2 * size),
            "stroke": _r(0.05 * size)}


def _spoke_ends(d, sid: str):
    """A spoke's two ends on the drawing: its corner and the target's centre (None: not on it)."""
    corner, hex_ = rules.spoke_ends(sid)
    if corner not in d.corners or hex_ not in d.hex_centres:
        return None
    return d.corners[corner], d.hex_centres[hex_]


def _spoke_targets(view: dict, picture: dict | None) -> list[dict]:
    """Where a road may be built on a spoke: a tap target on the spoke's middle."""
    if not picture:
        return []
    d = frame_drawing(picture["frame"], picture["size"])
    out = []
    for sid in ((view.get("board") or {}).get("targets") or {}).get("tb_spoke", []):
        ends = _spoke_ends(d, sid)
        if ends:
            (cx, cy), (hx, hy) = ends

            def at(f):  # a point along the spoke, from its corner (0) to the centre (1)
                return cx + f * (hx - cx), cy + f * (hy - cy)
            # The middle of the spoke only: the wagon's targets at its two ends stay tappable.
            (x1, y1), (x2, y2), (x, y) = at(0.3), at(0.65), at(0.47)
            out.append({"id": sid, "x1": _r(x1), "y1": _r(y1), "x2": _r(x2), "y2": _r(y2),
                        "x": _r(x), "y": _r(y), "r": _r(0.12 * picture["size"])})
    return out


def _wagon_targets(picture: dict | None) -> list[dict]:
    """The wagon's tap targets, drawn a little inside a hex from their intersection (along the
    line to its centre, between two paths): the settlement, city and road targets at the same
    intersection stay tappable beside it. A target's centre is tapped where it is."""
    if not picture:
        return []
    d = frame_drawing(picture["frame"], picture["size"])
    g = boards.geometry(picture["frame"])
    size = picture["size"]
    out = []
    for t in (picture.get("targets") or {}).get("tb_wagon", []):
        x, y = t["x"], t["y"]
        hexes = g.corner_hexes.get(t["id"])
        if hexes:
            hx, hy = d.hex_centres[hexes[0]]
            x, y = x + 0.42 * (hx - x), y + 0.42 * (hy - y)
        out.append({**t, "cx": _r(x), "cy": _r(y), "r": _r(0.15 * size)})
    return out


def _wagon(w: dict, player: dict) -> dict:
    return {
        "player": player, "level": w["level"], "mp": w["mp"], "gold": w["gold"],
        "chase": ", ".join(str(n) for n in w["chase"]), "left": w["left"],
        "cargo": good_name(w["cargo"]) if w["cargo"] else None,
        "to": target_name(w["to"]) if w["to"] else None,
        "delivered": len(w["delivered"]),
        "delivered_text": ", ".join(good_name(g) for g in w["delivered"]),
        "next_cost": cards_text(w["next_cost"]) if w["next_cost"] else None,
        "top": w["next_cost"] is None, "tolls": w["tolls"], "grain": w["grain"], "moved": w["moved"],
    }


def _cards(cards: list[dict]) -> list[dict]:
    """The wagon cards for the table's confirmation form: each value with its posted field."""
    out = []
    for c in cards:
        level = c["level"]
        out.append({"level": level, "mp": c["mp"], "gold": c["gold"],
                    "chase": ", ".join(str(n) for n in c["chase"]),
                    "cost": cards_text(c["cost"]) if c["cost"] else "–",
                    "mp_field": rules.card_field("mp", level), "gold_field": rules.card_field("gold", level),
                    "chase_field": rules.card_field("chase", level), "fixed_mp": level == 1,
                    "costs": [] if level == 1 else [
                        {"field": rules.card_field("cost", level, r), "name": RESOURCE_NAMES[r], "n": c["cost"].get(r, 0)}
                        for r in hands.RESOURCES]})
    return out


# The Events deck's cards that read otherwise here (the rulebook's paragraph for this scenario).
EVENT_TEXTS = {
    "robber_attack": gettext_lazy("As a 7 here: everyone with more than 7 resource cards gives back half; whoever turned the card moves a barbarian to another path or a road, and on a road takes 1 random resource card from its owner."),
    "robber_flees": gettext_lazy("There is no robber in this scenario: nothing happens."),
    "earthquake": gettext_lazy("Every player lays one of their roads on its side; its owner builds no new road until it is repaired for 1 lumber + 1 brick. A wagon crossing a road on its side spends 2 movement points."),
}


def _events(view: dict, names: list[str]) -> dict:
    """The event card on view, worded for this scenario."""
    deck = event_context(view, names)
    card = (deck or {}).get("card")
    if not card or card["event"] not in EVENT_TEXTS:
        return {}
    card = {**card, "text": str(EVENT_TEXTS[card["event"]])}
    if card["event"] == "earthquake" and card["lines"]:
        card["lines"] = card["lines"][:1] + [_("A wagon crossing a road on its side spends 2 movement points.")]
    return {"event_deck": {**deck, "card": card}}


def _two_words(view: dict) -> dict:
    """Catan for two's token action that sends the robber home is this scenario's barbarian
    move (with the travel edition's trade cards too)."""
    return {"two_robber": _("Move a barbarian to another path without a road")} if view.get("catan_for_two") else {}


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    part = view.get(rules.NAME)
    if not part:
        return {}
    return {**_events(view, names), **_two_words(view), **_context(view, names, picture, part)}


def _context(view: dict, names: list[str], picture: dict | None, part: dict) -> dict:
    players = view["players"]
    me = (view.get("me") or {}).get("seat")
    active = view["turn"]["seat"] if view.get("turn") else None
    wagons = [_wagon(w, players[s]) for s, w in enumerate(part["wagons"])]
    move = part["move"]
    return {"tb": {
        "wagons": wagons,
        "me": wagons[me] if me is not None else None,
        "active": wagons[active] if active is not None else None,
        "is_active": me is not None and me == active,
        "stacks": [{"name": target_name(t), "goods": [{"name": good_name(g), "n": n} for g, n in s.items()],
                    "left": sum(s.values())} for t, s in part["stacks"].items()],
        "barbarians": len(part["barbarians"]),
        # entering the board: the paths tapped for the barbarians' start, the targets laid
        "start_paths": list(part["barbarians"]) if view["phase"] == "board" else [],
        "targets_placed": len(part["targets"]),
        "questions": [q for q in view.get("questions") or () if q in rules.QUESTIONS],  # not answered yet
        "moves": len(part["moves"]),
        "chaseable": list(part["chaseable"]),
        "move": {"why": move["why"], "picked": move["from"] is not None,
                 "mover": players[move["seat"]]} if move else None,
        "drawing": _drawing(part, players, picture),
        "wagon_targets": _wagon_targets(picture),
        "spoke_targets": _spoke_targets(view, picture),
        "virtual_dice": view["config"].get("dice_source") == "virtual",
        "hands": view["config"]["play_mode"] == "hands",
        "cards": _cards(part.get("cards") or []),
        "cards_confirmed": part.get("cards_confirmed"),
        "deck_confirmed": part.get("deck_confirmed"),
        "deck": [{"kind": k, "name": DEV_CARD_NAMES[k], "n": n} for k, n in part["deck"].items()] if part["deck"] else [],
    }}


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS, reads=READS,
    words=Words(messages.refusal, messages.log_text,
                names={"phase": messages.PHASE_NAMES, "board_problem": messages.BOARD_PROBLEMS,
                       "gold_reason": messages.GOLD_REASONS, "terrain": TERRAIN_NAMES, "vp_source": VP_SOURCES}),
    form=Form(scenario=forms.SCENARIO, fields=forms.ACTION_FIELDS),
)
