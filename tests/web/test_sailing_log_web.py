"""Explorers & Pirates' one line per ship movement, as a screen's pushes show it: a push adds
only new log lines on top of the ones shown (rendering._log_html), and a step that makes the
sailing line one path longer changes a line the screen shows, so the screen gets the whole log
again with that line in its new words, never the old line and a new one beside it."""
import re

import pytest

from companion import engine, services
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import rules as ep
from companion.web import rendering

pytestmark = pytest.mark.django_db
PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "white"}]


@pytest.fixture(autouse=True)
def fresh_renders():
    rendering.forget()
    yield
    rendering.forget()


def _push(screen) -> str:
    latest = screen.game.__class__.objects.get(pk=screen.game.pk).version
    return rendering.frame(screen, latest, database=True)


def _sail_one_path(game) -> None:
    game.refresh_from_db()
    state = services.current_state(game)[0]
    ship = next(s for s in state["explorers_pirates"]["ships"] if s["seat"] == 0)
    edge = next(e for e in ep.sailing_targets(state, ship) if not sea.pointed_at(state["board"]["layout"], e))
    services.perform(game, services.TABLE, "move_ship", {"ship": ship["id"], "edge": edge})


def test_the_screen_shows_one_line_per_ship_movement_after_each_push():
    game = services.create_game({"rules": "explorers_pirates", "scenario": "land_ho", "play_mode": "paper",
                                 "board": "beginner", "dice_source": "typed", "players": PLAYERS}, seed=5)
    services.perform(game, services.TABLE, "roll", {"dice": [1, 4]})
    services.perform(game, services.TABLE, "start_movement", {})
    screen = rendering.Screen(rendering.load_game(pk=game.pk), engine.TABLE, "en", "http://testserver")
    _push(screen)
    _sail_one_path(game)
    added = _push(screen)
    assert '<section id="log"' not in added and "sails ship" in added and "(3 points left)" in added
    for paths, left in ((2, "2 movement points left"), (3, "1 movement point left")):
        _sail_one_path(game)
        pushed = _push(screen)
        assert '<section id="log"' in pushed  # the line it shows changed: the whole log again
        log = re.search(r'<section id="log".*?</section>', pushed, re.S).group(0)
        assert log.count("sails ship") == 1, log
        assert f"along {paths} sea paths ({left})" in log
