"""The fast paths bots and the bench use agree with the checked API, and chance stays stable."""
from __future__ import annotations

import hashlib
import json
import random
from collections import Counter

import pytest

from app.games.base import Chance
from app.games.three_high.codec import from_doc
from app.games.three_high.encoded import legal_json
from app.games.three_high.position import apply_unchecked, has_legal, legal_codes, legal_codes_in_order, random_code
from tests.games.three_high_helpers import G, play, position


def test_chance_golden_values():
    """Stored games were set up with these numbers: changing the stream changes every seed's game."""
    chance = Chance("key", "purpose")
    assert [chance.randbelow(1000) for _ in range(8)] == [71, 623, 444, 938, 542, 26, 957, 846]
    doc = G.setup(2, {}, 42)
    assert hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16] == "feb14aa97e9cd92a"


def test_chance_randbelow_is_uniform_enough():
    chance = Chance("uniform")
    counts = Counter(chance.randbelow(6) for _ in range(6000))
    assert set(counts) == set(range(6)) and all(850 < n < 1150 for n in counts.values())


@pytest.mark.parametrize("seed", range(30))
def test_random_code_is_legal_and_fast_apply_matches_checked_apply(seed):
    rng = random.Random(seed)
    doc = G.setup(1 + seed % 4, {"allow_zero_moves": seed % 3 == 0}, seed)
    st = from_doc(doc)
    while st.over is None:
        code = random_code(st, rng.randrange)
        assert code in legal_codes(st, st.to_act)
        step = G.apply(doc, st.to_act, G.move_of(code))
        apply_unchecked(st, code)
        doc = step.doc
        again = from_doc(doc)
        assert (again.top, again.below, again.hands, again.over) == (st.top, st.below, st.hands, st.over)


@pytest.mark.parametrize("seed", range(40))
def test_legal_json_is_the_engines_moves_and_targets_encoded(seed):
    """The server's text of the legal moves (whole groups joined once and reused) against the checked API,
    at every position of random games with and without zero plays, for every seat."""
    rng = random.Random(seed)
    players = 1 + seed % 4
    doc = G.setup(players, {"allow_zero_moves": seed % 2 == 0}, seed)
    st = from_doc(doc)
    while st.over is None:
        for seat in range(players):
            moves, targets = legal_json(st, seat)
            assert (json.loads(moves), json.loads(targets)) == tuple(G.legal_moves_and_targets(doc, seat))
        assert [G.move_of(code) for code in legal_codes_in_order(st, st.to_act)] == G.legal_moves(doc, st.to_act)
        code = rng.choice(legal_codes(st, st.to_act))
        doc = G.apply(doc, st.to_act, G.move_of(code)).doc
        apply_unchecked(st, code)


def test_random_code_is_uniform_over_legal_plays():
    doc = position({"d4": ["red3"], "a1": ["blue1"], "h8": ["green2"]}, [["2C", "5D"]], ["AS"])
    st = from_doc(doc)
    codes = legal_codes(st, 0)
    rng = random.Random(7)
    counts = Counter(random_code(st, rng.randrange) for _ in range(len(codes) * 400))
    assert set(counts) == set(codes)
    assert all(300 < n < 500 for n in counts.values()), counts


def test_random_code_none_when_stuck():
    st = from_doc(position({"d4": ["red3"]}, [["3C"]], ["AS"]))
    st.over = None
    assert random_code(st, random.Random(1).randrange) == -1 and not has_legal(st, 0)


def test_hand_built_doc_without_optional_fields():
    doc = position({"d2": ["red3"]}, [["8C"]], ["AS"])
    for key in ("options", "secret", "discard"):
        del doc[key]
    step = G.apply(doc, 0, play("8C", "N", "red3"))
    rules = {name: value for name, value in G.default_options(1).items() if name != "bot_strength"}
    assert step.doc["discard"] == ["8C"] and step.doc["options"] == rules


def test_describe_move_and_option_specs():
    doc = position({"d2": ["red3"]}, [["8C"]], ["AS"])
    assert G.describe_move(doc, 0, play("8C", "N", "red3")) == "8♣ north: red 3 d2→d7"
    assert [spec["name"] for spec in G.option_specs(2)] == ["allow_zero_moves", "hidden_hands", "bot_strength"]
    assert G.pitch and G.title == "3-High" and (G.min_players, G.max_players) == (1, 4)
