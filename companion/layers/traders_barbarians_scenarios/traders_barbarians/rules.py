"""Traders & Barbarians ("Kupcy i Barbarzyńcy"), the campaign's fifth scenario:
config["scenario"] == "traders_barbarians". Source: /work/shared/rulebooks/
traders-and-barbarians-pl.txt, "KUPCY I BARBARZYŃCY"; digest in RULES-FACTS.md. Played to 13
points (14 with the Harbormaster: its +1 on top). Gold is the shared gold layer (needs).

The board
- Three target hexes (terrains "castle", "quarry", "glassworks", no number token, produce
  nothing) replace the desert, one fields and one pasture hex; tokens 2 and 12 are out of
  the game (board_set). Each target lies on the coast with three of its sides to the sea
  (check_board: tb_target_coast). The rulebook places the targets and the three
  barbarians' starting paths only in a picture: a generated board is refused
  (tb_manual_board) and the table enters the board by hand, tapping the barbarians' three
  paths (set_barbarian) in the board editor; a whole board given with its barbarians
  (layout["features"]["traders_barbarians"] = {"barbarians": [3 edges]}) is taken as it is.
- A target's building stands on its central intersection, the hex's own id in the wagon's
  position. Our reading of the printed paths: the four paths to it come from the target's
  corners that touch another land hex (the other two only touch the sea). The rulebook
  lets roads be built on them by the usual rules: they are not edges of the board's model,
  so they are "spokes" ("<corner>><hex>", spoke_id) with their roads in state[NAME]["spokes"]
  (build_road wrapped: the cost, the 15 roads, Road Building's free roads; joined to one's
  building or road at the corner, or to one's road on another spoke of the same target,
  through the centre, where nobody builds). A wagon pays for them as for any path or road.
  Not on them: setup roads, neutral roads (Catan for two), barbarians, the Earthquake's
  turned roads (its plan counts only the board's roads: event_plan). No road on a target's
  three sea sides (road_closed); no settlement on the centre (it is no corner).
- No robber (robber_on None; a 7, a Knight and the Events deck's robber move a barbarian
  instead: phase "tb_barbarian"); no Longest Road (every road weighs 0); rolls of 2 and 12
  are rolled again (the server re-rolls; typed dice of 2 or 12 are refused: tb_reroll).
- Setup: a settlement, then a city (its hexes pay one card each, as a settlement's would);
  the wagon starts at the city.

Wagons (one a seat), at the end of the turn (phase "main" after the roll):
- after the wagon's first step in a turn, no more building, buying, bank trades or upgrades
  that turn (tb_after_moving); 1 grain for 2 points may still be given.
- movement points: the wagon card's (4 at level 1); per path: 2 without a road, 1 along
  one's own road, 1 + 1 gold to the owner along an opponent's road; +2 past a barbarian.
  Unused points are lost. Once a turn 1 grain gives 2 points more (wagon_grain), even after
  moving. Any number of wagons on an intersection. Moving on an opponent's road without
  gold: refused (not_enough_gold).
- a target's centre reached: with no goods token, take the top token of that target's stack
  (the first commission earns nothing); with goods that this target needs, deliver: the
  token turns to its building side (1 VP), gold by the wagon card, then take the top token
  of this target's stack. One commission at a time. Stacks: 12 tokens each, two goods each
  (our reading: 6 of each; the rulebook gives only 36 tokens in three stacks); drawn by
  the server, face up (public).
- upgrade (upgrade_wagon, phase main): pay the next card's cost, turn it up; level 5 is 1 VP.
- chase (chase_barbarian), from level 2: the wagon at an end of a barbarian's path rolls
  one die; the card's number moves that barbarian to any other free path (no steal). One
  try per barbarian per turn (our reading).

With Catan for two (LAYER_TWO, and the checks marked two_players; rulebook "ŁĄCZENIE Z
INNYMI WARIANTAMI"): 2 players. Gold paid along a neutral road goes half to the bank
(rounded up), half to the opponent (rounded down): our reading counts the halves of the
turn's running total, so a turn's 1st, 3rd... neutral toll goes to the bank, its 2nd, 4th...
to the opponent (a single toll of 1 gold: all to the bank). No robber for trade tokens to
send home: robber_to_desert is replaced, for the same price (1 token, 2 for a player ahead,
once a turn), by moving a barbarian to a free path without a road (phase tb_barbarian, why
"tokens"; nobody is robbed). A settlement next to a target earns 1 trade token, on top of
Catan for two's coast token (the target stands where the desert did; the setup city counts
too). Neutral settlements and roads keep off a target's sea corners and sides. Virtual dice:
the second roll differs from the first and is never 2 or 12.

With the Events of Catan deck: Robber Attack is a 7 here (discards, then the barbarian
moves and robs a road's owner); Robber Flees does nothing (event_plan hook: nobody
"no_robber"); a road the Earthquake turned costs a wagon 2 points (its owner still takes
the toll: only the points change in the rulebook's text). The cards' texts are worded for
the scenario on the screens (screens.EVENT_TEXTS).

The wagon cards: the rulebook's text gives level 1's 4 points, the example card (5 points,
2 gold, chase on 6) and gold 1 to 5 by level; the other numbers and the costs are printed
on the cards only. WAGON_CARDS below is the app's ASSUMPTION (the default), not the
rulebook's: the table's printed cards win. Before the first roll the table screen shows the
cards as the app has them and the table confirms or corrects them (set_wagon_cards: movement
1-12, gold 0-9, chase numbers among 1-6, each resource of a cost 0-5; level 1's movement
stays 4, the rulebook's); every rule reads the confirmed cards from the state (cards(state)),
never the constant. The deck's mix and the wagon cards are the table's questions (hook
questions): a step of their own on the screens, and the first roll waits for both answers
(base.open_questions), kept for the story of the game (answers).

state["traders_barbarians"]:
  wagons [{"at": node|None, "level", "cargo": good|None, "source": target|None,
           "delivered": [goods], "turn": int|None, "used": int, "grain": bool, "tried": [edges]}]
  stacks {target: {good: count}}     tokens left face down (drawn at random)
  barbarians [edges]                 the three barbarians
  move None | {"seat", "why": seven|knight|chase, "from": edge|None, "back": phase}
  draws int                          goods tokens drawn (the chance counter)
  chases int                         chase dice rolled (the chance counter)
The development deck (state["dev_deck"]): 25 cards, the base game's mix unless the table
enters its deck's (set_dev_deck, before the first roll).
  tolls [int]                        gold each seat received in tolls
  wagon_cards [5 x {"mp", "gold", "chase": [int], "cost": {resource: n}}]  levels 1-5, as
                                     confirmed by the table (WAGON_CARDS until then)
  cards_confirmed bool               the table has confirmed (or entered) its wagon cards
  deck_confirmed bool                the table has confirmed (or entered) its deck's mix
  answers {question: params}         what the table answered (tb_dev_deck, tb_wagon_cards)
  spokes {spoke: seat}               roads on the paths into the targets' centres
  wagons[...]["neutral"] int         Catan for two: neutral tolls paid this turn (the split)
"""
from __future__ import annotations

