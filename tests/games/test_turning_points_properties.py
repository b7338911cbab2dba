"""Property tests over random Turning Points playouts, on every board size and player count (hypothesis).

Each move is also played by `reference_step`, a plain re-reading of RULES.md on coordinates (no Board
tables, no codes), so the engine's fast chain is checked against the ruling itself.
"""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.games.test_turning_points import G

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Every table the options allow: (players, shape, size).
TABLES = [(1, "square", 4)] + [(players, shape, size) for players in range(2, 7)
                               for shape, sizes in (("square", range(2, 9)), ("hex", range(2, 6)))
                               for size in sizes if shape == "hex" or players <= 4]
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0),  # square: x east, y north
        "hex": {"N": (0, -1), "NE": (1, -1), "SE": (1, 0), "S": (0, 1), "SW": (-1, 1), "NW": (-1, 0)}}
CLOCKWISE = {"square": ["N", "E", "S", "W"], "hex": ["N", "NE", "SE", "S", "SW", "NW"]}


def on_board(shape: str, size: int, x: int, y: int) -> bool:
    if shape == "square":
        return 0 <= x < size and 0 <= y < size
    return max(abs(x), abs(y), abs(x + y)) <= size - 1


def reference_step(doc: dict, move: dict) -> tuple[dict, list]:
    """RULES.md read literally: place, then while the current piece points at an occupied cell, that
    piece turns one notch clockwise and becomes current. Returns (cells after, [(cell, dir)] turned)."""
    shape, size = doc["board"]["shape"], doc["board"]["size"]
    steps = STEP["hex"] if shape == "hex" else STEP
    order = CLOCKWISE[shape]
    cells = {cell: piece["dir"] for cell, piece in doc["cells"].items()}
    cells[move["cell"]] = move["dir"]
    current, turned = move["cell"], []
    while True:
        x, y = map(int, current.split(","))
        dx, dy = steps[cells[current]]
        target = f"{x + dx},{y + dy}"
        if not on_board(shape, size, x + dx, y + dy) or target not in cells:
            return cells, turned
        cells[target] = order[(order.index(cells[target]) + 1) % len(order)]
        turned.append((target, cells[target]))
        current = target


def cell_count(shape: str, size: int) -> int:
    return size * size if shape == "square" else 3 * size * (size - 1) + 1


def playout(players: int, shape: str, size: int, seed, pick) -> tuple[dict, list, list]:
    """A whole game with moves chosen by pick(count) -> index; returns (initial, moves, docs), checking
    every step against the reference and the preview (move_targets) on the way."""
    doc = G.setup(players, {"shape": shape, "size": size}, seed)
    initial, moves, docs = doc, [], [doc]
    while G.to_act(doc):
        seat = G.to_act(doc)[0]
        legal = G.legal_moves(doc, seat)
        move = legal[pick(len(legal))]
        target = G.move_targets(doc, [move])[0]
        before = copy.deepcopy(doc)
        step = G.apply(doc, seat, move)
        assert doc == before, "apply mutated its input"
        expected_cells, expected_turns = reference_step(doc, move)
        assert {cell: piece["dir"] for cell, piece in step.doc["cells"].items()} == expected_cells, \
            G.render_text(doc) + f"\n{move}"
        turned = [(event["cell"], event["dir"]) for event in step.events if event["type"] == "turn"]
        assert turned == expected_turns
        assert target["chain"] == [{"cell": cell, "dir": way} for cell, way in turned]
        assert target["scores"] == G.view(step.doc, None)["scores"]
        doc = step.doc
        moves.append((seat, move))
        docs.append(doc)
    return initial, moves, docs


