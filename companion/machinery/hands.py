"""Hands on phones: the bank and every player's resource cards, held by the engine.

Cards only ever move between the bank and hands (or hand to hand), so for every resource
bank + all hands = 19 at all times. These helpers move them; the actions that decide
when (production, building, trades, the robber) live in the base layer (layers/cores/base: rules.py, trading.py).
"""
from companion.machinery.errors import IllegalAction

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
COMMODITIES = ("paper", "cloth", "coin")  # Cities & Knights: hands then hold these too
CARDS_PER_RESOURCE = 19
COSTS = {
    "road": {"brick": 1, "lumber": 1},
    "settlement": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1},
    "city": {"grain": 2, "ore": 3},
    "dev": {"wool": 1, "grain": 1, "ore": 1},
}
MAX_CARDS_MOVED = 95  # never more cards than exist


def uses_hands(state: dict) -> bool:
    return state["config"].get("play_mode") == "hands"


def kinds(state: dict) -> tuple:
    """The kinds of cards a hand holds in this game: resources, plus commodities in
    Cities & Knights (whose hands carry the commodity keys, in paper mode too)."""
    if "coin" in state["players"][0]["hand"]:
        return RESOURCES + COMMODITIES
    return RESOURCES


def empty_hand() -> dict:
    return {r: 0 for r in RESOURCES}


def full_bank() -> dict:
    return {r: CARDS_PER_RESOURCE for r in RESOURCES}


def hand(state: dict, seat: int) -> dict:
    return state["players"][seat]["hand"]


def hand_size(state: dict, seat: int) -> int:
    return sum(hand(state, seat).values())


def missing(cards: dict, cost: dict) -> dict:
    """What `cards` lacks to pay `cost` (empty when it can pay)."""
    return {r: n - cards.get(r, 0) for r, n in cost.items() if cards.get(r, 0) < n}


def describe(cards: dict) -> str:
    """A stable text form of a card bundle for refusal parameters: "brick:1 ore:2"."""
    return " ".join(f"{r}:{cards[r]}" for r in RESOURCES + COMMODITIES if cards.get(r))


def pay_to_bank(state: dict, seat: int, cost: dict, code: str = "cannot_afford") -> None:
    short = missing(hand(state, seat), cost)
    if short:
        raise IllegalAction(code, missing=describe(short))
    for r, n in cost.items():
        hand(state, seat)[r] -= n
        state["bank"][r] += n


def take_from_bank(state: dict, seat: int, cards: dict) -> None:
    """The caller has checked the bank holds them."""
    for r, n in cards.items():
        state["bank"][r] -= n
        hand(state, seat)[r] += n


def move(state: dict, giver: int, taker: int, cards: dict) -> None:
    for r, n in cards.items():
        hand(state, giver)[r] -= n
        hand(state, taker)[r] += n


def bundle(value, code: str, allow_empty: bool = False, kinds: tuple = RESOURCES) -> dict:
    """A card bundle from an action's arguments: {resource: whole number > 0}
    (`kinds`: the card kinds allowed, see kinds())."""
    if value in (None, ""):
        value = {}
    if not isinstance(value, dict):
        raise IllegalAction(code)
    cards = {}
    for r, n in value.items():
        if r not in kinds:
            raise IllegalAction("bad_resource", resource=str(r)[:20])
        if n in (None, "", 0, "0"):
            continue
        if isinstance(n, (bool, float)):
            raise IllegalAction(code)
        try:
            n = int(n)
        except (TypeError, ValueError):
            raise IllegalAction(code) from None
        if not 0 < n <= MAX_CARDS_MOVED:
            raise IllegalAction(code)
        cards[r] = n
    if not cards and not allow_empty:
        raise IllegalAction(code)
    return cards


def pay_production(state: dict, owed: dict) -> tuple[dict, list]:
    """Pay a roll's production from the bank: (what each seat got, resources withheld).

    When the bank holds fewer cards of a resource than the players are owed, nobody gets
    that resource, unless only one player is owed it: that player takes what is left.
    """
    paid = {seat: {} for seat in owed}
    withheld = []
    for r in RESOURCES + COMMODITIES:  # commodities only ever owed in Cities & Knights
        claims = {seat: gains[r] for seat, gains in owed.items() if gains.get(r)}
        if not claims:
            continue
        if sum(claims.values()) <= state["bank"][r]:
            grants = claims
        elif len(claims) == 1:
            seat = next(iter(claims))
            grants = {seat: state["bank"][r]} if state["bank"][r] else {}
            withheld.append(r)
        else:
            grants = {}
            withheld.append(r)
        for seat, n in grants.items():
            paid[seat][r] = n
            take_from_bank(state, seat, {r: n})
    return {seat: gains for seat, gains in paid.items() if gains}, withheld
