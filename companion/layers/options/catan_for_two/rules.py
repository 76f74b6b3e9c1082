"""Catan for two ("Catan dla dwojga", Traders & Barbarians): config["variants"]["two_players"].

Source: /work/shared/rulebooks/traders-and-barbarians-pl.txt, "CATAN DLA DWOJGA"; digest in
RULES-FACTS.md. Base game only (the rulebook leaves Cities & Knights to a download).

- Two real players and two neutral colours (config["neutral_colors"]). A neutral colour has
  no seat, hand or turn; its pieces stand on the board under the seat numbers 2 and 3
  (NEUTRALS), so the board's rules (distance rule, road blocking, Longest Road) treat them
  like anyone's. They produce nothing and are never robbed (the base rules leave out seats
  beyond the players). A neutral colour may hold Longest Road (state["longest_road"] 2/3).
- Setup on a board: each neutral colour first gets one settlement without a road, tapped
  on the board (the rulebook's picture of the spots is not ours to copy), then the usual
  setup of the two players.
- Every road or settlement a player builds in play (Road Building's roads too) makes them
  build one of the same for a neutral colour of their choice, free (phase "neutral_build");
  a settlement that fits no neutral colour becomes a road; nothing when nothing fits.
  Without a board the player only says which colour got which piece.
- Two production rolls a turn with different totals: the phase goes back to "roll" once
  the first has been dealt with (its 7 included). A typed or read second roll with the
  first's total is refused; virtual dice roll again until it differs (every discarded
  pair is recorded). With the Events of Catan deck a second card with the first's number
  is turned up and ignored: no new card.
- Trade tokens: 20 in all, 5 for each player at the start, the rest in the pool. Earned: a
  played knight given up (2, once a turn), a settlement next to the desert (2), on the
  coast (1), both (3), in setup too; never more than the pool holds. Spent in one's own
  turn, once a turn, before or after the roll: a forced trade (2 random cards from the
  opponent's hand, 2 of one's choice back) or the robber back on the desert (nobody is
  robbed). It costs 1 token, or 2 for a player ahead on public points.

state["two"]:
  tokens [int, int], pool int      the trade tokens (tokens + pool = 20 always)
  to_place [seat]                  neutral colours still to get their setup settlement
  rolls {"turn", "totals": [...]}  this turn's rolls (an ignored event card: "ignored")
  knight_turn, action_turn         the turn a knight was given up / a token action taken
  build {"seat", "piece", "neutral", "back"}  the neutral build a player owes now
  forced {"seat", "victim", "back", "due"}     a forced trade waiting for the cards back
  unrated seat | None              paper mode: who built the latest settlement, until its spot is told
  paper {neutral: {"settlement", "road"}}  paper mode: the neutral colours' pieces
  tokens_off, robber_off (optional) set by a scenario: no trade tokens at all / no robber to
                                   send home (its own token action instead; the button hides)

For scenarios built on it: `earn(...)` and `spend_tokens(...)` are the tokens' bookkeeping
(pool, limit, once a turn, the price); a neutral piece keeps off the paths no road may take
(the `road_closed` hook) and the corners a layer's hook `settlement_closed(rules, state)`
closes to settlements.
"""
from companion.layers.cores.base import rules as base
from companion.layers.options.events import rules as events
from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery.composition import Actions, Layer, option
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step
from companion.machinery.turns import active_seat, whole_number

NAME = base.FOR_TWO  # the option's key in config["variants"] ("two_players": base asks it for the scenarios)
NEUTRALS = (2, 3)  # the neutral colours' seat numbers on the board
TOKENS_TOTAL = 20
TOKENS_START = 5
KNIGHT_TOKENS = 2
DESERT_TOKENS, COAST_TOKENS = 2, 1  # both: 3
NEUTRAL_BUILD, FORCED_GIVE = "neutral_build", "forced_give"  # the pending kinds
LARGEST_ARMY_KEEP = 2  # with only this many knights left the holder gives the card up


def on(state: dict) -> bool:
    return bool(state["config"].get("variants", {}).get(NAME))


