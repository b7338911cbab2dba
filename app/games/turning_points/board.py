"""Turning Points boards (RULES.md "Turning Points"): cells, directions, seats' sides and the chain bound.

Square n x n: cells "x,y" (x east, y north, from 0), directions N E S W.
Hexagon of side s: axial cells "q,r" with max(|q|, |r|, |q+r|) <= s-1, directions N NE SE S SW NW
(N is (0,-1): r grows southward). In both, clockwise is the order listed, and "one notch" is one step
along it. Cells are indexed in reading order (north row first, west to east), which is the order of
`legal_moves`. A `Board` is built once per (shape, size) and shared (`board_of`).
"""
from __future__ import annotations

from functools import lru_cache

from ..base import N_, Phrase

SHAPES = ("square", "hex")
SIZES = {"square": (2, 3, 4, 5, 6, 7, 8), "hex": (2, 3, 4, 5)}  # cells per side
DIRECTIONS = {"square": ("N", "E", "S", "W"), "hex": ("N", "NE", "SE", "S", "SW", "NW")}  # clockwise
STEPS = {  # (dx, dy) per direction, in the cell coordinates above
    "square": ((0, 1), (1, 0), (0, -1), (-1, 0)),
    "hex": ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)),
}
# Each a phrase to translate (a refusal says the direction in the player's language: Phrase(DIRECTION_WORD[d])).
DIRECTION_WORD = {"N": N_("north"), "NE": N_("north-east"), "E": N_("east"), "SE": N_("south-east"), "S": N_("south"),
                  "SW": N_("south-west"), "W": N_("west"), "NW": N_("north-west")}
