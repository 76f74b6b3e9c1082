"""Events of Catan (Wydarzenia Catanu, from Traders & Barbarians): event cards instead of dice.

Source: /work/shared/rulebooks/traders-and-barbarians-pl.txt, "Wydarzenia Catanu"; digest
in RULES-FACTS.md. A dice source: with config["dice_source"] == "events" the active player
(or the table) reveals the top card instead of rolling. Its number does what a roll of that
number does (base.resolve_total: production, or the 7) and its event applies.

The deck is 36 cards whose numbers follow the 2d6 distribution exactly, plus the New Year
card ("Koniec roku"). Setup: shuffle the 36, put 5 face down under New Year and the other
31 on top. When New Year comes up (after 31 reveals) the deck is built again the same way
and a new card is revealed at once. So 5 cards sit out each year.

state["events"] (made by the first reveal):
  year      how many times the deck has been built
  deck      the face-down cards above New Year, top first       SECRET: never in a view
  under     the 5 cards under New Year, out of play this year  SECRET: never in a view
  revealed  this year's revealed cards, in order (the face-up pile: public)
  card      the latest card revealed (an id), effect: its plan (see below)
  damaged   roads an Earthquake turned on their side: [{"seat", "edge"}] (edge None
            without a board); a seat with one builds no new road until it is repaired

Cards are ids 0..35 into CARDS. A shuffle is the reveal's recorded outcome "deck" (a
permutation of the 36 ids drawn from the chance stream "events"): replay, undo and redo
never shuffle anew, and an undone reveal leaves its card on top for the next one.

Effects: one plan function per event, `PLANS[event](state) -> dict`, says from the public
state (the board when there is one) who gives or gets what:
  gains    [seat]             each takes 1 resource of their choice from the bank
  gives    [[from, to]]       `from` gives 1 resource card of their choice to `to`
  helpers  [seat], to_any_of [seat]   each helper gives 1 resource card of their choice
                              to one player of their choice among to_any_of
  taker    seat               draws 1 random card (never a development card) from the hand
                              of a player of their choice (answered with `event_take`)
  damage   [seat]             each turns one of their roads on its side
  robber   hex | "desert"     the robber goes back to its home (the desert; `home`: a
                              scenario's terrain, a swamp) or, with `off`, beside the board
                              where it has none; nobody is robbed
  city_yield 1                cities produce 1 instead of 2 this time
  nobody   code               why nobody is concerned (no_knights, knights_tied, ...)
  basis    {seat: n}, measure what the choice was decided on (knights, harbour buildings, VP)
In paper mode the plan is logged and shown to the table, and the players move their paper
cards. With hands on phones (machinery/hands.py) the same plans move the cards held by the engine,
each choice made on the chooser's own phone (never on the table screen), all at once:
  gains    a pending "event_gain" per seat: 1 resource of their choice from the bank; a
           resource the bank is out of is refused; with the bank empty nobody is asked
  gives    a pending "event_give" per giver holding a card: each picks the card to pass;
           it stays in their hand, known to them alone (events["passing"]), until the
           last giver has picked, then all cards pass at the same moment (nobody passes
           on a card they were just given); a giver without cards passes nothing
  helpers  a pending "event_help" per helper holding a card: a card and a receiver
  taker    "event_take" names a victim; the server draws the card (base._take_random_card,
           chance stream "steal"): only thief and victim learn which; a taker with nobody
           to take from is not asked
  damage   the road to turn is tapped on the owner's phone; repairing it is paid from the
           hand (1 lumber + 1 brick) like a road
A 7 (Robber Attack) and Epidemic's production go through base.resolve_total, which pays
from the bank and asks only players above 7 cards to discard.

Cities & Knights (ck_rules.py) reveals through `turn_over` once its red die and event die
are resolved, pays the number with its own production and then calls `apply_event`. The
cards with a "Miasta i Rycerze" paragraph (CK_VERSIONS) get "ck" in their plan, and:
  knights  Tournament and Conflict compare the total strength of active knights
           (measure "strength"; Conflict still needs one strongest player)
  VP       Neighbourly Assistance counts Cities & Knights points
  gains    a resource, never a commodity (event_gain takes resources only)
  gives    Good Neighbours and Neighbourly Assistance may pass a commodity
  takes    never a progress card (those are not in the hand the draw is made from)
  Epidemic cities bring 1 resource and no commodity
"""
from companion.layers.cores.base import rules as base
from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery.composition import Actions, Layer
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step
from companion.machinery.turns import active_seat, seat_arg

