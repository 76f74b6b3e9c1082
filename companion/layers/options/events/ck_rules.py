"""Cities & Knights played with the Events of Catan deck (dice source "events").

Source: /work/shared/rulebooks/traders-and-barbarians-pl.txt, "Wydarzenia Catanu": each
event's "Miasta i Rycerze" paragraph and the combination section. The active player rolls
the red die and the event die; the event die is resolved as usual; then the top event
card is revealed and resolved.

How the turn goes here (this layer wraps Cities & Knights' roll, and C&K's _resolve calls
the `reveal_card` and `card_event` this layer provides at the right stages):
  1. the red die and the event die: typed in, rolled virtually, or read by the dice reader
     (which reads the yellow die too: only its red die counts);
  2. the event die, as without the deck: the ship moves (an attack at once), or a city
     gate lets the players draw progress cards with the red die's value, and those
     above 4 progress cards outside their turn put one back;
  3. the card: its number produces with the Cities & Knights table (commodities from
     cities), the aqueduct gives a resource to its owners the number gave nothing (not on
     a 7), then the card's event (events.apply_event, worded for Cities & Knights where
     the card says so). A 7 (Robber Attack) is the Cities & Knights 7: commodities count
     in the hand, walls raise the limit, and the robber stays on the desert until the
     barbarians' first attack.
So the red die only decides the progress cards; the card's number alone decides
production. The Alchemist sets the two number dice: with the deck there are none (the
card's number produces), so it can't be played (cities_knights._alchemist refuses it).

The Events' own answers (damage_road, repair_road, event_take, event_gain, event_give,
event_help) join the Cities & Knights actions here; its reveal_event does not: the roll
reveals the card.
"""
from companion.layers.cores.base import rules as base
from companion.layers.cores.cities_knights import rules as ck
from companion.layers.options.events import rules as events
from companion.machinery.composition import Layer
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step


def roll(step: Step) -> None:
    """The red die and the event die; the card comes once the event die is resolved."""
    state, ck_state = step.state, step.state["ck"]
    args = step.args
    red, dice, face = args.get("red"), args.get("dice"), args.get("event")
    set_red = ck_state["alchemist"][1] if ck_state["alchemist"] is not None else None  # set before a switch
    source = "virtual"
    if red is not None or dice is not None or face is not None:
        if face is None:
            raise IllegalAction("bad_dice")
        if dice is not None:  # the dice reader reads the yellow die too: only red counts
            if not isinstance(dice, (list, tuple)) or len(dice) != 2:
                raise IllegalAction("bad_dice")
            red = base._die(dice[1])
        elif red is not None:
            red = base._die(red)
        elif set_red is not None:
            red = set_red
        else:
            raise IllegalAction("bad_dice")
        face = ck._event_arg(face)
        source = args.get("source", "typed")
        if source not in ("typed", "reader"):
            raise IllegalAction("bad_dice")
    else:
        if set_red is not None:
            red = set_red
        else:
            counter = state["counters"]["dice"]
            red = step.outcome("red", lambda c: c.randint("dice", counter, 6) + 1, base._valid_die)
            state["counters"]["dice"] = counter + 1
        counter = state["counters"]["event"]
        face = step.outcome("event", lambda c: ck.EVENT_FACES[c.randint("event", counter, 6)],
                            lambda v: v in ck.EVENT_FACES)
        state["counters"]["event"] = counter + 1
        step.reveal("dice", keys=tuple(k for k in ("red", "event") if k in step.outcomes))
    ck_state["alchemist"] = None
    seat = state["turn"]["seat"]
    state["last_roll"] = {"dice": None, "red": red, "total": None, "card": None, "seat": seat, "source": "events",
                          "rolled": source, "turn": state["turn"]["number"], "event": face}
    deck = events.deck_state(state)
    if deck is not None:  # last turn's card is no longer the one on view
        deck["card"] = None
        deck["effect"] = None
    state["turn"]["rolled"] = True
    step.log("red_rolled", seat=seat, red=red, event=face, source=source)
    ck_state["roll"] = {"dice": None, "red": red, "total": None, "event": face, "stage": "ship"}
    ck._resolve(step)


def reveal(step: Step) -> tuple[int, dict | None]:
    """The event die is resolved: reveal the card. Returns its number and, when its event
    changes production (Epidemic), what the board pays instead."""
    state = step.state
    card = events.turn_over(step)
    number, event = card["number"], card["event"]
    state["last_roll"].update(total=number, card=event)
    state["roll_counts"][number] += 1
    plan = state["events"]["effect"]
    if not base.on_board(state):
        return number, None
    board = state["board"]
    if event == "robber_flees" and (plan.get("robber") is not None or plan.get("off")):
        board["robber"] = plan["robber"]  # at once, before production
    if event == "epidemic":
        # Every city brings 1 resource like a settlement, and no commodity.
        pieces = board["pieces"]
        as_settlements = {**pieces, "settlements": {**pieces["settlements"], **pieces["cities"]}, "cities": {}}
        return number, ck.production(board["layout"], as_settlements, board["robber"], number)
    return number, None


def card_event(step: Step) -> None:
    """After production (and the aqueduct): the card's event."""
    deck = step.state["events"]
    events.apply_event(step, events.CARDS[deck["card"]]["event"], deck["effect"])


def _deck_or_dice(roll_dice):
    """Cities & Knights' roll: the red die and the event die, then a card, with the deck."""
    def roll_for_deck(step: Step) -> None:
        if step.state["config"]["dice_source"] == "events":
            roll(step)
        else:
            roll_dice(step)
    return roll_for_deck


def reader_dice(rules, state: dict) -> tuple:
    """The dice a table's dice reader still reads while the deck is the dice source: here the
    red die and the event die (the card stands for the yellow one); none with other dice."""
    return ("red", "event") if state["config"]["dice_source"] == "events" else ()


def applies(config: dict) -> bool:
    return config.get("rules") == ck.NAME


LAYER = Layer(
    name="events_cities_knights",
    applies=applies,
    cores=frozenset({ck.NAME}),  # the deck's Cities & Knights edition: built on that core
    actions=events.ANSWERS.table,
    wraps={"roll": _deck_or_dice},
    hooks={**events.HOOKS, "reader_dice": reader_dice},
    provides={"reveal_card": reveal, "card_event": card_event},
    phases=frozenset({"event"}),
    pending=events.PENDING,
    view_key="events",
    board_actions={"road": ("damage_road",)},
)
