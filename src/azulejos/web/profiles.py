"""Player profiles without passwords, their statistics and ratings (docs/api.md, "Profiles").

A profile is a name, a public id and a secret key. The key is shown once, when the profile is
made; the browser keeps it (and can export it to another browser); the server keeps only its
digest. Sending the key when creating a game or claiming a seat puts the profile's id on the
seat. When a game ends, :meth:`ProfileService.game_over` writes, once, a result row for each
seat claimed by a profile (statistics), and, if the game is rated, the new openskill ratings
(:mod:`azulejos.play.ratings`, the one model) in four pools: all games, the player count, the
wall side, and both.

Which games count:

* statistics: every finished game in which the profile claimed a seat from its invitation
  (games with bots too). A hot-seat game counts in neither statistics nor ratings: people at
  one screen can enter anything; nor does a game for a profile that claimed several of its
  seats.
* ratings: the creator asked for a rated game (the default when every seat is a person's and it
  is not hot-seat), and at the end every seat was claimed by a profile, all different. A player
  who left (resigned or ran out of time) still played the game: the stand-in bot's result
  counts as theirs. Fair play (:mod:`.fairplay`) adds: every seat is a signed-in account's
  profile (a guest's profile does not count), none of them suspended, and no two seats were
  played from one client (that game is reported to the operator as suspected boosting). The
  k-th rated game against the same opponent within 30 days moves a rating 1/k as far
  (:func:`.profile_store.weighted`); a rating is provisional, and off the leaderboard, until
  10 rated games against 5 distinct opponents (:func:`.profile_store.established`).
* ranks: 1 + the players strictly ahead on points, then complete rows (R25); a shared victory
  is a draw between the winners, and counts as a win for each (as :mod:`azulejos.core.results`
  lists them).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from azulejos.core.results import result
from azulejos.core.rules import VARIANTS
from azulejos.play.ratings import Rating, ranks_of, rate

from .fairplay.names import is_bot_name, name_key
from .live import Live
from .profile_store import GameEnd, Profile, SeatResult, SqlProfiles, established
from .protocol import MAX_TOKEN, GameError, clean_name
from .storage import token_digest

if TYPE_CHECKING:
    from .fairplay.service import FairPlay

log = logging.getLogger("azulejos.web")

#: Leaderboard rows per page, and the least rated games a profile needs to be listed.
PER_PAGE = 25
MIN_GAMES = 1
#: The rating pools a leaderboard can show.
PLAYER_POOLS = ("2", "3", "4")
VARIANT_POOLS = VARIANTS

#: Runs a blocking store call in a worker thread (the game service's).
Runner = Callable[..., Awaitable[Any]]


def new_key() -> str:
    """A profile's secret key (shown once)."""
    return secrets.token_urlsafe(24)


def profile_name(name: Any) -> str:
    """A profile's name, checked and cleaned like a seat's name."""
    if not isinstance(name, str) or len(name) > 200:
        raise GameError("malformed", "'name' must be text", 400)
    cleaned = clean_name(name)
    if not cleaned:
        raise GameError("malformed", "the name is empty", 400)
    return cleaned


def pool_of(players: Any, variant: Any) -> str:
    """The rating pool of a leaderboard query (``players`` and ``variant``: '' for any)."""
    if players not in ("", None) and players not in PLAYER_POOLS:
        raise GameError("malformed", "'players' must be 2, 3 or 4", 400)
    if variant not in ("", None) and variant not in VARIANT_POOLS:
        raise GameError("malformed", "'variant' must be \"coloured\" or \"grey\"", 400)
    if players and variant:
        return f"{players}-{variant}"
    return f"{players or variant or 'all'}"


def whole(value: Any, name: str, lo: int, hi: int, default: int) -> int:
    """A whole-number query parameter in [lo, hi]."""
    if value in (None, ""):
        return default
    if not (isinstance(value, str) and value.isascii() and value.isdigit()
            and lo <= int(value) <= hi):
        raise GameError("malformed", f"'{name}' must be a whole number from {lo} to {hi}", 400)
    return int(value)


def game_end(live: Live) -> GameEnd | None:
    """What the end of ``live`` writes (None: not over, or no seat claimed by a profile)."""
    if live.status != "over" or not live.state.is_over:
        return None
    res = result(live.state)
    ranks = ranks_of(res.scores, [s.rows for s in res.standings])
    # A seat counts if a person claimed it from its invitation with a profile (a hot-seat
    # game's seats have no token of their own).
    claimed = [s for s in live.seats
               if s.kind == "person" and s.profile_id and s.token_hash is not None]
    ids = [s.profile_id for s in claimed]
    rated = live.rated and len(claimed) == live.players and len(set(ids)) == len(ids)
    # A profile on several seats played them alone, as at one screen: not counted.
    mine = [s for s in claimed if ids.count(s.profile_id) == 1]
    if not mine:
        return None
    seats = tuple(
        SeatResult(s.seat, s.profile_id or "", res.scores[s.seat], ranks[s.seat],
                   s.seat in res.winners)
        for s in mine)
    return GameEnd(live.game_id, live.players, live.variant, live.ruleset.modules, seats, rated)


