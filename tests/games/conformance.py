"""What the conformance suite (test_conformance*.py, test_golden.py) and the golden data's generator
(data/generate.py) share: the tables every game in GAMES is played at, seeded random playouts (played once
per test run and shared), and moves built from a game's own vocabulary.

Nothing here names a game: a fifth game in GAMES is played, checked and given golden data like the four.
"""
from __future__ import annotations

import functools
import importlib
import itertools
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.games import GAMES, get_game

GAME_NAMES = sorted(GAMES)
# Plies a random game may take here when its rules set no bound (max_plies None: Dash, Martian Treasure
# Hunt): 200 random games of each took at most 218 and 379 plies. A bounded game gets its own max_plies.
RANDOM_PLAY_BUDGET = 2000
PLAYOUT_SEEDS = (0, 1)  # each table is played from these seeds (the moves chosen by a Random of the same)


TESTS = Path(__file__).resolve().parent  # tests/games/


def own_tests(name: str) -> Path | None:
    """The tests folder of a game kept in folders of its own (tests/games/<its package>/: its cases, golden
    data and client fixtures), or None for a game whose tests live here beside the others'."""
    module = type(get_game(name)).__module__.split(".")
    folder = TESTS / module[2] if module[:2] == ["app", "games"] and len(module) > 2 else None
    return folder if folder is not None and folder.is_dir() else None


def own_cases(attr: str) -> dict:
    """For each game kept in folders of its own, `attr` of its tests/games/<package>/cases.py (the invalid-move
    cases of the engine and API tests); a game without that module has none (its test says so)."""
    found = {}
    for name in GAMES:
        folder = own_tests(name)
        if folder is not None and (folder / "cases.py").is_file():
            found[name] = getattr(importlib.import_module(f"tests.games.{folder.name}.cases"), attr)
    return found


def plies_allowed(game) -> int:
    """The declared bound on a game's length, or the budget of random play for a game without one."""
    return RANDOM_PLAY_BUDGET if game.max_plies is None else game.max_plies


def canon(value: Any) -> str:
    """One text per JSON value, whatever its key order: moves compare by it."""
    return json.dumps(value, sort_keys=True)


def option_variants(game, players: int) -> list[dict]:
    """The defaults, then each boolean option flipped on its own (hidden hands and the like)."""
    out = [game.default_options(players)]
    for spec in game.option_specs(players):
        if spec["type"] == "bool" and "depends_on" not in spec:
            out.append(dict(out[0], **{spec["name"]: not spec["default"]}))
    return out


def table_options(game, players: int) -> list[dict]:
    """`option_variants`, then each other choice of a choice option that depends on none (a board's shape;
    the options depending on it take their defaults for it)."""
    out = option_variants(game, players)
    for spec in game.option_specs(players):
        if spec["type"] == "choice" and "depends_on" not in spec:
            for choice in spec["choices"]:
                if choice != spec["default"]:
                    out.append(game.check_options(players, {spec["name"]: choice}))
    return out


def tables(game) -> list[tuple[int, dict]]:
    """(players, options) of every table the suite plays: each seat count with each of its table_options
    but those whose game is another's (an option the rules ignore, like 3-High's bot_strength, leaves the
    doc as it was)."""
    out, seen = [], set()
    for players in range(game.min_players, game.max_players + 1):
        for options in table_options(game, players):
            doc = canon(game.setup(players, options, 0))
            if doc not in seen:
                seen.add(doc)
                out.append((players, options))
    return out


def viewers(players: int) -> list[int | None]:
    return [*range(players), None]


@dataclass(frozen=True)
class Play:
    seat: int
    move: Any
    events: list
    legal: tuple  # the legal moves of every seat to act on the doc the move was made on: ((seat, moves), ...)


@dataclass(frozen=True)
class Playout:
    """A random game from setup(players, options, seed): docs[i + 1] is the doc after plays[i]."""

    name: str
    players: int
    options: dict
    seed: int
    docs: list
    plays: list

    @property
    def label(self) -> str:
        return f"{self.name} ({self.players} players, {self.options}, seed {self.seed})"


def play_out(name: str, players: int, options: dict, seed: int, plies: int | None = None) -> Playout:
    """Random legal moves of random seats to act, from setup to the end or `plies` (plies_allowed); checks
    that apply never changes its input."""
    game = get_game(name)
    rng = random.Random(seed)
    doc = game.setup(players, options, seed)
    docs, plays = [doc], []
    for _ in range(plies_allowed(game) if plies is None else plies):
        seats = game.to_act(doc)
        if not seats:
            break
        legal = tuple((seat, game.legal_moves(doc, seat)) for seat in seats)
        seat, moves = legal[rng.randrange(len(legal))]
        assert moves, f"seat {seat} is to act with no legal move\n{game.render_text(doc)}"
        move = moves[rng.randrange(len(moves))]
        before = json.dumps(doc)
        step = game.apply(doc, seat, move)
        assert json.dumps(doc) == before, f"{name}: apply changed the doc it was given"
        plays.append(Play(seat, move, step.events, legal))
        doc = step.doc
        docs.append(doc)
    return Playout(name, players, options, seed, docs, plays)


