"""Martian Treasure Hunt movement: the six kinds, blocking, the knight's leap, pawns for every side,
captures, immunity and both back-two-rows rules (RULES.md "Martian Treasure Hunt")."""
from __future__ import annotations

import pytest

from app.games import IllegalMove
from tests.games.test_martian_treasure_hunt_helpers import (BISHOP, G, KING, KNIGHT, PAWN, QUEEN, ROOK, position,
                                                            roll_is, secret_for, targets)

N_HOME = {0: "0,9", 5: "5,9"}  # two north coins at home, out of the way


# --- the six movement kinds ----------------------------------------------------------------------------
def test_pawn_south_steps_north_and_takes_diagonally():
    doc = position(coins={0: {3: "2,3"}, 1: N_HOME}, pyramids={"1,4": 1, "5,7": 1}, dice=(3, PAWN),
                   left_home={0: [3]})
    assert targets(doc) == ["1,4", "2,4"]


def test_pawn_north_steps_south_and_takes_diagonally():
    doc = position(coins={0: {0: "0,0", 1: "1,0"}, 1: {2: "3,6", 5: "5,9"}}, pyramids={"4,5": 2, "5,7": 1},
                   to_act=1, dice=(2, PAWN), left_home={1: [2]})
    assert targets(doc) == ["3,5", "4,5"]


def test_pawn_west_steps_east_and_takes_coins_and_pyramids():
    doc = position(4, coins={0: {0: "4,3", 1: "2,0"}, 1: {4: "3,4"}, 2: {0: "2,9"}, 3: {0: "9,2"}},
                   pyramids={"4,5": 1, "7,7": 1}, to_act=1, dice=(4, PAWN), left_home={0: [0], 1: [4]})
    assert targets(doc) == ["4,3", "4,4", "4,5"]


def test_pawn_east_steps_west_not_onto_a_pyramid():
    doc = position(4, coins={0: {0: "2,0"}, 1: {0: "0,2"}, 2: {0: "2,9"}, 3: {5: "6,4"}},
                   pyramids={"5,4": 1, "5,5": 3, "7,7": 1}, to_act=3, dice=(5, PAWN), left_home={3: [5]})
    assert targets(doc) == ["5,5"]
    with pytest.raises(IllegalMove, match="straight ahead only onto an empty square; 5,4 holds a small pyramid"):
        G.apply(doc, 3, {"to": "5,4"})
    with pytest.raises(IllegalMove, match="diagonally only to capture; 5,3 is empty"):
        G.apply(doc, 3, {"to": "5,3"})


def test_pawn_at_home_steps_out_one_square_no_double_step():
    doc = position(coins={0: {2: "2,0", 3: "3,0"}, 1: N_HOME}, dice=(2, PAWN))
    assert targets(doc) == ["2,1"]
    with pytest.raises(IllegalMove, match="A pawn moves one square straight ahead"):
        G.apply(doc, 0, {"to": "2,2"})


def test_rook_slides_until_blocked_and_captures_the_first_thing_in_its_way():
    doc = position(coins={0: {1: "2,3", 0: "4,3"}, 1: {0: "0,3", 5: "5,9"}}, pyramids={"2,6": 2, "5,7": 1},
                   dice=(1, ROOK), left_home={0: [0, 1]})
    assert targets(doc) == ["2,2", "0,3", "1,3", "3,3", "2,4", "2,5", "2,6"]
    with pytest.raises(IllegalMove, match="blocked at 2,6 by a medium pyramid"):
        G.apply(doc, 0, {"to": "2,7"})
    with pytest.raises(IllegalMove, match="Your own null stands on 4,3"):
        G.apply(doc, 0, {"to": "4,3"})


