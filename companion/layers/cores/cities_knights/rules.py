"""Cities & Knights (Miasta i Rycerze): the barbarian ship, knights, city improvements,
commodities and progress cards, as a ruleset on top of the base game (layers/cores/base).

The rulebook is /work/shared/rulebooks/cities-and-knights-pl.txt; RULES-FACTS.md has a
digest. Everything the base game does and Cities & Knights keeps (roads, settlements,
trades between players, the robber, undo, views) is the base layer's; this module replaces the
roll, the setup's second round, the 7, cities and the scoring, and adds its own actions.

State added to the base state (all plain JSON):
  state["ck"]: the barbarian ship, the progress decks, metropolises, the merchant, the
               Defender of Catan cards left, a roll being resolved, this turn's effects;
  each player: "improvements" {trade, politics, science: 0..5}, "walls", "knights"
               [{id, level, active, corner, activated, promoted, acted}], "progress"
               (secret cards in hand), "progress_vp" (Printer/Constitution, shown),
               "defenders", "ruined" (cities laid down after an attack);
  hands hold the commodities (paper, cloth, coin) beside the resources; the bank 12 each;
  board pieces gain "knights" {corner: seat} and "walls" {corner: seat}.
"""
from companion.layers.cores.base import rules as base
from companion.layers.cores.base import trading
from companion.layers.cores.base.rules import _board_refusal, _location, on_board
from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery.composition import Actions, Layer
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step, add_log
from companion.machinery.turns import active_seat, seat_arg, whole_number

NAME = "cities_knights"  # the layer, and its part of a view
STATE_KEY = "ck"  # its part of the state (saved games hold it)
MIN_PLAYERS, MAX_PLAYERS = 3, 6
TARGET = 13
TRACK = 7  # moves of the ship from its start to Catan
COMMODITIES = hands.COMMODITIES
COMMODITY_CARDS = 12
DEFENDERS = 6
IMPROVEMENTS = ("trade", "politics", "science")
COMMODITY_OF = {"trade": "cloth", "politics": "coin", "science": "paper"}
GATES = {"yellow": "trade", "blue": "politics", "green": "science"}
EVENT_FACES = ("ship", "ship", "ship", "blue", "green", "yellow")
MAX_LEVEL = 5
METROPOLIS_LEVEL = 4
ABILITY_LEVEL = 3  # trading house (trade), fortress (politics), aqueduct (science)
METROPOLIS_VP = 2
PROGRESS_LIMIT = 4
KNIGHT_LEVELS = (1, 2, 3)
KNIGHTS_PER_LEVEL = 2
WALL_LIMIT = 3
WALL_BONUS = 2
CITY_COMMODITY = {"mountains": "coin", "forest": "paper", "pasture": "cloth"}
COSTS = {
    "knight": {"ore": 1, "wool": 1},
    "promote": {"ore": 1, "wool": 1},
    "activate": {"grain": 1},
    "wall": {"brick": 2},
    "city": dict(hands.COSTS["city"]),
    "medicine": {"ore": 2, "grain": 1},
}
# The three progress decks, 18 cards each (the rulebook's almanac).
DECKS = {
    "science": {"alchemist": 2, "road_building": 2, "printer": 1, "crane": 2, "mining": 2, "engineer": 1,
                "irrigation": 2, "medicine": 2, "smithing": 2, "inventor": 2},
    "politics": {"bishop": 2, "deserter": 2, "diplomat": 2, "intrigue": 2, "constitution": 1, "saboteur": 2,
                 "spy": 3, "wedding": 2, "warlord": 2},
    "trade": {"merchant_fleet": 2, "merchant": 6, "master_merchant": 2, "resource_monopoly": 4,
              "trade_monopoly": 2, "commercial_harbor": 2},
}
DECK_OF = {card: deck for deck, cards in DECKS.items() for card in cards}
VP_CARDS = ("printer", "constitution")
INVENTOR_FIXED = (2, 6, 8, 12)

_actions = Actions()  # with the base game's, but for its development cards (LAYER below)
action = _actions.action
EFFECTS = {}  # progress card -> effect(step, seat)
ROLL_PHASES = ("barbarian", "progress_discard", "aqueduct")  # decisions owed while a roll resolves


def effect(card):
    def register(handler):
        EFFECTS[card] = handler
        return handler

    return register


# ---------------------------------------------------------------- a new game


def validate_config(config: dict, rules) -> dict:
    players = config.get("players") or []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalAction("player_count", min=MIN_PLAYERS, max=MAX_PLAYERS)
    if config.get("board") == "beginner":
        # The first-game board is a picture (pages 2-3) that the rulebook's text doesn't
        # describe: no terrain, numbers or starting pieces to lay out.
        raise IllegalAction("ck_beginner_board")
    config = dict(config)
    config.setdefault("target", TARGET)
    return base.validate_config(config, rules)


def new_state(config: dict) -> dict:
    state = base.new_state(config)
    state["dev_deck"] = {}  # no development cards in Cities & Knights
    if state["bank"] is not None:
        state["bank"].update({c: COMMODITY_CARDS for c in COMMODITIES})
    for player in state["players"]:
        player["hand"].update({c: 0 for c in COMMODITIES})
        player.update(improvements={k: 0 for k in IMPROVEMENTS}, walls=0, knights=[], next_knight=1,
                      progress=[], progress_vp=[], defenders=0, ruined=0)
    state["counters"].update(progress=0, event=0)
    if state["board"] is not None:
        state["board"]["pieces"].update(knights={}, walls={})
    state["ck"] = {
        "ship": 0,
        "attacks": 0,
        "decks": {deck: {"pile": dict(cards), "under": []} for deck, cards in DECKS.items()},
        "defenders": DEFENDERS,
        "metropolis": {k: None for k in IMPROVEMENTS},
        "merchant": None,
        "ruined": {},  # corner -> seat, on the board
        "roll": None,  # a roll whose resolution waits for decisions
        "alchemist": None,  # the number dice set by the Alchemist before the roll
        "fleet": None,  # the kind the Merchant Fleet trades 2:1 this turn
        "crane": False,
        "battle": None,  # the latest barbarian attack, as reported
        "displaced": None,  # a knight pushed away, waiting for its owner to place it
        "card": None,  # a progress card waiting for answers (Spy, Master Merchant, Commercial Harbor, Deserter)
        "muster": None,  # advanced battle: the knights each player sends, chosen in turn
    }
    return state


# ---------------------------------------------------------------- counting


def standing_cities(state: dict, seat: int) -> int:
    return state["players"][seat]["cities"]


def metropolises(state: dict, seat: int) -> list[str]:
    return [k for k, m in state["ck"]["metropolis"].items() if m is not None and m["seat"] == seat]


def metropolis_corners(state: dict) -> set:
    return {m["corner"] for m in state["ck"]["metropolis"].values() if m is not None and m["corner"]}


def free_cities(state: dict, seat: int) -> list:
    """The seat's standing cities without a metropolis: corners on the board, else a count
    given as a list of None."""
    if on_board(state):
        taken = metropolis_corners(state)
        return sorted(c for c, s in state["board"]["pieces"]["cities"].items() if s == seat and c not in taken)
    return [None] * (standing_cities(state, seat) - len(metropolises(state, seat)))


def barbarian_strength(state: dict) -> int:
    """One per city on the island, metropolises included (laid-down cities count as settlements)."""
    return sum(p["cities"] for p in state["players"])


def knight_strength(state: dict, seat: int) -> int:
    return sum(k["level"] for k in state["players"][seat]["knights"] if k["active"])


def defence(state: dict) -> int:
    return sum(knight_strength(state, s) for s in range(len(state["players"])))


def robber_locked(state: dict) -> bool:
    """The robber stays on the desert until the barbarians first reach Catan."""
    return state["ck"]["attacks"] == 0


def hand_limit(state: dict, seat: int) -> int:
    return base.HAND_LIMIT + WALL_BONUS * state["players"][seat]["walls"]


def clockwise_from(state: dict, seat: int) -> list[int]:
    n = len(state["players"])
    return [(seat + k) % n for k in range(n)]


def progress_shows(level: int, red: int) -> bool:
    """Level k of an improvement chart shows the red die values 1..k+1 (none at level 0)."""
    return level >= 1 and red <= level + 1


# ---------------------------------------------------------------- scoring


def vp_base(state: dict, seat: int) -> int:
    """Every Cities & Knights point lies open on the table (a layer may add its own)."""
    p = state["players"][seat]
    vp = p["settlements"] + 2 * p["cities"] + p["ruined"]
    vp += METROPOLIS_VP * len(metropolises(state, seat))
    vp += p["defenders"] + len(p["progress_vp"])
    if state["longest_road"] == seat:
        vp += base.LONGEST_ROAD_VP
    merchant = state["ck"]["merchant"]
    if merchant is not None and merchant["seat"] == seat:
        vp += 1
    return vp


def vp_hidden(state: dict, seat: int) -> int:
    return 0


def vp_sources(rules, state: dict, seat: int) -> dict:
    """Where a seat's points come from (engine.points): what `vp_base` counts, by source.
    No Largest Army and no victory point cards in Cities & Knights."""
    p = state["players"][seat]
    merchant = state["ck"]["merchant"]
    return {"settlements": p["settlements"], "cities": 2 * p["cities"], "ruined": p["ruined"],
            "metropolises": METROPOLIS_VP * len(metropolises(state, seat)),
            "longest_road": base.LONGEST_ROAD_VP if state["longest_road"] == seat else 0,
            "defenders": p["defenders"], "progress": len(p["progress_vp"]),
            "merchant": 1 if merchant is not None and merchant["seat"] == seat else 0}


def story_kinds(rules) -> dict:
    """The log entries the story of a game lists (engine.story): the barbarians' attacks."""
    return {"barbarians_won": "battle", "knights_won": "battle"}


def victory(rules, state: dict, step: Step) -> None:
    if state["phase"] in ("setup", "finished", "special_build", "board"):
        return
    seat = state["turn"]["seat"]
    base.award_if_won(state, step, seat, rules.vp_total(state, seat), 0, rules.target(state, seat))  # no hidden points in C&K


# ---------------------------------------------------------------- helpers


def _pay(state: dict, seat: int, cost: dict) -> None:
    if hands.uses_hands(state) and cost:
        hands.pay_to_bank(state, seat, cost)


def _check_builder(step: Step) -> None:
    base._check_builder(step)


def _kind_arg(value, allowed, code: str) -> str:
    if value not in allowed:
        raise IllegalAction(code, value=str(value)[:20])
    return value


