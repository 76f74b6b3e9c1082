"""What a websocket pushes, rendered as seldom as possible.

Every screen used to render its viewer's whole fragment set from scratch after every
change (and to ask the database for the game first). Now, per game change:

- public fragments (status, dice, scoreboard, histogram, the table's log, the board
  picture without tap targets) are rendered once per (game, version, screen kind,
  language) in this process and shared by every screen of that kind;
- per-viewer fragments (the hand, the actions, the board's tap targets, the table's
  seats and dice reader) are rendered for the viewer, but only when something their
  template read has changed, and a render is shared with every screen whose own context
  holds the same values for everything it read (companion/render_cache.py): the phones that wait
  for the same player get one "actions" render;
- the log sends only the entries written since the screen's last push, put on top of
  the ones it shows (the whole log on a (re)connect, or when an undo took entries back);
- each screen remembers a hash of every fragment it was sent and gets only the ones that
  changed (a (re)connect or a "resync" sends everything);
- the state comes from the process's cache (services.latest_cached), so a push needs no
  query: consumers render on the event loop and fall back to a thread (with the
  database) only when this process does not hold the version yet.

Privacy: a shared fragment is rendered from the table's context, never from a seat's.
The engine's table view holds no seat's private data by construction, and the table-only
extras (the seats with their join tokens, the dice reader) are removed from it first.
Shared renders never see a request (no CSRF token can end up in them).
"""
from __future__ import annotations

import copy
import functools
from collections import OrderedDict
from threading import Lock

from django.core.exceptions import SynchronousOnlyOperation
from django.db.models import prefetch_related_objects
from django.template.loader import render_to_string
from django.utils import translation

from companion import engine, services

from companion.web import contracts, render_cache, rule_links
from companion.models import Game
from companion.web.screen_context import log_lines, screen_context, table_part

# The fragments of each screen, in the order of partials/table_fragments.html and
# partials/seat_fragments.html (tests/web/test_rendering.py keeps them in step).
ALWAYS = "always"     # sent on every push: an empty flash clears an error shown earlier
SHARED = "shared"     # public: rendered once per version, kind and language
PRIVATE = "private"   # this viewer's own
LOG = "log"           # shared unless this viewer's log shows it a secret
BOARD = "board"       # the pieces over the shared picture, and this viewer's tap targets
SEATS = "seats"       # this viewer's, and it changes only when the seats do (seats_changed)
FRAGMENTS = {
    "table": (("flash", ALWAYS), ("status", SHARED), ("story", SHARED), ("dice", SHARED),
              ("board_picture", SHARED), ("board_pieces", BOARD), ("reader", PRIVATE), ("scoreboard", SHARED), ("market", SHARED), ("actions", PRIVATE), ("histogram", SHARED),
              ("seats", SEATS), ("log", LOG)),
    # The story of a finished game: the table's is public, a phone's holds its own secrets.
    "seat": (("flash", ALWAYS), ("status", SHARED), ("story", PRIVATE), ("dice", SHARED),
             ("board_picture", SHARED), ("board_pieces", BOARD), ("hand", PRIVATE),
             ("actions", PRIVATE), ("trade", PRIVATE), ("scoreboard", SHARED), ("log", LOG)),
}
# The layers' panels beside the board (their "panel" partials, in partials/panels.html): a
# fragment each, "panel-<layer>" (companion/web/contracts.py), after the dice, so that a
# panel's push replaces only its own element. They read only public parts of the view, but
# phones render their own (they sit beside their hand): no sharing between seats unless
# proven public.
PANELS = {"table": SHARED, "seat": PRIVATE}
PANELS_AFTER = "dice"


@functools.lru_cache(maxsize=64)
def fragments_for(kind: str, names: tuple) -> tuple:
    """The fragments of a screen of this kind in a game of these composed layers: FRAGMENTS,
    with its layers' panels."""
    out = []
    for name, how in FRAGMENTS[kind]:
        out.append((name, how))
        if name == PANELS_AFTER:
            out += [(panel["id"], PANELS[kind]) for panel in contracts.panels(names)]
    return tuple(out)


def _source(name: str, context: dict) -> tuple[str, dict]:
    """A fragment's template and the context it is rendered from: a layer's panel is its
    partial in partials/panel.html, which gives it an element of its own."""
    if name.startswith(contracts.PANEL):
        panel = next(panel for panel in context["layer_panels"] if panel["id"] == name)
        return "partials/panel.html", {**context, "panel": panel}
    return f"partials/{name}.html", context


