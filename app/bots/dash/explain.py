"""Why a Dash move, for a hint: one sentence on what the move gains, from the seat's view alone.

Dash has no choice but the dares: a draw is the only move, so its reason says what the draw may bring from
where the seat stands (how many of the game's 56 cards take it forward, and the best one and where it
lands, pictures and swaps included, played with the engine's own rules); a dare answered "done" keeps the
seat's next turn; a dare set costs the dared seat its next turn if they refuse it. The view shows every
position and no card to come: the counts are over the whole deck as the game is made (board.DECK), never
over the cards left, which nobody can see.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from app.bots.scores import N_
from app.games.dash.board import DECK, FINISH, START
from app.games.dash.codec import from_doc
from app.games.dash.position import State, draw

# Each card as a reason's words (a whole phrase per card, for the translations' genders).
CARD_SAY = {"red": N_("a red card"), "orange": N_("an orange card"), "yellow": N_("a yellow card"),
            "green": N_("a green card"), "blue": N_("a blue card"), "F2": N_("a “forward 2” card"),
            "F3": N_("a “forward 3” card"), "B2": N_("a “back 2” card"), "B3": N_("a “back 3” card"),
            "PIC": N_("a “forward to the next picture” card"), "SWAP": N_("a “swap places with the leader” card"),
            "START": N_("a “back to Start” card")}


def space_say(space: int) -> list:
    """A space as [message id, params]: 'Start', 'Finish', 'space 17'."""
    if space == START:
        return [N_("Start"), {}]
    if space == FINISH:
        return [N_("Finish"), {}]
    return [N_("space {n}"), {"n": space}]


def outcomes(st: State, seat: int) -> dict[str, tuple[int, bool]]:
    """For each kind of moving card: (the seat's progress after drawing it, wins the race?), by the engine's
    own `draw` (pictures, swaps and Finish included) on a copy holding only that card."""
    out = {}
    for card in CARD_SAY:
        after = st.copy()
        after.deck, after.discard = [card], []
        draw(after, seat)
        out[card] = (after.progress(seat), after.winner == seat)
    return out


def draw_say(view: dict, seat: int) -> list:
    st = from_doc(dict(view, deck=list(DECK), discard=[]))  # any cards: each draw below holds its own
    here = st.progress(seat)
    found = outcomes(st, seat)
    counts = Counter(DECK)
    forward = sum(counts[card] for card, (progress, _) in found.items() if progress > here)
    best = max(found, key=lambda card: (found[card][1], found[card][0], -list(CARD_SAY).index(card)))
    params = {"n": forward, "total": len(DECK), "space": space_say(st.positions[seat]),
              "card": [CARD_SAY[best], {}]}
    if found[best][1]:
        return [N_("the only move: {n} of the game's {total} cards take you forward from {space}, and {card} "
                   "would win the race"), params]
    if found[best][0] <= here:
        return [N_("the only move: no card takes you forward from {space}"), {"space": params["space"]}]
    after = st.copy()
    after.deck, after.discard = [best], []
    draw(after, seat)
    return [N_("the only move: {n} of the game's {total} cards take you forward from {space}; the best, {card}, "
               "would take you to {dest}"), {**params, "dest": space_say(after.positions[seat])}]


def explain_say(view: Any, seat: int, move: dict) -> list:
    """[message id, params] of the reason for `move` (one of `seat`'s legal moves), from the view alone."""
    action = move.get("action")
    if action == "draw":
        return draw_say(view, seat)
    if action == "set_dare":
        return [N_("the first dare sent stands, and if the dared player refuses it they lose their next turn"), {}]
    if move.get("done"):
        return [N_("doing the dare keeps your next turn: refusing it would lose it"), {}]
    return [N_("refusing the dare loses your next turn"), {}]
