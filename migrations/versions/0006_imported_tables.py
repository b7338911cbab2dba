"""Imported tables are marked (issue 30): tables.imported is true for a table made by POST
/api/admin/import from an exported file, so the statistics count only games played on this server (and
show imported ones apart), and the admin pages can say where a game came from. Every existing table
starts as not imported (an import made before this revision was stored with the seed "imported": those
are marked).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("imported", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.execute(sa.text("UPDATE tables SET imported = :yes WHERE seed = 'imported'").bindparams(yes=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("imported")
