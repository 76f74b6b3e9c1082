"""Gold as a currency (Traders & Barbarians: "Złote monety"), the layer several scenarios
build on: Rivers of Catan now, Barbarian Attack and Traders & Barbarians next. It applies
to no game by itself: a scenario brings it in with `Layer(needs=("gold",))`
(companion/machinery/composition.py compose()).

What every scenario with gold shares (the rulebook's "Złoto" paragraphs):
- one number a seat (the coins of 1 and 5 are only change), public: coins lie open on
  the table; gold is not a resource: the robber never takes it, it never counts on a 7;
- buy_with_gold: 2 gold for any one resource from the bank, at most twice a turn, in
  one's own turn after the roll (phase "main");
- trade_gold: gold given to the bank like a resource, 4 for 1 (3 for 1 with a 3:1
  harbour; a 2:1 harbour takes only its own resource). The bank sells no gold unless a
  layer of the game says so with the hook `gold_sold(rules, state) -> bool` (then a
  resource buys gold at the seat's ratio for that resource);
- between players: give_gold (paper cards: the table records the gold that changed hands
  in a trade made at the table), offer_gold / answer_gold (hands on phones: a trade of
  gold for cards offered on one phone and accepted on the other). One side is always the
  active player; offers last for their turn and while their maker can pay.

The API other layers call (import `from companion.layers.gold import rules as gold`):
  held(state, seat) -> int                            a seat's gold
  earn(state, step, seat, amount, reason, **params)   gold from the supply; logs
      "gold_earned" (seat, gold, reason, total, **params). The earning layer words its
      reasons in its messages.py: GOLD_REASONS = {reason: _("a bridge")} ("... takes 2
      gold for <reason>"), so gold's own words never name a scenario.
  spend(state, step, seat, amount, reason, **params)  gold paid to the supply;
      IllegalAction("not_enough_gold", need=, have=) when short; logs "gold_spent"
      (worded with the same GOLD_REASONS table).
  move(state, giver, taker, amount)                   gold from one seat to another (no log:
      the caller logs what happened); not_enough_gold when the giver is short.
  ratio(state, seat) -> int                           gold for 1 resource with the bank.
  start(state, amount)                                every seat's gold at the start (a
      scenario's starting coins, set when the game is created: no log line).

Hooks a layer may give (general, for a game whose bank deals in gold its own way):
  gold_sold(rules, state) -> bool        the bank sells gold for resources
  gold_exchange(rules, state, seat) -> (gold per resource | None, resources per gold | None) | None
      the seat's ratios with the bank instead of the harbour ones (None in the pair: the
      bank makes no such exchange: "gold_not_for_resources" / "bank_sells_no_gold");
      None: the usual ratios. Explorers & Pirates: (None, 3).

state["gold"]:
  held [int]                      each seat's gold
  earned [int], spent [int]       from / to the supply (held = earned - spent + moved)
  moved [int]                     received from other players minus given to them
  bought {"turn", "count"}        resources bought with gold in this turn
  offers [offer], next_offer      gold offers between phones, this turn only
"""
from __future__ import annotations

from companion.layers.cores.base import rules as base
from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery.composition import Actions, Layer
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step
from companion.machinery.turns import active_seat, whole_number

NAME = "gold"
GOLD = "gold"  # the word a trade's form posts for gold
BUY_PRICE = 2  # gold for one resource
BUYS_PER_TURN = 2
BANK_RATIO, HARBOUR_RATIO = 4, 3  # gold for a resource with the bank; at a 3:1 harbour
MAX_GOLD_MOVED = 99  # an amount argument's upper bound (more than the box's coins)
MAX_OFFERS = 12


_actions = Actions()


# ---------------------------------------------------------------- the API


def part(state: dict) -> dict:
    return state[NAME]


def new_state(state: dict) -> None:
    n = len(state["players"])
    state[NAME] = {"held": [0] * n, "earned": [0] * n, "spent": [0] * n, "moved": [0] * n,
                   "bought": {"turn": None, "count": 0}, "offers": [], "next_offer": 0}


def held(state: dict, seat: int) -> int:
    """The gold `seat` holds."""
    return part(state)["held"][seat]


def _amount(amount) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ValueError(f"a gold amount is a whole number >= 0, not {amount!r}")
    return amount