ANSWERS = Actions()  # the answers to a card, in every core
_reveal = Actions()  # turning a card instead of rolling: the base game (C&K rolls its dice first)

STREAM = "events"
YEAR = 31   # cards revealed per year: the ones above New Year
UNDER = 5   # cards under New Year, out of play for the year

# (event, number, how many cards): the rulebook's list, 36 cards in all.
CARD_LIST = (
    ("robber_attack", 7, 6),
    ("epidemic", 6, 1), ("epidemic", 8, 1),
    ("earthquake", 6, 1),
    ("good_neighbors", 6, 1),
    ("tournament", 5, 1),
    ("trade_advantage", 5, 1),
    ("calm_sea", 9, 1), ("calm_sea", 12, 1),
    ("robber_flees", 4, 2),
    ("neighborly_assistance", 10, 1), ("neighborly_assistance", 11, 1),
    ("conflict", 3, 1),
    ("plentiful_year", 2, 1),
    ("no_event", 3, 1), ("no_event", 4, 1), ("no_event", 5, 2), ("no_event", 6, 2), ("no_event", 8, 4),
    ("no_event", 9, 3), ("no_event", 10, 2), ("no_event", 11, 1),
)
CARDS = tuple({"event": event, "number": number} for event, number, count in CARD_LIST for _ in range(count))
EVENTS = tuple(dict.fromkeys(event for event, _number, _count in CARD_LIST))
DECK_SIZE = len(CARDS)
assert DECK_SIZE == YEAR + UNDER == 36

# Events that need an answer before the turn goes on: the pending kinds. Paper mode asks
# only for the first two; hands on phones for all of them.
EARTHQUAKE, TAKE = "earthquake", "event_take"
GAIN, GIVE, HELP = "event_gain", "event_give", "event_help"


# ---------------------------------------------------------------- the deck


def deck_state(state: dict) -> dict | None:
    return state.get("events")


def _deck(state: dict) -> dict:
    if state.get("events") is None:
        state["events"] = {"year": 0, "deck": [], "under": [], "revealed": [], "card": None, "effect": None,
                           "damaged": []}
        state["counters"].setdefault(STREAM, 0)
    return state["events"]


def shuffled_ids(chance, counter: int) -> list[int]:
    """The 36 card ids in a fresh order (Fisher-Yates), drawing numbers counter.. counter+34."""
    ids = list(range(DECK_SIZE))
    for k, i in enumerate(range(DECK_SIZE - 1, 0, -1)):
        j = chance.randint(STREAM, counter + k, i + 1)
        ids[i], ids[j] = ids[j], ids[i]
    return ids


def _valid_order(value) -> bool:
    return (isinstance(value, list) and len(value) == DECK_SIZE
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and sorted(value) == list(range(DECK_SIZE)))


def _build_deck(step: Step, deck: dict) -> None:
    """Shuffle all 36: 31 on top of New Year, 5 under it."""
    state = step.state
    counter = state["counters"][STREAM]
    order = step.outcome("deck", lambda c: shuffled_ids(c, counter), _valid_order)
    state["counters"][STREAM] = counter + DECK_SIZE - 1
    deck["year"] += 1
    deck["deck"] = list(order[:YEAR])
    deck["under"] = list(order[YEAR:])
    deck["revealed"] = []


def _uses_events(state: dict) -> bool:
    return state["config"]["dice_source"] == "events"


