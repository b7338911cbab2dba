"""Turning Points rulings on hand-built positions, continued: the end and scores, the solitaire,
documents, views and texts (helpers in test_turning_points.py)."""
from __future__ import annotations

import json

import pytest

from app.games.turning_points.board import board_of
from tests.games.test_turning_points import G, apply_ok, grid, place, position, refused, turns


# --- the end ---------------------------------------------------------------------------------------------
class TestEnd:
    def test_game_ends_when_the_board_is_full(self):
        doc = position(grid("^^", "^."), size=2, to_act=1)
        step = apply_ok(doc, 1, place("1,0", "S"))
        assert G.to_act(step.doc) == [] and step.doc["result"]["reason"] == "board_full"
        assert step.events[-1]["type"] == "end" and step.events[-1]["scores"] == [1, 3]
        for seat in (0, 1):
            assert G.legal_moves(step.doc, seat) == []
        refused(step.doc, 0, place("1,0", "S"), "The game is over: the board is full")

    def test_scores_count_pieces_pointing_toward_each_side(self):
        # 2 players sit S and N: pieces pointing E or W score for nobody.
        doc = position(grid("^>v<", "^^vv", "<<>>", "v..."))
        assert G.view(doc, 0)["scores"] == [4, 3]

    def test_scores_four_players_square(self):
        doc = position(grid("^>v<", "^^vv", "<<>>", "v.^<"), players=4)
        assert G.view(doc, 0)["scores"] == [4, 4, 4, 3]  # S, W, N, E

    def test_highest_score_wins(self):
        doc = position(grid("vv", "v^"), size=2)
        assert G.result(doc) == {"outcome": "finished", "reason": "board_full", "scores": [3, 1],
                                 "winners": [0]}

    def test_ties_share_the_win(self):
        doc = position(grid("v>", "^<"), size=2, players=3)
        assert G.result(doc)["scores"] == [1, 1, 1] and G.result(doc)["winners"] == [0, 1, 2]

    def test_hex_scores_by_the_seats_sides(self):
        board = board_of("hex", 2)
        ways = ["N", "NE", "SE", "S", "SW", "NW", "N"]
        doc = position({cell: {"dir": way} for cell, way in zip(board.cells, ways)}, shape="hex", size=2,
                       players=3)
        assert G.result(doc)["scores"] == [2, 1, 1]  # N, SE, SW

    def test_hand_built_full_board_reads_as_finished(self):
        doc = position(grid("vv", "v^"), size=2)
        doc["to_act"] = []
        assert G.to_act(doc) == [] and G.result(doc)["winners"] == [0]


# --- solitaire --------------------------------------------------------------------------------------------
SOLO_EDGES = {"N": "blue", "E": "red", "S": "green", "W": "yellow"}


def solo(cells: dict, bag: list) -> dict:
    return position(cells, players=1, solitaire={"edges": SOLO_EDGES, "bag": bag})


class TestSolitaire:
    def test_solitaire_edges_get_a_random_assignment_of_the_four_colours(self):
        seen = set()
        for seed in range(60):
            edges = G.setup(1, {}, seed)["solitaire"]["edges"]
            assert set(edges) == {"N", "E", "S", "W"}
            assert sorted(edges.values()) == ["blue", "green", "red", "yellow"]
            seen.add(tuple(edges.values()))
        assert len(seen) > 12  # of 24

    def test_solitaire_bag_holds_sixteen_pieces_four_of_each_colour_in_random_order(self):
        bags = [G.setup(1, {}, seed)["solitaire"]["bag"] for seed in range(10)]
        for bag in bags:
            assert sorted(bag) == sorted(["red", "yellow", "green", "blue"] * 4)
        assert len({tuple(bag) for bag in bags}) == 10

    def test_solitaire_player_sits_south_on_the_4x4(self):
        doc = G.setup(1, {}, 3)
        assert doc["sides"] == ["S"] and doc["board"] == {"shape": "square", "size": 4}

    def test_solitaire_piece_must_point_toward_its_colour_edge(self):
        doc = solo({}, ["red"] * 4 + ["blue"] * 4 + ["green"] * 4 + ["yellow"] * 4)
        legal = G.legal_moves(doc, 0)
        assert len(legal) == 16 and {m["dir"] for m in legal} == {"E"}
        sentence = refused(doc, 0, place("0,0", "N"), "The red piece must point toward the red edge (E, east)")
        assert sentence.endswith("not north.")

    def test_solitaire_places_the_next_piece_from_the_bag(self):
        doc = solo({}, ["red", "blue"] + ["green"] * 14)
        step = apply_ok(doc, 0, place("1,1", "E"))
        assert step.doc["cells"] == {"1,1": {"dir": "E", "color": "red"}}
        assert step.doc["solitaire"]["bag"] == ["blue"] + ["green"] * 14
        assert G.legal_moves(step.doc, 0)[0]["dir"] == "N"
        assert [e["type"] for e in step.events] == ["place", "next"] and step.events[1]["color"] == "blue"

    def test_solitaire_chains_turn_pieces_as_in_the_multiplayer_game(self):
        doc = solo({"1,1": {"dir": "W", "color": "yellow"}}, ["blue"] * 15)
        step = apply_ok(doc, 0, place("1,0", "N"))
        assert turns(step) == [("1,1", "N")]
        assert step.doc["cells"]["1,1"] == {"dir": "N", "color": "yellow"}

    def test_solitaire_score_is_the_pieces_pointing_south(self):
        cells = {cell: {"dir": piece["dir"], "color": "green"} for cell, piece in grid(
            "vvvv", "vvvv", "v<<<", "^^^.").items()}
        step = apply_ok(solo(cells, ["green"]), 0, place("3,0", "S"))
        result = G.result(step.doc)
        assert result["scores"] == [10] and result["winners"] == [0]
        assert result["verdict"] == "Not bad, but you can do better"
        assert step.events[-1]["verdict"] == result["verdict"]

    @pytest.mark.parametrize("score,verdict", [
        (0, "You're sitting on the wrong side of the table"), (3, "You're sitting on the wrong side of the table"),
        (4, "You're not even trying, are you?"), (7, "You're not even trying, are you?"),
        (8, "Not bad, but you can do better"), (11, "Not bad, but you can do better"), (12, "Excellent!"),
        (15, "Excellent!"), (16, "Admit it! You cheated!")])
    def test_solitaire_verdicts(self, score, verdict):
        cells = {name: {"dir": "S" if i < score else "N", "color": "green" if i < score else "blue"}
                 for i, name in enumerate(board_of("square", 4).cells)}
        assert G.result(solo(cells, []))["verdict"] == verdict

    def test_solitaire_view_shows_only_the_next_piece(self):
        doc = G.setup(1, {}, 8)
        bag = doc["solitaire"]["bag"]
        view = G.view(doc, 0)
        assert view["solitaire"]["bag"] == bag[:1] and view["solitaire"]["bag_count"] == 16
        assert view["bag_count"] == 16 and view["solitaire"]["edges"] == doc["solitaire"]["edges"]
        assert view["solitaire"]["bag_colors"] == {"red": 4, "yellow": 4, "green": 4, "blue": 4}
        assert view["solitaire"]["forced"] == next(k for k, v in doc["solitaire"]["edges"].items() if v == bag[0])
        assert G.view(doc, None)["solitaire"] == view["solitaire"]
        assert "secret" not in json.dumps(view) and doc["secret"] not in json.dumps(view)

    def test_solitaire_hand_built_bag_too_short_refused(self):
        with pytest.raises(ValueError, match="bag holds 1 pieces for 16 empty cells"):
            G.legal_moves(solo({}, ["red"]), 0)


