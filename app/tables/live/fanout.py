"""Broker messages in, per-socket messages out: each socket gets the view for its own seat.

Each message is built and JSON-encoded once per seat (or once for all, when it does not depend on the
seat), however many sockets share it; the sockets' writers send the ready text.

Each socket's cursor (app/tables/live/cursors.py) says the newest seq it was sent: a move it already has is
not sent again, and a move that skips one it never got (the broker lost a message) makes the instance catch
the socket up from the database instead (app/tables/live/catchup.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import orjson

from app.games import GAMES
from app.tables.live import cursors, pace
from app.tables.live.state import Snapshot, build_state, make_step, step_for

if TYPE_CHECKING:
    from app.tables.live.context import Context


ANY_TURN = frozenset({"presence", "presence_ask"})  # who is connected where: no cursor, no live table moved


async def dispatch(ctx: Context, msg: dict) -> None:
    """Fan `msg` out to this instance's sockets of its table; in the table's actor (a Deliver command, or
    a handler's own publish), except for ANY_TURN's kinds."""
    kind, code = msg.get("kind"), msg.get("table")
    if not isinstance(code, str):
        return
    if kind == "presence":
        ctx.presence.update(code, str(msg.get("instance")), msg.get("seats") or [], msg.get("spectators") or 0,
                            msg.get("hidden"))
        _presence(ctx, code)
        ctx.presence_changed(code)  # a turn held while its seat was at the table goes out once it left
        pace.present(ctx, code, msg.get("instance"))  # a page of a seat the bot plays for is visible again
        return
    if kind == "gone":  # deleted by an admin
        ctx.live.drop(code)
        return
    snap = None
    if kind in ("move", "state"):  # every instance keeps its live tables up to date, sockets or not
        # (the snapshot itself when this instance published it in memory; its fields off Redis)
        snap = msg["snap"] if isinstance(msg["snap"], Snapshot) else Snapshot.from_dict(msg["snap"])
        ctx.live.update(snap, make_step(msg["seq"], msg["seat"], msg["move"], msg["events"]) if kind == "move"
                        else None)
    elif kind == "chat" and msg.get("instance") != ctx.instance:  # and their chat tails (this instance's own
        ctx.live.said(code, msg["message"])  # lines are in its tail already: actor.after_chat)
    if not ctx.hub.has(code):
        return
    if kind == "presence_ask":
        if msg.get("instance") != ctx.instance:
            await ctx.publish_presence(code)
    elif kind == "move":
        _move(ctx, code, msg, snap)
    elif kind == "state":
        _state(ctx, code, snap)
    elif kind == "chat":
        _to_all(ctx, code, {"type": "chat", **msg["message"]})
    elif kind == "delivery":  # a seat's own notification result: to that seat's sockets only
        _to_seats(ctx, code, {msg.get("seat")}, {"type": "delivery", "channel": msg.get("channel"),
                                                 "result": msg.get("result"), "gone": bool(msg.get("gone"))})
    elif kind == "your_turn":
        _to_seats(ctx, code, set(msg.get("seats") or []), {"type": "your_turn", "seq": msg.get("seq")})


def _to_seats(ctx: Context, code: str, seats: set, message: dict) -> None:
    """`message`, encoded once, to the sockets of `seats` only."""
    text = encode(message)
    for conn in ctx.hub.connections(code):
        if conn.seat in seats:
            conn.send(text)


def encode(message: dict) -> bytes:
    """The text of a socket message as UTF-8 (encoded once, however many sockets get it)."""
    return orjson.dumps(message)


def _to_all(ctx: Context, code: str, message: dict) -> None:
    conns = ctx.hub.connections(code)
    if conns:
        text = encode(message)
        for conn in conns:
            conn.send(text)


def _presence(ctx: Context, code: str) -> None:
    """Who is connected, to the sockets it is news to: instances re-announce their sockets every sweep (a
    few thousand tables at once), and a repeat would only cost every socket a message."""
    conns = ctx.hub.connections(code)
    if conns:
        text = encode(ctx.presence.message(code))
        for conn in conns:
            if conn.presence != text:
                conn.presence = text
                conn.send_latest(text)  # replaces one not sent yet: a storm of joins never drops a socket


def _states(ctx: Context, code: str, snap: Snapshot, conns: list) -> dict:
    """Build each seat's state once, however many sockets share that seat."""
    connected, spectators = ctx.presence.connected(code), ctx.presence.spectators(code)
    reading = GAMES[snap.game].reading(snap.doc)  # the doc parsed once for every seat
    cache: dict = {}
    for conn in conns:
        if conn.seat not in cache:
            cache[conn.seat] = build_state(snap, conn.seat, connected, spectators, reading, encoding=True)
    return cache


def _state(ctx: Context, code: str, snap: Snapshot) -> None:
    # Not to a socket that has a newer seq already (a late message would take its client back).
    conns = [c for c in ctx.hub.connections(code) if cursors.takes_state(c, snap.seq)]
    states = _states(ctx, code, snap, conns)
    texts = {seat: encode({"type": "state", **state}) for seat, state in states.items()}
    for conn in conns:
        conn.send(texts[conn.seat])
        cursors.sent(conn, snap.seq, snap.updated_at)


def _move(ctx: Context, code: str, msg: dict, snap: Snapshot) -> None:
    """The move's update to each socket that does not have it, and `your_turn` to the seats it brought to
    act (msg["turn"]) right after it: the two in one write where a socket takes both."""
    seq, turn = msg["seq"], msg.get("turn") or ()
    conns, others, behind = [], [], False
    for conn in ctx.hub.connections(code):
        relation = cursors.relation(conn, seq)
        if relation == "has":  # it has this move already
            others.append(conn)
        elif relation == "gap":  # it missed a move: a sync from the database, not a hole in its log
            behind = True
            others.append(conn)
        else:
            conns.append(conn)
    if behind:
        ctx.catch_up.request(code)
    turn_text = encode({"type": "your_turn", "seq": seq}) if turn else None
    if conns:
        g = GAMES[snap.game]
        states = _states(ctx, code, snap, conns)
        texts = {seat: encode({"type": "update", **_step(g, msg, seat, snap, state), "state": state})
                 for seat, state in states.items()}
        for conn in conns:
            if turn_text is not None and conn.seat in turn:
                conn.send_all((texts[conn.seat], turn_text))
            else:
                conn.send(texts[conn.seat])
            cursors.sent(conn, seq, snap.updated_at)
    if turn_text is not None:
        for conn in others:
            if conn.seat in turn:
                conn.send(turn_text)


def _step(g, msg: dict, seat: int | None, snap: Snapshot, state: dict) -> dict:
    """The move ({"seq", "seat", "move", "events"}) as `seat` may see it, computed once: the state's "last"
    is this move's step, seen by `seat` (the snapshot travels with the move it made)."""
    last = state["last"]
    if last is not None and last["seq"] == msg["seq"]:
        return last
    return step_for(g, msg, seat, snap.doc)
