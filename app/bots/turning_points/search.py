"""The Turning Points bot ("turning-points"): looks ahead over chain reactions, from its view alone.

Competitive tables (search below): every placement is played with its whole chain (the engine's own
`chain_of`); the value of a position for a seat is its margin, its score minus the best other seat's.
1. Endgame: when the placements left to the end of the game fit the budget, search them all exactly
   (alpha-beta on the margin with two players, max-n with more).
2. Otherwise greedy with replies: rank every placement by the margin right after it, then take the best
   `width` and let each opponent in turn order answer with its own greedy best (choosing, among equal
   answers, the one worst for the bot); the margin after those replies decides.
Solitaire (solitaire.py): the placement with the best expected score over the bag's next draws.

The effort is counted in simulated placements, never read from the clock, so the same question gets
the same answer. A placement costs about (CELL_COST + cells) units of work (copying the board, running
the chain); seconds=None allows DEFAULT_WORK units (0.1-0.35 s a decision on one idle core, on any
board), and so does seconds=1 (the server's budget); other budgets scale it in proportion (an estimate,
not a deadline: at most a third of the budget on this machine).
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from .position import Position
from .solitaire import choose_cell

DEFAULT_WORK = 1_000_000  # units of work per decision with seconds=None or 1 (a 4x4 placement: 24 units)
CELL_COST = 8  # the fixed part of a placement's work, in cells
MIN_WIDTH = 4  # candidates that always get their replies, whatever the budget
LOSS = -10_000


def budget_of(seconds: float | None, cells: int) -> int:
    """How many placements (with their chains) a decision may simulate."""
    work = DEFAULT_WORK if seconds is None else int(DEFAULT_WORK * min(10.0, max(0.05, seconds)))
    return work // (CELL_COST + cells)


def tiebreak(view: Any, seat: int, count: int) -> list[int]:
    """A fixed pseudo-random order of the moves (hash of the view): equal moves are not always the first."""
    blob = hashlib.sha256(json.dumps([view, seat], sort_keys=True, default=str).encode()).digest()
    salt = int.from_bytes(blob[:8], "big")
    return [hash((salt, i)) & 0xFFFFFFFF for i in range(count)]


class TurningPointsBot:
    name = "turning-points"

    def choose(self, view: Any, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
        if not legal_moves:
            raise ValueError(f"Seat {seat} has no legal move to choose from.")
        if not isinstance(view, dict) or view.get("game") != self.name:
            game = view.get("game") if isinstance(view, dict) else None
            raise ValueError(f"The {self.name} bot plays Turning Points, not {game!r}; "
                             f"ask app.bots.bot_for_game for the right bot.")
        if len(legal_moves) == 1:
            return legal_moves[0]
        pos = Position.from_view(view, seat)
        codes = [pos.code_of(move) for move in legal_moves]
        budget = budget_of(seconds, len(pos.board))
        if view.get("solitaire"):
            return legal_moves[choose_cell(pos, codes, view["solitaire"], budget)]
        return legal_moves[best_index(pos, codes, seat, budget, tiebreak(view, seat, len(codes)))]


def best_index(pos: Position, codes: list[int], seat: int, budget: int, noise: list[int]) -> int:
    """The index in `codes` of the placement to make (see the module docstring)."""
    values, greedy, exact = placement_values(pos, codes, seat, budget, noise)
    if exact:
        return max(values, key=lambda i: (values[i], noise[i]))
    return max(values, key=lambda i: (values[i], greedy[i], noise[i]))


def placement_values(pos: Position, codes: list[int], seat: int, budget: int, noise: list[int],
                     also: int | None = None) -> tuple[dict[int, int], list[int], bool]:
    """({index: value} of the placements the bot weighs, each one's margin right after it, exact?): every
    placement searched to the end when the end fits the budget (exact), else the best `width` by their
    margin after the other seats' greedy replies (and the placement `also`, when given)."""
    children = [pos.play(code) for code in codes]
    greedy = [child.margin(seat) for child in children]
    if endgame_leaves(pos) <= budget:
        if pos.players == 2:
            return {i: -negamax(c, 1 - seat, LOSS * 2, -LOSS * 2) for i, c in enumerate(children)}, greedy, True
        return {i: maxn(c)[seat] for i, c in enumerate(children)}, greedy, True
    order = sorted(range(len(codes)), key=lambda i: (-greedy[i], -noise[i]))
    per_candidate = max(1, (pos.players - 1) * max(1, len(codes) - 1))
    width = max(MIN_WIDTH, budget // per_candidate)
    weighed = order[:width] + ([also] if also is not None and also not in order[:width] else [])
    return {i: after_replies(children[i], seat) for i in weighed}, greedy, False


def after_replies(node: Position, seat: int) -> int:
    """Seat's margin after each other seat, in turn order, answers with its greedy best placement."""
    for _ in range(node.players - 1):
        if node.empty == 0:
            break
        mover = node.to_act
        best, best_key = None, None
        for code in node.codes():
            child = node.play(code)
            key = (child.margin(mover), -child.margin(seat))
            if best_key is None or key > best_key:
                best, best_key = child, key
        node = best
    return node.margin(seat)


def endgame_leaves(pos: Position) -> int:
    """How many move sequences lead from `pos` to the full board (no pruning counted)."""
    total, deg = 1, pos.board.deg
    for left in range(pos.empty, 0, -1):
        total *= left * deg
        if total > 10**9:
            break
    return total


def negamax(node: Position, mover: int, alpha: int, beta: int) -> int:
    """Two players: the exact final margin for `mover` (the seat to act) with both playing their best."""
    if node.empty == 0:
        return node.margin(mover)
    best = LOSS * 2
    for code in node.codes():
        value = -negamax(node.play(code), 1 - mover, -beta, -alpha)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


def maxn(node: Position) -> list[int]:
    """More players: the final margins when each seat in turn picks the placement best for itself."""
    if node.empty == 0:
        return [node.margin(seat) for seat in range(node.players)]
    mover = node.to_act
    best = None
    for code in node.codes():
        values = maxn(node.play(code))
        if best is None or values[mover] > best[mover]:
            best = values
    return best
