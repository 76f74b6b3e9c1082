"""Thin websockets: they only push. Each screen renders its own viewer's view.

Group messages carry the game id and version only; a consumer that hears of a change
renders the fragments for its own viewer (the table, or its seat) and sends them.
"""
import asyncio

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation.trans_real import get_supported_language_variant, parse_accept_lang_header

from . import engine, services
from .models import Game
from .views import HOSTED, render_fragments

# htmx's ws extension retries only 1006, 1011, 1012, 1013: these codes end the retries.
CLOSE_NOT_ALLOWED = 4403
CLOSE_NO_GAME = 4404
CLOSE_REVOKED = 4401


class GameConsumer(AsyncWebsocketConsumer):
    """One screen of one game: `table` for the host's table screen, `seat` for a phone."""

    async def connect(self):
        self.game = None
        self.sent_version = -1
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
        self.language = self._language()
        await self.channel_layer.group_add(self.game.group_name, self.channel_name)
        await self._push()  # full resync on every (re)connect

    async def disconnect(self, code):
        if self.game is not None:
            await self.channel_layer.group_discard(self.game.group_name, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """Screens don't send commands here (they post forms); a ping gets a resync."""
        if text_data and text_data.strip() in ('"resync"', "resync"):
            self.sent_version = -1
            await self._push()

    async def game_changed(self, event):
        if event.get("revoked") is not None and self.viewer == event["revoked"]:
            await self.close(code=CLOSE_REVOKED)
            return
        if event.get("seats_changed") and self.viewer != engine.TABLE:
            if not await self._still_bound():
                await self.close(code=CLOSE_REVOKED)
                return
        if event["version"] > self.sent_version or event.get("seats_changed") or event.get("table_only"):
            if event.get("table_only") and self.viewer != engine.TABLE:
                return
            await self._push()

    async def _push(self):
        version, html = await self._render()
        if version >= self.sent_version:
            self.sent_version = version
            await self.send(text_data=html)

    @database_sync_to_async
    def _render(self):
        game = Game.objects.get(pk=self.game.pk)
        with translation.override(self.language):
            return game.version, render_fragments(game, self.viewer, self._base_url())

    @database_sync_to_async
    def _load_game(self, code):
        return Game.objects.filter(code=str(code).upper()).first()

    @database_sync_to_async
    def _viewer(self, role):
        session = self.scope.get("session")
        if session is None:
            return None
        if role == "table":
            return engine.TABLE if self.game.code in session.get(HOSTED, []) else None
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
