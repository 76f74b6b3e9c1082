"""Explorers & Pirates ("Odkrywcy i Piraci"), the third core: config["rules"] ==
"explorers_pirates" (explorers-and-pirates-pl.txt, lines 1-345: the core rules and the first
scenario). A scenario layer (companion/layers/explorers_pirates_scenarios/land_ho) brings the board and the start
positions; this core plays everything they share.

Built on the base game (`extends="base"`): its roll, production, discards on a 7, trades
between players, roads and settlements are reused; development cards, cities, the robber,
Longest Road / Largest Army, harbours and the setup rounds are dropped. Gold is the shared
gold layer's (needs=("gold",)): buy_with_gold (2 gold a resource, twice a
turn), 3 equal resources for 1 gold (hook gold_exchange), gold between players.

The turn: phase "roll" (production; the rulebook's "faza zysku"), "main" (trade and build in
any order), "movement" (ships only: nothing traded or built), then end_turn. A 7 only makes
players above 7 cards give back half (the base discard), then "main": there is no robber.
Compensation gold: after a roll other than 7 every player who got nothing from it takes
1 gold (computed from the production the app paid or announced).

The sea board (board.py in this package): a board dict carrying its own "shape" (every
position: land, sea, face-down hexes); sea paths are the edges of sea hexes and the frame's
edges next to sea or land. Ships lie on sea paths, at most 2 a path (passing through a full
path is allowed, ending there is not).

Readings the app takes where the text leaves a choice (its pictures are not in our copy):
- A ship's two ends lie on the two corners of its path; it "points at" every hex touching
  either end corner (bow or stern). A face-down hex there must be revealed: the ship's move
  ends (its points are lost) and phase "reveal" waits until the table has entered what was
  turned over. Two face-down hexes at once: both are revealed. A ship is never built on a
  path that touches a face-down hex at either end (building never reveals).
- The bow is the end the ship last moved towards (drawn so); founding, loading and
  unloading may use either end, since a ship may turn round at no cost.
- What was turned over is entered by the table: a land terrain with a token 2-12 but 7
  (from that area's stack of 6: no land reveal once it is empty) or sea (no token). The
  app refuses a token on sea, a hex that is not face-down or not one the ship points at.
  Reward: 1 of a land hex's resource (with hands: if the bank still has one), else 2 gold.
- A settler (a large piece) fills a ship's hold or a dock on its own. Loading needs an
  empty own ship with an end at an own harbour settlement whose dock holds a settler;
  unloading puts it back into such an empty dock. Loading, unloading and founding use no
  points and may be done by a ship whose move is over.
- Founding with a ship: the ship's end corner must be on land, free, not touching a
  face-down hex, and keep the distance rule; ship and settler go back to the supply. The
  first settlement in each unexplored area is founded this way (ordinary building there is
  refused until then).
- A harbour settlement replaces an own settlement on a corner with a sea path at it
  (2 grain + 2 ore; the settlement goes back to the supply); it counts 2 points, produces 1
  like a settlement (it stays in pieces["settlements"] and is listed in ep["harbours"]).
- Rebuilding a ship when all 3 are out: the player names the ship taken off; its cargo is
  lost (a settler on it goes back to its owner's supply).
- Taking pieces off to make room (remove_piece; "Pionki można usuwać ze statków i odkładać do
  banku", and for a new settler "po usunięciu innych pionków z doku, albo ze statku, i
  odłożeniu ich z powrotem do zasobów"): in the active player's trade-and-build and movement
  phases, off any own ship wherever it lies or out of an own harbour settlement's dock. A
  settler or a crew goes back to its owner's supply, a mission's shoal or sack to the bank
  (the supply beside the board). It costs no movement points and ends no ship's move.
- Movement points are given at the start of the movement phase (4 a ship); 1 wool buys 2
  more for one ship once a turn, before that ship's move is over.
- Choosing another ship ends the moving ship's move (refused while it stands on a path with
  3 ships); so does end_turn. A ship passes through a path with 2 ships only with a point
  left after that step, without revealing anything there, and with a path with room next to
  it: it can always move on to a place where it may stop.

state["explorers_pirates"]: see new_state / set_up below and /tmp/ep_state.md.

The later scenarios' rules (crews, the pirate ship, mission tracks) are in missions.py, switched
on by a scenario layer (Pirate Lairs); this core only keeps room for them: a "gold_river"
land terrain and standing lairs that close building around them (board.py), a scenario's own
board modes and start (scenario "board_modes" / "free_setup"), crews lost with a rebuilt ship.
"""
from __future__ import annotations

import copy

from companion.layers.cores.base import rules as base
from companion.layers.gold import rules as gold
from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery.composition import Actions, Layer
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step, add_log
from companion.machinery.turns import whole_number

from companion.layers.cores.explorers_pirates import board as sea

NAME = "explorers_pirates"
COLORS = ("red", "blue", "white", "orange")  # the box's four colours
MIN_PLAYERS, MAX_PLAYERS = 2, 4
TARGET = 8
RESOURCES = base.RESOURCES
COSTS = {
    "road": dict(hands.COSTS["road"]),
    "settlement": dict(hands.COSTS["settlement"]),
    "ship": {"lumber": 1, "wool": 1},
    "harbour": {"grain": 2, "ore": 2},
    "settler": dict(hands.COSTS["settlement"]),  # a settler costs what a settlement does
}
SHIPS, HARBOURS, SETTLERS, SETTLEMENTS = 3, 4, 2, base.SUPPLY["settlements"]
MOVE_POINTS, BONUS_POINTS = 4, 2
BONUS_COST = {"wool": 1}
SHIPS_PER_PATH = 2
BANK_RATIO = 3  # resources: 3 equal ones for any one
GOLD_RATIO = 3  # 3 equal resources for 1 gold
START_GOLD = 2
COMPENSATION_GOLD = 1
DISCOVERY_GOLD = 2
HARBOUR_VP = 2
SETTLER = "settler"
OWN_PIECES = (SETTLER, "crew")  # taken off a ship or a dock they go back to their owner's supply (others: the bank)
BOARD_MODES = ("beginner", "manual")
REVEAL_TERRAINS = sea.LAND_TERRAINS + (sea.SEA,)
DICE_SOURCES = ("typed", "virtual", "reader")  # no Events of Catan deck here

