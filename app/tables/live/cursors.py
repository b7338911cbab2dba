"""Each socket's cursor: the newest table seq (and the table's updated_at with it) the socket has been sent.

The cursor is what keeps a table's log whole on every client: a move a socket has already is never sent
again, a move past a hole is not sent at all (the socket is brought up to date from the database instead:
app/tables/live/catchup.py), and a state never takes a client back to an older seq. It is moved
here only, and only in its table's actor (app/tables/live/actors.py): by the Welcome and Sync commands
(reads.py), the fan-out of a broker message (a Deliver command, or a handler's own publish: fanout.py) and
the catch-up's CaughtUp (catchup.py); the catch-up's check only reads it to decide whether to ask. `conn.seq`
is None until the welcome is on its way.
"""
from __future__ import annotations

from typing import Literal

from app.realtime import Connection

Relation = Literal["new", "has", "next", "gap"]


def sent(conn: Connection, seq: int, stamp: str | None) -> None:
    """The socket has been sent the table at `seq` (last changed at `stamp`)."""
    conn.seq, conn.stamp = seq, stamp


def sent_state(conn: Connection, state: dict) -> None:
    """The socket has been sent `state` (a welcome's or a reply's): the cursor never goes back."""
    if conn.seq is None or state["seq"] >= conn.seq:
        sent(conn, state["seq"], state.get("updated_at"))


def takes_state(conn: Connection, seq: int) -> bool:
    """A state at `seq` may go to the socket: it has no newer one (a late message would take it back)."""
    return conn.seq is None or conn.seq <= seq


def relation(conn: Connection, seq: int) -> Relation:
    """What the move numbered `seq` is to the socket: "new" (no welcome sent yet: the socket holds it
    until its welcome is out), "has" (sent already), "next" (the one it lacks) or "gap" (it missed one before it)."""
    if conn.seq is None:
        return "new"
    if seq <= conn.seq:
        return "has"
    return "next" if seq == conn.seq + 1 else "gap"


def behind(conn: Connection, seq: int, stamp: str | None) -> bool:
    """The socket was sent an older seq, or the same seq before the table last changed (False before its
    welcome: the welcome is read after any message it missed)."""
    if conn.seq is None:
        return False
    return conn.seq < seq or (conn.seq == seq and stamp is not None and conn.stamp != stamp)
