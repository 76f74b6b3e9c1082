"""Explorers & Pirates' rules for the scenarios after the first (explorers-and-pirates-pl.txt,
"Dodatkowe zasady dla kolejnych scenariuszy"): crews, the pirate ship and mission tracks.

They are general, and one layer (LAYER, "ep_missions", with the free placement of
placement.py): a scenario switches them on by naming it, or a mission layer that needs it, in
its `needs` (Land Ho! has none of them). Each mission layer adds its own track (add_track, in
its new_state). state["ep_missions"]: see set_up.

Readings the app takes:
- A crew costs 1 ore + 1 wool (the Polish text says "węgla", coal, a typo: the game has no
  coal; the box's cost card reads wool). Each player has 9 crews (the box's 36 for 4 colours).
- A ship's hold and a dock have 2 places: a crew takes 1, a settler both. Crews go aboard
  and ashore in the movement phase at no cost (load_crew, unload_crew); a ship and a harbour
  settlement at an end of its path may swap their whole loads (swap_cargo). Ship to ship goes
  only through a harbour settlement (unload, then load the other ship): there is no direct action.
  Crews taken off a ship or out of a dock to make room (the core's remove_piece) go back to their
  owner's supply.
- "Pointing at" is the core's reading: either end of the ship's path (a ship turns for free).
- The pirate ship goes on a sea hex of the board that touches no start-island land (the frame
  is not part of the board here). Its owner's own pirates must move to another hex.
- The toll (1 gold to the bank) is paid after the step that enters or leaves a path of the
  pirates' hex, once per ship per turn; a player short of gold cannot make that step.
- Chasing: a ship that has not moved this turn and has an end on a corner of the pirates' hex
  rolls one die (typed at the table, or the server's); a 6 sends the pirates home and the
  chaser places their own (the theft included). One try per ship per turn.
- Mission tracks: fields 0 ("S") upwards; the VP of each field is the scenario's table.
"""
from __future__ import annotations

from companion.layers.cores.base import rules as base
from companion.layers.gold import rules as gold
from companion.machinery import hands
from companion.machinery.composition import Actions, Layer
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step
from companion.machinery.turns import seat_arg, whole_number

from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import placement
from companion.layers.cores.explorers_pirates import rules as ep

KEY = "ep_missions"
CREW, SETTLER = "crew", ep.SETTLER
SHOAL, SACK = "shoal", "sack"  # the missions' cargo: a fish shoal, a spice sack
CREWS = 9
PLACES = 2  # a hold or a dock: 2 crews or 1 settler
SIZES = {CREW: 1, SETTLER: 2, SHOAL: 2, SACK: 1}  # a shoal fills a hold, as a settler does
ASHORE = (CREW, SETTLER)  # what may go into a dock: a shoal or a sack stays aboard until the council
CREW_COST = {"ore": 1, "wool": 1}
TOLL = 1
CHASE_WIN = 6

_actions = Actions()
action = _actions.action


def part(state: dict) -> dict:
    return state[KEY]


def set_up(state: dict) -> None:
    """Crews in every supply, no pirates on the board, no mission card yet (add_track)."""
    state[KEY] = {
        "crews": [CREWS] * len(state["players"]), "pirates": {"hex": None, "seat": None}, "placing": None,
        "turn": 0, "tolls": [], "chased": [], "track_vp": {}, "tracks": {}, "placement": None,
    }


def add_track(state: dict, mission: str, vp_per_field) -> None:
    """A mission card beside the board with every player's marker on "S" (field 0);
    `vp_per_field`: the VP of each field, "S" first."""
    n = len(state["players"])
    part(state)["track_vp"][mission] = list(vp_per_field)
    part(state)["tracks"][mission] = {"at": [0] * n, "stacks": {"0": list(range(n))}}


# ---------------------------------------------------------------- holds and docks


def used(load: list) -> int:
    return sum(SIZES.get(x, 1) for x in load)


def room(load: list) -> int:
    return PLACES - used(load)


