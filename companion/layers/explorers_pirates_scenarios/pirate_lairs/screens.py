"""What the screens show for the Pirate Lairs mission (rules.py; the crews, the pirate ship,
the mission track and the free placement are the core's: explorers_pirates/screens.py's
missions_context): the gold-river fields, the lairs on them (face-down token,
the crews standing on it, the number once conquered, the crews left beside it), landing and
collecting crews, and the conquest (the number under the token, the hero's roll)."""

from companion.board_svg import frame_drawing
from companion.layers.cores.explorers_pirates.screens import player_at, seat_colors, seat_dots, svg_round
from companion.machinery.contract import Form, Screens, Words
from companion.layers.explorers_pirates_scenarios.pirate_lairs import LAYERS, forms, messages

DEFAULTS = {"pl": None, "pl_scores": None}
PARTIALS = {
    "actions": "pirate_lairs/actions.html",
    "scoreboard": "pirate_lairs/scoreboard.html",
    "board_layer": "pirate_lairs/board_layer.html",
    "board_targets": "pirate_lairs/board_targets.html",
}
READS = {"scoreboard": ("pl_scores",)}
NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)


def _lairs(pl: dict, view: dict, picture: dict | None) -> tuple[list, list]:
    """The lairs (a token on each gold-river field found) and every gold-river field's overlay."""
    if not picture or not view.get("board"):
        return [], []
    size = picture["size"]
    d = frame_drawing(picture["frame"], size)
    colors = seat_colors(view)
    hexes = view["board"]["layout"]["hexes"]
    rivers = []
    for h, cell in sorted(hexes.items()):
        if cell.get("terrain") == "gold_river" and h in d.hex_points:
            x, y = d.hex_centres[h]
            rivers.append({"hex": h, "points": d.hex_points[h],
                           "wave": f"M{svg_round(x - 0.6 * size)},{svg_round(y + 0.25 * size)} q{svg_round(0.3 * size)},{svg_round(-0.3 * size)} "
                                   f"{svg_round(0.6 * size)},0 t{svg_round(0.6 * size)},0"})
    lairs = []
    for h, lair in sorted((pl.get("lairs") or {}).items()):
        if h not in d.hex_centres:
            continue
        x, y = d.hex_centres[h]

        def dots(seats, row):
            return seat_dots(seats, x, y + row * size, size, colors)
        lairs.append({"hex": h, "x": svg_round(x), "y": svg_round(y), "r": svg_round(0.32 * size), "conquered": lair.get("conquered"),
                      "number": lair.get("number"), "crews": dots(lair.get("crews") or [], 0.5),
                      "beside": dots(lair.get("beside") or [], 0.55), "n": len(lair.get("crews") or ()),
                      "font": svg_round(0.3 * size), "stroke": svg_round(0.05 * size)})
    return lairs, rivers


def _conquest(pl: dict, view: dict) -> dict | None:
    conquest = pl.get("conquest")
    if not conquest:
        return None
    players = view["players"]
    counts = conquest.get("counts") or {}
    rolls = conquest.get("rolls") or {}
    return {
        "hex": conquest["hex"], "stage": conquest.get("stage"),
        "seats": [{"player": p, "crews": counts.get(str(p["seat"]), 0), "roll": rolls.get(str(p["seat"]))}
                  for p in (player_at(players, s) for s in conquest.get("seats") or ()) if p],
        "tied": [p for p in (player_at(players, s) for s in conquest.get("tied") or ()) if p],
        "numbers": NUMBERS,
        "typed": view["config"].get("dice_source") == "typed",
    }


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    pl = view.get("pirate_lairs")
    if not pl:
        return {}
    lairs, rivers = _lairs(pl, view, picture)
    standing = [l for l in (pl.get("lairs") or {}).values() if not l.get("conquered")]
    return {
        "pl": {"lairs": lairs, "rivers": rivers, "conquest": _conquest(pl, view), "stage": pl.get("stage"),
               "pending": len(pl.get("pending") or ()), "to_conquer": pl.get("crews_to_conquer", 3)},
        "pl_scores": {"stack": pl.get("lair_stack", 0), "standing": len(standing),
                      "conquered": len(pl.get("lairs") or {}) - len(standing)},
    }


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS, reads=READS,
    words=Words(messages.refusal, messages.log_text, names={"gold_reason": messages.GOLD_REASONS}),
    form=Form(scenario=forms.SCENARIO, list_fields=forms.LIST_FIELDS),
)
