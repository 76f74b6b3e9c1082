"""The stylesheets of a game's layers: every .css file in a layer package's own static/
folder (served by catan_site/settings.py's STATICFILES_DIRS, which lists every package's),
linked by the pages of a game that package's layers are part of (templates/base.html).
The page's Content-Security-Policy allows no inline styles: a layer's styles are files.
"""
import functools
from pathlib import Path

from companion.layers import PACKAGES


@functools.cache
def _package_styles() -> tuple:
    """(its layers' names, its stylesheets) of every layer package with styles of its own, in
    composition order; the stylesheets as static paths ("<package>/<file>.css")."""
    found = []
    for package in PACKAGES:
        folder = Path(package.__file__).resolve().parent / "static"
        sheets = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*.css")) if folder.is_dir() else []
        if sheets:
            found.append((frozenset(layer.name for layer in package.LAYERS), tuple(sheets)))
    return tuple(found)


@functools.lru_cache(maxsize=64)
def layer_styles(names: tuple) -> tuple:
    """The stylesheets of the game whose composed layers are `names`, in composition order."""
    return tuple(sheet for layers, sheets in _package_styles() if layers & set(names) for sheet in sheets)
