"""Takebacks (app/tables/live/takeback.py), stored by the group-commit writer beside the moves: a takeback
asked, a vote on it, the asker withdrawing it, and, once every other seated person has accepted, the
takeback itself, in the same transaction as the last vote.

Each command locks the table's row (PostgreSQL; SQLite has one writer), reads the table's status, seq and
request and its seated people, and asks the domain's rules (app/tables/live/takeback_rules.py) what follows:
a refusal, or the request as it stands, whether the takeback is agreed, and the log's lines; it writes the
answer. `tables.takeback` keeps the request with its votes; the takeback is a step
(app/tables/takeback_steps.py) inserted at the next seq with the doc the domain rebuilt, exactly as a move
is stored. `result` is

    ("ok", takeback, applied, [line])   stored; applied: the takeback step is stored and the table moved on
    ("gone",)                           no such table
    (refusal,)                          the rules' refusal ("moved", "busy", "asked", "limit", "none", ...)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.store.end_records import _json
from app.store.lobby_records import Exec, column_json
from app.store.pace_records import PACE_SEAT, seated_people



@dataclass(slots=True)
class Rebuilt:
    """The table once the steps from `first` on are taken back: the doc before step `first`, its seats to
    act, and the takeback step's move and events (app/tables/takeback_steps.py)."""

    doc: dict
    to_act: list
    move: dict
    events: list


def _line(ex: Exec, table_id: int, line: Any, at: datetime) -> None:
    """A line of the domain's (its `say`, the English `text` and the row's `name`) as a chat row of the pace."""
    ex.run("INSERT INTO chat (table_id, seat, name, text, say, at) VALUES (:t, :s, :n, :x, CAST(:y AS json), :at)",
           {"t": table_id, "s": PACE_SEAT, "n": line.name, "x": line.text, "y": column_json(line.say),
            "at": ex.time(at)})


def _row(command: TakebackCommand, ex: Exec) -> tuple | None:
    """(status, seq, takeback) of the command's table, its row locked; None (the command's result set to
    ("gone",)) when there is no such table."""
    row = ex.first("SELECT status, seq, CAST(takeback AS text) FROM tables WHERE id = :t" + ex.lock,
                   {"t": command.table_id})
    if row is None:
        command.result = ("gone",)
        return None
    return row[0], row[1], _json(row[2])


def _store(ex: Exec, table_id: int, seq: int, takeback: dict, at: datetime, rebuilt: Rebuilt | None) -> None:
    """Write the request back; with `rebuilt`, the takeback step at seq + 1 and the table's new position."""
    if rebuilt is None:
        ex.run("UPDATE tables SET takeback = CAST(:k AS json) WHERE id = :t",
               {"k": column_json(takeback), "t": table_id})
        return
    ex.run("INSERT INTO moves (table_id, seq, seat, move, events, at) "
           "VALUES (:t, :q, :s, CAST(:m AS json), CAST(:e AS json), :at)",
           {"t": table_id, "q": seq + 1, "s": takeback["by"], "m": column_json(rebuilt.move),
            "e": column_json(rebuilt.events), "at": ex.time(at)})
    ex.run("UPDATE tables SET doc = CAST(:d AS json), seq = :q, to_act = CAST(:a AS json), updated_at = :at, "
           "moved_at = :at, takeback = CAST(:k AS json) WHERE id = :t",
           {"d": column_json(rebuilt.doc), "q": seq + 1, "a": column_json(rebuilt.to_act), "at": ex.time(at),
            "k": column_json(takeback), "t": table_id})


def _finish(command: TakebackCommand, ex: Exec, seq: int, decision: Any) -> None:
    """Write the rules' decision: the request (and with it agreed, the takeback step) and the log's lines."""
    if decision.refusal is not None:
        command.result = (decision.refusal,)
        return
    _store(ex, command.table_id, seq, decision.takeback, command.at,
           getattr(command, "rebuilt", None) if decision.applied else None)
    for line in decision.lines:
        _line(ex, command.table_id, line, command.at)
    command.result = ("ok", decision.takeback, decision.applied, decision.lines)


@dataclass(slots=True)
class TakebackAsk:
    """`seat` asks to take back the steps from `first` on at `seq` (the table's now; the domain checked they
    may be). The other seated people vote; with none (bots only), `rebuilt` is stored at once. A seat asks
    at most `cap` times a game."""

    table_id: int
    seat: int
    seq: int
    first: int
    cap: int
    at: datetime
    rules: Any  # the domain's TakebackRules (app/tables/live/takeback_rules.py)
    rebuilt: Rebuilt | None = None
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = _row(self, ex)
        if row is None:
            return
        status, seq, old = row
        people = seated_people(ex, self.table_id) if status == "playing" and seq == self.seq else {}
        _finish(self, ex, seq, self.rules.ask(status, seq, old, self.seat, self.seq, self.first, self.cap, people,
                                              self.rebuilt is not None))


@dataclass(slots=True)
class TakebackVote:
    """`seat` accepts (`yes`) or refuses the request for the steps from `first` on at `seq`; the last yes
    stores `rebuilt`."""

    table_id: int
    seat: int
    seq: int
    first: int
    yes: bool
    at: datetime
    rules: Any
    rebuilt: Rebuilt | None = None
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = _row(self, ex)
        if row is None:
            return
        status, seq, takeback = row
        people = seated_people(ex, self.table_id) if status == "playing" and takeback else {}
        _finish(self, ex, seq, self.rules.vote(status, seq, takeback, self.seat, self.seq, self.first, self.yes,
                                               people, self.rebuilt is not None))


@dataclass(slots=True)
class TakebackWithdraw:
    """The asker withdraws the request waiting at the table's seq."""

    table_id: int
    seat: int
    at: datetime
    rules: Any
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = _row(self, ex)
        if row is None:
            return
        status, seq, takeback = row
        people = seated_people(ex, self.table_id) if status == "playing" and takeback else {}
        _finish(self, ex, seq, self.rules.withdraw(status, seq, takeback, self.seat, people))


TakebackCommand = TakebackAsk | TakebackVote | TakebackWithdraw
