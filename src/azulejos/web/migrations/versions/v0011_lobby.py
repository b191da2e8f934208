"""Schema 11: finding a game (docs/api.md, "Lobby"; issue 29, item 1). ``azulejos_lobby`` (public
games: opened in the lobby, made by quick match or a rematch; their game and spectator token
once started), ``azulejos_lobby_seats`` (who sits where, one seat per account),
``azulejos_quick_seeks`` (quick-match requests), ``azulejos_rematches`` and
``azulejos_rematch_votes`` (a rematch offer and the seats that took it)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "azulejos_lobby",
        sa.Column("lobby_id", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(12), nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("creator", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("azulejos_games.game_id"),
                  nullable=True),
        sa.Column("spectator", sa.String(64), nullable=True),
    )
    op.create_index("ix_azulejos_lobby_status", "azulejos_lobby", ["status"])
    op.create_index("ix_azulejos_lobby_game_id", "azulejos_lobby", ["game_id"])
    op.create_table(
        "azulejos_lobby_seats",
        sa.Column("lobby_id", sa.String(32), sa.ForeignKey("azulejos_lobby.lobby_id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  nullable=False),
        sa.Column("profile_id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("joined", sa.Float, nullable=False),
        sa.UniqueConstraint("lobby_id", "account_id", name="uq_azulejos_lobby_seats_account"),
    )
    op.create_table(
        "azulejos_quick_seeks",
        sa.Column("ticket", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  nullable=False),
        sa.Column("profile_id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("settings_key", sa.String(200), nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("lobby_id", sa.String(32), nullable=True),
    )
    op.create_index("ix_azulejos_quick_seeks_account_id", "azulejos_quick_seeks",
                    ["account_id"])
    op.create_index("ix_azulejos_quick_seeks_settings_key", "azulejos_quick_seeks",
                    ["settings_key"])
    op.create_table(
        "azulejos_rematches",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("azulejos_games.game_id"),
                  primary_key=True),
        sa.Column("offered_by", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("lobby_id", sa.String(32), nullable=True),
    )
    op.create_table(
        "azulejos_rematch_votes",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("azulejos_rematches.game_id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("azulejos_rematch_votes")
    op.drop_table("azulejos_rematches")
    op.drop_index("ix_azulejos_quick_seeks_settings_key", "azulejos_quick_seeks")
    op.drop_index("ix_azulejos_quick_seeks_account_id", "azulejos_quick_seeks")
    op.drop_table("azulejos_quick_seeks")
    op.drop_table("azulejos_lobby_seats")
    op.drop_index("ix_azulejos_lobby_game_id", "azulejos_lobby")
    op.drop_index("ix_azulejos_lobby_status", "azulejos_lobby")
    op.drop_table("azulejos_lobby")