def earn(state: dict, step: Step, seat: int, amount: int, reason: str, **params) -> None:
    """`seat` takes `amount` gold from the supply, for `reason` (a code its layer words in
    its GOLD_REASONS); `params` go into the log entry too."""
    _add(state, seat, _amount(amount))
    step.log("gold_earned", seat=seat, gold=amount, reason=reason, total=held(state, seat), **params)


def _add(state: dict, seat: int, amount: int) -> None:
    g = part(state)
    g["held"][seat] += amount
    g["earned"][seat] += amount


def _take(state: dict, seat: int, amount: int) -> None:
    g = part(state)
    if g["held"][seat] < amount:
        raise IllegalAction("not_enough_gold", need=amount, have=g["held"][seat])
    g["held"][seat] -= amount
    g["spent"][seat] += amount


def spend(state: dict, step: Step, seat: int, amount: int, reason: str, **params) -> None:
    """`seat` pays `amount` gold to the supply, for `reason`; not_enough_gold when short."""
    _take(state, seat, _amount(amount))
    step.log("gold_spent", seat=seat, gold=amount, reason=reason, total=held(state, seat), **params)


def move(state: dict, giver: int, taker: int, amount: int) -> None:
    """`amount` gold from `giver` to `taker` (a trade, a toll); not_enough_gold when short."""
    g = part(state)
    amount = _amount(amount)
    if g["held"][giver] < amount:
        raise IllegalAction("not_enough_gold", need=amount, have=g["held"][giver])
    g["held"][giver] -= amount
    g["held"][taker] += amount
    g["moved"][giver] -= amount
    g["moved"][taker] += amount


def start(state: dict, amount: int) -> None:
    """Every seat holds `amount` gold when the game begins (taken from the supply)."""
    g = part(state)
    for seat in range(len(g["held"])):
        g["held"][seat] += _amount(amount)
        g["earned"][seat] += amount


def exchange(rules, state: dict, seat: int):
    """A layer's own ratios with the bank for `seat` (hook gold_exchange), or None."""
    for hook in rules.hooks("gold_exchange"):
        found = hook(rules, state, seat)
        if found is not None:
            return found
    return None


def ratio(state: dict, seat: int) -> int:
    """Gold given to the bank for 1 resource: 4, or 3 with a 3:1 harbour (known only with
    the board in the app)."""
    if not base.on_board(state):
        return BANK_RATIO
    board = state["board"]
    corners = boards.geometry(board["layout"]).edge_corners
    generic = any(kind == boards.GENERIC and any(boards.owner_at(board["pieces"], c) == seat for c in corners[e])
                  for e, kind in board["layout"]["harbours"].items())
    return HARBOUR_RATIO if generic else BANK_RATIO


def sells_gold(rules, state: dict) -> bool:
    """Does the bank sell gold in this game (a layer's hook gold_sold says so)?"""
    return any(hook(rules, state) for hook in rules.hooks("gold_sold"))


# ---------------------------------------------------------------- spending gold


def _own_turn_seat(step: Step) -> int:
    """Gold is spent by the active player: on their phone with hands on phones (the cards
    go to their hand), or by the table with paper cards."""
    state = step.state
    if hands.uses_hands(state) and "seat" not in step.actor:
        raise IllegalAction("gold_on_phone")
    return active_seat(state)


def _resource(value) -> str:
    if value not in base.RESOURCES:
        raise IllegalAction("bad_resource", resource=str(value)[:20])
    return value


def _count_arg(value) -> int:
    count = whole_number(1 if value in (None, "") else value, "bad_count")
    if not 1 <= count <= MAX_GOLD_MOVED:
        raise IllegalAction("bad_count")
    return count


def buys_left(state: dict) -> int:
    bought = part(state)["bought"]
    return BUYS_PER_TURN - (bought["count"] if bought["turn"] == state["turn"]["number"] else 0)


@_actions.action("buy_with_gold", phases={"main"}, actors={"active", "table"})
def buy_with_gold(step: Step) -> None:
    """2 gold for any one resource from the bank, at most twice a turn."""
    state = step.state
    seat = _own_turn_seat(step)
    resource = _resource(step.args.get("resource"))
    left = buys_left(state)
    if left <= 0:
        raise IllegalAction("gold_buys_used", limit=BUYS_PER_TURN)
    if hands.uses_hands(state) and state["bank"][resource] < 1:
        raise IllegalAction("bank_lacks", resource=resource)
    _take(state, seat, BUY_PRICE)
    if hands.uses_hands(state):
        hands.take_from_bank(state, seat, {resource: 1})
    part(state)["bought"] = {"turn": state["turn"]["number"], "count": BUYS_PER_TURN - left + 1}
    step.log("bought_with_gold", seat=seat, resource=resource, gold=BUY_PRICE, total=held(state, seat))


