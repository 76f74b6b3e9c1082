"""Board model tests. Figures come from the rulebooks in shared/rulebooks where they exist:
19 hexes (3 hills, 4 forest, 4 pasture, 4 fields, 3 mountains, 1 desert), 18 tokens
(2 and 12 once, the rest twice), letter order A..R = 5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10,
9, 4, 5, 6, 3, 11, a spiral from a corner hex, the distance rule, Longest Road of 5+.
"""
import ast
import json
import pathlib
import random
import time
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.machinery import board as B
from companion.machinery import board_geometry as G
from companion.machinery import board_setup as S


class FakeRng:
    """Test double for the injected randomness: randint(n) uniform in [0, n)."""

    def __init__(self, seed: int):
        self._random = random.Random(seed)
        self.calls = 0

    def randint(self, n: int) -> int:
        self.calls += 1
        return self._random.randrange(n)


BASE_G = B.geometry("base")
EXT_G = B.geometry("base_5_6")
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def edge_between(g, a, b):
    (edge,) = set(g.corner_edges[a]) & set(g.corner_edges[b])
    return edge


def path_edges(g, corners):
    return [edge_between(g, a, b) for a, b in zip(corners, corners[1:])]


def simple_path(g, start, n, avoid=()):
    """A path of n edges through n + 1 distinct corners (first found, sorted ids),
    keeping off the corners in `avoid` and their neighbours."""
    banned = set(avoid) | {c for a in avoid for c in g.corner_corners[a]}

    def extend(path):
        if len(path) == n + 1:
            return path
        for nxt in g.corner_corners[path[-1]]:
            if nxt not in path and nxt not in banned:
                found = extend(path + [nxt])
                if found:
                    return found
        return None

    return extend([start])


def roads(seat, edges):
    return {"settlements": {}, "cities": {}, "roads": {e: seat for e in edges}}


def hex_ring(g, hex_):
    """The six corners of a hex in order, and its six edges in the same order (closed)."""
    cs = list(g.hex_corners[hex_])
    return cs, path_edges(g, cs + cs[:1])


# --- geometry ------------------------------------------------------------------------------

@pytest.mark.parametrize("frame, hexes, corners, edges, coast, sea", [
    ("base", 19, 54, 72, 30, 18),
    ("base_5_6", 30, 80, 109, 38, 22),
])
def test_counts_per_frame(frame, hexes, corners, edges, coast, sea):
    g = B.geometry(frame)
    assert len(g.hexes) == hexes
    assert len(g.corners) == corners
    assert len(g.edges) == edges
    assert len(g.coastal_edges) == coast
    assert len(g.sea_ring) == sea
    # Euler's formula for a patch of hexes: V - E + F = 1.
    assert corners - edges + hexes == 1


@pytest.mark.parametrize("g", [BASE_G, EXT_G], ids=["base", "base_5_6"])
def test_adjacency_is_consistent(g):
    assert len(set(g.corners)) == len(g.corners)
    assert len(set(g.edges)) == len(g.edges)
    assert not set(g.corners) & set(g.edges) & set(g.hexes)
    for c in g.corners:
        assert len(g.corner_edges[c]) in (2, 3)
        assert len(g.corner_corners[c]) == len(g.corner_edges[c])
        assert 1 <= len(g.corner_hexes[c]) <= 3
        for e in g.corner_edges[c]:
            assert c in g.edge_corners[e]
            assert g.other_corner(e, c) in g.corner_corners[c]
    for e in g.edges:
        a, b = g.edge_corners[e]
        assert a != b and b in g.corner_corners[a]
        assert len(g.edge_hexes[e]) == (1 if e in g.coastal_edges else 2)
    for h in g.hexes:
        assert len(g.hex_corners[h]) == 6 and len(set(g.hex_corners[h])) == 6
        assert len(g.hex_edges[h]) == 6
        for c in g.hex_corners[h]:
            assert h in g.corner_hexes[c]
        # Walking the corners clockwise runs along the hex's own edges.
        cs = list(g.hex_corners[h])
        assert sorted(path_edges(g, cs + cs[:1])) == sorted(g.hex_edges[h])
    # Coastal corners touch 1 or 2 land hexes and have 2 or 3 paths; inland ones 3 and 3.
    inland = [c for c in g.corners if len(g.corner_hexes[c]) == 3]
    assert all(len(g.corner_edges[c]) == 3 for c in inland)


