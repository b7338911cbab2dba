"""Are the 3-High move scores calibrated? `python -m bench.calibration [--games N] [--seconds S] [--start K]`

Plays N games of 3-High from seeds K..K+N-1 (seat counts 1, 1, 2, 3, 4 in turn, default options), the bot at
every seat with S seconds per decision, and at each decision asks the move scorer
(app/bots/three_high/score.py `estimate`, from the mover's view only) for the team's win chance once the
bot's choice is made. Each estimate is then compared with how the game ended.

Prints a reliability table, by 10% bins of the raw rollout fraction and of the calibrated chance: the
decisions in the bin, their mean chance, the fraction of them whose game was won, and a 95% Wilson interval
(over decisions: the decisions of one game are not independent, so the interval is optimistic), then one JSON
line with the figures and the CALIBRATION tables fitted on all the games (to paste into score.py), one for
solo games and one for tables of 2-4 (score.group). `--dump FILE` keeps each game's figures, `--load FILE...`
fits and prints again from them without playing; `--players 1` plays solo games only.

The calibrated columns are measured out of fold: the games are dealt into FOLDS folds (by their place in
the list), each fold's decisions are calibrated by the table fitted on the other folds' games, so no
decision is scored by a table that saw its game. `--check FILE...` fits on the games of --load and measures
on these other games instead (held out: played after the fit).
"""
from __future__ import annotations

import argparse
import json
import time

from app.bots.three_high import chances as calibration
from app.bots.three_high import score as scorer
from app.games import get_game

from .stats import wilson

BINS = 10  # the reliability tables' bins
BLOCK = 150  # decisions in a block of the fit (where raw chances differ)
FOLDS = 4  # folds of the out-of-fold measurement
PLAYERS = (1, 1, 2, 3, 4)  # seat counts in turn: solo games twice as often (the bot loses most of its losses there)


def play(seed: int, players: int, seconds: float) -> tuple[list[float], bool, int]:
    """One game, the bot at every seat: the raw chance at each decision (before the choice), and the result."""
    g = get_game("three-high")
    doc = g.setup(players=players, options={}, seed=seed)
    raws = []
    while g.result(doc) is None:
        seat = g.to_act(doc)[0]
        view, legal = g.view(doc, seat), g.legal_moves(doc, seat)
        found = scorer.estimate(view, seat, legal, seconds)
        raws.append(found["raw"][0])
        doc = g.apply(doc, seat, found["choice"]).doc
    return raws, g.result(doc)["outcome"] == "won", len(raws)


def fit(points: list[tuple[float, bool]]) -> tuple[tuple[float, float], ...]:
    """A monotone piecewise-linear map raw -> win rate. The decisions sorted by raw chance make blocks: every
    decision with the same raw chance in one block (0 and 1 are common: all rollouts lost or won), the rest
    cut into blocks of about BLOCK decisions; blocks are pooled where the win rate would go down (pool
    adjacent violators), each block a knot at (mean raw, win rate). Equal-width 10% bins put the many
    raw-0 decisions (nearly all lost) with the few at 1-9% (won far more often), and the line drawn from
    that bin's mean called every play between them too low."""
    ordered = sorted(points)
    blocks: list[list[float]] = []  # sum raw, wins, count
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j][0] == ordered[i][0]:
            j += 1
        if j - i < BLOCK:  # a run of distinct raw chances: take about BLOCK of them, never splitting a tie
            j = min(len(ordered), i + BLOCK)
            while j < len(ordered) and ordered[j][0] == ordered[j - 1][0] and j - i < 2 * BLOCK:
                j += 1
            if len(ordered) - j < BLOCK // 2:  # no small block at the end
                j = len(ordered)
        chunk = ordered[i:j]
        blocks.append([sum(r for r, _ in chunk), sum(w for _, w in chunk), len(chunk)])
        i = j
    pooled: list[list[float]] = []
    for b in blocks:
        pooled.append(b[:])
        while len(pooled) > 1 and pooled[-2][1] / pooled[-2][2] >= pooled[-1][1] / pooled[-1][2]:
            last = pooled.pop()
            pooled[-1] = [x + y for x, y in zip(pooled[-1], last)]
    knots = [(round(s / n, 3), round(w / n, 3)) for s, w, n in pooled]
    if not knots or knots[0][0] > 0:
        knots.insert(0, (0.0, 0.0 if not knots else min(knots[0][1], 0.0)))
    if knots[-1][0] < 1:
        knots.append((1.0, 1.0))
    return tuple(knots)


