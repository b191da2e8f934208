"""Schema 4: the engine reviews of finished games (``azulejos_reviews``), kept in the database so
that a review computed by one server process is served by every other and survives a restart:
one row per game, game version (its number of events when reviewed) and review settings (the
budget and seed, :data:`azulejos.web.replays.REVIEW_SETTINGS`), with when it was made and the
annotated record (``azulejos-record/1`` JSON text)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "azulejos_reviews",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("azulejos_games.game_id"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("settings", sa.String(100), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("azulejos_reviews")
