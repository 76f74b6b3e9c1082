"""Rivers of Catan ("Rzeki Catanu"), a scenario of Traders & Barbarians
(traders-and-barbarians-pl.txt, "Kampania: Rzeki Catanu"): config["scenario"] == "rivers".

The board (what the rulebook's text fixes; the river tiles themselves are only a picture):
- Two rivers of 3 and 4 hexes take the place of 2 mountains, 2 hills, 2 pastures and the
  desert. The rulebook names two swamp hexes among them (the robber starts on "one of the
  two swamps"), so the island has 2 swamps and no desert: 17 producing hexes for the 17
  number tokens left once the "2" is set aside. Which producing terrain the other five
  river hexes show is in the picture only; the app expects the set that gives every
  resource back what it lost but one pasture (3 mountains, 3 hills, 3 pastures, 4 forests,
  4 fields: RIVER_TERRAINS), see the report in docs.
- Swamps carry no number and produce nothing. The "2" lies beside the "12" (the hex's
  layout cell "extra_numbers": [2]) and that hex produces on 2 and on 12: the app puts it
  there itself whenever the 12 is entered (a wrap of edit_hex).
- The rivers are kept as edges, in layout["features"]["rivers"]:
    "river":   the edges along a river (a road there is "by the river"),
    "bridges": the 7 bridge sites, the edges that cross a river.
  A corner is "by the river" (the rulebook's "skrzyżowanie przy rzece") when it ends a
  river edge or a bridge site: the river touches it. The rulebook gives no random way to
  lay the rivers (only a picture), so the table enters the board it has laid out (board
  "manual": tap an edge, mark it river / bridge site / nothing); a generated board
  (random, balanced, beginner) is refused with rivers_manual_board, and a game without a
  board with rivers_need_board: nothing would say which roads stand by a river.

Gold (state["gold"], the gold layer's; this scenario pays it out):
- 1 gold for every road and every settlement built by the river, setup included, paid
  by whatever put it there (a Road Building road too); a settlement made a city there
  earns nothing more (gold is paid once per place: "paid").
- Bridges: 2 brick + 1 lumber, only on a bridge site, next to one's own road, settlement
  or city (the road's connection rule: not through an opponent's building), 3 gold each,
  at most 3 a player, never with Road Building. A bridge counts as a road for Longest
  Road (it lies in the board's roads, without using a road from the supply). Ordinary
  roads never go on a bridge site (hook road_closed).
- Gold itself (buying, trading with the bank and between players, the robber never taking
  it) is the shared gold layer's (companion/layers/gold/rules.py), which this scenario
  needs: it earns with gold.earn and reads gold.held.
- Wealthiest settler (+1 VP): the one player with the most gold; when someone else has as
  much or more, or the holder spends, it goes to whoever alone has the most, or is set
  aside. Poor settler (-2 VP): every player with the least gold; everyone when all are
  equal. Both are first given at the end of setup, then follow every change of gold.

With Catan for two the swamp does what the desert did (2 trade tokens for a settlement
next to it, the robber sent back to a swamp); with the Events of Catan the fleeing robber
goes to a swamp. Both come from the board set's "robber_on" (the robber's home terrain,
base.home_hexes), which Catan for two and the Events deck read. A neutral colour's road
keeps off the bridge sites too (LAYER_TWO, composed only with Catan for two, wraps its
build_neutral).

state["rivers"] (each seat's gold: state["gold"], the gold layer's):
  paid {"edges": [], "corners": []}  river places whose gold was paid
  bridges {edge: seat}             built bridges
  titled bool                      the titles are given (setup is over)
  wealthiest seat | None, poor [seat]
"""
from __future__ import annotations

import copy

from companion.layers.cores.base import rules as base
from companion.layers.options.catan_for_two import rules as two_rules
from companion.layers.gold import rules as gold
from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery.composition import Actions, Layer, scenario
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step
from companion.machinery.turns import active_seat

