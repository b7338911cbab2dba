"""A 3-High play scored after the game, from the mover's view at the time.

`score(view, seat, legal_moves, move, seconds)`: the team's estimated chance to win before the play (the
bot's own choice made) and after the play made, with the bot's choice and its reason (explain.py).

The chances are the bot's (chances.py): honest greedy rollouts of both plays in the same sampled worlds,
counted as won or lost and calibrated, so that a play called 30% wins about 30% of the time when the bot
plays the team's seats.

Deterministic: the rollouts' generator is seeded from the question, like the bot's own.
"""
from __future__ import annotations

import random
from typing import Any

from app.bots.scores import N_, said, say_of

from app.games.base import Phrase
from app.games.three_high.cards import distance, move_text, step_square
from app.games.three_high.engine import ThreeHigh
from app.games.three_high.position import State, legal_codes

from .chances import calibrated, chances
from .explain import explain_parts
from .search import UNITS_PER_SECOND, ThreeHighBot, seed_of
from .worlds import position_of

MARKS = (0.05, 0.1, 0.2)  # a cost (the team's win chance) of at least these is marked ?!, ?, ??
UNIT = "chance"  # before/after: the team's chance to win, 0..1


def play_text(st: State, code: int) -> Phrase:
    """'8♦ north: red 3 d2→d7' (a Phrase: said in the reader's language by the web layer)."""
    card, piece, side = (code >> 6) & 31, (code >> 2) & 15, code & 3
    origin = st.pos[piece]
    dest = step_square(origin, side, distance(card, piece)) if origin >= 0 else -1
    return move_text(card, side, piece, origin, dest)


def estimate(view: Any, seat: int, legal_moves: list, seconds: float, move: dict | None = None) -> dict:
    """The bot's choice and the team's chances: {"choice", "before" (the choice made), "after" (`move` made,
    the choice when None), "raw": the fractions of won rollouts}."""
    base, unseen, hidden, counts, pile = position_of(view, seat)
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
