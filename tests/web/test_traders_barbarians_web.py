"""Traders & Barbarians through the web: the new-game form's scenario (13 points, 14 with the
Harbormaster), random boards refused, the board entered by hand with its barbarians, the
wagons and barbarians drawn on the board, the active phone's wagon targets and forms, a move
with a toll, a delivery, the VP rows, in English and Polish."""
import pytest
from django.urls import reverse
from django.utils import translation

from companion import engine, services
from companion.layers.traders_barbarians import rules as tb
from companion.models import Game, Record
from tests.engine.test_traders_barbarians import BARBARIANS, drive, tb_layout

from .helpers import host, joined_phones, new_game_form, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]

TABLE = {"role": "table"}


def _form(players=3, **extra):
    return new_game_form(players, **{"board": "manual", "scenario": tb.NAME, **extra})


def _post(client, game, kind, role="table", **args):
    return client.post(reverse("act", args=[game.code]),
                       {"as": role, "type": kind, "idem": f"{kind}-{Record.objects.count()}-{sorted(args.items())}",
                        **args})


def _enter_board(game):
    layout = tb_layout()
    for h, cell in layout["hexes"].items():
        services.perform(game, TABLE, "edit_hex", {"hex": h, "terrain": cell["terrain"], "number": cell["number"] or ""})
    for e in BARBARIANS:
        services.perform(game, TABLE, "set_barbarian", {"edge": e})
    services.perform(game, TABLE, "board_done", {})


def _setup(game):
    for _ in range(2 * game.seats.count()):
        targets = engine.view(state_of(game), engine.TABLE)["board"]["targets"]
        services.perform(game, TABLE, "place_settlement", {"corner": targets["settlement"][0]})
        targets = engine.view(state_of(game), engine.TABLE)["board"]["targets"]
        services.perform(game, TABLE, "place_road", {"edge": targets["road"][0]})
    services.perform(game, TABLE, "roll", {"dice": [2, 3]})


def _game(client, **extra):
    host(client)
    assert client.post(reverse("new_game"), _form(**extra)).status_code == 302
    game = Game.objects.get()
    _enter_board(game)
    return game


def test_the_form_offers_the_scenario_and_plays_to_13(client):
    page = client.get(reverse("home")).content.decode()
    assert f'value="{tb.NAME}"' in page
    game = _game(client)
    assert game.config["scenario"] == tb.NAME and game.config["target"] == 13
    state = state_of(game)
    assert state["phase"] == "setup" and state["gold"]["held"] == [5, 5, 5]
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="tb-layer"' in table and 'data-testid="tb-panel"' in table
    assert table.count('data-testid="tb-barbarian"') == 3
    assert "terrain-castle" in table
    assert 'data-testid="tb-dev-deck"' in table and 'name="knight"' in table
    assert _post(client, game, "set_dev_deck", knight="15", victory_point="4", monopoly="2", road_building="2",
                 year_of_plenty="2").status_code == 200
    assert state_of(game)["dev_deck"]["knight"] == 15


def test_the_table_confirms_the_wagon_cards_before_the_first_roll(client):
    game = _game(client)
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="tb-wagon-cards"' in table and "the app's assumption" in table
    assert table.count('data-testid="tb-card-') == 5
    assert 'name="tb_mp_1"' not in table and 'name="tb_mp_2" min="1" max="12" value="5"' in table
    assert 'name="tb_cost_5_ore"' in table and 'name="tb_chase_3" value="5, 6"' in table
    # the form posts every field, as the browser would
    fields = {f: v for f, v in (("tb_gold_1", "1"), ("tb_chase_1", ""))}
    for level, c in enumerate(tb.default_cards()[1:], start=2):
        fields |= {f"tb_mp_{level}": str(c["mp"]), f"tb_gold_{level}": str(c["gold"]),
                   f"tb_chase_{level}": ", ".join(map(str, c["chase"]))}
        fields |= {f"tb_cost_{level}_{r}": str(c["cost"].get(r, 0)) for r in ("brick", "lumber", "wool", "grain", "ore")}
    fields |= {"tb_mp_2": "6", "tb_gold_2": "3", "tb_chase_2": "5 6", "tb_cost_2_lumber": "1"}
    assert _post(client, game, "set_wagon_cards", **fields).status_code == 200
    cards = state_of(game)[tb.NAME]["wagon_cards"]
    assert cards[1] == {"mp": 6, "gold": 3, "chase": [5, 6], "cost": {"lumber": 1, "wool": 1, "grain": 1}}
    assert cards[2:] == tb.default_cards()[2:] and cards[0] == tb.default_cards()[0]
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="tb-cards-confirmed"' in table and 'name="tb_mp_2" min="1" max="12" value="6"' in table
    # a bad value: refused with its message, the cards unchanged
    response = _post(client, game, "set_wagon_cards", tb_gold_3="12")
    assert response.status_code == 422 and "from 0 to 9" in response.content.decode()
    assert state_of(game)[tb.NAME]["wagon_cards"] == cards
    with translation.override("pl"):
        client.cookies["django_language"] = "pl"
        table = client.get(reverse("table", args=[game.code])).content.decode()
        assert "Zatwierdź karty wozów" in table and "założenie aplikacji" in table


