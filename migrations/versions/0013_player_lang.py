"""Each person's language (issue 37): `players.lang` (en, fr or de; NULL until chosen), set by the header's
language selector and when the person sits down at a table, so that a turn message, a reminder or a nudge
goes out in its recipient's language.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as t:
        t.add_column(sa.Column("lang", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as t:
        t.drop_column("lang")