@_actions.action("trade_gold", phases={"main"}, actors={"active", "table"})
def trade_gold(step: Step) -> None:
    """Gold traded with the bank like a resource: `count` resources for gold at the seat's
    ratio; a resource for gold only where a layer has the bank sell it (gold_sold)."""
    state = step.state
    seat = _own_turn_seat(step)
    give, get = step.args.get("give"), step.args.get("get")
    count = _count_arg(step.args.get("count"))
    if (give == GOLD) == (get == GOLD):
        raise IllegalAction("gold_trade_sides")
    own = exchange(step.rules, state, seat)
    if give == GOLD:
        resource = _resource(get)
        rate = ratio(state, seat) if own is None else own[0]
        if rate is None:
            raise IllegalAction("gold_not_for_resources")
        if hands.uses_hands(state) and state["bank"][resource] < count:
            raise IllegalAction("bank_lacks", resource=resource)
        _take(state, seat, rate * count)
        if hands.uses_hands(state):
            hands.take_from_bank(state, seat, {resource: count})
        step.log("gold_traded", seat=seat, gave={GOLD: rate * count}, got={resource: count}, ratio=rate)
        return
    if not sells_gold(step.rules, state) or own is not None and own[1] is None:
        raise IllegalAction("bank_sells_no_gold")
    resource = _resource(give)
    board = state["board"]
    if own is not None:
        rate = own[1]
    else:
        rate = (boards.harbour_ratios(board["layout"], board["pieces"], seat)[resource] if base.on_board(state)
                else BANK_RATIO)
    if hands.uses_hands(state):
        hands.pay_to_bank(state, seat, {resource: rate * count})
    _add(state, seat, count)
    step.log("gold_traded", seat=seat, gave={resource: rate * count}, got={GOLD: count}, ratio=rate)


# ---------------------------------------------------------------- gold between players


def _other_seat(state: dict, value, seat: int) -> int:
    other = whole_number(value, "bad_trade_partner")
    if not 0 <= other < len(state["players"]) or other == seat:
        raise IllegalAction("bad_trade_partner")
    return other


@_actions.action("give_gold", phases={"main"}, actors={"active", "table", "seat"},
                 when=lambda s: not hands.uses_hands(s))


def give_gold(step: Step) -> None:
    """Paper cards: a trade with gold was made at the table (the cards changed hands there);
    the app moves the gold. One side of it is the active player."""
    state = step.state
    giver = step.actor["seat"] if "seat" in step.actor else whole_number(step.args.get("seat"), "bad_seat")
    if not 0 <= giver < len(state["players"]):
        raise IllegalAction("bad_seat")
    taker = _other_seat(state, step.args.get("to"), giver)
    if active_seat(state) not in (giver, taker):
        raise IllegalAction("trade_with_active")
    amount = _count_arg(step.args.get("count"))
    move(state, giver, taker, amount)
    step.log("gold_given", seat=giver, to=taker, gold=amount)


def _cards_arg(state: dict, value) -> dict:
    return hands.bundle(value, "trade_terms", allow_empty=True, kinds=hands.kinds(state))


def _check_offer(state: dict, offer: dict, seat: int) -> None:
    """Can `seat` pay its side of the offer?"""
    if offer["gold_by"] == seat:
        if held(state, seat) < offer["gold"]:
            raise IllegalAction("not_enough_gold", need=offer["gold"], have=held(state, seat))
    else:
        short = hands.missing(hands.hand(state, seat), offer["cards"])
        if short:
            raise IllegalAction("cannot_afford", missing=hands.describe(short))