from companion.layers.cores.base import rules as base
from companion.layers.options.catan_for_two import rules as two_rules
from companion.layers.options.events import rules as events
from companion.layers.gold import rules as gold
from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery.composition import Actions, Layer, scenario
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step
from companion.machinery.turns import whole_number

NAME = "traders_barbarians"
TARGET = 13
TARGETS = ("castle", "quarry", "glassworks")
GOODS = ("glass", "tools", "sand", "marble")
PRODUCES = {"castle": ("tools", "sand"), "quarry": ("sand", "marble"), "glassworks": ("glass", "tools")}
NEEDS = {"glass": "castle", "marble": "castle", "tools": "quarry", "sand": "glassworks"}
TOKENS_PER_GOOD = 6  # 36 tokens, 3 stacks of 12, two goods a stack
START_GOLD = 5
BARBARIANS = 3
PATH_MP, ROAD_MP, BARBARIAN_MP, GRAIN_MP = 2, 1, 2, 2
TOLL = 1
SEA_SIDES = 3
DELIVERY_VP = 1
LEVEL_VP = 1
MAX_LEVEL = 5
SEVEN, KNIGHT, CHASE, TOKENS = "seven", "knight", "chase", "tokens"
NEUTRAL = "neutral"  # step_cost's payee for a neutral colour's road (Catan for two)
TARGET_TOKENS = 1  # Catan for two: a settlement next to a target earns a trade token
DAMAGED_MP = 2  # the Events deck's Earthquake: a road on its side costs a path's points
BARB = "tb_barbarian"  # the phase: a barbarian is moved
MAX_PLAYERS = 4
# level -> movement points, gold a delivery, the die numbers that chase a barbarian, the cost.
# The app's ASSUMPTION (only level 1's 4 points and the example card are in the rulebook's text):
# the defaults the table confirms or corrects (set_wagon_cards); the printed cards win.
WAGON_CARDS = {
    1: {"mp": 4, "gold": 1, "chase": (), "cost": {}},
    2: {"mp": 5, "gold": 2, "chase": (6,), "cost": {"wool": 1, "grain": 1}},
    3: {"mp": 6, "gold": 3, "chase": (5, 6), "cost": {"wool": 1, "grain": 1, "ore": 1}},
    4: {"mp": 7, "gold": 4, "chase": (4, 5, 6), "cost": {"wool": 1, "grain": 1, "ore": 2}},
    5: {"mp": 8, "gold": 5, "chase": (3, 4, 5, 6), "cost": {"wool": 2, "grain": 1, "ore": 2}},
}

_actions = Actions()


def on(state: dict) -> bool:
    return state["config"].get("scenario") == NAME


def two_players(state: dict) -> bool:
    """Played with Catan for two (two players, two neutral colours, trade tokens)."""
    return base.for_two(state["config"])


def part(state: dict) -> dict:
    return state[NAME]


# ---------------------------------------------------------------- the board


def features(layout: dict) -> dict:
    return (layout.get("features") or {}).get(NAME) or {"barbarians": []}


def _with_features(layout: dict, value: dict) -> dict:
    feats = {k: v for k, v in (layout.get("features") or {}).items() if k != NAME}
    feats[NAME] = value
    return {**layout, "features": feats}


def target_hexes(layout: dict) -> dict[str, str]:
    """Target terrain -> its hex (the targets on the board)."""
    return {x["terrain"]: h for h, x in (layout.get("hexes") or {}).items()
            if (x or {}).get("terrain") in TARGETS}


def spokes(layout: dict, hex_: str) -> list[str]:
    """The corners whose paths lead to a target's centre: those touching another land hex."""
    g = boards.geometry(layout)
    return [c for c in g.hex_corners[hex_] if len(g.corner_hexes[c]) >= 2]


def sea_sides(layout: dict, hex_: str) -> list[str]:
    g = boards.geometry(layout)
    coast = set(g.coastal_edges)
    return [e for e in g.hex_edges[hex_] if e in coast]


def board_set(rules, frame: str, expected: dict) -> dict:
    terrains = dict(expected["terrains"])
    terrains.pop("desert", None)
    terrains["fields"] = terrains.get("fields", 0) - 1
    terrains["pasture"] = terrains.get("pasture", 0) - 1
    for t in TARGETS:
        terrains[t] = 1
    tokens = {n: (0 if n in (2, 12) else c) for n, c in expected["tokens"].items()}
    return {**expected, "terrains": terrains, "tokens": tokens,
            "untokened": (set(expected["untokened"]) - {"desert"}) | set(TARGETS), "robber_on": None}


def check_board(rules, layout: dict) -> list:
    problems = []
    for t, hex_ in sorted(target_hexes(layout).items()):
        if len(sea_sides(layout, hex_)) != SEA_SIDES:
            problems.append(("tb_target_coast", {"hex": hex_}))
    edges = features(layout)["barbarians"]
    if len(set(edges)) != BARBARIANS:
        problems.append(("tb_barbarians_count", {"expected": BARBARIANS, "actual": len(set(edges))}))
    return problems


def lay_out(rules, layout: dict, rng) -> dict:
    """A board to enter by hand gets an empty barbarian list; a generated board is refused:
    the rulebook places the targets and the barbarians only in its picture."""
    if (layout.get("origin") or {}).get("method") == "manual":
        return _with_features(layout, {"barbarians": []})
    if len(features(layout)["barbarians"]) == BARBARIANS and len(target_hexes(layout)) == len(TARGETS):
        return layout  # a whole board given as it is
    raise IllegalAction("tb_manual_board")


@_actions.action("set_barbarian", phases={"board"}, actors={"table", "seat"})
def set_barbarian(step: Step) -> None:
    """Entering the board: a barbarian's starting path (tapped again: taken off). One tap on
    the table screen or a phone; no log line a path: the board's one line counts them."""
    board = step.state["board"]
    edge = base._location(step, "edge")
    if edge not in boards.geometry(board["layout"]).edge_corners:
        raise IllegalAction("tb_unknown_path")
    edges = list(features(board["layout"])["barbarians"])
    if edge in edges:
        edges.remove(edge)
    else:
        if len(edges) >= BARBARIANS:
            raise IllegalAction("tb_barbarians_count", expected=BARBARIANS, actual=len(edges) + 1)
        edges.append(edge)
    board["layout"] = _with_features(board["layout"], {"barbarians": edges})


