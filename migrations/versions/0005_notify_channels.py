"""Play across days (issue 16): each seat's notification channels and their last delivery, each table's
reminder setting and schedule, the nudge's rate limit, and the server's Web Push key pair.

- seats.webhook_format: slack | mattermost | discord | generic, or NULL (guessed from the URL's host);
- seats.ntfy_url: an ntfy topic URL; seats.push: the browser's Web Push subscription (endpoint and keys);
- seats.deliveries: the last result per channel, {"webhook": {"ok", "at", "detail"}, ...};
- tables.remind_after: seconds a seat may be to act before it is reminded (0: never; NULL: the server's
  default); tables.reminded_seq: the seq whose reminder has gone out (claimed by a conditional UPDATE);
- tables.nudged_at: the last nudge (at most one an hour per table);
- server_keys: named secrets the server makes itself on first start (the VAPID private key).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("webhook_format", sa.String(16), nullable=True))
        batch.add_column(sa.Column("ntfy_url", sa.Text(), nullable=True))
        batch.add_column(sa.Column("push", sa.Text(), nullable=True))
        batch.add_column(sa.Column("deliveries", sa.JSON(), nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("remind_after", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("reminded_seq", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("nudged_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table("server_keys",
                    sa.Column("name", sa.String(40), primary_key=True),
                    sa.Column("value", sa.Text(), nullable=False),
                    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False))


def downgrade() -> None:
    op.drop_table("server_keys")
    with op.batch_alter_table("tables") as batch:
        for name in ("nudged_at", "reminded_seq", "remind_after"):
            batch.drop_column(name)
    with op.batch_alter_table("seats") as batch:
        for name in ("deliveries", "push", "ntfy_url", "webhook_format"):
            batch.drop_column(name)