NAME = "rivers"
TARGET = 10  # the rulebook: 10 points (11 with Harbormaster, which adds its own 1)
SWAMPS = 2
BRIDGE_SITES = 7
BRIDGES_EACH = 3
BRIDGE_COST = {"brick": 2, "lumber": 1}
BRIDGE_GOLD = 3
RIVER_GOLD = 1  # a road or settlement by the river
WEALTHIEST_VP, POOR_VP = 1, -2
# The island of the base frame: the base set without 2 mountains, 2 hills, 2 pastures and
# the desert, plus the river hexes (2 swamps and, by our reading of the picture, a
# mountain, a hill, a pasture, a mountain and a hill: module docstring).
RIVER_TERRAINS = {"hills": 3, "forest": 4, "pasture": 3, "fields": 4, "mountains": 3, "desert": 0, "swamp": SWAMPS}
RIVER_SHARED = ("hills", "mountains", "pasture")  # the terrains the river hexes take from
EDGE_KINDS = ("river", "bridge")

_actions = Actions()


# ---------------------------------------------------------------- the board


def features(layout: dict) -> dict:
    """The rivers of a board: {"river": [edges], "bridges": [edges]} (empty when none)."""
    found = (layout.get("features") or {}).get(NAME) or {}
    return {"river": list(found.get("river") or ()), "bridges": list(found.get("bridges") or ())}


def river_edges(layout: dict) -> set:
    return set(features(layout)["river"])


def bridge_sites(layout: dict) -> set:
    return set(features(layout)["bridges"])


def river_corners(layout: dict) -> set:
    """Corners the river touches: the ends of river edges and of bridge sites."""
    g = boards.geometry(layout)
    found = features(layout)
    return {c for e in found["river"] + found["bridges"] if e in g.edge_corners for c in g.edge_corners[e]}


def _with_features(layout: dict, river: list, bridges: list) -> dict:
    """A new layout with these rivers (layouts are shared between states: never changed)."""
    new = copy.deepcopy(layout)
    new.setdefault("features", {})[NAME] = {"river": sorted(river), "bridges": sorted(bridges)}
    return new


def board_set(rules, frame: str, expected: dict) -> dict:
    """What the physical board holds: 2 swamps and no desert, the swamps untokened, the
    robber on a swamp; the number tokens are the base set's (the "2" lies on the 12)."""
    if frame != "base":
        return expected  # refused at creation (check_config): the scenario is for 3-4 and 2
    return {**expected, "terrains": dict(RIVER_TERRAINS), "untokened": set(expected["untokened"]) | {"swamp"},
            "robber_on": "swamp",
            # The "2" lies beside the "12" by itself (_two_on_twelve): never a hex's own token.
            "tokens_beside": {2: 1},
            # What the text fixes of the river hexes' terrains: these three make 9 together
            # (their split is the picture's; /tmp/requests_rivers.md #6 asks for the check).
            "terrain_totals": [[list(RIVER_SHARED), sum(RIVER_TERRAINS[t] for t in RIVER_SHARED)]]}


def check_board(rules, layout: dict) -> list:
    """The rivers' own problems: 7 bridge sites, a river, every site touching the river,
    the "2" beside the "12"."""
    problems = []
    g = boards.geometry(layout)
    found = features(layout)
    unknown = [e for e in found["river"] + found["bridges"] if e not in g.edge_corners]
    if unknown:
        problems.append(("river_unknown_edge", {"edge": unknown[0]}))
    if not found["river"]:
        problems.append(("river_missing", {}))
    if len(set(found["bridges"])) != BRIDGE_SITES:
        problems.append(("bridge_sites_count", {"expected": BRIDGE_SITES, "actual": len(set(found["bridges"]))}))
    both = set(found["river"]) & set(found["bridges"])
    if both:
        problems.append(("river_and_bridge", {"edge": sorted(both)[0]}))
    banks = {c for e in found["river"] if e in g.edge_corners for c in g.edge_corners[e]}
    off = [e for e in found["bridges"] if e in g.edge_corners and not set(g.edge_corners[e]) & banks]
    if off and found["river"]:
        problems.append(("bridge_off_river", {"edge": off[0]}))
    hexes = layout.get("hexes") or {}
    if any(cell.get("number") == 2 for cell in hexes.values()):
        problems.append(("two_beside_twelve", {}))
    twelve = [h for h, cell in hexes.items() if cell.get("number") == 12]
    extra = {h: list(cell.get("extra_numbers") or ()) for h, cell in hexes.items() if cell.get("extra_numbers")}
    if twelve and extra != {twelve[0]: [2]}:
        problems.append(("two_beside_twelve", {}))
    return problems


