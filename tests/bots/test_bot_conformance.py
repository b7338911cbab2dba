"""One bot conformance test over every entry of GAMES: given only the view, each game's own bot and the
random bot return one of the legal moves, at every kind of position a random playout reaches."""
from __future__ import annotations

import random

import pytest

from app.bots import DEFAULT_BOT, bot_for_game, get_bot
from app.games import GAMES, get_game


def same_move(move: dict, legal: list[dict]) -> bool:
    """`move` is one of `legal`; a move the rules let the mover complete with free text (a dare's "text")
    counts as the legal move it completes."""
    if move in legal:
        return True
    if not isinstance(move, dict) or not isinstance(move.get("text"), str):
        return False
    bare = {key: value for key, value in move.items() if key != "text"}
    return bare in legal and 0 < len(move["text"].strip()) <= 200


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("bot", ["own", DEFAULT_BOT])
def test_the_bot_returns_a_legal_move_from_the_view_alone(name, bot):
    game = get_game(name)
    chooser = get_bot(bot_for_game(name) if bot == "own" else bot)
    rng = random.Random(name)
    for players in sorted({game.min_players, min(game.max_players, game.min_players + 1), game.max_players}):
        doc = game.setup(players, {}, f"bot-conformance-{players}")
        for ply in range(30):
            seats = game.to_act(doc)
            if not seats:
                break
            seat = rng.choice(seats)
            legal = game.legal_moves(doc, seat)
            assert legal, game.render_text(doc)
            if ply % 3 == 0:  # the bot's choice, every third ply (searching bots take their time)
                move = chooser.choose(game.view(doc, seat), seat, legal, seconds=0.05)
                assert same_move(move, legal), f"{chooser!r} chose {move!r}\n{game.render_text(doc)}"
            else:
                move = rng.choice(legal)
                if "text" not in move and move.get("action") == "set_dare":
                    move = dict(move, text="Sing a song")
            doc = game.apply(doc, seat, move).doc


def test_every_game_names_a_bot_the_registry_holds():
    for name, game in GAMES.items():
        assert bot_for_game(name) == name, f"{name} declares bot {game.bot!r}, which is not registered"
