"""Cities & Knights on the screens: the new game form, the table and the phones in both
play modes, a progress card seen only by its owner over the real websocket traffic, and
forged form posts refused.

Paper games without a board let the table enter everything (improvements cost nothing the
app tracks), which makes a progress card easy to draw: science level 1 shows red 1-2, so a
green gate with a red 1 hands Ala a science card.
"""
import copy

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from companion import services
from companion.machinery import board as boards
from companion.engine import view as engine_view
from companion.layers.cores.cities_knights.rules import VP_CARDS
from companion.layers.cores.cities_knights.messages import PROGRESS_NAMES
from companion.models import Game
from companion.web.screen_context import screen_context

from .helpers import TABLE, host, joined_phones
from .traffic import Traffic

PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "orange"}]


def ck_game(play_mode="paper", board="none", seed=5) -> Game:
    config = {"rules": "cities_knights", "players": PLAYERS, "dice_source": "typed", "board": board,
              "play_mode": play_mode}
    if board != "none":
        config["board"] = "random"
        config["board_layout"] = copy.deepcopy(boards.beginner_board())
    return services.create_game(config, seed=seed)


def setup(game: Game) -> Game:
    while True:
        state, _ = services.current_state(game)
        if state["phase"] != "setup":
            return game
        if state["board"] is None:
            game = services.perform(game, TABLE, "place_setup", {}).game
            continue
        targets = engine_view(state, "table")["board"]["targets"]
        if "settlement" in targets:
            game = services.perform(game, TABLE, "place_settlement", {"corner": targets["settlement"][0]}).game
        else:
            game = services.perform(game, TABLE, "place_road", {"edge": targets["road"][0]}).game


def clients(game: Game) -> dict:
    """A host browser and one browser per seat, joined."""
    return {"table": host(Client(), game), **dict(enumerate(joined_phones(game)))}


def post(client, game, kind, as_="seat", **fields):
    return client.post(reverse("act", args=[game.code]), {"type": kind, "as": as_, "idem": "", **fields})


# ---------------------------------------------------------------- the new game form


@pytest.mark.django_db
def test_the_form_offers_cities_and_knights_with_13_points():
    client = Client()
    page = client.get(reverse("home")).content.decode()
    assert 'value="cities_knights"' in page
    data = {"rules": "cities_knights", "target": "10", "dice_source": "typed", "board": "random", "play_mode": "hands",
            "name_0": "Ala", "color_0": "red", "name_1": "Bartek", "color_1": "blue", "name_2": "Celina",
            "color_2": "white", "color_3": "orange", "color_4": "green", "color_5": "brown"}
    response = client.post(reverse("new_game"), data)
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.config["rules"] == "cities_knights" and game.config["target"] == 13


@pytest.mark.django_db
def test_the_form_shows_why_the_beginner_board_is_refused():
    data = {"rules": "cities_knights", "target": "13", "dice_source": "typed", "board": "beginner",
            "play_mode": "hands", "name_0": "Ala", "color_0": "red", "name_1": "Bartek", "color_1": "blue",
            "name_2": "Celina", "color_2": "white", "color_3": "orange", "color_4": "green", "color_5": "brown"}
    response = Client().post(reverse("new_game"), data)
    assert response.status_code == 422
    assert "Cities &amp; Knights is not played on the beginner board" in response.content.decode()
    data.update(board="none", name_2="")  # two players: the engine's own count
    response = Client().post(reverse("new_game"), data)
    assert response.status_code == 422 and "A game needs 3 to 6 players." in response.content.decode()


# ---------------------------------------------------------------- screens render


