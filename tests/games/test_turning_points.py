"""One test per Turning Points ruling (RULES.md), on small hand-built positions.

Positions are written as rows of arrows, north row first (see `grid`), so a test reads like the board.
"""
from __future__ import annotations

import copy
import itertools

import pytest

from app.games import IllegalMove
from app.games.turning_points import TurningPoints
from app.games.turning_points.board import board_of

G = TurningPoints()
ARROWS = {"^": "N", ">": "E", "v": "S", "<": "W"}
HEX_SIDES = {2: ["S", "N"], 3: ["N", "SE", "SW"], 4: ["N", "SE", "S", "NW"], 5: ["N", "NE", "SE", "S", "SW"],
             6: ["N", "NE", "SE", "S", "SW", "NW"]}


# --- helpers (the other Turning Points test modules import these) ---------------------------------------
def grid(*rows: str) -> dict:
    """Square cells from rows of ^ > v < and . (empty), north row first: grid("^.", ".>") on a 2x2."""
    size = len(rows)
    cells = {}
    for row, text in enumerate(rows):
        for x, mark in enumerate(text.split() if " " in text else text):
            if mark != ".":
                cells[f"{x},{size - 1 - row}"] = {"dir": ARROWS[mark]}
    return cells


def position(cells: dict, players: int = 2, shape: str = "square", size: int = 4, to_act: int = 0,
             solitaire: dict | None = None, sides: list | None = None) -> dict:
    """A document built by hand with only the fields ENGINE.md lists."""
    doc = {"game": "turning-points", "players": players, "options": {"shape": shape, "size": size},
           "to_act": [to_act], "secret": "hand-built", "board": {"shape": shape, "size": size},
           "cells": copy.deepcopy(cells), "solitaire": copy.deepcopy(solitaire)}
    if sides is not None:
        doc["sides"] = list(sides)
    return doc


def place(cell: str, way: str) -> dict:
    return {"cell": cell, "dir": way}


def apply_ok(doc: dict, seat: int, move: dict):
    """Apply a move that must be legal: listed, applied without touching the input."""
    before = copy.deepcopy(doc)
    assert move in G.legal_moves(doc, seat), f"{move} not listed\n{G.render_text(doc)}"
    step = G.apply(doc, seat, move)
    assert doc == before, "apply mutated its input"
    return step


def turns(step) -> list[tuple[str, str]]:
    return [(event["cell"], event["dir"]) for event in step.events if event["type"] == "turn"]


def refused(doc: dict, seat, move, words: str) -> str:
    before = copy.deepcopy(doc)
    with pytest.raises(IllegalMove) as caught:
        G.apply(doc, seat, move)
    assert doc == before
    assert words in str(caught.value), str(caught.value)
    return str(caught.value)


def dirs_of(doc: dict) -> dict:
    return {cell: piece["dir"] for cell, piece in doc["cells"].items()}


