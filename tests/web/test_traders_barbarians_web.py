"""Traders & Barbarians through the web: the new-game form's scenario (13 points, 14 with the
Harbormaster), random boards refused, the board entered by hand with its barbarians, the
wagons and barbarians drawn on the board, the active phone's wagon targets and forms, a move
with a toll, a delivery, the VP rows, in English and Polish; with Catan for two (the form's
game, a barbarian moved for a trade token on the phone, the neutral toll's log lines), the
Events deck's cards worded for the scenario, and a road tapped into a target's centre."""
import pytest
from django.urls import reverse
from django.utils import translation

from companion import engine, services
from companion.engine import IllegalAction
from companion.layers.traders_barbarians_scenarios.traders_barbarians import rules as tb
from companion.models import Game
from tests.engine.test_traders_barbarians import BARBARIANS, drive, tb_layout

from .helpers import host, joined_phones, state_of
from .scenario_web import post_act as _post, scenario_form, setup_on_first_spots as _setup

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]

TABLE = {"role": "table"}


def _form(players=3, **extra):
    return scenario_form(tb.NAME, players, **{"board": "manual", **extra})


def _enter_board(game, answer=True):
    """The board entered, then (`answer`) the table's questions answered as shown: the deck's
    mix and the wagon cards (the first roll waits for them)."""
    layout = tb_layout()
    for h, cell in layout["hexes"].items():
        services.perform(game, TABLE, "edit_hex", {"hex": h, "terrain": cell["terrain"], "number": cell["number"] or ""})
    for e in BARBARIANS:
        services.perform(game, TABLE, "set_barbarian", {"edge": e})
    services.perform(game, TABLE, "board_done", {})
    if answer:
        services.perform(game, TABLE, "set_dev_deck", dict(state_of(game)["dev_deck"]))
        services.perform(game, TABLE, "set_wagon_cards", {})


def _game(client, answer=True, **extra):
    host(client)
    assert client.post(reverse("new_game"), _form(**extra)).status_code == 302
    game = Game.objects.get()
    _enter_board(game, answer)
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
    game = _game(client, answer=False)
    table = client.get(reverse("table", args=[game.code])).content.decode()
    # A step of its own: the two questions, each accepted as shown or changed.
    assert 'data-testid="questions-step"' in table and "its assumption" in table
    assert 'data-testid="tb-dev-deck-accept"' in table and 'data-testid="tb-wagon-cards-accept"' in table
    assert 'data-testid="tb-wagon-cards"' in table
    assert table.count('data-testid="tb-card-') == 10  # as shown, and in the form that changes them
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
    assert 'data-testid="question-tb-wagon-cards"' not in table and 'data-testid="question-tb-dev-deck"' in table
    assert 'data-testid="questions-step"' in table  # the deck is still asked
    assert _post(client, game, "set_dev_deck", **state_of(game)["dev_deck"]).status_code == 200
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="questions-step"' not in table
    assert 'data-testid="tb-cards-confirmed"' in table and 'name="tb_mp_2" min="1" max="12" value="6"' in table
    # a bad value: refused with its message, the cards unchanged
    response = _post(client, game, "set_wagon_cards", tb_gold_3="12")
    assert response.status_code == 422 and "from 0 to 9" in response.content.decode()
    assert state_of(game)[tb.NAME]["wagon_cards"] == cards
    with translation.override("pl"):
        client.cookies["django_language"] = "pl"
        table = client.get(reverse("table", args=[game.code])).content.decode()
        assert "Zatwierdź karty wozów" in table and "Karty scenariusza potwierdzone" in table


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
    # One tap a path: each path's target posts its barbarian.
    assert table.count('data-testid="tb-start-target"') == 72
    assert f'"type": "set_barbarian", "edge": "{BARBARIANS[0]}"' in table
    assert 'data-testid="tb-board"' in table and "Barbarians: 0 of 3" in table
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


# ---------------------------------------------------------------- with Catan for two, with the Events deck


def _setup_two(game):
    """The neutral colours' settlements, the setup rounds, both rolls of the first turn."""
    _setup(game, neutrals=2)


def test_the_form_makes_a_two_player_game_with_catan_for_two(client):
    game = _game(client, players=2, two_players="on")
    assert game.config["variants"] == {"two_players": True} and game.config["target"] == 13
    state = state_of(game)
    assert state["gold"]["held"] == [5, 5] and state["two"]["to_place"] == [2, 3]
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="tb-panel"' in table and "Trade tokens" in table
    # the neutral colours' spots never on a target's sea corner
    shown = engine.view(state, engine.TABLE)["board"]["targets"]["neutral_settlement"]
    assert shown and not set(shown) & tb.sea_corners(state["board"]["layout"])
    response = client.post(reverse("new_game"), _form(players=2))
    assert response.status_code == 422 and Game.objects.count() == 1


def test_with_the_travel_editions_trade_cards_the_token_action_still_moves_a_barbarian(client):
    """Two layers word the tokens' button: the variant its tokens (trade cards), the scenario
    its robber (a barbarian); neither hides the other's words."""
    game = _game(client, players=2, two_players="on", travel_two_players="on")
    phones = joined_phones(game)
    _setup_two(game)
    mine = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="robber-to-desert"' in mine and "Move a barbarian to another path without a road" in mine
    assert "The robber back to the desert" not in mine
    assert "Trade cards" in mine  # the travel edition's name for the tokens


