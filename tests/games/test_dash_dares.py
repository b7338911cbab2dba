"""Dash dares (RULES.md): any opponent may set the text and the first text sent stands; the dared seat
answers done or refuse; refusing costs that seat its next turn (a turn_skipped event)."""
from __future__ import annotations

import pytest

from app.games.dash.dares import MAX_DARE, SUGGESTIONS
from tests.games.dash_helpers import (DONE, DRAW, REFUSE, G, apply_ok, dare, draw, events_of, position,
                                      refused)

SET = {"action": "set_dare"}


def dared(players=3, seat=0, text=None, skip=None, deck=("red", "orange", "yellow", "green")):
    """A position where `seat` has just drawn a dare (text None: not set yet)."""
    return position([0] * players, list(deck), to_act=None, discard=["DARE"], skip=skip,
                    dare={"seat": seat, "text": text})


class TestDareCard:
    def test_dare_card_hands_the_move_to_every_opponent(self):
        step = draw(position([0, 0, 0], ["DARE", "red"], to_act=1))
        doc = step.doc
        assert doc["dare"] == {"seat": 1, "text": None} and G.to_act(doc) == [0, 2]
        assert doc["positions"] == [0, 0, 0] and [e["type"] for e in step.events] == ["draw", "dare"]
        assert G.legal_moves(doc, 0) == [SET] == G.legal_moves(doc, 2) and G.legal_moves(doc, 1) == []
        assert G.view(doc, 0)["dare_suggestions"] == list(SUGGESTIONS)

    def test_dare_in_a_two_player_game_the_one_opponent_sets_it(self):
        doc = draw(position([4, 9], ["DARE", "red"], to_act=0)).doc
        assert G.to_act(doc) == [1]
        doc = apply_ok(doc, 1, dare("Hop on one foot")).doc
        assert G.to_act(doc) == [0] and G.legal_moves(doc, 0) == [DONE, REFUSE]
        doc = apply_ok(doc, 0, DONE).doc
        assert G.to_act(doc) == [1] and doc["dare"] is None and doc["positions"] == [4, 9]


class TestSettingTheDare:
    def test_any_opponent_may_set_it_then_the_dared_seat_answers(self):
        for setter in (0, 2):
            step = apply_ok(dared(seat=1), setter, dare("  Sing a song  "))
            assert step.doc["dare"] == {"seat": 1, "text": "Sing a song"}
            assert step.events == [{"type": "dare_set", "seat": setter, "dared": 1, "dare": "Sing a song",
                                    "suggested": False, "text": "sets the dare for seat 1: “Sing a song”"}]
            assert G.to_act(step.doc) == [1] and G.legal_moves(step.doc, setter) == []

    def test_two_opponents_racing_the_first_text_stands(self):
        """Both opponents saw the same position; seat 2's text arrives first, seat 0's second."""
        doc = dared(seat=1)
        first = apply_ok(doc, 2, dare("Tell a joke")).doc
        refused(first, 0, dare("Do a cartwheel"), "already set (the first one sent stands): “Tell a joke”")
        assert first["dare"]["text"] == "Tell a joke"

    def test_the_dared_seat_cannot_set_its_own_dare(self):
        refused(dared(seat=1), 1, dare("Nothing"), "Seat 1 cannot set their own dare")

    def test_set_dare_without_text_uses_a_built_in_suggestion(self):
        step = apply_ok(dared(seat=0), 1, SET)
        assert step.doc["dare"]["text"] in SUGGESTIONS and step.events[0]["suggested"] is True
        assert G.apply(dared(seat=0), 1, SET).doc == step.doc  # deterministic

    def test_no_dare_to_set(self):
        refused(position([0, 0], ["red"]), 1, dare("x"), "There is no dare to set")

    def test_dare_text_up_to_200_characters(self):
        assert apply_ok(dared(), 1, dare("é" * MAX_DARE)).doc["dare"]["text"] == "é" * 200
        refused(dared(), 1, dare("a" * 201), "at most 200 characters; this one has 201")

    @pytest.mark.parametrize("text", ["", "   ", "\t \n"])
    def test_blank_dare_refused(self, text):
        refused(dared(), 1, dare(text), "A dare cannot be blank")

    @pytest.mark.parametrize("text,words", [
        ("line one\nline two", "a line break (U+000A, character 9)"),
        ("ring\x07bell", "the control character (U+0007"),
        ("tab\there", "a tab (U+0009"),
        ("abc\u202edcba", "text-direction control U+202E (character 4)"),
        ("x\u2066y", "text-direction control U+2066"),
        ("para\u2029graph", "a line break (U+2029"),
    ])
    def test_dare_text_refuses_controls_and_direction_overrides(self, text, words):
        refused(dared(), 1, dare(text), words)

    @pytest.mark.parametrize("text", [None, 42, ["a"], {"t": 1}])
    def test_dare_text_must_be_a_string(self, text):
        refused(dared(), 1, dare(text), "A dare is written as text")

    def test_dare_text_keeps_emoji_and_markup_as_plain_text(self):
        text = "<b>Sing</b> 🎤 &amp; dance 👨‍👩‍👧"
        assert apply_ok(dared(), 1, dare(text)).doc["dare"]["text"] == text

    def test_set_dare_with_extra_keys_refused(self):
        refused(dared(), 1, {"action": "set_dare", "text": "x", "seat": 2}, "A set_dare move is written")


