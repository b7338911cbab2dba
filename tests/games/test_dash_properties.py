"""Property tests over random Dash games from random seeds, seat counts and options (hypothesis)."""
from __future__ import annotations

import copy
from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from app.games.dash.board import DECK, FINISH, START
from tests.games.dash_helpers import G

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.integers(2, 5), st.integers(0, 2**64), st.booleans())
MAX_PLIES = 5000  # a random Dash game takes 50-400 plies; this bound only catches a game that never ends
TEXTS = st.one_of(st.none(), st.text(min_size=1, max_size=40).filter(lambda t: t.strip() and t.isprintable()))


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
def test_cards_conserved_and_docs_consistent(game, data):
    players = game[0]
    for doc in random_game(data, *game)[2]:
        assert Counter(doc["deck"] + doc["discard"]) == Counter(DECK), G.render_text(doc)
        # a doc without the fields the engine adds (a hand-built one) reads the same
        bare = {key: value for key, value in doc.items() if key not in ("result", "reshuffles", "last_draw")}
        assert G.result(bare) == G.result(doc) and G.to_act(bare) == G.to_act(doc)
        for seat in range(players):
            assert G.legal_moves(bare, seat) == G.legal_moves(doc, seat)


@SETTINGS
@given(games, st.data())
def test_views_count_the_deck_and_the_discards(game, data):
    """What a view shows of the cards: how many are left to draw and discarded (the deck's order is
    hidden: the conformance suite's hidden twins deal it anew)."""
    players = game[0]
    for doc in random_game(data, *game)[2]:
        for seat in list(range(players)) + [None]:
            view = G.view(doc, seat)
            assert "deck" not in view
            assert view["deck_count"] == len(doc["deck"]) and view["discard_count"] == len(doc["discard"])
