"""The admin list at scale: tables.moved_at (the last move's time; the creation's until the first move),
and indexes for every filter and sort the list offers (game or status, by creation or last move) and for
the housekeeping sweep (status, updated_at). The single-column indexes on game, status and updated_at are
covered by the new ones and go.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

OLD = {"ix_tables_game": ["game"], "ix_tables_status": ["status"], "ix_tables_updated_at": ["updated_at"]}
NEW = {
    "ix_tables_created_at": ["created_at"],
    "ix_tables_moved_at": ["moved_at"],
    "ix_tables_game_created": ["game", "created_at"],
    "ix_tables_game_moved": ["game", "moved_at"],
    "ix_tables_status_created": ["status", "created_at"],
    "ix_tables_status_moved": ["status", "moved_at"],
    "ix_tables_status_updated": ["status", "updated_at"],
}


def upgrade() -> None:
    op.add_column("tables", sa.Column("moved_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE tables SET moved_at = COALESCE((SELECT MAX(moves.at) FROM moves "
               "WHERE moves.table_id = tables.id), created_at)")
    with op.batch_alter_table("tables") as batch:
        batch.alter_column("moved_at", existing_type=sa.DateTime(timezone=True), nullable=False)
    for name in OLD:
        op.drop_index(name, table_name="tables")
    for name, columns in NEW.items():
        op.create_index(name, "tables", columns)


def downgrade() -> None:
    for name in NEW:
        op.drop_index(name, table_name="tables")
    for name, columns in OLD.items():
        op.create_index(name, "tables", columns)
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("moved_at")
