"""Every write to a game: an action, undo, redo. Each runs in one transaction that locks the
game row, appends one record and moves the version on; the broadcast to every screen goes out
on commit, carrying only the game id and version. Screens then render their own viewer's view.
"""
import contextlib
import copy
import json

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from companion import engine
from companion.engine import IllegalAction
from companion.models import Game, Record, Snapshot
from companion.services.broadcast import broadcast
from companion.services.seats import Authority
from companion.services.records import (SNAPSHOT_EVERY, Outcome, advance_record, latest_cached, remember_state,
                                        current_state, record_lookup, remember_actor)


# ---------------------------------------------------------------- acting


def perform(game: Game, actor: dict, action_type: str, args: dict | None = None,
            idempotency_key: str | None = None, authority: Authority | None = None) -> Outcome:
    """Validate and apply one action; raises IllegalAction with the engine's reason.
    `authority`: whom the screen acts for, checked by the write itself (NotAuthorized)."""
    action = {"type": action_type, "actor": actor, "args": args or {}}
    return _write(game, idempotency_key, lambda g, history: ("action", {"action": action, "outcome": {}}), authority)


def command(game: Game, actor: dict, action_type: str, args: dict | None = None,
            idempotency_key: str | None = None, authority: Authority | None = None) -> Outcome:
    """A screen's command, posted or sent over its websocket: undo, redo or an action."""
    if action_type == "undo":
        return undo(game, actor, idempotency_key, authority)
    if action_type == "redo":
        return redo(game, actor, idempotency_key, authority)
    return perform(game, actor, action_type, args, idempotency_key, authority)


def undo(game: Game, actor: dict, idempotency_key: str | None = None, authority: Authority | None = None) -> Outcome:
    return _revert(game, actor, idempotency_key, "undo", engine.can_undo, "effective", "nothing_to_undo", authority)


def redo(game: Game, actor: dict, idempotency_key: str | None = None, authority: Authority | None = None) -> Outcome:
    return _revert(game, actor, idempotency_key, "redo", engine.can_redo, "undone", "nothing_to_redo", authority)


def _revert(game: Game, actor: dict, idempotency_key: str | None, kind: str, allowed, stack: str,
            refusal: str, authority: Authority | None) -> Outcome:
    """An undo or a redo record: it targets the last record of the history's `stack`."""
    def revert_record(g: Game, history: dict):
        if not allowed(history, record_lookup(g), actor):
            _refuse_revealing(g, history, stack, actor)
            raise IllegalAction(refusal)
        return kind, {"target": history[stack][-1], "actor": actor}

    return _write(game, idempotency_key, revert_record, authority)


def _refuse_revealing(game: Game, history: dict, stack: str, actor: dict) -> None:
    """Say why a player may not revert their own action: it showed something hidden."""
    if not history[stack] or "seat" not in actor:
        return
    target = history[stack][-1]
    if engine.revealed(history, target) and record_lookup(game)(target)["action"]["actor"].get("seat") == actor["seat"]:
        raise IllegalAction("undo_revealed")


def _write(game: Game, idempotency_key: str | None, make_record, authority: Authority | None = None) -> Outcome:
    idempotency_key = (idempotency_key or "")[:64] or None
    written = _write_on_the_newest_held(game, idempotency_key, make_record, authority)
    if written is not None:
        return written
    try:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game.pk)
            if authority is not None:
                authority.check(game)  # before anything is made: a refusal's reason is for the players only
            seq = game.version + 1
            try:
                record, state, history = _made(game, *current_state(game), make_record)
            except IllegalAction:
                # A repeated tap is usually refused by the state its first tap made: say it acted once.
                # (A repeat that is still legal fails on the key's unique index below, as a race does.)
                if idempotency_key and game.records.filter(idempotency_key=idempotency_key).exists():
                    return Outcome(game, game.version, duplicate=True)
                raise
            Record.objects.create(game=game, seq=seq, kind=record["kind"], payload=_payload(record),
                                  idempotency_key=idempotency_key)
            game.version = seq
            game.phase = state["phase"]
            game.save(update_fields=["version", "phase", "updated_at"])
            if seq % SNAPSHOT_EVERY == 0:
                Snapshot.objects.create(game=game, seq=seq, state=state, history=history)
            _on_commit(game, record, state, history)
    except IntegrityError:
        # Two requests with one key raced: the other one acted.
        game.refresh_from_db()
        return Outcome(game, game.version, duplicate=True)
    return Outcome(game, game.version)


