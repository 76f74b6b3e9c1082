"""The Caravans ("Szlaki karawan"), a Traders & Barbarians scenario: config["scenario"] ==
"caravans". Source: /work/shared/rulebooks/traders-and-barbarians-pl.txt, "SZLAKI KARAWAN";
digest in RULES-FACTS.md. Played to 12 points (the new-game form sets the target).

The board
- An oasis (terrain "oasis", no number token, produces nothing) replaces the desert and lies
  on the centre hex of the island (on the 5-6 frame: one of its two middle hexes). Three
  arrows printed on it point at three alternating corners of the hex; the tile may lie in
  two ways (orientation 0: the corners N, SE, SW; 1: NE, S, NW). The layout keeps it as
  layout["features"]["caravans"] = {"oasis": hex, "arrows": [3 corner ids]}. Random boards:
  the centre hex trades places with the desert and the orientation is drawn (lay_out);
  a board entered by hand: the table sets the oasis and its orientation (set_oasis).
- The robber starts beside the board (board["robber"] None) and comes in at the first 7
  or Knight, on a hex with a number (never the oasis, nor any hex without a number while
  it comes in). The oasis is no home for the robber (board_set: robber_on None): with the
  Events of Catan deck the fleeing robber, and with Catan for two the trade-token action,
  send it beside the board (base.home_hexes, read by those layers).

Camels (22) stand on paths, and make three caravans, one from each arrow:
- The first camel of a caravan goes on the path leaving the arrow's corner straight away
  from the oasis (never along the oasis).
- Every further camel continues the caravan from its last camel: one of the free paths at
  the caravan's end (two at an inland intersection, one on the coast). No branching.
  A later camel may go along the oasis ("returning" to it).
- Two caravans that reach the same intersection join: for the next camel they are one
  caravan, continued from that intersection (its one free path inland). A path between the
  ends of two caravans extends either: the decider says which (the tap asks, "choose"), and
  the joined caravan goes on from the intersection where that caravan arrived.
- A caravan ends when no free path is left at its end; all end when the camels run out.
- The rulebook's examples: 3 paths for the first camel; 4 after one camel on route A
  (2 from A's end + the 2 other first paths); 6 later (3 caravans x 2).

The vote: after setup, a player who built a settlement or a city (upgraded) in their own
turn places exactly 1 camel when they end that turn, by vote. Every player once lays out
grain and/or wool cards (any number, 0 too): one card, one vote. The app takes the bids
secretly (each phone, in any order: nobody sees another's bid before all are in) and
reveals them together (at the table the rulebook has them laid face up in turn order from
the ender; secret bids keep that order from mattering); with hands on phones the cards go
back to the bank then, in paper mode each phone says how many cards it laid out (the table
may enter it for a player without a phone). Builds in the 5-6 players' special building
phase are not in the builder's own turn: no vote. Who decides:
- a player with more votes than all others together decides alone;
- otherwise the voters who together can make a majority decide jointly (agreed at the
  table); if they can't agree, the player with the most cards decides, and if no single
  player has the most, the player who ended the turn (also when nobody voted).
The app names the decider ("alone"), or the group and its fallback decider ("group"); the
decider's phone (the fallback's in a group: it taps what the group agreed, or its own
choice) taps the camel's path among the legal ones. The table screen may tap it too.
Catan for two: each vote places 2 camels; a winner (more votes) places both, on 2
different caravans (when another caravan can still be extended); on a tie each places one,
the player who ended the turn first. The camels belong to the ender's turn: when they bring
the ender to the target, the ender wins and the turn does not pass.

Benefits: every settlement or city on an intersection between two camels (at least two of
its paths carry a camel: our reading of example 3, where the buildings counted are those
the caravan passes through, not those at its end or at the oasis's arrows) is worth 1 more
point; a road beside a camel counts 2 for Longest Road (still 5 counted to take it).

state["caravans"]:
  camels_left int
  routes [{"arrow": corner, "camels": [edges in order], "ends": [corners], "into": i|None}]
        a joined caravan goes on in the route it joined ("into"); its own camels stay listed
  built int|None     the turn in which the active player built a settlement or city
  voted int|None     the turn whose vote was held (the turn then ends for real)
  vote None | {"seat": ender, "bids": {seat: {"grain", "wool"} | {"count"}}  SECRET until
        "revealed"; "revealed", "votes" {seat: n}, "mode" alone|group|nobody, "decider",
        "group" [seats], "fallback", "placers" [seats still to place], "placed" [[route, edge]],
        "camels": how many this vote places (1; 2 in Catan for two; never more than are left),
        "choose": {"edge", "caravans"} a tapped path that joins two caravans, until the
        decider says which one the camel extends}
"""
from __future__ import annotations

