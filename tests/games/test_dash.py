"""One test per Dash ruling (RULES.md "Dash"): the board, each kind of card, the limits, the leader, the
win and there_and_back, on small hand-built positions. Dares: test_dash_dares.py; deck: test_dash_deck.py."""
from __future__ import annotations

import pytest

from app.games.dash.board import COLORS, DECK, PICTURE_AT, PICTURES, SPACE_COLORS
from tests.games.dash_helpers import DRAW, G, apply_ok, draw, events_of, position, refused

TAB = {"there_and_back": True}


def after(positions, card, seat=0, **kw):
    """The step of `seat` drawing `card` from a position with `positions`."""
    return draw(position(positions, [card, "red", "red"], to_act=seat, **kw))


class TestBoard:
    def test_board_colours_cycle_from_space_1(self):
        assert SPACE_COLORS[0] is None and SPACE_COLORS[63] is None
        assert [SPACE_COLORS[i] for i in range(1, 11)] == list(COLORS) * 2
        assert all(SPACE_COLORS[i] == COLORS[(i - 1) % 5] for i in range(1, 63))

    def test_board_picture_pairs_as_ruled(self):
        assert [(name, low, high) for name, low, high in PICTURES] == [
            ("tree", 3, 21), ("star", 8, 35), ("moon", 15, 42), ("sun", 28, 49), ("rocket", 33, 57),
            ("snowflake", 46, 60)]

    def test_board_pictures_never_chain(self):
        """Every end of a pair is a different space, so the far end of a jump is never a start."""
        ends = [space for _, low, high in PICTURES for space in (low, high)]
        assert len(set(ends)) == 12 and 0 not in ends and 63 not in ends
        for space, (_, other) in PICTURE_AT.items():
            assert PICTURE_AT[other][1] == space

    def test_view_describes_the_classic_board(self):
        view = G.view(G.setup(2, {}, 1), None)
        assert view["board"] == "classic" and view["layout"]["title"] == "Classic"
        assert view["layout"]["spaces"][0] == "start" and view["layout"]["spaces"][63] == "finish"
        assert view["layout"]["spaces"][1:6] == list(COLORS)
        assert view["layout"]["pictures"][0] == {"name": "tree", "spaces": [3, 21]}


class TestSetup:
    def test_setup_every_pyramid_on_start_and_56_cards(self):
        doc = G.setup(5, {}, 7)
        assert doc["positions"] == [0] * 5 and doc["skip"] == [False] * 5 and doc["dare"] is None
        assert sorted(doc["deck"]) == sorted(DECK) and doc["discard"] == [] and doc["board"] == "classic"

    def test_setup_deck_composition_as_ruled(self):
        counts = {card: DECK.count(card) for card in set(DECK)}
        assert counts == {"red": 8, "orange": 8, "yellow": 8, "green": 8, "blue": 8, "F2": 2, "F3": 2, "B2": 2,
                          "B3": 1, "PIC": 1, "SWAP": 1, "START": 1, "DARE": 6}

    def test_setup_shuffles_differently_per_seed_and_first_seat_random(self):
        assert len({tuple(G.setup(2, {}, seed)["deck"]) for seed in range(20)}) == 20
        assert {G.setup(4, {}, seed)["to_act"][0] for seed in range(40)} == {0, 1, 2, 3}

    @pytest.mark.parametrize("players", [1, 6, True, "2"])
    def test_setup_refuses_bad_player_count(self, players):
        with pytest.raises(ValueError):
            G.setup(players, {}, 1)

    @pytest.mark.parametrize("options", [{"nope": True}, {"there_and_back": 1}, {"there_and_back": "yes"}])
    def test_setup_refuses_bad_options(self, options):
        with pytest.raises(ValueError):
            G.setup(2, options, 1)

    def test_legs_only_with_there_and_back(self):
        assert "legs" not in G.setup(2, {}, 1) and G.setup(2, TAB, 1)["legs"] == [0, 0]


