"""A pace per table (issue 36): the time each turn may take, and what happens when it runs out.

`tables.pace`: seconds per turn (NULL: no pace, as before); `pace_timeout`: "bot" (the game's bot plays the
seat's turns until its player comes back) or "forfeit" (the bot plays the turn that timed out, and after
`pace_forfeit_after` missed turns the seat forfeits). `seats.stand_in`: the seq at which the seat's time ran
out (NULL: its player plays), `seats.missed`: the seat's turns timed out in this game.
(The pause by vote is revision 0010.)

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.add_column(sa.Column("pace", sa.Integer, nullable=True))
        t.add_column(sa.Column("pace_timeout", sa.String(8), nullable=True))
        t.add_column(sa.Column("pace_forfeit_after", sa.Integer, nullable=True))
    with op.batch_alter_table("seats") as t:
        t.add_column(sa.Column("stand_in", sa.Integer, nullable=True))
        t.add_column(sa.Column("missed", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("seats") as t:
        t.drop_column("missed")
        t.drop_column("stand_in")
    with op.batch_alter_table("tables") as t:
        t.drop_column("pace_forfeit_after")
        t.drop_column("pace_timeout")
        t.drop_column("pace")
