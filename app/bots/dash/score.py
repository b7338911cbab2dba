"""A Dash move reviewed after the game, from the mover's view at the time (issue 33).

Dash has no choice but the dares: a draw is the only move, a dare set is what the table wrote, and a dare
answered is done or refused. The review says what the bot would have done (bot.py: it answers every dare
"done", and dares one of the built-in suggestions); refusing a dare costs the dared seat its next turn
(cost 1, in turns).
"""
from __future__ import annotations

from typing import Any

from .bot import DashBot

MARKS = (1.0, 2.0, 3.0)  # a cost (turns) of at least these is marked ?!, ?, ??
UNIT = "turns"  # cost: turns; before/after: none


def score(view: Any, seat: int, legal_moves: list, move: dict, seconds: float) -> dict:
    action = move.get("action")
    out = {"before": None, "after": None, "cost": 0.0, "best": None, "marks": MARKS}
    if action == "draw":
        return out | {"summary": "draws (the only move)"}
    bot_move = DashBot().choose(view, seat, [dict(m) for m in legal_moves])
    if action == "set_dare":
        return out | {"summary": f"sets the dare “{move.get('text', '')}”; the bot would dare "
                                 f"“{bot_move.get('text', '')}”"}
    if move.get("done"):
        return out | {"summary": "does the dare, as the bot would"}
    return out | {"cost": 1.0, "best": bot_move,
                  "summary": "refuses the dare and loses a turn; the bot would have done it"}