import math

from companion.layers.cores.base import rules as base
from companion.machinery import board as boards
from companion.machinery.board_geometry import hex_centre
from companion.machinery import hands
from companion.machinery.composition import Actions, Layer, scenario
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step
from companion.machinery.turns import whole_number

NAME = "caravans"
TARGET = 12
CAMELS = 22
OASIS = "oasis"
ORIENTATIONS = (0, 1)  # the arrows at the hex's corners 0, 2, 4 (N, SE, SW) or 1, 3, 5 (NE, S, NW)
VOTE_CARDS = ("grain", "wool")
BID, PLACE = "camel_bid", "camel_place"  # the pending kinds
VOTE, CAMEL = "caravan_vote", "caravan_camel"  # the phases
TWO_PLAYERS = 2
CAMELS_FOR_TWO = 2
MAX_PAPER_BID = 2 * hands.CARDS_PER_RESOURCE  # every grain and wool card there is

_actions = Actions()


def on(state: dict) -> bool:
    return state["config"].get("scenario") == NAME


def part(state: dict) -> dict:
    return state["caravans"]


# ---------------------------------------------------------------- the oasis on the board


def centre_hexes(frame: str) -> list[str]:
    """The hexes at the middle of the island (one on the base frame, two on the 5-6 one)."""
    g = boards.geometry(frame)
    centres = {h: hex_centre(boards.parse_hex_id(h)) for h in g.hexes}
    cx = sum(x for x, _ in centres.values()) / len(centres)
    cy = sum(y for _, y in centres.values()) / len(centres)
    dist = {h: math.hypot(x - cx, y - cy) for h, (x, y) in centres.items()}
    best = min(dist.values())
    return [h for h in g.hexes if dist[h] - best < 1e-6]


def arrow_corners(frame: str, oasis: str, orientation: int) -> list[str]:
    corners = boards.geometry(frame).hex_corners[oasis]
    return [corners[orientation], corners[orientation + 2], corners[orientation + 4]]


def features(layout: dict) -> dict | None:
    return (layout.get("features") or {}).get(NAME)


def _with_features(layout: dict, value: dict | None) -> dict:
    """A new layout (layouts are shared between states, never changed)."""
    feats = {k: v for k, v in (layout.get("features") or {}).items() if k != NAME}
    if value is not None:
        feats[NAME] = value
    return {**layout, "features": feats}


def orientation_of(layout: dict) -> int | None:
    f = features(layout)
    if not f:
        return None
    for o in ORIENTATIONS:
        if f.get("oasis") in boards.geometry(layout).hex_corners and f.get("arrows") == arrow_corners(
                layout["frame"], f["oasis"], o):
            return o
    return None


def board_set(rules, frame: str, expected: dict) -> dict:
    """The oasis instead of (one) desert, no token on it; the robber starts beside the board."""
    terrains = dict(expected["terrains"])
    terrains["desert"] = terrains.get("desert", 0) - 1
    if terrains["desert"] <= 0:
        del terrains["desert"]
    terrains[OASIS] = 1
    return {**expected, "terrains": terrains, "untokened": set(expected["untokened"]) | {OASIS},
            "robber_on": None}


