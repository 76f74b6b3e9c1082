"""A layer imports only the machinery, its core and the layers it declares in `needs`.

Read from the source (every import statement of every module under companion/layers,
those inside functions too) and checked against the layers themselves: which module
defines which `Layer`, and that layer's core, the cores it is played with (`cores`) and its
`needs`, all followed through (a core's own needs and the core it extends count, and so
does what a needed layer is built on).

What a module may import:
- a module that defines layers: what those layers are built on (that is "the truth" of
  `needs`: a scenario's package holding a combination layer, composed only with an
  option, may reach the option from that layer's module);
- any other module of a layer package (its words, screens, forms, helpers): what any
  layer of its package is built on;
- every module: its own package, the group packages (companion/layers/cores/ ...: they
  hold no code), the machinery and the shared presentation kit (SHARED). Never the
  registry (companion.layers), which names every layer.
A layer played with any core (no `cores`) is built on the core every core extends.

The same truth for the actions: a layer wraps only actions of the layers it is built on (a
wrap of an action no layer below has would not even compose).
"""
from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
import pathlib

from companion import layers as registry
from companion.machinery.composition import Layer
from tests.engine.source_imports import imports, module_name

ROOT = pathlib.Path(__file__).resolve().parents[2]
LAYERS_DIR = ROOT / "companion" / "layers"
REGISTRY = "companion.layers"
# What every layer may use besides the layers: the machinery and the shared presentation kit
# (its words, its log lines' tables, its board pictures). Never the web shell, the services
# or the models: a new module of the kit is added here on purpose.
SHARED = ("companion.machinery", "companion.messages", "companion.log_lines", "companion.board_svg")


def defined_layers(path: str, source: str) -> list[str]:
    """The names a module binds to a `Layer(...)` at its top level."""
    names = []
    for node in ast.parse(source, filename=path).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                and isinstance(node.value.func, ast.Name) and node.value.func.id == "Layer":
            names += [target.id for target in node.targets if isinstance(target, ast.Name)]
    return names


def foundations(start, by_name: dict[str, Layer]) -> set[str]:
    """The names of these layers and of every layer they are built on: the core a core
    extends, the cores a layer is played with (a layer played with any core: the core every
    core extends), what each one needs; followed through."""
    roots = [layer.name for layer in by_name.values() if layer.core and layer.extends is None]
    seen: set[str] = set()
    todo = list(start)
    while todo:
        layer = todo.pop()
        if layer.name in seen:
            continue
        seen.add(layer.name)
        if layer.core:
            below = [layer.extends] if layer.extends else []
        elif layer.cores is not None:
            below = list(layer.cores)
        else:
            below = roots
        for name in below + list(layer.needs):
            if name not in by_name:
                raise AssertionError(f"{layer.name} is built on {name}, which no layer is")
            todo.append(by_name[name])
    return seen


def wrap_problems(layers: tuple[Layer, ...], packages: dict[str, str]) -> list[str]:
    """`needs` is the truth for the actions too: a layer wraps only actions of a layer it is
    built on, or of its own package (packages: layer name -> its package)."""
    by_name = {layer.name: layer for layer in layers}
    owners: dict[str, list[str]] = {}
    for layer in layers:
        for action in layer.actions:
            owners.setdefault(action, []).append(layer.name)
    problems = []
    for layer in layers:
        below = foundations([layer], by_name) | {name for name in by_name if packages[name] == packages[layer.name]}
        for action in layer.wraps:
            if not set(owners.get(action, ())) & below:
                problems.append(f"{layer.name} wraps {action} of {', '.join(owners.get(action, ['no layer']))}, "
                                f"which it is not built on")
    return problems


def layer_import_problems(sources: dict[str, str], packages: tuple[str, ...],
                          defined: dict[str, tuple[Layer, ...]], known: frozenset = frozenset()) -> list[str]:
    """Every import under companion/layers that breaks the rule (empty: none does).

    sources: path relative to the project ("companion/layers/.../rules.py") -> its source;
    packages: the layer packages' module names (the registry's PACKAGES);
    defined: module name -> the layers that module defines;
    known: the other modules of the app (`from companion import web` imports a module).
    """
    modules = frozenset(module_name(path) for path in sources) | known

    def package_of(name: str) -> str | None:
        return next((p for p in packages if name == p or name.startswith(p + ".")), None)

    by_name = {layer.name: layer for found in defined.values() for layer in found}
    home = {layer.name: package_of(module) for module, found in defined.items() for layer in found}

    def built_on(start) -> set[str]:
        """The packages of these layers and of everything they are built on."""
        return {home[name] for name in foundations(start, by_name)}

    of_package: dict[str, list[Layer]] = {}
    for module, found in defined.items():
        of_package.setdefault(package_of(module), []).extend(found)
    problems = []
    for path, source in sorted(sources.items()):
        name = module_name(path)
        own = package_of(name)
        if own is None:
            continue  # the registry and the group packages: not a layer's code
        mine = defined.get(name) or of_package.get(own, [])
        if not mine:
            problems.append(f"{path}: its package {own} defines no layer")
            continue
        allowed = built_on(mine) | {own}
        for line, target in imports(path, source, modules):
            if not target.startswith("companion."):
                continue  # the standard library, Django for the screens (test_engine_is_pure)
            where = f"{path}:{line} imports {target}"
            if target == REGISTRY:
                problems.append(f"{where}: the registry, which names every layer")
            elif target.startswith(REGISTRY + "."):
                other = package_of(target)
                if other is not None and other not in allowed:
                    problems.append(f"{where}: {other} is neither its core nor in its needs "
                                    f"(built on: {', '.join(sorted(allowed))})")
            elif not any(target == s or target.startswith(s + ".") for s in SHARED):
                problems.append(f"{where}: a layer uses only {', '.join(SHARED)}")
    return problems


