"""The game service: the web transport over the play layer's game hosts.

Each game is a :class:`azulejos.play.Host` over its :class:`azulejos.play.Session` (held in a
:class:`Live` with the web's seats and tokens). The host decides everything about an action:
checked on a fork (version, seat, clock, legality), the next fill dealt there if the round
ended, the new events written through the store in one transaction that fails if the game moved
on meanwhile, the clock charged and stored, and only then the fork becomes the game and the
subscribers (here: the websockets) are told; it also chooses the bots' moves, with the one
failing-bot policy. What is the web's own is here and in its parts:

* this module: creating games, tokens, reading, playing (the per-game asyncio lock, the store
  call in a worker thread) and renaming;
* :mod:`.service_base`: the state, the pools, and the games held in memory;
* :mod:`.service_seats`: claims, invitations and leaving;
* :mod:`.service_clocks`: the clocks stored in the database, and their time-outs;
* :mod:`.service_overdue`: wait or bot, when a person's turn runs out in a game of people;
* :mod:`.service_expiry`: games nobody touched for their clock's expiry leave play;
* :mod:`.service_vacations`: the turns of players on vacation stand still;
* :mod:`.service_bots`: the bot loop in the fair scheduler's threads;
* :mod:`.service_sync`: viewers, and what keeps server processes on one database in step (the
  bus, :mod:`.bus`; presence over every process, :mod:`.presence`; a polling loop as the
  fallback).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, TypeVar

from azulejos.agents import BOT_LEVELS, Budget, agent_names
from azulejos.core import IllegalMoveError, InvalidMoveError
from azulejos.notation import dumps, record_of
from azulejos.play import Seat, Seeding, Session, SessionError
from azulejos.play.seats import number_bots

from .fairplay.names import name_key
from .legal_json import MAX_PREVIEWS
from .live import Live, seat_of
from .profile_store import Profile
from .protocol import MAX_TOKEN, CreateRequest, GameError, clean_name
from .service_bots import BotsPart
from .service_chat import ChatPart
from .service_clocks import ClocksPart
from .service_expiry import ExpiryPart
from .service_overdue import OverduePart
from .service_seats import SeatsPart
from .service_sync import SyncPart
from .service_vacations import VacationsPart
from .storage import (
    SeatSpec,
    StoredGame,
    token_digest,
)
from .tokens import Subscriber, default_person_name, new_seed, new_token, refusal
from .views import Access, build_view, previews_json, summary_json

__all__ = ["PREFERRED_LEVELS", "GameService", "Subscriber", "bot_levels", "default_person_name",
           "new_seed", "new_token", "refusal"]

log = logging.getLogger("azulejos.web")
T = TypeVar("T")

#: Bot levels in the order a lobby offers them (those the agent registry knows).
PREFERRED_LEVELS = (*BOT_LEVELS, "random")


def bot_levels() -> list[str]:
    known = set(agent_names())
    ordered = [lv for lv in PREFERRED_LEVELS if lv in known]
    return ordered + sorted(known - set(ordered))


#: Finished games that nobody watches kept in memory (the oldest leave first).
FINISHED_KEPT = 100

class GameService(SeatsPart, ClocksPart, OverduePart, ExpiryPart, VacationsPart, BotsPart, ChatPart,
                  SyncPart):
    """The web transport over the games' hosts (see the module text); its parts, one module
    each: seats (:mod:`.service_seats`), clocks (:mod:`.service_clocks`), the bot loop
    (:mod:`.service_bots`), viewers and several processes (:mod:`.service_sync`)."""

    # -- life cycle ----------------------------------------------------------------------------
    async def start(self, resume_bots: bool = True) -> None:
        """Resume the bots of unfinished games (after a restart), start listening to the
        other processes and the sync loop."""
        self.profiles.levels = tuple(bot_levels())  # names no player may take
        await self.bus.start(self._notice)
        await self.heartbeat()  # an outage is added to the turns before any is timed out
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
        try:
            await self.heartbeat()  # the last beat: a stop is never charged to a clock
        except Exception:
            log.exception("the last heartbeat could not be written")
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

    # -- games ---------------------------------------------------------------------------------
    async def create(self, req: CreateRequest, profile: Any = None,
                     rated: Any = None, account: Profile | None = None, *,
                     seated: Mapping[int, Profile] | None = None,
                     seed: int | None = None) -> dict[str, Any]:
        """A new game, dealt for round 1 (R9). Returns the invitation secret of each person
        seat (claimed once, by :meth:`claim`), the spectator token, the hot-seat token (a
        hot-seat game has no invitations: its token plays every person seat) and the
        creator's key (``host_token``: may invite again). Shown once, stored as digests.
        ``profile``: the creator's profile key (a hot-seat game puts it on its first person
        seat; otherwise it is checked, and the creator's claim puts it on a seat);
        ``rated``: ask for a rated game (:mod:`.profiles`). ``account``: the profile of the
        signed-in creator's account (:mod:`.accounts`), used when no key is sent. ``seated``:
        person seats given to accounts' profiles from the start (tournaments: claimed, their
        token never shown; the accounts open them from any device); ``seed``: the game's seed
        (tournaments' paired deals; default: a new secret one)."""
        owner, wants_rated = await self._profile_of_new_game(req, profile, rated)
        if owner is None:
            owner = account
        profile_id = None if owner is None else owner.profile_id
        if wants_rated and profile_id is not None:
            try:  # a suspended or waiting account (docs/api.md, "Fair play")
                await self.fairplay.may_play_rated(profile_id)
            except GameError:
                if rated is True:
                    raise
                wants_rated = False  # rated only by default: the game is made casual
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
            elif seated and i in seated:
                seats.append(SeatSpec(i, "person", name, token_hash=token_digest(new_token()),
                                      claimed=now, profile_id=seated[i].profile_id))
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
        session = Session.new([seat_of(s) for s in seats], req.ruleset, Seeding(self.seeds() if seed is None else seed),
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

    def _remember(self, live: Live) -> None:
        live.host.now = lambda: self.now()  # the clocks' time source (tests replace it)
        live.host.subscribe(lambda _update: self._committed(live))
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
            if not grant.revocable:
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

    def opens_held(self, token: Any, game_id: str) -> bool:
        """True when :meth:`access` would open ``game_id`` with ``token`` without asking the
        database, so without refusing: its grant is held here (only grants that nothing can
        revoke are) and the game is in memory. False: ask :meth:`access`. (The websocket's
        check before each change: a move costs no second look-up.)"""
        if not isinstance(token, str) or not token or len(token) > MAX_TOKEN:
            return False
        grant = self._grants.get(token_digest(token))
        if grant is None or grant.game_id != game_id or game_id not in self._games:
            return False
        self._games.move_to_end(game_id)  # as access() reading the game does
        return True

    # -- reading -------------------------------------------------------------------------------
    async def view(self, access: Access, with_previews: bool = True) -> dict[str, Any]:
        """The view for ``access``; ``with_previews`` false: its legal moves without their
        previews (docs/api.md, "Previews on demand")."""
        live = await self._fresh(access.game_id)
        view = build_view(live, access, self.presence.online(access.game_id), with_previews)
        return self._dress(live, view)

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
            out.append(self._dress(live, summary_json(live, acc)))
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
        _check_not_left(live, access)
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
            _check_not_left(live, access)
            # A connection opened before its player left holds the seat no more.
            by = access.seats if access.role == "bot" else access.seats - live.left_seats()
            try:
                pending = live.host.prepare(text, version=version, by=by)
            except SessionError as e:
                if e.code == "out_of_time":
                    self._out_of_time(gid, int(e.details["seat"]), version)
                if e.code == "not_your_turn" and access.role in ("spectator", "host"):
                    raise GameError("spectator", "spectators cannot move", 403) from None
                raise refusal(e) from None
            except InvalidMoveError as e:
                raise GameError("bad_move", str(e), 400) from None
            except IllegalMoveError as e:
                raise GameError("illegal", str(e), 422, {"rule": e.rule}) from None
            try:
                await self._persist(session, pending)
            except SessionError as e:  # another process moved it on: reload next time
                self._games.pop(gid, None)
                fresh = await self.get(gid)
                self._broadcast(fresh)
                raise GameError(
                    "stale", "the game moved on meanwhile: reload the view", 409,
                    {"version": fresh.version},
                ) from e
            live.host.commit(pending, await self._clock_moved(live, pending))  # subscribers told
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
        live = await self.get(access.game_id)
        if any(name_key(o.name) == name_key(name) for o in live.seats if o.seat != seat):
            raise GameError("name_taken", "another seat of this game has this name", 409)
        await self.profiles.check_name(name, live.seats[seat].profile_id)
        async with self._lock(access.game_id):
            live = await self.get(access.game_id)
            if seat in live.left_seats():
                raise GameError("not_your_seat", "you left this seat", 403)
            await self._db(self.store.rename, access.game_id, seat, name)
            live.rename(seat, name)
        self.bus.publish("seats", access.game_id)
        self._broadcast(live)


def _check_not_left(live: Live, access: Access) -> None:
    """``you_left`` (409) when every seat ``access`` held has left the game: a late move (or
    previews) from a seat that left is told so, not ``not_your_turn``."""
    if access.role not in ("seat", "hotseat"):
        return
    held = access.seats | access.left
    gone = live.left_seats()
    if held and held <= gone:
        seat = min(held)
        bot = live.session.left[seat].bot
        raise GameError("you_left", f"seat {seat + 1} has left this game: a {bot} bot plays "
                        "it, and its player can no longer move", 409, {"seat": seat, "bot": bot})
