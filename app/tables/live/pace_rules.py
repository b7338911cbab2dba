"""The pace's rules and lines, for the store to apply inside the writer's transaction.

A turn out of time, a pause's vote and a player back at the table are decided against what the database
holds, in the batch (another instance may have acted), so the store's commands (app/store/pace_records.py)
run them; what they decide is here, in the domain: who misses the turn and what that costs (the bot stands
in, or the seat forfeits at its forfeit_after-th miss), whether a pause is agreed, and every line the log
says, each a say (app/tables/says.py: a message id and its parameters) with its English rendering. The
store asks and writes the answer; it holds no rule and no sentence.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from app.tables import says
from app.tables.says import english, say

TIMEOUTS = ("bot", "forfeit")  # what a turn out of time brings


def forfeit_result(seat: int, players: int, reason: str | dict) -> dict:
    """A table's result when `seat` forfeits: every other seat wins, nobody scores (the pace; an import).
    `reason` is a say (then "reason" is its English and "reason_say" the say) or, from an import, words."""
    out = {"outcome": "forfeit", "scores": None, "reason": reason,
           "winners": [x for x in range(players) if x != seat], "forfeited": seat}
    if isinstance(reason, dict):
        out["reason"], out["reason_say"] = english(reason), reason
    return out


seat_name = says.seat_name  # a seat's name as a say's parameter: the name, or "Seat {n}"


@dataclass(frozen=True, slots=True)
class Line:
    """A line of the log: its say, its English rendering (the chat row's text) and the row's name (who says
    it: "Pace" for the pace's and the pause's lines, "Takeback" for a takeback's)."""

    say: dict
    text: str
    name: str = "Pace"


def line(message: str | tuple[str, str], **params: object) -> Line:
    """A line of the pace's (its params: the say's)."""
    said = say(message, **params)
    return Line(said, english(said))


@dataclass(frozen=True, slots=True)
class Missed:
    """What a turn out of time does to one seat: its new stand_in and missed count."""

    seat: int
    stand_in: int | None
    missed: int


@dataclass(frozen=True, slots=True)
class PauseDecision:
    """What a pause's vote or end leaves: a refusal, or the pause (None: cleared), its end and the lines."""

    refusal: str | None = None
    pause: dict | None = None
    until: datetime | None = None
    lines: list[Line] = field(default_factory=list)


class PaceRules:
    """The rules the pace's store commands apply (one instance, stateless)."""

    @staticmethod
    def time_out(seats: list[tuple], acting: set[int], timeout: str | None, forfeit_after: int | None,
                 players: int, seq: int) -> tuple[list[Missed], dict | None, list[Line]]:
        """The turn at `seq` ran out: each person to act (`seats`: (seat, name, stand_in, missed) of the
        people) misses it. With timeout "bot", or "forfeit" before forfeit_after missed turns, the bot stands
        in for that turn (or, with "bot", until they come back); at the forfeit_after-th the seat forfeits
        and the table ends, the others winning (the first such seat only). (changes, result or None, lines)."""
        changes: list[Missed] = []
        lines: list[Line] = []
        finished = None
        for seat, name, stand_in, missed in seats:
            if seat not in acting or (stand_in is not None and timeout != "forfeit"):
                continue
            who, missed = seat_name(name, seat), (missed or 0) + 1
            if timeout == "forfeit" and forfeit_after and missed >= forfeit_after and finished is None:
                finished = forfeit_result(seat, players, say(says.FORFEITED, name=who, n=missed))
                changes.append(Missed(seat, stand_in, missed))
                lines.append(line(says.FORFEITS, name=who, n=missed))
                continue
            changes.append(Missed(seat, seq, missed))
            lines.append(line(says.BOT_STANDS_IN, name=who) if timeout != "forfeit" else
                         line(says.BOT_PLAYS_TURN, name=who, n=missed, of=forfeit_after))
        return changes, finished, lines

    @staticmethod
    def back(name: str | None, seat: int) -> Line:
        return line(says.BACK, name=seat_name(name, seat))

    @staticmethod
    def played_for(name: str | None, seat: int) -> Line:
        """A turn the bot played for a seat whose time ran out."""
        return line(says.PLAYED_FOR, name=seat_name(name, seat))

    @staticmethod
    def pause_vote(status: str, pause: dict | None, until: datetime | None, at: datetime, seat: int,
                   people: dict[int, str | None], everyone: bool, propose: dict | None, yes: bool) -> PauseDecision:
        """A pause by vote of the seated people (`people`: seat -> name; all of them when `everyone`, a
        cooperative game; else a majority). `propose` ({"reason", "until"}): `seat` proposes and votes yes;
        else `yes` is `seat`'s vote on the pause proposed (a no withdraws it). Once agreed the pause starts
        (`since`) and `until` is its end. Refusals: "not_playing"; "busy" (a pause is proposed or on
        already); "none" (no pause is proposed)."""
        if status != "playing":
            return PauseDecision("not_playing")
        who = seat_name(people.get(seat), seat)
        on = until is not None and until > at and pause is not None
        lines = []
        if propose is not None:
            if (pause is not None and pause.get("since") is None) or on:
                return PauseDecision("busy")
            pause = {**propose, "by": seat, "votes": [seat], "since": None}
            lines.append(PaceRules.proposed(who, propose["until"], propose["reason"]))
        else:
            if pause is None or pause.get("since") is not None:
                return PauseDecision("none")
            if not yes:
                return PauseDecision(None, None, until, [PaceRules.refused(who)])
            pause = {**pause, "votes": sorted(set(pause["votes"]) | {seat})}
        if PaceRules.agreed(pause["votes"], people, everyone):
            pause["since"] = at.isoformat().replace("+00:00", "Z")
            until = datetime.fromisoformat(pause["until"].replace("Z", "+00:00"))
            lines.append(PaceRules.paused(pause["until"]))
        return PauseDecision(None, pause, until, lines)

    @staticmethod
    def end_pause(pause: dict | None, until: datetime | None, at: datetime, seat: int,
                  people: dict[int, str | None]) -> PauseDecision:
        """`seat` ends the pause on (the clocks run again from `at`) or withdraws the one proposed; "none"
        when there is neither (or the pause is over already)."""
        over = pause is not None and pause.get("since") is not None and (until is None or until <= at)
        if pause is None or over:
            return PauseDecision("none")
        who = seat_name(people.get(seat), seat)
        if pause.get("since") is not None and until is not None and until > at:
            return PauseDecision(None, None, at, [PaceRules.ended(who, early=True)])
        return PauseDecision(None, None, until, [PaceRules.ended(who, early=False)])

    @staticmethod
    def agreed(votes: list, people: dict, everyone: bool) -> bool:
        """A pause is agreed by every seated person (a cooperative game: `everyone`), else by a majority."""
        yes = [x for x in votes if x in people]
        return len(yes) == len(people) if everyone else 2 * len(yes) > len(people)

    @staticmethod
    def proposed(who: str | dict, until: str, reason: str) -> Line:
        return line(says.PAUSE_PROPOSED, name=who, day=until[:10], reason=reason)

    @staticmethod
    def refused(who: str | dict) -> Line:
        return line(says.PAUSE_REFUSED, name=who)

    @staticmethod
    def paused(until: str) -> Line:
        return line(says.PAUSED, day=until[:10])

    @staticmethod
    def ended(who: str | dict, early: bool) -> Line:
        return line(says.PAUSE_ENDED if early else says.PAUSE_WITHDRAWN, name=who)


RULES = PaceRules()
