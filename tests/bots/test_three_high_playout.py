"""The 3-High bot's C playout (app/bots/three_high/_playout.c) plays exactly as its Python reference: the same
legal plays in the same order, the same first best play under every set of weights, the same ends and the same
effort counted; positions it cannot hold are played in Python. Where the module is not compiled these tests
skip with the reason, except in CI, where the install must have built it."""
from __future__ import annotations

import os
import random

import pytest

from app.bots.three_high import rollout
from app.bots.three_high.evaluate import child_values
from app.bots.three_high.plan import CLASSIC, SOLO, live_mask, trip_table
from app.games import get_game
from app.games.three_high.position import legal_codes
from tests.games.three_high_helpers import random_positions as states

G = get_game("three-high")
ODD = CLASSIC._replace(ready=0.9, spare=(-50.0, 1.0, 1.5, 4.0, 4.5, 9.0), far=2.6, rare=0.1, none_left=1.7,
                       move_three_at=1.5)  # off the shipped weights: no table of constants written in twice

if rollout._fast is None:
    if os.environ.get("CI") == "true":
        pytest.fail("the bot's C playout was not compiled by the install (pyproject.toml ext-modules)",
                    pytrace=False)
    pytest.skip("the bot's C playout is not compiled here (pip install -e . builds it)", allow_module_level=True)


def test_each_greedy_choice_is_the_python_first_best_play():
    checked = 0
    for st in states(300, seed=1):
        for weights in (SOLO, CLASSIC, ODD):
            codes, index = rollout._fast.greedy(*rollout.fast_args(st, weights))
            assert codes == legal_codes(st, st.to_act)
            if len(codes) > 1:
                values = child_values(st, codes, trip_table(live_mask(st.discard), weights), best_only=True)
                assert index == values.index(max(values)), f"{st}: {weights}"
                checked += 1
    assert checked > 600


@pytest.mark.parametrize("weights", [SOLO, CLASSIC, ODD], ids=["solo", "classic", "odd"])
def test_a_whole_playout_ends_as_the_python_one_with_the_same_effort(weights):
    ends = set()
    for st in states(120, seed=2):
        fast, slow = st.copy(), st.copy()
        units_fast, units_slow = [], []
        score_fast = rollout.playout(fast, units_fast.append, {}, weights)
        score_slow = rollout.playout_py(slow, units_slow.append, {}, weights)
        assert (score_fast, fast.over, fast.trees) == (score_slow, slow.over, slow.trees)
        assert sum(units_fast) == sum(units_slow) and len(units_fast) == 1  # one spend per C playout
        ends.add(slow.over)
    assert ends == {("won", "trees"), ("lost", "out_of_cards"), ("lost", "stuck")}


def test_a_position_too_big_for_the_c_arrays_is_played_in_python():
    st = next(states(1, seed=3))
    st.pile = st.pile + [st.pile[0]] * 70  # a hand-built pile longer than a deck
    assert rollout._fast.playout(*rollout.fast_args(st, SOLO)) is None
    fast, slow = st.copy(), st.copy()
    assert rollout.playout(fast, lambda n: None, {}, SOLO) == rollout.playout_py(slow, lambda n: None, {}, SOLO)
    assert fast.over == slow.over


def test_bad_arguments_are_a_python_error_not_a_crash():
    st = next(states(1, seed=4))
    args = list(rollout.fast_args(st, SOLO))
    with pytest.raises(TypeError):
        rollout._fast.playout(*args[:-1])
    args[4] = [["not a card"]] * st.players
    with pytest.raises(TypeError):
        rollout._fast.playout(*args)
    args = list(rollout.fast_args(st, SOLO))
    args[-1] = SOLO._replace(spare=(1.0,))
    with pytest.raises(ValueError):
        rollout._fast.playout(*args)


def test_a_play_the_seat_cannot_make_is_refused_by_the_worlds_as_by_python():
    base, unseen, hidden, counts, pile = next(bot_positions(5, seed=6))
    base.pile = []
    card = next(c for c in range(32) if c not in base.hands[base.to_act])
    bogus = legal_codes(base, base.to_act)[0] & ~(31 << 6) | card << 6  # a card the seat does not hold
    state = rollout.fast_args(base, SOLO)
    assert rollout._fast.rollouts(state, bogus, unseen, hidden, counts, pile, 1, 0, 3, 0.1) is None
    worlds = rollout.Worlds(base, unseen, hidden, counts, pile, random.Random(6))
    with pytest.raises(ValueError):
        worlds.rollouts(bogus, 0, 3, lambda n: None, {})


def bot_positions(count: int, seed: int):
    """(base, unseen, hidden, counts, pile) as the bot rebuilds them from a seat's view, hidden hands included."""
    from app.bots.three_high.worlds import base_state
    rng = random.Random(seed)
    for i in range(count):
        players = rng.randint(1, 4)
        doc = G.setup(players=players, options={"hidden_hands": rng.random() < 0.5}, seed=f"worlds-{seed}-{i}")
        for _ in range(rng.randrange(20)):
            if G.result(doc) is not None:
                break
            seat = G.to_act(doc)[0]
            doc = G.apply(doc, seat, rng.choice(G.legal_moves(doc, seat))).doc
        if G.result(doc) is not None:
            continue
        seat = G.to_act(doc)[0]
        view = G.view(doc, seat)
        base, unseen, hidden = base_state(view)
        base.to_act = seat
        yield base, unseen, hidden, view["hand_counts"], view["draw_pile_count"]


def test_the_c_worlds_deal_and_play_out_as_the_python_worlds(monkeypatch):
    compared = with_hidden = 0
    for base, unseen, hidden, counts, pile in bot_positions(60, seed=5):
        base.pile = []
        codes = legal_codes(base, base.to_act)
        code = codes[len(codes) // 2]
        worlds = rollout.Worlds(base, unseen, hidden, counts, pile, random.Random(compared))
        fast_units, slow_units = [], []
        fast = worlds.rollouts(code, 3, 5, fast_units.append, {})
        with monkeypatch.context() as patch:
            patch.setattr(rollout, "_fast", None)
            slow = worlds.rollouts(code, 3, 5, slow_units.append, {})
        assert len(fast_units) == 1, "one C call for the five worlds"
        assert fast == slow
        plays = sum(slow_units) - 5 * rollout.WORLD_UNITS  # the Python charges a world and each scored play
        assert fast_units[0] == (5 * rollout.C_WORLD_PLAYS + plays) / rollout.ROLLOUT_SPEEDUP
        compared += 1
        with_hidden += bool(hidden)
    assert compared > 40 and with_hidden > 5
