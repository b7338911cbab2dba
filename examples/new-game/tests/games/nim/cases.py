"""Nim's case for tests/api/test_invalid_moves.py (which finds it here, by the game's package): from the state
of the seat to act, moves that are no move of the game, then one the rules refuse, each with words of the
engine's sentence; None to play on until such a position comes."""
from __future__ import annotations


def invalid_moves(st: dict):
    """A heap the game lacks and a move without its count (no move), more stones than a heap holds (refused)."""
    heaps = st["view"]["heaps"]
    small = next((heap for heap, size in enumerate(heaps) if 0 < size < 3), None)
    if small is None:
        return None
    return [({"heap": len(heaps), "take": 1}, "There is no heap"), ({"heap": small}, "names a heap"),
            ({"heap": small, "take": 3}, "too few stones")]
