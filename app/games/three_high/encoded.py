"""3-High's legal moves and their targets as JSON text (`ThreeHighReading.legal_json`).

The server sends the seat to act its legal moves after every move, about 90 of them mid-game. Building them
as dicts and encoding those was a fifth of the server's time per move; here each play's text is encoded
once, at import, and a position's lists are joined from those pieces. The order is legal_codes_in_order's
(the hand, then the piece's square, then the side), and the text is what encoding its moves would give.
"""
from __future__ import annotations

import json

from .cards import CARDS, PIECES, SIDES, SQUARES
from .state import LAND, State
from .tables import CARD_COUNT, PIECE_COUNT



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
    top, pos, occ, (codes_at, dests_at, _) = st.top, st.pos, st.occ, st.tables
    spots = [((square * PIECE_COUNT + piece) * CARD_COUNT, square << 6, LAND[piece], piece)
             for square, piece in sorted((pos[piece], piece) for piece in range(PIECE_COUNT)
                                         if pos[piece] >= 0 and top[pos[piece]] == piece)]
    moves: list[bytes] = []
    targets: list[bytes] = []
    for card in st.hands[seat]:
        for base, origin, land, piece in spots:
            i = base + card
            codes = codes_at[i]
            if not codes:
                continue
            if not dests_at[i] & occ:
                for code in codes:
                    moves.append(MOVE_JSON[code & 2047])
                    targets.append(TARGET_JSON[origin | code >> 11])
                continue
            for code in codes:
                onto = top[code >> 11]
                if onto < 0 or onto == land or onto == piece:
                    moves.append(MOVE_JSON[code & 2047])
                    targets.append(TARGET_JSON[origin | code >> 11])
    if not moves:
        return EMPTY, EMPTY
    return b"[" + b",".join(moves) + b"]", b"[" + b",".join(targets) + b"]"
