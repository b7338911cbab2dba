"""The 3-High bot's salt: its many plays of one deal vary, deterministically; without a salt it
plays as it always has."""
from __future__ import annotations

from app.bots import get_bot, varied
from app.games import get_game


def test_a_salt_varies_the_bots_choice_and_none_leaves_its_own_play():
    g, bot = get_game("three-high"), get_bot("three-high")
    differs = False
    for seed in range(4):
        doc = g.setup(players=1, options={}, seed=seed)
        view, legal = g.view(doc, 0), g.legal_moves(doc, 0)
        own = bot.choose(view, 0, legal, 0.05)
        assert bot.choose(view, 0, legal, 0.05, salt=None) == own == varied("three-high", view, 0, legal, None, 0.05)
        salted = [varied("three-high", view, 0, legal, salt, 0.05) for salt in range(1, 6)]
        assert salted == [varied("three-high", view, 0, legal, salt, 0.05) for salt in range(1, 6)]
        assert all(move in legal for move in salted)
        differs = differs or any(move != own for move in salted)
    assert differs, "no salt ever changed the bot's choice"


def test_a_bot_without_a_salt_plays_its_plain_choice():
    g = get_game("dash")
    doc = g.setup(players=2, options={}, seed=1)
    seat = g.to_act(doc)[0]
    view, legal = g.view(doc, seat), g.legal_moves(doc, seat)
    assert varied("dash", view, seat, legal, 7) == get_bot("dash").choose(view, seat, legal)
