"""Martian Treasure Hunt rules, one test per ruling (RULES.md "Martian Treasure Hunt"): boards, setup, the
secret simultaneous arrange, dice and lost turns, the end and scores, refusals. Movement: _moves.py."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from app.games import IllegalMove
from app.games.martian_treasure_hunt.position import roll_dice
from tests.games.test_martian_treasure_hunt_helpers import (FAR_PYRAMID, G, KING, PAWN, QUEEN, ROOK, arranged,
                                                            position, roll_is, secret_for)

N_HOME = {0: "0,9", 5: "5,9"}  # two north coins at home, out of the way


# --- boards and setup -------------------------------------------------------------------------------
def test_board_two_players_is_six_by_ten_with_south_and_north_arms():
    view = G.view(G.setup(2, {}, 1), None)
    squares = view["board"]["squares"]
    assert len(squares) == 60 and {s.split(",")[0] for s in squares} == {str(x) for x in range(6)}
    assert view["sides"] == ["S", "N"] and view["layout"] == "2p"
    assert sorted(view["board"]["arms"][0]) == sorted(f"{x},{y}" for x in range(6) for y in (0, 1))
    assert view["board"]["home_rows"] == [[f"{x},0" for x in range(6)], [f"{x},9" for x in range(6)]]


def test_board_four_players_is_the_fat_plus_without_its_corners():
    view = G.view(G.setup(4, {}, 1), None)
    squares = set(view["board"]["squares"])
    assert len(squares) == 84 and view["layout"] == "plus" and view["sides"] == ["S", "W", "N", "E"]
    for corner in ("0,0", "1,1", "8,0", "9,1", "0,8", "1,9", "8,8", "9,9"):
        assert corner not in squares
    assert view["board"]["home_rows"][1] == [f"0,{y}" for y in range(2, 8)]  # west: by increasing y
    assert view["board"]["home_rows"][3] == [f"9,{y}" for y in range(2, 8)]


def test_board_three_players_leaves_out_the_east_arm():
    view = G.view(G.setup(3, {}, 1), None)
    squares = set(view["board"]["squares"])
    assert len(squares) == 72 and view["sides"] == ["S", "W", "N"]
    assert not {"8,4", "9,4", "8,2", "9,7"} & squares and {"0,4", "4,0", "4,9"} <= squares


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_places_36_pyramids_in_rings(players):
    doc = G.setup(players, {}, 7)
    sizes = Counter(doc["pyramids"].values())
    assert sizes == {1: 20, 2: 12, 3: 4}
    x0 = 0 if players == 2 else 2
    assert {k for k, v in doc["pyramids"].items() if v == 3} == {f"{x0 + x},{y}" for x in (2, 3) for y in (4, 5)}
    assert doc["pyramids"][f"{x0},2"] == 1 and doc["pyramids"][f"{x0 + 1},3"] == 2


def test_setup_starts_in_the_arrange_phase_with_every_seat_to_act():
    doc = G.setup(3, {}, 2)
    assert doc["phase"] == "arrange" and doc["to_act"] == [0, 1, 2] and G.to_act(doc) == [0, 1, 2]
    assert doc["coins"] == [None, None, None] and doc["dice"] is None and G.result(doc) is None


def test_setup_refuses_player_counts_and_options():
    for players in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            G.setup(players, {}, 1)
    with pytest.raises(ValueError, match="no option"):
        G.setup(2, {"board": "big"}, 1)


# --- arranging --------------------------------------------------------------------------------------
def test_arrange_lists_all_720_orders_plain_order_first():
    moves = G.legal_moves(G.setup(2, {}, 1), 1)
    assert len(moves) == 720 and moves[0] == {"order": [0, 1, 2, 3, 4, 5]}
    assert len({tuple(m["order"]) for m in moves}) == 720


def test_arrange_places_coins_along_the_home_row():
    doc = arranged(4, orders={0: [5, 4, 3, 2, 1, 0], 1: [2, 0, 1, 3, 5, 4]})
    assert doc["coins"][0]["5"] == "2,0" and doc["coins"][0]["0"] == "7,0"
    assert doc["coins"][1]["2"] == "0,2" and doc["coins"][1]["4"] == "0,7"
    assert doc["coins"][3]["0"] == "9,2" and doc["coins"][2]["5"] == "7,9"


def test_arrange_every_seat_at_once_in_any_order():
    doc = G.setup(3, {}, 3)
    doc = G.apply(doc, 2, {"order": [0, 1, 2, 3, 4, 5]}).doc
    assert G.to_act(doc) == [0, 1] and G.legal_moves(doc, 2) == []
    doc = G.apply(doc, 0, {"order": [1, 0, 2, 3, 4, 5]}).doc
    assert G.to_act(doc) == [1] and doc["phase"] == "arrange"


def test_arrange_hidden_from_other_seats_until_all_have_arranged():
    doc = G.setup(3, {}, 4)
    step = G.apply(doc, 0, {"order": [3, 1, 4, 0, 5, 2]})
    doc = step.doc
    assert G.view(doc, 0)["coins"][0] == {"3": "2,0", "1": "3,0", "4": "4,0", "0": "5,0", "5": "6,0", "2": "7,0"}
    for viewer in (1, 2, None):
        assert G.view(doc, viewer)["coins"] == [None, None, None]
        assert "order" not in G.view_events(step.events, viewer, doc)[0]
    assert G.view_events(step.events, 0, doc)[0]["order"] == [3, 1, 4, 0, 5, 2]
    doc = G.apply(doc, 1, {"order": [0, 1, 2, 3, 4, 5]}).doc
    assert G.view(doc, 2)["coins"] == [None, None, None] and G.view(doc, 1)["coins"][0] is None
    last = G.apply(doc, 2, {"order": [0, 1, 2, 3, 4, 5]})
    for viewer in (0, 1, 2, None):
        assert all(entry is not None for entry in G.view(last.doc, viewer)["coins"])


def test_an_arrangement_move_is_hidden_from_other_seats_until_the_reveal():
    """move_view: another seat's {"order": [...]} is {"order": null} until every seat has
    arranged, judged from the doc after the move, a later one, or the one just before it."""
    orders = {0: [3, 1, 4, 0, 5, 2], 1: [5, 4, 3, 2, 1, 0], 2: [1, 0, 2, 3, 4, 5]}
    docs, doc = [], G.setup(3, {}, 4)
    for seat in (0, 1, 2):
        docs.append(doc)  # before seat's move
        doc = G.apply(doc, seat, {"order": orders[seat]}).doc
    docs.append(doc)  # after the reveal
    for seat in (0, 1):  # hidden from the others until the last seat arranges
        move = {"order": orders[seat]}
        for doc in docs[seat:3]:
            for viewer in (0, 1, 2, None):
                assert G.move_view(doc, seat, move, viewer) == (move if viewer == seat else {"order": None})
    last = {"order": orders[2]}  # the last arrangement reveals them all: shown from the doc before it on
    for doc in docs[2:]:
        assert all(G.move_view(doc, 2, last, viewer) is last for viewer in (0, 1, 2, None))
    for seat in (0, 1, 2):
        assert all(G.move_view(docs[3], seat, {"order": orders[seat]}, v) == {"order": orders[seat]}
                   for v in (0, 1, 2, None))
    play = {"to": "3,1"}
    assert G.move_view(docs[3], 0, play, None) is play


def test_arrange_last_seat_reveals_draws_the_first_seat_and_rolls():
    doc = G.setup(2, {}, 5)
    doc = G.apply(doc, 1, {"order": [0, 1, 2, 3, 4, 5]}).doc
    step = G.apply(doc, 0, {"order": [0, 1, 2, 3, 4, 5]})
    kinds = [e["type"] for e in step.events]
    assert kinds[:4] == ["arranged", "reveal", "first", "roll"]
    assert step.doc["phase"] == "play" and step.doc["dice"] is not None and len(G.to_act(step.doc)) == 1
    assert step.events[2]["seat"] in (0, 1)


def test_arrange_first_seat_is_random_from_the_seed():
    firsts = Counter(next(e["seat"] for e in arranged_events(4, seed) if e["type"] == "first") for seed in range(60))
    assert set(firsts) == {0, 1, 2, 3}


def arranged_events(players, seed):
    doc, events = G.setup(players, {}, seed), []
    for seat in range(players):
        step = G.apply(doc, seat, {"order": [0, 1, 2, 3, 4, 5]})
        doc, events = step.doc, events + step.events
    return events


def test_arrange_twice_refused():
    doc = G.apply(G.setup(3, {}, 1), 1, {"order": [0, 1, 2, 3, 4, 5]}).doc
    with pytest.raises(IllegalMove, match="Seat 1 has already arranged its coins; waiting for seats 0 and 2"):
        G.apply(doc, 1, {"order": [5, 4, 3, 2, 1, 0]})


@pytest.mark.parametrize("order, words", [
    ([0, 0, 1, 2, 3, 4], "exactly once .missing: 5"), ([0, 1, 2], "six coin values"),
    ([True, 1, 2, 3, 4, 5], "six coin values"), ("012345", "six coin values"), ([0, 1, 2, 3, 4, 9], "missing: 5"),
])
def test_arrange_refuses_bad_orders(order, words):
    doc = G.setup(2, {}, 1)
    with pytest.raises(IllegalMove, match=words):
        G.apply(doc, 0, {"order": order})


def test_arrange_phase_refuses_a_play_move():
    with pytest.raises(IllegalMove, match="arrange phase"):
        G.apply(G.setup(2, {}, 1), 0, {"to": "2,1"})


# --- dice and lost turns -------------------------------------------------------------------------------------
def test_turn_lost_when_the_rolled_coin_is_captured():
    secret = secret_for(roll_is(number=0), roll_is(number=0, kind=KING))
    doc = position(coins={0: {0: "2,3"}, 1: {5: "5,9"}}, dice=(0, KING), left_home={0: [0]}, secret=secret)
    step = G.apply(doc, 0, {"to": "2,4"})
    kinds = [(e["type"], e.get("seat"), e.get("why")) for e in step.events]
    assert kinds == [("move", 0, None), ("roll", 1, None), ("turn_lost", 1, "captured"), ("roll", 0, None)]
    assert step.events[2]["text"] == "loses the turn: the moon null has been captured"
    assert G.to_act(step.doc) == [0] and step.doc["dice"] == {"number": 0, "kind": KING}
    assert step.doc["rolls"] == 2


def test_turn_lost_when_the_rolled_coin_has_no_move_of_that_kind():
    secret = secret_for(roll_is(number=2, kind=PAWN), roll_is(number=0, kind=KING))
    doc = position(coins={0: {0: "0,4"}, 1: {2: "3,2", 5: "5,9"}}, dice=(0, KING), left_home={0: [0], 1: [2]},
                   secret=secret)
    step = G.apply(doc, 0, {"to": "0,5"})
    lost = [e for e in step.events if e["type"] == "turn_lost"]
    assert lost == [{"type": "turn_lost", "seat": 1, "why": "no_move", "number": 2, "kind": PAWN,
                     "text": "loses the turn: the moon 2 has no pawn move"}]


def test_lost_turns_pass_on_seat_after_seat():
    secret = secret_for(roll_is(number=0), roll_is(number=0), roll_is(number=0, kind=KING))
    doc = position(3, coins={0: {0: "4,4"}, 1: {5: "0,7"}, 2: {5: "7,9"}}, dice=(0, KING), left_home={0: [0]},
                   secret=secret)
    step = G.apply(doc, 0, {"to": "4,5"})
    assert [(e["seat"], e["why"]) for e in step.events if e["type"] == "turn_lost"] == [(1, "captured"),
                                                                                        (2, "captured")]
    assert G.to_act(step.doc) == [0]


def test_rolls_come_from_the_secret_by_counter():
    doc = position(coins={0: {0: "2,3"}, 1: N_HOME}, dice=(0, KING), left_home={0: [0]}, rolls=17)
    step = G.apply(doc, 0, {"to": "2,4"})
    rolls = [(e["number"], e["kind"]) for e in step.events if e["type"] == "roll"]
    assert rolls == [roll_dice("test", 17 + i) for i in range(len(rolls))]
    assert step.doc["rolls"] == 17 + len(rolls)


def test_a_hand_built_dead_roll_is_settled_on_reading():
    secret = secret_for(roll_is(number=0, kind=KING))
    doc = position(coins={0: {0: "2,3"}, 1: {5: "5,9"}, }, to_act=1, dice=(0, KING), left_home={0: [0]},
                   secret=secret)
    assert G.to_act(doc) == [0] and G.legal_moves(doc, 1) == []
    step = G.apply(doc, 0, {"to": "2,4"})
    assert step.events[0]["type"] == "turn_lost" and step.events[0]["why"] == "captured"


def test_a_hand_built_play_doc_without_dice_rolls_for_the_seat_to_act():
    secret = secret_for(roll_is(number=0, kind=QUEEN))
    doc = position(coins={0: {0: "2,3"}, 1: N_HOME}, dice=None, left_home={0: [0]}, secret=secret)
    assert G.view(doc, 0)["dice"] == {"number": 0, "kind": QUEEN} and G.to_act(doc) == [0]


def test_a_hand_built_arrange_doc_with_every_coin_down_starts_play():
    doc = arranged(2, seed=4)
    doc.update(phase="arrange", dice=None, to_act=[0, 1])
    del doc["result"], doc["rolls"]
    seats = G.to_act(doc)
    assert len(seats) == 1 and G.view(doc, None)["phase"] == "play" and G.view(doc, None)["dice"] is not None
    assert G.legal_moves(doc, seats[0])


def test_no_coin_able_to_move_ends_the_game():
    doc = position(coins={}, stash={0: [2]}, dice=None)
    assert G.to_act(doc) == [] and G.result(doc) == {"outcome": "finished", "reason": "no_moves",
                                                   "scores": [2, 0], "winners": [0]}


# --- the end and the scores ------------------------------------------------------------------------------------
def test_last_pyramid_ends_the_game_with_scores():
    doc = position(coins={0: {1: "2,3"}, 1: N_HOME}, pyramids={"2,4": 3}, dice=(1, ROOK), left_home={0: [1]},
                   stash={0: [1, 1], 1: [2]}, prisoners={1: [(0, 5)]})
    step = G.apply(doc, 0, {"to": "2,4"})
    assert G.result(step.doc) == {"outcome": "finished", "reason": "pyramids_captured", "scores": [5, 4],
                                  "winners": [0]}
    assert step.events[-1]["type"] == "end" and step.events[-1]["scores"] == [5, 4]
    assert G.to_act(step.doc) == [] and G.legal_moves(step.doc, 1) == [] and step.doc["dice"] is None
    with pytest.raises(IllegalMove, match="The game is over: the last pyramid has been captured .scores 5, 4."):
        G.apply(step.doc, 1, {"to": "0,8"})


def test_ties_share_the_win():
    doc = position(3, coins={0: {1: "2,3"}, 1: {0: "0,4"}, 2: {0: "2,9"}}, pyramids={"2,4": 3}, dice=(1, ROOK),
                   left_home={0: [1]}, stash={0: [1], 1: [2, 2], 2: [1]})
    assert G.result(G.apply(doc, 0, {"to": "2,4"}).doc)["winners"] == [0, 1]


# --- refusals, documents and extras --------------------------------------------------------------------------
def test_play_out_of_turn_refused():
    doc = position(coins={0: {1: "2,3"}, 1: N_HOME}, dice=(1, ROOK), left_home={0: [1]})
    with pytest.raises(IllegalMove, match="It is seat 0's turn .south., not seat 1's"):
        G.apply(doc, 1, {"to": "0,8"})
    for seat in (-1, 2, "0", None, True):
        with pytest.raises(IllegalMove, match="no seat"):
            G.apply(doc, seat, {"to": "2,4"})


@pytest.mark.parametrize("move, words", [
    ({"to": "9,9"}, "not a square of this board"), ({"to": 5}, "not a square"), ({"to": "2,3"}, "already stands"),
    ({"order": [0, 1, 2, 3, 4, 5]}, "play phase a move is a play"), ({"to": "2,4", "x": 1}, "play phase"),
    ("2,4", "play phase"),
])
def test_malformed_play_moves_refused(move, words):
    doc = position(coins={0: {1: "2,3"}, 1: N_HOME}, dice=(1, ROOK), left_home={0: [1]})
    before = copy.deepcopy(doc)
    with pytest.raises(IllegalMove, match=words):
        G.apply(doc, 0, move)
    assert doc == before


def test_move_targets_and_describe_move_name_the_capture():
    doc = position(coins={0: {1: "2,3"}, 1: {0: "0,3", 5: "5,9"}}, pyramids={"2,5": 2, "5,7": 1}, dice=(1, ROOK),
                   left_home={0: [1], 1: [0]})
    moves = G.legal_moves(doc, 0)
    by_to = dict(zip([m["to"] for m in moves], G.move_targets(doc, moves)))
    assert by_to["2,5"] == {"from": "2,3", "to": "2,5", "capture": "pyramid", "points": 2}
    assert by_to["0,3"]["capture"] == "coin" and by_to["2,4"]["capture"] is None
    assert G.describe_move(doc, 0, {"to": "0,3"}) == "the ace like a rook 2,3→0,3, capturing the moon null"
    assert G.move_targets(G.setup(2, {}, 1), [{"order": [0, 1, 2, 3, 4, 5]}]) == [None]


def test_render_text_shows_board_dice_and_scores():
    doc = position(coins={0: {1: "2,3"}, 1: N_HOME}, dice=(1, ROOK), left_home={0: [1]}, stash={0: [3]})
    text = G.render_text(doc)
    assert "S1" in text and "N0" in text and "dice ace/rook" in text and "score 3" in text
    assert FAR_PYRAMID[2] and "s1" in text
