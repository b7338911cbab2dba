"""Property tests over random Dash games from random seeds, seat counts and options (hypothesis)."""
from __future__ import annotations

import copy
import json
from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from app.games import IllegalMove
from app.games.dash.board import DECK, FINISH, START
from tests.games.dash_helpers import G

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.integers(2, 5), st.integers(0, 2**64), st.booleans())
MAX_PLIES = 5000  # a random Dash game takes 50-400 plies; this bound only catches a game that never ends
TEXTS = st.one_of(st.none(), st.text(min_size=1, max_size=40).filter(lambda t: t.strip() and t.isprintable()))
ALL_MOVES = [{"action": "draw"}, {"action": "set_dare", "text": "Sing"}, {"action": "answer_dare", "done": True},
             {"action": "answer_dare", "done": False}]


def random_game(data, players, seed, there_and_back):
    """A whole game with hypothesis choosing the acting seat, the move and any dare text.

    Returns (initial doc, [(seat, move)], docs)."""
    doc = G.setup(players, {"there_and_back": there_and_back}, seed)
    initial, moves, docs = doc, [], [doc]
    for _ in range(MAX_PLIES):
        seats = G.to_act(doc)
        if not seats:
            break
        seat = seats[data.draw(st.integers(0, len(seats) - 1), label="seat")]
        legal = G.legal_moves(doc, seat)
        move = dict(legal[data.draw(st.integers(0, len(legal) - 1), label="move")])
        if move["action"] == "set_dare":
            text = data.draw(TEXTS, label="text")
            if text is not None:
                move["text"] = text
        before = copy.deepcopy(doc)
        doc = G.apply(doc, seat, move).doc
        assert before == docs[-1], "apply mutated its input"
        moves.append((seat, move))
        docs.append(doc)
    return initial, moves, docs


@SETTINGS
@given(games, st.data())
def test_every_game_ends_with_one_winner(game, data):
    players, _, there_and_back = game
    docs = random_game(data, *game)[2]
    final = docs[-1]
    result = G.result(final)
    assert result is not None, f"no end after {MAX_PLIES} plies\n{G.render_text(final)}"
    assert result["outcome"] == "finished" and result["scores"] is None and len(result["winners"]) == 1
    winner = result["winners"][0]
    if there_and_back:
        assert result["reason"] == "back_to_start" and final["positions"][winner] == START
        assert final["legs"][winner] == 1
    else:
        assert result["reason"] == "finish" and final["positions"][winner] == FINISH
    assert all(final["positions"][seat] != FINISH for seat in range(players) if seat != winner) or there_and_back


@SETTINGS
@given(games, st.data())
def test_replaying_the_moves_reproduces_every_doc(game, data):
    initial, moves, docs = random_game(data, *game)
    doc = json.loads(json.dumps(initial))
    for index, (seat, move) in enumerate(moves):
        doc = G.apply(doc, seat, copy.deepcopy(move)).doc
        assert doc == docs[index + 1]
    assert G.setup(game[0], {"there_and_back": game[2]}, game[1]) == initial


@SETTINGS
@given(games, st.data())
def test_cards_conserved_and_docs_consistent(game, data):
    players = game[0]
    for doc in random_game(data, *game)[2]:
        assert Counter(doc["deck"] + doc["discard"]) == Counter(DECK), G.render_text(doc)
        assert json.loads(json.dumps(doc)) == doc
        seats = G.to_act(doc)
        assert (G.result(doc) is None) == bool(seats)
        bare = {key: value for key, value in doc.items() if key not in ("result", "reshuffles", "last_draw")}
        assert G.result(bare) == G.result(doc) and G.to_act(bare) == seats
        for seat in range(players):
            assert bool(G.legal_moves(doc, seat)) == (seat in seats)


@SETTINGS
@given(games, st.data())
def test_listed_moves_apply_and_nothing_else_does(game, data):
    players = game[0]
    docs = random_game(data, *game)[2]
    for index in sorted({0, len(docs) // 2, len(docs) - 1, data.draw(st.integers(0, len(docs) - 1))}):
        doc = docs[index]
        for seat in range(players):
            legal = G.legal_moves(doc, seat)
            for move in ALL_MOVES:
                listed = {key: value for key, value in move.items() if key != "text"} in legal
                try:
                    G.apply(doc, seat, move)
                except IllegalMove as error:
                    assert not listed, f"{move} listed for {seat} but refused: {error}"
                    assert str(error).endswith((".", "”."))
                else:
                    assert listed, f"{move} applied for {seat} but is not listed\n{G.render_text(doc)}"


@SETTINGS
@given(games, st.data())
def test_views_never_show_the_deck_order_or_the_secret(game, data):
    players = game[0]
    for doc in random_game(data, *game)[2]:
        for seat in list(range(players)) + [None]:
            view = G.view(doc, seat)
            text = json.dumps(view)
            assert "deck" not in view and "secret" not in text and doc["secret"] not in text
            assert view["deck_count"] == len(doc["deck"]) and view["discard_count"] == len(doc["discard"])
            reordered = dict(doc, deck=doc["deck"][::-1])
            assert G.view(reordered, seat) == view
