"""Takebacks (issue 36, app/tables/live/takeback.py), stored by the group-commit writer beside the moves: a
takeback asked, a vote on it, the asker withdrawing it, and, once every other seated person has accepted,
the takeback itself, in the same transaction as the last vote.

Each command locks the table's row (PostgreSQL; SQLite has one writer) and checks that the table is still
playing at the seq the request was made at: a move made meanwhile (on any instance) lets the request lapse,
and a vote then finds nothing to vote on. `tables.takeback` keeps the request with its votes, the seats that
asked at this seq (one request per seat per position: a refusal is not asked again until someone moves) and
how many each seat asked this game. The takeback is a step (app/tables/takeback_steps.py) inserted at the next
seq with the doc the domain rebuilt, exactly as a move is stored. None raises for a refusal; `result` is

    ("ok", takeback, applied, [text])   stored; applied: the takeback step is stored and the table moved on
    ("gone",)                           no such table
    ("moved",)                          not playing at that seq any more, or another request is on now
    ("busy",)                           TakebackAsk: a request waits for votes already
    ("asked",)                          TakebackAsk: this seat asked at this seq already
    ("limit",)                          TakebackAsk: this seat asked its most this game
    ("none",)                           TakebackVote/Withdraw: no request waits at this seq
    ("not_voter",)                      TakebackVote: the seat has no vote on it (the asker, a bot, a stranger)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from app.store.end_records import _json
from app.store.lobby_records import Exec, column_json
from app.store.pace_records import PACE_SEAT

NAME = "Takeback"  # the name of its lines in the log (kind "pace", seat PACE_SEAT)


@dataclass(slots=True)
class Rebuilt:
    """The table once the steps from `first` on are taken back: the doc before step `first`, its seats to
    act, and the takeback step's move and events (app/tables/takeback_steps.py)."""

    doc: dict
    to_act: list
    move: dict
    events: list


def _line(ex: Exec, table_id: int, text: str, at: datetime) -> None:
    ex.run("INSERT INTO chat (table_id, seat, name, text, at) VALUES (:t, :s, :n, :x, :at)",
           {"t": table_id, "s": PACE_SEAT, "n": NAME, "x": text, "at": ex.time(at)})


def _row(command: TakebackCommand, ex: Exec) -> tuple | None:
    """(status, seq, takeback) of the command's table, its row locked; None (the command's result set to
    ("gone",)) when there is no such table."""
    row = ex.first("SELECT status, seq, CAST(takeback AS text) FROM tables WHERE id = :t" + ex.lock,
                   {"t": command.table_id})
    if row is None:
        command.result = ("gone",)
        return None
    return row[0], row[1], _json(row[2])


def _people(ex: Exec, table_id: int) -> dict[int, str]:
    """The seated people (bots have no vote): seat -> name."""
    return {seat: name or f"Seat {seat}" for seat, name in ex.all(
        "SELECT seat, name FROM seats WHERE table_id = :t AND bot IS NULL AND name IS NOT NULL ORDER BY seat",
        {"t": table_id})}


def _name(people: dict[int, str], seat: int) -> str:
    return people.get(seat, f"Seat {seat}")


def _waiting(takeback: dict | None, seq: int) -> bool:
    """A request is open at the table's seq (any move since has made it lapse)."""
    return bool(takeback) and takeback.get("seq") == seq and bool(takeback.get("open"))


def _moves_text(first: int, seq: int) -> str:
    return f"move {first}" if first == seq else f"moves {first} to {seq}"


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