@_actions.action("offer_gold", phases={"main"}, actors={"seat"}, when=hands.uses_hands)
def offer_gold(step: Step) -> None:
    """Phones: a trade with gold between the active player and another, offered by either:
    `count` gold one way, `cards` the other; `give` says what the offering player gives
    ("gold", or "cards" for gold)."""
    state = step.state
    seat = step.actor["seat"]
    other = _other_seat(state, step.args.get("to"), seat)
    if active_seat(state) not in (seat, other):
        raise IllegalAction("trade_with_active")
    amount = _count_arg(step.args.get("count"))
    cards = _cards_arg(state, step.args.get("cards"))
    if not cards or step.args.get("give") not in ("gold", "cards"):
        raise IllegalAction("trade_terms")
    pays_gold = step.args["give"] == "gold"
    offer = {"from": seat, "to": other, "gold": amount, "cards": cards,
             "gold_by": seat if pays_gold else other, "turn": state["turn"]["number"]}
    _check_offer(state, offer, seat)
    g = part(state)
    if len(g["offers"]) >= MAX_OFFERS:
        raise IllegalAction("too_many_offers", limit=MAX_OFFERS)
    g["next_offer"] += 1
    offer["id"] = g["next_offer"]
    g["offers"].append(offer)
    step.log("gold_offered", seat=seat, to=other, gold=amount, cards=cards, gold_by=offer["gold_by"],
             offer=offer["id"])


def _offer(state: dict, value) -> dict:
    number = whole_number(value, "no_such_offer")
    offer = next((o for o in part(state)["offers"] if o["id"] == number), None)
    if offer is None:
        raise IllegalAction("no_such_offer")
    return offer


@_actions.action("answer_gold", phases={"main"}, actors={"seat"}, when=hands.uses_hands)
def answer_gold(step: Step) -> None:
    """The other player accepts (the trade is made at once) or declines; its maker may
    withdraw it the same way."""
    state = step.state
    seat = step.actor["seat"]
    offer = _offer(state, step.args.get("offer"))
    answer = step.args.get("answer")
    g = part(state)
    if answer == "withdraw" and seat == offer["from"] or answer == "decline" and seat == offer["to"]:
        g["offers"].remove(offer)
        step.log("gold_offer_closed", seat=seat, offer=offer["id"], answer=answer)
        return
    if answer != "accept" or seat != offer["to"]:
        raise IllegalAction("offer_not_for_you")
    maker = offer["from"]
    _check_offer(state, offer, seat)
    try:
        _check_offer(state, offer, maker)
    except IllegalAction:
        raise IllegalAction("partner_cannot_pay") from None
    gold_by = offer["gold_by"]
    cards_by = maker if gold_by == seat else seat
    move(state, gold_by, cards_by, offer["gold"])
    hands.move(state, cards_by, gold_by, offer["cards"])
    g["offers"].remove(offer)
    step.log("gold_traded_players", seat=gold_by, to=cards_by, gold=offer["gold"], cards=offer["cards"],
             offer=offer["id"])


def _drop_stale_offers(state: dict) -> None:
    """Gold offers last for their turn, and only while their maker can pay."""
    g = part(state)
    if not g["offers"]:
        return
    kept = []
    for offer in g["offers"]:
        if offer["turn"] != state["turn"]["number"] or state["phase"] == "finished":
            continue
        try:
            _check_offer(state, offer, offer["from"])
        except IllegalAction:
            continue
        kept.append(offer)
    g["offers"] = kept


def after_action(rules, state: dict, step: Step) -> None:
    _drop_stale_offers(state)


# ---------------------------------------------------------------- views


def view(rules, state: dict, viewer) -> tuple[str, dict]:
    """Everyone's gold (coins lie open on the table), this turn's buys left, the bank's
    ratios, and the open offers (said aloud at a real table: everyone sees them)."""
    g = part(state)
    n = len(state["players"])
    seat = None if viewer == "table" else int(viewer)
    own = [exchange(rules, state, s) for s in range(n)]
    ratios = [ratio(state, s) if own[s] is None or own[s][0] is None else own[s][0] for s in range(n)]
    extra = {}
    if any(o is not None for o in own):  # a layer's own exchange (only then: other games' views stay as they were)
        extra = {"buys_resources": [o is None or o[0] is not None for o in own],
                 "sell_ratios": [None if o is None else o[1] for o in own]}
    return NAME, {**extra,
        "held": list(g["held"]),
        "buys_left": buys_left(state),
        "ratios": ratios,
        # (None where gold buys no resources at a ratio: a layer's own exchange says so)
        "ratio": ratios[seat] if seat is not None and 0 <= seat < n and (own[seat] is None or own[seat][0])
        else None,
        "sells_gold": sells_gold(rules, state),
        "offers": [dict(o, cards=dict(o["cards"])) for o in g["offers"]],
    }


LAYER = Layer(
    name=NAME,
    actions=_actions.table,
    hooks={"new_state": new_state, "after_action": after_action, "view": view},
    view_key=NAME,
)