_actions = Actions()
action = _actions.action


def part(state: dict) -> dict:
    return state[NAME]


def scenario_of(rules) -> dict:
    """The scenario's board and start positions (its layer provides them)."""
    provider = rules.provided("ep_scenario")
    if provider is None:
        raise IllegalAction("ep_needs_scenario")
    return provider()


# ---------------------------------------------------------------- a new game


def validate_config(config: dict, rules) -> dict:
    players = config.get("players") or []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalAction("player_count", min=MIN_PLAYERS, max=MAX_PLAYERS)
    info = scenario_of(rules)
    options = config.get("variants")
    if isinstance(options, dict) and any(v is True for v in options.values()):
        name = next(k for k, v in options.items() if v is True)
        raise IllegalAction("variant_not_in_rules", variant=str(name)[:30])
    board = config.get("board") or "beginner"
    if board == "none":
        board = "beginner"  # the sea board is always in the app: ships need it
    if board not in BOARD_MODES + tuple(info.get("board_modes", ())):  # a scenario may add its own
        raise IllegalAction("ep_board_mode", board=str(board)[:20])
    play_mode = config.get("play_mode") or "hands"
    if play_mode not in base.PLAY_MODES:
        raise IllegalAction("play_mode", mode=str(play_mode)[:20])
    clean = base.validate_config({**config, "board": "none", "play_mode": "paper", "variants": None,
                                  "target": config.get("target") or info["target"]}, rules)
    for p in clean["players"]:
        if p["color"] not in COLORS:
            raise IllegalAction("ep_color", color=p["color"])
    clean.update(board=board, play_mode=play_mode)
    return clean


def new_state(config: dict) -> dict:
    """The base game's state without its board; the scenario's layer lays the board out
    (set_up) once the gold layer has its part."""
    state = base.new_state({**config, "board": "none"})
    state["config"] = config
    state["dev_deck"] = {}
    state["phase"] = "board"  # until the scenario has set up
    n = len(config["players"])
    state[NAME] = {
        "ships": [], "next_ship": 1, "moving": None, "harbours": {}, "docks": {},
        "settlers": [SETTLERS] * n, "reveal": None, "revealed": [], "stacks": {},
        "first_settlement": {a: None for a in sea.AREAS}, "compensation": None, "neutral": {},
        "start_island": [],
    }
    return state


def set_up(state: dict, scenario: dict) -> None:
    """Called by the scenario layer's new_state: its board, start gold, and (with the
    default board) its start pieces at once; with a manual board the table checks the
    start island first (phase "board")."""
    config = state["config"]
    ep = part(state)
    layout = scenario["layout"]()
    state["board"] = {"layout": layout, "robber": None, "pieces": boards.empty_pieces(), "free_roads": 0,
                      "victims": [], "road_lengths": {}}
    ep["stacks"] = {a: scenario["stack"] for a in sea.AREAS}
    ep["start_island"] = sorted(h for h, x in layout["hexes"].items() if x.get("area") == "start"
                                and x["terrain"] in sea.LAND_TERRAINS)
    gold.start(state, START_GOLD)
    if config["board"] in scenario.get("board_modes", ()):
        scenario["free_setup"](state)  # the scenario's own start (Pirate Lairs' free placement)
        return
    if config["board"] == "manual":
        state["phase"] = "board"
        return
    start_play(state, scenario)


def _seats_of_colours(state: dict) -> dict:
    """Colour -> seat: the players', then (two players) the unused colours as neutral seats."""
    chosen = {p["color"]: seat for seat, p in enumerate(state["config"]["players"])}
    if len(chosen) == 2:
        for colour in COLORS:
            if colour not in chosen:
                chosen[colour] = len(chosen)
    return chosen


def start_play(state: dict, scenario: dict) -> None:
    """The scenario's start pieces, the starting resources, turn 1."""
    ep = part(state)
    board = state["board"]
    pieces = board["pieces"]
    n = len(state["players"])
    seats = _seats_of_colours(state)
    for colour, seat in seats.items():
        start = scenario["start"][colour]
        pieces["settlements"][start["harbour"]] = seat
        ep["harbours"][start["harbour"]] = seat
        ep["docks"][start["harbour"]] = []
        pieces["settlements"][start["settlement"]] = seat
        pieces["roads"][start["road"]] = seat
        if seat >= n:
            ep["neutral"][str(seat)] = colour  # two players: an obstacle, without its ship
            continue
        state["players"][seat]["settlements"] += 1
        state["players"][seat]["roads"] += 1
        ep["settlers"][seat] -= 1
        _new_ship(ep, seat, start["ship"], start["bow"], [SETTLER])
    for seat in range(n):
        corner = scenario["start"][state["config"]["players"][seat]["color"]]["settlement"]
        resources = boards.starting_resources(board["layout"], corner)
        if hands.uses_hands(state):
            hands.take_from_bank(state, seat, resources)
        add_log(state, "starting_resources", seat=seat, resources=resources)
    first_turn(state)


def first_turn(state: dict) -> None:
    """The first player's first turn begins (after the start pieces and resources)."""
    state["phase"] = "roll"
    state["turn"] = {"number": 1, "seat": 0, "rolled": False, "dev_played": False}
    add_log(state, "game_started", seat=0)


def _new_ship(ep: dict, seat: int, edge: str, bow: str, cargo: list) -> dict:
    ship = {"id": ep["next_ship"], "seat": seat, "edge": edge, "bow": bow, "points": MOVE_POINTS, "bonus": False,
            "cargo": list(cargo), "done": False, "started": False}
    ep["next_ship"] += 1
    ep["ships"].append(ship)
    return ship


# ---------------------------------------------------------------- helpers


def _layout(state: dict) -> dict:
    return state["board"]["layout"]


def _pieces(state: dict) -> dict:
    return state["board"]["pieces"]


def _location(step: Step, key: str) -> str:
    value = step.args.get(key)
    if not isinstance(value, str) or not value or len(value) > 64:
        raise IllegalAction("pick_on_board", where=key)
    return value


def _seat(state: dict) -> int:
    return state["turn"]["seat"]


def _check_builder(step: Step) -> None:
    """With hands on phones whatever costs cards is done from the player's phone."""
    if hands.uses_hands(step.state) and "seat" not in step.actor:
        raise IllegalAction("build_on_phone")


