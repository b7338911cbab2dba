"""app/games imports only the standard library and itself, and nothing random, timed or doing I/O."""
from __future__ import annotations

import ast
import pathlib
import sys

import app.games

GAMES_DIR = pathlib.Path(app.games.__file__).parent
FORBIDDEN = {"random", "secrets", "time", "datetime", "os", "io", "socket", "subprocess", "threading",
             "asyncio", "pathlib", "uuid", "sqlite3", "shutil", "tempfile", "urllib", "http"}


def imported_modules(path: pathlib.Path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module


def test_engine_imports_only_stdlib_and_itself():
    files = sorted(GAMES_DIR.rglob("*.py"))
    assert len(files) >= 4
    bad = []
    for path in files:
        for module in imported_modules(path):
            top = module.split(".")[0]
            if module == "app.games" or module.startswith("app.games."):
                continue
            if top not in sys.stdlib_module_names or top in FORBIDDEN:
                bad.append(f"{path.relative_to(GAMES_DIR)}: import {module}")
    assert not bad, "app/games may import only the standard library and itself:\n" + "\n".join(bad)


def test_engine_uses_no_builtin_io():
    for path in GAMES_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text())
        calls = {node.func.id for node in ast.walk(tree)
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        assert not calls & {"open", "input", "print", "eval", "exec", "__import__"}, path
