"""Why a Martian Treasure Hunt move, for a hint: one sentence on what it gains, from the seat's view alone.

The view hides only the other seats' arrangements until every seat has arranged (and the dice to come,
which nobody sees): the reason reads the engine's State built from the view, as the bot does (bot.py). A
capture says what it takes and its points; a quiet move says what it does for the next rolls, weighed
over the 36 equally likely (number, kind) rolls of each seat: the chance the others can capture one of
the seat's coins on their next rolls, the chance the seat's own next roll captures something, or the pull
toward the pyramids (evaluate.py's terms), each compared with the other squares this roll allows.
"""
from __future__ import annotations

from typing import Any

from app.bots.scores import N_, say_of
from app.games.martian_treasure_hunt.codec import from_doc
from app.games.martian_treasure_hunt.engine import _coin, _coin_of
from app.games.martian_treasure_hunt.position import State, destinations

from .evaluate import moved, pull

TAKES = {1: N_("takes the small pyramid on {sq}: 1 point"), 2: N_("takes the medium pyramid on {sq}: 2 points"),
         3: N_("takes the large pyramid on {sq}: 3 points")}


def capture_rolls(st: State, seat: int, target) -> int:
    """How many of `seat`'s 36 rolls give it a capture of a square `target(sq)` accepts."""
    count = 0
    for number in range(6):
        coin = seat * 6 + number
        if st.coin_sq[coin] < 0:
            continue
        for kind in range(6):
            if any(target(sq) for sq in destinations(st, coin, kind)):
                count += 1
    return count


def exposure(st: State, seat: int) -> float:
    """The chance that at least one other seat's next roll can capture a coin of `seat` (as things stand)."""
    safe = 1.0
    for other in range(st.players):
        if other != seat:
            safe *= 1 - capture_rolls(st, other, lambda sq: st.coin_at[sq] >= 0 and st.coin_at[sq] // 6 == seat) / 36
    return 1 - safe


def reach(st: State, seat: int) -> float:
    """The chance that `seat`'s own next roll can capture something (a pyramid or another seat's coin)."""
    def takes(sq: int) -> bool:
        return bool(st.pyr[sq]) or st.coin_at[sq] >= 0 and st.coin_at[sq] // 6 != seat
    return capture_rolls(st, seat, takes) / 36


def _pct(x: float) -> int:
    return round(100 * x)


def quiet_say(st: State, seat: int, coin: int, dest: int, others: list[int]) -> list:
    """A move that captures nothing, compared with the other squares the roll allows."""
    sq = st.geo.names[dest]
    if not others:
        return [N_("the only square this roll allows for your {coin}"), {"coin": say_of(_coin(coin % 6))}]
    after = {d: moved(st, coin, d) for d in [dest, *others]}
    risk = {d: exposure(a, seat) for d, a in after.items()}
    if _pct(risk[dest]) < max(_pct(r) for r in risk.values()) and risk[dest] <= min(risk.values()) + 1e-9:
        if _pct(risk[dest]) == 0:
            return [N_("keeps your coins safe: no roll of the others' next turns can capture one"), {}]
        return [N_("leaves the others the least chance to capture one of your coins on their next rolls: {chance}%, "
                   "against up to {worst}% elsewhere"),
                {"chance": _pct(risk[dest]), "worst": max(_pct(r) for r in risk.values())}]
    odds = {d: reach(a, seat) for d, a in after.items()}
    if _pct(odds[dest]) > 0 and _pct(odds[dest]) >= max(_pct(o) for o in odds.values()):
        return [N_("from {sq} your next roll has a {chance}% chance to capture something, the best this roll allows"),
                {"sq": sq, "chance": _pct(odds[dest])}]
    if pull(after[dest], seat) > pull(st, seat):
        return [N_("brings your {coin} closer to the pyramids"), {"coin": say_of(_coin(coin % 6))}]
    return [N_("the best balance this roll allows between what your next roll may take and what the others' may"), {}]


def explain_say(view: Any, seat: int, move: dict) -> list:
    """[message id, params] of the reason for `move` (one of `seat`'s legal moves), from the view alone."""
    if "order" in move or view.get("phase") == "arrange":
        return [N_("no order of the coins is stronger than another: every coin is rolled as often and moves in "
                   "every way as often"), {}]
    st = from_doc(view)
    if st.dice is None or st.to_act != seat:
        return [N_("the only move"), {}]
    coin = seat * 6 + st.dice[0]
    index = st.geo.index
    dest = index[move["to"]]
    sq = st.geo.names[dest]
    taken = st.coin_at[dest]
    if taken >= 0:
        return [N_("captures the {coin} on {sq}: 2 points"), {"coin": say_of(_coin_of(taken // 6, taken % 6)),
                                                                "sq": sq}]
    if st.pyr[dest]:
        if st.pyramids_left == 1:
            scores = moved(st, coin, dest).scores()
            return ([N_("takes the last pyramid: the game ends and you win"), {}] if scores[seat] == max(scores)
                    else [N_("takes the last pyramid: the game ends, though not in your favour"), {}])
        return [TAKES[st.pyr[dest]], {"sq": sq}]
    others = sorted({d for d in destinations(st, coin, st.dice[1])} - {dest})
    return quiet_say(st, seat, coin, dest, others)

