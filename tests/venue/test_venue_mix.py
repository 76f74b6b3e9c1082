"""The venue's benchmark, small: real games of every kind (boards, hands on phones,
Cities & Knights, the Events deck, Explorers & Pirates, score only) played over the sockets of two server
processes, tables routed by game code, PostgreSQL and Redis. Every tap is accepted and
every screen reaches every version; the timings are the benchmark's business, not this
test's (tests/bench/bench_venue.py)."""
import json
import os
import subprocess
import sys

import pytest

from tests.e2e.harness import ROOT

from .test_venue_configuration import _reachable

pytestmark = pytest.mark.venue


def test_a_realistic_mix_on_two_processes_loses_nothing_and_refuses_nothing():
    if not (_reachable("127.0.0.1", 5432) and _reachable("127.0.0.1", 6379)):
        pytest.skip("PostgreSQL and Redis are needed on 127.0.0.1")
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench.bench_venue", "--config", "venue", "--tables", "7", "--processes", "2",
         "--mix", "realistic", "--duration", "4", "--burst", "2", "--burst-duration", "3", "--kind-duration", "2",
         "--capacity-steps", "0", "--floor-duration", "2", "--taps-per-table", "60", "--json"],
        cwd=ROOT, env={**os.environ, "CATAN_NO_BOOTSTRAP": "1"}, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["processes"] == 2 and result["tables"] == 7 and result["mix"] == "realistic"
    # base (4 players), C&K (4), Events (4), Explorers & Pirates (4), base again: its second
    # game (5), C&K (4), score only (4): a table screen and a phone per player each
    assert result["sockets"] == sum(1 + players for players in (4, 4, 4, 4, 5, 4, 4))
    assert (result["lost"], result["refused"], result["burst_lost"]) == (0, 0, 0)
    assert set(result["server_cpu_ms_per_action"]) == {"all", "base", "cities_knights", "events",
                                                      "explorers_pirates", "score"}
    assert set(result["floor_cpu_ms_per_action"]) == {"with_hop", "without_hop"}
