"""Spices for Catan ("Przyprawy dla Catanu"), the fourth scenario of Explorers & Pirates
(explorers-and-pirates-pl.txt, "Scenariusz 4"): two layers.

- MISSION_LAYER "spices_mission": the mission "Spices for Catan", brought in by a scenario's
  `needs` (this one's, and the fifth scenario's). Built on the later scenarios' general rules
  (layer "ep_missions": crews, the pirate ship, mission tracks, the Council of Catan).
- LAYER "spices_for_catan": the scenario (config["scenario"] == "spices_for_catan"): the board,
  the missions "Fish for Catan" (layer "fish_mission") and "Spices for Catan", the goal (15).

The mission, as the app plays it:
- A face-down hex may turn out a spice field ("spice": land without a resource, a village on
  it). Its finder takes 2 gold; as many spice sacks as there are players go from the supply
  (24 sacks) into its village. Nobody may build on its sides or corners yet (the cell's
  "open_to" lists the seats that may).
- A ship with a crew (a merchant here) aboard and an end on a corner of a spice field may put
  that crew into the village (place_merchant): one crew per player per village, and it never
  leaves. A sack goes aboard in its place (while the village has one). From then on the
  player may build roads and settlements on that field's sides and corners, and holds the
  village's benefit at once (this very turn too).
- The benefits (one per village; which village has which is entered when it is turned over):
  fast travel (2 villages): each of the player's ships gets 1 more movement point a turn per
  such village (4 + 1 + 1, and 2 more for a wool: 8 at most); anti-pirate "5" and "4" (1 village
  each): that face chases a pirate ship too, besides the 6; quick gold (2 villages): once a
  turn per such village, in the trade-and-build phase, 1 resource of the player's choice to
  the bank for 1 gold.
- A ship carrying 1 or 2 sacks with an end on a port of the Council of Catan delivers them
  (deliver_spices): the sacks go back to the supply and the marker moves one field a sack on
  the mission card "Spices for Catan". The ship may move on afterwards.
- The game ends in the turn a player reaches 15 points.

Readings where the text has only pictures or leaves a choice (ours, for the table to know):
- The board: Land Ho!'s start island, the Council of Catan on the sea hex east of its middle
  row (offset (5, 3)), and two unexplored areas of 13 face-down hexes each (the text's 7
  standard + 3 fish + 3 spice fields per area), laid in rows of 4, 5 and 4 hexes from column 7
  eastwards: north rows 0-2, south rows 4-6 (row 3 there is the big sea piece F). Each area's
  stack holds 6 number tokens: 6 of its 7 standard fields are land (one sea field stays).
  The fish mission finds 3 fish fields in each area here (the scenario's "fish").
- The start: the free placement on the start island (board "free", as the rulebook starts
  it, "as in scenario 3"), or Land Ho!'s start positions (board "beginner"/"manual").
- 3 spice fields lie in each area (the text's count). The 6 villages' benefits are the text's:
  fast travel twice, anti-pirate "5", anti-pirate "4", quick gold twice; the table picks the
  one on the turned-over field (the reveal asks for it), and each is refused once used up.
- Sacks: a sack takes 1 place in a hold (2 places: 2 sacks, or a sack and a crew). A ship with
  sacks aboard delivers all of them at once. A sack stays aboard until the council (no swap
  puts it ashore into a dock, as with Fish for Catan's shoals). Sacks on a ship taken off for a
  rebuild, or taken off a ship to make room (the core's remove_piece), go back to the supply.
  A village whose sacks are gone still takes crews (the benefit, the building rights), without
  a sack.
- Fast travel gained during the movement phase adds its point at once to each of the
  player's ships that has not finished its move.
- The mission card's fields: "S" then 12 fields worth 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6
  points (TRACK_VP), the reading of the other missions' cards (Pirate Lairs, Fish for Catan:
  the card itself is a picture we do not have). A player can deliver at most 6 sacks (one from
  each village), so field 6 (3 points) is as far as a marker gets here.
"""
from __future__ import annotations

from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import council, fields
from companion.layers.cores.explorers_pirates import missions
from companion.layers.cores.explorers_pirates import placement
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.cores.explorers_pirates import sea_boards
from companion.layers.gold import rules as gold
from companion.machinery import hands
from companion.machinery.composition import Actions, Layer
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step