class TestColourCards:
    @pytest.mark.parametrize("color,expected", [("red", 1), ("orange", 2), ("green", 4), ("blue", 5)])
    def test_colour_card_from_start_moves_to_first_space_of_that_colour(self, color, expected):
        step = after([0, 0], color)
        assert step.doc["positions"][0] == expected
        assert events_of(step, "move")[0] | {} == {"type": "move", "seat": 0, "card": color, "from": 0,
                                                   "to": expected, "text": events_of(step, "move")[0]["text"]}

    def test_draw_event_names_the_card(self):
        assert events_of(after([0, 0], "orange"), "draw")[0]["text"] == "drew an orange card"
        assert events_of(after([0, 0], "B2"), "draw")[0]["text"] == "drew a “back 2” card"

    def test_colour_card_skips_spaces_of_other_colours(self):
        assert after([11, 0], "red").doc["positions"][0] == 16  # 11 is red: the next red ahead
        assert after([12, 0], "green").doc["positions"][0] == 14

    def test_colour_card_without_that_colour_before_finish_moves_to_finish(self):
        step = after([59, 0], "yellow")  # the last yellow is 58
        assert step.doc["positions"][0] == 63 and G.result(step.doc)["winners"] == [0]
        assert "no yellow space left before Finish" in events_of(step, "move")[0]["text"]

    def test_colour_card_onto_a_picture_jumps(self):
        step = after([0, 0], "yellow")  # 3 is yellow, the tree
        assert step.doc["positions"][0] == 21
        assert events_of(step, "picture") == [{"type": "picture", "seat": 0, "picture": "tree", "from": 3,
                                               "to": 21, "text": "landed on the tree: jumps ahead to space 21"}]


class TestPictures:
    @pytest.mark.parametrize("name,low,high", PICTURES)
    def test_picture_low_end_jumps_forward(self, name, low, high):
        step = after([low - 2, 0], "F2")
        assert step.doc["positions"][0] == high and events_of(step, "picture")[0]["picture"] == name

    @pytest.mark.parametrize("name,low,high", PICTURES)
    def test_picture_high_end_jumps_back(self, name, low, high):
        step = after([high - 2, 0], "F2")
        assert step.doc["positions"][0] == low
        assert events_of(step, "picture")[0]["text"].endswith(f"jumps back to space {low}")

    def test_picture_arrival_does_not_trigger_again(self):
        step = after([1, 0], "F2")  # 3 -> 21, and 21 is the tree's other end: no jump back
        assert step.doc["positions"][0] == 21 and len(events_of(step, "picture")) == 1

    def test_picture_does_not_trigger_without_moving(self):
        step = after([60, 0], "PIC")  # on the snowflake, no picture ahead: stays, no jump
        assert step.doc["positions"][0] == 60 and not events_of(step, "picture")
        assert events_of(step, "stay")[0]["text"] == "finds no picture ahead: stays on space 60"


class TestDirectionCards:
    @pytest.mark.parametrize("card,start,end", [("F2", 10, 12), ("F3", 10, 13), ("B2", 12, 10), ("B3", 13, 10)])
    def test_step_cards_count_spaces_along_the_path(self, card, start, end):
        assert after([start, 0], card).doc["positions"][0] == end

    def test_back_cards_stop_at_start(self):
        step = after([1, 0], "B3")
        assert step.doc["positions"][0] == 0 and "(stops at Start)" in events_of(step, "move")[0]["text"]

    def test_back_card_on_start_stays(self):
        step = after([0, 0], "B2")
        assert step.doc["positions"][0] == 0 and events_of(step, "stay")[0]["text"].startswith("cannot go back")

    def test_forward_cards_stop_at_finish_and_win(self):
        step = after([62, 0], "F3")
        assert step.doc["positions"][0] == 63 and "(stops at Finish)" in events_of(step, "move")[0]["text"]
        assert G.result(step.doc) == {"outcome": "finished", "reason": "finish", "scores": None, "winners": [0]}

    def test_next_picture_card_moves_to_the_next_picture_and_jumps(self):
        step = after([22, 0], "PIC")  # next picture ahead of 22 is the sun on 28
        assert [e["type"] for e in step.events] == ["draw", "move", "picture"]
        assert step.doc["positions"][0] == 49

    def test_next_picture_card_from_start_takes_the_tree(self):
        assert after([0, 0], "PIC").doc["positions"][0] == 21

    def test_next_picture_card_with_none_ahead_stays(self):
        assert after([61, 0], "PIC").doc["positions"][0] == 61

    def test_back_to_start_card(self):
        step = after([40, 5], "START")
        assert step.doc["positions"] == [0, 5] and events_of(step, "move")[0]["to"] == 0

    def test_back_to_start_card_on_start_stays(self):
        assert events_of(after([0, 5], "START"), "stay")[0]["text"] == "is already on Start: stays there"


