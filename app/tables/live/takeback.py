"""Takebacks by agreement, as lichess has them.

Who asks what. In a competitive game a seated player asks to take back their own last move (with the other
seats' moves made since, when someone already answered it: against a bot that answers at once, that is the
only way). In a cooperative game (3-High) any seated player asks, for the team, to take back the last play,
whoever made it. Every other seated person votes, and one no refuses. Bots have no vote: a bot never
refuses, so at a table of one person and bots the takeback is granted at once (lichess's own rule against
the computer), within the limits below.

What may be taken back. A step may be taken back only if choosing again could not use anything it showed:
the engine says so (`Game.takeback_refusal`: a card drawn, dice rolled, a hidden arrangement revealed, a card
from a hidden hand seen, the solitaire's next piece), for every step taken back, and the game says why in its
own words (`Game.takeback_sentence`: this module names no game's reason). In practice: Turning Points
with two or more players, every placement; 3-High, a play that completed a tree (it draws no card; with
hidden hands at a table of several, no play); Martian Treasure Hunt, only an arrangement the others have not
seen yet (every play rolls the next seat's dice); Dash, a dare written or answered, never a draw.

Limits. One request waits at a time; it lapses as soon as any move is made (it is keyed on the table's seq);
a seat asks at most once per position (refused, it waits for the next move) and REQUESTS_MAX times a game;
one takeback takes back at most SPAN_MAX steps.

How. The position is rebuilt from the stored moves without the ones taken back (replayed from the initial
doc: app/tables/takeback_steps.py), under the live table's lock, and the last vote stores it in the same
transaction as a takeback step at the next seq (app/store/takeback_records.py), then published exactly as a
move is (actor.after_commit: every instance's live table and sockets, your_turn, bots). The turn's clock
starts again from the takeback, as from any move. A request that waits for answers is told to the people
asked on their channels (ctx.takeback_asked: app/tables/notify/turns.py).
"""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from app.games import GAMES
from app.store import Table, admin_queries, utcnow
from app.store.takeback_records import Rebuilt, TakebackAsk, TakebackVote, TakebackWithdraw
from app.tables.live.takeback_rules import RULES
from app.tables.errors import Conflict, Forbidden, N_, NotPlaying
from app.tables.live import commands
from app.tables.live.actor import after_chat, after_commit, stored
from app.tables.live.pace import pace_line
from app.tables.live.state import iso, make_step, takeback_state
from app.tables.seats import Caller, not_found
from app.tables.takeback_steps import doc_after, takeback_events, takeback_from, takeback_move

if TYPE_CHECKING:
    from app.tables.live.context import Context
    from app.tables.live.tables import LiveTable

REQUESTS_MAX = 10  # takebacks a seat may ask for in one game
SPAN_MAX = 12  # steps one takeback may take back

def plan(g: Any, initial_doc: dict, steps: list[dict], seat: int, seq: int) -> tuple[int, Rebuilt]:
    """What `seat` may take back at `seq` given the table's `steps` ({"seq", "seat", "move", "events"}):
    the first step taken back and the table rebuilt without the steps from it on; a Conflict with the
    sentence why not. Pure, on a worker thread."""
    docs, alive = [initial_doc], []  # docs[i]: after i steps; alive: the steps in force, in order
    doc = initial_doc
    for step in steps:
        back = doc_after(docs, step["seq"], step["move"])
        if back is None:
            doc = g.apply(doc, step["seat"], step["move"]).doc
            alive.append(step)
        else:
            first = takeback_from(step["move"])
            alive = [x for x in alive if x["seq"] < first]
            doc = back
        docs.append(doc)
    if not alive:
        raise Conflict(N_("There is nothing to take back: no move stands yet."), "nothing_to_take_back")
    if g.cooperative:
        start = len(alive) - 1  # the team's last play, whoever made it
    else:
        mine = [i for i, x in enumerate(alive) if x["seat"] == seat]
        if not mine:
            raise Conflict(N_("You have no move to take back."), "nothing_to_take_back")
        start = mine[-1]
    span = alive[start:]
    if len(span) > SPAN_MAX:
        raise Conflict(N_("Too much has been played since your move: at most {n} moves are taken back at once."),
                       "takeback_too_far", n=SPAN_MAX)
    for step in span:
        why = g.takeback_refusal(docs[step["seq"] - 1], step["seat"], step["move"], step["events"])
        if why is not None:
            raise Conflict(g.takeback_sentence(why), "takeback_refused")  # the game's own words
    first = span[0]["seq"]
    doc = docs[first - 1]
    return first, Rebuilt(doc, list(g.to_act(doc)), takeback_move(first), takeback_events(seat, first, seq + 1))


async def _history(ctx: Context, live: LiveTable) -> tuple[dict, dict | None, list[dict]]:
    """The table's initial doc, its takeback as stored, and its steps up to the live seq."""
    snap = live.snap
    async with ctx.db.reading() as s:
        row = (await s.execute(select(Table.initial_doc, Table.takeback).where(Table.id == snap.id))).one_or_none()
        moves = await admin_queries.all_moves(s, snap.id, upto=snap.seq)
    if row is None:
        ctx.live.drop(snap.code)
        raise not_found(snap.code)
    return row[0], row[1], [make_step(m.seq, m.seat, m.move, m.events) for m in moves]


async def _plan(live: LiveTable, initial: dict, steps: list[dict], seat: int) -> tuple[int, Rebuilt]:
    return await asyncio.to_thread(plan, GAMES[live.snap.game], initial, steps, seat, live.snap.seq)