def check_board(rules, layout: dict) -> list:
    """The oasis on a centre hex, its arrows set."""
    hexes = layout.get("hexes") or {}
    oases = [h for h, x in hexes.items() if (x or {}).get("terrain") == OASIS]
    if len(oases) != 1:
        return []  # the terrain counts say so already
    if oases[0] not in centre_hexes(layout["frame"]):
        return [("oasis_not_centre", {"hex": oases[0]})]
    f = features(layout)
    if not f or f.get("oasis") != oases[0] or orientation_of(layout) is None:
        return [("oasis_arrows", {"hex": oases[0]})]
    return []


def lay_out(rules, layout: dict, rng) -> dict:
    """A generated board made the scenario's: the oasis on the centre hex (the hex that was
    there takes the desert's place), its orientation drawn, the robber beside the board.
    A blank board to enter by hand gets the oasis on its centre hex (the table turns it)."""
    hexes = {h: dict(x) for h, x in layout["hexes"].items()}
    centres = centre_hexes(layout["frame"])
    desert = next((h for h, x in hexes.items() if x.get("terrain") == "desert"), None)
    if desert is None:  # a blank manual board
        if all(x.get("terrain") is None for x in hexes.values()):
            hexes[centres[0]] = {**hexes[centres[0]], "terrain": OASIS, "number": None}
        return {**layout, "hexes": hexes}
    centre = desert if desert in centres else centres[0]
    hexes[desert], hexes[centre] = hexes[centre], hexes[desert]
    hexes[centre] = {**hexes[centre], "terrain": OASIS, "number": None}
    new = {**layout, "hexes": hexes, "robber": None}
    orientation = rng.randint(len(ORIENTATIONS))
    return _with_features(new, {"oasis": centre, "arrows": arrow_corners(layout["frame"], centre, orientation)})


@_actions.action("set_oasis", phases={"board"}, actors={"table"}, when=on)
def set_oasis(step: Step) -> None:
    """Entering the board: the oasis hex (a centre hex) and which way its arrows point."""
    state = step.state
    board = state["board"]
    layout = board["layout"]
    orientation = whole_number(step.args.get("orientation"), "bad_orientation")
    if orientation not in ORIENTATIONS:
        raise IllegalAction("bad_orientation")
    centres = centre_hexes(layout["frame"])
    hex_ = step.args.get("hex") or next(
        (h for h in centres if (layout["hexes"].get(h) or {}).get("terrain") == OASIS), centres[0])
    if hex_ not in centres:
        raise IllegalAction("oasis_not_centre", hex=str(hex_)[:20])
    new = dict(layout["hexes"])
    new[hex_] = {**new[hex_], "terrain": OASIS, "number": None}
    value = {"oasis": hex_, "arrows": arrow_corners(layout["frame"], hex_, orientation)}
    if value == features(layout) and layout["hexes"][hex_].get("terrain") == OASIS:
        raise IllegalAction("nothing_changes")
    board["layout"] = _with_features({**layout, "hexes": new}, value)
    step.log("oasis_set", hex=hex_, orientation=orientation)


# ---------------------------------------------------------------- the caravans


def _new_state(state: dict) -> None:
    if not on(state):
        return
    state["caravans"] = {"camels_left": CAMELS, "routes": [], "built": None, "voted": None, "vote": None}
    _start_routes(state)


def _start_routes(state: dict) -> None:
    """The three routes, once the oasis lies on the board (at once, or when it is entered)."""
    c = part(state)
    f = features(state["board"]["layout"]) if state["board"] else None
    if c["routes"] or not f:
        return
    c["routes"] = [{"arrow": a, "camels": [], "ends": [], "into": None} for a in f["arrows"]]


def camel_edges(state: dict) -> dict[str, int]:
    """Every path with a camel -> the route it was placed in."""
    return {e: i for i, r in enumerate(part(state)["routes"]) for e in r["camels"]}


