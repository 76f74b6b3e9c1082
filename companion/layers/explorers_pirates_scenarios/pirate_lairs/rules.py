"""Pirate Lairs ("Obozy Piratów"), the second scenario of Explorers & Pirates
(explorers-and-pirates-pl.txt, "Scenariusz 2"), and its mission, which scenarios 3 and 5 play
too. Two layers: MISSION_LAYER ("pirate_lairs_mission": the gold-river fields with their
pirate lairs and the mission track "Pirate Lairs"), brought in by a scenario's `needs`, and
LAYER, the scenario (config["scenario"] == "pirate_lairs", with the explorers_pirates core
only: its board, its start and its goal, 12 points). The mission needs the core's
later-scenario rules (crews, the pirate ship, mission tracks, the free placement: the layer
"ep_missions", companion/layers/cores/explorers_pirates/missions.py).

The mission, as the app plays it:
- A face-down hex may turn out a gold-river field ("gold_river", land without a resource): it
  holds a lair. Its finder takes 2 gold and a lair token from the stack (6) lies on it face
  down; while it stands no road takes the hex's sides and no settlement its corners.
- Crews (warriors here) go from a ship with an end on a corner of the lair onto the token; at
  most 3 stand there. With exactly 3 the lair falls; it is resolved when the active player's
  movement is over (end_turn): the table enters the number under the token (it becomes the
  field's number), each player with crews there takes 2 gold and moves their marker one field
  (the active player first, then clockwise). The hero: each of them rolls a die and adds their
  crews there; the highest total wins, a tie goes to the one with more crews, then the tied
  roll again; one player alone is the hero without a roll. The hero moves one field more and
  one of their crews there goes back to the supply; the other crews stand beside the turned
  token until a ship of their owner fetches them (collect_crews).
- A freed gold-river field with the rolled number pays 2 gold to every player with a
  settlement or harbour settlement on its corners (once a player, as the text says "each
  player"); the compensation gold still counts resources only.
- The game ends in the turn a player reaches 12 points.

Readings where the text has only pictures or leaves a choice (ours, for the table to know):
- The board: Land Ho!'s board and start island (the frame pieces B1 and E the text adds are
  sea around it). Board "free" (the rulebook's way): the free placement
  ("wolne zagospodarowanie", placement.py); "beginner"/"manual": Land Ho!'s start positions.
- 3 gold-river fields lie in each unexplored area (6 lairs for the 6 lair tokens).
- The mission card's fields: "S" then 12 fields worth 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6 points
  (TRACK_VP); the text gives only its example (markers worth 1 and 2 points): the card itself
  is a picture. The text's "węgla" (coal) in a crew's cost is a typo for wool (missions.py).
"""
from __future__ import annotations

from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import fields, missions, placement
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.cores.explorers_pirates import sea_boards
from companion.layers.gold import rules as gold
from companion.machinery import board as boards
from companion.machinery.composition import Actions, Layer
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step
from companion.machinery.turns import whole_number

