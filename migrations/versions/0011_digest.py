"""The rest of issue 36: the daily digest, and the bot's stand-in marked on the stored moves.

- `seats.digest`: the seat's channels ("webhook", "ntfy", "push", comma-separated; NULL: none) that get one
  message a day listing the tables waiting for their person, instead of a message per turn;
- `digests`: one row per recipient (a person's channel address, hashed) and UTC day, claimed by the instance
  that sends it (owner, claimed_at: a lease another instance takes over once it is old) and marked sent;
- `moves.stand_in`: {"for": the seat's name, "why": "timeout"} on a move the game's bot played for a seat
  whose time ran out (NULL on every other move).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as t:
        t.add_column(sa.Column("digest", sa.String(40), nullable=True))
    with op.batch_alter_table("moves") as t:
        t.add_column(sa.Column("stand_in", sa.JSON, nullable=True))
    op.create_table("digests",
                    sa.Column("recipient", sa.String(64), primary_key=True),
                    sa.Column("day", sa.String(10), primary_key=True),
                    sa.Column("owner", sa.String(32), nullable=False),
                    sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=False),
                    sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_digests_day", "digests", ["day"])


def downgrade() -> None:
    op.drop_index("ix_digests_day", table_name="digests")
    op.drop_table("digests")
    with op.batch_alter_table("moves") as t:
        t.drop_column("stand_in")
    with op.batch_alter_table("seats") as t:
        t.drop_column("digest")