def straight_path(layout: dict, oasis: str, corner: str) -> str:
    """The path leaving an arrow's corner away from the oasis."""
    g = boards.geometry(layout)
    return next(e for e in g.corner_edges[corner] if e not in g.hex_edges[oasis])


def leader(routes: list, i: int) -> int:
    while routes[i]["into"] is not None:
        i = routes[i]["into"]
    return i


def options(state: dict) -> list[tuple[int, str, str]]:
    """Where the next camel may go: (caravan, path, the intersection it continues from)."""
    c = part(state)
    if c["camels_left"] <= 0 or not c["routes"]:
        return []
    layout = state["board"]["layout"]
    g = boards.geometry(layout)
    f = features(layout)
    taken = camel_edges(state)
    found = []
    for i, route in enumerate(c["routes"]):
        if route["into"] is not None:
            continue
        if not route["camels"]:
            path = straight_path(layout, f["oasis"], route["arrow"])
            if path not in taken:
                found.append((i, path, route["arrow"]))
            continue
        for end in route["ends"]:
            for path in g.corner_edges[end]:
                if path not in taken:
                    found.append((i, path, end))
    return found


def _allowed(state: dict, exclude: int | None) -> list[tuple[int, str, str]]:
    found = options(state)
    if exclude is not None and any(i != exclude for i, _, _ in found):
        found = [o for o in found if o[0] != exclude]  # another caravan can be extended: that one
    return found


def legal_paths(state: dict, exclude: int | None = None) -> list[str]:
    """The paths a camel may go on now (extending caravan `exclude` only when no other can be)."""
    return sorted(dict.fromkeys(path for _, path, _ in _allowed(state, exclude)))


def caravans_for(state: dict, path: str, exclude: int | None = None) -> list[int]:
    """The caravans a camel on `path` would extend (two when the path joins their ends)."""
    return list(dict.fromkeys(i for i, p, _ in _allowed(state, exclude) if p == path))


def place(state: dict, path: str, route: int | None = None) -> int:
    """Put a camel on `path` (legal), extending caravan `route` (None: the first it may
    extend); returns that caravan. Caravans whose end it reaches join it."""
    c = part(state)
    routes = c["routes"]
    g = boards.geometry(state["board"]["layout"])
    i, end = next((i, end) for i, p, end in options(state) if p == path and route in (None, i))
    far = g.other_corner(path, end)
    routes[i]["ends"] = [e for e in routes[i]["ends"] if e != end] + [far]
    routes[i]["camels"].append(path)
    c["camels_left"] -= 1
    # Caravans that reach the same intersection are one from now on, going on from there.
    for j, other in enumerate(routes):
        if j != i and other["into"] is None and far in other["ends"]:
            routes[i]["ends"] = list(dict.fromkeys(routes[i]["ends"] + other["ends"]))
            other["ends"] = []
            other["into"] = i
    return i


# ---------------------------------------------------------------- points and roads


def bonus_corners(state: dict) -> list[str]:
    """Intersections between two camels: at least two of their paths carry one."""
    if not on(state) or not base.on_board(state):
        return []
    g = boards.geometry(state["board"]["layout"])
    count: dict[str, int] = {}
    for path in camel_edges(state):
        for corner in g.edge_corners[path]:
            count[corner] = count.get(corner, 0) + 1
    return sorted(corner for corner, n in count.items() if n >= 2)


def buildings_on_caravans(state: dict, seat: int) -> int:
    pieces = state["board"]["pieces"] if base.on_board(state) else None
    if pieces is None:
        return 0
    return sum(1 for corner in bonus_corners(state) if boards.owner_at(pieces, corner) == seat)


def caravan_vp(rules, state: dict, seat: int) -> int:
    return buildings_on_caravans(state, seat) if on(state) else 0


def road_weights(rules, state: dict) -> dict:
    """A road beside a camel counts as two."""
    if not on(state) or not base.on_board(state):
        return {}
    return {path: 2 for path in camel_edges(state)}


