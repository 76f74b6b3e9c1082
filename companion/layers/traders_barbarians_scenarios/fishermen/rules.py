"""Fishermen of Catan ("Rybacy z Catanu"), the first scenario of Traders & Barbarians
(traders-and-barbarians-pl.txt, "RYBACY Z CATANU"; digest in RULES-FACTS.md):
config["scenario"] == "fishermen". Base game only.

The board: a lake replaces the desert (never on the coast, no number token) and yields
fish on 2, 3, 11 and 12; six fishing grounds numbered 4, 5, 6, 8, 9 and 10 lie on the
frame, each on a sea hex of the ring that touches exactly three coastal intersections and
has no harbour (layout["features"]["fishermen"] = {"grounds": {sea hex: number}}). The
robber starts beside the board and comes in on the first 7 or Knight.

Fish: a settlement next to a ground (or the lake) takes 1 fish token when its number is
rolled, a city 2; the second setup settlement next to one takes 1 at once. The app is the
face-down pool of 29 tokens (11 of one fish, 10 of two, 8 of three) and the old boot: the
server draws them through the engine's chance (each draw a recorded outcome), a token's
value is seen only by its owner (the others see how many each holds), the old boot is shown
to everyone when drawn. Tokens paid go face up beside the pool; when the face-down pool is
used up the face-up tokens are shuffled into a new one. The app holds the fish in both play
modes (there is no physical pool).

Spending (own turn, after the roll, tokens the player picks, no change given, one payment
per action): 2 fish the robber off the board (back on the next 7 or Knight), 3 a random
resource from an opponent of one's choice, 4 a resource of one's choice from the bank, 5 a
free road, 7 a free development card. At most 7 tokens: a player taken above 7 gives back
the ones they choose (phase "fish_return"). Fish are not resources: never discarded on a 7,
never stolen, never traded. The old boot's holder needs 1 point more to win and may pass it
in their turn to a player with at least as many (public) points.

With Catan for two: 5 tokens each at the start (2 of one fish, 2 of two, 1 of three), no
trade tokens, the player with fewer points pays 1 fish less per action, fish only from rolls.
With the Events of Catan: "robber flees" takes the robber off the board (the events layer:
base.home_hexes has no home for it on this board).

state["fish"]:
  pool {"1", "2", "3", "boot": count}   the face-down pool (secret: only its size is shown)
  face_up {"1", "2", "3": count}        tokens paid or given back, face up beside the pool
  held [[values] per seat]              each seat's tokens (secret to the seat)
  boot seat | None                      the old boot's holder (public)
  back {"phase", "pending"} | None      where the game goes on once the tokens above 7 are back
  owed {seat: n}                        the first-game picture: tokens its starred settlements
                                        by the water take with the game's first action
state["counters"]["fish"]: draws so far (the "fish" stream).
"""
import copy
import functools

from companion.layers.cores.base import rules as base
from companion.layers.options.catan_for_two import rules as two_rules
from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery.composition import Actions, Layer, scenario
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step
from companion.machinery.turns import seat_arg, whole_number

NAME = "fishermen"
TARGET = 10
LAKE = "lake"
LAKE_NUMBERS = (2, 3, 11, 12)
GROUND_NUMBERS = (4, 5, 6, 8, 9, 10)
GROUND_CORNERS = 3  # a fishing ground touches three coastal intersections
TOKENS = {1: 11, 2: 10, 3: 8}  # fish per token: how many such tokens
BOOT = "boot"
ORDER = ("1", "2", "3", BOOT)  # a fixed order keeps the draws reproducible
HOLD_LIMIT = 7
PRICES = {"robber": 2, "steal": 3, "resource": 4, "road": 5, "dev_card": 7}
TWO_START = (1, 1, 2, 2, 3)  # Catan for two: each player's tokens at the start
TWO_DISCOUNT = 1  # Catan for two: the player behind on points pays 1 fish less
RETURN = "fish_return"  # the phase and the pending decision: tokens above 7 go back
STREAM = "fish"
ALL_TOKENS = sum(TOKENS.values()) + 1  # 29 and the old boot

_actions = Actions()


# ---------------------------------------------------------------- the state


