"""Takebacks by agreement (app/tables/live/takeback.py), for a seated player:

- POST /api/tables/{code}/takeback: ask to take back your last move (at a cooperative game, the team's last
  play); granted at once when no other person sits at the table;
- POST /api/tables/{code}/takeback/vote {"yes"}: accept or refuse the takeback waiting (one no refuses it);
- DELETE /api/tables/{code}/takeback: the asker withdraws it.

Each answers {"takeback": the request waiting or null, "applied": the moves were taken back, "seq"}; the
table's state (every socket's too) carries "takeback" and, once taken back, the takeback step.
"""
from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, StrictBool

from app.tables.live import takeback
from app.web.deps import Ctx, SeatAuth

router = APIRouter(prefix="/api")


class TakebackVote(BaseModel):
    model_config = ConfigDict(extra="ignore")
    yes: StrictBool


@router.post("/tables/{code}/takeback")
async def ask_takeback(caller: SeatAuth, ctx: Ctx) -> dict:
    return await takeback.ask(ctx, caller)


@router.post("/tables/{code}/takeback/vote")
async def vote_takeback(body: TakebackVote, caller: SeatAuth, ctx: Ctx) -> dict:
    return await takeback.vote(ctx, caller, body.yes)


@router.delete("/tables/{code}/takeback")
async def withdraw_takeback(caller: SeatAuth, ctx: Ctx) -> dict:
    return await takeback.withdraw(ctx, caller)
