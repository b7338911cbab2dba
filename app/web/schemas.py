"""Request bodies. Types are strict; value rules (name length, options) live in app/tables with sentences."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr


class Body(BaseModel):
    model_config = ConfigDict(extra="ignore")


class CreateTable(Body):
    game: StrictStr
    players: StrictInt
    options: dict[str, Any] | None = None
    name: StrictStr


class Join(Body):
    name: StrictStr


class AddBot(Body):
    seat: StrictInt | None = None
    bot: StrictStr | None = None  # the game's own bot by default; "random" for a legal-move picker


class PlayMove(Body):
    seq: StrictInt
    move: dict[str, Any]


class Say(Body):
    text: StrictStr


class PlayToday(Body):
    game: StrictStr | None = None  # None: the first game with a deal of the day (app/tables/deals)
    players: StrictInt
    options: dict[str, Any] | None = None  # house rules (the deal's own options are the deal's)
    name: StrictStr


class PlayDeal(Body):
    options: dict[str, Any] | None = None  # house rules
    name: StrictStr
