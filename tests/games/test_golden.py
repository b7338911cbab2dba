"""Golden data: every game in GAMES against its checked-in perft counts and recorded playthrough
(tests/games/data/, written by tests/games/data/generate.py, whose header comments say what they hold).

A game without both files fails here: a fifth game gets its data by running the generator. A difference
is either a regression or a deliberate change of the rules, moves, docs or events; after the latter,
regenerate and read the diff (the generator is deterministic: a second run writes the same bytes):

    .venv/bin/python tests/games/data/generate.py          # every game
    .venv/bin/python tests/games/data/generate.py dash     # one

The perft lines go as deep as a budget of applies allows (Dash's draws leave one move a ply, so its lines
run up to 66 plies, through its dares, to the end of the race), from the first position, 9 plies in, the
first choice after that, and 12, 3 and 1 plies before the end of a fixed line. Each rule below was broken
once in a copy of the engine, and test_perft_counts_are_the_golden_ones failed on it:
- dash: a refused dare costing no turn (2 players, there and back, from setup: depth 42 counts 0, not 2);
  also pictures that only lead up, and Start not counting as every colour on the way back.
- martian-treasure-hunt: a pawn stepping diagonally onto an empty square (2 players after 9 plies: depth 5
  counts 248, not 144); also a coin re-entering its own back two rows (depth 4: 60, not 48).
- three-high: a diamond moving its value minus the piece's size (1 player from setup: 164 moves, not 158);
  also a play finding the pile empty not lost (1 player, 1 ply before the end: depth 2 counts 7043, not 0).
- turning-points: the solitaire's forced direction skipped (from setup: 64 3840 215040, not 16 240 3360);
  also the game ending with one cell empty (1 player after 10 plies: depth 6 counts 0, not 720).
What counts cannot see: how Turning Points' pieces turn (every empty cell takes every direction whatever
the chains did) and a 3-High tree's missing draw (no fixed line offers a tree in reach); the playthrough's
doc hashes and the games' own tests hold those.
"""
from __future__ import annotations

import json

import pytest

from app.games import GAMES, get_game
from tests.games.conformance import tables
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
    """The number of move sequences to each depth from each fixed position, as the file says."""
    lines = read_perft(perft_path(game.name).read_text(encoding="utf-8"))
    assert lines, f"{perft_path(game.name).name} has no positions"
    line_docs: dict = {}
    for players, options, seed, prefix, counts in lines:
        key = (players, json.dumps(options, sort_keys=True), json.dumps(seed))
        if key not in line_docs:
            line_docs[key] = dict(prefixed(game, players, options, seed))
        doc = line_docs[key].get(prefix)
        assert doc is not None, (f"{game.name}: the fixed line of {players} players, {options}, seed {seed!r} "
                                 f"ended after {max(line_docs[key])} plies, before ply {prefix} (a deliberate "
                                 f"change? {REGENERATE})")
        got = perft(game, doc, len(counts))
        assert got == counts, (f"{game.name} perft of {players} players, {options}, seed {seed!r} after {prefix} "
                               f"plies: {got}, the golden counts are {counts} (a deliberate change? {REGENERATE})")


def test_every_table_has_perft_lines_that_branch(game):
    """Each table the suite plays has perft lines, and one of them reaches a depth where the counts branch
    (a count above 1 that differs from another depth's): one move a ply all the way would check little."""
    lines = read_perft(perft_path(game.name).read_text(encoding="utf-8"))
    for players, options in tables(game):
        counts = [c for p, o, _seed, _prefix, c in lines if p == players and o == options]
        assert counts, f"{game.name}: no perft line for {players} players, {options} ({REGENERATE})"
        assert any(max(c) > 1 and len(set(c)) > 1 for c in counts), \
            f"{game.name}, {players} players, {options}: no perft line branches: {counts}"


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
