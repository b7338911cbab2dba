"""3-High notation: cards, pieces, squares and sides, as small ints inside and strings in documents.

Inside the engine a card is 0..31 (suit * 8 + value - 1), a piece is 0..14 (colour * 3 + size - 1), a
square is 0..63 ((rank - 1) * 8 + file, a1 = 0, h1 = 7, a8 = 56) and a side is 0..3 (N, E, S, W).
"""
from __future__ import annotations

from ..base import N_, Phrase

HAND_SIZE = {1: 6, 2: 5, 3: 4, 4: 3}  # cards dealt per seat, by player count
WIN_TREES = 5  # complete trees needed to win
BOARD = 8  # squares per file and per rank

COLORS = ("red", "orange", "yellow", "green", "blue")
COLOR_LETTER = "ROYGB"  # for render_text
SIZES = (1, 2, 3)  # pips
SUITS = "HDCS"  # hearts, diamonds (red); clubs, spades (black)
SUIT_SYMBOL = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
DIAMONDS = 1  # suit index whose cards ignore the piece size
RED_SUITS = (0, 1)
VALUES = "A2345678"  # card value = index + 1
FILES = "abcdefgh"

SIDES = ("N", "E", "S", "W")
SIDE_WORD = ("north", "east", "south", "west")
SIDE_STEP = ((0, 1), (1, 0), (0, -1), (-1, 0))  # (file, rank) change per square toward the side
SIDE_ID = {side: i for i, side in enumerate(SIDES)}

CARDS = tuple(value + suit for suit in SUITS for value in VALUES)  # "AH".."8H", "AD".., "AC".., "AS"..
CARD_ID = {card: i for i, card in enumerate(CARDS)}
PIECES = tuple(f"{color}{size}" for color in COLORS for size in SIZES)  # "red1", "red2", "red3", ...
PIECE_ID = {piece: i for i, piece in enumerate(PIECES)}
SQUARES = tuple(f"{FILES[sq % BOARD]}{sq // BOARD + 1}" for sq in range(BOARD * BOARD))
SQUARE_ID = {square: i for i, square in enumerate(SQUARES)}


def card_value(card: int) -> int:
    """1 (ace) .. 8."""
    return card % 8 + 1


def piece_size(piece: int) -> int:
    return piece % 3 + 1


def piece_color(piece: int) -> str:
    return COLORS[piece // 3]


def distance(card: int, piece: int) -> int:
    """Squares toward the card's side (negative: away): value - size, or the value for a diamond."""
    if card // 8 == DIAMONDS:
        return card_value(card)
    return card_value(card) - piece_size(piece)


def card_text(card: int) -> str:
    """'8♦'."""
    name = CARDS[card]
    return name[0] + SUIT_SYMBOL[name[1]]


# A piece's words, each a phrase to translate (a refusal names pieces in the player's language).
PIECE_WORDS = {"red": N_("red {size}"), "orange": N_("orange {size}"), "yellow": N_("yellow {size}"),
               "green": N_("green {size}"), "blue": N_("blue {size}")}


def piece_text(piece: int) -> Phrase:
    """'red 3' (a Phrase: said "rouge 3" to a French reader)."""
    return Phrase(PIECE_WORDS[piece_color(piece)], size=piece_size(piece))


def step_square(square: int, side: int, squares: int) -> int:
    """The square `squares` steps toward `side` (negative: away), or -1 off the board."""
    df, dr = SIDE_STEP[side]
    file, rank = square % BOARD + df * squares, square // BOARD + dr * squares
    if 0 <= file < BOARD and 0 <= rank < BOARD:
        return rank * BOARD + file
    return -1


SIDE_PHRASE = (N_("north"), N_("east"), N_("south"), N_("west"))  # SIDE_WORD, each a phrase to translate


def move_text(card: int, side: int, piece: int, origin: int, dest: int) -> Phrase:
    """'8♦ north: red 3 d2→d7' (a Phrase: said "8♦ nord : rouge 3 d2→d7" to a French reader); `dest` < 0:
    off the board."""
    return Phrase(N_("{card} {side}: {piece} {origin}→{dest}"), card=card_text(card), side=Phrase(SIDE_PHRASE[side]),
                  piece=piece_text(piece), origin=SQUARES[origin],
                  dest=SQUARES[dest] if dest >= 0 else Phrase(N_("off the board")))
