"""3-High's legal moves and their targets as JSON text (`ThreeHighReading.legal_json`).

The server sends the seat to act its legal moves after every move, about 90 of them mid-game. Building them
as dicts and encoding those was a fifth of the server's time per move; here each play's text is encoded
once, at import, and a position's lists are joined from pieces of text. The walk is legal_codes_in_order's
(card in hand, then square, then side N E S W) with the same landing test (position.LANDS); the text is what
encoding the engine's moves would give, which the conformance and property tests check.

Most (card, piece, square) groups have every destination empty, and then all of the group's plays are
legal: such a group's plays are joined once, on first use, and kept (GROUP_JSON), so a position's text is
mostly a join of a few dozen of those. Mid-game (about 90 plays) that took legal_json from 33 to 23.5 us
per position. Every group joined would be 5.6 MB per setting of allow_zero; 3,000 positions of random
three-player games met 20,560 of the 24,840 groups that hold a play (4.6 MB).

Where the install compiled _legal.c (pyproject.toml), `legal_json` writes the same bytes in C, handed the
same tables and texts (a position of random three-player games: 34-47 us in Python, 7-12 us with the C);
`legal_json_py` is the Python, the reference tests/games/test_three_high_legal_json.py checks it against,
and the fallback without a compiler.
"""
from __future__ import annotations

import json

from .cards import CARDS, PIECES, SIDES, SQUARES
from .position import CARD_COUNT, LANDS, PIECE_COUNT, SQUARE_COUNT, State, move_tables, tops_in_order


def _text(value: dict) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


# MOVE_JSON[code & 2047], TARGET_JSON[origin << 6 | destination]: engine.MOVES and engine.TARGETS as text
MOVE_JSON = tuple(_text({"card": CARDS[code >> 6 & 31], "side": SIDES[code & 3],
                         "piece": PIECES[code >> 2 & 15] if code >> 2 & 15 < 15 else ""})
                  for code in range(2048))
TARGET_JSON = tuple(_text({"from": SQUARES[pair >> 6], "to": SQUARES[pair & 63]}) for pair in range(64 * 64))
EMPTY = b"[]"


class GroupJson:
    """The joined text of each move-table group's plays and of their targets, by table index (None: not
    joined yet). At most one per group of a setting's move tables; groups a game never meets cost nothing."""

    __slots__ = ("moves", "targets")

    def __init__(self, size: int):
        self.moves: list[bytes | None] = [None] * size
        self.targets: list[bytes | None] = [None] * size


GROUP_JSON = {zero: GroupJson(SQUARE_COUNT * PIECE_COUNT * CARD_COUNT) for zero in (False, True)}  # by allow_zero


def legal_json(st: State, seat: int) -> tuple[bytes, bytes]:
    """The JSON text of (legal moves, their targets) for `seat`: empty lists unless it is to act."""
    if st.to_act < 0 or seat != st.to_act:
        return EMPTY, EMPTY
    if _fast is not None:
        if not _fast.has_moves(st.allow_zero):
            tables = move_tables(st.allow_zero)
            _fast.set_moves(st.allow_zero, tables.codes, tables.dests)
        found = _fast.legal_json(st.allow_zero, st.hands[seat], tops_in_order(st), st.top, st.occ)
        if found is not None:
            return found
    return legal_json_py(st, seat)


def legal_json_py(st: State, seat: int) -> tuple[bytes, bytes]:
    """legal_json in Python (the C's reference and fallback)."""
    if st.to_act < 0 or seat != st.to_act:
        return EMPTY, EMPTY
    top, occ, (codes_at, dests_at, _) = st.top, st.occ, st.tables
    joined = GROUP_JSON[st.allow_zero]
    group_moves, group_targets = joined.moves, joined.targets
    tops = tops_in_order(st)
    moves: list[bytes] = []
    targets: list[bytes] = []
    for card in st.hands[seat]:
        for square, piece in tops:
            i = (square * PIECE_COUNT + piece) * CARD_COUNT + card
            dests = dests_at[i]
            if not dests:
                continue  # every play of this group leaves the board
            if not dests & occ:  # every destination empty: the whole group, joined once
                text = group_moves[i]
                if text is None:
                    text = group_moves[i] = b",".join([MOVE_JSON[code & 2047] for code in codes_at[i]])
                    group_targets[i] = b",".join([TARGET_JSON[square << 6 | code >> 11] for code in codes_at[i]])
                moves.append(text)
                targets.append(group_targets[i])
                continue
            lands = LANDS[piece]
            for code in codes_at[i]:
                if top[code >> 11] in lands:
                    moves.append(MOVE_JSON[code & 2047])
                    targets.append(TARGET_JSON[square << 6 | code >> 11])
    if not moves:
        return EMPTY, EMPTY
    return b"[" + b",".join(moves) + b"]", b"[" + b",".join(targets) + b"]"


# --- the C writer -----------------------------------------------------------------------------------------
try:
    from . import _legal as _fast
except ImportError:  # built by `pip install` (pyproject.toml's ext-modules); without a compiler, Python writes
    _fast = None
else:
    _fast.set_texts(MOVE_JSON, TARGET_JSON, tuple(sum(1 << (top + 1) for top in LANDS[piece])
                                                  for piece in range(PIECE_COUNT)))
