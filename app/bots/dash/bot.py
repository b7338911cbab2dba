"""The Dash bot. Dash has no choices but the dares, so the bot plays as a good sport:

- its turn: it draws (the only move);
- an opponent was dared: it picks one of the built-in suggestions the view carries (the same list the table
  offers people), varied by the position so that it does not always dare the same thing;
- it was dared: it answers "done" (refusing only loses a turn).

It sees only the view (ENGINE.md), and is deterministic: the same view and seat give the same move.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from app.games.dash.dares import SUGGESTIONS


class DashBot:
    name = "dash"

    def choose(self, view: Any, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
        """One of `legal_moves`. For set_dare it is the listed dict itself with a "text" added, so the move
        returned stays a member of the list (by identity and by equality)."""
        if not isinstance(view, dict) or view.get("game") != "dash":
            game = view.get("game") if isinstance(view, dict) else type(view).__name__
            raise ValueError(f"The Dash bot plays Dash, not {game!r}; use bot_for_game to pick a table's bot.")
        if not legal_moves:
            raise ValueError(f"Seat {seat} has no legal move to choose from.")
        for move in legal_moves:
            if move.get("action") == "answer_dare" and move.get("done") is True:
                return move
        move = legal_moves[0]
        if move.get("action") == "set_dare":
            move["text"] = self.pick_dare(view, seat)
        return move

    @staticmethod
    def pick_dare(view: dict, seat: int) -> str:
        """A built-in suggestion, chosen by a hash of the position and the seat."""
        suggestions = view.get("dare_suggestions") or SUGGESTIONS
        blob = json.dumps([view.get("positions"), view.get("discard_count"), view.get("reshuffles"), seat])
        index = int.from_bytes(hashlib.sha256(blob.encode()).digest()[:8], "big") % len(suggestions)
        return suggestions[index]
