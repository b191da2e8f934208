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
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from sqlalchemy import (
    Engine,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from azulejos.core.ruleset import Ruleset
from azulejos.play.events import Event
from azulejos.play.store import Store, VersionConflict

from .account_tables import seat_tokens_t
from .movers import move_args, mover_for
from .schema import SCHEMA_VERSION, prepare
from .tables import events_t, games_t, reviews_t, schema_t, seats_t

__all__ = [
    "Claim", "GameStore", "ReviewStore", "SCHEMA_VERSION", "SeatSpec", "SqlStore", "StoredEvent",
    "StoredGame", "TokenGrant", "VersionConflict", "database_url", "default_sqlite_path", "dump_rng_state",
    "events_t", "games_t", "load_rng_state", "schema_t", "seats_t", "token_digest",
]

#: The bot level that takes over a seat whose player leaves, unless the game names another.
DEFAULT_STAND_IN = "medium"


#: What a game's seats say that another process may change without a move: each seat's name
#: and whether it was claimed, in seat order.
SeatMarks = tuple[tuple[str, bool], ...]


def seat_marks(seats: Iterable[SeatSpec]) -> SeatMarks:
    """The marks of ``seats`` (in seat order), to compare with :meth:`SqlStore.stamps`."""
    return tuple((s.name, s.claimed is not None) for s in seats)


@dataclass(frozen=True, slots=True)
class Stamp:
    """A stored game's version and seat marks (:meth:`SqlStore.stamps`)."""

    version: int
    marks: SeatMarks
    #: since when the current turn's clock stands still (a vacation; None: it runs)
    paused: float | None = None


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat of a game: a person or a bot level. A person seat has the digest of its
    invitation secret until claimed (``invite_hash``), then the time it was claimed and the
    digest of the claimer's token (``token_hash``). Seats of a hot-seat game are claimed from
    the start and have neither (the hot-seat token plays them)."""

    seat: int
    kind: str  # "person" | "bot"
    name: str
    level: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None
    claimed: float | None = None
    profile_id: str | None = None  # the public id of the player's profile (None: anonymous)


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
    host_hash: str | None = None  # the creator's key (re-invites); None for old games
    stand_in: str = DEFAULT_STAND_IN  # the bot level for a seat whose player leaves
    modules: tuple[str, ...] = ()  # the optional rules modules on (schema 3; none before)
    rated: bool = False  # the creator asked for a rated game (profiles)

    @property
    def ruleset(self) -> Ruleset:
        """The game's whole ruleset: players, wall side and modules."""
        return Ruleset.from_json({"players": self.players, "variant": self.variant,
                                  **{m: True for m in self.modules}})


@dataclass(frozen=True, slots=True)
class TokenGrant:
    """What a token opens: a game, and a seat, every person seat (hot-seat) or none
    (spectator; host: the creator, who may also re-invite unclaimed seats)."""

    game_id: str
    role: str  # "seat" | "hotseat" | "spectator" | "host"
    seat: int | None = None
    #: a further token of the seat, given to its account's other device (accounts): it can be
    #: revoked, so it is looked up each time rather than remembered
    revocable: bool = False


@dataclass(frozen=True, slots=True)
class Claim:
    """The answer to opening an invitation: the game and seat, and whether this opening
    claimed it (False: someone had claimed it before)."""

    game_id: str
    seat: int
    won: bool


def token_digest(token: str) -> str:
    """The stored form of a token (tokens themselves are never stored)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class ReviewStore(Protocol):
    """Where the engine reviews of finished games are kept, shared by every server process on
    the database (:class:`azulejos.web.replays.Reviews`). A review belongs to a game at one
    version (its number of events) and to the review settings (a key naming the budget and
    seed); the record is the annotated ``azulejos-record/1`` JSON text. Blocking methods."""

    def review(self, game_id: str, settings: str) -> str | None:
        """The kept review of the game as it is now with ``settings``, or None."""
        ...

    def put_review(self, game_id: str, settings: str, record: str) -> str | None:
        """Keep ``record`` as the review of the game as it is now with ``settings``, unless one
        is kept already (another process was first): returns the one kept (None: no such
        game)."""
        ...


class GameStore(Store, ReviewStore, Protocol):
    """The narrow interface the game service needs: the play layer's store protocol
    (:meth:`append`, used by the session) and what a server adds (games with seats and
    tokens, grants, versions; the kept engine reviews). Every method is blocking; the service
    calls them from a worker thread."""

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

    def claim(self, game_id: str, invite: str, token_hash: str,
              profile_id: str | None = None) -> Claim | None: ...

    def reinvite(self, game_id: str, seat: int, invite_hash: str) -> bool: ...

    def bot_games(self) -> int: ...

    def versions(self, game_ids: Iterable[str]) -> dict[str, int]: ...

    def stamps(self, game_ids: Iterable[str]) -> dict[str, Stamp]: ...

    def events_after(self, game_id: str, version: int) -> list[StoredEvent] | None: ...

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
                _wal(cur)
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()
        else:
            self.engine = create_engine(url, echo=echo, pool_pre_ping=True, pool_size=10)
        #: The schema version the database had before this start (0: it was empty).
        self.found_schema = prepare(self.engine)
        # A move's write, the one run for every move of every game, goes straight through the
        # driver (:mod:`.movers`, docs/performance.md).
        self._mover = mover_for(self.engine)

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
                    host_hash=game.host_hash,
                    stand_in=game.stand_in,
                    modules=",".join(game.modules) or None,
                    rated=1 if game.rated else None,
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
                        "invite_hash": s.invite_hash,
                        "claimed": s.claimed,
                        "profile_id": s.profile_id,
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
        params, rows = move_args(game_id, expected_version, events, rng_state, status)
        if not self._mover.append(params, rows):
            raise VersionConflict(game_id)
        return expected_version + len(events)

    async def append_soon(self, game_id: str, expected_version: int, events: Sequence[StoredEvent],
                          rng_state: str | None, status: str) -> int | None:
        """:meth:`append` on the running event loop where the database takes it at once (no
        thread hop: SQLite's write lock free, a PostgreSQL connection of the loop's idle);
        None, and nothing written, where it does not: the caller runs :meth:`append` in a
        thread (docs/performance.md, "The hot path")."""
        params, rows = move_args(game_id, expected_version, events, rng_state, status)
        done = await self._mover.append_soon(params, rows)
        if done is None:
            return None
        if not done:
            raise VersionConflict(game_id)
        return expected_version + len(events)

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
                SeatSpec(r["seat"], r["kind"], r["name"], r["level"], r["token_hash"],
                         r["invite_hash"], r["claimed"], r["profile_id"])
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
            host_hash=g["host_hash"],
            stand_in=g["stand_in"] or DEFAULT_STAND_IN,
            modules=tuple(m for m in (g["modules"] or "").split(",") if m),
            rated=bool(g["rated"]),
        )

    def grant(self, token: str) -> TokenGrant | None:
        h = token_digest(token)
        with self.engine.connect() as conn:
            r = conn.execute(
                select(seats_t.c.game_id, seats_t.c.seat).where(seats_t.c.token_hash == h)
            ).first()
            if r is not None:
                return TokenGrant(r[0], "seat", r[1])
            r = conn.execute(
                select(seat_tokens_t.c.game_id, seat_tokens_t.c.seat)
                .where(seat_tokens_t.c.token_hash == h)).first()
            if r is not None:
                return TokenGrant(r[0], "seat", r[1], revocable=True)
            g = conn.execute(
                select(games_t.c.game_id).where(games_t.c.spectator_hash == h)
            ).first()
            if g is not None:
                return TokenGrant(g[0], "spectator")
            g = conn.execute(select(games_t.c.game_id).where(games_t.c.hotseat_hash == h)).first()
            if g is not None:
                return TokenGrant(g[0], "hotseat")
            g = conn.execute(select(games_t.c.game_id).where(games_t.c.host_hash == h)).first()
            if g is not None:
                return TokenGrant(g[0], "host")
        return None

    def claim(self, game_id: str, invite: str, token_hash: str,
              profile_id: str | None = None) -> Claim | None:
        """Claim the seat of game ``game_id`` whose invitation secret is ``invite``, for the
        token of digest ``token_hash`` (and the profile ``profile_id``, if any): one conditional UPDATE, so of two people opening the same link at once
        exactly one wins (the other gets ``won=False``). None if no seat has this invitation
        (never one, another game's, or the seat was re-invited since)."""
        h = token_digest(invite)
        with self.engine.begin() as conn:
            res = conn.execute(
                update(seats_t)
                .where(seats_t.c.game_id == game_id, seats_t.c.invite_hash == h,
                       seats_t.c.claimed.is_(None), seats_t.c.kind == "person")
                .values(token_hash=token_hash, claimed=time.time(), profile_id=profile_id)
            )
            r = conn.execute(
                select(seats_t.c.game_id, seats_t.c.seat)
                .where(seats_t.c.game_id == game_id, seats_t.c.invite_hash == h)
            ).first()
        if r is None:
            return None
        return Claim(r[0], r[1], res.rowcount == 1)

    def reinvite(self, game_id: str, seat: int, invite_hash: str) -> bool:
        """A new invitation for an unclaimed person seat (the old link stops working); False
        (nothing changed) if the seat is claimed or not a person's."""
        with self.engine.begin() as conn:
            res = conn.execute(
                update(seats_t)
                .where(seats_t.c.game_id == game_id, seats_t.c.seat == seat,
                       seats_t.c.kind == "person", seats_t.c.claimed.is_(None))
                .values(invite_hash=invite_hash)
            )
        return res.rowcount == 1

    def bot_games(self) -> int:
        """Games in play where bots play every seat (every server process on this database):
        no person seat, or every person left or timed out (a ``leave`` event: the stand-in
        bot plays the seat; issue 28, "every bot seat counts against the bot cap")."""
        left = select(events_t.c.seq).where(
            events_t.c.game_id == seats_t.c.game_id, events_t.c.kind == "leave",
            events_t.c.seat == seats_t.c.seat)
        people = select(seats_t.c.game_id).where(
            seats_t.c.game_id == games_t.c.game_id, seats_t.c.kind == "person", ~left.exists())
        with self.engine.connect() as conn:
            n = conn.execute(
                select(func.count()).select_from(games_t)
                .where(games_t.c.status == "playing", ~people.exists())
            ).scalar_one()
        return int(n)

    def versions(self, game_ids: Iterable[str]) -> dict[str, int]:
        ids = list(game_ids)
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_t.c.game_id, games_t.c.version).where(games_t.c.game_id.in_(ids))
            ).all()
        return {r[0]: r[1] for r in rows}

    def stamps(self, game_ids: Iterable[str]) -> dict[str, Stamp]:
        """Each game's stored version and seat marks (:func:`seat_marks`), in one query: what
        another process may have changed (a move; a rename or claim, which live in the seats
        table and leave the version as it was)."""
        ids = list(game_ids)
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_t.c.game_id, games_t.c.version, seats_t.c.name,
                       seats_t.c.claimed.is_not(None), games_t.c.turn_paused)
                .join(seats_t, seats_t.c.game_id == games_t.c.game_id)
                .where(games_t.c.game_id.in_(ids))
                .order_by(games_t.c.game_id, seats_t.c.seat)
            ).all()
        versions: dict[str, int] = {}
        marks: dict[str, list[tuple[str, bool]]] = {}
        paused: dict[str, float | None] = {}
        for gid, version, name, claimed, turn_paused in rows:
            versions[gid] = version
            marks.setdefault(gid, []).append((name, bool(claimed)))
            paused[gid] = turn_paused
        return {gid: Stamp(versions[gid], tuple(marks[gid]), paused[gid]) for gid in versions}

    def events_after(self, game_id: str, version: int) -> list[StoredEvent] | None:
        """The events stored after ``version`` (up to the game's stored version; another
        process moved the game on), in order; None if there is no such game. One statement,
        straight through the driver (:mod:`.movers`)."""
        rows = self._mover.events_after(game_id, version)
        return None if rows is None else [StoredEvent(*r) for r in rows]

    def notify_on_append(self, channel: str, payload: Callable[[str, int], str | None]) -> bool:
        """From now on every stored change also sends ``payload(game_id, new_version)`` on the
        database's notification ``channel``, in the change's own transaction (PostgreSQL's
        ``NOTIFY``, delivered when it commits; none for a None payload). False where the
        database cannot (SQLite): the caller publishes the change itself."""
        return self._mover.notify_on_append(channel, payload)

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

    # -- engine reviews (ReviewStore) ---------------------------------------------------------
    def review(self, game_id: str, settings: str) -> str | None:
        q = (
            select(reviews_t.c.record)
            .join(games_t, (games_t.c.game_id == reviews_t.c.game_id)
                  & (games_t.c.version == reviews_t.c.version))
            .where(reviews_t.c.game_id == game_id, reviews_t.c.settings == settings)
        )
        with self.engine.connect() as conn:
            found = conn.execute(q).scalar()
        return None if found is None else str(found)

    def put_review(self, game_id: str, settings: str, record: str) -> str | None:
        try:
            with self.engine.begin() as conn:
                version = conn.execute(
                    select(games_t.c.version).where(games_t.c.game_id == game_id)
                ).scalar()
                if version is None:
                    return None
                conn.execute(insert(reviews_t).values(
                    game_id=game_id, version=version, settings=settings, created=time.time(),
                    record=record))
            return record
        except IntegrityError:  # another process kept its review of this version first
            return self.review(game_id, settings) or record

    def close(self) -> None:
        self._mover.close()
        self.engine.dispose()


def _wal(cur: sqlite3.Cursor, wait: float = 30.0) -> None:
    """Switch a SQLite file to WAL mode. The switch does not wait for a busy database (it
    fails at once while another process holds a lock, as when servers start together): retry
    for up to ``wait`` seconds."""
    deadline = time.monotonic() + wait
    while True:
        try:
            cur.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _event_row(game_id: str, e: StoredEvent, now: float) -> dict[str, object]:
    return {"game_id": game_id, "seq": e.seq, "kind": e.kind, "data": e.data, "seat": e.seat, "at": now}


def dump_rng_state(state: tuple[object, ...]) -> str:
    """``random.Random.getstate()`` as JSON text (server-side only)."""
    return json.dumps(state, separators=(",", ":"))


def load_rng_state(text: str) -> tuple[object, ...]:
    version, internal, gauss = json.loads(text)
    return (version, tuple(internal), gauss)
