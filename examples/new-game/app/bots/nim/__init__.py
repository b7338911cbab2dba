"""Nim's bot (the game's declaration names it: bot = "nim:NimBot"). Like every bot it sees only the view."""
from __future__ import annotations


class NimBot:
    name = "nim"

    def choose(self, view: dict, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
        """The winning move of normal Nim when there is one (leaving the heaps' xor at zero), else the first."""
        total = 0
        for size in view["heaps"]:
            total ^= size
        for move in legal_moves:
            size = view["heaps"][move["heap"]]
            if total and (size - move["take"]) ^ size == total:
                return move
        return legal_moves[0]


__all__ = ["NimBot"]