def board_summary(rules, layout: dict) -> dict:
    """What the board's log line counts of this scenario's pieces."""
    return {"barbarian_paths": len(features(layout)["barbarians"])} if target_hexes(layout) else {}


def road_closed(rules, state: dict) -> set:
    if not on(state) or not base.on_board(state):
        return set()
    layout = state["board"]["layout"]
    return {e for h in target_hexes(layout).values() for e in sea_sides(layout, h)}


def road_weights(rules, state: dict) -> dict:
    """No Longest Road in this scenario: no road counts."""
    if not on(state) or not base.on_board(state):
        return {}
    return {e: 0 for e in boards.geometry(state["board"]["layout"]).edges}


def check_config(config: dict, rules) -> None:
    if config["board"] == "none":
        raise IllegalAction("tb_needs_board")
    n = len(config["players"])
    with_two = base.for_two(config)
    if not (3 <= n <= MAX_PLAYERS or (n == 2 and with_two)):
        raise IllegalAction("tb_players")
    if config["board"] != "manual":
        lay = config.get("board_layout") or {}
        if len(features(lay)["barbarians"]) != BARBARIANS:
            raise IllegalAction("tb_manual_board")
        problems = check_board(rules, lay)
        if problems:
            raise IllegalAction("board_layout", problem=problems[0][0])


# ---------------------------------------------------------------- state


def _new_state(state: dict) -> None:
    if not on(state):
        return
    n = len(state["players"])
    state[NAME] = {
        "wagons": [{"at": None, "level": 1, "cargo": None, "source": None, "delivered": [], "turn": None,
                    "used": 0, "grain": False, "tried": [], "moved": False} for _ in range(n)],
        "stacks": {t: {g: TOKENS_PER_GOOD for g in PRODUCES[t]} for t in TARGETS},
        "barbarians": [], "move": None, "draws": 0, "chases": 0, "tolls": [0] * n,
        "wagon_cards": default_cards(), "cards_confirmed": False, "spokes": {},
    }
    if state.get(gold.NAME):
        g = state[gold.NAME]
        for s in range(n):
            g["held"][s] += START_GOLD
            g["earned"][s] += START_GOLD
    if state["board"] and state["phase"] != "board":
        part(state)["barbarians"] = list(features(state["board"]["layout"])["barbarians"])


def default_cards() -> list[dict]:
    """The app's assumed wagon cards (WAGON_CARDS), as the state holds them: level L at L - 1."""
    return [{"mp": c["mp"], "gold": c["gold"], "chase": list(c["chase"]), "cost": dict(c["cost"])}
            for _, c in sorted(WAGON_CARDS.items())]


def cards(state: dict) -> list[dict]:
    """The wagon cards of this game (the table's, once confirmed): level L at index L - 1."""
    return part(state).get("wagon_cards") or default_cards()


def level_card(state: dict, level: int) -> dict:
    return cards(state)[level - 1]


def card(state: dict, seat: int) -> dict:
    return level_card(state, part(state)["wagons"][seat]["level"])


def wagon(state: dict, seat: int) -> dict:
    """The seat's wagon, its turn's counters fresh when a new turn began."""
    w = part(state)["wagons"][seat]
    if w["turn"] != state["turn"]["number"]:
        w.update(turn=state["turn"]["number"], used=0, grain=False, tried=[], moved=False, neutral=0)
    return w


def this_turn(state: dict, seat: int) -> dict:
    """The wagon's counters of the current turn (read only: a new turn's are fresh)."""
    w = part(state)["wagons"][seat]
    if w["turn"] != state["turn"]["number"]:
        return {"used": 0, "grain": False, "tried": [], "moved": False, "neutral": 0}
    return w


def mp_total(state: dict, seat: int) -> int:
    return card(state, seat)["mp"] + (GRAIN_MP if this_turn(state, seat)["grain"] else 0)


def mp_left(state: dict, seat: int) -> int:
    return mp_total(state, seat) - this_turn(state, seat)["used"]


# ---------------------------------------------------------------- moving


# The printed paths into a target's centre ("spokes"): not edges of the board's model, so
# their ids are "<corner>><hex>" and their roads live in state[NAME]["spokes"].
SPOKE = ">"


def spoke_id(corner: str, hex_: str) -> str:
    return f"{corner}{SPOKE}{hex_}"


def is_spoke(edge) -> bool:
    return isinstance(edge, str) and SPOKE in edge


def spoke_ends(edge: str) -> tuple[str, str]:
    corner, _, hex_ = edge.partition(SPOKE)
    return corner, hex_


def all_spokes(layout: dict) -> list[str]:
    return [spoke_id(c, h) for h in target_hexes(layout).values() for c in spokes(layout, h)]


def spoke_roads(state: dict) -> dict:
    """The roads built on the paths into the targets' centres: spoke -> seat."""
    return part(state).get("spokes") or {}


def neighbours(layout: dict, node: str) -> list[tuple[str, str]]:
    """(node reachable in one step, the path: a board edge, or a spoke into a target's centre)."""
    g = boards.geometry(layout)
    targets = target_hexes(layout)
    if node in g.hex_corners:  # a target's centre
        return [(c, spoke_id(c, node)) for c in spokes(layout, node)] if node in targets.values() else []
    out = []
    for e in g.corner_edges.get(node, ()):
        out.append((g.other_corner(e, node), e))
    for h in targets.values():
        if node in spokes(layout, h):
            out.append((h, spoke_id(node, h)))
    return out


def damaged(state: dict) -> set:
    """The roads the Events deck's Earthquake turned on their side."""
    return {d["edge"] for d in events.damaged_roads(state) if d["edge"]}


def step_cost(state: dict, seat: int, edge: str | None) -> tuple[int, int | str | None]:
    """(movement points, who takes the toll: the road's owner, NEUTRAL for a neutral
    colour's road with Catan for two, or None). A road on its side (Earthquake) costs a
    path's 2 points; its owner still takes the toll (our reading: only the points change)."""
    if edge is None:
        return PATH_MP, None
    if is_spoke(edge):
        owner, on_side = spoke_roads(state).get(edge), False
    else:
        owner, on_side = state["board"]["pieces"]["roads"].get(edge), edge in damaged(state)
    mp = PATH_MP if owner is None or on_side else ROAD_MP
    if edge in part(state)["barbarians"]:
        mp += BARBARIAN_MP
    payee = None
    if owner is not None and owner != seat:
        if 0 <= owner < len(state["players"]):
            payee = owner
        elif two_players(state) and owner in two_rules.NEUTRALS:
            payee = NEUTRAL
    return mp, payee


