"""Property tests over random Martian Treasure Hunt playouts for 2, 3 and 4 players (hypothesis)."""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from app.games.martian_treasure_hunt.position import roll_dice
from tests.games.test_martian_treasure_hunt_helpers import G

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# (players, setup seed, move-choice seed): a game is ~170 plies, too long to draw move by move
games = st.tuples(st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 2**32))
PYRAMIDS = Counter({1: 20, 2: 12, 3: 4})
MAX_PLIES = 5000


def random_playout(players, seed, choices):
    """A whole game, moves (and, while arranging, seats) chosen at random from `choices`: (moves, docs, steps)."""
    rng = random.Random(choices)
    doc = G.setup(players, {}, seed)
    moves, docs, steps = [], [doc], []
    while G.to_act(doc):
        assert len(moves) < MAX_PLIES, "the game did not end\n" + G.render_text(doc)
        seats = G.to_act(doc)
        seat = rng.choice(seats)
        legal = G.legal_moves(doc, seat)
        assert legal, f"seat {seat} is to act with no legal move\n{G.render_text(doc)}"
        move = rng.choice(legal)
        step = G.apply(doc, seat, move)
        doc = step.doc
        moves.append((seat, move))
        docs.append(doc)
        steps.append(step)
    return moves, docs, steps


def assert_accounted(doc):
    """Every pyramid is on the board or in one stash; every coin on the board or one seat's prisoner;
    the scores are the stashes plus two per prisoner."""
    on_board = Counter(doc["pyramids"].values())
    stashed = Counter(size for sizes in doc["stash"] for size in sizes)
    assert on_board + stashed == PYRAMIDS, G.render_text(doc)
    taken = Counter((p["seat"], p["coin"]) for prisoners in doc["prisoners"] for p in prisoners)
    for seat, coins in enumerate(doc["coins"]):
        if coins is None:
            continue
        for value, square in coins.items():
            assert (square is None) == ((seat, int(value)) in taken), G.render_text(doc)
        assert sum(1 for square in coins.values() if square) >= 1, "a seat lost its last coin"
    squares = [sq for coins in doc["coins"] if coins for sq in coins.values() if sq]
    assert len(squares) == len(set(squares)) and not set(squares) & set(doc["pyramids"])
    scores = G.view(doc, None)["scores"]
    assert scores == [sum(s) + 2 * len(p) for s, p in zip(doc["stash"], doc["prisoners"])]


@SETTINGS
@given(games)
def test_every_game_ends_and_the_points_add_up(game):
    moves, docs, steps = random_playout(*game)
    for doc in docs:
        assert_accounted(doc)
    final = docs[-1]
    result = G.result(final)
    assert result["reason"] == "pyramids_captured" and not final["pyramids"]
    prisoners = sum(len(p) for p in final["prisoners"])
    assert sum(result["scores"]) == 20 * 1 + 12 * 2 + 4 * 3 + 2 * prisoners
    assert result["winners"] == [s for s, v in enumerate(result["scores"]) if v == max(result["scores"])]


@SETTINGS
@given(games)
def test_rolls_are_the_secret_counter_and_lost_turns_say_why(game):
    moves, docs, steps = random_playout(*game)
    secret = docs[0]["secret"]
    rolls = [(e["number"], e["kind"]) for step in steps for e in step.events if e["type"] == "roll"]
    assert rolls == [roll_dice(secret, i) for i in range(len(rolls))] and docs[-1]["rolls"] == len(rolls)
    for step in steps:
        for before, event in zip(step.events, step.events[1:]):
            if event["type"] == "turn_lost":
                assert before["type"] == "roll" and before["seat"] == event["seat"]
                assert event["why"] in ("captured", "no_move") and event["text"]

