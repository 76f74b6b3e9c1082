"""The Harbormaster's words (a game option): the log line of its card changing hands."""
from django.utils.translation import gettext as _

from companion.machinery.errors import IllegalAction
from companion.messages import Params


def refusal(error: IllegalAction) -> str | None:
    """The Harbormaster refuses nothing of its own."""
    return None


def log_text(entry: dict, names: list[str]) -> str | None:
    """Who holds the Harbormaster card now; None for a kind that is not this option's."""
    if entry["kind"] != "harbormaster":
        return None
    p = Params(entry.get("params") or {})
    seat = entry.get("seat")
    who = names[seat] if seat is not None and 0 <= seat < len(names) else ""
    if seat is None:
        return _("Nobody holds the Harbormaster card now.")
    if p.get("points") is not None:
        return _("%(who)s takes the Harbormaster card (harbour points: %(points)s).") % {"who": who, "points": p["points"]}
    return _("%(who)s takes the Harbormaster card.") % {"who": who}
