"""Schema 10: fair clocks (docs/api.md, "Clocks"; issue 28 items 2 and 4). ``azulejos_heartbeat``
(one row: the process that beat last and when, so that the time the servers were down is added
to every running turn, never charged), ``games.clock_bank`` (a per-move clock's time bank) and
``games.clock_increment`` (a per-game clock's increment), the wait-or-bot offer of an overdue
turn (``offer_seat``, ``offer_version``, ``offer_state``, ``offer_until``, indexed for the clock
loop), and ``games.expired`` (when a game nobody touched expired). Older games keep NULL: no
bank, no increment, no offer, not expired."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None

GAME_COLUMNS = (
    ("clock_bank", sa.Integer()),
    ("clock_increment", sa.Integer()),
    ("offer_seat", sa.Integer()),
    ("offer_version", sa.Integer()),
    ("offer_state", sa.String(8)),
    ("offer_until", sa.Float()),
    ("expired", sa.Float()),
)


def upgrade() -> None:
    op.create_table(
        "azulejos_heartbeat",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("pid", sa.String(64), nullable=False),
        sa.Column("beat", sa.Float, nullable=False),
    )
    for name, type_ in GAME_COLUMNS:
        op.add_column("azulejos_games", sa.Column(name, type_, nullable=True))
    op.create_index("ix_azulejos_games_offer_until", "azulejos_games", ["offer_until"])


def downgrade() -> None:
    op.drop_index("ix_azulejos_games_offer_until", table_name="azulejos_games")
    with op.batch_alter_table("azulejos_games") as games:
        for name, _type in reversed(GAME_COLUMNS):
            games.drop_column(name)
    op.drop_table("azulejos_heartbeat")
