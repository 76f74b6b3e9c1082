"""Thin websockets: each screen's pushes, and the taps it sends. Each screen renders its
own viewer's view.

Group messages carry the game id and version only; a consumer that hears of a change
sends its own viewer's fragments (the table, or its seat) that changed. How they are
rendered, shared and skipped is companion/web/rendering.py's business.

A screen whose socket is open sends its taps here rather than as an HTTP post (static/app.js):
the same fields as the form, as {"act": {...}}. They go through services.command like a
post, for the viewer this socket was opened by, and the answer is this screen's changed
fragments, the flash (why a tap was refused) and an acknowledgement naming the tap's
idempotency key.
"""
import asyncio
import json
import logging
from importlib import import_module

from channels.db import database_sync_to_async
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.datastructures import MultiValueDict
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation.trans_real import get_supported_language_variant, parse_accept_lang_header

from companion import engine, services

from companion.web import rendering
from companion.engine import IllegalAction
from companion.web.forms import action_args
from companion.messages import refusal
from companion.web.middleware import UNAVAILABLE

log = logging.getLogger(__name__)

# htmx's ws extension retries only 1006, 1011, 1012, 1013: these codes end the retries.
CLOSE_NOT_ALLOWED = 4403
CLOSE_NO_GAME = 4404
CLOSE_REVOKED = 4401
# A tap is a few short fields: anything longer is not one of ours.
MAX_COMMAND_CHARS = 20_000
MAX_FIELDS = 60
MAX_FIELD_CHARS = 200


class _Unbound(Exception):
    """The phone's seat was freed or given to another device since the socket opened."""


class _TableEnded(Exception):
    """The table key was replaced on another screen since this table socket opened."""


def command_fields(text: str) -> MultiValueDict | None:
    """A websocket command's form fields, or None when the text is not a command.

    {"act": {"type": "roll", "as": "seat", "idem": "...", "resources": ["ore", "wool"]}}:
    each value a string (numbers are taken as their text) or a list of them.
    """
    if len(text) > MAX_COMMAND_CHARS:
        return None
    try:
        message = json.loads(text)
    except ValueError:
        return None
    fields = message.get("act") if isinstance(message, dict) else None
    if not isinstance(fields, dict) or len(fields) > MAX_FIELDS:
        return None
    values = {}
    for name, value in fields.items():
        items = value if isinstance(value, list) else [value]
        if len(items) > MAX_FIELDS or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in items):
            return None
        items = [str(v) for v in items]
        if len(name) > MAX_FIELD_CHARS or any(len(v) > MAX_FIELD_CHARS for v in items):
            return None
        values[name] = items
    return MultiValueDict(values)


