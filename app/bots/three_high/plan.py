"""How far each colour is from its tree: plays still needed, and the cards that make progress now.

`colour_plan(top, below, pos, colour, trips)` reads the fast State's board (app/games/three_high/position.py)
and returns (cost, needs):

- cost: the plays still needed to stack the colour's 3, 2 and 1. A piece covered by others costs one play
  per piece above it (only setup covers a piece with a foreign one; in play a piece lands only on an empty
  square or on its own colour one size larger). A piece travels to the tree's square in one play when it
  shares a rank or file with it (a little more when only one or two live cards make that distance, one
  more when none does), else in two (`far`: these costs are the trip table's Weights). The tree is built
  where its 3 stands, or where the 3 can get to in one play if that is cheaper.
- needs: a bit mask of the cards (bit = card id) that make progress for the colour now: the trip onto
  the tree, a trip lining a piece up with the tree (to an empty corner square), moving the 3 to a
  cheaper site, or clearing a piece off a covered one.

A card moves a piece of size s exactly d squares along any line when its value is s + d or s - d (hearts,
clubs, spades) or d (diamonds): TRIP[s][d] lists those cards. Squares are 0..63 (rank * 8 + file).
"""
from __future__ import annotations

from typing import NamedTuple

from app.games.three_high.cards import BOARD, DIAMONDS, card_value
from app.games.three_high.position import CARD_COUNT

ALL_CARDS = (1 << CARD_COUNT) - 1
MISSING = 6.0  # a colour missing a piece (hand-built positions only): its tree cannot be built


class Weights(NamedTuple):
    """The evaluation's constants (plan.py's trip costs, evaluate.py's terms). A trip table carries them
    (trips[0]), so the bot and the move scores can each play their rollouts with their own."""

    ready: float  # per colour the cards left in hand can advance now (a matching, card to colour)
    spare: tuple  # spare[n + 1]: the hands can afford n completions beyond those needed
    far: float  # plays for a piece not on a line with its target: one to line up, one to arrive
    rare: float  # extra cost of a one-play trip only one or two live cards can make
    none_left: float  # extra cost of a one-play trip no live card can make (it takes a detour)
    move_three_at: float  # moving the 3 to another site is considered when building in place costs more


# The constants set by hand, before the solo weights below were tuned. Tables of 2-4 play with them (the solo
# weights lose there: the greedy policy won 1,074 of 2,000 deals at 3 seats against 1,242), and so do the move
# scores' rollouts, since their calibration (score.CALIBRATION) maps the won fraction of these rollouts to a
# win chance.
CLASSIC = Weights(ready=0.25, spare=(-300.0, 0.0, 2.0, 3.0, 3.5), far=2.0, rare=0.35, none_left=1.0,
                  move_three_at=2.5)
# Solo: tuned for the greedy policy's win rate on deals 50000-51999 (bench/tune_three_high.py: 626 won with
# CLASSIC, 732 with these), checked on deals 52000-53999 (648 and 737 won) and, in the whole bot, on deals it
# never saw (docs/PERFORMANCE.md, "The 3-High bot").
SOLO = CLASSIC._replace(ready=0.5, none_left=0.8)


def weights_for(players: int) -> Weights:
    """The bot's weights at a table of `players`."""
    return SOLO if players == 1 else CLASSIC


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


# Per pair of squares, PAIR[start << 6 | end]: the index in a trip_table row of the trip from start to end
# (0: the same square, d: d squares along a line, OFF_LINE: not on a line, whose row entry is FAR).
OFF_LINE = BOARD
PAIR = tuple(0 if a == b else abs(a - b) >> 3 if (a ^ b) & 7 == 0 else abs(a - b) if (a ^ b) >> 3 == 0 else OFF_LINE
             for a in range(BOARD * BOARD) for b in range(BOARD * BOARD))
# LINED[size][pair]: the cards of the direct trip when the squares share a line, else None; for the other
# pairs CORNERS[pair] = (start's file on end's rank, end's file on start's rank) and CORNER_CARDS[size][pair]
# the cards reaching each corner (see _corners).
LINED = (None,) + tuple(tuple(TRIP[size][PAIR[pair]] if PAIR[pair] != OFF_LINE else None
                              for pair in range(BOARD ** 4)) for size in (1, 2, 3))
CORNERS = tuple(((b & ~7) | (a & 7), (a & ~7) | (b & 7)) for a in range(BOARD * BOARD) for b in range(BOARD * BOARD))
CORNER_CARDS = (None,) + tuple(tuple((TRIP[size][abs((b >> 3) - (a >> 3))], TRIP[size][abs((b & 7) - (a & 7))])
                                     for a in range(BOARD * BOARD) for b in range(BOARD * BOARD))
                               for size in (1, 2, 3))


def live_mask(discard: list[int]) -> int:
    """The cards still to be played: everything not in the discard pile."""
    live = ALL_CARDS
    for card in discard:
        live &= ~(1 << card)
    return live