def test_ids_are_canonical_and_stable():
    # The top corner of the centre hex touches the centre and its two upper neighbours.
    assert BASE_G.hex_corners["0,0"][0] == "0,-1|0,0|1,-1"
    assert B.corner_id([(1, -1), (0, 0), (0, -1)]) == "0,-1|0,0|1,-1"
    assert B.edge_id((0, 0), (-1, 0)) == "-1,0|0,0" == B.edge_id((-1, 0), (0, 0))
    # A fresh build gives the very same ids (nothing depends on iteration order).
    rebuilt = G.build_geometry.__wrapped__(B.BASE.land)
    assert rebuilt.corners == BASE_G.corners and rebuilt.edges == BASE_G.edges
    assert rebuilt.corner_corners == BASE_G.corner_corners
    # Every id names positions that really touch one another.
    for c in BASE_G.corners:
        a, b, d = B.positions_of(c)
        assert G.hex_distance(a, b) == G.hex_distance(b, d) \
            == G.hex_distance(a, d) == 1
    # The 19-hex island sits inside the 30-hex one with the same ids for shared corners.
    shared = set(BASE_G.corners) & set(EXT_G.corners)
    assert len(shared) > 40


def test_sea_ring_runs_around_the_island():
    for g in (BASE_G, EXT_G):
        ring = [B.parse_hex_id(h) for h in g.sea_ring]
        for a, b in zip(ring, ring[1:] + ring[:1]):
            assert G.hex_distance(a, b) == 1


def test_layout_draws_pointy_top_hexes():
    size = 40.0
    drawing = B.layout("base", size)
    assert drawing["orientation"] == "pointy-top"
    for e, (p, q) in drawing["edges"].items():
        assert abs(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 - size) < 0.01
    for h in BASE_G.hexes:
        points = drawing["hexes"][h]["points"]
        for point, c in zip(points, BASE_G.hex_corners[h]):
            assert abs(point[0] - drawing["corners"][c][0]) < 0.01
            assert abs(point[1] - drawing["corners"][c][1]) < 0.01
        assert points[0][1] < drawing["hexes"][h]["centre"][1]  # pointy top
    xs = [p[0] for c in drawing["corners"].values() for p in [c]]
    ys = [p[1] for c in drawing["corners"].values() for p in [c]]
    assert 0 < min(xs) and max(xs) < drawing["width"]
    assert 0 < min(ys) and max(ys) < drawing["height"]
    json.dumps(drawing)


def test_layout_of_a_board_places_its_harbours():
    drawing = B.layout(B.beginner_board(), 30)
    assert len(drawing["harbours"]) == 9
    wool = next(h for h in drawing["harbours"].values() if h["type"] == "wool")
    assert wool["ratio"] == 2 and len(wool["corners"]) == 2


# --- frames ---------------------------------------------------------------------------------

