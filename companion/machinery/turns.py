"""Small checks every ruleset shares: whose turn it is, and arguments that name a seat or a number."""
from companion.machinery.errors import IllegalAction


def active_seat(state: dict) -> int:
    if state["phase"] == "setup":
        return state["setup"]["order"][state["setup"]["index"]]
    if state["phase"] == "special_build":
        return state["special_build"][0]
    return state["turn"]["seat"]


def whole_number(number, code: str, **params) -> int:
    """An integer argument; int() alone would quietly turn 2.5 into 2 and True into 1."""
    if isinstance(number, (bool, float)):
        raise IllegalAction(code, **params)
    try:
        return int(number)
    except (TypeError, ValueError):
        raise IllegalAction(code, **params) from None


def seat_arg(state: dict, value, code="bad_seat"):
    """A seat named in an action's arguments (None when left empty)."""
    if value is None or value == "":
        return None
    seat = whole_number(value, code)
    if not 0 <= seat < len(state["players"]):
        raise IllegalAction(code)
    return seat
