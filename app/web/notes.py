"""Notes on a move (docs/API.md "Notes on a move"): GET /api/tables/{code}/notes, POST
/api/tables/{code}/moves/{seq}/notes, PATCH and DELETE /api/tables/{code}/notes/{id}. Thin: parse, depend,
call app/tables/live/notes.py. The caller is a seat by its token (Bearer) or the browser's identity cookie,
as every table route knows it; the writes are rate-limited per seat and per address (ratelimit.py "note")."""
from __future__ import annotations

from fastapi import APIRouter, Path, Query, Response
from pydantic import StrictStr

from app.tables.live import notes
from app.web.deps import Caller, Ctx
from app.web.schemas import Body

router = APIRouter(prefix="/api")

WRITES = {401: {"description": "No seat at this table (a token of no seat, or a spectator)."},
          422: {"description": "Text the policy refuses or longer than 500 characters (bad_text), or no such move "
                               "(no_move)."},
          429: {"description": "Too many notes from this seat or address (rate_limited)."}}


class NoteText(Body):
    text: StrictStr


@router.get("/tables/{code}/notes")
async def list_notes(caller: Caller, ctx: Ctx,
                     upto: int | None = Query(None, ge=0, le=1_000_000)) -> list[dict]:
    """The notes the caller may see: every note once the game has ended; while it is on, the caller's own
    seat's (a spectator's list is empty). `upto`: only the notes on moves 1..upto (a spoiler-free replay asks
    for the moves its viewer has reached, so the list tells nothing of the moves after them)."""
    async with ctx.db.reading() as s:
        shown = await notes.shown(s, caller)
    return shown if upto is None else [n for n in shown if n["seq"] <= upto]


@router.post("/tables/{code}/moves/{seq}/notes", status_code=201, responses={**WRITES, 403: {
    "description": "While the game is on, a move of another seat (not_your_move)."}, 409: {
    "description": "The game has not started (not_started), or the seat keeps 200 notes here (too_many_notes)."}})
async def write_note(body: NoteText, caller: Caller, ctx: Ctx, seq: int = Path(ge=0, le=1_000_000)) -> dict:
    """A note on move `seq` by the caller's seat: any move once the game has ended, the seat's own while it is
    on (then the note is the author's alone until the end)."""
    return await notes.write(ctx, caller, seq, body.text)


@router.patch("/tables/{code}/notes/{note_id}", responses={**WRITES, 403: {
    "description": "Not the note's author (not_author)."}, 404: {"description": "No such note (no_note)."}})
async def edit_note(body: NoteText, caller: Caller, ctx: Ctx, note_id: int = Path(ge=1, le=2**31 - 1)) -> dict:
    return await notes.edit(ctx, caller, note_id, body.text)


@router.delete("/tables/{code}/notes/{note_id}", status_code=204, responses={**WRITES, 403: {
    "description": "Not the note's author (not_author)."}, 404: {"description": "No such note (no_note)."}})
async def delete_note(caller: Caller, ctx: Ctx, note_id: int = Path(ge=1, le=2**31 - 1)) -> Response:
    await notes.drop(ctx, caller, note_id)
    return Response(status_code=204)
