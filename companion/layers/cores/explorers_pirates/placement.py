"""The later scenarios' free placement ("wolne zagospodarowanie", from Pirate Lairs on):
config board "free" (the default start island, the players place their start pieces
themselves). A scenario offers it with "board_modes": (MODE,) and "free_setup": start in its
ep_scenario; it belongs to the ep_missions layer (missions.py), whose state part holds it.

The order, as the text gives it: each player's harbour settlement (clockwise from the first
player), then each player's ordinary settlement (counter-clockwise, as the base game's second
round, so the first player places last), both on the start island under the distance rule;
then, from the player who placed last, clockwise: a road at their ordinary settlement and their
ship with a settler aboard on a sea path beside their harbour settlement. Two players: after
their harbour settlements the first, then the second player places a neutral harbour
settlement (the unused colours, seats 2 and 3); then from the second player back, a neutral
ordinary settlement each (neutral pieces get no road and no ship).

Our readings: the grey circles marking the harbour corners are only in a picture: any start-island
corner with a sea path at it is allowed. The starting resources are the base game's for the
second settlement: one card per hex beside the ordinary settlement (as in Land Ho!).
"""
from __future__ import annotations

from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery.composition import Actions
from companion.machinery.step import Step, add_log

from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import rules as ep

KEY = "ep_missions"  # the later scenarios' state part (missions.py) holds the placement
MODE = "free"
PHASE = "placement"
PIECES = ("harbour", "settlement", "road", "ship")

_actions = Actions()
action = _actions.action


def steps(n: int) -> list[dict]:
    """Who places which piece, for whom, in order."""
    out = [{"seat": s, "owner": s, "piece": "harbour"} for s in range(n)]
    if n == 2:
        out += [{"seat": 0, "owner": 2, "piece": "harbour"}, {"seat": 1, "owner": 3, "piece": "harbour"},
                {"seat": 1, "owner": 3, "piece": "settlement"}, {"seat": 0, "owner": 2, "piece": "settlement"}]
    out += [{"seat": s, "owner": s, "piece": "settlement"} for s in reversed(range(n))]
    for s in range(n):  # the first player placed last: they start, then clockwise
        out += [{"seat": s, "owner": s, "piece": "road"}, {"seat": s, "owner": s, "piece": "ship"}]
    return out


def start(state: dict) -> None:
    """Called by the core's set_up for board "free": no start pieces yet."""
    n = len(state["players"])
    e = ep.part(state)
    if n == 2:
        seats = ep._seats_of_colours(state)
        e["neutral"] = {str(seat): colour for colour, seat in seats.items() if seat >= n}
    state[KEY]["placement"] = {"steps": steps(n), "index": 0}
    state["phase"] = PHASE
    state["turn"] = {"number": 0, "seat": 0, "rolled": False, "dev_played": False}


def current(state: dict) -> dict | None:
    placement = state[KEY].get("placement")
    if not placement or placement["index"] >= len(placement["steps"]):
        return None
    return placement["steps"][placement["index"]]


def _on_island(layout: dict, corner: str) -> bool:
    return any(sea.is_land(layout, p) and layout["hexes"][p].get("area") == "start"
               for p in sea.corner_positions(corner) if p in layout["hexes"])


def _corner_refusal(state: dict, now: dict, corner: str) -> tuple | None:
    layout, pieces = ep._layout(state), ep._pieces(state)
    if corner not in sea.geometry(layout).corner_hexes or not _on_island(layout, corner):
        return ("pl_not_start_island", {})
    if boards.building_at(pieces, corner):
        return ("occupied", {})
    if boards.distance_rule_conflicts(layout, pieces, corner):
        return ("distance_rule", {})
    if now["piece"] == "harbour" and not sea.is_coastal_corner(layout, corner):
        return ("ep_not_coastal", {})
    return None


