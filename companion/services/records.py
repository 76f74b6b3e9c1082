"""A game's state from its records: the in-process cache, loading from the nearest snapshot
and folding the records after it, and each viewer's view."""
import logging
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from sys import intern
from threading import Lock


from companion import engine
from companion.models import Game


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
cache_lock = Lock()
# game pk -> (code, {seq: actor of that action record}): undo and redo ask who entered the
# latest effective (or undone) action on every view; records never change, so their
# actors are kept here instead of being looked up in the database each time.
_actors: dict[int, tuple[str, dict[int, dict]]] = {}
ACTORS_KEPT = 256


def _cached(game: Game):
    with cache_lock:
        hit = _cache.get(game.pk)
    if hit and hit[0] == game.code and hit[1] == game.version:
        return hit[2], hit[3]
    return None


def remember_state(game: Game, version: int, state: dict, history: dict) -> None:
    with cache_lock:
        hit = _cache.get(game.pk)
        if hit is None or hit[0] != game.code or hit[1] <= version:
            _cache[game.pk] = (game.code, version, state, history)


def latest_cached(game: Game):
    """(version, state, history) of the newest state this process holds for the game, or None.

    Read-only, like current_state's. The websocket consumers render from it: no query per push.
    """
    with cache_lock:
        hit = _cache.get(game.pk)
    if hit and hit[0] == game.code:
        return hit[1], hit[2], hit[3]
    return None


def remember_actor(game: Game, seq: int, actor: dict) -> None:
    with cache_lock:
        known = _actors.get(game.pk)
        if known is None or known[0] != game.code:
            known = _actors[game.pk] = (game.code, {})
        known[1][seq] = actor
        if len(known[1]) > ACTORS_KEPT:  # undo reaches back far only rarely: drop the oldest
            for old in sorted(known[1])[: len(known[1]) - ACTORS_KEPT // 2]:
                del known[1][old]


def _known_actor(game: Game, seq: int):
    with cache_lock:
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
    with cache_lock:
        _cache.clear()
        _actors.clear()
        _public.clear()


# ---------------------------------------------------------------- loading state


def _records(game: Game, after: int, upto: int) -> list[dict]:
    return [r.as_engine_record() for r in game.records.filter(seq__gt=after, seq__lte=upto)]


def state_at(game: Game, position: int) -> tuple[dict, dict]:
    """(state, history) after record `position`: nearest snapshot, then fold forward."""
    snapshot = game.snapshots.filter(seq__lte=position).order_by("-seq").first()
    if engine.current_schema(snapshot.state):
        start, state, history = snapshot.seq, _loaded(snapshot.state, game), _interned(snapshot.history)
    else:  # a snapshot from an older version of the app: replay the records from the start
        start, state, history = 0, engine.new_game(game.config), engine.new_history()
    for record in _records(game, start, position):
        state = advance_record(game, state, history, record)
    return state, history


def _interned(value):
    """A copy of JSON data whose texts are the process's shared ones: a loaded game's keys and
    names ("players", "ore", "red") are one object each in the process, not one per game."""
    kind = type(value)
    if kind is dict:
        return {intern(key) if type(key) is str else key: _interned(item) for key, item in value.items()}
    if kind is list:
        return [_interned(item) for item in value]
    if kind is str:
        return intern(value)
    return value


def _loaded(state: dict, game: Game) -> dict:
    """A snapshot's state for the cache: its texts shared (_interned), and its board layout the
    game row's own when they are equal. The layout is most of a board game's config; it never
    changes once the game is set up, so states share it (engine.copy_state) and so may the row."""
    state = _interned(state)
    layout = game.config.get("board_layout")
    if layout is not None and state["config"].get("board_layout") == layout:
        state["config"]["board_layout"] = layout
    return state


def advance_record(game: Game, state: dict, history: dict, record: dict, chance=None) -> dict:
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
    remember_state(game, game.version, state, history)
    return state, history


# game pk -> (state, its public part, what its views work out alike): every screen of a
# version shares the public table of its view (engine.public_part), computed once, and the
# build targets the table's view and the active phone's both need. Keyed by the state object
# itself (states are read-only once made): a game's newest only.
_public: dict[int, tuple[dict, dict, dict]] = {}


def _public_part(game: Game, state: dict) -> tuple[dict, dict]:
    with cache_lock:
        hit = _public.get(game.pk)
    if hit is not None and hit[0] is state:
        return hit[1], hit[2]
    public, found = engine.public_part(state), {}
    with cache_lock:
        _public[game.pk] = (state, public, found)
    return public, found


def public_log(game: Game) -> list[dict]:
    """The newest log entries as the table reads them (nobody's secret), newest first: the public
    part's, which every viewer's view of this version shares."""
    return _public_part(game, current_state(game)[0])[0]["log"]


def view_for(game: Game, viewer) -> dict:
    state, history = current_state(game)
    public, found = _public_part(game, state)
    result = engine.view(state, viewer, version=game.version, public=public, found=found)
    actor = TABLE if viewer == engine.TABLE else {"seat": int(viewer)}
    by_seq = record_lookup(game)
    result["can_undo"] = engine.can_undo(history, by_seq, actor)
    result["can_redo"] = engine.can_redo(history, by_seq, actor)
    return result


def record_lookup(game: Game):
    """seq -> the action record, as far as undo and redo need it (who entered it)."""

    def by_seq(seq: int) -> dict:
        actor = _known_actor(game, seq)
        if actor is None:
            record = game.records.get(seq=seq).as_engine_record()
            actor = record.get("action", {}).get("actor", {})
            remember_actor(game, seq, actor)
        return {"seq": seq, "action": {"actor": actor}}

    return by_seq
