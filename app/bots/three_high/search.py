"""The 3-High bot: sampled worlds, every play scored one ply deep, the best few searched two plies deep.

`choose` (ThreeHighBot) works from the view alone:
1. Rebuild the position; the unseen cards (not in a visible hand, not discarded) are dealt at random into
   the hidden hands and the draw pile, `worlds` times (worlds.py). The random generator is seeded from a
   hash of (view, seat, legal moves, seconds), so the same question always gets the same answer.
2. Score every legal play by `evaluate` of the position it leads to (evaluate.py: the cards the team can
   still afford to waste, less hand troubles; a win or a loss dominates).
3. Take the best `width` plays (and every play ending the game) and score each, in every world, by the
   best reply of the seat that acts next (the same seat again in a solo game, holding the card it drew);
   the play with the best mean wins, ties going to the better one-ply score, then to the earlier move.

The effort is counted in worlds, never measured on the clock, so a choice is reproducible: the default
(seconds=None) uses DEFAULT_WORLDS worlds and DEFAULT_WIDTH plays, about 0.1 s on one core; `seconds`
scales the worlds (WORLDS_PER_SECOND) and widens the search, so a larger budget looks deeper into the
chance of the draw. Only positions from the view's own seat to act are searched.
"""
from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from app.games.three_high.engine import ThreeHigh
from app.games.three_high.state import State, apply_unchecked, legal_codes

from .evaluate import COLOURS, LOST, WON, colour_cost, live_cards, position_value, trip_costs
from .worlds import base_state, sample

DEFAULT_WORLDS = 4  # sampled deals of the unseen cards, seconds=None
DEFAULT_WIDTH = 10  # plays searched two plies deep
WORLDS_PER_SECOND = 16  # with seconds=s: max(DEFAULT_WORLDS, round(s * WORLDS_PER_SECOND)) worlds
MAX_WORLDS = 256
WIDE = 24
COMPLETE_MARGIN = 4.0  # a completing play is preferred unless its mean value is this much worse  # plays searched two plies deep when seconds >= 1


class Node:
    """A position with its per-colour costs (evaluate.colour_cost), kept up to date play by play."""

    __slots__ = ("st", "costs")

    def __init__(self, st: State, costs: list[float]):
        self.st, self.costs = st, costs

    @classmethod
    def root(cls, st: State, trip: tuple) -> "Node":
        return cls(st, [colour_cost(st, colour, trip) for colour in range(COLOURS)])

    def play(self, code: int, trip: tuple) -> "Node":
        """The position after `code` by the seat to act (drawing from the world's pile)."""
        st = self.st
        piece = (code >> 2) & 15
        under = st.below[piece]
        child = st.copy()
        apply_unchecked(child, code)
        if child.over is not None:
            return Node(child, self.costs)
        costs = self.costs[:]
        colour = piece // 3
        costs[colour] = colour_cost(child, colour, trip)
        if under >= 0 and under // 3 != colour:
            costs[under // 3] = colour_cost(child, under // 3, trip)
        return Node(child, costs)

    def value(self) -> float:
        st = self.st
        if st.over is not None:
            return WON if st.over[0] == "won" else LOST + 10 * st.trees
        return position_value(st, sum(self.costs))


def best_reply(node: Node, trip: tuple) -> float:
    """The value after the best play of the seat to act (the node's own value if the game is over)."""
    st = node.st
    if st.over is not None:
        return node.value()
    best = LOST - 100
    for code in legal_codes(st, st.to_act):
        value = node.play(code, trip).value()
        if value > best:
            best = value
            if value >= WON:
                break
    return best


def seed_of(view: Any, seat: int, legal_moves: list, seconds: float | None) -> int:
    blob = json.dumps([view, seat, legal_moves, seconds], sort_keys=True, default=str).encode()
    return int.from_bytes(hashlib.sha256(blob).digest()[:8], "big")


def budget(seconds: float | None) -> tuple[int, int]:
    """(worlds, width) for a budget; seconds=None: the reproducible default."""
    if seconds is None or seconds <= 0.3:
        return DEFAULT_WORLDS, DEFAULT_WIDTH
    worlds = min(MAX_WORLDS, max(DEFAULT_WORLDS, round(seconds * WORLDS_PER_SECOND)))
    return worlds, WIDE if seconds >= 1 else DEFAULT_WIDTH


class ThreeHighBot:
    """A teammate for 3-High: plays from its view only (see the module docstring)."""

    name = "three-high"

    def choose(self, view: Any, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
        if not legal_moves:
            raise ValueError(f"Seat {seat} has no legal move to choose from.")
        if len(legal_moves) == 1:
            return legal_moves[0]
        base, unseen, hidden = base_state(view)
        base.to_act = seat
        codes = [ThreeHigh.code_of(base, move) for move in legal_moves]
        index = self.choose_code(base, unseen, hidden, view["hand_counts"], view["draw_pile_count"], codes,
                                 random.Random(seed_of(view, seat, legal_moves, seconds)), *budget(seconds))
        return legal_moves[index]

    @staticmethod
    def choose_code(base: State, unseen: list[int], hidden: list[int], counts: list[int], pile: int,
                    codes: list[int], rng: random.Random, worlds: int, width: int) -> int:
        """The index in `codes` of the play to make (see the module docstring)."""
        trip = trip_costs(live_cards(base))
        first = Node.root(sample(base, unseen, hidden, counts, pile, rng), trip)
        children = [first.play(code, trip) for code in codes]
        shallow = [child.value() for child in children]
        order = sorted(range(len(codes)), key=lambda i: (-shallow[i], i))
        if shallow[order[0]] >= WON:
            return order[0]
        completing = [i for i, child in enumerate(children) if child.st.trees > base.trees]
        picked = order[:width] + [i for i in completing if i not in order[:width]]
        deep = dict.fromkeys(picked, 0.0)
        for world in range(worlds):
            node = first if world == 0 else Node.root(sample(base, unseen, hidden, counts, pile, rng), trip)
            for i in picked:
                deep[i] += best_reply(node.play(codes[i], trip), trip)
        best = max(picked, key=lambda i: (deep[i], shallow[i], -i))
        # A tree in hand: complete one unless that loses or strands the mover without cards.
        mover = base.to_act
        safe = [i for i in completing if deep[i] > deep[best] - COMPLETE_MARGIN * worlds
                and (children[i].st.hands[mover] or base.players == 1)]
        if safe:
            return max(safe, key=lambda i: (deep[i], shallow[i], -i))
        return best