# Public fragments that look the same on the table and on a phone (they read neither
# `is_table` nor `role`): rendered once for both kinds. The board picture is the big one.
# Not the dice: an event card's rules link opens in large type on the table. The flash of a
# push is always the empty one (errors come only in the answer to the screen that tapped).
ANY_KIND = frozenset({"flash", "histogram", "log", "board_picture"})
# Keys of the table's context that are not public: they never reach a shared render.
TABLE_ONLY = ("seats", "reader", "reader_devices", "join_warning")


class NeedsDatabase(Exception):
    """This process does not hold what the push needs: render it in a thread instead."""


# ---------------------------------------------------------------- the shared fragments

class _Shared:
    """One game's public fragments at one version: {(kind, language, name): html}."""

    def __init__(self, version: int):
        self.version = version
        self.html: dict[tuple, str] = {}
        self.public_log: list | None = None


# (game pk, code, version, language) -> the public context. Only while a version's shared
# fragments are being rendered: a few games at a time, so a few entries (they are big).
_contexts: OrderedDict[tuple, dict] = OrderedDict()
CONTEXTS_KEPT = 16


_shared: OrderedDict[tuple, _Shared] = OrderedDict()  # (game pk, code) -> latest version's
_shared_lock = Lock()
GAMES_KEPT = 1024


def _shared_for(game: Game, version: int) -> _Shared | None:
    """The store of this version (None for an older version than the newest seen)."""
    key = (game.pk, game.code)
    with _shared_lock:
        entry = _shared.get(key)
        if entry is None or entry.version < version:
            entry = _shared[key] = _Shared(version)
        _shared.move_to_end(key)
        while len(_shared) > GAMES_KEPT:
            _shared.popitem(last=False)
    return entry if entry.version == version else None


def forget() -> None:
    """Drop every shared fragment (tests)."""
    with _shared_lock:
        _shared.clear()
        _contexts.clear()
        _pictures.clear()
        _by_inputs.clear()
        _own.clear()
        _configs.clear()
    rule_links.forget()
    render_cache.forget()


# Stands in for a game's prefetched seats (the manager hands it out as they are): none,
# and neither a query nor SQL to compile.
_NO_SEATS = ()


def _public_context(game: Game, kind: str, language: str) -> dict:
    """The context of the public fragments: the table's, without anything table-only."""
    key = (game.pk, game.code, game.version, language)
    with _shared_lock:
        base = _contexts.get(key)
    if base is None:
        public_game = copy.copy(game)
        # Table-only lookups left out (no query): the reader, and the seats with their join tokens.
        public_game.dice_device = ""
        public_game._prefetched_objects_cache = {"seats": _NO_SEATS}
        base = screen_context(public_game, engine.TABLE, "")
        for table_only in TABLE_ONLY:
            base.pop(table_only, None)
        base.update(error=None, notice=None)
        with _shared_lock:
            _contexts[key] = base
            while len(_contexts) > CONTEXTS_KEPT:
                _contexts.popitem(last=False)
    # A copy per render: a template's {% ... as name %} writes into the dict it is given.
    return {**base, "is_table": kind == "table", "role": kind}


def table_context(game: Game, language: str, base_url: str) -> dict:
    """The table screen's context: the public one of this version (worked out once for every
    screen) with what only the table shows (the seats' join codes, the dice reader). The same
    as screen_context's for the table (tests/web/test_shared_parts.py), one context fewer a push."""
    return {**_public_context(game, "table", language), **table_part(game, base_url), "game": game}


def _shared_html(game: Game, kind: str, language: str, name: str, store: _Shared | None) -> str:
    key = ("any" if name in ANY_KIND else kind, language, name)
    html = store.html.get(key) if store is not None else None
    if html is None:
        context = _public_context(game, kind, language)
        if name == "board_picture":
            html = _board_picture(context, language)
        elif name in INPUTS:
            html = _kept_by_inputs(name, context, language)
        elif name == "status":
            # Kept across versions: the version is written into the kept render, not read by it.
            context = {**context, "version_mark": VERSION_MARK}
            render = render_cache.kept_render((game.pk, game.code, *key), "partials/status.html", context)
            html = render.html.replace(VERSION_MARK, str(game.version))
        else:
            # Kept by what it read: most versions leave the dice, the market or a layer's panel as they were.
            html = render_cache.kept_render((game.pk, game.code, *key), *_source(name, context)).html
        if store is not None:
            store.html[key] = html
    return html


# The status carries the version each screen shows (data-version: what a screen is up to date
# with): a push renders it with this mark and writes the version over the mark, so a status is
# rendered again only when what it says changes (the phase, whose turn), not on every version.
VERSION_MARK = "\x00version\x00"