def _new_state(state: dict) -> None:
    if on(state):
        state["two"] = {
            "tokens": [TOKENS_START, TOKENS_START], "pool": TOKENS_TOTAL - 2 * TOKENS_START,
            "to_place": list(NEUTRALS) if base.on_board(state) else [],
            "rolls": {"turn": None, "totals": []}, "knight_turn": None, "action_turn": None,
            "build": None, "forced": None, "unrated": None,
        }
        if not base.on_board(state):
            state["two"]["paper"] = {str(n): {"settlement": 1, "road": 0} for n in NEUTRALS}


_actions = Actions()


def two(state: dict) -> dict:
    return state["two"]


def neutral_colors(state: dict) -> list[str]:
    return list(state["config"].get("neutral_colors") or [])


def opponent(seat: int) -> int:
    return 1 - seat


# ---------------------------------------------------------------- trade tokens


def _earn(state: dict, step: Step, seat: int, amount: int, reason: str) -> None:
    """Take up to `amount` from the pool: never more than it holds, nor above a holding
    limit when a variant sets one (t["limit"]: the travel edition's 7 trade cards; what
    is over it goes back, and the log says how many)."""
    t = two(state)
    if t.get("tokens_off"):  # a scenario plays without them (the Fishermen: fish instead)
        return
    got = min(amount, t["pool"])  # only 20 tokens exist
    limit = t.get("limit")
    over = {}
    if limit is not None:
        got = max(0, min(got, limit - t["tokens"][seat]))
        over = {"limit": limit, "returned": amount - got}
    t["pool"] -= got
    t["tokens"][seat] += got
    step.log("tokens_earned", seat=seat, tokens=got, reason=reason, due=amount, **over)


def spot_tokens(rules, state: dict, corner: str) -> tuple[int, str | None]:
    """Tokens for a settlement at `corner`: next to the desert 2, on the coast 1, both 3
    (a scenario's home of the robber, its swamps, counts as the desert)."""
    layout = state["board"]["layout"]
    g = boards.geometry(layout)
    land = g.corner_hexes.get(corner, ())
    home = next((h for h in land if h in set(base.home_hexes(rules, layout))), None)
    coast = len(land) < 3  # a corner touching fewer than three land hexes touches the sea
    # the reason names the home's terrain ("desert", or a scenario's: "swamp"), so it is worded
    # as the table sees it (the scenario's messages' TOKEN_REASONS)
    terrain = layout["hexes"][home]["terrain"] if home else None
    if home and coast:
        return DESERT_TOKENS + COAST_TOKENS, f"{terrain}_coast"
    if home:
        return DESERT_TOKENS, terrain
    if coast:
        return COAST_TOKENS, "coast"
    return 0, None


def home_terrain(rules, state: dict) -> str | None:
    """What the robber's home is on this board, for the words: "desert", or a scenario's
    terrain ("swamp"); None where it has none and waits beside the board. Without a board
    the table's own board is the base game's: the desert."""
    if not base.on_board(state):
        return "desert"
    layout = state["board"]["layout"]
    homes = base.home_hexes(rules, layout)
    return layout["hexes"][homes[0]]["terrain"] if homes else None


def cost(rules, state: dict, seat: int) -> int:
    """A token action costs 1, or 2 for a player ahead on the points everyone sees."""
    return 2 if rules.vp_public(state, seat) > rules.vp_public(state, opponent(seat)) else 1


def earn(state: dict, step: Step, seat: int, amount: int, reason: str) -> None:
    """Tokens for a scenario's own reason (worded by its messages' TOKEN_REASONS)."""
    _earn(state, step, seat, amount, reason)


def spend_tokens(state: dict, step: Step, seat: int) -> int:
    """A scenario's own token action: once a turn, 1 token (2 when ahead); the price paid."""
    price = _pay_tokens(state, step, seat)
    _spend(state, seat, price)
    return price


def _pay_tokens(state: dict, step: Step, seat: int) -> int:
    t = two(state)
    if t["action_turn"] == state["turn"]["number"]:
        raise IllegalAction("one_token_action_per_turn")
    price = cost(step.rules, state, seat)
    if t["tokens"][seat] < price:
        raise IllegalAction("not_enough_tokens", cost=price, tokens=t["tokens"][seat])
    return price


def _spend(state: dict, seat: int, price: int) -> None:
    t = two(state)
    t["tokens"][seat] -= price
    t["pool"] += price
    t["action_turn"] = state["turn"]["number"]


