"""Hand-built Dash positions for the tests: only the fields ENGINE.md lists."""
from __future__ import annotations

import copy

from app.games import IllegalMove
from app.games.dash import Dash

G = Dash()  # the tests use the class directly, registered or not


def position(positions, deck, to_act=0, discard=("red",), skip=None, dare=None, legs=None, options=None,
             secret="hand-built"):
    """A document built by hand: `positions` per seat, `deck` index 0 drawn next."""
    doc = {
        "game": "dash",
        "players": len(positions),
        "options": dict(options or {}),
        "to_act": [to_act] if to_act is not None else [],
        "secret": secret,
        "board": "classic",
        "positions": list(positions),
        "skip": list(skip) if skip is not None else [False] * len(positions),
        "deck": list(deck),
        "discard": list(discard),
        "dare": copy.deepcopy(dare),
    }
    if legs is not None:
        doc["legs"] = list(legs)
    if dare is not None:
        doc["to_act"] = [seat for seat in range(len(positions)) if seat != dare["seat"]] \
            if dare.get("text") is None else [dare["seat"]]
    return doc


DRAW = {"action": "draw"}
DONE = {"action": "answer_dare", "done": True}
REFUSE = {"action": "answer_dare", "done": False}


def dare(text):
    return {"action": "set_dare", "text": text}


def apply_ok(doc, seat, move):
    """Apply a move that must be legal (listed, the text aside), checking the input is untouched."""
    before = copy.deepcopy(doc)
    listed = {key: value for key, value in move.items() if key != "text"}
    assert listed in G.legal_moves(doc, seat), f"{move} not listed for seat {seat}\n{G.render_text(doc)}"
    step = G.apply(doc, seat, move)
    assert doc == before, "apply mutated its input"
    return step


def draw(doc, seat=None):
    """The seat to act (or `seat`) draws; returns the step."""
    return apply_ok(doc, doc["to_act"][0] if seat is None else seat, DRAW)


def events_of(step, kind):
    return [event for event in step.events if event["type"] == kind]


def refused(doc, seat, move, words):
    """Assert the move is refused with a sentence containing `words`, leaving the doc untouched."""
    before = copy.deepcopy(doc)
    try:
        G.apply(doc, seat, move)
    except IllegalMove as error:
        assert doc == before
        assert words in str(error), str(error)
        assert str(error).endswith((".", "”.")), str(error)
        return str(error)
    raise AssertionError(f"{move} by seat {seat} was accepted\n{G.render_text(doc)}")
