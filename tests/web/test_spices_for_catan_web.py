"""Spices for Catan (Explorers & Pirates' fourth scenario) through the web: the new-game form's
scenario to 15 with both mission cards on the table, a spice field turned over from the phone
(its village's benefit picked on the form), a merchant put into the village by tapping it, the
sack aboard drawn, delivered at the Council of Catan by tapping the ship, the marker moving on,
quick gold from the phone, refusals as clear words, in English and Polish."""
import re

import pytest
from django.urls import reverse

from companion import engine
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import council
from companion.layers.gold import rules as gold

from . import missions_web as web
from .helpers import state_of
from .missions_web import edit as _edit
from .missions_web import page as _page
from .missions_web import post as _post

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]

WEST = sea.offset_to_axial(7, 1)  # the north area's westernmost hex of its middle row: open sea west of it


def _game(client, players=3, **extra):
    return web.new_game(client, "spices_for_catan", players, **extra)


def _on_field(page: str, field: int, seat: int) -> bool:
    return web.on_field(page, "spices_for_catan", field, seat)


def test_the_form_offers_spices_for_catan_to_15_and_the_table_shows_both_missions(client):
    assert 'value="spices_for_catan"' in client.get(reverse("home")).content.decode()
    game, _phones = _game(client)
    assert game.config["scenario"] == "spices_for_catan" and game.config["target"] == 15
    table = _page(client, game, "table")
    assert 'data-testid="sp-layer"' in table and 'data-testid="sp-panel"' in table
    assert 'data-testid="ep-track-spices_for_catan"' in table and 'data-testid="ep-track-fish_for_catan"' in table
    assert all(_on_field(table, 0, seat) for seat in range(3))
    assert "0 spice villages found" in table and "24 of 24 spice sacks in the supply" in table
    assert "First to 15 VP in their own turn wins." in table  # the shared scoreboard's goal
    table = _page(client, game, "table", "pl")
    assert "0 odkrytych wiosek przypraw" in table and "24 z 24 worków przypraw w zasobach" in table


def _to_reveal(game, hex_=WEST):
    def reveal(state):
        state["phase"] = "reveal"
        state["turn"]["rolled"] = True
        state["explorers_pirates"]["reveal"] = {"ship": 1, "seat": 0, "hexes": [hex_]}
    _edit(game, reveal)


def test_a_spice_field_turned_over_on_the_phone_with_its_villages_benefit(client):
    game, (ala, bartek, _celina) = _game(client)
    _to_reveal(game)
    page = _page(ala, game)
    assert 'data-testid="sp-reveal-form"' in page
    assert 'data-testid="sp-benefit-fast_travel"' in page and 'data-testid="sp-benefit-pirates_4"' in page
    assert 'data-testid="sp-reveal-form"' not in _page(bartek, game)  # the finder's phone turns it over
    assert "Korzyść na jego wiosce" in _page(ala, game, language="pl")
    response = _post(ala, game, "reveal_hex", role="seat", hex=WEST, terrain="spice")
    assert "Pick the benefit shown on the spice field&#x27;s village." in response.content.decode() or \
        "Pick the benefit shown on the spice field's village." in response.content.decode()
    before = gold.held(state_of(game), 0)
    response = _post(ala, game, "reveal_hex", role="seat", hex=WEST, terrain="spice", benefit="fast_travel")
    assert response.status_code == 200
    state = state_of(game)
    assert gold.held(state, 0) == before + 2
    assert state["spices_for_catan"]["villages"][WEST] == {"benefit": "fast_travel", "sacks": 3, "crews": []}
    table = _page(client, game, "table")
    assert "Ala discovers a spice field." in table
    assert "Its village offers “Fast travel”; 3 spice sacks go into it." in table
    assert table.count('data-testid="sp-village"') == 1 and table.count('data-testid="sp-village-sack"') == 3
    assert "1 spice village found" in table and "21 of 24 spice sacks in the supply" in table
    assert "Ala odkrywa pole przypraw." in _page(client, game, "table", "pl")
    # the second fast-travel village is the last
    state = state_of(game)
    assert engine.view(state, 0)["spices_for_catan"]["benefits_left"]["fast_travel"] == 1