def _own_turn(step: Step) -> int:
    """Token actions are the active player's, in their own turn (roll or main phase)."""
    return step.state["turn"]["seat"]


@_actions.action("discard_knight", phases={"roll", "main"}, actors={"active", "table"}, when=on)
def discard_knight(step: Step) -> None:
    """Give up one of one's played knights for 2 trade tokens, once a turn."""
    state = step.state
    seat = _own_turn(step)
    t = two(state)
    player = state["players"][seat]
    if t["knight_turn"] == state["turn"]["number"]:
        raise IllegalAction("one_knight_per_turn")
    if player["knights_played"] < 1:
        raise IllegalAction("no_played_knight")
    player["knights_played"] -= 1
    if "knight" in player["dev_played"]:
        player["dev_played"].remove("knight")
    t["knight_turn"] = state["turn"]["number"]
    step.log("knight_discarded", seat=seat, knights=player["knights_played"])
    _earn(state, step, seat, KNIGHT_TOKENS, "knight")
    _recheck_largest_army(state, step, seat)


def _recheck_largest_army(state: dict, step: Step, seat: int) -> None:
    """The holder gives Largest Army up with only 2 knights left or no more than the
    opponent; it goes to whoever has more knights than the other, at least 3."""
    if state["largest_army"] != seat:
        return
    mine = state["players"][seat]["knights_played"]
    theirs = state["players"][opponent(seat)]["knights_played"]
    if mine > LARGEST_ARMY_KEEP and mine > theirs:
        return
    new = opponent(seat) if theirs > mine and theirs >= base.LARGEST_ARMY_MIN else None
    state["largest_army"] = new
    step.log("largest_army_lost", seat=seat, knights=mine, holder=new)


@_actions.action("forced_trade", phases={"roll", "main"}, actors={"active", "table"}, when=on)
def forced_trade(step: Step) -> None:
    """Draw 2 random cards from the opponent's hand and give 2 of one's choice back.

    With hands on phones the server draws the cards (each a recorded outcome; only the two
    players learn which) and the player picks the 2 to give back on their phone. With paper
    cards the players swap them at the table: the app records the tokens paid."""
    state = step.state
    seat = _own_turn(step)
    victim = opponent(seat)
    with_hands = hands.uses_hands(state)
    if with_hands and "seat" not in step.actor:
        raise IllegalAction("forced_trade_on_phone")  # the cards given back are secret
    price = _pay_tokens(state, step, seat)
    if with_hands and not hands.hand_size(state, victim):
        raise IllegalAction("victim_has_no_cards")
    _spend(state, seat, price)
    if not with_hands:
        step.log("forced_trade", seat=seat, victim=victim, tokens=price)
        return
    # One line: everyone reads how many cards were taken, the two players which (in draw order).
    drawn = [base._take_random_card(step, seat, victim, several=True)
             for _ in range(min(2, hands.hand_size(state, victim)))]
    public = {"victim": victim, "tokens": price, "count": len(drawn)}
    step.log("forced_trade", seat=seat, secret_for=[seat, victim], shown=public, **public, drawn=drawn)
    due = min(2, hands.hand_size(state, seat))  # 2 back, even after taking only 1
    two(state)["forced"] = {"seat": seat, "victim": victim, "back": state["phase"], "due": due}
    state["pending"] = [{"seat": seat, "kind": FORCED_GIVE}]
    state["phase"] = "forced_trade"


@_actions.action("forced_give", phases={"forced_trade"}, actors={"pending"}, when=on)
def forced_give(step: Step) -> None:
    """The forced trade's second half: the 2 cards given back, from the player's phone."""
    state = step.state
    seat = step.seat_for_pending(FORCED_GIVE)
    forced = two(state)["forced"]
    cards = hands.bundle(step.args.get("cards"), "bad_forced_give", kinds=hands.kinds(state))
    if sum(cards.values()) != forced["due"]:
        raise IllegalAction("forced_give_count", count=forced["due"])
    if hands.missing(hands.hand(state, seat), cards):
        raise IllegalAction("discard_not_held", missing=hands.describe(hands.missing(hands.hand(state, seat), cards)))
    hands.move(state, seat, forced["victim"], cards)
    step.log("forced_gave", seat=seat, secret_for=[seat, forced["victim"]], shown={"to": forced["victim"],
             "count": forced["due"]}, to=forced["victim"], count=forced["due"], cards=cards)
    state["pending"] = []
    state["phase"] = forced["back"]
    two(state)["forced"] = None


