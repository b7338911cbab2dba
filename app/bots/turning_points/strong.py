"""The strong level of the Turning Points bot: a deeper search than the standard level (search.py).

Two players: alpha-beta on the margin (the bot's score minus the other's), deepened one placement at a
time (iterative deepening) while the budget lasts, each node's placements tried best-first by the margin
right after them; the deepest search that finished decides, and a search that reaches the full board is
exact. The standard level looks one reply ahead and searches exactly only the last few placements.
More players: as the standard level (every placement ranked by the margin right after it, the best `width`
weighed after one reply from each other seat in turn, the exact search when the end fits the budget), but
each reply is the placement worst for the bot (paranoid) rather than the replier's own greedy best: with five
others moving between two of its placements, what they can undo matters more than what they gain. The
solitaire is the standard level's.

The effort is counted in simulated placements (with their chains), never read from the clock: the same
question gets the same answer. The budget per decision is STRONG_WORK units (as search.py counts them, the
same as the standard level's), scaled by `seconds` as there.
"""
from __future__ import annotations

from typing import Any

from .position import Position
from .search import CELL_COST, DEFAULT_WORK, MIN_WIDTH, TurningPointsBot, best_index, endgame_leaves, tiebreak
from .solitaire import choose_cell

STRONG_WORK = DEFAULT_WORK  # units of work per decision with seconds=None or 1 (as the standard level)
INF = 1 << 30


class OutOfBudget(Exception):
    """The placements a decision may simulate are spent: the search in progress is dropped."""


def strong_budget(seconds: float | None, cells: int) -> int:
    work = STRONG_WORK if seconds is None else int(STRONG_WORK * min(10.0, max(0.05, seconds)))
    return work // (CELL_COST + cells)


class StrongTurningPointsBot(TurningPointsBot):
    """The strong level (see the module docstring); its words (explain, when the bot has them) are the
    standard level's."""

    level = "strong"

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
        budget = strong_budget(seconds, len(pos.board))
        noise = tiebreak(view, seat, len(codes))
        if view.get("solitaire"):
            return legal_moves[choose_cell(pos, codes, view["solitaire"], budget)]
        if pos.players == 2:
            return legal_moves[deepest_best(pos, codes, seat, budget, noise)]
        if endgame_leaves(pos) <= budget:
            return legal_moves[best_index(pos, codes, seat, budget, noise)]  # exact (max-n), as the standard
        return legal_moves[paranoid_best(pos, codes, seat, budget, noise)]


def paranoid_best(pos: Position, codes: list[int], seat: int, budget: int, noise: list[int]) -> int:
    """More players: the index in `codes` with the best margin after each other seat, in turn, replies with
    the placement worst for the bot (the `width` best by their margin right after them are weighed)."""
    children = [pos.play(code) for code in codes]
    greedy = [child.margin(seat) for child in children]
    order = sorted(range(len(codes)), key=lambda i: (-greedy[i], -noise[i]))
    per_candidate = max(1, (pos.players - 1) * max(1, len(codes) - 1))
    width = max(MIN_WIDTH, budget // per_candidate)
    values = {i: after_worst_replies(children[i], seat) for i in order[:width]}
    return max(values, key=lambda i: (values[i], greedy[i], noise[i]))


def after_worst_replies(node: Position, seat: int) -> int:
    """Seat's margin after each other seat, in turn order, makes the placement that leaves seat the least."""
    for _ in range(node.players - 1):
        if node.empty == 0:
            break
        node = min((node.play(code) for code in node.codes()), key=lambda child: child.margin(seat))
    return node.margin(seat)


def deepest_best(pos: Position, codes: list[int], seat: int, budget: int, noise: list[int]) -> int:
    """Two players: the index in `codes` that the deepest finished alpha-beta search prefers."""
    children = [pos.play(code) for code in codes]
    spent = [len(codes)]
    greedy = [child.margin(seat) for child in children]
    order = sorted(range(len(codes)), key=lambda i: (-greedy[i], -noise[i]))
    best = order[0]
    depth = 2
    while depth <= pos.empty:
        try:
            alpha, found = -INF, order[0]
            for i in order:
                value = -alphabeta(children[i], depth - 1, -INF, -alpha, spent, budget)
                if value > alpha:
                    alpha, found = value, i
        except OutOfBudget:
            break
        best = found
        order = [found] + [i for i in order if i != found]
        depth += 1
    return best


def alphabeta(node: Position, depth: int, alpha: int, beta: int, spent: list[int], budget: int) -> int:
    """The margin of the seat to act at `node`, searched `depth` placements deep (fail-soft negamax)."""
    mover = node.to_act
    if node.empty == 0:
        return node.margin(mover)
    children = [node.play(code) for code in node.codes()]
    spent[0] += len(children)
    if spent[0] > budget:
        raise OutOfBudget
    if depth == 1 or node.empty == 1:
        return max(child.margin(mover) for child in children)
    children.sort(key=lambda child: -child.margin(mover))
    best = -INF
    for child in children:
        value = -alphabeta(child, depth - 1, -beta, -alpha, spent, budget)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best
