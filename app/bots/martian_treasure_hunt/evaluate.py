"""Expected values for the Martian Treasure Hunt bot, on the engine's own State (built from the view).

A destination is worth what it captures now, plus what the bot may expect to capture on its next roll
from there, minus what each opponent may expect to take on theirs (a coin of ours counting extra: it is
two points for them and a piece fewer for us), plus a small pull toward the nearest pyramids. Every roll
is one of 36 equally likely (number, kind) pairs, and each seat is assumed to take its best capture.
"""
from __future__ import annotations

from app.games.martian_treasure_hunt.board import COIN_POINTS, STRIDE
from app.games.martian_treasure_hunt.position import State, destinations

OWN_COIN_EXTRA = 1.5  # beyond the two points it gives away: one coin fewer to roll for and move
MY_NEXT_ROLL = 0.5  # our own next roll comes after every opponent's: it is worth less than a sure thing
PULL = 0.04  # per square nearer a pyramid, summed over our coins: breaks ties when nothing is in reach


def moved(st: State, coin: int, dest: int) -> State:
    """A copy of `st` after `coin` moves to `dest` (captures included; no dice, no roll, no end)."""
    after = st.copy()
    origin = after.coin_sq[coin]
    taken = after.coin_at[dest]
    if taken >= 0:
        after.coin_sq[taken] = -1
        after.on_board[taken // 6] -= 1
        after.prisoners[coin // 6].append((taken // 6, taken % 6))
    elif after.pyr[dest]:
        after.stash[coin // 6].append(after.pyr[dest])
        after.pyr[dest] = 0
        after.pyramids_left -= 1
    after.coin_at[origin] = -1
    after.coin_at[dest] = coin
    after.coin_sq[coin] = dest
    if after.geo.zone[dest] != coin // 6:
        after.left[coin] = True
    return after


def gain(st: State, dest: int, mover: int, me: int) -> float:
    """What `mover` takes on `dest`, as `me` counts it: in full for me, and in full when it is a coin of
    mine (plus the coin's worth to me); otherwise shared among my opponents (one of them gains it)."""
    taken = st.coin_at[dest]
    if taken >= 0 and taken // 6 == me and mover != me:
        return COIN_POINTS + OWN_COIN_EXTRA
    value = float(COIN_POINTS if taken >= 0 else st.pyr[dest])
    return value if mover == me or st.players == 2 else value / (st.players - 1)


def best_roll_value(st: State, seat: int, me: int) -> float:
    """The mean over the 36 rolls of the best capture `seat` could make (0 for a dead roll)."""
    total = 0.0
    for number in range(6):
        coin = seat * 6 + number
        if st.coin_sq[coin] < 0:
            continue
        for kind in range(6):
            best = 0.0
            for dest in destinations(st, coin, kind):
                value = gain(st, dest, seat, me)
                if value > best:
                    best = value
            total += best
    return total / 36


def pull(st: State, seat: int) -> float:
    """Minus the summed distance (king steps) from each of `seat`'s coins to its nearest pyramid."""
    pyramids = [sq for sq in st.geo.squares if st.pyr[sq]]
    if not pyramids:
        return 0.0
    total = 0
    for coin in range(seat * 6, seat * 6 + 6):
        sq = st.coin_sq[coin]
        if sq >= 0:
            x, y = sq % STRIDE, sq // STRIDE
            total += min(max(abs(p % STRIDE - x), abs(p // STRIDE - y)) for p in pyramids)
    return -float(total)


def score_destination(st: State, seat: int, coin: int, dest: int) -> float:
    now = gain(st, dest, seat, seat)
    after = moved(st, coin, dest)
    if after.pyramids_left == 0:  # the last pyramid ends the game: good if we then lead, bad otherwise
        scores = after.scores()
        return (1000.0 if scores[seat] == max(scores) else -1000.0) + now
    threat = sum(best_roll_value(after, other, seat) for other in range(st.players) if other != seat)
    return now + MY_NEXT_ROLL * best_roll_value(after, seat, seat) - threat + PULL * pull(after, seat)