@_actions.action("robber_to_desert", phases={"roll", "main"}, actors={"active", "table"}, when=on)
def robber_to_desert(step: Step) -> None:
    """Put the robber back on the desert for trade tokens; nobody is robbed there."""
    state = step.state
    seat = _own_turn(step)
    price = _pay_tokens(state, step, seat)
    desert, off = None, {}
    if base.on_board(state):
        desert = base.desert_hex(step.rules, state)  # None: beside the board (a scenario without a desert)
        # the home's terrain, for the words ("desert", or a scenario's: "swamp")
        home = state["board"]["layout"]["hexes"][desert]["terrain"] if desert else None
        if state["board"]["robber"] == desert:
            raise IllegalAction("robber_on_desert", home=home) if desert else IllegalAction("robber_off_board")
        state["board"]["robber"] = desert
        # named when it is not the desert (the log of a game with a desert stays as it was)
        off = ({"home": home} if home != "desert" else {}) if desert else {"off": True}
    _spend(state, seat, price)
    step.log("robber_to_desert", seat=seat, tokens=price, hex=desert, **off)


@_actions.action("rate_settlement", phases={"setup", "roll", "main"}, actors={"active", "table"},
             when=lambda s: on(s) and not base.on_board(s) and two(s)["unrated"] is not None)
def rate_settlement(step: Step) -> None:
    """Without a board the table says where a new settlement stands, for its tokens."""
    state = step.state
    spot = step.args.get("spot")
    amounts = {"desert": DESERT_TOKENS, "coast": COAST_TOKENS, "desert_coast": DESERT_TOKENS + COAST_TOKENS}
    if spot not in amounts:
        raise IllegalAction("bad_spot")
    t = two(state)
    builder = t["unrated"]
    t["unrated"] = None
    _earn(state, step, builder, amounts[spot], spot)


# ---------------------------------------------------------------- neutral setup


def _placing_neutrals(state: dict) -> bool:
    return on(state) and state["phase"] == "setup" and bool(two(state)["to_place"])


@_actions.action("place_neutral", phases={"setup"}, actors={"active", "table"}, when=_placing_neutrals)
def place_neutral(step: Step) -> None:
    """Setup: a neutral colour's settlement, without a road, where the players tap."""
    state = step.state
    t = two(state)
    corner = base._location(step, "corner")
    neutral = t["to_place"][0]
    board = state["board"]
    base._board_refusal(boards.check_settlement(board["layout"], board["pieces"], neutral, corner, setup=True))
    board["pieces"]["settlements"][corner] = neutral
    t["to_place"].pop(0)
    step.log("neutral_built", seat=None, neutral=neutral, piece="settlement", setup=True)


def _neutrals_first(handler):
    def guarded(step: Step) -> None:
        if _placing_neutrals(step.state):
            raise IllegalAction("neutral_settlements_first")
        handler(step)
    return guarded


# ---------------------------------------------------------------- neutral building


def closed_corners(rules, state: dict) -> set:
    """Corners a layer closes to settlements (a scenario's conquered land)."""
    return {c for hook in rules.hooks("settlement_closed") for c in hook(rules, state)} if rules else set()


def neutral_targets(state: dict, neutral: int, piece: str, rules=None) -> list[str]:
    """Where a neutral colour's piece may go: the board's rules, and no path or corner a
    layer closes (`road_closed`, `settlement_closed`)."""
    board = state["board"]
    if piece == "settlement":
        closed = closed_corners(rules, state)
        return [c for c in boards.legal_settlement_corners(board["layout"], board["pieces"], neutral)
                if c not in closed]
    closed = rules.road_closed(state) if rules else frozenset()
    return [e for e in boards.legal_road_edges(board["layout"], board["pieces"], neutral) if e not in closed]


def _neutral_count(state: dict, neutral: int, piece: str) -> int:
    kind = "settlements" if piece == "settlement" else "roads"
    return sum(1 for s in state["board"]["pieces"][kind].values() if s == neutral)


