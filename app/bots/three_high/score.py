"""A 3-High play scored after the game, from the mover's view at the time.

`score(view, seat, legal_moves, move, seconds)`: the team's estimated chance to win before the play (the
bot's own choice made) and after the play made, with the bot's choice and its reason (explain.py).

The chances are the bot's: honest greedy rollouts (rollout.py; with the evaluation's CLASSIC weights, those
the calibration was fitted with) of both plays in the same sampled worlds
(the unseen cards dealt anew in each: worlds.py, so nothing hidden is read), counted as won or lost, then
mapped through CALIBRATION so that a play called 30% wins about 30% of the time when the bot plays the
team's seats (bench/calibration.py measures it; docs/PERFORMANCE.md, "Move scores", has the tables). Greedy
rollouts play worse than the bot, so the raw fraction of won rollouts is too low, most of all in the middle
and at tables of several.

Deterministic: the rollouts' generator is seeded from the question, like the bot's own.
"""
from __future__ import annotations

import random
from bisect import bisect_right
from typing import Any

from app.bots.scores import N_, said, say_of

from app.games.base import Phrase
from app.games.three_high.cards import distance, move_text, step_square
from app.games.three_high.engine import ThreeHigh
from app.games.three_high.position import State, legal_codes

from .explain import explain_parts
from .plan import CLASSIC
from .rollout import Worlds, rollout
from .search import UNITS_PER_SECOND, ThreeHighBot, seed_of
from .worlds import base_state

MARKS = (0.05, 0.1, 0.2)  # a cost (the team's win chance) of at least these is marked ?!, ?, ??
UNIT = "chance"  # before/after: the team's chance to win, 0..1
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


def play_text(st: State, code: int) -> Phrase:
    """'8♦ north: red 3 d2→d7' (a Phrase: said in the reader's language by the web layer)."""
    card, piece, side = (code >> 6) & 31, (code >> 2) & 15, code & 3
    origin = st.pos[piece]
    dest = step_square(origin, side, distance(card, piece)) if origin >= 0 else -1
    return move_text(card, side, piece, origin, dest)


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


def _position(view: Any, seat: int) -> tuple[State, list[int], list[int], list[int], int]:
    base, unseen, hidden = base_state(view)
    base.to_act = seat
    counts = view.get("hand_counts") or [len(hand) for hand in base.hands]
    pile = view.get("draw_pile_count")
    if pile is None:
        pile = max(0, len(unseen) - sum(counts[s] for s in hidden))
    base.pile = [-1] * pile
    return base, unseen, hidden, counts, pile


def estimate(view: Any, seat: int, legal_moves: list, seconds: float, move: dict | None = None) -> dict:
    """The bot's choice and the team's chances: {"choice", "before" (the choice made), "after" (`move` made,
    the choice when None), "raw": the fractions of won rollouts}."""
    base, unseen, hidden, counts, pile = _position(view, seat)
    choice = ThreeHighBot().choose(view, seat, legal_moves, seconds)
    chosen = ThreeHigh.code_of(base, choice)
    played = chosen if move is None else ThreeHigh.code_of(base, move)
    rng = random.Random(seed_of(view, seat, legal_moves, "score"))
    compared = [chosen] if chosen == played else [chosen, played]
    raw = chances(base, unseen, hidden, counts, pile, compared, rng, seconds * UNITS_PER_SECOND)
    best, after = calibrated(raw[0], base.players), calibrated(raw[-1], base.players)
    return {"choice": choice, "before": max(best, after), "after": after, "raw": [round(x, 3) for x in raw],
            "state": base, "chosen": chosen, "played": played}


def score(view: Any, seat: int, legal_moves: list, move: dict, seconds: float) -> dict:
    """{"before", "after", "cost", "best", "best_text", "played_text", "reason", "summary"} for `move` (one of
    `legal_moves`), from `view` (the mover's) alone; `seconds` is the bot's budget for its own choice and
    about as much again for the rollouts."""
    found = estimate(view, seat, legal_moves, seconds, move)
    base, chosen, played = found.pop("state"), found.pop("chosen"), found.pop("played")
    before, after = found["before"], found["after"]
    why = explain_parts(base, chosen, legal_codes(base, seat))
    reason = why[0].format(**why[1])
    if chosen == played:
        summary = said(N_("the bot's own choice: {reason}"), reason=reason)
        best = best_text = None
    else:
        best, best_text = found["choice"], play_text(base, chosen)
        summary = said(N_("the bot would play {play}: {reason}"), play=best_text, reason=reason)
    summary["say"][1]["reason"] = list(why)   # the reason itself said in the reader's language too
    if best_text is not None:
        summary["say"][1]["play"] = say_of(best_text)   # and the play
    return {"before": before, "after": after, "cost": round(max(0.0, before - after), 3), "best": best,
            "best_text": best_text, "played_text": play_text(base, played), "reason": reason,
            **summary, "raw": found["raw"]}
