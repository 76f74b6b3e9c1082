"""Fuzzing each scenario's game the way test_fuzz.py fuzzes the base game: random and
mutated posts of its own actions and fields (fish tokens, camel bids, bridges, gold...)
from the table, the phones and a stranger never cause a server error, every refusal says
why, and after them the records still replay to the state the server holds, with every
card, fish token and coin accounted for."""
import random
import secrets

import pytest
from django.test import Client
from django.urls import reverse

from companion import engine, services
from companion.web.forms import LAYER_FIELDS, LAYER_LISTS
from companion.machinery import hands
from tests.engine.test_rivers import rivers_layout
from tests.engine.test_traders_barbarians import tb_layout

from .helpers import PLAYERS, host, joined_phones
from .test_fuzz import FIELDS, _check_consistent, junk

REQUESTS = 700
MANUAL = {"rivers": rivers_layout, "traders_barbarians": tb_layout}
MORE_FIELDS = [*LAYER_FIELDS, *LAYER_LISTS, "cards_grain", "cards_wool", "piece", "action", "tokens", "sea"]


def _scenario_game(scenario: str):
    config = {"rules": "base", "players": PLAYERS, "dice_source": "typed", "board": "random", "play_mode": "hands",
              "scenario": scenario}
    if scenario in MANUAL:  # entered by hand (the rulebook gives only a picture): as a table entered it
        config["board_layout"] = MANUAL[scenario]()
    return services.create_game(config, seed=9)


def _held(state: dict) -> tuple:
    """The scenario's own goods, for the record: fish tokens, gold, camels."""
    return (state.get("fish"), (state.get("gold") or {}).get("held"), (state.get("caravans") or {}).get("camels"))


@pytest.mark.django_db
@pytest.mark.parametrize("scenario", ["fishermen", "rivers", "caravans", "barbarian_attack", "traders_barbarians"])
def test_random_requests_to_a_scenario_game_never_fail_the_server(scenario):
    rng = random.Random(f"scenario-fuzz-{scenario}")
    game = _scenario_game(scenario)
    clients = [host(Client(), game), *joined_phones(game), Client()]
    types = sorted(engine.rules_for(game.config).actions) + ["undo", "redo"]
    fields_pool = FIELDS + MORE_FIELDS
    refused = 0
    for number in range(REQUESTS):
        index = rng.randrange(len(clients))
        client = clients[index]
        viewer = engine.TABLE if index == 0 else (index - 1 if index <= len(PLAYERS) else None)
        fields = {name: junk(rng) for name in rng.sample(fields_pool, rng.randint(0, 6))}
        fields["type"] = rng.choice(types) if rng.random() < 0.85 else junk(rng)
        if viewer is not None and rng.random() < 0.6:  # often something this screen may do now
            game.refresh_from_db()
            view = services.view_for(game, viewer)
            fields["type"] = rng.choice(view["allowed"] or types)
            targets = (view.get("board") or {}).get("targets") or {}
            places = [place for found in targets.values() for place in found]
            if places and rng.random() < 0.7:  # a place the board offers this screen
                fields[rng.choice(["corner", "edge", "hex", "sea"])] = rng.choice(places)
        fields["as"] = ("table" if index == 0 else "seat") if rng.random() < 0.9 else junk(rng)
        if fields["type"] == "roll" and rng.random() < 0.8:
            fields.update(die1=str(rng.randint(1, 6)), die2=str(rng.randint(1, 6)))
        fields.setdefault("idem", secrets.token_hex(8))
        response = client.post(reverse("act", args=[game.code]), fields)
        assert response.status_code < 500, (number, fields["type"], response.status_code)
        if response.status_code == 422:
            refused += 1
            assert b'class="error"' in response.content  # a refusal says why
        if number % 100 == 0:
            _check_consistent(game)
    _check_consistent(game)
    state, _history = services.current_state(game)
    if scenario == "fishermen":  # 29 tokens and the old boot, wherever they are
        fish = state["fish"]
        assert sum(fish["pool"].values()) + sum(fish["face_up"].values()) + sum(len(h) for h in fish["held"]) \
            + (1 if fish["boot"] is not None else 0) == 30
    for card in hands.RESOURCES:
        assert state["bank"][card] + sum(p["hand"][card] for p in state["players"]) == 19
    assert refused > REQUESTS // 20 and game.version > 0, (refused, game.version, _held(state))
    print(f"{scenario} fuzz: {REQUESTS} requests, {refused} refused with a reason, version {game.version}")
