"""Benchmark of the composed rules: replaying the games of tests/corpus (no Django needed).

    CATAN_NO_BOOTSTRAP=1 .venv/bin/python -m tests.bench.bench_replay [--rounds N]

For each recorded game (base, boards and hands, Cities & Knights, the Events deck, every
option, Catan for two) it times, in the same run:

* the replay: fold(config, records), every action validated and applied through the
  game's composed rules (companion/engine/game.py), per record;
* every viewer's view at the end (view(state, viewer) for the table and each seat);

and, as the baseline, the fold's own floor: copying the state once per record, which
fold does for every record whatever the rules are. Prints the median per record in
microseconds and the ratio to the floor. Not a test: nothing is asserted.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from companion.engine import TABLE, copy_state, fold, new_game, view

GAMES = Path(__file__).resolve().parents[1] / "corpus" / "games"


def timed(function, rounds: int) -> float:
    """The median of `rounds` runs, in seconds."""
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':32} {'records':>7} {'fold µs/rec':>12} {'floor µs/rec':>13} {'ratio':>6} {'views ms':>9}")
    for path in sorted(GAMES.glob("*.json")):
        export = json.loads(path.read_text(encoding="utf-8"))["export"]
        config, records = export["config"], export["records"]
        state, _history = fold(config, records)
        start = new_game(config)

        def floor():
            copied = start
            for _record in records:
                copied = copy_state(copied)

        def views():
            for viewer in [TABLE, *range(len(state["players"]))]:
                view(state, viewer)

        per_fold = timed(lambda: fold(config, records), args.rounds) / len(records)
        per_floor = timed(floor, args.rounds) / len(records)
        print(f"{path.stem:32} {len(records):7} {per_fold * 1e6:12.0f} {per_floor * 1e6:13.0f} "
              f"{per_fold / per_floor:6.1f} {timed(views, args.rounds) * 1e3:9.2f}")


if __name__ == "__main__":
    main()