@_reveal.action("reveal_event", phases={"roll"}, actors={"active", "table"}, when=_uses_events)
def reveal_event(step: Step) -> None:
    """Reveal the top event card: its number produces as a roll would, then its event."""
    show_card(step, next_card(step))


def next_card(step: Step) -> int:
    """Turn up the top card (building the deck when it is used up): its id. Catan for two
    turns up a second card this way and may ignore it (catan_for_two)."""
    state = step.state
    deck = _deck(state)
    if not deck["deck"]:
        new_year = deck["year"] > 0
        _build_deck(step, deck)
        if new_year:  # New Year came up: the deck is rebuilt and a new card revealed
            step.log("new_year", year=deck["year"])
    card_id = deck["deck"].pop(0)
    deck["revealed"].append(card_id)
    return card_id


def turn_over(step: Step) -> dict:
    """Take the top card and plan its event; returns the card. Cities & Knights reveals
    through this (ck_rules.py) and resolves the card at its own stage of the roll."""
    return _on_view(step, next_card(step))


def _on_view(step: Step, card_id: int) -> dict:
    state = step.state
    deck = state["events"]
    card = CARDS[card_id]
    deck["card"] = card_id
    deck["effect"] = plan_for(step.rules, state, card["event"])
    step.log("event_revealed", seat=state["turn"]["seat"], number=card["number"], event=card["event"],
             year=deck["year"], nth=len(deck["revealed"]))
    # Shown to everyone; a new deck's order comes back with it when the table undoes this.
    step.reveal("event_card", keys=("deck",) if "deck" in step.outcomes else ())
    return card


def show_card(step: Step, card_id: int) -> None:
    """A revealed card counts: its number produces, its event happens."""
    state = step.state
    card = _on_view(step, card_id)
    event, number = card["event"], card["number"]
    state["last_roll"] = {"dice": None, "total": number, "seat": state["turn"]["seat"], "source": "events",
                          "turn": state["turn"]["number"], "event": event}
    apply_plan(step, event, number, state["events"]["effect"])


# ---------------------------------------------------------------- what each event asks


def cities_knights(state: dict) -> bool:
    return "ck" in state


def _knights(rules, state: dict) -> tuple[dict[int, int], str]:
    """What the knight events compare, and its name: Knight cards played; in Cities &
    Knights the total strength of each player's active knights (the core provides it)."""
    if cities_knights(state):
        strength = rules.provided("knight_strength")
        return {s: strength(state, s) for s in range(len(state["players"]))}, "strength"
    return {s: p["knights_played"] for s, p in enumerate(state["players"])}, "knights"


def _top(values: dict[int, int]) -> tuple[list[int], int]:
    """The seats with the highest value (none when it is 0) and that value."""
    best = max(values.values(), default=0)
    return ([s for s, v in sorted(values.items()) if v == best] if best > 0 else []), best


def plan_robber_attack(rules, state: dict) -> dict:
    return {}  # a 7: discards, the robber moves and robs (base rules)


def plan_epidemic(rules, state: dict) -> dict:
    return {"city_yield": 1}


def plan_earthquake(rules, state: dict) -> dict:
    seats = [s for s in range(len(state["players"])) if _undamaged_roads(state, s)]
    return {"damage": seats} if seats else {"damage": [], "nobody": "no_roads"}


def plan_good_neighbors(rules, state: dict) -> dict:
    n = len(state["players"])
    # Play goes clockwise, to the left: the neighbour on the left is the next seat.
    return {"gives": [[s, (s + 1) % n] for s in range(n)]}


def plan_tournament(rules, state: dict) -> dict:
    knights, measure = _knights(rules, state)
    seats, best = _top(knights)
    if not seats:
        return {"gains": [], "nobody": "no_" + measure}
    return {"gains": seats, "basis": {str(s): knights[s] for s in seats}, "measure": measure}


def plan_trade_advantage(rules, state: dict) -> dict:
    holder = state["longest_road"]
    if holder is None:
        return {"taker": None, "nobody": "no_longest_road"}
    return {"taker": holder, "measure": "longest_road"}


