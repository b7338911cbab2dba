"""Documents <-> internal State for 3-High (field list in ENGINE.md).

A hand-built document needs only "game", "players", "options", "to_act", "secret", "board", "hands",
"draw_pile" and "discard"; missing options take their defaults, a missing secret or discard is empty.
The engine also stores "result" (None while playing) so that `result(doc)` is O(1).
"""
from __future__ import annotations

from .cards import CARD_ID, CARDS, PIECE_ID, PIECES, SQUARE_ID, SQUARES, WIN_TREES
from .position import NO_PIECE, State, has_legal, tops_in_order

DEFAULT_OPTIONS = {"allow_zero_moves": False, "hidden_hands": False}


def options_of(doc: dict) -> dict:
    return {**DEFAULT_OPTIONS, **(doc.get("options") or {})}


def _card(name) -> int:
    if name not in CARD_ID:
        raise ValueError(f"{name!r} is not a 3-High card (cards are written AH .. 8S).")
    return CARD_ID[name]


def from_doc(doc: dict) -> State:
    """The State of a document; ValueError if the document is not a 3-High position."""
    if not isinstance(doc, dict) or doc.get("game", "three-high") != "three-high":
        raise ValueError("This is not a 3-High document.")
    options = options_of(doc)
    hands = doc["hands"]
    players = doc.get("players", len(hands))
    if len(hands) != players:
        raise ValueError(f"The document has {len(hands)} hands for {players} players.")
    st = State(players, bool(options["allow_zero_moves"]), bool(options["hidden_hands"]),
               doc.get("secret", ""))
    for square_name, pieces in doc["board"].items():
        if square_name not in SQUARE_ID:
            raise ValueError(f"{square_name!r} is not a square of the board (a1 .. h8).")
        for name in pieces:
            if name not in PIECE_ID:
                raise ValueError(f"{name!r} is not a 3-High piece (red1 .. blue3).")
            if st.pos[PIECE_ID[name]] != NO_PIECE:
                raise ValueError(f"{name} is on the board twice.")
            st.place(PIECE_ID[name], SQUARE_ID[square_name])
    st.hands = [[_card(card) for card in hand] for hand in hands]
    st.pile = [_card(card) for card in reversed(doc["draw_pile"])]
    st.discard = [_card(card) for card in doc.get("discard", ())]
    st.trees = st.count_trees()
    to_act = doc["to_act"]
    if to_act and to_act[0] not in range(players):
        raise ValueError(f"to_act names seat {to_act[0]!r}, not a seat of this {players}-player table.")
    st.to_act = to_act[0] if to_act else -1
    stored = doc.get("result")
    if stored is not None:
        st.over, st.to_act = (stored["outcome"], stored["reason"]), -1
    elif "result" not in doc or not to_act:
        st.over = implied_end(st)
        if st.over is not None:
            st.to_act = -1
    return st


def implied_end(st: State) -> tuple[str, str] | None:
    """How a document without a stored result ends, read from the position alone.

    Five trees: won ("trees"). An empty `to_act`: lost, "out_of_cards" if the draw pile is empty (a
    required draw failed; a stuck seat with an empty pile reads the same) and "stuck" otherwise. A seat
    to act without a legal play (no cards counts): lost, "stuck". Otherwise the game goes on (None).
    """
    if st.trees >= WIN_TREES:
        return ("won", "trees")
    if st.to_act < 0:
        return ("lost", "stuck") if st.pile else ("lost", "out_of_cards")
    if not has_legal(st, st.to_act):
        return ("lost", "stuck")
    return None


def board_of(st: State) -> dict:
    return {SQUARES[square]: [PIECES[piece] for piece in st.stack(square)] for square, _ in tops_in_order(st)}


def result_of(st: State) -> dict | None:
    if st.over is None:
        return None
    outcome, reason = st.over
    return {"outcome": outcome, "reason": reason, "scores": None,
            "winners": list(range(st.players)) if outcome == "won" else []}


def to_doc(st: State, options: dict) -> dict:
    return {
        "game": "three-high",
        "players": st.players,
        "options": dict(options),
        "to_act": [] if st.to_act < 0 else [st.to_act],
        "secret": st.secret,
        "board": board_of(st),
        "hands": [[CARDS[card] for card in hand] for hand in st.hands],
        "draw_pile": [CARDS[card] for card in reversed(st.pile)],
        "discard": [CARDS[card] for card in st.discard],
        "result": result_of(st),
    }
