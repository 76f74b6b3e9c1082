"""The layout sweep (tests/e2e/test_layout_sweep.py says what it checks) over the Traders &
Barbarians scenarios' corpus games: Fishermen of Catan, Rivers of Catan, The Caravans, Barbarian
Attack, Traders & Barbarians; every phase and pending kind each reaches, on a server of this
file's own (the other test worker sweeps the other files)."""
import pytest

from .test_layout_sweep import check_coverage, language_of, moment_id, moments_of, select, sweep_moment, \
    sweep_server

pytestmark = pytest.mark.e2e

PART = "tb"
MAX_MOMENTS = 36  # every (scenario, phase, pending kind) once and every game: 35 now
MOMENTS = select(moments_of(PART), MAX_MOMENTS)
prepared = sweep_server(MOMENTS, "layout-sweep-tb")


def test_the_sweep_covers_every_phase_and_pending_kind():
    check_coverage(PART, MOMENTS, MAX_MOMENTS)


@pytest.mark.parametrize("moment", MOMENTS, ids=moment_id)
def test_every_moment_passes_the_checks(prepared, browser, moment):
    sweep_moment(prepared, browser, moment, language_of(MOMENTS, moment))
