"""Thin websockets: they only push. Each screen renders its own viewer's view.

Group messages carry the game id and version only; a consumer that hears of a change
sends its own viewer's fragments (the table, or its seat) that changed. How they are
rendered, shared and skipped is companion/rendering.py's business.
"""
import asyncio

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils.translation.trans_real import get_supported_language_variant, parse_accept_lang_header

from . import engine, rendering, services
from .views import HOSTED

# htmx's ws extension retries only 1006, 1011, 1012, 1013: these codes end the retries.
CLOSE_NOT_ALLOWED = 4403
CLOSE_NO_GAME = 4404
CLOSE_REVOKED = 4401


class GameConsumer(AsyncWebsocketConsumer):
    """One screen of one game: `table` for the host's table screen, `seat` for a phone."""

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
        """Screens don't send commands here (they post forms); a ping gets a resync."""
        if text_data and text_data.strip() in ('"resync"', "resync") and self.screen is not None:
            self.screen.resync()
            await self._push(at_least=self.screen.version)

    async def game_changed(self, event):
        if event.get("revoked") is not None and self.viewer == event["revoked"]:
            await self.close(code=CLOSE_REVOKED)
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
        html = None
        if self.screen.fast:
            try:
                # On the event loop: from this process's cache, no query and no thread hop.
                html = rendering.frame(self.screen, at_least, database=False)
            except rendering.NeedsDatabase:
                pass
        if html is None:
            html = await database_sync_to_async(rendering.frame)(self.screen, at_least, database=True)
        if html:
            await self.send(text_data=html)

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
            if self.game.code not in session.get(HOSTED, []):
                return None
            self.game = rendering.load_game(pk=self.game.pk)  # with the seats it shows
            return engine.TABLE
        seat = services.seat_of_session(self.game, session.session_key)
        return seat.index if seat else None

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