def _finish(ex: Exec, table_id: int, seq: int, takeback: dict, at: datetime, rebuilt: Rebuilt | None,
            people: dict, lines: list[str]) -> tuple:
    """Store the request; once every voter has said yes, the takeback too. The result tuple."""
    applied = rebuilt is not None and set(takeback["voters"]) <= set(takeback["votes"])
    if applied:
        takeback = {**takeback, "open": False, "done": True}
        who = _name(people, takeback["by"])
        lines.append(f"Taken back: {_moves_text(takeback['from'], seq)} (asked by {who}).")
    _store(ex, table_id, seq, takeback, at, rebuilt if applied else None)
    for text in lines:
        _line(ex, table_id, text, at)
    return ("ok", takeback, applied, lines)


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
    rebuilt: Rebuilt | None = None
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = _row(self, ex)
        if row is None:
            return
        status, seq, old = row
        if status != "playing" or seq != self.seq:
            self.result = ("moved",)
            return
        old = old or {}
        here = old.get("seq") == seq
        if _waiting(old, seq):
            self.result = ("busy",)
            return
        if here and self.seat in (old.get("asked") or []):
            self.result = ("asked",)
            return
        counts = dict(old.get("counts") or {})
        if counts.get(str(self.seat), 0) >= self.cap:
            self.result = ("limit",)
            return
        counts[str(self.seat)] = counts.get(str(self.seat), 0) + 1
        people = _people(ex, self.table_id)
        who = _name(people, self.seat)
        takeback = {"by": self.seat, "seq": seq, "from": self.first, "votes": [],
                    "voters": [x for x in people if x != self.seat], "open": True,
                    "asked": sorted(set(old.get("asked") or []) | {self.seat}) if here else [self.seat],
                    "counts": counts}
        lines = [f"{who} asks to take back {_moves_text(self.first, seq)}."]
        self.result = _finish(ex, self.table_id, seq, takeback, self.at, self.rebuilt, people, lines)


@dataclass(slots=True)
class TakebackVote:
    """`seat` accepts (`yes`) or refuses the request for the steps from `first` on at `seq`. One no refuses
    it (it is not asked again at this seq by that seat); the last yes stores `rebuilt`."""

    table_id: int
    seat: int
    seq: int
    first: int
    yes: bool
    at: datetime
    rebuilt: Rebuilt | None = None
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = _row(self, ex)
        if row is None:
            return
        status, seq, takeback = row
        if status != "playing" or not _waiting(takeback, seq):
            self.result = ("none",)
            return
        if seq != self.seq or takeback["from"] != self.first:
            self.result = ("moved",)
            return
        if self.seat not in takeback["voters"]:
            self.result = ("not_voter",)
            return
        if self.yes and self.seat in takeback["votes"]:  # accepted already: nothing changes, no second line
            self.result = ("voted",)
            return
        people = _people(ex, self.table_id)
        who = _name(people, self.seat)
        asker = _name(people, takeback["by"])
        if not self.yes:
            takeback = {**takeback, "open": False, "refused_by": self.seat}
            self.result = _finish(ex, self.table_id, seq, takeback, self.at, None, people,
                                  [f"{who} refused {asker}'s takeback."])
            return
        takeback = {**takeback, "votes": sorted(set(takeback["votes"]) | {self.seat})}
        if self.rebuilt is None and set(takeback["voters"]) <= set(takeback["votes"]):
            self.result = ("moved",)  # agreed, but nothing rebuilt to store: the caller looks again
            return
        self.result = _finish(ex, self.table_id, seq, takeback, self.at, self.rebuilt, people,
                              [f"{who} accepted {asker}'s takeback."])


@dataclass(slots=True)
class TakebackWithdraw:
    """The asker withdraws the request waiting at the table's seq (it counts as asked at this seq)."""

    table_id: int
    seat: int
    at: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = _row(self, ex)
        if row is None:
            return
        status, seq, takeback = row
        if status != "playing" or not _waiting(takeback, seq) or takeback.get("by") != self.seat:
            self.result = ("none",)
            return
        people = _people(ex, self.table_id)
        who = _name(people, self.seat)
        takeback = {**takeback, "open": False}
        self.result = _finish(ex, self.table_id, seq, takeback, self.at, None, people,
                              [f"{who} withdrew the takeback request."])


TakebackCommand = TakebackAsk | TakebackVote | TakebackWithdraw
