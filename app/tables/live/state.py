"""The table state every client sees (GET, WebSocket "state", the "state" inside "update").

`Snapshot` is everything needed to build it for any viewer; it travels on the broker as JSON so every
instance can build each socket's own view. The doc never leaves the server: only `g.view(doc, seat)`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import datetime, timedelta, timezone
from typing import Any

import orjson
from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES
from app.store import Seat, Table, queries
from app.tables.takeback_steps import takeback_from


def iso(dt: datetime | None) -> str | None:
    if dt is None:
        return None
    if dt.tzinfo is timezone.utc:  # utcnow()'s: every move's time
        return dt.isoformat()[:-6] + "Z"
    if dt.tzinfo is None:  # SQLite hands back naive UTC
        return dt.isoformat() + "Z"
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
    # {"seat", "name", "bot": bool, "bot_name", "player_id", "hook": bool (a webhook, ntfy or push is set)}
    seats: list[dict] = field(default_factory=list)
    rematch: str | None = None
    rematch_of: str | None = None
    last: dict | None = None  # {"seq", "seat", "move", "events"} unfiltered
    # The pace (app/tables/live/pace.py): {"seconds", "timeout", "forfeit_after"} or None (no pace)
    pace: dict | None = None
    # A pause by vote: {"reason", "until", "by", "votes", "since"} (proposed while since is None), and when the
    # agreed pause ends or ended (ISO): no turn's clock runs before it
    pause: dict | None = None
    paused_until: str | None = None
    # A takeback asked (app/tables/live/takeback.py): {"by", "seq", "from", "votes", "open", "asked", "counts"};
    # only while "seq" is the table's seq is it asked now (any move lets it lapse)
    takeback: dict | None = None
    # The deal's id when the table was dealt a shared one (app/tables/deals): for the already-played rule
    # (lobby/once.py) only, never in any client's state (a table's deal is told only once its game is over)
    deal: str | None = None

    def to_dict(self) -> dict:
        """The fields as a dict, sharing their values (dataclasses.asdict would deep-copy the doc for every
        publish; nothing downstream mutates a snapshot)."""
        return {f.name: getattr(self, f.name) for f in _FIELDS}

    def moved(self, **changed: Any) -> Snapshot:
        """This snapshot with `changed` fields, as dataclasses.replace makes it but without its look at the
        fields on every call (it was 1.7% of the server's time per move)."""
        new = object.__new__(Snapshot)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changed)
        return new

    @classmethod
    def from_dict(cls, data: dict) -> Snapshot:
        return cls(**data)


_FIELDS = fields(Snapshot)


def make_step(seq: int, seat: int, move: Any, events: list) -> dict:
    """The one shape of a step, everywhere: stored moves, broker messages, logs, `last`."""
    return {"seq": seq, "seat": seat, "move": move, "events": events}


def seat_dicts(seats: list) -> list[dict]:
    """Seat rows (ORM objects or queries.seat_rows rows) as the snapshot keeps them; "stand_in" and "missed"
    (the pace) only from rows that carry them."""
    out = []
    for x in seats:
        d = {"seat": x.seat, "name": x.name, "bot": x.bot is not None, "bot_name": x.bot, "player_id": x.player_id,
             "hook": has_channel(x)}
        if hasattr(x, "stand_in"):
            d["stand_in"], d["missed"] = x.stand_in, x.missed or 0
        out.append(d)
    return out


def pace_of(table: Any) -> dict | None:
    """A table row's pace as the snapshot keeps it (None: no pace)."""
    seconds = getattr(table, "pace", None)
    if not seconds:
        return None
    return {"seconds": seconds, "timeout": table.pace_timeout or "bot", "forfeit_after": table.pace_forfeit_after}


def has_channel(seat: Any) -> bool:
    """The seat (a row) has notifications on and a channel to send them by: webhook, ntfy or Web Push."""
    return bool(seat.webhook_url or seat.ntfy_url or seat.push) and bool(seat.notify)


def make_snapshot(table: Any, seats: list, last: dict | None, *, rematch: str | None, rematch_of: str | None,
                  **changed: Any) -> Snapshot:
    """The one way a Snapshot is built: from a table row (ORM object or queries.table_view row), its seat
    rows (or seat dicts), the last step, and the fields `changed` since the row was read (after a move)."""
    fields_ = {
        "id": table.id, "code": table.code, "game": table.game, "players": table.players,
        "options": table.options, "status": table.status, "doc": table.doc, "seq": table.seq,
        "to_act": list(table.to_act or []), "result": table.result, "created_at": iso(table.created_at),
        "updated_at": iso(table.updated_at), "pace": pace_of(table), "pause": getattr(table, "pause", None),
        "paused_until": iso(getattr(table, "paused_until", None)), "takeback": getattr(table, "takeback", None),
        "deal": getattr(table, "deal_id", None),
    }
    if "updated_at" in changed:
        changed["updated_at"] = iso(changed["updated_at"])
    fields_.update(changed)
    seat_list = seats if not seats or isinstance(seats[0], dict) else seat_dicts(seats)
    return Snapshot(**fields_, seats=seat_list, rematch=rematch, rematch_of=rematch_of, last=last)


def snapshot_of_view(row: Any, seats: list) -> Snapshot:
    """The snapshot from a queries.table_view row and the table's seat rows: no further query."""
    last = None if row.last_seat is None else make_step(row.seq, row.last_seat, row.last_move, row.last_events)
    return make_snapshot(row, seats, last, rematch=row.rematch, rematch_of=row.rematch_of)


