"""Schema 5: the game's clock (:mod:`azulejos.web.clocks`; docs/api.md, "Clocks"):
``games.clock_kind`` and ``clock_seconds`` (NULL: no clock, as every older game), the current
turn (``turn_version``, ``turn_began``, ``turn_seat``, and ``turn_deadline``, indexed for the
clock loop's query of turns out of time) and ``seats.time_used`` (the seconds a seat used of a
per-game clock). Older games keep NULL: they have no clock."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

GAME_COLUMNS = (
    ("clock_kind", sa.String(8)),
    ("clock_seconds", sa.Integer()),
    ("turn_version", sa.Integer()),
    ("turn_began", sa.Float()),
    ("turn_seat", sa.Integer()),
    ("turn_deadline", sa.Float()),
)


def upgrade() -> None:
    for name, type_ in GAME_COLUMNS:
        op.add_column("azulejos_games", sa.Column(name, type_, nullable=True))
    op.create_index("ix_azulejos_games_turn_deadline", "azulejos_games", ["turn_deadline"])
    op.add_column("azulejos_seats", sa.Column("time_used", sa.Float(), nullable=True))


def downgrade() -> None:
    op.drop_index("ix_azulejos_games_turn_deadline", table_name="azulejos_games")
    with op.batch_alter_table("azulejos_games") as games:
        for name, _type in reversed(GAME_COLUMNS):
            games.drop_column(name)
    with op.batch_alter_table("azulejos_seats") as seats:
        seats.drop_column("time_used")
