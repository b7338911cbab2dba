"""The value of each play, scored in place: move the piece, read the colours it touched, move it back.

A play's value, higher is better for the team (plan.py gives the per-colour costs):
- WON when it completes the fifth tree, LOST when it must draw from an empty pile;
- else the slack, pile + trees left to build - plays still needed: the plays the team can still afford to
  waste (a completing play draws nothing, any other draws one, so progress keeps the slack and a wasted
  play lowers it by one);
- plus spare[n]: the completions the hands can afford beyond those needed (each completion shrinks its
  seat's hand; a seat holding no card is stuck when its turn comes), less hand troubles at a table of
  several (EMPTY_HAND, THIN_HAND);
- plus `ready` per colour whose next progress play a distinct card of the hands left can make now (a
  matching of cards to colours, fewest options first). Cards for the next plays are what keeps the slack.

`ready` and `spare` are the trip table's Weights (plan.py: trips[0]), like the trip costs.

The board is restored after each play and nothing is copied: values are cached by (piece, destination),
since every card that sends a piece to the same square leaves the same board.
"""
from __future__ import annotations

from itertools import compress

from app.games.three_high.cards import CARD_ID, WIN_TREES
from app.games.three_high.position import State

from .plan import colour_plan

COLOURS = 5
WON, LOST = 1000.0, -1000.0
PRUNED = -1e9  # below every value: a play child_values(best_only=True) did not finish scoring
EMPTY_HAND = 40.0  # a seat holding no card is stuck when its turn comes (tables of several)
THIN_HAND = 0.6  # a seat holding one card: its next play is forced
DEAD = 1 << CARD_ID["8D"]  # the 8 of diamonds moves any piece 8 squares: never playable
KEY = ~(31 << 6 | 3)  # a play code without its card and side: (destination, piece)


def analyse(st: State, trips: tuple) -> tuple[list[float], list[int]]:
    """(cost, needs) of every colour (plan.colour_plan)."""
    costs, needs = [0.0] * COLOURS, [0] * COLOURS
    top, below, pos = st.top, st.below, st.pos
    for colour in range(COLOURS):
        costs[colour], needs[colour] = colour_plan(top, below, pos, colour, trips)
    return costs, needs


def hand_mask(hand: list[int]) -> int:
    mask = 0
    for card in hand:
        mask |= 1 << card
    return mask


def usable(hand: list[int]) -> int:
    """The cards of a hand that can ever be played."""
    return len(hand) - (DEAD & hand_mask(hand) != 0)


def matching(masks: list[int], cards: int) -> int:
    """How many of the colours (their `masks` of progress cards) distinct `cards` can serve."""
    avail = list(filter(None, map(cards.__and__, masks)))  # the colours some card serves, in colour order
    if len(avail) <= 1:
        return len(avail)
    avail.sort(key=int.bit_count)
    used = count = 0
    for mask in avail:
        free = mask & ~used
        if free:
            used |= free & -free
            count += 1
    return count


def team_terms(st: State, mover: int) -> tuple[int, float, int]:
    """(spare cards of the other seats, their hand troubles, the cards they hold as a mask)."""
    spare, trouble, cards = 0, 0.0, 0
    for seat, hand in enumerate(st.hands):
        if seat == mover:
            continue
        size = usable(hand)
        spare += size - 1
        if size <= 1:
            trouble += EMPTY_HAND if size == 0 else THIN_HAND
        cards |= hand_mask(hand)
    return spare, trouble, cards


def _terms(change: int, size: int, trees: int, pile: int, others_spare: int, several: bool, spares: tuple) -> tuple:
    """The parts of a play's value that depend on the trees it completes (+1) or breaks (-1) only:
    (WON or LOST as a finished entry, else None; the count of plays, the spare term, the hand term)."""
    left = WIN_TREES - trees - change
    if left <= 0:
        return (WON, None), 0, 0.0, 0.0
    if change <= 0 and pile == 0:
        return (LOST, None), 0, 0.0, 0.0
    after = size - (change > 0)  # the mover's cards after the turn (a completion draws none)
    spare = 1 - left + after - 1 + others_spare
    hand = (EMPTY_HAND if after == 0 else THIN_HAND) if several and after <= 1 else 0.0
    return None, pile - (change <= 0) + left, spares[min(max(spare, -1), len(spares) - 2) + 1], hand


