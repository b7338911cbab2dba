"""How far a 3-High position is from five trees, in plays, and what that leaves of the draw pile.

The estimate per colour (``colour_cost``) counts the plays still needed to stack its 3, 2 and 1: a piece
covered by others costs one play per piece above it (only setup covers a piece with a foreign one; in play
a piece lands only on an empty square or its own colour one size larger), and a piece travels to the tree's
square in one play when it shares a rank or file with it at a distance some live card covers, else two.
The tree is built where its 3 stands, or where the 3 can get to in one play if that is cheaper.

Every play either makes progress (the estimate drops by one) or wastes a card. A completing play draws
nothing, any other play draws one, so the slack, draw pile - (plays needed - colours left), is the number
of cards the team can still afford to waste; progress plays keep it, wasted ones lower it.
`position_value` adds what the hands can still complete (each completion shrinks its seat's hand, and a
seat with no cards is stuck when its turn comes).
"""
from __future__ import annotations

from app.games.three_high.cards import BOARD, CARD_ID, WIN_TREES, card_value
from app.games.three_high.state import NO_PIECE, State
from app.games.three_high.tables import CARD_COUNT

COLOURS = 5
WON, LOST = 1000.0, -1000.0
FAR = 2.0  # plays for a piece not on a line with its target: one to line up, one to arrive
RARE = 0.35  # extra cost of a one-play trip only one or two live cards can make
NONE_LEFT = 1.0  # extra cost of a one-play trip no live card can make (it takes a detour)
MISSING = 6.0  # plays charged for a colour missing a piece (hand-built positions only)
EMPTY_HAND = 40.0  # a seat holding no card is stuck when its turn comes
THIN_HAND = 0.6  # a seat holding one card (several players): its next play is forced
DEAD = CARD_ID["8D"]  # the 8 of diamonds moves any piece 8 squares: never playable
# SPARE[n]: value of hands that can afford n completions beyond those needed (n = -1: stuck ahead)
SPARE = (-300.0, 0.0, 2.0, 3.0, 3.5)


def _cards_for(size: int, squares: int) -> tuple[int, ...]:
    """The cards that move a piece of `size` exactly `squares` (1..7) along a line, one way or the other."""
    found = []
    for card in range(CARD_COUNT):
        value = card_value(card)
        if card // 8 == 1:  # diamonds: the card's value, whatever the size
            if value == squares:
                found.append(card)
        elif abs(value - size) == squares:
            found.append(card)
    return tuple(found)


# CARDS_FOR[size][squares]: the cards making a trip of `squares` for a piece of `size`
CARDS_FOR = tuple(tuple(_cards_for(size, squares) for squares in range(BOARD)) if size else ()
                  for size in range(4))


def trip_costs(live: list[bool]) -> tuple:
    """TRIP[size][squares]: the cost of a one-play trip along a line, given which cards are still live
    (in a hand or unseen, not discarded)."""
    table = [()]
    for size in (1, 2, 3):
        row = [0.0]
        for squares in range(1, BOARD):
            count = sum(1 for card in CARDS_FOR[size][squares] if live[card])
            row.append(1.0 if count >= 3 else 1.0 + RARE if count else 1.0 + NONE_LEFT)
        table.append(tuple(row))
    return tuple(table)


def _above(st: State, piece: int) -> int:
    """How many pieces sit on `piece`."""
    count, below, p = 0, st.below, st.top[st.pos[piece]]
    while p != piece:
        count += 1
        p = below[p]
    return count


def _trip(trip: tuple, size: int, start: int, end: int) -> float:
    if start == end:
        return 0.0
    if start % BOARD == end % BOARD:
        return trip[size][abs(start - end) // BOARD]
    if start // BOARD == end // BOARD:
        return trip[size][abs(start - end)]
    return FAR


def colour_cost(st: State, colour: int, trip: tuple) -> float:
    """Plays still needed to complete `colour`'s tree (0: complete)."""
    one, two, three = colour * 3, colour * 3 + 1, colour * 3 + 2
    below, pos = st.below, st.pos
    if pos[one] < 0 or pos[two] < 0 or pos[three] < 0:
        return MISSING  # a hand-built position without that piece: this tree cannot be built
    if below[two] == three:
        if below[one] == two:
            return 0.0
        site = pos[three]
        return _above(st, two) + _above(st, one) + _trip(trip, 1, pos[one], site)
    clear_two = _above(st, two)
    clear_one = _above(st, one)
    one_sq = pos[one]
    if below[one] == two:  # the 1 parked on its own 2: it moves off first, then comes back
        clear_one, one_sq = 0, -1
    moving = clear_two + clear_one
    site = pos[three]
    best = _above(st, three) + _trip(trip, 2, pos[two], site) + (
        _trip(trip, 1, one_sq, site) if one_sq >= 0 else 1.0)
    # or move the 3 first (when it is free) to an empty square lined up with the others
    if best > 2.0 and st.top[site] == three:
        two_sq = pos[two]
        for square in (site - site % BOARD + two_sq % BOARD, two_sq - two_sq % BOARD + site % BOARD,
                       site - site % BOARD + one_sq % BOARD if one_sq >= 0 else -1,
                       one_sq - one_sq % BOARD + site % BOARD if one_sq >= 0 else -1,
                       two_sq - two_sq % BOARD + one_sq % BOARD if one_sq >= 0 else -1,
                       one_sq - one_sq % BOARD + two_sq % BOARD if one_sq >= 0 else -1):
            if square < 0 or square == site or st.top[square] != NO_PIECE:
                continue
            cost = _trip(trip, 3, site, square) + _trip(trip, 2, two_sq, square) + (
                _trip(trip, 1, one_sq, square) if one_sq >= 0 else 1.0)
            if cost < best:
                best = cost
    return moving + best


def live_cards(st: State) -> list[bool]:
    """Which cards may still be played: everything not in the discard pile."""
    live = [True] * CARD_COUNT
    for card in st.discard:
        live[card] = False
    return live


def plays_needed(st: State, trip: tuple) -> float:
    return sum(colour_cost(st, colour, trip) for colour in range(COLOURS))


def position_value(st: State, needed: float) -> float:
    """The value of an unfinished position whose colours need `needed` plays in all (see `evaluate`)."""
    left = WIN_TREES - st.trees
    score = len(st.pile) - (needed - left)
    # Completing draws no card: each seat's hand shrinks by its completions and a seat with no card is
    # stuck. `spare`: completions the hands can still afford beyond the `left` ones needed (dead cards,
    # which no piece can use, do not count).
    spare = 1 - left
    for hand in st.hands:
        size = len(hand) - (DEAD in hand)
        spare += size - 1
        if st.players > 1 and size <= 1:
            score -= EMPTY_HAND if size == 0 else THIN_HAND
    score += SPARE[min(max(spare, -1), len(SPARE) - 2) + 1]
    return score


def end_value(st: State) -> float:
    """The value of a finished game: WON, or LOST plus a little per tree."""
    return WON if st.over[0] == "won" else LOST + 10 * st.trees


def evaluate(st: State, trip: tuple) -> float:
    """Higher is better for the team: `end_value` at the end, else the slack (cards the team can afford
    to waste) plus the value of the completions the hands can afford, less hand troubles."""
    return end_value(st) if st.over is not None else position_value(st, plays_needed(st, trip))
