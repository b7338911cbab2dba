"""A Turning Points placement scored after the game, from the mover's view at the time.

`score(view, seat, legal_moves, move, seconds)`: the bot's value of the placement made against its best one,
as the bot weighs them (search.py, solitaire.py). Competitive: the mover's margin (its score minus the best
other seat's) once the others have replied, exact (every reply to the full board) when the end fits the
budget, else after each other seat's greedy reply. Solitaire: the expected final score over the bag's draws.
"""
from __future__ import annotations

from typing import Any

from app.bots.scores import N_, said

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
    summary = _summary(unit, exact, best == played or cost == 0, _num(after), _num(before))
    best_move = None if best == played or cost == 0 else legal_moves[best]
    return {"before": round(before, 2), "after": round(after, 2), "cost": cost, "best": best_move,
            **summary, "exact": exact, "marks": MARKS}


# The summaries by unit and exactness, each a whole sentence for the translations.
OWN = {("expected points", False): N_("the bot's own choice (expected points {after})"),
       ("expected points", True): N_("the bot's own choice (expected points {after}, exact)"),
       ("margin", True): N_("the bot's own choice (margin {after}, exact)"),
       ("margin after the replies", False): N_("the bot's own choice (margin after the replies {after})")}
WORSE = {("expected points", False): N_("expected points {after} where the best gives {before}"),
         ("expected points", True): N_("expected points {after} where the best gives {before} (exact)"),
         ("margin", True): N_("margin {after} where the best gives {before} (exact)"),
         ("margin after the replies", False): N_("margin after the replies {after} where the best gives {before}")}


def _summary(unit: str, exact: bool, own: bool, after: str, before: str) -> dict:
    return said((OWN if own else WORSE)[(unit, bool(exact))], after=after, **({} if own else {"before": before}))


def _num(x: float) -> str:
    return f"{x:+g}" if float(x).is_integer() else f"{x:+.2f}"
