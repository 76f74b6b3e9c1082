"""Telling every screen of a game that it changed: ids and versions only, on commit."""
import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from companion.models import Game

log = logging.getLogger(__name__)


def broadcast(game: Game, seats_changed: bool = False, revoked: int | None = None,
              table_only: bool = False, tables_ended: bool = False) -> None:
    """Tell every screen of the game that it changed: ids and versions only.

    `table_only`: something only the table screen shows changed (the dice reader's status).
    `tables_ended`: the table key was replaced; each table screen checks it is still one.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "game.changed", "version": game.version, "seats_changed": seats_changed,
               "table_only": table_only}
    if revoked is not None:
        message["revoked"] = revoked
    if tables_ended:
        message["tables_ended"] = True
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


