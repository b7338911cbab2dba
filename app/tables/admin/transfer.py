"""Export and import of a game (the admin's): a file with everything needed to replay it anywhere.

    {"format": "icehouse-table/1", "game", "players", "options", "seed", "seats": [name per seat],
     "initial_doc", "moves": [{"seq", "seat", "move", "at", "stand_in"?}], "result", "chat": [{"seat", "name",
     "text", "at"}], "created_at", "started_at", "finished_at", "pace"}

("pace" and a move's "stand_in", a forfeit's result: app/tables/admin/transfer_pace.py)

plus, for information, "code", "status", "bots" (the bot's name per seat, or null) and "exported_at".

An import trusts nothing the rules can work out themselves: the game is dealt again by the
engine's own `setup` from the file's game, seat count, options and seed, and the file's "initial_doc" must
be exactly that deal (a made-up first position, a stub "game over" doc or trees built before the first
move are refused); every move is replayed through the engine from there (the first that does not replay
is refused, naming its seq); the result is the replay's own, and a file's result that differs from it is
refused. Anything else is a 422 naming what was wrong. Files written before the seed was exported cannot
be checked and are refused with a sentence saying to export the table again.

It makes a new table marked imported (the statistics leave it out), "finished" (or "abandoned" when the
moves stop before the end), with its seats named and nobody sitting, its chat, and the times of the
original (created, started, finished; from its moves when the file has none): it can be read and
replayed like any other.
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES
from app.store import ChatMessage, Move, Seat, Table, admin_queries, utcnow
from app.tables import says
from app.tables import text
from app.tables.admin.tables import parse_when
from app.tables.admin.transfer_pace import forfeit_of, pace_export, pace_of_file, stand_in_of
from app.tables.live.chat import KINDS
from app.tables.errors import N_, Invalid, W_
from app.tables.identity import unused_code
from app.tables.seats import find_table
from app.tables.live.state import iso
from app.tables.takeback_steps import doc_after, takeback_events, takeback_from

if TYPE_CHECKING:
    from app.tables.service import Tables

log = logging.getLogger("icehouse.admin")

FORMAT = "icehouse-table/1"
RECORD_FORMAT = "icehouse-game-record"  # the open game record's (app/tables/record/format.py, a room above this one)
MOVES_MAX = 5_000  # moves in one file (the longest games here take a few hundred)
CHAT_LINES_MAX = 20_000  # chat lines in one file
SEED_PATTERN = re.compile(r"[0-9A-Za-z_.:-]{1,64}")  # the seeds this server writes (hex; old ones decimal)
OLD_SEED = re.compile(r"[0-9]{1,20}")  # a table made before revision 0002 was dealt from this int


async def export_table(s: AsyncSession, code: str) -> dict:
    table = await find_table(s, code)
    seats = (await admin_queries.seats_of_tables(s, [table.id]))[table.id]
    names = {x.seat: x.name for x in seats}
    bots = {x.seat: x.bot for x in seats}
    moves = await admin_queries.all_moves(s, table.id)
    chat = await admin_queries.all_chat(s, table.id)
    return {
        "format": FORMAT,
        "game": table.game,
        "players": table.players,
        "options": table.options,
        "seed": table.seed,
        "seats": [names.get(i) for i in range(table.players)],
        "initial_doc": table.initial_doc,
        "moves": [{"seq": m.seq, "seat": m.seat, "move": m.move, "at": iso(m.at)}
                  | ({"stand_in": m.stand_in} if m.stand_in else {}) for m in moves],
        "result": table.result,
        "chat": [{"seat": c.seat, "name": c.name, "text": c.text, "at": iso(c.at)} | ({"say": c.say} if c.say else {})
                 for c in chat],
        "created_at": iso(table.created_at),
        "started_at": iso(table.started_at),
        "finished_at": iso(table.finished_at),
        "pace": pace_export(table),
        "code": table.code,
        "status": table.status,
        "imported": bool(table.imported),
        "bots": [bots.get(i) for i in range(table.players)],
        "exported_at": iso(utcnow()),
    }


# -- reading a file ---------------------------------------------------------------------------------------
def _need(body: dict, key: str, kind: type | tuple[type, ...], what: str) -> Any:
    value = body.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise Invalid(N_("The file's {key} must be {what}."), key=repr(key), what=W_(what))
    return value


def _game(body: object) -> Any:
    if not isinstance(body, dict):
        raise Invalid(N_("An import is a JSON object in the {format} format."), format=FORMAT)
    if body.get("format") != FORMAT:
        raise Invalid(N_("Unknown format {given}: this server reads game records ({record}, what the admin's "
                         "export writes) and the older {format} files."), "bad_format",
                      given=repr(str(body.get("format"))[:40]), record=repr(RECORD_FORMAT), format=repr(FORMAT))
    name = body.get("game")
    g = GAMES.get(name) if isinstance(name, str) else None
    if g is None:
        raise Invalid(N_("This server has no game called {game}; it knows: {games}."), "unknown_game",
                      game=repr(str(name)[:40]), games=", ".join(sorted(GAMES)))
    return g


def _seats(body: dict, players: int) -> tuple[list[str], list[str | None]]:
    names = _need(body, "seats", list, W_(N_("a list of {players} seat names"), players=players))
    if len(names) != players:
        raise Invalid(N_("The file's 'seats' names {count} seats; the game has {players}."), count=len(names),
                      players=players)
    # a seat nobody took is stored under this name, in English like the rest of the table's stored words
    cleaned = [f"Seat {i + 1}" if name is None else text.name(name, what=W_(N_("The name of seat {seat}"), seat=i))
               for i, name in enumerate(names)]
    bots = body.get("bots")
    if not isinstance(bots, list) or len(bots) != players:
        bots = [None] * players
    bots = [text.name(b, what=W_(N_("The bot of seat {seat}"), seat=i), required=False) if isinstance(b, str) else None
            for i, b in enumerate(bots)]  # shown as the seat's bot_name: a name like any other (empty: no bot)
    return cleaned, bots


def _when(raw: object, what: str) -> datetime | None:
    """A time of the file (ISO 8601, or null); 422 naming `what` for anything else, years 1 to 9999 in UTC."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise Invalid(N_("{what} must be an ISO 8601 time."), what=W_(what))
    return parse_when(raw if len(raw) != 10 else raw + "T00:00:00Z", what, end=False)


