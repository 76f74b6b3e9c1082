"""What the screens show for Spices for Catan (rules.py): the spice fields with their village
(the benefit, the sacks left, the merchants there), the sacks aboard ships, the panel on the
table (villages found, sacks in the supply, each player's benefits), and the phone's steps:
the benefit of a spice field being turned over, merchants into villages, sacks delivered to
the Council of Catan, quick gold. The crews', pirates' and tracks' screens are the core's
(explorers_pirates/screens.py, keyed by view["ep_missions"])."""

from companion.board_svg import frame_drawing
from companion.messages import CARD_NAMES
from companion.layers.cores.explorers_pirates.screens import seat_colors, seat_dots, ship_drawings, svg_round
from companion.layers.explorers_pirates_scenarios.spices_for_catan.messages import BENEFIT_HELP, BENEFIT_NAMES
from companion.machinery.contract import Form, Screens, Words
from companion.layers.explorers_pirates_scenarios.spices_for_catan import LAYERS, forms, messages

DEFAULTS = {"sp": None, "sp_scores": None}
PARTIALS = {
    "actions": "spices_for_catan/actions.html",
    "scoreboard": "spices_for_catan/scoreboard.html",
    "board_layer": "spices_for_catan/board_layer.html",
    "board_targets": "spices_for_catan/board_targets.html",
}
READS = {"scoreboard": ("sp_scores",)}
RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
SACK_FILL = "#b5782f"


def _benefit(code) -> dict:
    return {"code": code, "name": str(BENEFIT_NAMES.get(code, code)), "help": str(BENEFIT_HELP.get(code, ""))}


def _drawing(sp: dict, view: dict, picture: dict | None) -> tuple[list, list]:
    """The villages on the spice fields and the sacks aboard the ships."""
    if not picture or not view.get("board"):
        return [], []
    size = picture["size"]
    d = frame_drawing(picture["frame"], size)
    colors = seat_colors(view)
    villages = []
    for h, village in sorted((sp.get("villages") or {}).items()):
        if h not in d.hex_centres:
            continue
        x, y = d.hex_centres[h]
        crews = village.get("crews") or []
        n = len(crews)
        sacks = village.get("sacks") or 0
        villages.append({
            "hex": h, "points": d.hex_points.get(h, ""), "x": svg_round(x), "y": svg_round(y), "r": svg_round(0.3 * size),
            "benefit": _benefit(village.get("benefit")), "sacks": sacks,
            "sack_marks": [{"x": svg_round(x + (k - (sacks - 1) / 2) * 0.2 * size - 0.07 * size), "y": svg_round(y - 0.62 * size),
                            "s": svg_round(0.14 * size)} for k in range(sacks)],
            "crews": seat_dots(crews, x, y + 0.52 * size, size, colors),
            "n": n, "font": svg_round(0.22 * size), "stroke": svg_round(0.04 * size),
        })
    part = view.get("explorers_pirates") or {}
    hexes = view["board"]["layout"]["hexes"]
    aboard = sp.get("aboard") or {}
    sacks = []
    for ship in ship_drawings(part, d, colors, size, hexes):
        for k in range(aboard.get(str(ship["id"]), 0)):
            sacks.append({"ship": ship["id"], "x": svg_round(ship["x"] + (0.16 * k - 0.15) * size),
                          "y": svg_round(ship["y"] - 0.3 * size), "s": svg_round(0.14 * size), "stroke": svg_round(0.03 * size)})
    return villages, sacks


def _reveal(sp: dict, view: dict) -> list[dict]:
    """Each face-down hex being turned over, with the benefits still face down (a spice field's)."""
    reveal = (view.get("explorers_pirates") or {}).get("reveal") or {}
    left = sp.get("benefits_left") or {}
    choices = [{**_benefit(code), "left": n} for code, n in left.items() if n > 0]
    if not choices:
        return []
    return [{"hex": h, "n": i + 1, "benefits": choices} for i, h in enumerate(reveal.get("hexes") or ())]


def _own_ships(sp: dict, view: dict, seat) -> list[dict]:
    """The seat's ships carrying sacks, and whether each may deliver now (a tap target)."""
    part = view.get("explorers_pirates") or {}
    aboard = sp.get("aboard") or {}
    at_port = set(((view.get("board") or {}).get("targets") or {}).get("deliver_sacks") or ())
    return [{"id": s["id"], "sacks": aboard[str(s["id"])], "deliver": s["edge"] in at_port}
            for s in part.get("ships") or () if s["seat"] == seat and aboard.get(str(s["id"]))]


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    sp = view.get("spices_for_catan")
    if not sp:
        return {}
    players = view["players"]
    me = (view.get("me") or {}).get("seat")
    active = view["active_seat"]
    seat = me if me is not None else active
    villages, sacks = _drawing(sp, view, picture)
    targets = (view.get("board") or {}).get("targets") or {}
    by_hex = {v["hex"]: v for v in villages}
    benefits = sp.get("benefits") or []

    def held(s) -> list:
        return benefits[s] if s is not None and 0 <= s < len(benefits) else []
    hands = view["config"]["play_mode"] != "paper"
    hand = (view.get("me") or {}).get("hand") if hands else None
    return {
        "sp": {
            "villages": villages, "sacks": sacks,
            "stage": (view.get("explorers_pirates") or {}).get("stage"),
            "reveal": _reveal(sp, view),
            "merchants": [{"hex": h, "benefit": by_hex[h]["benefit"] if h in by_hex else _benefit(
                (sp["villages"].get(h) or {}).get("benefit")), "sacks": (sp["villages"].get(h) or {}).get("sacks", 0)}
                          for h in targets.get("village") or ()],
            "ships": _own_ships(sp, view, seat),
            "quick_gold": sp.get("quick_gold_left", 0),
            # with hands on phones the card comes from the player's own phone
            "quick_gold_here": sp.get("quick_gold_left", 0) > 0 and (not hands or (me is not None and me == active)),
            # a phone offers only what its hand holds; paper cards: any (laid down on the table)
            "resources": [{"code": r, "name": str(CARD_NAMES.get(r, r))} for r in RESOURCES
                          if hand is None or hand.get(r, 0) > 0],
            "hands": hands,
            "mine": [_benefit(b) for b in held(seat)],
            "speed": (sp.get("ship_points") or [4] * len(players))[seat] if seat is not None else 4,
        },
        "sp_scores": {
            "found": len(sp.get("villages") or {}), "supply": sp.get("supply", 0), "sacks": sp.get("sacks", 24),
            "players": [{"player": p, "benefits": [_benefit(b) for b in held(p["seat"])]} for p in players],
        },
    }


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS, reads=READS,
    words=Words(messages.refusal, messages.log_text, names={"gold_reason": messages.GOLD_REASONS}),
    form=Form(scenario=forms.SCENARIO, fields=forms.ACTION_FIELDS),
)
