"""Rules that look at the board and the pieces on it.

Pieces are plain JSON data; a seat is whatever the game uses to name a player (int or str)::

    {"settlements": {corner_id: seat}, "cities": {corner_id: seat}, "roads": {edge_id: seat}}

A corner holds at most one building: a city replaces its settlement.
A refused placement is a machine-readable (code, details) tuple; a legal one gives None.
"""
from __future__ import annotations

import copy
from typing import Any, Hashable, Iterable

from companion.machinery.board_frames import GENERIC, RESOURCES, TERRAIN_RESOURCE
from companion.machinery.board_geometry import Geometry
from companion.machinery.board_setup import frame_of

Seat = Hashable
Refusal = tuple[str, dict]

# Pieces in each player's supply (base rulebooks: 5 settlements, 4 cities, 15 roads).
SETTLEMENT_LIMIT = 5
CITY_LIMIT = 4
ROAD_LIMIT = 15
LONGEST_ROAD_MIN = 5
BANK_RATIO = 4


def empty_pieces() -> dict:
    return {"settlements": {}, "cities": {}, "roads": {}}


def geometry_of(board: dict) -> Geometry:
    return frame_of(board).geometry


def building_at(pieces: dict, corner: str) -> tuple[Seat, str] | None:
    """(seat, "settlement" | "city") of the building on a corner, or None."""
    if corner in pieces["cities"]:
        return pieces["cities"][corner], "city"
    if corner in pieces["settlements"]:
        return pieces["settlements"][corner], "settlement"
    return None


def owner_at(pieces: dict, corner: str) -> Seat | None:
    occupant = building_at(pieces, corner)
    return occupant[0] if occupant else None


def with_settlement(pieces: dict, corner: str, seat: Seat) -> dict:
    new = copy.deepcopy(pieces)
    new["settlements"][corner] = seat
    return new


def with_city(pieces: dict, corner: str, seat: Seat) -> dict:
    new = copy.deepcopy(pieces)
    new["settlements"].pop(corner, None)  # the settlement goes back to the supply
    new["cities"][corner] = seat
    return new


def with_road(pieces: dict, edge: str, seat: Seat) -> dict:
    new = copy.deepcopy(pieces)
    new["roads"][edge] = seat
    return new


def _count(mapping: dict, seat: Seat) -> int:
    return sum(1 for s in mapping.values() if s == seat)


# --- placement -------------------------------------------------------------------------

def distance_rule_conflicts(board: dict, pieces: dict, corner: str) -> list[str]:
    """Neighbouring corners that hold a building (any owner): each one forbids a settlement."""
    return [c for c in geometry_of(board).corner_corners[corner] if building_at(pieces, c)]


def check_settlement(board: dict, pieces: dict, seat: Seat, corner: str, *, setup: bool = False) -> Refusal | None:
    """Setup: free corner + distance rule. In play also one of the seat's roads must reach it."""
    g = geometry_of(board)
    if corner not in g.corner_hexes:
        return "unknown_corner", {"corner": corner}
    occupant = building_at(pieces, corner)
    if occupant:
        return "occupied", {"corner": corner, "seat": occupant[0], "piece": occupant[1]}
    if corner in pieces.get("knights", ()):  # Cities & Knights: a knight holds the corner
        return "occupied", {"corner": corner, "seat": pieces["knights"][corner], "piece": "knight"}
    conflicts = distance_rule_conflicts(board, pieces, corner)
    if conflicts:
        return "distance_rule", {"corner": corner, "neighbours": conflicts}
    if not setup and not any(pieces["roads"].get(e) == seat for e in g.corner_edges[corner]):
        return "not_connected", {"corner": corner}
    if _count(pieces["settlements"], seat) >= SETTLEMENT_LIMIT:
        return "no_settlement_left", {"limit": SETTLEMENT_LIMIT}
    return None