def _count(args: dict, default: int) -> int:
    if args.get("count") in (None, ""):
        return default
    number = whole_number(args.get("count"), "ep_bad_count")
    if number < 1:
        raise IllegalAction("ep_bad_count")
    return number


def _crew_place(state: dict, seat: int, args: dict) -> tuple[str, object]:
    e = ep.part(state)
    if args.get("ship") not in (None, "") or args.get("edge") not in (None, ""):
        if args.get("ship") not in (None, ""):
            ship = ep._ship_by_id(state, args.get("ship"), seat)
        else:
            mine = [s for s in ep.ships_on(state, args["edge"]) if s["seat"] == seat] \
                if isinstance(args["edge"], str) else []
            if not mine:
                raise IllegalAction("ep_bad_ship")
            ship = max(mine, key=lambda s: room(s["cargo"]))
        if room(ship["cargo"]) < 1:
            raise IllegalAction("ep_no_room")
        if not ep._own_harbour_ends(state, ship):
            raise IllegalAction("ep_ship_not_at_harbour")
        return "ship", ship
    corner = args.get("corner")
    if not isinstance(corner, str) or e["harbours"].get(corner) != seat:
        raise IllegalAction("ep_not_own_harbour")
    if room(e["docks"][corner]) < 1:
        raise IllegalAction("ep_no_room")
    return "dock", corner


@action("build_crew", phases={"main"}, actors={"active", "table"})
def build_crew(step: Step) -> None:
    """A crew (1 ore + 1 wool) into a free place of an own harbour settlement's dock, or onto
    an own ship at one."""
    state = step.state
    seat = ep._seat(state)
    ep._check_builder(step)
    m = part(state)
    if m["crews"][seat] <= 0:
        raise IllegalAction("ep_no_crews_left", limit=CREWS)
    where, target = _crew_place(state, seat, step.args)
    if hands.uses_hands(state):
        hands.pay_to_bank(state, seat, CREW_COST)
    m["crews"][seat] -= 1
    if where == "dock":
        ep.part(state)["docks"][target].append(CREW)
        step.log("ep_crew_built", seat=seat, where="dock", corner=target)
    else:
        target["cargo"].append(CREW)
        step.log("ep_crew_built", seat=seat, where="ship", ship=target["id"])


def _ship_at_harbour(state: dict, args: dict) -> tuple[dict, list[str]]:
    """The ship an action names (or, by `corner`, an own ship with an end there) and the own
    harbour corners at its ends (only `corner` if given)."""
    seat = ep._seat(state)
    corner = args.get("corner") if isinstance(args.get("corner"), str) else None
    if args.get("ship") in (None, "") and corner is not None:
        near = [s for s in ep.own_ships(state, seat) if corner in sea.edge_corners(ep._layout(state), s["edge"])]
        if not near:
            raise IllegalAction("ep_bad_ship")
        ship = near[0]
    else:
        ship = ep._ship_arg(state, args)
    ends = ep._own_harbour_ends(state, ship)
    if corner is not None:
        ends = [c for c in ends if c == corner]
    if not ends:
        raise IllegalAction("ep_not_at_harbour")
    return ship, ends


@action("load_crew", phases={"movement"}, actors={"active", "table"})
def load_crew(step: Step) -> None:
    state = step.state
    ship, ends = _ship_at_harbour(state, step.args)
    docks = ep.part(state)["docks"]
    ends = [c for c in ends if CREW in docks[c]]
    if not ends:
        raise IllegalAction("ep_no_crew_here")
    corner = ends[0]
    count = _count(step.args, 1)
    if count > docks[corner].count(CREW):
        raise IllegalAction("ep_no_crew_here")
    if count > room(ship["cargo"]):
        raise IllegalAction("ep_no_room")
    for _ in range(count):
        docks[corner].remove(CREW)
        ship["cargo"].append(CREW)
    step.log("ep_crews_loaded", seat=ship["seat"], ship=ship["id"], corner=corner, count=count)