def test_bishop_slides_diagonally_and_stops_at_the_first_piece():
    doc = position(coins={0: {3: "2,3"}, 1: {0: "1,4", 5: "5,9"}}, pyramids={"4,5": 1, "5,7": 1},
                   dice=(3, BISHOP), left_home={0: [3]})
    assert targets(doc) == ["1,2", "3,2", "1,4", "3,4", "4,5"]
    with pytest.raises(IllegalMove, match="A bishop moves any distance diagonally; 2,5 is not such a move"):
        G.apply(doc, 0, {"to": "2,5"})


def test_queen_moves_like_rook_and_bishop_together():
    coins = {0: {4: "2,3", 0: "4,3"}, 1: {0: "0,3", 1: "1,4"}}
    pyramids = {"2,6": 2, "4,5": 1, "5,7": 1}
    lines = {kind: set(targets(position(coins=coins, pyramids=pyramids, dice=(4, kind), left_home={0: [0, 4]})))
             for kind in (ROOK, BISHOP, QUEEN)}
    assert lines[QUEEN] == lines[ROOK] | lines[BISHOP] and len(lines[QUEEN]) == 12


def test_king_moves_one_square_any_way_not_onto_its_own_coin():
    doc = position(coins={0: {5: "2,3", 1: "3,3"}, 1: N_HOME}, dice=(5, KING), left_home={0: [1, 5]})
    assert targets(doc) == ["1,2", "2,2", "3,2", "1,3", "1,4", "2,4", "3,4"]


def test_knight_leaps_over_pyramids_and_coins():
    around = {f"{x},{y}": 2 for x in (1, 2, 3) for y in (2, 3, 4) if (x, y) != (2, 3)}
    doc = position(coins={0: {2: "2,3"}, 1: N_HOME}, pyramids={**around, "5,7": 1}, dice=(2, KNIGHT),
                   left_home={0: [2]})
    assert targets(doc) == ["0,2", "4,2", "0,4", "4,4", "1,5", "3,5"]
    with pytest.raises(IllegalMove, match="A knight jumps two squares one way and one square the other"):
        G.apply(doc, 0, {"to": "2,5"})


def test_knight_does_not_land_on_its_own_coin():
    doc = position(coins={0: {2: "2,3", 3: "4,4"}, 1: N_HOME}, dice=(2, KNIGHT), left_home={0: [2, 3]})
    assert "4,4" not in targets(doc) and "3,5" in targets(doc)


# --- captures ---------------------------------------------------------------------------------------------
def test_capture_pyramid_goes_to_the_stash():
    doc = position(coins={0: {1: "2,3"}, 1: N_HOME}, pyramids={"2,5": 3, "5,7": 1}, dice=(1, ROOK),
                   left_home={0: [1]})
    step = G.apply(doc, 0, {"to": "2,5"})
    assert step.doc["stash"] == [[3], []] and "2,5" not in step.doc["pyramids"]
    capture = next(e for e in step.events if e["type"] == "capture")
    assert capture == {"type": "capture", "seat": 0, "at": "2,5", "pyramid": 3, "points": 3,
                       "text": "captured a large pyramid (3 points)"}
    assert G.view(step.doc, 1)["scores"] == [3, 0]


def test_capture_coin_becomes_a_prisoner_worth_two():
    doc = position(coins={0: {1: "2,3"}, 1: {0: "2,5", 5: "5,9"}}, dice=(1, ROOK), left_home={0: [1], 1: [0]})
    step = G.apply(doc, 0, {"to": "2,5"})
    assert step.doc["prisoners"] == [[{"seat": 1, "coin": 0}], []]
    assert step.doc["coins"][1]["0"] is None and step.doc["coins"][0]["1"] == "2,5"
    assert G.view(step.doc, None)["scores"] == [2, 0]


def test_capture_of_the_fifth_coin_is_allowed():
    doc = position(coins={0: {1: "2,3"}, 1: {0: "2,5", 5: "5,9"}}, dice=(1, ROOK), left_home={0: [1], 1: [0]},
                   prisoners={0: [(1, 1), (1, 2), (1, 3), (1, 4)]})
    step = G.apply(doc, 0, {"to": "2,5"})
    assert len(step.doc["prisoners"][0]) == 5 and G.view(step.doc, 0)["scores"][0] == 10


