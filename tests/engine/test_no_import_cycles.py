"""No import cycles anywhere in companion/.

The graph is read from the source (every import statement, those inside functions too:
an import put off until a call is still a cycle of the design). An edge goes to the module
named: `import a.b` -> a.b; `from a import b` -> a.b when that is a module (a submodule
imported from its package), else a. Importing a submodule does run its packages'
__init__ first, but that is no edge: companion/layers/__init__.py imports every layer
package, and shared code imports companion.layers to loop over the layers; that only
becomes a cycle when a module the registry reaches imports such shared code back, and
then the cycle shows through the explicit edges.
"""
from __future__ import annotations

import pathlib

from tests.engine.source_imports import imports, module_name

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = "companion"


def import_graph(sources: dict[str, str]) -> dict[str, set[str]]:
    """module -> the modules of `sources` it imports (paths relative to the project)."""
    modules = frozenset(module_name(path) for path in sources)
    graph: dict[str, set[str]] = {}
    for path, source in sources.items():
        name = module_name(path)
        graph.setdefault(name, set()).update(m for _line, m in imports(path, source, modules)
                                             if m in modules and m != name)
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each as one cycle
    through it: [a, b, ..., a]."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(start: str) -> None:
        # iterative depth-first search: no recursion limit on a long chain of imports
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(group)

    for name in sorted(graph):
        if name not in index:
            connect(name)
    return [_cycle_through(graph, group) for group in groups]


def _cycle_through(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """One cycle inside a strongly connected group, for the message: the shortest way from
    its first module back to itself."""
    start = min(group)
    paths = {start: [start]}
    todo = [start]
    while todo:
        node = todo.pop(0)
        for child in sorted(graph.get(node, ())):
            if child == start:
                return paths[node] + [start]
            if child in group and child not in paths:
                paths[child] = paths[node] + [child]
                todo.append(child)
    raise AssertionError(f"no cycle through {sorted(group)}")


def read_tree() -> dict[str, str]:
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
            for p in sorted((ROOT / PACKAGE).rglob("*.py"))}


SOURCES = read_tree()


def test_the_graph_holds_the_app():
    """Not vacuous: the graph has the app's modules and the edges between them."""
    graph = import_graph(SOURCES)
    assert len(graph) > 100
    assert "companion.layers.cores.base.rules" in graph["companion.layers.gold.rules"]
    assert "companion.layers.gold" in graph["companion.layers"]  # `from companion.layers import gold`
    assert any(name.startswith("companion.layers.") for name in graph["companion.layers"])


def test_no_import_cycles_in_companion():
    cycles = import_cycles(import_graph(SOURCES))
    assert cycles == [], "import cycles:\n" + "\n".join(" -> ".join(cycle) for cycle in cycles)


def test_a_planted_cycle_is_caught():
    """Two modules of the real tree made to import each other, one of them from inside a
    function, are caught, and named."""
    sources = dict(SOURCES)
    sources["companion/machinery/hands.py"] += "\n\ndef later():\n    from companion.machinery import step\n"
    sources["companion/machinery/step.py"] += "\nimport companion.machinery.hands\n"
    cycles = import_cycles(import_graph(sources))
    assert ["companion.machinery.hands", "companion.machinery.step", "companion.machinery.hands"] in cycles


def test_a_planted_cycle_through_the_registry_is_caught():
    """A layer that imports shared code which loops over the registry: the registry imports
    the layer, the layer the shared module, the shared module the registry."""
    sources = dict(SOURCES)
    sources["companion/layers/gold/looping.py"] = "from companion import layers\n"
    sources["companion/layers/gold/rules.py"] += "\nfrom companion.layers.gold import looping\n"
    cycles = import_cycles(import_graph(sources))
    assert any(set(cycle) >= {"companion.layers", "companion.layers.gold.looping", "companion.layers.gold.rules"}
               for cycle in cycles)


def test_a_package_and_its_submodules_are_no_cycle():
    """A package importing its submodules, which import each other's modules through the
    package (`from pkg import mod`), is no cycle: each edge goes to the submodule."""
    sources = {
        "companion/__init__.py": "",
        "companion/kit/__init__.py": "from companion.kit import a, b\n",
        "companion/kit/a.py": "from companion.kit import b\n",
        "companion/kit/b.py": "X = 1\n",
    }
    graph = import_graph(sources)
    assert graph["companion.kit.a"] == {"companion.kit.b"}
    assert import_cycles(graph) == []
    sources["companion/kit/b.py"] = "from companion.kit.a import *\n"
    assert import_cycles(import_graph(sources)) == [["companion.kit.a", "companion.kit.b", "companion.kit.a"]]
