"""Every layer package's `screens` module (what it shows), found once, in composition order.

Shared by the screens' context (companion/web/screen_context.py) and the final score's words
(companion/web/story.py), so neither names a layer.
"""
import functools
import importlib
import importlib.util

from companion.layers import PACKAGES


@functools.cache
def package_screens() -> tuple:
    """(package, its screens module) for every layer package that has one, in composition order."""
    found = []
    for package in PACKAGES:
        name = f"{package.__name__}.screens"
        if importlib.util.find_spec(name):
            found.append((package, importlib.import_module(name)))
    return tuple(found)
