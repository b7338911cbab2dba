"""THE move pipeline: one path for REST, WebSocket and bots.

lock the table (in-process lock + write transaction: SELECT ... FOR UPDATE / BEGIN IMMEDIATE) -> check the
status and the client's seq -> check the turn -> game.apply -> insert moves(table_id, seq) and store the
new doc -> commit -> publish -> your_turn for seats newly to act -> schedule bots.
"""
from __future__ import annotations

import json
import logging
import time
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES, IllegalMove
from app.store import queries, utcnow
from app.tables.errors import IllegalMoveError, Invalid, NotPlaying, NotYourTurn, StaleSeq
from app.tables.identity import normalise_code
from app.tables.seats import Caller, not_found
from app.tables.service import Tables
from app.tables.state import Snapshot, iso, make_snapshot, make_step, seat_dicts, step_for

log = logging.getLogger("icehouse.moves")


def stale(code: str, sent: object, at: int) -> StaleSeq:
    return StaleSeq(f"The table has moved on: you sent seq {sent}, but table {code} is at seq {at}. "
                    "Fetch the state again and retry.")


async def play(ctx: Tables, code: str, seat: int, seq: int, move: Any, *,
               seats: list[dict] | None = None) -> Snapshot:
    """Play `move` for an authenticated `seat`, expecting the table at `seq`; returns the new snapshot.

    `seats`: the table's seats as the snapshot keeps them, when the caller read them while the game was on
    (they cannot change after the start); otherwise they are read in the write transaction."""
    started = time.perf_counter()
    async with ctx.locks.hold(code):
        async with ctx.db.writing() as s:
            snap, step, before = await _apply(s, code, seat, seq, move, seats)
        await ctx.publish_move(snap, step)
    log.info("move", extra={"table": snap.code, "seq": snap.seq, "seat": seat,
                            "ms": round((time.perf_counter() - started) * 1000, 2)})
    newly = [x for x in snap.to_act if x not in before]
    await ctx.announce_turn(snap, newly)
    ctx.bots.schedule(snap)
    return snap


async def play_for(ctx: Tables, caller: Caller, seq: int, move: Any) -> Snapshot:
    """`play` for an identified caller (REST or WebSocket): its seat, and its seats when still valid."""
    return await play(ctx, caller.code, caller.seated(), seq, move, seats=caller.seats_if_playing())


async def _apply(s: AsyncSession, code: str, seat: int, seq: int, move: Any,
                 seats: list[dict] | None) -> tuple[Snapshot, dict, list]:
    norm = normalise_code(code)
    table = None if norm is None else await queries.table_for_move(s, norm)  # locked until the commit
    if table is None:
        raise not_found(code)
    if table.status != "playing":
        raise NotPlaying(f"Table {table.code} is not playing: it is {table.status}.")
    if type(seq) is not int or seq != table.seq:
        raise stale(table.code, seq, table.seq)
    before = list(table.to_act or [])
    if seat not in before:
        who = ", ".join(str(x) for x in before)
        raise NotYourTurn(f"It is not your turn: seat {seat} may not act now (to act: {who}).")
    g = GAMES[table.game]
    result = _engine_apply(g, table.doc, seat, move)
    if seats is None:
        seats = seat_dicts(await queries.seat_rows(s, table.id))
    new_seq, now = table.seq + 1, utcnow()
    outcome = g.result(result.doc)
    status, to_act = ("finished", []) if outcome is not None else ("playing", list(g.to_act(result.doc)))
    try:
        await queries.record_move(s, table.id, seq=new_seq, seat=seat, move=move, events=result.events, at=now,
                                  doc=result.doc, status=status, to_act=to_act, result=outcome,
                                  finished_at=now if outcome is not None else None)
        await s.commit()
    except IntegrityError:  # another instance took this seq first
        await s.rollback()
        raise stale(code, seq, new_seq) from None
    step = make_step(new_seq, seat, move, result.events)
    snap = make_snapshot(table, seats, step, rematch=None, rematch_of=table.rematch_of, status=status,
                         doc=result.doc, seq=new_seq, to_act=list(to_act), updated_at=now,
                         result=outcome if outcome is not None else table.result)
    return snap, step, before


MOVE_MAX = 2000  # characters of JSON; every legal move of every game is far smaller
DETAIL_MAX = 300


def _engine_apply(g: Any, doc: dict, seat: int, move: Any) -> Any:
    if not isinstance(move, dict):
        raise Invalid("A move must be a JSON object, like one of the legal_moves.")
    if len(json.dumps(move, default=str)) > MOVE_MAX:
        raise Invalid(f"That move is too large to be a {g.title} move: pick one of the legal_moves.")
    try:
        return g.apply(doc, seat, move)
    except IllegalMove as exc:  # the engine's sentence; any other exception is an engine bug: a logged 500
        detail = str(exc)
        raise IllegalMoveError(detail if len(detail) <= DETAIL_MAX else detail[:DETAIL_MAX - 1] + "…") from None


async def steps_since(ctx: Tables, s: AsyncSession, table_id: int, game: str, doc: dict, since: int,
                      seat: int | None, limit: int = 1000) -> list[dict]:
    """The steps after `since`, as `seat` may see them."""
    g = GAMES[game]
    moves = await queries.moves_since(s, table_id, max(0, since), limit)
    return [step_for(g, make_step(m.seq, m.seat, m.move, m.events), seat, doc) | {"at": iso(m.at)}
            for m in moves]
