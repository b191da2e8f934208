"""Schema 11: vacation days (docs/api.md, "Vacation"; issue 28 item 2). ``azulejos_vacations``
(an account's vacations: the calendar year each is charged to, when it began, its planned end,
when it ended, the whole days charged) and ``games.turn_paused`` (since when the current turn's
clock stands still because its player is on vacation; NULL: it runs, as in every older game)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision: str | None = "0010"
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


def downgrade() -> None:
    with op.batch_alter_table("azulejos_games") as games:
        games.drop_column("turn_paused")
    op.drop_index("ix_azulejos_vacations_ended", table_name="azulejos_vacations")
    op.drop_index("ix_azulejos_vacations_account_id", table_name="azulejos_vacations")
    op.drop_table("azulejos_vacations")
