"""One test per 3-High ruling (RULES.md), on small hand-built positions."""
from __future__ import annotations

import copy
import json

import pytest

from app.games import IllegalMove
from app.games.base import Chance
from tests.games.three_high_helpers import G, apply_ok, events_of, play, position

PILE = ["AS", "2S", "3S"]


def refused(doc, seat, move, words):
    """Assert the move is refused with a sentence containing `words`, leaving the doc untouched."""
    before = copy.deepcopy(doc)
    with pytest.raises(IllegalMove) as caught:
        G.apply(doc, seat, move)
    assert doc == before
    assert words in str(caught.value), str(caught.value)
    if isinstance(move, dict) and move.get("card") in sum(doc["hands"], []):
        assert move not in G.legal_moves(doc, seat)
    return str(caught.value)


class TestSetup:
    def test_setup_different_seeds_different_docs(self):
        assert len({json.dumps(G.setup(1, {}, seed)["board"], sort_keys=True) for seed in range(20)}) == 20

    @pytest.mark.parametrize("players,per_seat", [(1, 6), (2, 5), (3, 4), (4, 3)])
    def test_setup_deals_hand_size_by_player_count(self, players, per_seat):
        doc = G.setup(players, {}, 7)
        assert [len(hand) for hand in doc["hands"]] == [per_seat] * players
        assert len(doc["draw_pile"]) == 32 - per_seat * players and doc["discard"] == []
        cards = sum(doc["hands"], []) + doc["draw_pile"]
        assert len(set(cards)) == 32

    def test_setup_red_card_file_black_card_rank_largest_first(self):
        """Replays the ruled procedure with the same chance stream, written independently."""
        doc = G.setup(2, {}, 1234)
        chance = Chance(doc["secret"], "setup")
        red = chance.shuffle([v + s for s in "HD" for v in "A2345678"])
        black = chance.shuffle([v + s for s in "CS" for v in "A2345678"])
        board = {}
        for size in (3, 2, 1):
            for color in chance.shuffle(["red", "orange", "yellow", "green", "blue"]):
                red_card, black_card = red.pop(0), black.pop(0)
                square = "abcdefgh"["A2345678".index(red_card[0])] + str("A2345678".index(black_card[0]) + 1)
                board.setdefault(square, []).append(f"{color}{size}")
        assert doc["board"] == board

    def test_setup_stacks_larger_pieces_below(self):
        for seed in range(200):
            for stack in G.setup(1, {}, seed)["board"].values():
                sizes = [int(piece[-1]) for piece in stack]
                assert sizes == sorted(sizes, reverse=True)

    def test_setup_first_seat_random(self):
        firsts = {G.setup(4, {}, seed)["to_act"][0] for seed in range(40)}
        assert firsts == {0, 1, 2, 3}

    @pytest.mark.parametrize("options", [{"nope": True}, {"hidden_hands": 1}, {"allow_zero_moves": "yes"}])
    def test_setup_refuses_bad_options(self, options):
        with pytest.raises(ValueError):
            G.setup(2, options, 1)

    @pytest.mark.parametrize("players", [0, 5, True, "2"])
    def test_setup_refuses_bad_player_count(self, players):
        with pytest.raises(ValueError):
            G.setup(players, {}, 1)

    def test_setup_hides_nothing_needed_and_keeps_options(self):
        doc = G.setup(2, {"hidden_hands": True}, 5)
        assert doc["options"] == {"allow_zero_moves": False, "hidden_hands": True}
        assert G.default_options(2) == {"allow_zero_moves": False, "hidden_hands": False, "bot_strength": "normal"}