# --- setup and boards ----------------------------------------------------------------------------------
class TestSetup:
    @pytest.mark.parametrize("players,board", [(1, ("square", 4)), (2, ("square", 4)), (3, ("hex", 3)),
                                               (4, ("square", 5)), (5, ("hex", 4)), (6, ("hex", 4))])
    def test_setup_default_board_by_player_count(self, players, board):
        doc = G.setup(players, {}, 1)
        assert (doc["board"]["shape"], doc["board"]["size"]) == board
        assert doc["options"] == {"shape": board[0], "size": board[1]} == G.default_options(players)

    @pytest.mark.parametrize("players,sides", [(1, ["S"]), (2, ["S", "N"]), (3, ["S", "W", "N"]),
                                               (4, ["S", "W", "N", "E"])])
    def test_setup_square_sides_by_player_count(self, players, sides):
        options = {"shape": "square", "size": 4}
        assert G.setup(players, options, 1)["sides"] == sides

    @pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
    def test_setup_hex_sides_by_player_count(self, players):
        assert G.setup(players, {"shape": "hex", "size": 3}, 1)["sides"] == HEX_SIDES[players]

    def test_setup_board_starts_empty_and_outside_solitaire_has_no_bag(self):
        doc = G.setup(2, {}, 3)
        assert doc["cells"] == {} and doc["solitaire"] is None and doc["result"] is None

    def test_setup_first_seat_random(self):
        assert {G.setup(4, {}, seed)["to_act"][0] for seed in range(40)} == {0, 1, 2, 3}
        assert {G.setup(1, {}, seed)["to_act"][0] for seed in range(5)} == {0}

    @pytest.mark.parametrize("players,options,words", [
        (2, {"shape": "circle"}, "'shape' cannot be circle"),
        (2, {"shape": "square", "size": 9}, "'size' cannot be 9 when shape is 'square'"),
        (2, {"shape": "hex", "size": 6}, "'size' cannot be 6 when shape is 'hex'"),
        (2, {"shape": "hex", "size": "3"}, "'size' cannot be 3"),
        (1, {"shape": "hex"}, "'shape' cannot be hex"),
        (1, {"size": 5}, "'size' cannot be 5"),
        (5, {"shape": "square"}, "'shape' cannot be square"),
        (3, {"colour": "red"}, "no option 'colour'"),
    ])
    def test_setup_refuses_bad_options(self, players, options, words):
        with pytest.raises(ValueError) as caught:
            G.setup(players, options, 1)
        assert words in str(caught.value)

    @pytest.mark.parametrize("players", [0, 7, True, "2"])
    def test_setup_refuses_bad_player_count(self, players):
        with pytest.raises(ValueError):
            G.setup(players, {}, 1)

    def test_options_size_choices_depend_on_shape(self):
        shape, size = G.option_specs(2)
        assert shape["choices"] == ["square", "hex"] and size["depends_on"] == "shape"
        assert size["choices_by"] == {"square": [2, 3, 4, 5, 6, 7, 8], "hex": [2, 3, 4, 5]}
        assert G.option_specs(1)[1]["choices_by"] == {"square": [4]}
        assert G.option_specs(6)[0]["choices"] == ["hex"]

    def test_options_other_shape_defaults_to_the_size_nearest_in_cells(self):
        assert G.option_specs(2)[1]["default_by"] == {"square": 4, "hex": 3}  # 16 cells -> 19
        assert G.option_specs(3)[1]["default_by"] == {"square": 4, "hex": 3}  # 19 -> 16
        assert G.option_specs(4)[1]["default_by"] == {"square": 5, "hex": 3}  # 25 -> 19, not 37
        assert G.setup(2, {"shape": "hex"}, 1)["board"] == {"shape": "hex", "size": 3}

    @pytest.mark.parametrize("shape,size,cells", [("square", 2, 4), ("square", 8, 64), ("hex", 2, 7),
                                                  ("hex", 3, 19), ("hex", 4, 37), ("hex", 5, 61)])
    def test_board_cell_counts(self, shape, size, cells):
        assert len(board_of(shape, size)) == cells
        doc = position({}, shape=shape, size=size)
        assert len(G.legal_moves(doc, 0)) == cells * (4 if shape == "square" else 6)

    def test_hex_cells_are_axial_within_the_radius(self):
        board = board_of("hex", 3)
        for name in board.cells:
            q, r = map(int, name.split(","))
            assert max(abs(q), abs(r), abs(q + r)) <= 2
        assert "2,-2" in board.cells and "2,-1" in board.cells and "2,1" not in board.cells

    @pytest.mark.parametrize("shape,cell,expected", [
        ("square", "1,1", {"N": "1,2", "E": "2,1", "S": "1,0", "W": "0,1"}),
        ("hex", "0,0", {"N": "0,-1", "NE": "1,-1", "SE": "1,0", "S": "0,1", "SW": "-1,1", "NW": "-1,0"}),
    ])
    def test_directions_step_to_the_ruled_neighbours(self, shape, cell, expected):
        board = board_of(shape, 3)
        here = board.cell_id[cell]
        assert {way: board.cells[board.nxt[here * board.deg + d]] for d, way in enumerate(board.dirs)} == expected