@action("unload_crew", phases={"movement"}, actors={"active", "table"})
def unload_crew(step: Step) -> None:
    state = step.state
    ship = ep._ship_arg(state, step.args)
    if CREW not in ship["cargo"]:
        raise IllegalAction("ep_no_crew_aboard")
    count = _count(step.args, 1)
    if count > ship["cargo"].count(CREW):
        raise IllegalAction("ep_no_crew_aboard")
    ends = ep._own_harbour_ends(state, ship)
    if not ends:
        raise IllegalAction("ep_not_at_harbour")
    docks = ep.part(state)["docks"]
    free = [c for c in ends if room(docks[c]) >= count]
    if not free:
        raise IllegalAction("ep_no_room")
    for _ in range(count):
        ship["cargo"].remove(CREW)
        docks[free[0]].append(CREW)
    step.log("ep_crews_unloaded", seat=ship["seat"], ship=ship["id"], corner=free[0], count=count)


@action("swap_cargo", phases={"movement"}, actors={"active", "table"})
def swap_cargo(step: Step) -> None:
    """A ship and the own harbour settlement it points at swap their loads."""
    state = step.state
    ship, ends = _ship_at_harbour(state, step.args)
    docks = ep.part(state)["docks"]
    corner = ends[0]
    if not ship["cargo"] and not docks[corner]:
        raise IllegalAction("ep_nothing_to_swap")
    kept = next((x for x in ship["cargo"] if x not in ASHORE), None)
    if kept is not None:
        raise IllegalAction("ep_stays_aboard", cargo=kept)
    ship["cargo"], docks[corner] = list(docks[corner]), list(ship["cargo"])
    step.log("ep_cargo_swapped", seat=ship["seat"], ship=ship["id"], corner=corner)


# ---------------------------------------------------------------- the pirate ship


def _turn_lists(state: dict) -> dict:
    """This turn's tolls and chases (they start empty each turn)."""
    m = part(state)
    if m["turn"] != state["turn"]["number"]:
        m.update(turn=state["turn"]["number"], tolls=[], chased=[])
    return m


def _this_turn(state: dict, key: str) -> list:
    m = part(state)
    return list(m[key]) if m["turn"] == state["turn"]["number"] else []


def hex_neighbours(position: str) -> set[str]:
    return {p for i in range(6) for p in sea.corner_positions(sea.hex_corner(position, i))} - {position}


def pirate_hexes(state: dict) -> list[str]:
    """Sea hexes of the board touching no land of the start island."""
    layout = ep._layout(state)
    hexes = layout["hexes"]
    out = []
    for h, cell in hexes.items():
        if cell["terrain"] != sea.SEA:
            continue
        if any(sea.is_land(layout, p) and hexes[p].get("area") == "start" for p in hex_neighbours(h) if p in hexes):
            continue
        out.append(h)
    return sorted(out)


def ships_beside(state: dict, hex_: str) -> list[dict]:
    return [s for s in ep.part(state)["ships"] if hex_ in s["edge"].split("|")]


def victims(state: dict, seat: int, hex_: str) -> list[int]:
    """Players with a ship on a path of `hex_` who have something to take (with hands: a card
    or gold; on paper the app cannot know, so every one of them)."""
    found = {s["seat"] for s in ships_beside(state, hex_) if s["seat"] != seat}
    if hands.uses_hands(state):
        found = {v for v in found if hands.hand_size(state, v) > 0 or gold.held(state, v) > 0}
    return sorted(found)


def begin_placing(state: dict, seat: int, back: str, why: str) -> None:
    part(state)["placing"] = {"seat": seat, "back": back, "why": why, "victims": [], "hex": None}
    state["phase"] = "pirates"


def _placer(step: Step) -> int:
    placing = part(step.state)["placing"]
    if placing is None:
        raise IllegalAction("wrong_phase", action="place_pirates", phase=step.state["phase"])
    return placing["seat"]


