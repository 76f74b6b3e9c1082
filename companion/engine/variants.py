"""Game options from Traders & Barbarians (traders-and-barbarians-pl.txt, "Warianty"):
the friendly robber and Harbormaster. Each is on when config["variants"][name] is True.

Friendly robber ("Przyjacielski złodziej"): after a 7 or a Knight the robber may not go on
a hex touching a settlement (or city) of a player with only 2 victory points or fewer.
When no hex is left it stays on, or goes back to, the desert, and then nobody with 2
points is robbed there either. Discarding on a 7 is unchanged. Points are the public ones
(what the table sees): a hidden victory point card does not make its holder fair game.

Harbormaster ("Zarządca portu"): harbour points are 1 per settlement and 2 per city at a
harbour. The first player with 3 takes the Harbormaster card (2 VP); it passes to whoever
gets more harbour points than its holder. The winning target goes up by 1: the new game
form adds it (config["target"] is the target to play to). With a board the points are
counted after every action; without one the table names the holder (set_harbormaster).
"""
from . import base
from . import board as boards
from .errors import IllegalAction
from .step import Step

BEGINNER_VP = 2       # players with this many public points or fewer are spared
HARBORMASTER_MIN = 3  # harbour points to take the card first
HARBORMASTER_VP = 2


def on(state: dict, name: str) -> bool:
    return bool(state["config"].get("variants", {}).get(name))


# ---------------------------------------------------------------- the friendly robber


def spared_seats(state: dict) -> list[int]:
    if not on(state, "friendly_robber"):
        return []
    return [s for s in range(len(state["players"])) if base.vp_public(state, s) <= BEGINNER_VP]


def _friendly_hexes(state: dict, hexes: list[str]) -> list[str]:
    spared = set(spared_seats(state))
    if not spared:
        return hexes
    board = state["board"]
    g = boards.geometry(board["layout"])
    allowed = [h for h in hexes if not any(boards.owner_at(board["pieces"], c) in spared for c in g.hex_corners[h])]
    if allowed:
        return allowed
    # Nowhere to go: the robber stays on the desert, or goes back to it.
    deserts = [h for h, x in board["layout"]["hexes"].items() if x["terrain"] == "desert"]
    if board["robber"] in deserts:
        return [board["robber"]]
    return deserts[:1]


base.ROBBER_LIMITS.append(_friendly_hexes)
base.ROBBER_SPARES.append(spared_seats)


# ---------------------------------------------------------------- Harbormaster


def harbour_points(state: dict) -> dict[int, int] | None:
    """1 per settlement and 2 per city at a harbour, per seat (None without a board)."""
    if not base.on_board(state):
        return None
    board = state["board"]
    g = boards.geometry(board["layout"])
    corners = {c for edge in board["layout"].get("harbours", {}) for c in g.edge_corners.get(edge, ())}
    points = {s: 0 for s in range(len(state["players"]))}
    for corner in corners:
        occupant = boards.building_at(board["pieces"], corner)
        if occupant and occupant[0] in points:  # not a neutral colour (two_players.py)
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


def _update_harbormaster(state: dict, step: Step) -> None:
    if not on(state, "harbormaster") or not base.on_board(state) or state["phase"] == "finished":
        return
    points = harbour_points(state)
    new = award(points, holder(state))
    if new != holder(state):
        _set_holder(state, step, new, points[new])


def _harbormaster_vp(state: dict, seat: int) -> int:
    return HARBORMASTER_VP if on(state, "harbormaster") and holder(state) == seat else 0


base.AFTER_ACTION.append(_update_harbormaster)
base.EXTRA_VP.append(_harbormaster_vp)


@base.action("set_harbormaster", phases={"roll", "main"}, actors={"active", "table"},
             when=lambda s: on(s, "harbormaster") and s["board"] is None)
def set_harbormaster(step: Step) -> None:
    """Without a board the table says who holds the Harbormaster card."""
    state = step.state
    seat = base._seat_arg(state, step.args.get("holder"))
    if seat == holder(state):
        raise IllegalAction("nothing_changes")
    _set_holder(state, step, seat)


def public_view(state: dict) -> dict | None:
    variants = state["config"].get("variants")
    if not variants:
        return None
    return {
        "friendly_robber": on(state, "friendly_robber"),
        "spared": spared_seats(state),
        "harbormaster": on(state, "harbormaster"),
        "holder": holder(state),
        "harbour_points": harbour_points(state) if on(state, "harbormaster") else None,
    }
