"""Cities & Knights on the Events of Catan deck on the screens: the new game form, the
red die and the event die entered at the table, the card revealed after them, the C&K
wording of the events, the dice reader, and bad input refused with a clear message."""
import copy

import pytest
from django.test import Client
from django.urls import reverse

from companion import services
from companion.engine import Chance, IllegalAction, seeded_secret
from companion.layers.options.events import rules as events
from companion.machinery import board as boards
from companion.messages import refusal
from companion.models import Game

from .test_ck_web import PLAYERS, clients, post, setup

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    services.forget_cache()
    yield
    services.forget_cache()


def deck_game(play_mode="paper", board="none", seed=5) -> Game:
    config = {"rules": "cities_knights", "players": PLAYERS, "dice_source": "events", "board": board,
              "play_mode": play_mode}
    if board != "none":
        config["board_layout"] = copy.deepcopy(boards.beginner_board())
    return setup(services.create_game(config, seed=seed))


def state_of(game: Game) -> dict:
    game.refresh_from_db()
    return services.current_state(game)[0]


def test_the_form_creates_cities_and_knights_on_the_deck_and_the_table_rolls_then_reveals():
    client = Client()
    data = {"rules": "cities_knights", "target": "", "dice_source": "events", "board": "none", "play_mode": "paper",
            "name_0": "Ala", "color_0": "red", "name_1": "Bartek", "color_1": "blue", "name_2": "Celina",
            "color_2": "white", "color_3": "orange", "color_4": "green", "color_5": "brown"}
    response = client.post(reverse("new_game"), data)
    assert response.status_code == 302, response.content.decode()
    game = Game.objects.get()
    assert game.config["rules"] == "cities_knights" and game.config["dice_source"] == "events"
    game = setup(game)
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="ck-deck-dice"' in table and 'name="red" value="3"' in table
    assert 'name="die1"' not in table and 'data-testid="reveal-event"' not in table
    assert "the red die and the event die are rolled and resolved first" in table
    response = post(client, game, "roll", as_="table", red="3", event="ship")
    assert response.status_code == 200, response.content.decode()
    html = response.content.decode()
    state = state_of(game)
    card = events.CARDS[state["events"]["card"]]
    assert state["last_roll"]["red"] == 3 and state["ck"]["ship"] == 1
    assert 'data-testid="red-die"' in html and 'data-testid="event-die"' in html
    assert f'data-testid="event-number">{card["number"]}<' in html
    assert "rolled 3 on the red die and the barbarian ship." in html
    assert f"revealed a card: {card['number']}" in html


def test_a_switch_mid_game_and_the_virtual_roll_from_a_phone():
    game = setup(services.create_game({"rules": "cities_knights", "players": PLAYERS, "dice_source": "typed",
                                       "board": "none", "play_mode": "paper"}, seed=5))
    browsers = clients(game)
    table = browsers["table"].get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="switch-to-events"' in table
    assert post(browsers["table"], game, "set_dice_source", as_="table", source="events").status_code == 200
    phone = browsers[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="ck-deck-dice"' in phone and 'data-testid="roll-virtual"' in phone
    response = post(browsers[0], game, "roll")
    assert response.status_code == 200, response.content.decode()
    state = state_of(game)
    assert state["last_roll"]["rolled"] == "virtual" and state["last_roll"]["total"] in range(2, 13)
    phone = browsers[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="red-die"' in phone and 'data-testid="event-card"' in phone


def test_bad_dice_are_refused_with_a_message_and_nothing_recorded():
    game = deck_game()
    browsers = clients(game)
    records = game.records.count()
    response = post(browsers["table"], game, "roll", as_="table", red="9", event="ship")
    assert response.status_code == 422 and "Each die shows 1 to 6." in response.content.decode()
    response = post(browsers["table"], game, "roll", as_="table", red="2")
    assert response.status_code == 422 and "Enter both dice." in response.content.decode()
    response = post(browsers["table"], game, "roll", as_="table", red="2", event="purple")
    assert response.status_code == 422 and "Tap the event die" in response.content.decode()
    assert game.records.count() == records
    assert "there are no number dice for the Alchemist to set" in refusal(IllegalAction("alchemist_no_dice"))


def _seed_where(first_event: str) -> int:
    for seed in range(5000):
        if events.CARDS[events.shuffled_ids(Chance(seeded_secret(seed)), 0)[0]]["event"] == first_event:
            return seed
    raise AssertionError("no such seed")


def test_the_cities_and_knights_wording_of_an_event_on_the_table():
    """Good Neighbours with C&K: the card passed may be a commodity; the table says who gives to whom."""
    game = deck_game(seed=_seed_where("good_neighbors"))
    browsers = clients(game)
    response = post(browsers["table"], game, "roll", as_="table", red="2", event="blue")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Everyone passes 1 card of their choice, a resource or a commodity, to the player on their left." in html
    assert "Ala gives 1 resource card of their choice to Bartek." in html
    assert "Cities &amp; Knights: the card given may be a commodity too." in html


def test_good_neighbours_on_the_phones_offers_the_commodities():
    game = deck_game("hands", "random", seed=_seed_where("good_neighbors"))
    browsers = clients(game)
    assert post(browsers[0], game, "roll", red="2", event="blue").status_code == 200
    state = state_of(game)
    assert state["phase"] == "event"
    givers = [p["seat"] for p in state["pending"]]
    seat = givers[0]
    phone = browsers[seat].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="event-give-form"' in phone
    assert "Pick 1 card, a resource or a commodity, to pass to" in phone


def test_the_dice_reader_gives_the_red_die_and_the_event_die_on_the_deck():
    game = deck_game()
    game.dice_device = "tcp://127.0.0.1:9"
    game.save(update_fields=["dice_device"])
    assert services.apply_reader_roll(game, 6, 2, "reader:x:1:1", event="green") == "applied"
    state = state_of(game)
    assert state["last_roll"]["red"] == 2 and state["last_roll"]["event"] == "green"
    assert state["last_roll"]["rolled"] == "reader" and state["config"]["dice_source"] == "events"
    assert services.apply_reader_roll(game, 6, 2, "reader:x:1:1", event="green") in ("duplicate", "not_expected")
