"""Who kept a review room's what-if: `review_branches.keeper`, their key in the room (NULL for what-ifs kept
before), and `review_branches.seated`, whether they had a seat at the table; the per-person and visitors'
limits count them.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-06
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("review_branches") as t:
        t.add_column(sa.Column("keeper", sa.String(24), nullable=True))
        t.add_column(sa.Column("seated", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("review_branches") as t:
        t.drop_column("seated")
        t.drop_column("keeper")
