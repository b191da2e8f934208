"""Where player profiles, their ratings and the results of their games are kept (the tables of
:mod:`.schema`: ``azulejos_profiles``, ``azulejos_ratings``, ``azulejos_results``).

A profile's secret key is stored only as its digest (:func:`.storage.token_digest`); its id is
public. The end of a game is written once: the result rows' primary key (game, seat) is the
guard, inserted first in the transaction that also updates the ratings, so when several server
processes see the same game end, one writes it and the others find it done (and change
nothing). Every method is blocking; the service calls them from a worker thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import ColumnElement, Connection, Engine, and_, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from azulejos.play.ratings import Rating, initial

from .fairplay.names import name_key
from .tables import games_t, profiles_t, ratings_t, results_t, seats_t


def established(games: int, opponents: int) -> bool:
    """True once a rating is no longer provisional."""
    return games >= ESTABLISHED_GAMES and opponents >= ESTABLISHED_OPPONENTS


def weighted(before: Rating, full: Rating, weight: float) -> Rating:
    """``weight`` of openskill's change from ``before`` to ``full`` (1: all of it)."""
    return Rating(before.mu + weight * (full.mu - before.mu),
                  before.sigma + weight * (full.sigma - before.sigma))

#: Repeated games count for less: the k-th rated game within :data:`REPEAT_DAYS` days against
#: the same opponent moves a rating 1/k of the way openskill would (docs/api.md, "Fair play").
REPEAT_DAYS = 30
#: A rating is provisional (not on the leaderboard) until its pool has this many rated games
#: against at least this many distinct opponents.
ESTABLISHED_GAMES = 10
ESTABLISHED_OPPONENTS = 5

#: How many times the end of a game is tried again when another game's end wrote a rating row
#: of the same new player at the same moment.
RETRIES = 3


@dataclass(frozen=True, slots=True)
class Profile:
    profile_id: str
    name: str
    created: float


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One profile's seat at the end of a game."""

    seat: int
    profile_id: str
    score: int
    rank: int  # 1 = best; players level on points and rows share it (R25)
    won: bool  # among the winners (a shared victory too, R25)


@dataclass(frozen=True, slots=True)
class GameEnd:
    """What is written when a game with profile seats ends."""

    game_id: str
    players: int
    variant: str
    modules: tuple[str, ...]
    seats: tuple[SeatResult, ...]
    rated: bool  # every seat a distinct person's profile, and the creator asked for it

    def pools(self) -> tuple[str, ...]:
        """The rating pools the game counts in: all games, its player count, its wall side,
        and both."""
        return ("all", str(self.players), self.variant, f"{self.players}-{self.variant}")


#: Rates one game: (ratings in seat order, ranks) -> new ratings (:func:`azulejos.play.ratings.rate`).
Rater = Callable[[Sequence[Rating], Sequence[int]], list[Rating]]


