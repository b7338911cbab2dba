"""Why a play: the short reason a hint shows beside the suggested play ("completes the blue tree").

`explain(view, seat, move)` reads only the view, like the bot: what the play does to its colour's plan
(plan.py), what it leaves in hand, and what the other plays would do.
"""
from __future__ import annotations

import random
from typing import Any

from app.bots.scores import N_
from app.games.three_high.cards import BOARD, COLORS, SQUARES, WIN_TREES, card_text
from app.games.three_high.engine import ThreeHigh
from app.games.three_high.position import State, legal_codes

from .chances import calibrated, chances
from .evaluate import analyse, child_values
from .plan import live_mask, trip_table
from .rollout import ROLLOUT_SPEEDUP
from .search import UNITS_PER_SECOND, play, seed_of
from .worlds import base_state, position_of


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


def _kept_for(st: State, code: int, codes: list[int], trips: tuple, costs: list[float]) -> tuple[str, dict] | None:
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
    return (N_("keeps the {card} for the {color} {size}"),
            {"card": card_text((other >> 6) & 31), **_piece((other >> 2) & 15)})


def _lined(a: int, b: int) -> bool:
    return a // BOARD == b // BOARD or a % BOARD == b % BOARD


# The colours' names, for `make i18n` (a reason's "color" is said in the reader's language: app/web).
COLOR_WORDS = (N_("red"), N_("orange"), N_("yellow"), N_("green"), N_("blue"))


def _piece(piece: int) -> dict:
    """A pyramid as a reason's params: its colour (a word the web layer translates) and its size."""
    return {"color": COLORS[piece // 3], "size": piece % 3 + 1}


def explain_parts(st: State, code: int, codes: list[int]) -> tuple[str, dict]:
    """The reason as a message id (marked N_) and its params: said in the reader's language."""
    if len(codes) == 1:
        return N_("the only legal play"), {}
    card, piece, dest = (code >> 6) & 31, (code >> 2) & 15, code >> 11
    colour = piece // 3
    child, completed = _after(st, code)
    if completed:
        if child.trees >= WIN_TREES:
            return N_("completes the fifth tree: the team wins"), {}
        return N_("completes the {color} tree"), {"color": COLORS[colour]}
    if not st.pile and not completed:
        return N_("plays on although the pile is empty"), {}
    trips = trip_table(live_mask(st.discard))
    costs, needs = analyse(st, trips)
    new_costs, _ = analyse(child, trips)
    under = st.below[piece]
    if under >= 0 and under // 3 != colour and new_costs[under // 3] < costs[under // 3] - 0.5:
        return N_("uncovers the {color} {size}"), _piece(under)
    if new_costs[colour] < costs[colour] - 0.5:
        size = piece % 3 + 1
        site = st.pos[3 * colour + 2]
        if size == 2 and dest == site:
            return N_("puts the {color} {size} on its 3"), _piece(piece)
        if size == 3:
            return N_("moves the {color} {size} where its 2 and 1 can reach it"), _piece(piece)
        if _lined(dest, site):
            return N_("lines the {color} {size} up with its 3 on {sq}"), {**_piece(piece), "sq": SQUARES[site]}
        return N_("brings the {color} {size} closer to its tree"), _piece(piece)
    others = [c for c in codes if c != code]
    if not _breaks(st, code) and all(_breaks(st, c) for c in others):
        return N_("the only play that doesn't break a tree"), {}
    kept = _kept_for(st, code, codes, trips, costs)
    if kept:
        return kept
    if not any(mask >> card & 1 for mask in needs):
        return N_("spends the {card}, which no piece needs now"), {"card": card_text(card)}
    return N_("spends the {card} where it does the least harm"), {"card": card_text(card)}


# The team's chance with the play and without it (its best other play), beside the reason in a hint.
BUDGET_SHARE = 0.15  # of a hint's budget for the rollouts behind the chances (app.bots.hint: the bot's choice has
# the rest); counted at the C rollouts' price, a second of it buys about a second of rollouts
RIVALS = 3  # other plays weighed for "without it": the best by the greedy evaluation


def chances_of(view: Any, seat: int, move: dict, seconds: float) -> tuple[float, float] | None:
    """(the team's chance to win with `move`, with its best other play), the bot's calibrated chances from
    honest rollouts in the same sampled worlds (chances.py: the unseen cards dealt anew in each, nothing
    hidden read; up to chances.MAX_WORLDS worlds, as many as `seconds` buys at the C rollouts' price); None
    when there is no other play, or the play ends the game."""
    base, unseen, hidden, counts, pile = position_of(view, seat)
    codes = legal_codes(base, seat)
    chosen = ThreeHigh.code_of(base, move)
    if len(codes) < 2 or _after(base, chosen)[0].trees >= WIN_TREES:
        return None
    values = child_values(base, codes, trip_table(live_mask(base.discard)))
    others = sorted((c for c in codes if c != chosen), key=lambda c: -values[codes.index(c)])[:RIVALS]
    rng = random.Random(seed_of(view, seat, [move], seconds, "hint"))
    raw = chances(base, unseen, hidden, counts, pile, [chosen, *others], rng,
                  max(1.0, seconds * UNITS_PER_SECOND * ROLLOUT_SPEEDUP))
    return calibrated(raw[0], base.players), calibrated(max(raw[1:]), base.players)


def explain(view: Any, seat: int, move: dict) -> str:
    """The reason for `move` (one of the legal moves of `seat`), from the view alone."""
    message, params = explain_say(view, seat, move)
    return message.format(**params)


def explain_say(view: Any, seat: int, move: dict, seconds: float | None = None) -> list:
    """[message id, params] of the reason for `move`, for the reader's language. Given a budget (a hint's),
    the team's chance to win with the play and without it (its best other play) follows the reason."""
    base, _, _ = base_state(view)
    base.to_act = seat
    base.pile = [-1] * view.get("draw_pile_count", 1)
    code = ThreeHigh.code_of(base, move)
    reason = list(explain_parts(base, code, legal_codes(base, seat)))
    found = chances_of(view, seat, move, seconds) if seconds else None
    if found is None:
        return reason
    chance, other = round(100 * found[0]), round(100 * found[1])
    if other > chance + 2:  # the greedy rollouts rate another play higher than the bot's deeper search did
        return [N_("{reason}: the team's chance to win is about {chance}% with this play; the quick rollouts rate "
                   "another play at {other}%, but the bot's deeper search prefers this one"),
                {"reason": reason, "chance": chance, "other": other}]
    if other >= chance - 2:  # within the rollouts' noise
        return [N_("{reason}: the team's chance to win is about {chance}% with this play, about the same as without "
                   "it ({other}%)"), {"reason": reason, "chance": chance, "other": other}]
    return [N_("{reason}: the team's chance to win is about {chance}% with this play, {other}% without it"),
            {"reason": reason, "chance": chance, "other": other}]
