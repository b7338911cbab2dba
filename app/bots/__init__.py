"""Bots: `get_bot(name).choose(view, seat, legal_moves, seconds=None)` returns one of `legal_moves`.

A bot sees only `view = g.view(doc, seat)`, never the doc. Each game names its own bot in its declaration
(`Game.bot = "module:Class"`, a class in a package of app.bots), and the bot is registered under the
game's name ("three-high"). "random" plays any game: it picks a legal move deterministically from the view.
`bot_for_game(game_name)` names the bot a table seats by default. `hint(...)` is a bot's move with its reason
in words, for a player who asks (each game's app/bots/<game>/explain.py: `explain_say(view, seat, move)`).

Levels: a game's bot package may declare `LEVELS = {level: class}`, strongest first (Turning Points: strong,
standard). Each level is registered as "<game>:<level>", and the game's own name is its first level (the one
a table seats by default, and the hints' bot); `levels_of(game_name)` lists them, for a host who picks one
when adding a bot. A bot without LEVELS has one level, the game's declared class.
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import json
import sys
from typing import Any

from app.games import GAMES

DEFAULT_BOT = "random"  # plays any game; the host may pick it instead of the game's own bot


# Moves that legal_moves lists without the free text the mover adds (ENGINE.md: Dash's set_dare): the field
# to fill, and what the random bot writes there.
FREE_TEXT = {"set_dare": ("text", ("Sing the first line of a song.", "Tell a joke.", "Do five jumping jacks."))}


class RandomBot:
    name = "random"

    def choose(self, view: Any, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
        if not legal_moves:
            raise ValueError(f"Seat {seat} has no legal move to choose from.")
        blob = json.dumps([view, seat], sort_keys=True, default=str).encode()
        number = int.from_bytes(hashlib.sha256(blob).digest()[:8], "big")
        move = legal_moves[number % len(legal_moves)]
        free = FREE_TEXT.get(move.get("action")) if isinstance(move, dict) else None
        if free is not None and free[0] not in move:
            field, texts = free
            move = dict(move, **{field: texts[number % len(texts)]})
        return move


def _load(spec: str) -> Any:
    """An instance of the bot class named "module:Class" under app.bots."""
    module, _, cls = spec.partition(":")
    return getattr(importlib.import_module(f"{__name__}.{module}"), cls)()


def _levels(spec: str) -> dict[str, Any]:
    """{level: an instance} of the bot named "module:Class" (its package's LEVELS, strongest first), or {}."""
    module = importlib.import_module(f"{__name__}.{spec.partition(':')[0]}")
    return {level: cls() for level, cls in getattr(module, "LEVELS", {}).items()}


LEVELS: dict[str, tuple[str, ...]] = {}  # game name -> its bot's levels, strongest (the default) first
BOTS: dict[str, Any] = {DEFAULT_BOT: RandomBot()}
for _name, _game in GAMES.items():
    _leveled = _levels(_game.bot)
    if _leveled:
        LEVELS[_name] = tuple(_leveled)
        BOTS[_name] = next(iter(_leveled.values()))
        BOTS.update({f"{_name}:{level}": bot for level, bot in _leveled.items()})
    else:
        BOTS[_name] = _load(_game.bot)


def levels_of(game_name: str) -> tuple[str, ...]:
    """The levels a host may pick for the game's own bot, strongest (the default) first; () for one level."""
    return LEVELS.get(game_name, ())


def bot_for_game(game_name: str) -> str:
    """The name of the bot a table of `game_name` seats by default: the game's own."""
    return game_name if game_name in BOTS else DEFAULT_BOT


def choose(bot_name: str, view: Any, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
    """`get_bot(bot_name).choose(...)`: a plain function, so a worker process can run it."""
    return get_bot(bot_name).choose(view, seat, legal_moves, seconds=seconds)


def varied(bot_name: str, view: Any, seat: int, legal_moves: list, salt: Any, seconds: float | None = None) -> dict:
    """The bot's move varied by `salt` where the bot takes one (3-High: its search's seed), else its plain
    choice: a bot's many plays of one deal. A plain function, like `choose`."""
    bot = get_bot(bot_name)
    if "salt" in inspect.signature(bot.choose).parameters:
        return bot.choose(view, seat, legal_moves, seconds=seconds, salt=salt)
    return bot.choose(view, seat, legal_moves, seconds=seconds)


def hint(bot_name: str, view: Any, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
    """{"move", "reason", "reason_say"}: the bot's move for a player who asked for a hint, and why in one
    sentence when the bot can say: the `explain_say(view, seat, move[, seconds])` of the explain.py beside the
    bot (app/bots/<game>/explain.py), else the bot's own optional `explain_say` method; the reason as
    [message id, params] (said in the reader's language by the web layer) and in English. Both read only the
    view, like the bot. A plain function, like `choose`."""
    bot = get_bot(bot_name)
    say = explainer(bot)
    timed = say is not None and "seconds" in inspect.signature(say).parameters
    # an explainer that thinks too (3-High's rollouts, Turning Points' replies) takes its module's
    # BUDGET_SHARE of the budget, and the bot's choice the rest: the hint keeps the table's budget
    share = getattr(sys.modules.get(say.__module__), "BUDGET_SHARE", 0.0) if timed and seconds else 0.0
    move = bot.choose(view, seat, legal_moves, seconds=seconds * (1 - share) if share else seconds)
    if say is None:
        return {"move": move, "reason": ""}
    reason = say(view, seat, move, seconds=seconds * share if share else seconds) if timed else say(view, seat, move)
    return {"move": move, "reason": english(reason), "reason_say": list(reason)}


def explainer(bot: Any) -> Any:
    """The function that says why `bot` makes a move: `explain_say` in the explain.py of the bot's package
    (app.bots.<game>.explain), else the bot's own `explain_say`, else None."""
    package = type(bot).__module__.rpartition(".")[0] if type(bot).__module__.count(".") >= 3 else ""
    if package.startswith(f"{__name__}."):
        name = f"{package}.explain"
        if importlib.util.find_spec(name) is not None:
            found = getattr(importlib.import_module(name), "explain_say", None)
            if found is not None:
                return found
    return getattr(bot, "explain_say", None)


def english(say: Any) -> str:
    """[message id, params] in English: each param that is itself [id, params] said too."""
    message, params = say
    return message.format(**{k: english(v) if isinstance(v, list) and len(v) == 2 and isinstance(v[1], dict)
                             else v for k, v in params.items()}) if params else message


def get_bot(name: str = DEFAULT_BOT) -> Any:
    try:
        return BOTS[name]
    except KeyError:
        raise KeyError(f"There is no bot called {name!r}; known bots: {', '.join(sorted(BOTS))}.") from None