def _two_on_twelve(layout: dict) -> dict:
    """The layout with the "2" beside the hex showing 12 (and nowhere else)."""
    hexes = layout["hexes"]
    twelve = next((h for h, cell in hexes.items() if cell.get("number") == 12), None)
    wanted = {twelve: [2]} if twelve else {}
    current = {h: list(cell.get("extra_numbers") or ()) for h, cell in hexes.items() if cell.get("extra_numbers")}
    if current == wanted:
        return layout
    new = copy.deepcopy(layout)
    for h, cell in new["hexes"].items():
        cell.pop("extra_numbers", None)
        if h == twelve:
            cell["extra_numbers"] = [2]
    return new


def lay_out(rules, layout: dict, rng) -> dict:
    """A board about to be entered by hand gets empty rivers to fill in. The rulebook has no
    random way to lay the rivers (its picture places them, and the river hexes are printed
    pieces): a generated board (random, balanced, beginner) is refused here, before it is
    checked against the rivers' set, with a code that says to enter the board."""
    if (layout.get("origin") or {}).get("method") == "manual":
        return _with_features(layout, [], [])
    if features(layout)["bridges"]:
        return layout  # a whole rivers board given as it is
    raise IllegalAction("rivers_manual_board")


def _two_beside_twelve(handler):
    def edit(step: Step) -> None:
        handler(step)
        board = step.state["board"]
        board["layout"] = _two_on_twelve(board["layout"])
    return edit


@_actions.action("set_river_edge", phases={"board"}, actors={"table", "seat"})
def set_river_edge(step: Step) -> None:
    """Entering the board: an edge is along a river, a bridge site, or neither (one tap on
    the table screen or a phone; no log line a path: the board's one line says how many)."""
    board = step.state["board"]
    edge = base._location(step, "edge")
    if edge not in boards.geometry(board["layout"]).edge_corners:
        raise IllegalAction("river_unknown_edge", edge=edge[:30])
    kind = step.args.get("piece") or None
    if kind not in (None, *EDGE_KINDS):
        raise IllegalAction("bad_river_kind")
    found = features(board["layout"])
    river = [e for e in found["river"] if e != edge] + ([edge] if kind == "river" else [])
    bridges = [e for e in found["bridges"] if e != edge] + ([edge] if kind == "bridge" else [])
    if kind == "bridge" and len(bridges) > BRIDGE_SITES:
        raise IllegalAction("bridge_sites_count", expected=BRIDGE_SITES, actual=len(bridges))
    if (sorted(river), sorted(bridges)) == (sorted(found["river"]), sorted(found["bridges"])):
        raise IllegalAction("nothing_changes")
    board["layout"] = _with_features(board["layout"], river, bridges)


def board_summary(rules, layout: dict) -> dict:
    """What the board's log line counts of the rivers."""
    found = features(layout)
    return {"river_paths": len(found["river"]), "bridge_sites": len(found["bridges"])}


def check_config(config: dict, rules) -> None:
    """A board with rivers: entered by hand, or given whole; 3-4 players (2 with Catan for two)."""
    if len(config["players"]) > 4:
        raise IllegalAction("rivers_players")
    if config["board"] == "none":
        raise IllegalAction("rivers_need_board")
    layout = config["board_layout"]
    if config["board"] != "manual":
        if not features(layout)["bridges"]:
            raise IllegalAction("rivers_manual_board")
        problems = check_board(rules, layout)
        if problems:
            raise IllegalAction("board_layout", problem=problems[0][0])


def road_closed(rules, state: dict) -> set:
    """No ordinary road on a bridge site, in setup or play."""
    return bridge_sites(state["board"]["layout"]) if base.on_board(state) else set()


# ---------------------------------------------------------------- gold by the river


def part(state: dict) -> dict:
    return state[NAME]


def new_state(state: dict) -> None:
    state[NAME] = {"paid": {"edges": [], "corners": []}, "bridges": {}, "titled": False, "wealthiest": None, "poor": []}