def _village_with_ship(game, benefit="quick_gold"):
    """A spice village west in the north, Ala's ship with a crew on a sea path at it (shortcuts)."""
    from companion.machinery.board import geometry

    def set_up(state):
        layout = dict(state["board"]["layout"])
        layout["hexes"] = {**layout["hexes"], WEST: {**layout["hexes"][WEST], "terrain": "spice", "number": None,
                                                      "open_to": []}}
        state["board"]["layout"] = layout
        state["spices_for_catan"]["villages"][WEST] = {"benefit": benefit, "sacks": 3, "crews": []}
        state["spices_for_catan"]["supply"] -= 3
        corner = sea.hex_corner(WEST, 4)
        edge = next(e for e in geometry(layout).corner_edges[corner] if sea.is_sea_path(layout, e))
        ship = next(s for s in state["explorers_pirates"]["ships"] if s["seat"] == 0)
        ship.update(edge=edge, bow=corner, cargo=["crew"])
        state["explorers_pirates"]["settlers"][0] += 1  # its settler back to the supply
        state["ep_missions"]["crews"][0] -= 1
    _edit(game, set_up)


def test_a_merchant_by_tapping_the_village_and_the_sack_delivered_at_the_council(client):
    game, (ala, bartek, _celina) = _game(client)
    _village_with_ship(game, "pirates_5")
    assert _post(ala, game, "roll", role="seat", die1="2", die2="3").status_code == 200
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    page = _page(ala, game)
    assert f'"type": "place_merchant", "hex": "{WEST}"' in page and 'data-testid="sp-merchants"' in page
    assert "Put a merchant into this village (Anti-pirate 5)" in page
    assert "target-village" not in _page(bartek, game)
    response = _post(ala, game, "place_merchant", role="seat", hex=sea.offset_to_axial(8, 1))
    assert "Tap a spice field: merchants go only into a spice village." in response.content.decode()
    ala.cookies["django_language"] = "pl"
    response = _post(ala, game, "place_merchant", role="seat", hex=sea.offset_to_axial(8, 1))
    assert "Dotknij pola przypraw: kupców stawia się tylko w wiosce przypraw." in response.content.decode()
    ala.cookies["django_language"] = "en"
    assert _post(ala, game, "place_merchant", role="seat", hex=WEST).status_code == 200
    table = _page(client, game, "table")
    assert "Ala puts a merchant into the spice village (“Anti-pirate 5”) and loads a spice sack." in table
    assert table.count('data-testid="sp-merchant"') == 1 and table.count('data-testid="sp-ship-sack"') == 1
    assert 'data-testid="sp-benefits-0"' in table
    page = _page(ala, game)
    assert "Ship 1: 1 spice sack aboard" in page and "Anti-pirate 5 (a 5 chases a pirate ship away too)" in page
    assert 'data-testid="sp-movement-hint"' in page and 'data-testid="sp-merchants"' not in page


def test_a_sack_delivered_at_the_council_by_tapping_the_ship(client):
    game, (ala, _bartek, _celina) = _game(client)
    layout = state_of(game)["board"]["layout"]
    port = council.ports(layout)[0]
    edge = next(e for e in sea.sea_paths_at(layout, port))

    def at_council(state):
        ship = next(x for x in state["explorers_pirates"]["ships"] if x["seat"] == 0)
        ship.update(edge=edge, bow=port, cargo=["sack", "sack"])
        state["explorers_pirates"]["settlers"][0] += 1  # its settler back to the supply
        state["spices_for_catan"]["supply"] -= 2
    _edit(game, at_council)
    assert _post(ala, game, "roll", role="seat", die1="2", die2="3").status_code == 200
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    page = _page(ala, game)
    assert f'"type": "deliver_spices", "edge": "{edge}"' in page and 'data-testid="sp-deliver-1"' in page
    assert "Ship 1: 2 spice sacks aboard" in page
    assert _post(ala, game, "deliver_spices", role="seat", edge=edge).status_code == 200
    table = _page(client, game, "table")
    assert "Ala delivers 2 spice sacks to the Council of Catan." in table
    assert _on_field(table, 2, 0) and 'data-testid="ep-track-card-spices_for_catan"' in table
    assert "24 of 24 spice sacks in the supply" in table
    assert "Ala dostarcza 2 worki przypraw Radzie Catanu." in _page(client, game, "table", "pl")


