"""Why a play: the short reason a hint shows beside the suggested play ("completes the blue tree").

`explain(view, seat, move)` reads only the view, like the bot: what the play does to its colour's plan
(plan.py), what it leaves in hand, and what the other plays would do.
"""
from __future__ import annotations

from typing import Any

from app.games.three_high.cards import BOARD, COLORS, SQUARES, WIN_TREES, card_text, piece_text
from app.games.three_high.engine import ThreeHigh
from app.games.three_high.position import State, legal_codes

from .evaluate import analyse
from .plan import live_mask, trip_table
from .search import play
from .worlds import base_state


def _after(st: State, code: int) -> tuple[State, bool]:
    child = st.copy()
    child.pile = [-1]  # the draw does not matter here
    return child, play(child, code)


def _breaks(st: State, code: int) -> bool:
    """The play takes the 1 off a complete tree."""
    piece = (code >> 2) & 15
    under = st.below[piece]
    return piece % 3 == 0 and under == piece + 1 and st.below[under] == piece + 2


def _progress(st: State, code: int, trips: tuple, costs: list[float]) -> int:
    """The colour whose plan `code` advances (a tree's own piece, or a piece leaving one it covered), or -1."""
    piece = (code >> 2) & 15
    child, _ = _after(st, code)
    new_costs, _ = analyse(child, trips)
    under = st.below[piece]
    if under >= 0 and under // 3 != piece // 3 and new_costs[under // 3] < costs[under // 3] - 0.5:
        return under // 3
    return piece // 3 if new_costs[piece // 3] < costs[piece // 3] - 0.5 else -1


def _kept_for(st: State, code: int, codes: list[int], trips: tuple, costs: list[float]) -> str | None:
    """'keeps the 5♥ for the green 2': another card of the hand makes progress, and this play keeps it."""
    card = (code >> 6) & 31
    found = []
    for other in codes:
        if (other >> 6) & 31 != card:
            colour = _progress(st, other, trips, costs)
            if colour >= 0:
                found.append((costs[colour], other))
    if not found:
        return None
    other = min(found)[1]
    return f"keeps the {card_text((other >> 6) & 31)} for the {piece_text((other >> 2) & 15)}"


def _lined(a: int, b: int) -> bool:
    return a // BOARD == b // BOARD or a % BOARD == b % BOARD


def explain_code(st: State, code: int, codes: list[int]) -> str:
    """The reason for `code` among the legal `codes` of the seat to act in `st` (pile: its length)."""
    if len(codes) == 1:
        return "the only legal play"
    card, piece, dest = (code >> 6) & 31, (code >> 2) & 15, code >> 11
    colour = piece // 3
    child, completed = _after(st, code)
    if completed:
        return ("completes the fifth tree: the team wins" if child.trees >= WIN_TREES
                else f"completes the {COLORS[colour]} tree")
    if not st.pile and not completed:
        return "plays on although the pile is empty"
    trips = trip_table(live_mask(st.discard))
    costs, needs = analyse(st, trips)
    new_costs, _ = analyse(child, trips)
    under = st.below[piece]
    if under >= 0 and under // 3 != colour and new_costs[under // 3] < costs[under // 3] - 0.5:
        return f"uncovers the {piece_text(under)}"
    if new_costs[colour] < costs[colour] - 0.5:
        size = piece % 3 + 1
        site = st.pos[3 * colour + 2]
        if size == 2 and dest == site:
            return f"puts the {piece_text(piece)} on its 3"
        if size == 3:
            return f"moves the {piece_text(piece)} where its 2 and 1 can reach it"
        if _lined(dest, site):
            return f"lines the {piece_text(piece)} up with its 3 on {SQUARES[site]}"
        return f"brings the {piece_text(piece)} closer to its tree"
    others = [c for c in codes if c != code]
    if not _breaks(st, code) and all(_breaks(st, c) for c in others):
        return "the only play that doesn't break a tree"
    kept = _kept_for(st, code, codes, trips, costs)
    if kept:
        return kept
    if not any(mask >> card & 1 for mask in needs):
        return f"spends the {card_text(card)}, which no piece needs now"
    return f"spends the {card_text(card)} where it does the least harm"


def explain(view: Any, seat: int, move: dict) -> str:
    """The reason for `move` (one of the legal moves of `seat`), from the view alone."""
    base, _, _ = base_state(view)
    base.to_act = seat
    base.pile = [-1] * view.get("draw_pile_count", 1)
    code = ThreeHigh.code_of(base, move)
    return explain_code(base, code, legal_codes(base, seat))
