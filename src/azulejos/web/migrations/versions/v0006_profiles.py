"""Schema 6: player profiles (docs/api.md, "Profiles"). ``azulejos_profiles`` (a public id, the
digest of the secret key, a name), ``azulejos_ratings`` (a profile's openskill rating and rated
games in each pool: ``all``, a player count, a wall side, both), ``azulejos_results`` (the end
of a finished game, one row per seat a profile claimed; its primary key makes the end written
once); ``seats.profile_id`` (the public id of the profile that claimed the seat; NULL:
anonymous) and ``games.rated`` (1: the creator asked for a rated game). Older games keep NULL:
anonymous and unrated."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("azulejos_games", sa.Column("rated", sa.Integer, nullable=True))
    op.add_column("azulejos_seats", sa.Column("profile_id", sa.String(32), nullable=True))
    op.create_index("ix_azulejos_seats_profile_id", "azulejos_seats", ["profile_id"])
    op.create_table(
        "azulejos_profiles",
        sa.Column("profile_id", sa.String(32), primary_key=True),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "azulejos_ratings",
        sa.Column("profile_id", sa.String(32), sa.ForeignKey("azulejos_profiles.profile_id"),
                  primary_key=True),
        sa.Column("pool", sa.String(24), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "azulejos_results",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("azulejos_games.game_id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.String(32), sa.ForeignKey("azulejos_profiles.profile_id"),
                  nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("variant", sa.String(16), nullable=False),
        sa.Column("modules", sa.String(200), nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("won", sa.Integer, nullable=False),
        sa.Column("rated", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_azulejos_results_profile_id", "azulejos_results", ["profile_id"])


def downgrade() -> None:
    op.drop_index("ix_azulejos_results_profile_id", "azulejos_results")
    op.drop_table("azulejos_results")
    op.drop_table("azulejos_ratings")
    op.drop_table("azulejos_profiles")
    op.drop_index("ix_azulejos_seats_profile_id", "azulejos_seats")
    with op.batch_alter_table("azulejos_seats") as seats:
        seats.drop_column("profile_id")
    with op.batch_alter_table("azulejos_games") as games:
        games.drop_column("rated")
