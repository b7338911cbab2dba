"""The Dash bot plays from views only, always legally: it draws, sets a built-in dare, answers "done"."""
from __future__ import annotations

import json
import random

import pytest

from app.bots.dash import DashBot
from app.games.dash.dares import SUGGESTIONS
from tests.games.dash_helpers import G, position

BOT = DashBot()


def ask(doc, seat):
    """The bot's move for `seat`, asked the way the server asks: its view and the legal list."""
    legal = G.legal_moves(doc, seat)
    move = BOT.choose(G.view(doc, seat), seat, legal)
    assert any(move is m for m in legal), f"{move} is not a member of the legal list"
    assert move in legal
    return move


def test_the_dash_bot_is_the_games_bot():
    from app.bots import bot_for_game, get_bot
    from app.games import GAMES
    if "dash" not in GAMES:
        pytest.skip("Dash is not registered in this tree")
    assert bot_for_game("dash") == "dash" and isinstance(get_bot("dash"), DashBot)
    assert G.bot == "dash:DashBot"


def test_bot_draws_on_its_turn():
    doc = position([0, 0, 0], ["red"], to_act=2)
    assert ask(doc, 2) == {"action": "draw"}


def test_bot_sets_a_built_in_dare_the_engine_accepts():
    doc = G.apply(position([0, 0, 0], ["DARE", "red"], to_act=0), 0, {"action": "draw"}).doc
    move = ask(doc, 1)
    assert move["action"] == "set_dare" and move["text"] in SUGGESTIONS
    after = G.apply(doc, 1, move).doc
    assert after["dare"] == {"seat": 0, "text": move["text"]}


def test_bot_dares_vary_with_the_position():
    texts = set()
    for space in range(30):
        doc = G.apply(position([space, 0, 0], ["DARE", "red"], to_act=0), 0, {"action": "draw"}).doc
        texts.add(ask(doc, 2)["text"])
    assert len(texts) >= 8


def test_bot_answers_done():
    doc = position([0, 0], ["red"], to_act=None, discard=["DARE"], dare={"seat": 1, "text": "Sing"})
    assert ask(doc, 1) == {"action": "answer_dare", "done": True}


def test_bot_is_deterministic_and_reads_only_the_view():
    doc = G.apply(position([5, 9, 0], ["DARE", "red"], to_act=0), 0, {"action": "draw"}).doc
    view = json.loads(json.dumps(G.view(doc, 1)))
    first = BOT.choose(view, 1, G.legal_moves(doc, 1))
    assert BOT.choose(view, 1, G.legal_moves(doc, 1)) == first


def test_bot_refuses_another_games_view():
    with pytest.raises(ValueError, match="plays Dash"):
        BOT.choose({"game": "three-high"}, 0, [{"card": "AH", "side": "N", "piece": "red1"}])
    with pytest.raises(ValueError, match="no legal move"):
        BOT.choose(G.view(G.setup(2, {}, 1), 0), 0, [])


@pytest.mark.parametrize("players", [2, 3, 5])
def test_bots_play_whole_games_to_a_finish(players):
    """Bots in every seat (the acting seat picked at random among to_act, as racing people would)."""
    rng = random.Random(players)
    for game in range(4):
        doc = G.setup(players, {"there_and_back": game % 2 == 1}, f"bots-{players}-{game}")
        for _ in range(3000):
            seats = G.to_act(doc)
            if not seats:
                break
            seat = rng.choice(seats)
            doc = G.apply(doc, seat, ask(doc, seat)).doc
        assert G.result(doc) is not None and not any(doc["skip"])
