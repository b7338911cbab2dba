"""What a seat or the table itself changes beside the game, stored by the group-commit writer
(app/store/writer.py) in its batch beside the moves, the lobby's commands (app/store/lobby_records.py) and
chat lines (app/store/chat_records.py): a hint counted (a chat row), a nudge claimed (a chat row too), a
seat's notification channels, the table's reminder delay.

Each is checked inside the batch's transaction, since another instance may have acted: the hint's count is
taken there (two hints never get the same number), the nudge's once-per-`every` claim too (a nudge sent
from another instance meanwhile refuses this one). On PostgreSQL the hint and the nudge first lock their
table's row, and the channels their seat's row (as a delivery's result is kept: notices.record_delivery), so
two instances never interleave on them; SQLite has one writer at a time anyway. The chat rows' says (message
ids with parameters) and their English are the caller's (app/tables): only the hint's count comes from here.
Like a lobby command, none raises for a refusal; `result` is one of

    ("ok", ...)              stored; see each command for the rest
    ("gone",)                no such table (or seat) any more: nothing stored
    ("moved", status, seq)   ClaimNudge: the table is not playing at the seq the live table had
    ("wait", last)           ClaimNudge: the table was nudged at `last` (aware UTC), too recently

so a refusal costs the rest of its batch nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Callable

import orjson

from app.store.lobby_records import Exec, column_json

# what a seat sets itself (SetChannels)
CHANNELS = ("webhook_url", "webhook_format", "ntfy_url", "push", "digest", "digest_hour")
_SEAT = ("SELECT seat, name, bot, player_id, token_hash, webhook_url, notify, ntfy_url, push, webhook_format, "
         "CAST(deliveries AS text), digest, digest_hour FROM seats WHERE table_id = :t")


@dataclass(slots=True)
class SeatColumns:
    """A seat row as committed: who sits there and its channels, with the last delivery on each."""

    seat: int
    name: str | None
    bot: str | None
    player_id: int | None
    token_hash: str | None
    webhook_url: str | None
    notify: bool
    ntfy_url: str | None
    push: str | None
    webhook_format: str | None
    deliveries: dict | None
    digest: str | None = None  # the channels that get the daily digest instead of a message per turn
    digest_hour: int | None = None  # the UTC hour it goes from (None: the server's)


def _columns(row: tuple) -> SeatColumns:
    deliveries = orjson.loads(row[10]) if row[10] else None
    return SeatColumns(*row[:6], bool(row[6]), *row[7:10], deliveries if isinstance(deliveries, dict) else None,
                       row[11], row[12])


def _aware(at: Any) -> datetime:
    """A timestamp column's value as aware UTC (SQLite's own connection gives the stored text, naive UTC)."""
    if isinstance(at, str):
        at = datetime.fromisoformat(at)
    return at.replace(tzinfo=timezone.utc) if at.tzinfo is None else at


def _locked(ex: Exec, table_id: int) -> bool:
    """The table is there (and, on PostgreSQL, its row locked until the batch's transaction ends)."""
    return ex.first("SELECT id FROM tables WHERE id = :t" + ex.lock, {"t": table_id}) is not None


@dataclass(slots=True)
class CountHint:
    """A hint asked by `seat`, counted with every hint of the table (the chat rows of seats `counted`) and
    kept as a chat row of seat `chat_seat` named `name`: the domain's `say` with the count added as its
    param "n", and its English from the domain's `english`. ("ok", count, say, text): the count includes
    this hint."""

    table_id: int
    seat: int
    chat_seat: int
    counted: tuple[int, int]
    name: str
    say: dict
    english: Callable[[dict], str]
    at: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        if not _locked(ex, self.table_id):  # locked first: the count below sees every hint committed before
            self.result = ("gone",)
            return
        row = ex.first("SELECT seat FROM seats WHERE table_id = :t AND seat = :s", {"t": self.table_id, "s": self.seat})
        if row is None:
            self.result = ("gone",)
            return
        before = ex.first("SELECT count(*) FROM chat WHERE table_id = :t AND seat IN (:a, :b)",
                          {"t": self.table_id, "a": self.counted[0], "b": self.counted[1]})
        count = 1 + (before[0] if before else 0)
        said = {**self.say, "params": {**self.say.get("params", {}), "n": count}}
        text = self.english(said)
        ex.run("INSERT INTO chat (table_id, seat, name, text, say, at) VALUES (:t, :s, :n, :x, CAST(:y AS json), :at)",
               {"t": self.table_id, "s": self.chat_seat, "n": self.name, "x": text, "y": column_json(said),
                "at": ex.time(self.at)})
        self.result = ("ok", count, said, text)


@dataclass(slots=True)
class ClaimNudge:
    """A nudge of the seats `targets`, to act at `seq`: claimed unless the table had one less than `every`
    seconds before `at`, and kept as a chat row (seat `chat_seat`, `name`, `text` and its `say`). ("ok",
    [SeatColumns of the targets, in seat order]): their channels as committed, for the deliveries."""

    table_id: int
    seq: int
    targets: list[int]
    chat_seat: int
    name: str
    text: str
    say: dict
    at: datetime
    every: float
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = ex.first("SELECT status, seq FROM tables WHERE id = :t" + ex.lock, {"t": self.table_id})
        if row is None:
            self.result = ("gone",)
            return
        if row[0] != "playing" or row[1] != self.seq:  # another instance moved or ended it: the turn is not this
            self.result = ("moved", row[0], row[1])
            return
        since = ex.time(self.at - timedelta(seconds=self.every))
        if not ex.run("UPDATE tables SET nudged_at = :at WHERE id = :t AND (nudged_at IS NULL OR nudged_at <= :since)",
                      {"at": ex.time(self.at), "t": self.table_id, "since": since}):
            last = ex.first("SELECT nudged_at FROM tables WHERE id = :t", {"t": self.table_id})
            self.result = ("wait", _aware(last[0] if last else self.at))
            return
        ex.run("INSERT INTO chat (table_id, seat, name, text, say, at) VALUES (:t, :s, :n, :x, CAST(:y AS json), :at)",
               {"t": self.table_id, "s": self.chat_seat, "n": self.name, "x": self.text, "y": column_json(self.say),
                "at": ex.time(self.at)})
        seats = [_columns(r) for r in ex.all(_SEAT + " ORDER BY seat", {"t": self.table_id})]
        self.result = ("ok", [x for x in seats if x.seat in self.targets])


@dataclass(slots=True)
class SetChannels:
    """`seat`'s own channels: `values` maps some of CHANNELS to their new values (None clears one). A new
    webhook, ntfy or push address starts with no delivery to show. ("ok", SeatColumns as committed)."""

    table_id: int
    seat: int
    values: dict[str, str | None]
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        assert set(self.values) <= set(CHANNELS), self.values
        row = ex.first(_SEAT + " AND seat = :s" + ex.lock, {"t": self.table_id, "s": self.seat})
        if row is None:  # its table was deleted (an expired lobby, an admin)
            self.result = ("gone",)
            return
        seat = _columns(row)
        for name, value in self.values.items():
            setattr(seat, name, value)
        for name in ("webhook_url", "ntfy_url", "push"):
            if name in self.values:
                gone = name.split("_")[0]
                seat.deliveries = {k: v for k, v in (seat.deliveries or {}).items() if k != gone}
        ex.run("UPDATE seats SET webhook_url = :u, webhook_format = :f, ntfy_url = :n, push = :p, "
               "deliveries = CAST(:d AS json), digest = :g, digest_hour = :h WHERE table_id = :t AND seat = :s",
               {"u": seat.webhook_url, "f": seat.webhook_format, "n": seat.ntfy_url, "p": seat.push,
                "d": column_json(seat.deliveries), "g": seat.digest, "h": seat.digest_hour, "t": self.table_id,
                "s": self.seat})
        self.result = ("ok", seat)


@dataclass(slots=True)
class SetReminders:
    """The table's reminder delay in seconds (0: off; None: the server's default). ("ok",)."""

    table_id: int
    after: int | None
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        changed = ex.run("UPDATE tables SET remind_after = :a WHERE id = :t", {"a": self.after, "t": self.table_id})
        self.result = ("ok",) if changed else ("gone",)


SeatCommand = CountHint | ClaimNudge | SetChannels | SetReminders
