"""The table state every client sees (GET, WebSocket "state", the "state" inside "update").

`Snapshot` is everything needed to build it for any viewer; it travels on the broker as JSON so every
instance can build each socket's own view. The doc never leaves the server: only `g.view(doc, seat)`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import datetime, timezone
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES
from app.store import Seat, Table, queries


def iso(dt: datetime | None) -> str | None:
    if dt is None:
        return None
    if dt.tzinfo is None:  # SQLite hands back naive UTC
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


@dataclass
class Snapshot:
    id: int
    code: str
    game: str
    players: int
    options: dict
    status: str
    doc: dict
    seq: int
    to_act: list
    result: dict | None
    created_at: str | None
    updated_at: str | None
    seats: list[dict] = field(default_factory=list)  # {"seat", "name", "bot": bool, "bot_name", "player_id"}
    rematch: str | None = None
    rematch_of: str | None = None
    last: dict | None = None  # {"seq", "seat", "move", "events"} unfiltered

    def to_dict(self) -> dict:
        """The fields as a dict, sharing their values (dataclasses.asdict would deep-copy the doc for every
        publish; nothing downstream mutates a snapshot)."""
        return {f.name: getattr(self, f.name) for f in _FIELDS}

    @classmethod
    def from_dict(cls, data: dict) -> Snapshot:
        return cls(**data)


_FIELDS = fields(Snapshot)


def seat_dicts(seats: list) -> list[dict]:
    """Seat rows (ORM objects or queries.seat_rows rows) as the snapshot keeps them."""
    return [{"seat": x.seat, "name": x.name, "bot": x.bot is not None, "bot_name": x.bot, "player_id": x.player_id}
            for x in seats]


def snapshot_of_view(row: Any, seats: list) -> Snapshot:
    """The snapshot from a queries.table_view row and the table's seat rows: no further query."""
    last = None if row.last_seat is None else {"seq": row.seq, "seat": row.last_seat, "move": row.last_move,
                                                  "events": row.last_events}
    return Snapshot(
        id=row.id, code=row.code, game=row.game, players=row.players, options=row.options,
        status=row.status, doc=row.doc, seq=row.seq, to_act=list(row.to_act or []), result=row.result,
        created_at=iso(row.created_at), updated_at=iso(row.updated_at), seats=seat_dicts(seats),
        rematch=row.rematch, rematch_of=row.rematch_of, last=last)


async def load_snapshot(s: AsyncSession, table: Table, seats: list[Seat] | None = None) -> Snapshot:
    """The snapshot of `table` (its `seats` too, when the caller has just read them)."""
    last = await queries.last_move(s, table.id)
    return snapshot_of(table, seats if seats is not None else await queries.seats_of(s, table.id),
                       None if last is None else {"seq": last.seq, "seat": last.seat, "move": last.move,
                                                  "events": last.events},
                       rematch=await queries.code_of(s, table.rematch_id),
                       rematch_of=await queries.code_of(s, table.rematch_of_id))


def snapshot_of(table: Table, seats: list[Seat], last: dict | None, *, rematch: str | None,
                rematch_of: str | None) -> Snapshot:
    return Snapshot(
        id=table.id, code=table.code, game=table.game, players=table.players, options=table.options,
        status=table.status, doc=table.doc, seq=table.seq, to_act=list(table.to_act or []),
        result=table.result, created_at=iso(table.created_at), updated_at=iso(table.updated_at),
        seats=seat_dicts(seats), rematch=rematch, rematch_of=rematch_of, last=last)


def view_events(game: Any, events: list, seat: int | None, doc: dict) -> list:
    """Events as `seat` may see them (seat None: a spectator)."""
    fn = getattr(game, "view_events", None)
    return fn(events, seat, doc) if fn is not None else list(events)


def step_for(game: Any, step: dict, seat: int | None, doc: dict) -> dict:
    return {"seq": step["seq"], "seat": step["seat"], "move": step["move"],
            "events": view_events(game, step["events"], seat, doc)}


def build_state(snap: Snapshot, seat: int | None, connected: set[int], spectators: int) -> dict:
    """The one table state, for one viewer."""
    g = GAMES[snap.game]
    playing = snap.status == "playing"
    to_act = list(snap.to_act) if playing else []
    legal = g.legal_moves(snap.doc, seat) if playing and seat is not None and seat in to_act else []
    return {
        "code": snap.code,
        "game": snap.game,
        "title": g.title,
        "players": snap.players,
        "options": snap.options,
        "host": 0,
        "status": snap.status,
        "seats": [{"seat": x["seat"], "name": x["name"], "bot": x["bot"],
                   "connected": x["bot"] or x["seat"] in connected} for x in snap.seats],
        "seq": snap.seq,
        "to_act": to_act,
        "view": g.view(snap.doc, seat),
        "legal_moves": legal,
        "move_targets": g.move_targets(snap.doc, legal) if legal else [],
        "result": snap.result,
        "you": seat,
        "rematch": snap.rematch,
        "rematch_of": snap.rematch_of,
        "created_at": snap.created_at,
        "updated_at": snap.updated_at,
        "spectators": spectators,
        "last": None if snap.last is None else step_for(g, snap.last, seat, snap.doc),
    }
