"""The ladder (docs/api.md, "Ladder"): one ranked list of accounts per two-player rating pool
(``2-coloured``, ``2-grey``).

An account joins at the bottom and may leave (the rungs below move up one). It may challenge
an account at most :data:`REACH` rungs above it; a player is in at most one open or playing
challenge at a time. The challenged account accepts or declines (either side may decline an
open one); a challenge neither accepted nor declined within :data:`CHALLENGE_FOR` expires (it
holds neither player any more; the challenger's ladder says so until it challenges again). On accept a rated two-player public game of kind ``ladder`` is made with the lobby's
machinery (the fair-play gate applied to both; the challenger at seat 0, a random first player),
and each player gets a seat token of its own from ``GET .../challenges/{id}``.

When the game has ended with one winner who stood lower, the winner takes the loser's rung and
every rung between moves down one; a higher winner keeps its rung; a draw, a shared victory or an
expired game moves nothing. Wins and losses on the ladder are counted. The end is settled once
over every process (a conditional update keyed on the game): by the process whose game service
saw the end (its commit hook), or by the next ladder request anywhere (games ended elsewhere).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import TYPE_CHECKING, Any

from azulejos.core.rules import VARIANTS, Phase

from ..live import Live
from ..lobby.settings import GameSettings
from ..lobby.store import LobbySeat
from ..protocol import GameError, only_fields
from .store import Challenge, Rung, SqlLadder

if TYPE_CHECKING:
    from ..accounts.service import SignedIn
    from ..lobby.service import LobbyService

log = logging.getLogger("azulejos.web")

#: The ladders: one per two-player rating pool.
POOLS = tuple(f"2-{v}" for v in VARIANTS)
#: How many rungs above one's own a challenge may reach.
REACH = 3
#: An open challenge not accepted or declined within this many seconds (3 days) expires.
CHALLENGE_FOR = 3 * 86400.0
STATUSES = ("open", "playing", "declined", "settled", "expired")


def check_pool(pool: Any) -> str:
    if pool not in POOLS:
        raise GameError("unknown_ladder", f"there is no such ladder (the ladders: "
                        f"{', '.join(POOLS)})", 404)
    return str(pool)


def settings_of_pool(pool: str) -> GameSettings:
    """A ladder game: two players, the pool's wall side, rated, the server's default clock."""
    return GameSettings(2, pool.split("-", 1)[1], (), None, True)


def _not_expired(c: Challenge) -> None:
    if c.status == "expired":
        days = round(CHALLENGE_FOR / 86400)
        raise GameError("challenge_expired", f"this challenge expired: it was not answered "
                        f"within {days} days", 409, {"days": days})


class LadderService:
    """The ladders of one server process, over the lobby (see the module text)."""

    def __init__(self, lobby: LobbyService, store: SqlLadder) -> None:
        self.lobby = lobby
        self.store = store
        self.run = lobby.run
        self._tasks: set[asyncio.Task[None]] = set()

    # -- reading -------------------------------------------------------------------------------
    @staticmethod
    def _rung_json(r: Rung) -> dict[str, Any]:
        return {"rank": r.rank, "name": r.name, "profile": r.profile_id, "wins": r.wins,
                "losses": r.losses}

    def _challenge_json(self, c: Challenge, by_account: dict[str, Rung]) -> dict[str, Any]:
        def side(account: str) -> dict[str, Any] | None:
            r = by_account.get(account)
            return None if r is None else {"profile": r.profile_id, "name": r.name,
                                           "rank": r.rank}
        return {"id": c.challenge_id, "pool": c.pool, "status": c.status,
                "challenger": side(c.challenger), "challenged": side(c.challenged),
                "created": c.created,
                "expires": c.created + CHALLENGE_FOR if c.status == "open" else None,
                "game": c.game_id, "outcome": c.outcome}

    def _open_since(self) -> float:
        return self.lobby.now() - CHALLENGE_FOR

    async def ladder(self, pool: Any, who: SignedIn | None) -> dict[str, Any]:
        """The rungs (top first), the open and playing challenges, and ``you``."""
        pool = check_pool(pool)
        await self.settle_ended(pool)
        rungs: list[Rung] = await self.run(self.store.rungs, pool)
        by_account = {r.account_id: r for r in rungs}
        challenges: list[Challenge] = await self.run(self.store.of_pool, pool,
                                                     self._open_since())
        you = None
        if who is not None:
            mine = by_account.get(who.account.account_id)
            you = {"rank": None if mine is None else mine.rank,
                   "challenge": next((c.challenge_id for c in challenges
                                      if who.account.account_id in (c.challenger,
                                                                    c.challenged)), None),
                   "expired": await self._expired_of(pool, who.account.account_id,
                                                     by_account)}
        return {"pool": pool, "reach": REACH, "challenge_days": round(CHALLENGE_FOR / 86400),
                "rungs": [self._rung_json(r) for r in rungs],
                "challenges": [self._challenge_json(c, by_account) for c in challenges],
                "you": you}

    async def _expired_of(self, pool: str, account_id: str, by_account: dict[str, Rung]
                          ) -> dict[str, Any] | None:
        """The account's latest challenge, when it expired unanswered (so the challenger is
        told until it challenges again)."""
        latest: Challenge | None = await self.run(self.store.latest_made, pool, account_id)
        if latest is not None and latest.status == "open" \
                and latest.created < self._open_since():
            await self.run(self.store.expire, self._open_since(), latest.challenge_id)
            latest = await self.run(self.store.get, latest.challenge_id)
        if latest is None or latest.status != "expired":
            return None
        return self._challenge_json(latest, by_account)

    async def tick_expiry(self) -> None:
        """Expire the challenges left open past :data:`CHALLENGE_FOR`."""
        gone = await self.run(self.store.expire, self._open_since())
        if gone:
            log.info("%d ladder challenges expired", gone)

    async def _challenge(self, pool: Any, challenge_id: Any) -> Challenge:
        pool = check_pool(pool)
        got: Challenge | None = None
        if isinstance(challenge_id, str) and len(challenge_id) <= 32:
            got = await self.run(self.store.get, challenge_id)
        if got is None or got.pool != pool:
            raise GameError("unknown_challenge", "there is no such challenge on this ladder",
                            404)
        if got.status == "open" and got.created < self._open_since():
            await self.run(self.store.expire, self._open_since(), got.challenge_id)
            return await self._challenge(pool, challenge_id)
        return got

    async def challenge_state(self, pool: Any, challenge_id: Any,
                              who: SignedIn | None) -> dict[str, Any]:
        """A challenge; ``you``: a player's seat in its game and a seat token of its own."""
        c = await self._challenge(pool, challenge_id)
        if c.status == "playing":
            if c.game_id is None and c.lobby_id is not None:  # its accepting process died?
                await self.lobby.recover(c.lobby_id)
                await self.run(self.store.link_started)
            await self.settle_ended(c.pool)
            c = await self._challenge(pool, challenge_id)
        rungs: list[Rung] = await self.run(self.store.rungs, c.pool)
        out = self._challenge_json(c, {r.account_id: r for r in rungs})
        out["you"] = None
        if who is not None and who.account.account_id in (c.challenger, c.challenged):
            seat = 0 if who.account.account_id == c.challenger else 1
            token = None
            if c.game_id is not None and c.status == "playing":
                token = await self.lobby.token_for(who.account.account_id, c.game_id, seat)
            out["you"] = {"seat": seat, "token": token}
        return out

    # -- joining and leaving -------------------------------------------------------------------
    async def join(self, pool: Any, who: SignedIn) -> dict[str, Any]:
        pool = check_pool(pool)
        a = who.account
        if not await self.run(self.store.join, pool, a.account_id, a.profile_id, a.name,
                              self.lobby.now()):
            raise GameError("already_on_ladder", "you are on this ladder already", 409)
        return await self.ladder(pool, who)

    async def leave(self, pool: Any, who: SignedIn) -> dict[str, Any]:
        pool = check_pool(pool)
        done = await self.run(self.store.leave, pool, who.account.account_id)
        if done == "absent":
            raise GameError("not_on_ladder", "you are not on this ladder", 409)
        if done == "playing":
            raise GameError("challenge_playing", "your challenge game is being played: leave "
                            "the ladder once it has ended", 409)
        return await self.ladder(pool, who)

    # -- challenges ----------------------------------------------------------------------------
    async def challenge(self, pool: Any, who: SignedIn, data: dict[str, Any]) -> dict[str, Any]:
        pool = check_pool(pool)
        only_fields(data, ("profile",))
        target = data.get("profile")
        if not isinstance(target, str) or not target or len(target) > 32:
            raise GameError("malformed", "'profile' must be the profile id of the account "
                            "challenged")
        if target == who.account.profile_id:
            raise GameError("self_challenge", "you cannot challenge yourself", 400)
        mine: Rung | None = None
        for r in await self.run(self.store.rungs, pool):
            if r.account_id == who.account.account_id:
                mine = r
        if mine is None:
            raise GameError("not_on_ladder", "join this ladder before challenging", 409)
        theirs: Rung | None = await self.run(self.store.rung_of_profile, pool, target)
        if theirs is None:
            raise GameError("unknown_rung", "that account is not on this ladder", 404)
        if not 1 <= mine.rank - theirs.rank <= REACH:
            raise GameError("out_of_reach", f"you may challenge only an account at most "
                            f"{REACH} rungs above you", 409)
        await self.lobby.check_may_play(who, settings_of_pool(pool))
        c = Challenge(secrets.token_urlsafe(8), pool, mine.account_id, theirs.account_id,
                      "open", self.lobby.now(), None, None, None)
        if await self.run(self.store.challenge, c, self._open_since()) == "busy":
            raise GameError("challenge_pending", "you or the account challenged already have a challenge "
                            "open or being played", 409)
        log.info("ladder %s: challenge %s made", pool, c.challenge_id)
        return await self.challenge_state(pool, c.challenge_id, who)

    async def accept(self, pool: Any, challenge_id: Any, who: SignedIn) -> dict[str, Any]:
        """The challenged account takes the challenge: the game is made."""
        c = await self._challenge(pool, challenge_id)
        if who.account.account_id != c.challenged:
            raise GameError("not_challenged", "only the account challenged may accept", 403)
        _not_expired(c)
        if c.status != "open":
            raise GameError("challenge_closed", "this challenge is no longer open", 409)
        settings = settings_of_pool(c.pool)
        rungs = {r.account_id: r for r in await self.run(self.store.rungs, c.pool)}
        one, two = rungs.get(c.challenger), rungs.get(c.challenged)
        if one is None or two is None:
            raise GameError("challenge_closed", "this challenge is no longer open", 409)
        for r in (one, two):  # the fair-play gate, for both
            await self.lobby.check_may_play(r.profile_id, settings)
        lobby_id = secrets.token_urlsafe(8)
        seats = [LobbySeat(k, r.account_id, r.profile_id, r.name)
                 for k, r in enumerate((one, two))]
        now = self.lobby.now()

        def make_public(conn: Any) -> None:
            self.lobby.store.create(lobby_id, "ladder", settings.to_json(), 2, None, now,
                                    "starting", seats, conn)

        if not await self.run(self.store.accept, c.challenge_id, lobby_id, make_public,
                              self._open_since()):
            _not_expired(await self._challenge(c.pool, c.challenge_id))
            raise GameError("challenge_closed", "this challenge is no longer open", 409)
        try:
            gid = await self.lobby.start(lobby_id, start_player=secrets.randbelow(2))
        except Exception:
            await self.run(self.lobby.store.close_starting, lobby_id)
            await self.run(self.store.set_status, c.challenge_id, "playing", "open")
            raise
        await self.run(self.store.started, c.challenge_id, lobby_id, gid)
        log.info("ladder %s: challenge %s accepted, game %s", c.pool, c.challenge_id, gid)
        return await self.challenge_state(c.pool, c.challenge_id, who)

    async def decline(self, pool: Any, challenge_id: Any, who: SignedIn) -> dict[str, Any]:
        """Either player ends an open challenge (the challenger withdraws it)."""
        c = await self._challenge(pool, challenge_id)
        if who.account.account_id not in (c.challenger, c.challenged):
            raise GameError("not_challenged", "only its two players may decline a challenge",
                            403)
        _not_expired(c)
        if not await self.run(self.store.set_status, c.challenge_id, "open", "declined"):
            raise GameError("challenge_closed", "this challenge is no longer open", 409)
        return await self.challenge_state(c.pool, c.challenge_id, who)

    # -- the end of a challenge game -----------------------------------------------------------
    def game_changed(self, live: Live) -> None:
        """The game service's commit hook: a game that ended may be a challenge's."""
        if live.status == "playing":
            return
        task = asyncio.get_running_loop().create_task(self._game_over(live.game_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _game_over(self, gid: str) -> None:
        try:
            c: Challenge | None = await self.run(self.store.of_game, gid)
            if c is not None and c.status == "playing":
                await self.settle(gid)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: its ladder challenge could not be settled", gid)

    async def tick(self) -> None:
        """The parts' pass (:mod:`..parts`): playing challenges get the game the lobby's pass
        made for them (the accepting process died first); the challenge games of every ladder
        that ended elsewhere, or while no process ran, are settled."""
        await self.tick_expiry()
        await self.run(self.store.link_started)  # made by the lobby's pass (stuck games)
        for pool in POOLS:
            await self.settle_ended(pool)

    async def settle_ended(self, pool: str) -> None:
        for gid in await self.run(self.store.ended_games, pool):
            await self.settle(gid)

    async def settle(self, gid: str) -> None:
        """Write a challenge game's end to the ladder (once, over every process)."""
        c: Challenge | None = await self.run(self.store.of_game, gid)
        if c is None or c.status != "playing":
            return
        lines = await self.lobby.games.profile_summaries([(gid, 0)])
        if not lines:
            return
        line = lines[0]
        if line["phase"] == Phase.OVER:
            won = set(line["winners"])
            winner = ((c.challenger, c.challenged)[min(won)] if len(won) == 1 else None)
        else:
            stored = await self.run(self.store.ended_games, c.pool)
            if gid not in stored:
                return  # still being played
            winner = None  # expired: nothing moves
        if await self.run(self.store.settle, gid, winner):
            log.info("ladder %s: challenge %s settled", c.pool, c.challenge_id)

    async def wait(self) -> None:
        """Wait for the challenge games being settled here (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