def _times(moves: list[dict]) -> list[datetime | None]:
    return [_when(m.get("at"), W_(N_("Move seq {seq}: 'at'"), seq=str(m.get("seq"))[:20])) for m in moves]


def _chat(body: dict, players: int) -> list[dict]:
    """The file's chat lines, checked like lines said here (older files have none)."""
    lines = body.get("chat")
    if lines is None:
        return []
    if not isinstance(lines, list):
        raise Invalid(N_("The file's 'chat' must be a list of chat lines."))
    if len(lines) > CHAT_LINES_MAX:
        raise Invalid(N_("A file may hold at most {max} chat lines; this one has {count}."), max=CHAT_LINES_MAX,
                      count=len(lines))
    out = []
    for i, line in enumerate(lines, start=1):
        where = W_(N_("Chat line {line}"), line=i)
        if not isinstance(line, dict):
            raise Invalid(N_("{where} must be an object with seat, name, text and at."), where=where)
        seat = line.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not (0 <= seat < players or seat in KINDS):
            raise Invalid(N_("{where}: 'seat' must be a seat of the table (0 to {last}), or {kinds} for a line of "
                             "the table's own."), where=where, last=players - 1,
                          kinds=", ".join(str(k) for k in sorted(KINDS)))
        said = line.get("say")  # a line of the table's own, as a message id and params: kept if it is one of ours
        out.append({"seat": seat, "name": text.name(line.get("name"), what=W_(N_("{where}: the name"), where=where)),
                    "text": text.chat_line(line.get("text"), what=W_(N_("{where}: the text"), where=where)),
                    "say": said if seat in KINDS and says.valid(said) else None,
                    "at": _when(line.get("at"), W_(N_("{where}: 'at'"), where=where))})
    return out


def _as_json(doc: Any) -> Any:
    """A doc as it reads back from the database's JSON column (tuples become lists, keys text)."""
    return json.loads(json.dumps(doc))