class SqlProfiles:
    """Profiles on the server's SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- profiles ------------------------------------------------------------------------------
    def create(self, profile_id: str, key_hash: str, name: str) -> Profile | None:
        """A new profile; None (nothing made) if its name is taken."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(profiles_t).values(
                    profile_id=profile_id, key_hash=key_hash, name=name,
                    name_key=name_key(name), created=now, updated=now))
        except IntegrityError:
            if self.name_holder(name_key(name)) is not None:
                return None
            raise
        return Profile(profile_id, name, now)

    def name_holder(self, key: str) -> str | None:
        """The profile whose name has the key ``key``, or the owner's profile of the account
        whose user name it is (None: the name is free)."""
        from .account_tables import accounts_t

        with self.engine.connect() as conn:
            got = conn.execute(select(profiles_t.c.profile_id)
                               .where(profiles_t.c.name_key == key)).scalar_one_or_none()
            if got is None:
                got = conn.execute(select(accounts_t.c.profile_id)
                                   .where(accounts_t.c.name_key == key)).scalar_one_or_none()
        return None if got is None else str(got)

    def by_key(self, key_hash: str) -> Profile | None:
        return self._one(profiles_t.c.key_hash == key_hash)

    def get(self, profile_id: str) -> Profile | None:
        return self._one(profiles_t.c.profile_id == profile_id)

    def _one(self, where: ColumnElement[bool]) -> Profile | None:
        with self.engine.connect() as conn:
            r = conn.execute(
                select(profiles_t.c.profile_id, profiles_t.c.name, profiles_t.c.created)
                .where(where)).first()
        return None if r is None else Profile(r[0], r[1], r[2])

    def rename(self, profile_id: str, key_hash: str | None, name: str) -> bool | None:
        """Rename the profile if ``key_hash`` is its key's digest (None: the profile's account
        renames it); False (nothing changed) otherwise; None if the name is taken."""
        cond = profiles_t.c.profile_id == profile_id
        if key_hash is not None:
            cond = cond & (profiles_t.c.key_hash == key_hash)
        try:
            with self.engine.begin() as conn:
                res = conn.execute(update(profiles_t).where(cond).values(
                    name=name, name_key=name_key(name), updated=time.time()))
        except IntegrityError:
            return None
        return res.rowcount == 1

    # -- the end of a game ---------------------------------------------------------------------
    def record_end(self, end: GameEnd, rater: Rater) -> bool:
        """Write the end of a game once: its result rows and, if rated, every pool's new
        ratings, in one transaction. False if it had been written already (by this or another
        server process): nothing changed."""
        if not end.seats:
            return False
        for attempt in range(RETRIES):
            try:
                return self._record_end(end, rater)
            except IntegrityError:  # rolled back whole
                if self.recorded(end.game_id):
                    return False  # another writer wrote this game's end first
                if attempt == RETRIES - 1:  # a new player's rating row raced another game's
                    raise
        return False  # pragma: no cover - the loop returns or raises

    def _record_end(self, end: GameEnd, rater: Rater) -> bool:
        now = time.time()
        rows = [
            {"game_id": end.game_id, "seat": s.seat, "profile_id": s.profile_id,
             "players": end.players, "variant": end.variant, "modules": ",".join(end.modules),
             "score": s.score, "rank": s.rank, "won": int(s.won), "rated": int(end.rated),
             "at": now}
            for s in end.seats
        ]
        with self.engine.begin() as conn:
            # The guard, first (on SQLite this also takes the write lock before any read):
            # a second writer of this game fails here and its transaction changes nothing.
            conn.execute(insert(results_t), rows)
            if not end.rated:
                return True
            ids = [s.profile_id for s in end.seats]
            ranks = [s.rank for s in end.seats]
            weights = self._weights(conn, end.game_id, ids, now)
            for pool in end.pools():
                q = (select(ratings_t.c.profile_id, ratings_t.c.mu, ratings_t.c.sigma,
                            ratings_t.c.games)
                     .where(ratings_t.c.pool == pool, ratings_t.c.profile_id.in_(ids))
                     .order_by(ratings_t.c.profile_id))
                if self.engine.dialect.name == "postgresql":
                    q = q.with_for_update()  # another game's end of the same players waits
                have = {r[0]: (Rating(r[1], r[2]), r[3]) for r in conn.execute(q).all()}
                before = [have[p][0] if p in have else initial() for p in ids]
                after = [weighted(b, full, w)
                         for b, full, w in zip(before, rater(before, ranks), weights)]
                for pid, new in zip(ids, after):
                    met = self._opponents(conn, pid, end.players, end.variant, pool)
                    if pid in have:
                        conn.execute(
                            update(ratings_t)
                            .where(ratings_t.c.profile_id == pid, ratings_t.c.pool == pool)
                            .values(mu=new.mu, sigma=new.sigma, games=have[pid][1] + 1,
                                    opponents=met, updated=now))
                    else:
                        conn.execute(insert(ratings_t).values(
                            profile_id=pid, pool=pool, mu=new.mu, sigma=new.sigma, games=1,
                            opponents=met, updated=now))
        return True

    @staticmethod
    def _weights(conn: Connection, game_id: str, ids: list[str], now: float) -> list[float]:
        """Each seat's weight: 1/k for its k-th rated game within :data:`REPEAT_DAYS` days
        against the opponent it met most there (this game included)."""
        mine, theirs = results_t.alias("mine"), results_t.alias("theirs")
        since = now - REPEAT_DAYS * 86400.0
        out = []
        for pid in ids:
            rows = conn.execute(
                select(theirs.c.profile_id, func.count())
                .select_from(mine.join(theirs, theirs.c.game_id == mine.c.game_id))
                .where(mine.c.profile_id == pid, theirs.c.profile_id.in_(ids),
                       theirs.c.profile_id != pid, mine.c.rated == 1, mine.c.at >= since,
                       mine.c.game_id != game_id)
                .group_by(theirs.c.profile_id)).all()
            before = max((int(r[1]) for r in rows), default=0)
            out.append(1.0 / (before + 1))
        return out

    @staticmethod
    def _opponents(conn: Connection, pid: str, players: int, variant: str, pool: str) -> int:
        """The distinct opponents ``pid`` met in the rated games of ``pool``."""
        mine, theirs = results_t.alias("mine"), results_t.alias("theirs")
        cond = [mine.c.profile_id == pid, theirs.c.profile_id != pid, mine.c.rated == 1]
        if pool in (str(players), f"{players}-{variant}"):
            cond.append(mine.c.players == players)
        if pool in (variant, f"{players}-{variant}"):
            cond.append(mine.c.variant == variant)
        return int(conn.execute(
            select(func.count(func.distinct(theirs.c.profile_id)))
            .select_from(mine.join(theirs, theirs.c.game_id == mine.c.game_id))
            .where(*cond)).scalar_one())

    def recorded(self, game_id: str) -> bool:
        """True if the end of ``game_id`` has been written."""
        with self.engine.connect() as conn:
            return conn.execute(select(results_t.c.game_id)
                                .where(results_t.c.game_id == game_id).limit(1)).first() is not None

    def unwritten(self, limit: int = 100) -> list[str]:
        """Finished games with a seat claimed by a profile whose end was never written (the
        server stopped in between), most recent first. A profile that claimed several seats of
        a game counts for none of them (:func:`.profiles.game_end`), so a game whose only
        profile did is not looked at again at every start."""
        other = seats_t.alias("other")
        again = select(other.c.seat).where(
            other.c.game_id == seats_t.c.game_id, other.c.profile_id == seats_t.c.profile_id,
            other.c.seat != seats_t.c.seat, other.c.token_hash.is_not(None))
        profiled = select(seats_t.c.game_id).where(
            seats_t.c.game_id == games_t.c.game_id, seats_t.c.profile_id.is_not(None),
            seats_t.c.token_hash.is_not(None), ~again.exists())
        written = select(results_t.c.game_id).where(results_t.c.game_id == games_t.c.game_id)
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_t.c.game_id)
                .where(games_t.c.status == "over", profiled.exists(), ~written.exists())
                .order_by(games_t.c.updated.desc()).limit(limit)).all()
        return [r[0] for r in rows]

    # -- reading -------------------------------------------------------------------------------
    def results(self, profile_id: str) -> list[tuple[int, str, str, int, int, int]]:
        """Every finished game of the profile: (players, variant, modules, score, won, rated)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(results_t.c.players, results_t.c.variant, results_t.c.modules,
                       results_t.c.score, results_t.c.won, results_t.c.rated)
                .where(results_t.c.profile_id == profile_id)).all()
        return [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]

    def ratings(self, profile_id: str) -> dict[str, tuple[Rating, int, int]]:
        """The profile's rating, rated games and distinct opponents in each pool it has played
        in."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ratings_t.c.pool, ratings_t.c.mu, ratings_t.c.sigma, ratings_t.c.games,
                       ratings_t.c.opponents)
                .where(ratings_t.c.profile_id == profile_id)).all()
        return {r[0]: (Rating(r[1], r[2]), r[3], r[4] or 0) for r in rows}

    def leaderboard(self, pool: str, min_games: int, offset: int, limit: int
                    ) -> tuple[int, list[tuple[str, str, Rating, int]]]:
        """The profiles with an established rating (not provisional: :func:`established`) and
        at least ``min_games`` rated games in ``pool``, best displayed rating (``mu - 3
        sigma``) first: (how many in all, one page of (id, name, rating, games))."""
        ordinal = ratings_t.c.mu - 3 * ratings_t.c.sigma
        cond = and_(ratings_t.c.pool == pool,
                    ratings_t.c.games >= max(min_games, ESTABLISHED_GAMES),
                    func.coalesce(ratings_t.c.opponents, 0) >= ESTABLISHED_OPPONENTS)
        with self.engine.connect() as conn:
            total = conn.execute(select(func.count()).select_from(ratings_t).where(cond)
                                 ).scalar_one()
            rows = conn.execute(
                select(ratings_t.c.profile_id, profiles_t.c.name, ratings_t.c.mu,
                       ratings_t.c.sigma, ratings_t.c.games)
                .join(profiles_t, profiles_t.c.profile_id == ratings_t.c.profile_id)
                .where(cond)
                .order_by(ordinal.desc(), ratings_t.c.games.desc(), ratings_t.c.profile_id)
                .offset(offset).limit(limit)).all()
        return int(total), [(r[0], r[1], Rating(r[2], r[3]), r[4]) for r in rows]
