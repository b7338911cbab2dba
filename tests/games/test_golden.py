"""Golden data: every game in GAMES against its checked-in perft counts and recorded playthrough
(tests/games/data/, written by tests/games/data/generate.py, whose header comments say what they hold).

A game without both files fails here: a fifth game gets its data by running the generator. A difference
is either a regression or a deliberate change of the rules, moves, docs or events; after the latter, run
the generator again and read the diff.
"""
from __future__ import annotations

import json

import pytest

from app.games import GAMES, get_game
from tests.games.data.generate import doc_hash, perft, perft_path, playthrough_path, prefixed, read_perft

GAME_NAMES = sorted(GAMES)
REGENERATE = ".venv/bin/python tests/games/data/generate.py"


@pytest.fixture(params=GAME_NAMES)
def game(request):
    return get_game(request.param)


def test_every_game_has_its_golden_data(game):
    for path in (perft_path(game.name), playthrough_path(game.name)):
        assert path.is_file(), f"{game.name} has no {path.name}: write it with {REGENERATE} {game.name}"


def test_perft_counts_are_the_golden_ones(game):
    """The number of move sequences to depth 1..3 from each fixed position, as the file says."""
    lines = read_perft(perft_path(game.name).read_text(encoding="utf-8"))
    assert lines, f"{perft_path(game.name).name} has no positions"
    for players, options, seed, prefix, counts in lines:
        doc = next(doc for ply, doc in prefixed(game, players, options, seed) if ply == prefix)
        got = perft(game, doc, len(counts))
        assert got == counts, (f"{game.name} perft of {players} players, {options}, seed {seed!r} after {prefix} "
                               f"plies: {got}, the golden counts are {counts} (a deliberate change? {REGENERATE})")


def test_the_recorded_playthrough_plays_the_same(game):
    """Setup, then each recorded move: the same doc (by hash), seats to act, number of moves and events
    after every step, and the same result at the end."""
    record = json.loads(playthrough_path(game.name).read_text(encoding="utf-8"))
    assert record["game"] == game.name
    doc = game.setup(record["players"], record["options"], record["seed"])
    check_after(game, doc, record["setup"], "setup")
    for index, step in enumerate(record["steps"]):
        applied = game.apply(doc, step["seat"], step["move"])
        doc = applied.doc
        where = f"step {index} (seat {step['seat']}: {step['move']})"
        check_after(game, doc, step, where)
        assert applied.events == step["events"], f"{game.name} {where}: other events ({REGENERATE}?)"
    assert game.result(doc) == record["result"] and record["result"] is not None


def check_after(game, doc: dict, expected: dict, where: str) -> None:
    seats = game.to_act(doc)
    assert seats == expected["to_act"], f"{game.name} {where}: seats to act {seats}, recorded {expected['to_act']}"
    counts = [len(game.legal_moves(doc, seat)) for seat in seats]
    assert counts == expected["legal_counts"], \
        f"{game.name} {where}: {counts} moves, recorded {expected['legal_counts']}"
    assert doc_hash(doc) == expected["doc_sha256"], f"{game.name} {where}: another doc ({REGENERATE}?)"
