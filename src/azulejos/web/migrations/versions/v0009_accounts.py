"""Schema 9: accounts (docs/api.md, "Accounts"). ``azulejos_accounts`` (a unique user name and
its case-folded key, an argon2id password hash, the account's own profile, an optional e-mail
and when it was verified, the settings as JSON), ``azulejos_sessions`` (a signed-in browser:
the digest of its cookie's secret, created, last seen, idle expiry) and
``azulejos_seat_tokens`` (further tokens of a claimed seat, for its account's other devices),
``azulejos_account_links`` (links sent by e-mail to verify an address or reset a password: the
digest of the secret, the purpose, the address, expiry, when used). Nothing older changes."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "azulejos_accounts",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("name_key", sa.String(80), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("profile_id", sa.String(32), sa.ForeignKey("azulejos_profiles.profile_id"),
                  nullable=False, unique=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_verified", sa.Float, nullable=True),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "azulejos_sessions",
        sa.Column("session_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("ix_azulejos_sessions_account_id", "azulejos_sessions", ["account_id"])
    op.create_index("ix_azulejos_sessions_expires", "azulejos_sessions", ["expires"])
    op.create_table(
        "azulejos_seat_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("azulejos_games.game_id"),
                  nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_azulejos_seat_tokens_account_id", "azulejos_seat_tokens",
                    ["account_id"])
    op.create_table(
        "azulejos_account_links",
        sa.Column("link_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  nullable=False),
        sa.Column("purpose", sa.String(8), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("used", sa.Float, nullable=True),
    )
    op.create_index("ix_azulejos_account_links_account_id", "azulejos_account_links",
                    ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_azulejos_account_links_account_id", "azulejos_account_links")
    op.drop_table("azulejos_account_links")
    op.drop_index("ix_azulejos_seat_tokens_account_id", "azulejos_seat_tokens")
    op.drop_table("azulejos_seat_tokens")
    op.drop_index("ix_azulejos_sessions_expires", "azulejos_sessions")
    op.drop_index("ix_azulejos_sessions_account_id", "azulejos_sessions")
    op.drop_table("azulejos_sessions")
    op.drop_table("azulejos_accounts")
