"""What the screens show for Catan for two (engine/two_players.py): the neutral colours and
their pieces, each player's trade tokens and what a token action costs them, this turn's two
rolls, and the neutral build a player owes."""
from django.utils.translation import gettext as _

from .layers.catan_for_two.messages import NEUTRAL_PIECE_NAMES, neutral_name


def neutral_names(view: dict) -> list[str]:
    """Names for the seat numbers after the players' (2 and 3): the neutral colours."""
    two = view.get("two")
    return [neutral_name(n["color"]) for n in two["neutrals"]] if two else []


def neutral_colors(view: dict) -> list[str]:
    two = view.get("two")
    return [n["color"] for n in two["neutrals"]] if two else []


def two_context(view: dict) -> dict:
    two = view.get("two")
    if not two:
        return {"two": None}
    players = view["players"]
    neutrals = [{**n, "name": neutral_name(n["color"])} for n in two["neutrals"]]
    by_seat = {n["seat"]: n for n in neutrals}
    me = (view.get("me") or {}).get("seat")
    context = {
        "neutrals": neutrals,
        "tokens": [{"player": p, "tokens": two["tokens"][p["seat"]], "cost": two["costs"][p["seat"]]}
                   for p in players],
        "pool": two["pool"],
        "rolls": two["rolls"],
        "action_done": two["action_done"],
        "knight_done": two["knight_done"],
        "my_cost": two["costs"][me] if me is not None else two["costs"][view["turn"]["seat"]],
        "my_tokens": two["tokens"][me] if me is not None else two["tokens"][view["turn"]["seat"]],
        "unrated": two["unrated"],
        "placing": next((n for n in neutrals if n["to_place"]), None),
        "build": None,
        "forced": None,
    }
    build = two["build"]
    if build:
        context["build"] = {
            "builder": players[build["seat"]],
            "piece": build["piece"],
            "piece_name": NEUTRAL_PIECE_NAMES.get(build["piece"], build["piece"]),
            "neutral": by_seat.get(build["neutral"]),
            "options": [by_seat[n] for n in two["build_options"]],
            "mine": me == build["seat"] or (me is None and view["config"]["play_mode"] == "paper"),
        }
    forced = two["forced"]
    if forced:
        context["forced"] = {"player": players[forced["seat"]], "victim": players[forced["victim"]],
                             "due": forced["due"], "mine": me == forced["seat"]}
    extra = {}
    if view["phase"] == "roll" and len(two["rolls"]) == 1:  # the first roll is dealt with
        extra["phase_name"] = _("Roll the dice again (a different number)")
    return {"two": context, **extra}
