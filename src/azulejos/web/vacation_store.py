"""Vacation days in the database (schema revision 0012; the rules: :mod:`.vacations`).

An account's vacations are rows of ``azulejos_vacations``; the one running has ``ended`` NULL
and ``until`` still ahead. The clock loop of every server process (:meth:`VacationStore.pause`,
:meth:`VacationStore.close_due`) stops the clock of each turn-based turn of a player on
vacation (``games.turn_paused``) and, when the vacation ends (early, or at ``until``), starts it
again with its deadline moved by the pause. Every write is conditional (``WHERE turn_paused IS
NULL``, ``WHERE ended IS NULL``), so over several processes each pause and each end is applied
exactly once.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass

from sqlalchemy import (
    ColumnElement,
    Engine,
    and_,
    case,
    exists,
    func,
    insert,
    or_,
    select,
    update,
)

from .account_tables import accounts_t, vacations_t
from .tables import games_t, seats_t
from .vacations import DAY, TURN_BASED_SECONDS, Vacation, year_of


@dataclass(frozen=True, slots=True)
class Ended:
    """A vacation that ended: whose, when it began, when it ended."""

    account_id: str
    started: float
    at: float


def _running(now: float) -> ColumnElement[bool]:
    return and_(vacations_t.c.ended.is_(None), vacations_t.c.until > now,
                vacations_t.c.started <= now)


def _turn_based() -> ColumnElement[bool]:
    """Games whose clock is turn-based (a day or more): a vacation stops it."""
    return and_(games_t.c.clock_kind.in_(("move", "game")),
                games_t.c.clock_seconds >= TURN_BASED_SECONDS)


def _untimed_or_turn_based() -> ColumnElement[bool]:
    return or_(games_t.c.clock_kind.is_(None), games_t.c.clock_kind == "none", _turn_based())


def on_vacation_in_game(now: float) -> ColumnElement[bool]:
    """True for a game (row of ``azulejos_games``) untimed or turn-based in which a seat's
    account is on vacation at ``now``: such a game does not expire (docs/api.md, "Expiry")."""
    return and_(_untimed_or_turn_based(), exists(
        select(seats_t.c.seat)
        .join(accounts_t, accounts_t.c.profile_id == seats_t.c.profile_id)
        .join(vacations_t, vacations_t.c.account_id == accounts_t.c.account_id)
        .where(seats_t.c.game_id == games_t.c.game_id, seats_t.c.kind == "person",
               _running(now))))


class VacationStore:
    """Reads and writes vacations (blocking; the services call it from a thread)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- an account's vacations ----------------------------------------------------------------
    def used(self, account_id: str, year: int) -> int:
        """Whole days charged to ``year`` (the running vacation's booked days included)."""
        with self.engine.connect() as conn:
            got = conn.execute(select(func.coalesce(func.sum(vacations_t.c.days), 0))
                               .where(vacations_t.c.account_id == account_id,
                                      vacations_t.c.year == year)).scalar_one()
        return int(got)

    def current(self, account_id: str, now: float) -> Vacation | None:
        """The account's vacation running at ``now`` (None: none)."""
        with self.engine.connect() as conn:
            r = conn.execute(select(vacations_t.c.vacation_id, vacations_t.c.started,
                                    vacations_t.c.until, vacations_t.c.days)
                             .where(vacations_t.c.account_id == account_id, _running(now))
                             .order_by(vacations_t.c.started.desc())).first()
        return None if r is None else Vacation(r[0], float(r[1]), float(r[2]), int(r[3]))

    def start(self, account_id: str, days: int, now: float, allowance: int) -> Vacation | str:
        """A vacation of ``days`` whole days from ``now``, if the account has none running and
        that many left of ``allowance`` this year; else why not: ``"on_vacation"`` or
        ``"too_many"``. In one transaction (two requests at once cannot both pass)."""
        year = year_of(now)
        with self.engine.begin() as conn:
            # the write lock first (SQLite: BEGIN IMMEDIATE is not ours to issue; a no-op
            # update of the account's row serialises two starts on both databases)
            conn.execute(update(accounts_t).where(accounts_t.c.account_id == account_id)
                         .values(updated=accounts_t.c.updated))
            running = conn.execute(select(vacations_t.c.vacation_id)
                                   .where(vacations_t.c.account_id == account_id,
                                          _running(now))).first()
            if running is not None:
                return "on_vacation"
            used = int(conn.execute(select(func.coalesce(func.sum(vacations_t.c.days), 0))
                                    .where(vacations_t.c.account_id == account_id,
                                           vacations_t.c.year == year)).scalar_one())
            if used + days > allowance:
                return "too_many"
            v = Vacation(secrets.token_urlsafe(12), now, now + days * DAY, days)
            conn.execute(insert(vacations_t).values(
                vacation_id=v.vacation_id, account_id=account_id, year=year, started=v.started,
                until=v.until, ended=None, days=days))
        return v

    def end(self, account_id: str, now: float) -> Ended | None:
        """End the account's running vacation at ``now``: it is charged the whole days begun
        (at least one), the rest come back. None: none was running."""
        v = self.current(account_id, now)
        if v is None:
            return None
        begun = max(1, min(v.days, math.ceil((now - v.started) / DAY - 1e-9)))
        with self.engine.begin() as conn:
            res = conn.execute(update(vacations_t)
                               .where(vacations_t.c.vacation_id == v.vacation_id,
                                      vacations_t.c.ended.is_(None))
                               .values(ended=now, days=begun))
        if res.rowcount != 1:
            return None  # ended meanwhile (another request, or a server at its end)
        return Ended(account_id, v.started, now)

    def close_due(self, now: float, limit: int = 100) -> list[Ended]:
        """The vacations whose planned end has come by ``now``, marked ended at their end
        (each once over every process)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(vacations_t.c.vacation_id, vacations_t.c.account_id,
                                       vacations_t.c.started, vacations_t.c.until)
                                .where(vacations_t.c.ended.is_(None),
                                       vacations_t.c.until <= now)
                                .limit(limit)).all()
        out = []
        for vid, account_id, started, until in rows:
            with self.engine.begin() as conn:
                res = conn.execute(update(vacations_t)
                                   .where(vacations_t.c.vacation_id == vid,
                                          vacations_t.c.ended.is_(None))
                                   .values(ended=until))
            if res.rowcount == 1:
                out.append(Ended(account_id, float(started), float(until)))
        return out

    def mark(self) -> tuple[int, float]:
        """A mark that changes whenever a vacation starts or ends (on any process): the number
        of vacations and the sum of their ends. Polled where no bus tells of the change."""
        with self.engine.connect() as conn:
            n, ends = conn.execute(select(func.count(), func.coalesce(
                func.sum(func.coalesce(vacations_t.c.ended, 0.0)), 0.0))
                .select_from(vacations_t)).one()
        return int(n), round(float(ends), 3)

    # -- the games' clocks ---------------------------------------------------------------------
    def pause(self, now: float, limit: int = 200) -> list[str]:
        """Stop the clock of every running turn-based turn whose player is on vacation at
        ``now``, from the vacation's start or the turn's, whichever came later (a turn already
        out of time then is not saved). The games paused."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_t.c.game_id, games_t.c.version, games_t.c.turn_began,
                       games_t.c.turn_deadline, vacations_t.c.started)
                .join(seats_t, and_(seats_t.c.game_id == games_t.c.game_id,
                                    seats_t.c.seat == games_t.c.turn_seat))
                .join(accounts_t, accounts_t.c.profile_id == seats_t.c.profile_id)
                .join(vacations_t, vacations_t.c.account_id == accounts_t.c.account_id)
                .where(games_t.c.status == "playing", _turn_based(), _running(now),
                       games_t.c.turn_version == games_t.c.version,
                       games_t.c.turn_deadline.is_not(None), games_t.c.turn_paused.is_(None),
                       or_(games_t.c.offer_version.is_(None),
                           games_t.c.offer_version != games_t.c.version))
                .limit(limit)).all()
        out = []
        for gid, version, began, deadline, started in rows:
            at = max(float(began), float(started))
            if float(deadline) <= at:
                continue  # out of time before the vacation: the others choose, as ever
            with self.engine.begin() as conn:
                res = conn.execute(update(games_t)
                                   .where(games_t.c.game_id == gid, games_t.c.version == version,
                                          games_t.c.turn_version == version,
                                          games_t.c.turn_paused.is_(None))
                                   .values(turn_paused=at))
            if res.rowcount == 1:
                out.append(gid)
        return out

    def resume(self, ended: Ended) -> list[str]:
        """The vacation ``ended`` is over: the clocks its player's turns stood still in run
        again from its end (their deadlines moved by the pause), and the games in play with a
        seat of the account count the vacation's idle time out of their expiry. The games in
        play with a seat of the account (to show again)."""
        at = ended.at
        with self.engine.begin() as conn:
            profile = conn.execute(select(accounts_t.c.profile_id)
                                   .where(accounts_t.c.account_id == ended.account_id)
                                   ).scalar_one_or_none()
            if profile is None:
                return []
            games = [r[0] for r in conn.execute(
                select(seats_t.c.game_id).distinct()
                .join(games_t, games_t.c.game_id == seats_t.c.game_id)
                .where(seats_t.c.profile_id == profile, games_t.c.status == "playing")).all()]
            if not games:
                return []
            paused = select(seats_t.c.seat).where(
                seats_t.c.game_id == games_t.c.game_id, seats_t.c.seat == games_t.c.turn_seat,
                seats_t.c.profile_id == profile).exists()
            shift = case((games_t.c.turn_paused < at, at - games_t.c.turn_paused), else_=0.0)
            conn.execute(update(games_t)
                         .where(games_t.c.game_id.in_(games), games_t.c.turn_paused.is_not(None),
                                paused)
                         .values(turn_deadline=games_t.c.turn_deadline + shift,
                                 turn_began=games_t.c.turn_began + shift,
                                 turn_paused=None))
            # expiry counts from the last change: the vacation's idle time is not counted
            conn.execute(update(games_t)
                         .where(games_t.c.game_id.in_(games), _untimed_or_turn_based(),
                                games_t.c.updated < at)
                         .values(updated=case(
                             (games_t.c.updated < ended.started,
                              games_t.c.updated + (at - ended.started)),
                             else_=at)))
        return games

    def of_game(self, game_id: str, now: float) -> dict[int, float]:
        """The seats of the game whose account is on vacation at ``now``: until when."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats_t.c.seat, vacations_t.c.until)
                .join(accounts_t, accounts_t.c.profile_id == seats_t.c.profile_id)
                .join(vacations_t, vacations_t.c.account_id == accounts_t.c.account_id)
                .where(seats_t.c.game_id == game_id, seats_t.c.kind == "person",
                       _running(now))).all()
        return {int(r[0]): float(r[1]) for r in rows}

    def games_of(self, account_id: str) -> list[str]:
        """The games in play with a seat of the account."""
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(
                select(seats_t.c.game_id).distinct()
                .join(games_t, games_t.c.game_id == seats_t.c.game_id)
                .join(accounts_t, accounts_t.c.profile_id == seats_t.c.profile_id)
                .where(accounts_t.c.account_id == account_id,
                       games_t.c.status == "playing")).all()]
