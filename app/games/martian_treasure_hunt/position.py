"""The internal position of Martian Treasure Hunt, its one generator of legal plays, and the rules of a
turn.

`State` holds a position as flat lists of ints. `destinations` is the one source of legality for a play
(RULES.md "Martian Treasure Hunt"); the rules below it (dice, plays, arranging, the end) work on a State in
place and unchecked: engine.py checks moves first and works on copies.
"""
from __future__ import annotations

from ..base import Chance
from .board import (COIN_POINTS, COIN_VALUES, COIN_WORD, KINDS, KING, KNIGHT, PAWN, PYRAMID_WORD, SLIDES, STRIDE,
                    SUITS, geometry)

OVER_REASONS = ("pyramids_captured", "no_moves")


class State:
    """A position, as flat lists of ints. Coins are ids ``seat * 6 + value``; squares as in board.py."""

    __slots__ = ("players", "geo", "secret", "phase", "coin_sq", "coin_at", "pyr", "pyramids_left", "left",
                 "on_board", "arranged", "stash", "prisoners", "to_act", "dice", "rolls", "over")

    def __init__(self, players: int, secret: str) -> None:
        geo = geometry(players)
        self.players, self.geo, self.secret = players, geo, secret
        self.phase = "arrange"
        self.coin_sq = [-1] * (6 * players)  # -1: not arranged yet, or captured
        self.coin_at = [-1] * (STRIDE * STRIDE)  # the coin id on each square, -1 none
        self.pyr = [0] * (STRIDE * STRIDE)  # the pyramid size on each square, 0 none
        self.pyramids_left = 0
        self.left = [False] * (6 * players)  # has the coin ever left its own back two rows?
        self.on_board = [0] * players  # coins each seat still has on the board
        self.arranged = [False] * players
        self.stash: list[list[int]] = [[] for _ in range(players)]
        self.prisoners: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.to_act = -1  # the seat to move in the play phase; -1 in the arrange phase or once over
        self.dice: tuple[int, int] | None = None  # (number, kind) of the seat to act
        self.rolls = 0
        self.over: str | None = None  # the reason the game ended

    def copy(self) -> "State":
        new = State.__new__(State)
        new.players, new.geo, new.secret, new.phase = self.players, self.geo, self.secret, self.phase
        new.coin_sq, new.coin_at, new.pyr = self.coin_sq[:], self.coin_at[:], self.pyr[:]
        new.pyramids_left, new.left, new.on_board = self.pyramids_left, self.left[:], self.on_board[:]
        new.arranged = self.arranged[:]
        new.stash = [s[:] for s in self.stash]
        new.prisoners = [p[:] for p in self.prisoners]
        new.to_act, new.dice, new.rolls, new.over = self.to_act, self.dice, self.rolls, self.over
        return new

    def seats_to_act(self) -> list[int]:
        if self.over is not None:
            return []
        if self.phase == "arrange":
            return [seat for seat in range(self.players) if not self.arranged[seat]]
        return [] if self.to_act < 0 else [self.to_act]

    def put_coin(self, coin: int, sq: int) -> None:
        self.coin_sq[coin] = sq
        self.coin_at[sq] = coin
        self.on_board[coin // 6] += 1

    def score(self, seat: int) -> int:
        return sum(self.stash[seat]) + COIN_POINTS * len(self.prisoners[seat])

    def scores(self) -> list[int]:
        return [self.score(seat) for seat in range(self.players)]

    def __repr__(self) -> str:
        return (f"<State players={self.players} phase={self.phase} to_act={self.seats_to_act()} "
                f"dice={self.dice} pyramids={self.pyramids_left} over={self.over}>")


def coins_of(st: State, seat: int) -> dict | None:
    """A seat's coins as documents and the reveal write them, value -> square (None once captured); None
    while the seat has not arranged."""
    if not st.arranged[seat]:
        return None
    names = st.geo.names
    return {str(v): (names[st.coin_sq[seat * 6 + v]] if st.coin_sq[seat * 6 + v] >= 0 else None)
            for v in COIN_VALUES}


# --- legality and the rules of a turn ------------------------------------------------------------------
ROLL_LIMIT = 10_000  # lost turns in a row before the game is called off (never reached in practice)


def destinations(st: State, coin: int, kind: int) -> list[int]:
    """The squares the coin may move to as `kind` (0 pawn .. 5 king), sorted; [] if it is captured.

    A square may be entered when it is on the board, outside every other seat's back two rows, outside the
    mover's own once this coin has left them, and holds no coin of the mover nor an immune coin (a seat's
    last one on the board). Sliders stop at the first square holding anything and at a square they may
    not enter; the knight leaps; a pawn steps ahead onto an empty square or diagonally ahead to capture.
    """
    origin = st.coin_sq[coin]
    if origin < 0:
        return []
    geo, seat, coin_at, pyr, zone = st.geo, coin // 6, st.coin_at, st.pyr, st.geo.zone
    left, on_board = st.left[coin], st.on_board
    out: list[int] = []
    if kind in SLIDES:
        rays = geo.rays[origin]
        for d in SLIDES[kind]:
            for sq in rays[d]:
                z = zone[sq]
                if z >= 0 and (z != seat or left):
                    break
                other = coin_at[sq]
                if other >= 0:
                    if other // 6 != seat and on_board[other // 6] > 1:
                        out.append(sq)
                    break
                out.append(sq)
                if pyr[sq]:
                    break
        out.sort()
        return out
    if kind == PAWN:
        ahead = geo.pawn_step[seat][origin]
        if ahead >= 0 and coin_at[ahead] < 0 and not pyr[ahead]:
            z = zone[ahead]
            if z < 0 or (z == seat and not left):
                out.append(ahead)
        targets = geo.pawn_takes[seat][origin]
        takes_only = True
    else:
        targets = geo.knight[origin] if kind == KNIGHT else geo.king[origin]
        takes_only = False
    for sq in targets:
        z = zone[sq]
        if z >= 0 and (z != seat or left):
            continue
        other = coin_at[sq]
        if other >= 0:
            if other // 6 != seat and on_board[other // 6] > 1:
                out.append(sq)
        elif pyr[sq] or not takes_only:
            out.append(sq)
    out.sort()
    return out


def can_ever_move(st: State, seat: int) -> bool:
    """Could some roll give `seat` a legal play now? (Every pawn, rook, bishop or queen move starts with a
    king's step, so the king and the knight cover every kind.)"""
    for coin in range(seat * 6, seat * 6 + 6):
        if st.coin_sq[coin] >= 0 and (destinations(st, coin, KING) or destinations(st, coin, KNIGHT)):
            return True
    return False


def roll_dice(secret: str, counter: int) -> tuple[int, int]:
    """The (number, kind) of roll number `counter`: a pure function of the secret, never of `random`."""
    chance = Chance(secret, f"roll-{counter}")
    return chance.randbelow(6), chance.randbelow(6)


def coin_text(seat: int, value: int) -> str:
    return f"{SUITS[seat]} {COIN_WORD[value]}"


def roll_for(st: State, seat: int, events: list) -> None:
    """Roll for `seat`; while the roll gives no legal play, record the lost turn and roll for the next
    seat. Ends the game ("no_moves") if no seat could move whatever the dice say."""
    if not any(can_ever_move(st, s) for s in range(st.players)):
        finish(st, "no_moves", events)
        return
    for _ in range(ROLL_LIMIT):
        number, kind = roll_dice(st.secret, st.rolls)
        st.rolls += 1
        coin = seat * 6 + number
        events.append({"type": "roll", "seat": seat, "number": number, "kind": kind,
                       "text": f"rolled {COIN_WORD[number]} and {KINDS[kind]}: "
                               f"the {COIN_WORD[number]} moves like a {KINDS[kind]}"})
        if st.coin_sq[coin] >= 0 and destinations(st, coin, kind):
            st.to_act, st.dice = seat, (number, kind)
            return
        events.append(lost_turn(st, seat, number, kind))
        seat = (seat + 1) % st.players
    finish(st, "no_moves", events)


def lost_turn(st: State, seat: int, number: int, kind: int) -> dict:
    """The turn_lost event of a dead roll: why is "captured" (the coin is a prisoner) or "no_move"."""
    captured = st.coin_sq[seat * 6 + number] < 0
    text = (f"loses the turn: the {coin_text(seat, number)} has been captured" if captured
            else f"loses the turn: the {coin_text(seat, number)} has no {KINDS[kind]} move")
    return {"type": "turn_lost", "seat": seat, "why": "captured" if captured else "no_move",
            "number": number, "kind": kind, "text": text}


def finish(st: State, reason: str, events: list) -> None:
    st.over, st.to_act, st.dice = reason, -1, None
    scores = st.scores()
    best = max(scores)
    winners = [seat for seat, score in enumerate(scores) if score == best]
    text = ("the last pyramid is captured: the hunt is over" if reason == "pyramids_captured"
            else "no coin on the table can move any more: the hunt is over")
    events.append({"type": "end", "outcome": "finished", "reason": reason, "scores": scores,
                   "winners": winners, "text": text})


def play(st: State, dest: int, events: list) -> None:
    """The seat to act moves its rolled coin to `dest` (already checked legal)."""
    seat, (number, kind) = st.to_act, st.dice
    coin = seat * 6 + number
    origin = st.coin_sq[coin]
    names = st.geo.names
    leaves = st.geo.zone[dest] != seat and not st.left[coin]
    events.append({"type": "move", "seat": seat, "coin": number, "kind": kind, "from": names[origin],
                   "to": names[dest], "left_home": leaves,
                   "text": f"moved the {COIN_WORD[number]} like a {KINDS[kind]}, {names[origin]}→{names[dest]}"})
    taken = st.coin_at[dest]
    if taken >= 0:
        owner, value = divmod(taken, 6)
        st.coin_sq[taken] = -1
        st.on_board[owner] -= 1
        st.prisoners[seat].append((owner, value))
        events.append({"type": "capture", "seat": seat, "at": names[dest], "owner": owner, "coin": value,
                       "points": 2, "text": f"captured the {coin_text(owner, value)} (2 points)"})
    elif st.pyr[dest]:
        size = st.pyr[dest]
        st.pyr[dest] = 0
        st.pyramids_left -= 1
        st.stash[seat].append(size)
        events.append({"type": "capture", "seat": seat, "at": names[dest], "pyramid": size, "points": size,
                       "text": f"captured a {PYRAMID_WORD[size]} pyramid ({size} point{'s' * (size > 1)})"})
    st.coin_at[origin] = -1
    st.coin_at[dest] = coin
    st.coin_sq[coin] = dest
    if leaves:
        st.left[coin] = True
    st.dice, st.to_act = None, -1
    if st.pyramids_left == 0:
        finish(st, "pyramids_captured", events)
    else:
        roll_for(st, (seat + 1) % st.players, events)


def first_seat(st: State) -> int:
    return Chance(st.secret, "first").randbelow(st.players)


def arrange(st: State, seat: int, order: list[int], events: list) -> None:
    """Put `seat`'s coins on its home row in `order` (already checked); start play once all have."""
    for value, sq in zip(order, st.geo.home_row[seat]):
        st.put_coin(seat * 6 + value, sq)
    st.arranged[seat] = True
    events.append({"type": "arranged", "seat": seat, "order": list(order), "text": "arranged their coins"})
    if not all(st.arranged):
        return
    st.phase = "play"
    events.append({"type": "reveal", "coins": [coins_of(st, s) for s in range(st.players)],
                   "text": "Every seat has arranged: the coins are revealed"})
    first = first_seat(st)
    events.append({"type": "first", "seat": first, "text": "plays first (drawn by lot)"})
    roll_for(st, first, events)


def settle(st: State, events: list) -> None:
    """Bring a hand-built position to one the engine would have written: play starts once every seat has
    arranged; the game ends if no pyramid is left (or nobody is to act); the seat to act gets a roll if it
    has none, and loses the turn if its roll is dead."""
    if st.over is not None:
        return
    if st.phase == "arrange":
        if all(st.arranged):  # every coin is down but the phase was not moved on: start play
            st.phase = "play"
            first = first_seat(st)
            events.append({"type": "first", "seat": first, "text": "plays first (drawn by lot)"})
            roll_for(st, first, events)
        return
    if st.pyramids_left == 0:
        finish(st, "pyramids_captured", events)
    elif st.to_act < 0:
        finish(st, "no_moves", events)
    elif st.dice is None:
        roll_for(st, st.to_act, events)
    elif not destinations(st, st.to_act * 6 + st.dice[0], st.dice[1]):
        seat, (number, kind) = st.to_act, st.dice
        events.append(lost_turn(st, seat, number, kind))
        st.dice, st.to_act = None, -1
        roll_for(st, (seat + 1) % st.players, events)
