"""Nim's cases for tests/api/test_invalid_moves.py and tests/games/test_invalid_moves.py (which find them
here, by the game's package): moves that are no move of the game (InvalidMove) and moves the rules refuse
(IllegalMove only)."""
from __future__ import annotations

from app.games import get_game


def engine_cases():
    """(doc, malformed, refused): from the first position and after a heap is nearly emptied."""
    g = get_game("nim")
    doc = g.setup(2, {}, 0)
    malformed = [{"heap": 9, "take": 1}, {"heap": 0}, {"take": 1}, {"heap": 0, "take": 4}, {"heap": 0, "take": 0}]
    yield doc, malformed, []
    seat = g.to_act(doc)[0]
    doc = g.apply(doc, seat, {"heap": 0, "take": 2}).doc  # heap 1 holds one stone now
    yield doc, [{"heap": -1, "take": 1}], [{"heap": 0, "take": 2}, {"heap": 0, "take": 3}]


def invalid_moves(st: dict):
    """A heap the game lacks and a move without its count (no move), more stones than a heap holds (refused)."""
    heaps = st["view"]["heaps"]
    small = next((heap for heap, size in enumerate(heaps) if 0 < size < 3), None)
    if small is None:
        return None
    return [({"heap": len(heaps), "take": 1}, "There is no heap"), ({"heap": small}, "names a heap"),
            ({"heap": small, "take": 3}, "too few stones")]