def moves(state: dict, seat: int) -> dict[str, str | None]:
    """Where the seat's wagon may go now: node -> path (legal steps only)."""
    if not on(state) or not base.on_board(state) or state["phase"] != "main" or state["turn"]["seat"] != seat:
        return {}
    w = part(state)["wagons"][seat]
    if w["at"] is None:
        return {}
    left = mp_left(state, seat)
    out = {}
    for node, edge in neighbours(state["board"]["layout"], w["at"]):
        mp, payee = step_cost(state, seat, edge)
        if mp <= left and (payee is None or gold.held(state, seat) >= TOLL):
            out[node] = edge
    return out


def _own_wagon(step: Step) -> int:
    state = step.state
    if state["phase"] != "main":
        raise IllegalAction("tb_not_now")
    return state["turn"]["seat"]


@_actions.action("move_wagon", phases={"main"}, actors={"active", "table"}, when=on)
def move_wagon(step: Step) -> None:
    """One step of the active player's wagon, to a neighbouring intersection (or centre)."""
    state = step.state
    seat = _own_wagon(step)
    w = wagon(state, seat)
    to = base._location(step, "to")
    paths = dict(neighbours(state["board"]["layout"], w["at"])) if w["at"] else {}
    if to not in paths:
        raise IllegalAction("tb_not_adjacent")
    edge = paths[to]
    mp, payee = step_cost(state, seat, edge)
    left = mp_left(state, seat)
    if mp > left:
        raise IllegalAction("tb_no_points", need=mp, left=left)
    toll = {}
    if payee == NEUTRAL:
        toll = _neutral_toll(state, seat, w)
    elif payee is not None:
        gold.move(state, seat, payee, TOLL)
        part(state)["tolls"][payee] += TOLL
        toll = {"toll": TOLL, "payee": payee}
    w["used"] += mp
    w["moved"] = True
    w["at"] = to
    step.log("tb_wagon_moved", seat=seat, to=to, mp=mp, left=mp_left(state, seat), **toll)
    target = next((t for t, h in target_hexes(state["board"]["layout"]).items() if h == to), None)
    if target is not None:
        _arrive(step, seat, target)


def _neutral_toll(state: dict, seat: int, w: dict) -> dict:
    """Catan for two: the gold paid along neutral roads in one turn's move goes half to the
    bank (rounded up), half to the opponent (rounded down). Our reading: the halves of the
    turn's running total, so the first such toll of a turn goes to the bank, the second to
    the opponent, and so on (a toll is 1 gold)."""
    opponent = two_rules.opponent(seat)
    w["neutral"] = w.get("neutral", 0) + TOLL
    to_opponent = w["neutral"] // 2 - (w["neutral"] - TOLL) // 2
    if to_opponent:
        gold.move(state, seat, opponent, to_opponent)
        part(state)["tolls"][opponent] += to_opponent
    if TOLL - to_opponent:
        gold._take(state, seat, TOLL - to_opponent)
    return {"toll": TOLL, "neutral": True, "bank": TOLL - to_opponent, "opponent": to_opponent,
            "payee": opponent}


def _arrive(step: Step, seat: int, target: str) -> None:
    state = step.state
    w = wagon(state, seat)
    if w["cargo"] is not None:
        if NEEDS[w["cargo"]] != target:
            return  # goods for another target: nothing happens here
        good = w["cargo"]
        w["delivered"].append(good)
        w["cargo"], w["source"] = None, None
        amount = card(state, seat)["gold"]
        step.log("tb_delivered", seat=seat, good=good, target=target, gold=amount)
        gold.earn(state, step, seat, amount, "tb_delivery", good=good)
    _draw_token(step, seat, target)


def _draw_token(step: Step, seat: int, target: str) -> None:
    state = step.state
    p = part(state)
    stack = p["stacks"][target]
    size = sum(stack.values())
    if not size:
        step.log("tb_stack_empty", seat=seat, target=target)
        return
    counter = p["draws"]

    def draw(chance):
        index = chance.randint("goods", counter, size)
        for good in PRODUCES[target]:
            if index < stack[good]:
                return good
            index -= stack[good]
        raise AssertionError("index beyond the stack")

    key = "goods_token"
    good = step.outcome(key, draw, lambda v: v in stack and stack[v] > 0)
    p["draws"] = counter + 1
    step.reveal("goods_token", keys=(key,))
    stack[good] -= 1
    w = wagon(state, seat)
    w["cargo"], w["source"] = good, target
    step.log("tb_goods_taken", seat=seat, good=good, target=target, to=NEEDS[good])


@_actions.action("wagon_grain", phases={"main"}, actors={"active", "table"}, when=on)
def wagon_grain(step: Step) -> None:
    """Once a turn: 1 grain for 2 more movement points."""
    state = step.state
    seat = _own_wagon(step)
    w = wagon(state, seat)
    if w["grain"]:
        raise IllegalAction("tb_grain_used")
    if hands.uses_hands(state):
        base._check_builder(step)
        hands.pay_to_bank(state, seat, {"grain": 1})
    w["grain"] = True
    step.log("tb_wagon_grain", seat=seat, left=mp_left(state, seat))


@_actions.action("upgrade_wagon", phases={"main"}, actors={"active", "table"}, when=on)
def upgrade_wagon(step: Step) -> None:
    """The next wagon card: its cost paid, it is turned up."""
    state = step.state
    seat = _own_wagon(step)
    w = wagon(state, seat)
    if w["level"] >= MAX_LEVEL:
        raise IllegalAction("tb_top_level")
    cost = level_card(state, w["level"] + 1)["cost"]
    if hands.uses_hands(state):
        base._check_builder(step)
        hands.pay_to_bank(state, seat, cost)
    w["level"] += 1
    step.log("tb_wagon_upgraded", seat=seat, level=w["level"], cost=dict(cost))


# ---------------------------------------------------------------- barbarians


def free_paths(state: dict, roads: bool = True) -> list[str]:
    """The paths a barbarian may go to: no barbarian on them (and no road, roads=False)."""
    taken = set(part(state)["barbarians"])
    if not roads:
        taken |= set(state["board"]["pieces"]["roads"])
    return [e for e in boards.geometry(state["board"]["layout"]).edges if e not in taken]


@_actions.action("chase_barbarian", phases={"main"}, actors={"active", "table"}, when=on)
def chase_barbarian(step: Step) -> None:
    """From level 2: the wagon beside a barbarian's path rolls one die (the server's, or the
    die typed in); the card's number lets the player move that barbarian elsewhere."""
    state = step.state
    seat = _own_wagon(step)
    w = wagon(state, seat)
    edge = base._location(step, "edge")
    p = part(state)
    if edge not in p["barbarians"]:
        raise IllegalAction("tb_no_barbarian")
    numbers = card(state, seat)["chase"]
    if not numbers:
        raise IllegalAction("tb_chase_level")
    g = boards.geometry(state["board"]["layout"])
    if w["at"] not in g.edge_corners[edge]:
        raise IllegalAction("tb_chase_not_beside")
    if edge in w["tried"]:
        raise IllegalAction("tb_chase_tried")
    typed = step.args.get("die")
    if typed not in (None, ""):
        die = base._die(typed)
    else:
        counter = p["chases"]
        die = step.outcome("chase_die", lambda c: c.randint("chase", counter, 6) + 1, base._valid_die)
        p["chases"] = counter + 1
        step.reveal("chase_die", keys=("chase_die",))
    w["tried"].append(edge)
    chased = die in numbers
    step.log("tb_chase", seat=seat, edge=edge, die=die, chased=chased)
    if chased:
        p["move"] = {"seat": seat, "why": CHASE, "from": edge, "back": "main"}
        state["phase"] = BARB


