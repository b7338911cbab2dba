"""Invitations (revision 0018), stored by the group-commit writer (app/store/writer.py) in its batch beside
the lobby's commands (app/store/lobby_records.py). Each locks its table's row first and checks again what
another instance could have changed: the table still in the lobby, the seat still open (or still its former
player's, for a rematch), the invitation still pending and not expired. Like a lobby command none raises for
a refusal; each sets `result`:

    ("ok", ...)           done
    ("status", status)    the table is not in the lobby (None: it is gone)
    ("taken", seat)       a seat to reserve is no longer open (or no longer its former player's)
    ("state", state)      the invitation was answered already (None: there is no such invitation)
    ("expired",)          the invitation's time ran out
    ("seated", seat)      the person accepting sits at this table already
    ("played", deal, [(code, status)])  the person accepting played this table's deal already
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from app.store.lobby_records import Exec, PlayerSpec, find_player, resolve_player, seats_on_deal


def _lobby(ex: Exec, table_id: int) -> str | None:
    row = ex.first("SELECT status FROM tables WHERE id = :t" + ex.lock, {"t": table_id})
    return None if row is None else row[0]


@dataclass(slots=True)
class ReserveSeats:
    """Seats of a lobby table reserved for named friends: `rows` are (seat, name, link hash, invitee player
    id or None). A new table's open seat takes the name; a rematch's seat (`rematch`) must still be its former
    player's (the invitee), whose token and player are taken off it until they accept. ("ok", [ids])."""

    table_id: int
    rows: list
    inviter_seat: int
    rematch: bool
    now: datetime
    expires_at: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        status = _lobby(ex, self.table_id)
        if status != "lobby":
            self.result = ("status", status)
            return
        for seat, _name, _link, invitee in self.rows:
            row = ex.first("SELECT name, bot, player_id FROM seats WHERE table_id = :t AND seat = :s",
                           {"t": self.table_id, "s": seat})
            ok = row is not None and (row[1] is None and row[2] == invitee and invitee is not None
                                      if self.rematch else row[0] is None)
            if not ok:
                self.result = ("taken", seat)
                return
        at, until, ids = ex.time(self.now), ex.time(self.expires_at), []
        for seat, name, link, invitee in self.rows:
            ex.run("UPDATE seats SET name = :n, player_id = NULL, token_hash = NULL WHERE table_id = :t AND seat = :s",
                   {"n": name, "t": self.table_id, "s": seat})
            made = ex.first(
                "INSERT INTO invitations (table_id, seat, name, link_hash, inviter_seat, invitee_id, rematch, state, "
                "created_at, expires_at) VALUES (:t, :s, :n, :h, :by, :p, :r, 'pending', :at, :until) RETURNING id",
                {"t": self.table_id, "s": seat, "n": name, "h": link, "by": self.inviter_seat, "p": invitee,
                 "r": self.rematch, "at": at, "until": until})
            ids.append(made[0] if made else None)
        ex.run("UPDATE tables SET updated_at = :at WHERE id = :t", {"at": at, "t": self.table_id})
        self.result = ("ok", ids)


