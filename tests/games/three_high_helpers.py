"""Hand-built 3-High positions for the tests: only the fields ENGINE.md lists."""
from __future__ import annotations

import copy

from app.games import get_game

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
