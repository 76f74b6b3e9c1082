"""Spices for Catan's words (rules.py): its refusals, its log lines, the villages' benefits
and its reasons for gold, in English and Polish (the package's own catalogue: locale/). The
crews', pirates' and tracks' words are the core's (companion/layers/cores/explorers_pirates/messages.py)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from companion.machinery.errors import IllegalAction
from companion.messages import CARD_NAMES, Params, refusal_text
from companion.layers.cores.explorers_pirates.messages import area_in

# Why gold was paid ("… takes 2 gold for <reason>").
GOLD_REASONS = {
    "spice": gettext_lazy("finding a spice field"),
    "quick_gold": gettext_lazy("quick gold in a spice village"),
}

# The villages' benefits (rules.BENEFITS).
BENEFIT_NAMES = {
    "fast_travel": gettext_lazy("Fast travel"),
    "pirates_5": gettext_lazy("Anti-pirate 5"),
    "pirates_4": gettext_lazy("Anti-pirate 4"),
    "quick_gold": gettext_lazy("Quick gold"),
}
BENEFIT_HELP = {
    "fast_travel": gettext_lazy("each of your ships has 1 more movement point"),
    "pirates_5": gettext_lazy("a 5 chases a pirate ship away too"),
    "pirates_4": gettext_lazy("a 4 chases a pirate ship away too"),
    "quick_gold": gettext_lazy("once a turn: 1 resource to the bank for 1 gold"),
}


def benefit_name(code) -> str:
    return str(BENEFIT_NAMES.get(code, code))


def _name(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def refusal(error: IllegalAction) -> str | None:
    """Why a Spices for Catan action was refused; None for a code that is not its own."""
    texts = {
        "spices_explorers_pirates_only": _("Spices for Catan is a scenario of Explorers & Pirates: pick that game."),
        "sp_no_token_on_spice": _("A spice field gets no number token: its village holds the sacks."),
        "sp_benefit_needed": _("Pick the benefit shown on the spice field's village."),
        "sp_benefit_taken": _("Every village with the benefit “%(benefit)s” is found already."),
        "sp_no_spices_left": _("All %(count)s spice fields %(area)s are found already: this hex shows something else."),
        "sp_not_village": _("Tap a spice field: merchants go only into a spice village."),
        "sp_one_crew_per_village": _("You already have a merchant in that village: one per player."),
        "sp_no_sacks_aboard": _("That ship carries no spice sacks."),
        "sp_not_at_council": _("A ship delivers spices only with its bow at a port of the Council of Catan."),
        "sp_no_quick_gold": _("Quick gold needs your merchant in a quick-gold village."),
        "sp_quick_gold_used": _("You have used quick gold as often as your villages allow this turn."),
    }
    return refusal_text(texts, error, area=area_in, benefit=benefit_name)


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Spices for Catan; None for a kind that is not its own."""
    p = Params(entry.get("params") or {})
    who = _name(names, entry.get("seat"))
    kind = entry["kind"]
    if kind == "ep_hex_revealed" and p["terrain"] == "spice":
        return _("%(who)s discovers a spice field.") % {"who": who}
    if kind == "sp_spice_found":
        n = p["sacks"] if isinstance(p["sacks"], int) else 0
        return ngettext("Its village offers “%(benefit)s”; %(n)s spice sack goes into it.",
                        "Its village offers “%(benefit)s”; %(n)s spice sacks go into it.", n) % {
            "benefit": benefit_name(p["benefit"]), "n": n}
    if kind == "sp_merchant_placed":
        if p["sack"] is True:
            return _("%(who)s puts a merchant into the spice village (“%(benefit)s”) and loads a spice sack.") % {
                "who": who, "benefit": benefit_name(p["benefit"])}
        return _("%(who)s puts a merchant into the spice village (“%(benefit)s”); no sack is left there.") % {
            "who": who, "benefit": benefit_name(p["benefit"])}
    if kind == "sp_spices_delivered":
        n = p["count"] if isinstance(p["count"], int) else 1
        return ngettext("%(who)s delivers %(n)s spice sack to the Council of Catan.",
                        "%(who)s delivers %(n)s spice sacks to the Council of Catan.", n) % {"who": who, "n": n}
    if kind == "sp_quick_gold":
        if p["resource"] in (None, "?"):
            return _("%(who)s gives a resource to the bank for quick gold.") % {"who": who}
        return _("%(who)s gives 1 %(resource)s to the bank for quick gold.") % {
            "who": who, "resource": CARD_NAMES.get(p["resource"], p["resource"])}
    return None
