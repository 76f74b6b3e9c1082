"""Events of Catan with hands on phones, over HTTP: each player makes their event choice
on their own phone (HTMX form posts), the table screen only sees who still has to choose
and may not choose for anyone.

The beginner board (5th edition) with Ala (red), Bartek (blue) and Celina (white); their
starred settlements pay Ala 1 grain + 2 lumber, Bartek 1 lumber + 1 brick + 1 ore, Celina
1 lumber + 1 wool + 1 ore.
"""
import pytest
from django.urls import reverse

from companion import services
from companion.machinery import board as boards

from .helpers import TABLE
from .test_events_web import _host, _join, _seed_where

pytestmark = pytest.mark.django_db

PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "white"}]


@pytest.fixture(autouse=True)
def fresh_cache():
    services.forget_cache()
    yield
    services.forget_cache()


def hands_game(first_event: str):
    seed = _seed_where(lambda order: order[0] == first_event)
    return services.create_game({"rules": "base", "players": PLAYERS, "dice_source": "events", "board": "beginner",
                                 "board_layout": boards.beginner_board(), "play_mode": "hands"}, seed=seed)


def phones(client_class, game, *seats):
    clients = []
    for s in seats:
        c = client_class()
        _join(c, game, s)
        clients.append(c)
    return clients


def hand_of(game, seat):
    game.refresh_from_db()
    state, _ = services.current_state(game)
    return {r: n for r, n in state["players"][seat]["hand"].items() if n}


def test_good_neighbours_each_phone_picks_its_card_and_they_pass_together(client):
    game = hands_game("good_neighbors")
    _host(client, game)
    ala, bartek = phones(client.__class__, game, 0, 1)
    act = reverse("act", args=[game.code])
    services.perform(game, TABLE, "reveal_event")
    before = {s: hand_of(game, s) for s in range(3)}
    page = ala.get(reverse("seat", args=[game.code])).content.decode()
    assert "Pick 1 resource card to pass to Bartek." in page
    assert 'data-testid="event-give-form"' in page and 'name="resource" value="lumber"' in page
    assert 'name="resource" value="ore"' not in page  # Ala holds no ore
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="event-give-form"' not in table
    assert "Waiting for Ala…" in table and "Waiting for Bartek…" in table and "Waiting for Celina…" in table
    # The table screen may not choose for a player.
    response = client.post(act, {"as": "table", "type": "event_give", "seat": "0", "resource": "lumber", "idem": "t"})
    assert response.status_code == 422
    assert "Each player makes this choice on their own phone." in response.content.decode()
    # Ala picks on her phone: only she sees which card; it stays in her hand for now.
    response = ala.post(act, {"as": "seat", "type": "event_give", "resource": "lumber", "idem": "a"})
    assert response.status_code == 200
    assert "You pass 1 lumber to Bartek as soon as everyone has picked." in response.content.decode()
    assert hand_of(game, 0) == before[0]
    page = bartek.get(reverse("seat", args=[game.code])).content.decode()
    assert "You pass 1 lumber" not in page and "Waiting for Ala…" not in page
    assert "Ala has picked the card to pass." in page
    assert "Pick 1 resource card to pass to Celina." in page
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "Waiting for Ala…" not in table and "Waiting for Bartek…" in table
    # Bartek picks on his phone; Celina (the third phone) last: then all cards pass at once.
    response = bartek.post(act, {"as": "seat", "type": "event_give", "resource": "ore", "idem": "b"})
    assert response.status_code == 200
    services.perform(game, {"seat": 2}, "event_give", {"resource": "wool"})
    assert hand_of(game, 0)["lumber"] == before[0]["lumber"] - 1 and hand_of(game, 0)["wool"] == 1
    assert hand_of(game, 1).get("lumber") == before[1]["lumber"] + 1 and "ore" not in hand_of(game, 1)
    page = bartek.get(reverse("seat", args=[game.code])).content.decode()
    assert "Ala gave 1 lumber to Bartek." in page
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "Ala gave a resource card to Bartek." in table and "1 lumber to Bartek" not in table


def test_plentiful_year_two_phones_take_from_the_bank(client):
    game = hands_game("plentiful_year")
    _host(client, game)
    ala, bartek = phones(client.__class__, game, 0, 1)
    act = reverse("act", args=[game.code])
    services.perform(game, TABLE, "reveal_event")
    page = ala.get(reverse("seat", args=[game.code])).content.decode()
    assert "Take 1 resource of your choice from the bank." in page
    assert 'data-testid="event-gain-form"' in page
    response = bartek.post(act, {"as": "seat", "type": "event_gain", "resource": "grain", "idem": "b"})
    assert response.status_code == 200
    assert "Bartek takes 1 grain from the bank." in response.content.decode()
    response = ala.post(act, {"as": "seat", "type": "event_gain", "resource": "ore", "idem": "a"})
    assert response.status_code == 200
    # A double tap is recorded once.
    again = ala.post(act, {"as": "seat", "type": "event_gain", "resource": "ore", "idem": "a"})
    assert "Already recorded." in again.content.decode()
    assert hand_of(game, 0).get("ore") == 1 and hand_of(game, 1)["grain"] == 1
    game.refresh_from_db()
    state, _ = services.current_state(game)
    assert [p["seat"] for p in state["pending"]] == [2] and state["phase"] == "event"
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "Waiting for Celina…" in table and "Waiting for Ala…" not in table
    services.perform(game, {"seat": 2}, "event_gain", {"resource": "brick"})
    game.refresh_from_db()
    state, _ = services.current_state(game)
    assert state["phase"] == "main"
    for r in state["bank"]:
        assert state["bank"][r] + sum(p["hand"][r] for p in state["players"]) == 19