@_actions.action("pick_barbarian", phases={BARB}, actors={"active", "table"}, when=on)
def pick_barbarian(step: Step) -> None:
    """After a 7 or a Knight: which of the barbarians moves."""
    state = step.state
    move = part(state)["move"]
    edge = base._location(step, "edge")
    if move["why"] == CHASE:
        raise IllegalAction("tb_not_now")
    if edge not in part(state)["barbarians"]:
        raise IllegalAction("tb_no_barbarian")
    move["from"] = edge


@_actions.action("move_barbarian", phases={BARB}, actors={"active", "table"}, when=on)
def move_barbarian(step: Step) -> None:
    """The barbarian goes to another free path; after a 7 or a Knight, landing on a road the
    mover takes a random resource card (never gold) from its owner."""
    state = step.state
    p = part(state)
    move = p["move"]
    source = move["from"] or step.args.get("from")
    if source not in p["barbarians"]:
        raise IllegalAction("tb_pick_barbarian")
    edge = base._location(step, "edge")
    if edge == source or edge in p["barbarians"]:
        raise IllegalAction("tb_path_taken")
    if edge not in boards.geometry(state["board"]["layout"]).edge_corners:
        raise IllegalAction("tb_unknown_path")
    owner = state["board"]["pieces"]["roads"].get(edge)
    if move["why"] == TOKENS and owner is not None:
        raise IllegalAction("tb_tokens_no_road")
    p["barbarians"][p["barbarians"].index(source)] = edge
    seat = move["seat"]
    victim = owner if (move["why"] not in (CHASE, TOKENS) and owner is not None and owner != seat
                       and 0 <= owner < len(state["players"])) else None
    if victim is not None and hands.uses_hands(state):
        if hands.hand_size(state, victim):
            taken = base._take_random_card(step, seat, victim)
            step.log("tb_barbarian_moved", seat=seat, secret_for=[seat, victim], shown={"victim": victim},
                     edge=edge, victim=victim, card=taken)
        else:
            step.log("tb_barbarian_moved", seat=seat, edge=edge, victim=victim, empty=True)
    else:
        step.log("tb_barbarian_moved", seat=seat, edge=edge, **({"victim": victim} if victim is not None else {}))
    state["phase"] = move["back"] or "main"
    p["move"] = None


def _after(rules, state: dict, step: Step) -> None:
    if not on(state) or state["phase"] == "finished":
        return
    kind = step.action.get("type")
    if kind == "board_done":
        part(state)["barbarians"] = list(features(state["board"]["layout"])["barbarians"])
    if kind in ("place_settlement", "build_settlement") and two_players(state) and step.args.get("corner"):
        _target_tokens(state, step, kind)
    if state["phase"] == "robber":  # a 7, a Knight, the Events deck's robber: a barbarian moves
        why = KNIGHT if kind == "play_dev" else SEVEN
        part(state)["move"] = {"seat": state["turn"]["seat"], "why": why, "from": None,
                               "back": state["robber_return"] or "main"}
        state["robber_return"] = None
        state["phase"] = BARB


def next_to_target(layout: dict, corner: str) -> bool:
    g = boards.geometry(layout)
    return bool(set(g.corner_hexes.get(corner, ())) & set(target_hexes(layout).values()))


def _target_tokens(state: dict, step: Step, kind: str) -> None:
    """Catan for two: a settlement on an intersection next to a target earns 1 trade token,
    on top of Catan for two's own (the coast's 1): the target stands where the desert did.
    The setup's city counts like the setup settlement it replaces (our reading)."""
    corner = step.args["corner"]
    board = state["board"]
    builder = boards.building_at(board["pieces"], corner)
    if builder is None or builder[0] not in (0, 1) or not next_to_target(board["layout"], corner):
        return
    t = two_rules.two(state)
    if t.get("tokens_off"):
        return
    got = min(TARGET_TOKENS, t["pool"])  # only 20 tokens exist
    t["pool"] -= got
    t["tokens"][builder[0]] += got
    step.log("tb_target_tokens", seat=builder[0], tokens=got, due=TARGET_TOKENS)


# ---------------------------------------------------------------- the roll, the setup


def _reroll(handler):
    """Rolls of 2 and 12 are rolled again."""
    def roll(step: Step) -> None:
        state = step.state
        if not on(state):
            handler(step)
            return
        typed = step.args.get("dice")
        if typed is not None:
            if isinstance(typed, (list, tuple)) and len(typed) == 2:
                try:
                    total = int(typed[0]) + int(typed[1])
                except (TypeError, ValueError):
                    total = 0
                if total in (2, 12):
                    raise IllegalAction("tb_reroll", total=total)
            handler(step)
            return
        # Catan for two: the turn's second roll differs from the first (rolled again too).
        with_two = two_players(state)
        first = (two_rules._rolls(state) or [{}])[0].get("total") if with_two else None
        counter = state["counters"]["dice"]
        keys = []
        attempt = 0
        while True:
            k1, k2 = ("die1", "die2") if attempt == 0 else (f"die1:{attempt}", f"die2:{attempt}")
            d1 = step.outcome(k1, lambda c, n=counter: c.randint("dice", n, 6) + 1, base._valid_die)
            d2 = step.outcome(k2, lambda c, n=counter: c.randint("dice", n + 1, 6) + 1, base._valid_die)
            counter += 2
            keys += [k1, k2]
            if d1 + d2 in (2, 12):
                step.log("tb_rerolled", seat=state["turn"]["seat"], total=d1 + d2)
            elif d1 + d2 == first:
                step.log("roll_repeated", seat=state["turn"]["seat"], dice=[d1, d2], total=d1 + d2)
            else:
                break
            attempt += 1
        state["counters"]["dice"] = counter
        step.reveal("dice", keys=tuple(keys))
        base.rolled(step, [d1, d2], "virtual")
        if with_two:  # what Catan for two's roll notes for its second roll (not called here)
            two_rules._note_roll(state, d1 + d2)
    return roll


def sea_corners(layout: dict) -> set:
    """The corners of a target that touch no other land hex: their paths are all sea sides
    (no road), so no settlement (the rulebook's 4 intersections around a target are the others)."""
    g = boards.geometry(layout)
    return {c for h in target_hexes(layout).values() for c in g.hex_corners[h] if len(g.corner_hexes[c]) < 2}


