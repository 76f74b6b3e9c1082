"""The Caravans through the web: the new-game form's scenario, the oasis and camels drawn on
the board, the secret bids on the phones (never on the table or another phone before the
reveal), who decides, the decider's tap targets, the VP rows, in English and Polish."""
import pytest
from django.urls import reverse
from django.utils import translation

from companion import engine, services
from companion.models import Game

from .helpers import host, joined_phones, state_of
from .scenario_web import TABLE, assert_refused_without_a_board, hosted_game, offered_and_made, scenario_form
from .scenario_web import post_act as _post, setup_on_first_spots as _setup, target_of_new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]


def _form(players=3, **extra):
    return scenario_form("caravans", players, **extra)


_state = state_of


def test_the_form_offers_the_caravans_and_plays_to_12(client):
    game = offered_and_made(client, "caravans", _form(), 12)
    state = _state(game)
    assert state["board"]["layout"]["hexes"]["0,0"]["terrain"] == "oasis" and state["board"]["robber"] is None
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="caravans-layer"' in table and 'data-testid="caravans-panel"' in table
    assert "22 camels left" in table and "terrain-oasis" in table


def test_with_the_harbormaster_the_caravans_play_to_13(client):
    assert target_of_new_game(client, _form(harbormaster="on")) == 13


def test_the_caravans_without_a_board_are_refused(client):
    assert_refused_without_a_board(client, _form())


def test_a_vote_through_the_phones_secret_until_all_have_bid(client):
    game = hosted_game(client, _form(play_mode="paper"))
    phones = joined_phones(game)
    _setup(game)
    state = _state(game)
    corner = next(c for c, s in state["board"]["pieces"]["settlements"].items() if s == 0)
    assert _post(phones[0], game, "build_city", role="seat", corner=corner).status_code == 200
    assert _post(phones[0], game, "end_turn", role="seat").status_code == 200
    assert _state(game)["phase"] == "caravan_vote"
    page = phones[1].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="bid-form"' in page and 'name="count"' in page
    assert _post(phones[1], game, "camel_bid", role="seat", count="7").status_code == 200
    mine = phones[1].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="my-bid"' in mine and "7 cards" in mine
    for screen in (client.get(reverse("table", args=[game.code])).content.decode(),
                   phones[2].get(reverse("seat", args=[game.code])).content.decode()):
        assert "7 cards" not in screen and 'data-testid="vote-bidders"' in screen
    response = _post(phones[2], game, "camel_bid", role="seat", count="-2")
    assert response.status_code == 422 and "0 or more" in response.content.decode()
    _post(phones[2], game, "camel_bid", role="seat", count="2")
    _post(phones[0], game, "camel_bid", role="seat", count="1")
    state = _state(game)
    assert state["phase"] == "caravan_camel" and state["pending"] == [{"seat": 1, "kind": "camel_place"}]
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="vote-bids"' in table and "decides alone" in table
    decider = phones[1].get(reverse("seat", args=[game.code])).content.decode()
    assert decider.count('data-testid="camel-target"') == 3
    assert 'data-testid="camel-target"' not in phones[0].get(reverse("seat", args=[game.code])).content.decode()
    response = _post(phones[1], game, "place_camel", role="seat", edge="0,0|1,0")
    assert response.status_code == 422 and "marked paths" in response.content.decode()
    edge = engine.view(_state(game), 1)["board"]["targets"]["camel"][0]
    assert _post(phones[1], game, "place_camel", role="seat", edge=edge).status_code == 200
    state = _state(game)
    assert state["turn"]["seat"] == 1 and state["caravans"]["camels_left"] == 21
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert table.count('data-testid="camel"') == 1 and "21 camels left" in table


def test_hands_bids_are_taken_from_the_hand_on_the_phone(client):
    """Ala's settlement touches the mountains (3) and fields (4): the dice bring her a city's
    cards; she builds it on her phone and ends her turn; the phones bid from their hands."""
    from tests.engine.test_caravans import caravan_layout

    config = {"rules": "base", "players": [{"name": n, "color": c} for n, c in
                                           (("Ala", "red"), ("Bartek", "blue"), ("Celina", "white"))],
              "target": 12, "dice_source": "typed", "board": "random", "play_mode": "hands",
              "scenario": "caravans", "board_layout": caravan_layout()}
    game = services.create_game(config, seed=3)
    host(client, game)
    phones = joined_phones(game)
    home = "-1,1|-1,2|0,1"
    for i in range(6):
        targets = engine.view(_state(game), engine.TABLE)["board"]["targets"]
        services.perform(game, TABLE, "place_settlement", {"corner": home if i == 0 else targets["settlement"][0]})
        targets = engine.view(_state(game), engine.TABLE)["board"]["targets"]
        services.perform(game, TABLE, "place_road", {"edge": targets["road"][0]})
    for _ in range(40):
        state = _state(game)
        hand = state["players"][0]["hand"]
        if state["phase"] == "roll":
            services.perform(game, TABLE, "roll", {"dice": [1, 2] if hand["ore"] < 3 else [1, 3]})
        elif state["turn"]["seat"] == 0 and hand["ore"] >= 3 and hand["grain"] >= 2:
            break
        else:
            services.perform(game, TABLE, "end_turn")
    assert _post(phones[0], game, "build_city", role="seat", corner=home).status_code == 200
    assert _post(phones[0], game, "end_turn", role="seat").status_code == 200
    state = _state(game)
    assert state["phase"] == "caravan_vote"
    page = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'name="cards_grain"' in page and 'name="cards_wool"' in page and 'name="count"' not in page
    response = _post(client, game, "camel_bid", seat="1", count="1")
    assert response.status_code == 422 and "on their own phone" in response.content.decode()
    grain = state["players"][0]["hand"]["grain"]
    response = _post(phones[0], game, "camel_bid", role="seat", cards_grain=str(grain + 1))
    assert response.status_code == 422 and "don&#x27;t hold" in response.content.decode()
    bank = state["bank"]["grain"]
    assert _post(phones[0], game, "camel_bid", role="seat", cards_grain=str(grain)).status_code == 200
    assert _state(game)["players"][0]["hand"]["grain"] == grain  # still in the hand until the reveal
    _post(phones[1], game, "camel_bid", role="seat")
    _post(phones[2], game, "camel_bid", role="seat")
    state = _state(game)
    assert state["players"][0]["hand"]["grain"] == 0 and state["bank"]["grain"] == bank + grain
    assert state["pending"] == [{"seat": 0, "kind": "camel_place"}]
    page = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert page.count('data-testid="camel-target"') == 3 and 'data-testid="camel-hint"' in page