# The sides the seats take, by board shape and player count, in seat (turn) order.
SEAT_SIDES = {
    "square": {1: ("S",), 2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")},
    "hex": {2: ("S", "N"), 3: ("N", "SE", "SW"), 4: ("N", "SE", "S", "NW"), 5: ("N", "NE", "SE", "S", "SW"),
            6: ("N", "NE", "SE", "S", "SW", "NW")},
}
# The ruled board for each player count (the sheet's "what you need"); one player: the solitaire's 4x4.
DEFAULT_BOARD = {1: ("square", 4), 2: ("square", 4), 3: ("hex", 3), 4: ("square", 5), 5: ("hex", 4),
                 6: ("hex", 4)}


class Board:
    """The geometry of one board. `nxt[cell * deg + d]` is the neighbour of `cell` in direction d, or -1
    off the board. `dist[cell]`: steps to the edge (1 on the rim). `bound`: the most turns a chain can
    take on this board (see `chain_bound`)."""

    __slots__ = ("shape", "size", "deg", "dirs", "dir_id", "cells", "cell_id", "coords", "nxt", "dist",
                 "bound", "rows")

    def __init__(self, shape: str, size: int) -> None:
        self.shape, self.size = shape, size
        self.dirs = DIRECTIONS[shape]
        self.deg = len(self.dirs)
        self.dir_id = {name: i for i, name in enumerate(self.dirs)}
        self.coords = _coords(shape, size)
        self.cells = tuple(f"{a},{b}" for a, b in self.coords)
        self.cell_id = {name: i for i, name in enumerate(self.cells)}
        where = {xy: i for i, xy in enumerate(self.coords)}
        self.nxt = tuple(where.get((a + dx, b + dy), -1) for a, b in self.coords for dx, dy in STEPS[shape])
        self.dist = self._distances()
        self.bound = chain_bound(self.deg, self.dist)
        self.rows = _rows(shape, size, self.coords)

    def __len__(self) -> int:
        return len(self.cells)

    def __repr__(self) -> str:
        return f"board_of({self.shape!r}, {self.size})"

    def describe(self) -> Phrase:
        """'4×4 square board' / 'hexagonal board of side 3 (19 cells)' (a Phrase: said in the reader's language)."""
        if self.shape == "square":
            return Phrase(N_("{n}×{n} square board"), n=self.size)
        return Phrase(N_("hexagonal board of side {n} ({cells} cells)"), n=self.size, cells=len(self.cells))

    def _distances(self) -> tuple[int, ...]:
        """Breadth-first steps from each cell to the outside (a rim cell has a neighbour off the board)."""
        deg, nxt = self.deg, self.nxt
        dist = [1 if -1 in nxt[cell * deg:(cell + 1) * deg] else 0 for cell in range(len(self.cells))]
        frontier, level = [cell for cell, d in enumerate(dist) if d == 1], 1
        while frontier:
            level += 1
            new = []
            for cell in frontier:
                for other in nxt[cell * deg:(cell + 1) * deg]:
                    if other >= 0 and dist[other] == 0:
                        dist[other] = level
                        new.append(other)
            frontier = new
        return tuple(dist)


def chain_bound(deg: int, dist: tuple[int, ...]) -> int:
    """An upper bound on the turns of one chain, from the rotor-walk argument (why the guard never fires).

    Count the departures from a cell: the placed piece departs once unturned, and every other departure
    follows a turn, so consecutive departures from one cell point one notch further clockwise: among any
    `deg` consecutive departures every direction is used once. A neighbour that the chain reaches at
    most A times therefore lets the cell depart fewer than deg * (A + 1) times. An empty cell or the
    outside is reached at most once (the chain stops there), so a rim cell is turned at most
    A(1) = 2*deg - 1 times, a cell one further in A(2) = deg * (A(1) + 1) - 1 times, and so on by the
    distance to the edge. The sum over the cells bounds the whole chain: finite, so every chain ends
    (the FAQ's "never happens"), and a chain longer than this is a bug in the engine, never a position.
    """
    arrivals = {0: 1}
    for level in range(1, max(dist, default=0) + 1):
        arrivals[level] = deg * (arrivals[level - 1] + 1) - 1
    return sum(arrivals[d] for d in dist)


def _coords(shape: str, size: int) -> tuple[tuple[int, int], ...]:
    """The cells in reading order: north row first, west to east."""
    if shape == "square":
        return tuple((x, y) for y in range(size - 1, -1, -1) for x in range(size))
    radius = size - 1
    cells = [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
             if max(abs(q), abs(r), abs(q + r)) <= radius]
    return tuple(sorted(cells, key=lambda qr: (2 * qr[1] + qr[0], qr[0])))  # flat-topped: y ~ r + q/2


def _rows(shape: str, size: int, coords) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Text rows for render_text: (column, cell) pairs per row, north first. Hex rows are half-rows
    (2r + q), so neighbours N/S are two text rows apart and NE/SE one row apart in the next column."""
    rows: dict[int, list] = {}
    for cell, (a, b) in enumerate(coords):
        if shape == "square":
            rows.setdefault(-b, []).append((a, cell))
        else:
            rows.setdefault(2 * b + a, []).append((a + size - 1, cell))
    return tuple(tuple(rows[key]) for key in sorted(rows))


@lru_cache(maxsize=None)
def board_of(shape: str, size: int) -> Board:
    """The shared Board for a shape and size; ValueError naming the choices otherwise."""
    if shape not in SIZES:
        raise ValueError(f"{shape!r} is not a board shape; choose square or hex.")
    if size not in SIZES[shape] or isinstance(size, bool):
        sizes = SIZES[shape]
        raise ValueError(f"A {shape} board has side {sizes[0]} to {sizes[-1]}, not {size!r}.")
    return Board(shape, size)


def cell_count(shape: str, size: int) -> int:
    return size * size if shape == "square" else 3 * size * (size - 1) + 1


def default_size(players: int, shape: str) -> int:
    """The ruled size for the ruled shape; for the other shape, the size nearest in cells (ties: smaller)."""
    ruled_shape, ruled_size = DEFAULT_BOARD[players]
    if shape == ruled_shape:
        return ruled_size
    cells = cell_count(ruled_shape, ruled_size)
    return min(SIZES[shape], key=lambda size: (abs(cell_count(shape, size) - cells), size))


def seat_sides(shape: str, players: int) -> tuple[str, ...]:
    """The sides the seats take, in seat order; ValueError when this shape has no seating for them."""
    sides = SEAT_SIDES[shape].get(players)
    if sides is None:
        raise ValueError(f"A {shape} board does not seat {players} player{'s' * (players != 1)}.")
    return sides
