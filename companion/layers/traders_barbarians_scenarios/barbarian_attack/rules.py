"""Barbarian Attack ("Atak barbarzyńców"), a Traders & Barbarians scenario:
config["scenario"] == "barbarian_attack". Source: /work/shared/rulebooks/traders-and-barbarians-pl.txt,
"ATAK BARBARZYŃCÓW"; digest in RULES-FACTS.md. Played to 12 points (13 with Harbormaster).

Readings of the rulebook (its pictures are not in the text):
- The board: the castle (terrain "castle", no token, never conquered) and the desert lie on
  two opposite corner hexes of the island's outer ring; the ten other hexes of the outer ring
  are the coastal hexes, with the number tokens 2, 3, 4, 5, 6, 8, 9, 10, 11, 12 once each
  (each landing number names one coastal hex); the seven inner hexes get seven of the other
  tokens. One forest is left out, and with it one number token: the app leaves out one "3"
  (the picture decides; the lead can change TOKEN_LEFT_OUT). No robber (it starts nowhere).
- The coastal hexes are found from the board itself (no feature to enter): the outer ring's
  hexes but the castle and the desert. Checked for victories from the one left of the castle
  (its counter-clockwise neighbour on the ring, looking from the island's middle) clockwise.
- Barbarians: 36 in the box (all brown barbarians); 2 start on the coastal 2 and 12, the
  rest are the pool. A prisoner leaves the pool for good.
- Landing: after every settlement or city built in play (not the setup placements), the
  server rolls two dice until three different totals without a 7 have come up; each new
  total puts a barbarian from the pool on the coastal hex with that number unless it holds 3
  already; no rolls once the pool is empty.
- Conquered: 3 barbarians on a coastal hex (its token covered): it produces nothing, no road
  on its paths, no settlement on its corners. A building whose land hexes are all conquered
  is conquered: no points and no harbour (trade_bank wrapped; a phone's ratios too).
  Fewer than 3 again (a victory, Treason, Intrigue): freed.
- Development cards: the scenario's deck; the rulebook's text names "Pasowanie" (knighting)
  and "Czarny rycerz" (black knight) only; the published deck of 26 is 14 knighting,
  4 black knight, 4 treason ("Zdrada": 2 gold, move 2 barbarians from 2 different coastal
  hexes to 2 other different unconquered ones, from the pool when fewer than 2 stand on the
  board), 4 intrigue ("Intryga": take 1 barbarian from a coastal hex as your prisoner). The
  table may enter the deck it has before the first turn (set_barbarian_deck). A card is
  resolved at once when bought; the discards are shuffled into a new deck when it runs out.
  An intrigue with no barbarian on the board is discarded and another card drawn.
- Knights: 6 a player, on paths; placed by knighting (a free path beside the castle) or
  black knight (any free path). At the end of the turn (end_turn, phase "knight_moves"):
  each knight may move once, up to 3 paths (5 for a grain), passing anything, never ending
  on a path with a knight nor beside the castle; a knight placed beside the castle this turn
  must leave (unless it has nowhere to go). Moves come from the phone's form (which knight,
  which path), or, when just one knight can still move, from a tap on the board.
- Victory at a coastal hex with barbarians: more knights on its six paths than barbarians.
  Prisoners: one player alone takes all; several: one each; too few: dice (server) for who
  gets one, the others 3 gold each; a spare one to the most knights (tie: dice, the losers
  3 gold). Every 2 prisoners: 1 point. The colour die (server): 3 colours, each a pair of
  opposite sides of a hex (our reading of the castle's picture); the knights on those two
  paths of the freed hex go back to their owners, 3 gold each.
- A 7: discards as usual, then the roller draws 1 random resource card from an opponent
  of their choice (the base game's "steal" step, without a robber).
- With the Events of Catan deck (the rulebook's changes): Robber Attack discards, then the
  revealer draws from an opponent (the 7 above); Robber Flees does nothing (no robber);
  Conflict: the one player with the most knights on the board draws a card (the deck's own
  rule, comparing the knights on the board while the card is revealed: reveal_event wrapped).
- With Catan for two (the scenario's own "Łączenie z wariantem Catan dla dwojga"; LAYER_TWO,
  composed only with config["variants"]["two_players"]), everything above plus:
  1. The wandering knight: one knight of no player's colour (drawn in the first neutral
     colour). It comes onto the board with the first knight placed in the game (either
     player's, knighting or black knight): that player puts it on a free path beside the
     castle (phase "wandering_place"; when no castle path is free, with the next knight
     placed). At the end of a turn the active player moves their own knights, then may move
     it, by the same rules (3 paths, 5 for a grain they pay; our reading: once it has moved,
     their own knights stay). Placed beside the castle this turn, it must leave like any
     knight (our reading). It fights like a knight, but is never taken by the colour die.
  2. A neutral settlement built right after the player's own brings a second landing, rolled
     after the first (build_neutral wrapped). A neutral piece keeps off conquered land too:
     no neutral road on a conquered hex's paths, no neutral settlement on its corners.
  3. No robber, so the token action "robber back to the desert" is replaced: for 1 trade
     token (2 when ahead on points) the active player moves one barbarian (our reading of
     "move barbarians": one a payment) from a coastal hex to another that holds fewer than
     3 (it may conquer it; leaving frees a conquered hex). Once a turn, like any token action.
  4. Too few prisoners and the wandering knight took part: it "rolls" 3, without dice (and
     3 again at every re-roll of a tie; our reading: the same for the spare prisoner's tie).
     A prisoner it wins is nobody's (b["wandering_prisoners"]); it takes no gold.
  5. A knight lost to the colour die pays 2 gold and 1 trade token (not 3 gold).
  The 7 with two players: discards, then the roller draws from the opponent, then the
  second roll.
- Combinations refused (clear codes): other table sizes than 3-4, or 2 without Catan for
  two (barbarian_attack_players), Cities & Knights.

state["barbarian_attack"]:
  barbarians {hex: n}   pool int   knights {edge: seat}   prisoners [n per seat]
  placed [edges]  knights placed beside the castle this turn   moved [edges] moved this turn
  deck {card: n}  discards {card: n}   rolls int (the dice counter)   card None|{"card","seat"}
  landing None|{"seat", "rolls": [[d1, d2]], "placed": [hex], "turn"}   battles [..] the last end of turn
  moves_done int|None  the turn whose knight moves are over   deck_set bool (the table entered its deck)
  with Catan for two: wandering edge|None   wandering_turn / wandering_moved: the turn it was
  placed / moved   wander None|{"seat", "back"} (its placing)   wandering_prisoners int
"""
from __future__ import annotations

import math

from companion.layers.cores.base import rules as base
from companion.layers.options.catan_for_two import rules as two_rules
from companion.layers.gold import rules as gold
from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery.board_geometry import hex_centre
from companion.machinery.composition import Actions, Layer, scenario
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step

