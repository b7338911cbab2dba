"""The conformance suite: the rules-engine contract (docs/ENGINE.md) held for every game in GAMES, OpenSpiel
style, so a game's own tests need only its rulings.

Owned here for every game, on seeded random playouts of every table (each seat count with each option
variant, tests/games/conformance.py): the game ends within its declared max_plies (or the suite's budget
when its rules set none); replaying a game's log from setup reproduces every doc and event; every listed
move applies and the game's other moves (its own names recombined) are refused with IllegalMove, moves
that are no move of the game (garbage, a wrong type, an unknown key) with InvalidMove; the same playouts
give byte-identical docs under other hash seeds. Hidden information: test_conformance_views.py; golden
perft counts and playthroughs: test_golden.py.
"""
from __future__ import annotations

import copy
import functools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from app.games import GAMES, IllegalMove, InvalidMove, get_game
from tests.games.conformance import (GAME_NAMES, canon, kinds_of_position, malformed, play_out, plies_allowed,
                                     playouts, probes, tables, viewers, vocabulary, well_formed)

ROOT = Path(__file__).resolve().parents[2]
GARBAGE_MOVES = [None, 42, "move", [], {}, {"nonsense": True}, {1: 2, "a": 3},
                 {"card": None, "side": None, "piece": None},
                 {"card": [], "side": {}, "piece": set()}, {"action": [], "cell": {}, "to": [], "order": {}}]
OUTCOMES = {"won", "lost", "finished"}
HASH_SEEDS = ("0", "1")  # PYTHONHASHSEED of the subprocesses; this process has its own (random) one
HASH_SEED_PLIES = 24


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
        assert doc == game.setup(players, {}, 99) and doc == game.setup(players, {}, 99)
        assert json.loads(json.dumps(doc)) == doc
        assert doc["game"] == game.name and doc["players"] == players and isinstance(doc["secret"], str)


# -- (5) every playout keeps the contract and ends within the declared bound ------------------------------
def test_playouts_keep_the_contract_and_end_within_max_plies(game):
    """Every doc of every playout: a seat to act exactly while there is no result, and only those seats have
    legal moves; every viewer's view and every step's events as it sees them are JSON; the game ends within
    max_plies (the budget when its rules set none), with a result of the contract's shape."""
    for playout in playouts(game.name):
        players = playout.players
        for doc, play in zip(playout.docs, playout.plays + [None]):
            seats, result = game.to_act(doc), game.result(doc)
            assert (result is None) == bool(seats), f"{playout.label}\n{game.render_text(doc)}"
            assert all(game.legal_moves(doc, seat) == [] for seat in range(players) if seat not in seats)
            if play is not None:
                assert [seat for seat, _ in play.legal] == seats
                assert all(isinstance(e, dict) and "type" in e for e in play.events)
        final = playout.docs[-1]
        assert game.result(final) is not None, \
            f"{playout.label} did not end within {plies_allowed(game)} plies\n{game.render_text(final)}"
        assert len(playout.plays) <= plies_allowed(game)
        check_result(game, final, game.result(final), players)
        for index in probes(playout, 6):
            doc = playout.docs[index]
            after = playout.plays[index - 1] if index else None
            for viewer in viewers(players):
                view = game.view(doc, viewer)
                assert json.loads(json.dumps(view)) == view
                if after is not None:
                    events = game.view_events(after.events, viewer, doc)
                    assert json.loads(json.dumps(events)) == events
                    assert all("text" in event and "type" in event for event in events)


def check_result(game, doc, result, players):
    assert {"outcome", "reason", "scores", "winners"} <= set(result)  # ENGINE.md: a solitaire adds "verdict"
    assert result["outcome"] in OUTCOMES and isinstance(result["reason"], str)
    assert result["scores"] is None or len(result["scores"]) == players
    assert all(0 <= seat < players for seat in result["winners"])
    assert game.to_act(doc) == [] and all(game.legal_moves(doc, seat) == [] for seat in range(players))
    for seat in range(players):
        with pytest.raises(IllegalMove):
            game.apply(doc, seat, {})


# -- (1) replaying a game's log from setup reproduces its doc ----------------------------------------------
def test_replaying_the_log_from_setup_reproduces_every_doc(game):
    """The stored form of a game is setup's arguments and the moves (as JSON): played again from setup they
    give every doc, every step's events and the same lists of legal moves again, on a doc read back from
    JSON."""
    for playout in playouts(game.name):
        doc = json.loads(json.dumps(game.setup(playout.players, playout.options, playout.seed)))
        assert doc == playout.docs[0], f"{playout.label}: setup is not the same again"
        for index, play in enumerate(playout.plays):
            assert tuple((seat, game.legal_moves(doc, seat)) for seat in game.to_act(doc)) == play.legal, \
                f"{playout.label}: ply {index} lists other moves, or in another order"
            step = game.apply(doc, play.seat, json.loads(json.dumps(play.move)))
            assert step.doc == playout.docs[index + 1] and step.events == play.events, \
                f"{playout.label}: ply {index} ({play.seat}: {play.move}) replays otherwise"
            doc = json.loads(json.dumps(step.doc))