def _grant(state: dict, seat: int, cards: dict) -> dict:
    """Give cards from the bank as far as it holds them (hands on phones); what was given."""
    if not hands.uses_hands(state):
        return dict(cards)
    given = {r: min(n, state["bank"][r]) for r, n in cards.items() if min(n, state["bank"][r]) > 0}
    hands.take_from_bank(state, seat, given)
    return given


def _finish_pending(step: Step, seat: int, kind: str) -> None:
    """One decision answered; when none is owed any more the interrupted flow goes on."""
    state = step.state
    state["pending"] = [p for p in state["pending"] if not (p["seat"] == seat and p["kind"] == kind)]
    if state["pending"]:
        return
    if state["ck"]["roll"] is not None:
        _resolve(step)
    else:
        state["phase"] = "main"


# ---------------------------------------------------------------- setup: settlement, then a city


@action("place_setup", phases={"setup"}, actors={"active", "table"}, when=lambda s: s["board"] is None)
def place_setup(step: Step) -> None:
    """Without a board: round 1 a settlement and a road, round 2 a city and a road."""
    state = step.state
    if on_board(state):
        raise IllegalAction("pick_on_board", where="corner")
    setup = state["setup"]
    n = len(state["players"])
    if setup["index"] < n:
        base.place_setup(step)
        return
    seat = active_seat(state)
    player = state["players"][seat]
    player["cities"] += 1
    player["roads"] += 1
    step.log("setup_placed", seat=seat, round=2, piece="city")
    setup["index"] += 1
    if setup["index"] == len(setup["order"]):
        state["turn"]["number"] = 0
        base._start_turn(state, setup["order"][0])
        step.log("game_started", seat=state["turn"]["seat"])


@action("place_settlement", phases={"setup"}, actors={"active", "table"},
        when=lambda s: s["board"] is not None and s["setup"]["corner"] is None)
def place_settlement(step: Step) -> None:
    """On the board: round 1 a settlement, round 2 a city (its hexes pay one resource each)."""
    state = step.state
    if not on_board(state) or state["setup"]["index"] < len(state["players"]):
        base.place_settlement(step)
        return
    seat, corner = base.setup_corner(step)
    state["board"]["pieces"]["cities"][corner] = seat
    state["players"][seat]["cities"] += 1
    state["setup"]["corner"] = corner
    step.log("setup_city", seat=seat)
    base.pay_starting_resources(step, seat, corner)


# ---------------------------------------------------------------- the roll: three dice


def _event_arg(value) -> str:
    if value not in ("ship", "blue", "green", "yellow"):
        raise IllegalAction("bad_event_die", value=str(value)[:20])
    return value


@action("roll", phases={"roll"}, actors={"active", "table", "device"})
def roll(step: Step) -> None:
    """Yellow and red number dice and the event die: typed in, from the reader, or virtual.

    After an Alchemist the number dice are already set: only the event die is rolled.
    With the Events of Catan deck the events layer rolls instead (layers/options/events/ck_rules.py)."""
    state, ck = step.state, step.state["ck"]
    typed, event = step.args.get("dice"), step.args.get("event")
    if ck["alchemist"] is not None and typed is not None:
        raise IllegalAction("alchemist_set_dice")
    source = "virtual"
    if typed is not None or event is not None:
        if event is None or (typed is None and ck["alchemist"] is None):
            raise IllegalAction("bad_dice")
        if typed is not None:
            if not isinstance(typed, (list, tuple)) or len(typed) != 2:
                raise IllegalAction("bad_dice")
            dice = [base._die(typed[0]), base._die(typed[1])]
        else:
            dice = list(ck["alchemist"])
        event = _event_arg(event)
        source = step.args.get("source", "typed")
        if source not in ("typed", "reader"):
            raise IllegalAction("bad_dice")
    else:
        if ck["alchemist"] is not None:
            dice = list(ck["alchemist"])
        else:
            counter = state["counters"]["dice"]
            dice = [
                step.outcome("die1", lambda c: c.randint("dice", counter, 6) + 1, base._valid_die),
                step.outcome("die2", lambda c: c.randint("dice", counter + 1, 6) + 1, base._valid_die),
            ]
            state["counters"]["dice"] = counter + 2
        counter = state["counters"]["event"]
        event = step.outcome("event", lambda c: EVENT_FACES[c.randint("event", counter, 6)],
                             lambda v: v in EVENT_FACES)
        state["counters"]["event"] = counter + 1
        step.reveal("dice", keys=tuple(k for k in ("die1", "die2", "event") if k in step.outcomes))
    alchemist = ck["alchemist"] is not None
    ck["alchemist"] = None
    seat = state["turn"]["seat"]
    total = dice[0] + dice[1]
    state["last_roll"] = {"dice": dice, "total": total, "seat": seat, "source": source,
                          "turn": state["turn"]["number"], "event": event}
    state["roll_counts"][total] += 1
    state["turn"]["rolled"] = True
    step.log("rolled", seat=seat, dice=dice, total=total, source=source, event=event, alchemist=alchemist)
    ck["roll"] = {"dice": dice, "event": event, "stage": "ship"}
    _resolve(step)


def _resolve(step: Step) -> None:
    """Resolve the roll in the rulebook's order: the ship (and an attack), the progress
    cards of the gate's colour, production, then the 7. Stops while decisions are owed
    (their answers call this again)."""
    state, ck = step.state, step.state["ck"]
    current = ck["roll"]
    while True:
        stage = current["stage"]
        if stage == "ship":
            current["stage"] = "gate"
            if current["event"] == "ship":
                ck["ship"] += 1
                step.log("ship_moved", position=ck["ship"], track=TRACK)
                if ck["ship"] >= TRACK:
                    _battle(step)
                    if state["pending"]:
                        state["phase"] = "barbarian"
                        return
        elif stage == "gate":
            current["stage"] = "progress_limit"
            if current["event"] in GATES:
                _gate_draws(step, GATES[current["event"]], _red(current))
        elif stage == "progress_limit":
            current["stage"] = "production"
            active = state["turn"]["seat"]
            over = [s for s in clockwise_from(state, active)
                    if s != active and len(state["players"][s]["progress"]) > PROGRESS_LIMIT]
            if over:
                state["pending"] = [{"seat": s, "kind": "progress_discard"} for s in over]
                state["phase"] = "progress_discard"
                return
        elif stage == "production":
            current["stage"] = "seven"
            owed = None
            if current["dice"] is None:  # the Events of Catan deck: now its card is revealed
                current["total"], owed = step.rules.provided("reveal_card")(step)
            if _production(step, _total(current), owed):
                state["phase"] = "aqueduct"
                return
        else:
            ck["roll"] = None
            if _total(current) == 7:
                _start_discards(step)
            else:
                state["phase"] = "main"
                if current["dice"] is None:
                    step.rules.provided("card_event")(step)  # the card's own event, after its production
            return


def _red(current: dict) -> int:
    """The red die of the roll being resolved (alone with the Events of Catan deck)."""
    return current["red"] if current["dice"] is None else current["dice"][1]


def _total(current: dict) -> int:
    """The number that produces: the two dice, or the event card's number."""
    return current["total"] if current["dice"] is None else sum(current["dice"])


# ---------------------------------------------------------------- progress cards: decks


def draw_progress(step: Step, seat: int, deck: str, reason: str) -> str | None:
    """Draw the top card of a progress deck (a random one of those never yet drawn; the
    played and discarded cards lie under the deck, in the order they went there)."""
    state = step.state
    pile = state["ck"]["decks"][deck]
    if sum(pile["pile"].values()):
        counter = state["counters"]["progress"]

        def draw(chance):
            index = chance.randint("progress", counter, sum(pile["pile"].values()))
            for card in DECKS[deck]:  # a fixed order keeps the draw reproducible
                if index < pile["pile"][card]:
                    return card
                index -= pile["pile"][card]
            raise AssertionError("index beyond the deck")

        card = step.outcome(f"progress:{counter}", draw,
                            lambda v: DECK_OF.get(v) == deck and pile["pile"].get(v, 0) > 0)
        state["counters"]["progress"] = counter + 1
        pile["pile"][card] -= 1
        step.reveal("progress_card", [seat], keys=(f"progress:{counter}",))
    elif pile["under"]:
        card = pile["under"].pop(0)
        step.reveal("progress_card", [seat])
    else:
        step.log("progress_deck_empty", seat=seat, deck=deck)
        return None
    player = state["players"][seat]
    if card in VP_CARDS:
        player["progress_vp"].append(card)  # shown at once; it can't be stolen
        step.log("progress_vp", seat=seat, deck=deck, card=card, reason=reason)
    else:
        player["progress"].append(card)
        step.log("progress_drawn", seat=seat, secret_for=[seat], card=card)
        state["log"][-1]["params"] = {"deck": deck, "reason": reason}  # everyone sees the colour
    return card


def _gate_draws(step: Step, deck: str, red: int) -> None:
    state = step.state
    drawers = [s for s in clockwise_from(state, state["turn"]["seat"])
               if progress_shows(state["players"][s]["improvements"][deck], red)]
    step.log("city_gate", deck=deck, red=red, seats=drawers)
    for seat in drawers:
        draw_progress(step, seat, deck, "gate")


def _put_under(state: dict, card: str) -> None:
    state["ck"]["decks"][DECK_OF[card]]["under"].append(card)


def _progress_card_arg(step: Step, seat: int) -> str:
    card = step.args.get("card")
    if card not in step.state["players"][seat]["progress"]:
        raise IllegalAction("progress_not_held", card=str(card)[:30])
    return card


@action("discard_progress", phases={"progress_discard", "main"}, actors={"pending", "active"})
def discard_progress(step: Step) -> None:
    """Back under its deck: a fifth progress card, at once when drawn outside the own
    turn, else before the turn ends."""
    state = step.state
    if "seat" not in step.actor:
        raise IllegalAction("progress_on_phone")
    seat = step.actor["seat"]
    if state["phase"] == "progress_discard":
        seat = step.seat_for_pending("progress_discard")
    elif seat != state["turn"]["seat"]:
        raise IllegalAction("not_your_turn", action="discard_progress")
    player = state["players"][seat]
    if len(player["progress"]) <= PROGRESS_LIMIT:
        raise IllegalAction("progress_within_limit", limit=PROGRESS_LIMIT)
    card = _progress_card_arg(step, seat)
    player["progress"].remove(card)
    _put_under(state, card)
    step.log("progress_discarded", seat=seat, deck=DECK_OF[card])
    if state["phase"] == "progress_discard" and len(player["progress"]) <= PROGRESS_LIMIT:
        _finish_pending(step, seat, "progress_discard")


# ---------------------------------------------------------------- the barbarians


def advanced_battle(state: dict) -> bool:
    """The rulebook's variant for advanced players: each player picks the knights that fight."""
    return bool(state["config"].get("variants", {}).get("advanced_battle"))


