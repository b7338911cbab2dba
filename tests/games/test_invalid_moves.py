"""Not a move (InvalidMove) against not allowed (IllegalMove), in every game, through the engine.

A malformed move (not the game's shape of a move: a wrong type, a missing or extra field, an unknown
action, a name the game as set up does not have) raises InvalidMove; a well-formed move the rules refuse
now raises IllegalMove itself. Both leave the doc untouched. The API answers both alike
(tests/api/test_invalid_moves.py). Hand-picked cases per game here; garbage, moves of seats not to act and
moves made malformed from listed ones, at positions all over random games: the conformance suite
(test_conformance.py).
"""
from __future__ import annotations

import copy

import pytest

from app.games import GAMES, IllegalMove, InvalidMove, get_game
from app.games.three_high.cards import CARDS
from tests.games.conformance import own_cases


def turning_points():
    """Two players on the 4x4 square after a piece on 0,0; and the solitaire, whose piece's way is forced."""
    g = get_game("turning-points")
    doc = g.setup(2, {"shape": "square", "size": 4}, 3)
    doc = g.apply(doc, g.to_act(doc)[0], {"cell": "0,0", "dir": "N"}).doc
    malformed = [{"cell": "1,1"}, {"cell": "1,1", "dir": "N", "color": "red"}, {"cell": 11, "dir": "N"},
                 {"cell": "1,1", "dir": 0}, {"cell": "4,4", "dir": "N"}, {"cell": "1,1", "dir": "NE"}]
    yield doc, malformed, [{"cell": "0,0", "dir": "E"}]
    solo = g.setup(1, {}, 3)
    forced = g.legal_moves(solo, 0)[0]
    wrong = next(way for way in "NESW" if way != forced["dir"])
    yield solo, [{"cell": "9,9", "dir": forced["dir"]}], [dict(forced, dir=wrong)]


def three_high():
    """The first play of a two-seat game: the seat's card with another side or piece, a card not in its
    hand, the piece under a stack."""
    g = get_game("three-high")
    doc = g.setup(2, {}, 2)  # a seed whose deal stacks two pieces
    seat = g.to_act(doc)[0]
    play = g.legal_moves(doc, seat)[0]
    other = next(card for card in CARDS if card not in doc["hands"][seat])
    covered = next(stack[0] for stack in doc["board"].values() if len(stack) > 1)
    malformed = [dict(play, card="9H"), dict(play, side="NE"), dict(play, piece="purple3"), {"card": play["card"]},
                 dict(play, seat=seat), dict(play, card=["AH"]), {"card": 8, "side": "N", "piece": "red3"}]
    yield doc, malformed, [dict(play, card=other), dict(play, piece=covered)]


def dash():
    """A seat to draw; then a dare drawn (the deck stacked), which an opponent must write as text."""
    g = get_game("dash")
    doc = g.setup(3, {}, 6)
    malformed = [{"action": "fly"}, {"action": ["draw"]}, {"action": "draw", "seat": 0}, {"action": "answer_dare"},
                 {"action": "answer_dare", "done": "yes"}, {"action": "set_dare", "text": "Hop", "by": 1}]
    yield doc, malformed, [{"action": "set_dare", "text": "Sing"}, {"action": "answer_dare", "done": True}]
    deck = list(doc["deck"])
    deck.remove("DARE")
    dared = g.apply(dict(doc, deck=["DARE", *deck]), g.to_act(doc)[0], {"action": "draw"}).doc
    assert dared["dare"] is not None and dared["dare"]["text"] is None
    yield dared, [{"action": "set_dare", "text": 5}, {"action": "set_dare", "text": None}], [
        {"action": "set_dare", "text": "  "}, {"action": "set_dare", "text": "Sing\nloud"},
        {"action": "set_dare", "text": "x" * 201}, {"action": "draw"}, {"action": "answer_dare", "done": False}]


def martian_treasure_hunt():
    """Arranging (a play is the other phase's move), then a play of the rolled coin on the 6x10 board."""
    g = get_game("martian-treasure-hunt")
    doc = g.setup(2, {}, 7)
    malformed = [{"order": [0, 0, 1, 2, 3, 4]}, {"order": [0, 1, 2]}, {"order": "012345"}, {"go": "3,4"},
                 {"order": [0, 1, 2, 3, 4, True]}, {"order": [0, 1, 2, 3, 4, 5], "to": "3,4"}]
    yield doc, malformed, [{"to": "3,4"}]
    for seat in (0, 1):
        doc = g.apply(doc, seat, {"order": [0, 1, 2, 3, 4, 5]}).doc
    seat = g.to_act(doc)[0]
    legal = g.legal_moves(doc, seat)
    elsewhere = next(f"{x},{y}" for y in range(10) for x in range(6) if {"to": f"{x},{y}"} not in legal)
    yield doc, [{"to": "9,0"}, {"to": 34}, {"to": None}, {"to": "3,4", "by": seat}], [
        {"to": elsewhere}, {"order": [0, 1, 2, 3, 4, 5]}]


CASES = {"turning-points": turning_points, "three-high": three_high, "dash": dash,
         "martian-treasure-hunt": martian_treasure_hunt, **own_cases("engine_cases")}


def cases():
    for name, make in CASES.items():
        for i, case in enumerate(make()):
            yield pytest.param(name, *case, id=f"{name}-{i}")


@pytest.mark.parametrize("name, doc, malformed, illegal", list(cases()))
def test_a_malformed_move_is_invalid_and_a_refused_one_only_illegal(name, doc, malformed, illegal):
    game = get_game(name)
    seat = game.to_act(doc)[0]
    before = copy.deepcopy(doc)
    for move in malformed:
        with pytest.raises(InvalidMove) as caught:
            game.apply(doc, seat, move)
        assert str(caught.value).endswith((".", ")")), caught.value
        assert isinstance(caught.value, IllegalMove)  # every caller that refuses illegal moves refuses these
    for move in illegal:
        with pytest.raises(IllegalMove) as caught:
            game.apply(doc, seat, move)
        assert type(caught.value) is IllegalMove, f"{move} is a move of {name}, refused: not InvalidMove"
        # the same answer through a reading, which the server applies moves with
        with pytest.raises(IllegalMove) as again:
            game.reading(doc).apply(seat, move)
        assert type(again.value) is IllegalMove and str(again.value) == str(caught.value)
    assert doc == before


def test_every_game_has_its_cases():
    assert sorted(CASES) == sorted(GAMES)