def read_tree() -> dict[str, str]:
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
            for p in sorted(LAYERS_DIR.rglob("*.py")) if "templates" not in p.parts}


def layers_by_module(sources: dict[str, str]) -> dict[str, tuple[Layer, ...]]:
    """module -> the Layer objects it defines (found in the source, read from the module)."""
    found = {}
    for path, source in sources.items():
        names = defined_layers(path, source)
        if names:
            module = importlib.import_module(module_name(path))
            found[module_name(path)] = tuple(getattr(module, n) for n in names)
    return found


PACKAGES = tuple(package.__name__ for package in registry.PACKAGES)
KNOWN = frozenset(module_name(str(p.relative_to(ROOT))) for p in (ROOT / "companion").rglob("*.py"))
SOURCES = read_tree()
DEFINED = layers_by_module(SOURCES)
LAYER_PACKAGES = {layer.name: next(p for p in PACKAGES if module == p or module.startswith(p + "."))
                  for module, found in DEFINED.items() for layer in found}


def test_the_checker_sees_every_layer_of_the_registry():
    """Not vacuous: every registered layer is found in the source of its package."""
    found = {layer.name for layers in DEFINED.values() for layer in layers}
    assert found == {layer.name for layer in registry.LAYERS}
    assert "companion/layers/options/events/rules.py" in SOURCES


@functools.cache
def _problems_of_the_tree() -> tuple[str, ...]:
    return tuple(layer_import_problems(SOURCES, PACKAGES, DEFINED, KNOWN))


def test_layers_import_only_their_core_and_needs():
    assert list(_problems_of_the_tree()) == []


def _planted(path: str, source: str) -> list[str]:
    """The problems a source added to a copy of the tree brings (none of the tree's own)."""
    sources = dict(SOURCES)
    sources[path] = sources.get(path, "") + source
    before = set(_problems_of_the_tree())
    return [problem for problem in layer_import_problems(sources, PACKAGES, DEFINED, KNOWN) if problem not in before]


def test_a_planted_import_of_an_option_from_a_scenario_is_caught():
    problems = _planted("companion/layers/traders_barbarians_scenarios/caravans/rules.py",
                        "\nfrom companion.layers.options.events import rules as events\n")
    assert len(problems) == 1
    assert "caravans/rules.py" in problems[0] and "companion.layers.options.events " in problems[0]


def test_a_planted_import_inside_a_function_of_a_new_module_is_caught():
    """A module of its own (no layer in it) inside a function, through the group package."""
    problems = _planted("companion/layers/options/friendly_robber/helpers.py",
                        "def later():\n    from companion.layers.options import catan_for_two\n")
    assert len(problems) == 1 and "friendly_robber/helpers.py:2" in problems[0]
    assert "companion.layers.options.catan_for_two" in problems[0]


def test_each_module_answers_for_its_own_layers():
    """The Events deck's Cities & Knights edition (ck_rules.py) is built on that core; the
    deck's own rules (rules.py, the base game's) are not, though they share a package."""
    assert _planted("companion/layers/options/events/ck_rules.py",
                    "\nfrom companion.layers.cores.cities_knights import messages\n") == []
    problems = _planted("companion/layers/options/events/rules.py",
                        "\nfrom companion.layers.cores.cities_knights import rules as ck\n")
    assert len(problems) == 1 and "events/rules.py" in problems[0]


def test_a_core_importing_an_option_is_caught():
    problems = _planted("companion/layers/cores/base/trading.py",
                        "\nimport companion.layers.options.harbormaster.rules\n")
    assert len(problems) == 1 and "cores/base/trading.py" in problems[0]


def test_another_core_or_the_registry_or_the_web_is_caught():
    assert len(_planted("companion/layers/gold/rules.py",
                        "\nfrom companion.layers.cores.cities_knights import rules\n")) == 1
    assert "the registry" in _planted("companion/layers/gold/screens.py", "\nfrom companion import layers\n")[0]
    assert "a layer uses only" in _planted("companion/layers/gold/screens.py",
                                           "\nfrom companion.web import story\n")[0]
    assert "imports companion.models: a layer uses only" in _planted("companion/layers/gold/screens.py",
                                                                     "\nfrom companion import models\n")[0]


def test_what_is_allowed_stays_allowed():
    """Its core, a need of its core (E&P scenarios: gold), a need, the machinery."""
    assert _planted("companion/layers/explorers_pirates_scenarios/land_ho/rules.py",
                    "\nfrom companion.layers.gold import rules as gold\n"
                    "from companion.layers.cores.base import rules as base\n"
                    "from companion.machinery import hands\n") == []
    assert _planted("companion/layers/explorers_pirates_scenarios/finale/screens.py",
                    "\nfrom companion.layers.explorers_pirates_scenarios.fish_for_catan import rules\n") == []


def test_layers_wrap_only_actions_of_what_they_are_built_on():
    assert wrap_problems(registry.LAYERS, LAYER_PACKAGES) == []


def test_a_planted_wrap_of_a_layer_not_needed_is_caught():
    sneaky = Layer(name="sneaky", cores=frozenset({"base"}), wraps={"build_neutral": lambda handler: handler})
    packages = {**LAYER_PACKAGES, "sneaky": "companion.layers.options.sneaky"}
    before = wrap_problems(registry.LAYERS, LAYER_PACKAGES)

    def brought(layer: Layer) -> list[str]:
        return [p for p in wrap_problems(registry.LAYERS + (layer,), packages) if p not in before]

    assert brought(sneaky) == ["sneaky wraps build_neutral of catan_for_two, which it is not built on"]
    assert brought(dataclasses.replace(sneaky, needs=("catan_for_two",))) == []
