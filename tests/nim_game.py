"""Nim, the template game of examples/new-game (docs/NEW-GAME.md), for the tests that serve a game the site
does not hold: the shell must serve any game of the engine contract, not only ours.

The skeleton is the one copy: its game package (examples/new-game/app/games/nim) and its bot
(examples/new-game/app/bots/nim) are loaded from there under names of their own, outside app.games and
app.bots, so GAMES and BOTS hold Nim only where a test registers it (the `nim` fixture of the tests that use
it)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SKELETON = Path(__file__).resolve().parents[1] / "examples" / "new-game"


def _package(name: str, folder: Path) -> ModuleType:
    """The package in `folder`, imported once as `name` (its relative imports resolve inside it)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    assert spec is not None and spec.loader is not None, f"no package in {folder}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


Nim = _package("nim_template_game", SKELETON / "app" / "games" / "nim").Nim
NimBot = _package("nim_template_bot", SKELETON / "app" / "bots" / "nim").NimBot

__all__ = ["Nim", "NimBot", "SKELETON"]
