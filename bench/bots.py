"""Bot benchmark over any game: `python -m bench.bots --game NAME --games N [--players P] [--bot B]` plays N
whole games from seeds 0..N-1 through the engine contract only (each decision gets `g.view(doc, seat)` and
the legal list, as the server gives them) and prints one JSON line.

- Cooperative games (every seat wins or loses together): every seat is the measured bot; the same seeds
  are played by the random bot as the baseline. Figures: win_rate, losses by reason.
- Competitive games: the measured bot sits at one seat (seat = game number mod P, so every seat gets its
  turn), a seeded uniformly random mover at the others. Figures: win_rate (a shared win counts 1/winners), and the
  baseline of a fair seat, 1/P. With one player (a solitaire), the figures are the scores.
Both: mean_score (the measured seat's, when the game scores), mean_plies (game length in moves), mean and
max seconds per decision of the measured bot (its `choose` only, wall clock), and the verdicts or reasons.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter

from app.bots import DEFAULT_BOT, bot_for_game, get_bot
from app.games import get_game

MAX_PLIES = 5000  # a game this long is cut and counted as unfinished


class SeededMover:
    """The opponents of a competitive game: a uniformly random legal move from a seeded generator."""

    def __init__(self, seed: int):
        self.rng = random.Random(f"bench-bots-{seed}")

    def choose(self, view, seat, legal_moves, seconds=None):
        move = self.rng.choice(legal_moves)
        return dict(move, text="Sing a song") if move.get("action") == "set_dare" else move


def play(game, bots: list, seed: int, options: dict, seconds: float | None, measured: set[int]) -> dict:
    """One game from `seed` with bots[seat] at each seat: its result, plies and the measured seats' times."""
    doc = game.setup(players=len(bots), options=options, seed=seed)
    spent, plies = [], 0
    while game.result(doc) is None and plies < MAX_PLIES:
        seat = game.to_act(doc)[0]
        view, legal = game.view(doc, seat), game.legal_moves(doc, seat)
        start = time.perf_counter()
        move = bots[seat].choose(view, seat, legal, seconds=seconds)
        if seat in measured:
            spent.append(time.perf_counter() - start)
        doc = game.apply(doc, seat, move).doc
        plies += 1
    return {"result": game.result(doc), "plies": plies, "spent": spent, "view": game.view(doc, None)}


def measure(game, name: str, players: int, games: int, options: dict, seconds: float | None) -> dict:
    bot = get_bot(name)
    wins, scores, plies, spent, reasons, unfinished = 0.0, [], [], [], Counter(), 0
    for seed in range(games):
        seat = 0 if game.cooperative else seed % players
        opponent = SeededMover(seed)  # the server's random bot hashes the view: few distinct games
        bots = [bot if game.cooperative or s == seat else opponent for s in range(players)]
        measured = set(range(players)) if game.cooperative else {seat}
        out = play(game, bots, seed, options, seconds, measured)
        result, plies, spent = out["result"], plies + [out["plies"]], spent + out["spent"]
        if result is None:
            unfinished += 1
            continue
        winners = result.get("winners") or []
        if seat in winners:
            wins += 1 / len(winners) if not game.cooperative else 1
        reasons[result.get("verdict") or result["reason"] if result["outcome"] != "won" else "won"] += 1
        if result.get("scores"):
            scores.append(result["scores"][seat])
    line = {"bot": name, "win_rate": round(wins / games, 3), "results": dict(sorted(reasons.items())),
            "mean_plies": round(sum(plies) / len(plies), 1), "decisions": len(spent),
            "mean_s_per_decision": round(sum(spent) / max(1, len(spent)), 4),
            "max_s_per_decision": round(max(spent, default=0.0), 4)}
    if scores:
        line["mean_score"] = round(sum(scores) / len(scores), 2)
    if unfinished:
        line["unfinished"] = unfinished
    return line


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="three-high")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=None, help="seat count (default: the game's smallest "
                                                                  "for cooperative games, else 2)")
    parser.add_argument("--bot", default=None, help="the bot to measure (default: the game's own)")
    parser.add_argument("--seconds", type=float, default=None, help="budget passed to choose (default None)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=JSON",
                        help="a table option, e.g. --option hidden_hands=true --option shape='\"hex\"'")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    players = args.players or (game.min_players if game.cooperative else max(2, game.min_players))
    options = {key: json.loads(value) for key, value in (o.split("=", 1) for o in args.option)}
    options = game.check_options(players, options)
    name = args.bot or bot_for_game(args.game)
    line = {"game": game.name, "players": players, "games": args.games, "options": options,
            "seconds": args.seconds, **measure(game, name, players, args.games, options, args.seconds)}
    if game.cooperative:
        line["baseline"] = measure(game, DEFAULT_BOT, players, args.games, options, args.seconds)
    else:
        line["baseline"] = {"bot": "a fair seat", "win_rate": round(1 / players, 3)}
    print(json.dumps(line))


if __name__ == "__main__":
    main()