def _start_neutral_build(state: dict, step: Step, seat: int, piece: str) -> None:
    """A player built a road or a settlement: they owe one to a neutral colour."""
    t = two(state)
    neutral = None
    if base.on_board(state):
        fits = {n: neutral_targets(state, n, piece, step.rules) for n in NEUTRALS}
        if piece == "settlement" and not any(fits.values()):
            piece = "road"  # no neutral settlement fits anywhere: a road instead
            fits = {n: neutral_targets(state, n, piece, step.rules) for n in NEUTRALS}
        able = [n for n in NEUTRALS if fits[n]]
        if not able:
            step.log("neutral_skipped", seat=seat, piece=piece)
            return
        if len(able) == 1:
            neutral = able[0]  # only one colour can take it: no need to ask
    t["build"] = {"seat": seat, "piece": piece, "neutral": neutral, "back": state["phase"]}
    state["pending"] = [{"seat": seat, "kind": NEUTRAL_BUILD}]
    state["phase"] = "neutral_build"


def _neutral_arg(value) -> int:
    neutral = whole_number(value, "bad_neutral")
    if neutral not in NEUTRALS:
        raise IllegalAction("bad_neutral")
    return neutral


@_actions.action("choose_neutral", phases={"neutral_build"}, actors={"pending", "table"},
             when=lambda s: on(s) and base.on_board(s))
def choose_neutral(step: Step) -> None:
    """Which neutral colour gets the piece (then the spot is tapped on the board)."""
    state = step.state
    build = two(state)["build"]
    neutral = _neutral_arg(step.args.get("neutral"))
    if not neutral_targets(state, neutral, build["piece"], step.rules):
        raise IllegalAction("neutral_cannot_build")
    if neutral == build["neutral"]:
        raise IllegalAction("nothing_changes")
    build["neutral"] = neutral


@_actions.action("build_neutral", phases={"neutral_build"}, actors={"pending", "table"}, when=on)
def build_neutral(step: Step) -> None:
    """The free piece for a neutral colour: tapped on the board, or, without one, told."""
    state = step.state
    t = two(state)
    build = t["build"]
    piece = build["piece"]
    if base.on_board(state):
        neutral = build["neutral"] if step.args.get("neutral") in (None, "") else _neutral_arg(step.args["neutral"])
        if neutral is None:
            raise IllegalAction("choose_neutral_first")
        board = state["board"]
        if piece == "settlement":
            where = base._location(step, "corner")
            base._board_refusal(boards.check_settlement(board["layout"], board["pieces"], neutral, where))
            board["pieces"]["settlements"][where] = neutral
            changed = base._seats_with_roads_at(state, where)  # it may break a road
        else:
            where = base._location(step, "edge")
            base.check_open_road(step.rules, state, neutral, where)  # no road on a closed path either
            board["pieces"]["roads"][where] = neutral
            changed = [neutral]
        step.log("neutral_built", seat=build["seat"], neutral=neutral, piece=piece)
        base._update_longest_road(state, step, changed)
    else:
        neutral = _neutral_arg(step.args.get("neutral"))
        # On paper the table knows when no neutral settlement fits: a road instead.
        if piece == "settlement" and step.args.get("piece") == "road":
            piece = "road"
        counts = t["paper"]
        limit = base.SUPPLY["settlements" if piece == "settlement" else "roads"]
        if counts[str(neutral)][piece] >= limit:
            raise IllegalAction("no_pieces_left", piece=piece + "s", limit=limit)
        counts[str(neutral)][piece] += 1
        step.log("neutral_built", seat=build["seat"], neutral=neutral, piece=piece)
    state["pending"] = []
    state["phase"] = build["back"]
    t["build"] = None


# ---------------------------------------------------------------- two rolls a turn


def _rolls(state: dict) -> list:
    r = two(state)["rolls"]
    return r["totals"] if r["turn"] == state["turn"]["number"] else []


def _note_roll(state: dict, total: int, ignored: bool = False) -> None:
    r = two(state)["rolls"]
    if r["turn"] != state["turn"]["number"]:
        r["turn"], r["totals"] = state["turn"]["number"], []
    r["totals"].append({"total": total, "ignored": ignored})


