"""Reads of invitations (table invitations, revision 0018). Each takes an AsyncSession; none writes (the
writes are app/store/invitation_records.py, in the group-commit writer's batches)."""
from __future__ import annotations

from typing import Any

from sqlalchemy import and_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from app.store.models import Invitation, Seat, Table

_inviter = aliased(Seat)


def _with_table():
    """Invitations with their table's code, game, seat count and status and the inviter's name."""
    return (select(Invitation, Table.code, Table.game, Table.players, Table.status, _inviter.name)
            .join(Table, Table.id == Invitation.table_id)
            .outerjoin(_inviter, and_(_inviter.table_id == Invitation.table_id,
                                      _inviter.seat == Invitation.inviter_seat)))


async def by_link(s: AsyncSession, link_hash: str) -> Any:
    """(Invitation, code, game, players, status, inviter's name) of a link, or None."""
    return (await s.execute(_with_table().where(Invitation.link_hash == link_hash))).first()


async def of_table(s: AsyncSession, table_id: int) -> list[Invitation]:
    q = select(Invitation).where(Invitation.table_id == table_id).order_by(Invitation.seat, Invitation.id)
    return list((await s.execute(q)).scalars())


async def one(s: AsyncSession, invitation_id: int) -> Any:
    """(Invitation, code, game, players, status, inviter's name), or None."""
    return (await s.execute(_with_table().where(Invitation.id == invitation_id))).first()


async def received(s: AsyncSession, player_id: int, limit: int = 50) -> list:
    """The invitations of tables still in the lobby whose invitee is `player_id` (a rematch's former player,
    or who accepted), newest first, each as by_link's tuple."""
    q = (_with_table().where(Invitation.invitee_id == player_id, Table.status == "lobby")
         .order_by(Invitation.id.desc()).limit(limit))
    return list((await s.execute(q)).all())


async def sent(s: AsyncSession, player_id: int, limit: int = 200) -> list:
    """The invitations of lobby tables where `player_id` sits at the inviter's seat, oldest table first."""
    q = (_with_table().where(_inviter.player_id == player_id, Table.status == "lobby")
         .order_by(Invitation.table_id, Invitation.seat, Invitation.id).limit(limit))
    return list((await s.execute(q)).all())
