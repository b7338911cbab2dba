"""The rules engines (ENGINE.md): one game object per game, listed in GAMES by name.

Adding a game: write a sibling package in the layout of docs/ENGINE.md "Adding a game" (engine.py with the
`Game` subclass and its declaration, see base.Game; position.py, codec.py, view.py) and add one line to
`_GAME_CLASSES`; the server, the pages, the bots and the benchmarks all read GAMES.
"""
from __future__ import annotations

from .base import Game, IllegalMove, InvalidMove, Step
from .three_high import ThreeHigh
from .dash import Dash
from .martian_treasure_hunt import MartianTreasureHunt
from .turning_points import TurningPoints

_GAME_CLASSES = (
    ThreeHigh,
    Dash,
    MartianTreasureHunt,
    TurningPoints,
)

GAMES: dict[str, Game] = {cls.name: cls() for cls in _GAME_CLASSES}


def get_game(name: str) -> Game:
    """The game object called `name`; KeyError naming the known games otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"Unknown game {name!r}; known games: {', '.join(sorted(GAMES))}.") from None


__all__ = ["GAMES", "Game", "IllegalMove", "InvalidMove", "Step", "get_game"]
