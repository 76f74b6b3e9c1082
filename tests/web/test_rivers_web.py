"""Rivers of Catan through the web: the new-game form's scenario (a generated board is
refused: the rivers are entered by hand), the board editor's river form and the swamp,
the rivers drawn on the board, every player's gold and titles on the table, a phone's own
gold with its buy form and the bridge sites to tap, paper mode's table forms, in English
and Polish."""
import copy

import pytest
from django.urls import reverse
from django.utils import translation

from companion import engine, services
from companion.models import Game
from tests.engine.test_rivers import BANKS, G, LAYOUT, SITES, corner_of, dry_spots

from .helpers import host, joined_phones, state_of
from .scenario_web import post_act as _post, scenario_form

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]

TABLE = {"role": "table"}



def _form(players=3, **extra):
    return scenario_form("rivers", players, **{"board": "manual", **extra})


_state = state_of


def _game(play_mode="hands", seed=5):
    """A game on the whole rivers board (given as it is: no board to enter)."""
    players = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"},
               {"name": "Celina", "color": "white"}]
    return services.create_game({"rules": "base", "players": players, "board": "random", "scenario": "rivers",
                                 "board_layout": copy.deepcopy(LAYOUT), "play_mode": play_mode,
                                 "dice_source": "typed", "target": 10}, seed=seed)


def _setup(game, river_first=True):
    """Setup: Ala's first settlement and road by river one; everything else away from it."""
    corner = corner_of("1,-1", "2,-1", "2,-2")
    road = next(e for e in G.corner_edges[corner] if e in BANKS)
    spots = [s for s in dry_spots(8) if not set(G.corner_corners[s[0]]) & {corner}][:5]
    for c, e in ([(corner, road)] if river_first else []) + spots[: 6 - river_first]:
        services.perform(game, TABLE, "place_settlement", {"corner": c})
        services.perform(game, TABLE, "place_road", {"edge": e})
    services.perform(game, TABLE, "roll", {"dice": [3, 3]})


def test_the_form_offers_rivers_and_refuses_a_generated_board(client):
    page = client.get(reverse("home")).content.decode()
    assert 'value="rivers"' in page and "Rivers of Catan" in page
    refused = client.post(reverse("new_game"), _form(board="random"))
    assert refused.status_code == 422
    assert "Enter the board laid out on the table" in refused.content.decode()
    assert not Game.objects.exists()
    assert client.post(reverse("new_game"), _form()).status_code == 302
    game = Game.objects.get()
    assert game.config["scenario"] == "rivers" and game.config["target"] == 10
    assert _state(game)["phase"] == "board"


def test_the_board_editor_marks_rivers_and_bridge_sites_and_offers_the_swamp(client):
    client.post(reverse("new_game"), _form())
    game = Game.objects.get()
    table = client.get(reverse("table", args=[game.code])).content.decode()
    # The editor's palette has the swamps (no desert), its number pad no "2" (it goes beside the 12).
    assert 'data-testid="terrain-swamp"' in table and 'data-testid="terrain-desert"' not in table
    assert 'data-testid="number-12"' in table and 'data-testid="number-2"' not in table
    # A path is one tap: each path has a target for either mode (along a river, a bridge site).
    assert 'data-testid="rivers-board"' in table and 'data-testid="mode-bridge"' in table
    assert table.count('data-testid="river-edge-target"') == table.count('data-testid="bridge-site-target"') == 72
    inland = SITES[0]
    assert f'"type": "set_river_edge", "edge": "{inland}", "piece": "bridge"' in table
    for h, cell in LAYOUT["hexes"].items():
        assert _post(client, game, "edit_hex", hex=h, terrain=cell["terrain"], number=cell["number"] or "").status_code == 200
    for e in BANKS:
        assert _post(client, game, "set_river_edge", edge=e, piece="river").status_code == 200
    for e in SITES:
        assert _post(client, game, "set_river_edge", edge=e, piece="bridge").status_code == 200
    state = _state(game)
    assert state["board"]["layout"]["hexes"]["-1,-1"]["extra_numbers"] == [2]
    assert state["board"]["layout"]["features"]["rivers"]["bridges"] == sorted(SITES)
    assert _post(client, game, "board_done").status_code == 200
    state = _state(game)
    assert state["phase"] == "setup" and state["board"]["robber"] in ("0,0", "1,-2")
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="rivers-layer"' in table and table.count('class="river-path"') == len(BANKS)


def test_a_refused_board_says_what_the_rivers_lack(client):
    client.post(reverse("new_game"), _form())
    game = Game.objects.get()
    for h, cell in LAYOUT["hexes"].items():
        _post(client, game, "edit_hex", hex=h, terrain=cell["terrain"], number=cell["number"] or "")
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "mark the 7 bridge sites" in table
    refused = _post(client, game, "board_done")
    assert refused.status_code == 422


