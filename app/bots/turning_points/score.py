"""A Turning Points placement scored after the game, from the mover's view at the time (issue 33).

`score(view, seat, legal_moves, move, seconds)`: the bot's value of the placement made against its best one,
as the bot weighs them (search.py, solitaire.py). Competitive: the mover's margin (its score minus the best
other seat's) once the others have replied, exact (every reply to the full board) when the end fits the
budget, else after each other seat's greedy reply. Solitaire: the expected final score over the bag's draws.
"""
from __future__ import annotations

from typing import Any

from .position import Position
from .search import budget_of, placement_values, tiebreak
from .solitaire import cell_values

MARKS = (1.0, 2.0, 4.0)  # a cost (points) of at least these is marked ?!, ?, ??
UNIT = "points"  # before/after: points (margin, or expected score alone)


def score(view: Any, seat: int, legal_moves: list, move: dict, seconds: float) -> dict:
    pos = Position.from_view(view, seat)
    codes = [pos.code_of(m) for m in legal_moves]
    played = codes.index(pos.code_of(move))
    budget = budget_of(seconds, len(pos.board))
    if view.get("solitaire"):
        values = dict(enumerate(cell_values(pos, codes, view["solitaire"], budget)))
        best = max(values, key=lambda i: (values[i], -i))
        exact, unit = pos.empty <= 1, "expected points"
    else:
        noise = tiebreak(view, seat, len(codes))
        values, greedy, exact = placement_values(pos, codes, seat, budget, noise, also=played)
        key = (lambda i: (values[i], noise[i])) if exact else (lambda i: (values[i], greedy[i], noise[i]))
        best = max(values, key=key)
        unit = "margin" + ("" if exact else " after the replies")
    before, after = float(values[best]), float(values[played])
    cost = round(max(0.0, before - after), 2)
    if best == played or cost == 0:
        summary = f"the bot's own choice ({unit} {_num(after)}{', exact' if exact else ''})"
        best_move = None
    else:
        best_move = legal_moves[best]
        summary = f"{unit} {_num(after)} where the best gives {_num(before)}{' (exact)' if exact else ''}"
    return {"before": round(before, 2), "after": round(after, 2), "cost": cost, "best": best_move,
            "summary": summary, "exact": exact, "marks": MARKS}


def _num(x: float) -> str:
    return f"{x:+g}" if float(x).is_integer() else f"{x:+.2f}"
