"""The strong level of the Martian Treasure Hunt bot: one roll deeper than the standard level (bot.py).

The standard level scores each destination by what it captures now, plus half the best capture our next
roll may bring, minus each opponent's best capture on its next roll (evaluate.py). The strong level plays
the next seat's roll out: for each of the 36 rolls (number, kind) that seat moves to its best capture (an
opponent's coin counted like a pyramid of two, ours with what losing it costs us), and the position after
it is scored as the standard level scores a position (our next roll minus the others' threats, the pull
toward pyramids); the destination's value is its capture now plus the mean of those. A capture of an
opponent's coin also counts OPPONENT_COIN_EXTRA: one coin fewer to roll against us. It sees only the view.
"""
from __future__ import annotations

from typing import Any

from app.games.martian_treasure_hunt.board import COIN_POINTS
from app.games.martian_treasure_hunt.codec import from_doc
from app.games.martian_treasure_hunt.position import State, destinations

from .bot import MartianTreasureHuntBot
from .evaluate import MY_NEXT_ROLL, OWN_COIN_EXTRA, PULL, best_roll_value, gain, moved, pull

OPPONENT_COIN_EXTRA = 1.0  # a captured opponent's coin: two points, and one coin fewer to threaten ours
END = 1000.0  # ending the game in the lead (or not)


def ended(st: State, me: int) -> float:
    scores = st.scores()
    return END if scores[me] == max(scores) else -END


def position_value(st: State, me: int, mover: int) -> float:
    """The standard level's look at a position where `mover` rolls next: our next roll (in full when it is
    ours) minus what each opponent may take on theirs, plus the pull toward pyramids."""
    ours = best_roll_value(st, me, me)
    threat = sum(best_roll_value(st, other, me) for other in range(st.players) if other != me)
    return (ours if mover == me else MY_NEXT_ROLL * ours) - threat + PULL * pull(st, me)


def reply_value(st: State, me: int, mover: int) -> float:
    """The mean over `mover`'s 36 rolls of the position after it takes its best capture (as `me` scores
    them), a dead roll or a roll with nothing to take leaving the position as it is."""
    if mover == me:
        return position_value(st, me, me)
    still = position_value(st, me, (mover + 1) % st.players)
    total = 0.0
    for number in range(6):
        coin = mover * 6 + number
        if st.coin_sq[coin] < 0:
            total += 6 * still
            continue
        for kind in range(6):
            best_dest, best_gain = -1, 0.0
            for dest in destinations(st, coin, kind):
                taken = st.coin_at[dest]
                value = COIN_POINTS + (OWN_COIN_EXTRA if taken // 6 == me else 0.0) if taken >= 0 \
                    else float(st.pyr[dest])
                if value > best_gain:
                    best_dest, best_gain = dest, value
            if best_dest < 0:
                total += still
                continue
            after = moved(st, coin, best_dest)
            if after.pyramids_left == 0:
                total += ended(after, me) - gain(st, best_dest, mover, me)
            else:
                total += position_value(after, me, (mover + 1) % st.players) - gain(st, best_dest, mover, me)
    return total / 36


def strong_value(st: State, seat: int, coin: int, dest: int) -> float:
    now = gain(st, dest, seat, seat)
    if st.coin_at[dest] >= 0:
        now += OPPONENT_COIN_EXTRA
    after = moved(st, coin, dest)
    if after.pyramids_left == 0:
        return ended(after, seat) + now
    return now + reply_value(after, seat, (seat + 1) % st.players)


class StrongMartianTreasureHuntBot(MartianTreasureHuntBot):
    """The strong level (see the module docstring); its arrangement and words are the standard level's."""

    level = "strong"

    def choose(self, view: Any, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
        if not legal_moves:
            raise ValueError(f"Seat {seat} has no legal move to choose from.")
        if not isinstance(view, dict) or view.get("game") != "martian-treasure-hunt":
            raise ValueError("The Martian Treasure Hunt bot plays only Martian Treasure Hunt views; "
                             "ask app.bots.bot_for_game for the bot of another game.")
        if view.get("phase") == "arrange":
            return self.arrangement(view, seat, legal_moves)
        st = from_doc(view)
        if st.dice is None or st.to_act != seat or len(legal_moves) == 1:
            return legal_moves[0]
        coin = seat * 6 + st.dice[0]
        index = st.geo.index
        best, best_value = legal_moves[0], float("-inf")
        for move in legal_moves:
            value = strong_value(st, seat, coin, index[move["to"]])
            if value > best_value + 1e-9:
                best, best_value = move, value
        return best
