"""Web-test helpers the Traders & Barbarians scenarios share (Barbarian Attack, The Caravans,
Traders & Barbarians, Rivers, Fishermen): the new-game form with a scenario, an action posted
from a screen, the setup rounds on the first spots the table offers, the Fishermen's game on
the engine tests' board."""
import copy

from django.urls import reverse

from companion import engine, services
from companion.layers.traders_barbarians_scenarios.fishermen import rules as fish
from companion.models import Game, Record
from tests.engine.test_fishermen import G, LAYOUT, SEA_OF, far_corners

from .helpers import PLAYERS, host, new_game_form, state_of

TABLE = {"role": "table"}


def scenario_form(scenario: str, players=3, board="random", **extra) -> dict:
    return new_game_form(players, **{"board": board, "scenario": scenario, **extra})


def offered_and_made(client, scenario: str, form: dict, target: int) -> Game:
    """The home page offers `scenario`; its form makes a game of it, played to `target` points."""
    page = client.get(reverse("home")).content.decode()
    assert f'value="{scenario}"' in page
    response = client.post(reverse("new_game"), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get()
    assert game.config["scenario"] == scenario and game.config["target"] == target
    return game


def hosted_game(client, form: dict) -> Game:
    """The game the host's new-game form makes."""
    host(client)
    client.post(reverse("new_game"), form)
    return Game.objects.get()


def target_of_new_game(client, form: dict) -> int:
    """The points the new-game form's game is played to."""
    assert client.post(reverse("new_game"), form).status_code == 302
    return Game.objects.get().config["target"]


def assert_refused_without_a_board(client, form: dict) -> None:
    """The form with no board is refused (the scenario is played on one), and makes no game."""
    response = client.post(reverse("new_game"), {**form, "board": "none", "play_mode": "paper"})
    assert response.status_code == 422
    assert "played on a board" in response.content.decode()
    assert not Game.objects.exists()


def post_act(client, game, kind, role="table", **args):
    """An action posted as the screen `role` (its key unique, so that none is taken for a repeat)."""
    return client.post(reverse("act", args=[game.code]),
                       {"as": role, "type": kind, "idem": f"{kind}-{Record.objects.count()}-{sorted(args.items())}",
                        **args})


def _first_target(game, kind: str) -> str:
    return engine.view(state_of(game), engine.TABLE)["board"]["targets"][kind][0]


def setup_on_first_spots(game, neutrals=0, first_corner=None) -> None:
    """Setup tapped on the table: `neutrals` neutral settlements (Catan for two), then each
    player's two settlements and roads on the first spots offered (the very first settlement
    on `first_corner` when given), then the first roll (2+3)."""
    for _ in range(neutrals):
        services.perform(game, TABLE, "place_neutral", {"corner": _first_target(game, "neutral_settlement")})
    for i in range(2 * game.seats.count()):
        corner = first_corner if i == 0 and first_corner is not None else _first_target(game, "settlement")
        services.perform(game, TABLE, "place_settlement", {"corner": corner})
        services.perform(game, TABLE, "place_road", {"edge": _first_target(game, "road")})
    services.perform(game, TABLE, "roll", {"dice": [2, 3]})


def fishermen_game(play_mode="hands", seed=3):
    """The Fishermen on the engine tests' board (tests/engine/test_fishermen.py), set up with
    Celina's second settlement by the 6's fishing ground and Ala's by the 8's."""
    game = services.create_game({"rules": "base", "players": copy.deepcopy(PLAYERS), "target": 10,
                                 "dice_source": "typed", "board": "random", "play_mode": play_mode,
                                 "scenario": "fishermen", "board_layout": copy.deepcopy(LAYOUT)}, seed=seed)
    far = far_corners()

    def free(number):
        return next(c for c in fish.sea_corners(LAYOUT, SEA_OF[number])
                    if not any(c == o or c in G.corner_corners[o] for o in far))

    # Snake order: Ala, Bartek, Celina, Celina, Bartek, Ala.
    for corner in (far[0], far[1], far[2], free(6), far[3], free(8)):
        services.perform(game, TABLE, "place_settlement", {"corner": corner})
        state = state_of(game)
        edge = next(e for e in G.corner_edges[corner] if e not in state["board"]["pieces"]["roads"])
        services.perform(game, TABLE, "place_road", {"edge": edge})
    game.refresh_from_db()
    return game


def roll_eights_until_ala_holds_five_fish(game) -> None:
    """Every roll an 8 (Ala's settlement by the 8's fishing ground, fishermen_game, catches a
    token each time) until, in her turn, she holds 5 fish or more: a road's price."""
    for _ in range(12):
        services.perform(game, TABLE, "roll", {"dice": [4, 4]})
        state = state_of(game)
        if state["turn"]["seat"] == 0 and sum(state["fish"]["held"][0]) >= 5:
            return
        services.perform(game, TABLE, "end_turn")
    raise AssertionError("Ala never held 5 fish in her turn")
