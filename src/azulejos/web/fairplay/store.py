"""Where fair play is kept (the tables of :mod:`..schema` of revision 0013): reports, operators,
suspensions, fair-play waits, the digests of the clients seats were played from, and mutes of a
player everywhere. Every method is blocking; the services call them from a worker thread.
Each change is one conditional statement (or one transaction), so several server processes on
one database agree: of two operators suspending one account at once, one does it."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Engine, and_, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from ..account_tables import (
    account_mutes_t,
    accounts_t,
    fairplay_t,
    reports_t,
    seat_clients_t,
    suspensions_t,
)
from ..chat import ChatMessage
from ..tables import chat_t, profiles_t


@dataclass(frozen=True, slots=True)
class Report:
    report_id: str
    kind: str  # "message" | "player" | "boosting"
    reporter: str | None  # account id (None: the server)
    reported: str | None  # profile id
    game_id: str | None
    seq: int | None
    message: str | None
    note: str
    created: float
    state: str  # "open" | "dismissed" | "suspended"
    resolved: float | None
    resolved_by: str | None


@dataclass(frozen=True, slots=True)
class Suspension:
    suspension_id: str
    account_id: str
    reason: str
    created: float
    until: float | None  # None: until lifted


@dataclass(frozen=True, slots=True)
class Wait:
    """A profile's fair-play record."""

    offences: int
    clean: int
    wait_until: float


_REPORT = (reports_t.c.report_id, reports_t.c.kind, reports_t.c.reporter, reports_t.c.reported,
           reports_t.c.game_id, reports_t.c.seq, reports_t.c.message, reports_t.c.note,
           reports_t.c.created, reports_t.c.state, reports_t.c.resolved, reports_t.c.resolved_by)


def _report(r: Any) -> Report:
    return Report(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11])


def _current(now: float) -> ColumnElement[bool]:
    return and_(suspensions_t.c.lifted.is_(None),
                or_(suspensions_t.c.until.is_(None), suspensions_t.c.until > now))