NAME = "pirate_lairs"  # the scenario's key and its mission's state part and view key
MISSION = "pirate_lairs"  # its mission card
TARGET = 12
LAIRS = 6
RIVERS_PER_AREA = 3  # our reading: 3 in the north (the text's count), the other 3 lair tokens' in the south
CREWS_TO_CONQUER = 3
LAIR_GOLD = 2  # finding a lair
CONQUEST_GOLD = 2
RIVER_GOLD = 2
# "S" = 0, then 12 fields (one player can move at most 12 times: 6 lairs, each a step and the
# hero's step): our reading of the card, see the docstring
TRACK_VP = (0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
REVEAL_TERRAINS = ep.REVEAL_TERRAINS + (sea.GOLD_RIVER,)

_actions = Actions()
action = _actions.action


def part(state: dict) -> dict:
    return state[NAME]


def layout() -> dict:
    board = sea_boards.layout()
    board["origin"] = {"method": NAME}
    return board


def _scenario() -> dict:
    return {"target": TARGET, "layout": layout, "start": sea_boards.START, "stack": sea_boards.STACK,
            "board_modes": (placement.MODE,), "free_setup": placement.start}


def mission_state(state: dict) -> None:
    state[NAME] = {"lairs": {}, "stack": LAIRS, "pending": [], "conquest": None}
    missions.add_track(state, MISSION, TRACK_VP)


# ---------------------------------------------------------------- finding a lair


def _lair_found(step: Step, hex_: str, area: str | None, seat: int) -> fields.Found:
    """A gold-river field: a lair token from the stack goes on it (at most the area's count)."""
    state = step.state
    pl = part(state)
    if pl["stack"] <= 0:
        raise IllegalAction("pl_no_lairs_left")
    layout = state["board"]["layout"]
    # how many an area holds: the scenario's (Fish for Catan: 3 north, 2 south), else 3
    rivers = (ep.scenario_of(step.rules).get("rivers") or {}).get(area, RIVERS_PER_AREA)
    if sum(1 for h in pl["lairs"] if sea.area_of(layout, h) == area) >= rivers:
        raise IllegalAction("pl_no_rivers_left", area=area, count=rivers)
    pl["stack"] -= 1
    pl["lairs"][hex_] = {"crews": [], "beside": [], "conquered": False, "number": None}
    return fields.Found(cell={"terrain": sea.GOLD_RIVER, "number": None, "lair": True}, gold=LAIR_GOLD,
                        reason="lair", log=("pl_lair_found", {"seat": seat, "hex": hex_}))


# reveal_hex: a gold-river field takes no number token; a lair token goes on it
_reveal_wrap = fields.reveal_wrap(sea.GOLD_RIVER, "pl_no_token_on_river", _lair_found)


# ---------------------------------------------------------------- crews on a lair


def _lair(state: dict, step: Step) -> tuple[str, dict]:
    return fields.field_at(step, part(state)["lairs"], "pl_not_lair")


@action("land_crews", phases={"movement"}, actors={"active", "table"})
def land_crews(step: Step) -> None:
    """Crews from a ship pointing at a lair go onto its token (at most 3 there)."""
    state = step.state
    hex_, lair = _lair(state, step)
    if lair["conquered"]:
        raise IllegalAction("pl_lair_conquered")
    if len(lair["crews"]) >= CREWS_TO_CONQUER or hex_ in part(state)["pending"]:
        raise IllegalAction("pl_lair_full")
    ship = fields.ship_pointing_at(step, hex_, lambda s: missions.CREW in s["cargo"])
    aboard = ship["cargo"].count(missions.CREW)
    if not aboard:
        raise IllegalAction("ep_no_crew_aboard")
    space = CREWS_TO_CONQUER - len(lair["crews"])
    count = missions._count(step.args, min(aboard, space))
    if count > aboard:
        raise IllegalAction("ep_no_crew_aboard")
    if count > space:
        raise IllegalAction("pl_lair_full")
    for _ in range(count):
        ship["cargo"].remove(missions.CREW)
        lair["crews"].append(ship["seat"])
    step.log("pl_crews_landed", seat=ship["seat"], ship=ship["id"], hex=hex_, count=count, total=len(lair["crews"]))
    if len(lair["crews"]) == CREWS_TO_CONQUER:
        part(state)["pending"].append(hex_)
        step.log("pl_lair_falls", hex=hex_, seats=sorted(set(lair["crews"])))


@action("collect_crews", phases={"movement"}, actors={"active", "table"})
def collect_crews(step: Step) -> None:
    """Own crews standing beside a turned lair token board a ship pointing at it."""
    state = step.state
    seat = ep._seat(state)
    hex_, lair = _lair(state, step)
    there = lair["beside"].count(seat)
    if not there:
        raise IllegalAction("pl_no_crews_there")
    ship = fields.ship_pointing_at(step, hex_, lambda s: missions.room(s["cargo"]) > 0)
    space = missions.room(ship["cargo"])
    if space <= 0:
        raise IllegalAction("ep_no_room")
    count = missions._count(step.args, min(there, space))
    if count > there:
        raise IllegalAction("pl_no_crews_there")
    if count > space:
        raise IllegalAction("ep_no_room")
    for _ in range(count):
        lair["beside"].remove(seat)
        ship["cargo"].append(missions.CREW)
    step.log("pl_crews_collected", seat=seat, ship=ship["id"], hex=hex_, count=count)


# ---------------------------------------------------------------- the conquest


def _end_turn_wrap(handler):
    """end_turn: lairs that fell this turn are resolved first (phase "conquest")."""
    def end(step: Step) -> None:
        state = step.state
        if not part(state)["pending"]:
            handler(step)
            return
        ep._finish_moving(state)
        _start_conquest(state, step)
    return end


def _start_conquest(state: dict, step: Step) -> None:
    pl = part(state)
    hex_ = pl["pending"][0]
    crews = pl["lairs"][hex_]["crews"]
    n = len(state["players"])
    active = ep._seat(state)
    seats = [s % n for s in range(active, active + n) if s % n in crews]
    pl["conquest"] = {"hex": hex_, "seats": seats, "counts": {str(s): crews.count(s) for s in seats},
                      "stage": "number", "tied": list(seats), "rolls": {}}
    state["phase"] = "conquest"


@action("conquer", phases={"conquest"}, actors={"active", "table"})
def conquer(step: Step) -> None:
    """The lair's token is turned over (its number is entered): the rewards, then the hero."""
    state = step.state
    pl = part(state)
    conquest = pl["conquest"]
    if conquest is None or conquest["stage"] != "number":
        raise IllegalAction("wrong_phase", action="conquer", phase=state["phase"])
    number = whole_number(step.args.get("number"), "bad_number")
    if number not in boards.NUMBERS:
        raise IllegalAction("bad_number")
    hex_ = conquest["hex"]
    lair = pl["lairs"][hex_]
    lair.update(conquered=True, number=number)
    fields.set_cell(state, hex_, number=number, lair=False)
    step.log("pl_lair_conquered", hex=hex_, number=number, seats=list(conquest["seats"]))
    for seat in conquest["seats"]:
        gold.earn(state, step, seat, CONQUEST_GOLD, "conquest", hex=hex_)
    for seat in conquest["seats"]:
        missions.advance(state, step, seat, MISSION)
    if len(conquest["seats"]) == 1:
        _hero(state, step, conquest["seats"][0])
    else:
        conquest["stage"] = "hero"


@action("hero_roll", phases={"conquest"}, actors={"active", "table"})
def hero_roll(step: Step) -> None:
    """Each contender's die plus their crews there: the highest is the hero (a tie: more
    crews; still tied: those roll again)."""
    state = step.state
    conquest = part(state)["conquest"]
    if conquest is None or conquest["stage"] != "hero":
        raise IllegalAction("wrong_phase", action="hero_roll", phase=state["phase"])
    tied = conquest["tied"]
    typed = step.args.get("dice")
    if typed not in (None, "", []):
        if not isinstance(typed, (list, tuple)) or len(typed) != len(tied):
            raise IllegalAction("pl_hero_dice", count=len(tied))
        dice = []
        for value in typed:
            die = whole_number(value, "bad_die")
            if not 1 <= die <= 6:
                raise IllegalAction("bad_die")
            dice.append(die)
    else:
        dice = [missions.roll_die(step, f"hero{i}") for i in range(len(tied))]
    rolls = {str(s): d for s, d in zip(tied, dice)}
    totals = {str(s): d + conquest["counts"][str(s)] for s, d in zip(tied, dice)}
    conquest["rolls"] = rolls
    step.log("pl_hero_rolls", rolls=rolls, totals=totals)
    best = max(totals.values())
    top = [s for s in tied if totals[str(s)] == best]
    most = max(conquest["counts"][str(s)] for s in top)
    top = [s for s in top if conquest["counts"][str(s)] == most]
    if len(top) > 1:
        conquest["tied"] = top
        step.log("pl_hero_tie", seats=top)
        return
    _hero(state, step, top[0])


def conquest_unsettled(rules, state: dict) -> bool:
    """No winner in the middle of a conquest: the hero's roll still moves a marker (and may
    move the mission card to another player)."""
    return state["phase"] == "conquest"


def _hero(state: dict, step: Step, seat: int) -> None:
    pl = part(state)
    conquest = pl["conquest"]
    hex_ = conquest["hex"]
    lair = pl["lairs"][hex_]
    step.log("pl_hero", seat=seat, hex=hex_)
    missions.advance(state, step, seat, MISSION)
    lair["crews"].remove(seat)  # the hero's price: one crew back to the supply
    missions.part(state)["crews"][seat] += 1
    lair["beside"] = lair["beside"] + lair["crews"]
    lair["crews"] = []
    pl["pending"].remove(hex_)
    pl["conquest"] = None
    if pl["pending"]:
        _start_conquest(state, step)
        return
    state["phase"] = "movement"
    active = ep._seat(state)
    if step.rules.vp_total(state, active) >= step.rules.target(state, active):
        return  # the active player has won in their own turn: the victory check ends the game
    ep.end_turn(step)  # the movement was over: the turn ends now


# ---------------------------------------------------------------- gold from the rivers


def _river_wrap(handler):
    """roll: a freed gold-river field with the number pays 2 gold to each player beside it."""
    def roll(step: Step) -> None:
        handler(step)
        state = step.state
        total = state["last_roll"]["total"]
        if total == 7:
            return
        settlements = state["board"]["pieces"]["settlements"]
        n = len(state["players"])
        for hex_, lair in sorted(part(state)["lairs"].items()):
            if not lair["conquered"] or lair["number"] != total:
                continue
            seats = sorted({settlements[c] for c in (sea.hex_corner(hex_, i) for i in range(6))
                            if c in settlements and settlements[c] < n})
            for seat in seats:
                gold.earn(state, step, seat, RIVER_GOLD, "river", hex=hex_, roll=total)
    return roll


# ---------------------------------------------------------------- view and taps


def crews_on_lairs(state: dict, seat: int) -> int:
    return sum(l["crews"].count(seat) + l["beside"].count(seat) for l in part(state)["lairs"].values())


def view(rules, state: dict) -> tuple[str, dict]:
    pl = part(state)
    conquest = pl["conquest"]
    return NAME, {
        "stage": ep.STAGES.get(state["phase"], state["phase"]),
        "lairs": {h: {**l, "crews": list(l["crews"]), "beside": list(l["beside"])} for h, l in pl["lairs"].items()},
        "lair_stack": pl["stack"],
        "pending": list(pl["pending"]),
        "conquest": None if conquest is None else {
            **conquest, "seats": list(conquest["seats"]), "tied": list(conquest["tied"]),
            "counts": dict(conquest["counts"]), "rolls": dict(conquest["rolls"])},
        "reveal_terrains": list(REVEAL_TERRAINS),
        "crews_to_conquer": CREWS_TO_CONQUER,
    }


def more_board_targets(rules, state: dict, viewer, seat: int) -> tuple[dict, set]:
    if state["phase"] != "movement" or (viewer != "table" and int(viewer) != ep._seat(state)):
        return {}, set()
    layout = ep._layout(state)
    ships = ep.own_ships(state, seat)
    pl = part(state)

    def pointed(h, liked=lambda s: True):
        return any(liked(s) and sea.points_at(layout, s["edge"], h) for s in ships)
    return {"land": sorted(h for h, l in pl["lairs"].items() if not l["conquered"] and h not in pl["pending"]
                           and pointed(h, lambda s: missions.CREW in s["cargo"])),
            "collect": sorted(h for h, l in pl["lairs"].items() if seat in l["beside"] and pointed(h))}, set()


MISSION_LAYER = Layer(
    name="pirate_lairs_mission",
    actions=_actions.table,
    wraps={"roll": _river_wrap, "reveal_hex": _reveal_wrap, "end_turn": _end_turn_wrap},
    hooks={"new_state": mission_state, "public_view": view, "more_board_targets": more_board_targets,
           "victory_waits": conquest_unsettled},
    phases=frozenset({"conquest"}),
    view_key=NAME,
    terrains={sea.GOLD_RIVER: None},
    board_actions={"land": ("land_crews",), "collect": ("collect_crews",)},
    cores=frozenset({ep.NAME}),
    core_refusal="pirate_lairs_explorers_pirates_only",
    needs=(missions.KEY,),
)

LAYER = Layer(name=NAME, needs=(MISSION_LAYER.name,), core_refusal="pirate_lairs_explorers_pirates_only",
              **sea_boards.scenario_fields(NAME, _scenario))
