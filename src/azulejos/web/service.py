"""The authoritative game service: the web transport over the play layer's game session.

Each game is a :class:`azulejos.play.Session` (wrapped in a :class:`Live` with the web's seats
and tokens). The session decides everything about a move: checked on a fork (version, seat,
legality), the next fill dealt there if the round ended, the new events written through the
store in one transaction that fails if the game moved on meanwhile, and only then the fork
becomes the game and the subscribers (here: the websockets) are told. This module adds what is
the web's own: tokens, the per-game asyncio lock, the store call in a worker thread, the bot
loop in an executor, and what keeps server processes on one database in step: the bus
(:mod:`.bus`: PostgreSQL LISTEN/NOTIFY; a notice makes the others catch the game up and show
it), presence over every process (:mod:`.presence`), and a polling loop as the fallback.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar

from azulejos.agents import Budget, agent_names
from azulejos.core import IllegalMoveError, InvalidMoveError
from azulejos.notation import dumps, record_of
from azulejos.play import Pending, Seat, Seeding, Session, SessionError
from azulejos.play.seats import number_bots

from .bus import Bus, LocalBus, Notice, PgBus, bus_for
from .clock_store import ClockStore, Due
from .clocks import ClockSpec, GameClock, clock_json
from .limits import Limits
from .live import Live, seat_of
from .presence import HEARTBEAT, Presence
from .profile_store import Profile, SqlProfiles
from .profiles import ProfileService
from .protocol import MAX_TOKEN, CreateRequest, GameError, clean_name
from .scheduler import BotScheduler
from .storage import (
    GameStore,
    SeatSpec,
    SqlStore,
    StoredGame,
    TokenGrant,
    token_digest,
)
from .views import MAX_PREVIEWS, Access, build_view, previews_json, summary_json

log = logging.getLogger("azulejos.web")
T = TypeVar("T")

#: Bot levels in the order a lobby offers them (those the agent registry knows).
PREFERRED_LEVELS = ("easy", "medium", "hard", "expert", "random")


def bot_levels() -> list[str]:
    known = set(agent_names())
    ordered = [lv for lv in PREFERRED_LEVELS if lv in known]
    return ordered + sorted(known - set(ordered))


class Subscriber(Protocol):
    """A connected viewer (a websocket): it is sent each new view, whose legal moves carry
    their previews unless it takes them on demand (the hello's ``"previews"``, docs/api.md)."""

    access: Access
    previews_on_demand: bool

    def send_view(self, view: dict[str, Any]) -> None: ...


#: While the bus reaches the other processes, the database is polled this many times less often
#: (a safety net only).
SHARED_POLL_FACTOR = 10


def default_person_name(seat: int) -> str:
    """The name of a person seat left unnamed (stored in English, shown translated)."""
    return f"Player {seat + 1}"


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_seed() -> int:
    """A game's secret seed (kept server-side, never sent)."""
    return secrets.randbits(128)


#: Finished games that nobody watches kept in memory (the oldest leave first).
FINISHED_KEPT = 100

#: HTTP status of each refusal of the session.
STATUS = {"stale": 409, "game_over": 409, "busy": 409, "not_your_turn": 403, "not_a_bot": 409,
          "not_your_seat": 403, "not_a_person": 409, "already_left": 409}


def refusal(e: SessionError) -> GameError:
    return GameError(e.code, e.message, STATUS.get(e.code, 400), dict(e.details))


class GameService:
    def __init__(
        self,
        store: GameStore,
        *,
        bot_seconds: float = 1.0,
        bot_delay: float = 0.0,
        bot_workers: int = 2,
        sync_interval: float = 1.0,
        cache_size: int = 2000,
        seeds: Callable[[], int] = new_seed,
        limits: Limits | None = None,
        turn_seconds: float = 0.0,
        bus: Bus | None = None,
        now: Callable[[], float] = time.time,
        clock_interval: float = 1.0,
    ) -> None:
        self.store = store
        #: How the server processes on this database tell each other what changed
        #: (PostgreSQL: LISTEN/NOTIFY; otherwise local, and other writers are polled for).
        self.bus: Bus = bus if bus is not None else (
            bus_for(store.url) if isinstance(store, SqlStore) else LocalBus())
        #: A stored change's ``move`` notice goes out in the change's own write where the
        #: database can (PostgreSQL: the write's statement NOTIFYs, so no second round trip,
        #: and a process that hears it can read the change); else the bus publishes it.
        self._moves_in_writes = (isinstance(self.bus, PgBus) and isinstance(store, SqlStore)
                                 and store.notify_on_append(self.bus.channel,
                                                            self.bus.move_payload))
        self.presence = Presence()
        self._notice_tasks: set[asyncio.Task[None]] = set()
        self._presence_task: asyncio.Task[None] | None = None
        self.limits = limits or Limits()
        # -- clocks (web/clocks.py) --
        #: The clock of a game created without one: this many seconds per move (0: none).
        self.turn_seconds = turn_seconds
        #: The wall-clock time source of the clocks (tests pass a simulated one).
        self.now = now
        #: How often the clock loop looks for turns out of time (0: never; call check_clocks).
        self.clock_interval = clock_interval
        self.clock_store = ClockStore(store.engine) if isinstance(store, SqlStore) else None
        self._clocks: dict[str, GameClock] = {}  # the clocked games held here
        self._clock_task: asyncio.Task[None] | None = None
        self.seeds = seeds
        self.bot_seconds = bot_seconds
        self.bot_delay = bot_delay
        self.sync_interval = sync_interval
        self.cache_size = cache_size
        # SQLite takes one writer at a time. With several threads, this process's writers met
        # inside SQLite's busy handler, which sleeps up to 100 ms a try: under load some moves
        # waited seconds (docs/performance.md, "Third pass"). One thread takes them in turn.
        one_writer = isinstance(store, SqlStore) and store.backend == "sqlite"
        self._db_pool = ThreadPoolExecutor(1 if one_writer else 8, thread_name_prefix="azulejos-db")
        self.bots = BotScheduler(bot_workers)
        self._games: OrderedDict[str, Live] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}
        self._subs: dict[str, set[Subscriber]] = {}
        self._bots: dict[str, asyncio.Task[None]] = {}
        #: Games whose bot loop here gives way: another process stored a newer change, so
        #: it plays the bots (whoever stored the latest change runs them).
        self._yielded: set[str] = set()
        self._grants: OrderedDict[str, TokenGrant] = OrderedDict()
        self._sync_task: asyncio.Task[None] | None = None
        self._stalled: dict[str, int] = {}
        self.moves_accepted = 0
        #: Player profiles, their statistics and ratings (:mod:`.profiles`).
        self.profiles = ProfileService(
            SqlProfiles(store.engine) if isinstance(store, SqlStore) else None, self._db)

    # -- life cycle ----------------------------------------------------------------------------
    async def start(self, resume_bots: bool = True) -> None:
        """Resume the bots of unfinished games (after a restart), start listening to the
        other processes and the sync loop."""
        await self.bus.start(self._notice)
        self._presence_task = asyncio.create_task(self._presence_loop())
        if resume_bots:
            for gid in await self._db(self.store.playing):
                try:
                    live = await self.get(gid)
                except GameError:
                    continue
                self._kick_bots(live)
            await self.profiles.write_missed(self.get)  # ends a stop cut short
        if self.sync_interval > 0:
            self._sync_task = asyncio.create_task(self._sync_loop())
        if self.clock_interval > 0:
            self._clock_task = asyncio.create_task(self._clock_loop())

    async def stop(self) -> None:
        for gid in list(self._subs):
            if self.presence.here(gid):
                self.bus.publish("presence", gid)  # none online here any more
        self.bus.publish("bye", "")
        await self.bus.stop()
        tasks = list(self._bots.values()) + list(self._notice_tasks)
        if self._presence_task:
            tasks.append(self._presence_task)
        if self._sync_task:
            tasks.append(self._sync_task)
        if self._clock_task:
            tasks.append(self._clock_task)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.profiles.settle()
        self._db_pool.shutdown(wait=True)
        self.bots.shutdown()

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db_pool, fn, *args)

    def _lock(self, game_id: str) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # -- games ---------------------------------------------------------------------------------
    async def create(self, req: CreateRequest, profile: Any = None,
                     rated: Any = None) -> dict[str, Any]:
        """A new game, dealt for round 1 (R9). Returns the invitation secret of each person
        seat (claimed once, by :meth:`claim`), the spectator token, the hot-seat token (a
        hot-seat game has no invitations: its token plays every person seat) and the
        creator's key (``host_token``: may invite again). Shown once, stored as digests.
        ``profile``: the creator's profile key (a hot-seat game puts it on its first person
        seat; otherwise it is checked, and the creator's claim puts it on a seat);
        ``rated``: ask for a rated game (:mod:`.profiles`)."""
        owner, wants_rated = await self._profile_of_new_game(req, profile, rated)
        profile_id = None if owner is None else owner.profile_id
        if req.all_bots and self.limits.bot_games > 0:
            running = await self._db(self.store.bot_games)
            if running >= self.limits.bot_games:
                raise GameError(
                    "too_many_bot_games",
                    f"{running} games of bots only are being played here: try again later", 429,
                    {"retry_after": 60})
        game_id = secrets.token_urlsafe(8)
        now = time.time()
        seats: list[SeatSpec] = []
        invites: dict[int, str] = {}
        # two bots of one level: "easy bot", "easy bot 2" (told apart in the log)
        names = [seat.name for seat in number_bots([
            Seat(s.name or (f"{s.level} bot" if s.kind == "bot" else default_person_name(i)),
                 s.level if s.kind == "bot" else None)
            for i, s in enumerate(req.seats)])]
        for i, s in enumerate(req.seats):
            name = names[i]
            if s.kind == "bot":
                seats.append(SeatSpec(i, "bot", name, s.level))
            elif req.hotseat:
                if owner is not None and profile_id is not None and not s.name:
                    name = owner.name  # an unnamed seat takes its profile's name
                seats.append(SeatSpec(i, "person", name, claimed=now, profile_id=profile_id))
                profile_id = None  # the creator's profile: the first person seat
            else:
                invites[i] = new_token()
                seats.append(SeatSpec(i, "person", name, invite_hash=token_digest(invites[i])))
        spectator = new_token()
        host = new_token()
        hotseat = new_token() if req.hotseat else None
        session = Session.new([seat_of(s) for s in seats], req.ruleset, Seeding(self.seeds()),
                              req.start_player, game_id=game_id,
                              bot_budget=Budget(seconds=self.bot_seconds))
        stored = StoredGame(
            game_id=game_id,
            players=req.players,
            variant=req.variant,
            start_player=req.start_player,
            created=now,
            version=session.version,
            status=session.status,
            rng_state=session.fills.secret(),
            spectator_hash=token_digest(spectator),
            hotseat_hash=token_digest(hotseat) if hotseat else None,
            seats=seats,
            events=list(session.events),
            host_hash=token_digest(host),
            stand_in=req.stand_in,
            modules=req.ruleset.modules,
            rated=wants_rated,
        )
        await self._db(self.store.create, stored)
        session.store = self.store  # the first events went in with the game; moves follow
        live = Live(game_id, req.players, req.variant, req.start_player, stored.created,
                    list(seats), session, req.stand_in, wants_rated)
        await self._clock_created(live, req.clock)
        self._remember(live)
        self._kick_bots(live)
        return {
            "game": game_id,
            "seats": [
                {"seat": s.seat, "name": s.name, "kind": s.kind, "level": s.level,
                 "invite": invites.get(s.seat)}
                for s in seats
            ],
            "spectator_token": spectator,
            "hotseat_token": hotseat,
            "host_token": host,
            "stand_in": req.stand_in,
            "clock": self._clock_view(live),
            "rated": wants_rated,
        }

    async def _profile_of_new_game(self, req: CreateRequest, profile: Any,
                                   rated: Any) -> tuple[Profile | None, bool]:
        """The creator's profile (None: anonymous) and whether the game is to be rated:
        by default when every seat is a person's and it is not hot-seat. A bad key (401) or
        a rated game with a bot or on one device is refused before anything is made."""
        if rated is not None and not isinstance(rated, bool):
            raise GameError("malformed", "'rated' must be true or false", 400)
        possible = not req.hotseat and all(s.kind == "person" for s in req.seats)
        if rated and not possible:
            raise GameError("malformed", "a rated game is played by people only, each on "
                            "their own device (no bot seats, not hot-seat)", 400)
        owner = await self.profiles.optional_profile(profile)
        return owner, possible if rated is None else rated

    def _remember(self, live: Live) -> None:
        live.session.subscribe(lambda _update: self._committed(live))
        self._games[live.game_id] = live
        self._games.move_to_end(live.game_id)
        # Finished games nobody watches leave first, beyond a few: the games held here are
        # most of what the garbage collector walks, so fewer make its pauses shorter.
        finished = [gid for gid, g in self._games.items()
                    if g.session.is_over and self._unused(gid)]
        for gid in finished[:max(0, len(finished) - FINISHED_KEPT)]:
            self._forget(gid)
        while len(self._games) > self.cache_size:
            unused = next((gid for gid in self._games if self._unused(gid)), None)
            if unused is None:
                break
            self._forget(unused)

    @property
    def held(self) -> list[str]:
        """The games held in memory, least recently used first."""
        return list(self._games)

    def _unused(self, gid: str) -> bool:
        """Nobody watches the game here, no bot plays in it and no change to it is under way."""
        lock = self._locks.get(gid)
        return not self._subs.get(gid) and gid not in self._bots and not (lock and lock.locked())

    def _forget(self, gid: str) -> None:
        """Drop a game held in memory (it is loaded again from the database when asked for)."""
        del self._games[gid]
        self._locks.pop(gid, None)
        self._clocks.pop(gid, None)

    async def get(self, game_id: str) -> Live:
        live = self._games.get(game_id)
        if live is not None:
            self._games.move_to_end(game_id)
            return live
        return await self._load(game_id)

    async def _fresh(self, game_id: str) -> Live:
        """The game, reloaded first if another server process stored a move that this one
        has not seen: games watched here by websocket are kept fresh by the bus (or the sync
        loop), games
        read only over HTTP are checked against the stored version (one small query)."""
        live = self._games.get(game_id)
        if live is not None and not self._subs.get(game_id):
            stored = await self._db(self.store.versions, [game_id])
            if stored.get(game_id, live.version) != live.version:
                self._games.pop(game_id, None)
        return await self.get(game_id)

    async def _load(self, game_id: str) -> Live:
        stored = await self._db(self.store.load, game_id)
        if stored is None:
            raise GameError("unknown_game", "there is no such game", 404)
        try:
            live = Live.from_stored(stored, self.store, Budget(seconds=self.bot_seconds))
        except (ValueError, TypeError, KeyError, IndexError) as e:
            # A stored game this server cannot replay (a row damaged, or written by hand): it
            # is refused, never half-loaded, and the other games go on (start-up included).
            log.error("game %s cannot be replayed from the database: %s", game_id, e)
            raise GameError("damaged_game", "this game's stored record cannot be replayed",
                            500) from None
        await self._load_clock(live)
        self._remember(live)
        return live

    # -- tokens --------------------------------------------------------------------------------
    async def access(self, token: Any, game_id: str | None = None) -> Access:
        """What ``token`` opens (optionally: must be of ``game_id``). ``bad_token`` if nothing."""
        if not isinstance(token, str) or not token or len(token) > MAX_TOKEN:
            raise GameError("bad_token", "a valid game token is needed", 403)
        key = token_digest(token)
        grant = self._grants.get(key)
        if grant is None:
            grant = await self._db(self.store.grant, token)
            if grant is None:
                raise GameError("bad_token", "this token does not open any game", 403)
            self._grants[key] = grant
            while len(self._grants) > 10000:
                self._grants.popitem(last=False)
        if game_id is not None and grant.game_id != game_id:
            raise GameError("bad_token", "this token does not open this game", 403)
        if grant.role == "seat":
            assert grant.seat is not None
            live = await self.get(grant.game_id)
            if grant.seat in live.left_seats():
                return Access(grant.game_id, "seat", frozenset(), frozenset({grant.seat}))
            return Access(grant.game_id, "seat", frozenset({grant.seat}))
        if grant.role == "hotseat":
            live = await self.get(grant.game_id)
            return Access(grant.game_id, "hotseat", frozenset(live.person_seats()),
                          frozenset(live.left_seats()))
        return Access(grant.game_id, grant.role, frozenset())

    # -- reading -------------------------------------------------------------------------------
    async def view(self, access: Access, with_previews: bool = True) -> dict[str, Any]:
        """The view for ``access``; ``with_previews`` false: its legal moves without their
        previews (docs/api.md, "Previews on demand")."""
        live = await self._fresh(access.game_id)
        view = build_view(live, access, self.presence.online(access.game_id), with_previews)
        view["clock"] = self._clock_view(live)
        return view

    async def record(self, access: Access) -> str:
        """The game as an ``azulejos-record/1`` JSON text (docs/notation.md)."""
        live = await self._fresh(access.game_id)
        created = datetime.fromtimestamp(live.created, UTC).isoformat(timespec="seconds")
        left = live.session.left
        rec = record_of(
            live.state,
            names=[s.name for s in live.seats],
            bots={str(s.seat): s.level for s in live.seats if s.kind == "bot"},
            seats=[
                {"name": s.name, "bot": s.level if s.kind == "bot" else None,
                 **({"left": left[s.seat].to_json()} if s.seat in left else {})}
                for s in live.seats
            ],
            game=live.game_id,
            date=created,
            generator="azulejos serve",
        )
        return dumps(rec)

    async def summaries(self, tokens: list[Any]) -> list[dict[str, Any] | None]:
        out: list[dict[str, Any] | None] = []
        for t in tokens:
            try:
                acc = await self.access(t)
                live = await self._fresh(acc.game_id)
            except GameError:
                out.append(None)
                continue
            line = summary_json(live, acc)
            line["clock"] = self._clock_view(live)
            out.append(line)
        return out

    # -- playing -------------------------------------------------------------------------------
    async def play(self, access: Access, version: Any, move: Any) -> int:
        """Play ``move`` (text) for the seat to move, if ``access`` controls it and the game is
        at ``version``. Returns the new version. :class:`GameError` otherwise, nothing changed."""
        if type(version) is not int:
            raise GameError("malformed", "'version' must be the whole number of the view", 400)
        if not isinstance(move, str) or len(move) > 10:
            raise GameError("malformed", "'move' must be move text such as 3B2, CRF or 2@4", 400)
        return await self._apply(access, version, move)

    async def previews(self, access: Access, version: Any, moves: Any) -> dict[str, Any]:
        """The previews of the legal moves ``moves`` (texts) at ``version``, for the seat to
        move (docs/api.md, "Previews on demand"): ``{"version", "previews": {text: preview}}``.
        Refused as a move would be (``stale``, ``spectator``, ``not_your_turn``, ``game_over``,
        ``bad_move``, ``illegal``), or ``malformed``; nothing changes, only those asked for are
        computed."""
        if type(version) is not int:
            raise GameError("malformed", "'version' must be the whole number of the view", 400)
        if (not isinstance(moves, list) or len(moves) > MAX_PREVIEWS
                or not all(isinstance(m, str) and len(m) <= 10 for m in moves)):
            raise GameError("malformed", "'moves' must be a list of at most "
                            f"{MAX_PREVIEWS} move texts such as 3B2, CRF or 2@4", 400)
        gid = access.game_id
        live = await self.get(gid)
        if version > live.version:
            # Another server process may have moved the game on: reload before refusing.
            async with self._lock(gid):
                live = await self.get(gid)
                if version > live.version:
                    self._games.pop(gid, None)
                    live = await self.get(gid)
        by = access.seats if access.role == "bot" else access.seats - live.left_seats()
        try:
            live.session.check_turn(version, by)
        except SessionError as e:
            if e.code == "not_your_turn" and access.role in ("spectator", "host"):
                raise GameError("spectator", "spectators cannot move", 403) from None
            raise refusal(e) from None
        if len(moves) > len(live.state.legal_actions()):
            raise GameError("malformed", "'moves' asks for more previews than there are legal "
                            "moves", 400)
        try:
            got = previews_json(live, moves)
        except InvalidMoveError as e:
            raise GameError("bad_move", str(e), 400) from None
        except IllegalMoveError as e:
            raise GameError("illegal", str(e), 422, {"rule": e.rule}) from None
        return {"version": live.version, "previews": got}

    async def _apply(self, access: Access, version: int, text: str) -> int:
        gid = access.game_id
        async with self._lock(gid):
            live = await self.get(gid)
            if version > live.version:
                # Another server process may have moved the game on: reload before refusing.
                self._games.pop(gid, None)
                live = await self.get(gid)
            session = live.session
            # A connection opened before its player left holds the seat no more.
            by = access.seats if access.role == "bot" else access.seats - live.left_seats()
            self._check_time(gid, version, by)
            try:
                pending = session.prepare(text, version=version, by=by)
            except SessionError as e:
                if e.code == "not_your_turn" and access.role in ("spectator", "host"):
                    raise GameError("spectator", "spectators cannot move", 403) from None
                raise refusal(e) from None
            except InvalidMoveError as e:
                raise GameError("bad_move", str(e), 400) from None
            except IllegalMoveError as e:
                raise GameError("illegal", str(e), 422, {"rule": e.rule}) from None
            try:
                await self._db(session.persist, pending)
            except SessionError as e:  # another process moved it on: reload next time
                self._games.pop(gid, None)
                fresh = await self.get(gid)
                self._broadcast(fresh)
                raise GameError(
                    "stale", "the game moved on meanwhile: reload the view", 409,
                    {"version": fresh.version},
                ) from e
            await self._clock_moved(live, pending)
            session.commit(pending)  # the subscribers (websockets) are told
            self.moves_accepted += 1
        self._kick_bots(live)
        return live.version

    async def rename(self, access: Access, name: Any, seat: Any = None) -> None:
        if not isinstance(name, str) or len(name) > 200:
            raise GameError("malformed", "'name' must be text", 400)
        name = clean_name(name)
        if not name:
            raise GameError("malformed", "the name is empty", 400)
        if seat is None and len(access.seats) == 1:
            seat = next(iter(access.seats))
        if type(seat) is not int or not access.controls(seat):
            raise GameError("not_your_seat", "you can only name your own seat", 403)
        async with self._lock(access.game_id):
            live = await self.get(access.game_id)
            if seat in live.left_seats():
                raise GameError("not_your_seat", "you left this seat", 403)
            await self._db(self.store.rename, access.game_id, seat, name)
            live.rename(seat, name)
        self.bus.publish("seats", access.game_id)
        self._broadcast(live)

    # -- seats: claims, invitations, leaving ---------------------------------------------------
    async def claim(self, game_id: str, invite: Any, profile: Any = None) -> dict[str, Any]:
        """Open an invitation: the first to open it gets the seat and its token (shown once);
        anyone after gets ``claimed`` (409) and nothing changes. ``profile``: the claimer's
        profile key (its id goes on the seat; a key that opens no profile is refused, 401,
        and the seat stays free)."""
        if not isinstance(invite, str) or not invite or len(invite) > MAX_TOKEN:
            raise GameError("malformed", "'invite' must be the invitation of the link", 400)
        live = await self.get(game_id)
        owner = await self.profiles.optional_profile(profile)
        profile_id = None if owner is None else owner.profile_id
        token = new_token()
        claim = await self._db(self.store.claim, game_id, invite, token_digest(token),
                               profile_id)
        if claim is None:
            raise GameError("bad_invite", "this invitation does not open a seat of this game "
                            "(the creator may have sent a new one)", 403)
        if not claim.won:
            raise GameError("claimed", f"seat {claim.seat + 1} has already been claimed by "
                            "someone else: ask the creator for a link to a free seat", 409,
                            {"seat": claim.seat})
        live.claimed(claim.seat, token_digest(token), time.time(), profile_id)
        if owner is not None and live.seats[claim.seat].name == default_person_name(claim.seat):
            # a seat left unnamed takes its profile's name, so that the board, the log, the
            # record and the end screen all name the player
            async with self._lock(game_id):
                await self._db(self.store.rename, game_id, claim.seat, owner.name)
                live.rename(claim.seat, owner.name)
        await self._clock_claimed(live)
        self.bus.publish("seats", game_id)
        self._broadcast(live)
        seat = live.seats[claim.seat]
        return {"game": game_id, "seat": seat.seat, "name": seat.name, "token": token}

    async def reinvite(self, access: Access, seat: Any) -> dict[str, Any]:
        """A new invitation for a seat nobody claimed yet (creator only); the old link stops
        working."""
        if access.role != "host":
            raise GameError("not_host", "only the game's creator can invite again", 403)
        live = await self.get(access.game_id)
        if type(seat) is not int or not 0 <= seat < live.players:
            raise GameError("malformed", f"'seat' must be a seat number from 0 to {live.players - 1}")
        spec = live.seats[seat]
        if spec.kind != "person":
            raise GameError("not_a_person", f"seat {seat + 1} is played by a bot", 409)
        invite = new_token()
        if not await self._db(self.store.reinvite, access.game_id, seat, token_digest(invite)):
            raise GameError("claimed", f"seat {seat + 1} has already been claimed", 409,
                            {"seat": seat})
        return {"game": access.game_id, "seat": seat, "invite": invite}

    async def leave(self, access: Access, seat: Any = None, version: Any = None) -> dict[str, Any]:
        """The player of ``seat`` leaves (resigns): from now on the game's stand-in bot plays
        the seat, so the others can finish. A ``leave`` event of the session."""
        if access.role in ("spectator", "host"):
            raise GameError("spectator", "spectators have no seat to leave", 403)
        held = access.seats | access.left
        if seat is None and len(held) == 1:
            seat = next(iter(held))
        if type(seat) is not int:
            raise GameError("not_your_seat", "say which seat leaves ('seat')", 403)
        if version is not None and type(version) is not int:
            raise GameError("malformed", "'version' must be the whole number of the view", 400)
        return await self._leave(access.game_id, seat, version, held, "resigned")

    async def _leave(self, gid: str, seat: int, version: int | None, by: frozenset[int],
                     reason: str) -> dict[str, Any]:
        async with self._lock(gid):
            live = await self.get(gid)
            if version is not None and version > live.version:
                # Another server process may have moved the game on: reload first.
                self._games.pop(gid, None)
                live = await self.get(gid)
            try:
                pending = live.session.prepare_leave(seat, live.stand_in, reason=reason,
                                                     version=version, by=by)
            except SessionError as e:
                raise refusal(e) from None
            try:
                await self._db(live.session.persist, pending)
            except SessionError as e:
                self._games.pop(gid, None)
                raise GameError("stale", "the game moved on meanwhile: try again", 409) from e
            await self._clock_moved(live, pending)
            live.session.commit(pending)
        log.info("game %s: seat %d left (%s), a %s bot plays it", gid, seat, reason,
                 live.stand_in)
        self._kick_bots(live)
        return {"left": seat, "bot": live.stand_in, "version": live.version}

    # -- clocks (web/clocks.py, web/clock_store.py) -----------------------------------------
    def _clock_view(self, live: Live) -> dict[str, Any] | None:
        return clock_json(self._clocks.get(live.game_id), live.players, self.now())

    def _timed_seat(self, live: Live, session: Session) -> int | None:
        """The person seat whose clock runs at ``session``'s position: the seat to move if a
        person plays it and every person seat has been claimed; else None."""
        seat = session.seat_to_move
        if seat is None or session.bot_to_move is not None:
            return None
        if any(s.kind == "person" and s.claimed is None for s in live.seats):
            return None
        return seat

    async def _save_clock(self, gid: str, version: int, clock: GameClock,
                          charged: int | None = None) -> bool:
        if self.clock_store is not None:
            return await self._db(self.clock_store.save, gid, version, clock, charged)
        return True

    async def _clock_created(self, live: Live, spec: ClockSpec | None) -> None:
        """Give a new game its clock (the request's, else the server's per-move default)."""
        if spec is None:
            spec = (ClockSpec("move", max(1, round(self.turn_seconds))) if self.turn_seconds > 0
                    else None)
        if spec is None or not spec.runs:
            return
        now = self.now()
        clock = GameClock.new(spec, live.players).begin(
            live.version, self._timed_seat(live, live.session), now)
        await self._save_clock(live.game_id, live.version, clock)
        self._clocks[live.game_id] = clock

    async def _load_clock(self, live: Live) -> None:
        if self.clock_store is None:
            return
        clock = await self._db(self.clock_store.load, live.game_id, live.players)
        if clock is None:
            self._clocks.pop(live.game_id, None)
            return
        if clock.turn is None or clock.turn.version != live.version:
            # The turn of this version was not stored (its writer stopped between the move and
            # the clock): it is timed from now.
            clock = clock.begin(live.version, self._timed_seat(live, live.session), self.now())
            await self._save_clock(live.game_id, live.version, clock, -1)
        self._clocks[live.game_id] = clock

    def _check_time(self, gid: str, version: int, by: frozenset[int]) -> None:
        """A person's move after their deadline is refused (the clock loop hands the seat
        to the stand-in bot); one made before it wins."""
        clock = self._clocks.get(gid)
        if clock is None:
            return
        seat = clock.due(version, self.now())
        if seat is not None and seat in by:
            # the seat passes to the stand-in bot at once (once this move's lock is released)
            task = asyncio.get_running_loop().create_task(self._time_out_soon(gid, seat, version))
            self._notice_tasks.add(task)
            task.add_done_callback(self._notice_tasks.discard)
            raise GameError("out_of_time", "your time for this move ran out: a bot plays your "
                            "seat now", 409, {"seat": seat})

    async def _time_out_soon(self, gid: str, seat: int, version: int) -> None:
        await self._time_out(gid, seat, version)

    async def _time_out(self, gid: str, seat: int, version: int) -> bool:
        """Seat ``seat`` of game ``gid`` ran out of time at ``version``: it leaves (reason
        ``timeout``) unless the game moved on meanwhile. True if this call applied it."""
        try:
            await self._leave(gid, seat, version, frozenset({seat}), "timeout")
        except GameError:
            return False  # the game moved on meanwhile (a move in time, or another process)
        return True

    async def _clock_moved(self, live: Live, pending: Pending) -> None:
        """A change of ``live`` was stored (not yet adopted): charge the turn that ended to
        its seat and start the next, stored for the new version before anyone is told."""
        gid = live.game_id
        clock = self._clocks.get(gid)
        if clock is None:
            return
        try:
            now = self.now()
            version = pending.fork.version
            turn = clock.turn
            charged = turn.seat if turn is not None and turn.version == pending.base else None
            new = clock.charged(pending.base, now).begin(
                version, self._timed_seat(live, pending.fork), now)
            await self._save_clock(gid, version, new, -1 if charged is None else charged)
            self._clocks[gid] = new
        except Exception:
            log.exception("game %s: the clock could not be stored", gid)

    async def _clock_claimed(self, live: Live) -> None:
        """The last person seat was claimed: the turn's clock starts now."""
        gid = live.game_id
        if gid not in self._clocks:
            return
        async with self._lock(gid):
            clock = self._clocks.get(gid)
            seat = self._timed_seat(live, live.session)
            if clock is None or seat is None or (clock.turn is not None and clock.turn.seat is not None):
                return
            new = clock.begin(live.version, seat, self.now())
            if await self._save_clock(gid, live.version, new):
                self._clocks[gid] = new

    async def _restart_turn(self, gid: str) -> None:
        """Time a stranded game's turn from now (see :meth:`ClockStore.stranded`)."""
        async with self._lock(gid):
            live, clock = self._games.get(gid), self._clocks.get(gid)
            if live is not None and clock is not None and clock.turn is not None \
                    and clock.turn.version == live.version:
                return  # stored here meanwhile (the query ran while this process moved it)
            self._games.pop(gid, None)
            try:
                await self.get(gid)  # loading it times its turn (_load_clock)
            except GameError:
                pass

    async def _clock_loop(self) -> None:
        while True:
            await asyncio.sleep(self.clock_interval)
            try:
                await self.check_clocks()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the game clocks failed")

    async def check_clocks(self, now: float | None = None) -> int:
        """Time out every turn out of time at ``now`` (default: the time source): the
        stored turns of every process's games (one indexed query), so that the clock
        survives restarts and works across processes. The person leaves with reason
        ``timeout`` and the stand-in bot plays on; the leave names the version the turn was
        timed on, so a move stored meanwhile wins and only one process applies it. Returns
        the number of seats timed out here."""
        now = self.now() if now is None else now
        if self.clock_store is not None:
            for gid in await self._db(self.clock_store.stranded):
                await self._restart_turn(gid)
            due = await self._db(self.clock_store.due, now)
        else:
            due = []
            for gid, clock in list(self._clocks.items()):
                turn = clock.turn
                seat = clock.due(turn.version, now) if turn is not None else None
                if turn is not None and seat is not None:
                    due.append(Due(gid, turn.version, seat))
        done = 0
        for d in due:
            done += await self._time_out(d.game_id, d.seat, d.version)
        return done

    # -- viewers -------------------------------------------------------------------------------
    def subscribe(self, sub: Subscriber) -> None:
        gid = sub.access.game_id
        first = gid not in self._subs
        self._subs.setdefault(gid, set()).add(sub)
        changed = self.presence.join(gid, sub.access.seats)
        if first:
            self.bus.publish("ask", gid)  # the other processes: who is online there?
        if changed:
            self.bus.publish("presence", gid, seats=tuple(sorted(self.presence.here(gid))))
        live = self._games.get(gid)
        if live is not None and sub.access.seats:
            self._broadcast(live)

    def unsubscribe(self, sub: Subscriber) -> None:
        gid = sub.access.game_id
        subs = self._subs.get(gid)
        if subs is None or sub not in subs:
            return
        subs.discard(sub)
        if self.presence.leave(gid, sub.access.seats, last=not subs):
            self.bus.publish("presence", gid, seats=tuple(sorted(self.presence.here(gid))))
        if not subs:
            self._subs.pop(gid, None)
        live = self._games.get(gid)
        if live is not None and sub.access.seats and subs:
            self._broadcast(live)

    def _broadcast(self, live: Live) -> None:
        subs = self._subs.get(live.game_id)
        if not subs:
            return
        online = self.presence.online(live.game_id)
        clock = self._clock_view(live)
        cache: dict[tuple[str, frozenset[int], bool], dict[str, Any]] = {}
        for sub in list(subs):
            with_previews = not sub.previews_on_demand
            key = (sub.access.role, sub.access.seats, with_previews)
            view = cache.get(key)
            if view is None:
                view = cache[key] = build_view(live, sub.access, online, with_previews)
                view["clock"] = clock
            sub.send_view(view)

    # -- bots ----------------------------------------------------------------------------------
    def _bot_to_move(self, live: Live) -> int | None:
        return live.session.bot_to_move

    def _kick_bots(self, live: Live) -> None:
        """Run the bots of ``live`` here (called after a change stored here: this process
        plays them now, also if its loop was giving way to another process's)."""
        gid = live.game_id
        self._yielded.discard(gid)
        if self._bot_to_move(live) is None or gid in self._bots:
            return
        task = asyncio.get_running_loop().create_task(self._bot_loop(gid))
        self._bots[gid] = task
        task.add_done_callback(lambda t: self._forget_bot_loop(gid, t))

    def _gives_way(self, gid: str) -> bool:
        """True (once) if this game's bot loop here should end: another process plays on."""
        if gid in self._yielded:
            self._yielded.discard(gid)
            return True
        return False

    def _forget_bot_loop(self, gid: str, task: asyncio.Task[None] | None) -> None:
        if task is not None and self._bots.get(gid) is task:
            del self._bots[gid]

    async def _bot_loop(self, gid: str) -> None:
        """Play the bots' turns. The session seeds each bot (secretly, from the game's seed)
        and applies the one failing-bot policy: a broken bot never stalls the game."""
        try:
            while True:
                live = await self.get(gid)
                seat = self._bot_to_move(live)
                if seat is None or self._gives_way(gid):
                    # Forget this loop now, in the step that decides it ends: a person's move
                    # committed after this must be able to start a new one (the done-callback
                    # runs a loop iteration later).
                    self._forget_bot_loop(gid, asyncio.current_task())
                    return
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                try:
                    version, move = await self.bots.run(live.session.choose_bot_move,
                                                        person=live.has_people)
                except SessionError:  # caught up meanwhile to a person's turn or the end
                    continue
                if self._gives_way(gid):
                    self._forget_bot_loop(gid, asyncio.current_task())
                    return
                # the seat the bot answered for (the game may have been caught up in place
                # with another process's moves while it waited or thought)
                seat = live.session.seat_to_move if live.version == version else seat
                if seat is None:
                    continue
                bot_access = Access(gid, "bot", frozenset({seat}))
                try:
                    await self._apply(bot_access, version, move.text())
                except GameError as e:
                    # Another process moved the game on meanwhile: think again from there.
                    now = self._games.get(gid)
                    if e.code != "stale" and now is not None and now.version == version:
                        raise
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bot loop of game %s stopped", gid)

    # -- several processes on one database -----------------------------------------------------
    def _committed(self, live: Live) -> None:
        """A move, fill or leave of ``live`` was stored here: tell the viewers here and the
        other processes."""
        self._broadcast(live)
        if not self._moves_in_writes:
            self.bus.publish("move", live.game_id, live.version)
        self.profiles.ended(live)  # a game that ended: its results and ratings, once

    def _notice(self, notice: Notice) -> None:
        """A notice from another process (called by the bus on the event loop)."""
        task = asyncio.get_running_loop().create_task(self._on_notice(notice))
        self._notice_tasks.add(task)
        task.add_done_callback(self._notice_tasks.discard)

    async def _on_notice(self, n: Notice) -> None:
        gid = n.game_id
        try:
            if n.kind in ("move", "seats"):
                live = self._games.get(gid)
                if (n.kind == "move" and live is not None and n.version > live.version
                        and gid in self._bots):
                    self._yielded.add(gid)  # the other process stored the latest change
                await self._refresh(gid, None if n.kind == "seats" else n.version)
            elif n.kind == "presence":
                if gid not in self._subs:
                    return  # nobody watches it here (a first viewer asks the others)
                if self.presence.announced(gid, n.origin, frozenset(n.seats)):
                    self._broadcast_id(gid)
            elif n.kind == "ask":
                if self.presence.here(gid):
                    self.bus.publish("presence", gid, seats=tuple(sorted(self.presence.here(gid))))
            elif n.kind == "bye":
                for g in self.presence.gone(n.origin):
                    self._broadcast_id(g)
            elif n.kind == "resync":  # notices were missed: catch up
                self.presence.forget()
                await self.sync_once()
                for g in list(self._subs):
                    self.bus.publish("ask", g)
                    if self.presence.here(g):
                        self.bus.publish("presence", g, seats=tuple(sorted(self.presence.here(g))))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("a notice from another process failed: %s", n)

    def _broadcast_id(self, gid: str) -> None:
        live = self._games.get(gid)
        if live is not None:
            self._broadcast(live)

    async def _refresh(self, gid: str, version: int | None) -> None:
        """Another process stored a change of game ``gid`` (``version``: its new version;
        None: its seats): reload it if it is held here, and show it."""
        live = self._games.get(gid)
        if live is None or (version is not None and version <= live.version):
            return
        if not self._subs.get(gid) and gid not in self._bots:
            self._games.pop(gid, None)  # nobody watches: reloaded when next asked for
            return
        async with self._lock(gid):
            live = self._games.get(gid)
            if live is None or (version is not None and version <= live.version):
                return
            if version is None or not await self._catch_up(live):
                self._games.pop(gid, None)
                live = await self.get(gid)
            elif gid in self._clocks:
                await self._load_clock(live)  # the other process's turn
        self._broadcast(live)
        self.profiles.ended(live)  # seen ending here too: written once over all processes
        self._stalled.pop(gid, None)

    async def _catch_up(self, live: Live) -> bool:
        """Bring ``live`` up to the stored version by replaying only the new events (a seeded
        game: its fills follow from the state); False if it must be reloaded whole."""
        if not isinstance(live.session.fills, Seeding):
            return False  # a running generator's state is stored, not derived: reload
        events = await self._db(self.store.events_after, live.game_id, live.version)
        if not events:
            return False
        try:
            live.session.catch_up(events)
        except ValueError:
            log.warning("game %s: the stored events do not follow on: reloading", live.game_id)
            return False
        return True

    async def _presence_loop(self) -> None:
        """Announce this process's online seats again every :data:`HEARTBEAT` seconds, and
        forget the announcements of processes gone silent."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            if self.bus.shared:
                for gid in list(self._subs):
                    here = self.presence.here(gid)
                    if here:
                        self.bus.publish("presence", gid, seats=tuple(sorted(here)))
            for gid in self.presence.expire():  # also while no renewal can be heard
                self._broadcast_id(gid)

    async def _sync_loop(self) -> None:
        """Pick up moves that other server processes stored, for games someone watches here:
        every ``sync_interval`` seconds, or only as a safety net while the bus reaches them."""
        ticks = 0
        while True:
            await asyncio.sleep(self.sync_interval)
            ticks += 1
            if self.bus.shared and ticks % SHARED_POLL_FACTOR:
                continue
            try:
                await self.sync_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sync with the database failed")

    async def sync_once(self) -> None:
        ids = [g for g in self._subs if g in self._games]
        if not ids:
            return
        versions = await self._db(self.store.versions, ids)
        for gid, v in versions.items():
            live = self._games.get(gid)
            if live is None:
                continue
            if v != live.version and not self._lock(gid).locked():
                await self._refresh(gid, v)
            elif self._bot_to_move(live) is not None and gid not in self._bots:
                # A bot's turn that no process here plays: take it over after two quiet ticks.
                n = self._stalled.get(gid, 0) + 1
                self._stalled[gid] = n
                if n >= 2:
                    self._stalled.pop(gid, None)
                    self._kick_bots(live)
