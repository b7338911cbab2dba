"""The 3-High bot: an expectimax over the cards still to come, from the seat's view alone.

`ThreeHighBot.choose(view, seat, legal_moves, seconds)`:
1. Rebuild the position the view shows (worlds.base_state): the board, the discard, the hands the seat may
   see. Every other card is "unseen": in the draw pile or in a hidden hand.
2. Score every legal play in place (evaluate.child_values: the plays the team can still afford to waste,
   the completions the hands can afford, the cards in hand that make progress now).
3. Search the best plays, best first, one decision deeper: after the play, the mover draws one of the unseen
   cards (each equally likely; every one of them when the same seat plays next, alone at the table, else a
   sample), then the seat to act makes its best play, scored as in 2. A play's value is the mean over the
   draws, so the search never reads a card it could not know. With hidden hands the hidden cards are dealt
   at random into a few worlds (worlds.py) and the values averaged over the worlds.
4. (Off: DEEP_WIDTH = 0.) The best few searched one decision deeper still (a sample of draws at each
   chance node).
5. The expectimax spends at most PRIOR_SHARE of the budget and orders the plays; the best CANDIDATES are
   then played to the end of the game in sampled worlds by honest greedy rollouts, narrowed by successive
   halving (rollout.py), and the best mean rollout score decides. The rollouts run in C (_playout.c, the
   same plays as the Python), priced at 1/ROLLOUT_SPEEDUP of a scored play: at the default 1 s a decision
   plays out tens of thousands of worlds. Solo at 0.5 s, on deals never played before (70000-70199,
   80000-80199 and 90000-90199): 492 of 600 won (82.0%, 95% interval 78.7-84.9%), 0.24 s of CPU a decision on
   average on 2026-12-07's machine; with 8 candidates, 1 s, deals 10000-10199: 164 of 200. (The history of
   the figures is in docs/PERFORMANCE.md.) A solo table's evaluation uses weights tuned by self-play (plan.SOLO,
   bench/tune_three_high.py); tables of 2-4 the hand-set ones.

The effort is counted in scored plays (UNITS_PER_SECOND per second of budget), never read from the clock,
and the random generator is seeded from the question, so the same question gets the same answer. The clock
only stops a search on a machine far slower than planned (HARD_CAP times the budget, plus HARD_GRACE),
keeping the best play found so far.
"""
from __future__ import annotations

import hashlib
import json
import random
import time
from typing import Any

from app.games.three_high.engine import ThreeHigh
from app.games.three_high.position import State, legal_codes

from .evaluate import LOST, WON, child_values
from .plan import live_mask, trip_table, weights_for
from .rollout import Worlds, best_of, halving
from .worlds import position_of, sample

DEFAULT_SECONDS = 1.0  # budget of a decision when the caller gives none
UNITS_PER_SECOND = 300_000  # plays scored per second of budget. The search scores 450k-510k plays a CPU second
# in Python (2026-12-03), and the C rollouts 40 times as many (rollout.ROLLOUT_SPEEDUP): at the default 1 s a
# solo decision took 0.42 s of CPU on average (200 deals, 5,243 decisions), 0.7 s in the opening's long
# rollouts, 1.05 s at most. (It was 120k while the scoring did 250k-270k per CPU second, before it was made
# 1.7x faster.)
HARD_CAP = 1.5  # the clock stops a search past this many times its budget, plus HARD_GRACE seconds
HARD_GRACE = 1.0  # (the bot runner gives up at twice the budget plus 1 s)
WIDTH = 24  # plays searched past the first ply, at most
DEEP_WIDTH = 0  # plays searched two decisions deep, at most (0: off; see README "3-High bot")
DEEP_DRAWS = (8, 5)  # draws sampled at the first and the second chance node of the deep search
DEEP_REPLIES = 4  # replies followed below the first draw of the deep search
TABLE_DRAWS = 4  # draws sampled for the mover's next card when another seat plays next
HIDDEN_WORLDS = 4  # deals of the hidden hands with hidden_hands
PRIOR_SHARE = 0.3  # of the budget for the expectimax, which orders the candidates; the rest for rollouts
# plays the rollouts compare (rollout.py), best first by the expectimax. Solo at 0.5 s on deals 70000-70199, never
# used before: 14 won 167 of 200 where 8 won 150 (paired, +8.5 points, 95% interval +1.3 to +15.7) and 24 won 164;
# at 0.1 s on 60000-60399, 309 of 400 against 300. (Earlier: 8 won 79 of 100 where 4 won 75.)
CANDIDATES = 14