def harbour_buildings(state: dict) -> dict[int, int] | None:
    """Settlements and cities at a harbour, per seat (None without a board)."""
    if not base.on_board(state):
        return None
    board = state["board"]
    g = boards.geometry(board["layout"])
    corners = {c for edge in board["layout"].get("harbours", {}) for c in g.edge_corners.get(edge, ())}
    counts = {s: 0 for s in range(len(state["players"]))}
    for corner in corners:
        occupant = boards.building_at(board["pieces"], corner)
        if occupant and occupant[0] in counts:  # not a neutral colour (catan_for_two)
            counts[occupant[0]] += 1
    return counts


def plan_calm_sea(rules, state: dict) -> dict:
    counts = harbour_buildings(state)
    if counts is None:
        return {"gains": None, "nobody": "no_board"}  # the table counts the harbours itself
    seats, best = _top(counts)
    if not seats:
        return {"gains": [], "nobody": "no_harbour_buildings"}
    return {"gains": seats, "basis": {str(s): counts[s] for s in seats}, "measure": "harbour_buildings"}


def plan_robber_flees(rules, state: dict) -> dict:
    if not base.on_board(state):
        return {"robber": "desert"}
    home = base.desert_hex(rules, state)
    if home is None:  # no home on this board: it waits beside the board
        return {"robber": None, "from": state["board"]["robber"], "off": True}
    plan = {"robber": home, "from": state["board"]["robber"]}
    terrain = state["board"]["layout"]["hexes"][home]["terrain"]
    if terrain != "desert":  # a scenario's home (a swamp), for the words; a desert's plans stay as they were
        plan["home"] = terrain
    return plan


def plan_neighborly_assistance(rules, state: dict) -> dict:
    vp = {s: rules.vp_public(state, s) for s in range(len(state["players"]))}
    best = max(vp.values())
    helpers = [s for s, v in vp.items() if v == best]
    others = [s for s, v in vp.items() if v < best]
    if not others:
        return {"helpers": [], "to_any_of": [], "nobody": "all_tied"}
    return {"helpers": helpers, "to_any_of": others, "basis": {str(s): vp[s] for s in helpers}, "measure": "vp"}


def plan_conflict(rules, state: dict) -> dict:
    if state["largest_army"] is not None:
        return {"taker": state["largest_army"], "measure": "largest_army"}
    knights, measure = _knights(rules, state)
    seats, best = _top(knights)
    if not seats:
        return {"taker": None, "nobody": "no_" + measure}
    if len(seats) > 1:  # the card names one player: a tie for the most knights gives nobody
        return {"taker": None, "nobody": measure + "_tied", "basis": {str(s): best for s in seats}}
    return {"taker": seats[0], "basis": {str(seats[0]): best}, "measure": measure}


def plan_plentiful_year(rules, state: dict) -> dict:
    return {"gains": list(range(len(state["players"])))}


def plan_no_event(rules, state: dict) -> dict:
    return {}


PLANS = {
    "robber_attack": plan_robber_attack,
    "epidemic": plan_epidemic,
    "earthquake": plan_earthquake,
    "good_neighbors": plan_good_neighbors,
    "tournament": plan_tournament,
    "trade_advantage": plan_trade_advantage,
    "calm_sea": plan_calm_sea,
    "robber_flees": plan_robber_flees,
    "neighborly_assistance": plan_neighborly_assistance,
    "conflict": plan_conflict,
    "plentiful_year": plan_plentiful_year,
    "no_event": plan_no_event,
}
assert set(PLANS) == set(EVENTS)
# The events whose card has a Cities & Knights paragraph: with commodities in the game the
# plan says so ("ck": the screens word it for commodities and progress cards).
CK_VERSIONS = ("epidemic", "good_neighbors", "tournament", "trade_advantage", "calm_sea",
               "neighborly_assistance", "conflict", "plentiful_year")


