"""The words of the screens fit every count and every player, in English and Polish: the
verbs of a list of players agree with how many it names, counted cards take their plural
forms, and nothing assumes a player's gender."""
import pytest
from django.template.loader import render_to_string
from django.utils.translation import override

from companion.messages import cards_text, log_text, names_list

NAMES = ["Ala", "Bartek", "Celina"]


def gate(seats):
    return log_text({"n": 1, "turn": 1, "kind": "city_gate", "seat": None,
                     "params": {"deck": "trade", "red": 3, "seats": seats}}, NAMES)


def test_the_city_gate_agrees_with_how_many_draw():
    with override("en"):
        assert gate([]).endswith(": nobody draws a progress card.")
        assert gate([1]).endswith(": Bartek draws a progress card.")
        assert gate([0, 1, 2]).endswith(": Ala, Bartek and Celina each draw a progress card.")
    with override("pl"):
        assert gate([]).endswith("Nikt nie dobiera karty postępu.")
        assert gate([1]).endswith("Kartę postępu dobiera: Bartek.")
        assert gate([0, 1]).endswith("Kartę postępu dobierają: Ala i Bartek.")


@pytest.mark.parametrize("kind, params, one, many", [
    ("saboteur", {"seats": [1]}, "Saboteur: Bartek gives back half their cards.",
     "Saboteur: Ala and Bartek give back half their cards."),
    ("wedding", {"seats": [1]}, "Wedding: Bartek gives Celina 2 cards.", "Wedding: Ala and Bartek give Celina 2 cards each."),
    ("aqueduct", {"seats": [1]}, "Aqueduct: Bartek got nothing and takes a resource of their choice.",
     "Aqueduct: Ala and Bartek got nothing and each take a resource of their choice."),
])
def test_lists_of_players_take_the_verb_of_their_number(kind, params, one, many):
    with override("en"):
        assert log_text({"n": 1, "turn": 1, "kind": kind, "seat": 2, "params": params}, NAMES) == one
        assert log_text({"n": 1, "turn": 1, "kind": kind, "seat": 2, "params": {"seats": [0, 1]}}, NAMES) == many


def test_names_are_listed_with_and():
    with override("en"):
        assert names_list([]) == "" and names_list(["Ala"]) == "Ala"
        assert names_list(NAMES) == "Ala, Bartek and Celina"
    with override("pl"):
        assert names_list(NAMES) == "Ala, Bartek i Celina"


def test_counted_cards_take_their_plural_forms():
    with override("pl"):
        assert cards_text({"coin": 1}) == "1 moneta"
        assert cards_text({"coin": 2, "paper": 5}) == "2 monety, 5 papierów"
        assert cards_text({"coin": 5, "brick": 3, "grain": 1}) == "5 monet, 3 gliny, 1 zboże"
        assert cards_text({"coin": 22}) == "22 monety"
    with override("en"):
        assert cards_text({"coin": 1, "paper": 2}) == "1 coin, 2 paper"
        assert cards_text({"coin": 3, "ore": 2}) == "3 coins, 2 ore"


def test_a_joined_seat_is_worded_for_any_player():
    """Polish adjectives take the player's gender: the badge speaks of the phone instead."""
    with override("pl"):
        html = render_to_string("partials/seats.html", {
            "seats": [{"index": 0, "name": "Ala", "color": "red", "bound": True}],
            "game": type("G", (), {"code": "ABCDEF"})()})
    assert "telefon połączony" in html


@pytest.mark.django_db
def test_the_robbers_buttons_say_what_they_do(client):
    """The buttons that pick whom the robber robs are commands ("Rob Bartek"), not
    statements ("Robbed Bartek"); in Polish an imperative that fits every name."""
    from django.urls import reverse
    from django.utils import translation

    from companion import services

    from .helpers import TABLE, finish_setup, new_game

    game = new_game()
    finish_setup(game)
    services.perform(game, TABLE, "roll", {"dice": [3, 4]})
    for seat in range(3):
        services.perform(game, TABLE, "discard", {"seat": seat, "hand_size": 0})
    client.get(reverse("table", args=[game.code]) + f"?key={game.host_token}")
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "Rob Bartek" in table and "Nobody to rob" in table and "Robbed" not in table
    with translation.override("pl"):
        client.cookies["django_language"] = "pl"
        table = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Okradnij: Bartek" in table and "Nie ma kogo okraść" in table and "Okradziono" not in table