# -- (2) exactly the listed moves apply -------------------------------------------------------------------
def test_listed_moves_apply_and_nothing_else_does(game):
    """At docs spread over every playout and the first of each kind there (kinds_of_position), for every
    seat: its listed moves (distinct) apply; any other move of the game's own names (each listed move with
    one value changed, random combinations) is refused with IllegalMove and not InvalidMove, as is a listed
    move from a seat not to act; a move made into no move of the game (an unknown key, a wrong type, a name
    the game lacks, garbage) is InvalidMove. The doc is untouched."""
    checked = 0
    for playout in playouts(game.name):
        rng, vocab = random.Random(playout.seed), vocabulary(playout)
        for index in sorted(set(probes(playout)[:-1]) | set(kinds_of_position(playout))):
            doc = playout.docs[index]
            before = copy.deepcopy(doc)
            acting = game.to_act(doc)
            listed = {seat: game.legal_moves(doc, seat) for seat in range(playout.players)}
            for seat in acting:
                legal = listed[seat]
                names = {canon(move) for move in legal}
                assert len(names) == len(legal), f"{playout.label}: seat {seat} has a move listed twice"
                for move in legal if len(legal) <= 60 else [legal[0], legal[-1], *rng.sample(legal, 60)]:
                    game.apply(doc, seat, move)
                for move in well_formed(vocab, legal, rng):
                    if canon(move) not in names:
                        refused(game, doc, seat, move, IllegalMove, playout)
                        checked += 1
                for move, surely_invalid in malformed(vocab, legal):
                    refused(game, doc, seat, move, InvalidMove if surely_invalid else None, playout)
                for move in GARBAGE_MOVES:
                    refused(game, doc, seat, move, InvalidMove, playout)
                for other in [s for s in range(playout.players) if s not in acting] + [-1, playout.players, None]:
                    refused(game, doc, other, legal[0], IllegalMove, playout)
            assert doc == before, f"{playout.label}: refusing moves changed the doc"
    assert checked


def refused(game, doc, seat, move, kind, playout):
    """`move` from `seat` raises `kind` with a sentence: IllegalMove exactly (not InvalidMove), InvalidMove,
    or (None) either."""
    try:
        game.apply(doc, seat, move)
    except IllegalMove as error:
        caught = error
    else:
        raise AssertionError(f"{playout.label}: {move!r} of seat {seat!r} applied, but is not listed\n"
                             f"{game.render_text(doc)}")
    if kind is IllegalMove:
        assert type(caught) is IllegalMove, \
            f"{playout.label}: {move!r} of seat {seat!r} is a move of the game, refused as InvalidMove: {caught}"
    elif kind is InvalidMove:
        assert isinstance(caught, InvalidMove), \
            f"{playout.label}: {move!r} of seat {seat!r} is no move of the game, refused only as IllegalMove"
    assert str(caught).strip()


def test_finished_games_refuse_every_move(game):
    for playout in playouts(game.name)[:4]:
        final, last = playout.docs[-1], playout.plays[-1]
        for move in [last.move, *GARBAGE_MOVES[:3]]:
            with pytest.raises(IllegalMove):
                game.apply(final, last.seat, move)


# -- a reading answers as the game does ----------------------------------------------------------------
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
        for seat in viewers(players):
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


# -- (4) determinism across hash seeds ------------------------------------------------------------------
def hash_seed_record() -> str:
    """The first HASH_SEED_PLIES plies of every table of every game from seed 0, as JSON text per game
    with the keys in the order the engines wrote them: every doc, the step's events, the legal moves of
    the seats to act and every viewer's view. Printed by the subprocesses of the test below."""
    record = {}
    for name in GAME_NAMES:
        game, plies = get_game(name), []
        for players, options in tables(game):
            playout = play_out(name, players, options, 0, HASH_SEED_PLIES)
            for doc, play in zip(playout.docs, playout.plays):
                plies.append([doc, play.events, play.legal, [game.view(doc, viewer) for viewer in viewers(players)]])
        record[name] = json.dumps(plies)
    return json.dumps(record)


@functools.lru_cache(maxsize=1)
def this_process_record() -> str:
    return hash_seed_record()


@pytest.fixture(scope="module")
def hash_seed_records() -> dict[str, dict]:
    """hash_seed_record() run in fresh interpreters, one per PYTHONHASHSEED, side by side."""
    code = "import sys; from tests.games.test_conformance import hash_seed_record; sys.stdout.write(hash_seed_record())"
    runs = {seed: subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                                   env=dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT)))
            for seed in HASH_SEEDS}
    out = {}
    for seed, run in runs.items():
        text, _ = run.communicate(timeout=120)
        assert run.returncode == 0, f"the playouts failed under PYTHONHASHSEED={seed}"
        out[seed] = json.loads(text)
    return out


def test_playouts_are_byte_identical_under_other_hash_seeds(game, hash_seed_records):
    """Set or dict order leaking into a doc, a view or a list of moves would differ between interpreters
    with other string hashes: every doc and answer must be the same text under each (and under this
    process's own hash seed)."""
    mine = json.loads(this_process_record())[game.name]
    for seed, record in hash_seed_records.items():
        theirs = record[game.name]
        if theirs != mine:
            ours, other = json.loads(mine), json.loads(theirs)
            first = next((i for i, (a, b) in enumerate(zip(ours, other)) if json.dumps(a) != json.dumps(b)), None)
            raise AssertionError(f"{game.name}: ply {first} of the record differs under PYTHONHASHSEED={seed}")
