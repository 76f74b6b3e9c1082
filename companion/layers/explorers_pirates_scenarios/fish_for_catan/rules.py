"""Fish for Catan ("Ryby dla Catanu"), the third scenario of Explorers & Pirates
(explorers-and-pirates-pl.txt, "Scenariusz 3"): config["scenario"] == "fish_for_catan", with the
explorers_pirates core only. Two layers:

- MISSION_LAYER "fish_mission": the mission "Fish for Catan" (also played in scenarios 4 and
  5): fish fields, the 6 fish shoals, catching them and delivering them to the Council of
  Catan, the pirates fishing. It applies only when a scenario layer needs it.
- LAYER "fish_for_catan": the scenario (both missions, Pirate Lairs and Fish for Catan): its
  board with the Council of Catan, the free placement at the start, the goal (15 points).

The mission, as the app plays it:
- A face-down hex may turn out a fish field: SEA with a die face (1-6) printed on it
  (stored as {"terrain": "sea", "fish": face}); ships sail it as sea. Its finder takes 2 gold.
- Drawing a shoal: in their movement phase the active player rolls one die (typed at the table
  or the server's). A shoal from the supply goes on the revealed fish field showing that face,
  unless that field holds a shoal already or the pirate ship, or no revealed field shows the
  face. With all 6 shoals out (on fields or aboard ships) no shoal can be drawn.
- Catching: an own EMPTY ship with an end on a corner of a shoal's hex (a ship on one of the
  hex's sides has both ends there) takes the shoal aboard; it fills both places of the hold.
  The ship may go on moving.
- Delivering: a ship carrying a shoal with an end on one of the Council of Catan's two ports
  (council.port_at) unloads it: the shoal goes back to the supply and its owner's marker moves
  one field on the mission card. The ship may go on moving.
- Pirates fish: the pirate ship placed on a fish field with a shoal sends the shoal back.
- The game ends in the turn a player reaches 15 points.

Readings where the text leaves a choice or has only pictures (ours, for the table to know):
- One try at a shoal per turn: the text speaks of "a try" with "one die", not of rolling until
  a shoal comes (that would make every try succeed). Refused without a revealed fish field.
- "Not in the middle of a ship's move": the roll happens before a ship starts or after it is
  done, so drawing a shoal ends the move of a ship that has started moving (as choosing
  another ship does); a ship not yet moved keeps its points.
- The 6 fish tiles of the box show each die face once: two revealed fish fields never show the
  same face (so a roll names at most one field).
- The board: Pirate Lairs' board (Land Ho!'s start island) with the Council of Catan's sea hex
  at offset (5, 3), east of the island's middle row (its two ports face away from the island).
  The face-down areas hold 11 hexes each (the text: 6 standard hexes, the seas taken out, plus
  2 fish and 3 gold-river fields in the north; 6 standard plus 3 fish and 2 gold-river in the
  south), laid east of the sea column 6: north 4 + 4 + 3 hexes in rows 0, 1, 2 (columns 7-10,
  7-10, 7-9), south 3 + 4 + 4 in rows 4, 5, 6 (columns 7-9, 7-10, 7-10). Each area's stack
  holds 6 number tokens, one for each standard hex.
- The mission card's fields: "S" then 12 fields worth 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6
  points (TRACK_VP), Pirate Lairs' reading (the card itself is a picture); a marker on the
  last field stays there (a delivery then scores nothing more on the card).
"""
from __future__ import annotations

from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import council, fields, missions, placement
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.cores.explorers_pirates import sea_boards
from companion.machinery.composition import Actions, Layer
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step
from companion.machinery.turns import whole_number

