"""Who is told what by mail, and when: "your turn", "game over" and the daily digest.

The game service calls :meth:`Notifier.changed` after each change it stored (a move, a fill, a
leave: its commit hooks), on the event loop. That takes a small snapshot of the game and hands
the rest to a database thread, so a move is answered before any mail work:

* the turn passed to a person seat whose owner wants mail (:class:`Recipients`): a "your turn"
  mail, at most one per game and seat until that seat moves (a row of
  ``azulejos_mail_turns``), never to the player who just moved; an owner who chose the digest
  gets no mail now but the game is listed in their next digest;
* the game ended: a "game over" mail to each person seat's owner who wants mail (once);
* nothing for hot-seat games (everyone is at one device), bot seats, or seats whose player
  left; nothing for a recipient who unsubscribed.

Only the process that stored a change is told of it, so over several processes each mail is
queued once.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from azulejos.core.results import result

from ..account_tables import mail_optout_t, mail_state_t, mail_turns_t

if TYPE_CHECKING:
    from ..live import Live
    from .mailer import Mailer

log = logging.getLogger("azulejos.web.mail")


@dataclass(frozen=True, slots=True)
class Recipient:
    """Whom a seat's mails go to: a verified ``address``, the ``lang`` of their mails, their
    ``name``, the ``key`` their unsubscribe link stands for (stable and unique per person, e.g.
    an account id), and ``digest``: one mail a day for every game waiting for them instead of a
    mail at each turn; ``turns`` and ``over``: they want "your turn" (or the digest) and
    "game over" mails."""

    address: str
    lang: str
    name: str
    key: str
    digest: bool = False
    turns: bool = True
    over: bool = True


class Recipients(Protocol):
    """Who wants mail (the accounts implement it)."""

    def address_of(self, game_id: str, seat: int) -> Recipient | None:
        """The recipient of seat ``seat``'s notifications, or None (nobody to tell: no account,
        no verified address, or notifications off). Called in a database thread."""
        ...


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What the mails need of a game at one change (taken on the event loop)."""

    game_id: str
    names: tuple[str, ...]
    people: frozenset[int]  # person seats whose player has not left
    to_move: int | None
    mover: int | None  # the seat that made the last move or left
    over: bool
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()

    @classmethod
    def of(cls, live: Live) -> Snapshot | None:
        """None for a game whose mails never go (hot-seat: every person seat plays from the
        one token, without an invitation)."""
        if any(s.kind == "person" and s.token_hash is None and s.invite_hash is None
               for s in live.seats):
            return None
        mover = next((e.seat for e in reversed(live.log) if e.kind in ("move", "leave")), None)
        over = live.state.is_over
        scores: tuple[int, ...] = ()
        winners: tuple[int, ...] = ()
        if over:
            r = result(live.state)
            scores, winners = r.scores, r.winners
        to_move = None if over else live.host.to_move
        return cls(live.game_id, tuple(s.name for s in live.seats),
                   frozenset(live.person_seats()), to_move, mover, over, scores, winners)

    def opponents(self, seat: int) -> list[str]:
        return [n for i, n in enumerate(self.names) if i != seat]