def test_last_coin_is_immune_and_blocks_like_any_piece():
    doc = position(coins={0: {1: "2,3"}, 1: {4: "2,5"}}, dice=(1, ROOK), left_home={0: [1], 1: [4]})
    assert "2,4" in targets(doc) and "2,5" not in targets(doc) and "2,6" not in targets(doc)
    assert G.view(doc, 0)["immune"] == [0, 1]  # each seat has one coin left
    with pytest.raises(IllegalMove, match="moon 4 on 2,5 is that seat's last coin on the board: it is immune"):
        G.apply(doc, 0, {"to": "2,5"})


def test_last_coin_immune_to_pawns_and_knights_too():
    doc = position(coins={0: {2: "2,3", 3: "0,0"}, 1: {4: "3,5"}}, dice=(2, KNIGHT), left_home={0: [2], 1: [4]})
    assert "3,5" not in targets(doc)
    doc = position(coins={0: {2: "2,3", 3: "0,0"}, 1: {4: "3,4"}}, pyramids={"1,4": 1, "5,7": 1},
                   dice=(2, PAWN), left_home={0: [2], 1: [4]})
    assert targets(doc) == ["1,4", "2,4"]


# --- the back two rows ------------------------------------------------------------------------------------
def test_zone_no_coin_enters_another_seats_back_two_rows():
    doc = position(4, coins={0: {0: "2,2", 1: "2,0"}, 1: {0: "0,4"}, 2: {0: "2,9"}, 3: {0: "9,2"}},
                   dice=(0, KING), left_home={0: [0]})
    assert targets(doc) == ["3,2", "2,3", "3,3"]
    with pytest.raises(IllegalMove, match="No coin may enter another seat's back two rows: 1,3 is in the west seat's"):
        G.apply(doc, 0, {"to": "1,3"})


def test_zone_a_coin_that_left_home_may_not_return():
    doc = position(4, coins={0: {0: "2,2", 1: "2,0"}, 1: {0: "0,4"}, 2: {0: "2,9"}, 3: {0: "9,2"}},
                   dice=(0, KING), left_home={0: [0]})
    with pytest.raises(IllegalMove, match="has left your back two rows and may never enter them again .3,1."):
        G.apply(doc, 0, {"to": "3,1"})


def test_zone_a_coin_still_home_moves_within_home_and_out():
    doc = position(4, coins={0: {0: "2,1", 1: "2,0"}, 1: {0: "0,4"}, 2: {0: "2,9"}, 3: {0: "9,2"}},
                   dice=(0, KING))
    assert targets(doc) == ["3,0", "3,1", "2,2", "3,2"]
    inside = G.apply(doc, 0, {"to": "3,0"})
    assert inside.doc["left_home"][0] == [] and not inside.events[0]["left_home"]
    out = G.apply(doc, 0, {"to": "2,2"})
    assert out.doc["left_home"][0] == [0] and out.events[0]["left_home"]


def test_zone_pawn_cannot_step_into_the_far_arm():
    secret = secret_for(roll_is(number=0, kind=KING))
    doc = position(coins={0: {0: "2,7", 1: "1,1"}, 1: N_HOME}, dice=(0, PAWN), left_home={0: [0]}, secret=secret,
                   to_act=1)
    doc["to_act"], doc["dice"] = [0], {"number": 0, "kind": PAWN}
    assert G.to_act(doc) == [1]  # a dead roll: the turn passes
    assert G.legal_moves(doc, 0) == []


def test_zone_sliders_stop_at_forbidden_rows():
    doc = position(coins={0: {1: "2,7", 2: "0,0"}, 1: N_HOME}, dice=(1, ROOK), left_home={0: [1]})
    assert "2,8" not in targets(doc) and "2,6" in targets(doc) and "2,2" in targets(doc)
    assert "2,1" not in targets(doc)
