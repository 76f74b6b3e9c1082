"""Fishermen of Catan through the web: the new-game form's scenario, the table's fish panel
and fishing grounds, a phone's own tokens and fish actions (posted as the phone does), the
tokens above 7, the old boot, the board entered by hand, in English and Polish; no phone
and no table screen shows another seat's fish."""
import copy
import re

import pytest
from django.urls import reverse
from django.utils import translation

from companion import engine, services
from companion.models import Game
from companion.layers.traders_barbarians_scenarios.fishermen import rules as fish
from companion.machinery import board as boards
from tests.engine.test_fishermen import LAYOUT

from .helpers import PLAYERS, TABLE, host, joined_phones, state_of
from .scenario_web import fishermen_game, offered_and_made, post_act, scenario_form, target_of_new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]


def _form(players=3, **extra):
    return scenario_form("fishermen", players, **extra)


_state = state_of


def _post(client, game, kind, role="seat", **args):  # here the phones act unless told
    return post_act(client, game, kind, role, **args)


def test_the_form_offers_the_scenario_and_lays_out_its_board(client):
    game = offered_and_made(client, "fishermen", _form(), 10)
    layout = game.config["board_layout"]
    assert sorted(layout["features"]["fishermen"]["grounds"].values()) == [4, 5, 6, 8, 9, 10]
    assert [h for h, x in layout["hexes"].items() if x["terrain"] == "lake"] and layout["robber"] is None
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="fish-panel"' in table and "fish pool: 30 tokens face down" in table
    assert "The old boot still lies in the pool." in table and 'data-testid="robber-off"' in table
    assert table.count('class="fishing-ground"') == 6 and "terrain-lake" in table


def test_harbormaster_adds_a_point_to_the_scenarios_target(client):
    assert target_of_new_game(client, _form(harbormaster="on")) == 11


def test_refused_with_cities_and_knights_and_without_a_board(client):
    response = client.post(reverse("new_game"), _form(rules="cities_knights"))
    assert response.status_code == 422 and "not with Cities &amp; Knights" in response.content.decode()
    response = client.post(reverse("new_game"), _form(board="none", play_mode="paper"))
    assert response.status_code == 422 and "needs the board" in response.content.decode()
    assert not Game.objects.exists()


def test_the_phone_shows_its_own_tokens_and_nobody_elses(client):
    game = fishermen_game()
    state = _state(game)
    tokens = state["fish"]["held"][2]
    assert len(tokens) == 1 or state["fish"]["boot"] == 2
    phones = joined_phones(game)
    mine = phones[2].get(reverse("seat", args=[game.code])).content.decode()
    other = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    table = host(client, game).get(reverse("table", args=[game.code])).content.decode()
    if tokens:
        assert 'data-testid="my-fish"' in mine and f'data-fish="{tokens[0]}"' in mine
        assert "catches 1 fish token (" in mine  # her own log line names the fish
    assert 'data-fish="' not in other and 'data-fish="' not in table
    for page in (other, table):
        assert "catches 1 fish token." in page or state["fish"]["boot"] == 2
        assert 'data-testid="fish-count-2"' in page


