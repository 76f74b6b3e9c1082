"""Helpers the Explorers & Pirates missions' engine tests share (Pirate Lairs, Fish for Catan,
Spices for Catan and the scenario with all three): a game's config, a phone, a seat's ship and
harbour, the phases a test starts from, and the test's shortcuts that set the state up by hand
(a hex to reveal, a ship put on a path), a win at the roll, a game refused without the core.
The random-game driver is missions_driver."""
import pytest

from companion.engine import IllegalAction, new_game
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import council, missions
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.gold import rules as gold

RED, BLUE, WHITE = 0, 1, 2


def scenario_config(scenario: str):
    """The config(colours, **more) of a game of `scenario`, three players by default."""
    def config(colours=("red", "blue", "white"), **more):
        return {"rules": "explorers_pirates", "scenario": scenario,
                "players": [{"name": f"P{i}", "color": c} for i, c in enumerate(colours)], **more}
    return config


def phone(seat):
    return {"seat": seat}


def ship_of(g, seat):
    return next(s for s in g.state["explorers_pirates"]["ships"] if s["seat"] == seat)


def harbour_of(g, seat):
    return ep.harbours_of(g.state, seat)[0]


def hold(g, seat):
    return gold.held(g.state, seat)


def main_phase(g, dice=(2, 3)):
    g.act("roll", dice=list(dice))
    assert g.state["phase"] == "main"


def movement(g, dice=(2, 3)):
    """The active player's movement phase."""
    g.act("roll", dice=list(dice))
    g.act("start_movement")
    assert g.state["phase"] == "movement"


def face_down(g, area="north", key=None):
    """The area's face-down hexes, in order (of their ids, or by `key`)."""
    layout = g.state["board"]["layout"]
    return sorted((h for h, x in layout["hexes"].items() if x["terrain"] == "unexplored" and x["area"] == area),
                  key=key)


def to_reveal(g, hex_, seat=RED):
    """The reveal phase for `hex_`, as if seat's ship had sailed up to it (a test's shortcut)."""
    g.state["explorers_pirates"]["reveal"] = {"ship": ship_of(g, seat)["id"], "seat": seat, "hexes": [hex_]}
    g.state["phase"] = "reveal"


def three_rivers_found(g, area="north"):
    """The area's first three face-down hexes turned over as gold-river fields and the reveal of
    its fourth asked for: the area's face-down hexes as they were."""
    hexes = face_down(g, area)
    for hex_ in hexes[:3]:
        to_reveal(g, hex_)
        g.act("reveal_hex", hex=hex_, terrain="gold_river")
    to_reveal(g, hexes[3])
    return hexes


def side_paths(g, hex_):
    """The free sea paths along the sides of `hex_`, each with one of its corners (a ship's bow)."""
    layout = g.state["board"]["layout"]
    for i in range(6):
        a, b = sea.hex_corner(hex_, i), sea.hex_corner(hex_, (i + 1) % 6)
        edge = sea.corners_edge(a, b)
        if edge in sea.geometry(layout).edge_corners and sea.is_sea_path(layout, edge) \
                and not ep.ships_on(g.state, edge):
            yield edge, b


def ship_beside_pirates(g, seat):
    """Seat's ship on a side of an allowed pirate hex, clear of the face-down hexes (a test's
    shortcut): that hex."""
    layout = g.state["board"]["layout"]
    for h in missions.pirate_hexes(g.state):
        for edge, bow in side_paths(g, h):
            if not sea.edge_touches_unexplored(layout, edge):
                ship_of(g, seat).update(edge=edge, bow=bow)
                return h
    raise AssertionError("no place")


def put_ship(g, seat, edge, bow, cargo=(), **more):
    """Seat's ship on that path (a test's shortcut); its settler, if any, goes home."""
    ship = ship_of(g, seat)
    g.state["explorers_pirates"]["settlers"][seat] += ship["cargo"].count("settler")
    ship.update(edge=edge, bow=bow, cargo=list(cargo), **more)
    return ship


def at_port(g, seat, cargo, **more):
    """Seat's ship on a free path at a port of the Council of Catan (a test's shortcut)."""
    layout = g.state["board"]["layout"]
    port = council.ports(layout)[0]
    edge = next(e for e in sea.sea_paths_at(layout, port) if not ep.ships_on(g.state, e))
    return put_ship(g, seat, edge, port, cargo, **more)


def ship_rebuilt(g, seat, ship):
    """Seat builds its two other ships at its harbour (the resources given: a test's shortcut),
    then a fourth one there, taking `ship` off the board for it."""
    harbour = harbour_of(g, seat)
    g.give(seat, lumber=3, wool=3)
    for _ in range(2):
        free = next(x for x in sea.sea_paths_at(g.state["board"]["layout"], harbour)
                    if ep._ship_site_refusal(g.state, seat, x) is None)
        g.act("build_ship", actor=phone(seat), edge=free)
    free = next(x for x in sea.sea_paths_at(g.state["board"]["layout"], harbour) if len(ep.ships_on(g.state, x)) < 2)
    g.act("build_ship", actor=phone(seat), edge=free, remove=ship["id"])


class Step:
    """What an engine step offers a mission's functions: the lines they log, kept."""

    def __init__(self):
        self.lines = []

    def log(self, kind, **params):
        self.lines.append((kind, params))


def won_at_the_roll(g, seat, vp):
    """A roll of 3 in seat's own turn: seat wins with `vp` points."""
    g.act("roll", dice=[1, 2])
    assert g.state["winner"] == seat
    assert g.state["log"][-1]["kind"] == "won" and g.state["log"][-1]["params"]["vp"] == vp


def refusal_without_the_core(scenario):
    """The code a game of `scenario` is refused with when the Explorers & Pirates rules are not picked."""
    with pytest.raises(IllegalAction) as info:
        new_game({"scenario": scenario,
                  "players": [{"name": "A", "color": "red"}, {"name": "B", "color": "blue"}]})
    return info.value.code
