"""Honest rollouts: each candidate play is played to the end of the game in sampled worlds, and the
candidates are narrowed by successive halving.

A world deals the cards the seat has not seen (worlds.py) into the pile and any hidden hands. In it the
candidate is made, then every seat plays the greedy play of evaluate.child_values until the game ends.
The greedy policy reads the pile's length only, never its order, so a rollout does not peek at the draw:
it plays as the team would, without knowing the next card. A rollout scores 1 if the team wins, else a
little per tree standing (TREE_CREDIT), so that near-wins rank above early losses.

Successive halving: the candidates (best first, by the expectimax of search.py) share the budget in
rounds; each round every candidate left plays the same worlds (common random numbers: the comparison is
paired), and the better half goes on. Worlds are drawn from the seeded generator, so a decision is
reproducible. The effort is counted in scored plays, like the rest of the search, and the rest of a
rollout's work in the same unit (WORLD_UNITS, FORCED_UNITS), so that short rollouts near the end of the
game, which score few plays, cannot run for ever within the budget.

The playouts run in C where the install compiled _playout.c (pyproject.toml): the same plays, ends and
counted effort as `playout_py` (tests/bots/test_three_high_playout.py), the worlds dealt there too, and the
search pays 1/ROLLOUT_SPEEDUP of a unit for each of their plays, so a second buys about 40 times as many
rollouts. Without it every rollout is played here at the full price.
"""
from __future__ import annotations

import math
import random
from typing import Callable

from app.games.three_high.cards import WIN_TREES
from app.games.three_high.position import State, apply_unchecked, legal_codes, move_tables

from .evaluate import DEAD, child_values
from .plan import TRIP, Weights, live_mask, trip_table, weights_for

TREE_CREDIT = 0.1  # a lost rollout's score, per tree standing at its end, over WIN_TREES
WORLD_UNITS = 4  # a world dealt and copied and the candidate made costs about as much as scoring 4 plays
FORCED_UNITS = 2  # a forced play (the only legal one) is listed and made, not scored: about 2 scored plays


def playout(st: State, spend: Callable[[int], None], trips_at: dict, weights: Weights | None = None) -> float:
    """Play `st` to its end greedily (the evaluation with `weights`, by default the bot's at this table); 1 for
    a win, else the credit of the trees left standing. `st.over`, `st.trees` and `st.to_act` end as the game
    did; the rest of `st` is left in any state (the C playout does not write the board back). `trips_at`
    caches the trip tables by live cards (one set of weights each) for the Python playout.

    The C playout (_playout.c) plays the same plays as `playout_py` and counts the same effort, about 40
    times faster; a position it cannot hold, or an install without the compiled module, plays in Python."""
    weights = weights or weights_for(st.players)
    if _fast is not None and st.over is None:
        result = _fast_playout(st, weights)
        if result is not None:
            over, trees, units = result
            spend(units)
            st.trees, st.to_act, st.over = trees, -1, ENDS[over]
            return 1.0 if over == WON_END else TREE_CREDIT * trees / WIN_TREES
    return playout_py(st, spend, trips_at, weights)


def playout_py(st: State, spend: Callable[[int], None], trips_at: dict, weights: Weights) -> float:
    """The greedy playout in Python, in place: the reference the C playout is checked against."""
    live = live_mask(st.discard)  # kept up to date as the cards are played
    while st.over is None:
        codes = legal_codes(st, st.to_act)
        if len(codes) == 1:
            spend(FORCED_UNITS)
            code = codes[0]
        else:
            spend(len(codes))
            trips = trips_at.get(live)
            if trips is None:
                trips = trips_at[live] = trip_table(live, weights)
            values = child_values(st, codes, trips, best_only=True)
            code = codes[values.index(max(values))]  # the first best
        live &= ~(1 << ((code >> 6) & 31))
        apply_unchecked(st, code)
    return 1.0 if st.over[0] == "won" else TREE_CREDIT * st.trees / WIN_TREES


# --- the C playout ---------------------------------------------------------------------------------------
WON_END = 1
ENDS = {1: ("won", "trees"), 2: ("lost", "out_of_cards"), 3: ("lost", "stuck")}  # _playout.c's codes
try:
    from . import _playout as _fast
except ImportError:  # built by `pip install` (pyproject.toml's ext-modules); without a compiler, Python plays
    _fast = None
else:
    _fast.set_plan([mask for row in TRIP for mask in row], DEAD.bit_length() - 1, WIN_TREES)


def fast_args(st: State, weights: Weights) -> tuple:
    """The C functions' arguments for `st` (the move tables handed over on first use)."""
    if not _fast.has_moves(st.allow_zero):
        tables = move_tables(st.allow_zero)
        _fast.set_moves(st.allow_zero, tables.codes, tables.dests)
    return (st.top, st.below, st.pos, st.occ, st.hands, st.pile, live_mask(st.discard), st.trees, st.to_act,
            st.players, st.allow_zero, weights)


# The price of the C rollouts (Worlds.rollouts) in the search's unit, a play scored in Python: the C deals
# the world and plays it out about 40 times as fast (19M plays a CPU second in the opening's long rollouts,
# dealing included, 29-32M later, against the search's 450-510k, on 2026-12-03's machine, solo games); a
# world dealt and the candidate made there costs about as much as C_WORLD_PLAYS of its plays.
ROLLOUT_SPEEDUP = 40.0
C_WORLD_PLAYS = 16


def _fast_playout(st: State, weights: Weights) -> tuple | None:
    return _fast.playout(*fast_args(st, weights))


