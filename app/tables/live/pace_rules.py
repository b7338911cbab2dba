"""The pace's rules and words, for the store to apply inside the writer's transaction.

A turn out of time, a pause's vote and a player back at the table are decided against what the database
holds, in the batch (another instance may have acted), so the store's commands (app/store/pace_records.py)
run them; what they decide is here, in the domain: who misses the turn and what that costs (the bot stands
in, or the seat forfeits at its forfeit_after-th miss), whether a pause is agreed, and every line the log
says. The store asks and writes the answer; it holds no rule and no sentence.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

TIMEOUTS = ("bot", "forfeit")  # what a turn out of time brings


def _turns(n: int) -> str:
    return "1 turn" if n == 1 else f"{n} turns"


def forfeit_result(seat: int, players: int, reason: str) -> dict:
    """A table's result when `seat` forfeits: every other seat wins, nobody scores (the pace; an import)."""
    return {"outcome": "forfeit", "scores": None, "reason": reason,
            "winners": [x for x in range(players) if x != seat], "forfeited": seat}


def seat_name(name: str | None, seat: int) -> str:
    return name or f"Seat {seat}"


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
    lines: list[str] = field(default_factory=list)


class PaceRules:
    """The rules the pace's store commands apply (one instance, stateless)."""

    @staticmethod
    def time_out(seats: list[tuple], acting: set[int], timeout: str | None, forfeit_after: int | None,
                 players: int, seq: int) -> tuple[list[Missed], dict | None, list[str]]:
        """The turn at `seq` ran out: each person to act (`seats`: (seat, name, stand_in, missed) of the
        people) misses it. With timeout "bot", or "forfeit" before forfeit_after missed turns, the bot stands
        in for that turn (or, with "bot", until they come back); at the forfeit_after-th the seat forfeits
        and the table ends, the others winning (the first such seat only). (changes, result or None, lines)."""
        changes: list[Missed] = []
        lines: list[str] = []
        finished = None
        for seat, name, stand_in, missed in seats:
            if seat not in acting or (stand_in is not None and timeout != "forfeit"):
                continue
            who, missed = seat_name(name, seat), (missed or 0) + 1
            if timeout == "forfeit" and forfeit_after and missed >= forfeit_after and finished is None:
                finished = forfeit_result(seat, players, f"{who} forfeited: {_turns(missed)} ran out of time")
                changes.append(Missed(seat, stand_in, missed))
                lines.append(f"{who}'s time ran out ({_turns(missed)}): {who} forfeits.")
                continue
            changes.append(Missed(seat, seq, missed))
            lines.append(f"{who}'s time ran out: the bot plays for {who} until {who} comes back to the table."
                         if timeout != "forfeit" else
                         f"{who}'s time ran out ({missed} of {forfeit_after}): the bot plays this turn for {who}.")
        return changes, finished, lines

    @staticmethod
    def back(name: str | None, seat: int) -> str:
        who = seat_name(name, seat)
        return f"{who} is back: the bot no longer plays for {who}."

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
    def proposed(who: str, until: str, reason: str) -> str:
        return f"{who} proposes a pause until {until[:10]}: {reason}"

    @staticmethod
    def refused(who: str) -> str:
        return f"{who} refused the pause."

    @staticmethod
    def paused(until: str) -> str:
        return f"The table is paused until {until[:10]}: the clocks and reminders stop."

    @staticmethod
    def ended(who: str, early: bool) -> str:
        return f"{who} ended the pause: the clocks run again." if early else f"{who} withdrew the pause."


RULES = PaceRules()