AFTER_MOVING = ("build_road", "build_settlement", "build_city", "buy_dev", "trade_bank", "upgrade_wagon")


def spoke_targets(state: dict, seat: int) -> list[str]:
    """The spokes `seat` may build a road on: free, and joined to the seat's building or road
    at its corner (no other player's building there), or to the seat's road on another spoke
    of the same target (through the centre, where nobody builds)."""
    if not on(state) or not base.on_board(state):
        return []
    layout = state["board"]["layout"]
    pieces = state["board"]["pieces"]
    g = boards.geometry(layout)
    built = spoke_roads(state)
    out = []
    for sid in all_spokes(layout):
        if sid in built:
            continue
        corner, hex_ = spoke_ends(sid)
        building = boards.building_at(pieces, corner)
        at_corner = building[0] == seat if building else any(
            pieces["roads"].get(e) == seat for e in g.corner_edges.get(corner, ()))
        via_centre = any(built.get(spoke_id(c, hex_)) == seat for c in spokes(layout, hex_))
        if at_corner or via_centre:
            out.append(sid)
    return out


def _spoke_road(handler):
    """Roads may be built on the printed paths into a target's centre, by the usual rules
    (cost, the 15 roads, Road Building's free roads, joined to one's own network)."""
    def build(step: Step) -> None:
        state = step.state
        edge = step.args.get("edge")
        if not (on(state) and base.on_board(state) and is_spoke(edge)):
            handler(step)
            return
        board = state["board"]
        if state["phase"] == "roll" and not board["free_roads"]:
            raise IllegalAction("wrong_phase", action="build_road", phase="roll")
        seat = base.active_seat(state)
        blocked = step.rules.road_blocked(state, seat)
        if blocked:
            raise IllegalAction(blocked)
        base._check_builder(step)
        if base._pieces_left(state, seat, "roads") <= 0:
            raise IllegalAction("no_pieces_left", piece="roads", limit=base.SUPPLY["roads"])
        if edge not in spoke_targets(state, seat):
            raise IllegalAction("tb_spoke_not_open")
        free = board["free_roads"] > 0
        if free:
            board["free_roads"] -= 1
        else:
            base._pay(state, seat, "road")
        part(state).setdefault("spokes", {})[edge] = seat
        state["players"][seat]["roads"] += 1
        step.log("built_road", seat=seat, free=free)
    return build


def _before_moving(handler):
    """The wagon moves at the end of the turn, after building and trading: once it has moved,
    no more of them this turn."""
    def guarded(step: Step) -> None:
        state = step.state
        if on(state) and state["phase"] == "main" and this_turn(state, state["turn"]["seat"])["moved"]:
            raise IllegalAction("tb_after_moving")
        handler(step)
    return guarded


def _city_second(handler):
    """Setup's second round: a city (the wagon beside it); its hexes pay one card each.
    Never on a target's corner that only the sea touches."""
    def place_settlement(step: Step) -> None:
        state = step.state
        if on(state) and step.args.get("corner") in sea_corners(state["board"]["layout"]):
            raise IllegalAction("tb_target_corner")
        if not on(state) or state["setup"]["index"] < len(state["players"]):
            handler(step)
            return
        if state["setup"]["corner"] is not None:
            raise IllegalAction("place_road_first")
        corner = base._location(step, "corner")
        seat = base.active_seat(state)
        board = state["board"]
        base._board_refusal(boards.check_settlement(board["layout"], board["pieces"], seat, corner, setup=True))
        board["pieces"]["cities"][corner] = seat
        state["players"][seat]["cities"] += 1
        state["setup"]["corner"] = corner
        part(state)["wagons"][seat]["at"] = corner
        resources = boards.starting_resources(board["layout"], corner)
        if hands.uses_hands(state):
            hands.take_from_bank(state, seat, resources)
        step.log("setup_city", seat=seat)
        step.log("starting_resources", seat=seat, resources=resources)
    return place_settlement


# ---------------------------------------------------------------- the development cards

DECK_SIZE = 25  # the scenario's own 25 cards replace the base game's


QUESTIONS = ("tb_dev_deck", "tb_wagon_cards")  # what the table confirms before play, in this order


def _before_play(state: dict) -> bool:
    """The table's questions are answered (or answered again) until the first roll."""
    return on(state) and base.before_first_roll(state)


def questions(rules, state: dict) -> list[str]:
    """What the table has not confirmed yet: the deck's mix, the wagon cards' numbers (the
    first roll waits for both: base.open_questions)."""
    if not on(state):
        return []
    p = part(state)
    done = {"tb_dev_deck": p.get("deck_confirmed"), "tb_wagon_cards": p.get("cards_confirmed")}
    return [code for code in QUESTIONS if not done[code]]


def _answered(state: dict, question: str, params: dict) -> None:
    """What the table chose, kept for the story of the game (answers) and the export."""
    part(state).setdefault("answers", {})[question] = params


def answers(rules, state: dict) -> list[dict]:
    """The table's answers before play, as log entries (their words are the log's)."""
    if not on(state):
        return []
    return [{"kind": kind, "seat": None, "params": dict(params)}
            for kind, params in (part(state).get("answers") or {}).items()]


@_actions.action("set_dev_deck", phases={"board", "setup", "roll"}, actors={"table"}, when=_before_play)
def set_dev_deck(step: Step) -> None:
    """The scenario's development cards: the rulebook lists 25 but not how many of each, so
    the table confirms the composition of its deck (the base game's 14/5/2/2/2 is the
    default) before the first roll; 25 cards in all. The deck as shown, unchanged, is the
    table's answer that its deck is the app's."""
    state = step.state
    p = part(state)
    deck = {}
    for kind in base.DEV_CARDS:
        n = whole_number(step.args.get(kind, 0), "tb_bad_deck")
        if n < 0 or n > DECK_SIZE:
            raise IllegalAction("tb_bad_deck")
        deck[kind] = n
    if sum(deck.values()) != DECK_SIZE:
        raise IllegalAction("tb_deck_size", expected=DECK_SIZE, actual=sum(deck.values()))
    as_shown = deck == state["dev_deck"]
    if as_shown and p.get("deck_confirmed"):
        raise IllegalAction("nothing_changes")
    state["dev_deck"] = deck
    p["deck_confirmed"] = True
    _answered(state, "tb_dev_deck", {**deck, "as_shown": as_shown})
    step.log("tb_dev_deck", **deck, as_shown=as_shown)


# ---------------------------------------------------------------- the wagon cards

MP_RANGE, GOLD_RANGE, COST_MAX = (1, 12), (0, 9), 5
FIRST_MP = 4  # level 1's movement points: the rulebook's text gives them


