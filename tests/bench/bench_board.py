"""Benchmark of the board rules late in a 6-player game (no Django needed).

    CATAN_NO_BOOTSTRAP=1 .venv/bin/python -m tests.bench.bench_board [--seed N] [--rounds N]

Lays out a random 5-6 player board (frame "base_5_6", 30 hexes, 80 corners, 109 edges) and
plays its pieces legally, as a late game looks: the two setup rounds in snake order, then
turn after turn each player builds roads next to its network and settlements where the
rules allow, until every player has 12-15 roads and 4-5 buildings (some of them cities).
Every placement is checked by board_rules (check_settlement / check_road / check_city).

Then it times, in the same run:

* Longest Road recomputation for all six players (board_rules.longest_road_holder), and
  for the one seat a road changes (board_rules.longest_road), which is what the engine
  recounts after a road is built (a settlement recounts the seats whose roads it touches);
* one roll's production: board_rules.production, what the engine runs after every roll
  (the totals follow two virtual dice; a 7 pays nothing and is rolled again);

on that late-game board and, as the baseline, on the same board with no pieces, and prints
p50 / p99 / max in microseconds and the late / empty ratios. Not a test: nothing is
asserted, timings depend on the machine.
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from companion.engine import Chance
from companion.machinery import board as boards

PLAYERS = 6
ROADS = (12, 15)
BUILDINGS = (4, 5)


class ChanceRng:
    """randint(n) for the board maker, from the engine's own Chance."""

    def __init__(self, secret: bytes):
        self.chance = Chance(secret)
        self.counter = 0

    def randint(self, n: int) -> int:
        self.counter += 1
        return self.chance.randint("board", self.counter, n)


# ---------------------------------------------------------------- a legal late game


def _count(pieces: dict, kind: str, seat: int) -> int:
    return sum(1 for s in pieces[kind].values() if s == seat)


def _buildings(pieces: dict, seat: int) -> int:
    return _count(pieces, "settlements", seat) + _count(pieces, "cities", seat)


def _place_road(layout: dict, pieces: dict, seat: int, rnd: random.Random, setup_corner=None) -> bool:
    edges = boards.legal_road_edges(layout, pieces, seat, setup_corner=setup_corner)
    if not edges:
        return False
    g = boards.geometry(layout)
    # Late-game roads reach out towards free corners (where a settlement could go).
    free = [e for e in edges
            if any(boards.owner_at(pieces, c) is None and not boards.distance_rule_conflicts(layout, pieces, c)
                   for c in g.edge_corners[e])]
    edge = rnd.choice(free or edges)
    assert boards.check_road(layout, pieces, seat, edge, setup_corner=setup_corner) is None
    pieces["roads"][edge] = seat
    return True


def _place_settlement(layout: dict, pieces: dict, seat: int, rnd: random.Random, setup: bool = False):
    corners = boards.legal_settlement_corners(layout, pieces, seat, setup=setup)
    if not corners:
        return None
    corner = rnd.choice(corners)
    assert boards.check_settlement(layout, pieces, seat, corner, setup=setup) is None
    pieces["settlements"][corner] = seat
    return corner


def late_game(seed: int) -> tuple[dict, dict, str] | None:
    """(layout, pieces, robber) of a late 6-player game, or None if this seed crowds a
    player out before it reaches its targets."""
    rnd = random.Random(seed)
    layout = boards.random_board("base_5_6", ChanceRng(f"bench-board-{seed}".encode()))
    pieces = boards.empty_pieces()
    seats = range(PLAYERS)
    for seat in list(seats) + list(reversed(seats)):  # the setup rounds, snake order
        corner = _place_settlement(layout, pieces, seat, rnd, setup=True)
        if corner is None or not _place_road(layout, pieces, seat, rnd, setup_corner=corner):
            return None
    road_target = {s: rnd.randint(*ROADS) for s in seats}
    building_target = {s: rnd.randint(*BUILDINGS) for s in seats}
    for _ in range(40):
        for seat in seats:
            if _buildings(pieces, seat) < building_target[seat]:
                _place_settlement(layout, pieces, seat, rnd)
            for _ in range(rnd.randint(1, 2)):
                if _count(pieces, "roads", seat) < road_target[seat]:
                    _place_road(layout, pieces, seat, rnd)
        if all(_count(pieces, "roads", s) >= road_target[s] and _buildings(pieces, s) >= building_target[s]
               for s in seats):
            break
    else:
        return None
    for seat in seats:  # one or two of each player's settlements have become cities
        own = sorted(c for c, s in pieces["settlements"].items() if s == seat)
        for corner in rnd.sample(own, rnd.randint(1, min(2, len(own)))):
            assert boards.check_city(layout, pieces, seat, corner) is None
            del pieces["settlements"][corner]
            pieces["cities"][corner] = seat
    g = boards.geometry(layout)
    robber = rnd.choice([h for h in g.hexes if layout["hexes"][h]["terrain"] != "desert"])
    return layout, pieces, robber


