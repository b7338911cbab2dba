"""3-High's legal moves as JSON text written in C (app/games/three_high/_legal.c) are the same bytes as the
Python (encoded.legal_json_py), which are the engine's legal moves and targets encoded: on random positions at
1-4 seats, with and without zero plays and hidden hands, for every seat. A position the C cannot hold is
written in Python. Where the module is not compiled these tests skip with the reason, except in CI, where the
install must have built it."""
from __future__ import annotations

import json
import os
import random

import pytest

from app.games import get_game
from app.games.three_high import encoded
from tests.games.three_high_helpers import random_positions

G = get_game("three-high")


@pytest.fixture
def compiled():
    """The C module: in CI the install must have built it; elsewhere its tests skip with the reason. (Checked
    per test, not at import: tests/test_new_game.py collects this folder in a copy of the sources that
    nothing compiled, and selects none of these tests.)"""
    if encoded._fast is None:
        if os.environ.get("CI") == "true":
            pytest.fail("3-High's C legal moves were not compiled by the install (pyproject.toml ext-modules)",
                        pytrace=False)
        pytest.skip("3-High's C legal moves are not compiled here (pip install -e . builds them)")
    return encoded._fast


def test_the_c_writes_the_same_bytes_as_the_python_for_every_seat(compiled):
    seen = 0
    for st in random_positions(3000, 11):
        for seat in range(st.players):
            assert encoded.legal_json(st, seat) == encoded.legal_json_py(st, seat), (st.secret, seat)
            seen += 1
    assert seen > 5000


def test_the_text_is_the_engines_legal_moves_and_targets(compiled):
    rng = random.Random(5)
    for players in (1, 2, 3, 4):
        doc = G.setup(players=players, options={}, seed=rng.getrandbits(32))
        for _ in range(25):
            if G.result(doc) is not None:
                break
            seat = G.to_act(doc)[0]
            moves, targets = G.reading(doc).legal_json(seat)
            assert (json.loads(moves), json.loads(targets)) == tuple(G.legal_moves_and_targets(doc, seat))
            doc = G.apply(doc, seat, rng.choice(G.legal_moves(doc, seat))).doc


def test_a_position_the_c_cannot_hold_is_written_in_python(compiled):
    st = next(random_positions(1, 3))
    seat = st.to_act
    st.hands[seat] = st.hands[seat] * 20  # a hand-built hand far past a deck: more than the C's 64 cards
    assert compiled.legal_json(st.allow_zero, st.hands[seat], [], st.top, st.occ) is None
    assert compiled.legal_json(st.allow_zero, tuple(st.hands[seat]), [], st.top, st.occ) is None  # not a list
    assert encoded.legal_json(st, seat) == encoded.legal_json_py(st, seat)
    assert encoded.legal_json(st, seat)[0] != encoded.EMPTY
