"""The Classic Dash board and deck: our own, since the original board and card files are lost.

RULES.md "Dash" fixes them: 64 spaces in 8 rows of 8, numbered 0..63 in reading order from the
bottom-left (each row left to right, then up to the next row); 0 is Start, 63 is Finish; space i (1..62)
has colour COLORS[(i - 1) % 5]; six picture pairs; a deck of 56 cards.
"""
from __future__ import annotations

BOARD_NAME = "classic"  # the only board; documents say "board": "classic"
BOARD_TITLE = "Classic"
ROW = 8  # spaces per row
SPACES = 64  # 0..63
START, FINISH = 0, SPACES - 1

COLORS = ("red", "orange", "yellow", "green", "blue")
COLOR_LETTER = {"red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B"}


def space_color(space: int) -> str | None:
    """The colour of a space, or None for Start and Finish."""
    if space in (START, FINISH):
        return None
    return COLORS[(space - 1) % len(COLORS)]


SPACE_COLORS = tuple(space_color(space) for space in range(SPACES))

# Picture pairs: landing on either end (after moving) takes the seat to the other end, forward or back.
PICTURES = (("tree", 3, 21), ("star", 8, 35), ("moon", 15, 42), ("sun", 28, 49), ("rocket", 33, 57),
            ("snowflake", 46, 60))
PICTURE_AT = {}  # space -> (picture name, the space at the other end)
for _name, _low, _high in PICTURES:
    PICTURE_AT[_low] = (_name, _high)
    PICTURE_AT[_high] = (_name, _low)
PICTURE_SPACES = tuple(sorted(PICTURE_AT))
assert len(PICTURE_SPACES) == 2 * len(PICTURES), "picture ends must be distinct (pairs never chain)"

# Cards, as documents write them. Colour cards are the colour names.
STEP_CARDS = {"F2": 2, "F3": 3, "B2": -2, "B3": -3}  # spaces ahead (negative: back)
DIRECTION_CARDS = ("F2", "F3", "B2", "B3", "PIC", "SWAP", "START")
CARDS = COLORS + DIRECTION_CARDS + ("DARE",)
DECK = (tuple(color for color in COLORS for _ in range(8))  # 40 colour cards, 8 per colour
        + ("F2", "F2", "F3", "F3", "B2", "B2", "B3", "PIC", "SWAP", "START")  # 10 direction cards
        + ("DARE",) * 6)  # 6 dare cards
assert len(DECK) == 56

CARD_TEXT = {
    **{color: color for color in COLORS},
    "F2": "forward 2", "F3": "forward 3", "B2": "back 2", "B3": "back 3",
    "PIC": "forward to the next picture", "SWAP": "swap places with the leader",
    "START": "back to Start", "DARE": "dare",
}


def space_text(space: int) -> str:
    """'Start', 'Finish', 'space 17'."""
    if space == START:
        return "Start"
    if space == FINISH:
        return "Finish"
    return f"space {space}"


def card_text(card: str) -> str:
    """'a blue card', 'a “back 2” card', 'a dare card'."""
    if card in COLORS:
        return f"{'an' if card[0] in 'aeiou' else 'a'} {card} card"
    if card == "DARE":
        return "a dare card"
    return f"a “{CARD_TEXT[card]}” card"


def _next_color_tables() -> tuple:
    """NEXT_COLOR[leg][space][colour index]: where a colour card takes a seat on that leg.

    Leg 0 (out) looks toward Finish and ends on Finish when no space of that colour is left; leg 1
    (back, there_and_back) looks toward Start, which counts as every colour.
    """
    tables = []
    for step, end in ((1, FINISH), (-1, START)):
        rows = []
        for space in range(SPACES):
            row = []
            for color in COLORS:
                target, probe = end, space + step
                while 0 < probe < FINISH:
                    if SPACE_COLORS[probe] == color:
                        target = probe
                        break
                    probe += step
                row.append(target)
            rows.append(tuple(row))
        tables.append(tuple(rows))
    return tuple(tables)


NEXT_COLOR = _next_color_tables()
COLOR_INDEX = {color: i for i, color in enumerate(COLORS)}
