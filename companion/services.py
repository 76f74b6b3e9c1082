"""The only bridge between the database and the engine. Every write goes through here.

Each write runs in one transaction that locks the game row, appends records and moves
the version on; the broadcast to every screen goes out on commit, carrying only the
game id and version. Screens then render their own viewer's view.
"""
import asyncio
import copy
import logging
import secrets
from collections import OrderedDict
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from threading import Lock

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, transaction
from django.utils import timezone

from . import engine
from .engine import IllegalAction
from .engine import story as engine_story
from .machinery import board as board_model
from companion.layers.base.rules import check_table
from .models import DiceReaderStatus, Game, Record, Seat, Snapshot, new_token

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 50
TABLE = {"role": "table"}
DEVICE = {"role": "device"}


@dataclass
class Outcome:
    game: Game
    version: int
    duplicate: bool = False


# ---------------------------------------------------------------- the in-process cache

# game pk -> (code, version, state, history). The code guards against a pk reused after
# a rolled-back transaction (tests do that): a cached state must be this game's.
_cache: dict[int, tuple[str, int, dict, dict]] = {}
_cache_lock = Lock()
# game pk -> (code, {seq: actor of that action record}): undo and redo ask who entered the
# latest effective (or undone) action on every view; records never change, so their
# actors are kept here instead of being looked up in the database each time.
_actors: dict[int, tuple[str, dict[int, dict]]] = {}
ACTORS_KEPT = 256


def _cached(game: Game):
    with _cache_lock:
        hit = _cache.get(game.pk)
    if hit and hit[0] == game.code and hit[1] == game.version:
        return hit[2], hit[3]
    return None


def _remember(game: Game, version: int, state: dict, history: dict) -> None:
    with _cache_lock:
        hit = _cache.get(game.pk)
        if hit is None or hit[0] != game.code or hit[1] <= version:
            _cache[game.pk] = (game.code, version, state, history)


def latest_cached(game: Game):
    """(version, state, history) of the newest state this process holds for the game, or None.

    Read-only, like current_state's. The websocket consumers render from it: no query per push.
    """
    with _cache_lock:
        hit = _cache.get(game.pk)
    if hit and hit[0] == game.code:
        return hit[1], hit[2], hit[3]
    return None


