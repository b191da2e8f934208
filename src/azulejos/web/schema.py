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
    UniqueConstraint,
    insert,
    inspect,
    select,
    text,
)

#: Where the revisions live (inside the package, so that they ship with it).
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
    # version 5: the game's clock (web/clocks.py): its kind and seconds (NULL: none), and the
    # current turn: the version it began at, when, the person seat timed and its deadline
    Column("clock_kind", String(8), nullable=True),
    Column("clock_seconds", Integer, nullable=True),
    Column("turn_version", Integer, nullable=True),
    Column("turn_began", Float, nullable=True),
    Column("turn_seat", Integer, nullable=True),
    Column("turn_deadline", Float, nullable=True, index=True),
    # profiles (revision 0006): 1 if the creator asked for a rated game
    Column("rated", Integer, nullable=True),
    # fair clocks (revision 0010): a per-move clock's time bank and a per-game clock's
    # increment (seconds; NULL: none); the wait-or-bot offer of an overdue turn (the seat, the
    # version it was made on, "open" or "wait", and when an unanswered offer defaults to the
    # bot); and when the game expired (NULL: it did not)
    Column("clock_bank", Integer, nullable=True),
    Column("clock_increment", Integer, nullable=True),
    Column("offer_seat", Integer, nullable=True),
    Column("offer_version", Integer, nullable=True),
    Column("offer_state", String(8), nullable=True),
    Column("offer_until", Float, nullable=True, index=True),
    Column("expired", Float, nullable=True),
    # vacation days (revision 0012): since when the current turn's clock stands still, its
    # player being on vacation (NULL: it runs)
    Column("turn_paused", Float, nullable=True),
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
    # version 5: the seconds this seat used of a per-game clock (NULL: none); since 0010 also
    # the seconds of its time bank a per-move clock with a bank spent
    Column("time_used", Float, nullable=True),
    # profiles (revision 0006): the public id of the player's profile (NULL: anonymous)
    Column("profile_id", String(32), nullable=True, index=True),
)

# -- fair clocks (revision 0010): the servers' heartbeat, one row for the database ----------
heartbeat_t = Table(
    "azulejos_heartbeat",
    meta,
    Column("id", Integer, primary_key=True),
    Column("pid", String(64), nullable=False),
    Column("beat", Float, nullable=False),
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
    # fair play (revision 0013): the cleaned, case-folded name; unique (NULL: never set)
    Column("name_key", String(80), nullable=True, unique=True, index=True),
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
    # fair play (revision 0013): distinct opponents met in the pool's rated games (NULL: 0)
    Column("opponents", Integer, nullable=True),
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

# -- accounts (revision 0009; docs/api.md, "Accounts") ----------------------------------------
accounts_t = Table(
    "azulejos_accounts",
    meta,
    Column("account_id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),  # as shown
    Column("name_key", String(80), nullable=False, unique=True),  # case-folded: unique
    Column("password_hash", String(200), nullable=False),  # argon2id (PHC string)
    Column("profile_id", String(32), ForeignKey("azulejos_profiles.profile_id"), nullable=False,
           unique=True),
    Column("email", String(254), nullable=True),
    Column("email_verified", Float, nullable=True),  # when (NULL: not verified)
    Column("settings", Text, nullable=False),  # JSON object (accounts/settings.py)
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    # fair play (revision 0013): 1 for the server's operator (NULL or 0: a player)
    Column("operator", Integer, nullable=True),
)

#: A signed-in browser: the digest of its cookie's secret, ended by sign-out or idle expiry.
sessions_t = Table(
    "azulejos_sessions",
    meta,
    Column("session_hash", String(64), primary_key=True),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=False,
           index=True),
    Column("created", Float, nullable=False),
    Column("last_seen", Float, nullable=False),
    Column("expires", Float, nullable=False, index=True),  # expired ones go at each sign-in
)

#: Further tokens of a claimed seat, one per device its account opened it on (the seat's own
#: token keeps working); revoked with the account's sessions.
seat_tokens_t = Table(
    "azulejos_seat_tokens",
    meta,
    Column("token_hash", String(64), primary_key=True),
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=False,
           index=True),
    Column("created", Float, nullable=False),
)

#: A link sent by e-mail (verify an address, reset a password): the digest of its secret,
#: used once, before it expires.
links_t = Table(
    "azulejos_account_links",
    meta,
    Column("link_hash", String(64), primary_key=True),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=False,
           index=True),
    Column("purpose", String(8), nullable=False),  # "verify" | "reset"
    Column("email", String(254), nullable=False),  # the address it was sent to
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("used", Float, nullable=True),  # when (NULL: not yet)
)

