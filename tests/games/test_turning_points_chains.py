"""The chain's bound: why the engine's guard (ChainTooLong) never fires, and that it would if it had to.

The FAQ says chains never loop forever; RULES.md says why (a rotor walk on a finite board with a sink).
board.chain_bound turns that argument into a number per board: counting departures from a cell, any
`deg` consecutive ones use every direction once (each follows a clockwise turn, the placed piece's
first one aside), so a cell leaves toward each neighbour at least floor(departures / deg) times. The
outside and empty cells are reached at most once (the chain stops there), so a rim cell is turned at
most A(1) = 2*deg - 1 times, and a cell at distance k from the edge at most A(k) = deg * (A(k-1) + 1) - 1.
These tests check that per-cell lemma on every 2x2 position, on random positions of every board, and
on the longest chains a search can build; then they check that the guard does fire past a (fake) bound.
"""
from __future__ import annotations

import itertools
import random

import pytest

from app.games.turning_points.board import SIZES, Board, board_of, chain_bound
from app.games.turning_points.position import EMPTY, ChainTooLong, chain_of


def arrivals_allowed(board: Board) -> list[int]:
    """A(dist) per cell, the lemma's most turns of one cell in one chain."""
    allowed = {0: 1}
    for level in range(1, max(board.dist) + 1):
        allowed[level] = board.deg * (allowed[level - 1] + 1) - 1
    return [allowed[d] for d in board.dist]


def run(board: Board, dirs: list[int], cell: int, way: int) -> list:
    work = list(dirs)
    work[cell] = way
    return chain_of(board, work, cell)


def check_lemma(board: Board, dirs: list[int], cell: int, way: int) -> int:
    turns = run(board, dirs, cell, way)
    allowed = arrivals_allowed(board)
    for target in {t for t, _, _ in turns}:
        count = sum(t == target for t, _, _ in turns)
        assert count <= allowed[target], (board, dirs, cell, way, target, count)
    assert len(turns) <= board.bound
    return len(turns)


@pytest.mark.parametrize("shape,size,bound", [("square", 2, 28), ("square", 4, 4 * 31 + 12 * 7),
                                              ("square", 8, 4384), ("hex", 2, 6 * 11 + 71),
                                              ("hex", 5, 24 * 11 + 18 * 71 + 12 * 431 + 6 * 2591 + 15551)])
def test_bound_is_the_sum_of_the_per_cell_lemma(shape, size, bound):
    board = board_of(shape, size)
    assert board.bound == bound == sum(arrivals_allowed(board)) == chain_bound(board.deg, board.dist)


def test_distances_to_the_edge():
    assert board_of("square", 4).dist == (1, 1, 1, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 1, 1, 1)
    hex3 = board_of("hex", 3)
    assert hex3.dist[hex3.cell_id["0,0"]] == 3 and sorted(hex3.dist).count(1) == 12


def test_lemma_holds_for_every_placement_on_every_2x2_position():
    board = board_of("square", 2)
    longest = 0
    for dirs in itertools.product(range(EMPTY, 4), repeat=4):
        for cell in (c for c, d in enumerate(dirs) if d == EMPTY):
            for way in range(4):
                longest = max(longest, check_lemma(board, list(dirs), cell, way))
    assert longest == 8  # the longest 2x2 chain, against a bound of 28


@pytest.mark.parametrize("shape,size", [(shape, size) for shape in SIZES for size in SIZES[shape]])
def test_lemma_holds_on_random_positions_of_every_board(shape, size):
    board = board_of(shape, size)
    rng = random.Random(f"{shape}{size}")
    for _ in range(300):
        dirs = [rng.randrange(board.deg) for _ in board.cells]
        cell = rng.randrange(len(board.cells))
        check_lemma(board, dirs, cell, rng.randrange(board.deg))


@pytest.mark.parametrize("shape,size", [("square", 4), ("square", 8), ("hex", 3), ("hex", 5)])
def test_searched_longest_chains_stay_far_below_the_bound(shape, size):
    """A hill climb for long chains on a full board: chains do get long (about 60 turns on 4x4, 400 on
    8x8: the client animates them quickly), but stay under half the bound."""
    board = board_of(shape, size)
    rng = random.Random(7)
    best = 0
    for _ in range(3):
        dirs = [rng.randrange(board.deg) for _ in board.cells]
        score = len(run(board, dirs, 0, dirs[0]))
        for _ in range(1500):
            trial = list(dirs)
            trial[rng.randrange(len(trial))] = rng.randrange(board.deg)
            length = len(run(board, trial, 0, trial[0]))
            if length >= score:
                dirs, score = trial, length
        best = max(best, score)
    assert 0 < best < board.bound / 2, (best, board.bound)


def test_guard_fires_past_the_bound():
    """A board whose bound is (falsely) 1 refuses a two-turn chain: the guard works, it just never
    meets a real board's chain."""
    board = Board("square", 3)  # a private copy, not the shared board_of one
    board.bound = 1
    dirs = [EMPTY] * 9
    dirs[board.cell_id["1,1"]], dirs[board.cell_id["2,1"]] = 0, 1  # N, E: placed 1,0 N turns both
    with pytest.raises(ChainTooLong, match="passed 1 turns on the 3×3 square board"):
        run(board, dirs, board.cell_id["1,0"], 0)
    assert len(run(board_of("square", 3), dirs, board.cell_id["1,0"], 0)) == 2
