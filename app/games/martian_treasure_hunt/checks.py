"""Refusals in words: why a move is not legal, naming the input and the situation (python-chess style)."""
from __future__ import annotations

from ..base import IllegalMove
from .board import (BISHOP, COIN_WORD, DIRECTIONS, FORWARD, KING, KINDS, KNIGHT, PAWN, PYRAMID_WORD, QUEEN,
                    ROOK, SIDE_WORD, STRIDE)
from .rules import coin_text, destinations
from .state import State

KIND_RULE = {
    PAWN: "A pawn moves one square straight ahead onto an empty square, or one square diagonally ahead "
          "to capture",
    ROOK: "A rook moves any distance along its row or its column",
    KNIGHT: "A knight jumps two squares one way and one square the other",
    BISHOP: "A bishop moves any distance diagonally",
    QUEEN: "A queen moves any distance along a row, a column or a diagonal",
    KING: "A king moves one square in any direction",
}


def check_shape(move, phase: str) -> None:
    key = "order" if phase == "arrange" else "to"
    example = '{"order": [0, 1, 2, 3, 4, 5]}' if phase == "arrange" else '{"to": "3,4"}'
    if not isinstance(move, dict) or set(move) != {key}:
        what = "arranging your coins" if phase == "arrange" else "a play"
        raise IllegalMove(f"In the {phase} phase a move is {what}, written like {example}; not {str(move)[:80]}.")


def check_order(order) -> list[int]:
    if (not isinstance(order, list) or len(order) != 6
            or any(not isinstance(v, int) or isinstance(v, bool) for v in order)):
        raise IllegalMove(f"An arrangement lists the six coin values 0 to 5 along your home row, "
                          f"not {str(order)[:80]}.")
    if sorted(order) != [0, 1, 2, 3, 4, 5]:
        missing = sorted(set(range(6)) - set(order))
        raise IllegalMove(f"The order {order} must use each coin 0 to 5 exactly once "
                          f"(missing: {', '.join(map(str, missing))}).")
    return list(order)


def occupant_text(st: State, sq: int) -> str:
    coin = st.coin_at[sq]
    if coin >= 0:
        return f"the {coin_text(coin // 6, coin % 6)}"
    if st.pyr[sq]:
        return f"a {PYRAMID_WORD[st.pyr[sq]]} pyramid"
    return "nothing"


def why_illegal(st: State, dest_name) -> str:
    """The reason the seat to act may not move its rolled coin to `dest_name`."""
    seat, (number, kind) = st.to_act, st.dice
    geo = st.geo
    coin = seat * 6 + number
    origin = st.coin_sq[coin]
    if not isinstance(dest_name, str) or dest_name not in geo.index:
        return (f"{str(dest_name)[:20]!r} is not a square of this board: squares are written \"x,y\" "
                f"(x from 0 in the west, y from 0 in the south).")
    dest = geo.index[dest_name]
    me = f"Your {COIN_WORD[number]} (a {KINDS[kind]} this turn)"
    at = geo.names[origin]
    if dest == origin:
        return f"{me} already stands on {dest_name}: a move must go somewhere."
    dx, dy = dest % STRIDE - origin % STRIDE, dest // STRIDE - origin // STRIDE
    if not _shape_fits(kind, dx, dy, FORWARD[geo.sides[seat]]):
        return f"{KIND_RULE[kind]}; {dest_name} is not such a move from {at} for {me.lower()}."
    z = geo.zone[dest]
    if z >= 0 and z != seat:
        return (f"No coin may enter another seat's back two rows: {dest_name} is in the "
                f"{SIDE_WORD[geo.sides[z]]} seat's.")
    if z == seat and st.left[coin]:
        return f"{me} has left your back two rows and may never enter them again ({dest_name})."
    if kind in (ROOK, BISHOP, QUEEN):
        step = (dx // max(abs(dx), 1), dy // max(abs(dy), 1))
        ray = geo.rays[origin][DIRECTIONS.index(step)]
        for sq in ray[:ray.index(dest)]:
            if st.coin_at[sq] >= 0 or st.pyr[sq]:
                return f"The way from {at} to {dest_name} is blocked at {geo.names[sq]} by {occupant_text(st, sq)}."
            if geo.zone[sq] >= 0 and (geo.zone[sq] != seat or st.left[coin]):
                return f"The way from {at} to {dest_name} crosses back rows it may not enter ({geo.names[sq]})."
    other = st.coin_at[dest]
    if other >= 0 and other // 6 == seat:
        return f"Your own {COIN_WORD[other % 6]} stands on {dest_name}."
    if other >= 0 and st.on_board[other // 6] <= 1:
        return (f"The {coin_text(other // 6, other % 6)} on {dest_name} is that seat's last coin on the board: "
                f"it is immune to capture.")
    if kind == PAWN and dx * dy == 0 and (other >= 0 or st.pyr[dest]):
        return f"A pawn steps straight ahead only onto an empty square; {dest_name} holds {occupant_text(st, dest)}."
    if kind == PAWN and dx * dy != 0 and other < 0 and not st.pyr[dest]:
        return f"A pawn moves diagonally only to capture; {dest_name} is empty."
    return f"{me} cannot move from {at} to {dest_name}."


def _shape_fits(kind: int, dx: int, dy: int, forward: tuple[int, int]) -> bool:
    adx, ady = abs(dx), abs(dy)
    if kind == ROOK:
        return dx == 0 or dy == 0
    if kind == BISHOP:
        return adx == ady
    if kind == QUEEN:
        return dx == 0 or dy == 0 or adx == ady
    if kind == KNIGHT:
        return {adx, ady} == {1, 2}
    if kind == KING:
        return max(adx, ady) == 1
    fx, fy = forward  # pawn: straight ahead, or diagonally ahead
    return (dx, dy) == (fx, fy) or (max(adx, ady) == 1 and adx == ady and (dx * fx + dy * fy) == 1)


def checked_dest(st: State, move: dict) -> int:
    """The destination square of a well-shaped play move, if legal; IllegalMove with the reason otherwise."""
    name = move["to"]
    sq = st.geo.index.get(name, -1) if isinstance(name, str) else -1
    if sq >= 0 and sq in destinations(st, st.to_act * 6 + st.dice[0], st.dice[1]):
        return sq
    raise IllegalMove(why_illegal(st, name))