class TestPlays:
    def test_top_piece_only_moves(self):
        doc = position({"d4": ["red3", "blue1"]}, [["5C"]], PILE)
        refused(doc, 0, play("5C", "W", "red3"), "Only the top piece")
        apply_ok(doc, 0, play("5C", "N", "blue1"))

    def test_distance_value_minus_size_toward_side(self):
        doc = position({"d2": ["red3"]}, [["8C"]], PILE)
        event = events_of(apply_ok(doc, 0, play("8C", "N", "red3")), "play")[0]
        assert (event["from"], event["to"], event["distance"]) == ("d2", "d7", 5)

    def test_distance_negative_moves_away_from_side(self):
        doc = position({"d4": ["red2"]}, [["AC"]], PILE)
        step = apply_ok(doc, 0, play("AC", "N", "red2"))
        assert step.doc["board"] == {"d3": ["red2"]}
        assert events_of(step, "play")[0]["distance"] == -1

    def test_distance_diamond_ignores_size(self):
        doc = position({"d2": ["red3"], "a1": ["blue1"]}, [["5D", "3D"]], PILE)
        assert apply_ok(doc, 0, play("5D", "N", "red3")).doc["board"]["d7"] == ["red3"]
        assert apply_ok(doc, 0, play("3D", "E", "blue1")).doc["board"]["d1"] == ["blue1"]

    @pytest.mark.parametrize("side,card,dest", [("N", "6S", "d7"), ("E", "6S", "g4"), ("S", "6S", "d1"),
                                                ("W", "6S", "a4"), ("N", "AS", "d2"), ("E", "AS", "b4"),
                                                ("S", "AS", "d6"), ("W", "AS", "f4")])
    def test_sides_toward_and_away(self, side, card, dest):
        doc = position({"d4": ["green3"]}, [[card]], PILE)  # 6 - 3 = +3 toward, 1 - 3 = -2 away
        assert apply_ok(doc, 0, play(card, side, "green3")).doc["board"] == {dest: ["green3"]}

    def test_passing_over_pieces_is_fine(self):
        doc = position({"d2": ["red3"], "d3": ["blue3", "blue2"], "d5": ["green1"]}, [["8C"]], PILE)
        assert apply_ok(doc, 0, play("8C", "N", "red3")).doc["board"]["d7"] == ["red3"]

    def test_board_edge_refused_with_reason(self):
        doc = position({"d2": ["red3"]}, [["8D", "AH"]], PILE)
        sentence = refused(doc, 0, play("8D", "N", "red3"), "off the board")
        assert "8♦" in sentence and "d2" in sentence and "north" in sentence

    def test_board_edge_away_names_the_real_direction(self):
        doc = position({"a4": ["red3"]}, [["AC"]], PILE)  # 1 - 3 = -2 away from east: west
        assert "west" in refused(doc, 0, play("AC", "E", "red3"), "off the board")

    def test_landing_on_empty_square(self):
        doc = position({"a1": ["yellow1"]}, [["2C"]], PILE)
        assert apply_ok(doc, 0, play("2C", "E", "yellow1")).doc["board"] == {"b1": ["yellow1"]}

    def test_landing_on_same_colour_one_size_larger(self):
        doc = position({"a1": ["yellow1"], "b1": ["yellow3", "yellow2"]}, [["2C"]], PILE)
        board = apply_ok(doc, 0, play("2C", "E", "yellow1")).doc["board"]
        assert board == {"b1": ["yellow3", "yellow2", "yellow1"]}

    @pytest.mark.parametrize("target", [["yellow3"], ["blue2"], ["yellow2", "blue1"], ["red1"]])
    def test_landing_elsewhere_refused(self, target):
        doc = position({"a1": ["yellow1"], "b1": target}, [["2C"]], PILE)
        refused(doc, 0, play("2C", "E", "yellow1"), "cannot land on b1")

    def test_landing_three_never_on_a_piece(self):
        doc = position({"a1": ["red3"], "b1": ["blue3"]}, [["4C"]], PILE)
        refused(doc, 0, play("4C", "E", "red3"), "may only land on an empty square")

    def test_landing_two_on_its_three_under_a_foreign_piece_refused(self):
        doc = position({"a1": ["red2"], "b1": ["red3", "green1"]}, [["3C"]], PILE)
        refused(doc, 0, play("3C", "E", "red2"), "green 1 is on top")

    def test_zero_distance_refused_by_default(self):
        doc = position({"d4": ["red3"]}, [["3C", "5C"]], PILE)
        refused(doc, 0, play("3C", "N", "red3"), "zero squares")
        assert all(move["card"] != "3C" for move in G.legal_moves(doc, 0))

    def test_zero_distance_allowed_one_play_per_side(self):
        doc = position({"d4": ["red3"]}, [["3C"]], PILE, options={"allow_zero_moves": True})
        assert G.legal_moves(doc, 0) == [play("3C", side, "red3") for side in "NESW"]
        step = apply_ok(doc, 0, play("3C", "W", "red3"))
        assert step.doc["board"] == {"d4": ["red3"]} and step.doc["hands"] == [["AS"]]
        assert events_of(step, "play")[0]["text"] == "played 3♣ west: red 3 stays on d4"

    def test_play_discards_the_card_and_draws_the_next(self):
        doc = position({"d2": ["red3"]}, [["8C", "AH"]], ["2S", "3S"], discard=["4H"])
        step = apply_ok(doc, 0, play("8C", "N", "red3"))
        assert step.doc["hands"] == [["AH", "2S"]]
        assert step.doc["draw_pile"] == ["3S"] and step.doc["discard"] == ["4H", "8C"]

    def test_turn_passes_to_the_left(self):
        doc = position({"d2": ["red3"]}, [["4C"], ["5C"], ["6C"]], PILE, to_act=2)
        assert G.to_act(doc) == [2]
        assert G.legal_moves(doc, 0) == []
        assert apply_ok(doc, 2, play("6C", "N", "red3")).doc["to_act"] == [0]

    def test_legal_moves_stable_order(self):
        doc = position({"h8": ["red1"], "a1": ["blue3"]}, [["2C", "5D"]], PILE)
        moves = G.legal_moves(doc, 0)
        keys = [(["2C", "5D"].index(m["card"]), "a1h8".index({"blue3": "a1", "red1": "h8"}[m["piece"]]),
                 "NESW".index(m["side"])) for m in moves]
        assert keys == sorted(keys) and moves == G.legal_moves(copy.deepcopy(doc), 0)


