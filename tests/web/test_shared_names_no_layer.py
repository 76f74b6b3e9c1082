"""Shared code names no layer: it loops over the game's layers instead.

"Shared" is every module of companion/ outside companion/layers/, every template outside a
layer package's own templates/ folder, and the shared static/ CSS and JS. None of it may name
a layer: import a layer's package, or spell a layer's name, package, scenario key, game
option or the keys its parts of the views and the state live under. The names come from the
registry (companion.layers), so a new layer is checked as soon as it is registered.

What counts as naming, by kind of file (prose may say "Cities & Knights" or "two players"):
- Python: an import of a layer's package; an identifier (a name, an attribute, an argument,
  a function) that is a layer's name; a string without spaces (a key, a path, a test id)
  whose words are or contain one. Docstrings and strings with spaces are prose.
- templates: anything but comments and the words inside {% translate %} and
  {% blocktranslate %}: variables (`view.ck`), strings ("events"), attributes (`id="ck"`).
- CSS: selectors, and the grid areas they place things in (never property names, nor values
  such as the colour `gold`).
- JS: strings, and identifiers, outside comments.
The base game is left out: every core is built on it (its words, colours and dice are what
every game has), so it is the ground shared code stands on, not a layer it could name.
"""
import ast
import re
from pathlib import Path

import pytest

from companion.layers import LAYERS, PACKAGES

ROOT = Path(__file__).resolve().parents[2]

# Where a shared file may name a layer's word for a reason of its own, and the reason. The
# rulebook's library files its texts by printed book and by chapter: the boxes
# ("cities-knights", "traders-barbarians", "explorers-pirates", the badges' colours): the books'
# names, which the layers point into (their forms' "rulebook"), not the layers'. A layer's own
# chapter (the Events of Catan deck's) is its Layer.rule_topics, labelled by its screen contract.
_BOOKS = {"cities_knights", "traders_barbarians", "explorers_pirates"}
ALLOWED = {
    "companion/rulebook/entryfiles.py": _BOOKS,
    "companion/rulebook/labels.py": _BOOKS,
    "static/rulebook.css": _BOOKS,
}


# ---------------------------------------------------------------- the names, from the registry


def _chain(core, by_name: dict) -> list:
    chain = [core]
    while chain[0].extends is not None:
        chain.insert(0, by_name[chain[0].extends])
    return chain


def layer_names() -> frozenset:
    """Every name a layer goes by: its layer names, its package's, its scenario key, its game
    options, its part of the views and its part of the state (Cities & Knights' "ck"). Not the ground every core is built on (the base game),
    nor a key several packages put their parts under (config["variants"], the game options')."""
    by_name = {layer.name: layer for layer in LAYERS}
    cores = [layer for layer in LAYERS if layer.core]
    ground = set.intersection(*({layer.name for layer in _chain(core, by_name)} for core in cores))
    key_packages: dict[str, set] = {}
    for package in PACKAGES:
        for layer in package.LAYERS:
            if layer.view_key:
                key_packages.setdefault(layer.view_key, set()).add(package.__name__)
    names = set()
    for package in PACKAGES:
        if any(layer.name in ground for layer in package.LAYERS):
            continue
        names.add(package.__name__.rpartition(".")[2])
        for layer in package.LAYERS:
            names.add(layer.name)
            names.update(layer.options)
            if layer.scenario:
                names.add(layer.scenario)
            if layer.view_key and len(key_packages[layer.view_key]) == 1:
                names.add(layer.view_key)
            if layer.state_key:
                names.add(layer.state_key)
    return frozenset(names)


NAMES = layer_names()


# ---------------------------------------------------------------- the checker


WORD = re.compile(r"[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*")


def _in_word(word: str, names) -> set:
    """The names a word is or holds as whole parts: "ck-panel" holds "ck", "rb-cities-knights"
    holds "cities_knights", "eventful" holds nothing. ("pointer-events" is a property's or an
    attribute's name: the checkers leave those out before they get here.)"""
    parts = re.split(r"[-_]", word)
    return {"_".join(parts[i:j]) for i in range(len(parts)) for j in range(i + 1, len(parts) + 1)} & names


def _in_words(text: str, names, parts: bool = True) -> set:
    """The names in a text's words: as a word's parts too (markup's class names and ids), or
    only as whole words (code's keys and paths: "two_buildings" is a problem's code)."""
    if parts:
        return {name for word in WORD.findall(text) for name in _in_word(word, names)}
    return {word.replace("-", "_") for word in WORD.findall(text)} & names


