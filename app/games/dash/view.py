"""What each seat may see of a Dash game, and the ASCII board for failing tests.

Everything in Dash is public except the order of the deck (and the server's secret): a view shows how
many cards are left to draw, the discard pile's size and top card, and the last card drawn.
"""
from __future__ import annotations

from .board import (BOARD_NAME, BOARD_TITLE, COLOR_LETTER, FINISH, PICTURE_AT, PICTURES, ROW, SPACE_COLORS,
                    SPACES, START)
from .dares import MAX_DARE, SUGGESTIONS
from .codec import result_of
from .position import NO_SEAT, State

LAYOUT = {
    "name": BOARD_NAME,
    "title": BOARD_TITLE,
    "rows": SPACES // ROW,
    "columns": ROW,
    "start": START,
    "finish": FINISH,
    "spaces": [color or ("start" if space == START else "finish") for space, color in enumerate(SPACE_COLORS)],
    "pictures": [{"name": name, "spaces": [low, high]} for name, low, high in PICTURES],
}


def layout() -> dict:
    """A fresh copy of the board's description (a caller may change its copy freely)."""
    return {**LAYOUT, "spaces": list(LAYOUT["spaces"]),
            "pictures": [{"name": p["name"], "spaces": list(p["spaces"])} for p in LAYOUT["pictures"]]}


def view(st: State, seat: int | None) -> dict:
    """The position without the secret or the deck's order. `seat` is the viewer (None: a spectator).

    While a dare waits for its text, the built-in suggestions ride along ("dare_suggestions") so that the
    table's dialog and the bots offer the same list.
    """
    dare = None if st.dare_seat == NO_SEAT else {"seat": st.dare_seat, "text": st.dare_text}
    out = {
        "game": "dash",
        "players": st.players,
        "options": {"there_and_back": st.there_and_back},
        "to_act": st.to_act(),
        "seat": seat,
        "board": BOARD_NAME,
        "layout": layout(),
        "turn": st.turn,
        "positions": list(st.positions),
        "legs": list(st.legs),
        "progress": [st.progress(other) for other in range(st.players)],
        "skip": list(st.skip),
        "deck_count": len(st.deck),
        "discard_count": len(st.discard),
        "discard_top": st.discard[-1] if st.discard else None,
        "last_draw": None if st.last_draw is None else dict(st.last_draw),
        "reshuffles": st.reshuffles,
        "dare": dare,
        "dare_max": MAX_DARE,
        "result": result_of(st),
    }
    if dare is not None and dare["text"] is None:
        out["dare_suggestions"] = list(SUGGESTIONS)
    return out


def render_text(st: State) -> str:
    """The board, Finish row on top: each space shows its number, colour letter and the seats on it."""
    lines = []
    for row in range(SPACES // ROW - 1, -1, -1):
        cells = []
        for space in range(row * ROW, row * ROW + ROW):
            mark = "S" if space == START else "F" if space == FINISH else COLOR_LETTER[SPACE_COLORS[space]]
            pic = "*" if space in PICTURE_AT else " "
            seats = "".join(str(seat) for seat in range(st.players) if st.positions[seat] == space)
            cells.append(f"{space:2d}{mark}{pic}{seats:<3}")
        lines.append(" ".join(cells))
    for seat in range(st.players):
        marks = ("*" if seat in st.to_act() else " ") + (" back" if st.legs[seat] else "") + (
            " skips next turn" if st.skip[seat] else "")
        lines.append(f"seat {seat}: space {st.positions[seat]}{marks}")
    dare = "" if st.dare_seat == NO_SEAT else f"  dare for seat {st.dare_seat}: {st.dare_text!r}"
    status = "playing" if not st.over else f"seat {st.winner} won ({st.reason})"
    lines.append(f"deck {len(st.deck)}  discard {len(st.discard)}  turn {st.turn}  {status}{dare}")
    return "\n".join(lines)
