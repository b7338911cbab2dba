"""What an exported game (app/tables/admin/transfer.py) says of its pace, and how an import checks it:

- "pace": {"seconds", "timeout", "forfeit_after"} or null: the table's time per turn and what a timeout brought;
- a move's "stand_in": {"for": the seat's name, "why": "timeout"} when the game's bot played it for a seat
  whose time ran out;
- a "result" with "outcome": "forfeit": the rules cannot work a forfeit out from the moves (the game stopped
  when a seat ran out of time), so an import accepts one only where it could have happened: a competitive
  game whose moves do not end it, the forfeited seat to act after the last move, every other seat winning,
  no scores, and a reason of at most REASON_MAX characters of ordinary text.

Anything else is a 422 naming what was wrong, like the rest of an import.
"""
from __future__ import annotations

from typing import Any

from app.tables.live.pace_rules import TIMEOUTS, forfeit_result
from app.tables.errors import N_, Invalid, W_
from app.tables import says
from app.tables import text

PACE_MAX = 30 * 24 * 3600  # seconds per turn a file may give (the longest choice is 3 days)
REASON_MAX = 200


def pace_export(table: Any) -> dict | None:
    if not table.pace:
        return None
    return {"seconds": table.pace, "timeout": table.pace_timeout or "bot", "forfeit_after": table.pace_forfeit_after}


def pace_of_file(body: dict) -> dict | None:
    """The file's pace, checked (None: the table had none)."""
    pace = body.get("pace")
    if pace is None:
        return None
    seconds = pace.get("seconds") if isinstance(pace, dict) else None
    if type(seconds) is not int or not 1 <= seconds <= PACE_MAX:
        raise Invalid(N_("The file's 'pace' is null or an object with 'seconds' (1 to {max}), 'timeout' (bot or "
                         "forfeit) and 'forfeit_after' (1 to 10, or null)."), "bad_pace", max=PACE_MAX)
    timeout, after = pace.get("timeout", "bot"), pace.get("forfeit_after")
    if timeout not in TIMEOUTS or not (after is None or (type(after) is int and 1 <= after <= 10)):
        raise Invalid(N_("The file's pace: 'timeout' is bot or forfeit, 'forfeit_after' 1 to 10 or null."),
                      "bad_pace")
    return {"seconds": seconds, "timeout": timeout, "forfeit_after": after}


def stand_in_of(move: dict, where: str) -> dict | None:
    """A move's stand-in mark, checked (None: a move its seat played)."""
    mark = move.get("stand_in")
    if mark is None:
        return None
    if not isinstance(mark, dict) or mark.get("why") != "timeout":
        raise Invalid(N_("{where}: 'stand_in' is null or an object with 'for' (the seat's name) and 'why' "
                         "(timeout)."), "bad_move", where=W_(where))
    return {"for": text.name(mark.get("for"), what=W_(N_("{where}: the stand-in's name"), where=W_(where))),
            "why": "timeout"}


def forfeit_of(g: Any, players: int, doc: dict, given: object) -> dict | None:
    """The file's forfeit, checked against the replayed `doc` (whose game is not over); None when `given` is
    not a forfeit at all."""
    if not isinstance(given, dict) or given.get("outcome") != "forfeit":
        return None
    if g.cooperative:
        raise Invalid(N_("{game} is cooperative: nobody forfeits, so the file's forfeit cannot be."), "bad_result",
                      game=g.title)
    seat = given.get("forfeited")
    if type(seat) is not int or not 0 <= seat < players:
        raise Invalid(N_("The file's forfeit names no seat of the table (0 to {last})."), "bad_result",
                      last=players - 1)
    if seat not in g.to_act(doc):
        raise Invalid(N_("The file says seat {seat} forfeited when its time ran out, but seat {seat} was not to "
                         "act after the last move."), "bad_result", seat=seat)
    winners = forfeit_result(seat, players, "")["winners"]
    if given.get("winners") != winners or given.get("scores") is not None:
        raise Invalid(N_("In a forfeit every other seat wins ({winners}) and nobody scores: the file was changed."),
                      "bad_result", winners=str(winners))
    if says.valid(given.get("reason_say")):  # the reason as a message id and params, as the pace wrote it
        return forfeit_result(seat, players, given["reason_say"])
    reason = text.clean(given.get("reason"), what=N_("The forfeit's reason"), max_len=REASON_MAX)
    return forfeit_result(seat, players, reason)
