"""3-High's fast internals: `python -m bench.three_high_internals [--seconds N]` prints one JSON line.

(`python -m bench.engine` measures every game through the engine contract; this adds the figures of
3-High's internal State, which its bot searches with.)

Figures, per second on one core:
- playouts_per_s: random solo playouts from fresh seeds, setup included, the move drawn uniformly with
  `random_code` (rejection sampling over card x piece x side, exact); playouts_full_list_per_s: the same
  picking from the full legal list.
- legal_moves_per_s / applies_per_s: the fast internal generator and `apply_unchecked` (state copies made
  outside the timing), on positions sampled from random playouts.
- legal_moves_doc_per_s / apply_doc_per_s: the public document API (`legal_moves`, checked `apply`).
- baseline_loop_per_s: iterations of a bare Python `total += i` loop in the same run, so the figures can
  be read as ratios on any machine.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import time

from app.games import get_game
from app.games.three_high import position as fast
from app.games.three_high.codec import to_doc


def rate(work, seconds: float) -> float:
    """Units per second: `work(n)` does n units and returns the seconds that count; repeat until `seconds`."""
    done, counted, batch, start = 0, 0.0, 1, time.perf_counter()
    while time.perf_counter() - start < seconds:
        counted += work(batch)
        done += batch
        batch = min(batch * 2, 1024)
    return done / counted


def timed(body):
    """Wrap `body(n)` so that the whole call counts."""
    def work(n: int) -> float:
        start = time.perf_counter()
        body(n)
        return time.perf_counter() - start
    return work


def baseline(n: int) -> None:
    total = 0
    for i in range(n * 1000):
        total += i


def playouts(game, rng: random.Random, full_list: bool):
    options = game.default_options(1)
    def randbelow(n: int) -> int:  # the bench's chance, not the engine's
        return int(rng.random() * n)

    def body(n: int) -> None:
        for _ in range(n):
            st = game.new_state(1, options, rng.getrandbits(64))
            while st.over is None:
                if full_list:
                    codes = fast.legal_codes(st, st.to_act)
                    code = codes[randbelow(len(codes))]
                else:
                    code = fast.random_code(st, randbelow)
                fast.apply_unchecked(st, code)
    return body


def sample_positions(game, count: int, rng: random.Random) -> tuple[list, float]:
    """(state, one legal code) at every point of random solo playouts while the game runs, and the
    mean number of plies of those playouts."""
    positions, games = [], 0
    while len(positions) < count:
        st = game.new_state(1, game.default_options(1), rng.getrandbits(64))
        games += 1
        while st.over is None:
            codes = fast.legal_codes(st, st.to_act)
            code = codes[rng.randrange(len(codes))]
            positions.append((st.copy(), code))
            fast.apply_unchecked(st, code)
    return positions, len(positions) / games


def measure(game, seconds: float) -> dict:
    rng = random.Random(20261129)
    part = seconds / 7
    positions, plies = sample_positions(game, 2000, rng)
    options = game.default_options(1)
    docs = [(to_doc(st, options), st.to_act, game.move_of(code)) for st, code in positions[:400]]

    def generate(n: int) -> None:
        for i in range(n):
            st = positions[i % len(positions)][0]
            fast.legal_codes(st, st.to_act)

    def apply(n: int) -> float:
        picked = [positions[i % len(positions)] for i in range(n)]
        batch = [(st.copy(), code) for st, code in picked]
        start = time.perf_counter()
        for st, code in batch:
            fast.apply_unchecked(st, code)
        return time.perf_counter() - start

    def generate_doc(n: int) -> None:
        for i in range(n):
            doc, seat, _ = docs[i % len(docs)]
            game.legal_moves(doc, seat)

    def apply_doc(n: int) -> None:
        for i in range(n):
            doc, seat, move = docs[i % len(docs)]
            game.apply(doc, seat, move)

    return {
        "game": game.name,
        "playouts_per_s": round(rate(timed(playouts(game, rng, False)), part), 1),
        "playouts_full_list_per_s": round(rate(timed(playouts(game, rng, True)), part), 1),
        "legal_moves_per_s": round(rate(timed(generate), part)),
        "applies_per_s": round(rate(apply, part)),
        "legal_moves_doc_per_s": round(rate(timed(generate_doc), part)),
        "apply_doc_per_s": round(rate(timed(apply_doc), part)),
        "baseline_loop_per_s": round(rate(timed(baseline), part) * 1000),
        "mean_plies_per_playout": round(plies, 2),
        "mean_legal_moves": round(sum(len(fast.legal_codes(st, st.to_act)) for st, _ in positions)
                                  / len(positions), 1),
        "python": platform.python_version(),
        "seconds": seconds,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=7.0, help="total measuring time")
    args = parser.parse_args(argv)
    print(json.dumps(measure(get_game("three-high"), args.seconds)))


if __name__ == "__main__":
    main()
