"""Martian Treasure Hunt geometry: the boards, the arms, the pyramid rings and every movement table.

A square is one int, ``y * STRIDE + x`` (x east, y north, from 0), written "x,y" in documents. Each seat
count has one `Geometry`, built once: which squares are laid, whose back two rows ("arm") each square
belongs to, the home rows in arranging order, the starting pyramids, and per square the rays of the
sliders, the knight's and king's squares and each seat's pawn steps.
"""
from __future__ import annotations

from functools import lru_cache

STRIDE = 10  # squares per row inside the engine (the widest board is 10 wide)
SIDES_BY_PLAYERS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}
SIDE_WORD = {"S": "south", "N": "north", "W": "west", "E": "east"}
FORWARD = {"S": (0, 1), "N": (0, -1), "W": (1, 0), "E": (-1, 0)}  # a pawn's step toward the far arm
SUITS = ("sun", "moon", "crown", "arms")  # seat i plays the coins of SUITS[i]
COIN_VALUES = range(6)
COIN_WORD = ("null", "ace", "2", "3", "4", "5")
KINDS = ("pawn", "rook", "knight", "bishop", "queen", "king")  # the type die, 0..5
PAWN, ROOK, KNIGHT, BISHOP, QUEEN, KING = range(6)
PYRAMID_WORD = {1: "small", 2: "medium", 3: "large"}
COIN_POINTS = 2  # a captured coin; a pyramid scores its size (small 1, medium 2, large 3)
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))  # directions 0..3: N E S W
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))  # directions 4..7: NE SE SW NW
DIRECTIONS = ORTHOGONAL + DIAGONAL
KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
SLIDES = {ROOK: range(0, 4), BISHOP: range(4, 8), QUEEN: range(0, 8)}


def square_name(square: int) -> str:
    return f"{square % STRIDE},{square // STRIDE}"


class Geometry:
    """Everything about the board for one seat count (2: the 6x10 board; 3 and 4: the fat plus)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.sides = SIDES_BY_PLAYERS[players]
        self.layout = "2p" if players == 2 else "plus"
        self.width = 6 if players == 2 else 10
        self.height = 10
        self.zone = [-1] * (STRIDE * STRIDE)  # the seat whose back two rows hold the square, else -1
        self.on = [False] * (STRIDE * STRIDE)
        if players == 2:
            central = [(x, y) for x in range(6) for y in range(2, 8)]
            arms = {"S": [(x, y) for y in (0, 1) for x in range(6)],
                    "N": [(x, y) for y in (8, 9) for x in range(6)]}
            homes = {"S": [(x, 0) for x in range(6)], "N": [(x, 9) for x in range(6)]}
        else:
            central = [(x, y) for x in range(2, 8) for y in range(2, 8)]
            arms = {"S": [(x, y) for y in (0, 1) for x in range(2, 8)],
                    "N": [(x, y) for y in (8, 9) for x in range(2, 8)],
                    "W": [(x, y) for x in (0, 1) for y in range(2, 8)],
                    "E": [(x, y) for x in (8, 9) for y in range(2, 8)]}
            homes = {"S": [(x, 0) for x in range(2, 8)], "N": [(x, 9) for x in range(2, 8)],
                     "W": [(0, y) for y in range(2, 8)], "E": [(9, y) for y in range(2, 8)]}
        for x, y in central:
            self.on[y * STRIDE + x] = True
        for seat, side in enumerate(self.sides):
            for x, y in arms[side]:
                self.on[y * STRIDE + x] = True
                self.zone[y * STRIDE + x] = seat
        self.squares = tuple(sq for sq in range(STRIDE * STRIDE) if self.on[sq])
        self.names = tuple(square_name(sq) for sq in range(STRIDE * STRIDE))
        self.index = {self.names[sq]: sq for sq in self.squares}
        self.home_row = tuple(tuple(y * STRIDE + x for x, y in homes[side]) for side in self.sides)
        self.arm = tuple(tuple(sorted(y * STRIDE + x for x, y in arms[side])) for side in self.sides)
        x0 = 0 if players == 2 else 2
        self.start_pyramids = {}
        for x, y in central:  # rings by distance from the centre of the 6x6: 1 large, 3 medium, 5 small
            ring = max(abs(2 * (x - x0) - 5), abs(2 * (y - 2) - 5))
            self.start_pyramids[y * STRIDE + x] = {1: 3, 3: 2, 5: 1}[ring]
        self.rays = [tuple(self._ray(sq, d) for d in DIRECTIONS) for sq in range(STRIDE * STRIDE)]
        self.knight = [self._jumps(sq, KNIGHT_JUMPS) for sq in range(STRIDE * STRIDE)]
        self.king = [self._jumps(sq, DIRECTIONS) for sq in range(STRIDE * STRIDE)]
        self.pawn_step, self.pawn_takes = [], []  # per seat, per square: the step ahead (-1) / diagonals
        for side in self.sides:
            fx, fy = FORWARD[side]
            self.pawn_step.append([self._at(sq, fx, fy) for sq in range(STRIDE * STRIDE)])
            side_steps = ((fx + fy, fy + fx), (fx - fy, fy - fx))  # the two diagonals ahead
            self.pawn_takes.append([self._jumps(sq, side_steps) for sq in range(STRIDE * STRIDE)])

    def _at(self, sq: int, dx: int, dy: int) -> int:
        x, y = sq % STRIDE + dx, sq // STRIDE + dy
        if 0 <= x < STRIDE and 0 <= y < STRIDE and self.on[y * STRIDE + x]:
            return y * STRIDE + x
        return -1

    def _ray(self, sq: int, direction: tuple[int, int]) -> tuple[int, ...]:
        out, here = [], sq
        while True:
            here = self._at(here, *direction)
            if here < 0:
                return tuple(out)
            out.append(here)

    def _jumps(self, sq: int, steps) -> tuple[int, ...]:
        return tuple(sorted(t for t in (self._at(sq, dx, dy) for dx, dy in steps) if t >= 0))


@lru_cache(maxsize=4)
def geometry(players: int) -> Geometry:
    if players not in SIDES_BY_PLAYERS:
        raise ValueError(f"Martian Treasure Hunt takes 2 to 4 players, not {players!r}.")
    return Geometry(players)