def test_base_frame_matches_the_rulebook():
    f = B.BASE
    assert f.terrain_counts == {"hills": 3, "forest": 4, "pasture": 4, "fields": 4, "mountains": 3, "desert": 1}
    assert f.token_values == (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
    assert "".join(f.token_letters) == "ABCDEFGHIJKLMNOPQR"
    assert f.token_counts() == {2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 1}
    assert f.harbour_type_counts() == {"generic": 4, "brick": 1, "lumber": 1, "wool": 1, "grain": 1, "ore": 1}


def test_extension_frame_sets():
    f = B.BASE_5_6
    assert sum(f.terrain_counts.values()) == 30
    assert f.terrain_counts == {"hills": 5, "forest": 6, "pasture": 6, "fields": 6, "mountains": 5, "desert": 2}
    assert len(f.token_values) == 28 == 30 - 2
    assert f.token_counts() == {2: 2, 3: 3, 4: 3, 5: 3, 6: 3, 8: 3, 9: 3, 10: 3, 11: 3, 12: 2}
    assert f.token_letters[-3:] == ("Za", "Zb", "Zc") and f.token_letters[24] == "Y"
    assert f.harbour_type_counts() == {"generic": 5, "brick": 1, "lumber": 1, "wool": 2, "grain": 1, "ore": 1}


@pytest.mark.parametrize("frame", [B.BASE, B.BASE_5_6], ids=lambda f: f.name)
def test_harbours_sit_on_every_other_sea_position(frame):
    g = frame.geometry
    served = []
    for i, edge in enumerate(frame.harbour_edges):
        assert edge in g.coastal_edges
        sea = next(p for p in edge.split("|") if p not in g.hex_corners)
        assert g.sea_ring.index(sea) == 2 * i
        served += g.edge_corners[edge]
    assert len(served) == len(set(served)) == 2 * len(frame.harbour_edges)


def test_base_harbour_positions_match_the_classic_frame():
    # JSettlers2 Standard4p PORTS_EDGE_V1/PORTS_FACING_V1 translated to our axial ids.
    assert B.BASE.harbour_edges == (
        "0,-3|0,-2", "1,-2|2,-3", "2,-1|3,-2", "2,0|3,0", "1,1|1,2",
        "-1,2|-1,3", "-3,3|-2,2", "-3,1|-2,1", "-2,-1|-1,-1",
    )


# --- the spiral ------------------------------------------------------------------------------

def test_spiral_from_the_top_left_corner_counter_clockwise():
    # Worked out by hand on the 3-4-5-4-3 island: down the left side, round the outer ring,
    # into the inner ring next to A and L, and the centre last.
    assert B.spiral_order(B.BASE, "0,-2") == [
        "0,-2", "-1,-1", "-2,0", "-2,1", "-2,2", "-1,2", "0,2", "1,1", "2,0", "2,-1", "2,-2", "1,-2",
        "0,-1", "-1,0", "-1,1", "0,1", "1,0", "1,-1",
        "0,0",
    ]
    assert B.spiral_order(B.BASE, "0,-2", clockwise=True)[:3] == ["0,-2", "1,-2", "2,-2"]


@pytest.mark.parametrize("frame", [B.BASE, B.BASE_5_6], ids=lambda f: f.name)
@pytest.mark.parametrize("clockwise", [False, True])
def test_spiral_never_jumps(frame, clockwise):
    corners = B.spiral_corner_hexes(frame)
    assert len(corners) == 6
    for start in corners:
        path = B.spiral_order(frame, start, clockwise)
        assert sorted(path) == sorted(frame.geometry.hexes)
        for a, b in zip(path, path[1:]):
            assert b in frame.geometry.hex_neighbours[a]


def test_spiral_must_start_at_a_corner_hex():
    with pytest.raises(ValueError):
        B.spiral_order(B.BASE, "1,-2")


def test_spiral_skips_the_desert_with_the_letter_sequence():
    terrain = {h: "fields" for h in BASE_G.hexes}
    terrain["-2,1"] = "desert"  # 4th hex of the spiral from 0,-2
    numbers = S.place_tokens_on_spiral(B.BASE, terrain, "0,-2")
    assert "-2,1" not in numbers
    assert [numbers[h] for h in ["0,-2", "-1,-1", "-2,0", "-2,2"]] == [5, 2, 6, 3]  # A, B, C, D
    assert numbers["0,0"] == 11  # R lands on the centre


@given(seeds)
@settings(max_examples=60, deadline=None)
def test_random_board_follows_the_rulebook_procedure(seed):
    board = B.random_board("base", FakeRng(seed))
    assert B.validate_board(board) == []
    path = B.spiral_order(B.BASE, board["origin"]["start"])
    producing = [h for h in path if board["hexes"][h]["terrain"] != "desert"]
    assert [board["hexes"][h]["number"] for h in producing] == list(B.BASE.token_values)
    desert = next(h for h, c in board["hexes"].items() if c["terrain"] == "desert")
    assert board["hexes"][desert]["number"] is None
    assert board["robber"] == desert


@given(seeds, st.sampled_from(["base", "base_5_6"]), st.booleans(), st.booleans())
@settings(max_examples=80, deadline=None)
def test_random_boards_have_the_frames_sets(seed, frame_name, clockwise, shuffle_harbours):
    frame = B.get_frame(frame_name)
    board = B.random_board(frame_name, FakeRng(seed), clockwise=clockwise, shuffle_harbours=shuffle_harbours)
    cells = board["hexes"].values()
    assert Counter(c["terrain"] for c in cells) == Counter(frame.terrain_pool())
    assert Counter(c["number"] for c in cells if c["number"]) == Counter(frame.token_values)
    assert Counter(board["harbours"].values()) == Counter(frame.harbour_types)
    assert set(board["harbours"]) == set(frame.harbour_edges)
    assert B.validate_board(board) == []
    assert json.loads(json.dumps(board)) == board


def test_same_seed_same_board_and_only_the_injected_rng_is_used():
    rng = FakeRng(7)
    first = B.random_board("base", rng)
    assert rng.calls == 18 + 1  # Fisher–Yates over 19 terrain hexes, then the start corner
    assert B.random_board("base", FakeRng(7)) == first


# --- balanced boards -------------------------------------------------------------------------

def assert_balanced(board):
    g = B.geometry(board)
    cells = board["hexes"]
    for h in g.hexes:
        for n in g.hex_neighbours[h]:
            a, b = cells[h]["number"], cells[n]["number"]
            assert not (a in (6, 8) and b in (6, 8)), (h, n)
            assert a is None or a != b, (h, n)


@given(seeds)
@settings(max_examples=60, deadline=None)
def test_balanced_base_boards_pass_their_checks(seed):
    board, reasons = B.balanced_board("base", FakeRng(seed))
    assert B.validate_board(board) == []
    assert all(r["ok"] for r in reasons)
    assert [r["check"] for r in reasons] == [
        "red_numbers_apart", "equal_numbers_apart", "pips_per_resource",
        "red_numbers_per_resource", "terrain_clusters"]
    assert reasons == B.balance_report(board)
    assert_balanced(board)
    pips = reasons[2]
    assert sum(pips["values"].values()) == 58  # all dots on the 18 base tokens
    for resource, (low, high) in pips["bands"].items():
        assert low <= pips["values"][resource] <= high
    json.dumps(reasons)


@given(seeds)
@settings(max_examples=15, deadline=None)
def test_balanced_extension_boards_pass_their_checks(seed):
    board, reasons = B.balanced_board("base_5_6", FakeRng(seed))
    assert B.validate_board(board) == []
    assert all(r["ok"] for r in reasons)
    assert sum(reasons[2]["values"].values()) == 88
    assert_balanced(board)


def test_balance_report_flags_an_unbalanced_board():
    board = B.beginner_board()
    board = B.set_number(B.set_number(board, "0,-1", 8), "1,-1", 6)  # neighbours
    report = {r["check"]: r for r in B.balance_report(board)}
    assert report["red_numbers_apart"]["ok"] is False
    assert ["0,-1", "1,-1"] in report["red_numbers_apart"]["adjacent_pairs"]


def test_pips_bands_are_fair_shares():
    # 58 dots over 18 producing hexes: a 3-hex resource's fair share is 9.67, a 4-hex one 12.9.
    assert B.pips_bands(B.BASE) == {"brick": [7, 12], "lumber": [10, 16], "wool": [10, 16],
                                    "grain": [10, 16], "ore": [7, 12]}


# --- manual boards and validation -------------------------------------------------------------

def test_empty_board_lists_what_is_missing():
    board = B.empty_board("base")
    codes = [code for code, _ in B.validate_board(board)]
    assert codes == ["terrain_missing", "terrain_counts", "token_counts", "harbour_counts", "robber_missing"]
    assert json.loads(json.dumps(board)) == board


def test_mirroring_the_beginner_board_by_hand_validates():
    board = B.empty_board("base")
    for h, (terrain, number) in B.BEGINNER_LAYOUT.items():
        board = B.set_number(B.set_terrain(board, h, terrain), h, number)
    for edge, kind in zip(B.BASE.harbour_edges, B.BASE.harbour_types):
        board = B.set_harbour(board, edge, kind)
    assert B.validate_board(board) == [("robber_missing", {})]
    board = B.set_robber(board, "0,0")
    assert B.validate_board(board) == []
    assert board["hexes"] == B.beginner_board()["hexes"]


def test_setters_are_pure():
    board = B.beginner_board()
    before = json.dumps(board)
    B.set_terrain(board, "0,0", "hills")
    B.set_number(board, "0,-2", 4)
    B.set_harbour(board, B.BASE.harbour_edges[0], None)
    B.set_robber(board, "1,1")
    assert json.dumps(board) == before


def test_validation_problems():
    board = B.beginner_board()
    board = B.set_number(board, "0,0", 6)                     # a token on the desert
    board = B.set_terrain(board, "0,-2", "fields")            # one mountains too few
    board = B.set_harbour(board, B.BASE.harbour_edges[1], "generic")  # the grain harbour gone
    problems = dict(B.validate_board(board))
    assert problems["token_on_desert"] == {"hex": "0,0", "number": 6}
    assert problems["terrain_counts"]["actual"]["mountains"] == 2
    assert problems["token_counts"]["actual"][6] == 3
    assert problems["harbour_counts"]["actual"]["grain"] == 0


def test_harbours_may_not_share_a_corner():
    board = B.beginner_board()
    g = B.geometry(board)
    first = B.BASE.harbour_edges[0]
    corner = g.edge_corners[first][0]
    neighbour_edge = next(e for e in g.corner_edges[corner] if e != first and e in g.coastal_edges)
    board = B.set_harbour(board, neighbour_edge, "ore")
    codes = [code for code, _ in B.validate_board(board)]
    assert "harbours_share_corner" in codes


def test_setters_refuse_what_cannot_be_on_the_table():
    board = B.empty_board()
    with pytest.raises(ValueError):
        B.set_terrain(board, "9,9", "hills")
    with pytest.raises(ValueError):
        B.set_terrain(board, "0,0", "gold")
    with pytest.raises(ValueError):
        B.set_number(board, "0,0", 7)
    with pytest.raises(ValueError):
        B.set_harbour(board, "0,-1|0,0", "ore")  # inland edge
    with pytest.raises(ValueError):
        B.set_harbour(board, B.BASE.harbour_edges[0], "gold")


# --- the beginner board -----------------------------------------------------------------------

def test_beginner_board_uses_the_base_set():
    board = B.beginner_board()
    assert B.validate_board(board) == []
    assert board["robber"] == "0,0" and board["hexes"]["0,0"]["terrain"] == "desert"
    assert board["origin"] == {"method": "beginner"}


def test_beginner_pieces_are_two_settlements_and_two_roads_each():
    board = B.beginner_board()
    pieces = B.beginner_pieces()
    assert set(B.BEGINNER_PIECES) == {"red", "blue", "white", "orange"}
    assert B.pieces_problems(board, pieces) == []
    for colour in B.BEGINNER_PIECES:
        assert Counter(pieces["settlements"].values())[colour] == 2
        assert Counter(pieces["roads"].values())[colour] == 2
    g = B.geometry(board)
    for corner in pieces["settlements"]:
        assert B.distance_rule_conflicts(board, pieces, corner) == []
    for edge, colour in pieces["roads"].items():
        assert any(pieces["settlements"].get(c) == colour for c in g.edge_corners[edge])


def test_beginner_starred_settlements_pay_the_published_starting_cards():
    # 5th edition: blue takes brick, lumber and ore for the starred (leftmost) settlement;
    # travel edition: orange takes 1 ore and 2 grain (a mountains hex between two fields).
    board = B.beginner_board()
    assert B.starting_resources(board, B.beginner_starred_settlement("blue")) == {"brick": 1, "lumber": 1, "ore": 1}
    assert B.starting_resources(board, B.beginner_starred_settlement("orange")) == {"ore": 1, "grain": 2}


def test_beginner_harbours_follow_the_picture():
    board = B.beginner_board()
    kinds = [board["harbours"][e] for e in B.BASE.harbour_edges]
    assert kinds == ["generic", "grain", "ore", "generic", "wool", "generic", "generic", "brick", "lumber"]
    assert B.validate_board(board) == []  # the standard set: four 3:1 and one 2:1 per resource


def test_beginner_three_players_leave_a_colour_off():
    pieces = B.beginner_pieces({"red": 0, "blue": 1, "orange": 2})
    assert set(pieces["settlements"].values()) == {0, 1, 2}
    assert len(pieces["roads"]) == 6


# --- placement ---------------------------------------------------------------------------------

CENTRE_TOP = "0,-1|0,0|1,-1"  # top corner of the desert in the beginner board


def test_distance_rule():
    board = B.beginner_board()
    g = B.geometry(board)
    pieces = B.with_settlement(B.empty_pieces(), CENTRE_TOP, 0)
    for neighbour in g.corner_corners[CENTRE_TOP]:
        assert B.check_settlement(board, pieces, 1, neighbour, setup=True) == (
            "distance_rule", {"corner": neighbour, "neighbours": [CENTRE_TOP]})
    two_away = next(c for n in g.corner_corners[CENTRE_TOP] for c in g.corner_corners[n]
                    if c != CENTRE_TOP and c not in g.corner_corners[CENTRE_TOP])
    assert B.check_settlement(board, pieces, 1, two_away, setup=True) is None
    assert B.check_settlement(board, pieces, 1, CENTRE_TOP, setup=True)[0] == "occupied"
    assert B.check_settlement(board, pieces, 1, "nowhere", setup=True)[0] == "unknown_corner"


def test_setup_places_anywhere_free_but_play_needs_an_own_road():
    board = B.beginner_board()
    g = B.geometry(board)
    pieces = B.empty_pieces()
    assert len(B.legal_settlement_corners(board, pieces, 0, setup=True)) == 54
    assert B.check_settlement(board, pieces, 0, CENTRE_TOP) == ("not_connected", {"corner": CENTRE_TOP})
    # Two roads lead from a settlement to a free corner two steps away.
    home = "-1,-1|0,-2|0,-1"
    path = [home, *[c for c in g.corner_corners[home]][:1]]
    path.append(next(c for c in g.corner_corners[path[1]] if c != home))
    pieces = B.with_settlement(B.empty_pieces(), home, 0)
    for e in path_edges(g, path):
        pieces = B.with_road(pieces, e, 0)
    assert B.check_settlement(board, pieces, 0, path[1])[0] == "distance_rule"
    assert B.check_settlement(board, pieces, 0, path[2]) is None
    assert B.check_settlement(board, pieces, 1, path[2]) == ("not_connected", {"corner": path[2]})


def test_settlement_supply_runs_out():
    board = B.beginner_board()
    pieces = B.empty_pieces()
    placed = 0
    for corner in BASE_G.corners:
        if placed == 5:
            break
        if B.check_settlement(board, pieces, 0, corner, setup=True) is None:
            pieces = B.with_settlement(pieces, corner, 0)
            placed += 1
    free = B.legal_settlement_corners(board, pieces, 1, setup=True)[0]
    assert B.check_settlement(board, pieces, 0, free, setup=True) == ("no_settlement_left", {"limit": 5})


def test_road_connectivity():
    board = B.beginner_board()
    g = B.geometry(board)
    home = CENTRE_TOP
    pieces = B.with_settlement(B.empty_pieces(), home, 0)
    first = g.corner_edges[home][0]
    assert B.check_road(board, pieces, 0, first) is None              # from own settlement
    assert B.check_road(board, pieces, 1, first) == ("not_connected", {"edge": first})
    pieces = B.with_road(pieces, first, 0)
    assert B.check_road(board, pieces, 0, first)[0] == "occupied"
    far = g.other_corner(first, home)
    onward = next(e for e in g.corner_edges[far] if e != first)
    assert B.check_road(board, pieces, 0, onward) is None             # from own road
    # An opponent's settlement on that corner cuts the road there.
    blocked = B.with_settlement(pieces, far, 1)
    assert B.check_road(board, blocked, 0, onward) == (
        "blocked_by_building", {"edge": onward, "corner": far, "seat": 1})
    # ...but not for the opponent, whose own building it is.
    assert B.check_road(board, blocked, 1, onward) is None
    # Own building on the corner does not block.
    assert B.check_road(board, B.with_settlement(pieces, far, 0), 0, onward) is None
    lonely = next(e for e in g.edges if not set(g.edge_corners[e]) & {home, far})
    assert B.check_road(board, pieces, 0, lonely)[0] == "not_connected"


def test_setup_road_must_touch_the_new_settlement():
    board = B.beginner_board()
    g = B.geometry(board)
    pieces = B.with_settlement(B.with_settlement(B.empty_pieces(), CENTRE_TOP, 0), "-2,2|-1,1|-1,2", 0)
    touching = g.corner_edges[CENTRE_TOP][0]
    elsewhere = g.corner_edges["-2,2|-1,1|-1,2"][0]
    assert B.check_road(board, pieces, 0, touching, setup_corner=CENTRE_TOP) is None
    assert B.check_road(board, pieces, 0, elsewhere, setup_corner=CENTRE_TOP) == (
        "not_at_new_settlement", {"edge": elsewhere, "corner": CENTRE_TOP})
    assert sorted(B.legal_road_edges(board, pieces, 0, setup_corner=CENTRE_TOP)) == sorted(g.corner_edges[CENTRE_TOP])


def test_road_supply_runs_out():
    board = B.beginner_board()
    g = B.geometry(board)
    path = simple_path(g, CENTRE_TOP, 16)
    edges = path_edges(g, path)
    pieces = roads(0, edges[:15])
    assert B.check_road(board, pieces, 0, edges[15]) == ("no_road_left", {"limit": 15})


def test_city_only_on_own_settlement():
    board = B.beginner_board()
    pieces = B.with_settlement(B.empty_pieces(), CENTRE_TOP, 0)
    assert B.check_city(board, pieces, 0, CENTRE_TOP) is None
    assert B.check_city(board, pieces, 1, CENTRE_TOP) == ("no_own_settlement", {"corner": CENTRE_TOP, "seat": 0})
    other = "-2,2|-1,1|-1,2"
    assert B.check_city(board, pieces, 0, other) == ("no_own_settlement", {"corner": other, "seat": None})
    pieces = B.with_city(pieces, CENTRE_TOP, 0)
    assert CENTRE_TOP not in pieces["settlements"]
    assert B.building_at(pieces, CENTRE_TOP) == (0, "city")
    assert B.check_city(board, pieces, 0, CENTRE_TOP) == ("already_city", {"corner": CENTRE_TOP})
    assert B.legal_city_corners(board, pieces, 0) == []


# --- production, starting resources, harbours, robber ------------------------------------------

def test_production_travel_edition_example():
    # Travel edition almanac ("Miasto"): a 3 is rolled; blue gets 3 lumber (settlement 1 and
    # city 2 at a forest 3), orange gets 2 ore for a city at a mountains 3.
    board = B.beginner_board()
    forest3, mountains3 = "1,0", "-1,1"
    f_corners = BASE_G.hex_corners[forest3]
    pieces = B.empty_pieces()
    pieces = B.with_settlement(pieces, f_corners[0], "blue")
    pieces = B.with_city(pieces, f_corners[3], "blue")
    pieces = B.with_city(pieces, BASE_G.hex_corners[mountains3][3], "orange")
    assert B.production(board, pieces, "0,0", 3) == {"blue": {"lumber": 3}, "orange": {"ore": 2}}


def test_production_2025_example_and_the_robber():
    # 2025 rulebook: on a 4 orange gets 2 lumber for two settlements at a forest 4 and red 1;
    # on an 8 red gets 1 grain; as a city red's settlement would give 2 grain.
    board = B.beginner_board()
    board = B.set_number(B.set_terrain(board, "1,-1", "forest"), "1,-1", 4)
    board = B.set_number(B.set_terrain(board, "2,-1", "fields"), "2,-1", 8)
    f = BASE_G.hex_corners["1,-1"]
    shared = (set(f) & set(BASE_G.hex_corners["2,-1"])).pop()
    others = [c for c in f if c not in BASE_G.corner_corners[shared] and c != shared]
    pieces = B.empty_pieces()
    pieces = B.with_settlement(pieces, others[0], "orange")
    pieces = B.with_settlement(pieces, next(c for c in others[1:] if c not in BASE_G.corner_corners[others[0]]), "orange")
    pieces = B.with_settlement(pieces, shared, "red")
    assert B.production(board, pieces, "0,0", 4) == {"orange": {"lumber": 2}, "red": {"lumber": 1}}
    assert B.production(board, pieces, "0,0", 8) == {"red": {"grain": 1}}
    assert B.production(board, B.with_city(pieces, shared, "red"), "0,0", 8) == {"red": {"grain": 2}}
    # The hex under the robber pays nothing; a 7 pays nobody.
    assert B.production(board, pieces, "1,-1", 4) == {}
    assert B.production(board, pieces, "0,0", 7) == {}


def test_production_two_hexes_with_the_same_number():
    board = B.beginner_board()  # forest 8 at -2,1 and mountains 8 at 2,0
    pieces = B.empty_pieces()
    pieces = B.with_city(pieces, BASE_G.hex_corners["-2,1"][0], 1)
    pieces = B.with_settlement(pieces, BASE_G.hex_corners["2,0"][3], 1)
    assert B.production(board, pieces, None, 8) == {1: {"lumber": 2, "ore": 1}}


def test_starting_resources():
    board = B.beginner_board()
    # Travel edition: orange takes 1 ore and 2 grain (a mountains hex between two fields).
    assert B.starting_resources(board, "-1,1|-1,2|0,1") == {"ore": 1, "grain": 2}
    # The desert gives nothing; a coastal corner gives one card per land hex.
    assert B.starting_resources(board, CENTRE_TOP) == {"brick": 1, "wool": 1}
    assert B.starting_resources(board, "-1,-2|0,-3|0,-2") == {"ore": 1}


def test_harbour_ratios():
    board = B.beginner_board()
    g = B.geometry(board)
    generic_edge, wool_edge = B.BASE.harbour_edges[0], B.BASE.harbour_edges[4]
    assert board["harbours"][wool_edge] == "wool"
    pieces = B.empty_pieces()
    assert B.harbour_ratios(board, pieces, 0) == dict.fromkeys(B.RESOURCES, 4)
    with_wool = B.with_settlement(pieces, g.edge_corners[wool_edge][0], 0)
    # A 2:1 harbour gives no 3:1 for the other resources.
    assert B.harbour_ratios(board, with_wool, 0) == {"brick": 4, "lumber": 4, "wool": 2, "grain": 4, "ore": 4}
    both = B.with_city(with_wool, g.edge_corners[generic_edge][1], 0)
    assert B.harbour_ratios(board, both, 0) == {"brick": 3, "lumber": 3, "wool": 2, "grain": 3, "ore": 3}
    assert B.harbour_ratios(board, both, 1) == dict.fromkeys(B.RESOURCES, 4)


def test_robber_victims():
    board = B.beginner_board()
    corners = BASE_G.hex_corners["1,0"]
    pieces = B.empty_pieces()
    pieces = B.with_settlement(pieces, corners[0], "orange")
    pieces = B.with_city(pieces, corners[2], "red")
    pieces = B.with_settlement(pieces, corners[4], "orange")
    assert B.robber_victims(board, pieces, "1,0") == ["orange", "red"]
    assert B.robber_victims(board, pieces, "1,0", exclude="red") == ["orange"]
    assert B.robber_victims(board, pieces, "-2,2") == []


# --- Longest Road ---------------------------------------------------------------------------------

def test_longest_road_straight_five():
    cs, ring = hex_ring(BASE_G, "0,0")
    board = B.beginner_board()
    assert B.longest_road(board, roads(0, ring[:5]), 0) == 5
    assert B.longest_road(board, roads(0, ring[:4]), 0) == 4
    assert B.longest_road(board, roads(0, []), 0) == 0


def test_longest_road_branches_do_not_add():
    board = B.beginner_board()
    cs, ring = hex_ring(BASE_G, "0,0")
    spur = next(e for e in BASE_G.corner_edges[cs[2]] if e not in ring)
    assert B.longest_road(board, roads(0, ring[:5] + [spur]), 0) == 5


def test_longest_road_loops():
    board = B.beginner_board()
    cs, ring = hex_ring(BASE_G, "0,0")
    assert B.longest_road(board, roads(0, ring), 0) == 6
    tail = next(e for e in BASE_G.corner_edges[cs[0]] if e not in ring)
    assert B.longest_road(board, roads(0, ring + [tail]), 0) == 7  # into the loop and round it
    # Two hexes' outlines sharing a side: 11 roads, exactly two forks, all in one trail.
    both = sorted(set(BASE_G.hex_edges["0,0"]) | set(BASE_G.hex_edges["1,0"]))
    assert len(both) == 11
    assert B.longest_road(board, roads(0, both), 0) == 11


def test_longest_road_broken_by_an_opponent_settlement():
    board = B.beginner_board()
    path = simple_path(BASE_G, CENTRE_TOP, 7)
    edges = path_edges(BASE_G, path)
    pieces = roads("orange", edges)
    assert B.longest_road(board, pieces, "orange") == 7
    # 2025 rulebook: a red settlement splits orange's 7 roads into 4 and 3.
    cut = B.with_settlement(pieces, path[4], "red")
    assert B.longest_road(board, cut, "orange") == 4
    # Travel edition: split into 5 and 2.
    assert B.longest_road(board, B.with_settlement(pieces, path[5], "red"), "orange") == 5
    # An own building does not break the road.
    assert B.longest_road(board, B.with_city(pieces, path[4], "orange"), "orange") == 7


def test_longest_road_other_seats_roads_do_not_count():
    board = B.beginner_board()
    cs, ring = hex_ring(BASE_G, "0,0")
    pieces = {"settlements": {}, "cities": {}, "roads": {e: (0 if i % 2 else 1) for i, e in enumerate(ring)}}
    assert B.longest_road(board, pieces, 0) == 1


def test_longest_road_is_fast_on_a_dense_network():
    board = B.beginner_board()
    three = sorted(set(BASE_G.hex_edges["0,0"]) | set(BASE_G.hex_edges["1,0"]) | set(BASE_G.hex_edges["0,1"]))
    assert len(three) == 15
    started = time.perf_counter()
    # Four forks: drop one spoke and the other 14 roads form a single trail.
    assert B.longest_road(board, roads(0, three), 0) == 14
    assert time.perf_counter() - started < 1.0


def test_longest_road_holder_award_rule():
    board = B.beginner_board()
    g = BASE_G
    path_a = simple_path(g, CENTRE_TOP, 7)
    a_edges = path_edges(g, path_a)
    pieces = roads("A", a_edges[:4])
    # Nobody has 5 yet.
    assert B.longest_road_holder(board, pieces, ["A", "B"], None) is None
    pieces = roads("A", a_edges[:5])
    assert B.longest_road_holder(board, pieces, ["A", "B"], None) == "A"
    # B builds an equally long road elsewhere: the holder keeps it.
    b_path = simple_path(g, "-2,2|-2,3|-1,2", 7, avoid=path_a)
    b_edges = path_edges(g, b_path)
    assert not set(b_edges) & set(a_edges)
    tie = {**pieces, "roads": {**pieces["roads"], **{e: "B" for e in b_edges[:5]}}}
    assert B.longest_road_holder(board, tie, ["A", "B"], "A") == "A"
    # B goes longer: B takes it.
    longer = {**tie, "roads": {**tie["roads"], b_edges[5]: "B"}}
    assert B.longest_road_holder(board, longer, ["A", "B"], "A") == "B"


def test_longest_road_set_aside_after_a_break():
    board = B.beginner_board()
    g = BASE_G
    a_path = simple_path(g, CENTRE_TOP, 7)
    a_edges = path_edges(g, a_path)
    b_path = simple_path(g, "-2,2|-2,3|-1,2", 6, avoid=a_path)
    b_edges = path_edges(g, b_path)
    c_edges = path_edges(g, simple_path(g, "1,1|1,2|2,1", 6, avoid=a_path + b_path))
    assert not (set(a_edges) & set(b_edges)) and not (set(a_edges) & set(c_edges)) and not (set(b_edges) & set(c_edges))
    pieces = {"settlements": {}, "cities": {},
              "roads": {**{e: "A" for e in a_edges}, **{e: "B" for e in b_edges[:5]}, **{e: "C" for e in c_edges[:5]}}}
    assert B.longest_road_holder(board, pieces, "ABC", None) == "A"
    # An opponent's settlement breaks A's 7 into 3 and 4: B and C tie at 5 -> set aside.
    broken = B.with_settlement(pieces, a_path[3], "B")
    assert B.longest_road(board, broken, "A") == 4
    assert B.longest_road_holder(board, broken, "ABC", "A") is None
    # Still a tie: stays aside.
    assert B.longest_road_holder(board, broken, "ABC", None) is None
    # C builds a 6th road: now exactly one player has the longest road.
    c_longer = B.with_road(broken, c_edges[5], "C")
    assert B.longest_road_holder(board, c_longer, "ABC", None) == "C"
    # A broken below 5 with nobody else at 5: set aside.
    alone = B.with_settlement(roads("A", a_edges), a_path[3], "B")
    assert B.longest_road_holder(board, alone, "AB", "A") is None
    # The holder still among the longest after a break keeps it.
    b_tied = {"settlements": {a_path[5]: "B"}, "cities": {},
              "roads": {**{e: "A" for e in a_edges}, **{e: "B" for e in b_edges[:5]}}}
    assert B.longest_road(board, b_tied, "A") == 5
    assert B.longest_road_holder(board, b_tied, "AB", "A") == "A"


# --- purity ---------------------------------------------------------------------------------

ENGINE = pathlib.Path(B.__file__).parent
BOARD_MODULES = sorted(ENGINE.glob("board*.py"))


@pytest.mark.parametrize("path", BOARD_MODULES, ids=lambda p: p.name)
def test_board_modules_import_no_django_no_io_no_global_random(path):
    tree = ast.parse(path.read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            # the board's own siblings in the machinery are as pure as it is
            imported.add("machinery" if node.module.startswith("companion.machinery.") else node.module.split(".")[0])
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id != "open", path.name
    assert imported <= {"__future__", "math", "copy", "dataclasses", "functools", "types", "typing", "machinery"}, imported


def test_everything_is_json():
    board = B.beginner_board()
    pieces = B.beginner_pieces()
    balanced, reasons = B.balanced_board("base", FakeRng(1))
    for data in (board, pieces, balanced, reasons, B.geometry_json("base"), B.geometry_json("base_5_6")):
        assert json.loads(json.dumps(data)) == data
    json.dumps(B.layout(board))
    assert json.loads(json.dumps(pieces)) == pieces