class OutOfTime(Exception):
    """The hard cap on the clock has passed."""


class Budget:
    """Scored plays left to spend; the clock is looked at only against the hard cap."""

    def __init__(self, seconds: float):
        self.units = max(1.0, seconds * UNITS_PER_SECOND)
        self.used = 0.0
        self.deadline = time.perf_counter() + HARD_CAP * seconds + HARD_GRACE

    def spend(self, units: float) -> None:
        self.used += units
        if time.perf_counter() > self.deadline:
            raise OutOfTime

    @property
    def left(self) -> bool:
        return self.used < self.units


def play(st: State, code: int) -> bool:
    """Make the play in place without drawing (the caller deals the draw); True if it completed a tree."""
    seat = st.to_act
    card, piece, dest = (code >> 6) & 31, (code >> 2) & 15, code >> 11
    st.hands[seat].remove(card)
    st.discard.append(card)
    square = st.pos[piece]
    completed = False
    if dest != square:
        top, below = st.top, st.below
        under, onto = below[piece], top[dest]
        top[square] = under
        if under < 0:
            st.occ ^= 1 << square
        st.occ |= 1 << dest
        below[piece], top[dest], st.pos[piece] = onto, piece, dest
        if piece % 3 == 0:
            if under == piece + 1 and below[under] == piece + 2:
                st.trees -= 1
            if onto == piece + 1 and below[onto] == piece + 2:
                st.trees += 1
                completed = True
    if not completed:
        st.pile.pop()
    st.to_act = (seat + 1) % st.players
    return completed


class Search:
    def __init__(self, trips: tuple, rng: random.Random, budget: Budget):
        self.trips, self.rng, self.budget = trips, rng, budget

    def score(self, st: State, codes: list[int], best_only: bool = False) -> list[float]:
        self.budget.spend(len(codes))
        return child_values(st, codes, self.trips, best_only=best_only)

    def draws(self, st: State, mover: int, unseen: list[int], count: int | None) -> list[int]:
        """The cards the mover may draw: all of them alone at the table, else a sample of `count`."""
        if count is None and st.players == 1:
            return unseen
        count = count or TABLE_DRAWS
        return unseen if len(unseen) <= count else self.rng.sample(unseen, count)

    def after(self, st: State, code: int, unseen: list[int], depth: int, draws: int | None = None) -> float:
        """The value of `code` searched `depth` decisions past it: the mean over the mover's draws of the
        best play of the seat that acts next."""
        child = st.copy()
        mover = st.to_act
        if play(child, code) or not unseen:
            return self.best(child, unseen, depth)
        hand = child.hands[mover]
        cards = self.draws(st, mover, unseen, draws)
        total = 0.0
        for card in cards:
            hand.append(card)
            total += self.best(child, [c for c in unseen if c != card], depth)
            hand.pop()
        return total / len(cards)

    def best(self, st: State, unseen: list[int], depth: int) -> float:
        """The value of the best play of the seat to act, searched `depth` - 1 decisions past it."""
        codes = legal_codes(st, st.to_act)
        if not codes:
            return LOST  # stuck
        if depth <= 1:
            return max(self.score(st, codes, best_only=True))
        values = self.score(st, codes)
        top = sorted(range(len(codes)), key=values.__getitem__, reverse=True)[:DEEP_REPLIES]
        if values[top[0]] >= WON:
            return WON
        return max(self.after(st, codes[i], unseen, depth - 1, DEEP_DRAWS[1]) if values[i] > LOST else LOST
                   for i in top)