# --- placing -------------------------------------------------------------------------------------------
class TestPlacement:
    def test_place_on_any_empty_cell_in_any_direction(self):
        doc = position(grid("^...", "....", "..>.", "...."))
        legal = G.legal_moves(doc, 0)
        assert len(legal) == 14 * 4 and legal[0] == place("1,3", "N") and legal[3] == place("1,3", "W")
        assert place("0,3", "E") not in legal and place("0,0", "W") in legal

    def test_place_every_hex_direction(self):
        doc = position({}, shape="hex", size=2, players=3)
        assert [m["dir"] for m in G.legal_moves(doc, 0)[:6]] == ["N", "NE", "SE", "S", "SW", "NW"]

    def test_place_on_a_taken_cell_refused(self):
        doc = position(grid("^...", "....", "....", "...."))
        assert "Cell 0,3 is taken: its piece points north" in refused(doc, 0, place("0,3", "E"), "taken")

    @pytest.mark.parametrize("move,words", [
        (place("4,0", "N"), "'4,0' is not a cell of the 4×4 square board"),
        (place("a1", "N"), "'a1' is not a cell"),
        (place("0,0", "NE"), "'NE' is not a direction on a square board; point a piece N, E, S or W"),
        (place("0,0", "north"), "'north' is not a direction"),
        ({"cell": "0,0"}, "a dict with a cell and a direction"),
        ({"cell": 0, "dir": "N"}, "as text"),
        ({"cell": "0,0", "dir": "N", "seat": 0}, "a dict with a cell and a direction"),
        ("0,0 N", "a dict with a cell and a direction"),
    ])
    def test_malformed_moves_refused_with_the_input_named(self, move, words):
        refused(position({}), 0, move, words)

    def test_hex_cell_outside_the_radius_refused(self):
        refused(position({}, shape="hex", size=3, players=3), 0, place("2,1", "N"),
                "'2,1' is not a cell of the hexagonal board of side 3 (19 cells)")

    def test_place_out_of_turn_refused(self):
        doc = position({}, players=3, to_act=1)
        refused(doc, 0, place("0,0", "N"), "It is seat 1's turn, not seat 0's")
        refused(doc, 3, place("0,0", "N"), "There is no seat 3")
        assert G.legal_moves(doc, 0) == [] and G.legal_moves(doc, 1)

    def test_turn_passes_to_the_left(self):
        doc = position({}, players=3, to_act=1)
        doc = apply_ok(doc, 1, place("0,0", "N")).doc
        assert doc["to_act"] == [2]
        assert apply_ok(doc, 2, place("3,3", "N")).doc["to_act"] == [0]

    def test_place_pointing_off_the_board_turns_nothing(self):
        step = apply_ok(position(grid("....", "....", "....", ">...")), 0, place("1,0", "S"))
        assert turns(step) == [] and [e["type"] for e in step.events] == ["place"]

    def test_place_pointing_at_an_empty_cell_turns_nothing(self):
        step = apply_ok(position(grid("....", "....", "....", ".v..")), 0, place("1,2", "E"))
        assert turns(step) == []