def check_end(docs: list, players: int, shape: str, size: int) -> None:
    final = docs[-1]
    cells = cell_count(shape, size)
    assert len(docs) == cells + 1, "one placement per cell, then the end"
    assert all(G.result(doc) is None and len(doc["cells"]) < cells for doc in docs[:-1])
    result = G.result(final)
    assert len(final["cells"]) == cells and result["reason"] == "board_full", G.render_text(final)
    pointing = [piece["dir"] for piece in final["cells"].values()]
    claimed = sum(pointing.count(side) for side in final["sides"])
    assert sum(result["scores"]) == claimed and claimed + (len(pointing) - claimed) == cells
    if len(final["sides"]) == len(CLOCKWISE[shape]):  # every side seated: every piece scores
        assert sum(result["scores"]) == cells
    assert result["winners"] == [seat for seat, points in enumerate(result["scores"])
                                 if points == max(result["scores"])]


@pytest.mark.parametrize("players,shape,size", TABLES)
def test_every_table_plays_to_a_full_board(players, shape, size):
    """One random game on every board the options allow, for every player count it seats."""
    rng = random.Random(f"{players}{shape}{size}")
    docs = playout(players, shape, size, f"sweep-{players}-{shape}-{size}", rng.randrange)[2]
    check_end(docs, players, shape, size)


tables = st.sampled_from(TABLES)


@SETTINGS
@given(tables, st.integers(0, 2**64), st.data())
def test_games_end_full_and_scores_add_up_to_the_pieces(table, seed, data):
    docs = playout(*table, seed, lambda n: data.draw(st.integers(0, n - 1), label="move"))[2]
    check_end(docs, *table)


@SETTINGS
@given(tables, st.integers(0, 2**64), st.data())
def test_legal_moves_are_every_empty_cell_in_every_direction(table, seed, data):
    """The ruling: a piece goes on any empty cell pointing any way (in solitaire only the forced way), and
    only the seat to act has moves. That nothing else applies: the conformance suite."""
    docs = playout(*table, seed, lambda n: data.draw(st.integers(0, n - 1), label="move"))[2]
    doc = docs[data.draw(st.integers(0, len(docs) - 2), label="probe")]
    seat = G.to_act(doc)[0]
    legal = G.legal_moves(doc, seat)
    shape, size = table[1], table[2]
    names = [f"{x},{y}" for x in range(-size, size + 1) for y in range(-size, size + 1)
             if on_board(shape, size, x, y)]
    forced = G.view(doc, seat)["solitaire"]["forced"] if table[0] == 1 else None
    expected = [{"cell": cell, "dir": way} for cell in names if cell not in doc["cells"]
                for way in CLOCKWISE[shape] if forced in (None, way)]
    assert sorted(map(json.dumps, legal)) == sorted(map(json.dumps, expected))
    for other in range(table[0]):
        if other != seat:
            assert G.legal_moves(doc, other) == []


@SETTINGS
@given(st.integers(0, 2**64), st.data())
def test_solitaire_views_show_the_next_piece_and_how_many_are_left(seed, data):
    """A solitaire view shows the bag as its next piece and a count (the order behind it is hidden: the
    conformance suite's hidden twins deal it anew), and the forced way is the one legal way."""
    docs = playout(1, "square", 4, seed, lambda n: data.draw(st.integers(0, n - 1), label="move"))[2]
    for doc in docs:
        bag = doc["solitaire"]["bag"]
        for seat in (0, None):
            view = G.view(doc, seat)
            assert view["solitaire"]["bag"] == bag[:1] and view["solitaire"]["bag_count"] == len(bag)
            assert view["bag_count"] == len(bag)
        if doc["result"] is None:
            assert G.legal_moves(doc, 0)[0]["dir"] == G.view(doc, 0)["solitaire"]["forced"]


@SETTINGS
@given(tables, st.integers(0, 2**64), st.data())
def test_views_show_every_piece_and_the_scores(table, seed, data):
    docs = playout(*table, seed, lambda n: data.draw(st.integers(0, n - 1), label="move"))[2]
    for doc in docs[:: max(1, len(docs) // 5)]:
        for seat in list(range(table[0])) + [None]:
            view = G.view(doc, seat)
            assert view["cells"] == doc["cells"] and view["scores"] == [
                sum(piece["dir"] == side for piece in doc["cells"].values()) for side in doc["sides"]]
