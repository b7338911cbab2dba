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
# Plies a random game of a game whose rules set no bound (max_plies None: Dash, Martian Treasure Hunt) may
# take here: 200 random games of each took at most 218 and 379.
RANDOM_PLAY_BUDGET = 2000


def plies_allowed(game) -> int:
    """The declared bound on a game's length, or the budget of random play for a game without one."""
    return RANDOM_PLAY_BUDGET if game.max_plies is None else game.max_plies


def playout(game, players, seed, check):
    """Play random legal moves from setup(seed) to the end (or plies_allowed), calling check(doc) on the way."""
    rng = random.Random(seed)
    doc = game.setup(players, {}, seed)
    check(doc)
    for _ in range(plies_allowed(game)):
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
    assert game.result(doc) is not None, f"a random playout did not end within {plies_allowed(game)} plies"


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


# -- moves and events hide what the views hide (issue 29) --------------------------------------------------
VIEW_ERRORS = (ValueError, KeyError, IndexError, TypeError)  # a variant that is no valid doc: skipped


def option_variants(game, players):
    """The defaults, then each boolean option flipped on its own (hidden hands and the like)."""
    out = [game.default_options(players)]
    for spec in game.option_specs(players):
        if spec["type"] == "bool" and "depends_on" not in spec:
            out.append(dict(out[0], **{spec["name"]: not spec["default"]}))
    return out


def hidden_variants(doc):
    """`doc` with chance and hidden order changed: another secret, and each list (at the top or inside a
    top-level dict) reversed, whole or after its first item (a pile's next card may be shown, its rest not)."""
    out = [dict(doc, secret=doc["secret"][::-1] + "x")]
    for key, value in doc.items():
        places = [(None, value)] if isinstance(value, list) else (
            [(inner, v) for inner, v in value.items() if isinstance(v, list)] if isinstance(value, dict) else [])
        for inner, items in places:
            for changed in (items[::-1], items[:1] + items[:0:-1]):
                if changed != items:
                    out.append(dict(doc, **{key: changed if inner is None else dict(value, **{inner: changed})}))
    return out


def viewed(game, doc, viewer):
    try:
        return json.dumps(game.view(doc, viewer), sort_keys=True)
    except VIEW_ERRORS:
        return None


def seen_step(game, doc_after, seat, move, events, viewer):
    return json.dumps([game.move_view(doc_after, seat, move, viewer), game.view_events(events, viewer, doc_after)],
                      sort_keys=True)


def outcomes(game, doc, rng, players):
    """Steps a viewer must not tell apart when it cannot tell their docs apart: several moves of each seat to
    act on `doc`, and the same moves on docs whose hidden parts differ."""
    out = []
    docs = [doc] + hidden_variants(doc)
    for seat in game.to_act(doc):
        legal = game.legal_moves(doc, seat)
        moves = [legal[0], legal[-1]] + rng.sample(legal, min(2, len(legal)))
        for move in moves:
            if game.name == "dash" and move.get("action") == "set_dare":
                move = dict(move, text="Sing a song")
            for variant in docs:
                try:
                    step = game.apply(variant, seat, move)
                except IllegalMove:
                    continue  # the variant took the move away (another hand)
                out.append((variant, seat, move, step))
    return out


def test_a_viewer_learns_from_moves_and_events_only_what_its_views_show(game):
    """Two steps a viewer cannot tell apart must reach it alike: the move as `move_view` shows it and the
    events as `view_events` show them. It cannot tell apart the same move on docs it sees alike before and
    after (their hidden parts differ), nor two moves of a seat whose docs and events it sees alike. Covers
    simultaneous moves (Martian Treasure Hunt's arrangements), hidden hands (3-High's draws) and piles or
    dice to come (the docs with another secret or another pile order). Also: a view never depends on the secret (future dice), the mover
    always sees its own move, and once the game is over every move is shown as made."""
    compared = 0
    for players in range(game.min_players, game.max_players + 1):
        for options in option_variants(game, players):
            rng = random.Random(players)
            doc, history = game.setup(players, options, players), []
            for _ in range(30):
                viewers = list(range(players)) + [None]
                for viewer in viewers:
                    assert viewed(game, doc, viewer) == viewed(game, hidden_variants(doc)[0], viewer), \
                        f"the view of seat {viewer} depends on the secret"
                groups: dict = {}
                for before, seat, move, step in outcomes(game, doc, rng, players):
                    assert game.move_view(step.doc, seat, move, seat) == move
                    for viewer in viewers:
                        if viewer == seat:
                            continue
                        key = (viewed(game, before, viewer), seat, viewed(game, step.doc, viewer), viewer)
                        if None in key[:3]:
                            continue
                        if before is not doc:  # the same move on hidden parts that differ: all of it alike
                            key += (json.dumps(move, sort_keys=True),)
                        else:  # another move: a public difference shows in the events (a zero move does)
                            key += (json.dumps(game.view_events(step.events, viewer, step.doc), sort_keys=True),)
                        seen = seen_step(game, step.doc, seat, move, step.events, viewer)
                        if groups.setdefault(key, seen) != seen:
                            raise AssertionError(f"{game.name} ({players}, {options}): seat {viewer} cannot tell "
                                                 f"these steps apart by its views, but sees {groups[key]} and {seen}")
                        compared += 1
                seats = game.to_act(doc)
                if not seats:
                    break
                seat = rng.choice(seats)
                move = rng.choice(game.legal_moves(doc, seat))
                if game.name == "dash" and move.get("action") == "set_dare":
                    move = dict(move, text="Hop on one foot")
                history.append((seat, move))
                doc = game.apply(doc, seat, move).doc
            if game.result(doc) is not None:
                for seat, move in history:
                    for viewer in range(players):
                        assert game.move_view(doc, seat, move, viewer) == move, "a move still hidden after the end"
    assert compared