def _second_virtual(step: Step, first: int) -> None:
    """Virtual dice: roll again until the total differs from the first (all recorded)."""
    state = step.state
    counter = state["counters"]["dice"]

    def draw(chance):
        pairs, n = [], counter
        while True:
            pair = [chance.randint("dice", n, 6) + 1, chance.randint("dice", n + 1, 6) + 1]
            n += 2
            pairs.append(pair)
            if sum(pair) != first:
                return pairs

    def valid(value):
        return (isinstance(value, list) and value and all(
            isinstance(p, list) and len(p) == 2 and all(base._valid_die(d) for d in p) for p in value)
            and all(sum(p) == first for p in value[:-1]) and sum(value[-1]) != first)

    pairs = step.outcome("second_roll", draw, valid)
    step.reveal("dice", keys=("second_roll",))
    state["counters"]["dice"] = counter + 2 * len(pairs)
    for pair in pairs[:-1]:
        step.log("roll_repeated", seat=state["turn"]["seat"], dice=pair, total=sum(pair))
    base.rolled(step, pairs[-1], "virtual")


def _two_rolls(handler):
    def roll_twice(step: Step) -> None:
        state = step.state
        if not on(state):
            handler(step)
            return
        done = _rolls(state)
        if not done:
            handler(step)
        else:
            first = done[0]["total"]
            typed = step.args.get("dice")
            if typed is None:
                _second_virtual(step, first)
            else:
                if isinstance(typed, (list, tuple)) and len(typed) == 2 \
                        and base._die(typed[0]) + base._die(typed[1]) == first:
                    raise IllegalAction("second_roll_same", total=first)
                handler(step)
        _note_roll(state, state["last_roll"]["total"])
    return roll_twice


def _two_cards(handler):
    def reveal_twice(step: Step) -> None:
        state = step.state
        done = _rolls(state) if on(state) else []
        if not done:
            handler(step)
            if on(state):
                _note_roll(state, state["last_roll"]["total"])
            return
        card_id = events.next_card(step)
        number = events.CARDS[card_id]["number"]
        if number == done[0]["total"]:
            # The rulebook: a second card with the first's number is ignored, none drawn instead.
            state["turn"]["rolled"] = True
            state["phase"] = "main"
            _note_roll(state, number, ignored=True)
            step.log("event_ignored", seat=state["turn"]["seat"], number=number,
                     event=events.CARDS[card_id]["event"])
            return
        events.show_card(step, card_id)
        _note_roll(state, number)
    return reveal_twice


# ---------------------------------------------------------------- Longest Road without a board


def _set_longest_road(handler):
    def set_holder(step: Step) -> None:
        state = step.state
        value = step.args.get("holder")
        if not on(state) or value in (None, "") or whole_number(value, "bad_seat") not in NEUTRALS:
            handler(step)
            return
        holder = whole_number(value, "bad_seat")
        if holder == state["longest_road"]:
            raise IllegalAction("nothing_changes")
        step.log("longest_road", seat=holder, previous=state["longest_road"])
        state["longest_road"] = holder
    return set_holder


# ---------------------------------------------------------------- after every action


def _after(rules, state: dict, step: Step) -> None:
    if not on(state) or state["phase"] == "finished":
        return
    t = two(state)
    kind = step.action.get("type")
    if kind in ("place_settlement", "build_settlement", "place_setup"):
        # The builder: place_setup has moved on to the next player already.
        builder = _last_setup_seat(state) if kind == "place_setup" else active_seat(state)
        if base.on_board(state):
            amount, reason = spot_tokens(step.rules, state, step.args["corner"])
            if amount:
                _earn(state, step, builder, amount, reason)
        else:
            t["unrated"] = builder  # the table says where it stands (rate_settlement)
    if kind in ("build_road", "build_settlement") and state["phase"] in ("main", "roll"):
        _start_neutral_build(state, step, state["turn"]["seat"], "road" if kind == "build_road" else "settlement")
    if state["phase"] == "main" and len(_rolls(state)) == 1:
        state["phase"] = "roll"  # the first roll is dealt with: now the second


def _last_setup_seat(state: dict) -> int:
    setup = state["setup"]
    return setup["order"][setup["index"] - 1]


# ---------------------------------------------------------------- what the screens see


