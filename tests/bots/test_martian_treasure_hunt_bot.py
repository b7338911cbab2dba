"""The Martian Treasure Hunt bot plays from views only, always legally, takes the treasure the dice offer,
keeps its coins out of reach, arranges in reading order, and beats the random bot."""
from __future__ import annotations

import random

import pytest

from app.bots import RandomBot
from app.bots.martian_treasure_hunt import MartianTreasureHuntBot
from tests.games.test_martian_treasure_hunt_helpers import BISHOP, G, KING, QUEEN, ROOK, position

BOT = MartianTreasureHuntBot()
N_HOME = {0: "0,9", 5: "5,9"}


def ask(doc: dict, seat: int | None = None) -> dict:
    """The bot's move, asked the way the server asks: the seat's view and the legal list."""
    seat = G.to_act(doc)[0] if seat is None else seat
    legal = G.legal_moves(doc, seat)
    move = BOT.choose(G.view(doc, seat), seat, legal)
    assert any(move is m for m in legal), f"{move} is not a member of the legal list\n{G.render_text(doc)}"
    return move


def test_the_bot_is_the_games_bot():
    from app.bots import bot_for_game, get_bot
    from app.games import GAMES
    if "martian-treasure-hunt" not in GAMES:
        pytest.skip("Martian Treasure Hunt is not registered in this tree")
    assert bot_for_game("martian-treasure-hunt") == "martian-treasure-hunt"
    assert isinstance(get_bot("martian-treasure-hunt"), MartianTreasureHuntBot)
    assert G.bot == "martian_treasure_hunt:MartianTreasureHuntBot"


def test_bot_arranges_in_reading_order_from_its_own_seat():
    doc = G.setup(4, {}, 1)
    orders = [ask(doc, seat)["order"] for seat in range(4)]
    assert orders == [[0, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 0], [5, 4, 3, 2, 1, 0], [0, 1, 2, 3, 4, 5]]
    assert ask(G.setup(4, {}, 2), 0) == ask(G.setup(4, {}, 3), 0)  # not random


def test_bot_takes_the_largest_treasure_in_reach():
    doc = position(coins={0: {1: "2,3", 2: "0,0"}, 1: N_HOME}, pyramids={"2,5": 1, "4,3": 3, "5,7": 1},
                   dice=(1, ROOK), left_home={0: [1]})
    assert ask(doc) == {"to": "4,3"}


def test_bot_takes_a_coin_over_a_small_pyramid():
    doc = position(coins={0: {4: "2,3", 2: "0,0"}, 1: {0: "4,5", 5: "5,9"}}, pyramids={"2,4": 1, "5,7": 1},
                   dice=(4, QUEEN), left_home={0: [4], 1: [0]})
    assert ask(doc) == {"to": "4,5"}


def test_bot_keeps_its_coin_out_of_an_enemy_queens_reach():
    # Both squares hold a small pyramid; 3,4 lies on the diagonal of the moon null on 5,6, 1,4 on no
    # line of either moon coin.
    doc = position(coins={0: {5: "2,3", 2: "0,0"}, 1: {0: "5,6", 1: "5,9"}}, dice=(5, KING),
                   pyramids={"3,4": 1, "1,4": 1, "4,2": 1}, left_home={0: [5], 1: [0]})
    assert ask(doc) == {"to": "1,4"}


def test_bot_does_not_end_the_game_while_behind_when_it_can_wait():
    doc = position(coins={0: {3: "2,3", 2: "0,0"}, 1: N_HOME}, pyramids={"4,5": 1}, dice=(3, BISHOP),
                   left_home={0: [3]}, stash={1: [3, 3]})
    assert ask(doc) != {"to": "4,5"}
    ahead = position(coins={0: {3: "2,3", 2: "0,0"}, 1: N_HOME}, pyramids={"4,5": 1}, dice=(3, BISHOP),
                     left_home={0: [3]}, stash={0: [3, 3]})
    assert ask(ahead) == {"to": "4,5"}


def test_bot_refuses_another_games_view():
    with pytest.raises(ValueError, match="only Martian Treasure Hunt views"):
        BOT.choose({"game": "three-high"}, 0, [{"card": "AH"}])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_is_legal_and_deterministic_over_whole_games(players):
    rng = random.Random(players)
    doc = G.setup(players, {}, f"bot-games-{players}")
    while G.to_act(doc):
        seat = rng.choice(G.to_act(doc))
        legal = G.legal_moves(doc, seat)
        view = G.view(doc, seat)
        move = BOT.choose(view, seat, legal)
        assert any(move is m for m in legal) and BOT.choose(view, seat, legal) == move
        doc = G.apply(doc, seat, move).doc


def test_bot_beats_the_random_bot_at_two_players():
    """A small sample of the measurement (30 games, seats alternating): it should win at least 75%."""
    rnd, wins = RandomBot(), 0
    for game in range(30):
        me = game % 2
        doc = G.setup(2, {}, f"bot-vs-random-{game}")
        while G.to_act(doc):
            seat = G.to_act(doc)[0]
            chooser = BOT if seat == me else rnd
            doc = G.apply(doc, seat, chooser.choose(G.view(doc, seat), seat, G.legal_moves(doc, seat))).doc
        wins += me in G.result(doc)["winners"]
    assert wins >= 0.75 * 30