def rollout(st: State, code: int, spend: Callable[[float], None], trips_at: dict,
            weights: Weights | None = None) -> float:
    """The score of `code` in the world `st` (changed in place): the play, then the greedy playout."""
    spend(WORLD_UNITS)
    apply_unchecked(st, code)
    return playout(st, spend, trips_at, weights) if st.over is None else 1.0 if st.over[0] == "won" else 0.0


MASK64 = (1 << 64) - 1


def shuffled(cards: list[int], seed: int, world: int) -> list[int]:
    """`cards` shuffled in place for world number `world` (Fisher-Yates on splitmix64, as _playout.c deals)."""
    x = (seed ^ (world * 0xD1B54A32D192ED03)) & MASK64
    for i in range(len(cards) - 1, 0, -1):
        x = (x + 0x9E3779B97F4A7C15) & MASK64
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


class Worlds:
    """World i, the same for every candidate: a copy of the base position with the unseen cards dealt, in an
    order drawn from a seed taken once from `rng` (so the C playout deals world i exactly as Python does)."""

    def __init__(self, base: State, unseen: list[int], hidden: list[int], counts: list[int], pile: int,
                 rng: random.Random):
        self.base, self.unseen, self.hidden, self.counts, self.pile = base, unseen, hidden, counts, pile
        self.seed = rng.getrandbits(64)
        self.deals: list[tuple[list[list[int]], list[int]]] = []
        # one deal only (at most one card to place): every world is the same and one tells all
        self.single = pile + sum(counts[seat] for seat in hidden) <= 1

    def __getitem__(self, i: int) -> State:
        while len(self.deals) <= i:
            cards = shuffled(self.unseen[:], self.seed, len(self.deals))
            wanted = self.pile + sum(self.counts[seat] for seat in self.hidden)
            while len(cards) < wanted:  # a hand-built position short of cards (see worlds.sample)
                cards += cards[:wanted - len(cards)] or [0]
            hands = []
            for seat in self.hidden:
                hands.append(cards[:self.counts[seat]])
                cards = cards[self.counts[seat]:]
            self.deals.append((hands, cards[:self.pile]))
        hands, pile = self.deals[i]
        st = self.base.copy()
        for seat, hand in zip(self.hidden, hands):
            st.hands[seat] = hand[:]
        st.pile = pile[:]
        return st

    def cost_guess(self) -> float:
        """A rollout's price in the search's unit before any was played (about 30 plays per card in the pile)."""
        plays = self.pile * 30.0
        return (C_WORLD_PLAYS + plays) / ROLLOUT_SPEEDUP if _fast is not None else WORLD_UNITS + plays

    def rollouts(self, code: int, first: int, count: int, spend: Callable[[float], None], trips_at: dict,
                 weights: Weights | None = None) -> list[float]:
        """rollout() of `code` in worlds first..first+count-1, in one call to the C playout where it can (at
        its price: ROLLOUT_SPEEDUP), else one by one in Python (a scored play a unit)."""
        if _fast is not None:
            base = self.base
            args = fast_args(base, weights or weights_for(base.players))
            hands = [[] if seat in self.hidden else hand for seat, hand in enumerate(base.hands)]
            state = args[:4] + (hands, []) + args[6:]  # the pile and the hidden hands: dealt in C
            found = _fast.rollouts(state, code, self.unseen, self.hidden, self.counts, self.pile, self.seed,
                                   first, count, TREE_CREDIT)
            if found is not None:
                scores, plays = found
                spend((C_WORLD_PLAYS * count + plays) / ROLLOUT_SPEEDUP)
                return scores
        return [rollout(self[w], code, spend, trips_at, weights) for w in range(first, first + count)]


def halving(worlds: Worlds, codes: list[int], candidates: list[int], units: float,
            spend: Callable[[float], None], used: Callable[[], float], scores: dict, survivors: list) -> None:
    """Successive halving over `candidates` (indices into `codes`, best first) within `units` of the search's
    effort (Worlds.rollouts' prices). Fills scores[i] (the rollout score of candidate i in worlds 0, 1, ...)
    and keeps `survivors` (the candidates still compared) as it goes, so a search stopped by the clock leaves
    a fair comparison (best_of)."""
    trips_at: dict = {}
    survivors[:] = candidates
    if worlds.single:
        for i in candidates:
            scores[i] = [rollout(worlds[0], codes[i], spend, trips_at)]
        return
    rounds = max(1, math.ceil(math.log2(len(survivors))))
    start, cost = used(), None
    for r in range(rounds):
        left = units - (used() - start)
        if left <= 0:
            break
        guess = cost or worlds.cost_guess()
        n = max(1, int(left / (rounds - r) / (len(survivors) * guess)))
        before, done = used(), 0
        for i in survivors:
            mine = scores.setdefault(i, [])
            mine += worlds.rollouts(codes[i], len(mine), n, spend, trips_at)
            done += n
        cost = max(0.01, (used() - before) / done)
        if r < rounds - 1:
            survivors.sort(key=lambda i: (-sum(scores[i]) / len(scores[i]), candidates.index(i)))
            survivors[:] = survivors[:max(2, (len(survivors) + 1) // 2)]


def best_of(scores: dict, survivors: list, candidates: list[int]) -> int:
    """The survivor with the best mean over the worlds every survivor has played (ties: the prior's order)."""
    played = [i for i in survivors if scores.get(i)]
    if not played:
        return candidates[0]
    common = min(len(scores[i]) for i in played)
    return min(played, key=lambda i: (-sum(scores[i][:common]), candidates.index(i)))
