"""What the screens show for Catan for two (rules.py): the neutral colours and their pieces,
each player's trade tokens and what a token action costs them, this turn's two rolls, and
the neutral build a player owes."""
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion.layers.options.catan_for_two.messages import NEUTRAL_PIECE_NAMES, neutral_name, robber_home_button
from companion.machinery.contract import Form, Option, Screens, Words, owes_pending
from companion.layers.options.catan_for_two import LAYERS, forms, messages
from companion.layers.options.catan_for_two.rules import FORCED_GIVE, NEUTRAL_BUILD

# The keys this layer adds to a screen's context, as the templates find them in other games:
# its own part, and whether the usual setup hint (tap for your settlement) shows: not while
# a neutral settlement is to be placed first.
# two_robber: a scenario's own token action in place of sending the robber home (Traders &
# Barbarians moves a barbarian): apart from two_words, which a variant words (the travel
# edition's cards). The robber's way home is named after the board's home (two.robber_button).
DEFAULTS = {"two": None, "settlement_hint": True, "two_words": None, "two_robber": None}
# Its partials: its actions, its tap targets on the board, the neutral colours' rows in the
# scoreboard and the trade tokens under it.
PARTIALS = {"actions": "catan_for_two/actions.html", "board_targets": "catan_for_two/board_targets.html",
            "scoreboard_rows": "catan_for_two/scoreboard_rows.html", "scoreboard": "catan_for_two/scoreboard.html"}
# What the scoreboard (a shared fragment kept by what it shows) reads of this layer's keys.
READS = {"scoreboard": ("two", "two_words")}


def token_words(two: dict, active_name: str) -> dict:
    """What the trade tokens are called on the screens (a variant may word them its own
    way: the travel edition's trade cards, travel_two_players/screens.py)."""
    return {
        "title": _("Trade tokens"),
        "you_have": ngettext("Trade tokens: you have %(n)s.", "Trade tokens: you have %(n)s.",
                             two["my_tokens"]) % {"n": two["my_tokens"]},
        "price": ngettext("%(n)s token", "%(n)s tokens", two["my_cost"]) % {"n": two["my_cost"]},
        "used": _("You already used trade tokens this turn."),
        "for_settlement": _("Trade tokens for the new settlement, if it stands:"),
        "on_phone": _("%(name)s uses the trade tokens on their phone.") % {"name": active_name},
        "knight": _("Give up a played knight for 2 trade tokens"),
        "limit": None,
        "rules": None,  # a rule-lookup key for the panel's "?" (the variant's own entry)
    }


def extra_seats(view: dict) -> list[dict]:
    """The seats on the board after the players' (2 and 3): the neutral colours."""
    two = view["catan_for_two"]
    return [{"seat": n["seat"], "name": neutral_name(n["color"]), "color": n["color"]} for n in two["neutrals"]] \
        if two else []


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    two = view["catan_for_two"]
    if not two:
        return {}
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
        "tokens_off": two.get("tokens_off", False),  # a scenario that plays without trade tokens
        "robber_off": two.get("robber_off", False),  # a scenario without a robber: no button for it
        # where the token action sends the robber, as this board has it (a swamp, or beside it)
        "robber_button": robber_home_button(two.get("home", "desert")),
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
    active = view["players"][view["active_seat"]]["name"] if view["active_seat"] is not None else ""
    return {"two": context, "two_words": token_words(context, active), "settlement_hint": not context["placing"],
            **extra}


def _neutral_build_label(view: dict) -> str:
    build = view["catan_for_two"]["build"] or {}
    piece = NEUTRAL_PIECE_NAMES.get(build.get("piece"), build.get("piece", ""))
    if view.get("board"):
        return _("Build %(piece)s for a neutral colour, free: tap the marked place on the board.") % {"piece": piece}
    return _("Build %(piece)s for a neutral colour, free.") % {"piece": piece}


def _forced_give_label(view: dict) -> str:
    forced = view["catan_for_two"]["forced"] or {}
    due, victim = forced.get("due", 0), forced.get("victim")
    name = view["players"][victim]["name"] if isinstance(victim, int) else ""
    return ngettext("Forced trade: give %(name)s %(n)s card of your choice.",
                    "Forced trade: give %(name)s %(n)s cards of your choice.", due) % {"name": name, "n": due}


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS, reads=READS, extra_seats=extra_seats,
    words=Words(messages.refusal, messages.log_text,
                names={"phase": messages.PHASE_NAMES}),
    form=Form(options={name: Option(field) for name, field in forms.OPTIONS.items()}),
    owed=owes_pending(LAYERS, partial="catan_for_two/owed.html", board=frozenset({NEUTRAL_BUILD}),
                      labels={NEUTRAL_BUILD: _neutral_build_label, FORCED_GIVE: _forced_give_label}),
)
