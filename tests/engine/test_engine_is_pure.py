"""The engine is pure Python: no Django, no Channels, no I/O, no global randomness.

"The engine" is three places: companion/machinery (steps, chance, composition, boards),
companion/engine (composing a game's rules, folding records, views) and every layer's
rules in companion/layers (each package but its words and screens: PRESENTATION).

Checked twice: statically (every import statement of every module, and what runs at
module level) and dynamically (importing every module in a fresh interpreter with
file, network and process access switched off, then looking at sys.modules).
"""
import ast
import json
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINE = ROOT / "companion" / "engine"
MACHINERY = ROOT / "companion" / "machinery"
LAYERS = ROOT / "companion" / "layers"
# A layer's Django side: its words, its screen context, its form fields. Everything else
# in a layer's package is rules, and pure.
PRESENTATION = {"messages.py", "screens.py", "forms.py"}
MODULES = sorted([*ENGINE.rglob("*.py"), *MACHINERY.rglob("*.py"),
                  *(p for p in LAYERS.rglob("*.py") if p.name not in PRESENTATION and "templates" not in p.parts)])

# Frameworks the engine must never know about.
FRAMEWORKS = {"django", "channels", "daphne", "asgiref", "channels_redis", "django_htmx", "redis", "psycopg"}
# Modules that mean I/O, processes, clocks or global randomness.
IMPURE = {
    "os", "io", "sys", "socket", "subprocess", "pathlib", "shutil", "tempfile", "glob", "fnmatch",
    "urllib", "http", "requests", "asyncio", "threading", "multiprocessing", "signal", "select",
    "sqlite3", "pickle", "shelve", "logging", "random", "secrets", "time", "datetime", "uuid",
    "serial", "builtins", "importlib", "ctypes", "open", "fileinput", "csv", "zipfile", "tarfile",
}
# Calls that do I/O (or run code) if made while the module is being imported.
IMPURE_CALLS = {"open", "print", "input", "exec", "eval", "compile", "__import__", "breakpoint", "exit", "quit"}


def module_id(path: pathlib.Path) -> str:
    return str(path.relative_to(ROOT))


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_top_levels(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, top-level module) for every absolute import anywhere in the module."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
    return found


def module_level_calls(tree: ast.Module) -> list[tuple[int, str]]:
    """Calls by bare name made while the module is imported (outside functions and lambdas)."""
    calls = []

    def visit(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            # Only the decorators and default values run at import.
            for expr in getattr(node, "decorator_list", []) + list(node.args.defaults) + [
                d for d in node.args.kw_defaults if d is not None
            ]:
                visit(expr)
            return
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            calls.append((node.lineno, node.func.id))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return calls


def test_the_engine_has_modules():
    names = {module_id(p) for p in MODULES}
    assert {"companion/engine/game.py", "companion/engine/views.py", "companion/machinery/step.py",
            "companion/machinery/chance.py", "companion/machinery/composition.py",
            "companion/layers/__init__.py", "companion/layers/cores/base/rules.py",
            "companion/layers/cores/cities_knights/rules.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=module_id)
def test_no_framework_or_io_imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for line, top in imported_top_levels(tree):
        assert top not in FRAMEWORKS, f"{module_id(path)}:{line} imports {top}"
        assert top not in IMPURE, f"{module_id(path)}:{line} imports {top} (I/O, clock or global randomness)"


@pytest.mark.parametrize("path", MODULES, ids=module_id)
def test_relative_imports_stay_inside_the_engine(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    root = next(r for r in (ENGINE, MACHINERY, LAYERS) if r in path.parents)
    package_depth = len(path.relative_to(root).parts) - 1  # 0 for modules directly in the root
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            assert node.level <= package_depth + 1, f"{module_id(path)}:{node.lineno} imports from outside the engine"


@pytest.mark.parametrize("path", MODULES, ids=module_id)
def test_no_io_at_import(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for line, name in module_level_calls(tree):
        assert name not in IMPURE_CALLS, f"{module_id(path)}:{line} calls {name}() at import"
    # No dynamic imports that would slip past the checks above.
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in ("__import__", "exec", "eval"), f"{module_id(path)}:{node.lineno}"
        if isinstance(node, ast.Attribute) and node.attr == "import_module":
            pytest.fail(f"{module_id(path)}:{node.lineno} imports dynamically")


# What the subprocess runs: switch off files, sockets and processes, import every
# engine module, then report which frameworks got loaded and any I/O attempted.
PROBE = r"""
import builtins, io, json, os, socket, subprocess, sys

attempts = []

def refuse(what):
    def blocked(*args, **kwargs):
        attempts.append(what + " " + repr(args[:1]))
        raise OSError("I/O at import: " + what)
    return blocked

for module, name in [(builtins, "open"), (io, "open"), (os, "open"), (os, "system"), (os, "listdir"),
                     (os, "scandir"), (os, "remove"), (os, "mkdir"), (os, "makedirs"),
                     (socket, "socket"), (socket, "create_connection"), (subprocess, "Popen")]:
    setattr(module, name, refuse(module.__name__ + "." + name))

import importlib
errors = {}
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except Exception as error:  # reported, not hidden
        errors[name] = repr(error)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in %(frameworks)r)
print(json.dumps({"loaded": loaded, "attempts": attempts, "errors": errors}))
""" % {"frameworks": sorted(FRAMEWORKS)}


def test_importing_the_engine_loads_no_framework_and_does_no_io():
    names = ["companion.engine"] + [module_name(p) for p in MODULES]
    result = subprocess.run(
        [sys.executable, "-c", PROBE, *names],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["errors"] == {}
    assert report["loaded"] == [], f"frameworks loaded with the engine: {report['loaded']}"
    assert report["attempts"] == [], f"I/O while importing the engine: {report['attempts']}"


def test_probe_would_notice_django():
    """The subprocess check is not vacuous: importing django shows up."""
    pytest.importorskip("django")
    result = subprocess.run(
        [sys.executable, "-c", PROBE, "django.conf"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert "django" in report["loaded"]


def test_engine_api_works_without_django_in_a_fresh_interpreter():
    """A whole game step in a process where Django cannot even be imported."""
    code = r"""
import sys
sys.modules["django"] = None  # any import of django now fails
sys.modules["channels"] = None
from companion import engine
state = engine.new_game({"players": [{"name": "A", "color": "red"}, {"name": "B", "color": "blue"}]})
for _ in range(4):
    state, _ = engine.apply(state, {"type": "place_setup", "actor": {"role": "table"}})
state, out = engine.apply(state, {"type": "roll", "actor": {"role": "device"}}, engine.Chance(engine.seeded_secret(1)))
print(state["phase"], sorted(out))
engine.view(state, "table"); engine.view(state, 0)
"""
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert result.returncode == 0, result.stderr
    assert "['die1', 'die2']" in result.stdout


def test_probe_would_notice_io_at_import(tmp_path):
    """The subprocess check is not vacuous: a module reading a file at import shows up."""
    (tmp_path / "reads_at_import.py").write_text("DATA = open(__file__).read()\n")
    result = subprocess.run(
        [sys.executable, "-c", PROBE, "reads_at_import"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["attempts"] and "reads_at_import" in report["errors"]