def _recount_roads(state: dict, step: Step) -> None:
    roads = state["board"]["pieces"]["roads"]
    base._update_longest_road(state, step, sorted(set(roads.values()) | {int(s) for s in
                                                                         state["board"]["road_lengths"]}))


# ---------------------------------------------------------------- the robber


def robber_limits(rules, state: dict, hexes: list[str]) -> list[str]:
    """Never the oasis; coming in from beside the board, only a hex with a number."""
    hexes = list(hexes)
    if not on(state):
        return hexes
    cells = state["board"]["layout"]["hexes"]
    allowed = [h for h in hexes if cells[h]["terrain"] != OASIS]
    if state["board"]["robber"] is None:
        allowed = [h for h in allowed if cells[h].get("number") is not None]
    if not allowed:
        # Nowhere left (a layer's limit spared every hex): the robber goes where it would go
        # back to the desert, the oasis that replaced it (which produces nothing anyway).
        return [h for h, x in cells.items() if x["terrain"] == OASIS][:1]
    return allowed


# ---------------------------------------------------------------- the vote


def _after(rules, state: dict, step: Step) -> None:
    if not on(state) or state["phase"] == "finished":
        return
    kind = step.action.get("type")
    if kind == "board_done":
        _start_routes(state)
    if kind in ("build_settlement", "build_city") and base.on_board(state) \
            and state["phase"] not in ("special_build", "setup"):
        part(state)["built"] = state["turn"]["number"]


def vote_due(state: dict) -> bool:
    c = part(state)
    turn = state["turn"]["number"]
    return c["built"] == turn and c["voted"] != turn and bool(options(state))


def _vote_first(handler):
    """Ending a turn in which a settlement or city was built: first the camel vote."""
    def end_turn(step: Step) -> None:
        state = step.state
        if not on(state) or not base.on_board(state) or not vote_due(state):
            handler(step)
            return
        c = part(state)
        ender = state["turn"]["seat"]
        c["voted"] = state["turn"]["number"]
        n = len(state["players"])
        order = [(ender + k) % n for k in range(n)]
        camels = min(CAMELS_FOR_TWO if n == TWO_PLAYERS else 1, c["camels_left"])
        c["vote"] = {"seat": ender, "order": order, "bids": {}, "revealed": False, "votes": None, "mode": None,
                     "decider": None, "group": [], "fallback": None, "placers": [], "placed": [], "camels": camels,
                     "choose": None}
        state["pending"] = [{"seat": s, "kind": BID} for s in order]
        state["phase"] = VOTE
        step.log("camel_vote", seat=ender)
    return end_turn


def _bid_arg(state: dict, step: Step) -> dict:
    if hands.uses_hands(state):
        cards = hands.bundle(step.args.get("cards"), "bad_bid", allow_empty=True, kinds=hands.kinds(state))
        if set(cards) - set(VOTE_CARDS):
            raise IllegalAction("bid_grain_wool")
        return {r: cards.get(r, 0) for r in VOTE_CARDS}
    count = whole_number(step.args.get("count"), "bad_bid")
    if not 0 <= count <= MAX_PAPER_BID:
        raise IllegalAction("bad_bid")
    return {"count": count}


def bid_size(bid: dict) -> int:
    return sum(bid.values())


@_actions.action("camel_bid", phases={VOTE}, actors={"pending", "table"}, when=on)
def camel_bid(step: Step) -> None:
    """One player's secret bid of grain and wool cards (revealed when all are in)."""
    state = step.state
    if "seat" not in step.actor and hands.uses_hands(state):
        raise IllegalAction("bid_on_phone")  # the cards are secret until all are in
    seat = step.seat_for_pending(BID)
    bid = _bid_arg(state, step)
    if hands.uses_hands(state):
        lacking = hands.missing(hands.hand(state, seat), bid)
        if lacking:
            raise IllegalAction("bid_not_held", missing=hands.describe(lacking))
    vote = part(state)["vote"]
    vote["bids"][str(seat)] = bid
    state["pending"] = [p for p in state["pending"] if not (p["seat"] == seat and p["kind"] == BID)]
    step.log("camel_bid", seat=seat, secret_for=[seat], **bid)
    if not any(p["kind"] == BID for p in state["pending"]):
        _reveal(step)