# --- the clockwise chain -------------------------------------------------------------------------------
class TestChain:
    @pytest.mark.parametrize("before,after", [("^", ">"), (">", "v"), ("v", "<"), ("<", "^")])
    def test_pointed_piece_turns_one_notch_clockwise_square(self, before, after):
        doc = position(grid("...", f".{before}.", "..."), size=3)
        step = apply_ok(doc, 0, place("1,0", "N"))  # points at the centre
        assert turns(step)[0] == ("1,1", ARROWS[after])

    @pytest.mark.parametrize("before", ["N", "NE", "SE", "S", "SW", "NW"])
    def test_pointed_piece_turns_one_notch_clockwise_hex(self, before):
        order = ["N", "NE", "SE", "S", "SW", "NW"]
        doc = position({"0,0": {"dir": before}}, shape="hex", size=3, players=3)
        step = apply_ok(doc, 0, place("0,1", "N"))  # 0,1 is just south of 0,0
        assert turns(step)[0] == ("0,0", order[(order.index(before) + 1) % 6])

    def test_chain_continues_while_the_turned_piece_points_at_a_piece(self):
        # 1,1 turns N->E and points at 2,1; 2,1 turns E->S and points off the board.
        doc = position(grid("...", ".^>", "..."), size=3)
        step = apply_ok(doc, 0, place("1,0", "N"))
        assert turns(step) == [("1,1", "E"), ("2,1", "S")]
        assert dirs_of(step.doc) == {"1,0": "N", "1,1": "E", "2,1": "S"}

    def test_chain_ends_at_an_empty_cell(self):
        # 1,1 turns W->N and points at the empty 1,2.
        step = apply_ok(position(grid("...", ".<.", "..."), size=3), 0, place("1,0", "N"))
        assert turns(step) == [("1,1", "N")]

    def test_placed_piece_does_not_turn_on_placement(self):
        step = apply_ok(position({}), 0, place("1,1", "E"))
        assert dirs_of(step.doc) == {"1,1": "E"} and turns(step) == []

    def test_placed_piece_turns_when_the_chain_comes_back_to_it(self):
        # Placed 0,0 E points at 1,0 (S): it turns to W and points back at 0,0, which turns E->S: off.
        step = apply_ok(position(grid("..", ".v"), size=2), 0, place("0,0", "E"))
        assert turns(step) == [("1,0", "W"), ("0,0", "S")]
        assert dirs_of(step.doc) == {"0,0": "S", "1,0": "W"}

    def test_a_piece_turns_each_time_it_is_pointed_at(self):
        # Placed 0,1 S at 0,0 (N): E, at 1,0 (S): W, back at 0,0 (E): S, off the board.
        step = apply_ok(position(grid("..", "^v"), size=2), 0, place("0,1", "S"))
        assert turns(step) == [("0,0", "E"), ("1,0", "W"), ("0,0", "S")]

    def test_sheet_sample_move_recreated(self):
        """The sheet's mini 3x3 two-player game: North (seat 1) to move, losing 1 to 4.

        Yellow 2,2 (S), Blue 1,2 (S), Red 0,2 (N); others 0,1 E, 1,1 E, 1,0 S, 2,0 S; 2,1 and 0,0 empty.
        North plays Black on 2,1 pointing N at Yellow: Yellow turns (to W, at Blue), Blue turns (to W, at
        Red), Red turns (to E, back at Blue), Blue turns again (to N, off the board). 2 to 2; South wins
        by dropping a south-pointing piece on the last square, 0,0.
        """
        doc = position(grid("^vv", ">>.", ".vv"), size=3, to_act=1)
        assert dirs_of(doc) == {"0,2": "N", "1,2": "S", "2,2": "S", "0,1": "E", "1,1": "E", "1,0": "S",
                                "2,0": "S"}
        assert G.view(doc, None)["scores"] == [4, 1]  # South 4, North 1
        step = apply_ok(doc, 1, place("2,1", "N"))
        assert turns(step) == [("2,2", "W"), ("1,2", "W"), ("0,2", "E"), ("1,2", "N")]
        assert [e["by"] for e in step.events if e["type"] == "turn"] == ["2,1", "2,2", "1,2", "0,2"]
        assert G.view(step.doc, None)["scores"] == [2, 2]
        last = apply_ok(step.doc, 0, place("0,0", "S"))
        assert turns(last) == [] and G.result(last.doc) == {
            "outcome": "finished", "reason": "board_full", "scores": [3, 2], "winners": [0]}

    def test_hex_chain_turns_sixty_degrees_per_notch(self):
        # 0,0 points N at 0,-1 (NW): it turns to N, at 0,-2 (SW): it turns to NW, off the board.
        doc = position({"0,-1": {"dir": "NW"}, "0,-2": {"dir": "SW"}}, shape="hex", size=3, players=3)
        step = apply_ok(doc, 0, place("0,0", "N"))
        assert turns(step) == [("0,-1", "N"), ("0,-2", "NW")]

    def test_turn_events_name_the_old_direction_and_the_pointing_cell(self):
        step = apply_ok(position(grid("...", ".^>", "..."), size=3), 0, place("1,0", "N"))
        first, second = [e for e in step.events if e["type"] == "turn"]
        assert first == {"type": "turn", "cell": "1,1", "dir": "E", "from": "N", "by": "1,0",
                         "text": "the piece on 1,1 turned from north to east"}
        assert (second["from"], second["by"]) == ("E", "1,1")
        assert step.events[0] == {"type": "place", "seat": 0, "cell": "1,0", "dir": "N", "toward": 1, "turned": 2,
                                  "scores": [1, 1],
                                  "text": "placed a piece on 1,0 pointing north; 2 pieces turned"}

    def test_move_targets_preview_the_chain_and_scores(self):
        doc = position(grid("...", ".^>", "..."), size=3)
        legal = G.legal_moves(doc, 0)
        targets = G.move_targets(doc, legal)
        assert len(targets) == len(legal)
        target = targets[legal.index(place("1,0", "N"))]
        assert target == {"cell": "1,0", "dir": "N", "chain": [{"cell": "1,1", "dir": "E"},
                                                               {"cell": "2,1", "dir": "S"}], "scores": [1, 1]}
        for move, target in zip(legal, targets):
            step = G.apply(doc, 0, move)
            assert target["chain"] == [{"cell": c, "dir": d} for c, d in turns(step)]
            assert target["scores"] == G.view(step.doc, None)["scores"]


def test_every_square_cell_and_direction_listed_once():
    doc = position({}, size=3)
    legal = G.legal_moves(doc, 0)
    assert legal == [place(f"{x},{y}", d) for y, x in itertools.product((2, 1, 0), (0, 1, 2)) for d in "NESW"]