NAME = "fish_for_catan"  # the scenario layer
MISSION_NAME = "fish_mission"  # the mission layer, and its part of the state
MISSION = "fish_for_catan"  # the mission card (its track)
VIEW_KEY = NAME  # the mission's part of a view: the scenario's name
TARGET = 15
SHOALS = 6
FISH_GOLD = 2  # finding a fish field
FISH = "fish"  # what the table enters when a face-down hex shows a fish field
SHOAL = missions.SHOAL  # a ship's cargo: fills both places (missions.SIZES)
FACES = range(1, 7)
FISH_PER_AREA = {"north": 2, "south": 3}  # this scenario's; another names its own ("fish" in ep_scenario)
RIVERS_PER_AREA = {"north": 3, "south": 2}
# "S" = 0, then 12 fields: our reading of the card (the docstring)
TRACK_VP = (0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
COUNCIL = (5, 3)
# The face-down areas' offset positions (col, row): see the docstring.
NORTH = tuple((c, r) for r in (0, 1) for c in range(7, 11)) + tuple((c, 2) for c in range(7, 10))
SOUTH = tuple((c, 4) for c in range(7, 10)) + tuple((c, r) for r in (5, 6) for c in range(7, 11))
AREAS = {**{p: "north" for p in NORTH}, **{p: "south" for p in SOUTH}}

_actions = Actions()
action = _actions.action


def part(state: dict) -> dict:
    return state[MISSION_NAME]


# ---------------------------------------------------------------- the mission's state


def new_mission_state(state: dict) -> None:
    """No fish field found, all 6 shoals in the supply, a marker of each player on "S"."""
    state[MISSION_NAME] = {"fields": {}, "shoals": [], "tried": None}
    missions.add_track(state, MISSION, TRACK_VP)


def aboard(state: dict) -> int:
    return sum(s["cargo"].count(SHOAL) for s in ep.part(state)["ships"])


def supply(state: dict) -> int:
    """Shoals beside the board: the 6 less those on fields and aboard ships (a shoal lost with
    a rebuilt ship is back in the supply by this count)."""
    return SHOALS - len(part(state)["shoals"]) - aboard(state)


def fish_per_area(rules) -> dict:
    return dict(ep.scenario_of(rules).get("fish") or FISH_PER_AREA)


def tried(state: dict) -> bool:
    return part(state)["tried"] == state["turn"]["number"]


# ---------------------------------------------------------------- finding a fish field


def _fish_found(step: Step, hex_: str, area: str | None, seat: int) -> fields.Found:
    """A fish field: sea with a die face (one field a face), at most the area's count."""
    state = step.state
    if step.args.get("die") in (None, ""):
        raise IllegalAction("ff_face_needed")
    face = whole_number(step.args.get("die"), "ff_bad_face")
    if face not in FACES:
        raise IllegalAction("ff_bad_face")
    f = part(state)
    if face in f["fields"].values():
        raise IllegalAction("ff_face_taken", face=face)
    layout = state["board"]["layout"]
    if sum(1 for h in f["fields"] if sea.area_of(layout, h) == area) >= fish_per_area(step.rules).get(area, 0):
        raise IllegalAction("ff_no_fish_left", area=area)
    f["fields"][hex_] = face
    return fields.Found(cell={"terrain": sea.SEA, "number": None, "fish": face}, gold=FISH_GOLD, reason="fish",
                        log=("ff_fish_found", {"seat": seat, "hex": hex_, "face": face}), record={"fish": face})


# reveal_hex: a fish field is sea with a die face and no number token; 2 gold
_reveal_wrap = fields.reveal_wrap(FISH, "ff_no_token_on_fish", _fish_found)


# ---------------------------------------------------------------- drawing a shoal


@action("draw_shoal", phases={"movement"}, actors={"active", "table"})
def draw_shoal(step: Step) -> None:
    """One die (typed `die`, else the server's): a shoal on the revealed fish field with that
    face, if it is free of shoals and pirates. Once a turn, between ships' moves."""
    state = step.state
    seat = ep._seat(state)
    f = part(state)
    if tried(state):
        raise IllegalAction("ff_tried")
    if not f["fields"]:
        raise IllegalAction("ff_no_fish_fields")
    if supply(state) <= 0:
        raise IllegalAction("ff_no_shoals_left", total=SHOALS)
    e = ep.part(state)
    moving = next((s for s in e["ships"] if s["id"] == e["moving"]), None)
    ended = moving["id"] if moving is not None and moving["started"] and not moving["done"] else None
    ep._finish_moving(state)  # never in the middle of a ship's move: the roll ends a started one
    die = missions._die(step, "shoal")
    f["tried"] = state["turn"]["number"]
    hex_ = next((h for h, face in f["fields"].items() if face == die), None)
    if hex_ is None:
        result = "no_field"
    elif hex_ in f["shoals"]:
        result = "taken"
    elif missions.part(state)["pirates"]["hex"] == hex_:
        result = "pirates"
    else:
        result = "placed"
        f["shoals"] = sorted(f["shoals"] + [hex_])
    step.log("ff_shoal_drawn", seat=seat, die=die, hex=hex_, result=result, ended=ended)


# ---------------------------------------------------------------- catching and delivering


def can_catch(state: dict, ship: dict, hex_: str) -> bool:
    return not ship["cargo"] and hex_ in part(state)["shoals"] and sea.points_at(ep._layout(state), ship["edge"], hex_)


@action("catch_shoal", phases={"movement"}, actors={"active", "table"})
def catch_shoal(step: Step) -> None:
    """An own empty ship with an end on a corner of the shoal's hex takes it aboard (`hex`;
    `ship`, else the first own ship that can)."""
    state = step.state
    seat = ep._seat(state)
    hex_ = ep._location(step, "hex")
    if hex_ not in part(state)["shoals"]:
        raise IllegalAction("ff_no_shoal_there", hex=hex_)
    ship = fields.ship_pointing_at(step, hex_, lambda s: not s["cargo"])
    if ship["cargo"]:
        raise IllegalAction("ff_ship_not_empty")
    part(state)["shoals"].remove(hex_)
    ship["cargo"].append(SHOAL)
    step.log("ff_shoal_caught", seat=seat, ship=ship["id"], hex=hex_)


def deliverers(state: dict, seat: int) -> list[dict]:
    """Own ships carrying a shoal with an end on a port of the Council of Catan."""
    return [s for s in ep.own_ships(state, seat) if SHOAL in s["cargo"] and council.port_at(state, s)]


@action("deliver_shoal", phases={"movement"}, actors={"active", "table"})
def deliver_shoal(step: Step) -> None:
    """A ship with a shoal pointing at a port of the Council of Catan unloads it (`ship`, or
    `edge`: an own ship on that path): the shoal back to the supply, the marker one field on."""
    state = step.state
    seat = ep._seat(state)
    ship = council.delivering_ship(step, lambda s: SHOAL in s["cargo"], "ff_not_at_council")
    if SHOAL not in ship["cargo"]:
        raise IllegalAction("ff_no_shoal_aboard")
    port = council.port_at(state, ship)
    if port is None:
        raise IllegalAction("ff_not_at_council")
    ship["cargo"].remove(SHOAL)
    step.log("ff_shoal_delivered", seat=seat, ship=ship["id"], corner=port)
    missions.advance(state, step, seat, MISSION)


# ---------------------------------------------------------------- the pirates, the docks


def _pirates_wrap(handler):
    """place_pirates: the pirate ship on a fish field with a shoal sends the shoal back."""
    def place(step: Step) -> None:
        handler(step)
        state = step.state
        hex_ = missions.part(state)["pirates"]["hex"]
        f = part(state)
        if hex_ in f["shoals"]:
            f["shoals"].remove(hex_)
            step.log("ff_pirates_fish", seat=missions.part(state)["pirates"]["seat"], hex=hex_)
    return place


# ---------------------------------------------------------------- view and taps


def view(rules, state: dict) -> tuple[str, dict]:
    f = part(state)
    e = ep.part(state)
    active = state["phase"] == "movement" and state["turn"]
    seat = ep._seat(state) if state["turn"] else None
    return VIEW_KEY, {
        "fields": dict(f["fields"]),
        "shoals": list(f["shoals"]),
        "aboard": sorted(s["id"] for s in e["ships"] if SHOAL in s["cargo"]),
        "supply": supply(state),
        "total": SHOALS,
        "tried": bool(state["turn"]) and tried(state),
        "can_draw": bool(active) and not tried(state) and bool(f["fields"]) and supply(state) > 0,
        "deliverers": [s["id"] for s in deliverers(state, seat)] if active else [],
        "ports": council.ports(state["board"]["layout"]) if state["board"] else [],
        "reveal_terrains": [FISH],
        "reveal_die_terrains": [FISH],
        "mission": MISSION,
    }


def more_board_targets(rules, state: dict, viewer, seat: int) -> tuple[dict, set]:
    if state["phase"] != "movement" or (viewer != "table" and int(viewer) != ep._seat(state)):
        return {}, set()
    mine = ep.own_ships(state, seat)
    catch = sorted({h for h in part(state)["shoals"] for s in mine if can_catch(state, s, h)})
    deliver = sorted({s["edge"] for s in deliverers(state, seat)})
    return {"catch": catch, "deliver": deliver}, set()


MISSION_LAYER = Layer(
    name=MISSION_NAME,
    needs=(missions.LAYER.name,),
    actions=_actions.table,
    wraps={"reveal_hex": _reveal_wrap, "place_pirates": _pirates_wrap},
    hooks={"new_state": new_mission_state, "public_view": view, "more_board_targets": more_board_targets},
    view_key=VIEW_KEY,
    board_actions={"catch": ("catch_shoal",), "deliver": ("deliver_shoal",)},
    cores=frozenset({ep.NAME}),
)


# ---------------------------------------------------------------- the scenario


def layout() -> dict:
    board = sea_boards.layout(areas=AREAS, council=COUNCIL)
    board["origin"] = {"method": NAME}
    return board


def _scenario() -> dict:
    return {"target": TARGET, "layout": layout, "start": sea_boards.START, "stack": sea_boards.STACK,
            "board_modes": (placement.MODE,), "free_setup": placement.start,
            "rivers": dict(RIVERS_PER_AREA), "fish": dict(FISH_PER_AREA)}


LAYER = Layer(name=NAME, needs=("pirate_lairs_mission", MISSION_NAME),
              core_refusal="fish_for_catan_explorers_pirates_only", **sea_boards.scenario_fields(NAME, _scenario))