def test_spending_fish_from_the_phone(client):
    game = fishermen_game()
    ala = joined_phones(game)[0]
    host(client, game)
    # Every turn rolls an 8: Ala's settlement by the 8's ground catches a token each time.
    for _ in range(3):
        services.perform(game, TABLE, "roll", {"dice": [4, 4]})
        services.perform(game, TABLE, "end_turn")
    services.perform(game, TABLE, "roll", {"dice": [4, 4]})
    state = _state(game)
    held = state["fish"]["held"][0]
    assert state["turn"]["seat"] == 0 and state["phase"] == "main" and sum(held) >= 4, held
    page = ala.get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="fish-actions"' in page and 'data-testid="fish-resource"' in page
    assert 'data-testid="fish-robber"' not in page  # the robber is beside the board already
    if state["fish"]["boot"] == 0:  # this seed's draws bring Ala the old boot
        assert 'data-testid="my-boot"' in page and 'data-testid="vp-old-boot"' in page
        assert "you need 11 points to win" in page
        table = client.get(reverse("table", args=[game.code])).content.decode()
        assert 'data-testid="pass-boot"' in table and "old boot: needs 11" in table
    way = re.search(r'data-testid="fish-resource-([0-9,]+)"', page).group(1)
    refused = _post(client, game, "spend_fish", role="table", action="resource", tokens=way, resource="ore")
    assert refused.status_code == 422 and "own phone" in refused.content.decode()
    ore = state["players"][0]["hand"]["ore"]
    response = _post(ala, game, "spend_fish", action="resource", tokens=way, resource="ore")
    assert response.status_code == 200, response.content.decode()[:500]
    after = _state(game)
    assert after["players"][0]["hand"]["ore"] == ore + 1 and len(after["fish"]["held"][0]) == len(held) - len(way.split(","))
    assert sum(after["fish"]["face_up"].values()) == len(way.split(","))
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "fish) for ore from the bank." in table or "for ore from the bank" in table


def test_the_table_screen_enters_a_fishing_ground_by_hand(client):
    host(client)
    blank = boards.empty_board("base")
    blank["harbours"] = dict(LAYOUT["harbours"])
    game = services.create_game({"rules": "base", "players": copy.deepcopy(PLAYERS), "target": 10,
                                 "dice_source": "typed", "board": "manual", "play_mode": "hands",
                                 "scenario": "fishermen"}, seed=1)
    host(client, game)
    table = client.get(reverse("table", args=[game.code])).content.decode()
    spots = re.findall(r'data-testid="ground-spot-([^"]+)"', table)
    assert len(spots) == 6
    for h, cell in LAYOUT["hexes"].items():  # the terrain and numbers first: then the grounds are missing
        services.perform(game, TABLE, "edit_hex", {"hex": h, "terrain": cell["terrain"], "number": cell["number"] or ""})
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "Six fishing grounds go on the frame" in table
    editor = client.get(reverse("board_editor", args=[game.code]) + f"?sea={spots[0]}").content.decode()
    assert 'data-testid="fishing-ground-form"' in editor and 'name="sea"' in editor
    response = _post(client, game, "set_fishing_ground", role="table", sea=spots[0], number="8")
    assert response.status_code == 200
    assert fish.grounds(_state(game)["board"]["layout"]) == {spots[0]: 8}
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-number="8"' in table
    assert 'data-testid="terrain-lake"' in table  # the board editor's palette has the lake


def test_the_fish_panel_in_polish(client):
    game = fishermen_game()
    host(client, game)
    with translation.override("pl"):
        client.cookies["django_language"] = "pl"
        table = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Rybacy z Catanu" in table and "pula ryb:" in table
    assert "Złodziej stoi obok planszy" in table


def test_above_seven_tokens_the_phone_picks_and_the_table_may_answer(client):
    game = fishermen_game()
    ala = joined_phones(game)[0]
    host(client, game)
    for _ in range(8):  # Ala's settlement by the 8's ground: a token on every 8
        state = _state(game)
        if state["phase"] == "fish_return":
            break
        services.perform(game, TABLE, "roll", {"dice": [4, 4]})
        if _state(game)["phase"] == "main":
            services.perform(game, TABLE, "end_turn")
    state = _state(game)
    assert state["phase"] == "fish_return" and state["pending"] == [{"seat": 0, "kind": "fish_return"}]
    page = ala.get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="fish-return-form"' in page and "pick 1 to give back" in page
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "holds more than 7 fish tokens" in table and 'data-testid="fish-return-table-0"' in table
    smallest = state["fish"]["held"][0][0]
    response = _post(client, game, "fish_return", role="table", seat="0")
    assert response.status_code == 200
    after = _state(game)
    assert len(after["fish"]["held"][0]) == 7 and after["phase"] == "main"
    assert after["fish"]["face_up"][str(smallest)] == 1
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "1 face up" in table and "may hold 7 fish tokens and gives back 1" in table