class GameConsumer(AsyncWebsocketConsumer):
    """One screen of one game: `table` for the host's table screen, `seat` for a phone."""

    async def dispatch(self, message):
        """As Channels' own, without closing old database connections before every message:
        that is a hop onto the single thread of sync_to_async per message (each push of each
        screen), and every database use here goes through database_sync_to_async, which
        closes them itself, before and after."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self):
        self.game = None
        self.screen = None
        services.remember_server_loop(asyncio.get_running_loop())
        role = self.scope["url_route"]["kwargs"]["role"]
        code = self.scope["url_route"]["kwargs"]["code"]
        # Accept first: a close before accept reaches the browser as 1006, which htmx retries.
        await self.accept()
        self.game = await self._load_game(code)
        if self.game is None:
            await self.close(code=CLOSE_NO_GAME)
            return
        self.viewer = await self._viewer(role)
        if self.viewer is None:
            await self.close(code=CLOSE_NOT_ALLOWED)
            return
        self.screen = rendering.Screen(self.game, self.viewer, self._language(), self._base_url())
        await self.channel_layer.group_add(self.game.group_name, self.channel_name)
        await self._push(at_least=self.game.version)  # full resync on every (re)connect

    async def disconnect(self, code):
        if self.game is not None:
            await self.channel_layer.group_discard(self.game.group_name, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """A tap ({"act": {...}}), or a ping ("resync") that gets the whole view again."""
        if self.screen is None:
            return
        text = (text_data or "").strip()
        if text in ('"resync"', "resync"):
            self.screen.resync()
            await self._push(at_least=self.screen.version)
            return
        fields = command_fields(text)
        if fields is None:
            with translation.override(self.screen.language):
                error = _("The server did not understand what this screen sent. Reload the page if this goes on.")
            await self._answer("", error=error)
            return
        await self._act(fields)

    async def _act(self, fields: MultiValueDict) -> None:
        idem = fields.get("idem") or ""
        is_table = self.viewer == engine.TABLE
        error = notice = None
        version = self.screen.version
        with translation.override(self.screen.language):
            if (fields.get("as", "seat") == "table") != is_table:
                # What the same form would get as a post from this browser.
                await self._answer(idem, error=_("Only the table screen may do this.") if not is_table
                                   else _("This browser is not part of this game."))
                return
            try:
                outcome = await database_sync_to_async(self._command)(fields, idem)
            except _Unbound:
                await self.close(code=CLOSE_REVOKED)
                return
            except _TableEnded:
                # The words and the acknowledgement only: no fresh table (its seats' QR codes).
                ended = _("This screen is no longer the table: the table key was replaced on another screen.")
                await self._answer(idem, error=ended, fragments=False)
                await self.close(code=CLOSE_REVOKED)
                return
            except IllegalAction as refused:
                error = refusal(refused)
            except UNAVAILABLE as failure:
                log.warning("service unavailable for a tap in game %s: %s", self.game.code, failure)
                error = _("The server cannot reach its database right now. Nothing was recorded: try again in a moment.")
            else:
                version = max(version, outcome.version)
                if outcome.duplicate:
                    log.info("game %s: repeated request %s ignored", self.game.code, idem)
                    notice = _("Already recorded.")
        await self._answer(idem, error=error, notice=notice, at_least=version)

    def _command(self, fields: MultiValueDict, idem: str) -> services.Outcome:
        # Whom this screen acts for is checked on every tap, as a post is (a freed seat acts no
        # more, even before its close arrives; nor does a table session the key's replacement
        # ended), but by the write itself: no query before it (services.Authority).
        if self.viewer == engine.TABLE:
            authority = services.Authority.of_table(self.table_generation)
            actor = services.TABLE
        else:
            authority = services.Authority.of_seat(self.viewer, self.scope["session"].session_key)
            actor = {"seat": self.viewer}
        args = (actor, fields.get("type", ""), action_args(fields), idem)
        try:
            return services.command(self.game, *args, authority=authority)
        except services.NotAuthorized:
            if self.viewer != engine.TABLE:
                raise _Unbound from None
        # The session read afresh: the screen that replaced the key recorded its new table
        # generation after this socket had loaded it, and this one is still the table.
        generation = self._current_table_generation()
        if generation is None:
            raise _TableEnded
        self.table_generation = generation
        try:
            return services.command(self.game, *args, authority=services.Authority.of_table(generation))
        except services.NotAuthorized:
            raise _TableEnded from None

    async def _answer(self, idem: str, error: str | None = None, notice: str | None = None,
                      at_least: int | None = None, fragments: bool = True) -> None:
        """The tapping screen's answer: its changed fragments, the flash, then the acknowledgement.

        The flash comes after the fragments (their own, empty flash would hide it), and the
        acknowledgement last: the screen renews the tap's key once it has the result.
        """
        if (error is not None or notice is not None) and fragments:
            # As a refused post's answer does: the whole screen afresh (a half-entered roll is cleared).
            self.screen.resync()
        try:
            at_least = self.screen.version if at_least is None else at_least
            html = await self._frame(at_least=at_least) if fragments else ""
        except UNAVAILABLE:  # the database went away: the flash says so, the screen keeps what it shows
            html = ""
        with translation.override(self.screen.language):
            flash = render_to_string("partials/flash.html", {"error": error, "notice": notice})
        ok = "1" if error is None else "0"
        ack = f'<div id="ack" hx-swap-oob="true" hidden data-ack="{escape(idem)}" data-ok="{ok}"></div>'
        await self.send(text_data=html + flash + ack)

    async def game_changed(self, event):
        if event.get("revoked") is not None and self.viewer == event["revoked"]:
            await self.close(code=CLOSE_REVOKED)
            return
        if event.get("tables_ended") or (event.get("seats_changed") and self.viewer == engine.TABLE):
            # The table key was replaced: only the screen that replaced it stays the table (and
            # an ended one that missed that push gets no fresh seat QR codes either).
            if self.viewer == engine.TABLE:
                generation = await database_sync_to_async(self._current_table_generation)()
                if generation is None:
                    await self.close(code=CLOSE_REVOKED)
                    return
                self.table_generation = generation  # the screen that replaced the key: its new one
            if event.get("tables_ended"):
                return
        if event.get("seats_changed") and self.viewer != engine.TABLE:
            if not await self._still_bound():
                await self.close(code=CLOSE_REVOKED)
                return
        if event.get("table_only") and self.viewer != engine.TABLE:
            return
        if self.viewer == engine.TABLE and (event.get("seats_changed") or event.get("table_only")):
            # The seats (their QR codes) or the dice reader changed: the table shows them.
            await self._reload_game()
        if event["version"] > self.screen.version or event.get("seats_changed") or event.get("table_only"):
            await self._push(at_least=max(event["version"], self.screen.version))

    async def _push(self, at_least: int):
        html = await self._frame(at_least)
        if html:
            await self.send(text_data=html)

    async def _frame(self, at_least: int) -> str:
        html = None
        if self.screen.fast:
            try:
                # On the event loop: from this process's cache, no query and no thread hop.
                html = rendering.frame(self.screen, at_least, database=False)
            except rendering.NeedsDatabase:
                pass
        if html is None:
            html = await database_sync_to_async(rendering.frame)(self.screen, at_least, database=True)
        return html

    @database_sync_to_async
    def _load_game(self, code):
        return rendering.load_game(with_seats=False, code=str(code).upper())

    @database_sync_to_async
    def _reload_game(self):
        game = rendering.load_game(pk=self.game.pk)
        if game is not None:
            self.game = game
            self.screen.seats_changed(game)

    @database_sync_to_async
    def _viewer(self, role):
        session = self.scope.get("session")
        if session is None:
            return None
        if role == "table":
            if services.table_role(session, self.game) != services.IS_TABLE:
                return None
            self.table_generation = services.recorded_generation(session, self.game)  # what its writes act as
            self.game = rendering.load_game(pk=self.game.pk)  # with the seats it shows
            return engine.TABLE
        seat = services.seat_of_session(self.game, session.session_key)
        return seat.index if seat else None

    def _current_table_generation(self) -> int | None:
        """The table generation this socket's session records now, if it is still the game's table."""
        fresh = import_module(settings.SESSION_ENGINE).SessionStore(self.scope["session"].session_key)
        if services.table_role(fresh, self.game) != services.IS_TABLE:
            return None
        return services.recorded_generation(fresh, self.game)

    @database_sync_to_async
    def _still_bound(self):
        seat = services.seat_of_session(self.game, self.scope["session"].session_key)
        return seat is not None and seat.index == self.viewer

    def _base_url(self) -> str:
        headers = dict(self.scope.get("headers", []))
        host = headers.get(b"host", b"localhost").decode("latin-1")
        scheme = "https" if self.scope.get("scheme") == "wss" else "http"
        return f"{scheme}://{host}"

    def _language(self) -> str:
        """The viewer's language: the switch's cookie, else the browser's preference."""
        cookie = self.scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME)
        candidates = [cookie] if cookie else []
        headers = dict(self.scope.get("headers", []))
        accept = headers.get(b"accept-language", b"").decode("latin-1")
        candidates += [lang for lang, _q in parse_accept_lang_header(accept) if lang != "*"]
        for candidate in candidates:
            try:
                return get_supported_language_variant(candidate)
            except LookupError:
                continue
        return settings.LANGUAGE_CODE