def _battle(step: Step) -> None:
    """The ship reached Catan. In the advanced variant the players with active knights
    first say, one after the other from the active player, which of them fight."""
    state, ck = step.state, step.state["ck"]
    if advanced_battle(state):
        order = [s for s in clockwise_from(state, state["turn"]["seat"])
                 if any(k["active"] for k in state["players"][s]["knights"])]
        if order:
            ck["muster"] = {"order": order, "chosen": {}}
            step.log("muster_started", seats=order)
            state["pending"] = [{"seat": order[0], "kind": "muster"}]
            return
    _fight(step, None)


def _fight(step: Step, chosen: dict | None) -> None:
    """The cities' count against the strength of the fighting knights: every active knight,
    or in the advanced variant those chosen ({seat: [knight ids]})."""
    state, ck = step.state, step.state["ck"]
    n = len(state["players"])
    strength = barbarian_strength(state)
    seats = clockwise_from(state, state["turn"]["seat"])
    fighting = {s: [k for k in state["players"][s]["knights"]
                    if k["active"] and (chosen is None or k["id"] in chosen.get(str(s), ()))] for s in range(n)}
    strengths = {s: sum(k["level"] for k in fighting[s]) for s in range(n)}
    total = sum(strengths.values())
    report = {"strength": strength, "defence": total, "knights": {str(s): strengths[s] for s in range(n)},
              "winner": "barbarians" if strength > total else "knights", "losers": [], "defender": None,
              "tied": [], "turn": state["turn"]["number"]}
    if chosen is not None:  # the active knights kept out of the battle, per seat
        report["held_back"] = {str(s): knight_strength(state, s) - strengths[s] for s in range(n)
                               if knight_strength(state, s) > strengths[s]}
    ck["attacks"] += 1
    ck["ship"] = 0
    ck["muster"] = None
    for seat in range(n):  # the knights that fought rest (in the basic game: every knight)
        for knight in fighting[seat]:
            knight["active"] = False
    pending = []
    if strength > total:
        exposed = [s for s in seats if free_cities(state, s)]  # metropolises are safe
        if exposed:
            weakest = min(strengths[s] for s in exposed)
            report["losers"] = [s for s in exposed if strengths[s] == weakest]
        step.log("barbarians_won", **report)
        for seat in report["losers"]:
            choices = _losable(state, seat)
            if len(choices) == 1:
                _lose_city(step, seat, choices[0])
            else:
                pending.append({"seat": seat, "kind": "lose_city"})
    else:
        best = max(strengths.values())
        leaders = [s for s in seats if strengths[s] == best] if best > 0 else []
        if len(leaders) == 1:
            report["defender"] = leaders[0]
        else:
            report["tied"] = leaders
        step.log("knights_won", **report)
        if len(leaders) == 1:
            if ck["defenders"] > 0:
                ck["defenders"] -= 1
                state["players"][leaders[0]]["defenders"] += 1
                step.log("defender_of_catan", seat=leaders[0], left=ck["defenders"])
            else:
                step.log("no_defender_left", seat=leaders[0])
        else:
            pending = [{"seat": s, "kind": "defender_choice"} for s in leaders]
    ck["battle"] = report
    step.log("ship_returned", advanced=chosen is not None)
    state["pending"] = pending


@action("muster_knights", phases={"barbarian"}, actors={"pending", "table"})
def muster_knights(step: Step) -> None:
    """Advanced battle: a player sends some (or none, or all) of their active knights to
    fight; after the last player the battle is fought. With paper cards the table may
    record the choice; with hands on phones it is made on the player's phone."""
    state, ck = step.state, step.state["ck"]
    seat = step.seat_for_pending("muster")
    if hands.uses_hands(state) and "seat" not in step.actor:
        raise IllegalAction("muster_on_phone")
    ids = step.args.get("knights")
    if ids in (None, ""):
        ids = []
    if not isinstance(ids, (list, tuple)) or len(set(map(str, ids))) != len(ids):
        raise IllegalAction("muster_knights")
    sent = []
    for number in ids:
        number = whole_number(number, "no_such_knight")
        knight = next((k for k in state["players"][seat]["knights"] if k["id"] == number), None)
        if knight is None:
            raise IllegalAction("no_such_knight")
        if not knight["active"]:
            raise IllegalAction("knight_resting")
        sent.append(knight)
    muster = ck["muster"]
    muster["chosen"][str(seat)] = sorted(k["id"] for k in sent)
    step.log("mustered", seat=seat, knights=len(sent), strength=sum(k["level"] for k in sent),
             kept=knight_strength(state, seat) - sum(k["level"] for k in sent))
    order = muster["order"]
    later = order[order.index(seat) + 1:]
    if later:
        state["pending"] = [{"seat": later[0], "kind": "muster"}]
        return
    state["pending"] = []
    _fight(step, muster["chosen"])
    if not state["pending"]:
        _resolve(step)


def _losable(state: dict, seat: int) -> list:
    """The different choices of city to lose: a corner each on the board; without the
    board, a city with a wall or one without (the only difference that matters)."""
    if on_board(state):
        return free_cities(state, seat)
    cities = len(free_cities(state, seat))
    walls = state["players"][seat]["walls"]
    choices = []
    if cities > walls:
        choices.append("no_wall")
    if walls > 0:
        choices.append("wall")
    return choices


def _lose_city(step: Step, seat: int, choice) -> None:
    """The city becomes a settlement; with no settlement piece left it is laid down (a
    settlement until repaired). Its wall goes with it."""
    state = step.state
    player = state["players"][seat]
    ruined = base._pieces_left(state, seat, "settlements") <= 0
    wall = False
    player["cities"] -= 1
    if on_board(state):
        pieces = state["board"]["pieces"]
        del pieces["cities"][choice]
        pieces["settlements"][choice] = seat
        if ruined:
            state["ck"]["ruined"][choice] = seat
        if choice in pieces["walls"]:
            del pieces["walls"][choice]
            wall = True
    else:
        wall = choice == "wall"
    if wall:
        player["walls"] -= 1
    if ruined:
        player["ruined"] += 1
    else:
        player["settlements"] += 1
    step.log("city_lost", seat=seat, ruined=ruined, wall=wall,
             corner=choice if on_board(state) else None)


@action("lose_city", phases={"barbarian"}, actors={"pending", "table"})
def lose_city(step: Step) -> None:
    """A player the barbarians beat picks which of their cities they lose."""
    state = step.state
    seat = step.seat_for_pending("lose_city")
    choices = _losable(state, seat)
    choice = step.args.get("corner") if on_board(state) else step.args.get("city")
    if choice not in choices:
        raise IllegalAction("bad_lost_city")
    _lose_city(step, seat, choice)
    _finish_pending(step, seat, "lose_city")


@action("defender_choice", phases={"barbarian"}, actors={"pending"})
def defender_choice(step: Step) -> None:
    """Tied strongest defenders each draw a progress card from a deck of their choice."""
    state = step.state
    seat = step.seat_for_pending("defender_choice")
    deck = _kind_arg(step.args.get("deck"), IMPROVEMENTS, "bad_deck")
    step.log("defender_choice", seat=seat, deck=deck)
    draw_progress(step, seat, deck, "battle")
    _finish_pending(step, seat, "defender_choice")


# ---------------------------------------------------------------- production and the 7


def production(layout: dict, pieces: dict, robber: str | None, total: int) -> dict:
    """What a roll pays in Cities & Knights: a settlement 1 resource; a city on hills or
    fields 2 resources, on mountains, forest or pasture 1 resource and 1 commodity."""
    paid: dict = {}
    if total == 7:
        return paid
    g = boards.geometry(layout)
    for h in g.hexes:
        cell = layout["hexes"][h]
        resource = boards.TERRAIN_RESOURCE.get(cell["terrain"])
        if h == robber or cell["number"] != total or resource is None:
            continue
        for corner in g.hex_corners[h]:
            occupant = boards.building_at(pieces, corner)
            if occupant is None:
                continue
            seat, kind = occupant
            gain = paid.setdefault(seat, {})
            gain[resource] = gain.get(resource, 0) + 1
            if kind == "city":
                extra = CITY_COMMODITY.get(cell["terrain"], resource)
                gain[extra] = gain.get(extra, 0) + 1
    return paid


def _production(step: Step, total: int, owed: dict | None = None) -> bool:
    """Pay the roll (`owed`: what an event card changed, else the board's production); True
    when an aqueduct owner may now pick a resource (hands on phones)."""
    state = step.state
    if not on_board(state):
        return False
    board = state["board"]
    if owed is None:
        owed = production(board["layout"], board["pieces"], board["robber"], total)
    paid = base.pay_production(step, total, owed)
    if total == 7:
        return False
    aqueduct = [s for s in clockwise_from(state, state["turn"]["seat"])
                if state["players"][s]["improvements"]["science"] >= ABILITY_LEVEL and not paid.get(s)]
    if not aqueduct:
        return False
    step.log("aqueduct", seats=aqueduct)
    if not hands.uses_hands(state):
        return False  # with paper cards they take their card themselves
    state["pending"] = [{"seat": s, "kind": "aqueduct"} for s in aqueduct]
    return True


@action("aqueduct", phases={"aqueduct"}, actors={"pending"})
def aqueduct(step: Step) -> None:
    """The aqueduct: a roll (not a 7) gave this player nothing, so they take a resource."""
    state = step.state
    seat = step.seat_for_pending("aqueduct")
    resource = base._resource_arg(step.args.get("resource"))
    given = _grant(state, seat, {resource: 1})
    step.log("aqueduct_taken", seat=seat, resource=resource, got=sum(given.values()))
    _finish_pending(step, seat, "aqueduct")


def _start_discards(step: Step) -> None:
    """A 7: above 7 cards (+2 per city wall; commodities count) give half back."""
    state = step.state
    n = len(state["players"])
    if hands.uses_hands(state):
        seats = [s for s in range(n) if hands.hand_size(state, s) > hand_limit(state, s)]
    else:
        seats = list(range(n))
    state["pending"] = [{"seat": s, "kind": "discard"} for s in seats]
    state["robber_return"] = "main"
    if seats:
        state["phase"] = "discard"
    else:
        _after_discards(step)


def _after_discards(step: Step) -> None:
    state = step.state
    if robber_locked(state):
        state["robber_return"] = None
        state["phase"] = "main"
        step.log("robber_locked")
    else:
        state["phase"] = "robber"


