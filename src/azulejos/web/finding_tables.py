"""The tables of finding a game: the lobby's public games and seats, quick-match requests,
rematches, tournaments for people and the ladder; on :data:`.tables.meta`."""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from .tables import meta

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
