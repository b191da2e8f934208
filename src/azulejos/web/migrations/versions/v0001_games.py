"""Schema 1: games, their seats (a token digest per person seat) and their events, and the
table ``azulejos_schema`` (one row per schema version, read by servers older than Alembic)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "azulejos_games",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("variant", sa.String(16), nullable=False),
        sa.Column("start_player", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("rng_state", sa.Text, nullable=False),
        sa.Column("spectator_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("hotseat_hash", sa.String(64), nullable=True, unique=True),
    )
    op.create_index("ix_azulejos_games_status", "azulejos_games", ["status"])
    op.create_table(
        "azulejos_seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("azulejos_games.game_id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("level", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    )
    op.create_table(
        "azulejos_events",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("azulejos_games.game_id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("data", sa.String(200), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table("azulejos_schema", sa.Column("version", sa.Integer, primary_key=True))


def downgrade() -> None:
    op.drop_table("azulejos_schema")
    op.drop_table("azulejos_events")
    op.drop_table("azulejos_seats")
    op.drop_index("ix_azulejos_games_status", "azulejos_games")
    op.drop_table("azulejos_games")
