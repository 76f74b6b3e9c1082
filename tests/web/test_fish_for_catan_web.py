"""Fish for Catan (Explorers & Pirates' third scenario) through the web: the new-game form's
scenario to 15 points, both mission tracks and the fish panel on the table, a fish field turned
over from the phone (its die face), a shoal drawn with a die typed on the phone, drawn on every
screen, caught by a ship beside it (a tap and a button) and delivered at the Council of Catan
(the marker moves on), refusals as clear words in English and Polish, and random games'
screens in both languages."""
import re

import pytest
from django.urls import reverse

from companion import engine
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import council

from . import missions_web as web
from .helpers import state_of
from .missions_web import edit as _edit
from .missions_web import on_field as _on_field
from .missions_web import page as _page
from .missions_web import post as _post

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]


def _game(client, players=3, **extra):
    return web.new_game(client, "fish_for_catan", players, **extra)


def test_the_form_offers_fish_for_catan_to_15_and_the_table_shows_both_missions(client):
    page = client.get(reverse("home")).content.decode()
    assert 'value="fish_for_catan"' in page
    game, _phones = _game(client)
    assert game.config["scenario"] == "fish_for_catan" and game.config["target"] == 15
    table = _page(client, game, "table")
    assert 'data-testid="ff-layer"' in table and 'data-testid="pl-layer"' in table
    for mission in ("pirate_lairs", "fish_for_catan"):
        assert f'data-testid="ep-track-{mission}"' in table
        assert all(_on_field(table, mission, 0, seat) for seat in range(3))  # every marker on "S"
    assert "6 fish shoals left" in table and "0 on fish fields" in table
    assert "First to 15 VP in their own turn wins." in table  # the shared scoreboard's goal


def _reveal_pending(game, seat=0):
    """The seat's ship has just sailed up to a face-down hex (a test's shortcut); the hex."""
    state = state_of(game)
    hex_ = sorted(h for h, x in state["board"]["layout"]["hexes"].items() if x["terrain"] == "unexplored"
                  and x["area"] == "north")[0]

    def pending(state):
        ship = next(s for s in state["explorers_pirates"]["ships"] if s["seat"] == seat)
        state["explorers_pirates"]["reveal"] = {"ship": ship["id"], "seat": seat, "hexes": [hex_]}
        state["phase"] = "reveal"
    _edit(game, pending)
    return hex_


def _ship_at(game, seat, edge, bow, cargo):
    def move(state):
        ship = next(s for s in state["explorers_pirates"]["ships"] if s["seat"] == seat)
        state["explorers_pirates"]["settlers"][seat] += ship["cargo"].count("settler")
        ship.update(edge=edge, bow=bow, cargo=list(cargo))
    _edit(game, move)
    return next(s for s in state_of(game)["explorers_pirates"]["ships"] if s["seat"] == seat)["id"]


def test_a_fish_field_a_shoal_drawn_caught_and_delivered_from_the_phone(client):
    game, (ala, bartek, celina) = _game(client)
    assert _post(ala, game, "roll", role="seat", die1="2", die2="3").status_code == 200
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    hex_ = _reveal_pending(game)
    gold_before = state_of(game)["gold"]["held"][0]
    # the table enters what the hex showed: a fish field with 4 pips, no token
    response = _post(ala, game, "reveal_hex", role="seat", hex=hex_, terrain="fish", die="4", number="5")
    assert "A fish field gets no number token: it shows a die face instead." in response.content.decode()
    assert _post(ala, game, "reveal_hex", role="seat", hex=hex_, terrain="fish", die="4").status_code == 200
    state = state_of(game)
    assert state["gold"]["held"][0] == gold_before + 2 and state["phase"] == "movement"
    table = _page(client, game, "table")
    assert f'data-hex="{hex_}" data-face="4" data-testid="ff-field"' in table
    assert "Ala finds a fish field showing a 4." in table
    # the phone's try for a shoal: a die typed on the phone (dice typed at this table)
    page = _page(ala, game)
    assert 'data-testid="ff-draw"' in page and 'data-testid="ff-die"' in page
    assert 'data-testid="ff-draw"' not in _page(bartek, game)
    assert _post(ala, game, "draw_shoal", role="seat", die="4").status_code == 200
    assert state_of(game)["fish_mission"]["shoals"] == [hex_]
    for screen in (_page(client, game, "table"), _page(bartek, game), _page(celina, game)):
        assert 'data-testid="ff-shoal"' in screen
    assert "5 fish shoals left" in _page(client, game, "table")
    page = _page(ala, game)
    assert 'data-testid="ff-tried"' in page and 'data-testid="ff-draw"' not in page
    response = _post(ala, game, "draw_shoal", role="seat", die="4")
    assert "You have tried for a fish shoal this turn already: one try a turn." in response.content.decode()
    ala.cookies["django_language"] = "pl"
    response = _post(ala, game, "draw_shoal", role="seat", die="4")
    assert "W tej turze była już próba wylosowania ławicy ryb: jedna próba na turę." in response.content.decode()
    ala.cookies["django_language"] = "en"
    # Ala's empty ship beside the shoal: a tap target and a button catch it
    layout = state_of(game)["board"]["layout"]
    a, b = sea.hex_corner(hex_, 3), sea.hex_corner(hex_, 4)
    edge = sea.corners_edge(a, b)
    assert sea.is_sea_path(layout, edge)
    ship = _ship_at(game, 0, edge, b, [])
    page = _page(ala, game)
    assert "target-catch" in page and f'data-testid="ff-catch-{hex_}"' in page
    assert "target-catch" not in _page(bartek, game)
    assert _post(ala, game, "catch_shoal", role="seat", hex=hex_).status_code == 200
    state = state_of(game)
    assert state["fish_mission"]["shoals"] == [] and next(
        s for s in state["explorers_pirates"]["ships"] if s["id"] == ship)["cargo"] == ["shoal"]
    table = _page(client, game, "table")
    assert f'data-ship="{ship}" data-testid="ff-shoal-aboard"' in table
    assert f"Ala&#x27;s ship {ship} takes a fish shoal aboard." in table
    # away from the council a delivery is refused in words; at a council port it is made
    response = _post(ala, game, "deliver_shoal", role="seat", ship=str(ship))
    assert "A shoal is delivered by a ship pointing at a port of the Council of Catan." in response.content.decode()
    port = council.ports(layout)[0]
    at_port = next(e for e in sea.sea_paths_at(layout, port)
                   if not any(s["edge"] == e for s in state["explorers_pirates"]["ships"]))
    _ship_at(game, 0, at_port, port, ["shoal"])
    page = _page(ala, game)
    assert f'data-testid="ff-deliver-{ship}"' in page and "target-deliver" in page
    assert _post(ala, game, "deliver_shoal", role="seat", ship=str(ship)).status_code == 200
    state = state_of(game)
    assert state["ep_missions"]["tracks"]["fish_for_catan"]["at"] == [1, 0, 0]
    table = _page(client, game, "table")
    assert _on_field(table, "fish_for_catan", 1, 0)
    assert "6 fish shoals left" in table
    assert f"Ala&#x27;s ship {ship} delivers a fish shoal to the Council of Catan." in table
    assert engine.view(state, "table")["fish_for_catan"]["supply"] == 6


# Random legal games rendered every few steps, in English and Polish: never a bare log kind.
RAW_KIND = re.compile(r"\b(?:ep|pl|ff|gold)_[a-z_]+\b")
test_every_screen_of_random_games_renders_in_english_and_polish = web.random_screens_test(
    "tests.engine.test_fish_for_catan_properties", 15, ("ff-layer", "ff-panel"), RAW_KIND)
