"""Schema 7: in-game chat (docs/api.md, "Chat"). ``azulejos_chat`` (a game's messages, numbered
from 1, with the writer's seat and its name then) and ``azulejos_chat_mutes`` (which seat of a
game muted which: that seat's messages no longer reach it)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "azulejos_chat",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("azulejos_games.game_id"),
                  primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "azulejos_chat_mutes",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("azulejos_games.game_id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("muted", sa.Integer, primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("azulejos_chat_mutes")
    op.drop_table("azulejos_chat")