def plan_for(rules, state: dict, event: str) -> dict:
    """The card's plan; a layer's hook `event_plan(rules, state, event, plan)` may replace it
    (a scenario without a robber: the Robber Flees card does nothing)."""
    plan = PLANS[event](rules, state)
    for adjust in rules.hooks("event_plan"):
        plan = adjust(rules, state, event, plan) or plan
    if cities_knights(state) and event in CK_VERSIONS:
        plan["ck"] = True
    return plan


# ---------------------------------------------------------------- applying a card


def epidemic_production(state: dict, total: int) -> dict:
    """The board's production when every city brings 1 like a settlement."""
    board = state["board"]
    pieces = board["pieces"]
    as_settlements = {"settlements": {**pieces["settlements"], **pieces["cities"]}, "cities": {},
                      "roads": pieces["roads"]}
    return boards.production(board["layout"], as_settlements, board["robber"], total)


def apply_plan(step: Step, event: str, number: int, plan: dict) -> None:
    """The number produces (as a roll would) and the event happens, in paper mode."""
    state = step.state
    if event == "robber_flees":
        # At once, before production: the robber leaves the hex it blocked.
        if base.on_board(state) and (plan["robber"] is not None or plan.get("off")):
            state["board"]["robber"] = plan["robber"]  # None: beside the board until it wakes
        base.resolve_total(step, number)
    elif event == "epidemic" and base.on_board(state):
        base.resolve_total(step, number, paid=epidemic_production(state, number))
    else:
        base.resolve_total(step, number)
    apply_event(step, event, plan)


def apply_event(step: Step, event: str, plan: dict) -> None:
    """The card's event after its number has produced: logged for the table, and with
    hands on phones the choices it asks for (phase "event" until all are made)."""
    state = step.state
    if event in ("robber_attack", "no_event"):
        return
    step.log("event_effect", event=event, **plan)
    pending = []
    with_hands = hands.uses_hands(state)
    if event == "earthquake":
        if base.on_board(state):
            # Each player picks the road to turn: they tap it (or, on paper, the table does).
            pending = [{"seat": s, "kind": EARTHQUAKE} for s in plan["damage"]]
        else:
            state["events"]["damaged"] += [{"seat": s, "edge": None} for s in plan["damage"]]
    elif event in ("trade_advantage", "conflict") and plan["taker"] is not None:
        taker = plan["taker"]
        if with_hands and not _victims(state, taker):
            step.log("event_skipped", seat=taker, reason="nobody_has_cards")
        else:
            pending = [{"seat": taker, "kind": TAKE}]
    elif with_hands and plan.get("gains"):
        if _bank_resources(state):
            pending = [{"seat": s, "kind": GAIN} for s in plan["gains"]]
        else:
            for s in plan["gains"]:
                step.log("event_skipped", seat=s, reason="bank_empty")
    elif with_hands and plan.get("gives"):
        for giver, _receiver in plan["gives"]:
            if hands.hand_size(state, giver):
                pending.append({"seat": giver, "kind": GIVE})
            else:
                step.log("event_skipped", seat=giver, reason="no_cards")
        if pending:
            state["events"]["passing"] = {}  # the cards picked so far, until all pass at once
    elif with_hands and plan.get("helpers"):
        for helper in plan["helpers"]:
            if hands.hand_size(state, helper):
                pending.append({"seat": helper, "kind": HELP})
            else:
                step.log("event_skipped", seat=helper, reason="no_cards")
    if pending:
        state["phase"] = "event"
        state["pending"] = pending


def _bank_resources(state: dict) -> int:
    """Resource cards in the bank: what a gain may take (never a commodity)."""
    return sum(state["bank"][r] for r in hands.RESOURCES)


def _answered(state: dict, seat: int, kind: str) -> None:
    state["pending"] = [p for p in state["pending"] if not (p["seat"] == seat and p["kind"] == kind)]
    if not state["pending"]:
        state["phase"] = "main"