def _pay_river_pieces(state: dict, step: Step) -> None:
    """1 gold for each road or building that newly stands by the river (once per place:
    a city where the settlement was paid earns nothing)."""
    board = state["board"]
    layout, pieces = board["layout"], board["pieces"]
    r = part(state)
    n = len(state["players"])
    paid_edges, paid_corners = set(r["paid"]["edges"]), set(r["paid"]["corners"])
    bridges = bridge_sites(layout)
    for edge in sorted(river_edges(layout) - paid_edges - bridges):
        seat = pieces["roads"].get(edge)
        if seat is None:
            continue
        r["paid"]["edges"].append(edge)
        if isinstance(seat, int) and 0 <= seat < n:  # a neutral colour (Catan for two) holds no gold
            gold.earn(state, step, seat, RIVER_GOLD, "road", where=edge)
    for corner in sorted(river_corners(layout) - paid_corners):
        seat = boards.owner_at(pieces, corner)
        if seat is None:
            continue
        r["paid"]["corners"].append(corner)
        if isinstance(seat, int) and 0 <= seat < n:
            gold.earn(state, step, seat, RIVER_GOLD, "settlement", where=corner)


def held_gold(state: dict) -> list[int]:
    """Every seat's gold (the gold layer's)."""
    return [gold.held(state, seat) for seat in range(len(state["players"]))]


def titles(held: list[int]) -> tuple[int | None, list[int]]:
    """(the wealthiest settler: the one player with the most gold, else None;
    the poor settlers: every player with the least gold, everyone when all are equal)."""
    most, least = max(held), min(held)
    richest = [s for s, g in enumerate(held) if g == most]
    return (richest[0] if len(richest) == 1 else None), [s for s, g in enumerate(held) if g == least]


def _update_titles(state: dict, step: Step) -> None:
    r = part(state)
    if state["phase"] in ("board", "setup"):
        return
    held = held_gold(state)
    wealthiest, poor = titles(held)
    if not r["titled"]:
        r["titled"] = True
        r["wealthiest"], r["poor"] = wealthiest, poor
        step.log("rivers_titles", wealthiest=wealthiest, poor=poor, gold=held)
        return
    if wealthiest != r["wealthiest"]:
        step.log("wealthiest", seat=wealthiest, previous=r["wealthiest"], gold=held)
        r["wealthiest"] = wealthiest
    if poor != r["poor"]:
        step.log("poor", seats=poor, previous=list(r["poor"]), gold=held)
        r["poor"] = poor


def after_action(rules, state: dict, step: Step) -> None:
    if not base.on_board(state) or state["phase"] == "board":
        return
    _pay_river_pieces(state, step)
    _update_titles(state, step)


def vp_sources(rules, state: dict, seat: int) -> dict:
    """The titles' points, each its own row of a breakdown."""
    r = part(state)
    if not r["titled"]:
        return {"wealthiest": 0, "poor": 0}
    return {"wealthiest": WEALTHIEST_VP if r["wealthiest"] == seat else 0, "poor": POOR_VP if seat in r["poor"] else 0}


def extra_vp(rules, state: dict, seat: int) -> int:
    return sum(vp_sources(rules, state, seat).values())


# ---------------------------------------------------------------- bridges


def _bridges_of(state: dict, seat: int) -> int:
    return sum(1 for s in part(state)["bridges"].values() if s == seat)


def bridge_refusal(state: dict, seat: int, edge: str) -> tuple[str, dict] | None:
    """Why `seat` may not build a bridge on `edge` now (None: it may)."""
    board = state["board"]
    layout, pieces = board["layout"], board["pieces"]
    g = boards.geometry(layout)
    if edge not in bridge_sites(layout):
        return "not_bridge_site", {}
    if edge in pieces["roads"]:
        return "bridge_site_taken", {}
    if _bridges_of(state, seat) >= BRIDGES_EACH:
        return "no_bridges_left", {"limit": BRIDGES_EACH}
    for corner in g.edge_corners[edge]:
        occupant = boards.building_at(pieces, corner)
        if occupant and occupant[0] == seat:
            return None
        if occupant is None and any(pieces["roads"].get(e) == seat for e in g.corner_edges[corner] if e != edge):
            return None
    return "bridge_not_connected", {}


def bridge_targets(state: dict, seat: int) -> list[str]:
    return sorted(e for e in bridge_sites(state["board"]["layout"]) if bridge_refusal(state, seat, e) is None)


