"""Notes on a move (issue 48): `move_notes`, a player's note on one step of a table, with its author (the
seat, and the player when the seat has one), whether it was written while the game was on (then its
author's alone until the game ends), and when it was written and last edited.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-12
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "move_notes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("author_id", sa.Integer(), sa.ForeignKey("players.id", ondelete="SET NULL"), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("during", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("edited_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_move_notes_table", "move_notes", ["table_id", "seq"])


def downgrade() -> None:
    op.drop_index("ix_move_notes_table", table_name="move_notes")
    op.drop_table("move_notes")