@action("discard", phases={"discard"}, actors={"pending", "table"})
def discard(step: Step) -> None:
    state = step.state
    if hands.uses_hands(state):
        base._discard_from_hand(step)  # half the hand, chosen on the phone
    else:
        seat = step.seat_for_pending("discard")
        hand_size = whole_number(step.args.get("hand_size"), "bad_hand_size")
        if not 0 <= hand_size <= 95 + 36:
            raise IllegalAction("bad_hand_size")
        count = hand_size // 2 if hand_size > hand_limit(state, seat) else 0
        state["pending"] = [p for p in state["pending"] if p["seat"] != seat]
        state["players"][seat]["discarded"] += count
        step.log("discarded", seat=seat, hand_size=hand_size, count=count)
    if not state["pending"]:
        _after_discards(step)


# ---------------------------------------------------------------- cities and walls


@action("build_city", phases={"main", "special_build"}, actors={"active", "table"})
def build_city(step: Step) -> None:
    """As in the base game; a city laid down by the barbarians must be repaired first (the
    same price), and the repair needs no new city piece."""
    state = step.state
    seat = active_seat(state)
    player = state["players"][seat]
    if not player["ruined"]:
        base.build_city(step)
        return
    if on_board(state):
        _check_builder(step)
        corner = _location(step, "corner")
        if state["ck"]["ruined"].get(corner) != seat:
            raise IllegalAction("repair_city_first")
    _repair(step, seat, corner if on_board(state) else None, COSTS["city"])


def _repair(step: Step, seat: int, corner, cost: dict) -> None:
    state = step.state
    player = state["players"][seat]
    _pay(state, seat, cost)
    if corner is not None:
        pieces = state["board"]["pieces"]
        del pieces["settlements"][corner]
        del state["ck"]["ruined"][corner]
        pieces["cities"][corner] = seat
    player["ruined"] -= 1
    player["cities"] += 1
    step.log("city_repaired", seat=seat)


@action("build_wall", phases={"main", "special_build"}, actors={"active", "table"})
def build_wall(step: Step) -> None:
    """A city wall: 2 brick, under one of the own cities (one each), at most 3."""
    _check_builder(step)
    _place_wall(step, COSTS["wall"])


def _place_wall(step: Step, cost: dict) -> None:
    state = step.state
    seat = active_seat(state)
    player = state["players"][seat]
    if player["walls"] >= WALL_LIMIT:
        raise IllegalAction("no_pieces_left", piece="walls", limit=WALL_LIMIT)
    corner = None
    if on_board(state):
        corner = _location(step, "corner")
        pieces = state["board"]["pieces"]
        if pieces["cities"].get(corner) != seat:
            raise IllegalAction("wall_needs_city")
        if corner in pieces["walls"]:
            raise IllegalAction("wall_already")
    elif player["walls"] >= player["cities"]:
        raise IllegalAction("wall_needs_city")
    _pay(state, seat, cost)
    if corner is not None:
        state["board"]["pieces"]["walls"][corner] = seat
    player["walls"] += 1
    step.log("built_wall", seat=seat, walls=player["walls"], limit=hand_limit(state, seat))


# ---------------------------------------------------------------- city improvements


def _improvement_refusal(state: dict, seat: int, kind: str):
    """Why the seat can't take the next level of `kind` now (None: it can)."""
    player = state["players"][seat]
    level = player["improvements"][kind]
    if level >= MAX_LEVEL:
        return "improvement_max", {"chart": kind}
    if standing_cities(state, seat) == 0:
        return "improvement_needs_city", {"chart": kind}
    holder = state["ck"]["metropolis"][kind]
    if level + 1 >= METROPOLIS_LEVEL and (holder is None or holder["seat"] != seat) and not free_cities(state, seat):
        # The only cities are metropolises already: no further than level 3 here.
        return "improvement_needs_free_city", {"chart": kind}
    return None


def improvement_cost(state: dict, seat: int, kind: str) -> dict:
    level = state["players"][seat]["improvements"][kind] + 1
    n = level - (1 if state["ck"]["crane"] else 0)
    return {COMMODITY_OF[kind]: n} if n > 0 else {}


@action("improve_city", phases={"main"}, actors={"active", "table"})
def improve_city(step: Step) -> None:
    """The next level of a city improvement chart: level k costs k of its commodity.

    The first to level 4 takes that chart's metropolis (on one of their cities without
    one: `corner` on the board when there is a choice); reaching level 5 first takes it
    from a holder still at level 4."""
    state, ck = step.state, step.state["ck"]
    _check_builder(step)
    seat = state["turn"]["seat"]
    kind = _kind_arg(step.args.get("chart"), IMPROVEMENTS, "bad_improvement")
    base._board_refusal(_improvement_refusal(state, seat, kind))
    player = state["players"][seat]
    level = player["improvements"][kind] + 1
    holder = ck["metropolis"][kind]
    takes = (level == METROPOLIS_LEVEL and holder is None) or (
        level == MAX_LEVEL and (holder is None or (holder["seat"] != seat
                                                   and state["players"][holder["seat"]]["improvements"][kind] < MAX_LEVEL)))
    corner = None
    if takes and on_board(state):
        options = free_cities(state, seat)
        corner = step.args.get("corner") or (options[0] if len(options) == 1 else None)
        if corner not in options:
            raise IllegalAction("metropolis_city", chart=kind)
    cost = improvement_cost(state, seat, kind)
    _pay(state, seat, cost)
    crane = ck["crane"]
    ck["crane"] = False
    player["improvements"][kind] = level
    step.log("improved", seat=seat, chart=kind, level=level, paid=sum(cost.values()), crane=crane)
    if takes:
        ck["metropolis"][kind] = {"seat": seat, "corner": corner}
        step.log("metropolis", seat=seat, chart=kind, previous=holder["seat"] if holder else None)


# ---------------------------------------------------------------- knights


def _knights_at_level(state: dict, seat: int, level: int) -> int:
    return sum(1 for k in state["players"][seat]["knights"] if k["level"] == level)


def _knight_arg(step: Step, seat: int) -> dict:
    """The seat's knight named by `knight` (its id) or, on the board, by `corner`."""
    knights = step.state["players"][seat]["knights"]
    if on_board(step.state) and step.args.get("corner") not in (None, ""):
        found = next((k for k in knights if k["corner"] == step.args.get("corner")), None)
    else:
        number = whole_number(step.args.get("knight"), "no_such_knight")
        found = next((k for k in knights if k["id"] == number), None)
    if found is None:
        raise IllegalAction("no_such_knight")
    return found


def _own_knight(step: Step) -> tuple[int, dict]:
    """The active seat and its knight that it pays to improve (from its own phone, with hands)."""
    _check_builder(step)
    seat = step.state["turn"]["seat"]
    return seat, _knight_arg(step, seat)


def _free_corner(state: dict, corner: str) -> bool:
    pieces = state["board"]["pieces"]
    return boards.building_at(pieces, corner) is None and corner not in pieces["knights"]


def knight_corners(state: dict, seat: int) -> list[str]:
    """Free corners the seat's roads reach: where a new knight may stand."""
    pieces = state["board"]["pieces"]
    g = boards.geometry(state["board"]["layout"])
    return [c for c in g.corners if _free_corner(state, c)
            and any(pieces["roads"].get(e) == seat for e in g.corner_edges[c])]


def _new_knight(step: Step, seat: int, level: int, active: bool, corner) -> dict:
    state = step.state
    player = state["players"][seat]
    knight = {"id": player["next_knight"], "level": level, "active": active, "corner": corner,
              "activated": state["turn"]["number"] if active else None, "promoted": None, "acted": None}
    player["next_knight"] += 1
    player["knights"].append(knight)
    if corner is not None:
        state["board"]["pieces"]["knights"][corner] = seat
        base._update_longest_road(state, step, base._seats_with_roads_at(state, corner))
    return knight


def _remove_knight(step: Step, seat: int, knight: dict) -> None:
    state = step.state
    state["players"][seat]["knights"].remove(knight)
    if knight["corner"] is not None:
        del state["board"]["pieces"]["knights"][knight["corner"]]
        base._update_longest_road(state, step, base._seats_with_roads_at(state, knight["corner"]))


@action("build_knight", phases={"main"}, actors={"active", "table"})
def build_knight(step: Step) -> None:
    """A basic knight (1 ore + 1 wool), at rest, on a free corner the own roads reach."""
    state = step.state
    _check_builder(step)
    seat = state["turn"]["seat"]
    if _knights_at_level(state, seat, 1) >= KNIGHTS_PER_LEVEL:
        raise IllegalAction("no_pieces_left", piece="knight_1", limit=KNIGHTS_PER_LEVEL)
    corner = None
    if on_board(state):
        corner = _location(step, "corner")
        if corner not in knight_corners(state, seat):
            raise IllegalAction("knight_corner")
    _pay(state, seat, COSTS["knight"])
    knight = _new_knight(step, seat, 1, False, corner)
    step.log("built_knight", seat=seat, knight=knight["id"], corner=corner)


@action("activate_knight", phases={"main"}, actors={"active", "table"})
def activate_knight(step: Step) -> None:
    """1 grain puts the helmet on; a knight activated this turn takes no order this turn."""
    state = step.state
    seat, knight = _own_knight(step)
    if knight["active"]:
        raise IllegalAction("knight_active")
    _pay(state, seat, COSTS["activate"])
    knight["active"] = True
    knight["activated"] = state["turn"]["number"]
    step.log("activated_knight", seat=seat, knight=knight["id"], level=knight["level"])


def _promotion_refusal(state: dict, seat: int, knight: dict, fortress_needed: bool = True):
    if knight["level"] >= 3:
        return "knight_mighty", {}
    if knight["promoted"] == state["turn"]["number"]:
        return "knight_promoted_this_turn", {}
    if knight["level"] == 2 and fortress_needed and state["players"][seat]["improvements"]["politics"] < ABILITY_LEVEL:
        return "mighty_needs_fortress", {}
    if _knights_at_level(state, seat, knight["level"] + 1) >= KNIGHTS_PER_LEVEL:
        return "no_pieces_left", {"piece": f"knight_{knight['level'] + 1}", "limit": KNIGHTS_PER_LEVEL}
    return None


def _promote(step: Step, seat: int, knight: dict) -> None:
    knight["level"] += 1
    knight["promoted"] = step.state["turn"]["number"]
    step.log("promoted_knight", seat=seat, knight=knight["id"], level=knight["level"])


@action("promote_knight", phases={"main"}, actors={"active", "table"})
def promote_knight(step: Step) -> None:
    """1 ore + 1 wool: one level up, once per knight per turn; mighty needs the fortress."""
    state = step.state
    seat, knight = _own_knight(step)
    base._board_refusal(_promotion_refusal(state, seat, knight))
    _pay(state, seat, COSTS["promote"])
    _promote(step, seat, knight)


# ---------------------------------------------------------------- progress cards: playing