@functools.lru_cache(maxsize=None)
def playouts(name: str) -> tuple[Playout, ...]:
    """Every table of the game played from each of PLAYOUT_SEEDS, once per test run."""
    game = get_game(name)
    return tuple(play_out(name, players, options, seed)
                 for players, options in tables(game) for seed in PLAYOUT_SEEDS)


def probes(playout: Playout, count: int = 4) -> list[int]:
    """Indices of `count` docs spread over a playout, the first and the last included."""
    last = len(playout.docs) - 1
    return sorted({round(i * last / max(1, count - 1)) for i in range(count)})


def kinds_of_position(playout: Playout) -> list[int]:
    """The index of the first doc of each kind of position in a playout: how many seats act, and the shapes
    of their moves (a dare to set or answer, an arrangement before the play), which random docs may miss."""
    first: dict = {}
    for index, play in enumerate(playout.plays):
        kind = (len(play.legal), tuple(sorted({canon(sorted(move)) if isinstance(move, dict) else type(move).__name__
                                              for _seat, moves in play.legal for move in moves})))
        first.setdefault(kind, index)
    return sorted(first.values())


# -- moves from a game's own vocabulary -------------------------------------------------------------------
def vocabulary(playout: Playout) -> dict[tuple, dict[str, list]]:
    """The game's shapes of a move seen in a playout (the sorted keys of a listed move dict), each with
    every value each key took, in first-seen order (a flag both true and false): the names the game as set
    up has."""
    shapes: dict[tuple, dict[str, dict]] = {}
    for play in playout.plays:
        for _seat, moves in play.legal:
            for move in moves:
                if isinstance(move, dict):
                    values = shapes.setdefault(tuple(sorted(move)), {key: {} for key in move})
                    for key, value in move.items():
                        values[key].setdefault(canon(value), value)
    for values in shapes.values():
        for seen in values.values():
            if all(type(value) is bool for value in seen.values()):  # a flag: both values are names of the game
                seen.update({canon(flag): flag for flag in (True, False)})
    return {shape: {key: list(seen.values()) for key, seen in values.items()} for shape, values in shapes.items()}


def well_formed(vocab: dict, legal: list, rng: random.Random, limit: int = 300) -> list:
    """Moves of the game's shapes made of its own names (any of which a position of the game could allow):
    every listed move with one value changed to each other value of that key (for a dozen listed moves
    spread over the list), and random combinations of the values of one shape, `limit` moves in all at
    most."""
    out: dict[str, Any] = {}
    for move in legal[::max(1, len(legal) // 12)][:12]:
        shape = vocab.get(tuple(sorted(move))) if isinstance(move, dict) else None
        for key, values in (shape or {}).items():
            for value in values[:40]:
                out.setdefault(canon(dict(move, **{key: value})), dict(move, **{key: value}))
    for values in vocab.values():
        product = 1
        for choices in values.values():
            product *= len(choices)
        if product <= 64:
            combos = [dict(zip(values, combo)) for combo in itertools.product(*values.values())]
        else:
            combos = [{key: rng.choice(choices) for key, choices in values.items()} for _ in range(64)]
        for move in combos:
            out.setdefault(canon(move), move)
    moves = list(out.values())
    return moves if len(moves) <= limit else rng.sample(moves, limit)


NOT_A_NAME = "no such name"
WRONG_TYPES = [None, 2.5, [], {"x": 1}, NOT_A_NAME]


def malformed(vocab: dict, legal: list) -> list[tuple[Any, bool]]:
    """Listed moves made into no move of the game: (move, surely_invalid). An unknown key added, or a value
    of another type or a name the game lacks put in: InvalidMove (surely_invalid). A key left out:
    refused, and InvalidMove when no move of the game has the keys left (surely_invalid)."""
    out = []
    for move in legal[:3]:
        if not isinstance(move, dict):
            continue
        out.append((dict(move, no_such_key=1), True))
        for key in move:
            out.extend((dict(move, **{key: wrong}), True) for wrong in WRONG_TYPES)
            rest = {k: v for k, v in move.items() if k != key}
            out.append((rest, tuple(sorted(rest)) not in vocab))
    return out
