"""The game server's tables: games, seats, moves, the servers' heartbeat, profiles and their
ratings and results, the shared reviews and the chat; and ``meta``, the one ``MetaData`` of
every table (the accounts', fair play's and mail's in :mod:`.account_tables`, finding a game's
in :mod:`.finding_tables`). Which revision brought each is :mod:`.schema`'s text."""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

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


schema_t = Table(
    "azulejos_schema",
    meta,
    Column("version", Integer, primary_key=True),
)