class TestTrees:
    @pytest.mark.parametrize("stack,trees", [
        (["red3", "red2", "red1"], 1),
        (["blue2", "red3", "red2", "red1"], 1),
        (["red3", "red2", "red1", "blue1"], 1),
        (["red3", "blue1", "red2", "red1"], 0),
        (["red2", "red3", "red1"], 0),
    ])
    def test_trees_counted_anywhere_in_a_stack(self, stack, trees):
        doc = position({"d4": stack, "a1": ["green1"]}, [["AD"]], PILE)
        assert G.view(doc, 0)["trees"] == trees
        assert G.view(doc, 0)["tree_squares"] == ["d4"] * trees

    def test_tree_completing_play_draws_no_card(self):
        doc = position({"a1": ["red1"], "c1": ["red3", "red2"], "h8": ["blue3"]}, [["3C", "AH"]], PILE)
        step = apply_ok(doc, 0, play("3C", "E", "red1"))
        assert step.doc["hands"] == [["AH"]] and step.doc["draw_pile"] == PILE
        assert [e["type"] for e in step.events] == ["play", "tree", "no_draw"]
        assert events_of(step, "tree")[0] == {"type": "tree", "color": "red", "square": "c1", "trees": 1,
                                               "text": "completed the red tree on c1 (1 of 5)"}

    def test_tree_completing_play_with_empty_pile_goes_on(self):
        doc = position({"a1": ["red1"], "c1": ["red3", "red2"], "h8": ["blue3"]}, [["3C", "8H"]], [])
        step = apply_ok(doc, 0, play("3C", "E", "red1"))
        assert G.result(step.doc) is None and step.doc["to_act"] == [0]

    def test_trees_not_locked_top_one_may_leave(self):
        doc = position({"c1": ["red3", "red2", "red1"]}, [["3C"]], PILE)
        step = apply_ok(doc, 0, play("3C", "N", "red1"))
        assert G.view(step.doc, 0)["trees"] == 0 and events_of(step, "draw")

    def test_tree_broken_is_an_event(self):
        doc = position({"c1": ["red3", "red2", "red1"], "d8": ["blue3", "blue2", "blue1"]}, [["3C"]], PILE)
        step = apply_ok(doc, 0, play("3C", "N", "red1"))
        assert [e["type"] for e in step.events] == ["play", "tree_broken", "draw"]
        assert events_of(step, "tree_broken")[0] == {"type": "tree_broken", "color": "red", "square": "c1",
                                                      "trees": 1, "text": "broke the red tree on c1 (1 of 5)"}

    def test_no_tree_broken_event_when_a_lone_one_moves(self):
        doc = position({"c1": ["red3", "red2"], "a1": ["red1"]}, [["3C"]], PILE)
        step = apply_ok(doc, 0, play("3C", "N", "red1"))
        assert not events_of(step, "tree_broken")

    def test_win_at_five_trees_without_draw(self):
        board = {sq: [f"{c}3", f"{c}2", f"{c}1"] for sq, c in zip(("a8", "b8", "c8", "d8"),
                                                                    ("red", "orange", "yellow", "green"))}
        board.update({"a1": ["blue1"], "c1": ["blue3", "blue2"]})
        doc = position(board, [["3C", "8H"], ["4S"]], PILE)
        step = apply_ok(doc, 0, play("3C", "E", "blue1"))
        assert G.result(step.doc) == {"outcome": "won", "reason": "trees", "scores": None, "winners": [0, 1]}
        assert step.doc["to_act"] == [] and G.to_act(step.doc) == [] and step.doc["draw_pile"] == PILE
        assert [e["type"] for e in step.events] == ["play", "tree", "no_draw", "end"]
        assert step.events[-1]["outcome"] == "won" and step.events[-1]["reason"] == "trees"


