"""A game record (format.py) of an ended table.

For anyone who may see the table's replay (app/tables/replay.py: once the game has ended, under the spoiler
rule), a record reveals what that replay reveals and nothing more: every position without its "secret", every
move as made, the seats' names, the times and the result. It never carries the seed (RULES.md: a player
never sees the server's seed; a finished table's seed may become a shared deal, app/tables/deals/). The
secret is given only for a game whose deals are never shared (`Game.deal_options` is None): its seed was
drawn for this table alone and nothing draws from it once the game has ended, while its later chances (a
reshuffle, a roll) cannot be replayed without it. A game whose deals may be shared keeps its secret, so its
record must replay without it (its chances all come at the deal): `replays_without_secret` checks that, and
a record that would not is refused rather than published. The chat is left out (it is its people's).

The admin's export is the same record with the seed, the secret and the chat (app/web/admin.py).
"""
from __future__ import annotations

import asyncio
from collections.abc import Collection
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.store import ENDED, Table, admin_queries, utcnow
from app.tables.admin.transfer_pace import pace_export
from app.tables.deals.spoilers import check_spoilers
from app.tables.errors import N_, Conflict
from app.tables.live.state import iso
from app.tables.record.format import FORMAT, RECORD_SEED, VERSION
from app.tables.replay import game_of, replay_steps, step_of, strip_hidden
from app.tables.seats import find_table


def secret_shown(g: Any) -> bool:
    """Whether a public record of `g` carries the doc's secret: only for a game whose deals are never shared."""
    return g.deal_options is None


def record_of(g: Any, *, players: int, options: dict, initial_doc: dict, moves: list[dict],
              seats: list[str | None], bots: list[str | None] | None = None, result: dict | None,
              status: str, times: dict | None = None, pace: dict | None = None, chat: list[dict] | None = None,
              seed: str | None = None, with_secret: bool | None = None, origin: dict | None = None) -> dict:
    """A record (as JSON) from its parts: `moves` are {"seq", "seat", "move", "at"?, "stand_in"?} with "at"
    an ISO 8601 time or None. The secret goes in by `with_secret` (default: `secret_shown(g)`)."""
    show = secret_shown(g) if with_secret is None else with_secret
    bots = bots or [None] * players
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": g.name,
        "players": players,
        "options": options,
        "deal": {"initial_doc": strip_hidden(initial_doc),
                 "secret": initial_doc.get("secret") if show else None,
                 "seed": seed},
        "seats": [{"name": seats[i], "bot": bots[i]} for i in range(players)],
        "moves": [{"seq": m["seq"], "seat": m["seat"], "move": m["move"], "at": m.get("at"),
                   "stand_in": m.get("stand_in")} for m in moves],
        "chat": chat,
        "result": result,
        "status": status,
        "times": times or {"created_at": None, "started_at": None, "finished_at": None},
        "pace": pace,
        "origin": origin,
    }


def replays_without_secret(g: Any, initial_doc: dict, steps: list[dict]) -> bool:
    """Whether the stored `steps` ({"seq", "seat", "move", "events"}) replay with the same events from
    `initial_doc` whose secret is blanked (what an opener without the secret does)."""
    _, problems = replay_steps(g, {**initial_doc, "secret": ""}, steps)
    return not problems


async def _parts(s: AsyncSession, table: Table) -> tuple[list[str | None], list[str | None], list[Any]]:
    seats = (await admin_queries.seats_of_tables(s, [table.id]))[table.id]
    names = {x.seat: x.name for x in seats}
    bots = {x.seat: x.bot for x in seats}
    moves = await admin_queries.all_moves(s, table.id)
    return ([names.get(i) for i in range(table.players)], [bots.get(i) for i in range(table.players)], moves)


def _times(table: Table) -> dict:
    return {"created_at": iso(table.created_at), "started_at": iso(table.started_at),
            "finished_at": iso(table.finished_at)}


def _moves(moves: list[Any]) -> list[dict]:
    return [{"seq": m.seq, "seat": m.seat, "move": m.move, "at": iso(m.at), "stand_in": m.stand_in or None}
            for m in moves]


async def public_record(s: AsyncSession, code: str, *, cookie: str | None = None,
                        chosen: Collection[str] = ()) -> dict:
    """The record of an ended table for anyone who may see its replay: 404 for no such table, 403 spoilers
    like the replay, 409 `not_over` while it is in the lobby or playing (a running game's record is never
    given), 409 `record_unavailable` for a record that would not replay without a secret it may not show."""
    table = await find_table(s, code)
    await check_spoilers(s, table.id, cookie=cookie, chosen=chosen)
    if table.status not in ENDED:
        raise Conflict(N_("The game at table {code} is not over: its record can be downloaded once it has ended."),
                       "not_over", code=table.code)
    g = game_of(table)
    names, bots, moves = await _parts(s, table)
    if not secret_shown(g):
        steps = [step_of(m) for m in moves]
        if not await asyncio.to_thread(replays_without_secret, g, table.initial_doc, steps):
            raise Conflict(N_("The game at table {code} cannot be written as a record: its moves do not replay "
                              "without information that stays hidden."), "record_unavailable", code=table.code)
    return record_of(g, players=table.players, options=table.options, initial_doc=table.initial_doc,
                     moves=_moves(moves), seats=names, bots=bots, result=table.result, status=table.status,
                     times=_times(table), pace=pace_export(table),
                     origin={"code": table.code, "server": None, "written_at": iso(utcnow()),
                             "imported": bool(table.imported)})


async def admin_record(s: AsyncSession, code: str) -> dict:
    """The admin's export: any table, its seed, secret and chat included (a table still playing is written
    as it stands, "status" then saying how far it got: the admin sees everything)."""
    table = await find_table(s, code)
    g = game_of(table)
    names, bots, moves = await _parts(s, table)
    chat = await admin_queries.all_chat(s, table.id)
    status = table.status if table.status in ENDED else "playing"
    seed = None if table.seed == RECORD_SEED else str(table.seed)  # a table opened from a seedless record
    return record_of(g, players=table.players, options=table.options, initial_doc=table.initial_doc,
                     moves=_moves(moves), seats=names, bots=bots, result=table.result, status=status,
                     times=_times(table), pace=pace_export(table), seed=seed, with_secret=True,
                     chat=[{"seat": c.seat, "name": c.name, "text": c.text, "at": iso(c.at), "say": c.say or None}
                           for c in chat],
                     origin={"code": table.code, "server": None, "written_at": iso(utcnow()),
                             "imported": bool(table.imported)})