@pytest.mark.django_db
@pytest.mark.parametrize("play_mode,board", [("paper", "none"), ("paper", "random"), ("hands", "random")])
def test_table_and_phones_render_the_barbarians_and_the_three_dice(play_mode, board):
    game = setup(ck_game(play_mode, board))
    browsers = clients(game)
    table = browsers["table"].get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="panel-cities_knights"' in table and 'data-ship="0"' in table
    assert "Barbarians 3 (cities) against Catan 0 (active knights)" in table
    assert 'data-testid="ck-dice"' in table and 'name="event" value="ship"' in table
    phone = browsers[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="panel-cities_knights"' in phone and 'data-testid="ck-dice"' in phone
    assert "Your progress cards" in phone and "Your development cards" not in phone
    if play_mode == "hands":
        assert 'data-testid="my-commodities"' in phone
    # The roll comes from the table: yellow 1, red 2 and the ship.
    response = post(browsers["table"], game, "roll", as_="table", die1="1", die2="2", event="ship")
    assert response.status_code == 200, response.content.decode()
    html = response.content.decode()
    assert 'data-ship="1"' in html and 'data-testid="event-die"' in html
    assert "rolled 3 (yellow 1 + red 2) and the barbarian ship." in html
    phone = browsers[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="ck-build"' in phone and 'data-testid="ck-charts"' in phone
    if board != "none":
        assert "knight-mode" in phone or play_mode == "hands"


@pytest.mark.django_db
def test_knights_are_drawn_on_the_board_with_their_level():
    game = setup(ck_game("paper", "random"))
    browsers = clients(game)
    post(browsers["table"], game, "roll", as_="table", die1="1", die2="2", event="blue")
    game.refresh_from_db()
    state, _ = services.current_state(game)
    targets = engine_view(state, "table")["board"]["targets"]
    assert targets["knight"], "the table may place Ala's knight (paper cards)"
    corner = targets["knight"][0]
    response = post(browsers["table"], game, "build_knight", as_="table", corner=corner)
    assert response.status_code == 200, response.content.decode()
    post(browsers["table"], game, "activate_knight", as_="table", knight="1")
    html = browsers["table"].get(reverse("table", args=[game.code])).content.decode()
    assert f'class="knight red level-1 active" data-corner="{corner}"' in html
    assert "Barbarians 3 (cities) against Catan 1 (active knights)" in html


# ---------------------------------------------------------------- a progress card stays on its owner's phone


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_progress_card_is_only_in_its_owners_payloads():
    traffic = await Traffic.open(await sync_to_async(lambda: setup(ck_game("paper", "none", seed=6)))())
    act, received = traffic.act, traffic.received
    await act(TABLE, "roll", dice=[1, 2], event="blue")
    await act(TABLE, "improve_city", chart="science")  # Ala: the abbey, red 1-2 draw green cards
    await act(TABLE, "end_turn")
    await act(TABLE, "roll", dice=[3, 1], event="green")  # Bartek's roll: a green gate, red 1
    state = await traffic.state()
    held = state["players"][0]["progress"] + state["players"][0]["progress_vp"]
    assert len(held) == 1
    card = held[0]
    assert card not in VP_CARDS, "pick a seed that deals a secret card"
    name = str(PROGRESS_NAMES[card])
    assert any(name in payload for payload in received[0])
    assert any('data-testid="progress-count">1' in payload for payload in received["table"])
    for other in ("table", 1, 2):
        assert not any(name in payload for payload in received[other]), other
        assert not any(f'data-card="{card}"' in payload for payload in received[other])
    await traffic.close()


# ---------------------------------------------------------------- forged posts


@pytest.mark.django_db
def test_forged_cities_and_knights_posts_are_refused():
    game = setup(ck_game("paper", "none"))
    browsers = clients(game)
    post(browsers["table"], game, "roll", as_="table", die1="1", die2="2", event="blue")
    # A progress card nobody holds, from another player's phone, and from the table.
    response = post(browsers[1], game, "play_progress", card="warlord")
    assert response.status_code == 422 and "It is not your turn" in response.content.decode()
    response = post(browsers[0], game, "play_progress", card="warlord")
    assert response.status_code == 422 and "You don&#x27;t hold that progress card." in response.content.decode()
    response = post(browsers["table"], game, "play_progress", as_="table", card="warlord")
    assert response.status_code == 422
    # Bad event die, a chart that doesn't exist, a knight that doesn't exist.
    game.refresh_from_db()
    response = post(browsers[0], game, "improve_city", chart="castle")
    assert response.status_code == 422 and "Pick a city improvement" in response.content.decode()
    response = post(browsers[0], game, "activate_knight", knight="9")
    assert response.status_code == 422 and "Pick one of your knights." in response.content.decode()
    response = post(browsers[0], game, "discard_progress", card="spy")
    assert response.status_code == 422
    # A browser that is not in the game.
    response = post(Client(), game, "improve_city", chart="trade")
    assert response.status_code == 403
    game.refresh_from_db()
    state, _ = services.current_state(game)
    assert state["players"][0]["improvements"] == {"trade": 0, "politics": 0, "science": 0}


@pytest.mark.django_db
def test_commodities_trade_on_the_phone_at_the_cities_and_knights_ratios():
    """Commodities are offered to other players and to the bank like resources (4:1, a
    harbour's 3:1 — 2:1 with the trading house); the phone lists them with their ratios."""
    game = setup(ck_game("hands", "random"))
    state, _ = services.current_state(game)
    seat = state["turn"]["seat"]
    context = screen_context(game, seat)
    codes = [k["code"] for k in context["trade_kinds"]]
    assert codes[-3:] == ["paper", "cloth", "coin"]
    assert {r["code"] for r in context["bank_gets"]} >= {"paper", "cloth", "coin"}
    names = {r["name"] for r in context["my_ratios"]}
    assert {"paper", "cloth", "coin"} <= {str(n) for n in names}


@pytest.mark.django_db
def test_the_scoreboard_shows_no_development_cards_in_cities_and_knights():
    game = setup(ck_game("hands", "random"))
    browsers = clients(game)
    table = browsers["table"].get(reverse("table", args=[game.code])).content.decode()
    scoreboard = table.split('id="scoreboard"')[1].split("</section>")[0]
    assert "Dev. cards" not in scoreboard and "Development cards left" not in scoreboard
    assert "Cards in hand" in scoreboard


def _table(game: Game) -> str:
    return host(Client(), game).get(reverse("table", args=[game.code])).content.decode()


@pytest.mark.django_db
def test_the_second_setup_round_places_a_city_on_the_table_and_phones():
    """The rulebook's second round puts down a city: the hints, the button, the board's
    targets and the log say "city", never "settlement"."""
    paper = ck_game("paper", "none")
    for _ in range(3):  # round 1
        paper = services.perform(paper, TABLE, "place_setup", {}).game
    table = _table(paper)
    assert "placed a city and a road</button>" in table and "placed a settlement and a road</button>" not in table
    paper = services.perform(paper, TABLE, "place_setup", {}).game
    assert "placed a city and a road (round 2)." in _table(paper)

    game = ck_game("hands", "random")
    for _ in range(3):  # round 1 on the board: a settlement, then a road
        state, _ = services.current_state(game)
        targets = engine_view(state, "table")["board"]["targets"]
        game = services.perform(game, TABLE, "place_settlement", {"corner": targets["settlement"][0]}).game
        targets = engine_view(services.current_state(game)[0], "table")["board"]["targets"]
        game = services.perform(game, TABLE, "place_road", {"edge": targets["road"][0]}).game
    phones = clients(game)
    state, _ = services.current_state(game)
    active = engine_view(state, "table")["active_seat"]
    for screen in (phones["table"], phones[active]):
        page = screen.get(reverse("table" if screen is phones["table"] else "seat", args=[game.code])).content.decode()
        assert "on the board for the city." in page and "Place the city here" in page
        assert "for the settlement." not in page and "Build a settlement here" not in page
    targets = engine_view(state, "table")["board"]["targets"]
    game = services.perform(game, TABLE, "place_settlement", {"corner": targets["settlement"][0]}).game
    assert "next to the new city for the road." in phones["table"].get(reverse("table", args=[game.code])).content.decode()
    targets = engine_view(services.current_state(game)[0], "table")["board"]["targets"]
    game = services.perform(game, TABLE, "place_road", {"edge": targets["road"][0]}).game
    page = phones["table"].get(reverse("table", args=[game.code])).content.decode()
    assert "placed a city and a road (round 2)." in page and "placed a settlement and a road (round 2)" not in page
