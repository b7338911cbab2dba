"""The admin area: who may enter, every table listed and filtered, one table in full, and its replay.

Admins see everything, hidden information included (the doc, the secret, the pile order, all hands, every
event unfiltered): these functions are the one place a doc leaves the server, and only behind AdminAuth.
Token and cookie hashes never leave.

A replay starts from the table's initial doc and applies each stored move in seq order (engines are
deterministic, ENGINE.md); at the current seq it must land on the stored doc, and each replayed step's
events must equal the stored ones. Anything else is reported as `"consistent": false` with a sentence.
"""
from __future__ import annotations

import hmac
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES
from app.store import Move, Seat, Table, admin_queries
from app.store.admin_queries import TableFilter
from app.tables import text
from app.tables.errors import Forbidden, Invalid, Unauthorized
from app.tables.seats import find_table
from app.tables.state import iso

STATUSES = ("lobby", "playing", "finished", "abandoned")
LIMIT_DEFAULT = 50
LIMIT_MAX = 200
PLAYER_MAX = 40  # characters, as a seat name
OFFSET_MAX = 10**9  # far past any real list; keeps the number inside a database integer


# -- who may enter ----------------------------------------------------------------------------------------
def check_admin(configured: str | None, presented: str | None) -> None:
    """403 while the admin area is closed (no ICEHOUSE_ADMIN_TOKEN), 401 without the right bearer token."""
    if not configured:
        raise Forbidden("The admin area is closed: set ICEHOUSE_ADMIN_TOKEN on the server.", "admin_closed")
    if presented is None:
        raise Unauthorized("The admin area needs you to log in at /admin, or 'Authorization: Bearer <admin "
                           "token>' (the server's ICEHOUSE_ADMIN_TOKEN).")
    if not hmac.compare_digest(presented.encode("utf-8", "surrogatepass"), configured.encode()):
        raise Unauthorized("That admin token is not the right one.")


# -- the list ---------------------------------------------------------------------------------------------
def table_filter(game: str | None, status: str | None, player: str | None) -> TableFilter:
    """The checked filters (empty strings mean "any"); 422 with a sentence for a bad value."""
    game, status, player = (v.strip() or None if isinstance(v, str) else None for v in (game, status, player))
    if game is not None and game not in GAMES:
        raise Invalid(f"There is no game called {game[:40]!r}; the games are: {', '.join(sorted(GAMES))}.")
    if status is not None and status not in STATUSES:
        raise Invalid(f"There is no status {status[:40]!r}; a table is {', '.join(STATUSES[:-1])} "
                      f"or {STATUSES[-1]}.")
    if player is not None:  # the names' own policy (NUL would otherwise reach PostgreSQL)
        player = text.clean(player, what="A player name to look for", max_len=PLAYER_MAX, required=False)
    return TableFilter(game=game, status=status, player=player)


def check_page(limit: int | None, offset: int | None) -> tuple[int, int]:
    limit = LIMIT_DEFAULT if limit is None else limit
    offset = 0 if offset is None else offset
    if not 1 <= limit <= LIMIT_MAX:
        raise Invalid(f"limit must be between 1 and {LIMIT_MAX}; it was {limit}.")
    if not 0 <= offset <= OFFSET_MAX:
        raise Invalid(f"offset must be between 0 and {OFFSET_MAX}; it was {offset}.")
    return limit, offset


def title_of(game: str) -> str:
    g = GAMES.get(game)
    return g.title if g is not None else game


def summary(table: Table, seats: list[Seat], codes: dict[int, str]) -> dict:
    """One row of the list: the table without its doc."""
    return {
        "code": table.code,
        "game": table.game,
        "title": title_of(table.game),
        "status": table.status,
        "players": table.players,
        "seats": [{"seat": x.seat, "name": x.name, "bot": x.bot is not None} for x in seats],
        "seq": table.seq,
        "to_act": list(table.to_act or []),
        "result": table.result,
        "created_at": iso(table.created_at),
        "updated_at": iso(table.updated_at),
        "finished_at": iso(table.finished_at),
        "rematch_of": codes.get(table.rematch_of_id) if table.rematch_of_id is not None else None,
        "rematch": codes.get(table.rematch_id) if table.rematch_id is not None else None,
    }


async def list_tables(s: AsyncSession, *, game: str | None = None, status: str | None = None,
                      player: str | None = None, limit: int | None = None,
                      offset: int | None = None) -> tuple[list[dict], int]:
    """A page of tables, newest updated first, and how many match the filters in all."""
    f = table_filter(game, status, player)
    limit, offset = check_page(limit, offset)
    total = await admin_queries.count_tables(s, f)
    tables = await admin_queries.list_tables(s, f, limit, offset)
    seats = await admin_queries.seats_of_tables(s, [t.id for t in tables])
    linked = {i for t in tables for i in (t.rematch_id, t.rematch_of_id) if i is not None}
    codes = await admin_queries.codes_of(s, linked)
    return [summary(t, seats[t.id], codes) for t in tables], total