def _on_phone(step: Step) -> None:
    """With hands on phones a player's event choice comes from their own phone."""
    if hands.uses_hands(step.state) and "seat" not in step.actor:
        raise IllegalAction("event_choice_on_phone")


def _victims(state: dict, taker: int) -> list[int]:
    """Whom a taker may draw a card from with hands on phones: anyone else holding one."""
    return [s for s in range(len(state["players"])) if s != taker and hands.hand_size(state, s)]


def _has(kind: str):
    return lambda s: any(p["kind"] == kind for p in s["pending"])


# ---------------------------------------------------------------- Earthquake: damaged roads


def damaged_roads(state: dict, seat: int | None = None) -> list[dict]:
    deck = state.get("events")
    if not deck:
        return []
    return [d for d in deck["damaged"] if seat is None or d["seat"] == seat]


def _undamaged_roads(state: dict, seat: int) -> int:
    return state["players"][seat]["roads"] - len(damaged_roads(state, seat))


def _repair_first(rules, state: dict, seat: int) -> str | None:
    return "repair_road_first" if damaged_roads(state, seat) else None


def _edge_arg(step: Step) -> str:
    edge = step.args.get("edge")
    if not isinstance(edge, str) or not edge or len(edge) > 64:
        raise IllegalAction("pick_on_board", where="edge")
    return edge


@ANSWERS.action("damage_road", phases={"event"}, actors={"pending", "table"}, when=_has(EARTHQUAKE))
def damage_road(step: Step) -> None:
    """Earthquake, on a board: a player turns one of their roads on its side (taps it)."""
    state = step.state
    _on_phone(step)
    edge = _edge_arg(step)
    owner = state["board"]["pieces"]["roads"].get(edge)
    if owner is None or ("seat" in step.actor and step.actor["seat"] != owner):
        raise IllegalAction("not_your_road")
    if not any(p["seat"] == owner and p["kind"] == EARTHQUAKE for p in state["pending"]):
        raise IllegalAction("nothing_pending", seat=owner)
    if any(d["edge"] == edge for d in damaged_roads(state)):
        raise IllegalAction("road_already_damaged")
    state["events"]["damaged"].append({"seat": owner, "edge": edge})
    step.log("road_damaged", seat=owner)
    _answered(state, owner, EARTHQUAKE)


def _has_damaged_road(state: dict) -> bool:
    return bool(damaged_roads(state, active_seat(state)))


@ANSWERS.action("repair_road", phases={"main", "special_build"}, actors={"active", "table"}, when=_has_damaged_road)
def repair_road(step: Step) -> None:
    """Repair a road the Earthquake damaged: 1 lumber + 1 brick, like building one."""
    state = step.state
    seat = active_seat(state)
    mine = damaged_roads(state, seat)
    if not mine:
        raise IllegalAction("no_damaged_road")
    edge = step.args.get("edge") or None
    chosen = mine[0] if edge is None else next((d for d in mine if d["edge"] == edge), None)
    if chosen is None:
        raise IllegalAction("no_damaged_road")
    if hands.uses_hands(state):  # paid from the hand, like building a road: on the phone
        base._check_builder(step)
        hands.pay_to_bank(state, seat, hands.COSTS["road"])
    state["events"]["damaged"].remove(chosen)
    step.log("road_repaired", seat=seat, left=len(mine) - 1)


# ---------------------------------------------------------------- Trade Advantage, Conflict


@ANSWERS.action("event_take", phases={"event"}, actors={"pending", "table"}, when=_has(TAKE))
def event_take(step: Step) -> None:
    """The taker says whose hand they drew 1 random card from (or that they took none).

    With hands on phones the server draws the card from the victim's hand."""
    state = step.state
    _on_phone(step)
    seat = step.seat_for_pending(TAKE)
    victim = seat_arg(state, step.args.get("victim"), "bad_victim")
    if victim == seat:
        raise IllegalAction("rob_yourself")
    with_hands = hands.uses_hands(state)
    if with_hands and victim is not None and not hands.hand_size(state, victim):
        raise IllegalAction("victim_has_no_cards")
    event = CARDS[state["events"]["card"]]["event"]
    if with_hands and victim is not None:  # one line: thief and victim read which card
        card = base._take_random_card(step, seat, victim)
        step.log("event_took", seat=seat, secret_for=[seat, victim], shown={"victim": victim, "event": event},
                 victim=victim, event=event, card=card)
    else:
        step.log("event_took", seat=seat, victim=victim, event=event)
    _answered(state, seat, TAKE)


