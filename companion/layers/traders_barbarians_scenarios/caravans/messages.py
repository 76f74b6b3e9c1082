"""The Caravans' words (a Traders & Barbarians scenario): its phases, refusals and log lines,
in Polish and English (the package's own catalogue: locale/)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from companion.machinery.errors import IllegalAction
from companion.messages import Params, cards_text, refusal_text

PHASE_NAMES = {
    "caravan_vote": gettext_lazy("Camel vote: grain and wool cards"),
    "caravan_camel": gettext_lazy("Camel vote: placing the camel"),
}
# The problems of an oasis being entered (the board's check_board hook).
BOARD_PROBLEMS = {
    "oasis_not_centre": gettext_lazy("The oasis lies on the centre hex of the island."),
    "oasis_arrows": gettext_lazy("Say which way the oasis's arrows point."),
}
VOTE_MODES = {
    "alone": gettext_lazy("more votes than all the others together"),
    "group": gettext_lazy("no one has a majority alone"),
    "nobody": gettext_lazy("nobody laid out a card"),
    "tie": gettext_lazy("a tie"),
}


def _name(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def refusal(error: IllegalAction) -> str | None:
    """Why a Caravans action was refused; None for a code that is not this scenario's."""
    if error.code in ("board_incomplete", "board_layout") and error.params.get("problem") in BOARD_PROBLEMS:
        return str(BOARD_PROBLEMS[error.params["problem"]])
    texts = {
        "caravans_need_board": _("The Caravans is played on a board: pick a board mode."),
        "caravans_base_only": _("The Caravans is played with the base game only."),
        "bad_orientation": _("Pick one of the oasis's two positions."),
        "oasis_not_centre": _("The oasis lies on the centre hex of the island."),
        "bid_on_phone": _("With cards on phones each player lays out their grain and wool on their own phone."),
        "bid_grain_wool": _("Only grain and wool cards count as votes."),
        "bad_bid": _("Say how many grain and wool cards you lay out (0 or more)."),
        "bid_not_held": _("You don't hold those cards (missing: %(missing)s)."),
        "camel_not_here": _("The camel can't go there: pick one of the marked paths."),
        "camel_other_caravan": _("The second camel extends another caravan."),
        "camel_not_that_caravan": _("The camel on this path can't extend that caravan."),
        "bad_caravan": _("Pick one of the caravans."),
    }
    return refusal_text(texts, error)


def _bid_text(bid: dict) -> str:
    if "count" in bid:
        return ngettext("%(n)s card", "%(n)s cards", bid["count"]) % {"n": bid["count"]}
    cards = {r: n for r, n in bid.items() if isinstance(n, int) and n > 0}
    return cards_text(cards) if cards else _("nothing")


def decision_text(mode, decider, group, names: list[str]) -> str:
    """Who decides where the camel goes, in words."""
    if mode == "alone":
        return _("%(who)s has more votes than all the others together and decides alone.") % {
            "who": _name(names, decider)}
    if mode == "group":
        text = _("No one has a majority alone: %(group)s agree where the camel goes; if they can't agree, %(who)s decides.")
        return text % {"group": ", ".join(_name(names, s) for s in group), "who": _name(names, decider)}
    if mode == "tie":
        return _("A tie: each player places one camel, %(who)s first.") % {"who": _name(names, decider)}
    return _("Nobody laid out a card: %(who)s, who ended the turn, decides.") % {"who": _name(names, decider)}


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of the Caravans; None for a kind that is not this scenario's."""
    p = Params(entry.get("params") or {})
    who = _name(names, entry.get("seat"))
    kind = entry["kind"]
    if kind == "oasis_set":
        return _("The oasis lies in position %(n)s.") % {"n": p["orientation"] + 1 if isinstance(
            p["orientation"], int) else "?"}
    if kind == "camel_vote":
        return _("%(who)s built this turn: a camel vote with grain and wool before the turn ends.") % {"who": who}
    if kind == "camel_bid":
        if entry["params"]:  # only the bidder reads their own bid before the reveal
            return _("%(who)s lays out %(bid)s (secret until everyone has bid).") % {
                "who": who, "bid": _bid_text(entry["params"])}
        return _("%(who)s has laid out their cards for the vote.") % {"who": who}
    if kind == "camel_bids_revealed":
        bids = p["bids"] if isinstance(p["bids"], dict) else {}
        shown = "; ".join(f"{_name(names, int(s))}: {_bid_text(b)}" for s, b in bids.items())
        return _("The votes: %(bids)s. %(decision)s") % {
            "bids": shown, "decision": decision_text(p["mode"], p["decider"], p["group"] or [], names)}
    if kind == "camel_placed":
        n = p["left"] if isinstance(p["left"], int) else 0
        return ngettext("%(who)s places a camel (%(n)s camel left).",
                        "%(who)s places a camel (%(n)s camels left).", n) % {"who": who, "n": n}
    return None