@action("play_progress", phases={"roll", "main"}, actors={"active"})
def play_progress(step: Step) -> None:
    """Play a progress card from the hand (the phone): any number per turn, after the roll;
    only the Alchemist before it. The card then goes under its deck."""
    state = step.state
    seat = state["turn"]["seat"]
    card = _progress_card_arg(step, seat)
    if card == "alchemist" and state["phase"] != "roll":
        raise IllegalAction("alchemist_before_roll")
    if card != "alchemist" and state["phase"] == "roll":
        raise IllegalAction("progress_after_roll")
    handler = EFFECTS.get(card)
    if handler is None:
        raise IllegalAction("progress_not_playable", card=card)
    state["players"][seat]["progress"].remove(card)
    _put_under(state, card)
    step.log("played_progress", seat=seat, card=card, deck=DECK_OF[card])
    handler(step, seat)


@effect("alchemist")
def _alchemist(step: Step, seat: int) -> None:
    """Set both number dice (a 7 too); the event die is rolled and resolved first."""
    if step.state["config"]["dice_source"] == "events":
        raise IllegalAction("alchemist_no_dice")  # the event card's number produces: no dice to set
    dice = step.args.get("dice")
    if not isinstance(dice, (list, tuple)) or len(dice) != 2:
        raise IllegalAction("bad_dice")
    step.state["ck"]["alchemist"] = [base._die(dice[0]), base._die(dice[1])]
    step.log("alchemist_dice", seat=seat, dice=step.state["ck"]["alchemist"])


@effect("road_building")
def _road_building(step: Step, seat: int) -> None:
    state = step.state
    roads = min(2, base._pieces_left(state, seat, "roads"))
    if roads == 0:
        raise IllegalAction("no_pieces_left", piece="roads", limit=base.SUPPLY["roads"])
    if on_board(state):
        state["board"]["free_roads"] = roads
    else:
        state["players"][seat]["roads"] += roads
    step.log("free_roads", seat=seat, roads=roads)


@effect("crane")
def _crane(step: Step, seat: int) -> None:
    if step.state["ck"]["crane"]:
        raise IllegalAction("crane_already")
    step.state["ck"]["crane"] = True


def _terrain_harvest(step: Step, seat: int, terrain: str) -> None:
    """Mining / Irrigation: 2 cards for each such hex next to one of the own buildings."""
    state = step.state
    if not on_board(state):
        step.log("harvest", seat=seat, terrain=terrain, hexes=None)
        return
    layout, pieces = state["board"]["layout"], state["board"]["pieces"]
    g = boards.geometry(layout)
    hexes = [h for h in g.hexes if layout["hexes"][h]["terrain"] == terrain
             and any(boards.owner_at(pieces, c) == seat for c in g.hex_corners[h])]
    resource = boards.TERRAIN_RESOURCE[terrain]
    given = _grant(state, seat, {resource: 2 * len(hexes)}) if hexes else {}
    step.log("harvest", seat=seat, terrain=terrain, hexes=len(hexes), resource=resource,
             got=given.get(resource, 0))


@effect("mining")
def _mining(step: Step, seat: int) -> None:
    _terrain_harvest(step, seat, "mountains")


@effect("irrigation")
def _irrigation(step: Step, seat: int) -> None:
    _terrain_harvest(step, seat, "fields")


@effect("engineer")
def _engineer(step: Step, seat: int) -> None:
    _place_wall(step, {})


@effect("medicine")
def _medicine(step: Step, seat: int) -> None:
    """A city for 2 ore + 1 grain."""
    state = step.state
    player = state["players"][seat]
    if player["ruined"]:
        corner = _location(step, "corner") if on_board(state) else None
        if corner is not None and state["ck"]["ruined"].get(corner) != seat:
            raise IllegalAction("repair_city_first")
        _repair(step, seat, corner, COSTS["medicine"])
        return
    if base._pieces_left(state, seat, "cities") <= 0:
        raise IllegalAction("no_pieces_left", piece="cities", limit=base.SUPPLY["cities"])
    if on_board(state):
        corner = _location(step, "corner")
        board = state["board"]
        _board_refusal(boards.check_city(board["layout"], board["pieces"], seat, corner))
        _pay(state, seat, COSTS["medicine"])
        base._place(state, seat, "city", corner)
    else:
        if player["settlements"] <= 0:
            raise IllegalAction("city_needs_settlement")
        _pay(state, seat, COSTS["medicine"])
        player["settlements"] -= 1
        player["cities"] += 1
    step.log("built_city", seat=seat, medicine=True)


@effect("smithing")
def _smithing(step: Step, seat: int) -> None:
    """Promote up to two knights for free (the fortress still needed for mighty)."""
    state = step.state
    ids = step.args.get("knights")
    if not isinstance(ids, (list, tuple)) or not 1 <= len(ids) <= 2 or len(set(map(str, ids))) != len(ids):
        raise IllegalAction("smithing_knights")
    knights = state["players"][seat]["knights"]
    for number in ids:
        number = whole_number(number, "no_such_knight")
        knight = next((k for k in knights if k["id"] == number), None)
        if knight is None:
            raise IllegalAction("no_such_knight")
        base._board_refusal(_promotion_refusal(state, seat, knight))
        _promote(step, seat, knight)


@effect("warlord")
def _warlord(step: Step, seat: int) -> None:
    """Every own knight is activated for free."""
    state = step.state
    woken = 0
    for knight in state["players"][seat]["knights"]:
        if not knight["active"]:
            knight["active"] = True
            knight["activated"] = state["turn"]["number"]
            woken += 1
    step.log("warlord", seat=seat, knights=woken)


def _take_from_each(step: Step, seat: int, kind: str, most: int) -> None:
    """Resource / Trade Monopoly: every other player hands over up to `most` of a kind."""
    state = step.state
    taken = {}
    if hands.uses_hands(state):
        for other in clockwise_from(state, seat)[1:]:
            n = min(most, hands.hand(state, other)[kind])
            if n:
                hands.move(state, other, seat, {kind: n})
                taken[str(other)] = n
    step.log("monopoly_taken", seat=seat, resource=kind, taken=taken, total=sum(taken.values()), most=most)


@effect("resource_monopoly")
def _resource_monopoly(step: Step, seat: int) -> None:
    _take_from_each(step, seat, base._resource_arg(step.args.get("resource")), 2)


@effect("trade_monopoly")
def _trade_monopoly(step: Step, seat: int) -> None:
    _take_from_each(step, seat, _kind_arg(step.args.get("commodity"), COMMODITIES, "bad_commodity"), 1)


@effect("merchant_fleet")
def _merchant_fleet(step: Step, seat: int) -> None:
    kind = _kind_arg(step.args.get("resource"), hands.RESOURCES + COMMODITIES, "bad_resource")
    step.state["ck"]["fleet"] = kind
    step.log("merchant_fleet", seat=seat, resource=kind)


@effect("merchant")
def _merchant(step: Step, seat: int) -> None:
    """The merchant goes on a land hex next to an own building: 1 VP and 2:1 for its
    resource while it stays."""
    state = step.state
    hex_ = None
    if on_board(state):
        hex_ = _location(step, "hex")
        layout, pieces = state["board"]["layout"], state["board"]["pieces"]
        g = boards.geometry(layout)
        tile = layout["hexes"].get(hex_)
        if tile is None or boards.TERRAIN_RESOURCE.get(tile["terrain"]) is None:
            raise IllegalAction("merchant_hex")
        if not any(boards.owner_at(pieces, c) == seat for c in g.hex_corners[hex_]):
            raise IllegalAction("merchant_hex")
    previous = state["ck"]["merchant"]
    state["ck"]["merchant"] = {"seat": seat, "hex": hex_}
    step.log("merchant_placed", seat=seat, hex=hex_, previous=previous["seat"] if previous else None)


# ---------------------------------------------------------------- trading with the bank


def trade_ratios(state: dict, seat: int) -> dict:
    """Give ratio per card kind: harbours for resources, 3:1 harbours for commodities too,
    the trading house (trade level 3) 2:1 for commodities, the merchant 2:1 for its hex's
    resource, the Merchant Fleet 2:1 for its kind this turn."""
    ratios = {k: 4 for k in hands.kinds(state)}
    if on_board(state):
        harbour = boards.harbour_ratios(state["board"]["layout"], state["board"]["pieces"], seat)
        ratios.update(harbour)
        generic = min(harbour.values()) <= 3 and 3 in harbour.values()
        if generic:
            ratios.update({c: 3 for c in COMMODITIES})
    if state["players"][seat]["improvements"]["trade"] >= ABILITY_LEVEL:
        ratios.update({c: 2 for c in COMMODITIES})
    merchant = state["ck"]["merchant"]
    if merchant is not None and merchant["seat"] == seat and merchant["hex"]:
        terrain = state["board"]["layout"]["hexes"][merchant["hex"]]["terrain"]
        ratios[boards.TERRAIN_RESOURCE[terrain]] = 2
    if state["ck"]["fleet"]:
        ratios[state["ck"]["fleet"]] = 2
    return ratios


@action("trade_bank", phases={"main"}, actors={"active"}, when=hands.uses_hands)
def trade_bank(step: Step) -> None:
    trading.bank_trade(step, trade_ratios(step.state, step.state["turn"]["seat"]))


# ---------------------------------------------------------------- the turn


@action("end_turn", phases={"main"}, actors={"active", "table"})
def end_turn(step: Step) -> None:
    """A fifth progress card goes back under its deck before the turn ends."""
    state = step.state
    seat = state["turn"]["seat"]
    if len(state["players"][seat]["progress"]) > PROGRESS_LIMIT:
        raise IllegalAction("progress_over_limit", limit=PROGRESS_LIMIT)
    state["ck"]["fleet"] = None
    state["ck"]["crane"] = False
    base.end_turn(step)


# ---------------------------------------------------------------- views


def public_view(rules, state: dict) -> dict:
    """The barbarian track, the battle figures and the charts: alike for every viewer. Deck
    contents and order are never shown."""
    ck = state["ck"]
    players = []
    for seat, p in enumerate(state["players"]):
        players.append({
            "seat": seat,
            "improvements": dict(p["improvements"]),
            "walls": p["walls"],
            "hand_limit": hand_limit(state, seat),
            "knights": [{k: v for k, v in knight.items()} for knight in p["knights"]],
            "strength": knight_strength(state, seat),
            "progress_count": len(p["progress"]),
            "progress_vp": list(p["progress_vp"]),
            "defenders": p["defenders"],
            "ruined": p["ruined"],
            "metropolises": metropolises(state, seat),
        })
    result = {
        "ship": ck["ship"],
        "track": TRACK,
        "attacks": ck["attacks"],
        "barbarian_strength": barbarian_strength(state),
        "defence": defence(state),
        "robber_locked": robber_locked(state),
        "decks_left": {d: sum(x["pile"].values()) + len(x["under"]) for d, x in ck["decks"].items()},
        "defenders_left": ck["defenders"],
        "metropolis": {k: (dict(m) if m else None) for k, m in ck["metropolis"].items()},
        "merchant": dict(ck["merchant"]) if ck["merchant"] else None,
        "battle": ck["battle"],
        "alchemist": ck["alchemist"],
        "fleet": ck["fleet"],
        "crane": ck["crane"],
        "players": players,
        "card": _card_view(ck.get("card")),
        "advanced_battle": advanced_battle(state),
        "muster": ck.get("muster"),
    }
    return result