def check_legal(layout: dict, pieces: dict) -> None:
    """The distance rule and the road networks, once more from scratch."""
    g = boards.geometry(layout)
    assert boards.pieces_problems(layout, pieces) == []
    buildings = set(pieces["settlements"]) | set(pieces["cities"])
    for corner in buildings:
        assert not set(g.corner_corners[corner]) & buildings
    for seat in range(PLAYERS):
        assert _count(pieces, "roads", seat) <= boards.ROAD_LIMIT
        assert _count(pieces, "settlements", seat) <= boards.SETTLEMENT_LIMIT
        assert _count(pieces, "cities", seat) <= boards.CITY_LIMIT


# ---------------------------------------------------------------- timing


def percentile(sorted_values: list[float], p: float) -> float:
    k = (len(sorted_values) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo)


def summary(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {"p50": percentile(values, 50), "p99": percentile(values, 99), "max": values[-1],
            "mean": statistics.fmean(values)}


def timed(fn, args_list: list[tuple]) -> list[float]:
    """Latency of each call, in microseconds."""
    clock = time.perf_counter_ns
    out = []
    gc.disable()
    try:
        for args in args_list:
            t = clock()
            fn(*args)
            out.append((clock() - t) / 1000)
    finally:
        gc.enable()
    return out


def roll_totals(n: int, seed: int) -> list[int]:
    """n totals of two virtual dice (a 7 is rolled again: it pays nothing anyway)."""
    chance = Chance(f"bench-dice-{seed}".encode())
    totals, counter = [], 0
    while len(totals) < n:
        a = chance.randint("dice", counter, 6) + 1
        b = chance.randint("dice", counter + 1, 6) + 1
        counter += 2
        if a + b != 7:
            totals.append(a + b)
    return totals


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="first seed tried for the late game")
    parser.add_argument("--rounds", type=int, default=2000, help="timed calls per measurement")
    args = parser.parse_args(argv)

    seed, game = args.seed, None
    while game is None:
        game = late_game(seed)
        seed += 1
    layout, pieces, robber = game
    check_legal(layout, pieces)
    empty = boards.empty_pieces()
    seats = list(range(PLAYERS))
    lengths = boards.longest_road_lengths(layout, pieces, seats)
    holder = boards.longest_road_holder(layout, pieces, seats, None)

    print("Board rules benchmark: a late 6-player game on the 5-6 player frame")
    print(f"  board seed {seed - 1}: {len(pieces['roads'])} roads, {len(pieces['settlements'])} settlements, "
          f"{len(pieces['cities'])} cities on {len(boards.geometry(layout).edges)} edges / "
          f"{len(boards.geometry(layout).corners)} corners")
    for s in seats:
        print(f"  seat {s}: roads {_count(pieces, 'roads', s):2}, settlements {_count(pieces, 'settlements', s)}, "
              f"cities {_count(pieces, 'cities', s)}, longest trail {lengths[s]:2}")
    print(f"  Longest Road holder: {holder}; robber on {robber}")
    print()

    rounds = args.rounds
    totals = roll_totals(rounds, args.seed)
    # Warm up (geometry caches, branch predictors) before timing.
    for _ in range(20):
        boards.longest_road_holder(layout, pieces, seats, holder)
        boards.production(layout, pieces, robber, 8)
    measurements = {
        "longest road, late": timed(boards.longest_road_holder, [(layout, pieces, seats, holder)] * rounds),
        "longest road, empty": timed(boards.longest_road_holder, [(layout, empty, seats, None)] * rounds),
        "one seat's trail, late": timed(boards.longest_road, [(layout, pieces, s) for s in seats] * rounds),
        "one seat's trail, empty": timed(boards.longest_road, [(layout, empty, s) for s in seats] * rounds),
        "production, late": timed(boards.production, [(layout, pieces, robber, t) for t in totals]),
        "production, empty": timed(boards.production, [(layout, empty, robber, t) for t in totals]),
    }
    print(f"Latency per call, µs ({rounds} calls each)   p50       p99       max      mean")
    stats = {name: summary(values) for name, values in measurements.items()}
    for name, s in stats.items():
        print(f"  {name:34} {s['p50']:9.1f} {s['p99']:9.1f} {s['max']:9.1f} {s['mean']:9.1f}")
    print()
    for what in ("longest road", "production"):
        late, base = stats[f"{what}, late"], stats[f"{what}, empty"]
        print(f"Ratio late / empty, {what:12}: p50 {late['p50'] / base['p50']:6.1f}×, "
              f"p99 {late['p99'] / base['p99']:6.1f}×, max {late['max'] / base['max']:6.1f}×")


if __name__ == "__main__":
    main()
