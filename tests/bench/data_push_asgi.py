"""The app with pushes of data instead of HTML, for bench_venue's `--push` comparison only.

    python -m tests.bench.data_push_asgi --host 127.0.0.1 --port 8123   (BENCH_PUSH=view|context)

The same ASGI application as `manage.py serve` (sessions, origin check, the same consumer
for connecting, taps, commands and acknowledgements), except what a push carries:

- BENCH_PUSH=view: the screen's engine view, diffed against the one it was sent before, as
  JSON. What a browser needs if it derives everything the screen shows by itself (the
  screens' logic and markup written a second time, in JavaScript): not a way the project
  may take, measured as the floor of any data push.
- BENCH_PUSH=context: the screen's whole template context built as the HTML pushes build it
  (rendering.pushed_context), and a frame with the version only: the bound of an HTML push
  whose template engine cost nothing (a compiled engine, however fast), and the least a
  push costs when the browser renders the server's own templates from data (one source of
  markup), since the server still derives what those templates show.

A frame is `{"v":<version>,"d":<diff>}` (`{"v":<version>}` for context); bench_venue reads
the version from it.
"""
import argparse
import json
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "catan_site.settings")

from catan_site import asgi  # noqa: E402  (sets Django up)
from channels.db import database_sync_to_async  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import SessionMiddlewareStack  # noqa: E402
from django.core.exceptions import SynchronousOnlyOperation  # noqa: E402
from django.urls import re_path  # noqa: E402
from django.utils import translation  # noqa: E402

from companion import services  # noqa: E402

from companion.web import rendering
from companion.web.consumers import GameConsumer  # noqa: E402
from companion.web.origin import SameOriginValidator  # noqa: E402
from companion.web.routing import UnknownPath  # noqa: E402
from tests.bench.bench_push import view_diff  # noqa: E402

BUILD_CONTEXT = os.environ.get("BENCH_PUSH", "view") == "context"


def data_frame(screen: rendering.Screen, at_least: int, database: bool) -> str:
    version, state, history = rendering.newest(screen, at_least, database)
    game = screen.game
    if version <= screen.version and screen.sent:
        return ""
    try:
        with services.pinned_state(game, state, history), translation.override(screen.language):
            if BUILD_CONTEXT:  # as an HTML push builds it (the public part once per version)
                rendering.pushed_context(screen, game)
            else:
                view = services.view_for(game, screen.viewer)
    except SynchronousOnlyOperation:  # as rendering.frame: the table's seats or reader need a query
        raise rendering.NeedsDatabase from None
    resent = not screen.sent  # a (re)connect or a resync: the whole view, not a diff
    screen.sent["data"] = version
    screen.version = version
    if BUILD_CONTEXT:
        # Only the version: this is the bound of an HTML push whose templates cost nothing,
        # so it pays neither a render nor a diff of the view.
        return f'{{"v":{version}}}'
    before = None if resent else getattr(screen, "data_sent", None)
    screen.data_sent = view
    return json.dumps({"v": version, "d": view_diff(before, view)}, separators=(",", ":"), default=str)


class DataGameConsumer(GameConsumer):
    async def _frame(self, at_least: int) -> str:
        if self.screen.fast:
            try:
                return data_frame(self.screen, at_least, database=False)
            except rendering.NeedsDatabase:
                pass
        return await database_sync_to_async(data_frame)(self.screen, at_least, True)


application = ProtocolTypeRouter({
    "http": asgi.application.application_mapping["http"],
    "websocket": SameOriginValidator(SessionMiddlewareStack(URLRouter([
        re_path(r"^ws/g/(?P<code>[A-Za-z0-9]{4,12})/(?P<role>table|seat)/$", DataGameConsumer.as_asgi()),
        re_path(r"", UnknownPath.as_asgi()),
    ]))),
})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    from companion.management.commands.serve import freeze_startup, run_uvicorn

    freeze_startup("tests.bench.data_push_asgi:application")  # as serve does
    run_uvicorn(args.host, args.port, application="tests.bench.data_push_asgi:application")


if __name__ == "__main__":
    main()