def decide(votes: dict[int, int], ender: int) -> dict:
    """Who decides where the camel goes, from the votes (seat -> cards laid out)."""
    total = sum(votes.values())
    for seat, n in votes.items():
        if n > total - n:
            return {"mode": "alone", "decider": seat, "group": [seat], "fallback": seat}
    voters = sorted(s for s, n in votes.items() if n > 0)
    best = max(votes.values(), default=0)
    most = [s for s, n in votes.items() if n == best]
    fallback = most[0] if best > 0 and len(most) == 1 else ender
    if not voters:
        return {"mode": "nobody", "decider": ender, "group": [], "fallback": ender}
    return {"mode": "group", "decider": fallback, "group": voters, "fallback": fallback}


def _reveal(step: Step) -> None:
    state = step.state
    c = part(state)
    vote = c["vote"]
    ender = vote["seat"]
    votes = {int(s): bid_size(b) for s, b in vote["bids"].items()}
    if hands.uses_hands(state):
        for s, bid in vote["bids"].items():
            if bid_size(bid):
                hands.pay_to_bank(state, int(s), {r: n for r, n in bid.items() if n})
    result = decide(votes, ender)
    vote.update(result, revealed=True, votes={str(s): n for s, n in sorted(votes.items())})
    if len(state["players"]) == TWO_PLAYERS:
        other = 1 - ender
        if votes.get(ender, 0) == votes.get(other, 0):
            placers = [ender, other]
            vote["mode"] = "tie"
        else:
            winner = ender if votes.get(ender, 0) > votes.get(other, 0) else other
            placers = [winner, winner]
        vote["decider"] = placers[0]
    else:
        placers = [result["decider"]]
    vote["placers"] = placers[:vote["camels"]]
    step.reveal("camel_bids")  # everyone saw the bids: no player takes theirs back now
    step.log("camel_bids_revealed", seat=ender, bids={s: dict(b) for s, b in sorted(vote["bids"].items())},
             votes=vote["votes"], mode=vote["mode"], decider=vote["decider"], group=vote["group"],
             fallback=vote["fallback"])
    _next_placer(step)


def _next_placer(step: Step) -> None:
    state = step.state
    vote = part(state)["vote"]
    if vote["placers"] and legal_paths(state, _exclude(state)):
        state["pending"] = [{"seat": vote["placers"][0], "kind": PLACE}]
        state["phase"] = CAMEL
        return
    _finish_vote(step)


def _exclude(state: dict) -> int | None:
    """The winner of a vote for two places the 2 camels on 2 different caravans."""
    vote = part(state)["vote"]
    placed = vote["placed"]
    if not placed or not vote["placers"] or placed[-1][0] is None:
        return None
    if len(state["players"]) == TWO_PLAYERS and vote["mode"] != "tie":
        return leader(part(state)["routes"], placed[-1][0])
    return None


def _finish_vote(step: Step) -> None:
    """The vote is over: the turn ends now (voted: no new vote). The camels belong to the
    ender's turn: when they bring the ender to the target, the ender wins (the victory
    check after this action) and the turn does not pass."""
    state = step.state
    state["pending"] = []
    state["phase"] = "main"
    ender = part(state)["vote"]["seat"]
    part(state)["vote"] = None
    rules = step.rules
    if rules.vp_total(state, ender) >= rules.target(state, ender):
        return
    rules.actions["end_turn"].handler(step)


