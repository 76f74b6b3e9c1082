"""What the screens show for the travel edition's two-player variant: Catan for two's
panel and buttons (catan_for_two/screens.py), with its trade tokens called the travel
box's trade cards and the limit of 7 a player may hold."""
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from companion.machinery.contract import Form, Option, Screens, Words
from companion.layers.options.travel_two_players import LAYERS, forms, messages

DEFAULTS = {}  # it adds no key of its own: it words Catan for two's
PARTIALS = {}  # nor partials: Catan for two's show its cards


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    two, travel = view["catan_for_two"], view["travel_two_players"]
    me = (view.get("me") or {}).get("seat")
    seat = me if me is not None else view["turn"]["seat"]
    held, cost = two["tokens"][seat], two["costs"][seat]
    active = view["players"][view["active_seat"]]["name"] if view["active_seat"] is not None else ""
    return {"two_words": {
        "title": _("Trade cards"),
        "you_have": ngettext("Trade cards: you have %(n)s.", "Trade cards: you have %(n)s.", held) % {"n": held},
        "price": ngettext("%(n)s card", "%(n)s cards", cost) % {"n": cost},
        "used": _("You already used trade cards this turn."),
        "for_settlement": _("Trade cards for the new settlement, if it stands:"),
        "on_phone": _("%(name)s uses the trade cards on their phone.") % {"name": active},
        "knight": (_("You hold %(n)s trade cards, the most allowed: a knight given up now earns nothing.")
                   % {"n": held} if held >= travel["limit"] else _("Give up a played knight for 2 trade cards")),
        "limit": ngettext("at most %(n)s each", "at most %(n)s each", travel["limit"]) % {"n": travel["limit"]},
        "rules": "two-player",  # the travel edition's own two-player rules in the lookup
    }}


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS,
    words=Words(messages.refusal, messages.log_text),
    form=Form(options={name: Option(field, implies=forms.IMPLIES.get(name, ()))
                       for name, field in forms.OPTIONS.items()}),
)
