"""3-High's legal moves and their targets as JSON text (`ThreeHighReading.legal_json`).

The server sends the seat to act its legal moves after every move, about 90 of them mid-game. Building them
as dicts and encoding those was a fifth of the server's time per move; here each play's text is encoded
once, at import, and a position's lists are joined from those pieces of the plays legal_codes_in_order
lists (the one generator of legal plays, in the order players see them); the text is what encoding the
engine's moves would give.
"""
from __future__ import annotations

import json

from .cards import CARDS, PIECES, SIDES, SQUARES
from .state import State, legal_codes_in_order


def _text(value: dict) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


# MOVE_JSON[code & 2047], TARGET_JSON[origin << 6 | destination]: engine.MOVES and engine.TARGETS as text
MOVE_JSON = tuple(_text({"card": CARDS[code >> 6 & 31], "side": SIDES[code & 3],
                         "piece": PIECES[code >> 2 & 15] if code >> 2 & 15 < 15 else ""})
                  for code in range(2048))
TARGET_JSON = tuple(_text({"from": SQUARES[pair >> 6], "to": SQUARES[pair & 63]}) for pair in range(64 * 64))
EMPTY = b"[]"


def legal_json(st: State, seat: int) -> tuple[bytes, bytes]:
    """The JSON text of (legal moves, their targets) for `seat`: empty lists unless it is to act."""
    if st.to_act < 0 or seat != st.to_act:
        return EMPTY, EMPTY
    codes = legal_codes_in_order(st, seat)
    if not codes:
        return EMPTY, EMPTY
    pos = st.pos
    return (b"[" + b",".join([MOVE_JSON[code & 2047] for code in codes]) + b"]",
            b"[" + b",".join([TARGET_JSON[pos[code >> 2 & 15] << 6 | code >> 11] for code in codes]) + b"]")
