"""Schema 8: e-mail (docs/api.md, "E-mail"; ``web/mail/``). ``azulejos_mail_outbox`` (queued,
sent and given-up mails: recipient, template, language, parameters as JSON, attempts, the next
attempt, a sending claim's lease), ``azulejos_mail_turns`` (the seats told "your turn", or
waiting for the digest), ``azulejos_mail_optout`` (unsubscribed recipients) and
``azulejos_mail_state`` (the unsubscribe links' secret, the last digest day)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "azulejos_mail_outbox",
        sa.Column("mail_id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("recipient", sa.String(320), nullable=False),
        sa.Column("template", sa.String(32), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("params", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("next_attempt", sa.Float, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("lease", sa.Float, nullable=True),
        sa.Column("sent", sa.Float, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("dedupe", sa.String(120), nullable=True, unique=True),
    )
    op.create_index("ix_azulejos_mail_outbox_next_attempt", "azulejos_mail_outbox",
                    ["next_attempt"])
    op.create_index("ix_azulejos_mail_outbox_status", "azulejos_mail_outbox", ["status"])
    op.create_table(
        "azulejos_mail_turns",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("digest", sa.Integer, nullable=False),
        sa.Column("opponents", sa.Text, nullable=False),
        sa.Column("since", sa.Float, nullable=False),
    )
    op.create_index("ix_azulejos_mail_turns_key", "azulejos_mail_turns", ["key"])
    op.create_table(
        "azulejos_mail_optout",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "azulejos_mail_state",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("azulejos_mail_state")
    op.drop_table("azulejos_mail_optout")
    op.drop_index("ix_azulejos_mail_turns_key", "azulejos_mail_turns")
    op.drop_table("azulejos_mail_turns")
    op.drop_index("ix_azulejos_mail_outbox_status", "azulejos_mail_outbox")
    op.drop_index("ix_azulejos_mail_outbox_next_attempt", "azulejos_mail_outbox")
    op.drop_table("azulejos_mail_outbox")
