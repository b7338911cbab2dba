"""Bot benchmark: `python -m bench.bots --game three-high --games N [--players P]` prints one JSON line.

Plays N full games with every seat a bot, from seeds 0..N-1, through the engine contract only (g.setup,
g.view, g.legal_moves, g.apply, g.result): each decision gets `g.view(doc, seat)` and the legal list, as
the server gives it. The same seeds are played by the random bot in the same run, as the baseline.

Figures per bot: win_rate, mean_trees (complete trees at the end), losses by reason, mean and max seconds
per decision (the bot's `choose` only, wall clock on this machine).
"""
from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from app.bots import bot_for_game, get_bot
from app.games import get_game


def play(game, bot, players: int, seed: int, options: dict, seconds: float | None) -> tuple[dict, int, list]:
    """(result, trees at the end, seconds per decision) of one game from `seed`."""
    doc = game.setup(players=players, options=options, seed=seed)
    spent = []
    while game.result(doc) is None:
        seat = game.to_act(doc)[0]
        view, legal = game.view(doc, seat), game.legal_moves(doc, seat)
        start = time.perf_counter()
        move = bot.choose(view, seat, legal, seconds=seconds)
        spent.append(time.perf_counter() - start)
        if not any(move is m for m in legal):
            raise AssertionError(f"{bot.name} returned {move!r}, not a member of the legal list")
        doc = game.apply(doc, seat, move).doc
    return game.result(doc), game.view(doc, None).get("trees", 0), spent


def measure(game, name: str, players: int, games: int, options: dict, seconds: float | None) -> dict:
    bot = get_bot(name)
    wins, trees, spent, reasons = 0, 0, [], Counter()
    for seed in range(games):
        result, made, times = play(game, bot, players, seed, options, seconds)
        wins += result["outcome"] == "won"
        if result["outcome"] != "won":
            reasons[result["reason"]] += 1
        trees += made
        spent += times
    return {"bot": name, "win_rate": round(wins / games, 3), "mean_trees": round(trees / games, 2),
            "losses": dict(sorted(reasons.items())), "decisions": len(spent),
            "mean_s_per_decision": round(sum(spent) / max(1, len(spent)), 4),
            "max_s_per_decision": round(max(spent, default=0.0), 4)}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="three-high")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--bot", default=None, help="the bot to measure (default: bot_for_game)")
    parser.add_argument("--seconds", type=float, default=None, help="budget passed to choose (default None)")
    parser.add_argument("--hidden-hands", action="store_true", help="play with the hidden_hands option")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    options = {"hidden_hands": True} if args.hidden_hands else {}
    name = args.bot or bot_for_game(args.game)
    line = {"game": game.name, "players": args.players, "games": args.games, "options": options,
            "seconds": args.seconds, **measure(game, name, args.players, args.games, options, args.seconds),
            "baseline": measure(game, "random", args.players, args.games, options, args.seconds)}
    print(json.dumps(line))


if __name__ == "__main__":
    main()