def check_road(board: dict, pieces: dict, seat: Seat, edge: str, *, setup_corner: str | None = None) -> Refusal | None:
    """A road must touch the seat's own building, or the seat's own road at a corner that no
    opponent's building occupies. In setup it must touch the settlement just placed."""
    g = geometry_of(board)
    if edge not in g.edge_corners:
        return "unknown_edge", {"edge": edge}
    if edge in pieces["roads"]:
        return "occupied", {"edge": edge, "seat": pieces["roads"][edge]}
    bridges = pieces.get("bridges") or ()  # Rivers of Catan: a bridge is not one of the 15 roads
    if _count({e: s for e, s in pieces["roads"].items() if e not in bridges}, seat) >= ROAD_LIMIT:
        return "no_road_left", {"limit": ROAD_LIMIT}
    if setup_corner is not None:
        if setup_corner not in g.edge_corners[edge]:
            return "not_at_new_settlement", {"edge": edge, "corner": setup_corner}
        return None
    blocked_at = None
    for corner in g.edge_corners[edge]:
        occupant = building_at(pieces, corner)
        if occupant and occupant[0] == seat:
            return None
        own_road_here = any(pieces["roads"].get(e) == seat for e in g.corner_edges[corner] if e != edge)
        if own_road_here:
            knight = pieces.get("knights", {}).get(corner)  # Cities & Knights: an opponent's knight blocks too
            if occupant is None and knight in (None, seat):
                return None
            blocked_at = (corner, occupant[0] if occupant else knight)
    if blocked_at:
        return "blocked_by_building", {"edge": edge, "corner": blocked_at[0], "seat": blocked_at[1]}
    return "not_connected", {"edge": edge}


def check_city(board: dict, pieces: dict, seat: Seat, corner: str) -> Refusal | None:
    """A city only replaces one of the seat's own settlements."""
    if corner not in geometry_of(board).corner_hexes:
        return "unknown_corner", {"corner": corner}
    occupant = building_at(pieces, corner)
    if occupant == (seat, "city"):
        return "already_city", {"corner": corner}
    if occupant is None or occupant != (seat, "settlement"):
        return "no_own_settlement", {"corner": corner, "seat": occupant[0] if occupant else None}
    if _count(pieces["cities"], seat) >= CITY_LIMIT:
        return "no_city_left", {"limit": CITY_LIMIT}
    return None


def legal_settlement_corners(board: dict, pieces: dict, seat: Seat, *, setup: bool = False) -> list[str]:
    return [c for c in geometry_of(board).corners if check_settlement(board, pieces, seat, c, setup=setup) is None]


def legal_road_edges(board: dict, pieces: dict, seat: Seat, *, setup_corner: str | None = None) -> list[str]:
    return [e for e in geometry_of(board).edges
            if check_road(board, pieces, seat, e, setup_corner=setup_corner) is None]


def legal_city_corners(board: dict, pieces: dict, seat: Seat) -> list[str]:
    return [c for c, s in pieces["settlements"].items() if s == seat and check_city(board, pieces, seat, c) is None]


# --- resources ---------------------------------------------------------------------------

def production(board: dict, pieces: dict, robber_hex: str | None, roll: int) -> dict[Seat, dict[str, int]]:
    """What a roll pays: a settlement 1, a city 2 for each neighbouring hex showing the roll;
    the hex under the robber pays nothing; a 7 pays nothing."""
    g = geometry_of(board)
    paid: dict[Seat, dict[str, int]] = {}
    if roll == 7:
        return paid
    for h in g.hexes:
        cell = board["hexes"][h]
        resource = TERRAIN_RESOURCE.get(cell["terrain"])
        if h == robber_hex or resource is None or roll not in (cell["number"], *(cell.get("extra_numbers") or ())):
            continue
        for corner in g.hex_corners[h]:
            occupant = building_at(pieces, corner)
            if occupant:
                seat, kind = occupant
                gain = paid.setdefault(seat, {})
                gain[resource] = gain.get(resource, 0) + (2 if kind == "city" else 1)
    return paid


def starting_resources(board: dict, corner: str) -> dict[str, int]:
    """One card per terrain hex next to the second setup settlement (the desert gives none)."""
    gain: dict[str, int] = {}
    for h in geometry_of(board).corner_hexes[corner]:
        resource = TERRAIN_RESOURCE.get(board["hexes"][h]["terrain"])
        if resource:
            gain[resource] = gain.get(resource, 0) + 1
    return gain


