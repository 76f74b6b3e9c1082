"""The travel edition's two-player words: its trade cards (Catan for two's tokens are
cards here, and a player may hold 7 at most)."""
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion.machinery.errors import IllegalAction
from companion.messages import Params


def refusal(error: IllegalAction) -> str | None:
    if error.code == "travel_needs_two_players":
        return _("The travel edition's trade cards need the Catan for two option.")
    return None


def log_text(entry: dict, names: list[str]) -> str | None:
    """Cards earned over the limit: how many were kept and how many went back (None for
    every other line: Catan for two words them)."""
    p = Params(entry.get("params") or {})
    if entry["kind"] != "tokens_earned" or p.get("limit") is None:
        return None
    seat = entry.get("seat")
    who = names[seat] if seat is not None and 0 <= seat < len(names) else ""
    kept, back = p.get("tokens") or 0, p.get("returned") or 0
    text = ngettext("%(who)s takes %(n)s trade card.", "%(who)s takes %(n)s trade cards.", kept) % {
        "who": who, "n": kept}
    if back:
        text += " " + ngettext("At most %(limit)s may be held: %(n)s card goes back to the pool.",
                               "At most %(limit)s may be held: %(n)s cards go back to the pool.", back) % {
            "limit": p["limit"], "n": back}
    return text
