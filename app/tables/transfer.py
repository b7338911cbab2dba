"""Export and import of a game (the admin's): a file with everything needed to replay it anywhere.

    {"format": "icehouse-table/1", "game", "players", "options", "seats": [name per seat], "initial_doc",
     "moves": [{"seq", "seat", "move", "at"}], "result"}

plus, for information, "code", "status", "bots" (the bot's name per seat, or null) and "exported_at". An
import replays every move through the engine from the initial doc: the first move that does not replay is
refused (422 naming its seq), and so is a result that differs from the engine's. It makes a new table,
"finished" (or "abandoned" when the moves stop before the end and the file has no result either), with
its seats named and nobody sitting: it can be read and replayed like any other.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import TYPE_CHECKING
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES
from app.store import Move, Seat, Table, admin_queries, queries, utcnow
from app.tables import text
from app.tables.admin import parse_when
from app.tables.errors import Invalid
from app.tables.identity import NAME_MAX, new_code
from app.tables.seats import find_table
from app.tables.state import iso

if TYPE_CHECKING:
    from app.tables.service import Tables

log = logging.getLogger("icehouse.admin")

FORMAT = "icehouse-table/1"
MOVES_MAX = 5_000  # moves in one file (the longest games here take a few hundred)
IMPORTED_SEED = "imported"  # an imported table was dealt elsewhere: its initial doc is all there is


async def export_table(s: AsyncSession, code: str) -> dict:
    table = await find_table(s, code)
    seats = (await admin_queries.seats_of_tables(s, [table.id]))[table.id]
    names = {x.seat: x.name for x in seats}
    bots = {x.seat: x.bot for x in seats}
    moves = await admin_queries.all_moves(s, table.id)
    return {
        "format": FORMAT,
        "game": table.game,
        "players": table.players,
        "options": table.options,
        "seats": [names.get(i) for i in range(table.players)],
        "initial_doc": table.initial_doc,
        "moves": [{"seq": m.seq, "seat": m.seat, "move": m.move, "at": iso(m.at)} for m in moves],
        "result": table.result,
        "code": table.code,
        "status": table.status,
        "bots": [bots.get(i) for i in range(table.players)],
        "exported_at": iso(utcnow()),
    }


# -- reading a file ---------------------------------------------------------------------------------------
def _need(body: dict, key: str, kind: type | tuple[type, ...], what: str) -> Any:
    value = body.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise Invalid(f"The file's {key!r} must be {what}.")
    return value


def _game(body: object) -> Any:
    if not isinstance(body, dict):
        raise Invalid(f"An import is a JSON object in the {FORMAT} format.")
    if body.get("format") != FORMAT:
        raise Invalid(f"Unknown format {str(body.get('format'))[:40]!r}: this server reads {FORMAT!r} files "
                      "(GET /api/admin/tables/{code}/export writes them).", "bad_format")
    name = body.get("game")
    g = GAMES.get(name) if isinstance(name, str) else None
    if g is None:
        raise Invalid(f"This server has no game called {str(name)[:40]!r}; it knows: {', '.join(sorted(GAMES))}.",
                      "unknown_game")
    return g


def _seats(body: dict, players: int) -> tuple[list[str], list[str | None]]:
    names = _need(body, "seats", list, f"a list of {players} seat names")
    if len(names) != players:
        raise Invalid(f"The file's 'seats' names {len(names)} seats; the game has {players}.")
    cleaned = [f"Seat {i + 1}" if name is None else text.clean(name, what=f"The name of seat {i}", max_len=NAME_MAX)
               for i, name in enumerate(names)]
    bots = body.get("bots")
    if not isinstance(bots, list) or len(bots) != players:
        bots = [None] * players
    bots = [text.clean(b, what=f"The bot of seat {i}", max_len=40, required=False) if isinstance(b, str) else None
            for i, b in enumerate(bots)]
    return cleaned, bots


def _times(moves: list[dict]) -> list[datetime | None]:
    out = []
    for m in moves:
        raw = m.get("at")
        if raw is None:
            out.append(None)
            continue
        if not isinstance(raw, str):
            raise Invalid(f"Move seq {m.get('seq')}: 'at' must be an ISO 8601 time.")
        out.append(parse_when(raw if len(raw) != 10 else raw + "T00:00:00Z", f"Move seq {m.get('seq')}: 'at'",
                              end=False))
    return out


def replay_file(g: Any, players: int, options: dict, initial_doc: dict, moves: list) -> tuple[dict, list[dict]]:
    """Replay the file's moves: the last doc and each step's events; 422 naming the first bad seq."""
    try:
        doc_ok = (initial_doc.get("game") == g.name and initial_doc.get("players") == players
                  and isinstance(g.to_act(initial_doc), list))
    except Exception:  # noqa: BLE001 - a doc the engine cannot read
        doc_ok = False
    if not doc_ok:
        raise Invalid(f"The file's 'initial_doc' is not the start of a {players}-seat {g.title} game.")
    doc, events = initial_doc, []
    for want, m in enumerate(moves, start=1):
        seq = m.get("seq") if isinstance(m, dict) else None
        where = f"Move seq {want}"
        if not isinstance(m, dict) or seq != want:
            raise Invalid(f"{where} is missing: the moves must be numbered 1, 2, 3... (found {str(seq)[:20]}).",
                          "bad_move")
        seat, move = m.get("seat"), m.get("move")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise Invalid(f"{where}: 'seat' must be a seat of the table (0 to {players - 1}).", "bad_move")
        try:
            if seat not in g.to_act(doc):
                raise Invalid(f"{where} does not replay: seat {seat} was not to act then "
                              f"(to act: {g.to_act(doc) or 'nobody, the game was over'}).", "bad_move")
            step = g.apply(doc, seat, move)
        except Invalid:
            raise
        except Exception as exc:  # noqa: BLE001 - IllegalMove, or an engine that chokes on a crafted doc
            raise Invalid(f"{where} does not replay: {str(exc)[:300]}", "bad_move") from None
        doc = step.doc
        events.append(step.events)
    return doc, events


async def _unused_code(s: AsyncSession) -> str:
    for _ in range(10):
        code = new_code()
        if await queries.table_by_code(s, code) is None:
            return code
    raise RuntimeError("could not find an unused table code")


async def import_table(ctx: Tables, body: object, who: str) -> dict:
    """Check and replay an exported file and store it as a new table, and log who did it: {"code", "game",
    "status", "seq"}; 422 with a sentence for a file that does not replay."""
    g = _game(body)
    assert isinstance(body, dict)
    players = _need(body, "players", int, f"a whole number of seats ({g.min_players} to {g.max_players})")
    try:
        options = g.check_options(players, _need(body, "options", dict, "an object of table options"))
    except ValueError as exc:
        raise Invalid(f"The file's options: {exc}") from None
    names, bots = _seats(body, players)
    initial_doc = _need(body, "initial_doc", dict, "the game's initial document")
    dealt = initial_doc.get("options")  # the options the engine keeps in its doc (table-only ones need not be there)
    if isinstance(dealt, dict) and any(k not in options or options[k] != v for k, v in dealt.items()):
        raise Invalid("The file's 'options' are not the ones its 'initial_doc' was dealt with.")
    moves = _need(body, "moves", list, "a list of moves")
    if len(moves) > MOVES_MAX:
        raise Invalid(f"A file may hold at most {MOVES_MAX} moves; this one has {len(moves)}.")
    # The engines are pure: replay on a worker thread, so a long file does not hold up the other requests.
    doc, events = await asyncio.to_thread(replay_file, g, players, options, initial_doc, moves)
    times = _times(moves)
    result = g.result(doc)
    if result is not None and body.get("result") is not None and body["result"] != result:
        raise Invalid(f"The file's result differs from the replay's ({result.get('outcome')}, "
                      f"{result.get('reason')}): the file was changed.", "bad_result")
    if result is None and body.get("result") is not None:
        raise Invalid(f"The file gives a result, but its {len(moves)} moves do not end the game.", "bad_result")
    now = utcnow()
    known = [t for t in times if t is not None]
    started = min(known) if known else now
    ended = max(known) if known else now
    async with ctx.db.writing() as s:
        table = Table(code=await _unused_code(s), game=g.name, players=players, options=options,
                      seed=IMPORTED_SEED, status="finished" if result is not None else "abandoned",
                      initial_doc=initial_doc, doc=doc, seq=len(moves), to_act=[], result=result, created_at=now,
                      updated_at=now, moved_at=ended, started_at=started, finished_at=ended)
        s.add(table)
        await s.flush()
        s.add_all(Seat(table_id=table.id, seat=i, name=names[i], bot=bots[i], notify=False)
                  for i in range(players))
        s.add_all(Move(table_id=table.id, seq=i, seat=m["seat"], move=m["move"], events=ev, at=at or now)
                  for i, (m, ev, at) in enumerate(zip(moves, events, times), start=1))
        await s.commit()
    log.warning("admin imported table %s", table.code,
                extra={"who": who, "action": "import_table", "game": g.name, "moves": len(moves),
                       "from_code": str(body.get("code"))[:16], "at": iso(now)})
    return {"code": table.code, "game": g.name, "status": table.status, "seq": table.seq}


