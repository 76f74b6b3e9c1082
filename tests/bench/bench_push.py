"""Where one action's server time goes, by kind of game, in one process (no sockets).

    .venv/bin/python -m tests.bench.bench_push [--actions 120] [--profile KIND]

For each kind of the venue benchmark's realistic mix (tests/bench/corpus_tables.py) it
creates one game from the corpus, opens a Screen (companion/web/rendering.py) for the table
and every seat, and sends the game's recorded taps one by one: `services.command` (the
write, SQLite in a temp folder), then every screen's push as the consumers make it
(`rendering.frame` from the process's cache). Prints the median ms per action of each
part and the bytes pushed; and, for comparison, the server side of two ways of pushing
data instead of HTML, each diffed against what that screen was sent before, as JSON:
- "view": every viewer's engine view (what a browser would need if it derived everything
  the templates show by itself: logic written a second time, in JavaScript);
- "context": every screen's whole template context (selectors.screen_context, as the
  pushes build it), made plain data (what templates rendered in the browser from the same
  source as the server's would need: the one-markup-source way of pushing data).
`--profile KIND` prints cProfile's top functions for that kind (`--sort tottime` for their own
time; `--callers NAME` adds who calls the functions matching NAME).
Not a test: nothing is asserted.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import tempfile
import time


def setup_django() -> None:
    os.environ.setdefault("CATAN_DATA_DIR", tempfile.mkdtemp(prefix="bench-push-"))
    os.environ.setdefault("CATAN_NO_BOOTSTRAP", "1")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "catan_site.settings")
    for key in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(key, None)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def run_kind(kind: str, actions: int, profiler: cProfile.Profile | None) -> dict:
    from django.utils.datastructures import MultiValueDict

    from django.utils import translation

    from companion import engine, services

    from companion.web import rendering
    from companion.web.screen_context import screen_context
    from companion.web.forms import action_args
    from tests.bench.corpus_tables import MIX, playable, renamed

    name = MIX[kind][0]
    config, seed, taps = playable(name, actions)
    game = services.create_game(renamed(config, 1), seed=seed)
    viewers = [engine.TABLE, *range(len(game.config["players"]))]
    screens = [rendering.Screen(rendering.load_game(pk=game.pk), viewer, "pl", "http://bench") for viewer in viewers]
    for screen in screens:
        rendering.frame(screen, game.version, database=True)
    commands, pushes, sizes, diffs, diff_sizes, contexts, context_sizes, builds = [], [], [], [], [], [], [], []
    previous = {viewer: services.view_for(game, viewer) for viewer in viewers}
    previous_context = {viewer: None for viewer in viewers}
    for screen_of, fields in taps:
        actor = services.TABLE if screen_of == "table" else {"seat": screen_of}
        post = MultiValueDict({k: v if isinstance(v, list) else [v] for k, v in fields.items()})
        if profiler:
            profiler.enable()
        started = time.perf_counter()
        outcome = services.command(game, actor, fields["type"], action_args(post))
        written = time.perf_counter()
        size = 0
        for screen in screens:
            size += len(rendering.frame(screen, outcome.version, database=False))
        done = time.perf_counter()
        if profiler:
            profiler.disable()
        game.version = outcome.version
        # The data alternative's server side, for comparison: each viewer's view, diffed
        # against the one it was sent, as JSON (what a screen that renders in the browser
        # would be pushed). Not the app's path: it renders HTML.
        diffed = time.perf_counter()
        data_size = 0
        for viewer in viewers:
            view = services.view_for(game, viewer)
            data_size += len(json.dumps(view_diff(previous[viewer], view), separators=(",", ":")))
            previous[viewer] = view
        diffs.append((time.perf_counter() - diffed) * 1000)
        diff_sizes.append(data_size)
        # The context alternative: what each screen's templates read, as plain data, diffed.
        context_started = time.perf_counter()
        data_size = 0
        built = 0.0
        with translation.override("pl"):
            for viewer in viewers:
                built -= time.perf_counter()
                raw = screen_context(game, viewer, "http://bench")
                built += time.perf_counter()
                context = plain(raw)
                data_size += len(json.dumps(view_diff(previous_context[viewer], context), separators=(",", ":")))
                previous_context[viewer] = context
        contexts.append((time.perf_counter() - context_started) * 1000)
        builds.append(built * 1000)
        context_sizes.append(data_size)
        commands.append((written - started) * 1000)
        pushes.append((done - written) * 1000)
        sizes.append(size)
    return {"kind": kind, "game": name, "screens": len(screens), "actions": len(taps),
            "command_ms": statistics.median(commands), "push_ms": statistics.median(pushes),
            "push_mean_ms": statistics.mean(pushes), "bytes": statistics.median(sizes),
            "diff_ms": statistics.median(diffs), "diff_bytes": statistics.median(diff_sizes),
            "context_ms": statistics.median(contexts), "context_bytes": statistics.median(context_sizes),
            "context_build_ms": statistics.median(builds)}


def plain(value):
    """A template context as JSON-able data: lazy texts as their text; what is not data
    (the game's row, the layers' modules, the lazy log: pushed as new entries anyway) left out."""
    from django.db.models import Model
    from django.utils.functional import LazyObject, Promise

    kind = type(value)
    if kind in (str, int, float, bool, type(None)):
        return value
    if kind is dict or isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if isinstance(item, (Model, LazyObject)) or callable(item) or type(item).__name__ == "module":
                continue
            if type(item) is tuple and item and type(item[0]).__name__ == "module":
                continue
            out[str(key)] = plain(item)
        return out
    if kind in (list, tuple):
        return [plain(item) for item in value]
    if isinstance(value, (str, Promise)):
        return str(value)
    return str(value)


def view_diff(before, after):
    """What changed from `before` to `after`: changed keys of dicts, recursively; anything
    else whole. None when nothing changed."""
    if type(before) is dict and type(after) is dict:
        out = {k: view_diff(before.get(k), v) for k, v in after.items() if k not in before or before[k] != v}
        out.update({k: None for k in before if k not in after})
        return out
    return after


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=120)
    parser.add_argument("--profile", help="cProfile one kind: base, cities_knights, events, explorers_pirates, score")
    parser.add_argument("--kinds", default="base,cities_knights,events,explorers_pirates,score")
    parser.add_argument("--sort", default="cumulative", help="the profile's order: cumulative, tottime ...")
    parser.add_argument("--callers", default="", help="also print who calls the functions matching this")
    args = parser.parse_args(argv)
    setup_django()
    print(f"{'kind':18} {'game':24} {'screens':>7} {'actions':>7} {'command ms':>10} {'push ms':>8} "
          f"{'push mean':>9} {'bytes':>7} {'view ms':>8} {'view bytes':>10} {'context ms':>10} {'(build)':>7} {'ctx bytes':>9}")
    for kind in args.kinds.split(","):
        profiler = cProfile.Profile() if args.profile == kind else None
        row = run_kind(kind, args.actions, profiler)
        print(f"{row['kind']:18} {row['game']:24} {row['screens']:7} {row['actions']:7} {row['command_ms']:10.2f} "
              f"{row['push_ms']:8.2f} {row['push_mean_ms']:9.2f} {row['bytes']:7.0f} {row['diff_ms']:8.2f} "
              f"{row['diff_bytes']:10.0f} {row['context_ms']:10.2f} {row['context_build_ms']:7.2f} {row['context_bytes']:9.0f}")
        if profiler:
            stats = pstats.Stats(profiler, stream=sys.stdout).sort_stats(args.sort)
            stats.print_stats(45)
            if args.callers:
                stats.print_callers(args.callers)


if __name__ == "__main__":
    main()