def _building_at(step: Step, key: str) -> tuple[int, str]:
    """The active seat, building from its own phone (hands), and where: the step's `key`."""
    seat = _seat(step.state)
    _check_builder(step)
    return seat, _location(step, key)


def _pay(state: dict, seat: int, item: str) -> None:
    if hands.uses_hands(state):
        hands.pay_to_bank(state, seat, COSTS[item])


def ships_on(state: dict, edge: str) -> list[dict]:
    return [s for s in part(state)["ships"] if s["edge"] == edge]


def own_ships(state: dict, seat: int) -> list[dict]:
    return [s for s in part(state)["ships"] if s["seat"] == seat]


def _ship_by_id(state: dict, value, seat: int) -> dict:
    number = whole_number(value, "ep_bad_ship")
    ship = next((s for s in part(state)["ships"] if s["id"] == number), None)
    if ship is None or ship["seat"] != seat:
        raise IllegalAction("ep_bad_ship")
    return ship


def harbours_of(state: dict, seat: int) -> list[str]:
    return sorted(c for c, s in part(state)["harbours"].items() if s == seat)


def _own_harbour_ends(state: dict, ship: dict) -> list[str]:
    ep = part(state)
    return [c for c in sea.edge_corners(_layout(state), ship["edge"]) if ep["harbours"].get(c) == ship["seat"]]


def _settlement_refusal(state: dict, seat: int, corner: str) -> tuple | None:
    """Why no settlement of `seat` may stand on `corner` (connection not checked)."""
    layout, pieces = _layout(state), _pieces(state)
    g = sea.geometry(layout)
    if corner not in g.corner_hexes:
        return ("unknown_corner", {"corner": corner})
    if not sea.corner_on_land(layout, corner):
        return ("ep_not_land", {})
    if sea.corner_touches_unexplored(layout, corner):
        return ("ep_next_to_unexplored", {})
    if sea.corner_touches_lair(layout, corner):
        return ("ep_next_to_lair", {})
    if sea.corner_closed_to(layout, corner, seat):
        return ("ep_closed_to_you", {})
    if boards.building_at(pieces, corner):
        return ("occupied", {})
    if boards.distance_rule_conflicts(layout, pieces, corner):
        return ("distance_rule", {})
    if state["players"][seat]["settlements"] >= SETTLEMENTS:
        return ("no_pieces_left", {"piece": "settlements", "limit": SETTLEMENTS})
    return None


def _refuse(refusal) -> None:
    if refusal is not None:
        code, params = refusal
        raise IllegalAction(code, **params)


def road_closed(rules, state: dict) -> frozenset:
    """Paths no road may take: no land beside them, or touching a face-down hex."""
    return sea.road_closed_edges(_layout(state))


def _road_refusal(state: dict, seat: int, edge: str) -> tuple | None:
    layout = _layout(state)
    if edge in sea.geometry(layout).edge_corners and edge in sea.road_closed_edges(layout):
        return ("road_closed", {"edge": edge})
    if edge in sea.geometry(layout).edge_corners and sea.edge_closed_to(layout, edge, seat):
        return ("ep_closed_to_you", {})
    refusal = boards.check_road(layout, _pieces(state), seat, edge)
    if refusal is not None:
        code, params = refusal
        return code, {k: v for k, v in params.items() if isinstance(v, (int, str))}
    return None


# ---------------------------------------------------------------- the board phase (manual board)


def _island_only(handler):
    def edit(step: Step) -> None:
        state = step.state
        hex_ = _location(step, "hex")
        if hex_ not in part(state)["start_island"]:
            raise IllegalAction("ep_not_start_island", hex=hex_)
        if step.args.get("terrain") not in sea.LAND_TERRAINS:
            raise IllegalAction("ep_land_only")
        handler(step)
    return edit


def _then_start(handler):
    def done(step: Step) -> None:
        handler(step)  # the base check of the board against the scenario's set (board_set)
        state = step.state
        state["board"]["robber"] = None
        start_play(state, scenario_of(step.rules))
    return done


# ---------------------------------------------------------------- the roll


def _with_compensation(handler):
    """The base roll, then compensation gold; a 7 has no robber."""
    def roll(step: Step) -> None:
        handler(step)
        state = step.state
        total = state["last_roll"]["total"]
        if total != 7:
            got = state["production"]["seats"] if state["production"] else {}
            paid = [s for s in range(len(state["players"])) if not got.get(str(s))]
            for seat in paid:
                gold.earn(state, step, seat, COMPENSATION_GOLD, "compensation", roll=total)
            part(state)["compensation"] = {"turn": state["turn"]["number"], "total": total, "seats": paid}
        _no_robber(state)
    return roll


def _no_robber(state: dict) -> None:
    if state["phase"] == "robber":
        state["phase"] = "main"
        state["robber_return"] = None


def _discard_then_build(handler):
    def discard(step: Step) -> None:
        handler(step)
        _no_robber(step.state)
    return discard


# ---------------------------------------------------------------- trading


# trade_bank is the base game's: the board says its bank ratio ("bank_ratio": 3, no harbours),
# so the phone's trade ratios say 3:1 too.


def gold_exchange(rules, state: dict, seat: int):
    """Gold buys resources only at 2 a piece (buy_with_gold); 3 equal resources buy 1 gold."""
    return (None, GOLD_RATIO)


def gold_sold(rules, state: dict) -> bool:
    return True


# ---------------------------------------------------------------- building


@action("build_road", phases={"main"}, actors={"active", "table"})
def build_road(step: Step) -> None:
    state = step.state
    seat, edge = _building_at(step, "edge")
    if state["players"][seat]["roads"] >= base.SUPPLY["roads"]:
        raise IllegalAction("no_pieces_left", piece="roads", limit=base.SUPPLY["roads"])
    _refuse(_road_refusal(state, seat, edge))
    _pay(state, seat, "road")
    _pieces(state)["roads"][edge] = seat
    state["players"][seat]["roads"] += 1
    step.log("built_road", seat=seat, free=False)