def view(rules, state: dict, viewer) -> dict:
    """What a viewer's view adds to the public part: whose orders are awaited, and a seat's own
    progress cards (and what a card in play shows it alone)."""
    result = {"me": None}
    if state["phase"] != "finished":
        result["orders"] = orders(state, viewer)
    if viewer != "table":
        seat = int(viewer)
        result["me"] = {"progress": list(state["players"][seat]["progress"]),
                        "trade_ratios": trade_ratios(state, seat) if hands.uses_hands(state) else None,
                        **_card_secrets(state, seat)}
    return result


def _card_view(card: dict | None) -> dict | None:
    """What everyone sees of a progress card waiting for answers: who acts on whom (the
    resource offered by the Commercial Harbor only its two players)."""
    if card is None:
        return None
    return {k: v for k, v in card.items() if k != "resource"}


def _card_secrets(state: dict, seat: int) -> dict:
    """A seat's own view of a card in play: the Spy sees the victim's progress cards, the
    Master Merchant the victim's hand, the Commercial Harbor's pair the offered resource;
    the active player's Diplomat and Intrigue their targets."""
    card = state["ck"].get("card")
    out = {}
    if card is not None and any(p["seat"] == seat and p["kind"] == card["kind"] for p in state["pending"]):
        if card["kind"] == "spy":
            out["spy_cards"] = list(state["players"][card["victim"]]["progress"])
        elif card["kind"] == "master_merchant":
            out["victim_hand"] = dict(hands.hand(state, card["victim"]))
    if card is not None and card["kind"] == "harbor_answer" and seat in (card["seat"], card["other"]):
        out["harbor_resource"] = card["resource"]
    held = state["players"][seat]["progress"]
    if on_board(state) and seat == state["turn"]["seat"]:
        if "diplomat" in held:
            out["open_roads"] = open_roads(state)
        if "intrigue" in held:
            out["intrigue_targets"] = intrigue_targets(state, seat)
    return out


# ---------------------------------------------------------------- knight orders


def _ready_knight(step: Step, seat: int) -> dict:
    """An active knight that was not activated this turn and has no order yet this turn."""
    state = step.state
    if not on_board(state):
        raise IllegalAction("no_board")
    knight = _knight_arg(step, seat)
    turn = state["turn"]["number"]
    if not knight["active"]:
        raise IllegalAction("knight_resting")
    if knight["activated"] == turn:
        raise IllegalAction("knight_activated_this_turn")
    if knight["acted"] == turn:
        raise IllegalAction("knight_acted_this_turn")
    return knight


def reachable_corners(state: dict, seat: int, start: str) -> set:
    """Corners joined to `start` by the seat's roads, never through a corner holding an
    opponent's knight or building (the walk may end at one)."""
    pieces = state["board"]["pieces"]
    g = boards.geometry(state["board"]["layout"])

    def foreign(corner):
        owner = boards.owner_at(pieces, corner)
        if owner is None:
            owner = pieces["knights"].get(corner)
        return owner is not None and owner != seat

    seen, todo = {start}, [start]
    while todo:
        corner = todo.pop()
        if corner != start and foreign(corner):
            continue
        for edge in g.corner_edges[corner]:
            if pieces["roads"].get(edge) == seat:
                far = g.other_corner(edge, corner)
                if far not in seen:
                    seen.add(far)
                    todo.append(far)
    seen.discard(start)
    return seen


def _owner_knight_at(state: dict, corner: str):
    seat = state["board"]["pieces"]["knights"].get(corner)
    if seat is None:
        return None, None
    return seat, next(k for k in state["players"][seat]["knights"] if k["corner"] == corner)


def _move_knight_piece(state: dict, seat: int, knight: dict, corner: str) -> None:
    pieces = state["board"]["pieces"]
    del pieces["knights"][knight["corner"]]
    knight["corner"] = corner
    pieces["knights"][corner] = seat


@action("move_knight", phases={"main"}, actors={"active", "table"})
def move_knight(step: Step) -> None:
    """Order: move along the own roads to a free corner, or onto a weaker opponent's knight,
    which its owner must then move elsewhere on their own roads (or lose). The knight rests
    afterwards."""
    state = step.state
    seat = state["turn"]["seat"]
    knight = _ready_knight(step, seat)
    target = _location(step, "to")
    if target not in reachable_corners(state, seat, knight["corner"]) or boards.building_at(
            state["board"]["pieces"], target):
        raise IllegalAction("knight_cannot_reach")
    other_seat, other = _owner_knight_at(state, target)
    if other_seat == seat:
        raise IllegalAction("knight_cannot_reach")
    if other is not None and other["level"] >= knight["level"]:
        raise IllegalAction("knight_not_stronger")
    origin = knight["corner"]
    if other is not None:
        del state["board"]["pieces"]["knights"][target]
        other["corner"] = None
    _move_knight_piece(state, seat, knight, target)
    knight["active"] = False
    knight["acted"] = state["turn"]["number"]
    step.log("knight_moved", seat=seat, knight=knight["id"], to=target, displaced=other_seat)
    changed = set(base._seats_with_roads_at(state, origin)) | set(base._seats_with_roads_at(state, target))
    if other is not None:
        _displaced(step, other_seat, other, target)
    base._update_longest_road(state, step, sorted(changed))


def _displaced(step: Step, seat: int, knight: dict, corner: str) -> None:
    """A knight pushed off `corner` (already off the board): its owner puts it on a free
    corner their roads reach from there, or it goes back to them when there is none."""
    state = step.state
    options = sorted(c for c in reachable_corners(state, seat, corner) if _free_corner(state, c))
    if not options:
        state["players"][seat]["knights"].remove(knight)
        step.log("knight_lost", seat=seat, knight=knight["id"])
    else:
        state["ck"]["displaced"] = {"seat": seat, "knight": knight["id"], "from": corner, "options": options}
        state["pending"] = [{"seat": seat, "kind": "relocate_knight"}]
        state["phase"] = "relocate"


@action("relocate_knight", phases={"relocate"}, actors={"pending", "table"})
def relocate_knight(step: Step) -> None:
    """The owner of a displaced knight puts it on a free corner of their roads it can reach."""
    state = step.state
    seat = step.seat_for_pending("relocate_knight")
    displaced = state["ck"]["displaced"]
    corner = _location(step, "corner")
    if corner not in displaced["options"] or not _free_corner(state, corner):
        raise IllegalAction("knight_cannot_reach")
    knight = next(k for k in state["players"][seat]["knights"] if k["id"] == displaced["knight"])
    knight["corner"] = corner
    state["board"]["pieces"]["knights"][corner] = seat
    state["ck"]["displaced"] = None
    step.log("knight_relocated", seat=seat, knight=knight["id"], to=corner)
    base._update_longest_road(state, step, base._seats_with_roads_at(state, corner))
    _finish_pending(step, seat, "relocate_knight")


@action("chase_robber", phases={"main"}, actors={"active", "table"})
def chase_robber(step: Step) -> None:
    """Order: a knight next to the robber's hex chases it; the robber then moves and
    steals as after a 7. Not while the robber is locked on the desert."""
    state = step.state
    seat = state["turn"]["seat"]
    knight = _ready_knight(step, seat)
    if robber_locked(state):
        raise IllegalAction("robber_locked")
    g = boards.geometry(state["board"]["layout"])
    if state["board"]["robber"] not in g.corner_hexes[knight["corner"]]:
        raise IllegalAction("robber_not_adjacent")
    knight["active"] = False
    knight["acted"] = state["turn"]["number"]
    step.log("robber_chased", seat=seat, knight=knight["id"])
    state["robber_return"] = "main"
    state["phase"] = "robber"


# ---------------------------------------------------------------- more progress cards


@effect("inventor")
def _inventor(step: Step, seat: int) -> None:
    """Swap two number tokens (neither a 2, 6, 8 nor 12)."""
    state = step.state
    if not on_board(state):
        step.log("inventor", seat=seat, hexes=None)
        return
    a, b = _location(step, "hex"), _location(step, "other_hex")
    hexes = state["board"]["layout"]["hexes"]
    if a == b or a not in hexes or b not in hexes:
        raise IllegalAction("inventor_hexes")
    na, nb = hexes[a].get("number"), hexes[b].get("number")
    if na is None or nb is None or na in INVENTOR_FIXED or nb in INVENTOR_FIXED:
        raise IllegalAction("inventor_hexes")
    layout = boards.set_number(boards.set_number(state["board"]["layout"], a, nb), b, na)
    state["board"]["layout"] = layout  # a new dict: layouts are shared between states
    step.log("inventor", seat=seat, hexes=[a, b], numbers=[nb, na])


@effect("bishop")
def _bishop(step: Step, seat: int) -> None:
    """Move the robber and take a random card from each player with a building at its
    hex. Not while the robber is locked on the desert."""
    state = step.state
    if robber_locked(state):
        raise IllegalAction("robber_locked")
    if not on_board(state):
        step.log("bishop", seat=seat, hex=None, victims=None)
        return
    board = state["board"]
    hex_ = _location(step, "hex")
    tile = board["layout"]["hexes"].get(hex_)
    if tile is None or not tile.get("terrain"):
        raise IllegalAction("robber_off_land")
    if hex_ == board["robber"]:
        raise IllegalAction("robber_must_move")
    board["robber"] = hex_
    victims = boards.robber_victims(board["layout"], board["pieces"], hex_, exclude=seat)
    if not hands.uses_hands(state):
        step.log("bishop", seat=seat, hex=hex_, victims=victims)
        return
    # One line: everyone reads whom a card was taken from (`robbed`: those who held one);
    # the thief reads every card, each victim only their own.
    robbed = [victim for victim in victims if hands.hand_size(state, victim)]
    taken = {str(victim): base._take_random_card(step, seat, victim, several=True) for victim in robbed}
    each = {seat: {"taken": taken}} if taken else {}
    each.update({victim: {"taken": {str(victim): taken[str(victim)]}} for victim in robbed})
    step.log("bishop", seat=seat, each=each, hex=hex_, victims=victims, robbed=robbed)


