"""Deals everyone can play (issue 34): a deal is a game, a seat count, the options that shape the deal and
a seed, named by a short id (an HMAC of those with the server's secret). `deals` keeps each deal once (the
deal of the day, kind "daily" with its UTC day, or a finished table's deal named for others to play, kind
"named"); `tables.deal_id` says which deal a table was dealt, so its results can be put beside the others'.
An admin may hide a deal's results (`hidden`). Existing tables have no deal.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-09
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "deals",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("day", sa.String(10), nullable=True),
        sa.Column("hidden", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_deals_created_at", "deals", ["created_at"])
    op.create_index("ix_deals_day", "deals", ["day"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("deal_id", sa.String(16), nullable=True))
        batch.create_index("ix_tables_deal_id", ["deal_id"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_deal_id")
        batch.drop_column("deal_id")
    op.drop_index("ix_deals_day", table_name="deals")
    op.drop_index("ix_deals_created_at", table_name="deals")
    op.drop_table("deals")
