"""The 3-High bot: sampled worlds, every play scored one ply deep, the best few searched deeper.

`choose` (ThreeHighBot) works from the view alone:
1. Rebuild the position; the unseen cards (not in a visible hand, not discarded) are dealt at random into
   the hidden hands and the draw pile, once per world (worlds.py). The random generator is seeded from a
   hash of (view, seat, legal moves, seconds), so the same question always gets the same answer.
2. Score every legal play by the value of the position it leads to (evaluate.py: the cards the team can
   still afford to waste, what the hands can still complete, hand troubles; a win or a loss dominates),
   judging later trips without the card the play spends.
3. Take the best `width` plays (and every completing play) and score each, in every world, by the best
   line of the seats that act next, `depth` plays deep (the same seat again in a solo game, holding the
   card it drew; below the first reply only the few best plays are followed). The best mean wins;
   a completing play is taken unless it is clearly worse (COMPLETE_MARGIN), loses, or leaves its seat
   without cards.

The effort is counted in worlds and plays, never measured on the clock, so a choice is reproducible:
seconds=None uses DEFAULT_EFFORT (about 0.02-0.1 s a decision on one idle core, 0.3 s at most); a
`seconds` above 0.3 scales the worlds in proportion (an estimate, not a deadline) and widens the search.
"""
from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from app.games.three_high.engine import ThreeHigh
from app.games.three_high.state import State, apply_unchecked, legal_codes

from .evaluate import COLOURS, LOST, WON, colour_cost, end_value, live_cards, position_value, trip_costs
from .worlds import base_state, sample

# (worlds, width, depth, reply width) by table with seconds=None: sampled deals of the unseen cards, plays
# searched past the first ply, plies searched after each of them, plays followed below the first reply.
# With teammates whose hands are open, their known hands reward depth; alone or with hidden hands, one
# ply over more worlds (deeper lines over sampled draws cost more and did not pay in the bench).
DEFAULT_EFFORT = {1: (4, 10, 1, 4), "open": (2, 8, 2, 4), "hidden": (4, 10, 1, 4)}
STEP_SECONDS = 0.15  # with seconds=s > 0.3, the worlds grow by a factor of s / STEP_SECONDS / 2
MAX_WORLDS = 64
COMPLETE_MARGIN = 4.0  # a completing play is preferred unless its mean value is this much worse


class Node:
    """A position with its per-colour costs (evaluate.colour_cost), kept up to date play by play."""

    __slots__ = ("st", "costs")

    def __init__(self, st: State, costs: list[float]):
        self.st, self.costs = st, costs

    @classmethod
    def root(cls, st: State, trip: tuple) -> "Node":
        return cls(st, [colour_cost(st, colour, trip) for colour in range(COLOURS)])

    def play_fresh(self, code: int, trip: tuple) -> "Node":
        """Like `play`, with every colour's cost computed afresh (for a new `trip` table)."""
        child = self.st.copy()
        apply_unchecked(child, code)
        return Node.root(child, trip)

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
        return end_value(st) if st.over is not None else position_value(st, sum(self.costs))


def best_reply(node: Node, trip: tuple, depth: int = 1, reply_width: int = 4) -> float:
    """The value after the best play of the seat to act, looking `depth` plays ahead (the node's own
    value if the game is over); below the first ply only the `reply_width` best plays are followed."""
    st = node.st
    if st.over is not None:
        return node.value()
    children = [node.play(code, trip) for code in legal_codes(st, st.to_act)]
    values = [child.value() for child in children]
    if depth <= 1 or not children:
        return max(values, default=LOST - 100)
    order = sorted(range(len(children)), key=values.__getitem__, reverse=True)[:reply_width]
    return max(best_reply(children[i], trip, depth - 1, reply_width) for i in order)


def seed_of(view: Any, seat: int, legal_moves: list, seconds: float | None) -> int:
    blob = json.dumps([view, seat, legal_moves, seconds], sort_keys=True, default=str).encode()
    return int.from_bytes(hashlib.sha256(blob).digest()[:8], "big")


def effort(players: int, hidden_hands: bool, seconds: float | None) -> tuple[int, int, int, int]:
    """(worlds, width, depth, reply width) for a table and a budget; seconds=None (or up to 0.3) gives
    DEFAULT_EFFORT. Counted in iterations, never read from the clock: the same question, the same answer."""
    table = 1 if players == 1 else "hidden" if hidden_hands else "open"
    worlds, width, depth, reply_width = DEFAULT_EFFORT[table]
    if seconds is not None and seconds > 0.3:
        worlds = min(MAX_WORLDS, round(worlds * seconds / STEP_SECONDS / 2))
        width += 4
    return worlds, width, depth, reply_width


class ThreeHighBot:
    """A teammate for 3-High: plays from its view only (see the module docstring)."""

    name = "three-high"

    def choose(self, view: Any, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
        if not legal_moves:
            raise ValueError(f"Seat {seat} has no legal move to choose from.")
        if view.get("game") != self.name:
            raise ValueError(f"The {self.name} bot plays 3-High, not {view.get('game')!r}; "
                             f"ask app.bots.bot_for_game for the right bot.")
        if len(legal_moves) == 1:
            return legal_moves[0]
        base, unseen, hidden = base_state(view)
        base.to_act = seat
        codes = [ThreeHigh.code_of(base, move) for move in legal_moves]
        rng = random.Random(seed_of(view, seat, legal_moves, seconds))
        index = self.choose_code(base, unseen, hidden, view["hand_counts"], view["draw_pile_count"], codes,
                                 rng, *effort(base.players, bool(hidden), seconds))
        return legal_moves[index]

    @staticmethod
    def choose_code(base: State, unseen: list[int], hidden: list[int], counts: list[int], pile: int,
                    codes: list[int], rng: random.Random, worlds: int, width: int, depth: int,
                    reply_width: int) -> int:
        """The index in `codes` of the play to make (see the module docstring)."""
        # the card a play spends is gone for later trips: each play is judged with the trips left after it
        live = live_cards(base)
        trips = {}
        for card in set(base.hands[base.to_act]):
            live[card] = False
            trips[card] = trip_costs(live)
            live[card] = True
        trip_of = [trips[(code >> 6) & 31] for code in codes]
        first = sample(base, unseen, hidden, counts, pile, rng)
        children = [Node(first, []).play_fresh(code, trip) for code, trip in zip(codes, trip_of)]
        shallow = [child.value() for child in children]
        order = sorted(range(len(codes)), key=lambda i: (-shallow[i], i))
        if shallow[order[0]] >= WON:
            return order[0]
        completing = [i for i, child in enumerate(children) if child.st.trees > base.trees]
        picked = order[:width] + [i for i in completing if i not in order[:width]]
        deep = dict.fromkeys(picked, 0.0)
        for world in range(worlds):
            node = Node(first if world == 0 else sample(base, unseen, hidden, counts, pile, rng), [])
            for i in picked:
                deep[i] += best_reply(node.play_fresh(codes[i], trip_of[i]), trip_of[i], depth, reply_width)
        best = max(picked, key=lambda i: (deep[i], shallow[i], -i))
        # A tree in hand: complete one unless that loses or strands the mover without cards.
        mover = base.to_act
        safe = [i for i in completing if deep[i] > deep[best] - COMPLETE_MARGIN * worlds
                and (children[i].st.hands[mover] or base.players == 1)]
        if safe:
            return max(safe, key=lambda i: (deep[i], shallow[i], -i))
        return best
