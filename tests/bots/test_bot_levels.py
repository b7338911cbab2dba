"""A game's bot levels (app.bots.LEVELS): each is registered under "<game>:<level>", the first is the game's
own bot, and every level plays whole games through the engine contract legally (a view and the legal list,
as the server gives them). Strength is measured by `python -m bench.bots` (docs/PERFORMANCE.md), never here:
the one check of play beyond legality is deterministic (fixed seeds, no clock)."""
from __future__ import annotations

import json
import random

import pytest

from app.bots import BOTS, bot_for_game, get_bot, levels_of
from app.games import get_game

LEVELED = {"turning-points": ("strong", "standard"), "martian-treasure-hunt": ("standard", "easy")}
# (game, players, options): the smallest and a larger table of each game with levels
TABLES = [("turning-points", 2, {}), ("turning-points", 3, {}), ("martian-treasure-hunt", 2, {}),
          ("martian-treasure-hunt", 3, {})]


class Mover:
    """A seeded uniformly random legal move."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"levels-{seed}")

    def choose(self, view, seat, legal_moves, seconds=None):
        return self.rng.choice(legal_moves)


def play(game_name: str, players: int, options: dict, seed: int, bots: dict) -> dict:
    """A whole game, bots[seat] at its seats (a Mover elsewhere); every move checked to be a member of the legal
    list the bot was given. The result."""
    g = get_game(game_name)
    doc = g.setup(players=players, options=options, seed=seed)
    mover = Mover(seed)
    for _ in range(2000):
        if g.result(doc) is not None:
            return g.result(doc)
        seat = g.to_act(doc)[0]
        legal = g.legal_moves(doc, seat)
        view = json.loads(json.dumps(g.view(doc, seat)))  # what travels: JSON, never the doc
        bot = bots.get(seat, mover)
        move = bot.choose(view, seat, legal, seconds=0.2)
        assert any(move is m for m in legal), f"{move} is not a member of the legal list"
        doc = g.apply(doc, seat, move).doc
    raise AssertionError("the game did not end")


def test_the_levels_are_registered_strongest_first_and_the_first_is_the_games_own_bot():
    for game, levels in LEVELED.items():
        assert levels_of(game) == levels
        assert bot_for_game(game) == game and get_bot(game) is BOTS[f"{game}:{levels[0]}"]
        for level in levels:
            assert get_bot(f"{game}:{level}").name == game  # it plays the game's views
    assert levels_of("dash") == () and levels_of("three-high") == () and "dash:strong" not in BOTS


@pytest.mark.parametrize("game,players,options", TABLES)
@pytest.mark.parametrize("which", [0, 1])
def test_each_level_plays_whole_games_legally(game, players, options, which):
    bot = get_bot(f"{game}:{LEVELED[game][which]}")
    for seed in range(2):
        result = play(game, players, options, seed, {seed % players: bot})
        assert result["winners"] and set(result["winners"]) <= set(range(players))


@pytest.mark.parametrize("game", sorted(LEVELED))
def test_the_levels_play_each_other_legally_at_every_seat(game):
    strong, weak = (get_bot(f"{game}:{level}") for level in LEVELED[game])
    play(game, 2, {}, 7, {0: strong, 1: weak})
    play(game, 3, {}, 8, {0: weak, 1: strong, 2: strong})


@pytest.mark.parametrize("game,level", [(game, level) for game, levels in sorted(LEVELED.items())
                                        for level in levels])
def test_every_level_beats_random_play_on_fixed_seeds(game, level):
    """Deterministic: the bots count their effort, never the clock, and the seeds are fixed."""
    strong = get_bot(f"{game}:{level}")
    for seed in range(4):
        seat = seed % 2
        result = play(game, 2, {}, seed, {seat: strong})
        assert result["winners"] == [seat], (seed, result)
