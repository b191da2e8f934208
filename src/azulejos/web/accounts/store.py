"""Where accounts, their sessions and their further seat tokens are kept (the tables
``azulejos_accounts``, ``azulejos_sessions`` and ``azulejos_seat_tokens`` of :mod:`..schema`).

Session secrets and seat tokens are stored only as digests (:func:`..storage.token_digest`).
An account is made in one transaction with its profile, so that ratings and statistics hang on
the profile as for any other player. Every method is blocking; the service calls them from a
worker thread.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..account_tables import accounts_t, links_t, mail_optout_t, seat_tokens_t, sessions_t
from ..tables import games_t, profiles_t, seats_t


@dataclass(frozen=True, slots=True)
class Account:
    account_id: str
    name: str
    password_hash: str
    profile_id: str
    email: str | None
    email_verified: float | None
    settings: str  # JSON
    created: float


_COLUMNS = (accounts_t.c.account_id, accounts_t.c.name, accounts_t.c.password_hash,
            accounts_t.c.profile_id, accounts_t.c.email, accounts_t.c.email_verified,
            accounts_t.c.settings, accounts_t.c.created)


class SqlAccounts:
    """Accounts on the server's SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- accounts ------------------------------------------------------------------------------
    def create(self, account: Account, name_key: str, profile_key_hash: str) -> bool:
        """Make the account and its profile; False (nothing made) if the name is taken."""
        now = account.created
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(profiles_t).values(
                    profile_id=account.profile_id, key_hash=profile_key_hash, name=account.name,
                    name_key=name_key, created=now, updated=now))
                conn.execute(insert(accounts_t).values(
                    account_id=account.account_id, name=account.name, name_key=name_key,
                    password_hash=account.password_hash, profile_id=account.profile_id,
                    email=account.email, email_verified=None, settings=account.settings,
                    created=now, updated=now))
        except IntegrityError:
            with self.engine.connect() as conn:  # the name is another player's (fair play)
                held = conn.execute(select(profiles_t.c.profile_id)
                                    .where(profiles_t.c.name_key == name_key)).first()
            if self.by_name(name_key) is not None or held is not None:
                return False
            raise
        return True

    def by_name(self, name_key: str) -> Account | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(*_COLUMNS).where(accounts_t.c.name_key == name_key)).first()
        return None if r is None else Account(*r)

    def get(self, account_id: str) -> Account | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(*_COLUMNS).where(accounts_t.c.account_id == account_id)
                             ).first()
        return None if r is None else Account(*r)

    def set(self, account_id: str, values: dict[str, object]) -> None:
        """Change some of ``password_hash``, ``settings``, ``email``, ``email_verified``."""
        assert set(values) <= {"password_hash", "settings", "email", "email_verified"}
        with self.engine.begin() as conn:
            conn.execute(update(accounts_t).where(accounts_t.c.account_id == account_id)
                         .values(**values, updated=time.time()))

    def opt_in(self, key: str) -> None:
        """Forget an unsubscribe of ``key`` (the account asked for mail again)."""
        with self.engine.begin() as conn:
            conn.execute(delete(mail_optout_t).where(mail_optout_t.c.key == key))

    # -- sessions ------------------------------------------------------------------------------
    def add_session(self, session_hash: str, account_id: str, now: float, expires: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(sessions_t).values(
                session_hash=session_hash, account_id=account_id, created=now, last_seen=now,
                expires=expires))

    def session(self, session_hash: str, now: float) -> tuple[str, float] | None:
        """The account of a session that has not expired, and when it was last seen."""
        with self.engine.connect() as conn:
            r = conn.execute(select(sessions_t.c.account_id, sessions_t.c.last_seen)
                             .where(sessions_t.c.session_hash == session_hash,
                                    sessions_t.c.expires > now)).first()
        return None if r is None else (r[0], r[1])

    def touch(self, session_hash: str, now: float, expires: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(sessions_t).where(sessions_t.c.session_hash == session_hash)
                         .values(last_seen=now, expires=expires))

    def end_session(self, session_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.session_hash == session_hash))

    def end_sessions(self, account_id: str, keep: str | None = None) -> int:
        """End every session of the account but ``keep``, and revoke the further seat tokens
        its devices were given. How many sessions ended."""
        with self.engine.begin() as conn:
            cond = sessions_t.c.account_id == account_id
            if keep is not None:
                cond = cond & (sessions_t.c.session_hash != keep)
            n = conn.execute(delete(sessions_t).where(cond)).rowcount
            conn.execute(delete(seat_tokens_t).where(seat_tokens_t.c.account_id == account_id))
        return int(n)

    def forget_expired(self, now: float) -> int:
        with self.engine.begin() as conn:
            return int(conn.execute(delete(sessions_t).where(sessions_t.c.expires <= now)).rowcount)

    # -- seats ---------------------------------------------------------------------------------
    def seats_of(self, profile_id: str, limit: int = 50) -> list[tuple[str, int]]:
        """(game, seat) of the seats claimed from an invitation by the profile, the games
        most recently changed first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats_t.c.game_id, seats_t.c.seat)
                .join(games_t, games_t.c.game_id == seats_t.c.game_id)
                .where(seats_t.c.profile_id == profile_id, seats_t.c.kind == "person",
                       seats_t.c.token_hash.is_not(None))
                .order_by(games_t.c.updated.desc(), seats_t.c.game_id, seats_t.c.seat)
                .limit(limit)).all()
        return [(r[0], r[1]) for r in rows]

    def add_seat_token(self, token_hash: str, game_id: str, seat: int, account_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(seat_tokens_t).values(
                token_hash=token_hash, game_id=game_id, seat=seat, account_id=account_id,
                created=time.time()))

    def adopt(self, game_id: str, seat: int, profile_id: str) -> str | None:
        """Put ``profile_id`` on a claimed person seat that has no profile yet. None if done
        (or it was there already); else the public id of the other profile that holds it."""
        with self.engine.begin() as conn:
            conn.execute(update(seats_t)
                         .where(seats_t.c.game_id == game_id, seats_t.c.seat == seat,
                                seats_t.c.kind == "person", seats_t.c.profile_id.is_(None))
                         .values(profile_id=profile_id))
            holder = conn.execute(select(seats_t.c.profile_id).where(
                seats_t.c.game_id == game_id, seats_t.c.seat == seat)).scalar_one_or_none()
        return None if holder == profile_id else str(holder)

    # -- links sent by e-mail ------------------------------------------------------------------
    def add_link(self, link_hash: str, account_id: str, purpose: str, email: str, now: float,
                 expires: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(links_t).values(
                link_hash=link_hash, account_id=account_id, purpose=purpose, email=email,
                created=now, expires=expires, used=None))

    def last_link(self, account_id: str, purpose: str) -> float | None:
        """When the account's latest link of ``purpose`` was made (None: never)."""
        with self.engine.connect() as conn:
            got = conn.execute(select(links_t.c.created).where(
                links_t.c.account_id == account_id, links_t.c.purpose == purpose)
                .order_by(links_t.c.created.desc()).limit(1)).scalar_one_or_none()
        return None if got is None else float(got)

    def use_link(self, link_hash: str, purpose: str, now: float) -> tuple[str, str, str]:
        """Use a link once: (``"ok"``, ``"unknown"``, ``"used"`` or ``"expired"``, its
        account, its address). One conditional UPDATE: of two uses at once, one wins."""
        with self.engine.begin() as conn:
            r = conn.execute(select(links_t.c.account_id, links_t.c.email, links_t.c.used,
                                    links_t.c.expires)
                             .where(links_t.c.link_hash == link_hash,
                                    links_t.c.purpose == purpose)).first()
            if r is None:
                return "unknown", "", ""
            if r[2] is not None:
                return "used", r[0], r[1]
            if r[3] <= now:
                return "expired", r[0], r[1]
            done = conn.execute(update(links_t).where(links_t.c.link_hash == link_hash,
                                                      links_t.c.used.is_(None))
                                .values(used=now)).rowcount
        return ("ok" if done == 1 else "used"), r[0], r[1]

    def drop_links(self, account_id: str) -> int:
        """Forget the account's links not used yet (its address changed): they open nothing
        any more (``bad_link``). How many."""
        with self.engine.begin() as conn:
            return int(conn.execute(delete(links_t).where(links_t.c.account_id == account_id,
                                                          links_t.c.used.is_(None))).rowcount)

    def link_account(self, link_hash: str, purpose: str) -> str | None:
        """The account of a link (used or not; None: no such link)."""
        with self.engine.connect() as conn:
            got = conn.execute(select(links_t.c.account_id).where(
                links_t.c.link_hash == link_hash, links_t.c.purpose == purpose)
            ).scalar_one_or_none()
        return None if got is None else str(got)
