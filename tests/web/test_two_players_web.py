"""Catan for two (engine/two_players.py) through the web: the new-game form, the refusals
with their messages, and a few actions posted as the table and the phones would."""
import pytest
from django.test import Client
from django.urls import reverse

from companion import engine, services
from companion.models import Game, Record

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    services.forget_cache()
    yield
    services.forget_cache()


def _form(players=2, **extra):
    data = {"rules": "base", "target": 10, "dice_source": "typed", "board": "random", "play_mode": "paper",
            "two_players": "on"}
    names = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek"]
    colors = ["red", "blue", "white", "orange", "green", "brown"]
    for i in range(6):
        data.update({f"name_{i}": names[i] if i < players else "", f"color_{i}": colors[i]})
    data.update(extra)
    return data


def _state(game):
    game.refresh_from_db()
    return services.current_state(game)[0]


def _post(client, game, kind, role="table", **args):
    return client.post(reverse("act", args=[game.code]), {"as": role, "type": kind, "idem": f"{kind}-{Record.objects.count()}-{sorted(args.items())}", **args})


def test_the_form_creates_a_game_for_two_with_neutral_colours(client):
    page = client.get(reverse("home")).content.decode()
    assert 'name="two_players"' in page
    response = client.post(reverse("new_game"), _form())
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.config["variants"] == {"two_players": True}
    assert game.config["neutral_colors"] == ["white", "orange"]  # the first colours nobody sits at
    assert game.seats.count() == 2


@pytest.mark.parametrize("extra, players, message", [
    ({"two_players": ""}, 2, "for two players pick the Catan for two option"),
    ({}, 3, "Catan for two needs exactly two players"),
    ({"rules": "cities_knights"}, 2, "not with Cities &amp; Knights"),
])
def test_bad_combinations_are_refused_with_a_message_and_create_nothing(client, extra, players, message):
    response = client.post(reverse("new_game"), _form(players, **extra))
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Game.objects.exists()


def test_neutral_setup_two_rolls_and_a_neutral_road_through_the_table(client):
    client.post(reverse("new_game"), _form())
    game = Game.objects.get()
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="neutral-setup-hint"' in table and 'data-testid="neutral-settlement-target"' in table
    assert "tap an intersection on the board for the settlement" not in table  # the neutral colours come first
    # A real player's settlement waits until both neutral colours have theirs.
    corner = engine.view(_state(game), engine.TABLE)["board"]["targets"]["neutral_settlement"][0]
    response = _post(client, game, "place_settlement", corner=corner)
    assert response.status_code == 422 and "First each neutral colour gets its settlement." in response.content.decode()
    for _ in range(2):
        corner = engine.view(_state(game), engine.TABLE)["board"]["targets"]["neutral_settlement"][0]
        assert _post(client, game, "place_neutral", corner=corner).status_code == 200
    for _ in range(4):
        targets = engine.view(_state(game), engine.TABLE)["board"]["targets"]
        assert _post(client, game, "place_settlement", corner=targets["settlement"][0]).status_code == 200
        targets = engine.view(_state(game), engine.TABLE)["board"]["targets"]
        assert _post(client, game, "place_road", edge=targets["road"][0]).status_code == 200
        if "rate_settlement" in engine.allowed_actions(_state(game), {"role": "table"}):
            pass  # paper mode without a board only; a board counts the tokens itself
    assert _state(game)["phase"] == "roll"
    first = _post(client, game, "roll", die1="2", die2="3").content.decode()
    assert _state(game)["phase"] == "roll"  # the second roll
    assert "Roll the dice again (a different number)" in first  # the status line says which roll
    records = Record.objects.count()
    response = _post(client, game, "roll", die1="1", die2="4")
    assert response.status_code == 422 and "The second roll must differ from the first (5)" in response.content.decode()
    assert Record.objects.count() == records
    assert _post(client, game, "roll", die1="4", die2="4").status_code == 200
    state = _state(game)
    assert state["phase"] == "main" and [r["total"] for r in state["two"]["rolls"]["totals"]] == [5, 8]
    edge = engine.view(state, engine.TABLE)["board"]["targets"]["road"][0]
    assert _post(client, game, "build_road", edge=edge).status_code == 200
    page = _post(client, game, "choose_neutral", neutral="2").content.decode()
    assert 'data-testid="neutral-road-target"' in page
    edge = engine.view(_state(game), engine.TABLE)["board"]["targets"]["neutral_road"][0]
    assert _post(client, game, "build_neutral", edge=edge).status_code == 200
    state = _state(game)
    assert state["phase"] == "main" and state["board"]["pieces"]["roads"][edge] == 2
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert table.count('data-testid="neutral-row"') == 2 and 'data-testid="two-panel"' in table
    assert "Ala builds a road for neutral white." in table
    # Undo takes the neutral road back; redo puts it there again.
    assert _post(client, game, "undo").status_code == 200
    assert edge not in _state(game)["board"]["pieces"]["roads"] and _state(game)["phase"] == "neutral_build"
    assert _post(client, game, "redo").status_code == 200
    assert _state(game)["board"]["pieces"]["roads"][edge] == 2


def test_forced_trade_is_made_on_the_phone_with_hands():
    host = Client()
    host.post(reverse("new_game"), _form(play_mode="hands", dice_source="virtual"))
    game = Game.objects.get()
    state = _state(game)
    config = state["config"]
    assert config["play_mode"] == "hands"
    phone = Client()
    phone.get(reverse("join", args=[game.code, game.seats.get(index=0).join_token]))
    for _ in range(2):
        corner = engine.view(_state(game), engine.TABLE)["board"]["targets"]["neutral_settlement"][0]
        services.perform(game, services.TABLE, "place_neutral", {"corner": corner})
    for _ in range(4):
        targets = engine.view(_state(game), engine.TABLE)["board"]["targets"]
        services.perform(game, services.TABLE, "place_settlement", {"corner": targets["settlement"][0]})
        targets = engine.view(_state(game), engine.TABLE)["board"]["targets"]
        services.perform(game, services.TABLE, "place_road", {"edge": targets["road"][0]})
    seat_page = phone.get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="forced-trade"' in seat_page and 'data-testid="robber-to-desert"' in seat_page
    response = _post(host, game, "forced_trade")
    assert response.status_code == 422 and "on the player&#x27;s own phone" in response.content.decode()
    tokens = _state(game)["two"]["tokens"][0]
    opponent_cards = sum(_state(game)["players"][1]["hand"].values())
    assert opponent_cards  # the second setup settlement paid its starting cards
    page = _post(phone, game, "forced_trade", role="seat").content.decode()
    assert 'data-testid="forced-give-form"' in page
    state = _state(game)
    assert state["phase"] == "forced_trade" and state["two"]["tokens"][0] == tokens - 1  # equal points: 1 token
    due = state["two"]["forced"]["due"]
    hand = state["players"][0]["hand"]
    give, left = {}, due
    for r, n in hand.items():
        take = min(n, left)
        if take:
            give[f"cards_{r}"] = str(take)
            left -= take
    assert _post(phone, game, "forced_give", role="seat", **give).status_code == 200
    state = _state(game)
    assert state["phase"] == "roll"
    for r in state["bank"]:
        assert state["bank"][r] + sum(p["hand"][r] for p in state["players"]) == 19