def test_with_the_harbormaster_to_14(client):
    game = _game(client, harbormaster="on")
    assert game.config["target"] == 14


def test_random_boards_and_no_board_are_refused(client):
    for extra in ({"board": "random"}, {"board": "none", "play_mode": "paper"}):
        response = client.post(reverse("new_game"), _form(**extra))
        assert response.status_code == 422
    assert not Game.objects.exists()
    response = client.post(reverse("new_game"), _form(board="random"))
    assert "enter the board by hand" in response.content.decode()


def test_the_board_editor_taps_the_barbarians(client):
    host(client)
    client.post(reverse("new_game"), _form())
    game = Game.objects.get()
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="tb-start-target"' in table
    editor = client.get(reverse("board_editor", args=[game.code]) + "?edge=" + BARBARIANS[0]).content.decode()
    assert 'data-testid="tb-barbarian-on"' in editor
    assert _post(client, game, "set_barbarian", edge=BARBARIANS[0]).status_code == 200
    assert state_of(game)["board"]["layout"]["features"][tb.NAME]["barbarians"] == [BARBARIANS[0]]


def test_the_active_phone_moves_the_wagon_pays_a_toll_and_delivers(client):
    game = _game(client)
    phones = joined_phones(game)
    _setup(game)
    page = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="tb-wagon-actions"' in page and 'data-testid="tb-wagon-target"' in page
    assert 'data-testid="tb-upgrade"' in page and 'data-testid="tb-grain"' in page
    other = phones[1].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="tb-wagon-target"' not in other and 'data-testid="tb-mine"' in other
    state = state_of(game)
    start = state[tb.NAME]["wagons"][0]["at"]
    to = sorted(tb.moves(state, 0))[0]
    assert _post(phones[0], game, "move_wagon", role="seat", to=to).status_code == 200
    state = state_of(game)
    assert state[tb.NAME]["wagons"][0]["at"] == to and state[tb.NAME]["wagons"][0]["at"] != start
    # a wrong tap: a clear refusal, nothing changes
    response = _post(phones[0], game, "move_wagon", role="seat", to="nowhere")
    assert response.status_code in (200, 400, 409, 422)
    assert state_of(game)[tb.NAME]["wagons"][0]["at"] == to
    # on, turn after turn, until a delivery: 1 point and gold, a new token
    for _ in range(60):
        state = state_of(game)
        seat = state["turn"]["seat"]
        if state["phase"] == "roll":
            services.perform(game, {"seat": seat}, "roll", {"dice": [2, 3]})
        if seat == 0:
            drive(state_of(game), 0, lambda to: (_post(phones[0], game, "move_wagon", role="seat", to=to),
                                                 state_of(game))[1])
            if state_of(game)[tb.NAME]["wagons"][0]["delivered"]:
                break
        services.perform(game, {"seat": seat}, "end_turn", {})
    state = state_of(game)
    assert len(state[tb.NAME]["wagons"][0]["delivered"]) == 1
    page = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert "Deliveries" in page
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="tb-delivered-0">1<' in table


def test_vp_rows_and_polish(client):
    game = _game(client)
    phones = joined_phones(game)
    _setup(game)
    with translation.override("pl"):
        page = phones[0].get(reverse("seat", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Twój wóz" in page or "Your wagon" in page
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "Goods tokens left" in table


def test_a_seven_the_roller_taps_a_barbarian_then_its_new_path(client):
    game = _game(client, play_mode="paper")
    phones = joined_phones(game)
    _setup(game)
    services.perform(game, {"seat": 0}, "end_turn", {})
    services.perform(game, {"seat": 1}, "roll", {"dice": [3, 4]})
    for seat in range(3):  # paper cards: every player says how many cards they hold
        if state_of(game)["phase"] == "discard":
            services.perform(game, TABLE, "discard", {"seat": seat, "hand_size": 3})
    assert state_of(game)["phase"] == tb.BARB
    page = phones[1].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="tb-pick-target"' in page and 'data-testid="tb-barbarian-move"' in page
    assert 'data-testid="tb-pick-target"' not in phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert _post(phones[1], game, "pick_barbarian", role="seat", edge=BARBARIANS[0]).status_code == 200
    page = phones[1].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="tb-barbarian-target"' in page
    road = next(e for e, s in state_of(game)["board"]["pieces"]["roads"].items() if s == 0)
    assert _post(phones[1], game, "move_barbarian", role="seat", edge=road).status_code == 200
    state = state_of(game)
    assert state["phase"] == "main" and road in state[tb.NAME]["barbarians"]
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "takes a random resource card" in table
    with translation.override("pl"):
        table = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "barbarzyńc" in table