def on(state: dict) -> bool:
    return state["config"].get("scenario") == NAME


def two_players(state: dict) -> bool:
    return base.for_two(state["config"])


def fish(state: dict) -> dict:
    return state["fish"]


def new_state(state: dict) -> None:
    if not on(state):
        return
    n = len(state["players"])
    pool = {str(v): count for v, count in TOKENS.items()}
    pool[BOOT] = 1
    held = [[] for _ in range(n)]
    if two_players(state):
        for seat in range(n):
            held[seat] = list(TWO_START)
            for value in TWO_START:
                pool[str(value)] -= 1
    state["fish"] = {"pool": pool, "face_up": {str(v): 0 for v in TOKENS}, "held": held, "boot": None,
                     "back": None, "owed": {}}
    state["counters"][STREAM] = 0
    if state["config"]["board"] == "beginner" and not two_players(state) and state["board"] is not None:
        # The first-game picture's pieces stand on the board already: a starred (second)
        # settlement by the water takes its token with the game's first action.
        layout = state["board"]["layout"]
        for seat, player in enumerate(state["config"]["players"]):
            if by_water(layout, boards.beginner_starred_settlement(player["color"])):
                state["fish"]["owed"][str(seat)] = 1


def held(state: dict, seat: int) -> list[int]:
    return fish(state)["held"][seat]


def counted(state: dict) -> int:
    """Every token and the old boot: face down, face up, held (always 30)."""
    f = fish(state)
    return (sum(f["pool"].values()) + sum(f["face_up"].values()) + sum(len(h) for h in f["held"])
            + (1 if f["boot"] is not None else 0))


# ---------------------------------------------------------------- the board


def features(layout: dict) -> dict:
    return ((layout.get("features") or {}).get(NAME)) or {}


def grounds(layout: dict) -> dict[str, int]:
    return dict(features(layout).get("grounds") or {})


def sea_corners(layout: dict, sea: str) -> tuple[str, ...]:
    """The land intersections (corners) a sea hex of the ring touches."""
    return _frame_sea_corners(layout["frame"], sea)


@functools.lru_cache(maxsize=256)
def _frame_sea_corners(frame: str, sea: str) -> tuple[str, ...]:
    g = boards.geometry(frame)
    return tuple(c for c in g.corners if sea in c.split("|"))


def _sea_coast(layout: dict, sea: str) -> tuple[str, ...]:
    g = boards.geometry(layout)
    return tuple(e for e in g.coastal_edges if sea in e.split("|"))


def ground_spots(layout: dict) -> list[str]:
    """Sea hexes where a fishing ground may lie: touching 3 coastal intersections, no harbour."""
    g = boards.geometry(layout)
    harbours = layout.get("harbours") or {}
    return [s for s in g.sea_ring
            if len(sea_corners(layout, s)) == GROUND_CORNERS and not any(e in harbours for e in _sea_coast(layout, s))]


def lake_hexes(layout: dict) -> list[str]:
    return [h for h, x in layout["hexes"].items() if x.get("terrain") == LAKE]


def on_coast(layout: dict, hex_: str) -> bool:
    g = boards.geometry(layout)
    return len(g.hex_neighbours[hex_]) < 6


def board_set(rules, frame: str, expected: dict) -> dict:
    """The lake replaces the desert: no token on it, and the robber starts beside the board."""
    expected = copy.deepcopy(expected)
    terrains = expected["terrains"]
    terrains[LAKE] = terrains.get(LAKE, 0) + terrains.pop("desert", 0)
    terrains["desert"] = 0
    expected["untokened"] = (set(expected.get("untokened") or ()) - {"desert"}) | {LAKE}
    expected["robber_on"] = None
    return expected


def check_board(rules, layout: dict) -> list[tuple[str, dict]]:
    """The lake off the coast; six fishing grounds, 4 to 10 once each, where grounds may lie."""
    problems = []
    for h in lake_hexes(layout):
        if on_coast(layout, h):
            problems.append(("lake_on_coast", {"hex": h}))
    laid = grounds(layout)
    allowed = set(ground_spots(layout))
    for sea, number in sorted(laid.items()):
        if sea not in allowed:
            problems.append(("fishing_ground_spot", {"sea": sea}))
    numbers = sorted(laid.values())
    if numbers != sorted(GROUND_NUMBERS):
        problems.append(("fishing_grounds", {"expected": len(GROUND_NUMBERS), "actual": len(numbers)}))
    return problems