def card_field(kind: str, level: int, resource: str | None = None) -> str:
    """The posted field of one value: tb_mp_2, tb_gold_2, tb_chase_2, tb_cost_2_ore."""
    return f"tb_{kind}_{level}" + (f"_{resource}" if resource else "")


def card_fields() -> tuple[str, ...]:
    out = []
    for level in range(1, MAX_LEVEL + 1):
        out += [card_field("mp", level), card_field("gold", level), card_field("chase", level)]
        if level > 1:
            out += [card_field("cost", level, r) for r in hands.RESOURCES]
    return tuple(out)


def _chase_numbers(value, level: int) -> list[int]:
    """Chase numbers typed as "5, 6" / "5 6" / "56" or given as a list."""
    if isinstance(value, str):
        items = [c for c in value.replace(",", " ").replace(";", " ").split() if c]
        if len(items) == 1 and len(items[0]) > 1 and items[0].isdigit():
            items = list(items[0])
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise IllegalAction("tb_bad_wagon_chase", level=level)
    numbers = {whole_number(n, "tb_bad_wagon_chase", level=level) for n in items}
    if any(not 1 <= n <= 6 for n in numbers):
        raise IllegalAction("tb_bad_wagon_chase", level=level)
    return sorted(numbers)


def _given(step: Step, field: str, current):
    value = step.args.get(field)
    return current if value is None or (value == "" and not field.startswith("tb_chase")) else value


@_actions.action("set_wagon_cards", phases={"board", "setup", "roll"}, actors={"table"}, when=_before_play)
def set_wagon_cards(step: Step) -> None:
    """The table's wagon cards: their numbers are printed on the cards, not in the rulebook's
    text, so the table confirms the app's (WAGON_CARDS) or enters its own before the first
    roll. A value not given keeps the current one."""
    state = step.state
    new = []
    for level, old in enumerate(cards(state), start=1):
        mp = whole_number(_given(step, card_field("mp", level), old["mp"]), "tb_bad_wagon_mp", level=level)
        if not MP_RANGE[0] <= mp <= MP_RANGE[1]:
            raise IllegalAction("tb_bad_wagon_mp", level=level)
        if level == 1 and mp != FIRST_MP:
            raise IllegalAction("tb_first_wagon_mp", mp=FIRST_MP)
        amount = whole_number(_given(step, card_field("gold", level), old["gold"]), "tb_bad_wagon_gold", level=level)
        if not GOLD_RANGE[0] <= amount <= GOLD_RANGE[1]:
            raise IllegalAction("tb_bad_wagon_gold", level=level)
        chase = _chase_numbers(_given(step, card_field("chase", level), old["chase"]), level)
        cost = {}
        if level > 1:
            for r in hands.RESOURCES:
                n = whole_number(_given(step, card_field("cost", level, r), old["cost"].get(r, 0)),
                                 "tb_bad_wagon_cost", level=level)
                if not 0 <= n <= COST_MAX:
                    raise IllegalAction("tb_bad_wagon_cost", level=level)
                if n:
                    cost[r] = n
        new.append({"mp": mp, "gold": amount, "chase": chase, "cost": cost})
    p = part(state)
    as_shown = new == cards(state)
    p["wagon_cards"] = new
    p["cards_confirmed"] = True
    confirmed = [dict(c, chase=list(c["chase"]), cost=dict(c["cost"])) for c in new]
    _answered(state, "tb_wagon_cards", {"cards": confirmed, "as_shown": as_shown})
    step.log("tb_wagon_cards", cards=confirmed, as_shown=as_shown)


# ---------------------------------------------------------------- points


def vp_sources(rules, state: dict, seat: int) -> dict:
    if not on(state):
        return {}
    w = part(state)["wagons"][seat]
    return {"tb_deliveries": DELIVERY_VP * len(w["delivered"]),
            "tb_wagon": LEVEL_VP if w["level"] >= MAX_LEVEL else 0}


def extra_vp(rules, state: dict, seat: int) -> int:
    return sum(vp_sources(rules, state, seat).values())


def gold_sold(rules, state: dict) -> bool:
    """The bank sells gold here (resources for gold, 4:1 or at harbours)."""
    return on(state)


# ---------------------------------------------------------------- views and taps


def board_targets(rules, state: dict, viewer) -> dict | None:
    if not on(state) or not base.on_board(state):
        return None
    if state["phase"] == "setup" and state["setup"]["corner"] is None:
        seat = base.active_seat(state)
        if viewer != "table" and int(viewer) != seat:
            return {}
        found = base.board_targets(rules, state, seat)
        closed = sea_corners(state["board"]["layout"])
        return {**found, "settlement": [c for c in found.get("settlement", []) if c not in closed]}
    if state["phase"] != BARB:
        return None
    move = part(state)["move"]
    if viewer != "table" and int(viewer) != move["seat"]:
        return {}
    if move["from"] is None:
        return {"tb_pick": list(part(state)["barbarians"])}
    return {"tb_barbarian": free_paths(state, roads=move["why"] != TOKENS)}


def more_board_targets(rules, state: dict, viewer, seat: int):
    if not on(state) or not base.on_board(state):
        return {}, set()
    if two_players(state):
        closed = _neutral_closed(rules, state, viewer)
        if closed is not None:
            return closed, set()
    if state["phase"] == "board":
        return {"tb_start": list(boards.geometry(state["board"]["layout"]).edges)}, set()
    if state["phase"] not in ("main", "roll") or (viewer != "table" and int(viewer) != state["turn"]["seat"]):
        return {}, set()
    active = state["turn"]["seat"]
    board = state["board"]
    found, costly = {}, set()
    if (state["phase"] == "main" or board["free_roads"]) and not this_turn(state, active)["moved"] \
            and base._pieces_left(state, active, "roads") > 0 and not rules.road_blocked(state, active):
        found["tb_spoke"] = spoke_targets(state, active)
        if hands.uses_hands(state) and not board["free_roads"] and (
                viewer == "table" or hands.missing(hands.hand(state, active), hands.COSTS["road"])):
            costly.add("tb_spoke")  # paid from the hand: tapped on the phone that can pay
    if state["phase"] == "main":
        found["tb_wagon"] = sorted(moves(state, active))
    return found, costly