@_actions.action("build_bridge", phases={"main", "special_build"}, actors={"active", "table"},
                 when=base.on_board)
def build_bridge(step: Step) -> None:
    state = step.state
    seat = active_seat(state)  # the special builder too
    base._check_builder(step)
    edge = base._location(step, "edge")
    refusal = bridge_refusal(state, seat, edge)
    if refusal:
        raise IllegalAction(refusal[0], **refusal[1])
    if hands.uses_hands(state):
        hands.pay_to_bank(state, seat, BRIDGE_COST)
    state["board"]["pieces"]["roads"][edge] = seat  # a road for Longest Road, not from the supply
    part(state)["bridges"][edge] = seat
    step.log("built_bridge", seat=seat, edge=edge)
    gold.earn(state, step, seat, BRIDGE_GOLD, "bridge", where=edge)
    base._update_longest_road(state, step, [seat])


def more_board_targets(rules, state: dict, viewer, seat: int) -> tuple[dict, set]:
    """Entering the board: every edge may be marked (a river, a bridge site). In play: the
    bridge sites the builder may tap (none on the table screen with hands on phones: the
    bridge is paid from the hand)."""
    if not base.on_board(state):
        return {}, set()
    if state["phase"] == "board":  # the table screen, or a phone beside the board
        return {"river_edge": list(boards.geometry(state["board"]["layout"]).edges)}, set()
    if state["phase"] not in ("main", "special_build"):
        return {}, set()
    costly = set()
    if hands.uses_hands(state):
        if viewer == "table" or hands.missing(hands.hand(state, seat), BRIDGE_COST):
            costly = {"bridge"}
    return {"bridge": bridge_targets(state, seat)}, costly


# ---------------------------------------------------------------- with Catan for two


def _no_neutral_road_on_sites(handler):
    """Catan for two: a neutral colour's road never goes on a bridge site either (no road
    crosses a river, all game long)."""
    def build(step: Step) -> None:
        state = step.state
        built = two_rules.two(state).get("build") or {}
        edge = step.args.get("edge")
        if base.on_board(state) and built.get("piece") == "road" and edge in bridge_sites(state["board"]["layout"]):
            raise IllegalAction("road_closed", edge=str(edge)[:30])
        handler(step)
    return build


# ---------------------------------------------------------------- views


def public_view(rules, state: dict) -> tuple[str, dict]:
    r = part(state)
    layout = state["board"]["layout"] if base.on_board(state) else {}
    found = features(layout) if layout else {"river": [], "bridges": []}
    return NAME, {
        "titled": r["titled"],
        "wealthiest": r["wealthiest"],
        "poor": list(r["poor"]),
        "river": found["river"],
        "bridge_sites": found["bridges"],
        "bridges": dict(r["bridges"]),
        "bridges_left": [BRIDGES_EACH - _bridges_of(state, s) for s in range(len(state["players"]))],
    }


LAYER = Layer(
    name=NAME,
    applies=scenario(NAME),
    scenario=NAME,
    needs=(gold.NAME,),
    terrains={"swamp": None},
    actions=_actions.table,
    wraps={"edit_hex": _two_beside_twelve, "enter_hex": _two_beside_twelve},
    hooks={"check_config": check_config, "new_state": new_state, "board_set": board_set,
           "check_board": check_board, "lay_out": lay_out, "road_closed": road_closed,
           "after_action": after_action, "extra_vp": extra_vp, "vp_sources": vp_sources, "public_view": public_view,
           "more_board_targets": more_board_targets, "board_summary": board_summary},
    view_key=NAME,
    cores=frozenset({"base"}),
    core_refusal="rivers_base_only",
    board_actions={"bridge": ("build_bridge",), "river_edge": ("set_river_edge",)},
)


# With Catan for two: its neutral roads keep off the bridge sites too.
LAYER_TWO = Layer(
    name="rivers_two",
    applies=base.scenario_for_two(NAME),
    needs=(two_rules.LAYER.name,),  # composed only with Catan for two: it wraps its actions
    wraps={"build_neutral": _no_neutral_road_on_sites},
    cores=frozenset({"base"}),
    core_refusal="rivers_base_only",
)
