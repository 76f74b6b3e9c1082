"""Barbarian Attack through the web: the new-game form's scenario (12 points, 13 with the
Harbormaster), the castle, the coast's barbarians and the panel on the table, a landing after
a city built from a phone, a knight card resolved on the buyer's phone (its tap targets only
there), the knights' moves at the end of the turn on the active phone only, the VP rows, in
English and Polish."""
import pytest
from django.urls import reverse
from django.utils import translation

from companion import engine, services
from companion.layers.barbarian_attack import rules as ba
from companion.models import Game, Record

from .helpers import host, joined_phones, new_game_form, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]

TABLE = {"role": "table"}


def _form(players=3, **extra):
    return new_game_form(players, **{"board": "random", "scenario": "barbarian_attack", **extra})


def _post(client, game, kind, role="table", **args):
    return client.post(reverse("act", args=[game.code]),
                       {"as": role, "type": kind, "idem": f"{kind}-{Record.objects.count()}-{sorted(args.items())}",
                        **args})


def _setup(game):
    for _ in range(2 * game.seats.count()):
        targets = engine.view(state_of(game), engine.TABLE)["board"]["targets"]
        services.perform(game, TABLE, "place_settlement", {"corner": targets["settlement"][0]})
        targets = engine.view(state_of(game), engine.TABLE)["board"]["targets"]
        services.perform(game, TABLE, "place_road", {"edge": targets["road"][0]})
    services.perform(game, TABLE, "roll", {"dice": [2, 3]})


def test_the_form_offers_barbarian_attack_and_plays_to_12(client):
    page = client.get(reverse("home")).content.decode()
    assert 'value="barbarian_attack"' in page
    assert client.post(reverse("new_game"), _form()).status_code == 302
    game = Game.objects.get()
    assert game.config["scenario"] == "barbarian_attack" and game.config["target"] == 12
    state = state_of(game)
    layout = state["board"]["layout"]
    assert ba.castle_of(layout) in ba.ring_corners("base") and state["board"]["robber"] is None
    assert ba.check_board(None, layout) == []
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="ba-layer"' in table and 'data-testid="ba-panel"' in table
    assert "34 barbarians in the pool" in table and "terrain-castle" in table
    assert table.count('data-testid="ba-barbarians"') == 2  # on the 2 and the 12
    assert 'data-testid="gold-scores"' in table  # every player's gold (the gold layer's)


def test_with_the_harbormaster_it_plays_to_13(client):
    assert client.post(reverse("new_game"), _form(harbormaster="on")).status_code == 302
    assert Game.objects.get().config["target"] == 13


def test_without_a_board_it_is_refused(client):
    response = client.post(reverse("new_game"), _form(board="none", play_mode="paper"))
    assert response.status_code == 422
    assert "played on a board" in response.content.decode()
    assert not Game.objects.exists()


def test_the_table_enters_its_deck_during_setup(client):
    host(client)
    client.post(reverse("new_game"), _form(play_mode="paper"))
    game = Game.objects.get()
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="ba-deck-form"' in table and 'value="14"' in table
    response = _post(client, game, "set_barbarian_deck", deck_knighthood="12", deck_black_knight="4",
                     deck_treason="4", deck_intrigue="4")
    assert response.status_code == 200
    assert state_of(game)["barbarian_attack"]["deck"]["knighthood"] == 12


