"""Precomputed 3-High move tables: every play that stays on the board, by square, piece and card.

A play is one int, ``dest << 11 | card << 6 | piece << 2 | side``. For ``i = (square * 15 + piece) * 32
+ card``: ``codes[i]`` lists the plays side N E S W, ``dests[i]`` is the bitmask of their destinations (a
generator looks at the squares only when one is occupied), and ``one[i * 4 + side]`` is the single play
toward that side or -1 off the board. Distance 0 lists the square itself once per side when zero plays are
allowed, and nothing otherwise. Built once per setting, on first use (about 5 MB).
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .cards import BOARD, CARDS, PIECES, distance, step_square

SQUARE_COUNT = BOARD * BOARD
PIECE_COUNT = len(PIECES)
CARD_COUNT = len(CARDS)
MAX_STEP = 8  # |distance| never exceeds a card's value


class MoveTables(NamedTuple):
    codes: tuple
    dests: tuple
    one: tuple


def table_index(square: int, piece: int, card: int) -> int:
    return (square * PIECE_COUNT + piece) * CARD_COUNT + card


@lru_cache(maxsize=2)
def move_tables(allow_zero: bool) -> MoveTables:
    span = 2 * MAX_STEP + 1
    reach = [(square if allow_zero else -1) if squares == 0 else step_square(square, side, squares)
             for square in range(SQUARE_COUNT) for side in range(4)
             for squares in range(-MAX_STEP, MAX_STEP + 1)]  # reach[(square * 4 + side) * span + squares + 8]
    masks: dict[int, int] = {}  # one shared int per distinct bitmask
    codes, dests, one = [], [], [-1] * (SQUARE_COUNT * PIECE_COUNT * CARD_COUNT * 4)
    for square in range(SQUARE_COUNT):
        for piece in range(PIECE_COUNT):
            for card in range(CARD_COUNT):
                first = square * 4 * span + distance(card, piece) + MAX_STEP
                entry, mask = [], 0
                for side in range(4):
                    dest = reach[first + side * span]
                    if dest >= 0:
                        code = dest << 11 | card << 6 | piece << 2 | side
                        entry.append(code)
                        mask |= 1 << dest
                        one[len(codes) * 4 + side] = code
                codes.append(tuple(entry))
                dests.append(masks.setdefault(mask, mask))
    return MoveTables(tuple(codes), tuple(dests), tuple(one))