def harbour_ratios(board: dict, pieces: dict, seat: Seat) -> dict[str, int]:
    """Best maritime trade ratio per resource: 4 with the bank (or the board's "bank_ratio"),
    3 at a 3:1 harbour,
    2 for the resource of a 2:1 harbour the seat has a settlement or city on."""
    g = geometry_of(board)
    bank = board.get("bank_ratio", BANK_RATIO)  # a board may say its bank trades better (Explorers & Pirates: 3)
    ratios = {r: bank for r in RESOURCES}
    for edge, kind in board["harbours"].items():
        if all(owner_at(pieces, c) != seat for c in g.edge_corners[edge]):
            continue
        if kind == GENERIC:
            ratios = {r: min(v, 3) for r, v in ratios.items()}
        else:
            ratios[kind] = 2
    return ratios


def robber_victims(board: dict, pieces: dict, hex_: str, exclude: Seat | None = None) -> list[Seat]:
    """Seats with a building next to the hex, in corner order clockwise from the top."""
    victims: list[Seat] = []
    for corner in geometry_of(board).hex_corners[hex_]:
        occupant = building_at(pieces, corner)
        if occupant and occupant[0] != exclude and occupant[0] not in victims:
            victims.append(occupant[0])
    return victims


# --- Longest Road ------------------------------------------------------------------------

def longest_road(board: dict, pieces: dict, seat: Seat, weights: dict | None = None) -> int:
    """Length of the seat's longest trail of roads: no road counted twice, branches add
    nothing, and the trail cannot pass through a corner with an opponent's building (the
    roads on both sides still count, each for its own part). `weights`: what a road counts
    where a scenario says more than 1 (a road beside a camel counts 2)."""
    weights = weights or {}
    g = geometry_of(board)
    own = {e for e, s in pieces["roads"].items() if s == seat}
    if not own:
        return 0

    knights = pieces.get("knights", {})  # Cities & Knights: opponents' knights break a road too

    def blocked(corner: str) -> bool:
        owner = owner_at(pieces, corner)
        if owner is None:
            owner = knights.get(corner)
        return owner is not None and owner != seat

    used: set[str] = set()

    def walk(corner: str) -> int:
        best = 0
        for e in g.corner_edges[corner]:
            if e in own and e not in used:
                used.add(e)
                far = g.other_corner(e, corner)
                best = max(best, weights.get(e, 1) + (0 if blocked(far) else walk(far)))
                used.discard(e)
        return best

    corners = {c for e in own for c in g.edge_corners[e]}
    return max(walk(c) for c in corners)


def longest_road_lengths(board: dict, pieces: dict, seats: Iterable[Seat]) -> dict[Seat, int]:
    return {seat: longest_road(board, pieces, seat) for seat in seats}


def longest_road_holder(board: dict, pieces: dict, seats: Iterable[Seat], holder: Seat | None) -> Seat | None:
    """Who holds Longest Road after a change on the board, given who held it before.

    * A trail needs at least 5 roads.
    * The holder keeps it while still among the longest (a tie does not take it away).
    * Otherwise it goes to the single player with the longest trail; if several tie for
      longest (after a road was broken), or nobody has 5, it is set aside (None) until
      exactly one player has the longest.
    """
    lengths = longest_road_lengths(board, pieces, seats)
    if holder is not None and holder not in lengths:
        lengths[holder] = longest_road(board, pieces, holder)
    return longest_road_award(lengths, holder)


def longest_road_award(lengths: dict[Seat, int], holder: Seat | None) -> Seat | None:
    """The award rule of longest_road_holder, from lengths already known."""
    best = max(lengths.values(), default=0)
    if best < LONGEST_ROAD_MIN:
        return None
    if holder is not None and lengths[holder] == best:
        return holder
    leaders = [s for s, n in lengths.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


def pieces_problems(board: dict, pieces: dict) -> list[tuple[str, dict]]:
    """Sanity checks on a pieces structure (ids on this board, one building per corner)."""
    g = geometry_of(board)
    problems: list[tuple[str, Any]] = []
    for kind in ("settlements", "cities"):
        for corner in pieces[kind]:
            if corner not in g.corner_hexes:
                problems.append(("unknown_corner", {"corner": corner}))
    for edge in pieces["roads"]:
        if edge not in g.edge_corners:
            problems.append(("unknown_edge", {"edge": edge}))
    for corner in set(pieces["settlements"]) & set(pieces["cities"]):
        problems.append(("two_buildings", {"corner": corner}))
    return problems
