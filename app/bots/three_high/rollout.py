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
"""
from __future__ import annotations

import math
import random
from typing import Callable

from app.games.three_high.cards import WIN_TREES
from app.games.three_high.position import State, apply_unchecked, legal_codes

from .evaluate import child_values
from .plan import Weights, live_mask, trip_table, weights_for

TREE_CREDIT = 0.1  # a lost rollout's score, per tree standing at its end, over WIN_TREES
WORLD_UNITS = 4  # a world dealt and copied and the candidate made costs about as much as scoring 4 plays
FORCED_UNITS = 2  # a forced play (the only legal one) is listed and made, not scored: about 2 scored plays


def playout(st: State, spend: Callable[[int], None], trips_at: dict, weights: Weights | None = None) -> float:
    """Play `st` to its end greedily (the evaluation with `weights`, by default the bot's at this table), in
    place; 1 for a win, else the credit of the trees left standing. `trips_at` caches the trip tables by live
    cards (one set of weights each)."""
    weights = weights or weights_for(st.players)
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


def rollout(st: State, code: int, spend: Callable[[int], None], trips_at: dict,
            weights: Weights | None = None) -> float:
    """The score of `code` in the world `st` (changed in place): the play, then the greedy playout."""
    spend(WORLD_UNITS)
    apply_unchecked(st, code)
    return playout(st, spend, trips_at, weights) if st.over is None else 1.0 if st.over[0] == "won" else 0.0


class Worlds:
    """World i, the same for every candidate: a copy of the base position with the unseen cards dealt."""

    def __init__(self, base: State, unseen: list[int], hidden: list[int], counts: list[int], pile: int,
                 rng: random.Random):
        self.base, self.unseen, self.hidden, self.counts, self.pile = base, unseen, hidden, counts, pile
        self.rng = rng
        self.deals: list[tuple[list[list[int]], list[int]]] = []
        # one deal only (at most one card to place): every world is the same and one tells all
        self.single = pile + sum(counts[seat] for seat in hidden) <= 1

    def __getitem__(self, i: int) -> State:
        while len(self.deals) <= i:
            cards = self.unseen[:]
            self.rng.shuffle(cards)
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


def halving(worlds: Worlds, codes: list[int], candidates: list[int], units: float,
            spend: Callable[[int], None], used: Callable[[], int], scores: dict, survivors: list) -> None:
    """Successive halving over `candidates` (indices into `codes`, best first) within `units` scored
    plays. Fills scores[i] (the rollout score of candidate i in worlds 0, 1, ...) and keeps `survivors`
    (the candidates still compared) as it goes, so a search stopped by the clock leaves a fair comparison
    (best_of)."""
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
        guess = cost or max(1.0, worlds.pile * 30.0)
        n = max(1, int(left / (rounds - r) / (len(survivors) * guess)))
        before, done = used(), 0
        for i in survivors:
            mine = scores.setdefault(i, [])
            for w in range(len(mine), len(mine) + n):
                mine.append(rollout(worlds[w], codes[i], spend, trips_at))
                done += 1
        cost = max(1.0, (used() - before) / done)
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