def public_view(rules, state: dict) -> tuple[str, dict | None]:
    if not on(state):
        return NAME, None
    p = part(state)
    layout = state["board"]["layout"] if base.on_board(state) else None
    barbarians = list(p["barbarians"]) if state["phase"] != "board" else list(features(layout)["barbarians"])
    turn_seat = state["turn"]["seat"]
    wagons = []
    for s, w in enumerate(p["wagons"]):
        c = level_card(state, w["level"])
        now = this_turn(state, s)
        wagons.append({"at": w["at"], "level": w["level"], "cargo": w["cargo"], "source": w["source"],
                       "to": NEEDS[w["cargo"]] if w["cargo"] else None, "delivered": list(w["delivered"]),
                       "mp": c["mp"], "gold": c["gold"], "chase": list(c["chase"]),
                       "left": mp_left(state, s) if s == turn_seat else None,
                       "grain": bool(now["grain"]) if s == turn_seat else False,
                       "tried": list(now["tried"]), "moved": bool(now["moved"]),
                       "next_cost": dict(level_card(state, w["level"] + 1)["cost"]) if w["level"] < MAX_LEVEL else None,
                       "tolls": p["tolls"][s]})
    chaseable = []
    if state["phase"] == "main" and layout and p["wagons"][turn_seat]["at"]:
        g = boards.geometry(layout)
        w = p["wagons"][turn_seat]
        tried = this_turn(state, turn_seat)["tried"]
        if level_card(state, w["level"])["chase"]:
            chaseable = [e for e in p["barbarians"] if w["at"] in g.edge_corners[e] and e not in tried]
    return NAME, {
        "wagons": wagons,
        "stacks": {t: dict(s) for t, s in p["stacks"].items()},
        "targets": target_hexes(layout) if layout else {},
        "barbarians": barbarians,
        "move": dict(p["move"]) if p["move"] else None,
        "moves": moves(state, turn_seat) if layout else {},
        "chaseable": chaseable,
        "deck": dict(state["dev_deck"]) if _before_play(state) else None,
        "cards": [{"level": i + 1, "mp": c["mp"], "gold": c["gold"], "chase": list(c["chase"]),
                   "cost": dict(c["cost"])} for i, c in enumerate(cards(state))],
        "cards_confirmed": bool(p.get("cards_confirmed")),
        "deck_confirmed": bool(p.get("deck_confirmed")),
        "spokes": dict(spoke_roads(state)),
    }


# ---------------------------------------------------------------- with Catan for two


def _neutral_closed(rules, state: dict, viewer) -> dict | None:
    """Catan for two's neutral pieces keep off what the scenario closes: its tap targets
    (its own board_targets hook answers first) without a target's sea corners and sides."""
    targets = two_rules.board_targets(rules, state, viewer)
    if not targets:
        return None
    layout = state["board"]["layout"]
    corners, sides = sea_corners(layout), road_closed(rules, state)
    return {kind: [x for x in found if x not in corners and x not in sides] for kind, found in targets.items()}


def _neutral_spots(handler):
    """A neutral colour's setup settlement never stands on a target's sea corner either."""
    def place(step: Step) -> None:
        state = step.state
        if on(state) and step.args.get("corner") in sea_corners(state["board"]["layout"]):
            raise IllegalAction("tb_target_corner")
        handler(step)
    return place


def _neutral_roads(handler):
    """A neutral colour's road never goes on a target's sea sides; its settlement never on
    a sea corner (no road leads there anyway)."""
    def build(step: Step) -> None:
        state = step.state
        if on(state) and base.on_board(state):
            if step.args.get("edge") in road_closed(step.rules, state):
                raise IllegalAction("road_closed", edge=str(step.args["edge"])[:30])
            if step.args.get("corner") in sea_corners(state["board"]["layout"]):
                raise IllegalAction("tb_target_corner")
        handler(step)
    return build


def _barbarian_for_tokens(handler):
    """No robber to send to the desert: trade tokens move a barbarian to another path with no
    road on it (nobody is robbed). The token action's price and once-a-turn are Catan for
    two's."""
    def move(step: Step) -> None:
        state = step.state
        if not on(state):
            handler(step)
            return
        seat = state["turn"]["seat"]
        price = two_rules._pay_tokens(state, step, seat)
        if not free_paths(state, roads=False):
            raise IllegalAction("tb_no_free_path")
        two_rules._spend(state, seat, price)
        step.log("tb_tokens_barbarian", seat=seat, tokens=price)
        part(state)["move"] = {"seat": seat, "why": TOKENS, "from": None, "back": state["phase"]}
        state["phase"] = BARB
    return move


# ---------------------------------------------------------------- with the Events deck


def event_plan(rules, state: dict, event: str, plan: dict) -> dict | None:
    """No robber here: the Robber Flees card does nothing (its Robber Attack is a 7, the
    barbarian moving; its Earthquake's roads cost a wagon 2 points: step_cost)."""
    if on(state) and event == "robber_flees":
        return {"robber": None, "nobody": "no_robber"}
    if on(state) and event == "earthquake" and base.on_board(state):
        # A road on a target's spoke is not on the board's model: only the board's roads turn.
        roads, turned = state["board"]["pieces"]["roads"], damaged(state)
        seats = [s for s in plan.get("damage", []) if any(o == s and e not in turned for e, o in roads.items())]
        return {"damage": seats} if seats else {"damage": [], "nobody": "no_roads"}
    return None


LAYER = Layer(
    name=NAME,
    scenario=NAME,
    applies=scenario(NAME),
    actions=_actions.table,
    wraps={"roll": _reroll, "place_settlement": _city_second, **{name: _before_moving for name in AFTER_MOVING},
           "build_road": lambda handler: _before_moving(_spoke_road(handler))},
    hooks={"check_config": check_config, "new_state": _new_state, "after_action": _after,
           "extra_vp": extra_vp, "vp_sources": vp_sources, "road_weights": road_weights,
           "road_closed": road_closed, "board_set": board_set, "check_board": check_board, "lay_out": lay_out,
           "board_targets": board_targets, "more_board_targets": more_board_targets, "public_view": public_view,
           "gold_sold": gold_sold, "event_plan": event_plan, "board_summary": board_summary,
           "questions": questions, "answers": answers},
    terrains={t: None for t in TARGETS},
    phases=frozenset({BARB}),
    view_key=NAME,
    cores=frozenset({"base"}),
    core_refusal="tb_base_only",
    board_actions={"tb_wagon": ("move_wagon",), "tb_pick": ("pick_barbarian",),
                   "tb_barbarian": ("move_barbarian",), "tb_start": ("set_barbarian",),
                   "tb_spoke": ("build_road",)},
    needs=("gold", "events"),  # the deck's damaged roads and its event_plan hook
)

# With Catan for two: trade tokens move a barbarian instead of the robber; the neutral
# colours' pieces keep off the targets' sea corners and sides.
LAYER_TWO = Layer(
    name="traders_barbarians_two",
    applies=base.scenario_for_two(NAME),
    needs=(two_rules.LAYER.name,),  # composed only with Catan for two: it wraps its actions
    wraps={"robber_to_desert": _barbarian_for_tokens, "place_neutral": _neutral_spots,
           "build_neutral": _neutral_roads},
    cores=frozenset({"base"}),
    core_refusal="tb_base_only",
)
