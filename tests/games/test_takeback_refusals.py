"""Game.takeback_refusal: which steps of each game may be taken back without anyone choosing again
knowing something the step showed (a card drawn, dice rolled, a hidden choice revealed)."""
from __future__ import annotations

from app.games import GAMES
from app.games.base import Game
from tests.nim_game import Nim
from tests.tables.test_takeback import _tree_in_one


def refusal(name: str, doc: dict, seat: int, move: dict) -> str | None:
    g = GAMES[name]
    why = g.takeback_refusal(doc, seat, move, g.apply(doc, seat, move).events)
    assert why is None or why in g.takeback_reasons  # every reason the game gives, it says in words
    return why


def test_turning_points_takes_back_every_placement_but_the_solitaires():
    g = GAMES["turning-points"]
    for players in (2, 3, 6):
        doc = g.setup(players=players, seed="tp")
        seat = g.to_act(doc)[0]
        assert all(refusal("turning-points", doc, seat, m) is None for m in g.legal_moves(doc, seat)[:20])
    solo = g.setup(players=1, seed="tp")
    assert refusal("turning-points", solo, 0, g.legal_moves(solo, 0)[0]) == "next_piece"


def test_three_high_takes_back_only_a_play_that_drew_no_card_and_never_with_hidden_hands():
    g = GAMES["three-high"]
    doc = g.setup(players=2, seed="th")
    seat = g.to_act(doc)[0]
    drawing = g.legal_moves(doc, seat)[0]
    assert refusal("three-high", doc, seat, drawing) == "card_drawn"
    crafted = _tree_in_one(doc)
    tree = {"card": "3C", "side": "S", "piece": "red1"}
    assert refusal("three-high", crafted, crafted["to_act"][0], tree) is None
    hidden = dict(crafted, options={**crafted["options"], "hidden_hands": True})
    assert refusal("three-high", hidden, hidden["to_act"][0], tree) == "hand_shown"


def test_martian_treasure_hunt_takes_back_only_an_arrangement_nobody_has_seen():
    g = GAMES["martian-treasure-hunt"]
    doc = g.setup(players=3, seed="mth")
    order = {"order": [0, 1, 2, 3, 4, 5]}
    assert refusal("martian-treasure-hunt", doc, 0, order) is None  # seats 1 and 2 still arranging
    doc = g.apply(g.apply(doc, 0, order).doc, 1, order).doc
    assert refusal("martian-treasure-hunt", doc, 2, order) == "revealed"  # the last: everyone's shown
    doc = g.apply(doc, 2, order).doc
    seat = g.to_act(doc)[0]
    assert refusal("martian-treasure-hunt", doc, seat, g.legal_moves(doc, seat)[0]) == "dice_rolled"


def test_dash_never_takes_back_a_draw_nor_a_dare_the_server_picked():
    g = GAMES["dash"]
    doc = g.setup(players=2, seed="dash")
    for _ in range(500):  # draw until a dare comes up
        seat = g.to_act(doc)[0]
        move = g.legal_moves(doc, seat)[0]
        if move.get("action") == "set_dare":
            break
        assert refusal("dash", doc, seat, move) == "card_drawn"
        doc = g.apply(doc, seat, move).doc
    else:
        raise AssertionError("no dare in 500 draws")
    assert refusal("dash", doc, seat, {"action": "set_dare", "text": "Sing."}) is None
    assert refusal("dash", doc, seat, {"action": "set_dare"}) == "chance"  # a built-in suggestion, drawn
    doc = g.apply(doc, seat, {"action": "set_dare", "text": "Sing."}).doc
    dared = g.to_act(doc)[0]
    assert refusal("dash", doc, dared, {"action": "answer_dare", "done": False}) is None


def test_a_game_that_does_not_say_takes_back_nothing_unless_it_has_no_chance():
    nim = Nim()
    doc = nim.setup(players=2, seed=1)
    seat = nim.to_act(doc)[0]
    move = nim.legal_moves(doc, seat)[0]
    assert nim.takeback_refusal(doc, seat, move, []) == "unknown"  # chance: the first seat
    assert Game.takeback_refusal.__doc__ and "unknown" in Game.takeback_reasons
    assert nim.takeback_sentence("unknown") == nim.takeback_sentence("not a reason of this game") == (
        "This game does not say which of its moves reveal nothing, so none can be taken back.")
    assert all("unknown" in g.takeback_reasons for g in GAMES.values())
