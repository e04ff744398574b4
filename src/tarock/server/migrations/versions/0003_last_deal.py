"""A finished table remembers its last deal, so that the server lists it without replaying it.

Tables that finished before this revision have no value yet; the server replays them once at
its next start, finds them finished and sets it then.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("last_deal", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("last_deal")
