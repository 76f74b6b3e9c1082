"""What the screens show for Fishermen of Catan (rules.py): the fishing grounds on the
board, the fish pool (face down and face up), who holds the old boot and how many tokens
each player has; on a phone, its own tokens, the fish actions it can pay for (each way to
pay that needs every token picked) and the tokens to give back above 7 (a step it owes,
pinned in its bottom bar). The road bought with fish is the base game's free road: the base
game's contract pins "place your road" while it lies unplaced."""
from itertools import combinations

from django.utils.translation import gettext_lazy

from companion.board_svg import frame_drawing
from companion.layers.cores.base.messages import RESOURCE_NAMES
from companion.layers.traders_barbarians_scenarios.fishermen.messages import FISH_ACTION_NAMES, tokens_text
from companion.layers.traders_barbarians_scenarios.fishermen.rules import LAKE_NUMBERS, PRICES, RETURN, ground_spots
from companion.machinery.contract import Form, Screens, Words, owes_pending
from companion.layers.traders_barbarians_scenarios.fishermen import LAYERS, forms, messages

TERRAIN_NAMES = {"lake": gettext_lazy("lake (fish on 2, 3, 11, 12)")}

# The keys this layer adds to a screen's context, as the templates find them in other games:
# `fish` the public part (the same on every screen), `fish_mine` a phone's own tokens.
DEFAULTS = {"fish": None, "fish_mine": None}
PARTIALS = {
    "actions": "fishermen/actions.html",
    "hand": "fishermen/hand.html",
    "badges": "fishermen/badge.html",
    "scoreboard": "fishermen/scoreboard.html",
    "board_layer": "fishermen/board_layer.html",
    "board_targets": "fishermen/board_targets.html",
    "board_editor": "fishermen/board_editor.html",
    "vp_rows": "fishermen/vp_rows.html",
}
# What a phone owes: its tokens above 7 to give back (the form pinned in its bottom bar).
OWED_LABELS = {RETURN: gettext_lazy("Fish tokens: you may hold 7. Pick the ones to give back.")}
# What the scoreboard (a shared fragment kept by what it shows) reads of this layer's keys.
READS = {"scoreboard": ("fish",)}
MAX_WAYS = 4  # ways to pay shown per action


def _fish_mark(x: float, y: float, size: float) -> dict:
    """A small fish drawn at (x, y): a body and a tail."""
    return {"fish_x": round(x - 0.03 * size, 1), "fish_y": round(y, 1), "fish_rx": round(0.1 * size, 1),
            "fish_ry": round(0.05 * size, 1),
            "tail": " ".join(f"{px:.1f},{py:.1f}" for px, py in (
                (x + 0.05 * size, y), (x + 0.14 * size, y - 0.05 * size), (x + 0.14 * size, y + 0.05 * size)))}


def _lake_drawn(part: dict, picture: dict | None) -> dict | None:
    if not picture or part["lake"] is None:
        return None
    d = frame_drawing(picture["frame"], picture["size"])
    if part["lake"] not in d.hex_centres:
        return None
    x, y = d.hex_centres[part["lake"]]
    size = picture["size"]
    return {"x": round(x, 1), "label_y": round(y + 0.3 * size, 1), "font": round(0.2 * size, 1),
            "numbers": " · ".join(str(n) for n in LAKE_NUMBERS), **_fish_mark(x, y - 0.05 * size, size)}


def _grounds_drawn(part: dict, picture: dict | None, spots: list[str]) -> tuple[list, list]:
    if not picture:
        return [], []
    d = frame_drawing(picture["frame"], picture["size"])
    size = picture["size"]
    drawn, free = [], []
    for sea, (x, y) in d.sea_centres.items():
        number = part["grounds"].get(sea)
        if number is not None:
            drawn.append({"sea": sea, "x": round(x, 1), "y": round(y, 1), "number": number,
                          "r": round(0.36 * size, 1), "font": round(0.3 * size, 1),
                          "label_y": round(y + 0.14 * size, 1), **_fish_mark(x, y - 0.2 * size, size)})
        if sea in spots:
            free.append({"id": sea, "x": round(x, 1), "y": round(y, 1), "r": round(0.45 * size, 1)})
    return drawn, free


