"""The venue benchmark prints each target of the CPU issue with what was measured and whether
it was met (tests/bench/bench_venue.py): the numbers of a run decide, not the words."""
from tests.bench.bench_venue import venue_targets

RUN = {"server_cpu_ms_per_action": {"all": 3.9, "base": 6.5, "explorers_pirates": 17.0},
       "floor_cpu_ms_per_action": {"without_hop": 0.8, "with_hop": 1.4},
       "lost": 0, "unsent": 0, "errors": 0, "p50_ms": 8.0, "p99_ms": 51.0, "kb_per_socket": 49.0, "sockets": 2000,
       "burst_p99_ms": 140.0, "burst_lost": 0, "burst_unsent": 1}


def _met(result: dict) -> dict:
    return {label: met for label, _measured, met in venue_targets(result)}


def test_each_target_is_judged_by_the_run_and_the_floor_stands_in_for_a_slower_machine():
    met = _met(RUN)
    assert met["server CPU per action, the mix <= 4 ms (or <= 5x the floor with the hop)"] is True
    assert met["server CPU per action, base alone <= 6 ms (or <= 5x the floor with the hop)"] is True  # 6.5 <= 5 x 1.4
    assert met["server CPU per action, explorers_pirates alone <= 6 ms (or <= 5x the floor with the hop)"] is False
    assert met["steady p50 <= 10 ms"] is True and met["steady p99 <= 50 ms"] is False
    assert met["steady: nothing lost"] is True
    assert met["burst p99 <= 150 ms, nothing lost"] is False  # one frame unsent
    assert met["memory <= 50 KB per socket"] is True
    assert met["stretch: steady p50 <= 5 ms and p99 <= 25 ms"] is False


def test_what_a_run_did_not_measure_is_not_judged():
    met = _met({**RUN, "floor_cpu_ms_per_action": {}, "kb_per_socket": None, "p50_ms": float("nan")})
    assert met["memory <= 50 KB per socket"] is None and met["steady p50 <= 10 ms"] is None
    assert met["server CPU per action, base alone <= 6 ms (or <= 5x the floor with the hop)"] is False  # no floor to stand in
    assert not any("burst" in label for label in _met({k: v for k, v in RUN.items() if not k.startswith("burst")}))
