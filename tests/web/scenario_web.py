"""Web-test helpers the Traders & Barbarians scenarios share (Barbarian Attack, The Caravans,
Traders & Barbarians, Rivers, Fishermen): the new-game form with a scenario, an action posted
from a screen, the setup rounds on the first spots the table offers."""
from django.urls import reverse

from companion import engine, services
from companion.models import Game, Record

from .helpers import host, new_game_form, state_of

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


def setup_on_first_spots(game, neutrals=0) -> None:
    """Setup tapped on the table: `neutrals` neutral settlements (Catan for two), then each
    player's two settlements and roads on the first spots offered, then the first roll (2+3)."""
    for _ in range(neutrals):
        services.perform(game, TABLE, "place_neutral", {"corner": _first_target(game, "neutral_settlement")})
    for _ in range(2 * game.seats.count()):
        services.perform(game, TABLE, "place_settlement", {"corner": _first_target(game, "settlement")})
        services.perform(game, TABLE, "place_road", {"edge": _first_target(game, "road")})
    services.perform(game, TABLE, "roll", {"dice": [2, 3]})
