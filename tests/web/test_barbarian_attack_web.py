"""Barbarian Attack through the web: the new-game form's scenario (12 points, 13 with the
Harbormaster), the castle, the coast's barbarians and the panel on the table, a landing after
a city built from a phone, a knight card resolved on the buyer's phone (its tap targets only
there), the knights' moves at the end of the turn on the active phone only, the VP rows, in
English and Polish."""
import re

import pytest
from django.urls import reverse
from django.utils import translation

from companion import engine, services
from companion.layers.traders_barbarians_scenarios.barbarian_attack import rules as ba
from companion.models import Game

from .helpers import host, joined_phones, state_of
from .scenario_web import TABLE, assert_refused_without_a_board, hosted_game, offered_and_made, scenario_form
from .scenario_web import post_act as _post, setup_on_first_spots as _setup, target_of_new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]


def _form(players=3, **extra):
    return scenario_form("barbarian_attack", players, **extra)


def test_the_form_offers_barbarian_attack_and_plays_to_12(client):
    game = offered_and_made(client, "barbarian_attack", _form(), 12)
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
    assert target_of_new_game(client, _form(harbormaster="on")) == 13


def test_without_a_board_it_is_refused(client):
    assert_refused_without_a_board(client, _form())


def test_the_table_enters_its_deck_during_setup(client):
    game = hosted_game(client, _form(play_mode="paper"))
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="ba-deck-form"' in table and 'value="14"' in table
    response = _post(client, game, "set_barbarian_deck", deck_knighthood="12", deck_black_knight="4",
                     deck_treason="4", deck_intrigue="4")
    assert response.status_code == 200
    assert state_of(game)["barbarian_attack"]["deck"]["knighthood"] == 12


def test_a_city_brings_barbarians_and_a_knight_card_is_resolved_on_the_phone(client):
    game = hosted_game(client, _form(play_mode="paper"))
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
    game = hosted_game(client, _form(play_mode="paper"))
    with translation.override("pl"):
        table = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Atak barbarzyńców" in table and "barbarzyńców w puli" in table


def test_the_screens_draw_conquered_hexes_fallen_buildings_knights_and_the_vp_rows():
    from companion.layers.traders_barbarians_scenarios.barbarian_attack import screens
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


# ---------------------------------------------------------------- with Catan for two


def _setup_two(game):
    """Catan for two: each neutral colour's settlement first, then the players' setup."""
    for _ in range(2):
        targets = engine.view(state_of(game), engine.TABLE)["board"]["targets"]
        services.perform(game, TABLE, "place_neutral", {"corner": targets["neutral_settlement"][0]})
    _setup(game)
    services.perform(game, TABLE, "roll", {"dice": [4, 4]})  # the second roll, another total


def test_the_form_makes_a_two_player_game_with_catan_for_two_and_refuses_five(client):
    response = client.post(reverse("new_game"), _form(players=2, two_players="on"))
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.config["variants"] == {"two_players": True} and game.config["target"] == 12
    state = state_of(game)
    assert state["barbarian_attack"]["wandering"] is None and state["two"]["robber_off"] is True
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="ba-panel"' in table and 'data-testid="ba-wandering"' in table
    assert "comes with the first knight" in table
    response = client.post(reverse("new_game"), _form(players=5))
    assert response.status_code == 422 and Game.objects.count() == 1


