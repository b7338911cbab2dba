"""A Dash move reviewed after the game, from the mover's view at the time.

Dash has no choice but the dares: a draw is the only move, a dare set is what the table wrote, and a dare
answered is done or refused. The review says what the bot would have done (bot.py: it answers every dare
"done", and dares one of the built-in suggestions); refusing a dare costs the dared seat its next turn
(cost 1, in turns).
"""
from __future__ import annotations

from typing import Any

from app.bots.scores import N_, said

from .bot import DashBot

MARKS = (1.0, 2.0, 3.0)  # a cost (turns) of at least these is marked ?!, ?, ??
UNIT = "turns"  # cost: turns; before/after: none


def score(view: Any, seat: int, legal_moves: list, move: dict, seconds: float) -> dict:
    action = move.get("action")
    out = {"before": None, "after": None, "cost": 0.0, "best": None, "marks": MARKS}
    if action == "draw":
        return out | said(N_("draws (the only move)"))
    bot_move = DashBot().choose(view, seat, [dict(m) for m in legal_moves])
    if action == "set_dare":
        return out | said(N_("sets the dare “{dare}”; the bot would dare “{bot}”"), dare=move.get("text", ""),
                          bot=bot_move.get("text", ""))
    if move.get("done"):
        return out | said(N_("does the dare, as the bot would"))
    return out | {"cost": 1.0, "best": bot_move,
                  **said(N_("refuses the dare and loses a turn; the bot would have done it"))}