# ---------------------------------------------------------------- hands on phones: the choices


def _resource(step: Step) -> str:
    """A resource from the bank (never a commodity, in Cities & Knights either)."""
    return base._resource_arg(step.args.get("resource"))


def _card(step: Step) -> str:
    """A card to pass on: a resource, or in Cities & Knights a commodity too."""
    value = step.args.get("resource")
    if value not in hands.kinds(step.state):
        raise IllegalAction("bad_resource", resource=value)
    return value


def _receiver(state: dict, giver: int) -> int:
    """Good Neighbours: whom `giver` passes to (from the card's plan)."""
    return next(to for frm, to in state["events"]["effect"]["gives"] if frm == giver)


def _card_held(state: dict, seat: int, resource: str) -> None:
    if not hands.hand(state, seat)[resource]:
        raise IllegalAction("card_not_held", resource=resource)


@ANSWERS.action("event_gain", phases={"event"}, actors={"pending", "table"}, when=_has(GAIN))
def event_gain(step: Step) -> None:
    """Plentiful Year, Tournament, Calm Sea: take 1 resource of your choice from the bank."""
    state = step.state
    _on_phone(step)
    seat = step.seat_for_pending(GAIN)
    resource = _resource(step)
    if state["bank"][resource] < 1:
        raise IllegalAction("bank_lacks", resource=resource)
    hands.take_from_bank(state, seat, {resource: 1})
    step.log("event_gained", seat=seat, resource=resource)  # the bank lies open: everyone sees it
    _answered(state, seat, GAIN)
    if not _bank_resources(state):  # nothing left to choose from: the others get nothing
        for p in [p for p in state["pending"] if p["kind"] == GAIN]:
            step.log("event_skipped", seat=p["seat"], reason="bank_empty")
            _answered(state, p["seat"], GAIN)


@ANSWERS.action("event_give", phases={"event"}, actors={"pending", "table"}, when=_has(GIVE))
def event_give(step: Step) -> None:
    """Good Neighbours: pick the card to pass to the left. The cards pass when all have picked."""
    state = step.state
    _on_phone(step)
    seat = step.seat_for_pending(GIVE)
    resource = _card(step)
    _card_held(state, seat, resource)
    deck = state["events"]
    deck["passing"][str(seat)] = resource
    step.log("event_picked", seat=seat)
    _answered(state, seat, GIVE)
    if any(p["kind"] == GIVE for p in state["pending"]):
        return
    passing = deck.pop("passing")
    for giver in sorted(passing, key=int):
        giver_seat, card = int(giver), passing[giver]
        to = _receiver(state, giver_seat)
        hands.move(state, giver_seat, to, {card: 1})
        step.log("event_gave", seat=giver_seat, secret_for=[giver_seat, to], shown={"to": to}, card=card)


@ANSWERS.action("event_help", phases={"event"}, actors={"pending", "table"}, when=_has(HELP))
def event_help(step: Step) -> None:
    """Neighbourly Assistance: a leader gives 1 card of their choice to a player of their
    choice with fewer points."""
    state = step.state
    _on_phone(step)
    seat = step.seat_for_pending(HELP)
    resource = _card(step)
    to = seat_arg(state, step.args.get("to"), "bad_receiver")
    if to not in state["events"]["effect"]["to_any_of"]:
        raise IllegalAction("bad_receiver")
    _card_held(state, seat, resource)
    hands.move(state, seat, to, {resource: 1})
    step.log("event_gave", seat=seat, secret_for=[seat, to], shown={"to": to}, card=resource)
    _answered(state, seat, HELP)


