"""The layers of docs/ARCHITECTURE.md: imports only point down (web -> tables -> games/store/realtime/bots).

pyproject.toml's import contracts (`lint-imports`, run by `make test`) say the same and more: the rooms
inside app/tables; this test keeps the table of which layer may use which, config included."""
from __future__ import annotations

import ast
import pathlib

import app

APP = pathlib.Path(app.__file__).parent

# layer -> the layers of ours it may import (besides itself); config is readable by every layer but games.
ALLOWED = {
    "games": set(),
    "store": {"config"},
    "realtime": {"config"},
    "bots": {"games"},
    "tables": {"games", "store", "realtime", "bots", "config"},
    "web": {"tables", "realtime", "games", "config"},
}


def imports_of(path: pathlib.Path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def test_imports_point_down():
    bad = []
    for layer, allowed in ALLOWED.items():
        for path in sorted((APP / layer).rglob("*.py")):
            for module in imports_of(path):
                parts = module.split(".")
                if parts[0] != "app" or len(parts) < 2 or parts[1] == layer:
                    continue
                if parts[1] not in allowed:
                    bad.append(f"app/{path.relative_to(APP)} imports {module}")
    assert not bad, "imports must point down the layers of docs/ARCHITECTURE.md:\n" + "\n".join(bad)



def _module(path: pathlib.Path, root: pathlib.Path) -> str:
    return ".".join(("app", *path.relative_to(root).with_suffix("").parts))


def import_graph(root: pathlib.Path = APP) -> dict[str, set[str]]:
    """module -> the modules of app it imports, anywhere in the file (under TYPE_CHECKING and inside functions
    too). A package's __init__ is a face that hands names on: it is neither drawn nor followed."""
    files = {_module(p, root): p for p in root.rglob("*.py") if p.name != "__init__.py"}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name.rsplit(".", 1)[0]
        edges = graph.setdefault(name, set())
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                edges.update(alias.name for alias in node.names if alias.name in files)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")
                    base = ".".join(up[:len(up) - node.level + 1] + ([base] if base else []))
                for alias in node.names:
                    target = f"{base}.{alias.name}"
                    if target in files:
                        edges.add(target)
                    elif base in files:
                        edges.add(base)
        edges.discard(name)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other in a loop (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_two_modules_import_each_other_in_a_loop():
    # Even an import for the type checker only: a lower room that needs something of a room above names a
    # port (a Protocol of what it uses) and is handed the room above (docs/ARCHITECTURE.md).
    found = circles(import_graph())
    assert not found, "modules that import each other in a loop:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_loop_check_finds_a_loop_hidden_under_type_checking(tmp_path):
    (tmp_path / "rooms").mkdir()
    (tmp_path / "rooms" / "__init__.py").write_text("")
    (tmp_path / "rooms" / "upper.py").write_text("from .lower import port\n")
    (tmp_path / "rooms" / "lower.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app.rooms.upper import Upper\n")
    assert circles(import_graph(tmp_path)) == [["app.rooms.lower", "app.rooms.upper"]]
