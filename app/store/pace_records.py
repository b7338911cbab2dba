"""The pace's changes (issue 36, app/tables/live/pace.py), stored by the group-commit writer (app/store/writer.py)
in its batch beside the moves and every other command: the host's pace, a turn whose time ran out, a player
back at the table, and the log's line for a turn the bot played for someone.

A turn that ran out is claimed in turn_claims (kind "timeout", seat -1) inside the batch that changes the
seats, after the table's row is locked (PostgreSQL; SQLite has one writer) and found still playing at that
seq: with several instances sweeping, exactly one changes the seats and writes the log's line, and a
restart loses nothing (the seats say who the bot stands in for). Like the other commands none raises for a
refusal; `result` is one of

    ("ok", ...)        stored; see each command
    ("gone",)          no such table (or seat) any more
    ("moved",)         TimeOut: the table is not playing at that seq any more (someone moved, it ended)
    ("claimed",)       TimeOut: another instance timed this turn out already
    ("started",)       SetPace: the game has started; the pace is chosen in the lobby
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from app.store.end_records import _json
from app.store.lobby_records import Exec, column_json

PACE_SEAT = -4  # the chat rows of the pace's lines (app/tables/lobby/chat.py KINDS: "pace")


def _line(ex: Exec, table_id: int, name: str, text: str, at: datetime) -> None:
    ex.run("INSERT INTO chat (table_id, seat, name, text, at) SELECT id, :s, :n, :x, :at FROM tables WHERE id = :t",
           {"t": table_id, "s": PACE_SEAT, "n": name, "x": text, "at": ex.time(at)})


@dataclass(slots=True)
class SetPace:
    """The table's pace: `seconds` per turn (None: none), `timeout` ("bot" | "forfeit"), `forfeit_after`
    missed turns. Only in the lobby. ("ok",)."""

    table_id: int
    seconds: int | None
    timeout: str | None
    forfeit_after: int | None
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        changed = ex.run("UPDATE tables SET pace = :p, pace_timeout = :o, pace_forfeit_after = :n "
                         "WHERE id = :t AND status = 'lobby'",
                         {"p": self.seconds, "o": self.timeout, "n": self.forfeit_after, "t": self.table_id})
        if changed:
            self.result = ("ok",)
        else:
            row = ex.first("SELECT status FROM tables WHERE id = :t", {"t": self.table_id})
            self.result = ("gone",) if row is None else ("started",)


@dataclass(slots=True)
class TimeOut:
    """The turn at `seq` ran out of time: claimed once (owner `owner`), each person to act (not a bot, not
    one the bot stands in for already) misses it. With timeout "bot", or "forfeit" before `forfeit_after`
    missed turns, the bot stands in (the seat's stand_in is `seq`); at the forfeit_after-th the seat forfeits
    and the table ends, the others winning. A line in the log says which.
    ("ok", {seat: (stand_in, missed)}, finished result or None, [(text, at)])."""

    table_id: int
    seq: int
    owner: str
    at: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = ex.first("SELECT status, seq, to_act, pace, pace_timeout, pace_forfeit_after, players "
                       "FROM tables WHERE id = :t" + ex.lock, {"t": self.table_id})
        if row is None:
            self.result = ("gone",)
            return
        status, seq, to_act, pace, timeout, forfeit_after, players = row
        if status != "playing" or seq != self.seq or not pace:
            self.result = ("moved",)
            return
        if not ex.run("INSERT INTO turn_claims (table_id, seq, seat, kind, owner, claimed_at) "
                      "VALUES (:t, :q, -1, 'timeout', :o, :at) ON CONFLICT DO NOTHING",
                      {"t": self.table_id, "q": self.seq, "o": self.owner, "at": ex.time(self.at)}):
            self.result = ("claimed",)
            return
        ex.run("DELETE FROM turn_claims WHERE table_id = :t AND seq < :q", {"t": self.table_id, "q": self.seq})
        acting = set(_json(to_act) or [])
        seats = ex.all("SELECT seat, name, stand_in, missed FROM seats WHERE table_id = :t AND bot IS NULL "
                       "ORDER BY seat", {"t": self.table_id})
        changed, lines, finished = {}, [], None
        for seat, name, stand_in, missed in seats:
            if seat not in acting or (stand_in is not None and timeout != "forfeit"):
                continue
            who, missed = name or f"Seat {seat}", (missed or 0) + 1
            if timeout == "forfeit" and forfeit_after and missed >= forfeit_after and finished is None:
                finished = {"outcome": "forfeit", "scores": None,
                            "reason": f"{who} forfeited: {missed} turns ran out of time",
                            "winners": [x for x in range(players) if x != seat], "forfeited": seat}
                ex.run("UPDATE seats SET missed = :m WHERE table_id = :t AND seat = :s",
                       {"m": missed, "t": self.table_id, "s": seat})
                changed[seat] = (stand_in, missed)
                lines.append(f"{who}'s time ran out {missed} times: {who} forfeits.")
                continue
            ex.run("UPDATE seats SET stand_in = :q, missed = :m WHERE table_id = :t AND seat = :s",
                   {"q": self.seq, "m": missed, "t": self.table_id, "s": seat})
            changed[seat] = (self.seq, missed)
            lines.append(f"{who}'s time ran out: the bot plays for {who} until {who} comes back to the table."
                         if timeout != "forfeit" else
                         f"{who}'s time ran out ({missed} of {forfeit_after}): the bot plays this turn for {who}.")
        if finished is not None:
            ex.run("UPDATE tables SET status = 'finished', to_act = CAST(:none AS json), result = CAST(:r AS json), "
                   "updated_at = :at, finished_at = :at WHERE id = :t",
                   {"none": "[]", "r": column_json(finished), "at": ex.time(self.at), "t": self.table_id})
        for text in lines:
            _line(ex, self.table_id, "Pace", text, self.at)
        self.result = ("ok", changed, finished, lines)


@dataclass(slots=True)
class HandBack:
    """`seat`'s player is at the table: the bot stands in no more and the missed turns start again from
    none. ("ok", text of the log's line or None when there was nothing to hand back)."""

    table_id: int
    seat: int
    at: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = ex.first("SELECT name, stand_in FROM seats WHERE table_id = :t AND seat = :s AND "
                       "(stand_in IS NOT NULL OR missed > 0)" + ex.lock, {"t": self.table_id, "s": self.seat})
        if row is None:
            self.result = ("ok", None)
            return
        ex.run("UPDATE seats SET stand_in = NULL, missed = 0 WHERE table_id = :t AND seat = :s",
               {"t": self.table_id, "s": self.seat})
        text = None
        if row[1] is not None:
            who = row[0] or f"Seat {self.seat}"
            text = f"{who} is back: the bot no longer plays for {who}."
            _line(ex, self.table_id, "Pace", text, self.at)
        self.result = ("ok", text)


@dataclass(slots=True)
class PaceNote:
    """A line of the pace in the log (a turn the bot played for someone). ("ok",)."""

    table_id: int
    text: str
    at: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        _line(ex, self.table_id, "Pace", self.text, self.at)
        self.result = ("ok",)


PaceCommand = SetPace | TimeOut | HandBack | PaceNote
