"""The per-process caches that keep a push free of database queries, and what they must not do."""
import pytest

from companion import engine, services
from companion.models import Game

from .helpers import TABLE, finish_setup, new_game

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