def test_a_bid_can_be_taken_back_until_the_reveal_but_not_after(client):
    game = hosted_game(client, _form(play_mode="paper"))
    phones = joined_phones(game)
    _setup(game)
    state = _state(game)
    corner = next(c for c, s in state["board"]["pieces"]["settlements"].items() if s == 0)
    _post(phones[0], game, "build_city", role="seat", corner=corner)
    _post(phones[0], game, "end_turn", role="seat")
    _post(phones[1], game, "camel_bid", role="seat", count="3")
    assert _post(phones[1], game, "undo", role="seat").status_code == 200  # nobody saw it
    assert _state(game)["caravans"]["vote"]["bids"] == {}
    _post(phones[1], game, "camel_bid", role="seat", count="1")
    _post(phones[2], game, "camel_bid", role="seat", count="0")
    _post(phones[0], game, "camel_bid", role="seat", count="0")  # the last bid shows all of them
    assert _state(game)["caravans"]["vote"]["revealed"]
    response = _post(phones[0], game, "undo", role="seat")
    assert response.status_code == 422 and "Only the table screen can undo this" in response.content.decode()
    assert _post(client, game, "undo").status_code == 200  # the table can, and the log says so
    assert not _state(game)["caravans"]["vote"]["revealed"]


def test_the_table_turns_the_oasis_on_a_board_entered_by_hand(client):
    game = hosted_game(client, _form(board="manual", play_mode="paper"))
    state = _state(game)
    assert state["phase"] == "board" and state["board"]["layout"]["hexes"]["0,0"]["terrain"] == "oasis"
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="oasis-form"' in table
    assert _post(client, game, "set_oasis", orientation="1").status_code == 200
    assert _state(game)["board"]["layout"]["features"]["caravans"]["arrows"][0] == "0,0|1,-1|1,0"
    editor = client.get(reverse("board_editor", args=[game.code]) + "?hex=0,0").content.decode()
    assert 'data-testid="oasis-editor"' in editor and "oasis" in editor


def test_the_caravans_in_polish(client):
    client.post(reverse("new_game"), _form())
    game = Game.objects.get()
    with translation.override("pl"):
        client.cookies["django_language"] = "pl"
        table = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Szlaki karawan" in table and "22 wielbłądy w puli" in table


def test_a_path_joining_two_caravans_asks_which_one_it_extends():
    """The decider tapped the path between the ends of caravans A and B: the phone asks
    which one the camel extends (the partial rendered from the engine's view)."""
    from django.template.loader import render_to_string

    from companion.layers.traders_barbarians_scenarios.caravans import rules as caravans
    from companion.layers.traders_barbarians_scenarios.caravans import screens
    from tests.engine.test_caravans import Game, corner_of, edge_between, walk

    game = Game(play_mode="paper")
    game.setup()
    state = game.state
    layout = state["board"]["layout"]
    routes = state["caravans"]["routes"]
    for route in routes[:2]:
        caravans.place(state, caravans.straight_path(layout, "0,0", route["arrow"]))
    meet, south_east = corner_of("1,0", "2,-1", "2,0"), corner_of("1,0", "1,1", "2,0")
    walk(state, corner_of("0,-1", "1,-2", "1,-1"), corner_of("1,-2", "1,-1", "2,-2"),
         corner_of("1,-1", "2,-2", "2,-1"), corner_of("1,-1", "1,0", "2,-1"), meet)
    walk(state, corner_of("0,1", "1,0", "1,1"), south_east)
    game.to_main()
    corner = next(c for c, s in state["board"]["pieces"]["settlements"].items() if s == 0)
    game.act("build_city", corner=corner)
    game.act("end_turn")
    for s in range(3):
        game.act("camel_bid", seat=s, count=2 if s == 1 else 0)
    game.act("place_camel", actor={"seat": 1}, edge=edge_between(south_east, meet))
    view = engine.view(game.state, 1)
    names = [p["name"] for p in view["players"]]
    context = {"view": view, "allowed": view["allowed"], "role": "seat", "act_url": "/act",
               **screens.context(view, names, None)}
    html = render_to_string("caravans/actions.html", context)
    assert 'data-testid="camel-caravan"' in html and "Caravan A" in html and "Caravan B" in html
    assert 'name="edge" value="1,0|2,0"' in html and 'name="caravan" value="0"' in html
    seat0 = engine.view(game.state, 0)
    other = render_to_string("caravans/actions.html", {"view": seat0, "allowed": seat0["allowed"], "role": "seat",
                                                       "act_url": "/act", **screens.context(seat0, names, None)})
    assert 'data-testid="camel-caravan"' not in other and "Bartek places the camel" in other