@action("build_settlement", phases={"main"}, actors={"active", "table"})
def build_settlement(step: Step) -> None:
    state = step.state
    seat, corner = _building_at(step, "corner")
    _refuse(_settlement_refusal(state, seat, corner))
    layout, pieces = _layout(state), _pieces(state)
    area = sea.corner_area(layout, corner)
    if area is not None and part(state)["first_settlement"].get(area) is None:
        raise IllegalAction("ep_first_by_ship", area=area)
    if not any(pieces["roads"].get(e) == seat for e in sea.geometry(layout).corner_edges[corner]):
        raise IllegalAction("not_connected", corner=corner)
    _pay(state, seat, "settlement")
    pieces["settlements"][corner] = seat
    state["players"][seat]["settlements"] += 1
    step.log("built_settlement", seat=seat)


def _harbour_refusal(state: dict, seat: int, corner: str) -> tuple | None:
    ep = part(state)
    if _pieces(state)["settlements"].get(corner) != seat or corner in ep["harbours"]:
        return ("ep_not_own_settlement", {})
    if not sea.is_coastal_corner(_layout(state), corner):
        return ("ep_not_coastal", {})
    if len(harbours_of(state, seat)) >= HARBOURS:
        return ("ep_no_harbours_left", {"limit": HARBOURS})
    return None


@action("build_harbour", phases={"main"}, actors={"active", "table"})
def build_harbour(step: Step) -> None:
    """A coastal settlement becomes a harbour settlement (2 points, a dock)."""
    state = step.state
    seat, corner = _building_at(step, "corner")
    _refuse(_harbour_refusal(state, seat, corner))
    _pay(state, seat, "harbour")
    ep = part(state)
    ep["harbours"][corner] = seat
    ep["docks"][corner] = []
    state["players"][seat]["settlements"] -= 1  # the settlement goes back to the supply
    step.log("ep_harbour_built", seat=seat, corner=corner)


def _ship_site_refusal(state: dict, seat: int, edge: str) -> tuple | None:
    layout = _layout(state)
    if edge not in sea.geometry(layout).edge_corners or not sea.is_sea_path(layout, edge):
        return ("ep_not_sea_path", {})
    if not any(part(state)["harbours"].get(c) == seat for c in sea.edge_corners(layout, edge)):
        return ("ep_not_at_harbour", {})
    if sea.edge_touches_unexplored(layout, edge):
        return ("ep_next_to_unexplored", {})
    if len(ships_on(state, edge)) >= SHIPS_PER_PATH:
        return ("ep_path_full", {})
    return None


@action("build_ship", phases={"main"}, actors={"active", "table"})
def build_ship(step: Step) -> None:
    """A ship on a sea path at one of the seat's harbour settlements; with all 3 out, one of
    them (`remove`) is taken off first and its cargo lost."""
    state = step.state
    seat, edge = _building_at(step, "edge")
    ep = part(state)
    removed = None
    if len(own_ships(state, seat)) >= SHIPS:
        if step.args.get("remove") in (None, ""):
            raise IllegalAction("ep_ships_all_out", limit=SHIPS)
        removed = _ship_by_id(state, step.args.get("remove"), seat)
    elif step.args.get("remove") not in (None, ""):
        raise IllegalAction("ep_bad_ship")
    if removed is not None:
        ep["ships"].remove(removed)  # off the board before the new one is placed (the path may free up)
    _refuse(_ship_site_refusal(state, seat, edge))  # (a refused action leaves the state as it was)
    _pay(state, seat, "ship")
    lost = list(removed["cargo"]) if removed else []
    ep["settlers"][seat] += lost.count(SETTLER)  # a lost settler goes back to its owner's supply
    if "ep_missions" in state:  # so do lost crews (missions.py: later scenarios)
        state["ep_missions"]["crews"][seat] += lost.count("crew")
    harbour = next(c for c in sea.edge_corners(_layout(state), edge) if ep["harbours"].get(c) == seat)
    ship = _new_ship(ep, seat, edge, sea.geometry(_layout(state)).other_corner(edge, harbour), [])
    step.log("ep_ship_built", seat=seat, ship=ship["id"], edge=edge, removed=removed["id"] if removed else None,
             lost=lost)


def _settler_place(state: dict, seat: int, args: dict) -> tuple[str, object]:
    """Where a new settler goes: ("dock", corner) or ("ship", ship)."""
    ep = part(state)
    if args.get("ship") not in (None, "") or args.get("edge") not in (None, ""):
        if args.get("ship") not in (None, ""):
            ship = _ship_by_id(state, args.get("ship"), seat)
        else:
            on_path = [s for s in ships_on(state, args["edge"]) if s["seat"] == seat] \
                if isinstance(args["edge"], str) else []
            if not on_path:
                raise IllegalAction("ep_bad_ship")
            ship = next((s for s in on_path if not s["cargo"]), on_path[0])
        if ship["cargo"]:
            raise IllegalAction("ep_ship_not_empty")
        if not _own_harbour_ends(state, ship):
            raise IllegalAction("ep_ship_not_at_harbour")
        return "ship", ship
    corner = args.get("corner")
    if not isinstance(corner, str) or ep["harbours"].get(corner) != seat:
        raise IllegalAction("ep_not_own_harbour")
    if ep["docks"][corner]:
        raise IllegalAction("ep_dock_full")
    return "dock", corner


@action("build_settler", phases={"main"}, actors={"active", "table"})
def build_settler(step: Step) -> None:
    """A settler (a settlement's cost) into an empty dock of an own harbour settlement, or
    onto an own empty ship at one."""
    state = step.state
    seat = _seat(state)
    _check_builder(step)
    ep = part(state)
    if ep["settlers"][seat] <= 0:
        raise IllegalAction("ep_no_settlers_left", limit=SETTLERS)
    where, target = _settler_place(state, seat, step.args)
    _pay(state, seat, "settler")
    ep["settlers"][seat] -= 1
    if where == "dock":
        ep["docks"][target].append(SETTLER)
        step.log("ep_settler_built", seat=seat, where="dock", corner=target)
    else:
        target["cargo"].append(SETTLER)
        step.log("ep_settler_built", seat=seat, where="ship", ship=target["id"])


# ---------------------------------------------------------------- movement


