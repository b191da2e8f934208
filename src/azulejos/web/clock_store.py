"""Game clocks in the database (:mod:`.clocks`): the clock of each game and its current turn
in the game's row, the seconds each seat used in the seat's row (schema revision 0005).

A turn is written only for the version it belongs to (``WHERE version = :v``), so a turn of a
version the game has already left is never stored; the clock loop of every server process
finds the turns out of time with one indexed query (:meth:`ClockStore.due`) and times each out
naming that version, so that a move stored meanwhile wins and only one process applies it.

The servers' heartbeat (:meth:`ClockStore.beat`, schema revision 0010) is one row for the whole
database: every process writes its last beat there. A process that finds it stale (every
server was down, or stopped) adds the outage to every running turn's deadline, in the same
transaction as a conditional update of the beat (``WHERE beat = :seen``): of several processes
finding the same stale beat, exactly one moves the deadlines.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine, and_, case, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from .clocks import (
    EXPIRY_TURNS,
    MIN_EXPIRY_SECONDS,
    UNTIMED_EXPIRY_SECONDS,
    ClockSpec,
    GameClock,
    Offer,
    Turn,
)
from .tables import games_t, heartbeat_t, seats_t
from .vacation_store import on_vacation_in_game


@dataclass(frozen=True, slots=True)
class Due:
    """A turn out of time: the game, the version it was timed on, the seat."""

    game_id: str
    version: int
    seat: int


class ClockStore:
    """Reads and writes the clock columns (blocking; the service calls it from a thread)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def save(self, game_id: str, version: int, clock: GameClock,
             charged: int | None = None) -> bool:
        """Store ``clock`` (kind, turn, and the time used of seat ``charged``, or of every
        seat when None) for the game at ``version``; False (nothing written) if the game is not
        at that version any more."""
        t = clock.turn
        with self.engine.begin() as conn:
            res = conn.execute(
                update(games_t)
                .where(games_t.c.game_id == game_id, games_t.c.version == version)
                .values(clock_kind=clock.spec.kind, clock_seconds=clock.spec.seconds,
                        clock_bank=clock.spec.bank or None,
                        clock_increment=clock.spec.increment or None,
                        turn_version=None if t is None else t.version,
                        turn_began=None if t is None else t.began,
                        turn_seat=None if t is None else t.seat,
                        turn_deadline=None if t is None else t.deadline,
                        turn_paused=None if t is None else t.paused))
            if res.rowcount != 1:
                return False
            if clock.spec.kind == "game" or clock.spec.bank:  # time used, or bank spent
                for seat, used in enumerate(clock.used):
                    if charged is not None and seat != charged:
                        continue
                    conn.execute(update(seats_t)
                                 .where(seats_t.c.game_id == game_id, seats_t.c.seat == seat)
                                 .values(time_used=used))
        return True

    def load(self, game_id: str, players: int) -> GameClock | None:
        """The game's clock (None: it has none)."""
        with self.engine.connect() as conn:
            g = conn.execute(
                select(games_t.c.clock_kind, games_t.c.clock_seconds, games_t.c.clock_bank,
                       games_t.c.clock_increment, games_t.c.turn_version,
                       games_t.c.turn_began, games_t.c.turn_seat, games_t.c.turn_deadline,
                       games_t.c.turn_paused)
                .where(games_t.c.game_id == game_id)).mappings().first()
            if g is None or not g["clock_kind"] or g["clock_kind"] == "none":
                return None
            used = [0.0] * players
            for r in conn.execute(select(seats_t.c.seat, seats_t.c.time_used)
                                  .where(seats_t.c.game_id == game_id)).all():
                if 0 <= r[0] < players and r[1] is not None:
                    used[r[0]] = float(r[1])
        turn = None
        if g["turn_version"] is not None and g["turn_began"] is not None:
            turn = Turn(g["turn_version"], g["turn_began"], g["turn_seat"], g["turn_deadline"],
                        g["turn_paused"])
        spec = ClockSpec(g["clock_kind"], int(g["clock_seconds"] or 0),
                         int(g["clock_bank"] or 0), int(g["clock_increment"] or 0))
        return GameClock(spec, tuple(used), turn)

    def due(self, now: float, limit: int = 100) -> list[Due]:
        """The games in play whose current turn is out of time at ``now`` (every process's;
        a turn paused by its player's vacation is not)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_t.c.game_id, games_t.c.version, games_t.c.turn_seat)
                .where(and_(games_t.c.turn_deadline <= now, games_t.c.status == "playing",
                            games_t.c.turn_version == games_t.c.version,
                            games_t.c.turn_seat.is_not(None),
                            games_t.c.turn_paused.is_(None),
                            or_(games_t.c.offer_version.is_(None),
                                games_t.c.offer_version != games_t.c.version)))
                .order_by(games_t.c.turn_deadline)
                .limit(limit)).all()
        return [Due(r[0], r[1], r[2]) for r in rows]

    # -- the wait-or-bot offers of overdue turns (docs/api.md, "Wait or bot") ------------------
    def offer(self, game_id: str) -> Offer | None:
        """The game's offer for its current version (None: none)."""
        with self.engine.connect() as conn:
            r = conn.execute(
                select(games_t.c.offer_seat, games_t.c.offer_version, games_t.c.offer_state,
                       games_t.c.offer_until)
                .where(games_t.c.game_id == game_id,
                       games_t.c.offer_version == games_t.c.version)).first()
        if r is None or r[0] is None or r[2] is None:
            return None
        return Offer(int(r[0]), int(r[1]), str(r[2]), None if r[3] is None else float(r[3]))

    def open_offer(self, game_id: str, offer: Offer) -> bool:
        """Store a new offer, if the game is still at its version and has none there yet
        (True: this call made it; of several processes exactly one does)."""
        with self.engine.begin() as conn:
            res = conn.execute(
                update(games_t)
                .where(games_t.c.game_id == game_id, games_t.c.version == offer.version,
                       games_t.c.status == "playing",
                       or_(games_t.c.offer_version.is_(None),
                           games_t.c.offer_version != games_t.c.version))
                .values(offer_seat=offer.seat, offer_version=offer.version,
                        offer_state=offer.state, offer_until=offer.until))
        return res.rowcount == 1

    def wait(self, game_id: str, version: int, seat: int) -> bool:
        """The others wait: the open offer (game at ``version``, ``seat`` overdue) loses its
        default. False if there is no such offer any more."""
        with self.engine.begin() as conn:
            res = conn.execute(
                update(games_t)
                .where(games_t.c.game_id == game_id, games_t.c.version == version,
                       games_t.c.offer_version == version, games_t.c.offer_seat == seat,
                       games_t.c.status == "playing")
                .values(offer_state="wait", offer_until=None))
        return res.rowcount == 1

    def defaulted(self, now: float, limit: int = 100) -> list[Due]:
        """The open offers nobody answered by ``now`` (every process's): the bot takes over."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_t.c.game_id, games_t.c.version, games_t.c.offer_seat)
                .where(and_(games_t.c.offer_until <= now, games_t.c.status == "playing",
                            games_t.c.offer_version == games_t.c.version,
                            games_t.c.offer_state == "open"))
                .order_by(games_t.c.offer_until)
                .limit(limit)).all()
        return [Due(r[0], r[1], r[2]) for r in rows]

    # -- expiry (docs/api.md, "Expiry") -------------------------------------------------------
    def expired(self, game_id: str) -> float | None:
        """When the game expired (None: it did not)."""
        with self.engine.connect() as conn:
            at = conn.execute(select(games_t.c.expired)
                              .where(games_t.c.game_id == game_id)).scalar_one_or_none()
        return None if at is None else float(at)

    def expire(self, now: float, limit: int = 100) -> list[str]:
        """Mark expired the games in play nobody moved in for their clock's expiry
        (:func:`.clocks.expiry_seconds`, computed here in SQL): status ``expired`` (no longer
        in play: its bots stop, the bot cap frees it), ``expired`` the time. Each is written
        only if its last change is still the one read, so a move meanwhile wins. The ids."""
        timed = EXPIRY_TURNS * (games_t.c.clock_seconds + func.coalesce(games_t.c.clock_bank, 0))
        allowed = case(
            (or_(games_t.c.clock_kind.is_(None), games_t.c.clock_kind == "none",
                 games_t.c.clock_seconds.is_(None)), UNTIMED_EXPIRY_SECONDS),
            (timed < MIN_EXPIRY_SECONDS, MIN_EXPIRY_SECONDS),
            (timed > UNTIMED_EXPIRY_SECONDS, UNTIMED_EXPIRY_SECONDS),
            else_=timed)
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_t.c.game_id, games_t.c.updated)
                .where(games_t.c.status == "playing", games_t.c.updated + allowed <= now,
                       ~on_vacation_in_game(now))  # not while a player is on vacation
                .limit(limit)).all()
        done = []
        for gid, updated in rows:
            with self.engine.begin() as conn:
                res = conn.execute(
                    update(games_t)
                    .where(games_t.c.game_id == gid, games_t.c.status == "playing",
                           games_t.c.updated == updated)
                    .values(status="expired", expired=now))
            if res.rowcount == 1:
                done.append(gid)
        return done

    def stranded(self, limit: int = 20) -> list[str]:
        """Clocked games in play whose current turn is not stored for their version (a process
        stopped between storing a move and its turn; or is about to store it): loading one
        times its turn from then."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_t.c.game_id)
                .where(and_(games_t.c.status == "playing", games_t.c.clock_kind.is_not(None),
                            games_t.c.clock_kind != "none",
                            or_(games_t.c.turn_version.is_(None),
                                games_t.c.turn_version != games_t.c.version)))
                .limit(limit)).all()
        return [r[0] for r in rows]

    def beat(self, pid: str, now: float, stale: float) -> float:
        """Write this process's heartbeat at ``now``. If the stored beat is older than
        ``stale`` seconds, the outage (``now`` minus that beat, or minus the turn's start if
        it began after the beat) is added to every running turn's deadline (and its start, so a
        per-game clock charges none of it), to every open wait-or-bot offer and to the last
        change of every game in play (which expiry counts from), exactly once over every
        process. The seconds added (0: none;
        also when no beat was ever written: a new database)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(heartbeat_t.c.beat).where(heartbeat_t.c.id == 1)).first()
        if row is None:
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(heartbeat_t).values(id=1, pid=pid, beat=now))
            except IntegrityError:
                pass  # another process wrote the first beat meanwhile
            return 0.0
        seen = float(row[0])
        gap = now - seen
        with self.engine.begin() as conn:
            res = conn.execute(update(heartbeat_t)
                               .where(heartbeat_t.c.id == 1, heartbeat_t.c.beat == seen)
                               .values(pid=pid, beat=max(now, seen)))
            if res.rowcount != 1 or gap <= stale:
                return 0.0  # fresh, or another process beat (and moved the deadlines) first
            playing = games_t.c.status == "playing"
            # a turn begun after the last beat was running when the servers stopped: it gets
            # back the time since it began (never more than its own time)
            shift = case((games_t.c.turn_began > seen, now - games_t.c.turn_began), else_=gap)
            conn.execute(update(games_t)
                         .where(playing, games_t.c.turn_deadline.is_not(None))
                         .values(turn_deadline=games_t.c.turn_deadline + shift,
                                 turn_began=games_t.c.turn_began + shift,
                                 # a paused turn (vacation) stays paused as long as before
                                 turn_paused=games_t.c.turn_paused + shift))
            conn.execute(update(games_t)
                         .where(playing, games_t.c.offer_until.is_not(None))
                         .values(offer_until=games_t.c.offer_until + gap))
            # expiry counts from a game's last change: the outage is not counted there either
            conn.execute(update(games_t)
                         .where(playing, games_t.c.updated <= seen)
                         .values(updated=games_t.c.updated + gap))
        return gap