class TestLeader:
    def test_swap_with_the_leader(self):
        step = after([5, 30, 12], "SWAP")
        assert step.doc["positions"] == [30, 5, 12]
        assert events_of(step, "swap")[0] | {"text": ""} == {"type": "swap", "seat": 0, "with": 1, "from": 5,
                                                             "to": 30, "text": ""}

    def test_swap_when_leading_does_nothing(self):
        step = after([30, 5, 12], "SWAP")
        assert step.doc["positions"] == [30, 5, 12] and events_of(step, "lead")

    def test_swap_when_sharing_the_lead_does_nothing(self):
        step = after([30, 30, 12], "SWAP")
        assert step.doc["positions"] == [30, 30, 12] and events_of(step, "lead") and not events_of(step, "swap")

    @pytest.mark.parametrize("positions,seat,leader", [
        ([2, 40, 3, 40, 4], 0, 1), ([2, 40, 3, 40, 4], 2, 3), ([2, 40, 3, 40, 4], 4, 1),
        ([40, 5, 40, 6], 1, 2), ([40, 5, 40, 6], 3, 0)])
    def test_swap_tied_leaders_nearest_in_turn_order_after_you(self, positions, seat, leader):
        positions_after = list(positions)
        positions_after[seat], positions_after[leader] = 40, positions[seat]
        step = after(positions, "SWAP", seat=seat)
        assert step.doc["positions"] == positions_after and events_of(step, "swap")[0]["with"] == leader

    def test_swap_triggers_no_picture(self):
        step = after([5, 21], "SWAP")  # 21 is the tree's far end; 5 is not a picture: nothing triggers
        assert step.doc["positions"] == [21, 5] and not events_of(step, "picture")
        step = after([2, 3], "SWAP")  # lands on the tree itself: still no jump
        assert step.doc["positions"] == [3, 2] and not events_of(step, "picture")

    def test_swap_exchanges_legs_and_compares_progress(self):
        """With there_and_back a seat on its way back (leg 1) on 50 is further along than one out on 60."""
        step = after([10, 60, 50], "SWAP", legs=[0, 0, 1], options=TAB)
        assert step.doc["positions"] == [50, 60, 10] and step.doc["legs"] == [1, 0, 0]


class TestWin:
    def test_first_on_finish_wins_and_the_game_stops(self):
        step = after([60, 0], "F3")
        doc = step.doc
        assert G.to_act(doc) == [] and G.legal_moves(doc, 1) == [] and G.legal_moves(doc, 0) == []
        assert events_of(step, "end")[0]["winners"] == [0]
        refused(doc, 1, DRAW, "The game is over: seat 0 won the race.")

    def test_turn_passes_to_the_left(self):
        step = after([0, 0, 0], "red", seat=2)
        assert G.to_act(step.doc) == [0] and step.doc["to_act"] == [0]

    def test_hand_built_doc_with_a_seat_on_finish_is_over(self):
        doc = position([63, 4], ["red"], to_act=None)
        assert G.result(doc)["winners"] == [0] and G.to_act(doc) == []