def deal_of_file(g: Any, players: int, options: dict, body: dict) -> tuple[str, dict]:
    """The file's seed and its initial doc, dealt again by the engine's `setup`; 422 unless the file's
    "initial_doc" is exactly that deal."""
    seed = body.get("seed")
    if seed == "imported":  # the mark of a table imported before revision 0006: its seed was not kept
        raise Invalid(N_("The file comes from a table imported before seeds were kept, so its first position "
                         "cannot be dealt again and checked: import the original export instead."), "bad_deal")
    if seed is None:
        raise Invalid(N_("The file has no 'seed', so its first position cannot be dealt again and checked (files "
                         "exported before seeds were written): export the table again from its server."), "bad_deal")
    if not isinstance(seed, str) or not SEED_PATTERN.fullmatch(seed):
        raise Invalid(N_("The file's 'seed' must be the table's seed as exported (1 to 64 letters, digits or "
                         "'_.:-')."), "bad_deal")
    given = body.get("initial_doc")
    for candidate in [seed, *([int(seed)] if OLD_SEED.fullmatch(seed) else [])]:
        try:
            dealt = _as_json(g.setup(players=players, options=options, seed=candidate))
        except Exception as exc:  # options the engine refuses at setup
            raise Invalid(N_("The file's game cannot be dealt: {problem}"), "bad_deal",
                          problem=str(exc)[:200]) from None
        if given is None or given == dealt:
            return seed, dealt
    raise Invalid(N_("The file's 'initial_doc' is not the start of a {players}-seat {game} game dealt from its "
                     "'seed' and 'options': the file was changed (an import starts from the deal the rules "
                     "make, never from a position of the file's)."), "bad_deal", players=players, game=g.title)


def replay_file(g: Any, players: int, initial_doc: dict, moves: list) -> tuple[dict, list[dict]]:
    """Replay the file's moves: the last doc and each step's events; 422 naming the first bad seq."""
    doc, events, docs = initial_doc, [], [initial_doc]
    for want, m in enumerate(moves, start=1):
        seq = m.get("seq") if isinstance(m, dict) else None
        where = W_(N_("Move seq {seq}"), seq=want)
        if not isinstance(m, dict) or type(seq) is not int or seq != want:  # 1.0 or true is not seq 1
            raise Invalid(N_("{where} is missing: the moves must be numbered 1, 2, 3... (found {found})."),
                          "bad_move", where=where, found=str(seq)[:20])
        seat, move = m.get("seat"), m.get("move")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise Invalid(N_("{where}: 'seat' must be a seat of the table (0 to {last})."), "bad_move", where=where,
                          last=players - 1)
        if takeback_from(move) is not None:  # a takeback step: back to the doc before the first taken back
            back = doc_after(docs, want, move)
            if back is None or g.result(doc) is not None:
                raise Invalid(N_("{where} takes back steps that are not before it, or follows the game's end."),
                              "bad_move", where=where)
            doc = back
            docs.append(doc)
            events.append(takeback_events(seat, takeback_from(move), want))
            continue
        try:
            if seat not in g.to_act(doc):
                acting = g.to_act(doc)
                raise Invalid(N_("{where} does not replay: seat {seat} was not to act then (to act: {acting})."),
                              "bad_move", where=where, seat=seat,
                              acting=str(acting) if acting else W_(N_("nobody, the game was over")))
            step = g.apply(doc, seat, move)
        except Invalid:
            raise
        except Exception as exc:  # IllegalMove (or an engine's bug on a strange move)
            raise Invalid(N_("{where} does not replay: {reason}"), "bad_move", where=where,
                          reason=str(exc)[:300]) from None
        doc = step.doc
        docs.append(doc)
        events.append(step.events)
    return doc, events


Rebuilt = tuple[str, dict, dict, list, "dict | None"]  # seed, initial doc, last doc, each step's events, result


def rebuild(g: Any, players: int, options: dict, body: dict, moves: list) -> tuple[str, dict, dict, list, dict | None]:
    """Deal and replay the file (on a worker thread): its seed, the initial doc, the last doc, each step's
    events and the result the rules give; 422 for a file whose result is not that one."""
    seed, initial_doc = deal_of_file(g, players, options, body)
    doc, events = replay_file(g, players, initial_doc, moves)
    result = g.result(doc)
    given = body.get("result")
    if given is not None and result is None:
        result = forfeit_of(g, players, doc, given)  # a seat ran out of time: the one result the rules cannot give
    if given is not None and result is None:
        raise Invalid(N_("The file gives a result, but its {count} moves do not end the game."), "bad_result",
                      count=len(moves))
    if given is not None and _as_json(result) != given:
        raise Invalid(N_("The file's result differs from the replay's ({outcome}, {reason}, winners {winners}): "
                         "the file was changed."), "bad_result", outcome=str(result.get("outcome")),
                      reason=str(result.get("reason")), winners=str(result.get("winners")))
    return seed, initial_doc, _as_json(doc), events, result


