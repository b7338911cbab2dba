"""One random-simulation conformance suite for every game in GAMES (ENGINE.md), OpenSpiel style."""
from __future__ import annotations

import copy
import json
import random

import pytest

from app.games import GAMES, IllegalMove, get_game

GAME_NAMES = sorted(GAMES)
GARBAGE_MOVES = [None, 42, "move", [], {}, {"nonsense": True}, {1: 2, "a": 3},
                 {"card": None, "side": None, "piece": None},
                 {"card": [], "side": {}, "piece": set()}, {"action": [], "cell": {}, "to": [], "order": {}}]
OUTCOMES = {"won", "lost", "finished"}


def playout(game, players, seed, check):
    """Play random legal moves from setup(seed) to the end (or 400 plies), calling check(doc) on the way."""
    rng = random.Random(seed)
    doc = game.setup(players, {}, seed)
    check(doc)
    for _ in range(400):
        seats = game.to_act(doc)
        if not seats:
            break
        seat = rng.choice(seats)
        moves = game.legal_moves(doc, seat)
        assert moves, f"seat {seat} is to act with no legal move\n{game.render_text(doc)}"
        before = copy.deepcopy(doc)
        step = game.apply(doc, seat, rng.choice(moves))
        assert doc == before, "apply mutated its input"
        assert isinstance(step.events, list) and all(isinstance(e, dict) and "type" in e for e in step.events)
        doc = step.doc
        check(doc)
    return doc


def find_secret(value, secret):
    """True if the key "secret" or the secret's text appears anywhere in a JSON-able value."""
    return '"secret"' in json.dumps(value) or (bool(secret) and secret in json.dumps(value))


@pytest.fixture(params=GAME_NAMES)
def game(request):
    return get_game(request.param)


def test_registry_names_match(game):
    assert GAMES[game.name] is game and get_game(game.name) is game
    assert isinstance(game.title, str) and 1 <= game.min_players <= game.max_players
    with pytest.raises(KeyError):
        get_game("no-such-game")


def test_default_options_and_specs_agree(game):
    for players in range(game.min_players, game.max_players + 1):
        specs = game.option_specs(players)
        assert game.default_options(players) == {spec["name"]: spec["default"] for spec in specs}
        assert all({"name", "type", "default", "label"} <= set(spec) for spec in specs)
        with pytest.raises(ValueError):
            game.setup(players, {"no_such_option": True}, 1)


def test_setup_is_deterministic_and_json(game):
    for players in range(game.min_players, game.max_players + 1):
        doc = game.setup(players, game.default_options(players), 99)
        assert doc == game.setup(players, {}, 99)
        assert json.loads(json.dumps(doc)) == doc
        assert doc["game"] == game.name and doc["players"] == players and isinstance(doc["secret"], str)


@pytest.mark.parametrize("seed", range(6))
def test_random_playouts_keep_the_contract(game, seed):
    players = game.min_players + seed % (game.max_players - game.min_players + 1)

    def check(doc):
        seats, result = game.to_act(doc), game.result(doc)
        assert (result is None) == bool(seats), game.render_text(doc)
        for seat in range(players):
            if seat not in seats:
                assert game.legal_moves(doc, seat) == []
        for seat in list(range(players)) + [None]:
            view = game.view(doc, seat)
            assert json.loads(json.dumps(view)) == view
            assert not find_secret(view, doc["secret"]), f"view for {seat} leaks the secret"
        if result is not None:
            check_result(game, doc, result, players)

    doc = playout(game, players, seed, check)
    assert game.result(doc) is not None, "a random playout did not end within 400 plies"


def check_result(game, doc, result, players):
    assert {"outcome", "reason", "scores", "winners"} <= set(result)  # ENGINE.md: a solitaire adds "verdict"
    assert result["outcome"] in OUTCOMES and isinstance(result["reason"], str)
    assert result["scores"] is None or len(result["scores"]) == players
    assert all(0 <= seat < players for seat in result["winners"])
    seats = list(range(players))
    for seat in seats:
        moves = game.legal_moves(doc, seat)
        assert moves == []
    with pytest.raises(IllegalMove):
        game.apply(doc, 0, {})


def test_garbage_moves_refused(game):
    doc = game.setup(game.min_players, {}, 5)
    seat = game.to_act(doc)[0]
    before = copy.deepcopy(doc)
    for move in GARBAGE_MOVES:
        with pytest.raises(IllegalMove) as caught:
            game.apply(doc, seat, move)
        assert str(caught.value) and doc == before
    legal = game.legal_moves(doc, seat)[0]
    for wrong_seat in (-1, game.max_players, "0", None):
        with pytest.raises(IllegalMove):
            game.apply(doc, wrong_seat, legal)


def test_same_doc_and_move_give_the_same_step(game):
    doc = game.setup(game.max_players, {}, 11)
    seat = game.to_act(doc)[0]
    move = game.legal_moves(doc, seat)[-1]
    first, second = game.apply(doc, seat, move), game.apply(copy.deepcopy(doc), seat, dict(move))
    assert first.doc == second.doc and first.events == second.events


def test_view_events_for_every_viewer(game):
    doc = game.setup(game.max_players, {}, 12)
    seat = game.to_act(doc)[0]
    step = game.apply(doc, seat, game.legal_moves(doc, seat)[0])
    for viewer in list(range(game.max_players)) + [None]:
        events = game.view_events(step.events, viewer, step.doc)
        assert json.loads(json.dumps(events)) == events
        assert all("text" in event and "type" in event for event in events)


@pytest.mark.parametrize("seed", range(4))
def test_a_reading_answers_as_the_game_does(game, seed):
    """Game.reading (what the server asks a position many questions through) gives the doc-level answers:
    every viewer's view, the legal moves with their targets, and the same step for a move; with each game's
    options as setup would choose them and, where a game has it, with hidden hands."""
    players = game.min_players + seed % (game.max_players - game.min_players + 1)
    options = game.default_options(players)
    if "hidden_hands" in options:
        options["hidden_hands"] = seed % 2 == 1
    rng, doc = random.Random(seed), game.setup(players, options, seed)
    for _ in range(60):
        reading = game.reading(doc)
        for seat in list(range(players)) + [None]:
            assert reading.view(seat) == game.view(doc, seat)
        seats = game.to_act(doc)
        if not seats:
            break
        seat = rng.choice(seats)
        assert reading.legal_moves_and_targets(seat) == game.legal_moves_and_targets(doc, seat)
        for anyone in range(players):  # the seat to act, and seats with no moves
            text = reading.legal_json(anyone)
            if text is not None:
                assert [json.loads(part) for part in text] == list(game.legal_moves_and_targets(doc, anyone))
        move = rng.choice(game.legal_moves(doc, seat))
        step = reading.apply(seat, move)
        assert step == game.apply(doc, seat, move)
        doc = step.doc
