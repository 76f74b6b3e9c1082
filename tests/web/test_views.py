"""HTTP: creating a table, joining by QR, posting actions, bad input."""
import json

import pytest
from django.test import Client
from django.urls import reverse

from companion import services
from companion.models import Game

from .helpers import new_game

pytestmark = pytest.mark.django_db


def _create(client, **extra):
    data = {"rules": "base", "target": 10, "dice_source": "typed", "board": "none",
            "name_0": "Ala", "color_0": "red", "name_1": "Bartek", "color_1": "blue",
            "name_2": "", "color_2": "white", "name_3": "", "color_3": "orange",
            "name_4": "", "color_4": "green", "name_5": "", "color_5": "brown"}
    data.update(extra)
    return client.post(reverse("new_game"), data)


def test_create_game_makes_this_browser_the_table(client):
    response = _create(client, name_2="Celina")  # a base game needs 3 players (2 only with Catan for two)
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == reverse("table", args=[game.code])
    page = client.get(response.url)
    assert page.status_code == 200
    assert page.content.count(b"<svg") >= 2  # a QR code per free seat
    assert b"/join/" not in page.content.split(b"ws-connect")[1][:80]  # no token in the socket URL


def test_bad_new_game_form_explains_and_creates_nothing(client):
    response = _create(client, name_1="", color_1="blue")
    assert response.status_code == 422
    assert Game.objects.count() == 0
    response = _create(client, color_1="red")
    assert response.status_code == 422 and b"same colour" in response.content


def test_table_screen_needs_the_host(client):
    game = new_game()
    assert client.get(reverse("table", args=[game.code])).status_code == 403
    with_key = client.get(reverse("table", args=[game.code]) + f"?key={game.host_token}")
    assert with_key.status_code == 302
    assert client.get(reverse("table", args=[game.code])).status_code == 200


def test_join_binds_the_phone_and_the_qr_works_once(client):
    game = new_game()
    token = game.seats.get(index=0).join_token
    response = client.get(reverse("join", args=[game.code, token]))
    assert response.status_code == 302
    page = client.get(reverse("seat", args=[game.code]))
    assert page.status_code == 200 and b"Ala" in page.content
    other = client.__class__()
    assert other.get(reverse("join", args=[game.code, token])).status_code == 404


def test_posting_actions_from_a_phone(client):
    game = new_game(dice_source="typed")
    client.get(reverse("join", args=[game.code, game.seats.get(index=0).join_token]))
    act = reverse("act", args=[game.code])
    response = client.post(act, {"as": "seat", "type": "place_setup", "idem": "k1"})
    assert response.status_code == 200 and b'id="status"' in response.content
    # Not this phone's turn now (Bartek places next): refused with a reason, nothing lost.
    refused = client.post(act, {"as": "seat", "type": "place_setup", "idem": "k2"})
    assert refused.status_code == 422 and b"not your turn" in refused.content
    game.refresh_from_db()
    assert game.version == 1


def test_a_repeated_tap_acts_once_and_says_so(client):
    game = new_game(dice_source="typed")
    client.get(reverse("table", args=[game.code]) + f"?key={game.host_token}")
    act = reverse("act", args=[game.code])
    first = client.post(act, {"as": "table", "type": "place_setup", "idem": "tap"})
    again = client.post(act, {"as": "table", "type": "place_setup", "idem": "tap"})
    assert first.status_code == again.status_code == 200
    assert b"Already recorded." in again.content and b"Already recorded." not in first.content
    game.refresh_from_db()
    assert game.version == 1


def test_garbage_input_never_500s(client):
    game = new_game(dice_source="typed")
    host = client.get(reverse("table", args=[game.code]) + f"?key={game.host_token}")
    act = reverse("act", args=[game.code])
    for _ in range(6):
        client.post(act, {"as": "table", "type": "place_setup"})
    for data in (
        {"as": "table", "type": "roll", "die1": "9", "die2": "1"},
        {"as": "table", "type": "roll", "die1": "x"},
        {"as": "table", "type": "nonsense"},
        {"as": "table"},
        {"as": "table", "type": "discard", "hand_size": "-3"},
        {"as": "table", "type": "set_longest_road", "holder": "99"},
    ):
        response = client.post(act, data)
        assert response.status_code == 422, data
    assert client.post(act, {"as": "seat", "type": "roll"}).status_code == 403
    game.refresh_from_db()
    assert game.version == 6 and host.status_code == 302


def test_language_switch_and_polish_pages(client):
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="pl")
    assert response.status_code == 200
    assert b'lang="pl"' in response.content
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert b'lang="en"' in client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="pl").content


def test_export_only_after_the_game_ends(client):
    game = new_game()
    client.get(reverse("table", args=[game.code]) + f"?key={game.host_token}")
    assert client.get(reverse("export", args=[game.code])).status_code == 403
    Game.objects.filter(pk=game.pk).update(phase="finished")
    data = json.loads(client.get(reverse("export", args=[game.code])).content)
    assert data["format"] == "catan-companion/actions"
    assert services.export_records(game)["config"] == data["config"]


