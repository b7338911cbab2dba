"""The game record's routes (docs/GAME-RECORD.md, docs/API.md): a finished table's record as a download, a
record opened as a replay, and the format's JSON Schema. Thin: parse, depend, call app/tables/record."""
from __future__ import annotations

import json
import re
from pathlib import Path

import orjson
from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse

from app.tables.errors import N_, Invalid
from app.tables.record import build, opening
from app.tables.record.format import VERSION
from app.web.deps import Cookie, Ctx, Db, Spoilers

OPEN_PATH = "/api/records"
OPEN_MAX_BYTES = 4 * 1024 * 1024  # a record; the longest games here write a few hundred kilobytes
LARGER_BODIES = {OPEN_PATH: OPEN_MAX_BYTES}
SCHEMA = Path(__file__).resolve().parent.parent.parent / "static" / "schema" / f"game-record-{VERSION}.json"

router = APIRouter()


def filename(record: dict) -> str:
    """icehouse-<game>-<code>.json, letters, digits and dashes only."""
    code = re.sub(r"[^A-Za-z0-9-]", "", str((record.get("origin") or {}).get("code") or "game"))[:32]
    return f"icehouse-{record['game']}-{code}.json"


@router.get("/api/tables/{code}/record", responses={
    403: {"description": "It would spoil the deal this browser is playing at another table (spoilers)."},
    409: {"description": "The game has not ended yet (not_over), or its record would need hidden information "
                         "(record_unavailable)."}})
async def table_record(code: str, db: Db, cookie: Cookie, spoilers: Spoilers, response: Response) -> dict:
    """The game record (docs/GAME-RECORD.md) of an ended table, as a download, for anyone who may see its
    replay: never the seed, the secret only where the replay would not need it hidden, no chat."""
    record = await build.public_record(db, code, cookie=cookie, chosen=spoilers)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename(record)}"'
    return record


OPEN_BODY = {"requestBody": {"required": True, "description": "A game record (docs/GAME-RECORD.md, the "
                             f"JSON Schema at /schema/game-record/{VERSION}.json).",
                             "content": {"application/json": {"schema": {"type": "object"}}}}}


@router.post(OPEN_PATH, status_code=201, openapi_extra=OPEN_BODY)
async def open_record(ctx: Ctx, request: Request) -> dict:
    """Open a game record without an account: checked against the schema, replayed by the engine and kept as
    an imported table: 201 {"code", "game", "status", "seq", "url"} (url: its replay); 422 naming the field
    that is wrong or the first move that does not replay."""
    raw = await request.body()
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError:
        try:
            body = json.loads(raw)
        except (ValueError, RecursionError):
            raise Invalid(N_("A game record must be a JSON file."), "bad_record") from None
    return await opening.open_record(ctx, body)


@router.get(f"/schema/game-record/{VERSION}.json", include_in_schema=False)
async def record_schema() -> FileResponse:
    return FileResponse(SCHEMA, media_type="application/schema+json",
                        headers={"Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*"})