@action("place_pirates", phases={"pirates"}, actors={"active", "table"})
def place_pirates(step: Step) -> None:
    state = step.state
    m = part(state)
    seat = _placer(step)
    hex_ = ep._location(step, "hex")
    if hex_ not in pirate_hexes(state):
        raise IllegalAction("ep_pirates_not_here", hex=hex_)
    if m["pirates"]["seat"] == seat and m["pirates"]["hex"] == hex_:
        raise IllegalAction("ep_pirates_elsewhere")
    replaced = m["pirates"]["seat"] if m["pirates"]["seat"] not in (None, seat) else None
    m["pirates"] = {"hex": hex_, "seat": seat}
    step.log("ep_pirates_placed", seat=seat, hex=hex_, replaced=replaced)
    placing = m["placing"]
    placing.update(hex=hex_, victims=victims(state, seat, hex_))
    if placing["victims"]:
        state["phase"] = "pirate_steal"
    else:
        _done_placing(state)


def _done_placing(state: dict) -> None:
    m = part(state)
    state["phase"] = m["placing"]["back"]
    m["placing"] = None


@action("pirate_steal", phases={"pirate_steal"}, actors={"active", "table"})
def pirate_steal(step: Step) -> None:
    """1 card from a player with a ship beside the pirates; 1 gold only if they hold no card."""
    state = step.state
    m = part(state)
    seat = m["placing"]["seat"]
    if step.args.get("victim") in (None, "") and isinstance(step.args.get("edge"), str):
        # a tap on a victim's ship beside the pirates
        owners = [s["seat"] for s in ep.ships_on(state, step.args["edge"]) if s["seat"] in m["placing"]["victims"]
                  and m["placing"]["hex"] in step.args["edge"].split("|")]
        victim = owners[0] if owners else None
    else:
        victim = seat_arg(state, step.args.get("victim"), "bad_victim")
    if victim not in m["placing"]["victims"]:
        raise IllegalAction("bad_victim")
    if hands.uses_hands(state):
        if hands.hand_size(state, victim) > 0:
            if step.args.get("take") == "gold":  # "jeśli gracz nie posiada kart surowców (i tylko wtedy!)"
                raise IllegalAction("ep_cards_first")
            card = base._take_random_card(step, seat, victim)
            step.log("ep_pirates_stole", seat=seat, secret_for=[seat, victim], shown={"victim": victim},
                     victim=victim, card=card)
        else:
            _steal_gold(state, step, seat, victim)
    elif step.args.get("take") == "gold":
        _steal_gold(state, step, seat, victim)
    else:
        step.log("ep_pirates_stole", seat=seat, victim=victim)
    _done_placing(state)


def _steal_gold(state: dict, step: Step, seat: int, victim: int) -> None:
    if gold.held(state, victim) <= 0:
        raise IllegalAction("ep_nothing_to_steal")
    gold.move(state, victim, seat, 1)
    step.log("ep_pirates_stole", seat=seat, victim=victim, gold=1)


@action("pirate_spare", phases={"pirate_steal"}, actors={"active", "table"})
def pirate_spare(step: Step) -> None:
    state = step.state
    step.log("ep_pirates_spared", seat=part(state)["placing"]["seat"])
    _done_placing(state)


def fit_to_chase(state: dict, seat: int) -> list[dict]:
    m = part(state)
    hex_ = m["pirates"]["hex"]
    if hex_ is None or m["pirates"]["seat"] == seat:
        return []
    chased = _this_turn(state, "chased")
    return [s for s in ep.own_ships(state, seat) if not s["started"] and not s["done"] and s["id"] not in chased
            and sea.points_at(ep._layout(state), s["edge"], hex_)]


def _die(step: Step, key: str) -> int:
    typed = step.args.get("die")
    if typed not in (None, ""):
        value = whole_number(typed, "bad_die")
        if not 1 <= value <= 6:
            raise IllegalAction("bad_die")
        return value
    return roll_die(step, key)


def roll_die(step: Step, key: str) -> int:
    """One die thrown by the server (recorded for replays)."""
    state = step.state
    counter = state["counters"]["dice"]
    value = step.outcome(key, lambda c: c.randint("dice", counter, 6) + 1, lambda v: isinstance(v, int) and 1 <= v <= 6)
    state["counters"]["dice"] = counter + 1
    return value