def child_values(st: State, codes: list[int], trips: tuple, analysis: tuple | None = None,
                 best_only: bool = False) -> list[float]:
    """The value of each play in `codes` for the seat to act (see the module docstring). `st.pile` is read
    for its length only.

    Each (piece, destination) is scored once (the board moved and restored in place, the colour costs
    patched and restored).
    With `best_only`, a play that cannot reach the best value found before it (even with every colour
    matched) gets PRUNED instead of its value: the first best play is the same."""
    costs, needs = analysis or analyse(st, trips)
    costs, needs = list(costs), list(needs)  # patched in place below, always restored
    needed = costs[0] + costs[1] + costs[2] + costs[3] + costs[4]
    mover = st.to_act
    hand = hand_mask(st.hands[mover])
    size = usable(st.hands[mover])
    several = st.players > 1
    others_spare, others_trouble, others_cards = team_terms(st, mover) if several else (0, 0.0, 0)
    pile, trees = len(st.pile), st.trees
    top, below, pos = st.top, st.below, st.pos
    weights = trips[0]
    ready = weights.ready
    by_change = [_terms(change, size, trees, pile, others_spare, several, weights.spare) for change in (-1, 0, 1)]
    cache: dict[int, tuple] = {}
    uncovered: dict[int, tuple] = {}  # piece -> the plan of the colour it leaves uncovered
    out = []
    append = out.append
    best = PRUNED
    for code in codes:
        entry = cache.get(code & KEY)
        if entry is None:
            piece, dest = (code >> 2) & 15, code >> 11
            square, colour = pos[piece], piece // 3
            change = 0
            if dest == square:  # a zero play: the board stays as it is
                total, masks = needed, [needs[c] for c in range(COLOURS) if costs[c]]
            else:
                under, onto = below[piece], top[dest]
                top[square], below[piece], top[dest], pos[piece] = under, onto, piece, dest
                if piece % 3 == 0:  # only a 1 completes or leaves a tree
                    if under == piece + 1 and below[under] == piece + 2:
                        change -= 1
                    if onto == piece + 1 and below[onto] == piece + 2:
                        change += 1
                kept_cost, kept_needs = costs[colour], needs[colour]
                costs[colour], needs[colour] = colour_plan(top, below, pos, colour, trips)
                other = under // 3 if under >= 0 and under // 3 != colour else -1
                if other >= 0:
                    plan = uncovered.get(piece)
                    if plan is None:
                        plan = uncovered[piece] = colour_plan(top, below, pos, other, trips)
                    other_cost, other_needs = costs[other], needs[other]
                    costs[other], needs[other] = plan
                top[square], below[piece], top[dest], pos[piece] = piece, under, onto, square
                total = sum(costs)
                masks = list(compress(needs, costs))  # the progress cards of the colours not yet built
                costs[colour], needs[colour] = kept_cost, kept_needs
                if other >= 0:
                    costs[other], needs[other] = other_cost, other_needs
            fixed, base, spare_term, hand_term = by_change[change + 1]
            if fixed is not None:
                entry = fixed
            else:
                entry = ((((base - total) + spare_term) - others_trouble) - hand_term, masks)
            cache[code & KEY] = entry
        value, masks = entry
        if masks:
            if best_only and value + ready * len(masks) < best:
                append(PRUNED)
                continue
            value += ready * matching(masks, (hand & ~(1 << ((code >> 6) & 31))) | others_cards)
        if value > best:
            best = value
        append(value)
    return out