class TestAnswering:
    def test_answer_before_the_text_is_set_refused(self):
        refused(dared(seat=1), 1, DONE, "has not been written yet")

    def test_only_the_dared_seat_answers(self):
        refused(dared(seat=1, text="Sing"), 0, DONE, "Only seat 1, who was dared, answers the dare, not seat 0.")

    def test_nobody_draws_during_a_dare(self):
        refused(dared(seat=1), 1, DRAW, "Nobody draws while seat 1 is dared: the dare must be set first.")
        refused(dared(seat=1, text="Sing"), 2, DRAW, "must be answered first")

    def test_done_passes_the_turn_to_the_left(self):
        step = apply_ok(dared(seat=1, text="Sing"), 1, DONE)
        assert step.doc["dare"] is None and G.to_act(step.doc) == [2] and step.doc["skip"] == [False] * 3
        assert [e["type"] for e in step.events] == ["dare_done"]

    def test_answer_must_be_a_boolean(self):
        refused(dared(seat=1, text="Sing"), 1, {"action": "answer_dare", "done": "yes"}, "done true")

    def test_no_dare_to_answer(self):
        refused(position([0, 0], ["red"]), 0, DONE, "There is no dare to answer")


class TestRefusing:
    def test_refusal_costs_the_next_turn(self):
        """3 seats, seat 1 refuses; seats 2 and 0 play; seat 1's turn is skipped in seat 0's step."""
        step = apply_ok(dared(seat=1, text="Sing"), 1, REFUSE)
        assert step.doc["skip"] == [False, True, False] and G.to_act(step.doc) == [2]
        assert [e["type"] for e in step.events] == ["dare_refused"]
        doc = draw(step.doc, 2).doc
        assert G.to_act(doc) == [0]
        step = draw(doc, 0)
        assert events_of(step, "turn_skipped") == [{"type": "turn_skipped", "seat": 1,
                                                    "text": "loses this turn for refusing a dare"}]
        assert G.to_act(step.doc) == [2] and step.doc["skip"] == [False, False, False]
        assert G.view(step.doc, None)["turn"] == 2

    def test_refusal_in_a_two_player_game_the_other_seat_plays_twice(self):
        doc = dared(players=2, seat=1, text="Sing")
        step = apply_ok(doc, 1, REFUSE)
        assert G.to_act(step.doc) == [0] and not events_of(step, "turn_skipped")
        step = draw(step.doc, 0)
        assert events_of(step, "turn_skipped")[0]["seat"] == 1 and G.to_act(step.doc) == [0]
        step = draw(step.doc, 0)
        assert not events_of(step, "turn_skipped") and G.to_act(step.doc) == [1]

    def test_refusing_seat_next_in_line_is_skipped_in_the_same_step(self):
        """Seat 0 refused earlier; seat 2 answers done now: play passes over seat 0 to seat 1."""
        step = apply_ok(dared(seat=2, text="Sing", skip=[True, False, False]), 2, DONE)
        assert [e["type"] for e in step.events] == ["dare_done", "turn_skipped"] and G.to_act(step.doc) == [1]

    def test_two_skips_in_a_row(self):
        doc = position([0, 0, 0, 0], ["red", "red"], to_act=0, skip=[False, True, True, False])
        step = draw(doc, 0)
        assert [e["seat"] for e in events_of(step, "turn_skipped")] == [1, 2] and G.to_act(step.doc) == [3]

    def test_skip_flag_shown_in_the_view(self):
        doc = apply_ok(dared(seat=1, text="Sing"), 1, REFUSE).doc
        assert G.view(doc, 0)["skip"] == [False, True, False]
