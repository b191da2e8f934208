"""Schema 3: the game's ruleset, whole: ``games.modules``, the optional rules modules switched
on (:data:`azulejos.core.ruleset.MODULES` names, comma-separated; NULL or empty: none, as every
game stored before was played). Older games keep NULL."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("azulejos_games", sa.Column("modules", sa.String(200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("azulejos_games") as games:
        games.drop_column("modules")
