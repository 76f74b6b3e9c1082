"""The friendly robber's words (a game option): the one refusal it adds."""
from django.utils.translation import gettext as _

from companion.machinery.errors import IllegalAction
from companion.messages import refusal_text


def refusal(error: IllegalAction) -> str | None:
    """Why the friendly robber refused; None for a code that is not this option's."""
    return refusal_text({"robber_spares": _("Friendly robber: it spares players with 2 victory points or fewer.")}, error)


def log_text(entry: dict, names: list[str]) -> str | None:
    """The friendly robber writes no log line of its own."""
    return None