def _write_on_the_newest_held(game: Game, idempotency_key: str | None, make_record,
                              authority: Authority | None) -> Outcome | None:
    """The write in one statement, when this process holds the game's newest state: the record
    is appended and the version moved on only if the game is still at the version the record
    was made from (no lock and no read first). None: leave it to the locked write, which reads
    the game's row: another process wrote meanwhile, the action was refused here (the locked
    write says why from the newest version, or that a repeated tap acted once), or a snapshot
    is due, or the authority no longer holds (the locked write says so)."""
    held = latest_cached(game)
    if held is None:
        return None
    version, state, history = held
    seq = version + 1
    if seq % SNAPSHOT_EVERY == 0:
        return None
    at = copy.copy(game)  # the game's row as of the version held
    at.version = version
    try:
        record, state, history = _made(at, state, history, make_record)
    except IllegalAction:
        return None
    try:
        moved = _append(at, seq, record["kind"], _payload(record), idempotency_key, state["phase"], authority)
    except IntegrityError:
        # The version moved on only with the record: this key has acted already.
        game.refresh_from_db()
        return Outcome(game, game.version, duplicate=True)
    if not moved:
        return None
    at.version, at.phase = seq, state["phase"]
    _on_commit(at, record, state, history)
    return Outcome(at, seq)


def _made(game: Game, state: dict, history: dict, make_record) -> tuple[dict, dict, dict]:
    """The next record (`game` at the version of `state`) and the state and history after it;
    raises IllegalAction. Live, chance draws from the game's secret and the outcomes land in
    the record."""
    # The history holds only seqs (ints): a shallow copy of its lists is a full copy, and a
    # deep copy grew with the game's length.
    state, history = engine.copy_state(state), {key: list(seqs) for key, seqs in history.items()}
    kind, payload = make_record(game, history)
    record = {"seq": game.version + 1, "kind": kind, **payload}
    state = advance_record(game, state, history, record, engine.Chance(bytes(game.secret)))
    return record, state, history


def _payload(record: dict) -> dict:
    return {k: v for k, v in record.items() if k not in ("seq", "kind", "original")}


def _on_commit(game: Game, record: dict, state: dict, history: dict) -> None:
    """Once the record is committed: this process holds the new state and every screen hears of it."""
    seq = record["seq"]
    if record["kind"] == "action":
        actor = record["action"]["actor"]
        transaction.on_commit(lambda: remember_actor(game, seq, actor))
    transaction.on_commit(lambda: _committed(game, state, history))


# PostgreSQL: the version check (and the authority's), the version moved on and the record appended, as one statement.
_APPEND = """WITH moved AS (UPDATE {game} SET version = %s, phase = %s, updated_at = %s
                            WHERE id = %s AND version = %s AND {authority} RETURNING id)
INSERT INTO {record} (game_id, seq, kind, payload, idempotency_key, created_at)
SELECT id, %s, %s, %s::jsonb, %s, %s FROM moved"""


def _append(game: Game, seq: int, kind: str, payload: dict, idempotency_key: str | None, phase: str,
            authority: Authority | None = None) -> bool:
    """Append the record at `seq` if the game is still at seq - 1 (and the authority holds); False if not."""
    now = timezone.now()
    if connection.vendor == "postgresql":
        held, held_params = authority.where(game.pk) if authority is not None else ("TRUE", [])
        sql = _APPEND.format(game=connection.ops.quote_name(Game._meta.db_table),
                             record=connection.ops.quote_name(Record._meta.db_table), authority=held)
        params = [seq, phase, now, game.pk, seq - 1, *held_params, seq, kind, json.dumps(payload), idempotency_key, now]
        # In a caller's transaction (tests), a savepoint keeps it usable when the key repeats.
        with transaction.atomic() if connection.in_atomic_block else contextlib.nullcontext():
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
                return cursor.rowcount == 1
    with transaction.atomic():  # SQLite: no UPDATE inside WITH; two statements under its write lock
        rows = Game.objects.filter(pk=game.pk, version=seq - 1)
        if authority is not None:
            rows = rows.filter(authority.condition())
        if not rows.update(version=seq, phase=phase, updated_at=now):
            return False
        Record.objects.create(game=game, seq=seq, kind=kind, payload=payload, idempotency_key=idempotency_key)
    return True


def _committed(game: Game, state: dict, history: dict) -> None:
    remember_state(game, game.version, state, history)
    broadcast(game)

