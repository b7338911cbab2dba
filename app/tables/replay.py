"""Replays: a table's doc after any number of moves, replayed from its initial doc through the engine.

A replay starts from the table's initial doc and applies each stored move in seq order (engines are
deterministic, ENGINE.md; a takeback step goes back to the doc before the first step it takes back:
app/tables/takeback_steps.py); at the current seq it must land on the stored doc, and each replayed step's
events must equal the stored ones. Anything else is reported as `"consistent": false` with a sentence.

Two readers: the admin (any table, any time, everything shown) and everyone else once the game has ended
(GET /api/tables/{code}/replay): then every hand is revealed, as the table would show it after the end, but
never the doc's "secret" (which feeds every later chance), and its steps as made (once a game is over,
`Game.move_view` shows every move as made, ENGINE.md; before the end the replay is refused, 409 not_over,
so no step reaches a player here before its reveal). An ended table never changes, so its replayed
docs are kept in a small in-process cache: stepping through a game replays it once.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES
from app.store import ENDED, Move, Table, admin_queries
from app.tables.deals.spoilers import check_spoilers
from app.tables.errors import N_, Conflict, Invalid
from app.tables.seats import find_table
from app.tables.takeback_steps import doc_after, taken_back, takeback_from

CACHE_TABLES = 16  # ended tables whose every replayed doc is kept
HIDDEN = ("secret",)  # doc fields a player's replay never shows


@dataclass(frozen=True)
class Replayed:
    docs: list[dict]  # docs[i]: the doc after i moves
    steps: list[dict]  # steps[i - 1]: the step that led to docs[i]
    problems: list[tuple[int, str]]  # (the seq it shows at, a sentence): how the replay disagrees


_cache: OrderedDict[tuple[int, str, int], Replayed] = OrderedDict()



def is_over(status: str | None) -> bool:
    """Whether a table in `status` has ended (finished or abandoned): its replay and record are open."""
    return status in ENDED

def step_of(m: Move) -> dict:
    """A stored move as a step; "stand_in" ({"for", "why"}) on a move the bot played for a seat whose time ran out."""
    step = {"seq": m.seq, "seat": m.seat, "move": m.move, "events": m.events}
    return step | {"stand_in": m.stand_in} if m.stand_in else step


def replay_steps(game: Any, initial_doc: dict, steps: list[dict]) -> tuple[list[dict], list[tuple[int, str]]]:
    """Apply `steps` ({"seq", "seat", "move", "events"}) to `initial_doc` in order: the doc after each of
    them (the initial doc first), and (seq, sentence) for each way the replay disagrees with the stored
    steps (empty: it agrees). A step the engine refuses ends the replay there."""
    docs, problems = [initial_doc], []
    doc = initial_doc
    for want, step in enumerate(steps, start=1):
        if step["seq"] != want:
            problems.append((want, f"Move {want} is missing: the store jumps to seq {step['seq']}."))
            break
        if takeback_from(step["move"]) is not None:  # a takeback: back to the doc before the first step taken back
            back = doc_after(docs, want, step["move"])
            if back is None:
                problems.append((want, f"Move {want} takes back steps that are not before it."))
                break
            doc = back
            docs.append(doc)
            continue
        try:
            applied = game.apply(doc, step["seat"], step["move"])
        except Exception as exc:  # a stored move the engine now refuses: report, never 500
            problems.append((want, f"Move {want} no longer replays: {str(exc)[:200]}"))
            break
        if applied.events != step["events"]:
            problems.append((want, f"Move {want} replays with other events than the stored ones."))
        doc = applied.doc
        docs.append(doc)
    return docs, problems


def parse_seq(raw: int | None, current: int, code: str) -> int:
    seq = current if raw is None else raw
    if not 0 <= seq <= current:
        if current == 1:
            raise Invalid(N_("seq must be between 0 and 1 (table {code} has had 1 move); it was {seq}."), code=code,
                          seq=seq)
        raise Invalid(N_("seq must be between 0 and {current} (table {code} has had {current} moves); it was {seq}."),
                      current=current, code=code, seq=seq)
    return seq


def game_of(table: Table) -> Any:
    g = GAMES.get(table.game)
    if g is None:
        raise Invalid(N_("Table {code} is a game of {game}, which this server no longer knows."), code=table.code,
                      game=repr(table.game))
    return g


async def replayed(s: AsyncSession, table: Table, upto: int) -> Replayed:
    """The table replayed up to move `upto` at least (an ended table: all of it, cached)."""
    ended = table.status in ENDED
    key = (table.id, table.code, table.seq)
    if ended and key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    g = game_of(table)
    steps = [step_of(m) for m in await admin_queries.all_moves(s, table.id, upto=None if ended else upto)]
    docs, problems = replay_steps(g, table.initial_doc, steps)
    if not problems and len(steps) == table.seq and docs[-1] != table.doc:
        problems.append((table.seq, f"Replaying all {table.seq} moves does not give the stored doc of table "
                                    f"{table.code}."))
    out = Replayed(docs, steps, problems)
    if ended:
        _cache[key] = out
        while len(_cache) > CACHE_TABLES:
            _cache.popitem(last=False)
    return out


def _at(r: Replayed, n: int) -> tuple[dict | None, dict | None]:
    """The doc after n moves and the step that led there (None, None past a broken replay)."""
    doc = r.docs[n] if n < len(r.docs) else None
    step = r.steps[n - 1] if n and n <= len(r.steps) else None
    return doc, step


async def admin_replay(s: AsyncSession, code: str, seq: int | None = None) -> dict:
    """The doc after `seq` moves (default: all of them), hidden information included, the step that led
    there, and whether the replay agrees with the store."""
    table = await find_table(s, code)
    n = parse_seq(seq, table.seq, table.code)
    g = game_of(table)
    r = await replayed(s, table, n)
    doc, step = _at(r, n)
    if doc is None:  # the replay broke before n: show where it stopped
        doc = r.docs[-1]
    problems = [sentence for at, sentence in r.problems if at <= n]
    return {
        "code": table.code,
        "game": table.game,
        "seq": n,
        "of": table.seq,
        "doc": doc,
        "view": _view(g, doc),
        "step": step,
        "text": _text(g, doc),
        "consistent": not problems,
        "problems": problems,
        "taken_back": sorted(taken_back(r.steps)),
    }


async def public_replay(s: AsyncSession, code: str, seq: int | None = None, *, cookie: str | None = None,
                        chosen: Collection[str] = ()) -> dict:
    """For anyone, once the game has ended (409 `not_over` before): the doc after `seq` moves with every hand
    shown but without its secret, the spectator's view of it, and the step that led there. Under the spoiler
    rule (403 `spoilers` to a browser, by its identity `cookie`, that plays the same deal elsewhere, unless
    `chosen` names the deal)."""
    table = await find_table(s, code)
    await check_spoilers(s, table.id, cookie=cookie, chosen=chosen)
    if table.status not in ENDED:
        if table.status == "lobby":
            raise Conflict(N_("Table {code} is still in the lobby: its replay opens when the game has ended."),
                           "not_over", code=table.code)
        raise Conflict(N_("Table {code} is still playing: its replay opens when the game has ended."), "not_over",
                       code=table.code)
    n, g, doc, step = await ended_at(s, table, seq)
    return {
        "code": table.code,
        "game": table.game,
        "status": table.status,
        "seq": n,
        "of": table.seq,
        "doc": strip_hidden(doc),
        "view": _view(g, doc),
        "step": step,
        "taken_back": sorted(taken_back((await replayed(s, table, n)).steps)),  # cached: an ended table
    }


async def ended_at(s: AsyncSession, table: Table, seq: int | None) -> tuple[int, Any, dict, dict | None]:
    """An ended table after `seq` moves (default: all; 422 outside the game): that number, the game, the doc
    (hidden information included: strip it before it leaves) and the step that led there; 409 past a replay
    that breaks. The public replay's and the review room's (app/tables/review/lines.py)."""
    n = parse_seq(seq, table.seq, table.code)
    g = game_of(table)
    r = await replayed(s, table, n)
    doc, step = _at(r, n)
    if doc is None:
        raise Conflict(N_("Move {n} of table {code} cannot be replayed: {problem}"), "conflict", n=n, code=table.code,
                       problem=r.problems[0][1])
    return n, g, doc, step


def strip_hidden(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k not in HIDDEN}


def _view(g: Any, doc: dict) -> dict | None:
    """A spectator's view of the replayed doc (it carries facts the engine derives for drawing)."""
    try:
        return g.view(doc, None)
    except Exception:  # a doc that stopped half way through a broken replay
        return None


def _text(g: Any, doc: dict) -> str | None:
    try:
        return g.render_text(doc)
    except Exception:
        return None