def seed_of(view: Any, seat: int, legal_moves: list, seconds: float | None, salt: Any = None) -> int:
    """The search's seed: a hash of the question (and of `salt`, when given: other plays of one position)."""
    question = [view, seat, legal_moves, seconds] + ([] if salt is None else [salt])
    blob = json.dumps(question, sort_keys=True, default=str).encode()
    return int.from_bytes(hashlib.sha256(blob).digest()[:8], "big")


def decide(base: State, unseen: list[int], hidden: list[int], counts: list[int], pile: int, codes: list[int],
           rng: random.Random, seconds: float) -> int:
    """The index in `codes` of the play to make (see the module docstring)."""
    base.pile = [-1] * pile  # only its length is read
    trips = trip_table(live_mask(base.discard), weights_for(base.players))
    budget = Budget(seconds)
    search = Search(trips, rng, budget)
    first = search.score(base, codes)
    order = sorted(range(len(codes)), key=lambda i: (-first[i], i))
    if first[order[0]] >= WON or len(codes) == 1 or seconds <= 0:  # seconds=0: the first look only
        return order[0]
    worlds = [(base, unseen)]
    if hidden:
        worlds = []
        for _ in range(HIDDEN_WORLDS):
            world = sample(base, unseen, hidden, counts, pile, rng)
            worlds.append((world, world.pile[:]))
            world.pile = [-1] * pile
    searched: dict[int, float] = {}
    deep: dict[int, float] = {}
    try:
        for i in order[:WIDTH]:
            if first[i] <= LOST or (len(searched) >= 2 and budget.used >= PRIOR_SHARE * budget.units):
                break
            searched[i] = sum(search.after(st, codes[i], cards, 1) for st, cards in worlds) / len(worlds)
        for i in sorted(searched, key=lambda i: (-searched[i], i))[:DEEP_WIDTH]:
            if len(searched) < 2 or not budget.left:
                break
            deep[i] = sum(search.after(st, codes[i], cards, 2, DEEP_DRAWS[0]) for st, cards in worlds) / len(worlds)
    except OutOfTime:
        pass
    if len(searched) < 2:
        return order[0]
    scores = deep if len(deep) >= 2 else searched
    ranked = sorted(scores, key=lambda i: (-scores[i], -searched[i], -first[i], i))
    candidates = [i for i in ranked if scores[i] > LOST][:CANDIDATES]
    if len(candidates) < 2 or CANDIDATES < 2:
        return ranked[0]
    results: dict[int, list[float]] = {}
    survivors: list[int] = []
    try:
        halving(Worlds(base, unseen, hidden, counts, pile, rng), codes, candidates,
                budget.units - budget.used, budget.spend, lambda: budget.used, results, survivors)
    except OutOfTime:
        pass
    return best_of(results, survivors, candidates)


class ThreeHighBot:
    """A teammate for 3-High: plays from its view only (see the module docstring)."""

    name = "three-high"

    def choose(self, view: Any, seat: int, legal_moves: list, seconds: float | None = None,
               salt: Any = None) -> dict:
        """The play to make. The same question gets the same answer; a `salt` (None: none) seeds the search
        with the question and the salt, so plays of one deal under different salts differ as a team's would
        (the deals' yardstick, app/tables/analysis/jobs.py), still deterministic."""
        if not legal_moves:
            raise ValueError(f"Seat {seat} has no legal move to choose from.")
        if view.get("game") != self.name:
            raise ValueError(f"The {self.name} bot plays 3-High, not {view.get('game')!r}; "
                             f"ask app.bots.bot_for_game for the right bot.")
        if len(legal_moves) == 1:
            return legal_moves[0]
        base, unseen, hidden, counts, pile = position_of(view, seat)
        codes = [ThreeHigh.code_of(base, move) for move in legal_moves]
        rng = random.Random(seed_of(view, seat, legal_moves, seconds, salt))
        index = decide(base, unseen, hidden, counts, pile, codes, rng,
                       DEFAULT_SECONDS if seconds is None else seconds)
        return legal_moves[index]