def test_the_table_shows_every_players_gold_and_the_titles(client):
    game = _game()
    host(client, game)
    _setup(game)
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="gold-0">2<' in table and 'data-testid="gold-1">0<' in table
    assert 'data-testid="wealthiest"' in table and 'data-testid="poor-1"' in table and 'data-testid="poor-2"' in table
    assert "takes 1 gold for a settlement by the river" in table


def test_a_phone_buys_with_gold_and_sees_the_bridge_sites(client):
    game = _game()
    _setup(game)
    ala, bartek, _celina = joined_phones(game)
    page = ala.get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="my-gold"' in page and "Your gold: 2" in page
    assert 'data-testid="buy-with-gold"' in page
    assert _post(ala, game, "buy_with_gold", role="seat", resource="ore").status_code == 200
    state = _state(game)
    assert state["gold"]["held"][0] == 0
    # Bartek's phone has no buy form (not his turn), nor any bridge target.
    page = bartek.get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="buy-with-gold"' not in page and 'data-testid="bridge-target"' not in page
    # Give Ala a bridge site next to her road, and the cards for it.
    state = services.current_state(game)[0]
    assert _post(ala, game, "buy_with_gold", role="seat", resource="ore").status_code == 422  # no gold left


def test_a_bridge_tapped_on_the_phone(client):
    """Ala's second settlement between forest, pasture and hills (1 lumber, 1 wool, 1 brick)
    at a bridge site; a 10 brings her second brick: the bridge site is hers to tap."""
    game = _game()
    site = "1,-1|2,-1"
    corner = corner_of("2,-2", "1,-1", "2,-1")
    road = next(e for e in G.corner_edges[corner] if e != site and e not in SITES)
    spots = [s for s in dry_spots(10) if not {s[0], *G.corner_corners[s[0]]} & {corner}][:5]
    for c, e in spots + [(corner, road)]:
        services.perform(game, TABLE, "place_settlement", {"corner": c})
        services.perform(game, TABLE, "place_road", {"edge": e})
    services.perform(game, TABLE, "roll", {"dice": [4, 6]})
    state = _state(game)
    hand = state["players"][0]["hand"]
    assert hand["brick"] >= 2 and hand["lumber"] >= 1
    gold = state["gold"]["held"][0]
    ala, bartek, _celina = joined_phones(game)
    page = ala.get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="bridge-target"' in page and 'data-testid="bridge-hint"' in page
    assert 'data-testid="bridge-target"' not in bartek.get(reverse("seat", args=[game.code])).content.decode()
    assert _post(ala, game, "build_bridge", role="seat", edge=site).status_code == 200
    state = _state(game)
    assert state["rivers"]["bridges"] == {site: 0} and state["gold"]["held"][0] == gold + 3
    refused = _post(ala, game, "build_bridge", role="seat", edge=site)
    assert refused.status_code == 422 and "A bridge stands there already." in refused.content.decode()


def test_paper_mode_the_table_spends_and_moves_gold(client):
    game = _game(play_mode="paper")
    host(client, game)
    _setup(game)
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="buy-with-gold"' in table and 'data-testid="give-gold"' in table
    assert _post(client, game, "buy_with_gold", resource="grain").status_code == 200
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "pays 2 gold and takes 1 grain from the bank" in table
    state = _state(game)
    assert state["gold"]["held"] == [0, 0, 0]


def test_the_rivers_in_polish(client):
    game = _game()
    host(client, game)
    _setup(game)
    with translation.override("pl"):
        client.cookies["django_language"] = "pl"
        table = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Rzeki Catanu" in table and "Najbogatszy osadnik" in table and "Biedny osadnik" in table
    assert "złote monety" in table or "złotą monetę" in table


def test_gold_offered_on_one_phone_and_accepted_on_the_other(client):
    game = _game()
    _setup(game)
    ala, bartek, celina = joined_phones(game)
    state = _state(game)
    held = next(r for r, n in state["players"][1]["hand"].items() if n)
    assert 'data-testid="offer-gold"' in ala.get(reverse("seat", args=[game.code])).content.decode()
    response = _post(ala, game, "offer_gold", role="seat", to=1, give="gold", count=1, **{f"cards_{held}": 1})
    assert response.status_code == 200, response.content[:300]
    offer = _state(game)["gold"]["offers"][0]
    page = bartek.get(reverse("seat", args=[game.code])).content.decode()
    assert f'data-testid="accept-gold-{offer["id"]}"' in page
    assert f'data-testid="accept-gold-{offer["id"]}"' not in celina.get(reverse("seat", args=[game.code])).content.decode()
    assert _post(bartek, game, "answer_gold", role="seat", offer=offer["id"], answer="accept").status_code == 200
    state = _state(game)
    assert state["gold"]["held"] == [1, 1, 0] and not state["gold"]["offers"]
    # Bartek now holds as much as Ala: nobody is the wealthiest, Celina alone is poor.
    assert state["rivers"]["wealthiest"] is None and state["rivers"]["poor"] == [2]


