"""The game record's format, version 1 (docs/GAME-RECORD.md): pydantic models, the single source of the
JSON Schema published at /schema/game-record/1.json (static/schema/game-record-1.json, written by
`.venv/bin/python -m tools.record_schema`; tests/tables/test_record.py fails when the file is not up to date).

A record is a whole game: the game, its options, its deal (the first position as the replay shows it, never
the secret of a game whose deals may be shared, and the seed only in the admin's export), its seats, every
move with its time, the chat if wanted, and the result. Reading one names the first field that is wrong.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from app.tables.errors import N_, Invalid

FORMAT = "icehouse-game-record"
VERSION = 1
VERSIONS = (1,)  # the versions this server opens (a newer server keeps opening the older ones)
SCHEMA_ID = "/schema/game-record/1.json"
MOVES_MAX = 5_000  # moves in one record (the longest games here take a few hundred)
CHAT_MAX = 20_000  # chat lines in one record
RECORD_SEED = "record"  # the seed column of a table opened from a record without a seed (its deal is not known)

Seat = Annotated[StrictInt, Field(ge=0, le=63)]


class Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Deal(Closed):
    """The first position: `initial_doc` is the doc after setup without its "secret". `secret` (what every
    later chance draws from) is given only when the game's deals are never shared, so nothing draws from it
    once the game has ended; `seed` only in the admin's export (an import then deals the game again)."""
    initial_doc: dict[str, Any] = Field(description="The doc after setup, as the replay shows it (no secret).")
    secret: StrictStr | None = Field(None, max_length=128, description="The doc's secret, or null when "
                                     "withheld (the moves then replay without it).")
    seed: StrictStr | None = Field(None, max_length=64, description="The table's seed: the admin's export only.")


class SeatOf(Closed):
    name: StrictStr | None = Field(description="The seat's name (null: nobody took it).")
    bot: StrictStr | None = Field(None, description="The bot's name when a bot played the seat.")


class StandIn(Closed):
    for_: StrictStr = Field(alias="for", description="The name of the seat whose time ran out.")
    why: Literal["timeout"]

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class MoveOf(Closed):
    seq: Annotated[StrictInt, Field(ge=1)] = Field(description="1, 2, 3...: the move's number.")
    seat: Seat
    move: dict[str, Any] = Field(description="The move as the game's engine takes it (docs/ENGINE.md).")
    at: datetime | None = Field(None, description="When it was played (ISO 8601, UTC).")
    stand_in: StandIn | None = Field(None, description="Set when the game's bot played it for a seat out of time.")


class ChatLine(Closed):
    seat: StrictInt = Field(description="The seat that said it, or a negative kind for a line of the table's own.")
    name: StrictStr
    text: StrictStr
    at: datetime | None = None
    say: dict[str, Any] | None = Field(None, description="A line of the table's own as a message id and params.")


class Times(Closed):
    created_at: datetime | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None


class Pace(Closed):
    seconds: Annotated[StrictInt, Field(ge=1)]
    timeout: Literal["bot", "forfeit"] = "bot"
    forfeit_after: Annotated[StrictInt, Field(ge=1, le=10)] | None = None


class Origin(Closed):
    """Where the record comes from, for information only: opening a record never reads it."""
    code: StrictStr | None = Field(None, max_length=32)
    server: StrictStr | None = Field(None, max_length=200)
    written_at: datetime | None = None
    imported: bool | None = None


class GameRecord(Closed):
    """A whole game of Icehouse Table, version 1."""
    model_config = ConfigDict(extra="forbid", title="Icehouse Table game record, version 1")

    format: Literal["icehouse-game-record"]
    version: Literal[1]
    game: StrictStr = Field(max_length=64, description="The game's name (GET /api/games lists them).")
    players: Annotated[StrictInt, Field(ge=1, le=64)]
    options: dict[str, Any] = Field(description="The table's options, as the game checks them.")
    deal: Deal
    seats: list[SeatOf] = Field(max_length=64)
    moves: list[MoveOf] = Field(max_length=MOVES_MAX)
    chat: list[ChatLine] | None = Field(None, max_length=CHAT_MAX, description="Optional.")
    result: dict[str, Any] | None = Field(description="The game's result (docs/ENGINE.md), null if it "
                                          "stopped before its end.")
    status: Literal["finished", "abandoned", "playing"] = Field(
        description="How the game stood when written: playing only in the admin's export of a running table.")
    times: Times = Field(default_factory=Times)
    pace: Pace | None = None
    origin: Origin | None = None


def schema() -> dict:
    """The JSON Schema of version 1, as published."""
    out = GameRecord.model_json_schema(by_alias=True)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID, **out}


def schema_text() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def read(body: object) -> GameRecord:
    """A record checked against the schema; 422 `bad_record` naming the first field that is wrong."""
    if not isinstance(body, dict):
        raise Invalid(N_("A game record is a JSON object (format {format})."), "bad_record", format=FORMAT)
    if body.get("format") != FORMAT:
        raise Invalid(N_("This is not a game record: its \"format\" must be \"{format}\"."), "bad_format",
                      format=FORMAT)
    version = body.get("version")
    if version not in VERSIONS or isinstance(version, bool):
        raise Invalid(N_("This server opens game records of version {versions}, not {version}."), "bad_version",
                      versions=", ".join(map(str, VERSIONS)), version=str(version)[:20])
    try:
        return GameRecord.model_validate(body)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(the record)"
        raise Invalid(N_("The record's field {path} is wrong: {problem}"), "bad_record", path=where,
                      problem=str(first["msg"])[:200]) from None


def dump(record: GameRecord) -> dict:
    """The record as JSON (None fields kept: the format spells every field out)."""
    return record.model_dump(mode="json", by_alias=True)
