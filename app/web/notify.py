"""Notifications a seated player sets up for their own seat, the table's reminders (the host's choice), the
nudge, and the server's Web Push key:

- GET/PUT /api/tables/{code}/webhook {"url", "format"?}: a chat room's webhook and its format
  (auto | slack | mattermost | discord | generic);
- GET/PUT /api/tables/{code}/ntfy {"url"}: an ntfy topic URL;
- PUT/DELETE /api/tables/{code}/push {"subscription"}: the browser's Web Push subscription;
- GET/PUT /api/tables/{code}/digest {"channels": [webhook | ntfy | push], "hour"?: 0-23 UTC}: the channels
  that get one message a day listing the tables waiting for the person instead of a message per turn, and
  the hour it goes (app/tables/notify/digest.py);
- GET/PUT /api/tables/{code}/reminders {"after": off | 1h | 12h | 24h | default};
- POST /api/tables/{code}/nudge: remind the seat to act now (once an hour per table);
- GET/PUT /api/tables/{code}/pace {"per_turn": off | 1h | 12h | 24h | 3d, "timeout": bot | forfeit,
  "forfeit_after": 1-10}: the table's pace, chosen by the host in the lobby (app/tables/live/pace.py);
- POST /api/tables/{code}/pause {"reason", "until"}, POST .../pause/vote {"yes"}, DELETE .../pause: a pause
  by vote of the seated people (app/tables/live/pause.py);
- GET /api/push/key: the server's VAPID public key (the application server key browsers subscribe with).

Every channel answer is the caller's own view: {"seat", "url", "format", "sends_as", "ntfy", "push",
"push_endpoint_host", "last": {"webhook" | "ntfy" | "push": {"ok", "at", "detail"}}, "digest": [channels],
"digest_hour": the hour (UTC) the seat's digest goes out}.
"""
from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from app.tables.live import pace, pause
from app.tables.notify import settings
from app.tables.errors import N_, Unavailable
from app.web.deps import Caller, Ctx, SeatAuth

router = APIRouter(prefix="/api")


class Webhook(BaseModel):
    model_config = ConfigDict(extra="ignore")
    url: StrictStr | None = None
    format: StrictStr | None = None


class Ntfy(BaseModel):
    model_config = ConfigDict(extra="ignore")
    url: StrictStr | None = None


class Push(BaseModel):
    model_config = ConfigDict(extra="ignore")
    subscription: dict | None = None


class Digest(BaseModel):
    model_config = ConfigDict(extra="ignore")
    channels: list[StrictStr] | None = Field(default=None, max_length=10)  # absent: unchanged; null or []: none
    hour: StrictInt | None = None  # absent: unchanged; null: the server's ICEHOUSE_DIGEST_HOUR


class Reminders(BaseModel):
    model_config = ConfigDict(extra="ignore")
    after: StrictStr


class PauseProposal(BaseModel):
    model_config = ConfigDict(extra="ignore")
    reason: StrictStr
    until: StrictStr


class PauseVote(BaseModel):
    model_config = ConfigDict(extra="ignore")
    yes: StrictBool


class Pace(BaseModel):
    model_config = ConfigDict(extra="ignore")
    per_turn: StrictStr
    timeout: StrictStr = "bot"
    forfeit_after: StrictInt = 3


@router.get("/tables/{code}/webhook")
async def get_webhook(caller: SeatAuth, ctx: Ctx) -> dict:
    return await settings.get_channels(ctx, caller)


@router.put("/tables/{code}/webhook")
async def set_webhook(body: Webhook, caller: SeatAuth, ctx: Ctx) -> dict:
    return await settings.set_channels(ctx, caller, url=body.url, fmt=body.format)


@router.get("/tables/{code}/ntfy")
async def get_ntfy(caller: SeatAuth, ctx: Ctx) -> dict:
    return await settings.get_channels(ctx, caller)


@router.put("/tables/{code}/ntfy")
async def set_ntfy(body: Ntfy, caller: SeatAuth, ctx: Ctx) -> dict:
    return await settings.set_channels(ctx, caller, ntfy=body.url)


@router.put("/tables/{code}/push")
async def set_push(body: Push, caller: SeatAuth, ctx: Ctx) -> dict:
    return await settings.set_channels(ctx, caller, push=body.subscription)


@router.delete("/tables/{code}/push")
async def delete_push(caller: SeatAuth, ctx: Ctx) -> dict:
    return await settings.set_channels(ctx, caller, push=None)


@router.get("/tables/{code}/digest")
async def get_digest(caller: SeatAuth, ctx: Ctx) -> dict:
    return await settings.get_channels(ctx, caller)


@router.put("/tables/{code}/digest")
async def set_digest(body: Digest, caller: SeatAuth, ctx: Ctx) -> dict:
    given = body.model_fields_set  # a field left out stays as it was
    return await settings.set_channels(ctx, caller, digest=body.channels if "channels" in given else settings.UNSET,
                                       digest_hour=body.hour if "hour" in given else settings.UNSET)


@router.get("/tables/{code}/reminders")
async def get_reminders(caller: Caller, ctx: Ctx) -> dict:
    return await settings.get_reminders(ctx, caller)


@router.put("/tables/{code}/reminders")
async def set_reminders(body: Reminders, caller: SeatAuth, ctx: Ctx) -> dict:
    return await settings.set_reminders(ctx, caller, body.after)


@router.post("/tables/{code}/nudge")
async def nudge(caller: SeatAuth, ctx: Ctx) -> dict:
    return await settings.nudge(ctx, caller)


@router.get("/push/key")
async def push_key(ctx: Ctx) -> dict:
    if ctx.push is None:
        raise Unavailable(N_("Web Push is not ready on this server: its keys could not be loaded. Try again later."))
    return {"public_key": ctx.push.public_key}


@router.get("/tables/{code}/pace")
async def get_pace(caller: Caller, ctx: Ctx) -> dict:
    return await pace.get_pace(ctx, caller)


@router.put("/tables/{code}/pace")
async def set_pace(body: Pace, caller: SeatAuth, ctx: Ctx) -> dict:
    return await pace.set_pace(ctx, caller, body.model_dump())


@router.post("/tables/{code}/pause")
async def propose_pause(body: PauseProposal, caller: SeatAuth, ctx: Ctx) -> dict:
    return await pause.propose(ctx, caller, body.reason, body.until)


@router.post("/tables/{code}/pause/vote")
async def vote_pause(body: PauseVote, caller: SeatAuth, ctx: Ctx) -> dict:
    return await pause.vote(ctx, caller, body.yes)


@router.delete("/tables/{code}/pause")
async def end_pause(caller: SeatAuth, ctx: Ctx) -> dict:
    return await pause.end(ctx, caller)
