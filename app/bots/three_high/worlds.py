"""From a seat's view to full 3-High positions the bot can play out (determinization).

A view shows the board, the discard pile, the pile's size and the hands the seat may see (others are
None, with their sizes in "hand_counts"). Every card not in a visible hand or the discard is "unseen": it
is in the draw pile or in a hidden hand. `sample` deals the unseen cards at random into the hidden hands
and the pile, so each sampled world agrees with everything the seat knows and nothing else.
"""
from __future__ import annotations

import random

from app.games.three_high.cards import CARD_ID, PIECE_ID, SQUARE_ID
from app.games.three_high.position import CARD_COUNT, State


def base_state(view: dict) -> tuple[State, list[int], list[int]]:
    """The State the view describes, with empty hidden hands and an empty pile, plus the unseen cards
    (sorted) and the seats whose hands are hidden."""
    options = view.get("options") or {}
    players = view["players"]
    st = State(players, bool(options.get("allow_zero_moves")), bool(options.get("hidden_hands")))
    for square, pieces in view["board"].items():
        for piece in pieces:
            st.place(PIECE_ID[piece], SQUARE_ID[square])
    seen = [False] * CARD_COUNT
    hidden = []
    for seat, hand in enumerate(view["hands"]):
        if hand is None:
            hidden.append(seat)
            continue
        st.hands[seat] = [CARD_ID[card] for card in hand]
        for card in st.hands[seat]:
            seen[card] = True
    st.discard = [CARD_ID[card] for card in view.get("discard", ())]
    for card in st.discard:
        seen[card] = True
    st.trees = st.count_trees()
    to_act = view.get("to_act") or []
    st.to_act = to_act[0] if to_act else -1
    unseen = [card for card in range(CARD_COUNT) if not seen[card]]
    return st, unseen, hidden


def position_of(view: dict, seat: int) -> tuple[State, list[int], list[int], list[int], int]:
    """(base_state for `seat` to act, with a pile of the view's size whose cards are unknown (-1), the unseen
    cards, the hidden seats, every seat's card count, the pile's size). A view without the pile's size: every
    unseen card not in a hidden hand is in it."""
    base, unseen, hidden = base_state(view)
    base.to_act = seat
    counts = view.get("hand_counts") or [len(hand) for hand in base.hands]
    pile = view.get("draw_pile_count")
    if pile is None:
        pile = max(0, len(unseen) - sum(counts[s] for s in hidden))
    base.pile = [-1] * pile
    return base, unseen, hidden, counts, pile


def sample(base: State, unseen: list[int], hidden: list[int], counts: list[int], pile: int,
           rng: random.Random) -> State:
    """One world: the unseen cards shuffled into the hidden hands (sizes from `counts`) and a pile of
    `pile` cards. A hand-built position may account for fewer or more cards than the 32; the unseen cards
    are then cut short or repeated, so that the sizes always match the view."""
    st = base.copy()
    cards = unseen[:]
    rng.shuffle(cards)
    wanted = pile + sum(counts[seat] for seat in hidden)
    while len(cards) < wanted:
        cards += cards[:wanted - len(cards)] or [0]
    for seat in hidden:
        size = counts[seat]
        st.hands[seat], cards = cards[:size], cards[size:]
    st.pile = cards[:pile]  # drawn from the end
    return st