NAME = "spices_for_catan"           # the scenario's key (and its layer's name)
MISSION_NAME = "spices_mission"     # the mission's layer
MISSION = "spices_for_catan"        # the mission card (track) and the mission's view part
SPICE = sea.SPICE
TARGET = 15
SACKS = 24
SPICE_GOLD = 2  # finding a spice field
SPICES_PER_AREA = 3  # unless the scenario says otherwise (its "spices": {area: count})
FISH_PER_AREA = {"north": 3, "south": 3}  # this scenario's fish fields, for the fish mission
FAST_TRAVEL, PIRATES_5, PIRATES_4, QUICK_GOLD = "fast_travel", "pirates_5", "pirates_4", "quick_gold"
# the villages' benefits and how many villages have each
BENEFITS = {FAST_TRAVEL: 2, PIRATES_5: 1, PIRATES_4: 1, QUICK_GOLD: 2}
CHASE_FACES = {PIRATES_5: 5, PIRATES_4: 4}
FAST_POINTS = 1  # per fast-travel village
QUICK_GOLD_PRICE = 1  # resources for 1 gold
SACK = "sack"
# "S" = 0, then 12 fields, as the other missions' cards: our reading, see the docstring
TRACK_VP = (0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
STACK = 6

# The unexplored areas: rows of 4 + 5 + 4 hexes from column 7 eastwards (offset coordinates).
AREA_ROWS = {"north": {0: 4, 1: 5, 2: 4}, "south": {4: 4, 5: 5, 6: 4}}
AREA_START = 7
COUNCIL = (5, 3)
AREAS = {(AREA_START + i, row): area for area, rows in AREA_ROWS.items() for row, count in rows.items()
         for i in range(count)}

_actions = Actions()
action = _actions.action


def part(state: dict) -> dict:
    return state[MISSION]


def new_state(state: dict) -> None:
    """The mission: the sack supply, no village yet, a marker on "S" of its card."""
    state[MISSION] = {"supply": SACKS, "villages": {}, "quick_gold": {"turn": 0, "used": 0}}
    missions.add_track(state, MISSION, TRACK_VP)


# ---------------------------------------------------------------- the board


def layout() -> dict:
    board = sea_boards.layout(areas=dict(AREAS), council=COUNCIL)
    board["origin"] = {"method": NAME}
    return board


def _scenario() -> dict:
    return {"target": TARGET, "layout": layout, "start": sea_boards.START, "stack": STACK,
            "board_modes": (placement.MODE,), "free_setup": placement.start,
            "fish": dict(FISH_PER_AREA), "spices": {area: SPICES_PER_AREA for area in AREA_ROWS}}


def spices_per_area(rules, area: str) -> int:
    """How many spice fields lie in an area: the scenario's word, else the text's 3."""
    return (ep.scenario_of(rules).get("spices") or {}).get(area, SPICES_PER_AREA)


# ---------------------------------------------------------------- finding a spice field


_set_cell = fields.set_cell  # (the engine tests lay fields with it)


def benefits_left(state: dict) -> dict:
    """How many villages of each benefit are still face down."""
    taken = [v["benefit"] for v in part(state)["villages"].values()]
    return {kind: count - taken.count(kind) for kind, count in BENEFITS.items()}


def _spice_found(step: Step, hex_: str, area: str | None, seat: int) -> fields.Found:
    """A spice field: its village's benefit (entered, while one is left) and as many sacks as
    there are players; nobody builds there yet. At most the area's count."""
    state = step.state
    benefit = step.args.get("benefit")
    if not isinstance(benefit, str) or benefit not in BENEFITS:
        raise IllegalAction("sp_benefit_needed")
    if benefits_left(state)[benefit] <= 0:
        raise IllegalAction("sp_benefit_taken", benefit=benefit)
    sp = part(state)
    layout = state["board"]["layout"]
    most = spices_per_area(step.rules, area)
    if sum(1 for h in sp["villages"] if sea.area_of(layout, h) == area) >= most:
        raise IllegalAction("sp_no_spices_left", area=area, count=most)
    sacks = min(len(state["players"]), sp["supply"])
    sp["supply"] -= sacks
    sp["villages"][hex_] = {"benefit": benefit, "sacks": sacks, "crews": []}
    return fields.Found(cell={"terrain": SPICE, "number": None, "open_to": []}, gold=SPICE_GOLD, reason="spice",
                        log=("sp_spice_found", {"seat": seat, "hex": hex_, "benefit": benefit, "sacks": sacks}))


# reveal_hex: a spice field takes no number token
_reveal_wrap = fields.reveal_wrap(SPICE, "sp_no_token_on_spice", _spice_found)


# ---------------------------------------------------------------- merchants in the villages


def _village(state: dict, step: Step) -> tuple[str, dict]:
    return fields.field_at(step, part(state)["villages"], "sp_not_village")


def crews_in_villages(state: dict, seat: int) -> int:
    return sum(v["crews"].count(seat) for v in part(state)["villages"].values())


def benefits_of(state: dict, seat: int) -> list[str]:
    """The benefits `seat` holds: one entry per village their crew is in."""
    return sorted(v["benefit"] for v in part(state)["villages"].values() if seat in v["crews"])


@action("place_merchant", phases={"movement"}, actors={"active", "table"})
def place_merchant(step: Step) -> None:
    """A crew from a ship pointing at a spice field goes into its village for good; a sack
    goes aboard in its place; building there opens for the player, the benefit is theirs."""
    state = step.state
    seat = ep._seat(state)
    hex_, village = _village(state, step)
    if seat in village["crews"]:
        raise IllegalAction("sp_one_crew_per_village")
    ship = fields.ship_pointing_at(step, hex_, lambda s: missions.CREW in s["cargo"])
    if missions.CREW not in ship["cargo"]:
        raise IllegalAction("ep_no_crew_aboard")
    ship["cargo"].remove(missions.CREW)
    village["crews"].append(seat)
    sack = village["sacks"] > 0
    if sack:
        village["sacks"] -= 1
        ship["cargo"].append(SACK)  # into the crew's place: the hold has room
    cell = state["board"]["layout"]["hexes"][hex_]
    fields.set_cell(state, hex_, open_to=sorted(set(cell.get("open_to") or []) | {seat}))
    step.log("sp_merchant_placed", seat=seat, ship=ship["id"], hex=hex_, benefit=village["benefit"], sack=sack)
    if village["benefit"] == FAST_TRAVEL:  # at once: the ships still moving this turn
        for own in ep.own_ships(state, seat):
            if not own["done"]:
                own["points"] += FAST_POINTS


@action("deliver_spices", phases={"movement"}, actors={"active", "table"})
def deliver_spices(step: Step) -> None:
    """A ship pointing at a port of the Council of Catan unloads its 1 or 2 sacks: they go back
    to the supply, the marker moves one field a sack."""
    state = step.state
    ship = council.delivering_ship(step, lambda s: SACK in s["cargo"], "sp_not_at_council")
    count = ship["cargo"].count(SACK)
    if not count:
        raise IllegalAction("sp_no_sacks_aboard")
    port = council.port_at(state, ship)
    if port is None:
        raise IllegalAction("sp_not_at_council")
    ship["cargo"] = [x for x in ship["cargo"] if x != SACK]
    part(state)["supply"] += count
    step.log("sp_spices_delivered", seat=ship["seat"], ship=ship["id"], count=count, port=port)
    for _ in range(count):
        missions.advance(state, step, ship["seat"], MISSION)


def _quick_gold(state: dict) -> dict:
    """This turn's use of quick gold (reset each turn)."""
    q = part(state)["quick_gold"]
    if q["turn"] != state["turn"]["number"]:
        q.update(turn=state["turn"]["number"], used=0)
    return q


def quick_gold_left(state: dict, seat: int) -> int:
    q = part(state)["quick_gold"]
    used = q["used"] if q["turn"] == state["turn"]["number"] else 0
    return benefits_of(state, seat).count(QUICK_GOLD) - used


@action("quick_gold", phases={"main"}, actors={"active", "table"})
def quick_gold(step: Step) -> None:
    """Quick gold: 1 resource of the player's choice to the bank for 1 gold, once a turn per
    quick-gold village their crew is in (with hands on phones, from their phone)."""
    state = step.state
    seat = ep._seat(state)
    ep._check_builder(step)
    if not benefits_of(state, seat).count(QUICK_GOLD):
        raise IllegalAction("sp_no_quick_gold")
    if quick_gold_left(state, seat) <= 0:
        raise IllegalAction("sp_quick_gold_used")
    resource = step.args.get("resource")
    if resource in (None, "") and not hands.uses_hands(state):
        resource = None  # paper cards: the card goes to the bank on the table
    elif resource not in ep.RESOURCES:
        raise IllegalAction("bad_resource")
    if resource is not None and hands.uses_hands(state):
        hands.pay_to_bank(state, seat, {resource: QUICK_GOLD_PRICE})
    _quick_gold(state)["used"] += 1
    step.log("sp_quick_gold", seat=seat, resource=resource)
    gold.earn(state, step, seat, 1, "quick_gold")


def _ship_lost_wrap(handler):
    """build_ship: sacks on a ship taken off for a rebuild go back to the supply."""
    def build(step: Step) -> None:
        state = step.state
        before = {s["id"]: s["cargo"].count(SACK) for s in ep.part(state)["ships"]}
        handler(step)
        after = {s["id"] for s in ep.part(state)["ships"]}
        lost = sum(n for ship, n in before.items() if ship not in after)
        part(state)["supply"] += lost
    return build


def _sacks_back_wrap(handler):
    """remove_piece: sacks taken off a ship to make room go back to the supply (the bank)."""
    def remove(step: Step) -> None:
        before = sacks_aboard(step.state)
        handler(step)
        part(step.state)["supply"] += before - sacks_aboard(step.state)
    return remove


# ---------------------------------------------------------------- hooks for the core


def ship_points(rules, state: dict, seat: int) -> int:
    """Fast travel: 1 movement point more for each ship, per fast-travel village."""
    return FAST_POINTS * benefits_of(state, seat).count(FAST_TRAVEL)


def chase_faces(rules, state: dict, seat: int) -> set[int]:
    """The anti-pirate villages: their faces chase the pirates away too."""
    return {CHASE_FACES[b] for b in benefits_of(state, seat) if b in CHASE_FACES}


# ---------------------------------------------------------------- view and taps


def sacks_aboard(state: dict) -> int:
    return sum(s["cargo"].count(SACK) for s in ep.part(state)["ships"])


def view(rules, state: dict) -> tuple[str, dict]:
    sp = part(state)
    n = len(state["players"])
    seat = ep._seat(state) if state["turn"] else 0
    return MISSION, {
        "villages": {h: {**v, "crews": list(v["crews"])} for h, v in sp["villages"].items()},
        "supply": sp["supply"],
        "sacks": SACKS,
        "aboard": {str(s["id"]): s["cargo"].count(SACK) for s in ep.part(state)["ships"] if SACK in s["cargo"]},
        "benefits": [benefits_of(state, s) for s in range(n)],
        "benefits_left": benefits_left(state),
        "chase_faces": [sorted(chase_faces(rules, state, s) | {missions.CHASE_WIN}) for s in range(n)],
        "ship_points": [ep.MOVE_POINTS + ship_points(rules, state, s) for s in range(n)],
        "quick_gold_left": quick_gold_left(state, seat) if state["turn"] and state["phase"] == "main" else 0,
    }


def targets(state: dict, seat: int) -> dict:
    """Board taps of the mission for the active seat (movement phase)."""
    if state["phase"] != "movement":
        return {}
    sp = part(state)
    ships = ep.own_ships(state, seat)
    villages = sorted(h for h, v in sp["villages"].items() if seat not in v["crews"]
                      and any(missions.CREW in s["cargo"] and sea.points_at(ep._layout(state), s["edge"], h) for s in ships))
    deliver = sorted({s["edge"] for s in ships if SACK in s["cargo"] and council.port_at(state, s)})
    return {"village": villages, "deliver_sacks": deliver}


def more_board_targets(rules, state: dict, viewer, seat: int) -> tuple[dict, set]:
    if state["phase"] == "finished" or (viewer != "table" and int(viewer) != ep._seat(state)):
        return {}, set()
    return targets(state, seat), set()


MISSION_LAYER = Layer(
    name=MISSION_NAME,
    needs=(missions.KEY,),
    actions=_actions.table,
    wraps={"reveal_hex": _reveal_wrap, "build_ship": _ship_lost_wrap, "remove_piece": _sacks_back_wrap},
    hooks={"new_state": new_state, "public_view": view, "more_board_targets": more_board_targets,
           "ship_points": ship_points, "chase_faces": chase_faces},
    view_key=MISSION,
    terrains={SPICE: None},
    board_actions={"village": ("place_merchant",), "deliver_sacks": ("deliver_spices",)},
    cores=frozenset({ep.NAME}),
    core_refusal="spices_explorers_pirates_only",
)

LAYER = Layer(name=NAME, needs=("fish_mission", MISSION_NAME), core_refusal="spices_explorers_pirates_only",
              **sea_boards.scenario_fields(NAME, _scenario))