def _span(body: dict, times: list[datetime | None], chat: list[dict]) -> tuple[datetime, datetime, datetime, datetime]:
    """created, started, finished and the last move's time from the file's times (the import's own when it
    has none), in order whatever the file says: created <= started <= every move <= finished."""
    now = utcnow()
    known = [t for t in times if t is not None]
    created = _when(body.get("created_at"), W_(N_("The file's 'created_at'")))
    started = _when(body.get("started_at"), W_(N_("The file's 'started_at'")))
    finished = _when(body.get("finished_at"), W_(N_("The file's 'finished_at'")))
    spoken = [c["at"] for c in chat if c["at"] is not None]
    earliest = min([t for t in (created, started, *known, *spoken) if t is not None], default=now)
    created = earliest  # the file's creation, unless something of the table is older
    started = min([t for t in (started, *known) if t is not None], default=created)
    moved = max(known, default=started)
    finished = max(finished, moved) if finished is not None else moved
    return created, max(started, created), finished, moved


async def import_table(ctx: Tables, body: object, who: str, *, rebuilt: Rebuilt | None = None,
                       action: str = "import_table") -> dict:
    """Check and replay an exported file and store it as a new table marked imported, and log who did it:
    {"code", "game", "status", "seq"}; 422 with a sentence for a file that does not replay. A game record
    (app/tables/record/opening.py) comes here with its deal and replay done (`rebuilt`), in this file's shape."""
    g = _game(body)
    assert isinstance(body, dict)
    players = _need(body, "players", int, W_(N_("a whole number of seats ({low} to {high})"), low=g.min_players,
                                             high=g.max_players))
    if not g.min_players <= players <= g.max_players:
        raise Invalid(N_("{game} is played by {low} to {high} players, not {players}."), game=g.title,
                      low=g.min_players, high=g.max_players, players=players)
    try:
        options = g.check_options(players, _need(body, "options", dict, W_(N_("an object of table options"))))
    except ValueError as exc:
        raise Invalid(N_("The file's options: {problem}"), problem=str(exc)) from None
    names, bots = _seats(body, players)
    if "initial_doc" in body:
        _need(body, "initial_doc", dict, W_(N_("the game's initial document")))
    moves = _need(body, "moves", list, W_(N_("a list of moves")))
    if len(moves) > MOVES_MAX:
        raise Invalid(N_("A file may hold at most {max} moves; this one has {count}."), max=MOVES_MAX,
                      count=len(moves))
    chat = _chat(body, players)
    pace = pace_of_file(body) or {}
    # The engines are pure: deal and replay on a worker thread, so a long file does not hold up the others.
    if rebuilt is None:
        rebuilt = await asyncio.to_thread(rebuild, g, players, options, body, moves)
    seed, initial_doc, doc, events, result = rebuilt
    times = _times(moves)
    marks = [stand_in_of(m, W_(N_("Move seq {seq}"), seq=i)) for i, m in enumerate(moves, start=1)]
    created, started, finished, moved = _span(body, times, chat)
    now = utcnow()
    async def store(s: Any) -> Table:  # through the writer, like every write
        table = Table(code=await unused_code(s), game=g.name, players=players, options=options, seed=seed,
                      status="finished" if result is not None else "abandoned", imported=True,
                      initial_doc=initial_doc, doc=doc, seq=len(moves), to_act=[], result=result,
                      created_at=created, updated_at=now, moved_at=moved if moves else created,
                      started_at=started, finished_at=finished, pace=pace.get("seconds"),
                      pace_timeout=pace.get("timeout"), pace_forfeit_after=pace.get("forfeit_after"))
        s.add(table)
        await s.flush()
        s.add_all(Seat(table_id=table.id, seat=i, name=names[i], bot=bots[i], notify=False)
                  for i in range(players))
        s.add_all(Move(table_id=table.id, seq=i, seat=m["seat"], move=m["move"], events=ev, at=at or moved,
                       stand_in=mark) for i, (m, ev, at, mark) in enumerate(zip(moves, events, times, marks), start=1))
        s.add_all(ChatMessage(table_id=table.id, seat=c["seat"], name=c["name"], text=c["text"], say=c["say"],
                              at=c["at"] or moved) for c in chat)
        return table

    table = await ctx.writer.transaction(store)
    log.warning("admin imported table %s" if action == "import_table" else "a game record opened as table %s",
                table.code,
                extra={"who": who, "action": action, "game": g.name, "moves": len(moves),
                       "from_code": text.safe(str(body.get("code"))[:16]), "at": iso(now)})
    return {"code": table.code, "game": g.name, "status": table.status, "seq": table.seq}