def chase_faces(rules, state: dict, seat: int) -> set[int]:
    """The die faces that chase the pirates away for `seat`: a 6, and what its layers add."""
    return {CHASE_WIN}.union(*(more(rules, state, seat) for more in rules.hooks("chase_faces")))


@action("chase_pirates", phases={"movement"}, actors={"active", "table"})
def chase_pirates(step: Step) -> None:
    state = step.state
    seat = ep._seat(state)
    m = _turn_lists(state)
    if m["pirates"]["hex"] is None or m["pirates"]["seat"] == seat:
        raise IllegalAction("ep_no_pirates")
    if step.args.get("ship") in (None, "") and isinstance(step.args.get("edge"), str):
        mine = [s for s in ep.ships_on(state, step.args["edge"]) if s["seat"] == seat]
        if not mine:
            raise IllegalAction("ep_bad_ship")
        fit = [s for s in mine if s in fit_to_chase(state, seat)]
        ship = fit[0] if fit else mine[0]
    else:
        ship = ep._ship_arg(state, step.args)
    if ship["id"] in m["chased"]:
        raise IllegalAction("ep_chased")
    if ship not in fit_to_chase(state, seat):
        raise IllegalAction("ep_not_fit")
    die = _die(step, "chase")
    m["chased"].append(ship["id"])
    won = die in chase_faces(step.rules, state, seat)
    step.log("ep_chase", seat=seat, ship=ship["id"], die=die, won=won)
    if won:
        owner = m["pirates"]["seat"]
        m["pirates"] = {"hex": None, "seat": None}
        step.log("ep_pirates_home", seat=owner)
        begin_placing(state, seat, "movement", "chase")


def _toll_wrap(handler):
    """move_ship: a step onto or off a path of a foreign pirate ship's hex costs 1 gold,
    once per ship per turn."""
    def move(step: Step) -> None:
        state = step.state
        m = _turn_lists(state)
        ship = ep._ship_arg(state, step.args)
        before = ship["edge"]
        handler(step)
        hex_, owner = m["pirates"]["hex"], m["pirates"]["seat"]
        if hex_ is None or owner == ship["seat"] or ship["id"] in m["tolls"]:
            return
        if hex_ in before.split("|") or hex_ in ship["edge"].split("|"):
            gold.spend(state, step, ship["seat"], TOLL, "pirate_toll", ship=ship["id"])
            m["tolls"].append(ship["id"])
            step.log("ep_toll_paid", seat=ship["seat"], ship=ship["id"], owner=owner)
    return move


def _seven_wrap(handler):
    """roll: a 7 brings the roller's pirate ship (after the discards, if any)."""
    def roll(step: Step) -> None:
        handler(step)
        state = step.state
        if state["last_roll"]["total"] == 7:
            back = state["phase"]
            begin_placing(state, ep._seat(state), "main", "seven")
            if back == "discard":
                state["phase"] = "discard"  # the pirates come once everyone has discarded
    return roll


def _discard_wrap(handler):
    def discard(step: Step) -> None:
        handler(step)
        state = step.state
        if state["phase"] == "main" and part(state)["placing"] is not None:
            state["phase"] = "pirates"
    return discard


def _crews_home_wrap(handler):
    """remove_piece: crews taken off a ship or out of a dock go back to their owner's supply."""
    def remove(step: Step) -> None:
        state = step.state
        seat = ep._seat(state)
        before = crews_on_board(state, seat)
        handler(step)
        part(state)["crews"][seat] += before - crews_on_board(state, seat)
    return remove


ACTIONS = _actions.table
WRAPS = {"move_ship": _toll_wrap, "roll": _seven_wrap, "discard": _discard_wrap, "remove_piece": _crews_home_wrap}
PHASES = frozenset({"pirates", "pirate_steal"})


# ---------------------------------------------------------------- mission tracks


