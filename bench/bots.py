"""Bot benchmark over any game: `python -m bench.bots --game NAME --deals N [--start S] [--players P] [--bot B]
[--policy bot|greedy|random] [--against A] [--opening K] [--seconds S] [--procs K] [--dump FILE] [--no-baseline]
[--no-clock-guard]`
plays N whole games from seeds S..S+N-1 (S: 0 by default) through the engine contract only (each decision gets
`g.view(doc, seat)` and the legal list, as the server gives them) and prints one JSON line. `--games` is the
same as `--deals`. `--dump FILE` writes each deal's seed, result and plies (for a paired comparison of two bots
on the same deals: `python -m bench.bots --pair A.json B.json`). `--no-clock-guard`: 3-High's searches stop by
their effort only (see `unguarded`), so that a loaded machine measures the same decisions as a quiet one.

- The policy measured: `bot` (default) the game's own bot (or --bot) with --seconds per decision; `greedy`
  the same bot with no time at all (seconds=0: its first look, no search); `random` the random bot.
- `--procs K` plays the deals in K worker processes; the figures do not depend on it (fixed seeds), only the
  wall clock does (and each decision's seconds, when the processes share too few cores).

- Cooperative games (every seat wins or loses together): every seat is the measured bot; the same seeds
  are played by the random bot as the baseline. Figures: win_rate, losses by reason.
- Competitive games: the measured bot sits at one seat (seat = game number mod P, so every seat gets its
  turn), a seeded uniformly random mover at the others; `--against A` seats the bot A at the others instead
  (another bot or one of a bot's levels, "turning-points:standard" say, with the same --seconds): the new
  bot against the previous one. `--opening K`: the first K moves of every game are seeded random moves at
  whichever seat is to act (not timed), so that two deterministic bots of a game without chance (Turning
  Points) do not play the same few games over and over. Figures: win_rate (a shared win counts
  1/winners), and the baseline of a fair seat, 1/P. With one player (a solitaire), the figures are the scores.
Both: deals, win_ci95 (the Wilson 95% interval of win_rate), mean_score (the measured seat's, when the game
scores), mean_plies (game length in moves), s_per_decision (mean) and max_s_per_decision of the measured bot
(its `choose` only, wall clock), cpu_per_decision and max_cpu_per_decision (the same in CPU time of the
worker process, what "a second of one core" means on a shared machine), the verdicts or reasons, and
avg_<figure> for each number the finished game's view carries among FIGURES (3-High: avg_trees, the trees
standing at the end).
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import time
from collections import Counter

from app.bots import DEFAULT_BOT, bot_for_game, get_bot
from app.games import get_game

from .stats import wilson

MAX_PLIES = 5000  # a game this long is cut and counted as unfinished
FIGURES = ("trees",)  # numbers of a finished game's view worth averaging (3-High: trees standing)
POLICIES = ("bot", "greedy", "random")


class SeededMover:
    """The opponents of a competitive game: a uniformly random legal move from a seeded generator."""

    def __init__(self, seed: int):
        self.rng = random.Random(f"bench-bots-{seed}")

    def choose(self, view, seat, legal_moves, seconds=None):
        move = self.rng.choice(legal_moves)
        return dict(move, text="Sing a song") if move.get("action") == "set_dare" else move


def play(game, bots: list, seed: int, options: dict, seconds: float | None, measured: set[int],
         opening: int = 0) -> dict:
    """One game from `seed` with bots[seat] at each seat (after `opening` seeded random moves): its result,
    plies and the measured seats' times."""
    doc = game.setup(players=len(bots), options=options, seed=seed)
    spent, cpu, plies = [], [], 0
    opener = SeededMover(f"opening-{seed}")
    while game.result(doc) is None and plies < MAX_PLIES:
        seat = game.to_act(doc)[0]
        view, legal = game.view(doc, seat), game.legal_moves(doc, seat)
        if plies < opening:
            doc = game.apply(doc, seat, opener.choose(view, seat, legal)).doc
            plies += 1
            continue
        start, start_cpu = time.perf_counter(), time.process_time()
        move = bots[seat].choose(view, seat, legal, seconds=seconds)
        if seat in measured:
            spent.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        doc = game.apply(doc, seat, move).doc
        plies += 1
    return {"result": game.result(doc), "plies": plies, "spent": spent, "cpu": cpu, "view": game.view(doc, None)}


