"""The rules engines (ENGINE.md): one game object per game, listed in GAMES by name.

Adding a game: write a sibling package in the layout of docs/ENGINE.md "Adding a game" (engine.py with the
`Game` subclass and its declaration, see base.Game; position.py, codec.py, view.py) whose __init__.py hands
the class on; nothing else lists it. Every package here that hands on a `Game` subclass is registered, in
the order the games declare (`Game.order`, then the name); the server, the pages, the bots and the
benchmarks all read GAMES.
"""
from __future__ import annotations

import importlib
import pkgutil

from .base import Game, IllegalMove, InvalidMove, Step


def _discover() -> list[type[Game]]:
    """The Game classes that this folder's packages hand on (their __init__), each once."""
    found: list[type[Game]] = []
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(package).values():
            if (isinstance(value, type) and issubclass(value, Game) and value is not Game
                    and not value.__dict__.get("abstract") and value not in found):
                found.append(value)
    return sorted(found, key=lambda cls: (cls.order, cls.name))


GAMES: dict[str, Game] = {cls.name: cls() for cls in _discover()}


def get_game(name: str) -> Game:
    """The game object called `name`; KeyError naming the known games otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"Unknown game {name!r}; known games: {', '.join(sorted(GAMES))}.") from None


__all__ = ["GAMES", "Game", "IllegalMove", "InvalidMove", "Step", "get_game"]
