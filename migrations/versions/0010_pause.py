"""A pause by vote (issue 36): `tables.pause`, a pause proposed or agreed by vote ({"reason", "until", "by",
"votes", "since"}), and `tables.paused_until`, when the agreed pause ends (or ended): no turn's clock runs
before it. (These two columns first sat in revision 0009 for a few commits; a database upgraded to 0009
then already has them, so they are added here only where missing.)

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-03
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("tables")}
    with op.batch_alter_table("tables") as t:
        if "pause" not in have:
            t.add_column(sa.Column("pause", sa.JSON, nullable=True))
        if "paused_until" not in have:
            t.add_column(sa.Column("paused_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.drop_column("paused_until")
        t.drop_column("pause")