def trip_table(live: int, weights: Weights = CLASSIC) -> tuple:
    """trips[size][d]: the cost of a one-play trip of d squares for a piece of `size`, given the live cards;
    trips[size][OFF_LINE] is `far` (two plays), so that trips[size][PAIR[start << 6 | end]] is any trip.
    trips[0] is `weights`."""
    table: list = [weights]
    rare, none_left = 1.0 + weights.rare, 1.0 + weights.none_left
    for size in (1, 2, 3):
        row = [0.0]
        for d in range(1, BOARD):
            count = (TRIP[size][d] & live).bit_count()
            row.append(1.0 if count >= 3 else rare if count else none_left)
        row.append(weights.far)
        table.append(tuple(row))
    return tuple(table)


def _corners(size: int, pair: int, top: list[int]) -> int:
    """The cards taking a piece off the line of its target to an empty corner square lined up with it."""
    (first, second), (to_first, to_second) = CORNERS[pair], CORNER_CARDS[size][pair]
    return (to_first if top[first] < 0 else 0) | (to_second if top[second] < 0 else 0)


def above(top: list[int], below: list[int], pos: list[int], piece: int) -> int:
    """How many pieces sit on `piece`."""
    count, p = 0, top[pos[piece]]
    while p != piece:
        count += 1
        p = below[p]
    return count


def colour_plan(top: list[int], below: list[int], pos: list[int], colour: int, trips: tuple) -> tuple[float, int]:
    """(plays still needed, cards making progress now) for `colour` (see the module docstring).

    The hot loop of the bot: trips (trips[size][PAIR[start << 6 | end]]), lines (LINED, _corners) and the
    cards that move a square's top piece off it (MOVABLE[square][top[square] % 3 + 1]) are read from tables
    inline."""
    one = 3 * colour
    two, three = one + 1, one + 2
    s1, s2, s3 = pos[one], pos[two], pos[three]
    if s1 < 0 or s2 < 0 or s3 < 0:
        return MISSING, 0
    if below[two] == three:  # the 2 is on its 3: only the 1 is missing
        if below[one] == two:
            return 0.0, 0
        on_two = 0 if top[s2] == two else above(top, below, pos, two)
        on_one = 0 if top[s1] == one else above(top, below, pos, one)
        needs = MOVABLE[s3][top[s3] % 3 + 1] if on_two else 0
        if on_one:
            needs |= MOVABLE[s1][top[s1] % 3 + 1]
        else:
            cards = LINED[1][s1 << 6 | s3]
            if cards is None:
                needs |= _corners(1, s1 << 6 | s3, top)
            elif not on_two:
                needs |= cards
        return on_two + on_one + trips[1][PAIR[s1 << 6 | s3]], needs
    on_three = 0 if top[s3] == three else above(top, below, pos, three)
    needs = MOVABLE[s3][top[s3] % 3 + 1] if on_three else 0
    riding = below[one] == two  # the 1 sits on its own 2, away from the 3: it moves off, then comes back
    on_two = 0 if top[s2] == two else above(top, below, pos, two)
    if riding:
        on_one, one_trip = 0, 1.0
        if on_two == 1:  # moving the 1 to a square lined up with the 3 is progress
            if (s2 ^ s3) >> 3 == 0:
                needs |= LINE[s2][1][0]
            elif (s2 ^ s3) & 7 == 0:
                needs |= LINE[s2][1][1]
            else:
                needs |= _corners(1, s2 << 6 | s3, top)
        else:
            needs |= MOVABLE[s2][top[s2] % 3 + 1]
    else:
        on_one = 0 if top[s1] == one else above(top, below, pos, one)
        one_trip = trips[1][PAIR[s1 << 6 | s3]]
        if on_two:
            needs |= MOVABLE[s2][top[s2] % 3 + 1]
        if on_one:
            needs |= MOVABLE[s1][top[s1] % 3 + 1]
        elif s1 != s3 and LINED[1][s1 << 6 | s3] is None:
            needs |= _corners(1, s1 << 6 | s3, top)
    if not on_two:
        cards = LINED[2][s2 << 6 | s3]
        if cards is None:
            needs |= _corners(2, s2 << 6 | s3, top)
        elif not on_three:
            needs |= cards
    cost = on_three + on_two + on_one + trips[2][PAIR[s2 << 6 | s3]] + one_trip
    # or move the 3 first, to an empty square lined up with the others
    if not on_three and cost > trips[0].move_three_at:
        best, best_square = cost, -1
        row1, row2, row3 = trips[1], trips[2], trips[3]
        base = on_two + on_one
        rank3, file3 = s3 & ~7, s3 & 7
        sites = ((rank3 | (s2 & 7), (s2 & ~7) | file3) if riding else
                 (rank3 | (s2 & 7), (s2 & ~7) | file3, rank3 | (s1 & 7), (s1 & ~7) | file3))
        for site in sites:  # each shares a rank or a file with the 3: one play for it
            if site == s3 or top[site] >= 0:
                continue
            alt = base + row3[PAIR[s3 << 6 | site]]
            if alt >= best:
                continue
            alt += row2[PAIR[s2 << 6 | site]]
            if alt >= best:
                continue
            alt += 1.0 if riding else row1[PAIR[s1 << 6 | site]]
            if alt < best:
                best, best_square = alt, site
        if best_square >= 0:
            cost = best
            needs |= LINED[3][s3 << 6 | best_square]
    return cost, needs
