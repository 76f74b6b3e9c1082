"""Tables that play real games: random legal games of the corpus's kinds, sent as taps.

The venue benchmark's realistic mix needs games with boards, hands on phones, Cities &
Knights, the Events deck and Explorers & Pirates' ships, whose next legal action a load client cannot guess. So the
games are played beforehand, in the benchmark's setup, by the drivers that wrote the
corpus (tests/corpus/make_corpus.py: the property tests' random legal games, here without
undo and redo), with the engine as it is now and the secret of a seed: a game created on the
server with the same config and seed, sent the same records in the same order, replays
them exactly, because every outcome is drawn from the game's secret and its log.

`playable(name)` plays such a game and sends its records through `services.command` on a
scratch game, the way a screen's tap arrives (its form fields through
`forms.action_args`), keeping the prefix the app accepts. Each tap says which screen sends
it: the table, or the phone of the seat that acts.
"""
from __future__ import annotations

import contextlib
import json
from pathlib import Path

GAMES = Path(__file__).resolve().parents[1] / "corpus" / "games"

# The realistic mix, in sevenths: two base games with a board and hands on phones, two Cities
# & Knights with a board, one Events of Catan, one Explorers & Pirates (Land Ho!, ships and
# face-down hexes, hands on phones), one score only (no board, paper cards). Explorers &
# Pirates got a seventh slot of its own rather than one of the others' shares: it is a
# game a venue's tables play beside the others, not instead of one of them, and so the
# other kinds keep their proportions to each other (and every earlier figure stays
# comparable per kind). Its paper game (ep_land_ho_paper_3) is not in the mix: builds are
# free on paper and it ends after some 170 taps, before a long run's taps do.
# Kinds cycle over their games, so tables have 3 to 6 players (and phones).
MIX = {
    "base": ("base_beginner_hands_4", "base_random_hands_5", "friendly_robber_hands_4", "base_balanced_hands_6"),
    "cities_knights": ("ck_board_hands_4", "ck_advanced_battle_4", "ck_events_hands_4"),
    "events": ("events_hands_4", "events_board_paper_4"),
    "explorers_pirates": ("ep_land_ho_hands_4",),
    "score": ("base_paper_4", "base_paper_3"),
}
IDLE_GAME = "base_paper_4"  # the tables that only hold sockets open (the memory figure)
SHARES = (("base", 2), ("cities_knights", 2), ("events", 1), ("explorers_pirates", 1), ("score", 1))  # out of 7
# Tables in this order (the cycle's indices): base, C&K, events, Explorers & Pirates, base,
# C&K, score: every kind is among the first 7 tables, each table's kind next to others.
ORDER = (0, 2, 4, 5, 1, 3, 6)


def kinds_for(tables: int, mix: str) -> list[str]:
    """The kind of game of each table: the realistic mix in a fixed, interleaved order."""
    if mix != "realistic":
        return [mix] * tables
    cycle = [kind for kind, share in SHARES for _ in range(share)]
    assert sorted(ORDER) == list(range(len(cycle)))
    order = [cycle[i] for i in ORDER]
    return [order[i % len(order)] for i in range(tables)]


def load(name: str) -> dict:
    return json.loads((GAMES / f"{name}.json").read_text())


def fields_of(record: dict) -> tuple[str | int, dict]:
    """(who taps: "table" or a seat, the tap's form fields) for one corpus record."""
    if record["kind"] in ("undo", "redo"):
        actor, kind, args = record["actor"], record["kind"], {}
    else:
        actor, kind, args = record["action"]["actor"], record["action"]["type"], record["action"]["args"]
    from tests.web.traffic import form_fields

    fields = {"type": kind, **form_fields(args)}
    screen = "table" if "seat" not in actor else actor["seat"]
    fields["as"] = "table" if screen == "table" else "seat"
    return screen, fields


def renamed(config: dict, table: int) -> dict:
    """The corpus config with names of this table's own: no two tables show the same words
    (a cache keyed by what a fragment shows must not serve one table from another's)."""
    players = [{**p, "name": f"{p['name']} {table}"} for p in config["players"]]
    return {**config, "players": players}


def played(name: str, records: int) -> tuple[dict, int, list[dict]]:
    """(config, seed, records) of a random legal game of the corpus game's kind, played now."""
    from tests.corpus import make_corpus

    seed = load(name)["generated"]["seed"]
    _name, _description, make, driver, _wanted, _keep = next(s for s in make_corpus.GAMES_SPEC if s[0] == name)
    def no_undo():  # the drivers skip a step they can't take
        raise make_corpus.Reject()

    with make_corpus.driven() as modules, _without_undo(make_corpus.Live, no_undo):
        config = make(seed)
        live, _troubles = make_corpus.play(modules, config, driver, records, seed)
    return config, seed, live.records


@contextlib.contextmanager
def _without_undo(live_class, refuse):
    """Games without undo and redo: what an undone draw gives next is the undo rules'
    business (and changes with them), a load test's taps must stay legal."""
    saved = live_class.undo, live_class.redo
    live_class.undo = live_class.redo = lambda self: refuse()
    try:
        yield
    finally:
        live_class.undo, live_class.redo = saved


def tap(game, screen: str | int, fields: dict):
    """One tap of `playable`'s, through services.command as the app takes it (inside a Django process)."""
    from django.utils.datastructures import MultiValueDict

    from companion import services
    from companion.web.forms import action_args

    actor = services.TABLE if screen == "table" else {"seat": screen}
    post = MultiValueDict({k: v if isinstance(v, list) else [v] for k, v in fields.items()})
    return services.command(game, actor, fields["type"], action_args(post))


def playable(name: str, records: int = 400) -> tuple[dict, int, list[tuple[str | int, dict]]]:
    """(config, seed, taps): a game of this kind played now, as taps the app accepts, in
    order (inside a Django process)."""
    from companion import services
    from companion.engine import IllegalAction

    config, seed, played_records = played(name, records)
    game = services.create_game(config, seed=seed)
    taps = []
    for record in played_records:
        screen, fields = fields_of(record)
        try:
            tap(game, screen, fields)
        except IllegalAction:
            break
        game.refresh_from_db()
        taps.append((screen, fields))
    game.delete()
    return config, seed, taps