@dataclass(slots=True)
class AnswerInvitation:
    """Invitation `invitation_id` of table `table_id` accepted (the reserved seat taken by `player` with
    `token_hash`, under `name`, None: the name it was reserved under) or declined (the seat open again, its
    channels cleared). ("ok", player id or None, new player?, seat, the seat's name now)."""

    table_id: int
    invitation_id: int
    accept: bool
    now: datetime
    player: PlayerSpec | None = None
    token_hash: str | None = None
    name: str | None = None
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        status = _lobby(ex, self.table_id)
        if status != "lobby":
            self.result = ("status", status)
            return
        at = ex.time(self.now)
        row = ex.first("SELECT seat, state, CASE WHEN expires_at > :now THEN 1 ELSE 0 END FROM invitations "
                       "WHERE id = :i AND table_id = :t", {"i": self.invitation_id, "t": self.table_id, "now": at})
        if row is None or row[1] != "pending":
            self.result = ("state", None if row is None else row[1])
            return
        seat = row[0]
        if not row[2]:
            self.result = ("expired",)
            return
        pid, new = None, False
        if self.accept:
            assert self.player is not None
            known = find_player(ex, self.player)
            if known is not None:
                seated = ex.first("SELECT seat FROM seats WHERE table_id = :t AND player_id = :p",
                                  {"t": self.table_id, "p": known})
                if seated is not None:
                    self.result = ("seated", seated[0])
                    return
                deal = ex.first("SELECT deal_id FROM tables WHERE id = :t", {"t": self.table_id})
                mine = seats_on_deal(ex, deal[0], known, self.table_id) if deal and deal[0] is not None else []
                if mine:  # the already-played rule of a table dealt a deal, as at a join
                    self.result = ("played", deal[0], mine)
                    return
            pid, new = resolve_player(ex, self.player, self.now, known)
            done = ex.run("UPDATE seats SET name = COALESCE(:n, name), player_id = :p, token_hash = :h, "
                          "joined_at = :at WHERE table_id = :t AND seat = :s AND player_id IS NULL AND bot IS NULL",
                          {"n": self.name, "p": pid, "h": self.token_hash, "at": at, "t": self.table_id, "s": seat})
            ex.run("UPDATE invitations SET state = 'accepted', invitee_id = :p, answered_at = :at WHERE id = :i",
                   {"p": pid, "at": at, "i": self.invitation_id})
        else:
            done = ex.run("UPDATE seats SET name = NULL, token_hash = NULL, webhook_url = NULL, webhook_format = NULL, "
                          "ntfy_url = NULL, push = NULL, deliveries = NULL, digest = NULL WHERE table_id = :t "
                          "AND seat = :s AND player_id IS NULL AND bot IS NULL", {"t": self.table_id, "s": seat})
            ex.run("UPDATE invitations SET state = 'declined', answered_at = :at WHERE id = :i",
                   {"at": at, "i": self.invitation_id})
        if not done:  # never, with the table locked: a reserved seat is only ever taken through its invitation
            raise RuntimeError("an invitation's seat was taken")
        ex.run("UPDATE tables SET updated_at = :at WHERE id = :t", {"at": at, "t": self.table_id})
        name = ex.first("SELECT name FROM seats WHERE table_id = :t AND seat = :s", {"t": self.table_id, "s": seat})
        self.result = ("ok", pid, new, seat, name[0] if name else None)


@dataclass(slots=True)
class ReplaceInvited:
    """The inviter starts without waiting: each of `bots` ((seat, name, bot)) takes a seat nobody holds (a
    reserved one or an open one) and every pending invitation of the table is "replaced". ("ok", [seats])."""

    table_id: int
    bots: list
    now: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        status = _lobby(ex, self.table_id)
        if status != "lobby":
            self.result = ("status", status)
            return
        at, seats = ex.time(self.now), []
        for seat, name, bot in self.bots:
            if ex.run("UPDATE seats SET name = :n, bot = :b, token_hash = NULL, joined_at = :at WHERE table_id = :t "
                      "AND seat = :s AND player_id IS NULL AND bot IS NULL",
                      {"n": name, "b": bot, "at": at, "t": self.table_id, "s": seat}):
                seats.append(seat)
        ex.run("UPDATE invitations SET state = 'replaced', answered_at = :at WHERE table_id = :t AND state = 'pending'",
               {"at": at, "t": self.table_id})
        ex.run("UPDATE tables SET updated_at = :at WHERE id = :t", {"at": at, "t": self.table_id})
        self.result = ("ok", seats)


@dataclass(slots=True)
class RenewLink:
    """A pending invitation gets a new secret link (`link_hash`); the old one opens nothing any more. One
    whose time ran out waits again, until `until`. ("ok",)."""

    table_id: int
    invitation_id: int
    link_hash: str
    now: datetime
    until: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        status = _lobby(ex, self.table_id)
        if status != "lobby":
            self.result = ("status", status)
            return
        row = ex.first("SELECT state FROM invitations WHERE id = :i AND table_id = :t",
                       {"i": self.invitation_id, "t": self.table_id})
        if row is None or row[0] != "pending":
            self.result = ("state", None if row is None else row[0])
            return
        ex.run("UPDATE invitations SET link_hash = :h, expires_at = CASE WHEN expires_at > :now THEN expires_at "
               "ELSE :until END WHERE id = :i", {"h": self.link_hash, "i": self.invitation_id,
                                                 "now": ex.time(self.now), "until": ex.time(self.until)})
        self.result = ("ok",)
