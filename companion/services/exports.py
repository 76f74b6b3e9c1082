"""The story of a finished game and what a table or a player can take home: the records,
a player's own log."""
from collections import OrderedDict

from companion import engine
from companion.engine import story as engine_story
from companion.models import Game
from companion.services.records import cache_lock, current_state

# ---------------------------------------------------------------- the story of a game

# (game pk, code, version) -> the whole story (every seat's private part too): told once
# per version, from the records (screens show a viewer's own part: engine.story.for_viewer).
_stories: OrderedDict[tuple, dict] = OrderedDict()
STORIES_KEPT = 32


def game_story(game: Game) -> dict:
    """The story of the game at its version, replayed from its records once and kept."""
    key = (game.pk, game.code, game.version)
    with cache_lock:
        story = _stories.get(key)
    if story is None:
        records = [r.as_engine_record() for r in game.records.filter(seq__lte=game.version).order_by("seq")]
        story = engine_story.tell(game.config, records)
        with cache_lock:
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


def forget_stories() -> None:
    with cache_lock:
        _stories.clear()
