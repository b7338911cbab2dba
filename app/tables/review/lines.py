"""What-ifs: a finished table's position after `ply` real moves, then other moves played with the real rules.

A what-if starts from the game's own document at that step (replayed from the initial doc, app/tables/replay.py)
and applies each move of the line with the engine, so the cards, piles and dice still to come are the real
ones: in 3-High a team sees whether another play would have won with the cards it was going to draw.

What a client gets is what the finished table's replay already shows (GET /api/tables/{code}/replay): the
document with every hand and pile but never its "secret", the spectator's view, and each step as made. The
"secret" stays on the server; a later chance the line meets (a die, a reshuffle) is drawn from it by the
engine as the game would have, and only its outcome is shown, like any replayed step's. Moves are listed for
the seats to act with the events each would make, so a client words them with the game's own describeEvent.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.games import IllegalMove
from app.games.base import Phrase
from app.store import ENDED, Table
from app.tables.deals.spoilers import check_spoilers
from app.tables.errors import N_, Conflict, IllegalMoveError, Invalid
from app.tables.seats import find_table
from app.tables.replay import ended_at, strip_hidden

MAX_LINE = 60  # moves a what-if plays past its step
MAX_CHOICES = 240  # moves listed (with their events) for the seats to act at one position


@dataclass(frozen=True)
class Viewer:
    """Who looks, for the spoiler rule: the browser's identity cookie and the deals it chose to see."""

    cookie: str | None = None
    chosen: frozenset[str] = frozenset()


def ended_or_409(table: Table) -> None:
    if table.status not in ENDED:
        if table.status == "lobby":
            raise Conflict(N_("Table {code} is still in the lobby: its review opens when the game has ended."),
                           "not_over", code=table.code)
        raise Conflict(N_("Table {code} is still playing: its review opens when the game has ended."), "not_over",
                       code=table.code)


def parse_line(raw: Any) -> list[dict]:
    """[{"seat": int, "move": {...}}, ...], at most MAX_LINE; 422 with a sentence otherwise."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise Invalid(N_("'moves' must be a list of {\"seat\", \"move\"}."))
    if len(raw) > MAX_LINE:
        raise Invalid(N_("A what-if plays at most {max} moves; this one has {n}."), max=MAX_LINE, n=len(raw))
    out = []
    for i, item in enumerate(raw, start=1):
        if not isinstance(item, dict) or set(item) != {"seat", "move"}:
            raise Invalid(N_("Move {i} of the what-if must be {{\"seat\", \"move\"}} and nothing else."), i=i)
        if type(item["seat"]) is not int or not isinstance(item["move"], dict):
            raise Invalid(N_("Move {i} of the what-if needs a seat number and a move object."), i=i)
        out.append({"seat": item["seat"], "move": item["move"]})
    return out


def play_line(g: Any, doc: dict, line: list[dict]) -> tuple[dict, list[dict]]:
    """The doc after `line` and each step ({"seat", "move", "events"}); 422 naming the first move refused."""
    steps = []
    for i, item in enumerate(line, start=1):
        seat, move = item["seat"], item["move"]
        if seat not in g.to_act(doc):
            acting = g.to_act(doc)
            if not acting:
                raise IllegalMoveError(N_("Move {i} of the what-if is seat {seat}'s, but the game is over then."), i=i,
                                       seat=seat)
            raise IllegalMoveError(N_("Move {i} of the what-if is seat {seat}'s, but seat {to} is to act then."), i=i,
                                   seat=seat, to=", ".join(str(x) for x in acting))
        try:
            step = g.apply(doc, seat, move)
        except (IllegalMove, TypeError, KeyError, AttributeError) as exc:  # the engine's sentence, or garbage
            if isinstance(exc, IllegalMove):   # its sentence id: said in the reader's language, as a move's refusal
                why = Phrase(exc.message, **exc.params) if len(str(exc)) <= 300 else str(exc)[:300]
            else:
                why = Phrase(N_("that is not a move of this game."))
            raise IllegalMoveError(N_("Move {i} of the what-if: {why}"), i=i, why=why) from None
        doc = step.doc
        steps.append({"seat": seat, "move": move, "events": step.events})
    return doc, steps


def choices(g: Any, doc: dict) -> tuple[list[dict], int]:
    """The moves of the seats to act, each with the events it makes (at most MAX_CHOICES), and how many more."""
    out, more = [], 0
    if g.result(doc) is not None:
        return out, more
    for seat in g.to_act(doc):
        for move in g.legal_moves(doc, seat):
            if len(out) >= MAX_CHOICES:
                more += 1
                continue
            # a move the mover writes text for (Game.free_text) gets the game's placeholder: the text
            # itself changes nothing on the board
            free = g.free_text.get(move.get("action")) if isinstance(move, dict) else None
            if free is not None and free[0] not in move:
                move = {**move, free[0]: free[1]}
            try:
                events = g.apply(doc, seat, move).events
            except IllegalMove:  # listed but refused: leave it out rather than offer it
                continue
            out.append({"seat": seat, "move": move, "events": events})
    return out, more


async def shown(s: AsyncSession, code: str, viewer: Viewer) -> Table:
    """The table, under the spoiler rule (app/tables/deals/spoilers.py: 403 to a browser playing its deal
    elsewhere), ended (409 not_over before)."""
    table = await find_table(s, code)
    await check_spoilers(s, table.id, cookie=viewer.cookie, chosen=viewer.chosen)
    ended_or_409(table)
    return table


async def start_of(s: AsyncSession, code: str, ply: Any, viewer: Viewer) -> tuple[Table, Any, dict, dict | None]:
    """The ended table, its game, the real doc after `ply` moves and the real step that led there."""
    table = await shown(s, code, viewer)
    if ply is not None and type(ply) is not int:
        raise Invalid(N_("'ply' must be a whole number: how many real moves in the what-if starts."))
    _, g, doc, step = await ended_at(s, table, ply)
    return table, g, doc, step


async def position(s: AsyncSession, code: str, ply: Any, moves: Any, viewer: Viewer) -> dict:
    """The position after `ply` real moves and the what-if `moves`, as the replay shows a step, with the moves
    listed for whoever is to act there."""
    line = parse_line(moves)
    table, g, doc, step = await start_of(s, code, ply, viewer)
    doc, steps = play_line(g, doc, line)
    listed, more = choices(g, doc)
    return {
        "code": table.code,
        "game": table.game,
        "ply": table.seq if ply is None else ply,
        "of": table.seq,
        "length": len(line),
        "doc": strip_hidden(doc),
        "view": g.view(doc, None),
        "step": steps[-1] if steps else step,
        "to_act": g.to_act(doc),
        "result": g.result(doc),
        "real_result": table.result,
        "choices": listed,
        "more": more,
    }
