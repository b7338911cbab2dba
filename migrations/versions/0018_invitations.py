"""Invitations that wait (issue 48): `invitations`, one seat of a lobby table reserved for a named friend
(a new table's, or a rematch's former player), with its secret link (stored hashed, as seat tokens are),
who invited (the inviter's seat), the invitee's player once known (a rematch's, or whoever accepted), its
state (pending, accepted, declined, replaced by a bot) and when it expires.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-07
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "invitations",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("link_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("inviter_seat", sa.Integer(), nullable=False),
        sa.Column("invitee_id", sa.Integer(), sa.ForeignKey("players.id", ondelete="SET NULL"), nullable=True),
        sa.Column("rematch", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("state", sa.String(12), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_invitations_table", "invitations", ["table_id", "seat"])
    op.create_index("ix_invitations_invitee", "invitations", ["invitee_id"])


def downgrade() -> None:
    op.drop_index("ix_invitations_invitee", table_name="invitations")
    op.drop_index("ix_invitations_table", table_name="invitations")
    op.drop_table("invitations")
