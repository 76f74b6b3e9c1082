"""Baseline 1 for bench_venue: the smallest useful Channels group broadcast.

Served by daphne in a subprocess (bench_venue starts it):

    BENCH_REDIS_URL=redis://127.0.0.1:6379/11 python -m daphne -b 127.0.0.1 -p 8123 \
        --websocket_timeout -1 tests.bench.minimal_channels_asgi:application

- websocket /ws/t/<table>/: joins the group `bench.<table>`, sends a hello frame
  (version 0), then one frame per group message.
- HTTP POST /send/<table>/<version>/: group_send of {version} to that table's group,
  answers "ok"; or the text "N" sent over any socket of the table: group_send of version
  N. This is the shape of the app's flow (a tap posted or sent over the tapping screen's
  socket -> group_send -> every consumer sends), minus everything the app does per screen
  (session, origin check, database, per-viewer rendering).

Same channel layer as the app: in-memory without BENCH_REDIS_URL, else channels_redis
with the app's settings (CATAN_REDIS_LAYER: core or pubsub). The payload is small (BENCH_PAYLOAD_BYTES of padding, default 64).
BENCH_CLOSE_HOP=0: without Channels' per-message close of old database connections (as
the app's consumer), to measure the floor with and without that thread hop.
"""
import os

import django
from django.conf import settings

if not settings.configured:
    _redis = os.environ.get("BENCH_REDIS_URL", "")
    if _redis:
        _backend = {"pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer"}.get(
            os.environ.get("CATAN_REDIS_LAYER", "pubsub"), "channels_redis.core.RedisChannelLayer")
        _layers = {"default": {"BACKEND": _backend,
                               "CONFIG": {"hosts": [{"address": _redis, "socket_timeout": 15}]}}}
    else:
        _layers = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.configure(
        SECRET_KEY="bench-only", DEBUG=False, ALLOWED_HOSTS=["*"], INSTALLED_APPS=["channels"],
        CHANNEL_LAYERS=_layers, USE_TZ=True,
    )
    django.setup()

from channels.consumer import get_handler_name  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.layers import get_channel_layer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import re_path  # noqa: E402

PADDING = "x" * int(os.environ.get("BENCH_PAYLOAD_BYTES", "64"))


def frame(version: int) -> str:
    return f'<section id="status" data-version="{version}">{PADDING}</section>'


class BroadcastConsumer(AsyncWebsocketConsumer):
    if os.environ.get("BENCH_CLOSE_HOP", "1") == "0":
        async def dispatch(self, message):
            """Without Channels' aclose_old_connections() per message (a thread hop): this
            consumer uses no database, as the app's consumer does it only in its own hops."""
            await getattr(self, get_handler_name(message))(message)

    async def connect(self):
        self.group = "bench." + self.scope["url_route"]["kwargs"]["table"]
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send(text_data=frame(0))

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            version = int(text_data or "")
        except ValueError:
            return
        await self.channel_layer.group_send(self.group, {"type": "bench.message", "version": version})

    async def bench_message(self, event):
        await self.send(text_data=frame(event["version"]))


async def http_app(scope, receive, send):
    if scope["type"] != "http":
        return
    more = True
    while more:
        message = await receive()
        more = message.get("more_body", False)
    parts = scope["path"].strip("/").split("/")
    status, body = 404, b"no"
    if scope["method"] == "POST" and len(parts) == 3 and parts[0] == "send":
        await get_channel_layer().group_send("bench." + parts[1], {"type": "bench.message", "version": int(parts[2])})
        status, body = 200, b"ok"
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


application = ProtocolTypeRouter({
    "http": http_app,
    "websocket": URLRouter([re_path(r"^ws/t/(?P<table>\w+)/$", BroadcastConsumer.as_asgi())]),
})
