"""The analyses' work, a step at a time in the bots' workers (runner.py claims the row and records the end).

- "moves" (subject: a finished table's code): each move scored from its mover's view at the time (the view
  the mover had, as the bots get it for a live turn; app/bots/scores.py), in order; progress written after
  each move, so a row taken over or resumed goes on from the last move written.
- "deal" (subject: a deal's id): the game's bot plays the deal at every seat, as many times as the game
  asks (Game.yardstick_plays: the first play its own, the next ones with its search's seed salted by the
  play's number, so the plays vary as a team's would; once for a bot that has no chance to vary); one
  decision per step, the results written after each play. A play cut short by a restart is played again
  from its start, the same (every decision is deterministic).
"""
from __future__ import annotations

from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, Protocol

from app.bots import bot_for_game, varied
from app.bots import scores as bot_scores
from app.games import GAMES
from app.store import deal_queries, queries
from app.tables.errors import N_
from app.tables.takeback_steps import doc_after, taken_back, takeback_from

if TYPE_CHECKING:
    from app.config import Settings
    from app.store.models import Analysis
    from app.tables.live.context import Context

VERSION = 1  # the analysers' version: rows of an older one are done again when next asked for
MAX_SCORED = 1000  # moves scored per table, at most (the first ones)
MAX_DEAL_PLIES = 400  # a bot's play of a deal longer than this is cut (the games' plays end far sooner)
STEP_TRIES = 2  # a step past its time cap is tried again once, then given up (a move: left unscored)


class Analyses(Protocol):
    """What a job asks of the runner that claimed its row (runner.Analyses, which runs the jobs)."""

    ctx: Context
    settings: Settings

    async def queue(self, kind: str, subject: str, total: int, *, now: bool = False) -> None: ...

    async def progress(self, kind: str, subject: str, done: int, total: int, result: dict) -> None: ...

    async def step(self, fn: Any, *args: Any) -> Any: ...


class Failed(Exception):
    """The analysis cannot be done: its sentence is the row's error."""


async def run(runner: Analyses, row: Analysis) -> dict:
    if row.kind == "moves":
        return await moves(runner, row)
    if row.kind == "deal":
        return await deal(runner, row)
    raise Failed(f"There is no analysis of kind {row.kind!r}.")


# -- a finished table's moves --------------------------------------------------------------------------
async def moves(runner: Analyses, row: Analysis) -> dict:
    async with runner.ctx.db.reading() as s:
        table = await queries.table_by_code(s, row.subject)
        if table is None or table.game not in GAMES:
            raise Failed("The table is gone.")
        if table.status != "finished":
            raise Failed("Only a finished game's moves are scored.")
        stored = await queries.moves_since(s, table.id, 0, limit=MAX_SCORED)
    g = GAMES[table.game]
    plays = plays_for(table.game, table.players, runner.settings.analysis_plays)
    if table.deal_id and plays:  # a game on a shared deal: the deal's yardstick too (after these scores)
        await runner.queue("deal", table.deal_id, plays, now=True)
    scored = list((row.result or {}).get("moves") or [])[:row.done]
    total = len(stored)
    doc = table.initial_doc
    docs = [doc]  # after 0, 1, ... moves: a takeback step goes back to one of them (app/tables/takeback_steps.py)
    for m in stored:
        back = doc_after(docs, m.seq, m.move)
        if back is None:
            if m.seq > len(scored):
                scored.append(await score_move(runner, g, doc, m.seq, m.seat, m.move))
                await runner.progress("moves", row.subject, len(scored), total, {"moves": scored})
            doc = g.apply(doc, m.seat, m.move).doc
        else:  # a takeback: nothing to score
            if m.seq > len(scored):
                scored.append(takeback_entry(m.seq, m.seat, m.move))
            doc = back
        docs.append(doc)
    gone = taken_back({"seq": m.seq, "move": m.move} for m in stored)
    scored = [entry | {"taken_back": True} if entry["seq"] in gone else entry for entry in scored]
    return {"moves": scored, "turning_point": turning_point(scored)}


def takeback_entry(seq: int, seat: int, move: dict) -> dict:
    """A takeback step's place among the scores: not a play, never marked."""
    first = takeback_from(move)
    return {"seq": seq, "seat": seat, "cost": 0.0, "mark": None, "before": None, "after": None, "best": None,
            "best_text": None, "text": f"took back from move {first}", "summary": "a takeback, not scored",
            "say": [N_("a takeback, not scored"), {}],
            "text_say": [N_("took back from move {first}"), {"first": first}],
            "takeback": first}


