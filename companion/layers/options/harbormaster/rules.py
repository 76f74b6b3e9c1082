"""Harbormaster ("Zarządca portu"), a game option from Traders & Barbarians
(traders-and-barbarians-pl.txt, "Warianty"): config["variants"]["harbormaster"].

Harbour points are 1 per settlement and 2 per city at a harbour. The first player with 3
takes the Harbormaster card (2 VP); it passes to whoever gets more harbour points than its
holder. The winning target goes up by 1: the new game form adds it (config["target"] is
the target to play to). With a board the points are counted after every action; without
one the table names the holder (set_harbormaster). The rulebook combines it unchanged with
every variant, every scenario and Cities & Knights (a metropolis is a city at its corner).
"""
from companion.layers.cores.base import rules as base
from companion.machinery import board as boards
from companion.machinery.composition import Actions, Layer, option
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step
from companion.machinery.turns import seat_arg

NAME = "harbormaster"
HARBORMASTER_MIN = 3  # harbour points to take the card first
HARBORMASTER_VP = 2

_actions = Actions()


def harbour_points(rules, state: dict) -> dict[int, int] | None:
    """1 per settlement and 2 per city at a harbour, per seat (None without a board); a
    building whose harbour may not be used (a scenario's conquered one) counts nothing."""
    if not base.on_board(state):
        return None
    board = state["board"]
    pieces = rules.harbour_pieces(state)
    g = boards.geometry(board["layout"])
    corners = {c for edge in board["layout"].get("harbours", {}) for c in g.edge_corners.get(edge, ())}
    points = {s: 0 for s in range(len(state["players"]))}
    for corner in corners:
        occupant = boards.building_at(pieces, corner)
        if occupant and occupant[0] in points:  # not a neutral colour (catan_for_two)
            points[occupant[0]] += 2 if occupant[1] == "city" else 1
    return points


def holder(state: dict) -> int | None:
    return (state.get("variants") or {}).get("harbormaster")


def award(points: dict[int, int], current: int | None) -> int | None:
    """Who holds the card: the first to 3; then whoever has more than the holder."""
    best = max(points.values(), default=0)
    leaders = [s for s, p in points.items() if p == best]
    if current is None:
        return leaders[0] if best >= HARBORMASTER_MIN and len(leaders) == 1 else None
    if best > points.get(current, 0) and len(leaders) == 1:
        return leaders[0]
    return current


def _set_holder(state: dict, step: Step, seat: int | None, points: int | None = None) -> None:
    previous = holder(state)
    state.setdefault("variants", {})["harbormaster"] = seat
    step.log("harbormaster", seat=seat, previous=previous, points=points)


def update_harbormaster(rules, state: dict, step: Step) -> None:
    if not base.on_board(state) or state["phase"] == "finished":
        return
    points = harbour_points(rules, state)
    new = award(points, holder(state))
    if new != holder(state):
        _set_holder(state, step, new, points[new])


def harbormaster_vp(rules, state: dict, seat: int) -> int:
    return HARBORMASTER_VP if holder(state) == seat else 0


@_actions.action("set_harbormaster", phases={"roll", "main"}, actors={"active", "table"},
                 when=lambda s: s["board"] is None)
def set_harbormaster(step: Step) -> None:
    """Without a board the table says who holds the Harbormaster card."""
    state = step.state
    seat = seat_arg(state, step.args.get("holder"))
    if seat == holder(state):
        raise IllegalAction("nothing_changes")
    _set_holder(state, step, seat)


def public_view(rules, state: dict) -> tuple[str, dict]:
    return "variants", {"harbormaster": True, "holder": holder(state), "harbour_points": harbour_points(rules, state)}


def story_kinds(rules) -> dict:
    """The log entries the story of a game lists (engine.story): the title changing hands."""
    return {"harbormaster": "award"}


LAYER = Layer(
    name=NAME,
    applies=option(NAME),
    actions=_actions.table,
    hooks={"after_action": update_harbormaster, "extra_vp": harbormaster_vp, "public_view": public_view,
           "story_kinds": story_kinds},
    options=(NAME,),
    view_key="variants",
)