def table(points: list[tuple[float, bool]]) -> list[dict]:
    rows = []
    for b in range(BINS):
        inside = [(p, w) for p, w in points if min(BINS - 1, int(p * BINS)) == b]
        if not inside:
            continue
        wins = sum(w for _, w in inside)
        low, high = wilson(wins, len(inside))
        rows.append({"bin": f"{b * 10}-{b * 10 + 10}%", "n": len(inside),
                     "mean": round(sum(p for p, _ in inside) / len(inside), 3),
                     "won": round(wins / len(inside), 3), "ci": [round(low, 3), round(high, 3)]})
    return rows


def load(names: list[str]) -> list[tuple]:
    """The games --dump wrote to these files, in order."""
    games: list[tuple] = []
    for name in names:
        with open(name) as f:
            games += [tuple(g) for g in json.load(f)]
    return games


def calibrate_with(knots: dict, raw: float, players: int) -> float:
    old = calibration.CALIBRATION
    calibration.CALIBRATION = knots
    try:
        return calibration.calibrated(raw, players)
    finally:
        calibration.CALIBRATION = old


def fit_groups(games: list) -> dict:
    """A table per group of seat counts (chances.group: solo, team), fitted on `games`."""
    return {g: fit([(r, won) for _, players, raws, won in games if calibration.group(players) == g for r in raws])
            for g in ("solo", "team")}


def print_table(title: str, raw_rows: list[dict], cal_rows: list[dict]) -> None:
    print(title)
    print(f"{'bin':>8} {'raw: n':>7} {'mean':>6} {'won':>6} {'95% CI':>14} | {'calibrated: n':>13} {'mean':>6} "
          f"{'won':>6} {'95% CI':>14}")
    raw_by, cal_by = {r["bin"]: r for r in raw_rows}, {r["bin"]: r for r in cal_rows}
    for b in range(BINS):
        name = f"{b * 10}-{b * 10 + 10}%"
        r, c = raw_by.get(name), cal_by.get(name)
        left = f"{r['n']:>7} {r['mean']:>6} {r['won']:>6} {str(r['ci']):>14}" if r else " " * 36
        right = f"{c['n']:>13} {c['mean']:>6} {c['won']:>6} {str(c['ci']):>14}" if c else ""
        print(f"{name:>8} {left} | {right}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--dump", help="write each game (seed, players, raw chances, won) to this JSON file")
    parser.add_argument("--load", nargs="+", help="read the games from such files instead of playing them")
    parser.add_argument("--check", nargs="+", help="with --load: measure the tables fitted on those games on these")
    parser.add_argument("--players", default=",".join(map(str, PLAYERS)),
                        help="the seat counts in turn, comma-separated (default 1,1,2,3,4; 1: solo games only)")
    args = parser.parse_args()
    started = time.process_time()
    if args.load:
        games = load(args.load)
    else:
        games = []
        counts = [int(n) for n in args.players.split(",")]
        for i in range(args.games):
            seed, players = args.start + i, counts[i % len(counts)]
            raws, won, _ = play(seed, players, args.seconds)
            games.append((seed, players, raws, won))
        if args.dump:
            with open(args.dump, "w") as f:
                json.dump(games, f)
    fitted = fit_groups(games)
    if args.check:  # held out: the tables fitted on all the games above, measured on these
        games = load(args.check)
        out_of_fold = [(calibrate_with(fitted, r, players), won, players)
                       for _, players, raws, won in games for r in raws]
    else:  # each fold's games calibrated by the tables fitted on the other folds' games
        knots = [fit_groups([g for k, g in enumerate(games) if k % FOLDS != f]) for f in range(FOLDS)]
        out_of_fold = [(calibrate_with(knots[k % FOLDS], r, players), won, players)
                       for k, (_, players, raws, won) in enumerate(games) for r in raws]
    raw_points = [(r, won, players) for _, players, raws, won in games for r in raws]
    figures = {}
    for name, keep in (("all", lambda p: True), ("solo", lambda p: p == 1), ("team", lambda p: p > 1)):
        raw_rows = table([(r, w) for r, w, p in raw_points if keep(p)])
        cal_rows = table([(c, w) for c, w, p in out_of_fold if keep(p)])
        print_table(f"-- {name} ({sum(1 for g in games if keep(g[1]))} games)", raw_rows, cal_rows)
        figures[name] = {"raw": raw_rows, "out_of_fold": cal_rows}
    print(json.dumps({"bench": "calibration", "games": len(games), "seconds": args.seconds,
                      "won": sum(g[3] for g in games), "decisions": len(raw_points),
                      "cpu_s": round(time.process_time() - started, 1),
                      "by_players": {p: [sum(g[3] for g in games if g[1] == p), sum(1 for g in games if g[1] == p)]
                                     for p in (1, 2, 3, 4)},
                      "figures": figures, "held_out": bool(args.check), "CALIBRATION": fitted}))


if __name__ == "__main__":
    main()
