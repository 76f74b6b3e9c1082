"""The layout sweep (tests/e2e/test_layout_sweep.py says what it checks) over the Explorers &
Pirates corpus games: Land Ho!, Pirate Lairs, Fish for Catan, Spices for Catan and the box's last
scenario (all three missions); every phase and pending kind each reaches, on a server of this
file's own (the other test worker sweeps the other files)."""
import pytest

from .test_layout_sweep import check_coverage, language_of, moment_id, moments_of, select, sweep_moment, \
    sweep_server

pytestmark = pytest.mark.e2e

PART = "ep"
MAX_MOMENTS = 34  # every (scenario, phase, pending kind) once and every game: 32 now; 2 more of note
MOMENTS = select(moments_of(PART), MAX_MOMENTS)
prepared = sweep_server(MOMENTS, "layout-sweep-ep")


def test_the_sweep_covers_every_phase_and_pending_kind():
    check_coverage(PART, MOMENTS, MAX_MOMENTS)


@pytest.mark.parametrize("moment", MOMENTS, ids=moment_id)
def test_every_moment_passes_the_checks(prepared, browser, moment):
    sweep_moment(prepared, browser, moment, language_of(MOMENTS, moment))
