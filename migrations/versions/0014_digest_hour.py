"""The daily digest's hour per seat (issue 36): `seats.digest_hour`, the hour of the UTC day (0-23) from which
the seat's digest goes out (the table page sends its reader's 08:00); NULL: the server's
ICEHOUSE_DIGEST_HOUR.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-03
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as t:
        t.add_column(sa.Column("digest_hour", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as t:
        t.drop_column("digest_hour")