def test_the_final_score_has_the_titles_rows(client):
    """Paper cards: Ala builds on until she wins; the final score lists the wealthiest
    settler's point and the poor settlers' minus two."""
    game = _game(play_mode="paper")
    host(client, game)
    _setup(game)
    for _ in range(60):
        state = _state(game)
        if state["phase"] == "finished":
            break
        targets = engine.view(state, engine.TABLE)["board"]["targets"]
        for kind, action, key in (("city", "build_city", "corner"), ("settlement", "build_settlement", "corner"),
                                  ("road", "build_road", "edge")):
            if targets.get(kind):
                services.perform(game, TABLE, action, {key: targets[kind][0]})
                break
    assert _state(game)["winner"] == 0
    table = client.get(reverse("table", args=[game.code])).content.decode()
    final = table[table.index("Final score"):]
    assert "Wealthiest settler" in final and "Poor settler" in final and "-2" in final


def test_every_rivers_line_and_refusal_is_worded_in_english_and_polish():
    """The scenario's own log kinds and refusal codes, and the gold layer's it plays with,
    with the parameters the engine writes (worded through every layer, as the screens do)."""
    from companion import messages
    from companion.engine import IllegalAction

    names = ["Ala", "Bartek", "Celina"]
    entries = [
        ("river_edge_set", None, {"edge": SITES[0], "river_kind": "bridge"}),
        ("river_edge_set", None, {"edge": SITES[0], "river_kind": None}),
        ("gold_earned", 0, {"gold": 1, "reason": "road", "where": "x", "total": 1}),
        ("gold_earned", 0, {"gold": 3, "reason": "bridge", "where": "x", "total": 4}),
        ("built_bridge", 0, {"edge": SITES[0]}),
        ("bought_with_gold", 0, {"resource": "ore", "gold": 2, "total": 2}),
        ("gold_traded", 0, {"gave": {"gold": 4}, "got": {"ore": 1}, "ratio": 4}),
        ("gold_traded", 0, {"gave": {"grain": 4}, "got": {"gold": 1}, "ratio": 4}),
        ("gold_given", 0, {"to": 1, "gold": 1}),
        ("gold_offered", 0, {"to": 1, "gold": 2, "cards": {"wool": 1}, "gold_by": 0, "offer": 1}),
        ("gold_offered", 0, {"to": 1, "gold": 2, "cards": {"wool": 1}, "gold_by": 1, "offer": 1}),
        ("gold_offer_closed", 0, {"offer": 1, "answer": "withdraw"}),
        ("gold_offer_closed", 1, {"offer": 1, "answer": "decline"}),
        ("gold_traded_players", 0, {"to": 1, "gold": 1, "cards": {"wool": 1}, "offer": 1}),
        ("rivers_titles", None, {"wealthiest": 0, "poor": [1, 2], "gold": [2, 0, 0]}),
        ("rivers_titles", None, {"wealthiest": None, "poor": [0, 1, 2], "gold": [0, 0, 0]}),
        ("rivers_titles", None, {"wealthiest": 0, "poor": [2], "gold": [2, 1, 0]}),
        ("wealthiest", 1, {"previous": 0, "gold": [1, 2, 0]}),
        ("wealthiest", None, {"previous": 0, "gold": [2, 2, 0]}),
        ("poor", None, {"seats": [2], "previous": [1, 2], "gold": [2, 1, 0]}),
        ("poor", None, {"seats": [0, 1, 2], "previous": [2], "gold": [1, 1, 1]}),
    ]
    codes = [("rivers_manual_board", {}), ("rivers_need_board", {}), ("rivers_base_only", {}),
             ("rivers_players", {}), ("river_unknown_edge", {}), ("bad_river_kind", {}),
             ("bridge_sites_count", {"expected": 7, "actual": 8}), ("road_closed", {"edge": "x"}),
             ("not_bridge_site", {}), ("bridge_site_taken", {}), ("no_bridges_left", {"limit": 3}),
             ("bridge_not_connected", {}), ("not_enough_gold", {"need": 2, "have": 1}),
             ("gold_buys_used", {"limit": 2}), ("gold_on_phone", {}), ("gold_trade_sides", {}),
             ("trade_with_active", {}), ("board_incomplete", {"problem": "bridge_sites_count"})]
    for language in ("en", "pl"):
        with translation.override(language):
            for kind, seat, params in entries:
                text = messages.log_text({"kind": kind, "seat": seat, "params": params}, names)
                assert text and "%(" not in text and "?" not in text, (language, kind, text)
            for code, params in codes:
                text = messages.refusal(IllegalAction(code, **params))
                assert text and "%(" not in text, (language, code, text)
    with translation.override("pl"):
        line = messages.log_text({"kind": "gold_earned", "seat": 0, "params": entries[3][2]}, names)
        assert line == "Ala dostaje 3 złote monety za most (ma teraz 4)."
