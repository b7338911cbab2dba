"""Live tables: the snapshot of every table this instance plays, in memory.

A move is checked against the live snapshot, with no read of the database; the group-commit writer
(app/store/writer.py) then stores it only if the table in the database is still playing at the seq the
move follows, so a snapshot gone stale (another instance moved, an admin ended the table) costs one
reload and a 409, never a wrong write. Snapshots arrive from three places: a load on first use, this
instance's own moves, and every state or move message on the broker (any instance's).

Only tables that can still change are kept: an ended table (finished or abandoned) takes no more moves, so
its snapshot leaves memory when its game ends and is read again when someone looks at it. Thousands of ended
tables held in memory made every young garbage collection walk their documents (most of what survived
one) and grew the process without bound.

A live table also keeps its seat rows (with the token hashes): the lobby's commands (app/tables/
lobby_commands.py) choose a seat from them and change them as the batch that stored the change commits; a
snapshot from another instance whose seats differ makes them read again. Once its game has started (seats
are taken only in the lobby) a socket is admitted (`admit`) with no read of the database. And it keeps the
tail of its chat once known (a table made here has none; a welcome reads it once), so a socket's welcome
needs no read either.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from app.games import GAMES
from app.store import ENDED, Database, queries
from app.tables.identity import hash_matches, hash_token, normalise_code
from app.tables.seats import COOKIE_MAX, Caller, caller_of, not_found
from app.tables.live.state import Snapshot, snapshot_of_view

CAPACITY = 20_000  # live tables kept, least recently used dropped first (a dropped one reloads on use)
PLAYERS = 50_000  # browsers' cookie -> player ids remembered (a player's cookie never changes)
CHAT_TAIL = 200  # chat lines a live table keeps (a welcome's chat_history)
STEP_TAIL = 16  # steps a live table keeps for a reconnecting socket's sync (more missed: from the database)


@dataclass(slots=True)
class SeatRow:
    """A seat row as queries.seat_rows reads it, made in memory when a command takes a seat or changes its
    notification channels (app/tables/notify/settings.py)."""

    seat: int
    name: str | None = None
    bot: str | None = None
    player_id: int | None = None
    token_hash: str | None = None
    webhook_url: str | None = None
    notify: bool = True
    ntfy_url: str | None = None
    push: str | None = None
    stand_in: int | None = None  # the pace: the seq the seat's time ran out at (app/tables/live/pace.py)
    missed: int = 0


class LiveTable:
    """One table's snapshot, its seat rows (None: read them when needed) and its chat tail (None: not known
    here). Changed by its table's actor (app/tables/live/actors.py), which runs the table's commands one at
    a time, and by the broker's news of other instances' commands (fanout)."""

    __slots__ = ("snap", "seats", "chat", "chats", "steps", "_reading")

    def __init__(self, snap: Snapshot, seats: list | None = None, chat: list | None = None):
        self.snap = snap
        self.seats = seats
        self.chat = chat
        self.chats = 0  # chat lines heard of (a welcome keeps the tail it read only when none came meanwhile)
        # The last steps (make_step dicts with "at"), the newest at snap.seq, without a gap: a socket's sync
        # from memory. None: not known here (read the moves from the database).
        self.steps: list[dict] | None = [] if snap.seq == 0 else None
        self._reading: tuple | None = None  # (snapshot, the game's reading of its doc) for the welcomes

    def reading(self) -> Any:
        """The game's reading of the current snapshot's doc, parsed once for the sockets that arrive at it
        (the seats of a table open theirs together). Kept by the table, so it goes when the table does."""
        kept = self._reading
        if kept is None or kept[0] is not self.snap:
            kept = self._reading = (self.snap, GAMES[self.snap.game].reading(self.snap.doc))
        return kept[1]

    def advance(self, snap: Snapshot, step: dict | None) -> None:
        """`snap` is newer: keep `step` (the move that made it, with "at") when it follows the last one."""
        if step is not None and self.steps is not None and step["seq"] == self.snap.seq + 1 == snap.seq:
            self.steps.append(step)
            if len(self.steps) > STEP_TAIL:
                del self.steps[:-STEP_TAIL]
        elif snap.seq != self.snap.seq:
            self.steps = [] if snap.seq == 0 else None
        self.snap = snap

    def said(self, message: dict) -> None:
        self.chats += 1
        if self.chat is not None:
            self.chat.append(message)
            if len(self.chat) > CHAT_TAIL:
                del self.chat[:-CHAT_TAIL]


def _names(seats: list, token: str | None, player_id: int | None) -> bool:
    """The seat rows name this caller (by its token, else its cookie's player)."""
    if token is not None:
        hashed = hash_token(token)
        return any(hash_matches(hashed, x.token_hash) for x in seats)
    return player_id is not None and any(x.player_id == player_id for x in seats)


def _same_seats(rows: list, seats: list[dict]) -> bool:
    """The seat rows and a snapshot's seat dicts name the same people and bots in the same seats."""
    return len(rows) == len(seats) and all(
        r.seat == d["seat"] and r.name == d["name"] and (r.bot is not None) == d["bot"]
        and r.player_id == d["player_id"]
        for r, d in zip(rows, seats))


class LiveTables:
    def __init__(self, db: Database, capacity: int = CAPACITY):
        self.db = db
        self.capacity = capacity
        self._tables: OrderedDict[str, LiveTable] = OrderedDict()
        self._players: OrderedDict[str, int] = OrderedDict()  # cookie hash -> player id
        # code -> the seq its game ended at, for the tables forgotten since: a message older than that, late
        # off the broker, must not bring back a table that is still playing (at most `capacity` of them)
        self._ended: OrderedDict[str, int] = OrderedDict()

    async def get(self, code: str) -> LiveTable:
        """The live table for a code from a URL (loaded on first use); 404 when there is no such table."""
        norm = normalise_code(code)
        live = self._tables.get(norm) if norm is not None else None
        if live is not None:
            self._tables.move_to_end(norm)
            return live
        if norm is None:
            raise not_found(code)
        snap, seats = await self._load(norm, code)
        if snap.status in ENDED:
            return LiveTable(snap, seats)  # read for this caller, not kept
        live = self._tables.get(norm)  # another caller may have loaded it meanwhile
        if live is None:
            live = self._tables[norm] = LiveTable(snap, seats)
            self._trim()
        return live

    def peek(self, code: str) -> LiveTable | None:
        """The live table kept here for a stored code, or None (nothing is loaded)."""
        return self._tables.get(code)

    def holds(self, live: LiveTable) -> bool:
        """`live` is the table kept here (not a copy read for one caller, nor one dropped since)."""
        return self._tables.get(live.snap.code) is live

    def add(self, live: LiveTable) -> None:
        """A table made here (lobby_commands.create), live from its first moment."""
        self._tables[live.snap.code] = live
        self._trim()

    async def reload(self, live: LiveTable) -> Snapshot:
        """Read the table again (this instance's snapshot may be behind) into `live`."""
        live.snap, live.seats = await self._load(live.snap.code, live.snap.code)
        live.steps = [] if live.snap.seq == 0 else None
        if live.snap.status in ENDED:
            self._forget(live.snap.code, live.snap.seq)
        else:
            self._tables[live.snap.code] = live
        return live.snap

    async def _load(self, norm: str, shown: str) -> tuple[Snapshot, list]:
        async with self.db.reading() as s:
            row = await queries.table_view(s, norm)
            if row is None:
                raise not_found(shown)
            seats = await queries.seat_rows(s, row.id)
            return snapshot_of_view(row, seats), seats

    async def admit(self, code: str, token: str | None, cookie: str | None,
                    seated: bool = False) -> tuple[Caller, LiveTable]:
        """Who a socket is (as seats.identify), from memory once the table's game has started: its seat
        rows are kept, and a cookie's player is remembered. In the lobby the seats are read again (a seat
        taken elsewhere, a lobby expired), except for a `seated` caller (a command of the lobby follows,
        checked against the database anyway) whom the seats in memory name already: a seat once taken is
        never given back."""
        live = await self.get(code)
        seats, player_id = live.seats, None
        cookie_hash = hash_token(cookie) if token is None and cookie and len(cookie) <= COOKIE_MAX else None
        if cookie_hash is not None:
            player_id = self._players.get(cookie_hash)
        if live.snap.status == "lobby" and not (seated and seats is not None and _names(seats, token, player_id)):
            seats = None
        if seats is None or (cookie_hash is not None and player_id is None):
            settled = live.snap.status != "lobby"  # before the read: a seat taken meanwhile is not missed
            async with self.db.reading() as s:
                if seats is None:
                    seats = await queries.seat_rows(s, live.snap.id)
                    if not seats:  # every table has a seat: this one was deleted (an expired lobby)
                        self.drop(live.snap.code)
                        raise not_found(code)
                if cookie_hash is not None and player_id is None:
                    player = await queries.player_by_cookie_hash(s, cookie_hash)
                    player_id = self._remember(cookie_hash, player.id) if player is not None else None
            if settled:
                live.seats = seats
        return caller_of(live.snap.id, live.snap.code, seats, token, player_id), live

    def player(self, cookie_hash: str) -> int | None:
        """The player id of a cookie (its hash) when known here."""
        return self._players.get(cookie_hash)

    def remember(self, cookie_hash: str, player_id: int) -> int:
        return self._remember(cookie_hash, player_id)

    def said(self, code: str, message: dict) -> None:
        """A chat line (from the broker, any instance's): the live table's tail keeps it."""
        live = self._tables.get(code)
        if live is not None:
            live.said(message)

    def _remember(self, cookie_hash: str, player_id: int) -> int:
        self._players[cookie_hash] = player_id
        while len(self._players) > PLAYERS:
            self._players.popitem(last=False)
        return player_id

    def update(self, snap: Snapshot, step: dict | None = None) -> None:
        """A newer snapshot, from this instance or the broker (with `step`, the move that made it, for a
        move message): a higher seq, or the same seq changed later (a lobby change keeps the seq); an older
        message, late off the broker, changes nothing. An ended table is forgotten instead."""
        if snap.status in ENDED:  # its game is over: read it again when someone looks
            self._forget(snap.code, snap.seq)
            return
        ended = self._ended.get(snap.code)
        if ended is not None and snap.seq <= ended:
            return  # late news of a game that has ended
        live = self._tables.get(snap.code)
        if live is not None and live.snap is snap:  # this instance's own news: its handler advanced it already
            return
        if live is None:
            self._tables[snap.code] = LiveTable(snap)
            self._trim()
        elif (snap.seq, snap.updated_at or "") >= (live.snap.seq, live.snap.updated_at or ""):
            live.advance(snap, None if step is None else step | {"at": snap.updated_at})
            if live.seats is not None and not _same_seats(live.seats, snap.seats):
                live.seats = None  # someone sat down elsewhere: read the seats again when needed

    def _forget(self, code: str, seq: int) -> None:
        self._tables.pop(code, None)
        self._ended[code] = max(seq, self._ended.get(code, seq))
        self._ended.move_to_end(code)
        while len(self._ended) > self.capacity:
            self._ended.popitem(last=False)

    def drop(self, code: str) -> None:
        self._tables.pop(code, None)

    def clear(self) -> None:
        """Forget every snapshot (the broker was cut off: any may be stale); each reloads on use."""
        self._tables.clear()

    def _trim(self) -> None:
        while len(self._tables) > self.capacity:
            self._tables.popitem(last=False)

    def __len__(self) -> int:
        return len(self._tables)
