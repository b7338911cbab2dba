"""Why a Turning Points placement, for a hint: one sentence on what it gains, from the seat's view alone.

Everything on a Turning Points board is public, and so is the solitaire bag's make-up (the view shows the
piece in hand and how many of each colour are left, never their order). The reason says how the seat's
score moves with the placement and its chain (the bot's own Position, the engine's chain), then what the
bot weighed it by (search.py, solitaire.py): competitive, the seat's margin over the best other seat, once
every other seat has answered with its own best placement (exact to the end when the end fits the
budget); solitaire, the expected final score over the bag's next draws once the search reaches the last
piece, and before that how many pieces are one clockwise turn from pointing at the player (what the bot's
search values below its depth: solitaire.LEAF_WORTH).
"""
from __future__ import annotations

from typing import Any

from app.bots.scores import N_

from .position import Position
from .search import budget_of, placement_values, tiebreak
from .solitaire import COLORS, SOUTH, cell_values, depth_for

HINT_SECONDS = 0.15  # the search behind a reason when the caller gives no budget
BUDGET_SHARE = 0.3  # of a hint's budget for the replies weighed here (app.bots.hint: the bot's choice has the rest)


def _signed(x: float) -> str:
    return "0" if x == 0 else f"{x:+g}" if float(x).is_integer() else f"{x:+.1f}"


def explain_say(view: Any, seat: int, move: dict, seconds: float | None = None) -> list:
    """[message id, params] of the reason for `move` (one of `seat`'s legal moves), from the view alone."""
    pos = Position.from_view(view, seat)
    code = pos.code_of(move)
    child = pos.play(code)
    solitaire = view.get("solitaire")
    mine = SOUTH if solitaire else pos.sides[seat]
    before, after = pos.counts[mine], child.counts[mine]
    budget = budget_of(HINT_SECONDS if seconds is None else seconds, len(pos.board))
    codes = pos.codes(pos.board.dir_id[solitaire["forced"]] if solitaire else -1)
    if solitaire:
        counts = [solitaire["bag_colors"][color] for color in COLORS]
        counts[COLORS.index(solitaire["bag"][0])] -= 1  # the piece in hand (as solitaire.cell_values counts)
        if depth_for(pos.empty, counts, budget) >= pos.empty - 1:  # searched to the last piece: an expectation
            expected = cell_values(pos, [code], solitaire, budget)[0]
            return [N_("your score goes from {before} to {after}, and from here you can expect a final score of "
                       "about {expected}"), {"before": before, "after": after, "expected": round(expected)}]
        return [N_("your score goes from {before} to {after}; pieces one turn from pointing at you: {near}, and a "
                   "chain that reaches one turns it your way"),
                {"before": before, "after": after, "near": child.counts[(SOUTH - 1) % pos.board.deg]}]
    if len(codes) == 1:
        return [N_("the only empty cell: your score goes from {before} to {after}"), {"before": before, "after": after}]
    index = codes.index(code)
    values, _, exact = placement_values(pos, codes, seat, budget, tiebreak(view, seat, len(codes)), also=index)
    params = {"before": before, "after": after, "was": _signed(pos.margin(seat)), "margin": _signed(child.margin(seat)),
              "final": _signed(values[index])}
    if exact:
        return [N_("your score goes from {before} to {after}, and your margin over the best other seat from {was} to "
                   "{margin}; with the best play from everyone to the end it ends at {final}"), params]
    return [N_("your score goes from {before} to {after}, and your margin over the best other seat from {was} to "
               "{margin}; after each other seat's best reply it is {final}"), params]
