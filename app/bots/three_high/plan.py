"""How far each colour is from its tree: plays still needed, and the cards that make progress now.

`colour_plan(top, below, pos, colour, trips)` reads the fast State's board (app/games/three_high/state.py)
and returns (cost, needs):

- cost: the plays still needed to stack the colour's 3, 2 and 1. A piece covered by others costs one play
  per piece above it (only setup covers a piece with a foreign one; in play a piece lands only on an empty
  square or on its own colour one size larger). A piece travels to the tree's square in one play when it
  shares a rank or file with it (a little more when only one or two live cards make that distance, one
  more when none does), else in two (FAR). The tree is built where its 3 stands, or where the 3 can get
  to in one play if that is cheaper.
- needs: a bit mask of the cards (bit = card id) that make progress for the colour now: the trip onto
  the tree, a trip lining a piece up with the tree (to an empty corner square), moving the 3 to a
  cheaper site, or clearing a piece off a covered one.

A card moves a piece of size s exactly d squares along any line when its value is s + d or s - d (hearts,
clubs, spades) or d (diamonds): TRIP[s][d] lists those cards. Squares are 0..63 (rank * 8 + file).
"""
from __future__ import annotations

from app.games.three_high.cards import BOARD, DIAMONDS, card_value
from app.games.three_high.tables import CARD_COUNT

ALL_CARDS = (1 << CARD_COUNT) - 1
FAR = 2.0  # plays for a piece not on a line with its target: one to line up, one to arrive
RARE = 0.35  # extra cost of a one-play trip only one or two live cards can make
NONE_LEFT = 1.0  # extra cost of a one-play trip no live card can make (it takes a detour)
MISSING = 6.0  # a colour missing a piece (hand-built positions only): its tree cannot be built
MOVE_THREE_AT = 2.5  # moving the 3 to another site is considered when building in place costs more


def _trip_mask(size: int, squares: int) -> int:
    mask = 0
    for card in range(CARD_COUNT):
        value = card_value(card)
        if (value == squares) if card // 8 == DIAMONDS else abs(value - size) == squares:
            mask |= 1 << card
    return mask


# TRIP[size][d]: the cards moving a piece of `size` (1..3) exactly d squares along a line
TRIP = ((0,) * BOARD,) + tuple(tuple(_trip_mask(size, d) for d in range(BOARD)) for size in (1, 2, 3))


def _line_mask(square: int, size: int, along_rank: bool) -> int:
    """The cards moving a piece of `size` from `square` along its rank (or file) without leaving the board."""
    x = square % BOARD if along_rank else square // BOARD
    mask = 0
    for d in range(1, BOARD):
        if x + d < BOARD or x - d >= 0:
            mask |= TRIP[size][d]
    return mask


# LINE[square][size]: (cards moving that piece along its rank, along its file); MOVABLE: either
LINE = tuple((None,) + tuple((_line_mask(sq, s, True), _line_mask(sq, s, False)) for s in (1, 2, 3))
             for sq in range(BOARD * BOARD))
MOVABLE = tuple((0,) + tuple(LINE[sq][s][0] | LINE[sq][s][1] for s in (1, 2, 3)) for sq in range(BOARD * BOARD))


def live_mask(discard: list[int]) -> int:
    """The cards still to be played: everything not in the discard pile."""
    live = ALL_CARDS
    for card in discard:
        live &= ~(1 << card)
    return live


def trip_table(live: int) -> tuple:
    """trips[size][d]: the cost of a one-play trip of d squares for a piece of `size`, given the live cards."""
    table = [()]
    for size in (1, 2, 3):
        row = [0.0]
        for d in range(1, BOARD):
            count = (TRIP[size][d] & live).bit_count()
            row.append(1.0 if count >= 3 else 1.0 + RARE if count else 1.0 + NONE_LEFT)
        table.append(tuple(row))
    return tuple(table)


def trip(size: int, start: int, end: int, trips: tuple) -> float:
    """Plays for a piece of `size` to travel from `start` to `end`."""
    if start == end:
        return 0.0
    if (start ^ end) & 7 == 0:
        return trips[size][abs(start - end) >> 3]
    if (start ^ end) >> 3 == 0:
        return trips[size][abs(start - end)]
    return FAR