@action("start_movement", phases={"main"}, actors={"active", "table"})
def start_movement(step: Step) -> None:
    """Trading and building are over; the active player's ships move (4 points each)."""
    state = step.state
    seat = _seat(state)
    points = MOVE_POINTS + sum(more(step.rules, state, seat) for more in step.rules.hooks("ship_points"))
    for ship in own_ships(state, seat):
        ship.update(points=points, bonus=False, done=False, started=False)
    part(state)["moving"] = None
    state["phase"] = "movement"
    step.log("ep_movement", seat=seat)


def _finish_moving(state: dict) -> None:
    """The moving ship's move is over (never on a path with 3 ships)."""
    ep = part(state)
    if ep["moving"] is None:
        return
    ship = next((s for s in ep["ships"] if s["id"] == ep["moving"]), None)
    if ship is not None:
        if len(ships_on(state, ship["edge"])) > SHIPS_PER_PATH:
            raise IllegalAction("ep_path_full")
        if ship["started"]:
            ship["done"] = True
    ep["moving"] = None


def _choose(state: dict, ship: dict) -> None:
    ep = part(state)
    if ep["moving"] == ship["id"]:
        return
    if ship["done"]:
        raise IllegalAction("ep_ship_done")
    _finish_moving(state)
    ep["moving"] = ship["id"]


def _ship_arg(state: dict, args: dict) -> dict:
    """The ship an action names (`ship`), else the moving one."""
    seat = _seat(state)
    if args.get("ship") not in (None, ""):
        return _ship_by_id(state, args.get("ship"), seat)
    moving = part(state)["moving"]
    if moving is None:
        raise IllegalAction("ep_bad_ship")
    return _ship_by_id(state, moving, seat)


@action("choose_ship", phases={"movement"}, actors={"active", "table"})
def choose_ship(step: Step) -> None:
    """The ship to move next (by `ship`, or `edge`: an own ship on that path that may
    still move); the ship moving so far has finished its move."""
    state = step.state
    seat = _seat(state)
    if step.args.get("ship") in (None, "") and isinstance(step.args.get("edge"), str):
        mine = [s for s in ships_on(state, step.args["edge"])
                if s["seat"] == seat and not s["done"] and s["id"] != part(state)["moving"]]
        if not mine:
            raise IllegalAction("ep_bad_ship")
        ship = mine[0]
    else:
        ship = _ship_arg(state, step.args)
    _choose(state, ship)
    step.log("ep_ship_chosen", seat=seat, ship=ship["id"])


def sailing_targets(state: dict, ship: dict) -> list[str]:
    """The paths `ship` may move to with its next point."""
    if ship["done"] or ship["points"] <= 0:
        return []
    return [e for e in sea.next_paths(_layout(state), ship["edge"]) if _step_refusal(state, ship, e) is None]


def _step_refusal(state: dict, ship: dict, edge: str) -> str | None:
    layout = _layout(state)
    if edge not in sea.geometry(layout).edge_corners:
        return "ep_not_next_path"
    if not sea.is_sea_path(layout, edge):
        return "ep_not_sea_path"
    if edge == ship["edge"] or sea.shared_corner(layout, ship["edge"], edge) is None:
        return "ep_not_next_path"
    if _others_on(state, ship, edge) >= SHIPS_PER_PATH:
        # passing through a full path: only with a point left after it, nothing revealed there,
        # and a path with room next to it (so the ship never gets stuck where it may not stop)
        if ship["points"] - 1 < 1 or sea.pointed_at(layout, edge) or not any(
                _others_on(state, ship, e) < SHIPS_PER_PATH for e in sea.next_paths(layout, edge)):
            return "ep_path_full"
    return None


def _others_on(state: dict, ship: dict, edge: str) -> int:
    return sum(1 for s in part(state)["ships"] if s["edge"] == edge and s is not ship)


@action("move_ship", phases={"movement"}, actors={"active", "table"})
def move_ship(step: Step) -> None:
    """One step (1 point) to a sea path next to the ship's own."""
    state = step.state
    ep = part(state)
    ship = _ship_arg(state, step.args)
    _choose(state, ship)
    if ship["points"] <= 0:
        raise IllegalAction("ep_no_points")
    edge = _location(step, "edge")
    code = _step_refusal(state, ship, edge)
    if code:
        raise IllegalAction(code)
    layout = _layout(state)
    via = sea.shared_corner(layout, ship["edge"], edge)
    ship.update(edge=edge, bow=sea.far_corner(layout, edge, via), points=ship["points"] - 1, started=True)
    _log_sailing(state, ship)
    hidden = sea.pointed_at(layout, edge)
    if hidden:  # a discovery ends the ship's move
        ship.update(points=0, done=True)
        ep["moving"] = None
        ep["reveal"] = {"ship": ship["id"], "seat": ship["seat"], "hexes": hidden}
        state["phase"] = "reveal"
        step.log("ep_must_reveal", seat=ship["seat"], ship=ship["id"], hexes=hidden)


def _log_sailing(state: dict, ship: dict) -> None:
    """One log line per ship movement: a step of the ship whose sailing is the log's last
    line (same turn, nothing logged since) makes that line one path longer, else it starts
    a new line. The log is derived from the records, which keep every step (undo, replay);
    the line is replaced, never changed (copy_state shares written entries)."""
    log = state["log"]
    last = log[-1] if log else None
    if (last is not None and last["kind"] == "ep_ship_moved" and last["turn"] == state["turn"]["number"]
            and last["seat"] == ship["seat"] and last["params"].get("ship") == ship["id"]):
        paths = last["params"].get("paths", 1) + 1
        log[-1] = {**last, "params": {**last["params"], "edge": ship["edge"], "points": ship["points"], "paths": paths}}
        return
    add_log(state, "ep_ship_moved", seat=ship["seat"], ship=ship["id"], edge=ship["edge"], points=ship["points"],
            paths=1)


@action("buy_moves", phases={"movement"}, actors={"active", "table"})
def buy_moves(step: Step) -> None:
    """1 wool: 2 more points for one ship, once a turn."""
    state = step.state
    ship = _ship_arg(state, step.args)
    if ship["done"]:
        raise IllegalAction("ep_ship_done")
    if ship["bonus"]:
        raise IllegalAction("ep_bonus_used")
    _check_builder(step)
    _choose(state, ship)
    if hands.uses_hands(state):
        hands.pay_to_bank(state, ship["seat"], BONUS_COST)
    ship.update(points=ship["points"] + BONUS_POINTS, bonus=True, started=True)
    step.log("ep_moves_bought", seat=ship["seat"], ship=ship["id"], points=ship["points"])