def _remember_actor(game: Game, seq: int, actor: dict) -> None:
    with _cache_lock:
        known = _actors.get(game.pk)
        if known is None or known[0] != game.code:
            known = _actors[game.pk] = (game.code, {})
        known[1][seq] = actor
        if len(known[1]) > ACTORS_KEPT:  # undo reaches back far only rarely: drop the oldest
            for old in sorted(known[1])[: len(known[1]) - ACTORS_KEPT // 2]:
                del known[1][old]


def _known_actor(game: Game, seq: int):
    with _cache_lock:
        known = _actors.get(game.pk)
        if known and known[0] == game.code:
            return known[1].get(seq)
    return None


# A render in progress: (pk, code, version, state, history). See pinned_state.
_pinned: ContextVar[tuple | None] = ContextVar("companion_pinned_state", default=None)


@contextmanager
def pinned_state(game: Game, state: dict, history: dict):
    """Within the block, current_state(game) at game.version is this (state, history).

    A render then sees one version throughout, even when a request's thread caches a
    newer one meanwhile, and never needs the database for it.
    """
    token = _pinned.set((game.pk, game.code, game.version, state, history))
    try:
        yield
    finally:
        _pinned.reset(token)


def forget_cache() -> None:
    """Drop every cached state (tests use it to prove that a restart loses nothing)."""
    with _cache_lock:
        _cache.clear()
        _actors.clear()
        _stories.clear()


# ---------------------------------------------------------------- loading state


def _records(game: Game, after: int, upto: int) -> list[dict]:
    return [r.as_engine_record() for r in game.records.filter(seq__gt=after, seq__lte=upto)]


def state_at(game: Game, position: int) -> tuple[dict, dict]:
    """(state, history) after record `position`: nearest snapshot, then fold forward."""
    snapshot = game.snapshots.filter(seq__lte=position).order_by("-seq").first()
    if engine.current_schema(snapshot.state):
        start, state, history = snapshot.seq, copy.deepcopy(snapshot.state), copy.deepcopy(snapshot.history)
    else:  # a snapshot from an older version of the app: replay the records from the start
        start, state, history = 0, engine.new_game(game.config), engine.new_history()
    for record in _records(game, start, position):
        state = _advance(game, state, history, record)
    return state, history


def _advance(game: Game, state: dict, history: dict, record: dict, chance=None) -> dict:
    if record["kind"] == "redo":
        record["original"] = game.records.get(seq=record["target"]).as_engine_record()
    return engine.advance(state, history, record, lambda seq: state_at(game, seq - 1)[0], chance)


def current_state(game: Game) -> tuple[dict, dict]:
    """The game's state and history at its current version (read-only: do not mutate)."""
    pin = _pinned.get()
    if pin is not None and pin[:3] == (game.pk, game.code, game.version):
        return pin[3], pin[4]
    hit = _cached(game)
    if hit:
        return hit
    state, history = state_at(game, game.version)
    _remember(game, game.version, state, history)
    return state, history


def view_for(game: Game, viewer) -> dict:
    state, history = current_state(game)
    result = engine.view(state, viewer, version=game.version)
    actor = TABLE if viewer == engine.TABLE else {"seat": int(viewer)}
    by_seq = _record_lookup(game)
    result["can_undo"] = engine.can_undo(history, by_seq, actor)
    result["can_redo"] = engine.can_redo(history, by_seq, actor)
    return result


def _record_lookup(game: Game):
    """seq -> the action record, as far as undo and redo need it (who entered it)."""

    def by_seq(seq: int) -> dict:
        actor = _known_actor(game, seq)
        if actor is None:
            record = game.records.get(seq=seq).as_engine_record()
            actor = record.get("action", {}).get("actor", {})
            _remember_actor(game, seq, actor)
        return {"seq": seq, "action": {"actor": actor}}

    return by_seq


# ---------------------------------------------------------------- creating and joining


class _BoardDraws:
    """The board generators' randint(n), drawn from the game's chance."""

    def __init__(self, secret: bytes):
        self.chance = engine.Chance(secret)
        self.count = 0

    def randint(self, n: int) -> int:
        self.count += 1
        return self.chance.randint("board", self.count, n)


def lay_out_board(config: dict, secret: bytes) -> dict:
    """Put the chosen board into the config, so replaying the log rebuilds the same one."""
    mode = config.get("board", "none")
    if mode == "none" or config.get("board_layout"):
        return config
    frame = "base_5_6" if len(config.get("players") or []) >= 5 else "base"
    draws = _BoardDraws(secret)
    if mode == "beginner":
        layout = board_model.beginner_board()
    elif mode == "random":
        layout = board_model.random_board(frame, draws)
    elif mode == "manual":
        # Blank hexes to fill in from the physical board; harbours where the frame has them.
        frame_data = board_model.get_frame(frame)
        layout = board_model.empty_board(frame)
        layout["harbours"] = dict(zip(frame_data.harbour_edges, frame_data.harbour_types))
    elif mode == "balanced":
        layout, reasons = board_model.balanced_board(frame, draws)
        config = {**config, "board_balance": reasons}
    else:
        return config
    # A scenario makes the board its own (a lake for the desert, fishing grounds...); on a
    # blank manual board it only adds what the table then enters.
    laid = engine.rules_for(config).lay_out(layout, draws)
    if "board_balance" in config and laid["hexes"] != layout["hexes"]:
        # The scenario moved hexes (the Fishermen's lake goes inland): say what holds of the
        # board on the table, not of the one drawn before.
        config = {**config, "board_balance": board_model.balance_report(laid)}
    return {**config, "board_layout": laid}


@transaction.atomic
def create_game(config: dict, seed: int | None = None) -> Game:
    secret = engine.seeded_secret(seed) if seed is not None else secrets.token_bytes(32)
    check_table(config, engine.rules_for(config))  # two players only with a two-player variant
    state = engine.new_game(lay_out_board(config, secret))  # validates; raises IllegalAction
    game = Game.objects.create(secret=secret, config=state["config"], phase=state["phase"])
    for index, player in enumerate(state["config"]["players"]):
        Seat.objects.create(game=game, index=index, name=player["name"], color=player["color"])
    history = engine.new_history()
    Snapshot.objects.create(game=game, seq=0, state=state, history=history)
    return game


def game_by_code(code: str) -> Game:
    return Game.objects.get(code=str(code).upper())


def use_host_key(game: Game, key: str) -> bool:
    """Exchange the table key, once: True if it was the game's, which is replaced then."""
    if not key or len(key) > 64:
        return False
    return Game.objects.filter(pk=game.pk, host_token=key).update(host_token=new_token()) == 1


def rotate_host_key(game: Game) -> str:
    """A new table key (the one shown before opens nothing any more)."""
    key = new_token()
    Game.objects.filter(pk=game.pk).update(host_token=key)
    return key


def bind_seat(game: Game, token: str, session_key: str) -> Seat | None:
    """Bind the phone holding `session_key` to the seat whose join token this is.

    A join token works once: it is replaced as soon as it is used, and any earlier phone
    of that seat loses its binding.
    """
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(game=game, join_token=token).first()
        if seat is None or not token:
            return None
        seat.session_key = session_key
        seat.bound_at = timezone.now()
        seat.join_token = Seat._meta.get_field("join_token").default()
        seat.rejoin_open = False
        seat.save(update_fields=["session_key", "bound_at", "join_token", "rejoin_open"])
        transaction.on_commit(lambda: broadcast(game, seats_changed=True))
    return seat


def new_join_token(game: Game, index: int) -> Seat:
    """A fresh QR for a seat (its phone was lost); the old token stops working."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().get(game=game, index=index)
        seat.join_token = Seat._meta.get_field("join_token").default()
        seat.rejoin_open = True
        seat.save(update_fields=["join_token", "rejoin_open"])
        transaction.on_commit(lambda: broadcast(game, seats_changed=True))
    return seat


def revoke_seat(game: Game, index: int) -> Seat:
    """The host frees a seat: its phone can no longer act or see the hand."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().get(game=game, index=index)
        seat.session_key = ""
        seat.bound_at = None
        seat.join_token = Seat._meta.get_field("join_token").default()
        seat.rejoin_open = False
        seat.save(update_fields=["session_key", "bound_at", "join_token", "rejoin_open"])
        transaction.on_commit(lambda: broadcast(game, seats_changed=True, revoked=index))
    return seat


def seat_of_session(game: Game, session_key: str | None) -> Seat | None:
    if not session_key:
        return None
    return game.seats.filter(session_key=session_key).first()


# ---------------------------------------------------------------- acting


def perform(game: Game, actor: dict, action_type: str, args: dict | None = None,
            idempotency_key: str | None = None) -> Outcome:
    """Validate and apply one action; raises IllegalAction with the engine's reason."""
    action = {"type": action_type, "actor": actor, "args": args or {}}
    return _write(game, idempotency_key, lambda g, history: ("action", {"action": action, "outcome": {}}))


def command(game: Game, actor: dict, action_type: str, args: dict | None = None,
            idempotency_key: str | None = None) -> Outcome:
    """A screen's command, posted or sent over its websocket: undo, redo or an action."""
    if action_type == "undo":
        return undo(game, actor, idempotency_key)
    if action_type == "redo":
        return redo(game, actor, idempotency_key)
    return perform(game, actor, action_type, args, idempotency_key)


def undo(game: Game, actor: dict, idempotency_key: str | None = None) -> Outcome:
    def undo_record(g: Game, history: dict):
        if not engine.can_undo(history, _record_lookup(g), actor):
            _refuse_revealing(g, history, "effective", actor)
            raise IllegalAction("nothing_to_undo")
        return "undo", {"target": history["effective"][-1], "actor": actor}

    return _write(game, idempotency_key, undo_record)


def redo(game: Game, actor: dict, idempotency_key: str | None = None) -> Outcome:
    def redo_record(g: Game, history: dict):
        if not engine.can_redo(history, _record_lookup(g), actor):
            _refuse_revealing(g, history, "undone", actor)
            raise IllegalAction("nothing_to_redo")
        return "redo", {"target": history["undone"][-1], "actor": actor}

    return _write(game, idempotency_key, redo_record)


def _refuse_revealing(game: Game, history: dict, stack: str, actor: dict) -> None:
    """Say why a player may not revert their own action: it showed something hidden."""
    if not history[stack] or "seat" not in actor:
        return
    target = history[stack][-1]
    if engine.revealed(history, target) and _record_lookup(game)(target)["action"]["actor"].get("seat") == actor["seat"]:
        raise IllegalAction("undo_revealed")


def _write(game: Game, idempotency_key: str | None, make_record) -> Outcome:
    idempotency_key = (idempotency_key or "")[:64] or None
    try:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game.pk)
            state, history = current_state(game)
            # The history holds only seqs (ints): a shallow copy of its lists is a full copy,
            # and a deep copy grew with the game's length.
            state, history = engine.copy_state(state), {key: list(seqs) for key, seqs in history.items()}
            seq = game.version + 1
            try:
                kind, payload = make_record(game, history)
                record = {"seq": seq, "kind": kind, **payload}
                # Live, chance draws from the game's secret and the outcomes land in the record.
                state = _advance(game, state, history, record, engine.Chance(bytes(game.secret)))
            except IllegalAction:
                # A repeated tap is usually refused by the state its first tap made: say it acted once.
                # (A repeat that is still legal fails on the key's unique index below, as a race does.)
                if idempotency_key and game.records.filter(idempotency_key=idempotency_key).exists():
                    return Outcome(game, game.version, duplicate=True)
                raise
            payload = {k: v for k, v in record.items() if k not in ("seq", "kind", "original")}
            Record.objects.create(game=game, seq=seq, kind=kind, payload=payload, idempotency_key=idempotency_key)
            game.version = seq
            game.phase = state["phase"]
            game.save(update_fields=["version", "phase", "updated_at"])
            if seq % SNAPSHOT_EVERY == 0:
                Snapshot.objects.create(game=game, seq=seq, state=state, history=history)
            if kind == "action":
                actor = record["action"]["actor"]
                transaction.on_commit(lambda: _remember_actor(game, seq, actor))
            transaction.on_commit(lambda: _committed(game, state, history))
    except IntegrityError:
        # Two requests with one key raced: the other one acted.
        game.refresh_from_db()
        return Outcome(game, game.version, duplicate=True)
    return Outcome(game, game.version)


