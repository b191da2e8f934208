"""The server's tables, and bringing a database to the current schema (creating or upgrading it
in place) safely while other server processes start at the same moment.

The tables below are the schema as the code reads and writes it; the way there from any older
database is the Alembic revisions in :mod:`azulejos.web.migrations` (``versions/vNNNN_*.py``, one
per schema change, each with explicit ``op.create_table`` / ``op.add_column``; a test checks
that running them all gives exactly these tables). Revision ``"NNNN"`` is schema version NNNN:

1. games, seats (a token digest per person seat), events;
2. seats are claimed once from an invitation: ``seats.invite_hash`` (digest of the invitation
   secret) and ``seats.claimed`` (when; NULL while the seat waits for its player); the
   creator's key ``games.host_hash``; ``games.stand_in``, the bot level that takes over a seat
   whose player leaves (NULL: medium). Seats of version-1 games held their token from the start:
   they are marked claimed when the game was created;
3. the game's ruleset, whole: ``games.modules``, the optional rules modules switched on
   (:data:`azulejos.core.ruleset.MODULES` names, comma-separated; NULL or empty: none, as every
   game stored before version 3 was played). Games of older versions keep NULL;
4. the engine reviews of finished games, ``azulejos_reviews`` (game, game version, review
   settings, when, the annotated record), shared by every server process on the database;
5. the game's clock (:mod:`.clocks`): ``games.clock_kind`` and ``clock_seconds`` (NULL: no
   clock, as every older game), the current turn (``turn_version``, ``turn_began``,
   ``turn_seat``, ``turn_deadline``, indexed: the clock loop's query) and ``seats.time_used``.
6. player profiles (revision 0006): ``azulejos_profiles`` (public id, key digest, name),
   ``azulejos_ratings`` (openskill rating per profile and pool), ``azulejos_results`` (a finished
   game's end per profile seat, written once), ``seats.profile_id`` and ``games.rated``.
7. in-game chat (revision 0007, :mod:`.chat`): ``azulejos_chat`` (a game's messages in order,
   with the seat and its name) and ``azulejos_chat_mutes`` (which seat muted which).
8. e-mail (revision 0008, ``web/mail/``): ``azulejos_mail_outbox`` (the queued mails),
   ``azulejos_mail_turns`` (whose turn was told by mail), ``azulejos_mail_optout`` (who
   unsubscribed) and ``azulejos_mail_state`` (the unsubscribe secret, the last digest day).
9. accounts (revision 0009; :mod:`.accounts`): ``azulejos_accounts`` (a unique user name, an
   argon2id password hash, the account's own profile, an optional e-mail, settings),
   ``azulejos_sessions`` (signed-in browsers: the digest of the cookie's secret, last seen, idle
   expiry), ``azulejos_seat_tokens`` (further tokens of a seat, given to its account's
   other devices) and ``azulejos_account_links`` (e-mailed links: verify an address, reset a
   password; digests, single use, expiring).
10. fair clocks (revision 0010; docs/api.md, "Clocks"): ``azulejos_heartbeat`` (one row: the
    servers' last beat, so an outage is never charged), ``games.clock_bank`` and
    ``clock_increment``, the wait-or-bot offer (``offer_seat``, ``offer_version``,
    ``offer_state``, ``offer_until``) and ``games.expired``.
11. finding a game (revision 0011; docs/api.md, "Lobby"; :mod:`.lobby`): ``azulejos_lobby``
    (a public game: its settings, opened in the lobby or made by quick match or a rematch,
    open until full, then its game and spectator token), ``azulejos_lobby_seats`` (who sits
    where, one seat per account), ``azulejos_quick_seeks`` (quick-match requests and whom they
    were paired with), ``azulejos_rematches`` and ``azulejos_rematch_votes`` (an offer after
    a finished game, and the seats that took it).
12. vacation days (revision 0012; docs/api.md, "Vacation"): ``azulejos_vacations`` (an
    account's vacations: the year they are charged to, start, planned end, when they ended,
    whole days charged) and ``games.turn_paused`` (since when the current turn's clock stands
    still, its player being on vacation; NULL: it runs); passkeys (docs/api.md, "Passkeys"):
    ``azulejos_passkeys`` (an account's WebAuthn credentials) and
    ``azulejos_passkey_challenges`` (the challenges given out, single use).
13. fair play (revision 0013; docs/api.md, "Fair play"; ``web/fairplay/``):
    ``profiles.name_key`` (the case-folded name, unique: display names are unique),
    ``ratings.opponents`` (distinct opponents in the pool: provisional ratings),
    ``accounts.operator`` (1: the server's operator), ``azulejos_reports`` (the moderation
    list), ``azulejos_suspensions``, ``azulejos_fairplay`` (a profile's fair-play wait),
    ``azulejos_seat_clients`` (a digest of the client address a seat was played from) and
    ``azulejos_account_mutes`` (an account's mutes of a player in every game).
14. tournaments for people (revision 0014; ``web/tournaments/``): ``azulejos_tournaments``
    (the settings, the status, the round being played; a conditional update of the round
    pairs each round once over every process), ``azulejos_tournament_entries`` (accounts'
    profiles and bots entered, one entry per profile) and ``azulejos_tournament_games`` (each
    round's pairings: the entries in seat order, the game or a bye, the result once written).
15. the ladder (revision 0015; ``web/ladder/``): ``azulejos_ladder_rungs`` (one ranked list of
    accounts per two-player rating pool, with wins and losses on the ladder) and
    ``azulejos_ladder_challenges`` (a challenge, its public game once accepted; a conditional
    update of its status settles its game once over every process).

Versions 1-3 were first written by a hand-made upgrade that recorded them in the table
``azulejos_schema`` (one row per version). :func:`prepare` stamps such a database (no
``alembic_version``) at the revision of its highest version, then upgrades it like any other.
``azulejos_schema`` is kept, and :func:`prepare` keeps one row there per version up to the
head: a server from before Alembic reads that table and refuses a database a later revision
changed (its ``NewerSchema``) instead of writing rows without the new columns.

:func:`prepare` runs the whole check-stamp-upgrade under one lock - PostgreSQL: a
transaction-level advisory lock (and PostgreSQL's DDL is transactional, so the revisions and the
stamp commit together or not at all); SQLite: ``BEGIN IMMEDIATE`` (the database's write lock).
A second process waits, then finds the work done. Running it again changes nothing.
"""

