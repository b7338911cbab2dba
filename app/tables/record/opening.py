"""Opening a game record (format.py), for anyone: checked against the schema, dealt and replayed by the
engine, and stored as a new table marked imported (the statistics and deals leave it out), finished or
abandoned, that the replay and the review room show like any other.

A record with a seed (the admin's export) is dealt again by the engine's `setup` and its first position must
be that deal. A record without one cannot prove its deal: its first position is taken as written, with its
secret (or none), once the engine reads it as a position of the game not over yet. Either way every move is
replayed by the engine from there; the first that does not replay is refused naming its number and the
engine's reason, and the result must be the replay's own (or a forfeit where one could have happened).
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from app.games import GAMES, IllegalMove
from app.games.base import Phrase
from app.tables.admin import transfer
from app.tables.admin.transfer_pace import forfeit_of
from app.tables.errors import N_, Invalid
from app.tables.record.format import RECORD_SEED, GameRecord, dump, read
from app.tables.replay import strip_hidden
from app.tables.takeback_steps import doc_after, takeback_events, takeback_from

if TYPE_CHECKING:
    from app.tables.service import Tables


@dataclass(frozen=True)
class Checked:
    game: Any
    players: int
    options: dict
    seed: str
    initial_doc: dict
    doc: dict
    events: list[list]
    result: dict | None


def _as_json(doc: Any) -> Any:
    return json.loads(json.dumps(doc))


def _deal(g: Any, rec: GameRecord, players: int, options: dict) -> tuple[str, dict]:
    given = _as_json(rec.deal.initial_doc)
    if rec.deal.seed is not None:
        seed, dealt = transfer.deal_of_file(g, players, options, {"seed": rec.deal.seed, "initial_doc": None})
        if strip_hidden(dealt) != given or rec.deal.secret not in (None, dealt.get("secret")):
            raise Invalid(N_("The record's first position is not the deal its seed gives: the record was changed."),
                          "bad_deal")
        return seed, dealt
    if given.get("game", g.name) != g.name:
        raise Invalid(N_("The record's first position is not a position of {game}."), "bad_deal", game=g.title)
    doc = {**given, "secret": rec.deal.secret or ""}
    try:
        over = g.result(doc) is not None
        g.view(doc, None)
        for seat in g.to_act(doc):
            g.legal_moves(doc, seat)
    except Exception:  # a doc the engine cannot read
        raise Invalid(N_("The record's first position is not a position of {game}."), "bad_deal",
                      game=g.title) from None
    if over:
        raise Invalid(N_("The record's first position is already the end of the game."), "bad_deal")
    return RECORD_SEED, doc


def _reason(exc: Exception) -> str:
    if isinstance(exc, IllegalMove) and getattr(exc, "message", ""):
        return Phrase(exc.message, **exc.params)
    return str(exc)[:300]


def _replay(g: Any, players: int, initial_doc: dict, rec: GameRecord) -> tuple[dict, list[list]]:
    """The last doc and each step's events; 422 naming the first move that does not replay."""
    doc, docs, events = initial_doc, [initial_doc], []
    for index, m in enumerate(rec.moves, start=1):
        if m.seq != index:
            raise Invalid(N_("Move {index} of the record is numbered {seq}: the moves are numbered 1, 2, 3..."),
                          "bad_move", index=index, seq=m.seq)
        if not m.seat < players:
            raise Invalid(N_("Move {index} of the record is played by seat {seat}; the table's seats are 0 to "
                             "{last}."), "bad_move", index=index, seat=m.seat, last=players - 1)
        first = takeback_from(m.move)
        if first is not None:
            back = doc_after(docs, index, m.move)
            if back is None or g.result(doc) is not None:
                raise Invalid(N_("Move {index} of the record takes back moves that are not before it."),
                              "bad_move", index=index)
            doc = back
            docs.append(doc)
            events.append(takeback_events(m.seat, first, index))
            continue
        try:
            to_act = g.to_act(doc)
        except Exception:
            to_act = []
        if m.seat not in to_act:
            raise Invalid(N_("Move {index} of the record cannot be played: seat {seat} was not to act then."),
                          "illegal_move", index=index, seat=m.seat)
        try:
            step = g.apply(doc, m.seat, m.move)
        except Exception as exc:  # IllegalMove, or an engine's bug on a strange position or move
            raise Invalid(N_("Move {index} of the record cannot be played: {reason}"), "illegal_move",
                          index=index, reason=_reason(exc)) from None
        doc = step.doc
        docs.append(doc)
        events.append(step.events)
    return doc, events


def check(rec: GameRecord) -> Checked:
    """Deal and replay a record (pure: run it on a worker thread); 422 with a sentence for anything wrong."""
    g = GAMES.get(rec.game)
    if g is None:
        raise Invalid(N_("This server has no game called {game}."), "unknown_game", game=repr(rec.game[:40]))
    players = rec.players
    if not g.min_players <= players <= g.max_players:
        raise Invalid(N_("{game} is played by {low} to {high} players, not {players}."), "bad_record",
                      game=g.title, low=g.min_players, high=g.max_players, players=players)
    try:
        options = g.check_options(players, rec.options)
    except ValueError as exc:
        raise Invalid(N_("The record's options: {problem}"), "bad_record", problem=_reason(exc)) from None
    if len(rec.seats) != players:
        raise Invalid(N_("The record names {count} seats; the game has {players}."), "bad_record",
                      count=len(rec.seats), players=players)
    seed, initial_doc = _deal(g, rec, players, options)
    initial_doc = _as_json(initial_doc)
    doc, events = _replay(g, players, initial_doc, rec)
    result = g.result(doc)
    given = rec.result
    if given is not None and result is None:
        result = forfeit_of(g, players, doc, given)
    if given is not None and result is None:
        raise Invalid(N_("The record gives a result, but its {count} moves do not end the game."), "bad_result",
                      count=len(rec.moves))
    if given is not None and _as_json(result) != given:
        raise Invalid(N_("The record's result is not the one its moves give: the record was changed."),
                      "bad_result")
    return Checked(g, players, options, seed, initial_doc, _as_json(doc), events, result)


def as_file(rec: GameRecord) -> dict:
    """The record in the shape of the admin's older export (app/tables/admin/transfer.py), whose import
    stores it: seats' and chat's text through the text policy, the pace, the stand-in marks, the times."""
    body = dump(rec)
    return {"format": transfer.FORMAT, "game": rec.game, "players": rec.players, "options": rec.options,
            "seed": rec.deal.seed, "seats": [s["name"] for s in body["seats"]],
            "bots": [s["bot"] for s in body["seats"]],
            "moves": [{k: v for k, v in m.items() if v is not None or k == "at"} for m in body["moves"]],
            "result": rec.result, "chat": body["chat"], "pace": body["pace"],
            "code": (body.get("origin") or {}).get("code"), **(body["times"] or {})}


async def open_record(ctx: Tables, body: object, who: str = "anyone", action: str = "open_record") -> dict:
    """Open a record: a new imported table replaying it, {"code", "game", "status", "seq", "url"} (the url is
    the table's replay); 422 with a sentence naming what is wrong."""
    rec = read(body)
    checked = await asyncio.to_thread(check, rec)
    rebuilt = (checked.seed, checked.initial_doc, checked.doc, checked.events, checked.result)
    out = await transfer.import_table(ctx, as_file(rec), who, rebuilt=rebuilt, action=action)
    return out | {"url": f"/t/{out['code']}/review"}
