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


def _one_write() -> list[str]:
    """The statements of the write in one: PostgreSQL's one, or SQLite's two under its write lock."""
    from django.db import connection

    return ["WITH"] if connection.vendor == "postgresql" else ["UPDATE", "INSERT"]


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
    assert _writes(queries.captured_queries) == _one_write()
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


# ---------------------------------------------------------------- whom a write acts for

SEAT_0 = {"seat": 0}


def _bound(game, index: int, session_key: str) -> None:
    game.seats.filter(index=index).update(session_key=session_key)


@pytest.mark.parametrize("held", [True, False], ids=["newest held: one statement", "locked way"])
def test_a_write_acts_only_while_its_authority_holds_and_a_refused_one_writes_nothing(
        held, django_capture_on_commit_callbacks, django_assert_max_num_queries):
    game = new_game()
    finish_setup(game)
    _bound(game, 0, "phone-of-ala")
    game.refresh_from_db()
    refused = [
        (SEAT_0, services.Authority.of_seat(0, "another-phone")),  # the seat went to another device
        (SEAT_0, services.Authority.of_seat(0, "")),  # no session at all
        (SEAT_0, services.Authority.of_seat(1, "phone-of-ala")),  # not the seat this phone holds
        (TABLE, services.Authority.of_table(game.table_generation + 1)),  # not this table generation
        (TABLE, services.Authority.of_table(game.table_generation - 1)),  # a replaced key's
    ]
    for actor, authority in refused:
        services.forget_cache()
        if held:
            services.current_state(game)
        with pytest.raises(services.NotAuthorized), django_capture_on_commit_callbacks(execute=True):
            services.command(game, actor, "roll", authority=authority)
        assert Record.objects.filter(game=game).count() == game.version == game.__class__.objects.get(pk=game.pk).version
    for actor, authority in [(SEAT_0, services.Authority.of_seat(0, "phone-of-ala")),
                             (TABLE, services.Authority.of_table(game.table_generation))]:
        services.forget_cache()
        if held:
            services.current_state(game)
        with django_assert_max_num_queries(4 if held else 12) as queries, \
                django_capture_on_commit_callbacks(execute=True):
            outcome = services.command(game, actor, "roll", authority=authority)
        if held:  # the check is part of the write: nothing is read first
            assert _writes(queries.captured_queries) == _one_write()
        assert outcome.version == game.version + 1 and not outcome.duplicate
        services.undo(game, TABLE)
        game.refresh_from_db()


def test_the_authoritys_sql_selects_the_rows_its_filter_does():
    # PostgreSQL's one-statement write takes the SQL form (Authority.where), SQLite's the filter
    # (Authority.condition): the same rule, checked on both forms against the same rows.
    from django.db import connection

    game = new_game()
    other = new_game(seed=8)
    _bound(game, 0, "phone-of-ala")
    _bound(other, 1, "phone-of-ala")
    game.refresh_from_db()
    authorities = [services.Authority.of_seat(seat, key) for seat in (0, 1, 2) for key in ("phone-of-ala", "x", "")]
    authorities += [services.Authority.of_table(generation) for generation in (-1, 0, 1)]
    allowed = 0
    for authority in authorities:
        for row in (game, other):
            by_filter = row.__class__.objects.filter(pk=row.pk).filter(authority.condition()).exists()
            sql, params = authority.where(row.pk)
            with connection.cursor() as cursor:
                cursor.execute(f"SELECT COUNT(*) FROM {row._meta.db_table} WHERE id = %s AND {sql}", [row.pk, *params])
                by_sql = cursor.fetchone()[0] == 1
            assert by_filter == by_sql, (authority, row.code)
            allowed += by_filter
    assert allowed == 4  # Ala's seat in each game, and the table of each (generation 0)
