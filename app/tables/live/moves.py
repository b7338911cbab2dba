"""THE move pipeline: one path for REST, WebSocket and bots.

the live table (in memory; loaded on first use) -> its lock -> check the status, the client's seq and the
turn -> game.apply -> the group-commit writer stores the move and the table's new state, only if the
database still has the table playing at that seq -> the live snapshot advances -> actor.after_commit
(publish, your_turn for seats newly to act, bots), as after every command. A move is acknowledged only after
its batch commits.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES, IllegalMove, InvalidMove
from app.store import queries, utcnow
from app.store.move_records import MoveRecord
from app.tables import text
from app.tables.live.actor import after_commit
from app.tables.errors import (IllegalMoveError, InvalidMoveError, N_, NotPlaying, NotYourTurn, StaleSeq, TableError,
                               Unavailable)
from app.tables.seats import Caller
from app.tables.live.commands import Move
from app.tables.takeback_steps import taken_back
from app.tables.live.state import Snapshot, iso, make_step, step_for

if TYPE_CHECKING:
    from app.tables.live.context import Context

log = logging.getLogger("icehouse.moves")


def stale(code: str, sent: object, at: int) -> StaleSeq:
    return StaleSeq(N_("The table has moved on: you sent seq {sent}, but table {code} is at seq {at}. Fetch the "
                       "state again and retry."), sent=sent, code=code, at=at)


def refusal(snap: Snapshot, seat: int, seq: object) -> TableError | None:
    """Why `seat` may not move at `seq` on this snapshot, or None."""
    if snap.status != "playing":
        return NotPlaying(N_("Table {code} is not playing: it is {status}."), code=snap.code, status=snap.status)
    if type(seq) is not int or seq != snap.seq:
        return stale(snap.code, seq, snap.seq)
    if seat not in snap.to_act:
        who = ", ".join(str(x) for x in snap.to_act)
        return NotYourTurn(N_("It is not your turn: seat {seat} may not act now (to act: {who})."), seat=seat, who=who)
    return None


async def play(ctx: Context, code: str, seat: int, seq: int, move: Any, stand_in: dict | None = None) -> Snapshot:
    """Play `move` for an authenticated `seat`, expecting the table at `seq`; returns the new snapshot.
    `stand_in`: the game's bot plays it for a seat whose time ran out (kept with the stored move)."""
    return await ctx.actors.ask(code, Move(code, seat, seq, move, stand_in))


async def on_move(ctx: Context, command: Move) -> Snapshot:
    """The table's actor runs a move: check (status, seq, turn, the engine), record (the writer's batch),
    after (publish, turn notices, bots)."""
    started = time.perf_counter()
    code, seat, seq, move, stand_in = command.code, command.seat, command.seq, command.move, command.stand_in
    live = await ctx.live.get(code)
    snap = live.snap
    problem = refusal(snap, seat, seq)
    if problem is not None and not (type(seq) is int and seq < snap.seq):  # we may be behind: look again
        snap = await ctx.live.reload(live)
        problem = refusal(snap, seat, seq)
    if problem is not None:
        raise problem
    g = GAMES[snap.game]
    result = _engine_apply(g, snap.doc, seat, move)
    outcome = g.result(result.doc)
    status, to_act = ("finished", []) if outcome is not None else ("playing", list(g.to_act(result.doc)))
    now, new_seq = utcnow(), snap.seq + 1
    record = MoveRecord(snap.id, new_seq, seat, move, result.events, now, result.doc, status, to_act, outcome,
                        now if outcome is not None else None, stand_in)
    try:
        stored = await ctx.writer.write(record)
    except SQLAlchemyError:
        ctx.live.drop(snap.code)
        raise Unavailable(N_("The server cannot reach its database just now, so your move could not be saved. "
                             "Try again in a moment.")) from None
    if not stored:  # the database moved on without us (another instance, an admin): reload next time
        ctx.live.drop(snap.code)
        raise StaleSeq(N_("The table has moved on: table {code} is past seq {seq} already. Fetch the state "
                          "again and retry."), code=snap.code, seq=seq)
    step = make_step(new_seq, seat, move, result.events)
    new = snap.moved(status=status, doc=result.doc, seq=new_seq, to_act=to_act,
                     result=outcome if outcome is not None else snap.result, updated_at=iso(now), last=step)
    live.advance(new, step | {"at": new.updated_at})
    await after_commit(ctx, new, step=step, newly=[x for x in new.to_act if x not in snap.to_act])
    if log.isEnabledFor(logging.INFO):
        log.info("move", extra={"table": new.code, "seq": new.seq, "seat": seat,
                                "ms": round((time.perf_counter() - started) * 1000, 2)})
    return new


async def play_for(ctx: Context, caller: Caller, seq: int, move: Any) -> Snapshot:
    """`play` for an identified caller (REST or WebSocket)."""
    return await play(ctx, caller.code, caller.seated(), seq, move)


MOVE_MAX = 2000  # characters of JSON; every legal move of every game is far smaller
DETAIL_MAX = 300


def _engine_apply(g: Any, doc: dict, seat: int, move: Any) -> Any:
    if not isinstance(move, dict):
        raise InvalidMoveError(N_("A move must be a JSON object, like one of the legal_moves."))
    text.check_strings(move, N_("A move"))  # free text in a move (a message to the table) is user text like any other
    if len(orjson.dumps(move, default=str, option=orjson.OPT_NON_STR_KEYS)) > MOVE_MAX:
        raise InvalidMoveError(N_("That move is too large to be a {game} move: pick one of the legal_moves."),
                               game=g.title)
    try:
        return g.reading(doc).apply(seat, move)  # the live doc, parsed once since the move that made it
    except IllegalMove as exc:  # the engine's sentence; any other exception is an engine bug: a logged 500
        detail = str(exc)
        error = InvalidMoveError if isinstance(exc, InvalidMove) else IllegalMoveError  # not a move / not now
        # its sentence id: said in the reader's language
        if len(detail) <= DETAIL_MAX and getattr(exc, "message", None):
            raise error(exc.message, **exc.params) from None
        raise error(detail if len(detail) <= DETAIL_MAX else detail[:DETAIL_MAX - 1] + "…") from None


async def steps_since(ctx: Context, s: AsyncSession, table_id: int, game: str, doc: dict, since: int,
                      seat: int | None, limit: int = 1000) -> list[dict]:
    """The steps after `since`, as `seat` may see them; "stand_in" ({"for", "why"}) marks a move the bot played
    for a seat whose time ran out."""
    g = GAMES[game]
    moves = await queries.moves_since(s, table_id, max(0, since), limit)
    gone = taken_back({"seq": m.seq, "move": m.move} for m in moves)
    return [step_for(g, make_step(m.seq, m.seat, m.move, m.events), seat, doc, m.seq in gone) | {"at": iso(m.at)}
            | ({"stand_in": m.stand_in} if m.stand_in else {}) for m in moves]