def _playing(live: LiveTable) -> None:
    snap = live.snap
    if snap.status != "playing":
        raise NotPlaying(N_("Table {code} is not playing: there is nothing to take back."), code=snap.code)


async def _done(ctx: Context, live: LiveTable, command: Any, result: tuple, rebuilt: Rebuilt | None) -> dict:
    """The command's result: refused with a sentence, or stored and published (the takeback too, once
    agreed). In the table actor's turn."""
    kind, code = result[0], command.code
    if kind == "gone":
        ctx.live.drop(code)
        raise not_found(code)
    if kind == "moved":
        ctx.live.drop(code)  # another instance moved on: read again next time
        raise Conflict(N_("The table has moved on meanwhile, so the takeback lapsed: look again."), "takeback_lapsed")
    refusals = {
        "busy": (Conflict, N_("A takeback is asked already: wait for the answer."), "takeback_busy"),
        "asked": (Conflict, N_("You asked already at this point of the game: wait for the next move."),
                  "takeback_asked"),
        "limit": (Conflict, N_("You have asked for {n} takebacks in this game, the most there may be."),
                  "takeback_limit"),
        "none": (Conflict, N_("No takeback is waiting for an answer at this table."), "no_takeback"),
        "not_voter": (Forbidden, N_("This takeback is not yours to answer."), "not_voter"),
        "voted": (Conflict, N_("You have accepted this takeback already: it waits for the others."),
                  "takeback_voted"),
    }
    if kind in refusals:
        error, sentence, why = refusals[kind]
        raise error(sentence, why, n=REQUESTS_MAX) if kind == "limit" else error(sentence, why)
    _, takeback, applied, lines = result
    snap, now = live.snap, utcnow()
    if applied:
        assert rebuilt is not None
        step = make_step(snap.seq + 1, takeback["by"], rebuilt.move, rebuilt.events)
        new = snap.moved(doc=rebuilt.doc, seq=snap.seq + 1, to_act=rebuilt.to_act, updated_at=iso(now), last=step,
                         takeback=takeback)
        live.advance(new, step | {"at": new.updated_at})
    else:
        new = live.snap = snap.moved(takeback=takeback)
    for line in lines:
        await after_chat(ctx, code, pace_line(line, iso(now)))
    if applied:
        await after_commit(ctx, new, step=step, newly=[x for x in new.to_act if x not in snap.to_act])
    else:
        await ctx.publish_state(new)
    return {"takeback": takeback_state(new), "applied": applied, "seq": new.seq}


async def ask(ctx: Context, caller: Caller) -> dict:
    """`caller` asks to take back their last move (a cooperative game: the team's last play)."""
    return await ctx.actors.ask(caller.code, commands.TakebackAsk(caller.code, caller.seated()))


async def on_ask(ctx: Context, command: commands.TakebackAsk) -> dict:
    seat = command.seat
    live = await ctx.live.get(command.code)
    _playing(live)
    current = takeback_state(live.snap)
    if current is not None and current["open"]:
        raise Conflict(N_("A takeback is asked already: wait for the answer."), "takeback_busy")
    initial, _, steps = await _history(ctx, live)
    first, rebuilt = await _plan(live, initial, steps, seat)
    result = await stored(ctx, TakebackAsk(live.snap.id, seat, live.snap.seq, first, REQUESTS_MAX, utcnow(),
                                           RULES, rebuilt))
    done = await _done(ctx, live, command, result, rebuilt)
    if not done["applied"]:  # the people asked to answer hear of it on their channels (not at the table)
        ctx.takeback_asked(live.snap)
    return done


async def vote(ctx: Context, caller: Caller, yes: bool) -> dict:
    """`caller` accepts or refuses the takeback waiting at the table; the last yes takes the moves back."""
    return await ctx.actors.ask(caller.code, commands.TakebackVote(caller.code, caller.seated(), yes))


async def on_vote(ctx: Context, command: commands.TakebackVote) -> dict:
    seat, yes = command.seat, command.yes
    live = await ctx.live.get(command.code)
    _playing(live)
    initial, current, steps = await _history(ctx, live)  # the request as stored (any instance's votes)
    if not current or current.get("seq") != live.snap.seq or not current.get("open"):
        raise Conflict(N_("No takeback is waiting for an answer at this table."), "no_takeback")
    rebuilt = None
    if yes:  # this yes may be the last: the rebuilt table goes with it (stored only then)
        first, rebuilt = await _plan(live, initial, steps, current["by"])
        if first != current["from"]:
            raise Conflict(N_("The table has moved on meanwhile, so the takeback lapsed: look again."),
                           "takeback_lapsed")
    result = await stored(ctx, TakebackVote(live.snap.id, seat, live.snap.seq, current["from"], yes, utcnow(),
                                            RULES, rebuilt))
    return await _done(ctx, live, command, result, rebuilt)


async def withdraw(ctx: Context, caller: Caller) -> dict:
    """The asker withdraws the takeback waiting for answers."""
    return await ctx.actors.ask(caller.code, commands.TakebackWithdraw(caller.code, caller.seated()))


async def on_withdraw(ctx: Context, command: commands.TakebackWithdraw) -> dict:
    seat = command.seat
    live = await ctx.live.get(command.code)
    _playing(live)
    result = await stored(ctx, TakebackWithdraw(live.snap.id, seat, utcnow(), RULES))
    return await _done(ctx, live, command, result, None)