NAME = "barbarian_attack"
TARGET = 12
CASTLE = "castle"
BARBARIANS = 36
START_NUMBERS = (2, 12)
CONQUER = 3
KNIGHTS = 6
MOVE = 3
LONG_MOVE = 5
LONG_MOVE_COST = {"grain": 1}
PRISONERS_PER_VP = 2
LOST_KNIGHT_GOLD = 3
NO_PRISONER_GOLD = 3
TREASON_GOLD = 2
LANDING_DIFFERENT = 3
MAX_LANDING_ROLLS = 500  # never reached in practice (3 of 10 totals)
TOKEN_LEFT_OUT = 3
COLOURS = ("green", "brown", "purple")
DECK = {"knighthood": 14, "black_knight": 4, "treason": 4, "intrigue": 4}
CARDS = tuple(DECK)
KNIGHT_CARDS = ("knighthood", "black_knight")
MAX_CARDS = 30  # of one kind, in a deck the table enters
PLAYERS = (3, 4)
FRAME = "base"  # the rulebook's board: the 3-4 frame (24 knights, 6 in each of 4 colours)
MOVES, KNIGHT_PHASE, TREASON, INTRIGUE = "knight_moves", "knight_place", "treason", "intrigue"
STREAM = "barbarians"
GOLD_REASONS = ("lost_knight", "no_prisoner", "treason")
# With Catan for two (the scenario's rules for two)
WANDERER = -1  # the wandering knight among a fight's participants: it has no seat
WANDERING_ROLL = 3
TWO_LOST_KNIGHT_GOLD, TWO_LOST_KNIGHT_TOKENS = 2, 1
WANDER_PHASE = "wandering_place"

_actions = Actions()


def on(state: dict) -> bool:
    return state["config"].get("scenario") == NAME


def part(state: dict) -> dict:
    return state[NAME]


def two_players(state: dict) -> bool:
    return on(state) and base.for_two(state["config"])


def wandering(state: dict) -> str | None:
    """The wandering knight's path (Catan for two), None before it is placed."""
    return part(state).get("wandering")


def occupied(state: dict) -> set:
    """Paths holding a knight: the players' and the wandering one."""
    w = wandering(state)
    return set(part(state)["knights"]) | ({w} if w else set())


# ---------------------------------------------------------------- the board


def outer_ring(layout_or_frame) -> list[str]:
    """The hexes touching the sea, clockwise on screen (from the top-left one)."""
    g = boards.geometry(layout_or_frame)
    ring = [h for h in g.hexes if len(g.hex_neighbours[h]) < 6]
    centres = {h: hex_centre(boards.parse_hex_id(h)) for h in g.hexes}
    cx = sum(x for x, _ in centres.values()) / len(centres)
    cy = sum(y for _, y in centres.values()) / len(centres)
    return sorted(ring, key=lambda h: math.atan2(centres[h][1] - cy, centres[h][0] - cx))


def ring_corners(frame) -> list[str]:
    """The outer ring's corner hexes (three sea neighbours... or fewer land ones)."""
    g = boards.geometry(frame)
    ring = outer_ring(frame)
    least = min(len(g.hex_neighbours[h]) for h in ring)
    return [h for h in ring if len(g.hex_neighbours[h]) == least]


def castle_of(layout: dict) -> str | None:
    return next((h for h, x in layout["hexes"].items() if (x or {}).get("terrain") == CASTLE), None)


def coastal_hexes(layout: dict) -> list[str]:
    """The coastal hexes in the order their victories are checked: from the one left of the
    castle (its counter-clockwise neighbour on the ring), clockwise."""
    ring = outer_ring(layout)
    castle = castle_of(layout)
    hexes = layout["hexes"]
    if castle in ring:
        i = ring.index(castle)
        ring = [ring[i - 1]] + ring[i + 1:] + ring[:i - 1]
    return [h for h in ring if h != castle and (hexes.get(h) or {}).get("terrain") not in (CASTLE, "desert")]


def number_of(layout: dict, hex_: str) -> int | None:
    return (layout["hexes"].get(hex_) or {}).get("number")


def coastal_with(layout: dict, number: int) -> str | None:
    return next((h for h in coastal_hexes(layout) if number_of(layout, h) == number), None)


def board_set(rules, frame: str, expected: dict) -> dict:
    """The castle instead of a forest, untokened like the desert; one token out; no robber."""
    terrains = dict(expected["terrains"])
    terrains["forest"] = terrains.get("forest", 0) - 1
    terrains[CASTLE] = 1
    tokens = dict(expected["tokens"])
    tokens[TOKEN_LEFT_OUT] = tokens.get(TOKEN_LEFT_OUT, 0) - 1
    return {**expected, "terrains": terrains, "tokens": tokens,
            "untokened": set(expected["untokened"]) | {CASTLE}, "robber_on": None}


def check_board(rules, layout: dict) -> list:
    """The castle and the desert on the outer ring; the coastal hexes numbered 2-12 once each."""
    hexes = layout.get("hexes") or {}
    ring = outer_ring(layout)
    castle = castle_of(layout)
    if castle is None:
        return []  # the terrain counts say so already
    if castle not in ring:
        return [("castle_not_on_coast", {"hex": castle})]
    desert = next((h for h, x in hexes.items() if (x or {}).get("terrain") == "desert"), None)
    if desert is not None and desert not in ring:
        return [("desert_not_on_coast", {"hex": desert})]
    numbers = sorted(number_of(layout, h) or 0 for h in coastal_hexes(layout))
    if numbers != [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]:
        return [("coastal_numbers", {})]
    return []


