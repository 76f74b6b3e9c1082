"""Choosing a scenario, whichever layers offer one: the new-game form's select and the
command line are built from the layers' SCENARIO, the scenario's target replaces the
default, a made-up scenario is refused, and a phone lists where its points come from."""
import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from companion import services
from companion.web.forms import SCENARIOS, NewGameForm
from companion.models import Game

from .helpers import PLAYERS, joined_phones

pytestmark = pytest.mark.django_db


def _form(**extra):
    data = {"rules": "base", "target": "", "dice_source": "typed", "board": "random", "play_mode": "hands"}
    colors = ["red", "blue", "white", "orange", "green", "brown"]
    for i in range(6):
        data.update({f"name_{i}": PLAYERS[i]["name"] if i < len(PLAYERS) else "", f"color_{i}": colors[i]})
    data.update(extra)
    return data


def test_the_form_offers_every_scenario_with_its_own_target():
    assert {"fishermen", "rivers", "caravans"} <= set(SCENARIOS)
    for key, scenario in SCENARIOS.items():
        form = NewGameForm(_form(scenario=key))
        assert form.is_valid(), form.errors
        config = form.game_config()
        assert config["scenario"] == key and config["target"] == scenario["target"]
    # A target typed by the table wins; Harbormaster still adds its point on top.
    form = NewGameForm(_form(scenario="caravans", target="9", harbormaster="on"))
    assert form.is_valid() and form.game_config()["target"] == 10
    form = NewGameForm(_form(scenario="caravans", harbormaster="on"))
    assert form.is_valid() and form.game_config()["target"] == 13  # the rulebook: 12, and 13 with it
    # Nothing chosen: the game as it is.
    form = NewGameForm(_form())
    assert form.is_valid() and "scenario" not in form.game_config()


def test_a_made_up_scenario_is_refused_with_a_clear_error(client):
    page = client.post(reverse("new_game"), _form(scenario="moat"))
    assert page.status_code == 422 and Game.objects.count() == 0
    assert b"Select a valid choice" in page.content
    with pytest.raises(Exception) as refused:
        services.create_game({"rules": "base", "players": PLAYERS, "board": "random", "scenario": "moat"})
    assert getattr(refused.value, "code", None) == "unknown_scenario"


def test_the_command_line_takes_a_scenario():
    out = io.StringIO()
    call_command("newgame", "--players", "Ala:red,Bartek:blue,Celina:white", "--board", "random",
                 "--scenario", "caravans", "--json", stdout=out)
    game = Game.objects.get(code=json.loads(out.getvalue())["code"])
    assert game.config["scenario"] == "caravans" and game.config["target"] == 12


def test_a_phone_lists_where_its_points_come_from(client):
    game = services.create_game({"rules": "base", "players": PLAYERS, "board": "random", "play_mode": "hands"}, seed=3)
    phone = joined_phones(game)[0]
    page = phone.get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="vp-sources"' not in page  # no points yet: nothing to list
    corner = services.view_for(game, 0)["board"]["targets"]["settlement"][0]
    services.perform(game, {"role": "table"}, "place_settlement", {"corner": corner})
    page = phone.get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="vp-sources"' in page and "Settlements: <b>1</b>" in page