def test_two_players_move_a_barbarian_for_trade_tokens_and_place_the_wandering_knight(client):
    game = hosted_game(client, _form(players=2, two_players="on", play_mode="paper"))
    phones = joined_phones(game)
    _setup_two(game)
    state = state_of(game)
    assert state["phase"] == "main" and state["turn"]["seat"] == 0
    mine = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="ba-move-barbarian"' in mine and 'data-testid="robber-to-desert"' not in mine
    # the form's own defaults are a move: its "to" starts on another hex than its "from"
    move_from = re.search(r'data-testid="ba-move-barbarian-from"><option value="([^"]+)"', mine).group(1)
    move_to = re.search(r'data-testid="ba-move-barbarian-to">.*?<option value="([^"]+)" selected', mine, re.S).group(1)
    assert move_from != move_to
    b = state["barbarian_attack"]
    source = sorted(b["barbarians"])[0]
    target = next(h for h in ba.coastal_hexes(state["board"]["layout"]) if h not in b["barbarians"])
    tokens = state["two"]["tokens"][0]
    assert _post(phones[0], game, "token_move_barbarian", role="seat", to=target, **{"from": source}).status_code == 200
    state = state_of(game)
    assert state["two"]["tokens"][0] == tokens - 1 and state["barbarian_attack"]["barbarians"][target] == 1
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "a barbarian moves from the coastal hex" in table
    response = _post(phones[0], game, "robber_to_desert", role="seat")
    assert "no robber in this scenario" in response.content.decode()
    # the first knight: the phone puts the wandering knight beside the castle
    for _ in range(40):
        state = state_of(game)
        if state["phase"] == ba.WANDER_PHASE:
            break
        if state["phase"] == "main":
            _post(phones[0], game, "buy_dev", role="seat")
        elif state["phase"] == ba.KNIGHT_PHASE:
            _post(phones[0], game, "place_knight", role="seat",
                  edge=engine.view(state, 0)["board"]["targets"]["knight"][0])
        elif state["phase"] == ba.INTRIGUE:
            _post(phones[0], game, "barbarian_intrigue", role="seat",
                  hex=sorted(state["barbarian_attack"]["barbarians"])[0])
        else:
            b = state["barbarian_attack"]
            coast = ba.coastal_hexes(state["board"]["layout"])
            standing = sorted(b["barbarians"])[:2]
            moving = len(standing) + min(2 - len(standing), b["pool"])
            targets = [h for h in coast if h not in standing and b["barbarians"].get(h, 0) < 3][:moving]
            _post(phones[0], game, "barbarian_treason", role="seat", sources=standing, targets=targets)
    assert state["phase"] == ba.WANDER_PHASE
    mine = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="ba-wandering-target"' in mine and 'data-testid="ba-wandering-hint"' in mine
    other = phones[1].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="ba-wandering-target"' not in other and "places the wandering knight" in other
    edge = engine.view(state, 0)["board"]["targets"]["wandering"][0]
    assert _post(phones[0], game, "place_wandering", role="seat", edge=edge).status_code == 200
    assert state_of(game)["barbarian_attack"]["wandering"] == edge
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="ba-wandering"' in table and "Wandering knight (either player" in table
    assert _post(phones[0], game, "end_turn", role="seat").status_code == 200
    assert state_of(game)["phase"] == ba.MOVES
    mine = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert "Wandering knight at" in mine
    with translation.override("pl"):
        mine = phones[0].get(reverse("seat", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Błędny rycerz na" in mine


def test_with_hands_on_phones_the_active_phone_moves_a_barbarian_for_tokens(client):
    game = hosted_game(client, _form(players=2, two_players="on", play_mode="hands"))
    phones = joined_phones(game)
    _setup_two(game)
    state = state_of(game)
    assert state["phase"] == "main" and state["turn"]["seat"] == 0
    mine = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    other = phones[1].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="ba-move-barbarian"' in mine and 'data-testid="ba-move-barbarian"' not in other
    assert 'data-testid="ba-wandering"' in other  # the scoreboard: the wandering knight still to come
    b = state["barbarian_attack"]
    source = sorted(b["barbarians"])[0]
    target = next(h for h in ba.coastal_hexes(state["board"]["layout"]) if h not in b["barbarians"])
    response = _post(phones[1], game, "token_move_barbarian", role="seat", to=target, **{"from": source})
    assert response.status_code != 500
    assert state_of(game)["barbarian_attack"]["barbarians"] == b["barbarians"]  # not their turn
    assert _post(phones[0], game, "token_move_barbarian", role="seat", to=target, **{"from": source}).status_code == 200
    state = state_of(game)
    assert state["barbarian_attack"]["barbarians"].get(target) == 1 and state["two"]["action_turn"] == 1
    mine = phones[0].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="ba-move-barbarian"' not in mine  # one token action a turn


def test_the_two_player_log_lines_and_refusals_in_english_and_polish():
    from companion.layers.traders_barbarians_scenarios.barbarian_attack import messages
    from companion.layers.options.catan_for_two import messages as two_messages
    from companion.machinery.errors import IllegalAction

    names = ["Ala", "Bartek"]
    token = {"kind": "tokens_earned", "seat": 0, "params": {"tokens": 1, "reason": "lost_knight", "due": 1}}
    beaten = {"kind": "barbarians_beaten", "seat": 0, "params": {"number": 9, "prisoners": {"0": 2, "-1": 1},
                                                                  "lost": [["e", 0]], "colour": "green"}}
    moved = {"kind": "barbarian_moved_for_tokens", "seat": 0,
             "params": {"tokens": 2, "number": 8, "to_number": 5, "conquered": ["h5"], "freed": ["h8"]}}
    with translation.override("en"):
        assert two_messages.log_text(token, names) == "Ala takes 1 trade token for a knight lost in the fight."
        assert "Prisoners: Ala 2, the wandering knight 1." in messages.log_text(beaten, names)
        assert messages.log_text(moved, names).startswith(
            "Ala pays 2 trade tokens: a barbarian moves from the coastal hex 8 to 5.")
        assert "beside the castle" in messages.refusal(IllegalAction("wandering_beside_castle"))
    with translation.override("pl"):
        assert two_messages.log_text(token, names) == "Ala bierze 1 żeton handlu za rycerza utraconego w walce."
        assert "błędny rycerz 1" in messages.log_text(beaten, names)
        assert "2 żetony handlu" in messages.log_text(moved, names)
        assert "błędny rycerz" in messages.refusal(IllegalAction("wandering_moves_last"))


def test_random_requests_to_a_two_player_game_never_fail_the_server():
    """test_scenario_fuzz's fuzzing, on Barbarian Attack with Catan for two: its own actions
    (the wandering knight, a barbarian moved for tokens, the neutral builds) included."""
    import random
    import secrets

    from django.test import Client

    from companion.machinery import hands

    from .test_fuzz import FIELDS, _check_consistent, junk
    from .test_scenario_fuzz import MORE_FIELDS

    rng = random.Random("ba-two-fuzz")
    game = services.create_game({"rules": "base", "players": [{"name": "Ala", "color": "red"},
                                                              {"name": "Bartek", "color": "blue"}],
                                 "dice_source": "typed", "board": "random", "play_mode": "hands",
                                 "scenario": "barbarian_attack", "variants": {"two_players": True}}, seed=9)
    clients = [host(Client(), game), *joined_phones(game), Client()]
    types = sorted(engine.rules_for(game.config).actions) + ["undo", "redo"]
    assert "place_wandering" in types and "token_move_barbarian" in types
    refused = 0
    for number in range(300):
        index = rng.randrange(len(clients))
        viewer = engine.TABLE if index == 0 else (index - 1 if index <= 2 else None)
        fields = {name: junk(rng) for name in rng.sample(FIELDS + MORE_FIELDS, rng.randint(0, 6))}
        fields["type"] = rng.choice(types) if rng.random() < 0.85 else junk(rng)
        if viewer is not None and rng.random() < 0.6:  # often something this screen may do now
            game.refresh_from_db()
            seen = services.view_for(game, viewer)
            fields["type"] = rng.choice(seen["allowed"] or types)
            places = [p for found in ((seen.get("board") or {}).get("targets") or {}).values() for p in found]
            if places and rng.random() < 0.7:
                fields[rng.choice(["corner", "edge", "hex", "from", "to"])] = rng.choice(places)
        fields["as"] = ("table" if index == 0 else "seat") if rng.random() < 0.9 else junk(rng)
        if fields["type"] == "roll" and rng.random() < 0.8:
            fields.update(die1=str(rng.randint(1, 6)), die2=str(rng.randint(1, 6)))
        fields.setdefault("idem", secrets.token_hex(8))
        response = clients[index].post(reverse("act", args=[game.code]), fields)
        assert response.status_code < 500, (number, fields["type"], response.status_code)
        if response.status_code == 422:
            refused += 1
            assert b'class="error"' in response.content  # a refusal says why
    _check_consistent(game)
    state, _history = services.current_state(game)
    for card in hands.RESOURCES:
        assert state["bank"][card] + sum(p["hand"][card] for p in state["players"]) == 19
    b = state["barbarian_attack"]
    assert b["pool"] + sum(b["barbarians"].values()) + sum(b["prisoners"]) + b["wandering_prisoners"] == 36
    assert sum(state["two"]["tokens"]) + state["two"]["pool"] == 20
    assert refused and game.version > 0
