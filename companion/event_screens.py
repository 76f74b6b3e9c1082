"""What the screens show for the Events of Catan deck (engine/events.py): the card on view,
how far into the year the deck is, who does what now, the roads an Earthquake damaged;
and how close the game's numbers stay to the 2d6 curve."""
import math

from .layers.events.messages import EVENT_NAMES, EVENT_TEXTS, EVENT_TEXTS_CK, event_effect_lines
from .messages import CARD_NAMES

# What an event card asks of a player with hands on phones (engine/events.py): the pending kinds.
HANDS_CHOICES = ("event_gain", "event_give", "event_help", "event_take")

# Expected share of each 2d6 total, 2..12, in 36ths.
EXPECTED_2D6 = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]


def event_context(view: dict, names: list[str]) -> dict | None:
    """The event deck for a screen: None when the game doesn't use it (and never did)."""
    deck = view.get("events")
    if not deck:
        return None
    revealed, length = deck["revealed"], deck["year_length"]
    damaged = {}
    for road in deck["damaged"]:
        damaged[road["seat"]] = damaged.get(road["seat"], 0) + 1
    context = {
        "year": deck["year"],
        "revealed": revealed,
        "year_length": length,
        "left": deck["left"],
        "new_year": deck["year"] > 1 and revealed == 1,
        "pile": deck["pile"],
        "damaged": [{"seat": s, "name": names[s], "count": n} for s, n in sorted(damaged.items())],
        "card": None,
    }
    card = deck["card"]
    if card:
        event = card["event"]
        context["card"] = {
            "number": card["number"],
            "event": event,
            "name": EVENT_NAMES.get(event, event),
            # Cities & Knights: the card's own paragraph for that game
            "text": (view.get("ck") and EVENT_TEXTS_CK.get(event)) or EVENT_TEXTS.get(event, ""),
            "lines": event_effect_lines(event, deck["effect"] or {}, names),
            "seven": card["number"] == 7,
        }
    return context


def event_choice_context(view: dict) -> dict | None:
    """A phone's own event choice with hands on phones (from its view only): the players
    named in it, the card it picked."""
    choice = (view.get("me") or {}).get("event_choice")
    if not choice:
        return None
    players = view["players"]
    context = {"kind": choice["kind"]}
    if "to" in choice:
        context["to"] = players[choice["to"]]
    if "to_any_of" in choice:
        context["receivers"] = [players[s] for s in choice["to_any_of"]]
    if "victims" in choice:
        context["victims"] = [players[s] for s in choice["victims"]]
    if "card" in choice:
        context["card"] = CARD_NAMES.get(choice["card"], choice["card"])
    return context


def event_waiting(view: dict) -> list[dict]:
    """Who still has to make an event choice on their phone (everyone else but this viewer)."""
    if view["phase"] != "event" or view["config"].get("play_mode") != "hands":
        return []
    me = (view.get("me") or {}).get("seat")
    return [p for p in view["players"] if p["seat"] != me and any(k in HANDS_CHOICES for k in p["pending"])]


def variant_context(view: dict) -> dict:
    """Game options on the screens: whom the friendly robber spares, who is Harbormaster."""
    # Every key the templates test, present: a missing one costs Django a dir() per lookup.
    variants = {"friendly_robber": False, "harbormaster": False, "holder": None, "spared": [],
                **(view.get("variants") or {})}
    return {"robber_spared": variants["spared"] or [], "variants": variants}


def mark_damaged_roads(picture: dict | None, deck: dict | None) -> None:
    """Flag the roads an Earthquake turned on their side, for the board drawing."""
    if not picture or not deck:
        return
    damaged = {d["edge"] for d in deck["damaged"] if d["edge"]}
    for road in picture["roads"]:
        road["damaged"] = road["id"] in damaged


def steadiness(view: dict) -> dict | None:
    """How far this game's numbers are from the 2d6 curve, against what fair dice would give.

    `off`: the share of the numbers that would have to be different to match the curve
    exactly (half the sum of |count - expected| over the total). `dice`: the same measure
    expected from as many rolls of fair dice (normal approximation of each count:
    E|X - np| = sqrt(2/pi) * sqrt(np(1-p))). The event deck stays far below dice.
    """
    counts, total = view["roll_counts"], view["rolls_total"]
    if total < 6:
        return None
    off = sum(abs(c - total * e / 36) for c, e in zip(counts, EXPECTED_2D6)) / (2 * total)
    dice = sum(math.sqrt(2 / math.pi) * math.sqrt(total * e / 36 * (1 - e / 36)) for e in EXPECTED_2D6) / (2 * total)
    return {"off": round(100 * off), "dice": round(100 * min(dice, 1.0))}