def test_quick_gold_from_the_phone(client):
    game, (ala, _bartek, _celina) = _game(client)
    _village_with_ship(game, "quick_gold")

    def merchant(state):
        state["spices_for_catan"]["villages"][WEST]["crews"] = [0]
        state["spices_for_catan"]["villages"][WEST]["sacks"] = 2
        ship = next(s for s in state["explorers_pirates"]["ships"] if s["seat"] == 0)
        ship["cargo"] = ["sack"]
        layout = state["board"]["layout"]
        state["board"]["layout"] = {**layout, "hexes": {**layout["hexes"], WEST: {**layout["hexes"][WEST],
                                                                                    "open_to": [0]}}}
        state["players"][0]["hand"]["ore"] += 1
        state["bank"]["ore"] -= 1
    _edit(game, merchant)
    assert _post(ala, game, "roll", role="seat", die1="2", die2="3").status_code == 200
    page = _page(ala, game)
    assert 'data-testid="sp-quick-gold"' in page and "Take 1 gold (1 left this turn)" in page
    assert '<option value="ore">' in page
    assert 'data-testid="sp-quick-gold"' not in _page(client, game, "table")  # hands on phones: from her phone
    before = gold.held(state_of(game), 0)
    assert _post(ala, game, "quick_gold", role="seat", resource="ore").status_code == 200
    assert gold.held(state_of(game), 0) == before + 1
    assert 'data-testid="sp-quick-gold"' not in _page(ala, game)  # once a turn for one village
    assert "Ala gives 1 ore to the bank for quick gold." in _page(client, game, "table")
    response = _post(ala, game, "quick_gold", role="seat", resource="ore")
    assert "You have used quick gold as often as your villages allow this turn." in response.content.decode()


# Random legal games rendered every few steps, in English and Polish: never a bare log kind.
RAW_KIND = re.compile(r"\b(?:ep|sp|gold)_[a-z_]+\b")
test_every_screen_of_random_games_renders_in_english_and_polish = web.random_screens_test(
    "tests.engine.test_spices_for_catan_properties", 15, ("sp-layer", "sp-panel"), RAW_KIND)


def test_the_chase_button_names_the_faces_an_anti_pirate_village_adds(client):
    from types import SimpleNamespace

    from tests.engine.missions_helpers import ship_beside_pirates

    game, phones = _game(client, dice_source="typed")
    assert _post(client, game, "roll", dice=[2, 3]).status_code == 200
    assert _post(client, game, "start_movement").status_code == 200

    def pirates_and_villages(state):
        ship_hex = ship_beside_pirates(SimpleNamespace(state=state), 0)
        state["ep_missions"]["pirates"] = {"hex": ship_hex, "seat": 1}
        for k, benefit in enumerate(("pirates_5", "pirates_4")):
            state["spices_for_catan"]["villages"][f"9{k},9"] = {"benefit": benefit, "sacks": 0, "crews": [0]}
    _edit(game, pirates_and_villages)
    mine = _page(phones[0], game)
    assert 'data-testid="ep-chase-' in mine and "Chase the pirates (4, 5, 6 win)" in mine
    assert "Chase the pirates (4, 5, 6 win)" in _page(client, game, "table")
    polish = _page(phones[0], game, language="pl")
    assert "Przegoń piratów (wygrywa 4, 5, 6)" in polish
