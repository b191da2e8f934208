"""Schema 14: tournaments for people (docs/api.md, "Tournaments"). ``azulejos_tournaments``
(name, creator, format, rounds, settings as JSON, start time, status, the round being played,
a revision bumped by each change, the deals' secret), ``azulejos_tournament_entries`` (the
accounts' profiles and the bots entered, in entry order; one entry per profile) and
``azulejos_tournament_games`` (each round's pairings: entries in seat order, the game or a bye,
the result once written). Nothing older changes."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision: str | None = "0013"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "azulejos_tournaments",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("creator", sa.String(32), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("starts_at", sa.Float, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("secret", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("started", sa.Float, nullable=True),
        sa.Column("finished", sa.Float, nullable=True),
    )
    op.create_index("ix_azulejos_tournaments_status", "azulejos_tournaments", ["status"])
    op.create_table(
        "azulejos_tournament_entries",
        sa.Column("tournament_id", sa.String(32),
                  sa.ForeignKey("azulejos_tournaments.tournament_id"), primary_key=True),
        sa.Column("entry_id", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("profile_id", sa.String(32), nullable=True),
        sa.Column("level", sa.String(32), nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("joined", sa.Float, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.UniqueConstraint("tournament_id", "profile_id",
                            name="uq_azulejos_tournament_entries_profile"),
    )
    op.create_table(
        "azulejos_tournament_games",
        sa.Column("tournament_id", sa.String(32),
                  sa.ForeignKey("azulejos_tournaments.tournament_id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("entries", sa.Text, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("creating", sa.Float, nullable=True),
        sa.Column("result", sa.Text, nullable=True),
    )
    op.create_index("ix_azulejos_tournament_games_game_id", "azulejos_tournament_games",
                    ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_azulejos_tournament_games_game_id", "azulejos_tournament_games")
    op.drop_table("azulejos_tournament_games")
    op.drop_table("azulejos_tournament_entries")
    op.drop_index("ix_azulejos_tournaments_status", "azulejos_tournaments")
    op.drop_table("azulejos_tournaments")
