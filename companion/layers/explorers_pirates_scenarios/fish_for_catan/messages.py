"""Fish for Catan's words (rules.py): its refusals, its log lines and its reason for gold, in
English and Polish (the package's own catalogue: locale/). The crews', pirates' and tracks'
words are the core's (companion/layers/cores/explorers_pirates/messages.py), the lairs' Pirate
Lairs' (companion/layers/explorers_pirates_scenarios/pirate_lairs/messages.py)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from companion.machinery.errors import IllegalAction
from companion.messages import Params, refusal_text
from companion.layers.cores.explorers_pirates.messages import area_in

# Why gold was paid ("… takes 2 gold for <reason>").
GOLD_REASONS = {"fish": gettext_lazy("finding a fish field")}

def _name(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def refusal(error: IllegalAction) -> str | None:
    """Why a Fish for Catan action was refused; None for a code that is not its own."""
    texts = {
        "fish_for_catan_explorers_pirates_only":
            _("Fish for Catan is a scenario of Explorers & Pirates: pick that game."),
        "ff_no_token_on_fish": _("A fish field gets no number token: it shows a die face instead."),
        "ff_face_needed": _("Enter the die face printed on the fish field (1 to 6)."),
        "ff_bad_face": _("A fish field shows a die face from 1 to 6."),
        "ff_face_taken": _("Another fish field already shows a %(face)s: each face is on one fish field only."),
        "ff_no_fish_left": _("All fish fields %(area)s are found already: this hex shows something else."),
        "ff_tried": _("You have tried for a fish shoal this turn already: one try a turn."),
        "ff_no_fish_fields": _("No fish field has been found yet: a shoal needs one."),
        "ff_no_shoals_left": _("All %(total)s fish shoals are out: none can be drawn until one comes back."),
        "ff_no_shoal_there": _("Tap a fish shoal: there is none on that hex."),
        "ff_ship_not_empty": _("Only an empty ship can take a shoal aboard: a shoal fills the whole hold."),
        "ff_no_shoal_aboard": _("That ship carries no fish shoal."),
        "ff_not_at_council": _("A shoal is delivered by a ship pointing at a port of the Council of Catan."),
    }
    return refusal_text(texts, error, area=area_in)


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Fish for Catan; None for a kind that is not its own."""
    p = Params(entry.get("params") or {})
    who = _name(names, entry.get("seat"))
    kind = entry["kind"]
    if kind == "ff_fish_found":
        return _("%(who)s finds a fish field showing a %(face)s.") % {"who": who, "face": p["face"]}
    if kind == "ff_shoal_drawn":
        texts = {
            "placed": _("%(who)s rolls a %(die)s for a fish shoal: a shoal goes on the fish field with that face."),
            "no_field": _("%(who)s rolls a %(die)s for a fish shoal: no fish field found shows it, no shoal."),
            "taken": _("%(who)s rolls a %(die)s for a fish shoal: that field has a shoal already."),
            "pirates": _("%(who)s rolls a %(die)s for a fish shoal: the pirate ship lies on that field, no shoal."),
        }
        text = texts.get(p["result"], texts["no_field"]) % {"who": who, "die": p["die"]}
        if p.get("ended") is not None:
            text += " " + _("(Ship %(ship)s's move is over.)") % {"ship": p["ended"]}
        return text
    if kind == "ff_shoal_caught":
        return _("%(who)s's ship %(ship)s takes a fish shoal aboard.") % {"who": who, "ship": p["ship"]}
    if kind == "ff_shoal_delivered":
        return _("%(who)s's ship %(ship)s delivers a fish shoal to the Council of Catan.") % {
            "who": who, "ship": p["ship"]}
    if kind == "ff_pirates_fish":
        return _("The pirates fish: the shoal under %(who)s's pirate ship goes back to the supply.") % {"who": who}
    return None
