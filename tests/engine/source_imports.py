"""What a module imports, read from its source: shared by the tests of the import rules
(test_layer_imports.py: a layer imports what it is built on; test_no_import_cycles.py)."""
from __future__ import annotations

import ast
import functools


def module_name(path: str) -> str:
    """"companion/layers/gold/rules.py" -> "companion.layers.gold.rules" (a package: its name)."""
    parts = path[:-len(".py")].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.lru_cache(maxsize=None)
def imports(path: str, source: str, modules: frozenset[str]) -> list[tuple[int, str]]:
    """(line, module) for every import in the source, those inside functions too. `import a.b`
    imports a.b; `from pkg import name` imports the module pkg.name when there is one (in
    `modules`), else pkg."""
    package = module_name(path) if path.endswith("__init__.py") else module_name(path).rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source, filename=path)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package up
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append((node.lineno, sub if sub in modules else base))
    return list(dict.fromkeys(found))  # `from pkg import a, b`: pkg once
