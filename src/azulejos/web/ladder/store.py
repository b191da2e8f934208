"""The ladder's tables (``azulejos_ladder_rungs``, ``azulejos_ladder_challenges``): every
change of the ranks is one transaction, and a challenge's game is settled once over every
process (a conditional update of its status, keyed on the game)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import and_, delete, func, insert, or_, select, update
from sqlalchemy.engine import Connection, Engine

from ..finding_tables import ladder_challenges_t as ch_t
from ..finding_tables import ladder_rungs_t as rungs_t
from ..finding_tables import lobby_t
from ..tables import games_t

#: The challenges that still hold their two players (at most one each).
OPEN = ("open", "playing")


@dataclass(frozen=True, slots=True)
class Rung:
    rank: int
    account_id: str
    profile_id: str
    name: str
    wins: int
    losses: int


@dataclass(frozen=True, slots=True)
class Challenge:
    challenge_id: str
    pool: str
    challenger: str  # account ids; the challenger sits at seat 0
    challenged: str
    status: str
    created: float
    lobby_id: str | None
    game_id: str | None
    outcome: str | None



_RUNG = (rungs_t.c.rank, rungs_t.c.account_id, rungs_t.c.profile_id, rungs_t.c.name,
         rungs_t.c.wins, rungs_t.c.losses)
_CH = (ch_t.c.challenge_id, ch_t.c.pool, ch_t.c.challenger, ch_t.c.challenged, ch_t.c.status,
       ch_t.c.created, ch_t.c.lobby_id, ch_t.c.game_id, ch_t.c.outcome)


class SqlLadder:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- rungs ---------------------------------------------------------------------------------
    def rungs(self, pool: str) -> list[Rung]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(*_RUNG).where(rungs_t.c.pool == pool)
                                .order_by(rungs_t.c.rank)).all()
        return [Rung(*r) for r in rows]

    @staticmethod
    def _lock(conn: Connection, pool: str) -> None:
        """Lock the pool's rungs for the transaction (PostgreSQL: row locks, so that joins,
        leaves and settled games of one ladder take turns; SQLite has one writer anyway)."""
        conn.execute(select(rungs_t.c.rank).where(rungs_t.c.pool == pool)
                     .with_for_update()).all()

    @staticmethod
    def _rung_of(conn: Connection, pool: str, account_id: str) -> Rung | None:
        r = conn.execute(select(*_RUNG).where(rungs_t.c.pool == pool,
                                              rungs_t.c.account_id == account_id)).first()
        return None if r is None else Rung(*r)

    def rung_of_profile(self, pool: str, profile_id: str) -> Rung | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(*_RUNG).where(rungs_t.c.pool == pool,
                                                  rungs_t.c.profile_id == profile_id)).first()
        return None if r is None else Rung(*r)

    def join(self, pool: str, account_id: str, profile_id: str, name: str, now: float) -> bool:
        """Put the account on the bottom rung; False if it is on this ladder already."""
        with self.engine.begin() as conn:
            self._lock(conn, pool)
            if self._rung_of(conn, pool, account_id) is not None:
                return False
            bottom = conn.execute(select(func.max(rungs_t.c.rank))
                                  .where(rungs_t.c.pool == pool)).scalar()
            conn.execute(insert(rungs_t).values(
                pool=pool, account_id=account_id, profile_id=profile_id, name=name,
                rank=(bottom or 0) + 1, wins=0, losses=0, joined=now))
        return True

    def leave(self, pool: str, account_id: str) -> str:
        """Take the account off (the rungs below move up one; its open challenges are
        declined): ``left``, ``absent``, or ``playing`` (a challenge game of its is on)."""
        with self.engine.begin() as conn:
            self._lock(conn, pool)
            mine = self._rung_of(conn, pool, account_id)
            if mine is None:
                return "absent"
            theirs = or_(ch_t.c.challenger == account_id, ch_t.c.challenged == account_id)
            if conn.execute(select(ch_t.c.challenge_id).where(
                    ch_t.c.pool == pool, ch_t.c.status == "playing", theirs)).first():
                return "playing"
            conn.execute(update(ch_t).where(ch_t.c.pool == pool, ch_t.c.status == "open",
                                            theirs).values(status="declined"))
            conn.execute(delete(rungs_t).where(rungs_t.c.pool == pool,
                                               rungs_t.c.account_id == account_id))
            conn.execute(update(rungs_t).where(rungs_t.c.pool == pool,
                                               rungs_t.c.rank > mine.rank)
                         .values(rank=rungs_t.c.rank - 1))
        return "left"

    # -- challenges ----------------------------------------------------------------------------
    def challenge(self, c: Challenge, open_since: float = 0.0) -> str:
        """Write an open challenge: ``made``, or ``busy`` (either player is in an open or
        playing challenge already; open ones made before ``open_since`` have expired, and are
        marked so first)."""
        with self.engine.begin() as conn:
            self._lock(conn, c.pool)  # two challenges at once take turns here
            players = (c.challenger, c.challenged)
            conn.execute(update(ch_t).where(
                ch_t.c.pool == c.pool, ch_t.c.status == "open", ch_t.c.created < open_since,
                or_(ch_t.c.challenger.in_(players), ch_t.c.challenged.in_(players)))
                .values(status="expired"))
            if conn.execute(select(ch_t.c.challenge_id).where(
                    ch_t.c.pool == c.pool, ch_t.c.status.in_(OPEN),
                    or_(ch_t.c.challenger.in_(players), ch_t.c.challenged.in_(players)))
                    ).first():
                return "busy"
            conn.execute(insert(ch_t).values(
                challenge_id=c.challenge_id, pool=c.pool, challenger=c.challenger,
                challenged=c.challenged, status="open", created=c.created, lobby_id=None,
                game_id=None, outcome=None))
        return "made"

    def get(self, challenge_id: str) -> Challenge | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(*_CH).where(ch_t.c.challenge_id == challenge_id)).first()
        return None if r is None else Challenge(*r)

    def of_pool(self, pool: str, open_since: float = 0.0, limit: int = 200
                ) -> list[Challenge]:
        """The pool's open (made since ``open_since``: not expired) and playing challenges,
        oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(*_CH).where(
                ch_t.c.pool == pool, or_(ch_t.c.status == "playing",
                                         and_(ch_t.c.status == "open",
                                              ch_t.c.created >= open_since)))
                                .order_by(ch_t.c.created).limit(limit)).all()
        return [Challenge(*r) for r in rows]

    def set_status(self, challenge_id: str, was: str, now: str) -> bool:
        """Move a challenge from ``was`` to ``now`` (False: it was not ``was``)."""
        with self.engine.begin() as conn:
            done = conn.execute(update(ch_t).where(ch_t.c.challenge_id == challenge_id,
                                                   ch_t.c.status == was)
                                .values(status=now)).rowcount
        return bool(done)

    def expire(self, before: float, challenge_id: str | None = None) -> int:
        """Open challenges made before ``before`` (only ``challenge_id``, if given) are
        ``expired``. How many this call expired."""
        where = [ch_t.c.status == "open", ch_t.c.created < before]
        if challenge_id is not None:
            where.append(ch_t.c.challenge_id == challenge_id)
        with self.engine.begin() as conn:
            if conn.execute(select(ch_t.c.challenge_id).where(*where).limit(1)).first() is None:
                return 0  # (the usual case: no write)
            return int(conn.execute(update(ch_t).where(*where).values(status="expired"))
                       .rowcount)

    def latest_made(self, pool: str, account_id: str) -> Challenge | None:
        """The account's latest challenge on the pool's ladder (as the challenger)."""
        with self.engine.connect() as conn:
            r = conn.execute(select(*_CH).where(ch_t.c.pool == pool,
                                                ch_t.c.challenger == account_id)
                             .order_by(ch_t.c.created.desc()).limit(1)).first()
        return None if r is None else Challenge(*r)

    def accept(self, challenge_id: str, lobby_id: str,
               make_public: Callable[[Connection], None], open_since: float = 0.0) -> bool:
        """Move an open challenge to ``playing`` and make its public game ``lobby_id`` (in
        ``starting``, by ``make_public`` on the same transaction): both or neither, so a
        playing challenge always has its public game, whose game a process makes even if the
        one accepting dies first (the lobby's stuck games). False: it was not open."""
        with self.engine.begin() as conn:
            done = conn.execute(update(ch_t).where(ch_t.c.challenge_id == challenge_id,
                                                   ch_t.c.status == "open",
                                                   ch_t.c.created >= open_since)
                                .values(status="playing", lobby_id=lobby_id)).rowcount
            if not done:
                return False
            make_public(conn)
        return True

    def link_started(self) -> int:
        """Playing challenges whose public game was made (by a process other than the one
        that accepted) get its game. How many."""
        made = (select(lobby_t.c.game_id).where(lobby_t.c.lobby_id == ch_t.c.lobby_id,
                                                lobby_t.c.status == "started")
                .scalar_subquery())
        where = (ch_t.c.status == "playing", ch_t.c.game_id.is_(None),
                 ch_t.c.lobby_id.is_not(None), made.is_not(None))
        with self.engine.begin() as conn:
            if conn.execute(select(ch_t.c.challenge_id).where(*where).limit(1)).first() is None:
                return 0  # (the usual case: no write)
            return int(conn.execute(update(ch_t).where(*where).values(game_id=made)).rowcount)

    def started(self, challenge_id: str, lobby_id: str, game_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(ch_t).where(ch_t.c.challenge_id == challenge_id)
                         .values(lobby_id=lobby_id, game_id=game_id))

    def of_game(self, game_id: str) -> Challenge | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(*_CH).where(ch_t.c.game_id == game_id)).first()
        return None if r is None else Challenge(*r)

    def ended_games(self, pool: str) -> list[str]:
        """The games of the pool's playing challenges that are no longer being played."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(ch_t.c.game_id).select_from(ch_t.join(
                games_t, games_t.c.game_id == ch_t.c.game_id)).where(
                    ch_t.c.pool == pool, ch_t.c.status == "playing",
                    games_t.c.status != "playing")).all()
        return [r[0] for r in rows]

    def settle(self, game_id: str, winner: str | None) -> bool:
        """Write the end of a challenge's game once (False: settled already, here or by another
        process). ``winner``: the account that won alone (None: a draw, a shared victory or an
        expired game: nothing moves). A winner below the loser takes the loser's rung and
        every rung between moves down one; the wins and losses count either way."""
        with self.engine.begin() as conn:
            c = conn.execute(select(*_CH).where(ch_t.c.game_id == game_id)).first()
            if c is None:
                return False
            ch = Challenge(*c)
            outcome = ("none" if winner is None else
                       "challenger" if winner == ch.challenger else "challenged")
            done = conn.execute(update(ch_t).where(ch_t.c.challenge_id == ch.challenge_id,
                                                   ch_t.c.status == "playing")
                                .values(status="settled", outcome=outcome)).rowcount
            if not done or winner is None:
                return bool(done)
            self._lock(conn, ch.pool)
            loser = ch.challenged if winner == ch.challenger else ch.challenger
            w, lo = self._rung_of(conn, ch.pool, winner), self._rung_of(conn, ch.pool, loser)
            if w is None or lo is None:
                return True  # one of them has left the ladder meanwhile
            conn.execute(update(rungs_t).where(rungs_t.c.pool == ch.pool,
                                               rungs_t.c.account_id == winner)
                         .values(wins=rungs_t.c.wins + 1))
            conn.execute(update(rungs_t).where(rungs_t.c.pool == ch.pool,
                                               rungs_t.c.account_id == loser)
                         .values(losses=rungs_t.c.losses + 1))
            if w.rank > lo.rank:
                conn.execute(update(rungs_t).where(
                    rungs_t.c.pool == ch.pool,
                    and_(rungs_t.c.rank >= lo.rank, rungs_t.c.rank < w.rank))
                    .values(rank=rungs_t.c.rank + 1))
                conn.execute(update(rungs_t).where(rungs_t.c.pool == ch.pool,
                                                   rungs_t.c.account_id == winner)
                             .values(rank=lo.rank))
        return True
