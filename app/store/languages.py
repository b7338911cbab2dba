"""Each person's language: players.lang (revision 0013), set by the header's selector and when
the person sits down, read when a notification to them is worded."""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.lobby_records import Exec
from app.store.models import Player


@dataclass(slots=True)
class SetLanguage:
    """A writer entry (app/store/writer.py): the language of the player whose cookie hashes to `cookie_hash`
    (nobody's cookie: nothing changes). ("ok", rows changed)."""

    cookie_hash: str
    lang: str
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        changed = ex.run("UPDATE players SET lang = :l WHERE cookie_hash = :h AND (lang IS NULL OR lang <> :l)",
                         {"l": self.lang, "h": self.cookie_hash})
        self.result = ("ok", changed)


async def langs_of(s: AsyncSession, player_ids: list[int]) -> dict[int, str]:
    if not player_ids:
        return {}
    rows = await s.execute(select(Player.id, Player.lang)
                           .where(Player.id.in_(set(player_ids)), Player.lang.is_not(None)))
    return {pid: lang for pid, lang in rows}
