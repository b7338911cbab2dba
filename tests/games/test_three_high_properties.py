"""Property tests over random 3-High playouts from random seeds and seat counts (hypothesis)."""
from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from app.games.three_high.cards import CARDS, PIECES
from app.games.three_high.codec import from_doc
from app.games.three_high.position import has_legal, legal_codes
from tests.games.three_high_helpers import G

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.integers(1, 4), st.integers(0, 2**32), st.booleans(), st.booleans())


def random_playout(data, players, seed, zero, hidden):
    """Play a whole game choosing moves with hypothesis; returns (initial doc, moves, docs)."""
    doc = G.setup(players, {"allow_zero_moves": zero, "hidden_hands": hidden}, seed)
    initial, moves, docs = doc, [], [doc]
    while G.to_act(doc):
        seat = G.to_act(doc)[0]
        legal = G.legal_moves(doc, seat)
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        doc = G.apply(doc, seat, move).doc
        moves.append((seat, move))
        docs.append(doc)
    return initial, moves, docs


def assert_conserved(doc):
    pieces = [piece for stack in doc["board"].values() for piece in stack]
    assert sorted(pieces) == sorted(PIECES), G.render_text(doc)
    cards = sum(doc["hands"], []) + doc["draw_pile"] + doc["discard"]
    assert Counter(cards) == Counter(CARDS), G.render_text(doc)
    assert all(doc["board"].values())


@SETTINGS
@given(games, st.data())
def test_pieces_and_cards_always_accounted_for(game, data):
    for doc in random_playout(data, *game)[2]:
        assert_conserved(doc)


@SETTINGS
@given(games, st.data())
def test_fast_state_agrees_with_documents(game, data):
    """The stored result matches a fresh reading, and has_legal agrees with the full generator."""
    for doc in random_playout(data, *game)[2]:
        state = from_doc(doc)
        bare = {key: value for key, value in doc.items() if key != "result"}
        assert G.result(bare) == G.result(doc) or not bare["to_act"] and G.result(doc)["reason"] == "stuck"
        for seat in range(game[0]):
            assert has_legal(state, seat) == bool(legal_codes(state, seat))


@SETTINGS
@given(st.data(), games)
def test_legal_moves_come_in_hand_order_then_square_then_side(data, game):
    """The documented order (players see their plays grouped by card, as in their hand), at every position of
    a random playout: the card's place in the hand, then the piece's square a1, b1 .. h8, then side N E S W."""
    from app.games.three_high.cards import SQUARES

    _, _, docs = random_playout(data, *game)
    for doc in docs:
        if not G.to_act(doc):
            continue
        seat = G.to_act(doc)[0]
        hand = doc["hands"][seat]
        where = {piece: square for square, stack in doc["board"].items() for piece in stack}
        keys = [(hand.index(m["card"]), SQUARES.index(where[m["piece"]]), "NESW".index(m["side"]))
                for m in G.legal_moves(doc, seat)]
        assert keys == sorted(keys) and len(set(keys)) == len(keys), G.render_text(doc)
