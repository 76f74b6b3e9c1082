"""A write on the newest state this process holds is one statement (PostgreSQL; two under
SQLite's write lock): the record appended and the version moved on only if the game is still
at the version the record was made from. Anything else (another process wrote first, a
refused action, a repeated tap, a snapshot due) goes the locked way, and nothing is lost,
doubled or replayed differently."""
import pytest

from companion import engine, services
from companion.models import Record
from companion.services import records

from .helpers import TABLE, finish_setup, new_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_state_cache():
    services.forget_cache()
    yield
    services.forget_cache()


def _writes(queries) -> list[str]:
    """The statements of a write, without the test transaction's savepoints."""
    return [q["sql"].split()[0].upper() for q in queries if "SAVEPOINT" not in q["sql"].upper()]


def _acted(game, django_capture_on_commit_callbacks, action="roll", actor=TABLE, key=None):
    with django_capture_on_commit_callbacks(execute=True):  # the cache learns it, as after a real commit
        return services.perform(game, actor, action, idempotency_key=key)


def test_a_write_on_the_newest_held_state_reads_nothing_first(django_capture_on_commit_callbacks,
                                                            django_assert_max_num_queries):
    game = new_game()
    finish_setup(game)
    services.current_state(game)  # held by this process
    with django_assert_max_num_queries(4) as queries, django_capture_on_commit_callbacks(execute=True):
        outcome = services.perform(game, TABLE, "roll")
    assert _writes(queries.captured_queries) == ["UPDATE", "INSERT"]
    assert outcome.version == game.version + 1 and not outcome.duplicate
    assert records.latest_cached(game)[0] == outcome.version


def test_a_write_after_another_process_wrote_goes_the_locked_way_and_loses_nothing(
        django_capture_on_commit_callbacks):
    game = new_game()
    finish_setup(game)
    held_version = services.current_state(game) and game.version
    # Another process writes: its commit never reaches this process's cache.
    other = game.__class__.objects.get(pk=game.pk)
    records._cache.pop(game.pk)
    services.perform(other, TABLE, "roll")
    records.remember_state(game, held_version, *records.state_at(game, held_version))
    assert records.latest_cached(game)[0] == held_version  # this process is one behind
    outcome = _acted(game, django_capture_on_commit_callbacks, "end_turn")
    assert outcome.version == held_version + 2
    seqs = list(Record.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(1, outcome.version + 1))
    # What this process holds now is what a replay of the records gives.
    game.refresh_from_db()
    held = records.latest_cached(game)
    services.forget_cache()
    replayed = services.current_state(game)
    assert held[0] == game.version and held[1] == replayed[0] and held[2] == replayed[1]
    assert replayed[0]["turn"]["number"] == 2


def test_a_repeated_key_on_the_newest_held_state_acts_once(django_capture_on_commit_callbacks):
    game = new_game()
    finish_setup(game)
    services.current_state(game)
    first = _acted(game, django_capture_on_commit_callbacks, "roll", key="tap-1")
    # Another action under the same key (a resent request): it acted once, nothing is written.
    again = _acted(game, django_capture_on_commit_callbacks, "end_turn", key="tap-1")
    assert again.duplicate and again.version == first.version
    assert Record.objects.filter(game=game).count() == first.version
    assert records.latest_cached(game)[0] == first.version


def test_a_refused_action_on_the_newest_held_state_says_why_and_writes_nothing(django_capture_on_commit_callbacks):
    game = new_game()
    finish_setup(game)
    services.current_state(game)
    with pytest.raises(engine.IllegalAction):
        _acted(game, django_capture_on_commit_callbacks, "end_turn")  # before the roll
    game.refresh_from_db()
    assert Record.objects.filter(game=game).count() == game.version


def test_a_long_game_written_the_short_way_replays_exactly_snapshots_included(django_capture_on_commit_callbacks):
    from tests.bench.corpus_tables import playable, tap

    config, seed, taps = playable("base_beginner_hands_4", 130)
    game = services.create_game(config, seed=seed)
    services.current_state(game)
    for screen_of, fields in taps:
        with django_capture_on_commit_callbacks(execute=True):
            tap(game, screen_of, fields)
    game.refresh_from_db()
    assert game.version > records.SNAPSHOT_EVERY
    assert game.snapshots.filter(seq=records.SNAPSHOT_EVERY).exists()  # written the locked way
    held = records.latest_cached(game)
    assert held[0] == game.version
    services.forget_cache()
    assert services.current_state(game) == (held[1], held[2])