def unguarded() -> None:
    """Searches stop by their effort only, never by the clock: 3-High's bot counts its effort in scored plays
    and looks at the clock only against a hard cap (search.HARD_CAP) that a loaded machine can reach, which
    would make a benchmark's decisions depend on the load. Its figures then are those of a quiet machine."""
    from app.bots.three_high import search
    search.HARD_GRACE = float("inf")


def deal(args: tuple) -> dict:
    """One deal of `measure` (a plain function over plain arguments, for worker processes)."""
    game_name, name, players, seed, options, seconds, guard, against, opening = args
    if not guard:
        unguarded()
    game, bot = get_game(game_name), get_bot(name)
    seat = 0 if game.cooperative else seed % players
    # the server's random bot hashes the view: few distinct games; a seeded mover varies them
    opponent = SeededMover(seed) if against is None else get_bot(against)
    bots = [bot if game.cooperative or s == seat else opponent for s in range(players)]
    measured = set(range(players)) if game.cooperative else {seat}
    out = play(game, bots, seed, options, seconds, measured, opening)
    view = out.pop("view")
    out["figures"] = {key: view[key] for key in FIGURES
                      if isinstance(view.get(key), (int, float)) and not isinstance(view.get(key), bool)}
    return dict(out, seat=seat, seed=seed)


def measure(game, name: str, players: int, games: int, options: dict, seconds: float | None,
            procs: int = 1, start: int = 0, dump: str | None = None, guard: bool = True,
            against: str | None = None, opening: int = 0) -> dict:
    jobs = [(game.name, name, players, seed, options, seconds, guard, against, opening)
            for seed in range(start, start + games)]
    if procs > 1:
        with multiprocessing.get_context("spawn").Pool(procs) as pool:
            outs = pool.map(deal, jobs, chunksize=1)
    else:
        outs = [deal(job) for job in jobs]
    if dump:
        with open(dump, "w") as f:
            json.dump([{"seed": o["seed"], "result": o["result"], "plies": o["plies"]} for o in outs], f)
    wins, scores, plies, spent, cpu, reasons, unfinished = 0.0, [], [], [], [], Counter(), 0
    figures: dict[str, list] = {}
    for out in outs:
        result, seat, plies, spent = out["result"], out["seat"], plies + [out["plies"]], spent + out["spent"]
        cpu += out["cpu"]
        for key, value in out["figures"].items():
            figures.setdefault(key, []).append(value)
        if result is None:
            unfinished += 1
            continue
        winners = result.get("winners") or []
        if seat in winners:
            wins += 1 / len(winners) if not game.cooperative else 1
        reasons[result.get("verdict") or result["reason"] if result["outcome"] != "won" else "won"] += 1
        if result.get("scores"):
            scores.append(result["scores"][seat])
    line = {"bot": name, **({"against": against} if against else {}), **({"opening": opening} if opening else {}),
            "deals": games,
            "seeds": [start, start + games - 1], "win_rate": round(wins / games, 3),
            "win_ci95": [round(x, 3) for x in wilson(wins, games)], "results": dict(sorted(reasons.items())),
            **{f"avg_{key}": round(sum(values) / len(values), 2) for key, values in figures.items()},
            "mean_plies": round(sum(plies) / len(plies), 1), "decisions": len(spent),
            "s_per_decision": round(sum(spent) / max(1, len(spent)), 4),
            "max_s_per_decision": round(max(spent, default=0.0), 4),
            "cpu_per_decision": round(sum(cpu) / max(1, len(cpu)), 4),
            "max_cpu_per_decision": round(max(cpu, default=0.0), 4)}
    if scores:
        line["mean_score"] = round(sum(scores) / len(scores), 2)
    if unfinished:
        line["unfinished"] = unfinished
    return line