def lay_out(rules, layout: dict, rng) -> dict:
    """A generated board made the scenario's: the castle on a corner hex of the outer ring,
    the desert on the opposite one, the terrains dealt at random (10 on the coast, 7 inside),
    the coastal hexes numbered 2-12 once each, the inner ones with the other tokens."""
    if layout.get("frame") != FRAME:
        # The app lays out a 5-6 board for 5 or 6 players: the table size is what is wrong,
        # so say that now rather than let the core refuse the board as incomplete.
        raise IllegalAction("barbarian_attack_players")
    hexes = {h: dict(x) for h, x in layout["hexes"].items()}
    if all(x.get("terrain") is None for x in hexes.values()):
        return layout  # a blank board to enter by hand
    corners = ring_corners(layout["frame"])
    castle = corners[rng.randint(len(corners))]
    q, r = boards.parse_hex_id(castle)
    desert = f"{-q},{-r}"
    if desert not in hexes:
        desert = corners[(corners.index(castle) + len(corners) // 2) % len(corners)]
    ring = outer_ring(layout)
    coast = [h for h in ring if h not in (castle, desert)]
    inner = [h for h in hexes if h not in ring]
    coast_terrains = ["forest"] * 2 + ["hills"] * 2 + ["pasture"] * 3 + ["mountains"] + ["fields"] * 2
    inner_terrains = ["forest", "pasture", "hills", "mountains", "mountains", "fields", "fields"]
    if len(coast) != len(coast_terrains) or len(inner) != len(inner_terrains):
        return layout  # not the rulebook's frame's ring: left as generated (check_board says why)
    coast_numbers = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
    inner_numbers = [3, 4, 5, 6, 8, 9, 10, 11]
    inner_numbers.remove(TOKEN_LEFT_OUT)

    def shuffled(items):
        items = list(items)
        out = []
        while items:
            out.append(items.pop(rng.randint(len(items))))
        return out

    for cells, terrains, numbers in ((coast, coast_terrains, coast_numbers), (inner, inner_terrains, inner_numbers)):
        for h, t, n in zip(cells, shuffled(terrains), shuffled(numbers)):
            hexes[h] = {**hexes[h], "terrain": t, "number": n}
            hexes[h].pop("extra_numbers", None)
    hexes[castle] = {**hexes[castle], "terrain": CASTLE, "number": None}
    hexes[desert] = {**hexes[desert], "terrain": "desert", "number": None}
    return {**layout, "hexes": hexes, "robber": None}


# ---------------------------------------------------------------- state


def _new_state(state: dict) -> None:
    if not on(state):
        return
    n = len(state["players"])
    state[NAME] = {"barbarians": {}, "pool": BARBARIANS, "knights": {}, "prisoners": [0] * n,
                   "placed": [], "moved": [], "deck": dict(DECK), "discards": {c: 0 for c in CARDS},
                   "rolls": 0, "card": None, "landing": None, "battles": [], "moves_done": None,
                   "deck_set": False}
    if base.on_board(state) and state["phase"] != "board":
        _start_barbarians(state)


def _start_barbarians(state: dict) -> None:
    """One barbarian on each of the coastal 2 and 12."""
    b = part(state)
    if b["barbarians"] or b["pool"] != BARBARIANS:
        return
    layout = state["board"]["layout"]
    for number in START_NUMBERS:
        h = coastal_with(layout, number)
        if h is not None:
            b["barbarians"][h] = b["barbarians"].get(h, 0) + 1
            b["pool"] -= 1


def conquered(state: dict) -> list[str]:
    """The coastal hexes holding 3 barbarians (their token covered)."""
    if not on(state) or not base.on_board(state):
        return []
    return sorted(h for h, n in part(state)["barbarians"].items() if n >= CONQUER)


def conquered_buildings(state: dict) -> dict[str, int]:
    """Buildings touching only sea and conquered hexes -> their owner."""
    lost = conquered(state)
    if not lost:
        return {}
    g = boards.geometry(state["board"]["layout"])
    pieces = state["board"]["pieces"]
    found = {}
    for kind in ("settlements", "cities"):
        for corner, seat in pieces[kind].items():
            if all(h in lost for h in g.corner_hexes[corner]):
                found[corner] = seat
    return found


def lost_vp(state: dict, seat: int) -> int:
    pieces = state["board"]["pieces"]
    return sum(2 if c in pieces["cities"] else 1 for c, s in conquered_buildings(state).items() if s == seat)


def vp_sources(rules, state: dict, seat: int) -> dict:
    if not on(state):
        return {}
    return {"prisoners": part(state)["prisoners"][seat] // PRISONERS_PER_VP,
            "conquered": -lost_vp(state, seat) if base.on_board(state) else 0}


def extra_vp(rules, state: dict, seat: int) -> int:
    return sum(vp_sources(rules, state, seat).values())


def road_closed(rules, state: dict) -> set:
    """No road on the paths of a conquered hex."""
    if not on(state) or not base.on_board(state):
        return set()
    g = boards.geometry(state["board"]["layout"])
    return {e for h in conquered(state) for e in g.hex_edges[h]}


def closed_corners(state: dict) -> set:
    g = boards.geometry(state["board"]["layout"])
    return {c for h in conquered(state) for c in g.hex_corners[h]}


# ---------------------------------------------------------------- dice by the server


def _dice(step: Step, key: str) -> list[int]:
    b = part(step.state)
    counter = b["rolls"]
    dice = [step.outcome(f"{key}:a", lambda c: c.randint(STREAM, counter, 6) + 1, base._valid_die),
            step.outcome(f"{key}:b", lambda c: c.randint(STREAM, counter + 1, 6) + 1, base._valid_die)]
    b["rolls"] = counter + 2
    return dice


def _colour(step: Step, key: str) -> int:
    b = part(step.state)
    counter = b["rolls"]
    value = step.outcome(key, lambda c: c.randint(STREAM, counter, len(COLOURS)),
                         lambda v: isinstance(v, int) and 0 <= v < len(COLOURS))
    b["rolls"] = counter + 1
    return value


def land(step: Step, seat: int) -> None:
    """The barbarians land after a building: rolls until 3 different totals without a 7."""
    state = step.state
    b = part(state)
    layout = state["board"]["layout"]
    prefix = "land"  # one build per action, so one landing
    seen: list[int] = []
    rolls: list[list[int]] = []
    placed: list[str] = []
    i = 0
    while b["pool"] > 0 and len(seen) < LANDING_DIFFERENT and i < MAX_LANDING_ROLLS:
        dice = _dice(step, f"{prefix}:{i}")
        i += 1
        rolls.append(dice)
        total = sum(dice)
        if total == 7 or total in seen:
            continue
        seen.append(total)
        h = coastal_with(layout, total)
        if h is None or b["barbarians"].get(h, 0) >= CONQUER:
            continue
        b["barbarians"][h] = b["barbarians"].get(h, 0) + 1
        b["pool"] -= 1
        placed.append(h)
    if not rolls:
        return
    step.reveal("barbarian_dice", keys=tuple(k for k in step.outcomes if k.startswith(prefix + ":")))
    b["landing"] = {"seat": seat, "rolls": rolls, "placed": placed, "turn": state["turn"]["number"]}
    now = [h for h in placed if b["barbarians"][h] >= CONQUER]
    step.log("barbarians_landed", seat=seat, totals=[sum(d) for d in rolls], hexes=placed, conquered=now,
             numbers=[number_of(layout, h) for h in placed], lost=[number_of(layout, h) for h in now],
             pool=b["pool"])


# ---------------------------------------------------------------- builds, roll, the 7


def _build_then_land(kind: str):
    def wrap(handler):
        def build(step: Step) -> None:
            state = step.state
            if not on(state) or not base.on_board(state):
                handler(step)
                return
            if kind == "settlement":
                corner = step.args.get("corner")
                if isinstance(corner, str) and corner in closed_corners(state):
                    raise IllegalAction("corner_conquered", corner=corner[:20])
            handler(step)
            land(step, base.active_seat(state))
        return build
    return wrap


def _setup_city(handler):
    """Setup: a settlement, then a city (its hexes pay one resource each, as usual)."""
    def place(step: Step) -> None:
        state = step.state
        second = state["setup"]["index"] >= len(state["players"])
        handler(step)
        if not on(state) or not second:
            return
        corner = state["setup"]["corner"]
        seat = base.active_seat(state)
        pieces = state["board"]["pieces"]
        del pieces["settlements"][corner]
        pieces["cities"][corner] = seat
        state["players"][seat]["settlements"] -= 1
        state["players"][seat]["cities"] += 1
        step.log("setup_city", seat=seat)
    return place


def _roll_without_conquered(handler):
    """A conquered hex pays nothing: production sees it without its token. With the Events
    of Catan deck (the card's number produces) the same; and its knight events (Conflict,
    Tournament) compare the knights on the board, this scenario's knights (the rulebook's
    Conflict: the one player with the most knights on the board draws a card)."""
    def roll(step: Step) -> None:
        state = step.state
        if not on(state) or not base.on_board(state):
            handler(step)
            return
        lost = conquered(state)
        board = state["board"]
        layout = board["layout"]
        played = [p["knights_played"] for p in state["players"]]
        if lost:
            board["layout"] = {**layout, "hexes": {
                h: ({**x, "number": None, "extra_numbers": []} if h in lost else x)
                for h, x in layout["hexes"].items()}}
        for seat, player in enumerate(state["players"]):
            player["knights_played"] = KNIGHTS - knights_left(state, seat)
        try:
            handler(step)
        finally:
            board["layout"] = layout
            for player, n in zip(state["players"], played):
                player["knights_played"] = n
    return roll


def free_pieces(state: dict) -> dict:
    """The pieces without the conquered buildings (lying on their side: no harbour)."""
    pieces = state["board"]["pieces"]
    lost = conquered_buildings(state)
    if not lost:
        return pieces
    return {**pieces, "settlements": {c: s for c, s in pieces["settlements"].items() if c not in lost},
            "cities": {c: s for c, s in pieces["cities"].items() if c not in lost}}


def harbour_ratios(state: dict, seat: int) -> dict:
    return boards.harbour_ratios(state["board"]["layout"], free_pieces(state), seat)


def _no_conquered_harbour(handler):
    """A conquered building's harbour can't be used: a trade with the bank (resources, or
    gold: the gold layer's trade_gold) sees the board without the conquered buildings."""
    def trade(step: Step) -> None:
        state = step.state
        if not on(state) or not base.on_board(state) or not conquered_buildings(state):
            handler(step)
            return
        board = state["board"]
        pieces = board["pieces"]
        board["pieces"] = free_pieces(state)
        try:
            handler(step)
        finally:
            board["pieces"] = pieces
    return trade


def after_action(rules, state: dict, step: Step) -> None:
    """No robber: after a 7's discards the roller draws from an opponent of their choice."""
    if not on(state) or state["phase"] != "robber":
        return
    seat = state["turn"]["seat"]
    spared = rules.robber_spared(state)
    victims = [v for v in range(len(state["players"])) if v != seat and v not in spared]
    if hands.uses_hands(state):
        victims = [v for v in victims if hands.hand_size(state, v)]
    step.log("barbarian_seven", seat=seat, victims=victims)
    if victims and base.on_board(state):
        state["board"]["victims"] = victims
        state["phase"] = "steal"
    else:
        state["phase"] = state["robber_return"] or "main"
        state["robber_return"] = None


# ---------------------------------------------------------------- development cards


@_actions.action("set_barbarian_deck", phases={"board", "setup"}, actors={"table"}, when=on)
def set_barbarian_deck(step: Step) -> None:
    """The table enters the deck it has (the published one by default), before play."""
    state = step.state
    counts = {c: step.args[f"deck_{c}"] for c in CARDS if f"deck_{c}" in step.args}
    if not counts or any(k.startswith("deck_") and k[5:] not in CARDS for k in step.args):
        raise IllegalAction("bad_deck")
    deck = {}
    for card in CARDS:
        try:
            n = int(counts.get(card, 0))
        except (TypeError, ValueError):
            raise IllegalAction("bad_deck") from None
        if not 0 <= n <= MAX_CARDS:
            raise IllegalAction("bad_deck")
        deck[card] = n
    if not sum(deck.values()):
        raise IllegalAction("bad_deck")
    b = part(state)
    if deck == b["deck"] and b["deck_set"]:
        raise IllegalAction("nothing_changes")
    b["deck"] = deck
    b["deck_set"] = True
    step.log("barbarian_deck", **deck)


def _draw(step: Step, key: str) -> str:
    b = part(step.state)
    if not sum(b["deck"].values()):
        b["deck"], b["discards"] = dict(b["discards"]), {c: 0 for c in CARDS}
        step.log("barbarian_deck_shuffled", cards=sum(b["deck"].values()))
    deck = b["deck"]
    counter = step.state["counters"]["dev"]

    def draw(chance):
        index = chance.randint("dev", counter, sum(deck.values()))
        for card in CARDS:
            if index < deck[card]:
                return card
            index -= deck[card]
        raise AssertionError("index beyond the deck")

    card = step.outcome(key, draw, lambda v: v in CARDS and deck.get(v, 0) > 0)
    step.state["counters"]["dev"] = counter + 1
    deck[card] -= 1
    return card


def _discard(state: dict, card: str) -> None:
    part(state)["discards"][card] += 1


def knight_paths(state: dict, card: str) -> list[str]:
    """Free paths for a new knight: beside the castle (knighting) or anywhere."""
    layout = state["board"]["layout"]
    g = boards.geometry(layout)
    taken = part(state)["knights"]
    if card == "knighthood":
        castle = castle_of(layout)
        paths = list(g.hex_edges[castle]) if castle else []
    else:
        paths = list(g.edges)
    taken = occupied(state)
    return sorted(e for e in paths if e not in taken)


def knights_left(state: dict, seat: int) -> int:
    return KNIGHTS - sum(1 for s in part(state)["knights"].values() if s == seat)


def _buy(handler):
    def buy(step: Step) -> None:
        state = step.state
        if not on(state):
            handler(step)
            return
        if not base.on_board(state):
            raise IllegalAction("barbarian_attack_needs_board")
        b = part(state)
        seat = base.active_seat(state)
        base._check_builder(step)
        if not sum(b["deck"].values()) and not sum(b["discards"].values()):
            raise IllegalAction("dev_deck_empty")
        base._pay(state, seat, "dev")
        _resolve(step, seat, _draw(step, "card"))
    return buy


def _resolve(step: Step, seat: int, card: str, redraws: int = 0) -> None:
    state = step.state
    b = part(state)
    step.reveal("barbarian_card", keys=tuple(k for k in step.outcomes if k.startswith("card")))
    step.log("barbarian_card", seat=seat, card=card)
    if card == "intrigue" and not b["barbarians"] and sum(b["deck"].values()) + sum(b["discards"].values()) \
            and redraws < 2 * MAX_CARDS * len(CARDS):
        _discard(state, card)
        step.log("barbarian_card_void", seat=seat, card=card)
        _resolve(step, seat, _draw(step, f"card{redraws + 1}"), redraws + 1)
        return
    if card in KNIGHT_CARDS and (not knights_left(state, seat) or not knight_paths(state, card)):
        _discard(state, card)
        step.log("barbarian_card_void", seat=seat, card=card)
        return
    if card == "intrigue" and not b["barbarians"]:
        _discard(state, card)
        step.log("barbarian_card_void", seat=seat, card=card)
        return
    if card == "treason":
        gold.earn(state, step, seat, TREASON_GOLD, "treason")
    phase = {"knighthood": KNIGHT_PHASE, "black_knight": KNIGHT_PHASE, "treason": TREASON,
             "intrigue": INTRIGUE}[card]
    b["card"] = {"card": card, "seat": seat, "back": state["phase"]}
    state["pending"] = [{"seat": seat, "kind": phase}]
    state["phase"] = phase


def _card_done(state: dict) -> None:
    b = part(state)
    card = b["card"]
    _discard(state, card["card"])
    state["phase"] = card["back"]
    state["pending"] = []
    b["card"] = None


def _card_seat(step: Step, kind: str) -> int:
    state = step.state
    if "seat" in step.actor:
        return step.seat_for_pending(kind)
    return part(state)["card"]["seat"]


@_actions.action("place_knight", phases={KNIGHT_PHASE}, actors={"pending", "table"}, when=on)
def place_knight(step: Step) -> None:
    state = step.state
    seat = _card_seat(step, KNIGHT_PHASE)
    b = part(state)
    edge = base._location(step, "edge")
    card = b["card"]["card"]
    if edge in occupied(state):
        raise IllegalAction("knight_path_taken")
    if edge not in knight_paths(state, card):
        raise IllegalAction("knight_beside_castle" if card == "knighthood" else "knight_not_here")
    b["knights"][edge] = seat
    castle = castle_of(state["board"]["layout"])
    if castle and edge in boards.geometry(state["board"]["layout"]).hex_edges[castle]:
        b["placed"].append(edge)
    step.log("knight_placed", seat=seat, edge=edge, card=card)
    _card_done(state)
    if two_players(state) and not b.get("wandering") and wandering_paths(state):
        # The first knight on the board brings the wandering knight beside the castle.
        b["wander"] = {"seat": seat, "back": state["phase"]}
        state["pending"] = [{"seat": seat, "kind": WANDER_PHASE}]
        state["phase"] = WANDER_PHASE


def _coastal_arg(state: dict, value, code: str) -> str:
    if not isinstance(value, str) or value not in coastal_hexes(state["board"]["layout"]):
        raise IllegalAction(code)
    return value


@_actions.action("barbarian_intrigue", phases={INTRIGUE}, actors={"pending", "table"}, when=on)
def barbarian_intrigue(step: Step) -> None:
    """Intrigue: one barbarian from a coastal hex becomes the player's prisoner."""
    state = step.state
    seat = _card_seat(step, INTRIGUE)
    b = part(state)
    h = _coastal_arg(state, step.args.get("hex"), "no_barbarian_there")
    if not b["barbarians"].get(h):
        raise IllegalAction("no_barbarian_there")
    was = conquered(state)
    _take(b, h)
    b["prisoners"][seat] += 1
    step.log("intrigue", seat=seat, hex=h, number=number_of(state["board"]["layout"], h),
             freed=[x for x in was if x not in conquered(state)], prisoners=b["prisoners"][seat])
    _card_done(state)


def _take(b: dict, h: str, n: int = 1) -> None:
    b["barbarians"][h] -= n
    if not b["barbarians"][h]:
        del b["barbarians"][h]


@_actions.action("barbarian_treason", phases={TREASON}, actors={"pending", "table"}, when=on)
def barbarian_treason(step: Step) -> None:
    """Treason: 2 barbarians from 2 different coastal hexes (the pool when fewer than 2
    stand on the board) to 2 other different unconquered coastal hexes."""
    state = step.state
    seat = _card_seat(step, TREASON)
    b = part(state)
    sources = step.args.get("sources") or []
    targets = step.args.get("targets") or []
    if not isinstance(sources, list) or not isinstance(targets, list):
        raise IllegalAction("bad_treason")
    sources = [_coastal_arg(state, h, "bad_treason") for h in sources if h != ""]
    targets = [_coastal_arg(state, h, "bad_treason") for h in targets if h != ""]
    standing = [h for h, n in b["barbarians"].items() if n]
    need_sources = min(2, len(standing))
    from_pool = min(2 - need_sources, b["pool"])
    if len(sources) != need_sources or len(set(sources)) != len(sources):
        raise IllegalAction("treason_sources", count=need_sources)
    if any(not b["barbarians"].get(h) for h in sources):
        raise IllegalAction("no_barbarian_there")
    moving = need_sources + from_pool
    if len(targets) != moving or len(set(targets)) != len(targets) or set(targets) & set(sources):
        raise IllegalAction("treason_targets", count=moving)
    if any(b["barbarians"].get(h, 0) >= CONQUER for h in targets):
        raise IllegalAction("treason_conquered")
    was = conquered(state)
    for h in sources:
        _take(b, h)
    b["pool"] -= from_pool
    for h in targets:
        b["barbarians"][h] = b["barbarians"].get(h, 0) + 1
    now = conquered(state)
    layout = state["board"]["layout"]
    step.log("treason", seat=seat, sources=sources, targets=targets, from_pool=from_pool,
             source_numbers=[number_of(layout, h) for h in sources],
             target_numbers=[number_of(layout, h) for h in targets],
             freed=[h for h in was if h not in now], conquered=[h for h in now if h not in was])
    _card_done(state)


# ---------------------------------------------------------------- knights move, victories


def path_distances(layout: dict, start: str, limit: int) -> dict[str, int]:
    """Paths reachable from `start` in at most `limit` steps (passing anything)."""
    g = boards.geometry(layout)
    seen = {start: 0}
    frontier = [start]
    for d in range(1, limit + 1):
        nxt = []
        for e in frontier:
            for c in g.edge_corners[e]:
                for f in g.corner_edges[c]:
                    if f not in seen:
                        seen[f] = d
                        nxt.append(f)
        frontier = nxt
    return seen


def castle_paths(state: dict) -> set:
    layout = state["board"]["layout"]
    castle = castle_of(layout)
    return set(boards.geometry(layout).hex_edges[castle]) if castle else set()


def knight_destinations(state: dict, edge: str, limit: int = LONG_MOVE) -> dict[str, int]:
    """Where the knight on `edge` may end: -> the paths it takes."""
    taken = occupied(state)
    near = castle_paths(state)
    return {e: d for e, d in path_distances(state["board"]["layout"], edge, limit).items()
            if d > 0 and e not in taken and e not in near}


def movable(state: dict, seat: int) -> list[str]:
    b = part(state)
    return sorted(e for e, s in b["knights"].items() if s == seat and e not in b["moved"]
                  and knight_destinations(state, e))


def wandering_movable(state: dict) -> bool:
    b = part(state)
    w = b.get("wandering")
    return bool(w) and b.get("wandering_moved") != state["turn"]["number"] and bool(knight_destinations(state, w))


def movers(state: dict, seat: int) -> list[str]:
    """The knights that may still move this turn: one's own, then the wandering knight
    (once it has moved, one's own stay)."""
    b = part(state)
    if b.get("wandering") and b.get("wandering_moved") == state["turn"]["number"]:
        return []
    return movable(state, seat) + ([b["wandering"]] if wandering_movable(state) else [])


def must_leave(state: dict, seat: int) -> list[str]:
    """Knights placed beside the castle this turn that still stand there (and can leave)."""
    b = part(state)
    left = [e for e in b["placed"] if b["knights"].get(e) == seat and e not in b["moved"]
            and knight_destinations(state, e)]
    if b.get("wandering_turn") == state["turn"]["number"] and wandering_movable(state):
        left.append(b["wandering"])  # the wandering knight placed beside the castle this turn
    return left


def _end_turn(handler):
    """The end of the turn: the knights move, then the coastal hexes are checked."""
    def end_turn(step: Step) -> None:
        state = step.state
        if not on(state) or not base.on_board(state):
            handler(step)
            return
        b = part(state)
        seat = state["turn"]["seat"]
        if b["moves_done"] != state["turn"]["number"] and (any(s == seat for s in b["knights"].values())
                                                          or b.get("wandering")):
            state["phase"] = MOVES
            step.log("knight_moves", seat=seat)
            return
        _finish_turn(step, handler)
    return end_turn


def _finish_turn(step: Step, handler) -> None:
    state = step.state
    b = part(state)
    seat = state["turn"]["seat"]
    b["moves_done"] = state["turn"]["number"]
    state["phase"] = "main"
    battles(step)
    b["placed"], b["moved"] = [], []
    if step.rules.vp_total(state, seat) >= step.rules.target(state, seat):
        return  # the prisoners won it: the victory check ends the game in this turn
    handler(step)


@_actions.action("move_knight", phases={MOVES}, actors={"active", "table"}, when=on)
def move_knight(step: Step) -> None:
    state = step.state
    b = part(state)
    seat = state["turn"]["seat"]
    start, to = step.args.get("from"), step.args.get("to")
    if start in (None, "") and len(movers(state, seat)) == 1:
        start = movers(state, seat)[0]  # a tap on the board: the one knight that can move
    if to in (None, ""):
        to = step.args.get("edge")  # a tap on the board
    for value, key in ((start, "from"), (to, "to")):
        if not isinstance(value, str) or not value or len(value) > 64:
            raise IllegalAction("pick_on_board", where=key)
    wanderer = start == b.get("wandering")
    if wanderer:
        if b.get("wandering_moved") == state["turn"]["number"]:
            raise IllegalAction("knight_moved")
        if [e for e in must_leave(state, seat) if e != start]:
            raise IllegalAction("wandering_moves_last")  # one's own knights first
    elif b["knights"].get(start) != seat:
        raise IllegalAction("not_your_knight")
    elif b.get("wandering") and b.get("wandering_moved") == state["turn"]["number"]:
        raise IllegalAction("wandering_moves_last")
    if start in b["moved"]:
        raise IllegalAction("knight_moved")
    if to in occupied(state):
        raise IllegalAction("knight_path_taken")
    if to in castle_paths(state):
        raise IllegalAction("knight_beside_castle_end")
    far = knight_destinations(state, start, LONG_MOVE)
    if to not in far:
        raise IllegalAction("knight_too_far", limit=LONG_MOVE)
    grain = far[to] > MOVE
    if grain and hands.uses_hands(state):
        if "seat" not in step.actor:
            raise IllegalAction("build_on_phone")
        hands.pay_to_bank(state, seat, LONG_MOVE_COST)
    if wanderer:
        b["wandering"] = to
        b["wandering_moved"] = state["turn"]["number"]
        step.log("knight_moved", seat=seat, edge=start, to=to, paths=far[to], grain=grain, wandering=True)
        return
    del b["knights"][start]
    b["knights"][to] = seat
    b["moved"].append(to)
    if start in b["placed"]:
        b["placed"].remove(start)
    step.log("knight_moved", seat=seat, edge=start, to=to, paths=far[to], grain=grain)


@_actions.action("knights_done", phases={MOVES}, actors={"active", "table"}, when=on)
def knights_done(step: Step) -> None:
    state = step.state
    seat = state["turn"]["seat"]
    if must_leave(state, seat):
        raise IllegalAction("knight_must_leave_castle")
    part(state)["moves_done"] = state["turn"]["number"]
    state["phase"] = "main"
    step.rules.actions["end_turn"].handler(step)  # the checks, then the next turn


def battles(step: Step) -> None:
    """Every coastal hex in turn: more knights around it than barbarians on it wins."""
    state = step.state
    b = part(state)
    layout = state["board"]["layout"]
    g = boards.geometry(layout)
    results = []
    for i, h in enumerate(coastal_hexes(layout)):
        barbarians = b["barbarians"].get(h, 0)
        if not barbarians:
            continue
        around = {e: b["knights"][e] for e in g.hex_edges[h] if e in b["knights"]}
        if b.get("wandering") in g.hex_edges[h]:
            around[b["wandering"]] = WANDERER  # it fights for nobody
        if len(around) <= barbarians:
            continue
        count: dict[int, int] = {}
        for s in around.values():
            count[s] = count.get(s, 0) + 1
        was_conquered = barbarians >= CONQUER
        del b["barbarians"][h]
        share, rolls, paid = share_prisoners(step, f"battle{i}", count, barbarians)
        for s, n in share.items():
            if s == WANDERER:
                b["wandering_prisoners"] += n  # nobody's: out of the game
            else:
                b["prisoners"][s] += n
        paid = [s for s in paid if s != WANDERER]
        for s in paid:
            gold.earn(state, step, s, NO_PRISONER_GOLD, "no_prisoner", where=h)
        colour = _colour(step, f"colour{i}")
        sides = g.hex_edges[h]
        lost_paths = [sides[colour], sides[colour + 3]]
        lost = [[e, b["knights"][e]] for e in lost_paths if e in b["knights"]]
        for e, s in lost:
            del b["knights"][e]
            if e in b["moved"]:
                b["moved"].remove(e)
            if two_players(state):  # with two: 2 gold and a trade token
                gold.earn(state, step, s, TWO_LOST_KNIGHT_GOLD, "lost_knight", where=e)
                two_rules.earn(state, step, s, TWO_LOST_KNIGHT_TOKENS, "lost_knight")
            else:
                gold.earn(state, step, s, LOST_KNIGHT_GOLD, "lost_knight", where=e)
        result = {"hex": h, "number": number_of(layout, h), "barbarians": barbarians, "knights": {str(s): n for s, n in sorted(count.items())},
                  "prisoners": {str(s): n for s, n in sorted(share.items())}, "rolls": rolls,
                  "gold": sorted(paid), "colour": COLOURS[colour], "lost": lost, "freed": was_conquered}
        results.append(result)
        step.log("barbarians_beaten", **result)
    if results:
        step.reveal("battle_dice", keys=tuple(k for k in step.outcomes if k.startswith(("battle", "colour"))))
    b["battles"] = results


def share_prisoners(step: Step, key: str, knights: dict[int, int], barbarians: int):
    """(prisoners per seat, the dice rolled {seat: [totals]}, seats paid gold instead)."""
    seats = sorted(knights)
    if len(seats) == 1:
        return {seats[0]: barbarians}, {}, []
    rolls: dict[str, list[int]] = {}
    n = [0]

    def roll_for(contenders):
        totals = {}
        for s in contenders:
            if s == WANDERER:
                total = WANDERING_ROLL  # the wandering knight's roll, without dice
            else:
                total = sum(_dice(step, f"{key}:{n[0]}"))
                n[0] += 1
            totals[s] = total
            rolls.setdefault(str(s), []).append(total)
        return totals

    def rank(contenders, places):
        """The `places` winners among contenders, by dice, re-rolling ties at the cut."""
        winners = []
        while places > 0 and contenders:
            if len(contenders) <= places:
                return winners + sorted(contenders)
            totals = roll_for(contenders)
            ordered = sorted(set(totals.values()), reverse=True)
            rest = []
            for t in ordered:
                group = [s for s in contenders if totals[s] == t]
                if len(group) <= places:
                    winners += group
                    places -= len(group)
                elif places > 0:
                    rest = group
                    break
            contenders = rest
        return winners

    share = {}
    paid = []
    if barbarians < len(seats):
        winners = rank(seats, barbarians)
        for s in seats:
            if s in winners:
                share[s] = 1
            else:
                paid.append(s)
        return share, rolls, paid
    share = {s: 1 for s in seats}
    spare = barbarians - len(seats)
    while spare > 0:
        most = max(knights.values())
        best = [s for s in seats if knights[s] == most]
        if len(best) == 1:
            share[best[0]] += 1
        else:
            winner = rank(best, 1)[0]
            share[winner] += 1
            paid += [s for s in best if s != winner]
        spare -= 1
    return share, rolls, sorted(set(paid))


# ---------------------------------------------------------------- taps and views


def board_targets(rules, state: dict, viewer) -> dict | None:
    if not on(state) or not base.on_board(state):
        return None
    phase = state["phase"]
    b = part(state)
    if phase in (KNIGHT_PHASE, TREASON, INTRIGUE):
        seat = b["card"]["seat"]
        if viewer != "table" and int(viewer) != seat:
            return {}
        if phase == KNIGHT_PHASE:
            return {"knight": knight_paths(state, b["card"]["card"])}
        return {}
    if phase == WANDER_PHASE:
        if viewer != "table" and int(viewer) != b["wander"]["seat"]:
            return {}
        return {"wandering": wandering_paths(state)}
    if phase == MOVES:
        seat = state["turn"]["seat"]
        if viewer != "table" and int(viewer) != seat:
            return {}
        knights = movers(state, seat)
        if len(knights) != 1:
            return {}  # several knights can move: the form says which goes where
        return {"knight_move": sorted(knight_destinations(state, knights[0]))}
    if phase in ("main", "special_build"):
        targets = base.board_targets(rules, state, base.active_seat(state))
        closed = closed_corners(state)
        if "settlement" in targets:
            targets["settlement"] = [c for c in targets["settlement"] if c not in closed]
        return targets
    return None


def view(rules, state: dict, viewer) -> tuple[str, dict | None]:
    if not on(state):
        return NAME, None
    b = part(state)
    n = len(state["players"])
    layout = state["board"]["layout"] if base.on_board(state) else None
    seat = state["turn"]["seat"]
    moves = {}
    if layout and state["phase"] == MOVES:
        for e in movers(state, seat):
            moves[e] = sorted(knight_destinations(state, e).items())
    return NAME, {
        "castle": castle_of(layout) if layout else None,
        "coastal": coastal_hexes(layout) if layout else [],
        "barbarians": dict(b["barbarians"]),
        "conquered": conquered(state),
        "conquered_buildings": conquered_buildings(state) if layout else {},
        "pool": b["pool"],
        "knights": dict(b["knights"]),
        "knights_left": [knights_left(state, s) for s in range(n)],
        "prisoners": list(b["prisoners"]),
        "prisoner_vp": [p // PRISONERS_PER_VP for p in b["prisoners"]],
        "lost_vp": [lost_vp(state, s) if layout else 0 for s in range(n)],
        "deck": sum(b["deck"].values()),
        "deck_counts": dict(b["deck"]) if state["phase"] in ("board", "setup") else None,
        "discards": sum(b["discards"].values()),
        "card": dict(b["card"]) if b["card"] else None,
        "landing": b["landing"],
        "battles": b["battles"],
        "placed": list(b["placed"]),
        "moved": list(b["moved"]),
        "must_leave": must_leave(state, seat) if layout and state["phase"] == MOVES else [],
        "moves": moves,
        "move_limit": MOVE,
        "long_move": LONG_MOVE,
        "castle_paths": sorted(castle_paths(state)) if layout and castle_of(layout) else [],
        "colour_paths": colour_paths(layout) if layout else {},
        "ratios": harbour_ratios(state, int(viewer)) if layout and viewer != "table" and conquered_buildings(state)
        else None,
        **(_two_view(state) if two_players(state) else {}),
    }


def _two_view(state: dict) -> dict:
    b = part(state)
    return {"two_players": True, "wandering": b["wandering"], "wandering_prisoners": b["wandering_prisoners"],
            "wandering_moved": b["wandering_moved"] == state["turn"]["number"],
            "wander": dict(b["wander"]) if b["wander"] else None}


def colour_paths(layout: dict) -> dict:
    """Each colour of the colour die -> its two sides (indices into a hex's paths)."""
    return {c: [i, i + 3] for i, c in enumerate(COLOURS)}


def check_config(config: dict, rules) -> None:
    if config["board"] == "none":
        raise IllegalAction("barbarian_attack_needs_board")
    n = len(config["players"])
    with_two = base.for_two(config)
    if n not in PLAYERS and not (n == 2 and with_two):
        raise IllegalAction("barbarian_attack_players")


def after_board(rules, state: dict, step: Step) -> None:
    if on(state) and step.action.get("type") == "board_done":
        _start_barbarians(state)


def _after(rules, state: dict, step: Step) -> None:
    after_board(rules, state, step)
    after_action(rules, state, step)


LAYER = Layer(
    name=NAME,
    scenario=NAME,
    applies=scenario(NAME),
    needs=(gold.NAME, "events"),  # its own roll wraps the deck's reveal_event too
    actions=_actions.table,
    wraps={"build_settlement": _build_then_land("settlement"), "build_city": _build_then_land("city"),
           "place_settlement": _setup_city, "roll": _roll_without_conquered, "buy_dev": _buy,
           "end_turn": _end_turn, "reveal_event": _roll_without_conquered,
           "trade_bank": _no_conquered_harbour, "trade_gold": _no_conquered_harbour},
    hooks={"check_config": check_config, "new_state": _new_state, "after_action": _after,
           "extra_vp": extra_vp, "vp_sources": vp_sources, "road_closed": road_closed,
           "board_set": board_set, "check_board": check_board, "lay_out": lay_out,
           "board_targets": board_targets, "view": view,
           # its own deck, and conquered buildings' harbours out of use (Harbormaster too)
           "dev_deck_left": lambda rules, state: sum(part(state)["deck"].values()) + sum(part(state)["discards"].values()),
           "harbour_pieces": lambda rules, state: free_pieces(state)},
    terrains={CASTLE: None},
    phases=frozenset({MOVES, KNIGHT_PHASE, TREASON, INTRIGUE}),
    pending=frozenset({KNIGHT_PHASE, TREASON, INTRIGUE}),
    view_key=NAME,
    cores=frozenset({"base"}),
    core_refusal="barbarian_attack_base_only",
    board_actions={"knight": ("place_knight",), "knight_move": ("move_knight",)},
)


# ---------------------------------------------------------------- with Catan for two


def wandering_paths(state: dict) -> list[str]:
    """Free paths beside the castle, for the wandering knight."""
    taken = occupied(state)
    return sorted(e for e in castle_paths(state) if e not in taken)


def _new_state_two(state: dict) -> None:
    if not two_players(state):
        return
    part(state).update({"wandering": None, "wandering_turn": None, "wandering_moved": None, "wander": None,
                        "wandering_prisoners": 0})
    two_rules.two(state)["robber_off"] = True  # its token action moves a barbarian instead


_two_actions = Actions()


@_two_actions.action("place_wandering", phases={WANDER_PHASE}, actors={"pending", "table"}, when=two_players)
def place_wandering(step: Step) -> None:
    """The wandering knight onto a free path beside the castle (with the first knight)."""
    state = step.state
    b = part(state)
    if "seat" in step.actor:
        step.seat_for_pending(WANDER_PHASE)
    edge = base._location(step, "edge")
    if edge in occupied(state):
        raise IllegalAction("knight_path_taken")
    if edge not in castle_paths(state):
        raise IllegalAction("wandering_beside_castle")
    b["wandering"] = edge
    b["wandering_turn"] = state["turn"]["number"]
    step.log("wandering_placed", seat=b["wander"]["seat"], edge=edge)
    state["phase"] = b["wander"]["back"]
    state["pending"] = []
    b["wander"] = None


@_two_actions.action("token_move_barbarian", phases={"roll", "main"}, actors={"active", "table"}, when=two_players)
def token_move_barbarian(step: Step) -> None:
    """The token action instead of the robber's: one barbarian to another coastal hex."""
    state = step.state
    b = part(state)
    seat = state["turn"]["seat"]
    source = _coastal_arg(state, step.args.get("from"), "no_barbarian_there")
    target = _coastal_arg(state, step.args.get("to"), "bad_barbarian_move")
    if not b["barbarians"].get(source):
        raise IllegalAction("no_barbarian_there")
    if target == source:
        raise IllegalAction("bad_barbarian_move")
    if b["barbarians"].get(target, 0) >= CONQUER:
        raise IllegalAction("treason_conquered")
    price = two_rules.spend_tokens(state, step, seat)
    was = conquered(state)
    _take(b, source)
    b["barbarians"][target] = b["barbarians"].get(target, 0) + 1
    now = conquered(state)
    layout = state["board"]["layout"]
    step.log("barbarian_moved_for_tokens", seat=seat, tokens=price, hex=source, to=target,
             number=number_of(layout, source), to_number=number_of(layout, target),
             freed=[h for h in was if h not in now], conquered=[h for h in now if h not in was])


def _neutral_then_land(handler):
    """A neutral settlement (never on conquered land) brings its own landing, after the
    player's."""
    def build(step: Step) -> None:
        state = step.state
        owed = two_rules.two(state).get("build") or {}
        settlement = owed.get("piece") == "settlement" and step.args.get("piece") != "road"
        if settlement:
            corner = step.args.get("corner")
            if isinstance(corner, str) and corner in closed_corners(state):
                raise IllegalAction("corner_conquered", corner=corner[:20])
        handler(step)
        if settlement:
            land(step, owed["seat"])
    return build


def _no_robber(handler):
    def refuse(step: Step) -> None:
        raise IllegalAction("barbarian_attack_no_robber")
    return refuse


def _after_two(rules, state: dict, step: Step) -> None:
    """A 7 whose draw found nobody to rob ends in "main" after Catan for two looked: the
    second roll is still due."""
    if state["phase"] == "main" and len(two_rules._rolls(state)) == 1:
        state["phase"] = "roll"


LAYER_TWO = Layer(
    name="barbarian_attack_two",
    applies=base.scenario_for_two(NAME),
    needs=(two_rules.LAYER.name,),  # composed only with Catan for two: it wraps its actions
    actions=_two_actions.table,
    wraps={"build_neutral": _neutral_then_land, "robber_to_desert": _no_robber},
    hooks={"new_state": _new_state_two, "after_action": _after_two,
           "settlement_closed": lambda rules, state: closed_corners(state) if base.on_board(state) else set()},
    phases=frozenset({WANDER_PHASE}),
    pending=frozenset({WANDER_PHASE}),
    cores=frozenset({"base"}),
    core_refusal="barbarian_attack_base_only",
    board_actions={"wandering": ("place_wandering",)},
)
