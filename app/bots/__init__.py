"""Bots: `get_bot(name).choose(view, seat, legal_moves, seconds=None)` returns one of `legal_moves`.

A bot sees only `view = g.view(doc, seat)`, never the doc. Bots are keyed by the game they play
("three-high"), plus "random" for any game, which picks a legal move deterministically from the view.
`bot_for_game(game_name)` names the best bot for a game ("random" when the game has none of its own).
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from .three_high import ThreeHighBot

DEFAULT_BOT = "random"  # the bot for a game without one of its own; see bot_for_game


class RandomBot:
    name = "random"

    def choose(self, view: Any, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
        if not legal_moves:
            raise ValueError(f"Seat {seat} has no legal move to choose from.")
        blob = json.dumps([view, seat], sort_keys=True, default=str).encode()
        index = int.from_bytes(hashlib.sha256(blob).digest()[:8], "big") % len(legal_moves)
        return legal_moves[index]


BOTS = {"random": RandomBot(), "three-high": ThreeHighBot()}


def bot_for_game(game_name: str) -> str:
    """The name of the best bot for `game_name`: its own bot if it has one, else DEFAULT_BOT."""
    return game_name if game_name in BOTS else DEFAULT_BOT


def get_bot(name: str = DEFAULT_BOT) -> Any:
    try:
        return BOTS[name]
    except KeyError:
        raise KeyError(f"There is no bot called {name!r}; known bots: {', '.join(sorted(BOTS))}.") from None