def advance(state: dict, step: Step, seat: int, mission: str) -> None:
    """The marker moves one field on (onto the top of any markers there)."""
    track = part(state)["tracks"][mission]
    last = len(part(state)["track_vp"][mission]) - 1
    here = track["at"][seat]
    if here >= last:
        step.log("ep_track_moved", seat=seat, mission=mission, field=here, vp=field_vp(state, mission, here))
        return
    track["stacks"][str(here)].remove(seat)
    if not track["stacks"][str(here)]:
        del track["stacks"][str(here)]
    track["at"][seat] = here + 1
    track["stacks"].setdefault(str(here + 1), []).append(seat)
    step.log("ep_track_moved", seat=seat, mission=mission, field=here + 1, vp=field_vp(state, mission, here + 1))


def field_vp(state: dict, mission: str, field: int) -> int:
    return part(state)["track_vp"][mission][field]


def leader(state: dict, mission: str) -> int | None:
    """Who holds the mission's +1 card: furthest along; on a stack the bottom marker."""
    track = part(state)["tracks"][mission]
    furthest = max(track["at"])
    if furthest == 0:
        return None
    return track["stacks"][str(furthest)][0]


def mission_vp(state: dict, seat: int) -> int:
    if KEY not in state:
        return 0
    total = 0
    for mission, track in part(state)["tracks"].items():
        total += field_vp(state, mission, track["at"][seat]) + (1 if leader(state, mission) == seat else 0)
    return total


def extra_vp(rules, state: dict, seat: int) -> int:
    return mission_vp(state, seat)


def vp_sources(rules, state: dict, seat: int) -> dict:
    """Each mission's points apart: its track's field and its +1 card."""
    return {f"mission_{mission}": field_vp(state, mission, track["at"][seat]) + (1 if leader(state, mission) == seat else 0)
            for mission, track in part(state)["tracks"].items()}


def crews_on_board(state: dict, seat: int) -> int:
    """Crews of `seat` in its docks and ships (crews elsewhere are counted by their scenario)."""
    e = ep.part(state)
    aboard = sum(s["cargo"].count(CREW) for s in e["ships"] if s["seat"] == seat)
    docked = sum(load.count(CREW) for c, load in e["docks"].items() if e["harbours"].get(c) == seat)
    return aboard + docked


def view(state: dict) -> dict:
    """The public view of these mechanisms (a scenario puts it into its own view part)."""
    m = part(state)
    n = len(state["players"])
    seat = ep._seat(state) if state["turn"] else 0
    tracks = {}
    for mission, track in m["tracks"].items():
        tracks[mission] = {"at": list(track["at"]), "stacks": {k: list(v) for k, v in track["stacks"].items()},
                           "leader": leader(state, mission),
                           "vp": [field_vp(state, mission, track["at"][s]) for s in range(n)]}
    placing = m["placing"]
    return {
        "crews_left": list(m["crews"]),
        "crew_cost": dict(CREW_COST),
        "crew_supply": CREWS,
        "hold": PLACES,
        "pirates": dict(m["pirates"]),
        "pirate_hexes": pirate_hexes(state) if state["board"] else [],
        "placing": dict(placing, victims=list(placing["victims"])) if placing else None,
        "tolls": _this_turn(state, "tolls"),
        "chased": _this_turn(state, "chased"),
        "fit": [s["id"] for s in fit_to_chase(state, seat)] if state["phase"] == "movement" else [],
        "tracks": tracks,
        "track_vp": {k: list(v) for k, v in m["track_vp"].items()},
        "mission_vp": [mission_vp(state, s) for s in range(n)],
    }