# The board picture is the biggest fragment, and most actions (rolls, trades, the end of a
# turn, a ship's step, a new tap target) leave what it draws as it was: its HTML is kept by
# what it shows, across versions, and a screen is sent it only when that changed. The
# pieces the layers draw and the viewer's targets are the "board_pieces" fragment, an <svg> over it.
_pictures: OrderedDict[tuple, str] = OrderedDict()
PICTURES_KEPT = 256


def _board_picture(context: dict, language: str) -> str:
    board = context.get("board")
    if not board:
        return render_to_string("partials/board_picture.html", context)
    ground = _ground(context)
    try:
        drawn_by_layers = render_cache.exact_key(ground)
    except render_cache.NotPlain:
        return render_to_string("partials/board_picture.html", {"board": board, **ground})
    # What screens mark on their copy of the drawing (damaged roads, knights, metropolises) is part of the key.
    key = (language, board["drawing_key"], repr((board["roads"], board["knights"], board["metropolises"])), drawn_by_layers)
    with _shared_lock:
        html = _pictures.get(key)
    if html is None:
        html = render_to_string("partials/board_picture.html", {"board": board, **ground})
        with _shared_lock:
            _pictures[key] = html
            while len(_pictures) > PICTURES_KEPT:
                _pictures.popitem(last=False)
    return html


def _ground(context: dict) -> dict:
    """What the layers draw into the picture, and what it reads: their "board_ground"
    partials (what changes seldom, such as face-down hexes) and the keys their contracts
    name in `reads["board_picture"]`. Their pieces that move go over it, in the "board_pieces" fragment."""
    partials = list(context.get("layer_partials", {}).get("board_ground", ()))
    keys = context.get("layer_reads", {}).get("board_picture", ())
    return {"layer_partials": {"board_ground": partials}, **{key: context[key] for key in keys}}


# Other shared fragments that most versions leave as they were (the histogram changes only
# with a roll, the scoreboard with points, pieces and cards in hand): kept by what they
# show, across versions and screen kinds. Each function returns every value its template
# reads; the key is the language and those values (render_cache.exact_key), so a new value is a new key.
def _histogram_inputs(context: dict) -> tuple:
    return context["histogram"], context["steadiness"]


def _scoreboard_inputs(context: dict) -> tuple:
    view = context["view"]
    finished = view["phase"] == "finished"
    # `ranking` is view.players sorted; the phase is read only as `view.phase == "finished"`,
    # and `is_table` (the export link) only once the game is over.
    return (view["players"], bool(view["bank"]), view["config"].get("target"),
            view["dev_deck_left"], finished, view["winner"], context["export_url"],
            context["is_table"] if finished else None, *_layer_inputs(context, "scoreboard"))


def _layer_inputs(context: dict, name: str) -> tuple:
    """What the layers' partials in the fragment read: each layer's keys (its contract's
    `reads`), and which partials are there."""
    return (tuple(context["layer_partials"].items()), *[(key, context[key]) for key in context["layer_reads"].get(name, ())])


INPUTS = {"histogram": _histogram_inputs, "scoreboard": _scoreboard_inputs}
_by_inputs: OrderedDict[tuple, str] = OrderedDict()
BY_INPUTS_KEPT = 512


def _kept_by_inputs(name: str, context: dict, language: str) -> str:
    try:
        key = (name, language, render_cache.exact_key(INPUTS[name](context)))
    except render_cache.NotPlain:
        return render_to_string(f"partials/{name}.html", context)
    with _shared_lock:
        html = _by_inputs.get(key)
        if html is not None:
            _by_inputs.move_to_end(key)
    if html is None:
        html = render_to_string(f"partials/{name}.html", context)
        with _shared_lock:
            _by_inputs[key] = html
            while len(_by_inputs) > BY_INPUTS_KEPT:
                _by_inputs.popitem(last=False)
    return html


def _public_log(game: Game, store: _Shared | None) -> list:
    if store is not None and store.public_log is not None:
        return store.public_log
    log = services.public_log(game)  # the entries every view of the version shares
    if store is not None:
        store.public_log = log
    return log


# ---------------------------------------------------------------- one screen