def _ask_each(step: Step, seat: int, seats: list, kind: str) -> None:
    state = step.state
    if seats:
        state["pending"] = [{"seat": s, "kind": kind} for s in seats]
        state["phase"] = "card_answer"


@effect("saboteur")
def _saboteur(step: Step, seat: int) -> None:
    """Every other player with at least as many points gives back half their hand
    (rounded down), chosen by themselves."""
    state = step.state
    mine = step.rules.vp_total(state, seat)
    hit = [s for s in clockwise_from(state, seat)[1:] if step.rules.vp_total(state, s) >= mine]
    step.log("saboteur", seat=seat, seats=hit)
    if hands.uses_hands(state):
        _ask_each(step, seat, [s for s in hit if hands.hand_size(state, s) >= 2], "sabotage")


@effect("wedding")
def _wedding(step: Step, seat: int) -> None:
    """Every player with more points gives the player 2 cards of their choice (all they
    have if fewer)."""
    state = step.state
    mine = step.rules.vp_total(state, seat)
    richer = [s for s in clockwise_from(state, seat)[1:] if step.rules.vp_total(state, s) > mine]
    step.log("wedding", seat=seat, seats=richer)
    if not hands.uses_hands(state):
        return
    asked = []
    for other in richer:
        held = hands.hand(state, other)
        if 0 < hands.hand_size(state, other) <= 2:
            gift = {k: n for k, n in held.items() if n}
            hands.move(state, other, seat, gift)
            step.log("wedding_gift", seat=other, secret_for=[other, seat], shown={"to": seat}, to=seat, cards=gift)
        elif hands.hand_size(state, other) > 2:
            asked.append(other)
    _ask_each(step, seat, asked, "wedding")


@action("card_answer", phases={"card_answer"}, actors={"pending"})
def card_answer(step: Step) -> None:
    """A player's cards asked for by another's progress card: half the hand for the
    Saboteur, two cards as a Wedding gift."""
    state = step.state
    if "seat" not in step.actor:
        raise IllegalAction("discard_on_phone")
    seat = step.actor["seat"]
    kind = next((p["kind"] for p in state["pending"] if p["seat"] == seat), None)
    if kind not in ("sabotage", "wedding"):
        raise IllegalAction("nothing_pending", seat=seat)
    cards = hands.bundle(step.args.get("cards"), "bad_discard", kinds=hands.kinds(state))
    due = hands.hand_size(state, seat) // 2 if kind == "sabotage" else 2
    if sum(cards.values()) != due:
        raise IllegalAction("discard_count", count=due)
    if hands.missing(hands.hand(state, seat), cards):
        raise IllegalAction("discard_not_held", missing=hands.describe(hands.missing(hands.hand(state, seat), cards)))
    if kind == "sabotage":
        hands.pay_to_bank(state, seat, cards)
        step.log("sabotaged", seat=seat, count=due, cards=cards)
    else:
        to = state["turn"]["seat"]
        hands.move(state, seat, to, cards)
        step.log("wedding_gift", seat=seat, secret_for=[seat, to], shown={"to": to}, to=to, cards=cards)
    _finish_pending(step, seat, kind)


# ---------------------------------------------------------------- Spy, Master Merchant, Commercial Harbor,
# ---------------------------------------------------------------- Deserter, Diplomat, Intrigue


def _opponent(step: Step, seat: int) -> int:
    victim = seat_arg(step.state, step.args.get("victim"), "pick_opponent")
    if victim is None or victim == seat:
        raise IllegalAction("pick_opponent")
    return victim


def _await(step: Step, who: int, kind: str, **context) -> None:
    """The card's next step waits for `who` (context: what the answer needs; its `seat`
    is the card's player)."""
    state = step.state
    state["ck"]["card"] = {"kind": kind, **context}
    state["pending"] = [{"seat": who, "kind": kind}]
    state["phase"] = "card_answer"


def _card_done(step: Step) -> None:
    state = step.state
    state["ck"]["card"] = None
    state["pending"] = []
    state["phase"] = "main"


@effect("spy")
def _spy(step: Step, seat: int) -> None:
    """Look at an opponent's progress cards and take one (shown victory point cards
    can't be taken: they are not in the hand). With paper cards too: the app holds them."""
    state = step.state
    victim = _opponent(step, seat)
    if not state["players"][victim]["progress"]:
        raise IllegalAction("spy_no_cards")
    step.log("spy", seat=seat, victim=victim)
    step.reveal("progress_hand", [seat], about=victim)  # the spy's phone shows them now
    _await(step, seat, "spy", seat=seat, victim=victim)


@action("spy_take", phases={"card_answer"}, actors={"pending"})
def spy_take(step: Step) -> None:
    state = step.state
    seat = step.seat_for_pending("spy")
    victim = state["ck"]["card"]["victim"]
    card = step.args.get("card")
    held = state["players"][victim]["progress"]
    if card not in held:
        raise IllegalAction("spy_card")
    held.remove(card)
    state["players"][seat]["progress"].append(card)
    step.log("spy_took", seat=seat, secret_for=[seat, victim], shown={"victim": victim}, victim=victim, card=card)
    _card_done(step)


def richer_opponents(rules, state: dict, seat: int) -> list[int]:
    mine = rules.vp_total(state, seat)
    return [s for s in clockwise_from(state, seat)[1:] if rules.vp_total(state, s) > mine]


@effect("master_merchant")
def _master_merchant(step: Step, seat: int) -> None:
    """Look at the hand of an opponent with more points and take 2 cards of your choice
    (all they hold when fewer). With paper cards the table does it, told by the log."""
    state = step.state
    victim = _opponent(step, seat)
    if victim not in richer_opponents(step.rules, state, seat):
        raise IllegalAction("master_merchant_richer")
    step.log("master_merchant", seat=seat, victim=victim, paper=not hands.uses_hands(state))
    if not hands.uses_hands(state):
        return
    size = hands.hand_size(state, victim)
    if size == 0:
        raise IllegalAction("victim_no_cards")
    step.reveal("hand", [seat], about=victim)
    if size <= 2:
        _master_merchant_move(step, seat, victim, {k: n for k, n in hands.hand(state, victim).items() if n})
        return
    _await(step, seat, "master_merchant", seat=seat, victim=victim)


def _master_merchant_move(step: Step, seat: int, victim: int, cards: dict) -> None:
    hands.move(step.state, victim, seat, cards)
    step.log("master_merchant_took", seat=seat, secret_for=[seat, victim],
             shown={"victim": victim, "count": sum(cards.values())}, victim=victim, cards=cards,
             count=sum(cards.values()))


@action("master_merchant_take", phases={"card_answer"}, actors={"pending"})
def master_merchant_take(step: Step) -> None:
    state = step.state
    seat = step.seat_for_pending("master_merchant")
    victim = state["ck"]["card"]["victim"]
    cards = hands.bundle(step.args.get("cards"), "bad_take", kinds=hands.kinds(state))
    if sum(cards.values()) != 2:
        raise IllegalAction("take_count", count=2)
    missing = hands.missing(hands.hand(state, victim), cards)
    if missing:
        raise IllegalAction("take_not_held", missing=hands.describe(missing))
    _master_merchant_move(step, seat, victim, cards)
    _card_done(step)


@effect("commercial_harbor")
def _commercial_harbor(step: Step, seat: int) -> None:
    """To each opponent in turn the player may offer a resource of their choice; one who
    holds a commodity must give one of their choice for it; one who holds none keeps
    nothing and the resource stays with the player. Paper cards: done at the table."""
    state = step.state
    others = clockwise_from(state, seat)[1:]
    step.log("commercial_harbor", seat=seat, seats=others, paper=not hands.uses_hands(state))
    if hands.uses_hands(state):
        _harbor_next(step, seat, others)


def _harbor_next(step: Step, seat: int, left: list) -> None:
    state = step.state
    if not left or not any(hands.hand(state, seat)[r] for r in hands.RESOURCES):
        _card_done(step)
        return
    _await(step, seat, "harbor_offer", seat=seat, other=left[0], left=left[1:])


@action("harbor_offer", phases={"card_answer"}, actors={"pending"})
def harbor_offer(step: Step) -> None:
    """The Commercial Harbor's player offers a resource to the next opponent (or skips them)."""
    state = step.state
    seat = step.seat_for_pending("harbor_offer")
    card = state["ck"]["card"]
    other, left = card["other"], card["left"]
    resource = step.args.get("resource")
    if resource in (None, "", "skip"):
        step.log("harbor_skipped", seat=seat, other=other)
        _harbor_next(step, seat, left)
        return
    resource = base._resource_arg(resource)
    if not hands.hand(state, seat)[resource]:
        raise IllegalAction("harbor_not_held", resource=resource)
    held = [c for c in COMMODITIES if hands.hand(state, other)[c]]
    if not held:
        step.log("harbor_no_commodity", seat=seat, other=other)
        _harbor_next(step, seat, left)
    elif len(held) == 1:  # no choice to make
        _harbor_trade(step, seat, other, resource, held[0])
        _harbor_next(step, seat, left)
    else:
        _await(step, other, "harbor_answer", seat=seat, other=other, left=left, resource=resource)


@action("harbor_answer", phases={"card_answer"}, actors={"pending"})
def harbor_answer(step: Step) -> None:
    """The opponent picks the commodity they give for the offered resource."""
    state = step.state
    other = step.seat_for_pending("harbor_answer")
    card = state["ck"]["card"]
    commodity = _kind_arg(step.args.get("commodity"), COMMODITIES, "bad_commodity")
    if not hands.hand(state, other)[commodity]:
        raise IllegalAction("harbor_commodity_not_held")
    _harbor_trade(step, card["seat"], other, card["resource"], commodity)
    _harbor_next(step, card["seat"], card["left"])


def _harbor_trade(step: Step, seat: int, other: int, resource: str, commodity: str) -> None:
    state = step.state
    hands.move(state, seat, other, {resource: 1})
    hands.move(state, other, seat, {commodity: 1})
    step.log("harbor_trade", seat=seat, secret_for=[seat, other], shown={"other": other}, other=other,
             resource=resource, commodity=commodity)


@effect("deserter")
def _deserter(step: Step, seat: int) -> None:
    """An opponent removes one of their knights (their choice); the player puts in a
    knight of the same level (or, with no such piece left, the next weaker one; a mighty
    one even without the fortress), active if the removed one was."""
    state = step.state
    victim = _opponent(step, seat)
    knights = state["players"][victim]["knights"]
    if not knights:
        raise IllegalAction("deserter_no_knights")
    step.log("deserter", seat=seat, victim=victim)
    if len(knights) == 1:
        _desert(step, seat, victim, knights[0])
    else:
        _await(step, victim, "deserter", seat=seat, victim=victim)