def my_choice(state: dict, seat: int) -> dict | None:
    """What an event asks of `seat` now, with hands on phones: for that seat's phone only."""
    deck = state.get("events")
    if state["phase"] != "event" or not deck or not hands.uses_hands(state):
        return None
    kinds = {p["kind"] for p in state["pending"] if p["seat"] == seat}
    held = [r for r in hands.kinds(state) if hands.hand(state, seat)[r]]
    if GAIN in kinds:
        return {"kind": GAIN, "bank": [r for r in hands.RESOURCES if state["bank"][r]]}
    if GIVE in kinds:
        return {"kind": GIVE, "to": _receiver(state, seat), "held": held}
    if HELP in kinds:
        return {"kind": HELP, "to_any_of": list(deck["effect"]["to_any_of"]), "held": held}
    if TAKE in kinds:
        return {"kind": TAKE, "victims": _victims(state, seat)}
    picked = (deck.get("passing") or {}).get(str(seat))
    if picked:
        return {"kind": "passing", "card": picked, "to": _receiver(state, seat)}
    return None


# ---------------------------------------------------------------- what the screens see


def board_targets(rules, state: dict, viewer) -> dict | None:
    """Earthquake on a board: the roads a viewer may tap to turn on their side (None:
    not an event's turn, the usual targets)."""
    if state["phase"] != "event":
        return None
    if not base.on_board(state):
        return {}
    pending = {p["seat"] for p in state["pending"] if p["kind"] == EARTHQUAKE}
    if viewer != "table":
        pending &= {int(viewer)}
    elif hands.uses_hands(state):
        return {}  # with hands on phones each player taps on their own phone
    damaged = {d["edge"] for d in damaged_roads(state)}
    roads = state["board"]["pieces"]["roads"]
    return {"road": sorted(e for e, s in roads.items() if s in pending and e not in damaged)}


def view(rules, state: dict) -> tuple[str, dict | None]:
    return "events", public_view(state)


def hand_view(rules, state: dict, seat: int) -> tuple[str, dict | None]:
    return "event_choice", my_choice(state, seat)  # what an event card asks of this seat


def public_view(state: dict) -> dict | None:
    """What everyone may know about the deck: never the order of the face-down cards."""
    deck = state.get("events")
    if deck is None:
        if not _uses_events(state):
            return None
        return {"year": 0, "revealed": 0, "year_length": YEAR, "left": YEAR, "card": None, "effect": None,
                "pile": [], "damaged": []}
    current = None
    last = state["last_roll"]
    if deck["card"] is not None and last and last.get("source") == "events":
        current = dict(CARDS[deck["card"]])
    return {
        "year": deck["year"],
        "revealed": len(deck["revealed"]),
        "year_length": YEAR,
        "left": len(deck["deck"]),
        "card": current,
        "effect": deck["effect"] if current else None,
        "pile": [CARDS[c]["number"] for c in deck["revealed"]],
        "damaged": [dict(d) for d in deck["damaged"]],
    }


# ---------------------------------------------------------------- the layer

HOOKS = {"road_blockers": _repair_first, "board_targets": board_targets, "public_view": view, "hand_view": hand_view}
PENDING = frozenset({EARTHQUAKE, TAKE, GAIN, GIVE, HELP})


def applies(config: dict) -> bool:
    """A dice source: any game of the base game may switch to the deck, even mid-game."""
    return config.get("rules", "base") == "base"


LAYER = Layer(
    name="events",
    applies=applies,
    actions={**_reveal.table, **ANSWERS.table},
    hooks=HOOKS,
    phases=frozenset({"event"}),
    pending=PENDING,
    view_key="events",
    rule_topics=("events",),  # the deck's chapter of the rulebook library (its label: screens.py)
    board_actions={"road": ("damage_road",)},
)
