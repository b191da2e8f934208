"""Fair play for the game service (docs/api.md, "Fair play"): which rated games are honest,
fair-play waits, the digests of the clients seats were played from, reports, suspensions and
mutes everywhere. One :class:`FairPlay` per game service; its store is the database every
server process shares, so each process sees the others' reports, suspensions and waits."""

from __future__ import annotations

import dataclasses
import hashlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from ..accounts.store import SqlAccounts
from ..live import Live
from ..profile_store import GameEnd
from ..protocol import GameError
from .store import Report, SqlFairPlay, Suspension
from .waits import after_clean, after_offence

if TYPE_CHECKING:
    from ..service_base import ServiceBase
    from ..views import Access

log = logging.getLogger("azulejos.web")

Runner = Callable[..., Awaitable[Any]]
#: The longest note a reporter or an operator writes.
MAX_NOTE = 500
#: How a seat's client is told apart: a digest of its address (never the address itself).
CLIENT_SALT = "azulejos-client:"


def client_digest(address: str) -> str:
    """The stored form of a client address."""
    return hashlib.sha256((CLIENT_SALT + address).encode("utf-8", "surrogatepass")).hexdigest()


def note_text(note: Any, field: str = "note", required: bool = False) -> str:
    """A reporter's or operator's words: text of at most :data:`MAX_NOTE` characters."""
    if note is None and not required:
        return ""
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        raise GameError("malformed", f"'{field}' must be text of at most {MAX_NOTE} "
                        "characters", 400, {"max": MAX_NOTE})
    cleaned = " ".join("".join(ch for ch in note if ch.isprintable() or ch.isspace()).split())
    if required and not cleaned:
        raise GameError("malformed", f"'{field}' may not be empty", 400)
    return cleaned


def suspended_error(s: Suspension) -> GameError:
    """``suspended`` (403): the account is suspended (until when: ``until``, null: until an
    operator lifts it)."""
    when = "until an operator lifts it" if s.until is None else "for now"
    return GameError("suspended", f"this account is suspended {when}", 403,
                     {"until": s.until, "reason": s.reason})