def _docstrings(tree: ast.AST) -> set:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def python_mentions(source: str, names) -> list[tuple[int, str, str]]:
    """(line, name, what) for every place a Python module names a layer."""
    tree = ast.parse(source)
    prose = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            for alias in node.names:
                found += [(line, name, "imports it") for name in set(alias.name.split(".")) & names]
        elif isinstance(node, ast.ImportFrom):
            modules = set((node.module or "").split(".")) | {alias.name for alias in node.names}
            found += [(line, name, "imports it") for name in modules & names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            if not re.search(r"\s", node.value):
                found += [(line, name, f"string {node.value!r}") for name in _in_words(node.value, names, parts=False)]
        else:
            identifier = {ast.Name: "id", ast.Attribute: "attr", ast.FunctionDef: "name", ast.AsyncFunctionDef: "name",
                          ast.ClassDef: "name", ast.arg: "arg", ast.keyword: "arg", ast.alias: "asname"}.get(type(node))
            value = getattr(node, identifier, None) if identifier else None
            if value in names:
                found.append((line, value, "identifier"))
    return found


_TEMPLATE_PROSE = [
    re.compile(r"\{#.*?#\}", re.S),
    re.compile(r"\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", re.S),
    # a translated block's words (its tag, with its variables, stays)
    re.compile(r"(?<=%\})(?:(?!\{%).|\{%\s*plural\s*%\})*?(?=\{%\s*endblocktranslate\s*%\})", re.S),
    # the words of {% translate "..." %}
    re.compile(r"""(?<=\{%)(\s*(?:translate|trans)\s+)("[^"]*"|'[^']*')"""),
]


_ATTRIBUTE_NAME = re.compile(r"(?<![\w.:-])[A-Za-z_:][\w:-]*=(?!=)")  # a name, then "=" (not "==")


def template_mentions(source: str, names) -> list[tuple[int, str, str]]:
    """(line, name, what) for every place a template names a layer, outside its prose."""
    for prose in _TEMPLATE_PROSE:
        source = prose.sub(lambda m: (m.group(1) if m.groups() else "") + "\n" * m.group(0).count("\n"), source)
    source = _ATTRIBUTE_NAME.sub("=", source)  # an attribute's name is the markup's (pointer-events="none")
    found = []
    for number, line in enumerate(source.splitlines(), 1):
        found += [(number, name, line.strip()[:120]) for name in _in_words(line, names)]
    return found


_GRID = re.compile(r"grid-(?:area|template-areas|template)\s*:([^;]*)")


def css_mentions(source: str, names) -> list[tuple[int, str, str]]:
    """(line, name, what) for every selector, and every grid area, of a stylesheet that names a layer."""
    source = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), source, flags=re.S)
    found, line, start = [], 1, 0
    for match in re.finditer(r"[{}]", source):
        piece = source[start:match.start()]
        if match.group(0) == "{":  # a selector (or an at-rule's prelude)
            found += [(line + piece.count("\n", 0, len(piece) - len(piece.lstrip())), name, f"selector {piece.strip()[:80]}")
                      for name in _in_words(piece, names)]
        else:  # declarations: only where they place things
            for grid in _GRID.findall(piece):
                found += [(line, name, f"grid area {grid.strip()[:80]}") for name in _in_words(grid, names)]
        line += source.count("\n", start, match.end())
        start = match.end()
    return found