def _committed(game: Game, state: dict, history: dict) -> None:
    _remember(game, game.version, state, history)
    broadcast(game)


def broadcast(game: Game, seats_changed: bool = False, revoked: int | None = None,
              table_only: bool = False) -> None:
    """Tell every screen of the game that it changed: ids and versions only.

    `table_only`: something only the table screen shows changed (the dice reader's status).
    """
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "game.changed", "version": game.version, "seats_changed": seats_changed,
               "table_only": table_only}
    if revoked is not None:
        message["revoked"] = revoked
    try:
        loop = _server_loop
        if loop is not None and loop.is_running() and not _on_loop(loop):
            # From any thread (a request's, the dice reader's) onto the loop the sockets
            # live on: the in-memory channel layer only works within one event loop.
            # Not waited for: the tap's answer need not sit through the round trip to Redis
            # (2–3 ms), and the screens hear of the change as soon either way.
            sent = asyncio.run_coroutine_threadsafe(layer.group_send(game.group_name, message), loop)
            sent.add_done_callback(lambda done: _broadcast_failed(game.code, done))
        else:
            async_to_sync(layer.group_send)(game.group_name, message)
    except Exception:  # a lost push heals on the next one or on reconnect
        log.exception("broadcast failed for game %s", game.code)


def _broadcast_failed(code: str, done) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.error("broadcast failed for game %s", code, exc_info=done.exception())


