"""The games' own admin statistics (Game.stats), checked against hand-counted records."""
from __future__ import annotations

import json

from app.games import GAMES, Game
from app.games.dash import Dash
from app.games.three_high import ThreeHigh
from app.games.turning_points import TurningPoints


def rec(players: int, status: str = "finished", result: dict | None = None, events: list | None = None) -> dict:
    return {"players": players, "options": {}, "status": status, "result": result, "moves": 10, "minutes": 5.0,
            "events": events or []}


def th(outcome: str, reason: str) -> dict:
    return {"outcome": outcome, "reason": reason, "scores": None, "winners": []}


def test_three_high_win_rate_and_loss_reasons_by_seat_count():
    tables = [rec(1, result=th("won", "trees")), rec(1, result=th("lost", "stuck")), rec(1, result=th("won", "trees")),
              rec(2, result=th("lost", "out_of_cards")), rec(2, result=th("lost", "stuck")),
              rec(2, result=th("won", "trees")), rec(2, result=th("lost", "out_of_cards")),
              rec(3, "abandoned"), rec(2, "playing")]  # neither counts
    out = ThreeHigh().stats(tables)
    assert out["games"] == 7 and out["won"] == 3 and out["win_rate"] == round(3 / 7, 4)
    assert out["by_players"] == {
        "1": {"games": 3, "won": 2, "lost": 1, "win_rate": 0.6667, "losses": {"stuck": 1, "out_of_cards": 0}},
        "2": {"games": 4, "won": 1, "lost": 3, "win_rate": 0.25, "losses": {"stuck": 1, "out_of_cards": 2}},
    }
    rate, reasons = out["charts"]
    assert rate["labels"] == ["1 seat", "2 seats"] and rate["series"] == [{"name": "won", "values": [66.7, 25.0]}]
    assert rate["format"] == "percent" and reasons["kind"] == "stacked"
    assert {s["name"]: s["values"] for s in reasons["series"]} == {"stuck (no legal play)": [1, 1],
                                                                  "out of cards": [0, 2]}


def test_turning_points_winning_margins_and_solitaire_verdicts():
    def tp(scores, verdict=None):
        r = {"outcome": "finished", "reason": "board_full", "scores": scores, "winners": [0]}
        return r | ({"verdict": verdict} if verdict else {})

    tables = [rec(2, result=tp([5, 3])), rec(2, result=tp([4, 4])), rec(3, result=tp([1, 6, 2])),
              rec(1, result=tp([10], "Good")), rec(1, result=tp([12], "Great")), rec(1, result=tp([9], "Good")),
              rec(2, "abandoned")]
    out = TurningPoints().stats(tables)
    assert out["games"] == 3 and out["margins"] == {"0": 1, "2": 1, "4": 1} and out["avg_margin"] == 2.0
    assert out["by_players"] == {"2": {"games": 2, "avg_margin": 1.0}, "3": {"games": 1, "avg_margin": 4.0}}
    assert out["solitaire"] == {"games": 3, "avg_score": 10.33, "verdicts": {"Good": 2, "Great": 1}}
    margins = out["charts"][0]
    assert margins["labels"] == ["0", "1", "2", "3", "4"] and margins["series"][0]["values"] == [1, 0, 1, 0, 1]


def test_dash_dares_done_and_refused_by_seat_count():
    def ev(*kinds):
        return [{"type": k, "seat": 0} for k in kinds]

    tables = [rec(2, events=ev("dare_set", "dare_refused", "dare_set", "dare_done")),
              rec(3, "playing", events=ev("dare_set", "dare_refused")),
              rec(3, "abandoned", events=ev("dare_set", "dare_refused", "dare_set")),
              rec(4, events=[])]  # no dare at all: no row
    out = Dash().stats(tables)
    assert (out["dares_set"], out["done"], out["refused"]) == (5, 1, 3) and out["refusal_rate"] == 0.75
    assert out["by_players"] == {
        "2": {"dares_set": 2, "done": 1, "refused": 1, "refusal_rate": 0.5},
        "3": {"dares_set": 3, "done": 0, "refused": 2, "refusal_rate": 1.0},
    }
    assert Dash.stats_events == ("dare_set", "dare_done", "dare_refused")


def test_every_game_answers_with_nothing_to_count_and_stays_json():
    for g in [*GAMES.values(), TurningPoints()]:
        out = g.stats([])
        json.dumps(out)
        assert out.get("charts", []) == []
        assert g.stats([rec(g.min_players, "abandoned")]) is not None


def test_the_default_hook_has_no_figures():
    assert Game.stats(GAMES["three-high"], []) == {} and Game.stats_events == ()