def test_polish_screens_keep_svg_coordinates_with_dots(client):
    """Polish number formatting writes 110,0: an SVG attribute must never get that."""
    import re

    game = new_game(dice_source="typed")
    client.get(reverse("table", args=[game.code]) + f"?key={game.host_token}", HTTP_ACCEPT_LANGUAGE="pl")
    act = reverse("act", args=[game.code])
    for i in range(6):
        client.post(act, {"as": "table", "type": "place_setup", "idem": f"s{i}"}, HTTP_ACCEPT_LANGUAGE="pl")
    client.post(act, {"as": "table", "type": "roll", "die1": "3", "die2": "5", "idem": "r"}, HTTP_ACCEPT_LANGUAGE="pl")
    page = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert 'lang="pl"' in page
    svg_numbers = re.findall(r'\b(?:x|y|height)="([^"]*)"', page)  # ("points" pairs use commas)
    assert svg_numbers
    assert [v for v in svg_numbers if re.search(r"\d,\d", v)] == []


def test_guessing_join_codes_is_slowed_down(client, settings):
    settings.JOIN_FAILURES_ALLOWED = 5
    game = new_game()
    token = game.seats.get(index=0).join_token
    for attempt in range(5):
        assert client.get(reverse("join", args=[game.code, f"guess{attempt}"])).status_code == 404
    assert client.get(reverse("join", args=["NOSUCH", "guess"])).status_code == 429
    # Now even the right code waits: the limit is per address, not per guess.
    response = client.get(reverse("join", args=[game.code, token]))
    assert response.status_code == 429 and b"Too many wrong join codes" in response.content
    assert game.seats.get(index=0).session_key in (None, "")
    # Another device is not affected.
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert other.get(reverse("join", args=[game.code, token])).status_code == 302


def test_a_database_outage_answers_503_with_a_reason_and_records_nothing(client, monkeypatch):
    from django.db import OperationalError

    game = new_game()
    session = client.session
    session["hosted_games"] = [game.code]
    session.save()

    def unreachable(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(services.commands, "perform", unreachable)
    response = client.post(reverse("act", args=[game.code]), {"as": "table", "type": "place_setup", "idem": "k1"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert b'id="flash"' in response.content and b"Nothing was recorded" in response.content
    response = client.post(reverse("act", args=[game.code]), {"as": "table", "type": "place_setup", "idem": "k2"})
    assert response.status_code == 503 and b"Back in a moment" in response.content
    game.refresh_from_db()
    assert game.version == 0


@pytest.mark.parametrize("name", ["table", "seat"])
def test_an_unknown_game_code_gets_a_page_of_the_app(client, name):
    """Not Django's bare "Not Found": the app's page says what happened and where to go."""
    response = client.get(reverse(name, args=["ZZZZZZ"]))
    page = response.content.decode()
    assert response.status_code == 404
    assert "No game has the code ZZZZZZ" in page and 'class="topbar"' in page
    assert f'href="{reverse("home")}"' in page and "Go to the home page" in page
    polish = client.get(reverse(name, args=["zzzzzz"]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Żadna gra nie ma kodu ZZZZZZ" in polish and "Przejdź na stronę główną" in polish


def test_any_unknown_address_gets_a_page_of_the_app(client):
    response = client.get("/no/such/page/")
    page = response.content.decode()
    assert response.status_code == 404 and "This page does not exist" in page and 'class="topbar"' in page
    assert "Go to the home page" in page and "Not Found" not in page
    response = client.get(reverse("export", args=["ZZZZZZ"]))  # a game's address without its game
    assert response.status_code == 404 and "No game has the code ZZZZZZ" in response.content.decode()


def test_a_wrong_join_link_says_what_happened(client):
    game = new_game()
    response = client.get(reverse("join", args=[game.code, "wrong"]))
    page = response.content.decode()
    assert response.status_code == 404 and "no longer valid" not in page
    assert "This join link does not open a seat" in page and "Go to the home page" in page
    response = client.get(reverse("join", args=["ZZZZZZ", "wrong"]))
    assert response.status_code == 404 and "No game has the code ZZZZZZ" in response.content.decode()
    polish = client.get(reverse("join", args=[game.code, "wrong"]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Ten link nie otwiera miejsca przy stole" in polish


def test_the_new_game_forms_defaults_agree_and_say_why(client):
    """No board by default, so paper cards by default: hands on phones need a board, and the
    form says so where the choice is made (app.js offers hands once a board is picked)."""
    import re

    from companion.web.forms import NewGameForm

    form = NewGameForm()
    board, cards = form["board"].initial, form["play_mode"].initial
    assert board == "none" and cards == "paper"
    page = client.get(reverse("home")).content.decode()
    assert re.search(r'<option value="none"[^>]*selected', page)
    assert re.search(r'<option value="paper"[^>]*selected', page)
    assert not re.search(r'<option value="hands"[^>]*selected', page)
    assert 'data-needs-board="hands"' in page and "Hands on phones need a board" in page
    polish = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Karty w telefonach wymagają planszy" in polish


def test_the_rules_link_of_a_game_names_its_rules(client):
    """A search made from a game's screens ranks the entries of the game played first: the
    topbar's rules link says which game that is."""
    _create(client, name_2="Celina")
    game = Game.objects.get()
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'class="rules-link" href="/rules/?playing=base&amp;large=1"' in table
    assert 'class="rules-link" href="/rules/"' in client.get(reverse("home")).content.decode()
