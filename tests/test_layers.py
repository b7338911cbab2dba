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

