"""The per-process caches that keep a push free of database queries, and what they must not do."""
import copy

import pytest

from companion import engine, services
from companion.models import Game

from .helpers import PLAYERS, TABLE, finish_setup, new_game

pytestmark = pytest.mark.django_db


def test_undo_and_redo_are_answered_without_a_query_once_the_actor_is_known(django_assert_num_queries):
    game = new_game(dice_source="typed")  # a typed roll showed nothing: its phone may undo it
    finish_setup(game)
    game = services.perform(game, {"seat": 0}, "roll", {"dice": [3, 4]}).game
    first = services.view_for(game, 0)  # may look the record up once
    assert first["can_undo"] and not first["can_redo"]
    with django_assert_num_queries(0):
        assert services.view_for(game, 0)["can_undo"]
        assert not services.view_for(game, 1)["can_undo"]  # only who entered it, or the table
        assert services.view_for(game, engine.TABLE)["can_undo"]


def test_a_restart_forgets_the_actors_and_finds_them_again():
    game = new_game(dice_source="typed")
    finish_setup(game)
    game = services.perform(game, {"seat": 0}, "roll", {"dice": [3, 4]}).game
    services.undo(game, {"seat": 0})
    game.refresh_from_db()
    services.forget_cache()
    assert services.view_for(game, 0)["can_redo"]
    assert not services.view_for(game, 2)["can_redo"]


def test_cached_state_belongs_to_its_game_even_if_a_pk_comes_back():
    game = new_game()
    finish_setup(game)
    services.current_state(game)
    impostor = Game(pk=game.pk, code="OTHER1", version=game.version)
    assert services.records._cached(impostor) is None
    assert services.latest_cached(impostor) is None


def test_history_copies_stay_independent_of_the_cached_one():
    game = new_game()
    finish_setup(game)
    _state, history = services.current_state(game)
    before = {key: list(seqs) for key, seqs in history.items()}
    services.perform(game, TABLE, "roll")
    assert history == before  # the write worked on its own copy


def test_a_state_loaded_again_shares_its_texts_and_its_rows_board_layout():
    # What each loaded game holds once per process, not once per game: its keys and names, and
    # the board layout its row already holds.
    games = []
    for seed in (7, 8):
        games.append(services.create_game({"rules": "base", "players": PLAYERS, "target": 10, "dice_source": "typed",
                                           "board": "beginner"}, seed=seed))  # its pieces placed: rolls next
    before = [services.current_state(game)[0] for game in games]
    services.forget_cache()
    loaded = []
    for game, state in zip(games, before):
        row = Game.objects.get(pk=game.pk)
        again = services.current_state(row)[0]
        assert again == state
        assert again["config"]["board_layout"] is row.config["board_layout"]
        loaded.append((row, again))
    (_, first), (_, second) = loaded
    assert first["players"] is not second["players"]
    key = next(iter(first["players"][0]))
    assert any(key is other for other in second["players"][0])
    names = [state["config"]["players"][0]["name"] for state in (first, second)]
    assert names == ["Ala", "Ala"] and names[0] is names[1]
    # The row's layout stays as it was through the actions played on the loaded state.
    row, _ = loaded[0]
    layout = copy.deepcopy(row.config["board_layout"])
    for dice in ([2, 3], [4, 4], [6, 5]):
        row = services.perform(row, TABLE, "roll", {"dice": dice}).game
        row = services.perform(row, TABLE, "end_turn").game
    assert loaded[0][0].config["board_layout"] == layout == Game.objects.get(pk=row.pk).config["board_layout"]