class Screen:
    """One websocket's viewer, and what it was sent last."""

    def __init__(self, game: Game, viewer, language: str, base_url: str):
        self.game = game  # the table's with its seats prefetched (load_game)
        self.viewer = viewer
        self.kind = "table" if viewer == engine.TABLE else "seat"
        self.language = language
        self.base_url = base_url
        self.version = -1
        self.sent: dict[str, int] = {}  # fragment name -> hash of the HTML last sent
        # SEATS fragments sent and unchanged until the seats change: not kept as HTML (the
        # table's join codes are ~10 KB each, per table screen), only known to be sent.
        self.kept: set[str] = set()
        self.renders: dict[str, render_cache.Render] = {}  # this viewer's own fragments, as last rendered
        self.log_mark = None  # (n, entry): the newest log entry this screen shows
        self.log_html = ""

    @property
    def fragments(self) -> tuple:
        """Its fragments, in the order of its *_fragments.html template, its game's panels too."""
        return fragments_for(self.kind, engine.rules_for(self.game.config).names)

    def resync(self) -> None:
        """Send everything again, rendered afresh (a reconnect, or a screen that asks)."""
        self.sent.clear()
        self.kept.clear()

    def seats_changed(self, game: Game) -> None:
        self.game = game
        self.kept.clear()

    @property
    def fast(self) -> bool:
        """Can this screen render without the database? Not the table of a dice reader (its status)."""
        return not (self.kind == "table" and self.game.dice_device)


# Every screen of a game holds its own row; their configs (players, board: a few KB as
# Python objects) are one object per game and process. Nothing changes a config in place.
_configs: OrderedDict[int, dict] = OrderedDict()
CONFIGS_KEPT = 4096


def load_game(with_seats: bool = True, **lookup) -> Game | None:
    """A game row for a screen; the table's with its seats (it lists them on every push)."""
    game = Game.objects.filter(**lookup).first()
    if game is None:
        return None
    with _shared_lock:
        config = _configs.get(game.pk)
        if config is not None and config == game.config:
            game.config = config
        else:
            _configs[game.pk] = game.config
            while len(_configs) > CONFIGS_KEPT:
                _configs.popitem(last=False)
    if with_seats:
        prefetch_related_objects([game], "seats")
    return game


def frame(screen: Screen, at_least: int, database: bool) -> str:
    """The changed fragments for the screen at the newest version this process holds (and
    at least `at_least`), as one websocket frame ("" when nothing changed).

    Without `database` nothing is queried: NeedsDatabase says to call again in a thread.
    """
    version, state, history = newest(screen, at_least, database)
    game = screen.game
    try:
        with services.pinned_state(game, state, history), translation.override(screen.language):
            fragments = _fragments(screen, game)
    except SynchronousOnlyOperation:
        raise NeedsDatabase from None
    screen.version = version
    return _changed(screen, fragments)


def newest(screen: Screen, at_least: int, database: bool) -> tuple[int, dict, dict]:
    """(version, state, history) of the screen's game, the newest this process holds and at
    least `at_least`; the screen's game row is set to that version."""
    hit = services.latest_cached(screen.game)
    if hit is None or hit[0] < at_least:
        if not database:
            raise NeedsDatabase
        fresh = Game.objects.only("version").get(pk=screen.game.pk)
        screen.game.version = fresh.version
        services.current_state(screen.game)  # loads and remembers it
        hit = services.latest_cached(screen.game)
    screen.game.version = hit[0]
    return hit


def _changed(screen: Screen, fragments: list[tuple[str, str]]) -> str:
    """The fragments the screen does not show yet; nothing at all when none changed."""
    changed = False
    out = []
    for (name, piece), (_name, how) in zip(fragments, screen.fragments):
        if piece is None:
            continue
        # A kept render knows its digest; a str caches its hash (a shared fragment is hashed once).
        digest = piece.digest if type(piece) is render_cache.Render else hash(piece)
        if how == LOG:
            # New entries may read as the last ones did (a second trade alike): told apart by the newest entry's number.
            digest = hash((digest, screen.log_mark and screen.log_mark[0]))
        if how == ALWAYS:
            out.append(_text(piece))
        elif screen.sent.get(name) != digest:
            screen.sent[name] = digest
            out.append(_text(piece))
            changed = True
    return "".join(out) if changed else ""


def _text(piece) -> str:
    return piece.html if type(piece) is render_cache.Render else piece


# A viewer's own fragments at one version, kept a little while: the poster's screen renders
# them for its reply and its socket's push brings the same, and a phone may have a second
# device. Not the table's dice reader: its status changes without a new version.
_own: OrderedDict[tuple, dict] = OrderedDict()
OWN_KEPT = 512
NOT_KEPT = frozenset({"reader", "log"})  # the log: what is new to this screen


def _own_for(screen: Screen, game: Game) -> dict:
    key = (game.pk, game.code, game.version, screen.viewer, screen.language, screen.base_url)
    with _shared_lock:
        own = _own.get(key)
        if own is None:
            own = _own[key] = {}
            while len(_own) > OWN_KEPT:
                _own.popitem(last=False)
    return own


