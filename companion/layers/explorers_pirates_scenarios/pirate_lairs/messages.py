"""Pirate Lairs' words (rules.py): its refusals, its log lines and its reasons for gold, in
English and Polish (the package's own catalogue: locale/). The crews', pirates' and tracks'
words are the core's (companion/layers/cores/explorers_pirates/messages.py)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from companion.machinery.errors import IllegalAction
from companion.messages import Params, refusal_text
from companion.layers.cores.explorers_pirates.messages import area_in

# Why gold was paid ("… takes 2 gold for <reason>").
GOLD_REASONS = {
    "lair": gettext_lazy("finding a pirate lair"),
    "conquest": gettext_lazy("conquering a pirate lair"),
    "river": gettext_lazy("a gold-river field on the %(roll)s"),
}


def _name(names: list[str], seat) -> str:
    """A seat's name; a seat may come as a string (the keys of a logged dict)."""
    if isinstance(seat, str) and seat.isdigit():
        seat = int(seat)
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _names(names: list[str], seats) -> str:
    return ", ".join(_name(names, s) for s in (seats if isinstance(seats, list) else []))


def refusal(error: IllegalAction) -> str | None:
    """Why a Pirate Lairs action was refused; None for a code that is not its own."""
    texts = {
        "pirate_lairs_explorers_pirates_only": _("Pirate Lairs is a scenario of Explorers & Pirates: pick that game."),
        "pl_not_lair": _("Tap a pirate lair: crews land only on a lair's token."),
        "pl_lair_conquered": _("That lair is already conquered."),
        "pl_lair_full": _("At most 3 crews stand on a pirate lair."),
        "pl_no_crews_there": _("None of your crews stand beside that lair."),
        "pl_no_token_on_river": _("A gold-river field gets no number token: a lair token lies on it."),
        "pl_no_lairs_left": _("No lair tokens are left."),
        "pl_no_rivers_left": _("The gold-river fields %(area)s are all found already (%(count)s): this hex shows something else."),
        "pl_hero_dice": _("Enter one die for each player still rolling for the hero (%(count)s)."),
    }
    return refusal_text(texts, error, area=area_in)


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Pirate Lairs; None for a kind that is not its own."""
    p = Params(entry.get("params") or {})
    who = _name(names, entry.get("seat"))
    kind = entry["kind"]
    if kind == "pl_lair_found":
        return _("%(who)s finds a pirate lair on a gold-river field: a lair token goes on it.") % {"who": who}
    if kind == "pl_crews_landed":
        n = p["count"] if isinstance(p["count"], int) else 1
        total = p["total"] if isinstance(p["total"], int) else 0
        return ngettext("%(who)s lands %(n)s crew on the pirate lair (%(total)s of 3 there).",
                        "%(who)s lands %(n)s crews on the pirate lair (%(total)s of 3 there).", n) % {
            "who": who, "n": n, "total": total}
    if kind == "pl_lair_falls":
        return _("The pirate lair falls to %(names)s: it is settled when the movement ends.") % {
            "names": _names(names, p["seats"])}
    if kind == "pl_lair_conquered":
        return _("The lair's token shows a %(number)s: the gold-river field is free (%(names)s).") % {
            "number": p["number"], "names": _names(names, p["seats"])}
    if kind == "pl_hero_rolls":
        rolls = p["rolls"] if isinstance(p["rolls"], dict) else {}
        totals = p["totals"] if isinstance(p["totals"], dict) else {}
        parts = [_("%(who)s %(die)s (total %(total)s)") % {"who": _name(names, s), "die": d, "total": totals.get(s, d)}
                 for s, d in rolls.items()]
        return _("Rolls for the hero: %(rolls)s.") % {"rolls": ", ".join(parts)}
    if kind == "pl_hero_tie":
        return _("A tie between %(names)s: they roll again.") % {"names": _names(names, p["seats"])}
    if kind == "pl_hero":
        return _("%(who)s is the hero of the conquest: one field more, and one of their crews goes home.") % {"who": who}
    if kind == "pl_crews_collected":
        n = p["count"] if isinstance(p["count"], int) else 1
        return ngettext("%(who)s takes %(n)s crew back aboard from the conquered lair.",
                        "%(who)s takes %(n)s crews back aboard from the conquered lair.", n) % {"who": who, "n": n}
    return None
