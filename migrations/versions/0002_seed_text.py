"""Seeds as text: a deal's seed carries at least 128 random bits (ENGINE.md), more than an integer column
holds. Existing seeds are kept, written in decimal.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.alter_column("seed", existing_type=sa.Integer(), type_=sa.String(64), existing_nullable=False,
                           postgresql_using="seed::varchar(64)")


def downgrade() -> None:
    # Lossy: a text seed that is not a small integer becomes 0. Seeds matter only when a table is dealt;
    # every stored doc keeps its own secret, so play and replays are unaffected.
    with op.batch_alter_table("tables") as batch:
        batch.alter_column("seed", existing_type=sa.String(64), type_=sa.Integer(), existing_nullable=False,
                           postgresql_using="CASE WHEN seed ~ '^-?[0-9]{1,9}$' THEN seed::integer ELSE 0 END")
    if op.get_bind().dialect.name == "sqlite":
        op.execute("UPDATE tables SET seed = 0 WHERE typeof(seed) != 'integer'")