def _load_ship(state: dict, args: dict) -> tuple[dict, str]:
    """The ship and the harbour corner of a load (`ship`, or `corner`: the harbour)."""
    seat = _seat(state)
    ep = part(state)
    corner = args.get("corner") if isinstance(args.get("corner"), str) else None
    if args.get("ship") not in (None, ""):
        ship = _ship_by_id(state, args.get("ship"), seat)
    else:
        if corner is None:
            raise IllegalAction("ep_bad_ship")
        near = [s for s in own_ships(state, seat) if corner in sea.edge_corners(_layout(state), s["edge"])]
        ship = next((s for s in near if not s["cargo"]), near[0] if near else None)
        if ship is None:
            raise IllegalAction("ep_bad_ship")
    if ship["cargo"]:
        raise IllegalAction("ep_ship_not_empty")
    ends = [c for c in _own_harbour_ends(state, ship) if SETTLER in ep["docks"].get(c, [])]
    if corner is not None:
        ends = [c for c in ends if c == corner]
    if not ends:
        raise IllegalAction("ep_no_settler_here")
    return ship, ends[0]


@action("load_settler", phases={"movement"}, actors={"active", "table"})
def load_settler(step: Step) -> None:
    state = step.state
    ship, corner = _load_ship(state, step.args)
    part(state)["docks"][corner].remove(SETTLER)
    ship["cargo"].append(SETTLER)
    step.log("ep_settler_loaded", seat=ship["seat"], ship=ship["id"], corner=corner)


@action("unload_settler", phases={"movement"}, actors={"active", "table"})
def unload_settler(step: Step) -> None:
    state = step.state
    ship = _ship_arg(state, step.args)
    if SETTLER not in ship["cargo"]:
        raise IllegalAction("ep_no_settler_aboard")
    ends = _own_harbour_ends(state, ship)
    if not ends:
        raise IllegalAction("ep_not_at_harbour")
    free = [c for c in ends if not part(state)["docks"][c]]
    if not free:
        raise IllegalAction("ep_dock_full")
    ship["cargo"].remove(SETTLER)
    part(state)["docks"][free[0]].append(SETTLER)
    step.log("ep_settler_unloaded", seat=ship["seat"], ship=ship["id"], corner=free[0])


def _founding_ship(state: dict, args: dict, corner: str) -> dict:
    seat = _seat(state)
    if args.get("ship") not in (None, ""):
        ship = _ship_by_id(state, args.get("ship"), seat)
    else:
        carrying = [s for s in own_ships(state, seat) if SETTLER in s["cargo"]
                    and corner in sea.edge_corners(_layout(state), s["edge"])]
        if not carrying:
            raise IllegalAction("ep_no_settler_aboard")
        ship = carrying[0]
    if SETTLER not in ship["cargo"]:
        raise IllegalAction("ep_no_settler_aboard")
    if corner not in sea.edge_corners(_layout(state), ship["edge"]):
        raise IllegalAction("ep_not_ship_end")
    return ship


def found_corners(state: dict, seat: int) -> list[str]:
    out = set()
    for ship in own_ships(state, seat):
        if SETTLER in ship["cargo"]:
            out |= {c for c in sea.edge_corners(_layout(state), ship["edge"])
                    if _settlement_refusal(state, seat, c) is None}
    return sorted(out)


@action("found_settlement", phases={"movement"}, actors={"active", "table"})
def found_settlement(step: Step) -> None:
    """A ship with a settler founds a settlement at an end of its path (free); ship and
    settler go back to the supply."""
    state = step.state
    seat = _seat(state)
    corner = _location(step, "corner")
    ship = _founding_ship(state, step.args, corner)
    _refuse(_settlement_refusal(state, seat, corner))
    ep = part(state)
    area = sea.corner_area(_layout(state), corner)
    first = area is not None and ep["first_settlement"].get(area) is None
    if first:
        ep["first_settlement"][area] = seat
    ep["ships"].remove(ship)
    if ep["moving"] == ship["id"]:
        ep["moving"] = None
    ep["settlers"][seat] += 1  # the settler piece is back in the supply (it became the settlement)
    _pieces(state)["settlements"][corner] = seat
    state["players"][seat]["settlements"] += 1
    step.log("ep_settlement_founded", seat=seat, corner=corner, ship=ship["id"], area=area, first=first)


# ---------------------------------------------------------------- taking pieces off


def _load_to_empty(state: dict, args: dict, seat: int) -> tuple[str, object, list]:
    """The own ship (`ship`) or own harbour settlement's dock (`corner`) a removal names:
    ("ship", ship, its cargo) or ("dock", corner, its load)."""
    if args.get("ship") not in (None, ""):
        ship = _ship_by_id(state, args.get("ship"), seat)
        return "ship", ship, ship["cargo"]
    corner = args.get("corner")
    if not isinstance(corner, str) or part(state)["harbours"].get(corner) != seat:
        raise IllegalAction("ep_not_own_dock")
    return "dock", corner, part(state)["docks"][corner]


@action("remove_piece", phases={"main", "movement"}, actors={"active", "table"})
def remove_piece(step: Step) -> None:
    """Pieces taken off an own ship or out of an own dock to make room ("Pionki można usuwać ze
    statków i odkładać do banku"; a settler "tylko po usunięciu innych pionków z doku, albo ze
    statku, i odłożeniu ich z powrotem do zasobów"): `piece` (may be left out when the load
    holds one kind), `count` of them (1 by default). A settler (and a crew, missions.py) goes
    back to its owner's supply, a scenario's shoal or sack to the bank (their layers keep
    that count). No movement points; a ship's move goes on."""
    state = step.state
    seat = _seat(state)
    where, target, load = _load_to_empty(state, step.args, seat)
    if not load:
        raise IllegalAction("ep_nothing_to_remove")
    piece = step.args.get("piece")
    if piece in (None, ""):
        kinds = sorted(set(load))
        if len(kinds) > 1:
            raise IllegalAction("ep_which_piece")
        piece = kinds[0]
    if not isinstance(piece, str) or piece not in load:
        raise IllegalAction("ep_piece_not_there")
    count = 1 if step.args.get("count") in (None, "") else whole_number(step.args.get("count"), "ep_bad_remove_count")
    if not 1 <= count <= load.count(piece):
        raise IllegalAction("ep_bad_remove_count")
    for _ in range(count):
        load.remove(piece)
    if piece == SETTLER:
        part(state)["settlers"][seat] += count
    back = "supply" if piece in OWN_PIECES else "bank"
    place = {"ship": target["id"]} if where == "ship" else {"corner": target}
    step.log("ep_pieces_removed", seat=seat, piece=piece, count=count, to=back, **place)