@action("desert_knight", phases={"card_answer"}, actors={"pending", "table"})
def desert_knight(step: Step) -> None:
    """The Deserter's victim picks the knight they remove (knights lie open: the table may
    enter it too)."""
    state = step.state
    victim = step.seat_for_pending("deserter")
    _desert(step, state["ck"]["card"]["seat"], victim, _knight_arg(step, victim))


def deserter_level(state: dict, seat: int, level: int) -> int | None:
    """The level of the knight the Deserter's player may put in for one of `level`."""
    return next((lv for lv in range(level, 0, -1) if _knights_at_level(state, seat, lv) < KNIGHTS_PER_LEVEL), None)


def _desert(step: Step, seat: int, victim: int, knight: dict) -> None:
    state = step.state
    _remove_knight(step, victim, knight)
    level = deserter_level(state, seat, knight["level"])
    options = knight_corners(state, seat) if on_board(state) and level is not None else None
    step.log("knight_deserted", seat=victim, to=seat, level=knight["level"], active=knight["active"],
             replaced=level if options is None or options else None)
    if level is None or options == []:
        _card_done(step)  # no piece left to put in, or nowhere on the own roads to put it
    elif options is None:
        _deserter_knight(step, seat, level, knight["active"], None)
        _card_done(step)
    else:
        _await(step, seat, "deserter_place", seat=seat, level=level, active=knight["active"], options=options)


def _deserter_knight(step: Step, seat: int, level: int, active: bool, corner) -> None:
    knight = _new_knight(step, seat, level, active, corner)
    knight["activated"] = None  # it keeps the deserter's state; nobody activated it this turn
    step.log("deserter_knight", seat=seat, knight=knight["id"], level=level, active=active, corner=corner)


@action("place_deserter", phases={"card_answer"}, actors={"pending", "table"})
def place_deserter(step: Step) -> None:
    """The Deserter's player puts the new knight on a free corner their roads reach."""
    state = step.state
    seat = step.seat_for_pending("deserter_place")
    card = state["ck"]["card"]
    corner = _location(step, "corner")
    if corner not in card["options"] or corner not in knight_corners(state, seat):
        raise IllegalAction("knight_corner")
    _deserter_knight(step, seat, card["level"], card["active"], corner)
    _card_done(step)


def open_roads(state: dict) -> list[str]:
    """Roads with an open end: a corner with no building, no knight and no other road of
    the same owner. A road ending at another player's building or knight is cut there,
    not open."""
    pieces = state["board"]["pieces"]
    g = boards.geometry(state["board"]["layout"])
    found = []
    for edge, owner in pieces["roads"].items():
        for corner in g.edge_corners[edge]:
            if boards.building_at(pieces, corner) is None and corner not in pieces["knights"] and not any(
                    pieces["roads"].get(e) == owner for e in g.corner_edges[corner] if e != edge):
                found.append(edge)
                break
    return sorted(found)


@effect("diplomat")
def _diplomat(step: Step, seat: int) -> None:
    """Remove an open road; the player's own one may be built again at once, for free, by
    the usual rules. Without a board the table moves it (`victim`: whose road it was)."""
    state = step.state
    if not on_board(state):
        owner = seat_arg(state, step.args.get("victim"), "pick_opponent")
        if owner is not None and owner != seat:
            if state["players"][owner]["roads"] <= 0:
                raise IllegalAction("diplomat_open_road")
            state["players"][owner]["roads"] -= 1
        step.log("diplomat", seat=seat, owner=owner, edge=None)
        return
    edge = _location(step, "edge")
    if edge not in open_roads(state):
        raise IllegalAction("diplomat_open_road")
    owner = state["board"]["pieces"]["roads"].pop(edge)
    state["players"][owner]["roads"] -= 1
    step.log("diplomat", seat=seat, owner=owner, edge=edge)
    if owner == seat:
        state["board"]["free_roads"] += 1  # built again by the usual rules, without paying
    base._update_longest_road(state, step, [owner])


def intrigue_targets(state: dict, seat: int) -> list[str]:
    """Opponents' knights on corners one of the player's roads reaches."""
    pieces = state["board"]["pieces"]
    g = boards.geometry(state["board"]["layout"])
    return sorted(c for c, s in pieces["knights"].items()
                  if s != seat and any(pieces["roads"].get(e) == seat for e in g.corner_edges[c]))


@effect("intrigue")
def _intrigue(step: Step, seat: int) -> None:
    """Displace an opponent's knight from a corner the player's road reaches (no own
    knight needed); its owner moves it as a displaced knight, or loses it with nowhere to
    go. Without a board it is moved at the table; its owner (or the table) then says
    whether it found a place or which knight went back."""
    state = step.state
    if not on_board(state):
        victim = _opponent(step, seat)
        if not state["players"][victim]["knights"]:
            raise IllegalAction("intrigue_knight")
        step.log("intrigue", seat=seat, victim=victim, corner=None)
        _await(step, victim, "intrigue_back", seat=seat, victim=victim)
        return
    corner = _location(step, "corner")
    if corner not in intrigue_targets(state, seat):
        raise IllegalAction("intrigue_knight")
    victim, knight = _owner_knight_at(state, corner)
    del state["board"]["pieces"]["knights"][corner]
    knight["corner"] = None
    step.log("intrigue", seat=seat, victim=victim, corner=corner)
    _displaced(step, victim, knight, corner)
    base._update_longest_road(state, step, base._seats_with_roads_at(state, corner))


@action("intrigue_back", phases={"card_answer"}, actors={"pending", "table"})
def intrigue_back(step: Step) -> None:
    """Without a board: the displaced knight stands elsewhere (no `knight`), or the named
    one had nowhere to go and goes back to its owner."""
    state = step.state
    victim = step.seat_for_pending("intrigue_back")
    if step.args.get("knight") in (None, ""):
        step.log("knight_relocated", seat=victim, knight=None)
    else:
        knight = _knight_arg(step, victim)
        state["players"][victim]["knights"].remove(knight)
        step.log("knight_lost", seat=victim, knight=knight["id"])
    _card_done(step)


# ---------------------------------------------------------------- on the board


COSTLY_ON_BOARD = ("knight", "wall")  # board kinds paid from the hand


def more_board_targets(rules, state: dict, viewer, seat: int) -> tuple[dict, set]:
    """Corners to tap: where a new knight may stand, a city that may get a wall, where a
    displaced knight may go, which city a beaten player gives up; and which of these the
    hand can't pay (the table never pays: builds are tapped on the player's phone)."""
    pieces = state["board"]["pieces"]
    targets = {}
    if state["phase"] == "main":
        targets["knight"] = knight_corners(state, seat)
        targets["wall"] = sorted(c for c, s in pieces["cities"].items() if s == seat and c not in pieces["walls"])
    pending_seats = [p["seat"] for p in state["pending"]
                     if viewer == "table" or p["seat"] == int(viewer)]
    displaced = state["ck"]["displaced"]
    if state["phase"] == "relocate" and displaced and displaced["seat"] in pending_seats:
        targets["relocate"] = list(displaced["options"])
    if state["phase"] == "barbarian":
        losers = [p["seat"] for p in state["pending"] if p["kind"] == "lose_city" and p["seat"] in pending_seats]
        if losers:
            targets["lose_city"] = free_cities(state, losers[0])
    unaffordable = set()
    if hands.uses_hands(state) and state["phase"] == "main":
        if viewer == "table":
            unaffordable = set(COSTLY_ON_BOARD)
        else:
            cards = hands.hand(state, seat)
            unaffordable = {k for k in COSTLY_ON_BOARD if hands.missing(cards, COSTS[k])}
    return targets, unaffordable


def orders(state: dict, viewer) -> dict | None:
    """What the active player's knights may do now, for their phone (or the table in paper
    mode): each knight with its place, where it may move, whether it may chase the robber,
    be activated or promoted. Knights lie open on the table: nothing here is secret."""
    if state["phase"] not in ("main", "roll"):
        return None
    seat = state["turn"]["seat"]
    if viewer != "table" and int(viewer) != seat:
        return None
    turn = state["turn"]["number"]
    with_board = state["board"] is not None
    g = boards.geometry(state["board"]["layout"]) if with_board else None
    knights = []
    for k in state["players"][seat]["knights"]:
        ready = k["active"] and k["activated"] != turn and k["acted"] != turn and state["phase"] == "main"
        moves, chase = [], False
        if ready and with_board and k["corner"]:
            pieces = state["board"]["pieces"]
            for corner in sorted(reachable_corners(state, seat, k["corner"])):
                if boards.building_at(pieces, corner):
                    continue
                other = pieces["knights"].get(corner)
                if other is None:
                    moves.append({"corner": corner, "displaces": None})
                elif other != seat:
                    _other_seat, theirs = _owner_knight_at(state, corner)
                    if theirs["level"] < k["level"]:
                        moves.append({"corner": corner, "displaces": other})
            chase = not robber_locked(state) and state["board"]["robber"] in g.corner_hexes[k["corner"]]
        promotion = _promotion_refusal(state, seat, k)
        knights.append({**k, "ready": ready, "moves": moves, "chase": chase,
                        "promotable": promotion is None, "promotion_refusal": promotion[0] if promotion else None})
    return {"seat": seat, "knights": knights}


# ---------------------------------------------------------------- the layer


def applies(config: dict) -> bool:
    return config.get("rules") == NAME


LAYER = Layer(
    name=NAME,
    core=True,
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    extends="base",
    applies=applies,
    actions=_actions.table,
    drops=frozenset({"buy_dev", "play_dev"}),  # no development cards: progress cards instead
    hooks={"new_state": new_state, "validate_config": validate_config, "vp_base": vp_base, "vp_hidden": vp_hidden,
           "victory": victory, "public_view": public_view, "view": view, "more_board_targets": more_board_targets,
           "vp_sources": vp_sources, "story_kinds": story_kinds},
    provides={"knight_strength": knight_strength},  # what the Events deck's knight cards compare
    phases=frozenset({"barbarian", "progress_discard", "aqueduct", "relocate", "card_answer"}),
    pending=frozenset({"progress_discard", "muster", "lose_city", "defender_choice", "aqueduct", "relocate_knight",
                       "sabotage", "wedding", "deserter", "deserter_place", "harbor_answer", "harbor_offer",
                       "intrigue_back", "master_merchant", "spy"}),
    options=("advanced_battle",),
    view_key=NAME,
    state_key=STATE_KEY,
    board_actions={"knight": ("build_knight",), "relocate": ("relocate_knight",), "wall": ("build_wall",),
                   "lose_city": ("lose_city",)},
)