#: An account's vacation (revision 0012; docs/api.md, "Vacation"): charged to the calendar
#: year (UTC) it began in, ``days`` whole days (the days booked; once ended early, the days
#: begun); ``ended`` is NULL while it runs (and until a server closes it at ``until``).
vacations_t = Table(
    "azulejos_vacations",
    meta,
    Column("vacation_id", String(32), primary_key=True),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=False,
           index=True),
    Column("year", Integer, nullable=False),
    Column("started", Float, nullable=False),
    Column("until", Float, nullable=False),
    Column("ended", Float, nullable=True, index=True),
    Column("days", Integer, nullable=False),
)

#: An account's passkey (revision 0012; docs/api.md, "Passkeys"): a WebAuthn credential, its
#: id and public key (base64url) and the authenticator's signature count.
passkeys_t = Table(
    "azulejos_passkeys",
    meta,
    Column("credential_id", String(700), primary_key=True),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=False,
           index=True),
    Column("public_key", Text, nullable=False),
    Column("sign_count", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("last_used", Float, nullable=True),
)

#: A WebAuthn challenge given out (its digest), used once before it expires: ``register`` (for
#: the signed-in ``account_id``) or ``signin``.
passkey_challenges_t = Table(
    "azulejos_passkey_challenges",
    meta,
    Column("challenge_hash", String(64), primary_key=True),
    Column("purpose", String(8), nullable=False),
    Column("account_id", String(32), nullable=True),
    Column("expires", Float, nullable=False),
)

# -- tournaments for people (revision 0014; docs/api.md, "Tournaments") -----------------------
tournaments_t = Table(
    "azulejos_tournaments",
    meta,
    Column("tournament_id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("creator", String(32), nullable=False),  # the creator account's profile id
    Column("format", String(16), nullable=False),  # "swiss" | "round_robin"
    Column("rounds", Integer, nullable=False),  # Swiss: as asked; round-robin: set at the start
    Column("settings", Text, nullable=False),  # JSON: players, variant, modules, clock, bots
    Column("starts_at", Float, nullable=True),  # NULL: its creator starts it
    Column("status", String(16), nullable=False, index=True),  # open | running | finished
    Column("round", Integer, nullable=False),  # the round being played (0 before the start)
    Column("revision", Integer, nullable=False),  # bumped by every change (joins, the start)
    Column("secret", String(64), nullable=False),  # mixed into the deals; never shown
    Column("created", Float, nullable=False),
    Column("started", Float, nullable=True),
    Column("finished", Float, nullable=True),
)

tournament_entries_t = Table(
    "azulejos_tournament_entries",
    meta,
    Column("tournament_id", String(32), ForeignKey("azulejos_tournaments.tournament_id"),
           primary_key=True),
    Column("entry_id", String(32), primary_key=True),
    Column("kind", String(8), nullable=False),  # "person" | "bot"
    Column("profile_id", String(32), nullable=True),  # an account's profile (NULL: a bot)
    Column("level", String(32), nullable=True),  # a bot's level
    Column("name", String(80), nullable=False),
    Column("joined", Float, nullable=False),
    Column("seq", Integer, nullable=False),  # the entry order: 1, 2, … (gaps where one left)
    UniqueConstraint("tournament_id", "profile_id", name="uq_azulejos_tournament_entries_profile"),
)

tournament_games_t = Table(
    "azulejos_tournament_games",
    meta,
    Column("tournament_id", String(32), ForeignKey("azulejos_tournaments.tournament_id"),
           primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("board", Integer, primary_key=True),  # 0, 1, … within the round
    Column("entries", Text, nullable=False),  # JSON list of entry ids in seat order (1: a bye)
    Column("game_id", String(32), nullable=True, index=True),  # NULL: a bye, or not made yet
    Column("creating", Float, nullable=True),  # when a process took the game to make
    Column("result", Text, nullable=True),  # JSON {points, scores}; NULL: not over
)

reviews_t = Table(
    "azulejos_reviews",
    meta,
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), primary_key=True),
    Column("version", Integer, primary_key=True),  # the game's number of events when reviewed
    Column("settings", String(100), primary_key=True),  # the review's budget and seed
    Column("created", Float, nullable=False),
    Column("record", Text, nullable=False),  # the annotated record, azulejos-record/1 JSON
)

chat_t = Table(
    "azulejos_chat",
    meta,
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # 1, 2, … within the game
    Column("seat", Integer, nullable=False),  # who wrote it
    Column("name", String(80), nullable=False),  # the seat's name when it was written
    Column("text", Text, nullable=False),  # as written (cleaned: web/chat.py); shown as text
    Column("created", Float, nullable=False),
)

