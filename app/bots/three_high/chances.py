"""The team's chance to win with a play, from the mover's view alone: honest greedy rollouts of the plays
compared, in the same sampled worlds, counted as won or lost and mapped through CALIBRATION.

The rollouts (rollout.py) play with the evaluation's CLASSIC weights, those the calibration was fitted with;
the unseen cards are dealt anew in each world (worlds.py), so nothing hidden is read. CALIBRATION maps the
raw fraction of won rollouts to the bot's win chance, so that a play called 30% wins about 30% of the time
when the bot plays the team's seats (bench/calibration.py measures it; docs/PERFORMANCE.md, "Move scores",
has the tables): greedy rollouts play worse than the bot, so the raw fraction is too low, most of all in the
middle and at tables of several. A move's score (score.py) and a hint's chances (explain.py) both ask here.
"""
from __future__ import annotations

import random
from bisect import bisect_right

from app.games.three_high.position import State

from .plan import CLASSIC
from .rollout import Worlds, rollout

MAX_WORLDS = 400  # rollouts per play, at most
MIN_WORLDS = 16  # rollouts per play, at least (whatever the budget)
# raw fraction of won greedy rollouts -> the bot's win chance, piecewise linear through these points, apart
# for a solo game and a table of 2-4 (whose bots win far more from the same raw fraction: they hold more cards
# between them). Fitted by bench/calibration.py; docs/PERFORMANCE.md, "Move scores", has the measurement.
CALIBRATION: dict[str, tuple[tuple[float, float], ...]] = {  # 520 games (448 solo), 0.1 s a decision
    "solo": ((0.0, 0.02), (0.045, 0.281), (0.08, 0.357), (0.101, 0.366), (0.162, 0.446), (0.205, 0.461),
             (0.212, 0.532), (0.224, 0.542), (0.245, 0.545), (0.277, 0.553), (0.304, 0.576), (0.327, 0.58),
             (0.346, 0.591), (0.362, 0.624), (0.389, 0.633), (0.406, 0.639), (0.441, 0.639), (0.49, 0.64),
             (0.512, 0.667), (0.539, 0.683), (0.566, 0.714), (0.582, 0.727), (0.6, 0.729), (0.658, 0.764),
             (0.745, 0.795), (0.922, 0.963), (1.0, 1.0)),
    "team": ((0.0, 0.0), (0.263, 0.709), (0.507, 0.908), (0.683, 0.993), (0.799, 0.994), (0.957, 1.0),
             (1.0, 1.0)),
}


def group(players: int) -> str:
    return "solo" if players == 1 else "team"


def calibrated(raw: float, players: int) -> float:
    knots = CALIBRATION[group(players)]
    xs = [x for x, _ in knots]
    i = min(max(bisect_right(xs, raw) - 1, 0), len(knots) - 2)
    (x0, y0), (x1, y1) = knots[i], knots[i + 1]
    t = 0.0 if x1 == x0 else (raw - x0) / (x1 - x0)
    return round(min(1.0, max(0.0, y0 + t * (y1 - y0))), 3)


def chances(base: State, unseen: list[int], hidden: list[int], counts: list[int], pile: int,
            codes: list[int], rng: random.Random, units: float) -> list[float]:
    """The fraction of won rollouts of each of `codes`, in the same worlds, within `units` scored plays."""
    worlds = Worlds(base, unseen, hidden, counts, pile, rng)
    used = [0]

    def spend(n: int) -> None:
        used[0] += n

    trips_at: dict = {}
    wins = [0] * len(codes)
    n = 0
    while n < (1 if worlds.single else MAX_WORLDS):
        for i, code in enumerate(codes):
            wins[i] += rollout(worlds[n], code, spend, trips_at, CLASSIC) >= 1.0
        n += 1
        if n >= MIN_WORLDS and used[0] >= units:
            break
    return [w / n for w in wins]
