"""How long a game of each kind takes, for the home page: `python -m bench.lengths [--games N] [--seconds S]
[--write]` plays N whole games of every game in GAMES at two seats (the table "Play with bots" makes), every
seat the game's own bot with S seconds per decision, from the seeds "length-0".."length-<N-1>", and prints
one JSON line per game: the median, lower and upper quartile of the moves a game took (every call of
`apply`: each seat's turn, and Martian Treasure Hunt's arrangements), and the seconds the run took.
`--write` also writes app/tables/lengths.json, which the home page's cards read (app/tables/showcase.py).
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from datetime import datetime, timezone
from pathlib import Path

from app.bots import bot_for_game, choose
from app.games import GAMES

SEATS = 2
MAX_PLIES = 3000  # a game this long is cut (none has been)
OUT = Path(__file__).resolve().parents[1] / "app" / "tables" / "lengths.json"


def play(name: str, seed: str, seconds: float) -> int:
    g = GAMES[name]
    doc = g.setup(players=SEATS, options={}, seed=seed)
    plies = 0
    while g.result(doc) is None and plies < MAX_PLIES:
        seat = g.to_act(doc)[0]
        move = choose(bot_for_game(name), g.view(doc, seat), seat, g.legal_moves(doc, seat), seconds=seconds)
        doc = g.apply(doc, seat, move).doc
        plies += 1
    return plies


def measure(name: str, games: int, seconds: float) -> dict:
    start = time.perf_counter()
    plies = sorted(play(name, f"length-{i}", seconds) for i in range(games))
    q1, q2, q3 = statistics.quantiles(plies, n=4) if len(plies) > 1 else (plies[0],) * 3
    return {"game": name, "players": SEATS, "games": games, "median_moves": round(q2),
            "quartiles": [round(q1), round(q3)], "bot_seconds": seconds, "run_s": round(time.perf_counter() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    out = {}
    for name in GAMES:
        figures = measure(name, args.games, args.seconds)
        print(json.dumps(figures), flush=True)
        out[name] = {k: figures[k] for k in ("players", "games", "median_moves", "quartiles", "bot_seconds")}
    if args.write:
        doc = {"about": "Written by `python -m bench.lengths --write`: whole games of the games' own bots at every "
                        "seat, the median and quartiles of the moves a game took.",
               "measured": datetime.now(timezone.utc).date().isoformat(), "games": out}
        OUT.write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
