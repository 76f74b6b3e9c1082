"""SIGKILL at random moments and restarts: no acknowledged action is lost, none is applied
twice or half, and the game goes on (a short run of tests/bench/bench_resilience.py, which
does 200 trials and measures reconnection after a restart)."""
import asyncio
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.bench.bench_resilience import kill_trials, reconnect
from tests.e2e.harness import ROOT

from .test_venue_configuration import venue_env  # noqa: F401  (fixture)


def _migrated(tmp_path, env):
    subprocess.run([sys.executable, str(ROOT / "manage.py"), "migrate", "-v0"], cwd=ROOT, check=True,
                   env={**os.environ, **env, "CATAN_DATA_DIR": str(tmp_path)})
    return env


def test_killed_embedded_server_loses_no_acknowledged_action(tmp_path):
    result = kill_trials(8, _migrated(tmp_path, {"CATAN_NO_BOOTSTRAP": "1"}), tmp_path, seed=3)
    assert result["acknowledged"] > 8
    assert (result["lost"], result["duplicated"], result["gaps"]) == (0, 0, 0)
    assert result["records"] == result["acknowledged"]


@pytest.mark.venue
def test_killed_venue_server_loses_no_acknowledged_action(venue_env, tmp_path):  # noqa: F811
    result = kill_trials(5, venue_env, tmp_path, seed=4)
    assert (result["lost"], result["duplicated"], result["gaps"]) == (0, 0, 0)
    assert result["records"] == result["acknowledged"]


def test_screens_are_current_again_after_a_restart(tmp_path):
    env = _migrated(tmp_path, {"CATAN_NO_BOOTSTRAP": "1"})
    # A loop of its own, in a thread: the browser tests' session keeps one in this thread.
    with ThreadPoolExecutor(1) as pool:
        result = pool.submit(asyncio.run, reconnect(12, env, tmp_path)).result()
    assert result["current_again"] == 12
