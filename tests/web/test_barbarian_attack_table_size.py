"""Barbarian Attack at a table of 5 or 6: refused with the scenario's own sentence about the
table size (3 or 4 players, 2 with Catan for two), not as an incomplete board, whichever board
the app is asked to lay out; on the new-game form and on the command line, in English and Polish."""
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from companion.models import Game

from .scenario_web import scenario_form

pytestmark = pytest.mark.django_db

ENGLISH = "Barbarian Attack is played by 3 or 4 players, or by 2 with Catan for two."
POLISH = "W scenariuszu „Atak barbarzyńców” grają 3 lub 4 osoby albo 2 z wariantem „Catan dla dwojga”."
SIX = "Ala:red,Bartek:blue,Celina:white,Darek:orange,Ewa:green,Franek:brown"


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("board", ["random", "balanced", "manual"])
def test_the_form_says_the_scenario_is_for_three_or_four(client, players, board):
    form = scenario_form("barbarian_attack", players, board=board)
    for language, sentence in (("en", ENGLISH), ("pl", POLISH)):
        response = client.post(reverse("new_game"), form, HTTP_ACCEPT_LANGUAGE=language)
        page = response.content.decode()
        assert response.status_code == 422
        assert sentence in page.replace("&#x27;", "'").replace("&quot;", '"')
        assert "not complete" not in page and "niekompletna" not in page.lower()
    assert not Game.objects.exists()


@pytest.mark.parametrize("board", ["random", "balanced"])
def test_the_command_line_says_it_in_english_and_polish(monkeypatch, board):
    for lang, sentence in (("en_GB.UTF-8", ENGLISH), ("pl_PL.UTF-8", POLISH)):
        for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("LANG", lang)
        with pytest.raises(CommandError) as refused:
            call_command("newgame", "--scenario", "barbarian_attack", "--board", board, "--players", SIX,
                         stdout=io.StringIO(), stderr=io.StringIO())
        assert refused.value.code == "barbarian_attack_players"
        assert sentence in str(refused.value)
    assert not Game.objects.exists()
