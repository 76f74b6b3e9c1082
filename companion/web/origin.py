"""Websocket origin check: a page may only open sockets to the server that served it.

ALLOWED_HOSTS is "*" by default (a table server is reached by whatever LAN address it
has), so the origin is compared with the request's own Host header instead.
"""
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings


class SameOriginValidator:
    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not _same_origin(scope):
            denier = WebsocketDenier()
            return await denier(scope, receive, send)
        return await self.application(scope, receive, send)


def _same_origin(scope) -> bool:
    headers = dict(scope.get("headers", []))
    origin = headers.get(b"origin", b"").decode("latin-1")
    host = headers.get(b"host", b"").decode("latin-1").lower()
    if not origin or not host:
        return False
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    if parts.netloc.lower() == host:
        return True
    trusted = {urlsplit(o).netloc.lower() for o in settings.CSRF_TRUSTED_ORIGINS}
    return parts.netloc.lower() in trusted
