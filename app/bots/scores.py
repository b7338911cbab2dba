"""Move scores after the game: `score(game, view, seat, legal_moves, move, seconds)` scores one
move from the mover's view at the time, with the game's own scorer (app/bots/<game>/score.py), and marks it.

Every scorer reads the view only (never the doc, like the bots), so a score cannot depend on what the mover
could not see. Each returns {"before", "after", "cost", "best", "summary", ...}: `cost` (>= 0) is how much
the move gave up against the bot's best, in the game's unit (3-High: the team's win chance; Turning
Points: points of margin or of expected score; Martian Treasure Hunt: expected points; Dash: turns), and
the game's MARKS say from what cost a move is marked "?!", "?" or "??" (lichess's inaccuracy, mistake,
blunder). A plain function, so the bots' worker processes can run it.
"""
from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from app.games import GAMES
from app.games.base import Phrase

MARK_NAMES = ("?!", "?", "??")


def N_(message: str) -> str:
    """Marks a summary for translation (`make i18n` extracts it): a scorer returns {"summary": the English
    sentence, "say": [N_(message), params]}, and the web layer says `say` in the reader's language."""
    return message


def said(message: str, **params: object) -> dict:
    """{"summary", "say"}: the sentence in English, and its message id with its params for other languages."""
    return {"summary": message.format(**params) if params else message, "say": [message, params]}


def say_of(text: object) -> list | None:
    """A move's text (a Phrase of the game's describe_move, a scorer's play text) as [message id, params] to
    store, each param that is itself a Phrase nested the same way, for the web layer to say in the reader's
    language; None for a plain str (said as it is)."""
    if not isinstance(text, Phrase):
        return None
    return [text.message, {k: say_of(v) or (str(v) if isinstance(v, str) else v) for k, v in text.params.items()}]


def scorer(game: str) -> Any:
    """The game's score module: `score.py` in the package of the bot the game declares (Game.bot,
    "package:Class" under app.bots), or None for a game without one."""
    g = GAMES.get(game)
    if g is None or not g.bot:
        return None
    name = f"app.bots.{g.bot.split(':')[0].split('.')[0]}.score"
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:  # the bot's package is not one of app.bots
        return None
    return importlib.import_module(name) if found is not None else None


def unit(game: str) -> str | None:
    """What a score's `before`, `after` and `cost` count: "chance" (3-High), "points" (Turning Points,
    Martian Treasure Hunt), "turns" (Dash); None for a game without a scorer."""
    module = scorer(game)
    return getattr(module, "UNIT", None) if module is not None else None


def mark(cost: float, marks: tuple[float, ...]) -> str | None:
    found = None
    for name, threshold in zip(MARK_NAMES, marks):
        if cost >= threshold:
            found = name
    return found


def score(game: str, view: Any, seat: int, legal_moves: list, move: Any, seconds: float) -> dict:
    """The scored move: the game scorer's fields (without its marks) plus "mark"."""
    module = scorer(game)
    if module is None or not legal_moves:
        return {"before": None, "after": None, "cost": 0.0, "best": None, "summary": "", "mark": None}
    out = module.score(view, seat, legal_moves, move, seconds)
    marks = out.pop("marks", getattr(module, "MARKS", ()))
    out["mark"] = mark(float(out["cost"]), marks)
    return out