class TestThereAndBack:
    def test_finish_turns_round_instead_of_winning(self):
        step = after([61, 0], "F3", options=TAB, legs=[0, 0])
        assert step.doc["positions"][0] == 63 and step.doc["legs"] == [1, 0] and G.result(step.doc) is None
        assert events_of(step, "turn_round")

    def test_on_the_way_back_forward_moves_toward_start(self):
        assert after([50, 0], "F3", options=TAB, legs=[1, 0]).doc["positions"][0] == 47

    def test_on_the_way_back_back_cards_move_toward_finish_and_stop_there(self):
        assert after([50, 0], "B2", options=TAB, legs=[1, 0]).doc["positions"][0] == 52
        step = after([62, 0], "B3", options=TAB, legs=[1, 0])
        assert step.doc["positions"][0] == 63 and step.doc["legs"][0] == 1 and G.result(step.doc) is None

    def test_on_the_way_back_colour_cards_look_toward_start(self):
        assert after([20, 0], "green", options=TAB, legs=[1, 0]).doc["positions"][0] == 19
        assert after([20, 0], "red", options=TAB, legs=[1, 0]).doc["positions"][0] == 16

    def test_on_the_way_back_a_picture_toward_finish_is_a_jump_back(self):
        step = after([20, 0], "blue", options=TAB, legs=[1, 0])  # 15 is the moon, whose far end is 42
        assert step.doc["positions"][0] == 42
        assert events_of(step, "picture")[0]["text"] == "landed on the moon: jumps back to space 42"

    def test_on_the_way_back_start_counts_as_every_colour_and_wins(self):
        step = after([3, 0], "blue", options=TAB, legs=[1, 0])
        assert step.doc["positions"][0] == 0
        assert G.result(step.doc) == {"outcome": "finished", "reason": "back_to_start", "scores": None,
                                      "winners": [0]}

    def test_on_the_way_back_picture_card_looks_toward_start(self):
        assert after([30, 0], "PIC", options=TAB, legs=[1, 0]).doc["positions"][0] == 49  # sun 28 -> 49

    def test_back_to_start_card_takes_you_home_and_wins(self):
        step = after([40, 0], "START", options=TAB, legs=[1, 0])
        assert G.result(step.doc)["reason"] == "back_to_start" and G.result(step.doc)["winners"] == [0]

    def test_start_on_the_way_out_does_not_win(self):
        step = after([2, 0], "B3", options=TAB, legs=[0, 0])
        assert step.doc["positions"][0] == 0 and G.result(step.doc) is None


class TestDocs:
    def test_hand_built_doc_with_only_listed_fields(self):
        doc = position([0, 0], ["red"], to_act=1)
        step = apply_ok(doc, 1, DRAW)
        assert step.doc["positions"] == [0, 1] and step.doc["discard"] == ["red", "red"]

    def test_render_text_shows_seats_and_state(self):
        text = G.render_text(position([0, 21], ["red"], to_act=1))
        assert "seat 1: space 21*" in text and "deck 1" in text

    def test_describe_move(self):
        doc = G.setup(2, {}, 1)
        assert G.describe_move(doc, 0, DRAW) == "draw a card"
        assert G.describe_move(doc, 0, {"action": "set_dare", "text": "Sing"}) == "dare: “Sing”"

    @pytest.mark.parametrize("move", [None, "draw", {}, {"action": []}, {"action": "jump"},
                                      {"action": "draw", "card": "red"}, {"action": "answer_dare"}])
    def test_malformed_moves_refused_with_a_sentence(self, move):
        refused(position([0, 0], ["red"]), 0, move, "move")

    @pytest.mark.parametrize("seat,words", [(1, "It is seat 0's turn to draw, not seat 1's."),
                                            (2, "There is no seat 2"), ("0", "There is no seat '0'"),
                                            (True, "There is no seat True")])
    def test_wrong_seat_refused(self, seat, words):
        refused(position([0, 0], ["red"]), seat, DRAW, words)

    @pytest.mark.parametrize("field,value", [("positions", [0, 64]), ("positions", [0]), ("skip", [0, 1]),
                                             ("deck", ["purple"]), ("dare", {"seat": 5, "text": None}),
                                             ("reshuffles", -1), ("last_draw", {"seat": 0, "card": "joker"}),
                                             ("board", "deluxe"), ("players", 6)])
    def test_malformed_documents_refused(self, field, value):
        doc = dict(position([0, 0], ["red"]), **{field: value})
        with pytest.raises(ValueError):
            G.legal_moves(doc, 0)
