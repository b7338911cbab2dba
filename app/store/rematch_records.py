"""A rematch, stored by the group-commit writer (app/store/writer.py) in its batch beside the moves, the
lobby's commands (app/store/lobby_records.py) and chat lines (app/store/chat_records.py).

The old table is checked again inside the batch (on PostgreSQL its row locked first, so two instances
asking at once make one rematch): it must still exist, be over and have no rematch yet. The new table
copies the old one's game, seat count, house rules, reminder setting and pace (the time per turn and what a
timeout brings), and its seats (people, bots, their tokens, notification channels and digest choice; the
missed turns and the bot's standing in start again). Like a lobby command it never raises for a refusal: it
sets
`result` to

    ("ok", new table id)      made
    ("made", table id)        the old table has its rematch already (made by someone else meanwhile)
    ("status", status)        the old table is not over (None: it is gone)
    ("code",)                 the new code is in use: pick another
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from app.store.lobby_records import Exec, column_json
from app.store.models import ENDED


@dataclass(slots=True)
class MakeRematch:
    """The rematch of table `old_id`: dealt with `seed` as `doc`; `status` "lobby", or "playing" (or
    "finished", with `outcome`) for a solo table's rematch, started at once."""

    old_id: int
    code: str
    seed: str
    doc: dict
    status: str
    to_act: list
    outcome: dict | None
    now: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = ex.first("SELECT status, rematch_id FROM tables WHERE id = :t" + ex.lock, {"t": self.old_id})
        if row is None or row[0] not in ENDED:
            self.result = ("status", None if row is None else row[0])
            return
        if row[1] is not None:
            self.result = ("made", row[1])
            return
        at = ex.time(self.now)
        started = at if self.status != "lobby" else None
        made = ex.first(
            "INSERT INTO tables (code, game, players, options, seed, status, initial_doc, doc, seq, to_act, result, "
            "rematch_of_id, created_at, updated_at, moved_at, started_at, finished_at, remind_after, pace, "
            "pace_timeout, pace_forfeit_after) "
            "SELECT :code, game, players, options, :seed, :status, CAST(:doc AS json), CAST(:doc AS json), 0, "
            "CAST(:to_act AS json), CAST(:res AS json), id, :at, :at, :at, :started, :fin, remind_after, pace, "
            "pace_timeout, pace_forfeit_after "
            "FROM tables WHERE id = :old ON CONFLICT (code) DO NOTHING RETURNING id",
            {"code": self.code, "seed": self.seed, "status": self.status, "doc": column_json(self.doc),
             "to_act": column_json(self.to_act), "res": column_json(self.outcome), "at": at, "started": started,
             "fin": at if self.outcome is not None else None, "old": self.old_id})
        if made is None:
            self.result = ("code",)
            return
        new_id = made[0]
        ex.run("INSERT INTO seats (table_id, seat, name, bot, player_id, token_hash, webhook_url, notify, joined_at, "
               "webhook_format, ntfy_url, push, digest, digest_hour) SELECT :new, seat, name, bot, player_id, "
               "token_hash, webhook_url, notify, :at, webhook_format, ntfy_url, push, digest, digest_hour "
               "FROM seats WHERE table_id = :old",
               {"new": new_id, "at": at, "old": self.old_id})
        ex.run("UPDATE tables SET rematch_id = :new, updated_at = :at WHERE id = :old",
               {"new": new_id, "at": at, "old": self.old_id})
        self.result = ("ok", new_id)