# -- one table in full ------------------------------------------------------------------------------------
def seat_detail(x: Seat) -> dict:
    return {"seat": x.seat, "name": x.name, "bot": x.bot is not None, "bot_name": x.bot,
            "player_id": x.player_id, "joined_at": iso(x.joined_at), "notify": x.notify,
            "webhook": bool(x.webhook_url)}


def step_of(m: Move) -> dict:
    return {"seq": m.seq, "seat": m.seat, "move": m.move, "events": m.events}


async def table_detail(s: AsyncSession, code: str) -> dict:
    """Everything about one table, hidden information included (never token or cookie hashes)."""
    table = await find_table(s, code)
    seats = (await admin_queries.seats_of_tables(s, [table.id]))[table.id]
    codes = await admin_queries.codes_of(s, {i for i in (table.rematch_id, table.rematch_of_id) if i})
    moves = await admin_queries.all_moves(s, table.id)
    chat = await admin_queries.all_chat(s, table.id)
    return summary(table, seats, codes) | {
        "options": table.options,
        "seed": table.seed,
        "started_at": iso(table.started_at),
        "initial_doc": table.initial_doc,
        "doc": table.doc,
        "seats": [seat_detail(x) for x in seats],
        "moves": [step_of(m) | {"at": iso(m.at)} for m in moves],
        "chat": [{"seat": c.seat, "name": c.name, "text": c.text, "at": iso(c.at)} for c in chat],
    }


# -- replay -----------------------------------------------------------------------------------------------
def replay_steps(game: Any, initial_doc: dict, steps: list[dict]) -> tuple[dict, list[str]]:
    """Apply `steps` ({"seq", "seat", "move", "events"}) to `initial_doc` in order: the doc after the last
    one, and a sentence for each way the replay disagrees with the stored steps (empty: it agrees)."""
    doc, problems = initial_doc, []
    for want, step in enumerate(steps, start=1):
        if step["seq"] != want:
            problems.append(f"Move {want} is missing: the store jumps to seq {step['seq']}.")
            break
        try:
            applied = game.apply(doc, step["seat"], step["move"])
        except Exception as exc:  # noqa: BLE001 - a stored move the engine now refuses: report, never 500
            problems.append(f"Move {step['seq']} no longer replays: {str(exc)[:200]}")
            break
        if applied.events != step["events"]:
            problems.append(f"Move {step['seq']} replays with other events than the stored ones.")
        doc = applied.doc
    return doc, problems


def parse_seq(raw: int | None, current: int, code: str) -> int:
    seq = current if raw is None else raw
    if not 0 <= seq <= current:
        raise Invalid(f"seq must be between 0 and {current} (table {code} has had {current} "
                      f"move{'s' if current != 1 else ''}); it was {seq}.")
    return seq


async def replay(s: AsyncSession, code: str, seq: int | None = None) -> dict:
    """The doc after `seq` moves (default: all of them), the step that led there, and whether the replay
    agrees with the store."""
    table = await find_table(s, code)
    n = parse_seq(seq, table.seq, table.code)
    g = GAMES.get(table.game)
    if g is None:
        raise Invalid(f"Table {table.code} is a game of {table.game!r}, which this server no longer knows.")
    steps = [step_of(m) for m in await admin_queries.all_moves(s, table.id, upto=n)]
    doc, problems = replay_steps(g, table.initial_doc, steps)
    if not problems and n == table.seq and doc != table.doc:
        problems.append(f"Replaying all {n} moves does not give the stored doc of table {table.code}.")
    return {
        "code": table.code,
        "game": table.game,
        "seq": n,
        "of": table.seq,
        "doc": doc,
        "view": _view(g, doc),
        "step": steps[n - 1] if n and len(steps) >= n else None,
        "text": _text(g, doc),
        "consistent": not problems,
        "problems": problems,
    }


def _view(g: Any, doc: dict) -> dict | None:
    """A spectator's view of the replayed doc (it carries facts the engine derives for drawing)."""
    try:
        return g.view(doc, None)
    except Exception:  # noqa: BLE001 - a doc that stopped half way through a broken replay
        return None


def _text(g: Any, doc: dict) -> str | None:
    fn = getattr(g, "render_text", None)
    if fn is None:
        return None
    try:
        return fn(doc)
    except Exception:  # noqa: BLE001
        return None