class FairPlay:
    """Fair play on one server's database (None: a server without one: everything allowed)."""

    def __init__(self, store: SqlFairPlay | None, run: Runner, now: Callable[[], float],
                 games: ServiceBase) -> None:
        self.store = store
        self.run = run
        self.now = now
        self.games = games
        self.accounts = SqlAccounts(store.engine) if store is not None else None
        self._noted: set[tuple[str, int, str]] = set()  # (game, seat, client) written

    def _store(self) -> SqlFairPlay:
        if self.store is None:
            raise GameError("no_accounts", "this server keeps no accounts", 404)
        return self.store

    # -- the gate before rated games (the lobby and quick match call this) ----------------------
    async def may_play_rated(self, profile_id: str | None) -> None:
        """Refuse a signed-in account's rated game while it is suspended (``suspended``,
        403) or waits after abandoning rated games (``rated_wait``, 403, with ``until`` and
        ``seconds``). Nothing to check for None (a guest: never rated) or without a store."""
        if profile_id is None or self.store is None:
            return
        now = self.now()
        owner = (await self.run(self.store.accounts_of, [profile_id])).get(profile_id)
        if owner is not None:
            s = await self.run(self.store.suspension, owner[0], now)
            if s is not None:
                raise suspended_error(s)
        w = await self.run(self.store.wait, profile_id)
        if w.wait_until > now:
            seconds = int(w.wait_until - now + 0.999)
            raise GameError("rated_wait", f"you may play rated games again in {seconds} "
                            "seconds (you abandoned rated games)", 403,
                            {"until": w.wait_until, "seconds": seconds,
                             "offences": w.offences})

    async def waits_for(self, profile_id: str) -> dict[str, Any]:
        """A profile's fair-play record as shown to its account."""
        w = await self.run(self._store().wait, profile_id)
        now = self.now()
        return {"offences": w.offences, "clean": w.clean,
                "wait_until": w.wait_until if w.wait_until > now else None,
                "seconds": max(0, int(w.wait_until - now + 0.999))}

    async def not_suspended(self, profile_id: str | None) -> None:
        """``suspended`` (403) if ``profile_id`` is a suspended account's."""
        if profile_id is None or self.store is None:
            return
        owner = (await self.run(self.store.accounts_of, [profile_id])).get(profile_id)
        if owner is None:
            return
        s = await self.run(self.store.suspension, owner[0], self.now())
        if s is not None:
            raise suspended_error(s)

    async def account_suspension(self, account_id: str) -> Suspension | None:
        if self.store is None:
            return None
        got: Suspension | None = await self.run(self.store.suspension, account_id, self.now())
        return got

    # -- clients -------------------------------------------------------------------------------
    async def note_client(self, game_id: str, seat: int, address: str | None) -> None:
        """Seat ``seat`` of ``game_id`` was claimed, opened or played from ``address`` (each
        once per process: a seat played move after move from one client is written once)."""
        if self.store is None or not address:
            return
        digest = client_digest(address)
        key = (game_id, seat, digest)
        if key in self._noted:
            return
        await self.run(self.store.mark_client, game_id, seat, digest, self.now())
        if len(self._noted) > 50_000:
            self._noted.clear()  # (one noted again is only written again: harmless)
        self._noted.add(key)

    async def note_move(self, access: Access, address: str | None) -> None:
        """A move was played over HTTP with ``access`` from ``address``: its seats were
        played from that client (docs/api.md, "Fair play")."""
        for seat in sorted(access.seats):
            await self.note_client(access.game_id, seat, address)

    # -- the end of a rated game ---------------------------------------------------------------
    async def honest(self, live: Live, end: GameEnd) -> tuple[GameEnd, list[tuple[int, int]]]:
        """``end`` as written: unrated unless every seat is a distinct account's profile, none
        suspended, and no two seats were played from one client; and the pairs of seats that
        shared a client."""
        if self.store is None or not end.rated:
            return end, []
        ids = [s.profile_id for s in end.seats]
        owners = await self.run(self.store.accounts_of, ids)
        suspended = await self.run(self.store.suspended_profiles, ids, self.now())
        shared: list[tuple[int, int]] = await self.run(self.store.shared_clients, live.game_id)
        why = ("a seat is a guest's" if len(owners) < len(ids) else
               "an account is suspended" if suspended else
               "two seats were played from one client" if shared else "")
        if not why:
            return end, shared
        log.info("game %s: not rated (%s)", live.game_id, why)
        return dataclasses.replace(end, rated=False), shared

    async def game_recorded(self, live: Live, shared: list[tuple[int, int]]) -> None:
        """The end of ``live`` was written (once over every process): report seats that
        shared a client, and count each account's abandoned or clean rated game."""
        if self.store is None or not live.rated:
            return
        now = self.now()
        people = [s for s in live.seats if s.kind == "person" and s.profile_id
                  and s.token_hash is not None]
        for a, b in shared:
            pa, pb = live.seats[a].profile_id, live.seats[b].profile_id
            for reported in {p for p in (pa, pb) if p}:
                await self.run(self.store.add_report, "boosting", None, reported, live.game_id,
                               None, None, f"seats {a + 1} and {b + 1} of a rated game were "
                               "played from one client; the game was not rated", now)
        ids = [s.profile_id for s in people if s.profile_id]
        if len(set(ids)) != len(ids):
            return  # one profile on several seats: nobody's fair-play record moves
        owners = await self.run(self.store.accounts_of, ids)
        suspended = await self.run(self.store.suspended_profiles, ids, now)
        left = live.session.left
        for s in people:
            pid = s.profile_id
            if pid is None or pid not in owners or pid in suspended:
                continue
            offence = s.seat in left and left[s.seat].reason in ("resigned", "timeout")
            for _ in range(5):  # another process may change the record meanwhile
                old = await self.run(self.store.wait, pid)
                new = after_offence(old, now) if offence else after_clean(old)
                if await self.run(self.store.put_wait, pid, old, new, now):
                    break
            if offence:
                log.info("game %s: profile %s abandoned a rated game", live.game_id, pid)

    # -- reports -------------------------------------------------------------------------------
    async def report_message(self, reporter: tuple[str, str], game_id: str, seq: Any,
                             note: Any) -> Report:
        """The account ``reporter`` (id, profile) reports chat message ``seq`` of a game it
        can read. ``unknown_message`` (404) for a message that does not exist."""
        store = self._store()
        await self.not_suspended(reporter[1])
        if type(seq) is not int or seq < 1:
            raise GameError("malformed", "'seq' must be the number of a chat message", 400)
        words = note_text(note)
        got = await self.run(store.messages, game_id, seq, seq)
        live = await self.games.get(game_id)
        if not got:
            raise GameError("unknown_message", "this game has no such chat message", 404)
        msg = got[0]
        if live.seats[msg.seat].profile_id == reporter[1]:
            raise GameError("malformed", "you cannot report your own message", 400)
        made = await self.run(store.add_report, "message", reporter[0],
                              live.seats[msg.seat].profile_id, game_id, seq,
                              f"{msg.name}: {msg.text}", words, self.now())
        if made is None:
            raise GameError("already_reported", "you reported this message already", 409)
        log.info("report %s: a message of game %s", made.report_id, game_id)
        return made  # type: ignore[no-any-return]

    async def report_player(self, reporter: tuple[str, str], profile_id: Any,
                            game_id: str | None, note: Any) -> Report:
        """The account ``reporter`` reports a player (a profile), e.g. for boosting."""
        store = self._store()
        await self.not_suspended(reporter[1])
        if not isinstance(profile_id, str) or not profile_id or len(profile_id) > 32:
            raise GameError("malformed", "'profile' must be a player's profile id", 400)
        words = note_text(note, required=True)
        if not await self.run(store.profile_names, [profile_id]):
            raise GameError("unknown_profile", "there is no such profile", 404)
        if profile_id == reporter[1]:
            raise GameError("malformed", "you cannot report yourself", 400)
        made = await self.run(store.add_report, "player", reporter[0], profile_id, game_id,
                              None, None, words, self.now())
        if made is None:
            raise GameError("already_reported", "you reported this player already", 409)
        log.info("report %s: a player", made.report_id)
        return made  # type: ignore[no-any-return]

    # -- suspensions ---------------------------------------------------------------------------
    async def suspend(self, account_id: str, reason: str, until: float | None,
                      by: str | None) -> Suspension:
        """Suspend an account: its sessions and further seat tokens end, its seats in running
        games go to the stand-in bot (as if it left), the reports about it close.
        ``already_suspended`` (409) if it is."""
        store = self._store()
        made: Suspension | None = await self.run(store.suspend, account_id, reason, until, by,
                                                 self.now())
        if made is None:
            raise GameError("already_suspended", "this account is suspended already", 409)
        assert self.accounts is not None
        ended = await self.run(self.accounts.end_sessions, account_id, None)
        account = await self.run(store.account, account_id)
        left = 0
        if account is not None:
            await self.run(store.resolve_about, account[1], "suspended", by or "", self.now())
            for gid, seat in await self.run(self.accounts.seats_of, account[1], 500):
                left += await self._hand_to_bot(gid, seat)
        log.info("account %s suspended: %d session(s) ended, %d seat(s) to the bot",
                 account_id, ended, left)
        return made

    async def _hand_to_bot(self, gid: str, seat: int) -> int:
        try:
            live = await self.games.get(gid)
            if live.status == "over" or seat in live.left_seats():
                return 0
            await self.games._leave(gid, seat, None, frozenset({seat}), "resigned")  # noqa: SLF001
        except GameError:
            return 0  # gone, over, or moved on meanwhile
        return 1

    async def lift(self, account_id: str) -> None:
        if not await self.run(self._store().lift, account_id, self.now()):
            raise GameError("not_suspended", "this account is not suspended", 409)
        log.info("account %s: suspension lifted", account_id)

    # -- mutes everywhere ----------------------------------------------------------------------
    async def seat_mutes(self, live: Live) -> dict[int, frozenset[int]]:
        """For each seat of ``live`` held by an account: the seats of this game whose players
        it muted everywhere."""
        if self.store is None:
            return {}
        by_profile = {s.profile_id: s.seat for s in live.seats if s.profile_id}
        if not by_profile:
            return {}
        mutes = await self.run(self.store.mutes_of_profiles, list(by_profile))
        out: dict[int, frozenset[int]] = {}
        for pid, muted in mutes.items():
            seats = frozenset(s.seat for s in live.seats if s.profile_id in muted)
            if seats:
                out[by_profile[pid]] = seats
        return out