def test_a_phone_in_polish_names_its_fish_and_actions():
    game = fishermen_game()
    celina = joined_phones(game)[2]
    for _ in range(2):  # Celina's settlement by the 6's ground: a token on every 6
        services.perform(game, TABLE, "roll", {"dice": [3, 3]})
        services.perform(game, TABLE, "end_turn")
    services.perform(game, TABLE, "roll", {"dice": [3, 3]})
    state = _state(game)
    assert state["turn"]["seat"] == 2
    celina.cookies["django_language"] = "pl"
    page = celina.get(reverse("seat", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    count = len(state["fish"]["held"][2])
    assert f"Twoje żetony ryb: {count}" in page and "najwyżej 7" in page
    if sum(state["fish"]["held"][2]) >= 3:
        assert "zapłać" in page and "Kradzież losowego surowca przeciwnikowi" in page
    assert "łowi" in page  # the log: Celina catches fish


def test_catan_for_two_with_the_fishermen_five_tokens_each_and_no_trade_tokens(client):
    response = client.post(reverse("new_game"), _form(players=2, two_players="on"))
    assert response.status_code == 302, response.content.decode()[:1500]
    game = Game.objects.get()
    state = _state(game)
    assert state["fish"]["held"] == [[1, 1, 2, 2, 3], [1, 1, 2, 2, 3]]
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "fish pool: 20 tokens face down" in table and "5 fish tokens" in table
    assert 'data-testid="tokens-0"' not in table  # no trade tokens
    games = re.search(r'keys=scenario%3Afishermen&amp;games=([^&"]+)', table).group(1)
    assert "traders-barbarians" in games  # the rule links open the scenario's own entries


@pytest.mark.parametrize("board", ["random", "balanced", "beginner"])
def test_newgame_command_lays_out_the_scenarios_board(board):
    """`newgame --scenario fishermen` on every generated board: the lake inland, six grounds."""
    from django.core.management import call_command

    call_command("newgame", "--players", "Ala:red,Bartek:blue,Celina:white", "--scenario", "fishermen",
                 "--board", board, "--seed", "4", "--json", stdout=open("/dev/null", "w"))
    game = Game.objects.get()
    layout = game.config["board_layout"]
    assert game.config["scenario"] == "fishermen" and game.config["target"] == 10
    lake = [h for h, x in layout["hexes"].items() if x["terrain"] == "lake"]
    assert len(lake) == 1 and not fish.on_coast(layout, lake[0]) and layout["robber"] is None
    assert sorted(fish.grounds(layout).values()) == [4, 5, 6, 8, 9, 10]
    assert _state(game)["board"]["robber"] is None


def test_a_balanced_boards_reasons_are_those_of_the_board_after_the_lake_moved_inland():
    """A balanced board whose desert lay on the coast: the lake trades places with an inland
    hex, which can put two equal numbers side by side. The reasons the table screen gives are
    worked out again on the board as laid, and a check the swap broke is no longer claimed."""
    from companion.messages import balance_reasons

    config = {"players": [dict(p) for p in PLAYERS[:3]], "board": "balanced", "scenario": "fishermen"}
    for seed in range(400):
        drawn = services.lay_out_board({**config, "scenario": None}, engine.seeded_secret(seed))
        laid = services.lay_out_board(config, engine.seeded_secret(seed))
        if not all(reason["ok"] for reason in laid["board_balance"]):
            break
    else:
        raise AssertionError("no seed where moving the lake breaks a balance check")
    assert all(reason["ok"] for reason in drawn["board_balance"])  # true of the board drawn
    assert laid["board_balance"] == boards.balance_report(laid["board_layout"])
    claimed = balance_reasons(laid["board_balance"])
    assert len(claimed) == sum(1 for reason in laid["board_balance"] if reason["ok"]) < 5
    with translation.override("en"):
        broken = {r["check"] for r in laid["board_balance"] if not r["ok"]}
        if "equal_numbers_apart" in broken:
            assert "No two neighbouring hexes carry the same number." not in balance_reasons(laid["board_balance"])