async def score_move(runner: Analyses, g: Any, doc: dict, seq: int, seat: int, move: Any) -> dict:
    """One move's score, asked of the workers with the mover's view and legal moves only."""
    view, legal = g.view(doc, seat), g.legal_moves(doc, seat)
    out = await _step(runner, bot_scores.score, g.name, view, seat, legal, move)
    text = g.describe_move(doc, seat, move)
    if out is None:
        return {"seq": seq, "seat": seat, "cost": 0.0, "mark": None, "before": None, "after": None, "best": None,
                "best_text": None, "text": str(text), "summary": "not scored: the bots were too busy",
                "say": [N_("not scored: the bots were too busy"), {}], **_says(None, text)}
    best = out.get("best")
    best_text = out.get("best_text") or (g.describe_move(doc, seat, best) if best else None)
    text = out.get("played_text") or text
    entry = {"seq": seq, "seat": seat, "cost": float(out["cost"]), "mark": out["mark"], "before": out["before"],
             "after": out["after"], "best": best, "best_text": None if best_text is None else str(best_text),
             "text": str(text), "summary": out["summary"], **_says(best_text, text)}
    if out.get("say"):
        entry["say"] = out["say"]   # the summary's message id and params: said in the reader's language
    for extra in ("reason", "exact"):
        if extra in out:
            entry[extra] = out[extra]
    return entry


def _says(best_text: object, text: object) -> dict:
    """{"best_say", "text_say"}: the texts' message ids and params (those that are Phrases), said in the
    reader's language by the web layer."""
    says = {"best_say": bot_scores.say_of(best_text), "text_say": bot_scores.say_of(text)}
    return {k: v for k, v in says.items() if v is not None}


def turning_point(scored: list[dict]) -> int | None:
    """The seq of the costliest marked move (the earliest of equals), or None when no move is marked."""
    marked = [m for m in scored if m.get("mark") and not m.get("taken_back")]
    return max(marked, key=lambda m: (m["cost"], -m["seq"]))["seq"] if marked else None


async def _step(runner: Analyses, fn: Any, *args: Any) -> Any:
    for _ in range(STEP_TRIES):
        try:
            return await runner.step(fn, *args)
        except (TimeoutError, BrokenProcessPool):  # a worker wedged or died: once more, in a new one
            continue
    return None


# -- a deal's yardstick --------------------------------------------------------------------------------
def plays_for(game: str, players: int, plays: int) -> int:
    """How many plays measure a deal of `game` at `players` seats (0: no yardstick): the game says
    (Game.yardstick_plays), for a game whose deals are shared."""
    g = GAMES.get(game)
    return g.yardstick_plays(players, plays) if g is not None and g.deal_options is not None else 0


async def deal(runner: Analyses, row: Analysis) -> dict:
    async with runner.ctx.db.reading() as s:
        found = await deal_queries.deal_by_id(s, row.subject)
    if found is None or found.game not in GAMES:
        raise Failed("There is no such deal.")
    plays = plays_for(found.game, found.players, runner.settings.analysis_plays)
    if not plays:
        raise Failed(f"The bot measures no deal of {GAMES[found.game].title} at {found.players} seats.")
    g = GAMES[found.game]
    options = g.check_options(found.players, dict(found.options))
    results = list((row.result or {}).get("results") or [])[:row.done]
    while len(results) < plays:
        doc = g.setup(players=found.players, options=options, seed=found.seed)
        salt = len(results) or None  # the first play is the bot's own, unsalted
        plies = 0
        while plies < MAX_DEAL_PLIES and g.result(doc) is None:
            plies += 1
            seat = g.to_act(doc)[0]
            move = await _step(runner, varied, bot_for_game(g.name), g.view(doc, seat), seat,
                               g.legal_moves(doc, seat), salt)
            if move is None:
                raise Failed("The bots were too busy to play the deal.")
            doc = g.apply(doc, seat, move).doc
        results.append(outcome(g, doc, plies))
        await runner.progress("deal", row.subject, len(results), plays, summary(results))
    return summary(results)


def outcome(g: Any, doc: dict, plies: int) -> dict:
    """One play's result, as the game words it (Game.yardstick_outcome: won or lost and what it scored),
    and its length."""
    return {**g.yardstick_outcome(doc), "moves": plies}


def summary(results: list[dict]) -> dict:
    """{"plays", "wins", "results", "result": the bot's own play (the first)} (+ "mean_score" when scored)."""
    out: dict = {"plays": len(results), "wins": sum(r.get("outcome") == "won" for r in results),
                 "result": results[0] if results else None, "results": results}
    if results and "score" in results[0]:
        out["mean_score"] = round(sum(r["score"] for r in results) / len(results), 2)
    return out
