"""Fishermen of Catan's words: its refusals, its board problems, its log lines, the names
of its fish actions, in Polish and English (this package's locale/ catalogues)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from companion.log_lines import LogLine, LogTable
from companion.machinery.errors import IllegalAction
from companion.messages import Params, refusal_text
from companion.layers.cores.base.messages import DEV_CARD_NAMES, RESOURCE_NAMES

# What an undone action had shown (companion/messages.py, undone_revealing_text).
REVEALED_TEXTS = {
    "fish_token": gettext_lazy("%(who)s had seen the fish token drawn; it went back into the pool, shuffled"),
    "old_boot": gettext_lazy("everyone had seen the old boot drawn; it went back into the pool, shuffled"),
}
PHASE_NAMES = {"fish_return": gettext_lazy("Fish tokens above 7 go back")}

# The fish actions, as the phones and the log name them.
FISH_ACTION_NAMES = {
    "robber": gettext_lazy("The robber off the board"),
    "steal": gettext_lazy("Steal a random resource from an opponent"),
    "resource": gettext_lazy("A resource of your choice from the bank"),
    "road": gettext_lazy("A free road"),
    "dev_card": gettext_lazy("A free development card"),
}


# This scenario's board problems (companion/messages.py's board_problem_texts reads them).
BOARD_PROBLEMS = {
    "lake_on_coast": gettext_lazy("The lake may not lie on the coast: put it inland."),
    "fishing_ground_spot": gettext_lazy(
        "A fishing ground lies on the frame where the sea touches three coastal intersections and there is no harbour."),
    "fishing_grounds": gettext_lazy("Six fishing grounds go on the frame, numbered 4, 5, 6, 8, 9 and 10 (each once)."),
}


def refusal(error: IllegalAction) -> str | None:
    """Why a Fishermen of Catan action was refused; None for a code that is not this scenario's."""
    p = Params(error.params)
    if error.code in ("board_layout", "board_incomplete") and p.get("problem") in BOARD_PROBLEMS:
        return str(BOARD_PROBLEMS[p["problem"]])
    cost = p["cost"] if isinstance(p.get("cost"), int) else 2
    count = p["count"] if isinstance(p.get("count"), int) else 2
    texts = {
        "fishermen_needs_board": _(
            "Fishermen of Catan needs the board in the app: its lake and fishing grounds bring the fish."),
        "fishermen_players": _("Fishermen of Catan is played by 3 or 4 players, or by 2 with Catan for two."),
        "fishermen_base_only": _("Fishermen of Catan is played with the base game, not with Cities & Knights."),
        "fishermen_no_trade_tokens": _(
            "With the fishermen Catan for two has no trade tokens: the fish take their place."),
        "fish_on_phone": _("Fish are spent on the player's own phone: the tokens are secret."),
        "bad_fish_action": _("Pick one of the fish actions."),
        "bad_fish_tokens": _("Pick the fish tokens to pay with."),
        "fish_not_held": _("You don't hold those fish tokens."),
        "not_enough_fish": ngettext("That costs %(cost)s fish; the tokens picked show %(fish)s.",
                                    "That costs %(cost)s fish; the tokens picked show %(fish)s.", cost),
        "fish_return_count": ngettext("Give back exactly %(count)s token: you may hold 7.",
                                      "Give back exactly %(count)s tokens: you may hold 7.", count),
        "robber_already_off": _("The robber is off the board already."),
        "victim_has_no_cards": _("That player has no resource cards."),
        "no_road_spot": _("There is no place for a road of yours."),
        "bad_fishing_ground": _("A fishing ground carries 4, 5, 6, 8, 9 or 10."),
        "boot_not_yours": _("Only the holder of the old boot may pass it on."),
        "boot_needs_points": _(
            "The old boot goes only to a player with at least as many points as you (%(vp)s)."),
    }
    texts.update({code: str(text) for code, text in BOARD_PROBLEMS.items()})
    return refusal_text(texts, error)