@_actions.action("place_camel", phases={CAMEL}, actors={"pending", "table"}, when=on)
def place_camel(step: Step) -> None:
    """The decider's camel, on a legal path (tapped on their phone or on the table)."""
    state = step.state
    seat = step.seat_for_pending(PLACE) if "seat" in step.actor else state["pending"][0]["seat"]
    path = base._location(step, "edge")
    vote = part(state)["vote"]
    exclude = _exclude(state)
    if path not in legal_paths(state, exclude):
        if path in legal_paths(state):
            raise IllegalAction("camel_other_caravan")
        raise IllegalAction("camel_not_here")
    able = caravans_for(state, path, exclude)
    if step.args.get("caravan") in (None, ""):
        if len(able) > 1:  # the path joins two caravans' ends: the decider says which it extends
            vote["choose"] = {"edge": path, "caravans": able}
            return
        route = able[0]
    else:
        route = whole_number(step.args.get("caravan"), "bad_caravan")
        if route not in able:
            raise IllegalAction("camel_not_that_caravan")
    vote["choose"] = None
    route = place(state, path, route)
    vote["placers"].pop(0)
    vote["placed"].append([route, path])
    step.log("camel_placed", seat=seat, edge=path, caravan=route, left=part(state)["camels_left"])
    _recount_roads(state, step)
    _next_placer(step)


# ---------------------------------------------------------------- views and taps


def board_targets(rules, state: dict, viewer) -> dict | None:
    if not on(state) or not base.on_board(state) or state["phase"] != CAMEL:
        return None
    placer = state["pending"][0]["seat"] if state["pending"] else None
    if viewer != "table" and int(viewer) != placer:
        return {}
    return {"camel": legal_paths(state, _exclude(state))}


def view(rules, state: dict, viewer) -> tuple[str, dict | None]:
    if not on(state):
        return NAME, None
    c = part(state)
    layout = state["board"]["layout"] if base.on_board(state) else None
    f = features(layout) if layout else None
    vote = c["vote"]
    shown = None
    if vote is not None:
        shown = {k: vote[k] for k in ("seat", "order", "revealed", "mode", "decider", "group", "fallback",
                                      "placers", "placed", "camels", "choose")}
        shown["bid"] = sorted(int(s) for s in vote["bids"])  # who has bid: public; how much: not yet
        shown["bids"] = {s: dict(b) for s, b in vote["bids"].items()} if vote["revealed"] else None
        shown["votes"] = dict(vote["votes"]) if vote["revealed"] else None
        mine = vote["bids"].get(str(viewer)) if viewer != "table" else None
        shown["mine"] = dict(mine) if mine is not None else None
    n = len(state["players"])
    return NAME, {
        "oasis": f["oasis"] if f else None,
        "arrows": list(f["arrows"]) if f else [],
        "orientation": orientation_of(layout) if layout else None,
        "camels_left": c["camels_left"],
        "camels_total": CAMELS,
        "routes": [{"arrow": r["arrow"], "camels": list(r["camels"]), "ends": list(r["ends"]), "into": r["into"]}
                   for r in c["routes"]],
        "paths": legal_paths(state) if layout and c["routes"] else [],
        "bonus_corners": bonus_corners(state),
        "vp": [buildings_on_caravans(state, s) for s in range(n)],
        "vote": shown,
        "vote_due": c["built"] == state["turn"]["number"] and c["voted"] != state["turn"]["number"],
    }


def check_config(config: dict, rules) -> None:
    if config["board"] == "none":
        raise IllegalAction("caravans_need_board")


LAYER = Layer(
    name=NAME,
    scenario=NAME,
    applies=scenario(NAME),
    actions=_actions.table,
    wraps={"end_turn": _vote_first},
    hooks={"check_config": check_config, "new_state": _new_state, "after_action": _after,
           "extra_vp": caravan_vp, "road_weights": road_weights, "robber_limits": robber_limits,
           "board_set": board_set, "check_board": check_board, "lay_out": lay_out,
           "board_targets": board_targets, "view": view},
    terrains={OASIS: None},
    phases=frozenset({VOTE, CAMEL}),
    pending=frozenset({BID, PLACE}),
    view_key=NAME,
    cores=frozenset({"base"}),
    core_refusal="caravans_base_only",
    board_actions={"camel": ("place_camel",)},
)