_JS_STRING = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`""")


def js_mentions(source: str, names) -> list[tuple[int, str, str]]:
    """(line, name, what) for every string and identifier of a script that names a layer."""
    found = []
    source = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), source, flags=re.S)
    for number, line in enumerate(source.splitlines(), 1):
        code, strings, at = "", [], 0
        for match in _JS_STRING.finditer(line):
            code += line[at:match.start()]
            strings.append(match.group(0)[1:-1])
            at = match.end()
        code += line[at:]
        code = code.split("//", 1)[0]
        for text in strings:
            if not re.search(r"\s", text):
                found += [(number, name, f"string {text!r}") for name in _in_words(text, names, parts=False)]
        found += [(number, word, "identifier") for word in re.findall(r"[A-Za-z_$][\w$]*", code) if word in names]
    return found


CHECKERS = {".py": python_mentions, ".html": template_mentions, ".css": css_mentions, ".js": js_mentions}


def mentions(path: Path, source: str, names=NAMES) -> list[tuple[int, str, str]]:
    relative = path.relative_to(ROOT).as_posix() if path.is_absolute() else path.as_posix()
    return [(line, name, what) for line, name, what in CHECKERS[path.suffix](source, names)
            if name not in ALLOWED.get(relative, ())]


# ---------------------------------------------------------------- the shared files


def shared_files() -> list[Path]:
    layers = ROOT / "companion" / "layers"
    modules = [path for path in (ROOT / "companion").rglob("*.py") if layers not in path.parents]
    templates = [path for path in (ROOT / "templates").rglob("*.html")]
    static = [path for suffix in ("*.css", "*.js") for path in (ROOT / "static").glob(suffix)]
    return sorted([*modules, *templates, *static])


def _file_id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# ---------------------------------------------------------------- the tests


def test_the_names_come_from_the_registry():
    # Every layer package's name is checked (bar the base game's), and what its layers go by.
    assert {"cities_knights", "ck", "events", "harbormaster", "fishermen", "explorers_pirates", "friendly_robber",
            "two_players", "advanced_battle", "pirate_lairs", "gold"} <= NAMES
    assert "base" not in NAMES and "variants" not in NAMES  # the ground, and the options' shared key
    packages = {package.__name__.rpartition(".")[2] for package in PACKAGES}
    assert packages - NAMES == {"base"}


def test_the_shared_files_are_found():
    found = {_file_id(path) for path in shared_files()}
    assert {"companion/engine/points.py", "companion/web/rule_links.py", "templates/partials/actions.html",
            "static/app.css", "static/app.js"} <= found
    assert not any(path.startswith("companion/layers/") for path in found)


@pytest.mark.parametrize("kind, source, named", [
    (".py", "from companion.layers.cores.cities_knights import rules as ck\n", {"cities_knights", "ck"}),
    (".py", "import companion.layers.options.events\n", {"events"}),
    (".py", "def points(state):\n    if \"ck\" in state:\n        return 1\n", {"ck"}),
    (".py", "config['dice_source'] == 'events'\n", {"events"}),
    (".py", "template = 'partials/ck.html'\n", {"ck"}),
    (".py", "x = state.harbormaster\n", {"harbormaster"}),
    (".py", "def f(fishermen=None):\n    pass\n", {"fishermen"}),
    (".html", '{% if view.ck and view.setup_round == 2 %}x{% endif %}\n', {"ck"}),
    (".html", '{% if view.config.dice_source == "events" %}x{% endif %}\n', {"events"}),
    (".html", '{% if view.ck==1 or ck!=2 %}x{% endif %}\n', {"ck"}),
    (".html", '<section id="ck" class="ck-panel"></section>\n', {"ck"}),
    (".html", '{% with part=view.fishermen %}{% actform "x" seat=ck %}{% endwith %}\n', {"fishermen", "ck"}),
    (".css", ".ck-panel .track { fill:red; }\n", {"ck"}),
    (".css", ".rb-cities-knights { color:red; }\n", {"cities_knights"}),
    (".css", ".screen { grid-template-areas:\"status\" \"ck\"; }\n", {"ck"}),
    (".js", "document.querySelector('#ck');\n", {"ck"}),
    (".js", "var events = 1;\n", {"events"}),
])
def test_a_planted_mention_is_caught(kind, source, named):
    found = {name for _line, name, _what in CHECKERS[kind](source, NAMES)}
    assert found == named, source


@pytest.mark.parametrize("kind, source", [
    (".py", '"""Cities & Knights, ck and the events deck, in a docstring."""\nx = _("Enter at least two players.")\n'),
    (".py", "# the events deck\nx = 'eventful'\n"),
    (".html", '{# view.ck #}{% translate "Switch to the events" %}{% blocktranslate %}two {{ n }} gold{% endblocktranslate %}\n'),
    (".html", '<polygon class="entry-cursor" pointer-events="none"/>\n'),
    (".css", "/* Events of Catan */ .board-pieces .board-svg { pointer-events:none; stroke:gold; }\n"),
    (".js", "// events travel over the websocket\nvar pointerEvents = 'two words events';\n"),
])
def test_prose_is_not_a_mention(kind, source):
    assert CHECKERS[kind](source, NAMES) == []


def test_a_planted_mention_is_caught_in_a_real_file():
    """The real tree's own check, on a real shared module with one mention planted in it."""
    path = ROOT / "companion" / "engine" / "story.py"
    source = path.read_text(encoding="utf-8")
    planted = source + "\nPLANTED = state[\"ck\"]\n"
    found = mentions(path, planted)
    assert len(found) == len(mentions(path, source)) + 1
    assert (planted.count("\n"), "ck", "string 'ck'") in found


@pytest.mark.parametrize("path", shared_files(), ids=_file_id)
def test_shared_file_names_no_layer(path):
    found = mentions(path, path.read_text(encoding="utf-8"))
    assert not found, f"{_file_id(path)} names a layer (loop over the layers instead): " + "; ".join(
        f"line {line}: {name!r} ({what})" for line, name, what in found)


def test_every_allowance_is_still_needed():
    """ALLOWED stays as small as the tree needs: a word a file no longer names leaves it."""
    for relative, allowed in ALLOWED.items():
        path = ROOT / relative
        named = {name for _line, name, _what in CHECKERS[path.suffix](path.read_text(encoding="utf-8"), NAMES)}
        assert allowed <= named, f"{relative} no longer names {sorted(allowed - named)}: drop it from ALLOWED"
