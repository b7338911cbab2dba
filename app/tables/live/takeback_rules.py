"""A takeback's rules and lines, for the store to apply inside the writer's transaction.

A takeback asked, a vote on it and the asker withdrawing it are decided against what the database holds, in
the batch (another instance may have voted), so the store's commands (app/store/takeback_records.py) read
the table's row and its seated people and ask these rules; what they decide is here, in the domain: whether
the request may be made or the vote counts, the request as it stands afterwards, whether the takeback is
agreed (every other seated person said yes), and every line the log says. The store holds no rule and no
sentence: it reads, asks and writes the answer.

Each answer is `Decision(refusal, takeback, applied, lines)`; a refusal is one of

    "moved"      not playing at that seq any more, or another request is on now
    "busy"       ask: a request waits for votes already
    "asked"      ask: this seat asked at this seq already (one request per seat per position)
    "limit"      ask: this seat asked its most this game
    "none"       vote, withdraw: no request waits at this seq (or it is not the caller's to withdraw)
    "not_voter"  vote: the seat has no vote on it (the asker, a bot, a stranger)
    "voted"      vote: the seat accepted already (nothing changes, no second line)
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from app.tables import says
from app.tables.live.pace_rules import Line, line, seat_name

NAME = "Takeback"  # the name of its lines in the log (kind "pace", seat -4)


def _line(message: str, **params: object) -> Line:
    return replace(line(message, **params), name=NAME)


@dataclass(frozen=True, slots=True)
class Decision:
    refusal: str | None = None
    takeback: dict | None = None
    applied: bool = False
    lines: list[Line] = field(default_factory=list)


def waiting(takeback: dict | None, seq: int) -> bool:
    """A request is open at the table's seq (any move since has made it lapse)."""
    return bool(takeback) and takeback.get("seq") == seq and bool(takeback.get("open"))


class TakebackRules:
    """The rules the takeback's store commands apply (one instance, stateless). `people`: the seated people
    (bots have no vote), seat -> name or None, as the store read them in the transaction."""

    @staticmethod
    def ask(status: str, seq: int, old: dict | None, seat: int, at_seq: int, first: int, cap: int,
            people: dict[int, str | None], can_apply: bool) -> Decision:
        """`seat` asks at `at_seq` to take back the steps from `first` on; the table is `status` at `seq` with
        the request `old`. With nobody to vote (bots only) and `can_apply`, it is agreed at once."""
        if status != "playing" or seq != at_seq:
            return Decision("moved")
        old = old or {}
        here = old.get("seq") == seq
        if waiting(old, seq):
            return Decision("busy")
        if here and seat in (old.get("asked") or []):
            return Decision("asked")
        counts = dict(old.get("counts") or {})
        if counts.get(str(seat), 0) >= cap:
            return Decision("limit")
        counts[str(seat)] = counts.get(str(seat), 0) + 1
        takeback = {"by": seat, "seq": seq, "from": first, "votes": [], "voters": [x for x in people if x != seat],
                    "open": True, "asked": sorted(set(old.get("asked") or []) | {seat}) if here else [seat],
                    "counts": counts}
        lines = [_line(says.TAKEBACK_ASKED, name=seat_name(people.get(seat), seat), moves=says.moves(first, seq))]
        return TakebackRules._settle(takeback, seq, people, can_apply, lines)

    @staticmethod
    def vote(status: str, seq: int, takeback: dict | None, seat: int, at_seq: int, first: int, yes: bool,
             people: dict[int, str | None], can_apply: bool) -> Decision:
        """`seat` accepts (`yes`) or refuses the request for the steps from `first` on, seen at `at_seq`. One
        no refuses it; the last yes agrees it (stored only when `can_apply`: the domain rebuilt the table)."""
        if status != "playing" or not waiting(takeback, seq):
            return Decision("none")
        assert takeback is not None
        if seq != at_seq or takeback["from"] != first:
            return Decision("moved")
        if seat not in takeback["voters"]:
            return Decision("not_voter")
        if yes and seat in takeback["votes"]:
            return Decision("voted")
        who, asker = seat_name(people.get(seat), seat), seat_name(people.get(takeback["by"]), takeback["by"])
        if not yes:
            return Decision(None, {**takeback, "open": False, "refused_by": seat}, False,
                            [_line(says.TAKEBACK_REFUSED, name=who, asker=asker)])
        takeback = {**takeback, "votes": sorted(set(takeback["votes"]) | {seat})}
        if not can_apply and set(takeback["voters"]) <= set(takeback["votes"]):
            return Decision("moved")  # agreed, but nothing rebuilt to store: the caller looks again
        accepted = _line(says.TAKEBACK_ACCEPTED, name=who, asker=asker)
        return TakebackRules._settle(takeback, seq, people, can_apply, [accepted])

    @staticmethod
    def withdraw(status: str, seq: int, takeback: dict | None, seat: int, people: dict[int, str | None]) -> Decision:
        """The asker withdraws the request waiting at the table's seq (it counts as asked at this seq)."""
        if status != "playing" or not waiting(takeback, seq) or takeback.get("by") != seat:
            return Decision("none")
        return Decision(None, {**takeback, "open": False}, False,
                        [_line(says.TAKEBACK_WITHDRAWN, name=seat_name(people.get(seat), seat))])

    @staticmethod
    def _settle(takeback: dict, seq: int, people: dict[int, str | None], can_apply: bool,
                lines: list[Line]) -> Decision:
        """Once every voter has said yes (and the table was rebuilt), the takeback is agreed and done."""
        if not (can_apply and set(takeback["voters"]) <= set(takeback["votes"])):
            return Decision(None, takeback, False, lines)
        who = seat_name(people.get(takeback["by"]), takeback["by"])
        return Decision(None, {**takeback, "open": False, "done": True}, True,
                        [*lines, _line(says.TAKEN_BACK, moves=says.moves(takeback["from"], seq), name=who)])


RULES = TakebackRules()