def lay_out(rules, layout: dict, rng) -> dict:
    """A generated board made the scenario's: the desert becomes the lake (moved off the
    coast if it lies there), a fishing ground on each part of the frame, the robber beside it."""
    layout = copy.deepcopy(layout)
    layout["robber"] = None
    hexes = layout["hexes"]
    if not any(cell.get("terrain") for cell in hexes.values()):
        # A blank board to enter by hand: the table sets the lake and the grounds it has.
        layout.setdefault("features", {})[NAME] = {"grounds": {}}
        return layout
    for h, cell in hexes.items():
        if cell.get("terrain") == "desert":
            cell["terrain"] = LAKE
            cell["number"] = None
    for lake in lake_hexes(layout):
        if on_coast(layout, lake):
            inland = [h for h in hexes if not on_coast(layout, h) and hexes[h].get("terrain") != LAKE]
            if inland:
                other = inland[rng.randint(len(inland))]
                hexes[lake], hexes[other] = hexes[other], hexes[lake]
    spots = ground_spots(layout)
    g = boards.geometry(layout)
    ring = list(g.sea_ring)
    part = max(1, len(ring) // len(GROUND_NUMBERS))
    chosen = []
    for k in range(len(GROUND_NUMBERS)):  # one ground on each part of the frame
        here = [s for s in ring[k * part:(k + 1) * part] if s in spots and s not in chosen]
        if here:
            chosen.append(here[rng.randint(len(here))])
    rest = [s for s in spots if s not in chosen]
    while len(chosen) < len(GROUND_NUMBERS) and rest:
        chosen.append(rest.pop(rng.randint(len(rest))))
    numbers = list(GROUND_NUMBERS)
    shuffled = []
    while numbers:
        shuffled.append(numbers.pop(rng.randint(len(numbers))))
    layout.setdefault("features", {})[NAME] = {"grounds": dict(zip(chosen, shuffled))}
    return layout


@_actions.action("set_fishing_ground", phases={"board"}, actors={"table"})
def set_fishing_ground(step: Step) -> None:
    """Entering the board: the fishing ground on a sea hex (no number: none there)."""
    board = step.state["board"]
    layout = board["layout"]
    sea = step.args.get("sea")
    if not isinstance(sea, str) or sea not in boards.geometry(layout).sea_ring:
        raise IllegalAction("fishing_ground_spot", sea=str(sea)[:20])
    number = step.args.get("number")
    number = None if number in (None, "") else whole_number(number, "bad_fishing_ground")
    if number is not None and number not in GROUND_NUMBERS:
        raise IllegalAction("bad_fishing_ground")
    if number is not None and sea not in ground_spots(layout):
        raise IllegalAction("fishing_ground_spot", sea=sea)
    laid = grounds(layout)
    if laid.get(sea) == number:
        raise IllegalAction("nothing_changes")
    laid.pop(sea, None)
    laid = {s: n for s, n in laid.items() if n != number}  # each number lies once: it moves here
    if number is not None:
        laid[sea] = number
    new = dict(layout)  # layouts are shared between states: a new one
    new["features"] = {**(layout.get("features") or {}), NAME: {"grounds": laid}}
    board["layout"] = new
    step.log("fishing_ground_set", sea=sea, number=number)


# ---------------------------------------------------------------- catching fish


def fish_owed(state: dict, total: int) -> dict[int, int]:
    """Fish tokens a roll of `total` brings each seat: per ground or lake with that number,
    1 for each settlement and 2 for each city on its intersections (the robber on the lake
    keeps it from yielding)."""
    board = state["board"]
    layout, pieces = board["layout"], board["pieces"]
    g = boards.geometry(layout)
    corners = []
    for sea, number in grounds(layout).items():
        if number == total:
            corners += sea_corners(layout, sea)
    if total in LAKE_NUMBERS:
        for lake in lake_hexes(layout):
            if lake != board["robber"]:
                corners += g.hex_corners[lake]
    owed: dict[int, int] = {}
    for corner in corners:
        occupant = boards.building_at(pieces, corner)
        if occupant and 0 <= occupant[0] < len(state["players"]):  # a neutral colour takes none
            owed[occupant[0]] = owed.get(occupant[0], 0) + (2 if occupant[1] == "city" else 1)
    return owed


def by_water(layout: dict, corner: str) -> bool:
    """Is this intersection next to a fishing ground or the lake?"""
    g = boards.geometry(layout)
    if any(h in lake_hexes(layout) for h in g.corner_hexes.get(corner, ())):
        return True
    return any(corner in sea_corners(layout, sea) for sea in grounds(layout))


def _reshuffle_if_empty(step: Step) -> None:
    f = fish(step.state)
    if sum(f["pool"].values()) == 0 and sum(f["face_up"].values()):
        for value, count in f["face_up"].items():
            f["pool"][value] += count
            f["face_up"][value] = 0
        step.log("fish_reshuffled", tokens=sum(f["pool"].values()))


def draw_token(step: Step, seat: int) -> str | None:
    """Draw one token from the face-down pool for `seat` (the server's draw, recorded);
    None when no token is left anywhere."""
    state = step.state
    f = fish(state)
    _reshuffle_if_empty(step)
    pool = f["pool"]
    total = sum(pool.values())
    if not total:
        return None
    counter = state["counters"][STREAM]

    def draw(chance):
        index = chance.randint(STREAM, counter, total)
        for value in ORDER:
            if index < pool[value]:
                return value
            index -= pool[value]
        raise AssertionError("index beyond the pool")

    key = f"fish:{counter}"
    token = step.outcome(key, draw, lambda v: v in ORDER and pool.get(v, 0) > 0)
    state["counters"][STREAM] = counter + 1
    pool[token] -= 1
    if token == BOOT:
        f["boot"] = seat
        step.reveal("old_boot", keys=(key,))  # turned face up at once: everyone sees it
        step.log("old_boot_drawn", seat=seat)
    else:
        f["held"][seat] = sorted(f["held"][seat] + [int(token)])
        step.reveal("fish_token", [seat], keys=(key,))
    return token


def give_fish(step: Step, owed: dict[int, int], reason: str) -> None:
    """Draw what each seat is owed (the turn's player first, then clockwise); each line tells
    everyone how many tokens, and only its seat which."""
    state = step.state
    n = len(state["players"])
    first = state["turn"]["seat"]
    for seat in [(first + k) % n for k in range(n)]:
        due = owed.get(seat, 0)
        if not due:
            continue
        got = [draw_token(step, seat) for _ in range(due)]
        tokens = [int(t) for t in got if t not in (None, BOOT)]
        public = {"count": len(tokens), "due": due, "reason": reason, "boot": BOOT in got}
        step.log("fish_caught", seat=seat, secret_for=[seat], shown=public, **public, tokens=tokens)
    _over_limit(state)


def _over_limit(state: dict) -> None:
    """Seats above 7 tokens give back the ones they choose before the game goes on."""
    f = fish(state)
    over = [s for s in range(len(state["players"])) if len(f["held"][s]) > HOLD_LIMIT]
    if not over or state["phase"] == "finished":
        return
    if state["phase"] != RETURN:
        f["back"] = {"phase": state["phase"], "pending": state["pending"]}
    owing = {p["seat"] for p in state["pending"] if p["kind"] == RETURN} if state["phase"] == RETURN else set()
    extra = [{"seat": s, "kind": RETURN} for s in over if s not in owing]
    state["pending"] = (state["pending"] if state["phase"] == RETURN else []) + extra
    state["phase"] = RETURN


def _tokens_arg(value, code: str = "bad_fish_tokens") -> list[int]:
    """Tokens named by their fish: a list [3, 2] or a text "3,2"."""
    if isinstance(value, str):
        value = [v for v in value.replace(" ", ",").split(",") if v]
    if not isinstance(value, (list, tuple)) or len(value) > HOLD_LIMIT + 2:
        raise IllegalAction(code)
    tokens = [whole_number(v, code) for v in value]
    if any(t not in TOKENS for t in tokens):
        raise IllegalAction(code)
    return sorted(tokens)


def _take_tokens(state: dict, seat: int, tokens: list[int]) -> None:
    """Move `tokens` (checked to be held) from the seat's hand face up beside the pool."""
    f = fish(state)
    hand = list(f["held"][seat])
    for t in tokens:
        hand.remove(t)
    f["held"][seat] = hand
    for t in tokens:
        f["face_up"][str(t)] += 1


def _holds(state: dict, seat: int, tokens: list[int]) -> bool:
    hand = list(held(state, seat))
    for t in tokens:
        if t not in hand:
            return False
        hand.remove(t)
    return True


@_actions.action(RETURN, phases={RETURN}, actors={"pending", "table"}, when=on)
def fish_return(step: Step) -> None:
    """Above 7 tokens: the player gives back the ones they choose (face up, so everyone sees
    them). The table may answer for a phone that is away: the smallest go back."""
    state = step.state
    seat = step.seat_for_pending(RETURN)
    due = len(held(state, seat)) - HOLD_LIMIT
    if "seat" in step.actor or step.args.get("tokens") not in (None, "", []):
        tokens = _tokens_arg(step.args.get("tokens"))
    else:
        tokens = held(state, seat)[:due]
    if len(tokens) != due:
        raise IllegalAction("fish_return_count", count=due)
    if not _holds(state, seat, tokens):
        raise IllegalAction("fish_not_held")
    _take_tokens(state, seat, tokens)
    step.log("fish_returned", seat=seat, tokens=tokens)
    state["pending"] = [p for p in state["pending"] if not (p["seat"] == seat and p["kind"] == RETURN)]
    if not state["pending"]:
        back = fish(state)["back"] or {"phase": "main", "pending": []}
        state["phase"] = back["phase"]
        state["pending"] = back["pending"]
        fish(state)["back"] = None


# ---------------------------------------------------------------- spending fish


def price(rules, state: dict, seat: int, action: str) -> int:
    """What an action costs `seat` (Catan for two: 1 fish less for the player behind)."""
    cost = PRICES[action]
    if two_players(state) and len(state["players"]) == 2:
        if rules.vp_public(state, seat) < rules.vp_public(state, 1 - seat):
            cost -= TWO_DISCOUNT
    return cost


def payments(tokens: list[int], cost: int) -> list[list[int]]:
    """The ways to pay `cost` with some of `tokens` where no token could be left out (each
    way once, largest tokens first)."""
    counts = {v: tokens.count(v) for v in TOKENS}
    found = []
    for threes in range(counts[3] + 1):
        for twos in range(counts[2] + 1):
            for ones in range(counts[1] + 1):
                paid = [3] * threes + [2] * twos + [1] * ones
                total = sum(paid)
                if total >= cost and all(total - v < cost for v in set(paid)):
                    found.append(paid)
    return sorted(found, key=lambda p: (sum(p) - cost, len(p), [-v for v in p]))


def _robber_action_ok(state: dict) -> None:
    if state["board"]["robber"] is None:
        raise IllegalAction("robber_already_off")


def _check_victim(state: dict, seat: int, value) -> int:
    victim = seat_arg(state, value, "bad_victim")
    if victim is None or victim == seat:
        raise IllegalAction("bad_victim")
    if hands.uses_hands(state) and not hands.hand_size(state, victim):
        raise IllegalAction("victim_has_no_cards")
    return victim


def _check_road(step: Step, seat: int) -> None:
    state = step.state
    blocked = step.rules.road_blocked(state, seat)
    if blocked:
        raise IllegalAction(blocked)
    if base._pieces_left(state, seat, "roads") <= 0:
        raise IllegalAction("no_pieces_left", piece="roads", limit=base.SUPPLY["roads"])
    if not base.open_road_edges(step.rules, state, seat):
        raise IllegalAction("no_road_spot")


@_actions.action("spend_fish", phases={"main"}, actors={"active", "table"}, when=on)
def spend_fish(step: Step) -> None:
    """One fish action, paid with the tokens the player picks on their phone (no change)."""
    state = step.state
    seat = state["turn"]["seat"]
    if "seat" not in step.actor:
        raise IllegalAction("fish_on_phone")
    kind = step.args.get("action")
    if kind not in PRICES:
        raise IllegalAction("bad_fish_action")
    tokens = _tokens_arg(step.args.get("tokens"))
    if not tokens or not _holds(state, seat, tokens):
        raise IllegalAction("fish_not_held")
    cost = price(step.rules, state, seat, kind)
    if sum(tokens) < cost:
        raise IllegalAction("not_enough_fish", cost=cost, fish=sum(tokens))
    with_hands = hands.uses_hands(state)
    params = {}
    if kind == "robber":
        _robber_action_ok(state)
    elif kind == "steal":
        params["victim"] = _check_victim(state, seat, step.args.get("victim"))
    elif kind == "resource":
        resource = base._resource_arg(step.args.get("resource"))
        if with_hands and state["bank"][resource] < 1:
            raise IllegalAction("bank_lacks", resource=resource)
        params["resource"] = resource
    elif kind == "road":
        _check_road(step, seat)
    elif kind == "dev_card":
        if sum(state["dev_deck"].values()) == 0:
            raise IllegalAction("dev_deck_empty")
    _take_tokens(state, seat, tokens)
    step.log("fish_spent", seat=seat, action=kind, tokens=tokens, fish=sum(tokens), cost=cost, **params)
    if kind == "robber":
        step.log("robber_off_board", seat=seat, hex=state["board"]["robber"])
        state["board"]["robber"] = None
    elif kind == "steal":
        victim = params["victim"]
        if with_hands:
            card = base._take_random_card(step, seat, victim)
            step.log("fish_stole", seat=seat, secret_for=[seat, victim], shown={"victim": victim},
                     victim=victim, card=card)
        else:
            step.log("fish_stole", seat=seat, victim=victim)
    elif kind == "resource":
        if with_hands:
            hands.take_from_bank(state, seat, {params["resource"]: 1})
    elif kind == "road":
        state["board"]["free_roads"] += 1
    elif kind == "dev_card":
        card = step.outcome("card", lambda c: base._draw_dev_card(state, c),
                            lambda v: v in base.DEV_DECK and state["dev_deck"][v] > 0)
        state["counters"]["dev"] += 1
        step.reveal("dev_card", [seat], keys=("card",))
        state["dev_deck"][card] -= 1
        state["players"][seat]["dev_hand"].append({"card": card, "turn": state["turn"]["number"]})
        step.log("fish_dev_card", seat=seat, secret_for=[seat], card=card)


# ---------------------------------------------------------------- the old boot


@_actions.action("pass_boot", phases={"roll", "main"}, actors={"active", "table"},
                 when=lambda s: on(s) and s["fish"]["boot"] is not None)
def pass_boot(step: Step) -> None:
    """In their own turn the old boot's holder may give it to a player with at least as many points."""
    state = step.state
    seat = state["turn"]["seat"]
    f = fish(state)
    if f["boot"] != seat:
        raise IllegalAction("boot_not_yours")
    to = seat_arg(state, step.args.get("to"), "bad_seat")
    if to is None or to == seat:
        raise IllegalAction("bad_seat")
    mine, theirs = step.rules.vp_public(state, seat), step.rules.vp_public(state, to)
    if theirs < mine:
        raise IllegalAction("boot_needs_points", vp=mine, theirs=theirs)
    f["boot"] = to
    step.log("old_boot_passed", seat=seat, to=to)


def boot_bonus(rules, state: dict, seat: int) -> int:
    """The old boot: one point more to win."""
    return 1 if on(state) and fish(state)["boot"] == seat else 0


# ---------------------------------------------------------------- wraps and hooks


def _fish_on_roll(handler):
    """After a roll (or an event card) has produced: the fish of its number."""
    def roll(step: Step) -> None:
        state = step.state
        before = sum(state["roll_counts"])
        handler(step)
        if on(state) and base.on_board(state) and sum(state["roll_counts"]) > before:
            total = state["last_roll"]["total"]
            owed = fish_owed(state, total)
            if owed:
                give_fish(step, owed, "roll")
    return roll


def _no_trade_tokens(handler):
    def refused(step: Step) -> None:
        if on(step.state):
            raise IllegalAction("fishermen_no_trade_tokens")
        handler(step)
    return refused


def after_action(rules, state: dict, step: Step) -> None:
    """The second setup settlement next to a fishing ground or the lake: 1 token at once
    (not with Catan for two: there fish come from rolls only)."""
    if not on(state) or two_players(state):
        return
    owed = fish(state).get("owed")
    if owed and state["phase"] != "finished":  # the first-game picture's starred settlements
        fish(state)["owed"] = {}
        give_fish(step, {int(seat): n for seat, n in owed.items()}, "setup")
    if step.action.get("type") != "place_settlement":
        return
    if state["setup"]["index"] < len(state["players"]):
        return  # the first round
    corner = step.args.get("corner")
    if base.on_board(state) and by_water(state["board"]["layout"], corner):
        seat = state["board"]["pieces"]["settlements"].get(corner)
        if seat is not None:
            give_fish(step, {seat: 1}, "setup")


def check_config(config: dict, rules) -> None:
    if config["board"] == "none":
        raise IllegalAction("fishermen_needs_board")
    if len(config["players"]) > 4:
        raise IllegalAction("fishermen_players")


# ---------------------------------------------------------------- views


def view(rules, state: dict, viewer) -> tuple[str, dict | None]:
    if not on(state):
        return "fishermen", None
    f = fish(state)
    board = state["board"]
    layout = board["layout"] if board else {"hexes": {}}
    n = len(state["players"])
    part = {
        "grounds": grounds(layout) if board else {},
        "lake": (lake_hexes(layout) or [None])[0] if board else None,
        "pool": sum(f["pool"].values()),
        "face_up": {v: f["face_up"][v] for v in f["face_up"]},
        "held": [len(h) for h in f["held"]],
        "boot": f["boot"],
        "boot_in_pool": f["pool"].get(BOOT, 0) > 0,
        "robber_off": bool(board) and board["robber"] is None,
        "prices": [{a: price(rules, state, s, a) for a in PRICES} for s in range(n)],
        "limit": HOLD_LIMIT,
        "returning": [p["seat"] for p in state["pending"] if p["kind"] == RETURN],
        "targets": [rules.target(state, s) for s in range(n)],
        "mine": None,
    }
    if viewer != "table":
        seat = int(viewer)
        mine = list(f["held"][seat])
        part["mine"] = {
            "tokens": mine,
            "fish": sum(mine),
            "due": max(0, len(mine) - HOLD_LIMIT) if seat in part["returning"] else 0,
            "payments": {a: payments(mine, part["prices"][seat][a]) for a in PRICES},
        }
    return "fishermen", part


LAYER = Layer(
    name=NAME,
    applies=scenario(NAME),
    scenario=NAME,
    needs=("events",),  # its roll wraps the deck's reveal_event too
    actions=_actions.table,
    wraps={"roll": _fish_on_roll, "reveal_event": _fish_on_roll},
    hooks={"check_config": check_config, "new_state": new_state, "after_action": after_action,
           "view": view, "board_set": board_set, "check_board": check_board, "lay_out": lay_out,
           "target_bonus": boot_bonus},
    terrains={LAKE: None},
    phases=frozenset({RETURN}),
    pending=frozenset({RETURN}),
    view_key="fishermen",
    state_key="fish",
    cores=frozenset({"base"}),
    core_refusal="fishermen_base_only",
)


def _new_state_two(state: dict) -> None:
    """No trade tokens with the fishermen (the rulebook): Catan for two's are put away."""
    two = two_rules.two(state)
    two["tokens"] = [0] * len(two["tokens"])
    two["pool"] = 0
    two["tokens_off"] = True


# With Catan for two its trade tokens are not used: their actions are refused.
LAYER_TWO = Layer(
    name="fishermen_two",
    applies=base.scenario_for_two(NAME),
    needs=(two_rules.LAYER.name,),  # composed only with Catan for two: it wraps its actions
    hooks={"new_state": _new_state_two},
    wraps={"forced_trade": _no_trade_tokens, "robber_to_desert": _no_trade_tokens,
           "discard_knight": _no_trade_tokens},
    cores=frozenset({"base"}),
    core_refusal="fishermen_base_only",
)