def _settlement_of(state: dict, seat: int) -> str | None:
    e = ep.part(state)
    return next((c for c, s in sorted(ep._pieces(state)["settlements"].items())
                 if s == seat and c not in e["harbours"]), None)


def _road_refusal(state: dict, now: dict, edge: str) -> tuple | None:
    layout, pieces = ep._layout(state), ep._pieces(state)
    if edge not in sea.geometry(layout).edge_corners:
        return ("unknown_edge", {"edge": edge})
    if edge in sea.road_closed_edges(layout):
        return ("road_closed", {"edge": edge})
    if edge in pieces["roads"]:
        return ("occupied", {})
    if _settlement_of(state, now["owner"]) not in sea.edge_corners(layout, edge):
        return ("pl_road_at_settlement", {})
    return None


def _ship_refusal(state: dict, now: dict, edge: str) -> tuple | None:
    return ep._ship_site_refusal(state, now["owner"], edge)


def targets(state: dict) -> dict:
    now = current(state)
    if now is None:
        return {}
    layout = ep._layout(state)
    g = sea.geometry(layout)
    if now["piece"] in ("harbour", "settlement"):
        return {f"start_{now['piece']}": sorted(c for c in g.corner_hexes if _corner_refusal(state, now, c) is None)}
    if now["piece"] == "road":
        return {"start_road": sorted(e for e in g.edge_corners if _road_refusal(state, now, e) is None)}
    return {"start_ship": sorted(e for e in g.edge_corners if sea.is_sea_path(layout, e)
                                 and _ship_refusal(state, now, e) is None)}


@action("place_start", phases={PHASE}, actors={"active", "table"})
def place_start(step: Step) -> None:
    """One start piece: `corner` for a (harbour) settlement, `edge` for the road and the ship."""
    state = step.state
    now = current(state)
    e = ep.part(state)
    pieces = ep._pieces(state)
    owner, piece = now["owner"], now["piece"]
    if piece in ("harbour", "settlement"):
        corner = ep._location(step, "corner")
        ep._refuse(_corner_refusal(state, now, corner))
        pieces["settlements"][corner] = owner
        if piece == "harbour":
            e["harbours"][corner] = owner
            e["docks"][corner] = []
        elif owner < len(state["players"]):
            state["players"][owner]["settlements"] += 1
        step.log("pl_start_placed", seat=now["seat"], owner=owner, piece=piece, corner=corner)
    else:
        edge = ep._location(step, "edge")
        if piece == "road":
            ep._refuse(_road_refusal(state, now, edge))
            pieces["roads"][edge] = owner
            state["players"][owner]["roads"] += 1
        else:
            ep._refuse(_ship_refusal(state, now, edge))
            harbour = next(c for c in sea.edge_corners(ep._layout(state), edge) if e["harbours"].get(c) == owner)
            e["settlers"][owner] -= 1
            ep._new_ship(e, owner, edge, sea.geometry(ep._layout(state)).other_corner(edge, harbour), [ep.SETTLER])
        step.log("pl_start_placed", seat=now["seat"], owner=owner, piece=piece, edge=edge)
    state[KEY]["placement"]["index"] += 1
    following = current(state)
    if following is not None:
        state["turn"]["seat"] = following["seat"]
        return
    _begin(state)


def _begin(state: dict) -> None:
    """Every piece placed: the starting resources, turn 1."""
    board = state["board"]
    for seat in range(len(state["players"])):
        resources = boards.starting_resources(board["layout"], _settlement_of(state, seat))
        if hands.uses_hands(state):
            hands.take_from_bank(state, seat, resources)
        add_log(state, "starting_resources", seat=seat, resources=resources)
    state[KEY]["placement"] = None
    ep.first_turn(state)


ACTIONS = _actions.table
BOARD_ACTIONS = {"start_harbour": ("place_start",), "start_settlement": ("place_start",),
                 "start_road": ("place_start",), "start_ship": ("place_start",)}
