"""Trading with hands on phones: with the bank at the harbour ratios, and between players.

Players trade only with the active player and never give cards away for nothing. The
active player offers (to everyone or to one player); the others accept, decline or make
a counter-offer; the active player picks one acceptance and both hands change in the
same action. Offers vanish at the end of the turn or as soon as they can't be paid.
"""
from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery.composition import Actions
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step
from companion.machinery.turns import active_seat, whole_number

ACTIONS = Actions()  # the base game's layer takes them (rules.py)
action = ACTIONS.action

MAX_OPEN_OFFERS = 12
ANSWERS = ("accept", "decline")


def _trading(state: dict) -> bool:
    return hands.uses_hands(state)


def _offer(state: dict, value) -> dict:
    number = whole_number(value, "no_such_offer")
    offer = next((o for o in state["offers"] if o["id"] == number), None)
    if offer is None:
        raise IllegalAction("no_such_offer")
    return offer


def _acting_seat(step: Step) -> int:
    if "seat" not in step.actor:
        raise IllegalAction("trade_on_phone")  # a trade is a player's own decision
    return step.actor["seat"]


@action("trade_bank", phases={"main"}, actors={"active"}, when=_trading)
def trade_bank(step: Step) -> None:
    """Maritime trade: `ratio` cards of one resource for one of another, `count` times."""
    board = step.state["board"]
    bank_trade(step, boards.harbour_ratios(board["layout"], board["pieces"], active_seat(step.state)))


def bank_trade(step: Step, ratios: dict) -> None:
    """A trade with the bank at the seat's `ratios` (a ruleset may give more kinds of card
    and better ratios: Cities & Knights' commodities, trading house, merchant)."""
    state = step.state
    seat = active_seat(state)
    kinds = hands.kinds(state)
    give, get = step.args.get("give"), step.args.get("get")
    if give not in kinds or get not in kinds:
        raise IllegalAction("bad_resource", resource=str(give if give not in kinds else get)[:20])
    if give == get:
        raise IllegalAction("same_resource_both_sides")
    count = whole_number(step.args.get("count", 1), "bad_count")
    if not 1 <= count <= hands.CARDS_PER_RESOURCE:
        raise IllegalAction("bad_count")
    ratio = ratios[give]
    if state["bank"][get] < count:
        raise IllegalAction("bank_lacks", resource=get)
    hands.pay_to_bank(state, seat, {give: ratio * count})
    hands.take_from_bank(state, seat, {get: count})
    step.log("bank_trade", seat=seat, gave={give: ratio * count}, got={get: count}, ratio=ratio)


@action("offer_trade", phases={"main"}, actors={"active"}, when=_trading)
def offer_trade(step: Step) -> None:
    state = step.state
    seat = active_seat(state)
    give, get = _terms(step)
    to = step.args.get("to")
    if to in (None, ""):
        to = None
    else:
        to = whole_number(to, "bad_seat")
        if not 0 <= to < len(state["players"]) or to == seat:
            raise IllegalAction("bad_trade_partner")
    _check_holds(state, seat, give)
    _open(step, {"from": seat, "to": to, "give": give, "get": get, "counter_to": None})


@action("counter_offer", phases={"main"}, actors={"seat"}, when=_trading)
def counter_offer(step: Step) -> None:
    """Another player proposes their own terms to the active player."""
    state = step.state
    seat = _acting_seat(step)
    active = active_seat(state)
    if seat == active:
        raise IllegalAction("counter_own_turn")
    give, get = _terms(step)
    answered = step.args.get("offer")
    counter_to = _offer(state, answered)["id"] if answered not in (None, "") else None
    _check_holds(state, seat, give)
    _open(step, {"from": seat, "to": active, "give": give, "get": get, "counter_to": counter_to})


@action("answer_offer", phases={"main"}, actors={"seat"}, when=_trading)
def answer_offer(step: Step) -> None:
    """Accept or decline an offer made to you; the active player declines counter-offers here."""
    state = step.state
    seat = _acting_seat(step)
    offer = _offer(state, step.args.get("offer"))
    answer = step.args.get("answer")
    if answer not in ANSWERS:
        raise IllegalAction("bad_answer")
    if not _addressed_to(state, offer, seat):
        raise IllegalAction("offer_not_for_you")
    if offer["from"] != active_seat(state):  # a counter-offer: the active player accepts with confirm_trade
        if answer == "accept":
            raise IllegalAction("confirm_counter")
        state["offers"].remove(offer)
        step.log("offer_declined", seat=seat, offer=offer["id"], maker=offer["from"])
        return
    if answer == "accept":
        _check_holds(state, seat, offer["get"])
    for key in ANSWERS:
        listed = offer["accepted" if key == "accept" else "declined"]
        if seat in listed:
            listed.remove(seat)
    offer["accepted" if answer == "accept" else "declined"].append(seat)
    step.log("offer_answered", seat=seat, offer=offer["id"], answer=answer)


