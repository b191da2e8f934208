"""Schema 12: vacation days (docs/api.md, "Vacation"; issue 28 item 2) and passkeys (docs/api.md,
"Passkeys"; issue 28 item 1). ``azulejos_vacations``
(an account's vacations: the calendar year each is charged to, when it began, its planned end,
when it ended, the whole days charged) and ``games.turn_paused`` (since when the current turn's
clock stands still because its player is on vacation; NULL: it runs, as in every older game);
``azulejos_passkeys`` (an account's WebAuthn credentials: id, public key, signature count) and
``azulejos_passkey_challenges`` (the digests of the challenges given out, single use)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "azulejos_vacations",
        sa.Column("vacation_id", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  nullable=False),
        sa.Column("year", sa.Integer, nullable=False),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("until", sa.Float, nullable=False),
        sa.Column("ended", sa.Float, nullable=True),
        sa.Column("days", sa.Integer, nullable=False),
    )
    op.create_index("ix_azulejos_vacations_account_id", "azulejos_vacations", ["account_id"])
    op.create_index("ix_azulejos_vacations_ended", "azulejos_vacations", ["ended"])
    op.add_column("azulejos_games", sa.Column("turn_paused", sa.Float, nullable=True))
    op.create_table(
        "azulejos_passkeys",
        sa.Column("credential_id", sa.String(700), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  nullable=False),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("sign_count", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float, nullable=True),
    )
    op.create_index("ix_azulejos_passkeys_account_id", "azulejos_passkeys", ["account_id"])
    op.create_table(
        "azulejos_passkey_challenges",
        sa.Column("challenge_hash", sa.String(64), primary_key=True),
        sa.Column("purpose", sa.String(8), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("expires", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("azulejos_passkey_challenges")
    op.drop_index("ix_azulejos_passkeys_account_id", table_name="azulejos_passkeys")
    op.drop_table("azulejos_passkeys")
    with op.batch_alter_table("azulejos_games") as games:
        games.drop_column("turn_paused")
    op.drop_index("ix_azulejos_vacations_ended", table_name="azulejos_vacations")
    op.drop_index("ix_azulejos_vacations_account_id", table_name="azulejos_vacations")
    op.drop_table("azulejos_vacations")
