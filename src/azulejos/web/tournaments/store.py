"""Where tournaments are kept (schema revision 0014): blocking SQLAlchemy calls, run in the game
service's database threads.

Every change that must happen once over every server process is a conditional update:

* a join or leave first bumps the tournament's ``revision`` where it is still ``open`` (on
  PostgreSQL this locks the row, so a start that runs at the same moment sees the entry or
  refuses it; on SQLite the write lock does the same);
* the start (``open`` -> ``running``, round 1) and each next round (``round`` r -> r + 1) are
  taken by the one writer whose update matched, and that writer's transaction also writes the
  round's pairings;
* a game's result is written once (``result IS NULL``); the end of the tournament once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..finding_tables import tournament_entries_t, tournament_games_t, tournaments_t
from ..tables import games_t, ratings_t


@dataclass(frozen=True, slots=True)
class Tournament:
    tournament_id: str
    name: str
    creator: str  # the creator's profile id
    format: str  # "swiss" | "round_robin"
    rounds: int
    settings: dict[str, Any]
    starts_at: float | None
    status: str  # "open" | "running" | "finished"
    round: int
    revision: int
    secret: str
    created: float
    started: float | None
    finished: float | None


@dataclass(frozen=True, slots=True)
class Entry:
    entry_id: str
    kind: str  # "person" | "bot"
    profile_id: str | None
    level: str | None
    name: str
    joined: float


@dataclass(frozen=True, slots=True)
class Board:
    """One pairing of a round: the entries in seat order (one: a bye), its game (None: a bye
    or not made yet) and its result once written (``points`` and ``scores`` per seat)."""

    round: int
    board: int
    entries: tuple[str, ...]
    game_id: str | None
    creating: float | None
    result: dict[str, Any] | None

    @property
    def bye(self) -> bool:
        return len(self.entries) == 1


#: Makes a round's boards from the entries (in entry order), inside the writer's transaction.
Pairer = Callable[[list[Entry]], list[tuple[tuple[str, ...], dict[str, Any] | None]]]


def _tournament(r: Any) -> Tournament:
    return Tournament(r.tournament_id, r.name, r.creator, r.format, r.rounds,
                      json.loads(r.settings), r.starts_at, r.status, r.round, r.revision,
                      r.secret, r.created, r.started, r.finished)


def _board(r: Any) -> Board:
    return Board(r.round, r.board, tuple(json.loads(r.entries)), r.game_id, r.creating,
                 None if r.result is None else json.loads(r.result))


class SqlTournaments:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- reading -------------------------------------------------------------------------------
    def get(self, tid: str) -> Tournament | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(tournaments_t).where(
                tournaments_t.c.tournament_id == tid)).first()
        return None if r is None else _tournament(r)

    def listed(self, status: str, limit: int) -> list[tuple[Tournament, int]]:
        """Tournaments of ``status`` with their number of entries, the newest first."""
        count = (select(func.count()).select_from(tournament_entries_t)
                 .where(tournament_entries_t.c.tournament_id == tournaments_t.c.tournament_id)
                 .scalar_subquery())
        with self.engine.connect() as conn:
            rows = conn.execute(select(tournaments_t, count.label("entrants"))
                                .where(tournaments_t.c.status == status)
                                .order_by(tournaments_t.c.created.desc(),
                                          tournaments_t.c.tournament_id)
                                .limit(limit)).all()
        return [(_tournament(r), int(r.entrants)) for r in rows]

    def due(self, now: float, limit: int = 20, after: str = "") -> list[str]:
        """Open tournaments whose start time has come, and running ones (to be looked at): at
        most ``limit``, in the order of their ids from after ``after`` (the pass goes round
        them all, ``limit`` at a time, so none is left out however many run)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tournaments_t.c.tournament_id).where(
                (((tournaments_t.c.status == "open") & (tournaments_t.c.starts_at <= now))
                 | (tournaments_t.c.status == "running")) & (tournaments_t.c.tournament_id > after))
                .order_by(tournaments_t.c.tournament_id).limit(limit)).all()
        return [r[0] for r in rows]

    def entries(self, tid: str) -> list[Entry]:
        with self.engine.connect() as conn:
            return self._entries(conn, tid)

    @staticmethod
    def _entries(conn: Connection, tid: str) -> list[Entry]:
        rows = conn.execute(select(tournament_entries_t)
                            .where(tournament_entries_t.c.tournament_id == tid)
                            .order_by(tournament_entries_t.c.seq)).all()
        return [Entry(r.entry_id, r.kind, r.profile_id, r.level, r.name, r.joined) for r in rows]

    def boards(self, tid: str) -> list[Board]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(tournament_games_t)
                                .where(tournament_games_t.c.tournament_id == tid)
                                .order_by(tournament_games_t.c.round,
                                          tournament_games_t.c.board)).all()
        return [_board(r) for r in rows]

    def of_game(self, game_id: str) -> str | None:
        """The tournament a game belongs to (None: none)."""
        with self.engine.connect() as conn:
            got = conn.execute(select(tournament_games_t.c.tournament_id)
                               .where(tournament_games_t.c.game_id == game_id)).first()
        return None if got is None else str(got[0])

    def game_status(self, game_ids: Sequence[str]) -> dict[str, str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(games_t.c.game_id, games_t.c.status)
                                .where(games_t.c.game_id.in_(list(game_ids)))).all()
        return {r[0]: r[1] for r in rows}

    def ratings(self, profile_ids: Sequence[str], pool: str) -> dict[str, float]:
        """The rating ordinals (``mu - 3 sigma``) of the profiles that have one in ``pool``."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(ratings_t.c.profile_id, ratings_t.c.mu,
                                       ratings_t.c.sigma)
                                .where(ratings_t.c.profile_id.in_(list(profile_ids)),
                                       ratings_t.c.pool == pool)).all()
        return {r[0]: float(r[1]) - 3 * float(r[2]) for r in rows}

    # -- changing ------------------------------------------------------------------------------
    def create(self, t: Tournament) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(tournaments_t).values(
                tournament_id=t.tournament_id, name=t.name, creator=t.creator, format=t.format,
                rounds=t.rounds, settings=json.dumps(t.settings), starts_at=t.starts_at,
                status=t.status, round=t.round, revision=t.revision, secret=t.secret,
                created=t.created, started=None, finished=None))

    @staticmethod
    def _bump_open(conn: Connection, tid: str) -> bool:
        res = conn.execute(update(tournaments_t)
                           .where(tournaments_t.c.tournament_id == tid,
                                  tournaments_t.c.status == "open")
                           .values(revision=tournaments_t.c.revision + 1))
        return res.rowcount == 1

    def join(self, tid: str, entry: Entry) -> str:
        """Add ``entry`` while the tournament is open: ``"ok"``, ``"closed"`` (not open) or
        ``"twice"`` (the profile is entered already)."""
        try:
            with self.engine.begin() as conn:
                if not self._bump_open(conn, tid):
                    return "closed"  # (the bump holds the row: the entries are ours to count)
                last = conn.execute(select(func.max(tournament_entries_t.c.seq)).where(
                    tournament_entries_t.c.tournament_id == tid)).scalar()
                conn.execute(insert(tournament_entries_t).values(seq=(last or 0) + 1,
                    tournament_id=tid, entry_id=entry.entry_id, kind=entry.kind,
                    profile_id=entry.profile_id, level=entry.level, name=entry.name,
                    joined=entry.joined))
        except IntegrityError:
            return "twice"
        return "ok"

    def leave(self, tid: str, profile_id: str) -> str:
        """Take the profile's entry out while open: ``"ok"``, ``"closed"`` or ``"absent"``."""
        with self.engine.begin() as conn:
            if not self._bump_open(conn, tid):
                return "closed"
            res = conn.execute(delete(tournament_entries_t).where(
                tournament_entries_t.c.tournament_id == tid,
                tournament_entries_t.c.profile_id == profile_id))
        return "ok" if res.rowcount == 1 else "absent"

    def _write_boards(self, conn: Connection, tid: str, rnd: int,
                      boards: list[tuple[tuple[str, ...], dict[str, Any] | None]],
                      now: float) -> None:
        for i, (entries, result) in enumerate(boards):
            conn.execute(insert(tournament_games_t).values(
                tournament_id=tid, round=rnd, board=i, entries=json.dumps(list(entries)),
                game_id=None, creating=None if len(entries) == 1 else now,
                result=None if result is None else json.dumps(result)))

    def start(self, tid: str, now: float, rounds: Callable[[int], int], pair: Pairer,
              least: int) -> str:
        """Start an open tournament of at least ``least`` entries: round 1 paired by ``pair``
        in the same transaction; ``rounds(entrants)`` is the number of rounds. ``"ok"`` (this
        call started it), ``"closed"`` (not open) or ``"few"`` (too few entries)."""
        with self.engine.begin() as conn:
            if not self._bump_open(conn, tid):
                return "closed"
            entries = self._entries(conn, tid)
            if len(entries) < least:
                return "few"  # (only the revision was bumped)
            conn.execute(update(tournaments_t).where(tournaments_t.c.tournament_id == tid)
                         .values(status="running", round=1, started=now,
                                 rounds=rounds(len(entries))))
            self._write_boards(conn, tid, 1, pair(entries), now)
        return "ok"

    def next_round(self, tid: str, rnd: int, now: float,
                   boards: list[tuple[tuple[str, ...], dict[str, Any] | None]]) -> bool:
        """Move a running tournament from round ``rnd`` to the next with ``boards``; True if
        this call did (False: another process did, or it is not at ``rnd``)."""
        with self.engine.begin() as conn:
            res = conn.execute(update(tournaments_t)
                               .where(tournaments_t.c.tournament_id == tid,
                                      tournaments_t.c.status == "running",
                                      tournaments_t.c.round == rnd)
                               .values(round=rnd + 1, revision=tournaments_t.c.revision + 1))
            if res.rowcount != 1:
                return False
            self._write_boards(conn, tid, rnd + 1, boards, now)
        return True

    def finish(self, tid: str, rnd: int, now: float) -> bool:
        with self.engine.begin() as conn:
            res = conn.execute(update(tournaments_t)
                               .where(tournaments_t.c.tournament_id == tid,
                                      tournaments_t.c.status == "running",
                                      tournaments_t.c.round == rnd)
                               .values(status="finished", finished=now,
                                       revision=tournaments_t.c.revision + 1))
        return res.rowcount == 1

    def take_board(self, tid: str, rnd: int, board: int, now: float, stale: float) -> bool:
        """Take a board whose game is still to be made (its maker's claim older than
        ``stale``): True if this call took it."""
        with self.engine.begin() as conn:
            res = conn.execute(update(tournament_games_t)
                               .where(tournament_games_t.c.tournament_id == tid,
                                      tournament_games_t.c.round == rnd,
                                      tournament_games_t.c.board == board,
                                      tournament_games_t.c.game_id.is_(None),
                                      tournament_games_t.c.creating <= stale)
                               .values(creating=now))
        return res.rowcount == 1

    def set_game(self, tid: str, rnd: int, board: int, game_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(tournament_games_t)
                         .where(tournament_games_t.c.tournament_id == tid,
                                tournament_games_t.c.round == rnd,
                                tournament_games_t.c.board == board,
                                tournament_games_t.c.game_id.is_(None))
                         .values(game_id=game_id))

    def set_result(self, tid: str, rnd: int, board: int, result: dict[str, Any]) -> bool:
        with self.engine.begin() as conn:
            res = conn.execute(update(tournament_games_t)
                               .where(tournament_games_t.c.tournament_id == tid,
                                      tournament_games_t.c.round == rnd,
                                      tournament_games_t.c.board == board,
                                      tournament_games_t.c.result.is_(None))
                               .values(result=json.dumps(result)))
        return res.rowcount == 1