class TestEnd:
    def test_loss_out_of_cards_on_required_draw(self):
        doc = position({"d2": ["red3"]}, [["8C", "7C"]], [])
        step = apply_ok(doc, 0, play("8C", "N", "red3"))
        assert G.result(step.doc) == {"outcome": "lost", "reason": "out_of_cards", "scores": None,
                                      "winners": []}
        assert [e["type"] for e in step.events] == ["play", "end"]
        assert G.to_act(step.doc) == [] and G.legal_moves(step.doc, 0) == []

    def test_drawing_the_last_card_is_not_a_loss(self):
        doc = position({"d2": ["red3"]}, [["8C"]], ["7C"])
        step = apply_ok(doc, 0, play("8C", "N", "red3"))
        assert G.result(step.doc) is None and step.doc["draw_pile"] == []

    def test_loss_stuck_when_next_seat_has_no_cards(self):
        doc = position({"d2": ["red3"]}, [["8C"], []], [])
        doc["draw_pile"] = ["7C"]
        step = apply_ok(doc, 0, play("8C", "N", "red3"))
        assert G.result(step.doc)["reason"] == "stuck" and step.events[-1]["reason"] == "stuck"

    def test_loss_stuck_when_every_play_leaves_the_board(self):
        doc = position({"d2": ["red3"]}, [["6C"], ["8D"]], ["8H"])  # after d2->d5, 8 squares any way is off
        step = apply_ok(doc, 0, play("6C", "N", "red3"))
        assert G.result(step.doc) == {"outcome": "lost", "reason": "stuck", "scores": None, "winners": []}

    def test_loss_stuck_read_from_a_hand_built_doc(self):
        doc = position({"d4": ["red3"]}, [["3C"]], PILE)  # only a zero play, and zero plays are off
        assert G.result(doc)["reason"] == "stuck" and G.to_act(doc) == [] and G.legal_moves(doc, 0) == []
        refused(doc, 0, play("3C", "N", "red3"), "game is over")

    def test_result_none_while_playing(self):
        assert G.result(position({"d2": ["red3"]}, [["8C"]], PILE)) is None

    def test_hand_built_doc_with_empty_to_act_reads_as_over(self):
        doc = position({"d2": ["red3"]}, [["8C"]], [])
        doc["to_act"] = []
        assert G.result(doc)["reason"] == "out_of_cards"
        doc["draw_pile"] = ["AS"]
        assert G.result(doc)["reason"] == "stuck"

    def test_game_over_refuses_moves(self):
        doc = apply_ok(position({"d2": ["red3"]}, [["8C", "7C"]], []), 0, play("8C", "N", "red3")).doc
        refused(doc, 0, play("7C", "N", "red3"), "game is over")