def test_two_players_move_a_barbarian_for_trade_tokens_on_the_phone(client):
    game = _game(client, players=2, two_players="on")
    phones = joined_phones(game)
    _setup_two(game)
    state = state_of(game)
    assert state["phase"] == "roll" and state["turn"]["seat"] == 0  # the second roll to come
    mine = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="robber-to-desert"' in mine and "Move a barbarian to another path without a road" in mine
    assert "The robber back to the desert" not in mine
    tokens = state["two"]["tokens"][0]
    assert _post(phones[0], game, "robber_to_desert", role="seat").status_code == 200
    assert state_of(game)["phase"] == tb.BARB
    assert _post(phones[0], game, "pick_barbarian", role="seat", edge=BARBARIANS[0]).status_code == 200
    page = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert "a free path without a road" in page and 'data-testid="tb-barbarian-target"' in page
    state = state_of(game)
    road = next(iter(state["board"]["pieces"]["roads"]))
    response = _post(phones[0], game, "move_barbarian", role="seat", edge=road)
    assert "path without a road only" in response.content.decode()
    free = tb.free_paths(state, roads=False)[0]
    assert _post(phones[0], game, "move_barbarian", role="seat", edge=free).status_code == 200
    state = state_of(game)
    assert state["phase"] == "roll" and free in state[tb.NAME]["barbarians"]
    assert state["two"]["tokens"][0] == tokens - 1
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "trade token to move a barbarian to a path without a road" in table
    with translation.override("pl"):
        table = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "by przestawić barbarzyńcę na trasę bez drogi" in table


def test_the_neutral_toll_and_target_token_lines_in_both_languages():
    from companion.layers.traders_barbarians_scenarios.traders_barbarians.messages import log_text

    names = ["Ala", "Bartek"]
    bank = {"kind": "tb_wagon_moved", "seat": 0,
            "params": {"to": "x", "mp": 1, "left": 3, "toll": 1, "neutral": True, "bank": 1, "opponent": 0, "payee": 1}}
    them = {**bank, "params": {**bank["params"], "bank": 0, "opponent": 1, "left": 2}}
    token = {"kind": "tb_target_tokens", "seat": 1, "params": {"tokens": 1, "due": 1}}
    assert "pays 1 gold toll to the bank (3 movement points left)" in log_text(bank, names)
    assert "pays 1 gold toll to Bartek (2 movement points left)" in log_text(them, names)
    assert log_text(token, names) == "Bartek takes 1 trade token for a settlement next to a target."
    with translation.override("pl"):
        assert "płaci 1 złoto myta do banku (zostały 3 punkty ruchu)" in log_text(bank, names)
        assert "graczowi Bartek (zostały 2 punkty ruchu)" in log_text(them, names)
        assert log_text(token, names) == "Bartek bierze 1 żeton handlu za osadę obok pola celu."


def test_the_events_cards_read_as_this_scenario_has_them():
    from companion.layers.traders_barbarians_scenarios.traders_barbarians import screens
    from tests.engine.test_traders_barbarians_two import Deck, put_on_top

    game = Deck()
    game.setup()
    put_on_top(game, "robber_flees")
    game.act("reveal_event")
    names = ["Ala", "Bartek", "Celina"]
    card = screens.context(engine.view(game.state, engine.TABLE), names, None)["event_deck"]["card"]
    assert card["text"] == "There is no robber in this scenario: nothing happens."
    assert card["lines"] == ["There is no robber in this game: nothing happens."]
    game.act("end_turn", {"seat": 0})
    put_on_top(game, "earthquake")
    game.act("reveal_event")
    with translation.override("pl"):
        card = screens.context(engine.view(game.state, engine.TABLE), names, None)["event_deck"]["card"]
        assert "Przejazd wozu przez drogę położoną na boku kosztuje 2 punkty ruchu." in card["text"]
        assert card["lines"][-1] == "Przejazd wozu przez drogę położoną na boku kosztuje 2 punkty ruchu."
    game.state["phase"], game.state["pending"] = "main", []
    game.act("end_turn", {"seat": 1})
    put_on_top(game, "robber_attack")
    game.act("reveal_event")
    card = screens.context(engine.view(game.state, engine.TABLE), names, None)["event_deck"]["card"]
    assert "moves a barbarian to another path or a road" in card["text"]


def test_a_road_into_a_targets_centre_is_tapped_and_drawn(client):
    from tests.engine.test_traders_barbarians import QUARRY

    game = _game(client, play_mode="paper")
    phones = joined_phones(game)
    corner = tb.spokes(tb_layout(), QUARRY)[0]
    _setup(game, first_corner=corner)
    spoke = tb.spoke_id(corner, QUARRY)
    page = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    # the id's ">" escaped in the attribute (the browser posts it back as ">")
    assert 'data-testid="tb-spoke-target"' in page and '"edge": "{}"'.format(spoke.replace(">", "&gt;")) in page
    assert 'data-testid="tb-spoke-target"' not in phones[1].get(reverse("seat", args=[game.code])).content.decode()
    assert _post(phones[0], game, "build_road", role="seat", edge=spoke).status_code == 200
    assert state_of(game)[tb.NAME]["spokes"] == {spoke: 0}
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert table.count('data-testid="tb-spoke-road"') == 1
    response = _post(phones[0], game, "build_road", role="seat", edge=spoke)
    assert "No road there: a road into a target" in response.content.decode()
    from companion.layers.traders_barbarians_scenarios.traders_barbarians.messages import refusal
    with translation.override("pl"):
        assert refusal(IllegalAction("tb_spoke_not_open")).startswith("Tu nie można zbudować drogi")