chat_mutes_t = Table(
    "azulejos_chat_mutes",
    meta,
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), primary_key=True),
    Column("seat", Integer, primary_key=True),  # who muted
    Column("muted", Integer, primary_key=True),  # whose messages they no longer get
)

# -- fair play (revision 0013; docs/api.md, "Fair play"; web/fairplay/) ------------------------
#: The moderation list: a chat message or a player reported to the operator (by an account, or
#: by the server itself: suspected boosting).
reports_t = Table(
    "azulejos_reports",
    meta,
    Column("report_id", String(16), primary_key=True),
    Column("kind", String(16), nullable=False),  # "message" | "player" | "boosting"
    Column("reporter", String(32), nullable=True),  # the account (NULL: the server)
    Column("reported", String(32), nullable=True, index=True),  # the reported profile
    Column("game_id", String(32), nullable=True),
    Column("seq", Integer, nullable=True),  # the chat message's number in its game
    Column("message", Text, nullable=True),  # the message as it was reported
    Column("note", Text, nullable=False),  # the reporter's words (or the server's finding)
    Column("created", Float, nullable=False),
    Column("state", String(12), nullable=False, index=True),  # open | dismissed | suspended
    Column("resolved", Float, nullable=True),
    Column("resolved_by", String(32), nullable=True),  # the operator's account
)

#: An account's suspensions: the current one has not been lifted and has not run out.
suspensions_t = Table(
    "azulejos_suspensions",
    meta,
    Column("suspension_id", String(16), primary_key=True),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=False,
           index=True),
    Column("reason", Text, nullable=False),
    Column("by_account", String(32), nullable=True),  # the operator (NULL: the command line)
    Column("created", Float, nullable=False),
    Column("until", Float, nullable=True),  # NULL: until lifted
    Column("lifted", Float, nullable=True),
)

#: A profile's fair-play record: offences counted (abandoned or stalled rated games), clean
#: rated games since the last, and until when it may not play rated games.
fairplay_t = Table(
    "azulejos_fairplay",
    meta,
    Column("profile_id", String(32), ForeignKey("azulejos_profiles.profile_id"),
           primary_key=True),
    Column("offences", Integer, nullable=False),
    Column("clean", Integer, nullable=False),
    Column("wait_until", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

#: A digest of each client address a seat was claimed or played from.
seat_clients_t = Table(
    "azulejos_seat_clients",
    meta,
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("client_hash", String(64), primary_key=True),
    Column("at", Float, nullable=False),
)

#: An account's mutes of a player (a profile) in every game.
account_mutes_t = Table(
    "azulejos_account_mutes",
    meta,
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"),
           primary_key=True),
    Column("muted", String(32), primary_key=True),  # the muted profile
    Column("created", Float, nullable=False),
)

# -- e-mail (revision 0008; docs/api.md, "E-mail"; web/mail/) -----------------------------------
#: Mails waiting to be sent, sent, or given up (the outbox: web/mail/outbox.py). A sender claims
#: a row by a conditional update (``status`` queued -> sending, with a lease), so several
#: processes never send one mail twice; ``dedupe`` (unique) keeps a mail queued once.
mail_outbox_t = Table(
    "azulejos_mail_outbox",
    meta,
    Column("mail_id", Integer, primary_key=True, autoincrement=True),
    Column("recipient", String(320), nullable=False),
    Column("template", String(32), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("params", Text, nullable=False),  # JSON object
    Column("created", Float, nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("next_attempt", Float, nullable=False, index=True),
    Column("status", String(8), nullable=False, index=True),  # queued|sending|sent|failed
    Column("lease", Float, nullable=True),  # a sending row's claim runs out then
    Column("sent", Float, nullable=True),
    Column("error", Text, nullable=True),
    Column("dedupe", String(120), nullable=True, unique=True),
)

#: The seats whose turn it is and whose player was told (or waits for the digest): at most one
#: "your turn" mail per game and seat until the seat moves (web/mail/notifier.py).
mail_turns_t = Table(
    "azulejos_mail_turns",
    meta,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("key", String(200), nullable=False, index=True),  # the recipient's unsubscribe key
    Column("address", String(320), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("name", String(80), nullable=False),
    Column("digest", Integer, nullable=False),  # 1: told in the daily digest, not at once
    Column("opponents", Text, nullable=False),  # JSON list of names
    Column("since", Float, nullable=False),
)

#: Recipients who unsubscribed from notification mails, by unsubscribe key.
mail_optout_t = Table(
    "azulejos_mail_optout",
    meta,
    Column("key", String(200), primary_key=True),
    Column("at", Float, nullable=False),
)

#: Small shared settings of the mail parts: the unsubscribe links' secret, the last digest day.
mail_state_t = Table(
    "azulejos_mail_state",
    meta,
    Column("name", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)

# -- finding a game (revision 0011; docs/api.md, "Lobby"; web/lobby/) ----------------------------
#: A public game: opened in the lobby (``kind`` "open", ``status`` "open" until every seat is
#: taken), or made at once by a quick match ("quick") or a rematch ("rematch"). Once started
#: it names its game and the game's spectator token, which anyone may watch it with.
lobby_t = Table(
    "azulejos_lobby",
    meta,
    Column("lobby_id", String(32), primary_key=True),
    Column("kind", String(12), nullable=False),  # "open" | "quick" | "rematch" | "ladder"
    Column("settings", Text, nullable=False),  # JSON (lobby/settings.py)
    Column("players", Integer, nullable=False),
    Column("creator", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=True),
    Column("created", Float, nullable=False),
    Column("status", String(12), nullable=False, index=True),  # open|starting|started|closed
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), nullable=True,
           index=True),
    Column("spectator", String(64), nullable=True),  # the game's spectator token (public)
)

#: Who sits where in a public game (one seat per account).
lobby_seats_t = Table(
    "azulejos_lobby_seats",
    meta,
    Column("lobby_id", String(32), ForeignKey("azulejos_lobby.lobby_id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"),
           nullable=False),
    Column("profile_id", String(32), nullable=False),
    Column("name", String(80), nullable=False),
    Column("joined", Float, nullable=False),
    UniqueConstraint("lobby_id", "account_id", name="uq_azulejos_lobby_seats_account"),
)

#: A quick-match request: waiting until paired (``status`` "matched", with the public game
#: made) or cancelled.
quick_seeks_t = Table(
    "azulejos_quick_seeks",
    meta,
    Column("ticket", String(32), primary_key=True),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"),
           nullable=False, index=True),
    Column("profile_id", String(32), nullable=False),
    Column("name", String(80), nullable=False),
    Column("settings_key", String(200), nullable=False, index=True),
    Column("settings", Text, nullable=False),  # JSON (lobby/settings.py)
    Column("rating", Float, nullable=False),  # the ordinal in the settings' pool when asked
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),  # when its player last asked how it stands
    Column("status", String(12), nullable=False),  # waiting | matched | cancelled
    Column("lobby_id", String(32), nullable=True),  # the public game it was paired into
)

#: A rematch offered after a finished public game, and the new game once every seat took it.
rematches_t = Table(
    "azulejos_rematches",
    meta,
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), primary_key=True),
    Column("offered_by", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("status", String(12), nullable=False),  # open | starting | started | declined
    Column("lobby_id", String(32), nullable=True),  # the new public game
)

