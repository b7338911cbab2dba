"""Hand-built 3-High positions for the tests: only the fields ENGINE.md lists."""
from __future__ import annotations

import copy
import random

from app.games import get_game
from app.games.three_high.position import apply_unchecked, random_code

G = get_game("three-high")


def position(board, hands, pile=(), to_act=0, options=None, discard=()):
    """A document built by hand: `board` {"d2": ["red3"]}, `hands` [["8C"], ...], pile index 0 next."""
    return {
        "game": "three-high",
        "players": len(hands),
        "options": dict(options or {}),
        "to_act": [to_act],
        "secret": "hand-built",
        "board": copy.deepcopy(board),
        "hands": [list(hand) for hand in hands],
        "draw_pile": list(pile),
        "discard": list(discard),
    }


def play(card, side, piece):
    return {"card": card, "side": side, "piece": piece}


def apply_ok(doc, seat, move):
    """Apply a move that must be legal, checking it is listed and that the input is untouched."""
    before = copy.deepcopy(doc)
    assert move in G.legal_moves(doc, seat), f"{move} not listed\n{G.render_text(doc)}"
    step = G.apply(doc, seat, move)
    assert doc == before
    return step


def events_of(step, kind):
    return [event for event in step.events if event["type"] == kind]


def random_positions(count: int, seed: int):
    """Unfinished positions after 0..30 random plays, at 1-4 seats, with and without zero plays and hidden
    hands (the fast State of app/games/three_high/position.py)."""
    game = get_game("three-high")
    rng = random.Random(seed)
    found = 0
    while found < count:
        players = rng.randint(1, 4)
        options = game.check_options(players, {"allow_zero_moves": rng.random() < 0.4,
                                               "hidden_hands": rng.random() < 0.3})
        st = game.new_state(players, options, rng.getrandbits(64))
        for _ in range(rng.randrange(31)):
            if st.over is not None:
                break
            apply_unchecked(st, random_code(st, rng.randrange))
        if st.over is None:
            found += 1
            yield st
