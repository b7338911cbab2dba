"""The pace's changes (app/tables/live/pace.py), stored by the group-commit writer (app/store/writer.py)
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
from datetime import datetime, timedelta
from typing import Any

from app.store.end_records import _json
from app.store.seat_records import _aware
from app.store.lobby_records import Exec, column_json

PACE_SEAT = -4  # the chat rows of the pace's lines (app/tables/live/chat.py KINDS: "pace")


def _line(ex: Exec, table_id: int, line: Any, at: datetime) -> None:
    """A line of the domain's (its `say`, the English `text` and the row's `name`) as a chat row of the pace."""
    ex.run("INSERT INTO chat (table_id, seat, name, text, say, at) "
           "SELECT id, :s, :n, :x, CAST(:y AS json), :at FROM tables WHERE id = :t",
           {"t": table_id, "s": PACE_SEAT, "n": line.name, "x": line.text, "y": column_json(line.say),
            "at": ex.time(at)})


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
    ("ok", {seat: (stand_in, missed)}, finished result or None, [line])."""

    table_id: int
    seq: int
    owner: str
    at: datetime
    rules: Any  # the domain's PaceRules (app/tables/live/pace_rules.py): who misses, what it costs, the lines
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = ex.first("SELECT status, seq, to_act, pace, pace_timeout, pace_forfeit_after, players, paused_until "
                       "FROM tables WHERE id = :t" + ex.lock, {"t": self.table_id})
        if row is None:
            self.result = ("gone",)
            return
        status, seq, to_act, pace, timeout, forfeit_after, players, paused_until = row
        if status != "playing" or seq != self.seq or not pace:
            self.result = ("moved",)
            return
        if paused_until is not None and _aware(paused_until) > self.at - timedelta(seconds=pace):
            self.result = ("moved",)  # paused since the sweep read it: the clock stopped
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
        changes, finished, lines = self.rules.time_out([tuple(x) for x in seats], acting, timeout, forfeit_after,
                                                       players, self.seq)
        changed = {}
        for x in changes:
            ex.run("UPDATE seats SET stand_in = :q, missed = :m WHERE table_id = :t AND seat = :s",
                   {"q": x.stand_in, "m": x.missed, "t": self.table_id, "s": x.seat})
            changed[x.seat] = (x.stand_in, x.missed)
        if finished is not None:
            ex.run("UPDATE tables SET status = 'finished', to_act = CAST(:none AS json), result = CAST(:r AS json), "
                   "updated_at = :at, finished_at = :at WHERE id = :t",
                   {"none": "[]", "r": column_json(finished), "at": ex.time(self.at), "t": self.table_id})
        for line in lines:
            _line(ex, self.table_id, line, self.at)
        self.result = ("ok", changed, finished, lines)


@dataclass(slots=True)
class HandBack:
    """`seat`'s player is at the table: the bot stands in no more (the missed turns still count, for the
    forfeit). ("ok", the log's line or None when there was nothing to hand back)."""

    table_id: int
    seat: int
    at: datetime
    rules: Any
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = ex.first("SELECT name FROM seats WHERE table_id = :t AND seat = :s AND stand_in IS NOT NULL"
                       + ex.lock, {"t": self.table_id, "s": self.seat})
        if row is None:  # handed back already (another page, another instance)
            self.result = ("ok", None)
            return
        ex.run("UPDATE seats SET stand_in = NULL WHERE table_id = :t AND seat = :s",
               {"t": self.table_id, "s": self.seat})
        line = self.rules.back(row[0], self.seat)
        _line(ex, self.table_id, line, self.at)
        self.result = ("ok", line)


@dataclass(slots=True)
class PaceNote:
    """A line of the pace in the log (a turn the bot played for someone): the domain's. ("ok",)."""

    table_id: int
    line: Any
    at: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        _line(ex, self.table_id, self.line, self.at)
        self.result = ("ok",)


def seated_people(ex: Exec, table_id: int) -> dict[int, str | None]:
    """The seated people (who vote on a pause or a takeback; bots have no vote): seat -> name."""
    return dict(ex.all(
        "SELECT seat, name FROM seats WHERE table_id = :t AND bot IS NULL AND name IS NOT NULL ORDER BY seat",
        {"t": table_id}))


def _pause_row(ex: Exec, table_id: int) -> tuple | None:
    """(status, pause, paused_until as aware UTC) of the table, its row locked; None: no such table."""
    row = ex.first("SELECT status, CAST(pause AS text), paused_until FROM tables WHERE id = :t" + ex.lock,
                   {"t": table_id})
    return None if row is None else (row[0], _json(row[1]), _aware(row[2]) if row[2] is not None else None)


@dataclass(slots=True)
class PauseVote:
    """A pause, by vote of the seated people (all of them when `everyone`, a cooperative game; else a
    majority). `propose` ({"reason", "until"}): `seat` proposes and votes yes; else `yes` is `seat`'s vote
    on the pause proposed (a no withdraws it). Once agreed the pause starts (`since`) and `paused_until` is
    its end. ("ok", pause or None, paused_until or None, [line]); ("not_playing",); ("busy",): a pause
    is proposed or on already; ("none",): no pause is proposed."""

    table_id: int
    seat: int
    everyone: bool
    at: datetime
    rules: Any
    propose: dict | None = None
    yes: bool = True
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = _pause_row(ex, self.table_id)
        if row is None:
            self.result = ("gone",)
            return
        status, pause, until = row
        people = seated_people(ex, self.table_id) if status == "playing" else {}
        decision = self.rules.pause_vote(status, pause, until, self.at, self.seat, people, self.everyone,
                                         self.propose, self.yes)
        if decision.refusal is not None:
            self.result = (decision.refusal,)
            return
        if decision.pause is None:
            ex.run("UPDATE tables SET pause = NULL WHERE id = :t", {"t": self.table_id})
        else:
            ex.run("UPDATE tables SET pause = CAST(:p AS json), paused_until = :u WHERE id = :t",
                   {"p": column_json(decision.pause), "u": ex.time(decision.until), "t": self.table_id})
        for line in decision.lines:
            _line(ex, self.table_id, line, self.at)
        self.result = ("ok", decision.pause, decision.until, decision.lines)


@dataclass(slots=True)
class EndPause:
    """`seat` ends the pause (or withdraws the one proposed): the clocks run again from `at`.
    ("ok", paused_until, [line]); ("none",)."""

    table_id: int
    seat: int
    at: datetime
    rules: Any
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = _pause_row(ex, self.table_id)
        if row is None:
            self.result = ("gone",)
            return
        _, pause, until = row
        people = seated_people(ex, self.table_id) if pause is not None else {}
        decision = self.rules.end_pause(pause, until, self.at, self.seat, people)
        if decision.refusal is not None:
            self.result = (decision.refusal,)
            return
        ex.run("UPDATE tables SET pause = NULL, paused_until = :u WHERE id = :t",
               {"u": ex.time(decision.until), "t": self.table_id})
        line = decision.lines[0]
        _line(ex, self.table_id, line, self.at)
        self.result = ("ok", decision.until, [line])


PaceCommand = SetPace | TimeOut | HandBack | PaceNote | PauseVote | EndPause