class Notifier:
    def __init__(self, mailer: Mailer, executor: Executor | None) -> None:
        self.mailer = mailer
        self.executor = executor
        self._pending: set[Future[None]] = set()

    # -- from the game service -----------------------------------------------------------------
    def changed(self, live: Live) -> None:
        """A change of ``live`` was stored here (on the event loop; returns at once)."""
        if self.mailer.recipients is None or not self.mailer.enabled:
            return
        snap = Snapshot.of(live)
        if snap is None:
            return
        if self.executor is None:
            self.handle(snap)
            return
        fut = self.executor.submit(self._guarded, snap)
        self._pending.add(fut)
        fut.add_done_callback(self._pending.discard)

    def _guarded(self, snap: Snapshot) -> None:
        try:
            self.handle(snap)
        except Exception:
            log.exception("game %s: its mails could not be queued", snap.game_id)

    def settle(self, timeout: float = 10.0) -> None:
        """Wait for the changes handed over so far (tests, and stopping)."""
        for fut in list(self._pending):
            fut.result(timeout)

    # -- in a database thread ------------------------------------------------------------------
    def recipient(self, gid: str, seat: int) -> Recipient | None:
        recipients = self.mailer.recipients
        r = None if recipients is None else recipients.address_of(gid, seat)
        if r is None or self.mailer.opted_out(r.key):
            return None
        return r

    def handle(self, snap: Snapshot) -> None:
        gid = snap.game_id
        engine = self.mailer.engine
        assert engine is not None
        t = mail_turns_t
        if snap.over:
            with engine.begin() as conn:
                conn.execute(delete(t).where(t.c.game_id == gid))
            for seat in sorted(snap.people):
                self._game_over(snap, seat)
            return
        with engine.connect() as conn:  # a read first: most moves have nothing to clear
            told = set(conn.execute(select(t.c.seat).where(t.c.game_id == gid)).scalars())
        # the seats whose turn ended, and the one who just moved
        done = {s for s in told if s != snap.to_move or s == snap.mover}
        if done:
            with engine.begin() as conn:
                conn.execute(delete(t).where(t.c.game_id == gid, t.c.seat.in_(sorted(done))))
        nxt = snap.to_move
        if nxt is None or nxt not in snap.people or nxt == snap.mover:
            return
        self._your_turn(snap, nxt)

    def _your_turn(self, snap: Snapshot, seat: int) -> None:
        gid = snap.game_id
        engine = self.mailer.engine
        assert engine is not None
        t = mail_turns_t
        r = self.recipient(gid, seat)
        if r is None or not (r.turns or r.digest):
            return
        opponents = snap.opponents(seat)
        lang = self.mailer.language(r.lang)
        row: dict[str, Any] = {
            "game_id": gid, "seat": seat, "key": r.key, "address": r.address, "lang": lang,
            "name": r.name, "digest": int(r.digest),
            "opponents": json.dumps(opponents, ensure_ascii=False), "since": self.mailer.now()}
        try:
            with engine.begin() as conn:
                conn.execute(insert(t).values(**row))
                if not r.digest:
                    self.mailer.queue(conn, r.address, "your_turn", r.lang, {
                        "name": r.name, "opponents": opponents,
                        "link": self.mailer.links.game(gid),
                        "unsubscribe": self.mailer.links.unsubscribe(r.key, lang)})
        except IntegrityError:
            return  # told already, and the seat has not moved since
        if not r.digest:
            self.mailer.wake()

    def _game_over(self, snap: Snapshot, seat: int) -> None:
        r = self.recipient(snap.game_id, seat)
        if r is None or not r.over:
            return
        best = max(snap.scores) if snap.scores else 0
        if seat in snap.winners:
            outcome = "won" if len(snap.winners) == 1 else "shared"
        else:
            outcome = "lost"
        lang = self.mailer.language(r.lang)
        self.mailer.enqueue(r.address, "game_over", lang, {
            "name": r.name, "opponents": snap.opponents(seat),
            "link": self.mailer.links.replay(snap.game_id), "outcome": outcome,
            "score": snap.scores[seat] if snap.scores else 0,
            "winners": [snap.names[w] for w in snap.winners], "winner_score": best,
            "unsubscribe": self.mailer.links.unsubscribe(r.key, lang)},
            dedupe=f"over:{snap.game_id}:{seat}")

    # -- the daily digest ----------------------------------------------------------------------
    def digest_day(self, now: float) -> str:
        """The digest day of ``now``: a day begins at the digest hour (UTC)."""
        shifted = now - self.mailer.settings_digest_hour() * 3600
        return datetime.fromtimestamp(shifted, UTC).strftime("%Y-%m-%d")

    def digest_once(self, now: float | None = None) -> int:
        """Send today's digest if no process has yet (a conditional update claims the day);
        returns the number of digests queued."""
        engine = self.mailer.engine
        assert engine is not None
        day = self.digest_day(time.time() if now is None else now)
        s = mail_state_t
        try:
            with engine.begin() as conn:
                conn.execute(insert(s).values(name="digest_day", value=""))
        except IntegrityError:
            pass
        with engine.begin() as conn:
            claimed = conn.execute(update(s).where(s.c.name == "digest_day", s.c.value < day)
                                   .values(value=day)).rowcount
        if claimed != 1:
            return 0
        t = mail_turns_t
        with engine.connect() as conn:
            rows = conn.execute(select(t).where(t.c.digest == 1)
                                .order_by(t.c.key, t.c.since)).all()
            out = set(conn.execute(select(mail_optout_t.c.key)).scalars())
        by_key: dict[str, list[Any]] = {}
        for r in rows:
            if r.key not in out:
                by_key.setdefault(r.key, []).append(r)
        sent = 0
        for key, games in by_key.items():
            last = games[-1]
            address, lang, name = last.address, last.lang, last.name
            if self.mailer.recipients is not None:
                # the address as it is now (it may have changed since the turn began), and
                # only if they still want the digest at a verified address
                now_r = self.recipient(last.game_id, last.seat)
                if now_r is None or not now_r.digest or now_r.key != key:
                    continue
                address, lang, name = now_r.address, now_r.lang, now_r.name
            sent += 1
            self.mailer.enqueue(address, "digest", lang, {
                "name": name,
                "games": [{"opponents": json.loads(g.opponents),
                           "link": self.mailer.links.game(g.game_id)} for g in games],
                "unsubscribe": self.mailer.links.unsubscribe(key, lang)},
                dedupe=f"digest:{day}:{hashlib.sha256(key.encode()).hexdigest()[:40]}")
        return sent


#: How the service hands each stored change over (its commit hooks).
CommitHook = Callable[["Live"], None]
