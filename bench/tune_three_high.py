"""Tune the 3-High evaluation's weights by self-play: `python -m bench.tune_three_high [--start 50000]
[--deals 2000] [--check-start 52000] [--check-deals 2000] [--sweeps 2] [--players 1] [--procs K]`.

The measure is the greedy policy's win rate: every seat plays the best play of evaluate.child_values with
the weights tried (the rollouts' policy, rollout.playout), on the deals' real draws, which it never reads
ahead. A coordinate search from the bot's weights at that many seats (plan.weights_for): each weight in turn
scaled by 0.6, 0.8, 1.25 and 1.6 (the spare term's three steps together), a change kept when it wins at least
ACCEPT more of the training deals (paired: the same deals for every try). Then the weights it found and the
ones it started from are played on the check deals, disjoint from the training ones. One JSON line per try, then
{"final": ...}. A game takes about 12 ms of CPU, so 2,000 deals take about 25 s a try.

The deals the bot is measured on (bench.bots --start, docs/PERFORMANCE.md) must be disjoint from both.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import time

from app.bots.three_high.plan import Weights, weights_for
from app.bots.three_high.rollout import playout
from app.games.three_high.engine import ThreeHigh

FACTORS = (0.6, 0.8, 1.25, 1.6)
ACCEPT = 0.0075  # of the training deals: a change must win this many more to be kept
NAMES = ("ready", "spare", "far", "rare", "none_left", "move_three_at")


def greedy_wins(job: tuple) -> int:
    """How many of the deals seeds[0]..seeds[1]-1 the greedy policy with `weights` wins at `players`."""
    weights, players, first, last = job
    game = ThreeHigh()
    options = game.check_options(players, {})
    won = 0
    for seed in range(first, last):
        st = game.new_state(players, options, seed)
        if st.over is None:
            playout(st, lambda n: None, {}, weights)
        won += st.over[0] == "won"
    return won


def wins(weights: Weights, players: int, start: int, deals: int, pool) -> int:
    if pool is None:
        return greedy_wins((weights, players, start, start + deals))
    step = -(-deals // 8)
    jobs = [(weights, players, a, min(start + deals, a + step)) for a in range(start, start + deals, step)]
    return sum(pool.map(greedy_wins, jobs))


def scaled(weights: Weights, name: str, factor: float) -> Weights:
    value = getattr(weights, name)
    if name == "spare":  # the first two steps are the impossible and the exact case: kept
        value = value[:2] + tuple(round(v * factor, 3) for v in value[2:])
    else:
        value = round(value * factor, 3)
    return weights._replace(**{name: value})


def search(start: Weights, players: int, first: int, deals: int, sweeps: int, pool, out=print) -> tuple:
    best, score = start, wins(start, players, first, deals, pool)
    out({"start": start._asdict(), "won": score, "deals": deals})
    for _ in range(sweeps):
        changed = False
        for name in NAMES:
            for factor in FACTORS:
                tried = scaled(best, name, factor)
                won = wins(tried, players, first, deals, pool)
                out({"try": {name: getattr(tried, name)}, "won": won, "best": score})
                if won >= score + ACCEPT * deals:
                    best, score, changed = tried, won, True
                    out({"keep": best._asdict(), "won": score})
        if not changed:
            break
    return best, score


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=50000, help="first training deal (seed)")
    parser.add_argument("--deals", type=int, default=2000, help="training deals")
    parser.add_argument("--check-start", type=int, default=52000, help="first check deal, disjoint from training")
    parser.add_argument("--check-deals", type=int, default=2000)
    parser.add_argument("--sweeps", type=int, default=2, help="passes over the weights, at most")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--procs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)
    training = range(args.start, args.start + args.deals)
    if set(training) & set(range(args.check_start, args.check_start + args.check_deals)):
        raise SystemExit("the check deals must be disjoint from the training deals")

    def out(line: dict) -> None:
        print(json.dumps(line), flush=True)

    began = time.perf_counter()
    pool = multiprocessing.get_context("spawn").Pool(args.procs) if args.procs > 1 else None
    try:
        start = weights_for(args.players)
        best, score = search(start, args.players, args.start, args.deals, args.sweeps, pool, out)
        check = {"from": wins(start, args.players, args.check_start, args.check_deals, pool),
                 "found": wins(best, args.players, args.check_start, args.check_deals, pool)}
    finally:
        if pool is not None:
            pool.close()
    out({"final": best._asdict(), "won": score, "deals": args.deals, "check_deals": args.check_deals,
         "check_won": check, "wall_s": round(time.perf_counter() - began, 1)})


if __name__ == "__main__":
    main()
