"""Engine benchmark over every game of GAMES: `python -m bench.engine [--game NAME] [--seconds N]` prints one
JSON line per game, through the engine contract only (what the server, bots and replays call).

Figures per second on one core, on positions sampled from random playouts (every seat count the game
allows, default options):
- playouts_per_s: whole games from `setup` to the end, a uniformly random legal move each ply;
- legal_moves_per_s, apply_per_s, view_per_s: `legal_moves`, checked `apply` and `view` (seat to act);
- mean_plies, mean_legal_moves: the size of those games;
- baseline_loop_per_s: iterations of a bare `total += i` loop in the same run, so figures read as ratios.
3-High's internal State has its own figures: `python -m bench.three_high_internals`.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import time

from app.games import GAMES, get_game

MAX_PLIES = 5000  # a playout longer than this is cut (no game here comes near it)


def rate(work, seconds: float) -> float:
    """Units per second: `work(n)` does n units; repeat with growing batches until `seconds` have passed."""
    done, spent, batch = 0, 0.0, 1
    while spent < seconds:
        start = time.perf_counter()
        work(batch)
        spent += time.perf_counter() - start
        done += batch
        batch = min(batch * 2, 512)
    return done / spent


def baseline(n: int) -> None:
    total = 0
    for i in range(n * 1000):
        total += i


def random_move(rng: random.Random, legal: list[dict]) -> dict:
    move = rng.choice(legal)
    return dict(move, text="Hop on one foot") if move.get("action") == "set_dare" else move


def playout(game, players: int, rng: random.Random, visit=None) -> int:
    doc = game.setup(players, {}, rng.getrandbits(64))
    for ply in range(MAX_PLIES):
        seats = game.to_act(doc)
        if not seats:
            return ply
        seat = rng.choice(seats)
        legal = game.legal_moves(doc, seat)
        move = random_move(rng, legal)
        if visit is not None:
            visit(doc, seat, legal, move)
        doc = game.apply(doc, seat, move).doc
    return MAX_PLIES


def measure(game, seconds: float) -> dict:
    rng = random.Random(20261130)
    counts = list(range(game.min_players, game.max_players + 1))
    positions: list = []
    plies = [playout(game, counts[i % len(counts)], rng,
                     lambda doc, seat, legal, move: positions.append((doc, seat, len(legal), move)))
             for i in range(4 * len(counts))]
    sample = positions[:: max(1, len(positions) // 500)]
    part = seconds / 5

    def playouts(n: int) -> None:
        for i in range(n):
            playout(game, counts[i % len(counts)], rng)

    def each(fn):
        def work(n: int) -> None:
            for i in range(n):
                fn(*sample[i % len(sample)])
        return work

    return {
        "game": game.name,
        "playouts_per_s": round(rate(playouts, part), 1),
        "legal_moves_per_s": round(rate(each(lambda d, s, _n, _m: game.legal_moves(d, s)), part)),
        "apply_per_s": round(rate(each(lambda d, s, _n, m: game.apply(d, s, m)), part)),
        "view_per_s": round(rate(each(lambda d, s, _n, _m: game.view(d, s)), part)),
        "baseline_loop_per_s": round(rate(baseline, part) * 1000),
        "mean_plies": round(sum(plies) / len(plies), 1),
        "mean_legal_moves": round(sum(n for _d, _s, n, _m in positions) / len(positions), 1),
        "players": counts,
        "python": platform.python_version(),
        "seconds": seconds,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: every game)")
    parser.add_argument("--seconds", type=float, default=5.0, help="measuring time per game")
    args = parser.parse_args(argv)
    for game in ([get_game(args.game)] if args.game else GAMES.values()):
        print(json.dumps(measure(game, args.seconds)), flush=True)


if __name__ == "__main__":
    main()
