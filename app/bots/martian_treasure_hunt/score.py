"""A Martian Treasure Hunt move scored after the game, from the mover's view at the time.

`score(view, seat, legal_moves, move, seconds)`: the expected points of the move (evaluate.py: what it
captures now, what the mover may take on its next roll, less what the others may take on theirs) against
the best move for the same roll. A move that ends the game counts GAME_POINTS, won or lost, in place of
the bot's ±1000. Arranging the coins is not scored: no order is stronger than another.
"""
from __future__ import annotations

from typing import Any

from app.bots.scores import N_, said

from app.games.martian_treasure_hunt.codec import from_doc

from .evaluate import score_destination

MARKS = (0.5, 1.0, 2.0)  # a cost (expected points) of at least these is marked ?!, ?, ??
UNIT = "points"  # before/after: expected points
GAME_POINTS = 10.0  # a move that ends the game: this many points for a win, minus as many for a loss
ENDS = 500.0  # the bot's values past this are a game's end (evaluate.py: ±1000 plus the capture)


def _points(value: float) -> float:
    if value > ENDS:
        return value - 1000.0 + GAME_POINTS
    if value < -ENDS:
        return value + 1000.0 - GAME_POINTS
    return value


def score(view: Any, seat: int, legal_moves: list, move: dict, seconds: float) -> dict:
    if view.get("phase") == "arrange" or "order" in move:
        return {"before": None, "after": None, "cost": 0.0, "best": None, **said(N_("arranges the coins")),
                "marks": MARKS}
    st = from_doc(view)
    if st.dice is None or st.to_act != seat or len(legal_moves) < 2:
        return {"before": None, "after": None, "cost": 0.0, "best": None, **said(N_("the only move")),
                "marks": MARKS}
    coin = seat * 6 + st.dice[0]
    index = st.geo.index
    values = [_points(score_destination(st, seat, coin, index[m["to"]])) for m in legal_moves]
    played = legal_moves.index(move)
    best = 0
    for i, value in enumerate(values):  # the bot's choice: the first best (bot.py)
        if value > values[best] + 1e-9:
            best = i
    before, after = values[best], values[played]
    cost = round(max(0.0, before - after), 2)
    if cost == 0:
        summary = said(N_("the best move for this roll ({after} expected points)"), after=f"{after:+.2f}")
        best_move = None
    else:
        summary = said(N_("{after} expected points where the best move for this roll gives {before}"),
                       after=f"{after:+.2f}", before=f"{before:+.2f}")
        best_move = legal_moves[best]
    return {"before": round(before, 2), "after": round(after, 2), "cost": cost, "best": best_move,
            **summary, "marks": MARKS}
