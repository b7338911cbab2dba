"""Review rooms and the bots' analyses (issues 33 and 34).

`analyses` keeps what the bots work out after the fact, once per subject and kind: a finished table's move
scores (kind "moves", subject the table's code) and a deal's difficulty measured over many bot plays (kind
"deal", subject the deal's id). A row is claimed by one app instance (`owner`, `claimed_at`), shows its
progress (`done` of `total`) while it runs, and keeps its `result` once done; `version` is the analyser's,
so a better bot can redo older rows.

`review_branches` keeps the what-ifs of a finished table's review room: moves played from one of the real
game's steps (`ply` real moves in), named, kept and shared by their own id.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-10
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("subject", sa.String(40), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("total", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("owner", sa.String(32), nullable=True),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_analyses_status_updated", "analyses", ["status", "updated_at"])
    op.create_table(
        "review_branches",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("moves", sa.JSON(), nullable=False),
        sa.Column("author", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_review_branches_table", "review_branches", ["table_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_review_branches_table", table_name="review_branches")
    op.drop_table("review_branches")
    op.drop_index("ix_analyses_status_updated", table_name="analyses")
    op.drop_table("analyses")