rematch_votes_t = Table(
    "azulejos_rematch_votes",
    meta,
    Column("game_id", String(32), ForeignKey("azulejos_rematches.game_id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
)

# -- the ladder (revision 0015; docs/api.md, "Ladder"; web/ladder/) ----------------------------
#: One rung of a ladder: an account at ``rank`` (1: the top) of a pool's ladder.
ladder_rungs_t = Table(
    "azulejos_ladder_rungs",
    meta,
    Column("pool", String(16), primary_key=True),  # a two-player rating pool: "2-coloured"
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"),
           primary_key=True),
    Column("profile_id", String(32), nullable=False, index=True),
    Column("name", String(80), nullable=False),  # the account's name when it joined
    Column("rank", Integer, nullable=False),  # 1, 2, … without gaps
    Column("wins", Integer, nullable=False),
    Column("losses", Integer, nullable=False),
    Column("joined", Float, nullable=False),
)

#: A challenge on a ladder: open until accepted (its public game made: "playing") or declined;
#: "settled" once its game's end was written to the rungs (once: a conditional update).
ladder_challenges_t = Table(
    "azulejos_ladder_challenges",
    meta,
    Column("challenge_id", String(32), primary_key=True),
    Column("pool", String(16), nullable=False, index=True),
    Column("challenger", String(32), ForeignKey("azulejos_accounts.account_id"),
           nullable=False),  # seat 0 of its game
    Column("challenged", String(32), ForeignKey("azulejos_accounts.account_id"),
           nullable=False),  # seat 1 of its game
    Column("status", String(12), nullable=False, index=True),  # open|playing|declined|settled
    Column("created", Float, nullable=False),
    Column("lobby_id", String(32), nullable=True),  # its public game (kind "ladder")
    Column("game_id", String(32), nullable=True, index=True),
    Column("outcome", String(12), nullable=True),  # settled: challenger|challenged|none
)

schema_t = Table(
    "azulejos_schema",
    meta,
    Column("version", Integer, primary_key=True),
)


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