def pushed_context(screen: Screen, game: Game, newest: bool | None = None) -> dict:
    """The context a push renders the screen's own fragments from. `newest`: the game is at
    the newest version this process holds (worked out when not given), whose public context
    is worked out once for every screen (the dice's statistics, the layers' drawings) and
    taken from there."""
    if newest is None:
        newest = _shared_for(game, game.version) is not None
    if newest and screen.kind == "table":
        return table_context(game, screen.language, screen.base_url)
    public = _public_context(game, screen.kind, screen.language) if newest else None
    context = screen_context(game, screen.viewer, screen.base_url, public)
    context.update(error=None, notice=None)
    return context


def _fragments(screen: Screen, game: Game) -> list[tuple[str, str | render_cache.Render | None]]:
    """Each fragment of the screen: its HTML, the kept render it is, or None when unchanged."""
    store = _shared_for(game, game.version)
    own = _own_for(screen, game) if store is not None else {}
    context = None

    def viewer_context() -> dict:
        nonlocal context
        if context is None:
            context = pushed_context(screen, game, store is not None)
        return context

    out = []
    for name, how in screen.fragments:
        if how in (SHARED, ALWAYS):
            html = _shared_html(game, screen.kind, screen.language, name, store)
        elif how == SEATS:
            if name in screen.kept:
                html = None  # unchanged: nothing to send
            else:
                html = render_to_string(f"partials/{name}.html", viewer_context())
                screen.kept.add(name)
        elif name in own:
            html = own[name]
        else:
            html = _own_html(game, screen, name, how, store, viewer_context)
            if name not in NOT_KEPT:
                own[name] = html
        out.append((name, html))
    return out


def _own_html(game: Game, screen: Screen, name: str, how: str, store, viewer_context) -> str | render_cache.Render:
    context = viewer_context()
    if how == LOG:
        return _log_html(game, screen, context, store)
    template, context = _source(name, context)
    # Rendered again only when something it read changed, and shared with any screen whose
    # own context has the same values for everything it read (companion/render_cache.py).
    family = (game.pk, game.code, name, screen.kind, screen.language, screen.base_url)
    render = screen.renders[name] = render_cache.kept_render(family, template, context, screen.renders.get(name))
    return render


def _log_html(game: Game, screen: Screen, context: dict, store) -> str:
    """The log: only the entries written since this screen's last push, put on top of the
    ones it shows; the whole log on a (re)connect, or when an undo took back what it shows."""
    entries = context["view"]["log"]  # newest first
    if screen.log_mark is not None and "log" in screen.sent:
        n, shown = screen.log_mark
        at = next((i for i, entry in enumerate(entries) if entry["n"] == n), None)
        if at is not None and entries[at] == shown:
            if at == 0:
                return screen.log_html  # nothing new: not sent again
            screen.log_mark = (entries[0]["n"], entries[0])
            screen.log_html = _log_added(game, screen, entries[:at], context["seat_names"], store)
            return screen.log_html
    if entries == _public_log(game, store):
        html = _shared_html(game, screen.kind, screen.language, "log", store)
    else:  # this seat's log shows it a secret
        html = render_to_string("partials/log.html", context)
    screen.log_mark = (entries[0]["n"], entries[0]) if entries else None
    screen.log_html = html
    return html


def _log_added(game: Game, screen: Screen, added: list, names: list, store) -> str:
    """The entries new to a screen, rendered once per version and language for every screen
    that shows the public log and was one version behind (most screens, most pushes)."""
    public = _public_log(game, store) if store is not None else None
    shared = public is not None and public[:len(added)] == added
    key = ("any", screen.language, "log_added", len(added))
    if shared and key in store.html:
        return store.html[key]
    html = render_to_string("partials/log_added.html", {"entries": log_lines(added, names)})
    if shared:
        store.html[key] = html
    return html


# ---------------------------------------------------------------- a command's reply


def reply(game: Game, viewer, language: str, base_url: str) -> str:
    """What a successful command answers: the poster's screen, but for the table's seats.

    HTMX swaps it at once, so the poster sees the result of its own tap even before (or
    without) its socket's push. Its public fragments are the ones every socket of this
    version gets, so this costs about one screen's push, not a render from scratch. A
    command never changes the seats (their own messages do): they, and their lookup, are
    left out.
    """
    screen = Screen(copy.copy(game), viewer, language, base_url)
    screen.game._prefetched_objects_cache = {"seats": _NO_SEATS}
    screen.kept.add("seats")
    return frame(screen, game.version, database=True)