def _rating_json(r: Rating, games: int, opponents: int) -> dict[str, Any]:
    """A rating as shown: provisional until it is established (docs/api.md, "Fair play")."""
    return {**r.to_json(), "games": games, "opponents": opponents,
            "provisional": not established(games, opponents)}


def _stats_line(games: int, wins: int, scores: int) -> dict[str, Any]:
    return {"games": games, "wins": wins,
            "mean_score": round(scores / games, 2) if games else None}


class ProfileService:
    """Profiles for the game service: made, renamed, looked up by key; results and ratings
    written at the end of games; statistics and leaderboards read."""

    def __init__(self, store: SqlProfiles | None, run: Runner) -> None:
        self.store = store
        self.run = run
        self._recorded: set[str] = set()  # games whose end this process has seen written
        self._tasks: set[asyncio.Task[None]] = set()
        #: Fair play (web/fairplay/): which rated games are honest, and the waits after them.
        self.fair: FairPlay | None = None
        #: The bot levels whose names no player may take.
        self.levels: tuple[str, ...] = ()

    async def check_name(self, name: str, mine: str | None = None) -> None:
        """Refuse a display name that is a bot's (``bad_name``, 400), or another player's
        name or user name in any case (``name_taken``, 409); ``mine``: the profile asking."""
        if is_bot_name(name, self.levels):
            raise GameError("bad_name", "this name is a bot's: choose another", 400)
        if self.store is None:
            return
        holder = await self.run(self.store.name_holder, name_key(name))
        if holder is not None and holder != mine:
            raise GameError("name_taken", "another player has this name: choose another", 409)

    def _store(self) -> SqlProfiles:
        if self.store is None:
            raise GameError("no_profiles", "this server keeps no player profiles", 404)
        return self.store

    # -- profiles ------------------------------------------------------------------------------
    async def create(self, name: Any) -> dict[str, Any]:
        """A new profile: its public id, its name and its secret key (shown only now)."""
        store = self._store()
        name = profile_name(name)
        await self.check_name(name)
        key = new_key()
        pid = secrets.token_urlsafe(8)
        made: Profile | None = await self.run(store.create, pid, token_digest(key), name)
        if made is None:
            raise GameError("name_taken", "another player has this name: choose another", 409)
        log.info("profile %s created", pid)  # the id is public; the key is never logged
        return {"id": made.profile_id, "name": made.name, "key": key, "created": made.created}

    async def by_key(self, key: Any) -> Profile:
        """The profile whose secret key is ``key``: 401 if it is malformed or opens none."""
        store = self._store()
        if not isinstance(key, str) or not key or len(key) > MAX_TOKEN:
            raise GameError("bad_profile_key", "a valid profile key is needed", 401)
        got: Profile | None = await self.run(store.by_key, token_digest(key))
        if got is None:
            raise GameError("bad_profile_key", "this key opens no profile", 401)
        return got

    async def optional_profile(self, key: Any) -> Profile | None:
        """The profile of ``key`` when one was sent (None: anonymous)."""
        if key is None:
            return None
        return await self.by_key(key)

    async def rename(self, profile_id: str, key: Any, name: Any) -> dict[str, Any]:
        """Rename a profile with its key; another profile's key is refused (403)."""
        store = self._store()
        name = profile_name(name)
        mine = await self.by_key(key)
        if mine.profile_id != profile_id:
            if await self.run(store.get, profile_id) is None:
                raise GameError("unknown_profile", "there is no such profile", 404)
            raise GameError("not_your_profile", "this key belongs to another profile", 403)
        await self.check_name(name, profile_id)
        done = await self.run(store.rename, profile_id, token_digest(key), name)
        if done is None:
            raise GameError("name_taken", "another player has this name: choose another", 409)
        if not done:
            raise GameError("bad_profile_key", "this key opens no profile", 401)
        return {"id": profile_id, "name": name}

    # -- reading -------------------------------------------------------------------------------
    async def public(self, profile_id: str) -> dict[str, Any]:
        """What anyone may see of a profile: name, ratings and statistics (never its key)."""
        store = self._store()
        if not isinstance(profile_id, str) or len(profile_id) > 32:
            raise GameError("unknown_profile", "there is no such profile", 404)
        got: Profile | None = await self.run(store.get, profile_id)
        if got is None:
            raise GameError("unknown_profile", "there is no such profile", 404)
        rows = await self.run(store.results, profile_id)
        ratings = await self.run(store.ratings, profile_id)
        return {
            "id": got.profile_id, "name": got.name, "created": got.created,
            "rating": (_rating_json(*ratings["all"]) if "all" in ratings else None),
            "ratings": {pool: _rating_json(*line) for pool, line in sorted(ratings.items())},
            "stats": self._stats(rows),
        }

    @staticmethod
    def _stats(rows: list[tuple[int, str, str, int, int, int]]) -> dict[str, Any]:
        def add(acc: dict[str, list[int]], key: str, score: int, won: int) -> None:
            a = acc.setdefault(key, [0, 0, 0])
            a[0] += 1
            a[1] += won
            a[2] += score

        total: dict[str, list[int]] = {}
        by_players: dict[str, list[int]] = {}
        by_variant: dict[str, list[int]] = {}
        by_module: dict[str, list[int]] = {}
        rated = 0
        for players, variant, modules, score, won, is_rated in rows:
            add(total, "all", score, won)
            add(by_players, str(players), score, won)
            add(by_variant, variant, score, won)
            for m in [m for m in modules.split(",") if m] or ["base"]:
                add(by_module, m, score, won)
            rated += is_rated
        line = total.get("all", [0, 0, 0])
        return {
            **_stats_line(*line), "rated_games": rated,
            "by_players": {k: _stats_line(*v) for k, v in sorted(by_players.items())},
            "by_variant": {k: _stats_line(*v) for k, v in sorted(by_variant.items())},
            "by_module": {k: _stats_line(*v) for k, v in sorted(by_module.items())},
        }

    async def leaderboard(self, players: Any = None, variant: Any = None, page: Any = None,
                          min_games: Any = None) -> dict[str, Any]:
        store = self._store()
        pool = pool_of(players, variant)
        page_no = whole(page, "page", 1, 10000, 1)
        least = whole(min_games, "min_games", 1, 10000, MIN_GAMES)
        total, rows = await self.run(store.leaderboard, pool, least, (page_no - 1) * PER_PAGE,
                                     PER_PAGE)
        first = (page_no - 1) * PER_PAGE
        return {
            "pool": pool, "players": int(players) if players else None,
            "variant": variant or None, "min_games": least, "page": page_no,
            "per_page": PER_PAGE, "total": total,
            "entries": [
                {"place": first + i + 1, "id": pid, "name": name, **r.to_json(), "games": n,
                 "provisional": False}
                for i, (pid, name, r, n) in enumerate(rows)
            ],
        }

    # -- the end of a game ---------------------------------------------------------------------
    def ended(self, live: Live) -> None:
        """``live`` may have ended (seen here: stored here, or caught up from another
        process): write its end in the background, once (the store's guard makes it once
        over every process)."""
        if self.store is None or live.status != "over" or live.game_id in self._recorded:
            return
        self._recorded.add(live.game_id)
        task = asyncio.get_running_loop().create_task(self._write_end(live))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _write_end(self, live: Live) -> None:
        try:
            await self.game_over(live)
        except asyncio.CancelledError:
            raise
        except Exception:
            self._recorded.discard(live.game_id)  # tried again when next seen
            log.exception("game %s: its result could not be written to the profiles",
                          live.game_id)

    async def game_over(self, live: Live) -> bool:
        """Write the end of ``live`` (statistics and, if rated, ratings). True if this call
        wrote it; False if there was nothing to write or it had been written already."""
        end = game_end(live)
        if end is None or self.store is None:
            return False
        shared: list[tuple[int, int]] = []
        if end.rated and self.fair is not None:
            end, shared = await self.fair.honest(live, end)
        wrote: bool = await self.run(self.store.record_end, end, rate)
        if wrote:
            log.info("game %s: results written for %d profile(s)%s", live.game_id,
                     len(end.seats), ", rated" if end.rated else "")
            if self.fair is not None:  # once over every process: this call wrote the end
                await self.fair.game_recorded(live, shared)
        return wrote

    async def write_missed(self, get: Callable[[str], Awaitable[Live]]) -> int:
        """Write the ends that were never written (the server stopped between a game's last
        move and its results); ``get`` loads a game. How many this call wrote."""
        if self.store is None:
            return 0
        wrote = 0
        for gid in await self.run(self.store.unwritten):
            try:
                live = await get(gid)
                wrote += await self.game_over(live)
            except (GameError, ValueError):  # gone, or no longer replays: nothing to write
                log.warning("game %s: its results could not be written", gid)
                continue
            self._recorded.add(gid)
        return wrote

    async def settle(self) -> None:
        """Wait for the ends being written (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