def _name(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def tokens_text(tokens) -> str:
    """[3, 2, 1] -> "3 + 2 + 1"."""
    return " + ".join(str(t) for t in tokens or ())


# Fishermen of Catan's log lines: a sentence to fill in with the entry's params and %(who)s,
# the acting player, or a function of the line.
LOG = LogTable({
    "old_boot_drawn": gettext_lazy("%(who)s draws the old boot: they need one point more to win."),
    "fish_reshuffled": gettext_lazy("The face-down fish tokens ran out: the face-up ones are shuffled into a new pool."),
    "robber_off_board": gettext_lazy("The robber leaves the board until the next 7 or Knight."),
}, params=Params, who=_name, name=_name)


@LOG.kind("fish_caught")
def _fish_caught(line: LogLine) -> str:
    p = line.p
    count = p["count"] if isinstance(p.get("count"), int) else 0
    own = isinstance(p.get("tokens"), list)  # the seat's own line: the fish on each token
    fish = tokens_text(p["tokens"]) if own else ""
    # The old boot is a token that is not fish: it is named beside the fish, never counted as one.
    if p.get("boot"):
        if not count:
            return line.say(_("%(who)s catches no fish, only the old boot."))
        if own:
            return line.say(ngettext("%(who)s catches %(n)s fish token (%(fish)s) and the old boot.",
                                     "%(who)s catches %(n)s fish tokens (%(fish)s) and the old boot.", count),
                            n=count, fish=fish)
        return line.say(ngettext("%(who)s catches %(n)s fish token and the old boot.",
                                 "%(who)s catches %(n)s fish tokens and the old boot.", count), n=count)
    if not count:  # every token is held: the pool is empty even after a reshuffle
        return line.say(_("%(who)s catches no fish: no token is left to draw."))
    if own:
        return line.say(ngettext("%(who)s catches %(n)s fish token (%(fish)s).",
                                 "%(who)s catches %(n)s fish tokens (%(fish)s).", count), n=count, fish=fish)
    return line.say(ngettext("%(who)s catches %(n)s fish token.", "%(who)s catches %(n)s fish tokens.", count), n=count)


@LOG.kind("old_boot_passed")
def _old_boot_passed(line: LogLine) -> str:
    return line.say(_("%(who)s passes the old boot to %(to)s."), to=line.name(line.p.get("to")))


@LOG.kind("fish_returned")
def _fish_returned(line: LogLine) -> str:
    tokens = line.p.get("tokens") or []
    return line.say(ngettext("%(who)s may hold 7 fish tokens and gives back %(n)s (%(fish)s), face up.",
                             "%(who)s may hold 7 fish tokens and gives back %(n)s (%(fish)s), face up.", len(tokens)),
                    n=len(tokens), fish=tokens_text(tokens))


@LOG.kind("fish_spent")
def _fish_spent(line: LogLine) -> str:
    p = line.p
    what = {
        "robber": _("the robber off the board"),
        "steal": _("a resource stolen from %(victim)s") % {"victim": line.name(p.get("victim"))},
        "resource": _("%(resource)s from the bank") % {
            "resource": RESOURCE_NAMES.get(p.get("resource"), p.get("resource"))},
        "road": _("a free road"),
        "dev_card": _("a free development card"),
    }.get(p.get("action"), str(p.get("action")))
    fish = p["fish"] if isinstance(p.get("fish"), int) else 0
    return line.say(ngettext("%(who)s pays %(fish)s fish (%(tokens)s) for %(what)s.",
                             "%(who)s pays %(fish)s fish (%(tokens)s) for %(what)s.", fish),
                    fish=fish, tokens=tokens_text(p.get("tokens")), what=what)


@LOG.kind("fish_stole")
def _fish_stole(line: LogLine) -> str:
    victim = line.name(line.p.get("victim"))
    if line.p.get("card"):
        return line.say(_("%(who)s takes %(card)s from %(victim)s."), victim=victim,
                        card=RESOURCE_NAMES.get(line.p["card"], line.p["card"]))
    return line.say(_("%(who)s takes a random resource card from %(victim)s."), victim=victim)


@LOG.kind("fish_dev_card")
def _fish_dev_card(line: LogLine) -> str:
    if line.p.get("card"):  # the taker's own line
        return line.say(_("%(who)s takes a development card: %(card)s."),
                        card=DEV_CARD_NAMES.get(line.p["card"], line.p["card"]))
    return line.say(_("%(who)s takes a development card."))


@LOG.kind("fishing_ground_set")
def _fishing_ground_set(line: LogLine) -> str:
    if line.p.get("number") is None:
        return _("No fishing ground at this place of the frame.")
    return _("Fishing ground %(number)s set on the frame.") % {"number": line.p["number"]}


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Fishermen of Catan; None for a kind that is not this scenario's."""
    return LOG.text(entry, names)
