"""The base game's screen contract. Its screens are the shared templates (templates/partials),
which every game shows: here are its words, its entry on the new-game form and the steps a
phone owes (the cards to give back on a 7, the robber to move and whom it robs, the free roads
to place, the answer to an offer of its own that was accepted or countered)."""
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion.machinery.contract import Form, OwedStep, Screens, Words, owes_all, owes_pending

from companion.layers.cores.base import LAYERS, forms, messages

# The forms of the steps a phone owes, pinned in its bottom bar (partials/owed_bar.html).
OWED_FORMS = "partials/owed_forms.html"


def _discard_label(view: dict) -> str:
    due = (view.get("me") or {}).get("discard_due")
    if due:
        return ngettext("A 7: give back %(n)s card.", "A 7: give back %(n)s cards.", due) % {"n": due}
    return _("A 7: say how many resource cards you hold.")


def _setup_placement(view: dict, viewer) -> list:
    """The setup's placements, on the phone whose turn it is: the board's own spot, then the
    path beside it (what the table's hint says; a phone's actions lie below its board)."""
    me, board = view.get("me"), view.get("board")
    if not me or not board or view["phase"] != "setup" or me["seat"] != view["active_seat"]:
        return []
    targets = board["targets"]
    if targets.get("settlement") and "place_settlement" in view["allowed"]:
        return [OwedStep("place_settlement", _("Your setup placement: tap a marked spot on the board."), board=True)]
    if targets.get("road") and "place_road" in view["allowed"]:
        return [OwedStep("place_road", _("Now the road: tap a marked path beside your new building."), board=True)]
    return []


def _robber_and_roads(view: dict, viewer) -> list:
    """The robber to move and whom it robs, and the free roads to place (Road Building, a road
    a layer grants: the Fishermen's road bought with fish), owed by the player whose turn it is."""
    me, allowed, board = view.get("me"), view["allowed"], view.get("board")
    if not me:
        return []
    if "move_robber" in allowed:
        if board:
            return [OwedStep("move_robber", _("Move the robber: tap the hex on the board."), board=True)]
        return [OwedStep("move_robber", _("Move the robber: whom does it rob?"), OWED_FORMS)]
    if "steal" in allowed:
        return [OwedStep("steal", _("The robber robs: pick the player."), OWED_FORMS)]
    free = board["free_roads"] if board else 0
    if free and "build_road" in allowed and board["targets"].get("road"):
        return [OwedStep("free_road", ngettext("Place your road: tap a marked path on the board.",
                                               "Place your %(n)s roads: tap the marked paths on the board.",
                                               free) % {"n": free}, board=True)]
    return []


def _trade_answers(view: dict, viewer) -> list:
    """The active player's answer owed to a trade: an offer of theirs that someone accepted
    (trade with them, or withdraw it), or a counter-offer made to them (trade or decline)."""
    me = view.get("me")
    if not me or me["seat"] != view["active_seat"] or view["phase"] != "main" or "confirm_trade" not in view["allowed"]:
        return []
    names = {p["seat"]: p["name"] for p in view["players"]}
    steps = []
    for offer in view["offers"]:
        if offer["mine"] and offer["accepted"]:
            if len(offer["accepted"]) == 1:
                label = _("%(name)s accepted your offer: trade, or withdraw it.") % {"name": names[offer["accepted"][0]]}
            else:
                label = _("Your offer was accepted: pick whom to trade with, or withdraw it.")
            steps.append(OwedStep("trade_accepted", label, OWED_FORMS))
        elif offer["to_answer"] and offer["is_counter"]:
            steps.append(OwedStep("trade_counter", _("%(name)s proposes a trade: trade, or decline.")
                                  % {"name": names[offer["from"]]}, OWED_FORMS))
    return steps[:1]  # one step: the bar holds every offer waiting for this answer (partials/owed_forms.html)


SCREENS = Screens(
    layers=LAYERS,
    words=Words(messages.refusal, messages.log_text,
                names={"card": messages.HAND_CARD_NAMES, "card_count": messages.HAND_CARD_COUNTS,
                       "phase": messages.PHASE_NAMES, "robber_home": messages.ROBBER_HOME_WORDS}),
    form=Form(core=forms.CORE, dice_sources=forms.DICE_SOURCES),
    owed=owes_all(owes_pending(LAYERS, partial=OWED_FORMS, labels={"discard": _discard_label}),
                  _trade_answers, _robber_and_roads, _setup_placement),
)