from __future__ import annotations

import threading
from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, insert, inspect, select, text

#: Where the revisions live (inside the package, so that they ship with it).
from . import account_tables, finding_tables  # noqa: F401  (their tables join meta)
from .tables import schema_t

MIGRATIONS = Path(__file__).parent / "migrations"
#: The last schema version of the hand-made upgrade, before Alembic.
LAST_HAND_MADE = 3
#: The PostgreSQL advisory lock key held while the schema is checked ("azul").
LOCK_KEY = 0x617A756C
#: Alembic's ``context`` and ``op`` are module-wide proxies: one command at a time per process
#: (taken after the database's lock, and held only while the revisions run on it).
_COMMANDS = threading.Lock()


def alembic_config(conn: Connection | None = None) -> Config:
    """Alembic's configuration, made in code (no ``alembic.ini``): the package's revisions, and
    the connection they run on (``env.py`` reads it from ``attributes["connection"]``)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if conn is not None:
        cfg.attributes["connection"] = conn
    return cfg


@cache
def revisions() -> ScriptDirectory:
    """The package's revisions (read once per process)."""
    return ScriptDirectory.from_config(alembic_config())


@cache
def head_version() -> int:
    """The schema version the code writes: the number of the head revision (revision ids are
    the version numbers, ``"0001"``, ``"0002"`` …)."""
    head = revisions().get_current_head()
    assert head is not None, "no revisions in azulejos/web/migrations/versions"
    return int(head)


SCHEMA_VERSION = head_version()


def revision_id(version: int) -> str:
    """The revision id of schema ``version`` (``3`` -> ``"0003"``)."""
    return f"{version:04d}"


class NewerSchema(RuntimeError):
    """The database was written by a newer azulejos."""


def prepare(engine: Engine) -> int:
    """Create the tables or upgrade them to :data:`SCHEMA_VERSION`, under the lock (see the
    module text). Returns the version the database had (0: it was empty)."""
    if engine.dialect.name == "sqlite":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            # The driver is in autocommit mode, so that BEGIN IMMEDIATE is ours to send; the
            # SQLAlchemy transaction around it tells Alembic the caller owns the transaction
            # (it then commits nothing of its own), and its end commits or rolls back ours.
            with conn.begin():
                conn.exec_driver_sql("BEGIN IMMEDIATE")
                return upgrade(conn)
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": LOCK_KEY})
        return upgrade(conn)


def hand_made_version(conn: Connection) -> int:
    """The highest version recorded by the hand-made upgrade (table ``azulejos_schema``) of
    the database on ``conn``; 0: no tables yet."""
    tables = set(inspect(conn).get_table_names())
    if "azulejos_games" not in tables:
        return 0
    have = conn.execute(select(schema_t.c.version)).scalars().all() if "azulejos_schema" in tables else []
    return max(have, default=1)  # tables but no row: a version-1 start cut short


def found_version(conn: Connection) -> int:
    """The schema version of the database on ``conn`` (0: no tables yet): its Alembic revision,
    else the hand-made upgrade's version. :class:`NewerSchema` when a newer azulejos wrote it."""
    current = MigrationContext.configure(conn).get_current_revision()
    if current is None:
        found = hand_made_version(conn)
        if found > LAST_HAND_MADE:  # a row of a later version, but no Alembic stamp
            raise NewerSchema(f"the database was written by a newer azulejos (schema {found})")
        return found
    if current not in {r.revision for r in revisions().walk_revisions()}:
        raise NewerSchema(f"the database was written by a newer azulejos (schema {current})")
    mirrored = conn.execute(select(schema_t.c.version)).scalars().all()
    if max(mirrored, default=0) > SCHEMA_VERSION:
        raise NewerSchema(f"the database was written by a newer azulejos (schema {max(mirrored)})")
    return int(current)


def upgrade(conn: Connection) -> int:
    """The steps of :func:`prepare`, on a connection that holds the lock: stamp a database of
    the hand-made upgrade at its revision, run every revision it lacks, and mirror the versions
    into ``azulejos_schema``."""
    found = found_version(conn)
    cfg = alembic_config(conn)
    stamped = MigrationContext.configure(conn).get_current_revision() is not None
    with _COMMANDS:
        if found and not stamped:
            schema_t.create(conn, checkfirst=True)  # revision 0001 has it; a cut-short start may not
            command.stamp(cfg, revision_id(found))
        command.upgrade(cfg, "head")
    have = set(conn.execute(select(schema_t.c.version)).scalars().all())
    for v in range(1, SCHEMA_VERSION + 1):
        if v not in have:
            conn.execute(insert(schema_t).values(version=v))
    return found