_server_loop = None


def _on_loop(loop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def remember_server_loop(loop) -> None:
    """The event loop that serves the websockets (set by the consumers)."""
    global _server_loop
    _server_loop = loop


# ---------------------------------------------------------------- the dice reader

READER_STATES = {"connected": "connected", "silent": "stale", "disconnected": "lost",
                 "connecting": "lost", "stopped": "stopped", "idle": "stopped"}


def apply_reader_roll(game: Game, yellow, red, device_key: str, event=None) -> str:
    """A settled roll from the table's dice reader: apply it as if typed in, or explain why not.

    `device_key` names the roll uniquely (device, boot id, sequence number): it is the
    action's idempotency key, so a roll the reader repeats is never applied twice.
    `event`: the Cities & Knights event die, when the reader read one.
    """
    game.refresh_from_db()
    deck = _reader_feeds_deck(game)
    if current_state(game)[0]["config"]["dice_source"] != "reader" and not deck:
        return _reader_notice(game, "not_reader_source", yellow, red)
    if red is None or (yellow is None and not deck):  # on the deck only the red die counts
        return _reader_notice(game, "missing_die", yellow, red)
    if game.phase != "roll":
        # A bumped die or a second roll: shown, never applied.
        return _reader_notice(game, "not_expected", yellow, red)
    # The last notice goes before the roll is applied: the roll's own push then shows the
    # table without it (cleared after, it stayed up until the reader's next change).
    DiceReaderStatus.objects.filter(game=game, notice__isnull=False).update(notice=None)
    try:
        args = {"dice": [yellow, red], "source": "reader"}
        if event is not None:
            args["event"] = event
        outcome = perform(game, DEVICE, "roll", args, device_key)
    except IllegalAction as refused:
        return _reader_notice(game, refused.code, yellow, red)
    if outcome.duplicate:
        return "duplicate"
    return "applied"


def _reader_feeds_deck(game: Game) -> bool:
    """Cities & Knights on the Events of Catan deck still rolls the red die and the event
    die: a table with a dice reader takes them from it (the card stays the dice source)."""
    config = current_state(game)[0]["config"]
    return bool(game.dice_device) and config["rules"] == "cities_knights" and config["dice_source"] == "events"


def _reader_notice(game: Game, kind: str, yellow=None, red=None, **extra) -> str:
    notice = {"kind": kind, "dice": [yellow, red], **extra}
    DiceReaderStatus.objects.update_or_create(game=game, defaults={"notice": notice})
    transaction.on_commit(lambda: broadcast(game, table_only=True))
    return kind


def record_reader_status(game: Game, status: dict) -> None:
    """The reader's connection state for the table screen; written only when it changes."""
    state = READER_STATES.get(status.get("state"), "lost")
    if state == "connected" and status.get("motion"):
        state = "rolling"
    current = DiceReaderStatus.objects.filter(game=game).first()
    notice = current.notice if current else None
    event = status.get("event")
    rejected = status.get("rejected_roll") or {}
    if event == "rejected_roll" and rejected.get("reason"):
        # unreadable (a "?" die), tilt, nodie: the throw has no result, roll again.
        notice = {"kind": "rejected_roll", "reason": rejected["reason"], "dice": [None, None]}
    elif event == "device_error" and status.get("last_error"):
        notice = {"kind": "device_error", "code": status["last_error"].get("code"), "dice": [None, None]}
    elif event == "repeated_roll" and status.get("repeated_roll"):
        # A line heard again (a bridge's replay, a restart): counted once, said so.
        notice = {"kind": "repeated_roll", "dice": _reader_faces(status["repeated_roll"].get("faces"))}
    elif event == "roll_failed":
        notice = {"kind": "roll_failed", "dice": _reader_faces(status.get("failed_roll"))}
    device = status.get("device")
    if current and (current.state, current.notice, current.device) == (state, notice, device):
        return
    DiceReaderStatus.objects.update_or_create(game=game, defaults={"state": state, "notice": notice, "device": device})
    broadcast(game, table_only=True)


def save_reader_positions(game_pk: int, positions: list) -> None:
    """Where the table's dice reader had got to in each boot of its device: a reader that
    restarts reads a line it had already applied as a repeat."""
    DiceReaderStatus.objects.update_or_create(game_id=game_pk, defaults={"positions": [list(p) for p in positions]})


def _reader_faces(faces: dict | None) -> list:
    """[yellow, red] from a ROLL's fields ({"Y": "3", "R": "4"}), None for a die not read."""
    faces = faces or {}
    return [int(faces[key]) if str(faces.get(key, "")).isdigit() else None for key in ("Y", "R")]


def set_dice_reader(game: Game, device_url: str) -> Game:
    """Point the table at a dice reader (or at none with "") and make it the dice source."""
    device_url = device_url.strip()
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        game.dice_device = device_url
        game.save(update_fields=["dice_device", "updated_at"])
        if not device_url:
            DiceReaderStatus.objects.filter(game=game).delete()
        # Table screens keep the game's row between pushes: tell them it changed.
        transaction.on_commit(lambda: broadcast(game, table_only=True))
    if device_url and current_state(game)[0]["config"]["dice_source"] != "reader" and not _reader_feeds_deck(game):
        game = perform(game, TABLE, "set_dice_source", {"source": "reader"}).game
    return game


# ---------------------------------------------------------------- the story of a game

# (game pk, code, version) -> the whole story (every seat's private part too): told once
# per version, from the records (screens show a viewer's own part: engine.story.for_viewer).
_stories: OrderedDict[tuple, dict] = OrderedDict()
STORIES_KEPT = 32


def game_story(game: Game) -> dict:
    """The story of the game at its version, replayed from its records once and kept."""
    key = (game.pk, game.code, game.version)
    with _cache_lock:
        story = _stories.get(key)
    if story is None:
        records = [r.as_engine_record() for r in game.records.filter(seq__lte=game.version).order_by("seq")]
        story = engine_story.tell(game.config, records)
        with _cache_lock:
            _stories[key] = story
            while len(_stories) > STORIES_KEPT:
                _stories.popitem(last=False)
    return story


# ---------------------------------------------------------------- export and import


def export_seat_log(game: Game, seat: int) -> dict:
    """A player's own copy of the game log: what their phone shows, never another's secrets."""
    state, _history = current_state(game)
    return {
        "format": "catan-companion/seat-log",
        "format_version": 1,
        "game": game.code,
        "version": game.version,
        "seat": seat,
        "players": [p["name"] for p in state["config"]["players"]],
        "log": engine.log_for(state, seat),
        # Once the game is over: its story as this player's phone shows it.
        "story": engine_story.for_viewer(game_story(game), seat) if state["phase"] == "finished" else None,
    }


def export_records(game: Game) -> dict:
    return {
        "format": "catan-companion/actions",
        "format_version": 1,
        "game": game.code,
        "config": game.config,
        "records": [r.as_engine_record() for r in game.records.all()],
        # The story, every seat's part too: the records hold every secret anyway.
        "story": game_story(game) if game.phase == "finished" else None,
    }