def test_a_city_brings_barbarians_and_a_knight_card_is_resolved_on_the_phone(client):
    host(client)
    client.post(reverse("new_game"), _form(play_mode="paper"))
    game = Game.objects.get()
    phones = joined_phones(game)
    _setup(game)
    state = state_of(game)
    corner = next(c for c, s in state["board"]["pieces"]["settlements"].items() if s == 0)
    assert _post(phones[0], game, "build_city", role="seat", corner=corner).status_code == 200
    state = state_of(game)
    assert state["barbarian_attack"]["landing"]["seat"] == 0
    assert sum(state["barbarian_attack"]["barbarians"].values()) + state["barbarian_attack"]["pool"] == 36
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="ba-landing"' in table
    for _ in range(30):  # buy until a knight card comes (18 of the 26)
        assert _post(phones[0], game, "buy_dev", role="seat").status_code == 200
        state = state_of(game)
        if state["phase"] == ba.KNIGHT_PHASE:
            break
        if state["phase"] in (ba.TREASON, ba.INTRIGUE):
            if state["phase"] == ba.INTRIGUE:
                _post(phones[0], game, "barbarian_intrigue", role="seat",
                      hex=sorted(state["barbarian_attack"]["barbarians"])[0])
            else:
                b = state["barbarian_attack"]
                coast = ba.coastal_hexes(state["board"]["layout"])
                sources = sorted(b["barbarians"])[:2]
                targets = [h for h in coast if h not in sources and b["barbarians"].get(h, 0) < 3][:2]
                _post(phones[0], game, "barbarian_treason", role="seat", sources=sources, targets=targets)
            assert state_of(game)["phase"] == "main"
    assert state["phase"] == ba.KNIGHT_PHASE
    mine = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="ba-knight-target"' in mine and 'data-testid="ba-card"' in mine
    other = phones[1].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="ba-knight-target"' not in other
    edge = engine.view(state, 0)["board"]["targets"]["knight"][0]
    assert _post(phones[0], game, "place_knight", role="seat", edge=edge).status_code == 200
    state = state_of(game)
    assert state["barbarian_attack"]["knights"][edge] == 0
    assert _post(phones[0], game, "end_turn", role="seat").status_code == 200
    assert state_of(game)["phase"] == ba.MOVES
    mine = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="ba-moves"' in mine
    other = phones[1].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="ba-moves"' not in other
    response = _post(phones[0], game, "knights_done", role="seat")
    if edge in ba.castle_paths(state_of(game)):
        assert "must move away" in response.content.decode() or state_of(game)["phase"] == ba.MOVES
        options = engine.view(state_of(game), 0)["barbarian_attack"]["moves"][edge]
        _post(phones[0], game, "move_knight", role="seat", to=options[0][0], **{"from": edge})
        _post(phones[0], game, "knights_done", role="seat")
    assert state_of(game)["turn"]["seat"] == 1
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="ba-knight"' in table


def test_polish_words(client):
    host(client)
    client.post(reverse("new_game"), _form(play_mode="paper"))
    game = Game.objects.get()
    with translation.override("pl"):
        table = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Atak barbarzyńców" in table and "barbarzyńców w puli" in table


def test_the_screens_draw_conquered_hexes_fallen_buildings_knights_and_the_vp_rows():
    from companion.layers.barbarian_attack import screens
    from tests.engine.test_barbarian_attack import G, LAYOUT, Game, coastal, conquer

    game = Game()
    game.setup()
    state = game.state
    coast = ba.coastal_hexes(LAYOUT)
    corner = next(c for c, hs in G.corner_hexes.items() if len(hs) == 2 and set(hs) <= set(coast)
                  and c not in state["board"]["pieces"]["settlements"] and c not in state["board"]["pieces"]["cities"])
    state["board"]["pieces"]["settlements"][corner] = 1
    state["players"][1]["settlements"] += 1
    for h in G.corner_hexes[corner]:
        conquer(game, h)
    state["barbarian_attack"]["knights"][G.hex_edges[coastal(5)][0]] = 2
    view = engine.view(state, 1)
    context = screens.context(view, ["Ala", "Bartek", "Celina"], {"frame": "base", "size": 50})["barbarian_attack"]
    drawing = context["drawing"]
    assert [f["corner"] for f in drawing["fallen"]] == [corner]
    assert len(drawing["conquered"]) == 2 and len(drawing["knights"]) == 1
    assert context["players"][1]["lost_vp"] == 1 and context["conquered"] == 2
    assert view["me"]["vp_sources"]["conquered"] == -1
    assert str(screens.VP_SOURCES["conquered"]) == "Buildings conquered by the barbarians"