def board_targets(rules, state: dict, viewer) -> dict | None:
    """Tap targets of this option's own steps (None: the usual ones)."""
    if not on(state) or not base.on_board(state):
        return None
    if _placing_neutrals(state):
        board = state["board"]
        neutral = two(state)["to_place"][0]
        return {"neutral_settlement": boards.legal_settlement_corners(board["layout"], board["pieces"], neutral,
                                                                      setup=True)}
    if state["phase"] == "neutral_build":
        build = two(state)["build"]
        if viewer != "table" and int(viewer) != build["seat"]:
            return {}
        if build["neutral"] is None:
            return {}
        return {f"neutral_{build['piece']}": neutral_targets(state, build["neutral"], build["piece"], rules)}
    return None


def public_view(rules, state: dict) -> tuple[str, dict | None]:
    return LAYER.view_key, _public_view(rules, state)


def _public_view(rules, state: dict) -> dict | None:
    if not on(state):
        return None
    t = two(state)
    colors = neutral_colors(state)
    pieces = None
    if base.on_board(state):
        pieces = {str(n): {"settlements": _neutral_count(state, n, "settlement"),
                           "roads": _neutral_count(state, n, "road")} for n in NEUTRALS}
    else:
        pieces = t.get("paper") or {str(n): {"settlement": 1, "road": 0} for n in NEUTRALS}
        pieces = {k: {"settlements": v["settlement"], "roads": v["road"]} for k, v in pieces.items()}
    build = t["build"]
    return {
        "neutrals": [{"seat": n, "color": colors[i] if i < len(colors) else "neutral",
                      "settlements": pieces[str(n)]["settlements"], "roads": pieces[str(n)]["roads"],
                      "longest_road": state["longest_road"] == n,
                      "to_place": n in t["to_place"]} for i, n in enumerate(NEUTRALS)],
        "tokens": list(t["tokens"]),
        "pool": t["pool"],
        "rolls": [dict(r) for r in _rolls(state)],
        "costs": [cost(rules, state, s) for s in (0, 1)],
        "action_done": t["action_turn"] == state["turn"]["number"],
        "knight_done": t["knight_turn"] == state["turn"]["number"],
        "build": dict(build) if build else None,
        "build_options": ([n for n in NEUTRALS if neutral_targets(state, n, build["piece"], rules)]
                          if build and base.on_board(state) else list(NEUTRALS) if build else []),
        "forced": {k: v for k, v in t["forced"].items() if k != "back"} if t["forced"] else None,
        "unrated": t["unrated"],
        "home": home_terrain(rules, state),  # where robber_to_desert sends it, named on the screens
        **({"tokens_off": True} if t.get("tokens_off") else {}),  # a scenario plays without them
        **({"robber_off": True} if t.get("robber_off") else {}),  # a scenario without a robber
    }


# ---------------------------------------------------------------- the layer


def check_config(config: dict, rules) -> None:
    if len(config["players"]) != 2:
        raise IllegalAction("two_players_count")
    # The two neutral players take the first two colours nobody sits at.
    taken = {p["color"] for p in config["players"]}
    config["neutral_colors"] = [c for c in base.COLORS if c not in taken][:2]


LAYER = Layer(
    name="catan_for_two",
    applies=option(NAME),
    actions=_actions.table,
    wraps={"place_settlement": _neutrals_first, "place_road": _neutrals_first, "roll": _two_rolls,
           "reveal_event": _two_cards, "set_longest_road": _set_longest_road},
    hooks={"check_config": check_config, "new_state": _new_state, "after_action": _after,
           "board_targets": board_targets, "public_view": public_view},
    phases=frozenset({"neutral_build", "forced_trade"}),
    pending=frozenset({NEUTRAL_BUILD, FORCED_GIVE}),
    options=(NAME,),
    view_key="catan_for_two",
    state_key="two",
    needs=("events",),  # its second card a turn: it wraps the deck's reveal_event (always there with base)
    cores=frozenset({"base"}),  # the rulebook leaves Cities & Knights for two to a download
    core_refusal="two_players_base_only",
    seats=(2, 2),
    board_actions={"neutral_settlement": ("place_neutral", "build_neutral"), "neutral_road": ("build_neutral",)},
)
