"""What the screens show for the Events of Catan deck (rules.py): the card on view, how far
into the year the deck is, who does what now, the roads an Earthquake damaged."""
from django.utils.translation import gettext_lazy, pgettext_lazy

from companion.messages import CARD_NAMES

from companion.layers.options.events.messages import EVENT_NAMES, event_effect_lines, event_text
from companion.machinery.contract import Form, Screens, Words, owes_pending
from companion.layers.options.events import LAYERS, forms, messages

# What an event card asks of a player with hands on phones (rules.py): the pending kinds.
HANDS_CHOICES = ("event_gain", "event_give", "event_help", "event_take")

# What a card asks of the phone that owes it, in a few words for its bottom bar (the form
# follows: events/owed.html); an Earthquake's road is tapped on the board.
OWED_LABELS = {
    "earthquake": gettext_lazy("Earthquake: tap the road you lay on its side, on the board."),
    "event_take": gettext_lazy("Draw 1 random card: pick from whose hand."),
    "event_gain": gettext_lazy("Take 1 resource of your choice from the bank."),
    "event_give": gettext_lazy("Pick 1 card to pass on."),
    "event_help": gettext_lazy("Give 1 card to a player with fewer victory points."),
}

# The keys this layer adds to a screen's context, as the templates find them in other games.
DEFAULTS = {"event_deck": None, "event_choice": None, "event_waiting": []}
# Where its partials go: the actions panel (the reveal, the choices a card asks for, road
# repair); its `dice_partial` shows the card on view in the dice's place.
PARTIALS = {"actions": "events/actions.html"}


def context(view: dict, names: list[str], board: dict | None) -> dict:
    """The deck for a screen; the roads an Earthquake damaged, marked on this screen's drawing."""
    mark_damaged_roads(board, view["events"])
    deck = event_context(view, names)
    context = {"event_deck": deck,
               "event_choice": event_choice_context(view),  # hands on phones: this phone's own choice
               "event_waiting": event_waiting(view)}
    roll = view["last_roll"]
    if deck and (not roll or roll.get("source") == "events"):  # the deck stands for the dice
        context["dice_partial"] = "events/dice.html"
    return context


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
            # Cities & Knights: the card's own paragraph for that game; the robber's home as the board has it
            "text": event_text(event, deck["effect"], bool(view.get("cities_knights"))),
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


def mark_damaged_roads(picture: dict | None, deck: dict | None) -> None:
    """Flag the roads an Earthquake turned on their side, for the board drawing."""
    if not picture or not deck:
        return
    damaged = {d["edge"] for d in deck["damaged"] if d["edge"]}
    for road in picture["roads"]:
        road["damaged"] = road["id"] in damaged


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS,
    words=Words(messages.refusal, messages.log_text, names={"phase": messages.PHASE_NAMES}),
    form=Form(dice_sources=forms.DICE_SOURCES),
    owed=owes_pending(LAYERS, partial="events/owed.html", labels=OWED_LABELS, board=frozenset({"earthquake"})),
    rule_topics={"events": pgettext_lazy("rulebook", "Events of Catan")},
)
