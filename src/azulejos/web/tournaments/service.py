"""Tournaments for people, run by the server (docs/api.md, "Tournaments").

A signed-in account creates a tournament (Swiss of N rounds, or round-robin; two, three or
four players a game, round-robin two only; a wall side and the special displays; a clock; a start time or a start by its creator;
bots allowed or not). Accounts join and leave while it is open; its creator may add bots.

At the start and after each round the round is paired (:mod:`azulejos.play.pairing`, shared
with ``azulejos tournament``): Swiss by points then rating (the profile's two-player rating
ordinal; bots 0), no repeat pairings where avoidable, a bye (1 point) when the field is odd;
round-robin by the circle method. With 3 or 4 players a game, Swiss seats tables of that many
(:mod:`azulejos.play.tables`: tables of one fewer where the field does not divide, the fewest
repeat meetings, the start seat in turn, points by place). Every game of a round is dealt from the round's deal seed
(paired deals: the same fills until the bag first runs empty), made through the game service
with each account on its seat (claimed, so it is in the account's ``/api/account/games`` on
any device) and bots played by the service as usual. Games where every seat is an account are
rated; games with a bot are not.

A round ends when all its games have ended (the clocks, stand-ins and expiry of the game
service apply; an expired game counts as lost by both). Whichever process sees that first
pairs the next round: the store's conditional update lets one do it. A process looks when a
tournament game ends here (the service's commit hook), and at every tournament request (so
games ended elsewhere, expiries and start times are seen too). After the last round the
tournament is finished with its standings: points, then Buchholz, then the total game score.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from azulejos.core.results import result
from azulejos.core.rules import VARIANTS, Phase
from azulejos.core.ruleset import MODULES
from azulejos.play.pairing import (
    BYE_POINTS,
    Played,
    circle_round,
    circle_rounds,
    deal_seed,
    first_seats,
    standings,
    swiss_round,
)
from azulejos.play.ratings import ranks_of
from azulejos.play.tables import bye_points, place_points, seat_order, swiss_tables

from ..live import Live
from ..profile_store import Profile
from ..protocol import MAX_NAME, GameError, clean_name, only_fields, parse_create, unknown_level
from .store import Board, Entry, SqlTournaments, Tournament

if TYPE_CHECKING:
    from ..service import GameService

log = logging.getLogger("azulejos.web")
T = TypeVar("T")

FORMATS = ("swiss", "round_robin")
MAX_ROUNDS = 15
MAX_ENTRIES = 64
#: A board whose game is not made this long after it was paired is made by whoever looks.
REMAKE_AFTER = 60.0
LISTED = 50
STATUSES = ("open", "running", "finished")


def _bad(message: str) -> GameError:
    return GameError("malformed", message, 400)


def parse_settings(data: dict[str, Any], bot_levels: list[str], now: float) -> dict[str, Any]:
    """The checked settings of ``POST /api/tournaments`` (``malformed`` naming what is wrong)."""
    allowed = {"name", "format", "rounds", "players", "variant", "clock", "starts_at", "bots",
               *(m.name for m in MODULES)}
    only_fields(data, allowed)
    name = data.get("name")
    if not isinstance(name, str) or not 1 <= len(" ".join(name.split())) <= MAX_NAME \
            or not clean_name(name):
        raise _bad(f"'name' must be a text of 1 to {MAX_NAME} characters")
    fmt = data.get("format", "swiss")
    if fmt not in FORMATS:
        raise _bad("'format' must be \"swiss\" or \"round_robin\"")
    rounds = data.get("rounds", 3 if fmt == "swiss" else None)
    if fmt == "swiss" and (type(rounds) is not int or not 1 <= rounds <= MAX_ROUNDS):
        raise _bad(f"'rounds' must be a whole number from 1 to {MAX_ROUNDS}")
    if fmt == "round_robin" and rounds is not None:
        raise _bad("a round-robin has one round per opponent: leave out 'rounds'")
    players = data.get("players", 2)
    if type(players) is not int or not 2 <= players <= 4:
        raise _bad("'players' must be 2, 3 or 4: the players of each game")
    if fmt == "round_robin" and players != 2:
        raise _bad("a round-robin is played two players a game: with 'players' 3 or 4, "
                   "play a Swiss ('format' \"swiss\")")
    variant = data.get("variant", "coloured")
    if variant not in VARIANTS:
        raise _bad("'variant' must be \"coloured\" or \"grey\" (R8, R30)")
    modules = {m.name: data[m.name] for m in MODULES if m.name in data}
    clock = data.get("clock")
    # the game's own checks: ruleset and clock as POST /api/games takes them
    req = parse_create({"players": players, "variant": variant, **modules,
                        **({"clock": clock} if clock is not None else {})}, bot_levels)
    clock = None if req.clock is None else {
        "kind": req.clock.kind,
        **({"seconds": req.clock.seconds} if req.clock.runs else {}),
        **({"bank": req.clock.bank} if req.clock.bank else {}),
        **({"increment": req.clock.increment} if req.clock.increment else {})}
    starts = data.get("starts_at")
    if starts is not None and (type(starts) not in (int, float) or starts <= now
                               or starts > now + 366 * 86400):
        raise _bad("'starts_at' must be a time (seconds since 1970) within the next year, "
                   "or null for a start by the creator")
    bots = data.get("bots", False)
    if not isinstance(bots, bool):
        raise _bad("'bots' must be true or false")
    return {"name": clean_name(name), "format": fmt, "rounds": rounds or 0,
            "settings": {"players": players, "variant": variant,
                         "modules": [m for m, on in modules.items() if on],
                         "clock": clock, "bots": bots},
            "starts_at": None if starts is None else float(starts)}


def _unknown() -> GameError:
    return GameError("unknown_tournament", "there is no such tournament", 404)


class TournamentService:
    """The tournaments of one server process (see the module text)."""

    def __init__(self, games: GameService, store: SqlTournaments,
                 bot_levels: list[str]) -> None:
        self.games = games
        self.store = store
        self.bot_levels = bot_levels
        self._locks: dict[str, asyncio.Lock] = {}
        self._seen_over: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._after = ""  # the pass's place among the due tournaments (:meth:`tick`)

    def now(self) -> float:
        return self.games.now()

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        run: Callable[..., Awaitable[T]] = self.games.profiles.run
        return await run(fn, *args)

    async def _get(self, tid: Any) -> Tournament:
        if not isinstance(tid, str) or len(tid) > 32:
            raise _unknown()
        got = await self._db(self.store.get, tid)
        if got is None:
            raise _unknown()
        return got

    # -- before the start ----------------------------------------------------------------------
    async def create(self, who: Profile, data: dict[str, Any]) -> dict[str, Any]:
        s = parse_settings(data, self.bot_levels, self.now())
        t = Tournament(secrets.token_urlsafe(8), s["name"], who.profile_id, s["format"],
                       s["rounds"], s["settings"], s["starts_at"], "open", 0, 0,
                       secrets.token_hex(16), self.now(), None, None)
        await self._db(self.store.create, t)
        log.info("tournament %s made by profile %s", t.tournament_id, who.profile_id)
        return await self.detail(t.tournament_id, who)

    async def join(self, tid: Any, who: Profile) -> dict[str, Any]:
        t = await self._get(tid)
        if t.status != "open":
            raise GameError("not_open", "this tournament has started: it takes no more "
                            "players", 409)
        if len(await self._db(self.store.entries, t.tournament_id)) >= MAX_ENTRIES:
            raise GameError("full", f"this tournament has its {MAX_ENTRIES} players", 409,
                            {"max": MAX_ENTRIES})
        entry = Entry(secrets.token_urlsafe(6), "person", who.profile_id, None, who.name,
                      self.now())
        done = await self._db(self.store.join, t.tournament_id, entry)
        if done == "twice":
            raise GameError("already_joined", "you are in this tournament already", 409)
        if done == "closed":
            raise GameError("not_open", "this tournament has started: it takes no more "
                            "players", 409)
        return await self.detail(t.tournament_id, who)

    async def leave(self, tid: Any, who: Profile) -> dict[str, Any]:
        t = await self._get(tid)
        done = await self._db(self.store.leave, t.tournament_id, who.profile_id)
        if done == "closed":
            raise GameError("not_open", "this tournament has started: its players play it "
                            "to the end", 409)
        if done == "absent":
            raise GameError("not_joined", "you are not in this tournament", 409)
        return await self.detail(t.tournament_id, who)

    async def add_bot(self, tid: Any, who: Profile, level: Any) -> dict[str, Any]:
        t = await self._get(tid)
        if t.creator != who.profile_id:
            raise GameError("not_creator", "only the tournament's creator may add bots", 403)
        if not t.settings.get("bots"):
            raise GameError("no_bots", "this tournament is for people only", 409)
        if not isinstance(level, str):
            raise _bad("'level' must be a bot level")
        if level not in self.bot_levels:
            raise unknown_level(level, self.bot_levels, "'level'")
        if t.status != "open":
            raise GameError("not_open", "this tournament has started: it takes no more "
                            "players", 409)
        entries = await self._db(self.store.entries, t.tournament_id)
        if len(entries) >= MAX_ENTRIES:
            raise GameError("full", f"this tournament has its {MAX_ENTRIES} players", 409,
                            {"max": MAX_ENTRIES})
        same = sum(1 for e in entries if e.kind == "bot" and e.level == level)
        name = f"{level} bot" if not same else f"{level} bot {same + 1}"
        entry = Entry(secrets.token_urlsafe(6), "bot", None, level, name, self.now())
        if await self._db(self.store.join, t.tournament_id, entry) != "ok":
            raise GameError("not_open", "this tournament has started: it takes no more "
                            "players", 409)
        return await self.detail(t.tournament_id, who)

    async def start(self, tid: Any, who: Profile | None) -> dict[str, Any]:
        """Start the tournament (``who``: its creator; None: its start time has come)."""
        t = await self._get(tid)
        if who is not None and t.creator != who.profile_id:
            raise GameError("not_creator", "only the tournament's creator may start it", 403)
        await self._start(t)
        return await self.detail(t.tournament_id, who)

    async def _start(self, t: Tournament) -> None:
        if t.status != "open":
            raise GameError("not_open", "this tournament has started already", 409)
        entries = await self._db(self.store.entries, t.tournament_id)
        ratings = await self._ratings(t, entries)
        rounds = (lambda n: circle_rounds(n)) if t.format == "round_robin" else (
            lambda _n: t.rounds)
        done = await self._db(self.store.start, t.tournament_id, self.now(), rounds,
                              lambda es: self._pair(t, es, [], ratings, 1), _players(t))
        if done == "few":
            n = _players(t)
            raise GameError("too_few_players", f"a tournament of {n}-player games needs at "
                            f"least {n} players", 409, {"min": n})
        if done == "closed":
            raise GameError("not_open", "this tournament has started already", 409)
        log.info("tournament %s started", t.tournament_id)
        await self._make_games(t.tournament_id, 1)

    # -- pairing -------------------------------------------------------------------------------
    async def _ratings(self, t: Tournament, entries: list[Entry]) -> dict[str, float]:
        """The entries' ratings in the pool of the tournament's player count (bots: 0)."""
        ids = [e.profile_id for e in entries if e.profile_id]
        by_profile = await self._db(self.store.ratings, ids, str(_players(t))) if ids else {}
        return {e.entry_id: by_profile.get(e.profile_id or "", 0.0) for e in entries}

    @staticmethod
    def _pair(t: Tournament, entries: list[Entry], boards: list[Board],
              ratings: dict[str, float], rnd: int
              ) -> list[tuple[tuple[str, ...], dict[str, Any] | None]]:
        """The boards of round ``rnd`` after ``boards`` (the rounds before it)."""
        ids = [e.entry_id for e in entries]
        played = _played(boards)
        if _players(t) > 2:
            return _tables(t, ids, boards, played, ratings)
        if t.format == "round_robin":
            pairs, bye = circle_round(ids, rnd - 1)
        else:
            points = {line.entrant: line.points for line in standings(ids, played)}
            index = {e: i for i, e in enumerate(ids)}
            order = sorted(ids, key=lambda e: (-points.get(e, 0.0), -ratings.get(e, 0.0),
                                               index[e]))
            met = {frozenset(b.entries) for b in boards if not b.bye}
            had_bye = {b.entries[0] for b in boards if b.bye}
            pairs, bye = swiss_round(order, met, had_bye)
        firsts: dict[str, int] = {}
        for b in boards:
            if not b.bye:
                firsts[b.entries[0]] = firsts.get(b.entries[0], 0) + 1
        out: list[tuple[tuple[str, ...], dict[str, Any] | None]] = [
            ((first_seats(p, firsts) if t.format == "swiss" else p), None) for p in pairs]
        if bye is not None:
            out.append(((bye,), {"points": [BYE_POINTS], "scores": [0]}))  # (= bye_points(2))
        return out

    async def _make_games(self, tid: str, rnd: int, stale: float | None = None) -> None:
        """Make the games of round ``rnd``'s boards that have none (``stale``: only those whose
        maker's claim is older, taken first)."""
        t = await self._get(tid)
        entries = {e.entry_id: e for e in await self._db(self.store.entries, tid)}
        for b in await self._db(self.store.boards, tid):
            if b.round != rnd or b.bye or b.game_id is not None:
                continue
            if stale is not None and not await self._db(self.store.take_board, tid, rnd,
                                                         b.board, self.now(), stale):
                continue
            try:
                gid = await self._make_game(t, rnd, [entries[e] for e in b.entries])
            except GameError as e:
                log.warning("tournament %s round %d board %d: no game made (%s); tried again "
                            "later", tid, rnd, b.board, e)
                continue
            await self._db(self.store.set_game, tid, rnd, b.board, gid)

    async def _make_game(self, t: Tournament, rnd: int, seats: list[Entry]) -> str:
        s = t.settings
        body: dict[str, Any] = {
            "players": len(seats), "variant": s["variant"], **{m: True for m in s["modules"]},
            "seats": [{"kind": e.kind, "name": e.name, **({"level": e.level} if e.level else {})}
                      for e in seats]}
        if s.get("clock") is not None:
            body["clock"] = s["clock"]
        req = parse_create(body, self.bot_levels)
        seated = {i: Profile(e.profile_id, e.name, 0.0) for i, e in enumerate(seats)
                  if e.kind == "person" and e.profile_id}
        people = len(seated) == len(seats)
        made = await self.games.create(req, None, people, None, seated=seated,
                                       seed=deal_seed(0, t.secret, rnd))
        gid: str = made["game"]
        log.info("tournament %s round %d: game %s", t.tournament_id, rnd, gid)
        return gid

    # -- after each game -----------------------------------------------------------------------
    def game_changed(self, live: Live) -> None:
        """The game service's commit hook: a game that ended may end its tournament's round."""
        if live.status == "playing" or live.game_id in self._seen_over:
            return
        if len(self._seen_over) > 10000:
            self._seen_over.clear()  # (a game seen again only looks again: harmless)
        self._seen_over.add(live.game_id)
        task = asyncio.get_running_loop().create_task(self._game_over(live.game_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _game_over(self, gid: str) -> None:
        try:
            tid = await self._db(self.store.of_game, gid)
            if tid is not None:
                await self.advance(tid)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: its tournament could not go on", gid)

    async def settle(self) -> None:
        """Wait for the rounds being paired after games ended here (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def tick(self, limit: int = 20) -> None:
        """Start the tournaments whose time has come and move on the running ones: ``limit``
        of them a pass, the next pass going on after the last one looked at (then round)."""
        due = await self._db(self.store.due, self.now(), limit, self._after)
        self._after = due[-1] if len(due) == limit else ""
        for tid in due:
            try:
                await self.advance(tid)
            except GameError:
                continue

    async def advance(self, tid: str) -> None:
        """Write the results of the round's ended games; pair the next round (or finish)
        when they have all ended. Safe to call from every process at any time."""
        lock = self._locks.setdefault(tid, asyncio.Lock())
        async with lock:
            t = await self._get(tid)
            if t.status == "open":
                if t.starts_at is not None and t.starts_at <= self.now():
                    try:
                        await self._start(t)
                    except GameError:
                        pass  # too few players yet: it starts once a second one joins
                return
            if t.status != "running":
                return
            boards = await self._db(self.store.boards, tid)
            current = [b for b in boards if b.round == t.round]
            if any(b.game_id is None and not b.bye for b in current):
                await self._make_games(tid, t.round, self.now() - REMAKE_AFTER)
                return
            await self._write_results(t, current)
            boards = await self._db(self.store.boards, tid)
            if any(b.result is None for b in boards if b.round == t.round):
                return
            if t.round >= t.rounds:
                if await self._db(self.store.finish, tid, t.round, self.now()):
                    log.info("tournament %s finished", tid)
                return
            entries = await self._db(self.store.entries, tid)
            ratings = await self._ratings(t, entries)
            nxt = self._pair(t, entries, boards, ratings, t.round + 1)
            if await self._db(self.store.next_round, tid, t.round, self.now(), nxt):
                log.info("tournament %s: round %d paired", tid, t.round + 1)
                await self._make_games(tid, t.round + 1)

    async def _write_results(self, t: Tournament, boards: list[Board]) -> None:
        open_ = [b for b in boards if b.result is None and b.game_id is not None]
        if not open_:
            return
        status = await self._db(self.store.game_status, [b.game_id for b in open_ if b.game_id])
        for b in open_:
            assert b.game_id is not None
            stored = status.get(b.game_id, "playing")
            if stored == "playing":
                continue
            # the game as stored now (another process may have played its end): its summary
            lines = await self.games.profile_summaries([(b.game_id, 0)])
            if not lines:
                continue
            line = lines[0]
            scores = list(line["scores"])
            places: list[int] | None = None
            if line["phase"] == Phase.OVER:
                # the places (R25: points, then complete rows; level on both: shared), from
                # the game just read fresh by the summary
                res = result((await self.games.get(b.game_id)).state)
                scores = list(res.scores)
                places = ranks_of(res.scores, [s.rows for s in res.standings])
                points = place_points(places, _players(t))
            elif stored == "expired":
                points = [0.0] * len(scores)  # nobody moved for the clock's expiry: lost by all
            else:
                continue
            await self._db(self.store.set_result, t.tournament_id, b.round, b.board,
                           {"points": points, "scores": scores, "places": places})

    # -- reading -------------------------------------------------------------------------------
    async def listing(self) -> dict[str, Any]:
        await self.tick()
        out: dict[str, Any] = {}
        for status in STATUSES:
            rows = await self._db(self.store.listed, status, LISTED)
            out[status] = [_summary(t, n) for t, n in rows]
        return out

    async def detail(self, tid: Any, who: Profile | None = None) -> dict[str, Any]:
        t = await self._get(tid)
        if t.status != "finished":
            await self.advance(t.tournament_id)
            t = await self._get(tid)
        entries = await self._db(self.store.entries, t.tournament_id)
        boards = await self._db(self.store.boards, t.tournament_id)
        by_id = {e.entry_id: e for e in entries}
        ids = [e.entry_id for e in entries]
        lines = standings(ids, _played(boards))
        rounds: dict[int, list[dict[str, Any]]] = {}
        for b in boards:
            rounds.setdefault(b.round, []).append({
                "board": b.board + 1, "seats": list(b.entries), "game": b.game_id,
                "bye": b.bye,
                "state": "bye" if b.bye else ("over" if b.result is not None else (
                    "playing" if b.game_id else "waiting")),
                "points": None if b.result is None or b.bye else b.result["points"],
                "scores": None if b.result is None or b.bye else b.result["scores"],
                "places": None if b.result is None or b.bye else b.result.get("places"),
            })
        creator = next((e.name for e in entries if e.profile_id == t.creator), None)
        return {
            **_summary(t, len(entries)),
            "creator": {"profile": t.creator, "name": creator},
            "entrants": [{"id": e.entry_id, "name": e.name, "kind": e.kind, "level": e.level,
                          "profile": e.profile_id} for e in entries],
            "pairings": [{"round": r, "boards": bs} for r, bs in sorted(rounds.items())],
            "standings": [{"place": x.place, "entrant": x.entrant,
                           "name": by_id[x.entrant].name, "kind": by_id[x.entrant].kind,
                           "points": x.points, "buchholz": x.buchholz, "score": x.score,
                           "games": x.games, "byes": x.byes} for x in lines],
            "you": None if who is None else {
                "entered": any(e.profile_id == who.profile_id for e in entries),
                "creator": who.profile_id == t.creator},
        }


def _players(t: Tournament) -> int:
    n: int = t.settings.get("players", 2)
    return n


def _tables(t: Tournament, ids: list[str], boards: list[Board], played: list[Played],
            ratings: dict[str, float]) -> list[tuple[tuple[str, ...], dict[str, Any] | None]]:
    """A Swiss round at tables of 3 or 4 (:mod:`azulejos.play.tables`)."""
    n = _players(t)
    points = {line.entrant: line.points for line in standings(ids, played)}
    index = {e: i for i, e in enumerate(ids)}
    order = sorted(ids, key=lambda e: (-points.get(e, 0.0), -ratings.get(e, 0.0), index[e]))
    met: dict[frozenset[str], int] = {}
    byes: dict[str, int] = {}
    seats: dict[str, list[int]] = {e: [0] * n for e in ids}
    for b in boards:
        if b.bye:
            byes[b.entries[0]] = byes.get(b.entries[0], 0) + 1
            continue
        for s, e in enumerate(b.entries):
            if e in seats:
                seats[e][s] += 1
        for i, a in enumerate(b.entries):
            for o in b.entries[i + 1:]:
                met[frozenset((a, o))] = met.get(frozenset((a, o)), 0) + 1
    tables, bye = swiss_tables(order, met, byes, n)
    out: list[tuple[tuple[str, ...], dict[str, Any] | None]] = [
        (seat_order(table, seats), None) for table in tables]
    out += [((e,), {"points": [bye_points(n)], "scores": [0]}) for e in bye]
    return out


def _played(boards: list[Board]) -> list[Played]:
    return [Played(b.entries, tuple(b.result["points"]), tuple(b.result.get("scores", ())))
            for b in boards if b.result is not None]


def _summary(t: Tournament, entrants: int) -> dict[str, Any]:
    s = t.settings
    return {
        "id": t.tournament_id, "name": t.name, "format": t.format, "status": t.status,
        "round": t.round, "rounds": t.rounds, "players": s["players"], "variant": s["variant"],
        "modules": list(s["modules"]), "clock": s.get("clock"), "bots": bool(s.get("bots")),
        "entrant_count": entrants, "starts_at": t.starts_at, "created": t.created,
        "started": t.started, "finished": t.finished,
    }