# --- documents, views, texts ---------------------------------------------------------------------------
class TestDocuments:
    def test_hand_built_doc_with_only_the_listed_fields(self):
        doc = {"game": "turning-points", "players": 2, "to_act": [1], "board": {"shape": "hex", "size": 2},
               "cells": {"0,0": {"dir": "S"}}}
        assert G.view(doc, 1)["sides"] == ["S", "N"]
        step = G.apply(doc, 1, place("0,-1", "S"))
        assert turns(step) == [("0,0", "SW")] and step.doc["options"] == {"shape": "hex", "size": 2}

    @pytest.mark.parametrize("change,words", [
        ({"board": {"shape": "hex", "size": 9}}, "side 2 to 5"),
        ({"board": {"shape": "circle", "size": 3}}, "The board must be like"),
        ({"cells": {"9,9": {"dir": "N"}}}, "'9,9' is not a cell of the 4×4 square board"),
        ({"cells": {"0,0": {"dir": "NE"}}}, "The piece on 0,0 must be like"),
        ({"sides": ["S", "S"]}, "are not 2 different sides"),
        ({"to_act": []}, "to_act must name the seat"),
        ({"options": {"shape": "hex"}}, "The options say shape 'hex'"),
        ({"game": "dash"}, "not a Turning Points document"),
        ({"solitaire": {"edges": {"N": "red"}, "bag": []}}, "one colour per edge"),
    ])
    def test_hand_built_bad_docs_refused(self, change, words):
        doc = {**position({}), **change}
        with pytest.raises(ValueError, match=words):
            G.view(doc, 0)

    def test_view_hides_the_secret_and_shows_scores(self):
        doc = G.setup(3, {}, 5)
        for seat in (0, 1, 2, None):
            view = G.view(doc, seat)
            assert "secret" not in view and doc["secret"] not in json.dumps(view)
            assert view["scores"] == [0, 0, 0] and view["seat"] == seat and view["solitaire"] is None

    def test_render_text_square(self):
        text = G.render_text(position(grid("^...", "....", "..>.", "...v"), to_act=1))
        assert text.splitlines()[0] == " 3  ↑   .   .   ." and "→" in text.splitlines()[2]
        assert " seat 0 S: 1  *seat 1 N: 1" in text and "4×4 square board, 13 empty" in text

    def test_render_text_hex(self):
        text = G.render_text(position({"0,-1": {"dir": "NE"}, "0,1": {"dir": "S"}}, shape="hex", size=2,
                                      players=3))
        lines = text.splitlines()
        assert lines[0].strip() == "↗" and lines[4].strip() == "↓" and lines[2].strip() == "."
        assert "hexagonal board of side 2 (7 cells), 5 empty" in text

    def test_render_text_solitaire(self):
        text = G.render_text(solo({"0,0": {"dir": "S", "color": "green"}}, ["red"] * 15))
        assert "G↓" in text and "edges N=blue E=red S=green W=yellow; next red (E), 15 in the bag" in text

    def test_describe_move(self):
        assert G.describe_move(position({}), 0, place("1,2", "SE")) == "1,2 pointing south-east"

    def test_declaration(self):
        assert (G.name, G.title, G.min_players, G.max_players) == ("turning-points", "Turning Points", 1, 6)
        assert G.bot == "turning_points:TurningPointsBot" and not G.cooperative
        assert G.client == "js/games/turning_points/index.js"
        assert G.rules_template == "turning_points/rules/turning_points.html"