# ---------------------------------------------------------------- discovery


def _reveal_number(value, terrain: str, area: str, stacks: dict):
    if terrain == sea.SEA:
        if value not in (None, ""):
            raise IllegalAction("ep_no_token_on_sea")
        return None
    if value in (None, ""):
        raise IllegalAction("ep_token_needed")
    number = whole_number(value, "bad_number")
    if number not in boards.NUMBERS:
        raise IllegalAction("bad_number")
    if stacks.get(area, 0) <= 0:
        raise IllegalAction("ep_stack_empty", area=area)
    return number


@action("reveal_hex", phases={"reveal"}, actors={"active", "table"})
def reveal_hex(step: Step) -> None:
    """What the face-down hex showed when turned over (entered by the table), and its reward."""
    state = step.state
    ep = part(state)
    pending = ep["reveal"]
    hex_ = _location(step, "hex")
    if pending is None or hex_ not in pending["hexes"]:
        raise IllegalAction("ep_not_to_reveal", hex=hex_)
    terrain = step.args.get("terrain")
    if terrain not in REVEAL_TERRAINS:
        raise IllegalAction("ep_bad_terrain")
    layout = _layout(state)
    area = sea.area_of(layout, hex_)
    number = _reveal_number(step.args.get("number"), terrain, area, ep["stacks"])
    seat = pending["seat"]
    cell = {**layout["hexes"][hex_], "terrain": terrain, "number": number}
    state["board"]["layout"] = {**layout, "hexes": {**layout["hexes"], hex_: cell}}  # layouts are shared: a new one
    if number is not None:
        ep["stacks"][area] -= 1
    ep["revealed"].append({"hex": hex_, "terrain": terrain, "number": number, "area": area, "seat": seat,
                           "turn": state["turn"]["number"]})
    reward, coins = {}, 0
    resource = boards.TERRAIN_RESOURCE.get(terrain)
    if resource:
        if not hands.uses_hands(state):
            reward = {resource: 1}
        elif state["bank"][resource] > 0:
            reward = {resource: 1}
            hands.take_from_bank(state, seat, reward)
        else:
            step.log("ep_discovery_bank_short", seat=seat, resource=resource)
    else:
        coins = DISCOVERY_GOLD
    step.log("ep_hex_revealed", seat=seat, hex=hex_, terrain=terrain, number=number, area=area, reward=reward,
             gold=coins)
    if coins:
        gold.earn(state, step, seat, coins, "discovery", hex=hex_)
    pending["hexes"] = [h for h in pending["hexes"] if h != hex_]
    if not pending["hexes"]:
        ep["reveal"] = None
        state["phase"] = "movement"


# ---------------------------------------------------------------- the turn's end


@action("end_turn", phases={"main", "movement"}, actors={"active", "table"})
def end_turn(step: Step) -> None:
    state = step.state
    seat = _seat(state)
    _finish_moving(state)
    step.log("turn_ended", seat=seat)
    state["offers"] = []
    base._start_turn(state, (seat + 1) % len(state["players"]))


# ---------------------------------------------------------------- points


def vp_base(state: dict, seat: int) -> int:
    return state["players"][seat]["settlements"] + HARBOUR_VP * len(harbours_of(state, seat))


def vp_hidden(state: dict, seat: int) -> int:
    return 0


def vp_sources(rules, state: dict, seat: int) -> dict:
    """Where a seat's points come from (engine.points): the base game's sources, and the
    settlements on a harbour."""
    return {**base.vp_sources(rules, state, seat), "harbour_settlements": HARBOUR_VP * len(harbours_of(state, seat))}


# ---------------------------------------------------------------- what the board offers to tap


def _first_settled(ep: dict, area: str | None) -> bool:
    """May ordinary building happen there (the start island, or an area settled by ship)?"""
    return area is None or ep["first_settlement"].get(area) is not None


def _targets(rules, state: dict, seat: int) -> dict:
    phase = state["phase"]
    layout, pieces = _layout(state), _pieces(state)
    ep = part(state)
    g = sea.geometry(layout)
    if phase == "board":
        return {"hex": list(ep["start_island"])}
    if phase == "reveal":
        return {"reveal": list(ep["reveal"]["hexes"]) if ep["reveal"] else []}
    if phase == "main":
        closed = sea.road_closed_edges(layout)
        own_corners = {c for c, s in pieces["settlements"].items() if s == seat}
        own_corners |= {c for e, s in pieces["roads"].items() if s == seat for c in g.edge_corners[e]}
        near = {e for c in own_corners for e in g.corner_edges[c]} - closed
        roads = sorted(e for e in near if _road_refusal(state, seat, e) is None) \
            if state["players"][seat]["roads"] < base.SUPPLY["roads"] else []
        ends = {c for e, s in pieces["roads"].items() if s == seat for c in g.edge_corners[e]}
        settlements = sorted(c for c in ends if _settlement_refusal(state, seat, c) is None
                             and _first_settled(ep, sea.corner_area(layout, c)))
        harbours = sorted(c for c, s in pieces["settlements"].items()
                          if s == seat and _harbour_refusal(state, seat, c) is None)
        sites = sorted({e for c in harbours_of(state, seat) for e in sea.sea_paths_at(layout, c)
                        if _ship_site_refusal(state, seat, e) is None})
        if len(own_ships(state, seat)) >= SHIPS:  # a rebuild takes a ship off first: its form names which
            sites = []
        docks = [c for c in harbours_of(state, seat) if not ep["docks"][c]] if ep["settlers"][seat] else []
        settler_ships = sorted({s["edge"] for s in own_ships(state, seat)
                                if not s["cargo"] and _own_harbour_ends(state, s)}) if ep["settlers"][seat] else []
        return {"road": roads, "settlement": settlements, "harbour": harbours, "ship_site": sites,
                "settler_dock": docks, "settler_ship": settler_ships}
    if phase == "movement":
        moving = next((s for s in ep["ships"] if s["id"] == ep["moving"]), None)
        if moving is not None and len(ships_on(state, moving["edge"])) > SHIPS_PER_PATH:
            # passing through a path that already holds two ships: it must sail on first
            return {"sail": sailing_targets(state, moving), "ship": [], "found": [], "load": []}
        choosable = sorted({s["edge"] for s in own_ships(state, seat)
                            if not s["done"] and s["id"] != ep["moving"] and sailing_targets(state, s)})
        loads = sorted({c for s in own_ships(state, seat) if not s["cargo"] for c in _own_harbour_ends(state, s)
                        if SETTLER in ep["docks"].get(c, [])})
        return {"sail": sailing_targets(state, moving) if moving else [], "ship": choosable,
                "found": found_corners(state, seat), "load": loads}
    return {}