class TestRefusals:
    DOC = position({"d2": ["red3"], "e5": ["blue3", "blue2"]}, [["8C", "AH"], ["2C"]], PILE)

    @pytest.mark.parametrize("move", [None, "8C N red3", [], {}, {"card": "8C"},
                                      {"card": "8C", "side": "N", "piece": "red3", "extra": 1}])
    def test_malformed_move_refused(self, move):
        refused(self.DOC, 0, move, "A 3-High move is a dict")

    @pytest.mark.parametrize("move,words", [
        (play("9C", "N", "red3"), "is not a card"), (play(8, "N", "red3"), "as text"),
        (play(["8C"], "N", "red3"), "as text"),
        (play("8C", "Q", "red3"), "is not a side"), (play("8C", "N", "red4"), "is not a piece"),
        (play("2C", "N", "red3"), "not in your hand"), (play("8C", "N", "green3"), "not on the board"),
    ])
    def test_bad_move_values_refused(self, move, words):
        refused(self.DOC, 0, move, words)

    @pytest.mark.parametrize("seat,words", [(1, "seat 0's turn"), (2, "no seat 2"), (-1, "no seat -1"),
                                            ("0", "no seat '0'"), (None, "no seat None")])
    def test_wrong_seat_refused(self, seat, words):
        refused(self.DOC, seat, play("8C", "N", "red3"), words)


class TestViews:
    def test_view_counts_the_draw_pile(self):
        doc = G.setup(2, {}, 3)
        for seat in (0, 1, None):
            view = G.view(doc, seat)
            assert "draw_pile" not in view and view["draw_pile_count"] == len(doc["draw_pile"])

    def test_hands_open_by_default(self):
        doc = G.setup(3, {}, 3)
        assert G.view(doc, None)["hands"] == doc["hands"] == G.view(doc, 1)["hands"]

    def test_hidden_hands_shows_each_seat_only_its_own(self):
        doc = G.setup(3, {"hidden_hands": True}, 3)
        view = G.view(doc, 1)
        assert view["hands"] == [None, doc["hands"][1], None] and view["hand_counts"] == [4, 4, 4]
        assert G.view(doc, None)["hands"] == [None, None, None]

    def test_draw_event_card_only_for_who_may_see(self):
        doc = position({"d2": ["red3"]}, [["8C"], ["7C"]], PILE, options={"hidden_hands": True})
        step = apply_ok(doc, 0, play("8C", "N", "red3"))
        assert events_of(step, "draw")[0] == {"type": "draw", "seat": 0, "card": "AS", "text": "drew A♠"}
        assert G.view_events(step.events, 0, step.doc)[-1]["card"] == "AS"
        for viewer in (1, None):
            assert G.view_events(step.events, viewer, step.doc)[-1] == {"type": "draw", "seat": 0,
                                                                        "text": "drew a card"}
        open_doc = position({"d2": ["red3"]}, [["8C"], ["7C"]], PILE)
        assert G.view_events(step.events, None, open_doc)[-1]["card"] == "AS"

    def test_play_event_reads_as_a_log_line(self):
        step = apply_ok(position({"d2": ["red3"]}, [["8C"]], PILE), 0, play("8C", "N", "red3"))
        assert step.events[0] == {"type": "play", "seat": 0, "card": "8C", "side": "N", "piece": "red3",
                                  "from": "d2", "to": "d7", "distance": 5,
                                  "text": "played 8♣ north: red 3 d2→d7"}

    def test_render_text_shows_the_board(self):
        text = G.render_text(position({"d2": ["red3", "blue1"]}, [["8C"]], PILE))
        assert "B1:2" in text and "seat 0: 8C" in text


class TestMoveTargets:
    def test_move_targets_name_where_each_legal_play_lands(self):
        doc = position({"d2": ["red3"], "d6": ["blue2", "blue1"]}, [["8C", "AD"]], PILE)
        moves = G.legal_moves(doc, 0)
        targets = G.move_targets(doc, moves)
        assert len(targets) == len(moves)
        by_move = {(m["card"], m["side"], m["piece"]): t for m, t in zip(moves, targets)}
        assert by_move[("8C", "N", "red3")] == {"from": "d2", "to": "d7"}
        assert by_move[("AD", "W", "blue1")] == {"from": "d6", "to": "c6"}
        for move, target in zip(moves, targets):  # each target is where apply really puts the piece
            step = G.apply(doc, 0, move)
            assert step.events[0]["from"] == target["from"] and step.events[0]["to"] == target["to"]
