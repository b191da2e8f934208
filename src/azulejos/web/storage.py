"""Where games are kept: a narrow interface and its SQLAlchemy implementation.

The server keeps each game as its set-up, its seats, the list of its events (fills, moves and
undos, in order: :mod:`azulejos.play.events`) and the secret of its fills (column
``rng_state``: the secret seed of :mod:`azulejos.play.seeding`, or a running generator's state
for games stored before that scheme). The events replay the game exactly; the secret makes the
*next* fills exactly what they would have been without a restart. The secret and the seat
tokens never leave this module except to the game service; tokens are stored only as SHA-256
digests.

Writes are optimistic: :meth:`GameStore.append` names the version (number of events) it was
computed from and fails with :class:`VersionConflict` when another writer got there first, so
several server processes can share one PostgreSQL database.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from sqlalchemy import (
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from azulejos.play.events import Event
from azulejos.play.store import Store, VersionConflict

__all__ = [
    "GameStore", "SeatSpec", "SqlStore", "StoredEvent", "StoredGame", "TokenGrant",
    "VersionConflict", "database_url", "default_sqlite_path", "dump_rng_state",
    "load_rng_state", "token_digest",
]

SCHEMA_VERSION = 1


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat of a game: a person (with a token digest) or a bot level."""

    seat: int
    kind: str  # "person" | "bot"
    name: str
    level: str | None = None
    token_hash: str | None = None


#: One event (fill, move, undo): the play layer's :class:`~azulejos.play.events.Event`.
StoredEvent = Event


@dataclass
class StoredGame:
    """Everything the store holds about one game."""

    game_id: str
    players: int
    variant: str
    start_player: int
    created: float
    version: int
    status: str  # "playing" | "over"
    rng_state: str
    spectator_hash: str
    hotseat_hash: str | None
    seats: list[SeatSpec]
    events: list[StoredEvent] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class TokenGrant:
    """What a token opens: a game, and a seat, every person seat (hot-seat) or none (spectator)."""

    game_id: str
    role: str  # "seat" | "hotseat" | "spectator"
    seat: int | None = None