def targets(state: dict, seat: int) -> dict:
    """Board taps of these mechanisms for the active seat."""
    phase = state["phase"]
    m = part(state)
    e = ep.part(state)
    if phase == "pirates":
        here = m["pirates"]["hex"] if m["pirates"]["seat"] == seat else None
        return {"pirates": [h for h in pirate_hexes(state) if h != here]}
    if phase == "pirate_steal":
        placing = m["placing"]
        return {"victim": sorted({s["edge"] for s in ships_beside(state, placing["hex"])
                                  if s["seat"] in placing["victims"]})}
    if phase == "main":
        if m["crews"][seat] <= 0:
            return {"crew_dock": [], "crew_ship": []}
        docks = [c for c in ep.harbours_of(state, seat) if room(e["docks"][c]) >= 1]
        ships = sorted({s["edge"] for s in ep.own_ships(state, seat)
                        if room(s["cargo"]) >= 1 and ep._own_harbour_ends(state, s)})
        return {"crew_dock": docks, "crew_ship": ships}
    if phase == "movement":
        return {"chase": sorted({s["edge"] for s in fit_to_chase(state, seat)}), **_toll_bound_sails(state, seat)}
    return {}


def _toll_bound_sails(state: dict, seat: int) -> dict:
    """The moving ship's sailing taps without the steps whose toll its owner cannot pay (none
    when nothing is due: the core's taps stand)."""
    e, m = ep.part(state), part(state)
    ship = next((s for s in e["ships"] if s["id"] == e["moving"]), None)
    hex_, owner = m["pirates"]["hex"], m["pirates"]["seat"]
    if ship is None or hex_ is None or owner == seat or ship["id"] in _this_turn(state, "tolls") \
            or gold.held(state, seat) >= TOLL:
        return {}
    if hex_ in ship["edge"].split("|"):
        return {"sail": []}  # every step off a path of the pirates' hex costs the toll
    return {"sail": [edge for edge in ep.sailing_targets(state, ship) if hex_ not in edge.split("|")]}


BOARD_ACTIONS = {"pirates": ("place_pirates",), "victim": ("pirate_steal",), "crew_dock": ("build_crew",),
                 "crew_ship": ("build_crew",), "chase": ("chase_pirates",)}


# ---------------------------------------------------------------- the layer


def new_state(state: dict) -> None:
    set_up(state)


# The stage names of these mechanisms' phases (the core names its own).
STAGES = {"pirates": "pirates", "pirate_steal": "pirate_steal", placement.PHASE: "placement"}


def layer_view(rules, state: dict) -> tuple[str, dict]:
    placing = part(state)["placement"]
    return KEY, {
        **view(state),
        "chase_faces": sorted(chase_faces(rules, state, ep._seat(state))) if state["turn"] else [CHASE_WIN],
        "stage": STAGES.get(state["phase"], ep.STAGES.get(state["phase"], state["phase"])),
        "placement": None if placement.current(state) is None else {
            **placement.current(state), "index": placing["index"], "steps": len(placing["steps"])},
    }


def more_board_targets(rules, state: dict, viewer, seat: int) -> tuple[dict, set]:
    if state["phase"] == "finished" or (viewer != "table" and int(viewer) != ep._seat(state)):
        return {}, set()
    if state["phase"] == placement.PHASE:
        return placement.targets(state), set()
    costly = set()
    if state["phase"] == "main" and hands.uses_hands(state):
        if viewer == "table" or hands.missing(hands.hand(state, seat), CREW_COST):
            costly = {"crew_dock", "crew_ship"}
    return targets(state, seat), costly


def hand_view(rules, state: dict, seat: int) -> tuple[str, dict]:
    """What the phone's own hand lacks for a crew (hands on phones)."""
    return "pl_missing", {"crew": hands.missing(hands.hand(state, seat), CREW_COST)}


LAYER = Layer(
    name=KEY,
    actions={**ACTIONS, **placement.ACTIONS},
    wraps=WRAPS,
    hooks={"new_state": new_state, "extra_vp": extra_vp, "vp_sources": vp_sources, "public_view": layer_view,
           "more_board_targets": more_board_targets, "hand_view": hand_view},
    phases=PHASES | {placement.PHASE},
    view_key=KEY,
    board_actions={**BOARD_ACTIONS, **placement.BOARD_ACTIONS},
    cores=frozenset({ep.NAME}),
)