async def load_snapshot(s: AsyncSession, table: Table, seats: list[Seat] | None = None) -> Snapshot:
    """The snapshot of `table` (its `seats` too, when the caller has just read them)."""
    last = await queries.last_move(s, table.id)
    return make_snapshot(table, seats if seats is not None else await queries.seats_of(s, table.id),
                         None if last is None else make_step(last.seq, last.seat, last.move, last.events),
                         rematch=await queries.code_of(s, table.rematch_id),
                         rematch_of=await queries.code_of(s, table.rematch_of_id))


def step_for(game: Any, step: dict, seat: int | None, doc: dict, gone: bool = False) -> dict:
    """A step as `seat` may see it (seat None: a spectator): its move through `Game.move_view` and its events
    through `Game.view_events`. `doc`: the doc after the step or a later one (the table's newest: the state's
    `last`, the log, a sync); both engine methods answer for any such doc (ENGINE.md). Every step a client
    gets goes through here (fanout's update reuses the state's `last`); only the admin sees moves as made.
    A takeback step (app/tables/takeback_steps.py) is no move of the game: everyone sees it as it is."""
    if takeback_from(step["move"]) is not None:
        return make_step(step["seq"], step["seat"], step["move"], step["events"])
    if gone and seat != step["seat"]:  # taken back: `Game.taken_back_view`, not what later positions reveal
        move, events = game.taken_back_view(doc, step["seat"], step["move"], step["events"], seat)
        return make_step(step["seq"], step["seat"], move, events)
    return make_step(step["seq"], step["seat"], game.move_view(doc, step["seat"], step["move"], seat),
                     game.view_events(step["events"], seat, doc))


def build_state(snap: Snapshot, seat: int | None, connected: set[int], spectators: int,
                reading: Any = None, encoding: bool = False) -> dict:
    """The one table state, for one viewer. `reading`: the game's reading of snap.doc, when the caller
    builds several viewers' states of the same snapshot (fanout). `encoding`: the caller encodes the state
    with orjson, so the legal moves may come as JSON text already (Reading.legal_json)."""
    g = GAMES[snap.game]
    if reading is None:
        reading = g.reading(snap.doc)
    playing = snap.status == "playing"
    to_act = list(snap.to_act) if playing else []
    legal, targets = [], []
    if playing and seat is not None and seat in to_act:
        text = reading.legal_json(seat) if encoding else None
        if text is None:
            legal, targets = reading.legal_moves_and_targets(seat)
        else:
            legal, targets = orjson.Fragment(text[0]), orjson.Fragment(text[1])
    return {
        "code": snap.code,
        "game": snap.game,
        "title": g.title,
        "players": snap.players,
        "options": snap.options,
        "host": 0,
        "status": snap.status,
        "seats": [{"seat": x["seat"], "name": x["name"], "bot": x["bot"],
                   "connected": x["bot"] or x["seat"] in connected}
                  | ({} if snap.pace is None
                     else {"stand_in": x.get("stand_in") is not None, "missed": x.get("missed", 0)})
                  | ({"invited": True} if snap.status == "lobby" and x["name"] is not None and not x["bot"]
                     and x.get("player_id") is None else {})  # reserved for an invited friend
                  for x in snap.seats],
        "seq": snap.seq,
        "to_act": to_act,
        "view": reading.view(seat),
        "legal_moves": legal,
        "move_targets": targets,
        "result": snap.result,
        "you": seat,
        "rematch": snap.rematch,
        "rematch_of": snap.rematch_of,
        "created_at": snap.created_at,
        "updated_at": snap.updated_at,
        "spectators": spectators,
        "last": None if snap.last is None else step_for(g, snap.last, seat, snap.doc),
        "pace": pace_state(snap),
        "pause": pause_state(snap),
        "takeback": takeback_state(snap),
    }


def _when(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def paused(snap: Snapshot) -> bool:
    """An agreed pause is on: no clock runs."""
    return bool(snap.pause and snap.pause.get("since") and snap.paused_until
                and _when(snap.paused_until) > datetime.now(timezone.utc))


def deadline(snap: Snapshot) -> datetime | None:
    """When the seats to act run out of time: the turn's start (the last move, the start, or the end of a
    pause, whichever is last) plus the pace; None during a pause."""
    if snap.pace is None or snap.status != "playing" or not snap.updated_at or paused(snap):
        return None
    since = _when(snap.updated_at)
    if snap.paused_until:
        since = max(since, _when(snap.paused_until))
    return since + timedelta(seconds=snap.pace["seconds"])


def pause_state(snap: Snapshot) -> dict | None:
    """The pause proposed (its votes) or on (until when), as every viewer sees it; None otherwise."""
    if not snap.pause or snap.status != "playing" or (snap.pause.get("since") and not paused(snap)):
        return None
    return {k: snap.pause.get(k) for k in ("reason", "until", "by", "votes", "since")}


def pace_state(snap: Snapshot) -> dict | None:
    """The pace as every viewer sees it: seconds per turn, what a timeout brings, and the turn's deadline."""
    if snap.pace is None:
        return None
    return {**snap.pace, "deadline": iso(deadline(snap))}


def takeback_state(snap: Snapshot) -> dict | None:
    """The takeback asked at the table's current seq, as every viewer sees it: {"by", "from", "votes",
    "voters", "open" (waiting for votes), "asked" (the seats that asked at this seq: not again before a
    move), "refused_by"}; None when none was asked since the last move (any move lets a request lapse)."""
    t = snap.takeback
    if not t or snap.status != "playing" or t.get("seq") != snap.seq:
        return None
    return {"by": t["by"], "from": t["from"], "votes": list(t.get("votes") or []),
            "voters": list(t.get("voters") or []),
            "open": bool(t.get("open")), "asked": list(t.get("asked") or []), "refused_by": t.get("refused_by")}
