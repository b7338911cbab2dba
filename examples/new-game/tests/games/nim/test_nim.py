"""Nim's rulings, one test per rule (the rules page, app/games/nim/rules/rules.html). The properties every
game shares (replay, views, hidden twins, golden data) are the conformance suite's, tests/games."""
from __future__ import annotations

import copy

import pytest

from app.bots import get_bot
from app.games import IllegalMove, InvalidMove, get_game

nim = get_game("nim")


def game(seed=1, **options) -> dict:
    return nim.setup(players=2, options=options, seed=seed)


def play(doc: dict, heap: int, take: int) -> dict:
    return nim.apply(doc, nim.to_act(doc)[0], {"heap": heap, "take": take}).doc


def test_the_heaps_grow_by_two_from_the_first():
    assert game()["heaps"] == [3, 5, 7]
    assert game(heaps=4, layout="large", stones=9)["heaps"] == [9, 11, 13, 15]
    assert game(heaps=1, stones=5)["heaps"] == [5]


def test_the_options_are_checked():
    with pytest.raises(ValueError, match="when layout is 'small'"):
        game(stones=7)
    with pytest.raises(ValueError, match="from 1 to 4"):
        game(heaps=5)


def test_a_player_drawn_by_lot_begins():
    firsts = {nim.to_act(game(seed))[0] for seed in range(20)}
    assert firsts == {0, 1}
    assert nim.to_act(game("same")) == nim.to_act(game("same"))


def test_a_move_takes_one_to_three_stones_from_one_heap():
    doc = game(heaps=2)  # heaps 3 and 5
    seat = nim.to_act(doc)[0]
    assert nim.legal_moves(doc, seat) == [{"heap": h, "take": n} for h in (0, 1) for n in (1, 2, 3)]
    assert play(doc, 1, 3)["heaps"] == [3, 2]


def test_no_more_stones_than_the_heap_has():
    doc = play(game(heaps=2), 0, 2)  # heap 1 keeps one stone
    seat = nim.to_act(doc)[0]
    assert [m["take"] for m in nim.legal_moves(doc, seat) if m["heap"] == 0] == [1]
    with pytest.raises(IllegalMove, match="too few stones") as refused:
        nim.apply(doc, seat, {"heap": 0, "take": 2})
    assert type(refused.value) is IllegalMove


@pytest.mark.parametrize("move", [{"heap": 0, "take": 4}, {"heap": 0, "take": 0}, {"heap": 3, "take": 1},
                                  {"heap": 0}, {"heap": "0", "take": 1}, "take 1", {"heap": 0, "take": 1, "x": 1}])
def test_what_is_no_nim_move_at_all_is_refused_as_such(move):
    doc = game()
    with pytest.raises(InvalidMove):
        nim.apply(doc, nim.to_act(doc)[0], move)


def test_the_players_take_turns():
    doc = game()
    first = nim.to_act(doc)[0]
    after = play(doc, 0, 1)
    assert nim.to_act(after) == [1 - first]
    with pytest.raises(IllegalMove, match="not your turn"):
        nim.apply(after, first, {"heap": 0, "take": 1})


def test_an_empty_heap_stays_on_the_table():
    doc = play(game(heaps=2), 0, 3)
    assert doc["heaps"] == [0, 5]
    assert all(m["heap"] == 1 for m in nim.legal_moves(doc, nim.to_act(doc)[0]))


@pytest.mark.parametrize("misere", [False, True])
def test_whoever_takes_the_last_stone_wins_or_with_misere_loses(misere):
    doc = game(heaps=1, stones=3, misere=misere)
    taker = nim.to_act(doc)[0]
    step = nim.apply(doc, taker, {"heap": 0, "take": 3})
    assert nim.to_act(step.doc) == [] and nim.legal_moves(step.doc, 1 - taker) == []
    result = nim.result(step.doc)
    assert result["reason"] == "last_stone" and result["winners"] == [1 - taker if misere else taker]
    assert [e["type"] for e in step.events] == ["take", "end"]
    with pytest.raises(IllegalMove, match="over"):
        nim.apply(step.doc, 1 - taker, {"heap": 0, "take": 1})


def test_a_move_never_changes_the_doc_it_is_played_on():
    doc = game()
    before = copy.deepcopy(doc)
    play(doc, 2, 3)
    assert doc == before


def test_the_view_shows_everything_but_the_secret():
    doc = game()
    assert nim.view(doc, 0) == {k: v for k, v in doc.items() if k != "secret"} == nim.view(doc, None)


def test_the_bot_takes_a_winning_move_when_there_is_one():
    doc = game(heaps=2)  # 3 and 5: taking 2 from the 5 leaves 3 and 3, the xor at zero
    seat = nim.to_act(doc)[0]
    move = get_bot("nim").choose(nim.view(doc, seat), seat, nim.legal_moves(doc, seat))
    assert move == {"heap": 1, "take": 2}