def won(out: dict) -> bool:
    result = out["result"]
    return bool(result) and result.get("outcome") == "won"


def pair(first: str, second: str, z: float = 1.96) -> dict:
    """Two dumps of one cooperative game on the same seeds, compared deal by deal: the deals only one of
    them won, and the difference of their win rates with its 95% interval (paired: the spread of the
    per-deal differences, so the deals both win or both lose add no noise)."""
    with open(first) as f:
        a = {o["seed"]: won(o) for o in json.load(f)}
    with open(second) as f:
        b = {o["seed"]: won(o) for o in json.load(f)}
    seeds = sorted(set(a) & set(b))
    n = len(seeds)
    if not n:
        raise SystemExit("the two dumps have no seed in common")
    diffs = [int(b[s]) - int(a[s]) for s in seeds]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    half = z * sd / math.sqrt(n)
    return {"deals": n, "first_won": sum(a[s] for s in seeds), "second_won": sum(b[s] for s in seeds),
            "only_first": diffs.count(-1), "only_second": diffs.count(1),
            "difference": round(mean, 3), "difference_ci95": [round(mean - half, 3), round(mean + half, 3)]}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", nargs=2, metavar=("A.json", "B.json"), help="compare two --dump files and stop")
    parser.add_argument("--game", default="three-high")
    parser.add_argument("--deals", "--games", dest="games", type=int, default=20, help="deals, from seeds S..S+N-1")
    parser.add_argument("--start", type=int, default=0, help="the first seed S (default 0)")
    parser.add_argument("--dump", default=None, help="write each deal's seed, result and plies to this JSON file")
    parser.add_argument("--no-baseline", action="store_true", help="skip the baseline (the random bot's games)")
    parser.add_argument("--no-clock-guard", action="store_true",
                        help="3-High: searches stop by their effort only, not by the clock's hard cap "
                             "(a loaded machine)")
    parser.add_argument("--players", type=int, default=None, help="seat count (default: the game's smallest "
                                                                  "for cooperative games, else 2)")
    parser.add_argument("--bot", default=None, help="the bot to measure (default: the game's own)")
    parser.add_argument("--against", default=None,
                        help="competitive games: the bot at the other seats (default: a seeded random mover)")
    parser.add_argument("--opening", type=int, default=0,
                        help="the first K moves of each game are seeded random moves (default 0)")
    parser.add_argument("--seconds", type=float, default=None, help="budget passed to choose (default None)")
    parser.add_argument("--policy", choices=POLICIES, default="bot",
                        help="bot: the bot with --seconds; greedy: the bot with seconds=0; random: the random bot")
    parser.add_argument("--procs", type=int, default=1, help="worker processes playing the deals (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=JSON",
                        help="a table option, e.g. --option hidden_hands=true --option shape='\"hex\"'")
    args = parser.parse_args(argv)
    if args.pair:
        print(json.dumps(pair(*args.pair)))
        return
    game = get_game(args.game)
    players = args.players or (game.min_players if game.cooperative else max(2, game.min_players))
    options = {key: json.loads(value) for key, value in (o.split("=", 1) for o in args.option)}
    options = game.check_options(players, options)
    if args.against and game.cooperative:
        raise SystemExit("--against is for competitive games: a cooperative game seats one bot everywhere")
    name = DEFAULT_BOT if args.policy == "random" else args.bot or bot_for_game(args.game)
    seconds = 0.0 if args.policy == "greedy" else args.seconds
    line = {"game": game.name, "players": players, "games": args.games, "options": options, "policy": args.policy,
            "seconds": seconds, **measure(game, name, players, args.games, options, seconds, args.procs, args.start,
                                          args.dump, not args.no_clock_guard, args.against,
                                          args.opening)}
    if args.no_baseline:
        pass
    elif game.cooperative:
        line["baseline"] = measure(game, DEFAULT_BOT, players, args.games, options, args.seconds, args.procs,
                                   args.start)
    else:
        line["baseline"] = {"bot": "a fair seat", "win_rate": round(1 / players, 3)}
    print(json.dumps(line))


if __name__ == "__main__":
    main()
