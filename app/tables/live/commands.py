"""The commands of a table: what its actor (app/tables/live/actors.py) runs, one at a time.

Each is plain data: what was asked, already parsed and bounded by the caller's room (a name cleaned, a
value in range), and `code`, the table it is for. The actor hands it to `process` (app/tables/process.py),
one `match` over these classes, whose handler checks every rule of the command against the table as it is
now, records it (one entry in the group-commit writer's batch) and then does what follows (publish, turn
notices, bots). Whatever the source (REST, a socket, a deal's table, a bot, a timer, the sweep, the admin),
the same command and the same handler.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class Move:
    code: str
    seat: int
    seq: Any
    move: Any
    stand_in: dict | None = None  # the bot plays for a seat whose time ran out


@dataclass(slots=True)
class Create:
    code: str  # a fresh code: the table does not exist yet
    game: Any  # the Game
    players: int
    options: dict
    name: str
    spec: Any  # lobby_records.PlayerSpec
    seed: str
    doc: dict
    token: str  # the creator's seat token
    fresh: str  # the cookie a new player gets
    deal: Any = None


@dataclass(slots=True)
class Join:
    code: str
    name: str
    spec: Any
    fresh: str


@dataclass(slots=True)
class AddBot:
    code: str
    host: int
    seat: int | None
    bot: str | None


@dataclass(slots=True)
class Start:
    code: str
    host: int


@dataclass(slots=True)
class Say:
    code: str
    seat: int
    text: str


@dataclass(slots=True)
class CountHint:
    code: str
    seat: int
    seq: int


@dataclass(slots=True)
class Nudge:
    code: str
    seat: int


@dataclass(slots=True)
class SetChannels:
    code: str
    seat: int
    values: dict


@dataclass(slots=True)
class SetReminders:
    code: str
    after: int | None


@dataclass(slots=True)
class SetPace:
    code: str
    pace: dict | None


@dataclass(slots=True)
class TimeOut:
    code: str
    seq: int


@dataclass(slots=True)
class HandBack:
    code: str
    seat: int


@dataclass(slots=True)
class Pause:
    code: str
    make: Any  # (snapshot, now) -> the pause's writer command


@dataclass(slots=True)
class TakebackAsk:
    code: str
    seat: int


@dataclass(slots=True)
class TakebackVote:
    code: str
    seat: int
    yes: bool


@dataclass(slots=True)
class TakebackWithdraw:
    code: str
    seat: int


@dataclass(slots=True)
class Rematch:
    code: str
    seat: int


@dataclass(slots=True)
class Abandon:
    """The housekeeping abandons a game idle since `before` (still so in the database, checked there)."""

    code: str
    table_id: int
    before: Any  # datetime
    now: Any


@dataclass(slots=True)
class Delete:
    """The table is deleted: a lobby idle since `lobby_before` (the housekeeping), or whatever it is (None:
    the admin's delete)."""

    code: str
    lobby_before: Any = None


# -- this instance's sockets of the table: their cursors (live/cursors.py) are read and moved here only --
@dataclass(slots=True)
class Deliver:
    """A broker message about the table (a move, a state, a chat line...): the live table kept up to date
    and the message fanned out to this instance's sockets of it (live/fanout.py)."""
    code: str
    msg: dict


@dataclass(slots=True)
class Welcome:
    """A socket admitted: its first messages built, its cursor set and the socket opened (live/reads.py)."""
    code: str
    conn: Any  # app.realtime.Connection
    caller: Any  # app.tables.identity.Caller
    live: Any  # the LiveTable the caller was admitted to
    since: str | None  # ?since=N: the steps missed are sent too


@dataclass(slots=True)
class Sync:
    """A socket asks for what it missed since `since`: the reply is sent and its cursor moved in the
    table's turn, so no update can slip between them (live/reads.py)."""
    code: str
    conn: Any
    caller: Any
    since: int
    send: Any  # Callable[[dict], None]: the reply to the socket (in its language)


@dataclass(slots=True)
class CaughtUp:
    """What the catch-up read from the database (live/catchup.py): the live table updated and the sockets
    that are behind sent what they lack."""
    code: str
    snap: Any  # Snapshot
    moves: list


@dataclass(slots=True)
class Note:
    """A note on a move (app/tables/live/notes.py): `op` "write" (on step `seq`), "edit" or "drop" (note
    `note_id`), by the person at `seat`; "admin_drop" (note `note_id`) by the admin (no seat); `text`
    already through the text policy."""

    code: str
    op: str
    seat: int | None
    seq: int | None = None
    note_id: int | None = None
    text: str | None = None


@dataclass(slots=True)
class Invite:
    """Seats reserved for named friends (app/tables/lobby/invitations.py): `names` to a new table's open seats
    by its host, or (`rematch`) every other person of a rematch by `seat`, each with its secret `links`
    (the hashes are stored; the links go back to the inviter alone). Open `days`."""

    code: str
    seat: int
    names: list
    days: int
    rematch: bool = False


@dataclass(slots=True)
class Answer:
    """An invitation accepted or declined by whoever holds its link (or, for a rematch, its invitee's
    browser); accepting takes its reserved seat under `name` as a join does."""

    code: str
    invitation_id: int
    accept: bool
    name: str | None = None
    spec: Any = None  # lobby_records.PlayerSpec
    fresh: str | None = None  # the cookie a new player gets


@dataclass(slots=True)
class InviteStart:
    """The inviter (or the host) starts now: bots take every seat nobody holds, then the game starts."""

    code: str
    seat: int


@dataclass(slots=True)
class RenewLink:
    """The inviter asks for a new secret link of a pending invitation (the old one opens nothing)."""

    code: str
    seat: int
    invitation_id: int