def _return_choices(tokens: list[int], due: int) -> list[dict]:
    """Each distinct set of `due` tokens that may go back, smallest first."""
    seen = []
    for combo in combinations(sorted(tokens), due):
        if list(combo) not in seen:
            seen.append(list(combo))
    return [{"value": ",".join(map(str, c)), "label": tokens_text(c)} for c in seen]


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    part = view.get("fishermen")
    if not part:
        return {}
    players = view["players"]
    layout = (view.get("board") or {}).get("layout")
    spots = ground_spots(layout) if layout and view["phase"] == "board" else []
    drawn, free = _grounds_drawn(part, picture, spots)
    boot = part["boot"]
    face_up = part["face_up"]
    fish = {
        "pool": part["pool"],
        "face_up": sum(face_up.values()),
        "face_up_counts": [{"fish": int(v), "count": n} for v, n in sorted(face_up.items()) if n],
        "players": [{"player": p, "tokens": part["held"][p["seat"]], "boot": boot == p["seat"],
                     "target": part["targets"][p["seat"]]} for p in players],
        "held": part["held"],
        "boot": players[boot] if boot is not None else None,
        "boot_target": part["targets"][boot] if boot is not None else None,
        "boot_in_pool": part["boot_in_pool"],
        "robber_off": part["robber_off"],
        "limit": part["limit"],
        "returning": [players[s] for s in part["returning"]],
        "grounds": drawn,
        "lake": _lake_drawn(part, picture),
        "spots": free,
        "prices": [{"code": a, "name": FISH_ACTION_NAMES[a], "fish": n} for a, n in PRICES.items()],
    }
    # The old boot may go to a player with as many public points or more (the turn's player holds it).
    if boot is not None and boot == view["turn"]["seat"]:
        mine = players[boot]["vp_public"]
        fish["boot_to"] = [p for p in players if p["seat"] != boot and p["vp_public"] >= mine]
    else:
        fish["boot_to"] = []
    result = {"fish": fish, "fish_mine": None}
    me = part["mine"]
    if me is not None:
        seat = view["me"]["seat"]
        prices = part["prices"][seat]
        actions = []
        for code in PRICES:
            ways = me["payments"][code][:MAX_WAYS]
            actions.append({"code": code, "name": FISH_ACTION_NAMES[code], "price": prices[code],
                            "ways": [{"value": ",".join(map(str, w)), "label": tokens_text(w), "fish": sum(w)}
                                     for w in ways]})
        result["fish_mine"] = {
            "tokens": me["tokens"],
            "label": tokens_text(me["tokens"]),
            "fish": me["fish"],
            "count": len(me["tokens"]),
            "due": me["due"],
            "returns": _return_choices(me["tokens"], me["due"]) if me["due"] else [],
            "actions": actions,
            # Not what can't be done now: the robber is off the board already, the deck is empty.
            "payable": [a for a in actions if a["ways"] and not (a["code"] == "robber" and part["robber_off"])
                        and not (a["code"] == "dev_card" and not view["dev_deck_left"])],
            "victims": [p for p in players if p["seat"] != seat],
            "resources": [{"code": r, "name": name} for r, name in RESOURCE_NAMES.items()],
            "boot": boot == seat,
            "target": part["targets"][seat],
        }
    return result


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS, reads=READS,
    words=Words(messages.refusal, messages.log_text,
                names={"phase": messages.PHASE_NAMES, "revealed": messages.REVEALED_TEXTS,
                       "board_problem": messages.BOARD_PROBLEMS, "terrain": TERRAIN_NAMES}),
    form=Form(scenario=forms.SCENARIO, fields=forms.ACTION_FIELDS),
    owed=owes_pending(LAYERS, partial="fishermen/owed.html", labels=OWED_LABELS),
)