def board_targets(rules, state: dict, viewer) -> dict | None:
    if NAME not in state:
        return None
    if viewer != "table" and int(viewer) != _seat(state) or state["phase"] == "finished":
        return {}  # only the active player (or the table) acts on the board
    return _targets(rules, state, _seat(state))


def more_board_targets(rules, state: dict, viewer, seat: int) -> tuple[dict, set]:
    """Nothing more to tap; what the hand can't pay for (phones with hands)."""
    if not hands.uses_hands(state) or state["phase"] != "main":
        return {}, set()
    if viewer == "table":
        return {}, {"road", "settlement", "harbour", "ship_site", "settler_dock", "settler_ship"}
    cards = hands.hand(state, seat)
    costly = set()
    for kind, item in (("road", "road"), ("settlement", "settlement"), ("harbour", "harbour"), ("ship_site", "ship"),
                       ("settler_dock", "settler"), ("settler_ship", "settler")):
        if hands.missing(cards, COSTS[item]):
            costly.add(kind)
    return {}, costly


# ---------------------------------------------------------------- the view


STAGES = {"roll": "production", "main": "build", "movement": "movement", "reveal": "reveal", "discard": "discard",
          "board": "board", "finished": "finished"}


def view(rules, state: dict) -> dict:
    ep = part(state)
    n = len(state["players"])
    layout = _layout(state) if state["board"] else {"hexes": {}}
    moving = next((s for s in ep["ships"] if s["id"] == ep["moving"]), None)
    areas = {a: sorted(h for h, x in layout["hexes"].items() if x.get("area") == a) for a in sea.AREAS}
    return {
        "stage": STAGES.get(state["phase"], state["phase"]),
        "ships": [dict(s, cargo=list(s["cargo"]), moving=s["id"] == ep["moving"]) for s in ep["ships"]],
        "moving": ep["moving"],
        "harbours": dict(ep["harbours"]),
        "docks": {c: list(v) for c, v in ep["docks"].items()},
        "settlers_left": list(ep["settlers"]),
        "ships_left": [SHIPS - len(own_ships(state, s)) for s in range(n)],
        "harbours_left": [HARBOURS - len(harbours_of(state, s)) for s in range(n)],
        "reveal": copy.deepcopy(ep["reveal"]),
        "revealed": [dict(r) for r in ep["revealed"]],
        "stacks": dict(ep["stacks"]),
        "first_settlement": dict(ep["first_settlement"]),
        "compensation": copy.deepcopy(ep["compensation"]),
        "neutral": dict(ep["neutral"]),
        "start_island": list(ep["start_island"]),
        "unexplored": sorted(h for h, x in layout["hexes"].items() if x["terrain"] == sea.UNEXPLORED),
        "areas": areas,
        "vp": [vp_base(state, s) for s in range(n)],
        "bank_ratio": BANK_RATIO,
        "gold_ratio": GOLD_RATIO,
        "costs": copy.deepcopy(COSTS),
        "move_points": MOVE_POINTS,
        "bonus_points": BONUS_POINTS,
        "bonus_cost": dict(BONUS_COST),
        "terrains": list(REVEAL_TERRAINS),
        "sailing": sailing_targets(state, moving) if moving and state["phase"] == "movement" else [],
    }


def hand_view(rules, state: dict, seat: int) -> tuple[str, dict]:
    """What the phone's own hand lacks for each of this game's buys (hands on phones)."""
    cards = hands.hand(state, seat)
    return "ep_missing", {item: hands.missing(cards, cost) for item, cost in {**COSTS, "moves": BONUS_COST}.items()}


def dice_sources() -> tuple:
    return DICE_SOURCES


def applies(config: dict) -> bool:
    return config.get("rules") == NAME


LAYER = Layer(
    name=NAME,
    core=True,
    extends="base",
    needs=(gold.NAME,),  # every E&P scenario plays with gold
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    applies=applies,
    actions=_actions.table,
    drops=frozenset({"buy_dev", "play_dev", "build_city", "move_robber", "steal", "place_setup", "place_settlement",
                     "place_road", "set_longest_road", "done_building", "edit_harbour"}),
    wraps={"roll": _with_compensation, "discard": _discard_then_build, "edit_hex": _island_only,
           "board_done": _then_start},
    hooks={"new_state": new_state, "validate_config": validate_config, "vp_base": vp_base, "vp_hidden": vp_hidden,
           "public_view": view, "dice_sources": dice_sources, "vp_sources": vp_sources, "road_closed": road_closed,
           "gold_exchange": gold_exchange,
           "gold_sold": gold_sold, "board_targets": board_targets, "more_board_targets": more_board_targets,
           "hand_view": hand_view},
    phases=frozenset({"movement", "reveal", "pirates", "pirate_steal"}),  # the last two: missions.py's pirates
    view_key=NAME,
    terrains={sea.SEA: None, sea.UNEXPLORED: None},
    board_actions={"harbour": ("build_harbour",), "ship_site": ("build_ship",), "settler_dock": ("build_settler",),
                   "settler_ship": ("build_settler",), "sail": ("move_ship",), "ship": ("choose_ship",),
                   "found": ("found_settlement",), "load": ("load_settler",), "reveal": ("reveal_hex",)},
)
