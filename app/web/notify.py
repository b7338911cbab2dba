"""A seat's turn webhook: GET or PUT /api/tables/{code}/webhook (seated players, for their own seat)."""
from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, StrictStr

from app.tables import notify
from app.web.deps import Ctx, SeatAuth

router = APIRouter(prefix="/api")


class Webhook(BaseModel):
    model_config = ConfigDict(extra="ignore")
    url: StrictStr | None = None


@router.get("/tables/{code}/webhook")
async def get_webhook(caller: SeatAuth, ctx: Ctx) -> dict:
    return await notify.get_webhook(ctx, caller)


@router.put("/tables/{code}/webhook")
async def set_webhook(body: Webhook, caller: SeatAuth, ctx: Ctx) -> dict:
    return await notify.set_webhook(ctx, caller, body.url)
