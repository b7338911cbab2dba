"""Takebacks (issue 36): `tables.takeback`, the takeback asked at the table ({"by", "seq", "from", "votes",
"voters", "open", "asked", "counts"}; app/tables/live/takeback.py). The steps a takeback takes back stay in
`moves`; the takeback itself is a step there too ({"takeback": N}), so no other column is needed.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-03
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.add_column(sa.Column("takeback", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.drop_column("takeback")
