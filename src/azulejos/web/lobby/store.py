"""Where public games, quick-match requests and rematch offers are kept (the tables
``azulejos_lobby``, ``azulejos_lobby_seats``, ``azulejos_quick_seeks``, ``azulejos_rematches``
and ``azulejos_rematch_votes`` of :mod:`..schema`).

Several server processes share these rows, so every change that must happen once is a
conditional update inside a transaction: a join, a pairing or a vote first *touches* the row it
depends on (an ``UPDATE`` that changes nothing: PostgreSQL locks that row, SQLite takes its
write lock), then reads, checks and writes; the one transaction that moves a public game from
``open`` to ``starting`` (or a rematch from ``open`` to ``starting``, or a set of requests from
``waiting`` to ``matched``) is the one that makes the game. Every method is blocking; the
service calls them from a worker thread.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, func, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError

from ..account_tables import accounts_t
from ..finding_tables import lobby_seats_t, lobby_t, quick_seeks_t, rematch_votes_t, rematches_t
from ..tables import games_t


@dataclass(frozen=True, slots=True)
class LobbySeat:
    seat: int
    account_id: str
    profile_id: str
    name: str


@dataclass(frozen=True, slots=True)
class PublicGame:
    """A public game: open in the lobby, being started, started (with its game), closed or
    expired (nobody took its free seats in time)."""

    lobby_id: str
    kind: str
    settings: dict[str, Any]
    players: int
    creator: str | None
    created: float
    status: str
    game_id: str | None
    spectator: str | None
    seats: tuple[LobbySeat, ...]


@dataclass(frozen=True, slots=True)
class Seek:
    ticket: str
    account_id: str
    profile_id: str
    name: str
    settings_key: str
    settings: dict[str, Any]
    rating: float
    created: float
    status: str
    lobby_id: str | None
    seen: float = 0.0  # when its player last asked how it stands


@dataclass(frozen=True, slots=True)
class Rematch:
    game_id: str
    offered_by: int
    created: float
    status: str
    lobby_id: str | None
    seats: frozenset[int]  # the seats that took it


_LOBBY = (lobby_t.c.lobby_id, lobby_t.c.kind, lobby_t.c.settings, lobby_t.c.players,
          lobby_t.c.creator, lobby_t.c.created, lobby_t.c.status, lobby_t.c.game_id,
          lobby_t.c.spectator)
_SEEK = (quick_seeks_t.c.ticket, quick_seeks_t.c.account_id, quick_seeks_t.c.profile_id,
         quick_seeks_t.c.name, quick_seeks_t.c.settings_key, quick_seeks_t.c.settings,
         quick_seeks_t.c.rating, quick_seeks_t.c.created, quick_seeks_t.c.status,
         quick_seeks_t.c.lobby_id, quick_seeks_t.c.seen)


class Lost(Exception):
    """Another process got there first: the transaction is rolled back."""


def _seek(r: Any) -> Seek:
    return Seek(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6], r[7], r[8], r[9], r[10])


class SqlLobby:
    """Public games, quick-match requests and rematches on the server's engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- public games --------------------------------------------------------------------------
    def _seats(self, conn: Connection, lobby_ids: list[str]) -> dict[str, list[LobbySeat]]:
        out: dict[str, list[LobbySeat]] = {i: [] for i in lobby_ids}
        if not lobby_ids:
            return out
        rows = conn.execute(
            select(lobby_seats_t.c.lobby_id, lobby_seats_t.c.seat, lobby_seats_t.c.account_id,
                   lobby_seats_t.c.profile_id, lobby_seats_t.c.name)
            .where(lobby_seats_t.c.lobby_id.in_(lobby_ids))
            .order_by(lobby_seats_t.c.lobby_id, lobby_seats_t.c.seat)).all()
        for r in rows:
            out[r[0]].append(LobbySeat(r[1], r[2], r[3], r[4]))
        return out

    def _games(self, conn: Connection, rows: list[Any]) -> list[PublicGame]:
        seats = self._seats(conn, [r[0] for r in rows])
        return [PublicGame(r[0], r[1], json.loads(r[2]), r[3], r[4], r[5], r[6], r[7], r[8],
                           tuple(seats[r[0]])) for r in rows]

    def create(self, lobby_id: str, kind: str, settings: dict[str, Any], players: int,
               creator: str | None, now: float, status: str, seats: list[LobbySeat],
               conn: Connection | None = None) -> None:
        def write(c: Connection) -> None:
            c.execute(insert(lobby_t).values(
                lobby_id=lobby_id, kind=kind, settings=json.dumps(settings), players=players,
                creator=creator, created=now, status=status))
            for s in seats:
                c.execute(insert(lobby_seats_t).values(
                    lobby_id=lobby_id, seat=s.seat, account_id=s.account_id,
                    profile_id=s.profile_id, name=s.name, joined=now))
        if conn is not None:
            write(conn)
            return
        with self.engine.begin() as c:
            write(c)

    def get(self, lobby_id: str) -> PublicGame | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(*_LOBBY).where(lobby_t.c.lobby_id == lobby_id)).first()
            return None if r is None else self._games(conn, [r])[0]

    def of_game(self, game_id: str) -> PublicGame | None:
        """The public game whose game is ``game_id`` (None: the game is not a public one)."""
        with self.engine.connect() as conn:
            r = conn.execute(select(*_LOBBY).where(lobby_t.c.game_id == game_id)).first()
            return None if r is None else self._games(conn, [r])[0]

    def open_games(self, limit: int, since: float) -> list[PublicGame]:
        """Open public games opened since ``since`` (older ones have expired), oldest
        first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(*_LOBBY).where(lobby_t.c.status == "open",
                                                      lobby_t.c.created >= since)
                                .order_by(lobby_t.c.created).limit(limit)).all()
            return self._games(conn, list(rows))

    def expire(self, before: float, lobby_id: str | None = None) -> list[str]:
        """Open public games opened before ``before`` (only ``lobby_id``, if given) are
        ``expired``; the ids of those this call expired."""
        where = [lobby_t.c.status == "open", lobby_t.c.created < before]
        if lobby_id is not None:
            where.append(lobby_t.c.lobby_id == lobby_id)
        with self.engine.begin() as conn:
            ids = [r[0] for r in conn.execute(select(lobby_t.c.lobby_id).where(*where)
                                              .limit(500)).all()]
            if not ids:
                return []
            conn.execute(update(lobby_t).where(lobby_t.c.lobby_id.in_(ids), *where)
                         .values(status="expired"))
        return ids

    def live_games(self, limit: int) -> list[PublicGame]:
        """Public games being played (not over, not expired), newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(*_LOBBY).join(games_t, games_t.c.game_id == lobby_t.c.game_id)
                .where(lobby_t.c.status == "started", games_t.c.status == "playing",
                       games_t.c.expired.is_(None))
                .order_by(lobby_t.c.created.desc()).limit(limit)).all()
            return self._games(conn, list(rows))

    def join(self, lobby_id: str, seat: LobbySeat, now: float,
             opened_since: float = 0.0) -> str:
        """Take a free seat of an open public game (opened since ``opened_since``: not
        expired): ``joined``, ``full`` (joined, and this call moved the game to
        ``starting``: its caller makes the game), ``already`` (the account sits there),
        ``not_open`` or ``no_seat`` (every seat taken)."""
        try:
            with self.engine.begin() as conn:
                touched = conn.execute(update(lobby_t).where(
                    lobby_t.c.lobby_id == lobby_id, lobby_t.c.status == "open",
                    lobby_t.c.created >= opened_since)
                    .values(status=lobby_t.c.status)).rowcount
                if not touched:
                    return "not_open"
                players = conn.execute(select(lobby_t.c.players).where(
                    lobby_t.c.lobby_id == lobby_id)).scalar_one()
                taken = self._seats(conn, [lobby_id])[lobby_id]
                if any(s.account_id == seat.account_id for s in taken):
                    return "already"
                if len(taken) >= players:
                    return "no_seat"
                number = max((s.seat for s in taken), default=-1) + 1
                conn.execute(insert(lobby_seats_t).values(
                    lobby_id=lobby_id, seat=number, account_id=seat.account_id,
                    profile_id=seat.profile_id, name=seat.name, joined=now))
                if len(taken) + 1 < players:
                    return "joined"
                conn.execute(update(lobby_t).where(lobby_t.c.lobby_id == lobby_id)
                             .values(status="starting"))
                return "full"
        except IntegrityError:  # another process took that seat number at the same moment
            return "no_seat"

    def leave(self, lobby_id: str, account_id: str) -> str:
        """Give up a seat of an open public game: ``left``, ``closed`` (the creator left, or
        the last player: the game is closed), ``not_seated`` or ``not_open``."""
        with self.engine.begin() as conn:
            touched = conn.execute(update(lobby_t).where(
                lobby_t.c.lobby_id == lobby_id, lobby_t.c.status == "open")
                .values(status=lobby_t.c.status)).rowcount
            if not touched:
                return "not_open"
            gone = conn.execute(delete(lobby_seats_t).where(
                lobby_seats_t.c.lobby_id == lobby_id,
                lobby_seats_t.c.account_id == account_id)).rowcount
            if not gone:
                return "not_seated"
            creator = conn.execute(select(lobby_t.c.creator).where(
                lobby_t.c.lobby_id == lobby_id)).scalar_one()
            left = conn.execute(select(func.count()).select_from(lobby_seats_t).where(
                lobby_seats_t.c.lobby_id == lobby_id)).scalar_one()
            if creator == account_id or not left:
                conn.execute(update(lobby_t).where(lobby_t.c.lobby_id == lobby_id)
                             .values(status="closed"))
                return "closed"
            return "left"

    def started(self, lobby_id: str, game_id: str, spectator: str) -> bool:
        """The game of a public game in ``starting`` is made (False: it was not in
        ``starting``: another process made its game first, or it was closed)."""
        with self.engine.begin() as conn:
            return bool(conn.execute(update(lobby_t).where(lobby_t.c.lobby_id == lobby_id,
                                                           lobby_t.c.status == "starting")
                                     .values(status="started", game_id=game_id,
                                             spectator=spectator)).rowcount)

    @staticmethod
    def _last_change(conn: Connection, lobby_id: str) -> float:
        """When a public game last changed: its making, or its last seat taken (or the
        making's retake, :meth:`take_stuck`)."""
        made = conn.execute(select(lobby_t.c.created).where(
            lobby_t.c.lobby_id == lobby_id)).scalar_one()
        joined = conn.execute(select(func.max(lobby_seats_t.c.joined)).where(
            lobby_seats_t.c.lobby_id == lobby_id)).scalar()
        return max(float(made), float(joined or 0.0))

    def stuck(self, before: float, limit: int = 20) -> list[str]:
        """Public games in ``starting`` that have not changed since ``before`` (the process
        making their game is gone), oldest first."""
        last = (select(func.max(lobby_seats_t.c.joined))
                .where(lobby_seats_t.c.lobby_id == lobby_t.c.lobby_id).scalar_subquery())
        with self.engine.connect() as conn:
            rows = conn.execute(select(lobby_t.c.lobby_id).where(
                lobby_t.c.status == "starting", lobby_t.c.created < before, last < before)
                .order_by(lobby_t.c.created).limit(limit)).all()
        return [r[0] for r in rows]

    def take_stuck(self, lobby_id: str, before: float, now: float) -> bool:
        """Take the making of a stuck public game's game (one process of all: the row is
        locked, its last change checked again, and its seats' ``joined`` set to ``now``, so
        that the others see a fresh change and leave it, and a taker that dies in turn is
        relieved after the same wait)."""
        with self.engine.begin() as conn:
            touched = conn.execute(update(lobby_t).where(
                lobby_t.c.lobby_id == lobby_id, lobby_t.c.status == "starting")
                .values(status=lobby_t.c.status)).rowcount
            if not touched or self._last_change(conn, lobby_id) >= before:
                return False
            conn.execute(update(lobby_seats_t).where(lobby_seats_t.c.lobby_id == lobby_id)
                         .values(joined=now))
        return True

    def close_starting(self, lobby_id: str) -> None:
        """Making the game failed where nobody gets a seat back (a ladder challenge): the
        public game is closed."""
        with self.engine.begin() as conn:
            conn.execute(update(lobby_t).where(lobby_t.c.lobby_id == lobby_id,
                                               lobby_t.c.status == "starting")
                         .values(status="closed"))

    def reopen(self, lobby_id: str, account_id: str) -> None:
        """Making the game failed: the last joiner's seat is given back, the game open again."""
        with self.engine.begin() as conn:
            conn.execute(delete(lobby_seats_t).where(lobby_seats_t.c.lobby_id == lobby_id,
                                                     lobby_seats_t.c.account_id == account_id))
            conn.execute(update(lobby_t).where(lobby_t.c.lobby_id == lobby_id,
                                               lobby_t.c.status == "starting")
                         .values(status="open"))

    def open_count(self, account_id: str, since: float = 0.0) -> int:
        """How many open public games (opened since ``since``) the account sits in."""
        with self.engine.connect() as conn:
            return int(conn.execute(
                select(func.count()).select_from(lobby_seats_t)
                .join(lobby_t, lobby_t.c.lobby_id == lobby_seats_t.c.lobby_id)
                .where(lobby_seats_t.c.account_id == account_id, lobby_t.c.status == "open",
                       lobby_t.c.created >= since)
            ).scalar_one())

    def withdraw(self, account_id: str) -> int:
        """Take an account out of finding games (a suspended account, say): its waiting
        quick-match requests are cancelled, its seats of open public games given up (those it
        opened are closed). How many requests and seats it gave up."""
        with self.engine.begin() as conn:
            gone = conn.execute(update(quick_seeks_t).where(
                quick_seeks_t.c.account_id == account_id,
                quick_seeks_t.c.status == "waiting").values(status="cancelled")).rowcount
            opened = select(lobby_t.c.lobby_id).where(lobby_t.c.creator == account_id,
                                                      lobby_t.c.status == "open")
            conn.execute(update(lobby_t).where(lobby_t.c.lobby_id.in_(opened))
                         .values(status="closed"))
            waiting_in = select(lobby_t.c.lobby_id).where(lobby_t.c.status == "open")
            gone += conn.execute(delete(lobby_seats_t).where(
                lobby_seats_t.c.account_id == account_id,
                lobby_seats_t.c.lobby_id.in_(waiting_in))).rowcount
        return int(gone)

    def account_of(self, profile_id: str) -> tuple[str, str] | None:
        """The account (id, name) whose profile is ``profile_id``."""
        with self.engine.connect() as conn:
            r = conn.execute(select(accounts_t.c.account_id, accounts_t.c.name).where(
                accounts_t.c.profile_id == profile_id)).first()
        return None if r is None else (r[0], r[1])

    # -- quick match ---------------------------------------------------------------------------
    def seek(self, seek: Seek) -> None:
        """Add a waiting request (an account's earlier waiting requests are cancelled)."""
        with self.engine.begin() as conn:
            conn.execute(update(quick_seeks_t).where(
                quick_seeks_t.c.account_id == seek.account_id,
                quick_seeks_t.c.status == "waiting").values(status="cancelled"))
            conn.execute(insert(quick_seeks_t).values(
                ticket=seek.ticket, account_id=seek.account_id, profile_id=seek.profile_id,
                name=seek.name, settings_key=seek.settings_key,
                settings=json.dumps(seek.settings), rating=seek.rating, created=seek.created,
                seen=seek.created, status="waiting", lobby_id=None))

    def seen(self, ticket: str, now: float) -> None:
        """The request's player asked how it stands: it is still waiting for a game."""
        with self.engine.begin() as conn:
            conn.execute(update(quick_seeks_t).where(
                quick_seeks_t.c.ticket == ticket, quick_seeks_t.c.status == "waiting")
                .values(seen=now))

    def get_seek(self, ticket: str) -> Seek | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(*_SEEK).where(quick_seeks_t.c.ticket == ticket)).first()
        return None if r is None else _seek(r)

    def waiting(self, settings_key: str, seen_since: float, limit: int = 200) -> list[Seek]:
        """The requests waiting with these settings whose players asked how they stand since
        ``seen_since`` (the others' pages are gone), longest waiting first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(*_SEEK).where(
                quick_seeks_t.c.settings_key == settings_key,
                quick_seeks_t.c.status == "waiting", quick_seeks_t.c.seen >= seen_since)
                .order_by(quick_seeks_t.c.created).limit(limit)).all()
        return [_seek(r) for r in rows]

    def pair(self, tickets: list[str], lobby_id: str, kind: str, settings: dict[str, Any],
             seats: list[LobbySeat], now: float) -> bool:
        """Match the waiting requests ``tickets`` into the new public game ``lobby_id``
        (status ``starting``), all or none: False if any of them was matched or cancelled
        meanwhile (by another process)."""
        try:
            with self.engine.begin() as conn:
                done = conn.execute(update(quick_seeks_t).where(
                    quick_seeks_t.c.ticket.in_(tickets), quick_seeks_t.c.status == "waiting")
                    .values(status="matched", lobby_id=lobby_id)).rowcount
                if done != len(tickets):
                    raise Lost
                self.create(lobby_id, kind, settings, len(seats), None, now, "starting", seats,
                            conn)
        except Lost:
            return False
        except DBAPIError:  # a deadlock between two pairings (PostgreSQL aborts one)
            return False
        return True

    def cancel(self, ticket: str, account_id: str) -> bool:
        """Cancel a waiting request of the account; False if it was not waiting."""
        with self.engine.begin() as conn:
            return bool(conn.execute(update(quick_seeks_t).where(
                quick_seeks_t.c.ticket == ticket, quick_seeks_t.c.account_id == account_id,
                quick_seeks_t.c.status == "waiting").values(status="cancelled")).rowcount)

    # -- rematches -----------------------------------------------------------------------------
    def rematch(self, game_id: str) -> Rematch | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(rematches_t.c.game_id, rematches_t.c.offered_by,
                                    rematches_t.c.created, rematches_t.c.status,
                                    rematches_t.c.lobby_id)
                             .where(rematches_t.c.game_id == game_id)).first()
            if r is None:
                return None
            votes = conn.execute(select(rematch_votes_t.c.seat).where(
                rematch_votes_t.c.game_id == game_id)).scalars().all()
        return Rematch(r[0], r[1], r[2], r[3], r[4], frozenset(votes))

    def vote(self, game_id: str, seat: int, players: int, now: float,
             made: tuple[str, Callable[[Connection], None]] | None = None) -> str:
        """Seat ``seat`` offers or takes the rematch of ``game_id``: ``offered`` (a new offer),
        ``taken`` (the seat took it; others still to), ``full`` (every seat took it: this call
        moved it to ``starting``, its caller makes the game), ``starting``/``started`` (made
        already, or being made). ``made``: the new public game's id and the writer of its row
        (in ``starting``), run in the same transaction as the move to ``starting``, so that a
        rematch being made always has its public game (the lobby's stuck games)."""
        try:
            with self.engine.begin() as conn:
                touched = conn.execute(update(rematches_t).where(
                    rematches_t.c.game_id == game_id).values(status=rematches_t.c.status)
                ).rowcount
                if not touched:
                    conn.execute(insert(rematches_t).values(
                        game_id=game_id, offered_by=seat, created=now, status="open"))
                    conn.execute(insert(rematch_votes_t).values(game_id=game_id, seat=seat))
                    return "offered" if players > 1 else "full"
                status = conn.execute(select(rematches_t.c.status).where(
                    rematches_t.c.game_id == game_id)).scalar_one()
                if status in ("starting", "started"):
                    return str(status)
                outcome = "taken"
                if status == "declined":  # offered again: a new offer
                    conn.execute(update(rematches_t).where(rematches_t.c.game_id == game_id)
                                 .values(status="open", offered_by=seat, created=now))
                    conn.execute(delete(rematch_votes_t).where(
                        rematch_votes_t.c.game_id == game_id))
                    outcome = "offered"
                have = set(conn.execute(select(rematch_votes_t.c.seat).where(
                    rematch_votes_t.c.game_id == game_id)).scalars().all())
                if seat not in have:
                    conn.execute(insert(rematch_votes_t).values(game_id=game_id, seat=seat))
                    have.add(seat)
                if len(have) < players:
                    return outcome
                conn.execute(update(rematches_t).where(rematches_t.c.game_id == game_id)
                             .values(status="starting",
                                     lobby_id=None if made is None else made[0]))
                if made is not None:
                    made[1](conn)
                return "full"
        except IntegrityError:  # two first offers at once: the other one is the offer
            return self.vote(game_id, seat, players, now, made)

    def decline(self, game_id: str) -> bool:
        """End an open offer (a seat declined); False if none was open."""
        with self.engine.begin() as conn:
            done = conn.execute(update(rematches_t).where(
                rematches_t.c.game_id == game_id, rematches_t.c.status == "open")
                .values(status="declined")).rowcount
            if done:
                conn.execute(delete(rematch_votes_t).where(rematch_votes_t.c.game_id == game_id))
        return bool(done)

    def link_rematches(self) -> int:
        """Rematches in ``starting`` whose public game was made (by a process other than the
        one whose vote filled them) are ``started``. How many."""
        made = select(lobby_t.c.lobby_id).where(lobby_t.c.status == "started")
        where = (rematches_t.c.status == "starting", rematches_t.c.lobby_id.in_(made))
        with self.engine.begin() as conn:
            if conn.execute(select(rematches_t.c.game_id).where(*where).limit(1)).first() \
                    is None:
                return 0
            return int(conn.execute(update(rematches_t).where(*where)
                                    .values(status="started")).rowcount)

    def rematch_started(self, game_id: str, lobby_id: str | None) -> None:
        """The rematch's game is made (``lobby_id``), or making it failed (None: open again)."""
        with self.engine.begin() as conn:
            conn.execute(update(rematches_t).where(
                and_(rematches_t.c.game_id == game_id, rematches_t.c.status == "starting"))
                .values(status="started" if lobby_id else "open", lobby_id=lobby_id))
