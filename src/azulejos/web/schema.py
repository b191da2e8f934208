"""The server's tables, and bringing a database to the current schema (creating or upgrading it
in place) safely while other server processes start at the same moment.

Schema versions (table ``azulejos_schema`` keeps one row per version applied):

1. games, seats (a token digest per person seat), events;
2. seats are claimed once from an invitation: ``seats.invite_hash`` (digest of the invitation
   secret) and ``seats.claimed`` (when; NULL while the seat waits for its player); the
   creator's key ``games.host_hash``; ``games.stand_in``, the bot level that takes over a seat
   whose player leaves (NULL: medium). Seats of version-1 games held their token from the start:
   they are marked claimed when the game was created;
3. the game's ruleset, whole: ``games.modules``, the optional rules modules switched on
   (:data:`azulejos.core.ruleset.MODULES` names, comma-separated; NULL or empty: none, as every
   game stored before version 3 was played). Games of older versions keep NULL.

:func:`prepare` runs the whole check-create-upgrade under one lock - PostgreSQL: a
transaction-level advisory lock (and PostgreSQL's DDL is transactional); SQLite: ``BEGIN
IMMEDIATE`` (the database's write lock). A second process waits, then finds the work done.
Every step checks what is there first, so running it again changes nothing.
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    insert,
    inspect,
    select,
    text,
)

SCHEMA_VERSION = 3
#: The PostgreSQL advisory lock key held while the schema is checked ("azul").
LOCK_KEY = 0x617A756C

meta = MetaData()

games_t = Table(
    "azulejos_games",
    meta,
    Column("game_id", String(32), primary_key=True),
    Column("players", Integer, nullable=False),
    Column("variant", String(16), nullable=False),
    Column("start_player", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("version", Integer, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("rng_state", Text, nullable=False),
    Column("spectator_hash", String(64), nullable=False, unique=True),
    Column("hotseat_hash", String(64), nullable=True, unique=True),
    # version 2
    Column("host_hash", String(64), nullable=True, unique=True, index=True),
    Column("stand_in", String(32), nullable=True),
    # version 3
    Column("modules", String(200), nullable=True),
    # profiles (revision 0006): 1 if the creator asked for a rated game
    Column("rated", Integer, nullable=True),
)

seats_t = Table(
    "azulejos_seats",
    meta,
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(80), nullable=False),
    Column("level", String(32), nullable=True),
    Column("token_hash", String(64), nullable=True, unique=True),
    # version 2
    Column("invite_hash", String(64), nullable=True, unique=True, index=True),
    Column("claimed", Float, nullable=True),
    # profiles (revision 0006): the public id of the player's profile (NULL: anonymous)
    Column("profile_id", String(32), nullable=True, index=True),
)

events_t = Table(
    "azulejos_events",
    meta,
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("data", String(200), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("at", Float, nullable=False),
)

# -- player profiles (revision 0006; docs/api.md, "Profiles") ---------------------------------
profiles_t = Table(
    "azulejos_profiles",
    meta,
    Column("profile_id", String(32), primary_key=True),  # public
    Column("key_hash", String(64), nullable=False, unique=True),  # digest of the secret key
    Column("name", String(80), nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

#: A profile's rating in one pool: ``all``, a player count (``2``), a wall side (``grey``) or
#: both (``2-grey``).
ratings_t = Table(
    "azulejos_ratings",
    meta,
    Column("profile_id", String(32), ForeignKey("azulejos_profiles.profile_id"),
           primary_key=True),
    Column("pool", String(24), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)

#: The end of a finished game, one row per seat held by a profile, written once (the primary
#: key is the guard: a second writer of the same game fails and changes nothing).
results_t = Table(
    "azulejos_results",
    meta,
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("profile_id", String(32), ForeignKey("azulejos_profiles.profile_id"),
           nullable=False, index=True),
    Column("players", Integer, nullable=False),
    Column("variant", String(16), nullable=False),
    Column("modules", String(200), nullable=False),  # comma-separated; "" for none
    Column("score", Integer, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("won", Integer, nullable=False),  # 1: among the winners (a shared victory too, R25)
    Column("rated", Integer, nullable=False),
    Column("at", Float, nullable=False),
)

schema_t = Table(
    "azulejos_schema",
    meta,
    Column("version", Integer, primary_key=True),
)

#: Columns added by version 2: (table, column, SQL type), and the unique indexes on them.
V2_COLUMNS = (
    ("azulejos_games", "host_hash", "VARCHAR(64)"),
    ("azulejos_games", "stand_in", "VARCHAR(32)"),
    ("azulejos_seats", "invite_hash", "VARCHAR(64)"),
    ("azulejos_seats", "claimed", "FLOAT"),
)
V2_INDEXES = (
    ("ix_azulejos_games_host_hash", "azulejos_games", "host_hash"),
    ("ix_azulejos_seats_invite_hash", "azulejos_seats", "invite_hash"),
)

#: Columns added by version 3.
V3_COLUMNS = (("azulejos_games", "modules", "VARCHAR(200)"),)

#: Columns added for player profiles (revision 0006 once the schema moves to Alembic).
PROFILE_COLUMNS = (
    ("azulejos_games", "rated", "INTEGER"),
    ("azulejos_seats", "profile_id", "VARCHAR(32)"),
)


class NewerSchema(RuntimeError):
    """The database was written by a newer azulejos."""


def prepare(engine: Engine) -> int:
    """Create the tables or upgrade them to :data:`SCHEMA_VERSION`, under the lock (see the
    module text). Returns the version the database had (0: it was empty)."""
    if engine.dialect.name == "sqlite":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
            try:
                found = upgrade(conn)
            except BaseException:
                conn.exec_driver_sql("ROLLBACK")
                raise
            conn.exec_driver_sql("COMMIT")
            return found
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": LOCK_KEY})
        return upgrade(conn)


def found_version(conn: Connection) -> int:
    """The schema version of the database on ``conn`` (0: no tables yet)."""
    tables = set(inspect(conn).get_table_names())
    if "azulejos_games" not in tables:
        return 0
    have = conn.execute(select(schema_t.c.version)).scalars().all() if "azulejos_schema" in tables else []
    return max(have, default=1)  # tables but no row: a version-1 start cut short


def upgrade(conn: Connection) -> int:
    """The steps of :func:`prepare`, on a connection that holds the lock."""
    found = found_version(conn)
    if found > SCHEMA_VERSION:
        raise NewerSchema(f"the database was written by a newer azulejos (schema {found})")
    meta.create_all(conn)  # the tables that are missing, as the current version has them
    if found:
        _add_v2(conn)
        _add_columns(conn, V3_COLUMNS)
        _add_columns(conn, PROFILE_COLUMNS)
    have = set(conn.execute(select(schema_t.c.version)).scalars().all())
    for v in range(1, SCHEMA_VERSION + 1):
        if v not in have:
            conn.execute(insert(schema_t).values(version=v))
    return found


def _add_columns(conn: Connection, wanted: tuple[tuple[str, str, str], ...]) -> None:
    """Add the columns of ``wanted`` that are not there yet (so that a second run adds none)."""
    insp = inspect(conn)
    columns = {t: {c["name"] for c in insp.get_columns(t)} for t in {w[0] for w in wanted}}
    for table, column, sql_type in wanted:
        if column not in columns[table]:
            conn.exec_driver_sql(f"ALTER TABLE {table} ADD COLUMN {column} {sql_type}")


def _add_v2(conn: Connection) -> None:
    _add_columns(conn, V2_COLUMNS)
    for name, table, column in V2_INDEXES:
        conn.exec_driver_sql(f"CREATE UNIQUE INDEX IF NOT EXISTS {name} ON {table} ({column})")
    # Seats of version-1 games got their token at creation: they count as claimed then.
    conn.exec_driver_sql(
        "UPDATE azulejos_seats SET claimed = (SELECT g.created FROM azulejos_games g "
        "WHERE g.game_id = azulejos_seats.game_id) "
        "WHERE kind = 'person' AND token_hash IS NOT NULL AND claimed IS NULL"
    )