def toward(size: int, start: int, end: int, top: list[int]) -> tuple[bool, int]:
    """(lined up, cards) for a free piece at `start` heading for `end`: the cards of the direct trip when
    the squares share a line, else the cards taking it to an empty corner square lined up with `end`."""
    if (start ^ end) & 7 == 0:
        return True, TRIP[size][abs(start - end) >> 3]
    if (start ^ end) >> 3 == 0:
        return True, TRIP[size][abs(start - end)]
    mask = 0
    corner = (end & ~7) | (start & 7)  # start's file, end's rank
    if top[corner] < 0:
        mask |= TRIP[size][abs((end >> 3) - (start >> 3))]
    corner = (start & ~7) | (end & 7)  # start's rank, end's file
    if top[corner] < 0:
        mask |= TRIP[size][abs((end & 7) - (start & 7))]
    return False, mask


def above(top: list[int], below: list[int], pos: list[int], piece: int) -> int:
    """How many pieces sit on `piece`."""
    count, p = 0, top[pos[piece]]
    while p != piece:
        count += 1
        p = below[p]
    return count


def _clear(top: list[int], square: int) -> int:
    """The cards that move the top piece of `square` off it."""
    return MOVABLE[square][top[square] % 3 + 1]


def colour_plan(top: list[int], below: list[int], pos: list[int], colour: int, trips: tuple) -> tuple[float, int]:
    """(plays still needed, cards making progress now) for `colour` (see the module docstring)."""
    one, two, three = 3 * colour, 3 * colour + 1, 3 * colour + 2
    s1, s2, s3 = pos[one], pos[two], pos[three]
    if s1 < 0 or s2 < 0 or s3 < 0:
        return MISSING, 0
    if below[two] == three:  # the 2 is on its 3: only the 1 is missing
        if below[one] == two:
            return 0.0, 0
        on_two = above(top, below, pos, two)
        on_one = above(top, below, pos, one)
        needs = _clear(top, s3) if on_two else 0
        if on_one:
            needs |= _clear(top, s1)
        else:
            lined, cards = toward(1, s1, s3, top)
            if not lined or not on_two:
                needs |= cards
        return on_two + on_one + trip(1, s1, s3, trips), needs
    on_three = above(top, below, pos, three)
    needs = _clear(top, s3) if on_three else 0
    riding = below[one] == two  # the 1 sits on its own 2, away from the 3: it moves off, then comes back
    on_two = above(top, below, pos, two)
    if riding:
        on_one, one_trip = 0, 1.0
        if on_two == 1:  # moving the 1 to a square lined up with the 3 is progress
            if (s2 ^ s3) >> 3 == 0:
                needs |= LINE[s2][1][0]
            elif (s2 ^ s3) & 7 == 0:
                needs |= LINE[s2][1][1]
            else:
                needs |= toward(1, s2, s3, top)[1]
        else:
            needs |= _clear(top, s2)
    else:
        on_one = above(top, below, pos, one)
        one_trip = trip(1, s1, s3, trips)
        if on_two:
            needs |= _clear(top, s2)
        if on_one:
            needs |= _clear(top, s1)
        elif s1 != s3:
            lined, cards = toward(1, s1, s3, top)
            if not lined:
                needs |= cards
    if not on_two:
        lined, cards = toward(2, s2, s3, top)
        if not lined or not on_three:
            needs |= cards
    cost = on_three + on_two + on_one + trip(2, s2, s3, trips) + one_trip
    if not on_three and cost > MOVE_THREE_AT:  # or move the 3 first, to an empty square lined up with the others
        best, best_square = cost, -1
        row3 = trips[3]
        base = on_two + on_one
        rank3, file3 = s3 & ~7, s3 & 7
        sites = ((rank3 | (s2 & 7), (s2 & ~7) | file3) if riding else
                 (rank3 | (s2 & 7), (s2 & ~7) | file3, rank3 | (s1 & 7), (s1 & ~7) | file3))
        for site in sites:  # each shares a rank or a file with the 3: one play for it
            if site == s3 or top[site] >= 0:
                continue
            alt = base + row3[abs(s3 - site) >> 3 if (s3 ^ site) & 7 == 0 else abs(s3 - site)]
            if alt >= best:
                continue
            alt += trip(2, s2, site, trips)
            if alt >= best:
                continue
            alt += 1.0 if riding else trip(1, s1, site, trips)
            if alt < best:
                best, best_square = alt, site
        if best_square >= 0:
            cost = best
            needs |= toward(3, s3, best_square, top)[1]
    return cost, needs
