from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import re_path

from companion.web.consumers import GameConsumer


class UnknownPath(AsyncWebsocketConsumer):
    """Any other socket path is refused before it opens (the server answers 403), instead
    of the router's error: a stranger can't fill the log with tracebacks."""

    async def connect(self):
        await self.close(code=4404)


# The socket URL names the game and the screen's role, never a token: the seat comes
# from the session set by the join page.
websocket_urlpatterns = [
    re_path(r"^ws/g/(?P<code>[A-Za-z0-9]{4,12})/(?P<role>table|seat)/$", GameConsumer.as_asgi()),
    re_path(r"", UnknownPath.as_asgi()),
]
