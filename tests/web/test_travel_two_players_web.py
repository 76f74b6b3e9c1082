"""The travel edition's two-player variant through the web: the new-game form's option
(Catan for two comes with it), its refusals, and its words for the trade cards, in
English and Polish."""
import pytest
from django.urls import reverse
from django.utils import translation

from companion import services
from companion.models import Game

from .test_two_players_web import _form, fresh_cache  # noqa: F401  (autouse: a fresh state cache)

pytestmark = pytest.mark.django_db


def test_the_form_creates_a_travel_game_for_two(client):
    page = client.get(reverse("home")).content.decode()
    assert 'name="travel_two_players"' in page
    response = client.post(reverse("new_game"), _form(two_players="", travel_two_players="on"))
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.config["variants"] == {"two_players": True, "travel_two_players": True}
    assert game.config["target"] == 10
    state = services.current_state(game)[0]
    assert state["two"]["tokens"] == [4, 4] and state["two"]["pool"] == 6 and state["two"]["limit"] == 7
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "Trade cards" in table and "at most 7 each" in table and "Trade tokens" not in table
    link = next(part for part in table.split('href="')[1:] if "two-player" in part.split('"')[0])
    rules = client.get(link.split('"')[0].replace("&amp;", "&")).content.decode()
    assert "14" in rules  # the entry on the travel edition's two-player rules: its 14 trade cards


@pytest.mark.parametrize("extra, players, message", [
    ({"two_players": "", "travel_two_players": "on"}, 3, "Catan for two needs exactly two players"),
    ({"travel_two_players": "on", "rules": "cities_knights"}, 2, "not with Cities &amp; Knights"),
])
def test_bad_travel_combinations_are_refused_and_create_nothing(client, extra, players, message):
    response = client.post(reverse("new_game"), _form(players, **extra))
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Game.objects.exists()


def test_the_trade_cards_are_worded_in_polish(client):
    client.post(reverse("new_game"), _form(travel_two_players="on"))
    game = Game.objects.get()
    with translation.override("pl"):
        client.cookies["django_language"] = "pl"
        table = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Karty handlu" in table and "najwyżej 7 na gracza" in table


def test_newgame_command_takes_every_layers_option():
    """The command line offers each layer's options (from the layers' forms): the travel
    edition brings Catan for two along; Harbormaster in Cities & Knights adds a point."""
    from django.core.management import call_command

    call_command("newgame", "--players", "Ala:red,Bartek:blue", "--variant", "travel_two_players", "--json",
                 stdout=open("/dev/null", "w"))
    assert Game.objects.get().config["variants"] == {"travel_two_players": True, "two_players": True}
    call_command("newgame", "--rules", "cities_knights", "--players", "Ala:red,Bartek:blue,Celina:white",
                 "--variant", "harbormaster", "--json", stdout=open("/dev/null", "w"))
    assert Game.objects.order_by("-id").first().config["target"] == 14
