"""Schema 13: fair play (docs/api.md, "Fair play"; issue 29 items 2, 3 and 5).

``profiles.name_key`` (the cleaned, case-folded display name; unique), ``ratings.opponents``
(distinct opponents met in the pool's rated games: provisional ratings), ``accounts.operator``,
and the tables ``azulejos_reports`` (the moderation list), ``azulejos_suspensions``,
``azulejos_fairplay`` (fair-play waits), ``azulejos_seat_clients`` (digests of the client
addresses a seat was played from) and ``azulejos_account_mutes``.

Existing names are made unique here, deterministically: a profile that carries its own
account's user name keeps it, then the oldest profile of a name keeps it; every later one, a
profile named as another account's user name, and a profile named as a bot ("medium bot") is
renamed "NAME #2", "NAME #3" … (a bot's name: "Player #2" …), the first that is free. The seats
of past games keep the names they were played under. ``ratings.opponents`` is counted from the
rated results already written."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from azulejos.web.fairplay.names import free_name, is_bot_name, name_key

revision = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None


def _unique_names() -> None:
    conn = op.get_bind()
    accounts = {pid: key for pid, key in conn.execute(sa.text(
        "SELECT profile_id, name_key FROM azulejos_accounts")).all()}
    owner_of = {key: pid for pid, key in accounts.items()}
    rows = [(str(r[0]), str(r[1]), float(r[2])) for r in conn.execute(sa.text(
        "SELECT profile_id, name, created FROM azulejos_profiles")).all()]

    def order(r: tuple[str, str, float]) -> tuple[int, float, str]:
        own = accounts.get(r[0]) == name_key(r[1])
        return (0 if own else 1, r[2], r[0])

    taken: set[str] = set()

    def used(key: str) -> bool:
        return key in taken or key in owner_of

    for pid, name, _created in sorted(rows, key=order):
        key = name_key(name)
        new = name
        if is_bot_name(name):
            new = free_name("Player", used)
        elif key in taken or owner_of.get(key, pid) != pid:
            new = free_name(name, used)
        taken.add(name_key(new))
        conn.execute(sa.text("UPDATE azulejos_profiles SET name = :name, name_key = :key "
                             "WHERE profile_id = :pid"),
                     {"name": new, "key": name_key(new), "pid": pid})


def _opponents() -> None:
    conn = op.get_bind()
    rated = conn.execute(sa.text(
        "SELECT game_id, profile_id, players, variant FROM azulejos_results WHERE rated = 1"
    )).all()
    games: dict[str, list[tuple[str, str]]] = {}
    for gid, pid, players, variant in rated:
        games.setdefault(gid, []).append((pid, f"{players}|{variant}"))
    met: dict[tuple[str, str], set[str]] = {}
    for seats in games.values():
        for pid, kind in seats:
            players, variant = kind.split("|")
            for pool in ("all", players, variant, f"{players}-{variant}"):
                met.setdefault((pid, pool), set()).update(o for o, _ in seats if o != pid)
    for (pid, pool), others in met.items():
        conn.execute(sa.text("UPDATE azulejos_ratings SET opponents = :n "
                             "WHERE profile_id = :pid AND pool = :pool"),
                     {"n": len(others), "pid": pid, "pool": pool})


def upgrade() -> None:
    op.add_column("azulejos_profiles", sa.Column("name_key", sa.String(80), nullable=True))
    op.add_column("azulejos_ratings", sa.Column("opponents", sa.Integer(), nullable=True))
    op.add_column("azulejos_accounts", sa.Column("operator", sa.Integer(), nullable=True))
    _unique_names()
    _opponents()
    op.create_index("ix_azulejos_profiles_name_key", "azulejos_profiles", ["name_key"],
                    unique=True)
    op.create_table(
        "azulejos_reports",
        sa.Column("report_id", sa.String(16), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("reporter", sa.String(32), nullable=True),
        sa.Column("reported", sa.String(32), nullable=True),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("seq", sa.Integer, nullable=True),
        sa.Column("message", sa.Text, nullable=True),
        sa.Column("note", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("state", sa.String(12), nullable=False),
        sa.Column("resolved", sa.Float, nullable=True),
        sa.Column("resolved_by", sa.String(32), nullable=True),
    )
    op.create_index("ix_azulejos_reports_reported", "azulejos_reports", ["reported"])
    op.create_index("ix_azulejos_reports_state", "azulejos_reports", ["state"])
    op.create_table(
        "azulejos_suspensions",
        sa.Column("suspension_id", sa.String(16), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("by_account", sa.String(32), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("until", sa.Float, nullable=True),
        sa.Column("lifted", sa.Float, nullable=True),
    )
    op.create_index("ix_azulejos_suspensions_account_id", "azulejos_suspensions",
                    ["account_id"])
    op.create_table(
        "azulejos_fairplay",
        sa.Column("profile_id", sa.String(32), sa.ForeignKey("azulejos_profiles.profile_id"),
                  primary_key=True),
        sa.Column("offences", sa.Integer, nullable=False),
        sa.Column("clean", sa.Integer, nullable=False),
        sa.Column("wait_until", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "azulejos_seat_clients",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("azulejos_games.game_id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("client_hash", sa.String(64), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "azulejos_account_mutes",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("azulejos_accounts.account_id"),
                  primary_key=True),
        sa.Column("muted", sa.String(32), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("azulejos_account_mutes")
    op.drop_table("azulejos_seat_clients")
    op.drop_table("azulejos_fairplay")
    op.drop_index("ix_azulejos_suspensions_account_id", table_name="azulejos_suspensions")
    op.drop_table("azulejos_suspensions")
    op.drop_index("ix_azulejos_reports_state", table_name="azulejos_reports")
    op.drop_index("ix_azulejos_reports_reported", table_name="azulejos_reports")
    op.drop_table("azulejos_reports")
    op.drop_index("ix_azulejos_profiles_name_key", table_name="azulejos_profiles")
    with op.batch_alter_table("azulejos_accounts") as accounts:
        accounts.drop_column("operator")
    with op.batch_alter_table("azulejos_ratings") as ratings:
        ratings.drop_column("opponents")
    with op.batch_alter_table("azulejos_profiles") as profiles:
        profiles.drop_column("name_key")
