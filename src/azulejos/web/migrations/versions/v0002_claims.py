"""Schema 2: seats are claimed once from an invitation (``seats.invite_hash``, the digest of
the invitation secret; ``seats.claimed``, when, NULL while the seat waits); the creator's key
``games.host_hash``; ``games.stand_in``, the bot level that takes over a seat whose player
leaves (NULL: medium). Person seats of schema-1 games held their token from the start: they
count as claimed when the game was created."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("azulejos_games", sa.Column("host_hash", sa.String(64), nullable=True))
    op.add_column("azulejos_games", sa.Column("stand_in", sa.String(32), nullable=True))
    op.add_column("azulejos_seats", sa.Column("invite_hash", sa.String(64), nullable=True))
    op.add_column("azulejos_seats", sa.Column("claimed", sa.Float, nullable=True))
    op.create_index("ix_azulejos_games_host_hash", "azulejos_games", ["host_hash"], unique=True)
    op.create_index("ix_azulejos_seats_invite_hash", "azulejos_seats", ["invite_hash"], unique=True)
    op.execute(
        "UPDATE azulejos_seats SET claimed = (SELECT g.created FROM azulejos_games g "
        "WHERE g.game_id = azulejos_seats.game_id) "
        "WHERE kind = 'person' AND token_hash IS NOT NULL AND claimed IS NULL"
    )


def downgrade() -> None:
    op.drop_index("ix_azulejos_seats_invite_hash", "azulejos_seats")
    op.drop_index("ix_azulejos_games_host_hash", "azulejos_games")
    with op.batch_alter_table("azulejos_seats") as seats:
        seats.drop_column("claimed")
        seats.drop_column("invite_hash")
    with op.batch_alter_table("azulejos_games") as games:
        games.drop_column("stand_in")
        games.drop_column("host_hash")