@action("confirm_trade", phases={"main"}, actors={"active"}, when=_trading)
def confirm_trade(step: Step) -> None:
    """The active player closes a trade: with one player who accepted, or a counter-offer."""
    state = step.state
    seat = active_seat(state)
    offer = _offer(state, step.args.get("offer"))
    if offer["from"] == seat:
        partner = whole_number(step.args.get("partner"), "bad_trade_partner")
        if partner not in offer["accepted"]:
            raise IllegalAction("partner_not_accepted")
        gives, takes = offer["give"], offer["get"]
    elif offer["to"] == seat:
        partner = offer["from"]
        gives, takes = offer["get"], offer["give"]
    else:
        raise IllegalAction("offer_not_for_you")
    _check_holds(state, seat, gives)
    _check_holds(state, partner, takes, code="partner_cannot_pay")
    hands.move(state, seat, partner, gives)
    hands.move(state, partner, seat, takes)
    state["offers"].remove(offer)
    step.log("traded", seat=seat, partner=partner, gave=gives, got=takes)


@action("withdraw_offer", phases={"main"}, actors={"seat"}, when=_trading)
def withdraw_offer(step: Step) -> None:
    state = step.state
    seat = _acting_seat(step)
    offer = _offer(state, step.args.get("offer"))
    if offer["from"] != seat:
        raise IllegalAction("not_your_offer")
    state["offers"].remove(offer)
    step.log("offer_withdrawn", seat=seat, offer=offer["id"])


def _terms(step: Step) -> tuple[dict, dict]:
    kinds = hands.kinds(step.state)
    give = hands.bundle(step.args.get("give"), "trade_terms", kinds=kinds)
    get = hands.bundle(step.args.get("get"), "trade_terms", kinds=kinds)  # no gifts: both sides give something
    if set(give) & set(get):
        raise IllegalAction("same_resource_both_sides")
    return give, get


def _check_holds(state: dict, seat: int, cards: dict, code: str = "cannot_afford") -> None:
    short = hands.missing(hands.hand(state, seat), cards)
    if short:
        raise IllegalAction(code, missing=hands.describe(short))


def _open(step: Step, offer: dict) -> None:
    state = step.state
    if len(state["offers"]) >= MAX_OPEN_OFFERS:
        raise IllegalAction("too_many_offers", limit=MAX_OPEN_OFFERS)
    state["counters"]["offer"] += 1
    offer = {"id": state["counters"]["offer"], **offer, "accepted": [], "declined": []}
    state["offers"].append(offer)
    step.log("offer_made", seat=offer["from"], offer=offer["id"], to=offer["to"], give=offer["give"],
             get=offer["get"])


def _addressed_to(state: dict, offer: dict, seat: int) -> bool:
    if seat == offer["from"]:
        return False
    return offer["to"] is None or offer["to"] == seat


def drop_unpayable_offers(state: dict) -> None:
    """After every action: offers their maker can no longer pay vanish, and so do
    acceptances the accepting player could no longer pay."""
    if state["phase"] == "finished":
        state["offers"] = []
        return
    kept = []
    for offer in state["offers"]:
        if hands.missing(hands.hand(state, offer["from"]), offer["give"]):
            continue
        offer["accepted"] = [s for s in offer["accepted"] if not hands.missing(hands.hand(state, s), offer["get"])]
        kept.append(offer)
    state["offers"] = kept


def offers_for(state: dict, seat) -> list[dict]:
    """Open offers as a viewer sees them (every offer is said aloud at a real table too),
    marked with what this seat may do with each: `for_me` (made to it), `my_answer` (what it
    answered: "accept", "decline" or None) and `to_answer` (made to it and not answered yet:
    a counter-offer to the active player stays so until it trades or declines, which ends it)."""
    active = active_seat(state)
    shown = []
    for offer in state["offers"]:
        for_me = isinstance(seat, int) and _addressed_to(state, offer, seat)
        answer = ("accept" if seat in offer["accepted"] else "decline" if seat in offer["declined"] else None) \
            if for_me else None
        entry = {**offer, "give": dict(offer["give"]), "get": dict(offer["get"]),
                 "accepted": list(offer["accepted"]), "declined": list(offer["declined"]),
                 "mine": seat == offer["from"], "for_me": for_me, "my_answer": answer,
                 "to_answer": for_me and answer is None,
                 "is_counter": offer["from"] != active}
        if isinstance(seat, int):
            # The maker pays what they give; whoever answers pays what the maker wants.
            pays = offer["give"] if seat == offer["from"] else offer["get"]
            entry["i_can_pay"] = not hands.missing(hands.hand(state, seat), pays)
        shown.append(entry)
    return shown
