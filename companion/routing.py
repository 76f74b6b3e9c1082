from django.urls import re_path

from .consumers import GameConsumer

# The socket URL names the game and the screen's role, never a token: the seat comes
# from the session set by the join page.
websocket_urlpatterns = [
    re_path(r"^ws/g/(?P<code>[A-Za-z0-9]{4,12})/(?P<role>table|seat)/$", GameConsumer.as_asgi()),
]