def token_digest(token: str) -> str:
    """The stored form of a token (tokens themselves are never stored)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class GameStore(Store, Protocol):
    """The narrow interface the game service needs: the play layer's store protocol
    (:meth:`append`, used by the session) and what a server adds (games with seats and
    tokens, grants, versions). Every method is blocking; the service calls them from a
    worker thread."""

    def create(self, game: StoredGame) -> None: ...

    def load(self, game_id: str) -> StoredGame | None: ...

    def grant(self, token: str) -> TokenGrant | None: ...

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[StoredEvent],
        rng_state: str | None,
        status: str,
    ) -> int: ...

    def rename(self, game_id: str, seat: int, name: str) -> None: ...

    def versions(self, game_ids: Iterable[str]) -> dict[str, int]: ...

    def playing(self, limit: int = 1000) -> list[str]: ...

    def close(self) -> None: ...


def default_sqlite_path() -> Path:
    """``$XDG_DATA_HOME/azulejos/games.sqlite3`` (``~/.local/share`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "azulejos" / "games.sqlite3"


def database_url(db: str | None) -> str:
    """A SQLAlchemy URL from what the user typed: a URL, a file path, or nothing (the default
    SQLite file). ``postgresql://`` is sent to the psycopg 3 driver."""
    if not db:
        path = default_sqlite_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    if "://" not in db:
        path = Path(db).expanduser()
        if path.parent and not path.parent.exists():
            raise ValueError(f"folder {path.parent} does not exist")
        return f"sqlite:///{path}"
    for prefix in ("postgresql://", "postgres://"):
        if db.startswith(prefix):
            return "postgresql+psycopg://" + db[len(prefix):]
    url = make_url(db)  # raises ArgumentError for nonsense
    if url.get_backend_name() not in ("sqlite", "postgresql"):
        raise ValueError(f"unsupported database {url.get_backend_name()!r} (sqlite or postgresql)")
    return db


_meta = MetaData()

games_t = Table(
    "azulejos_games",
    _meta,
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
)

seats_t = Table(
    "azulejos_seats",
    _meta,
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(80), nullable=False),
    Column("level", String(32), nullable=True),
    Column("token_hash", String(64), nullable=True, unique=True),
)

events_t = Table(
    "azulejos_events",
    _meta,
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("data", String(200), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("at", Float, nullable=False),
)

schema_t = Table(
    "azulejos_schema",
    _meta,
    Column("version", Integer, primary_key=True),
)


class SqlStore:
    """:class:`GameStore` on SQLAlchemy: SQLite (a file, WAL mode) or PostgreSQL."""

    def __init__(self, url: str, *, echo: bool = False) -> None:
        self.url = url
        backend = make_url(url).get_backend_name()
        self.backend = backend
        if backend == "sqlite":
            self.engine: Engine = create_engine(
                url, echo=echo, connect_args={"check_same_thread": False, "timeout": 30}
            )

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn, _record):  # type: ignore[no-untyped-def]
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()
        else:
            self.engine = create_engine(url, echo=echo, pool_pre_ping=True, pool_size=10)
        _meta.create_all(self.engine)
        with self.engine.begin() as conn:
            have = conn.execute(select(schema_t.c.version)).scalars().all()
            if not have:
                try:
                    conn.execute(insert(schema_t).values(version=SCHEMA_VERSION))
                except IntegrityError:  # another process did it first
                    pass
            elif max(have) > SCHEMA_VERSION:
                raise RuntimeError(
                    f"the database was written by a newer azulejos (schema {max(have)})"
                )

    def describe(self) -> str:
        """The URL without a password, for log lines."""
        return make_url(self.url).render_as_string(hide_password=True)

    # -- writes --------------------------------------------------------------------------------
    def create(self, game: StoredGame) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(games_t).values(
                    game_id=game.game_id,
                    players=game.players,
                    variant=game.variant,
                    start_player=game.start_player,
                    created=game.created,
                    updated=now,
                    version=len(game.events),
                    status=game.status,
                    rng_state=game.rng_state,
                    spectator_hash=game.spectator_hash,
                    hotseat_hash=game.hotseat_hash,
                )
            )
            conn.execute(
                insert(seats_t),
                [
                    {
                        "game_id": game.game_id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "name": s.name,
                        "level": s.level,
                        "token_hash": s.token_hash,
                    }
                    for s in game.seats
                ],
            )
            if game.events:
                conn.execute(insert(events_t), [_event_row(game.game_id, e, now) for e in game.events])

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[StoredEvent],
        rng_state: str | None,
        status: str,
    ) -> int:
        """Add ``events`` after version ``expected_version`` in one transaction; return the new
        version. :class:`VersionConflict` (and nothing written) if the game is not at that
        version any more."""
        now = time.time()
        new_version = expected_version + len(events)
        values: dict[str, object] = {"version": new_version, "status": status, "updated": now}
        if rng_state is not None:
            values["rng_state"] = rng_state
        try:
            with self.engine.begin() as conn:
                res = conn.execute(
                    update(games_t)
                    .where(games_t.c.game_id == game_id, games_t.c.version == expected_version)
                    .values(**values)
                )
                if res.rowcount != 1:
                    raise VersionConflict(game_id)
                if events:
                    conn.execute(insert(events_t), [_event_row(game_id, e, now) for e in events])
        except IntegrityError:
            raise VersionConflict(game_id) from None
        return new_version

    def rename(self, game_id: str, seat: int, name: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.game_id == game_id, seats_t.c.seat == seat)
                .values(name=name)
            )

    # -- reads ---------------------------------------------------------------------------------
    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as conn:
            g = conn.execute(select(games_t).where(games_t.c.game_id == game_id)).mappings().first()
            if g is None:
                return None
            seats = [
                SeatSpec(r["seat"], r["kind"], r["name"], r["level"], r["token_hash"])
                for r in conn.execute(
                    select(seats_t).where(seats_t.c.game_id == game_id).order_by(seats_t.c.seat)
                ).mappings()
            ]
            evs = [
                StoredEvent(r["seq"], r["kind"], r["data"], r["seat"])
                for r in conn.execute(
                    # Events are append-only: those below the version read above are
                    # exactly that version's, even if a move is stored meanwhile.
                    select(events_t)
                    .where(events_t.c.game_id == game_id, events_t.c.seq < g["version"])
                    .order_by(events_t.c.seq)
                ).mappings()
            ]
        return StoredGame(
            game_id=g["game_id"],
            players=g["players"],
            variant=g["variant"],
            start_player=g["start_player"],
            created=g["created"],
            version=g["version"],
            status=g["status"],
            rng_state=g["rng_state"],
            spectator_hash=g["spectator_hash"],
            hotseat_hash=g["hotseat_hash"],
            seats=seats,
            events=evs,
        )

    def grant(self, token: str) -> TokenGrant | None:
        h = token_digest(token)
        with self.engine.connect() as conn:
            r = conn.execute(
                select(seats_t.c.game_id, seats_t.c.seat).where(seats_t.c.token_hash == h)
            ).first()
            if r is not None:
                return TokenGrant(r[0], "seat", r[1])
            g = conn.execute(
                select(games_t.c.game_id).where(games_t.c.spectator_hash == h)
            ).first()
            if g is not None:
                return TokenGrant(g[0], "spectator")
            g = conn.execute(select(games_t.c.game_id).where(games_t.c.hotseat_hash == h)).first()
            if g is not None:
                return TokenGrant(g[0], "hotseat")
        return None

    def versions(self, game_ids: Iterable[str]) -> dict[str, int]:
        ids = list(game_ids)
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_t.c.game_id, games_t.c.version).where(games_t.c.game_id.in_(ids))
            ).all()
        return {r[0]: r[1] for r in rows}

    def playing(self, limit: int = 1000) -> list[str]:
        """Games not finished yet, most recently updated first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_t.c.game_id)
                .where(games_t.c.status == "playing")
                .order_by(games_t.c.updated.desc())
                .limit(limit)
            ).all()
        return [r[0] for r in rows]

    def close(self) -> None:
        self.engine.dispose()


def _event_row(game_id: str, e: StoredEvent, now: float) -> dict[str, object]:
    return {"game_id": game_id, "seq": e.seq, "kind": e.kind, "data": e.data, "seat": e.seat, "at": now}


def dump_rng_state(state: tuple[object, ...]) -> str:
    """``random.Random.getstate()`` as JSON text (server-side only)."""
    return json.dumps(state, separators=(",", ":"))


def load_rng_state(text: str) -> tuple[object, ...]:
    version, internal, gauss = json.loads(text)
    return (version, tuple(internal), gauss)