class SqlFairPlay:
    """Fair play on the server's SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- reports -------------------------------------------------------------------------------
    def add_report(self, kind: str, reporter: str | None, reported: str | None,
                   game_id: str | None, seq: int | None, message: str | None, note: str,
                   now: float) -> Report | None:
        """File a report; None (nothing filed) if the same reporter has an open report of the
        same message (or of the same player in the same game) already."""
        rid = secrets.token_urlsafe(9)
        with self.engine.begin() as conn:
            same = [reports_t.c.state == "open", reports_t.c.kind == kind,
                    reports_t.c.reported == reported if reported is not None
                    else reports_t.c.reported.is_(None),
                    reports_t.c.game_id == game_id if game_id is not None
                    else reports_t.c.game_id.is_(None),
                    reports_t.c.seq == seq if seq is not None else reports_t.c.seq.is_(None),
                    reports_t.c.reporter == reporter if reporter is not None
                    else reports_t.c.reporter.is_(None)]
            if conn.execute(select(reports_t.c.report_id).where(*same).limit(1)).first():
                return None
            conn.execute(insert(reports_t).values(
                report_id=rid, kind=kind, reporter=reporter, reported=reported, game_id=game_id,
                seq=seq, message=message, note=note, created=now, state="open"))
        return Report(rid, kind, reporter, reported, game_id, seq, message, note, now, "open",
                      None, None)

    def report(self, report_id: str) -> Report | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(*_REPORT).where(reports_t.c.report_id == report_id)).first()
        return None if r is None else _report(r)

    def reports(self, state: str | None, limit: int = 100) -> list[Report]:
        """Reports in ``state`` (None: any), the oldest open first, else the newest first."""
        q = select(*_REPORT)
        if state is not None:
            q = q.where(reports_t.c.state == state)
        order = reports_t.c.created.asc() if state == "open" else reports_t.c.created.desc()
        with self.engine.connect() as conn:
            rows = conn.execute(q.order_by(order, reports_t.c.report_id).limit(limit)).all()
        return [_report(r) for r in rows]

    def resolve(self, report_id: str, state: str, by: str, now: float) -> bool:
        """Close an open report as ``state``; False if it was not open (nothing changed)."""
        with self.engine.begin() as conn:
            n = conn.execute(update(reports_t).where(reports_t.c.report_id == report_id,
                                                     reports_t.c.state == "open")
                             .values(state=state, resolved=now, resolved_by=by)).rowcount
        return n == 1

    def resolve_about(self, profile_id: str, state: str, by: str, now: float) -> int:
        """Close every open report about ``profile_id`` as ``state``."""
        with self.engine.begin() as conn:
            return int(conn.execute(update(reports_t).where(
                reports_t.c.reported == profile_id, reports_t.c.state == "open")
                .values(state=state, resolved=now, resolved_by=by)).rowcount)

    # -- operators -----------------------------------------------------------------------------
    def set_operator(self, name_key: str, on: bool) -> bool:
        """Make the account of ``name_key`` an operator (or not); False: no such account."""
        with self.engine.begin() as conn:
            n = conn.execute(update(accounts_t).where(accounts_t.c.name_key == name_key)
                             .values(operator=1 if on else 0)).rowcount
        return n == 1

    def is_operator(self, account_id: str) -> bool:
        with self.engine.connect() as conn:
            got = conn.execute(select(accounts_t.c.operator)
                               .where(accounts_t.c.account_id == account_id)).scalar_one_or_none()
        return bool(got)

    def operators(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(accounts_t.c.name).where(accounts_t.c.operator == 1)
                                .order_by(accounts_t.c.name_key)).all()
        return [r[0] for r in rows]

    # -- accounts and their profiles -----------------------------------------------------------
    def accounts_of(self, profile_ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        """The account (id, user name) of each profile that is an account's."""
        if not profile_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(accounts_t.c.profile_id, accounts_t.c.account_id,
                                       accounts_t.c.name)
                                .where(accounts_t.c.profile_id.in_(list(profile_ids)))).all()
        return {r[0]: (r[1], r[2]) for r in rows}

    def account(self, account_id: str) -> tuple[str, str] | None:
        """(user name, profile id) of an account."""
        with self.engine.connect() as conn:
            r = conn.execute(select(accounts_t.c.name, accounts_t.c.profile_id)
                             .where(accounts_t.c.account_id == account_id)).first()
        return None if r is None else (r[0], r[1])

    def profile_names(self, profile_ids: Sequence[str]) -> dict[str, str]:
        if not profile_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(profiles_t.c.profile_id, profiles_t.c.name)
                                .where(profiles_t.c.profile_id.in_(list(profile_ids)))).all()
        return {r[0]: r[1] for r in rows}

    # -- suspensions ---------------------------------------------------------------------------
    def suspend(self, account_id: str, reason: str, until: float | None, by: str | None,
                now: float) -> Suspension | None:
        """Suspend the account; None (nothing changed) if it is suspended already."""
        sid = secrets.token_urlsafe(9)
        with self.engine.begin() as conn:
            # the account's row, changed first: two suspensions at once take turns here
            conn.execute(update(accounts_t).where(accounts_t.c.account_id == account_id)
                         .values(updated=now))
            if conn.execute(select(suspensions_t.c.suspension_id).where(
                    suspensions_t.c.account_id == account_id, _current(now)).limit(1)).first():
                return None
            conn.execute(insert(suspensions_t).values(
                suspension_id=sid, account_id=account_id, reason=reason, by_account=by,
                created=now, until=until, lifted=None))
        return Suspension(sid, account_id, reason, now, until)

    def lift(self, account_id: str, now: float) -> bool:
        """Lift the account's current suspension; False if it has none."""
        with self.engine.begin() as conn:
            n = conn.execute(update(suspensions_t).where(
                suspensions_t.c.account_id == account_id, _current(now))
                .values(lifted=now)).rowcount
        return n > 0

    def suspension(self, account_id: str, now: float) -> Suspension | None:
        """The account's current suspension (None: none)."""
        with self.engine.connect() as conn:
            r = conn.execute(select(suspensions_t.c.suspension_id, suspensions_t.c.account_id,
                                    suspensions_t.c.reason, suspensions_t.c.created,
                                    suspensions_t.c.until)
                             .where(suspensions_t.c.account_id == account_id, _current(now))
                             .order_by(suspensions_t.c.created.desc()).limit(1)).first()
        return None if r is None else Suspension(*r)

    def suspended_profiles(self, profile_ids: Sequence[str], now: float) -> set[str]:
        """Those of ``profile_ids`` whose account is suspended now."""
        if not profile_ids:
            return set()
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(accounts_t.c.profile_id)
                .join(suspensions_t, suspensions_t.c.account_id == accounts_t.c.account_id)
                .where(accounts_t.c.profile_id.in_(list(profile_ids)), _current(now))).all()
        return {r[0] for r in rows}

    def suspensions(self, now: float, limit: int = 100) -> list[tuple[Suspension, str]]:
        """The current suspensions, newest first, with each account's user name."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(suspensions_t.c.suspension_id, suspensions_t.c.account_id,
                       suspensions_t.c.reason, suspensions_t.c.created, suspensions_t.c.until,
                       accounts_t.c.name)
                .join(accounts_t, accounts_t.c.account_id == suspensions_t.c.account_id)
                .where(_current(now)).order_by(suspensions_t.c.created.desc())
                .limit(limit)).all()
        return [(Suspension(*r[:5]), r[5]) for r in rows]

    # -- fair-play waits -----------------------------------------------------------------------
    def wait(self, profile_id: str) -> Wait:
        with self.engine.connect() as conn:
            r = conn.execute(select(fairplay_t.c.offences, fairplay_t.c.clean,
                                    fairplay_t.c.wait_until)
                             .where(fairplay_t.c.profile_id == profile_id)).first()
        return Wait(0, 0, 0.0) if r is None else Wait(int(r[0]), int(r[1]), float(r[2]))

    def put_wait(self, profile_id: str, old: Wait, new: Wait, now: float) -> bool:
        """Store ``new`` if the record is still ``old`` (False: another process changed it
        meanwhile; read it again)."""
        with self.engine.begin() as conn:
            if old == Wait(0, 0, 0.0):
                try:
                    with conn.begin_nested():
                        conn.execute(insert(fairplay_t).values(
                            profile_id=profile_id, offences=new.offences, clean=new.clean,
                            wait_until=new.wait_until, updated=now))
                    return True
                except IntegrityError:
                    pass  # a row was written meanwhile: the update below decides
            n = conn.execute(update(fairplay_t).where(
                fairplay_t.c.profile_id == profile_id, fairplay_t.c.offences == old.offences,
                fairplay_t.c.clean == old.clean, fairplay_t.c.wait_until == old.wait_until)
                .values(offences=new.offences, clean=new.clean, wait_until=new.wait_until,
                        updated=now)).rowcount
        return n == 1

    # -- the clients seats were played from ----------------------------------------------------
    def mark_client(self, game_id: str, seat: int, client_hash: str, now: float) -> None:
        with self.engine.begin() as conn:
            have = conn.execute(select(seat_clients_t.c.seat).where(
                seat_clients_t.c.game_id == game_id, seat_clients_t.c.seat == seat,
                seat_clients_t.c.client_hash == client_hash)).first()
            if have is None:
                try:
                    with conn.begin_nested():
                        conn.execute(insert(seat_clients_t).values(
                            game_id=game_id, seat=seat, client_hash=client_hash, at=now))
                except IntegrityError:
                    pass  # another request of the same seat and client marked it first

    def shared_clients(self, game_id: str) -> list[tuple[int, int]]:
        """The pairs of seats of the game that were played from one client."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_clients_t.c.seat, seat_clients_t.c.client_hash)
                                .where(seat_clients_t.c.game_id == game_id)).all()
        by_client: dict[str, set[int]] = {}
        for seat, digest in rows:
            by_client.setdefault(digest, set()).add(int(seat))
        pairs = {(a, b) for seats in by_client.values() for a in seats for b in seats if a < b}
        return sorted(pairs)

    # -- mutes everywhere ----------------------------------------------------------------------
    def set_mute(self, account_id: str, profile_id: str, on: bool, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(account_mutes_t).where(account_mutes_t.c.account_id == account_id,
                                                       account_mutes_t.c.muted == profile_id))
            if on:
                conn.execute(insert(account_mutes_t).values(account_id=account_id,
                                                            muted=profile_id, created=now))

    def mutes(self, account_id: str) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(account_mutes_t.c.muted)
                                .where(account_mutes_t.c.account_id == account_id)
                                .order_by(account_mutes_t.c.created)).all()
        return [r[0] for r in rows]

    def mutes_of_profiles(self, profile_ids: Sequence[str]) -> dict[str, frozenset[str]]:
        """For each of ``profile_ids`` that is an account's: the profiles it muted everywhere."""
        if not profile_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(accounts_t.c.profile_id, account_mutes_t.c.muted)
                .join(account_mutes_t, account_mutes_t.c.account_id == accounts_t.c.account_id)
                .where(accounts_t.c.profile_id.in_(list(profile_ids)))).all()
        out: dict[str, set[str]] = {}
        for pid, muted in rows:
            out.setdefault(pid, set()).add(muted)
        return {k: frozenset(v) for k, v in out.items()}

    def messages(self, game_id: str, first: int, last: int) -> list[ChatMessage]:
        """The game's chat messages numbered ``first`` to ``last``, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(chat_t.c.seq, chat_t.c.seat, chat_t.c.name, chat_t.c.text,
                       chat_t.c.created)
                .where(chat_t.c.game_id == game_id, chat_t.c.seq >= first, chat_t.c.seq <= last)
                .order_by(chat_t.c.seq)).all()
        return [ChatMessage(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    def count_open(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(reports_t)
                                    .where(reports_t.c.state == "open")).scalar_one())
