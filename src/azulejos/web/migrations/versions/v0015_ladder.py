"""Schema 15: the ladder (docs/api.md, "Ladder"). ``azulejos_ladder_rungs`` (one ranked list
of accounts per two-player rating pool, with wins and losses on the ladder) and
``azulejos_ladder_challenges`` (a challenge between two rungs, its public game once accepted,
its outcome once settled). Nothing older changes."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision: str | None = "0014"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "azulejos_ladder_rungs",
        sa.Column("pool", sa.String(16), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  primary_key=True),
        sa.Column("profile_id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("losses", sa.Integer, nullable=False),
        sa.Column("joined", sa.Float, nullable=False),
    )
    op.create_index("ix_azulejos_ladder_rungs_profile_id", "azulejos_ladder_rungs",
                    ["profile_id"])
    op.create_table(
        "azulejos_ladder_challenges",
        sa.Column("challenge_id", sa.String(32), primary_key=True),
        sa.Column("pool", sa.String(16), nullable=False),
        sa.Column("challenger", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  nullable=False),
        sa.Column("challenged", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("lobby_id", sa.String(32), nullable=True),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("outcome", sa.String(12), nullable=True),
    )
    for col in ("pool", "status", "game_id"):
        op.create_index(f"ix_azulejos_ladder_challenges_{col}", "azulejos_ladder_challenges",
                        [col])


def downgrade() -> None:
    for col in ("pool", "status", "game_id"):
        op.drop_index(f"ix_azulejos_ladder_challenges_{col}", "azulejos_ladder_challenges")
    op.drop_table("azulejos_ladder_challenges")
    op.drop_index("ix_azulejos_ladder_rungs_profile_id", "azulejos_ladder_rungs")
    op.drop_table("azulejos_ladder_rungs")
