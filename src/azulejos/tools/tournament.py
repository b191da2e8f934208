"""Tournaments between bots: paired deals, seats rotated, games in parallel processes or on Ray.

* **Lineups.** With as many bots as players, every game seats all of them; with more, every
  combination of ``players`` bots meets, or on a *ladder* only neighbours in the order given
  (``easy,medium,hard`` at 2 players: ``easy-medium`` and ``medium-hard``, so the rating scale
  is built from the close games that measure it, not from lopsided ones); with fewer, the bots
  are repeated in turn to fill the seats (``A,B`` at 3 players seats ``A,B,A``).
* **One host.** Every game is a play-layer :class:`~azulejos.play.Host` over a
  :class:`~azulejos.play.Session`, as in the terminal and on the web: the same seeding scheme,
  the bots driven by the host, and the same failing-bot policy object
  (:data:`~azulejos.play.FORFEIT` here).
* **Paired deals.** A deal is one seed of the seeding scheme (:mod:`azulejos.play.seeding`),
  derived by :func:`azulejos.play.pairing.deal_seed` (shared with the web's tournaments).
  Each lineup plays every deal once per rotation of the seats, so every bot sits in every seat
  with the same chance draws. Fills are drawn from the bag counts (R21), so they are identical
  across the rotations until the bag first runs empty and the box lid - which depends on play -
  refills it (R22).
* **Failures.** A bot that crashes, hangs, times out, answers garbage or an illegal move, or
  raises, forfeits that game: the game stops, the other seats share the victory, and the
  failure is reported with its kind and message. The tournament goes on.
"""

from __future__ import annotations

import itertools
import math
import zlib
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from azulejos.agents import Agent, Budget, make_agent
from azulejos.core import Ruleset, State
from azulejos.core.errors import CodedError
from azulejos.notation import dumps, record_of
from azulejos.play import FORFEIT, Clock, Forfeit, Host, Seat, Seeding, Session
from azulejos.play.pairing import deal_seed as pairing_deal_seed
from azulejos.play.ratings import ranks_of

#: What can be wrong with the bots of :func:`schedule`: the ``code`` of a :class:`LineupError`
#: and the parameters it carries (``commands/tournament.py`` says them in the user's language).
LINEUP_ERROR_CODES: dict[str, tuple[str, ...]] = {
    "too_few_bots": ("count",),  # count: the bots given (0 or 1)
    "bot_twice": ("bot",),  # bot: the first spec named twice
}


class LineupError(CodedError):
    """Bots that cannot play a tournament (codes: :data:`LINEUP_ERROR_CODES`)."""

    CODES = LINEUP_ERROR_CODES


@dataclass(frozen=True)
class GameJob:
    index: int
    deal: int
    lineup: tuple[str, ...]  # bot spec per seat
    ruleset: Ruleset  # players, wall side and modules (R8, R30, R40-R47)
    seconds: float | None
    seed: int
    secret: str = ""  # mixed into the deals; kept from the bots until the tournament ends

    @property
    def players(self) -> int:
        return self.ruleset.players

@dataclass
class GameResult:
    index: int
    deal: int
    lineup: list[str]
    scores: list[int]
    winners: list[int]
    ranks: list[int]  # 1 = best; ties share the better rank
    rounds: int
    moves: int
    think: list[float]  # mean seconds per move of each seat
    think_max: list[float]
    forfeit: dict[str, Any] | None = None
    record: str = field(default="", repr=False)

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d.pop("record")
        return d


def check_lineup(bots: list[str]) -> None:
    """:class:`LineupError` unless ``bots`` names at least 2 bots, each once (copies of one bot
    are told apart by their options, such as ``greedy:eps=0.1``)."""
    if len(bots) < 2:
        raise LineupError("a tournament needs at least 2 bots", "too_few_bots", count=len(bots))
    twice = next((b for i, b in enumerate(bots) if b in bots[:i]), None)
    if twice is not None:
        raise LineupError(f"each bot may be named once (give options to tell copies apart): "
                          f"{twice!r} is named twice", "bot_twice", bot=twice)


def schedule(
    bots: list[str], rules: Ruleset | int, games: int, seed: int = 0,
    seconds: float | None = None, secret: str = "", ladder: bool = False,
) -> list[GameJob]:
    """Every game of the tournament under ``rules`` (a :class:`Ruleset`, modules included;
    a bare player count means the base game on the coloured wall). ``games`` is per lineup,
    rounded up to a multiple of the player count so that each deal is played in every seat
    rotation. A non-empty ``secret`` is mixed into every deal, so that a bot that knows the
    seed cannot predict the fills. With ``ladder``, only runs of ``players`` neighbours in the
    order of ``bots`` meet. Bots that cannot play raise :class:`LineupError`
    (:func:`check_lineup`)."""
    ruleset = rules if isinstance(rules, Ruleset) else Ruleset(rules)
    players = ruleset.players
    check_lineup(bots)
    if len(bots) <= players:
        groups = [tuple(bots[i % len(bots)] for i in range(players))]
    elif ladder:
        groups = [tuple(bots[i:i + players]) for i in range(len(bots) - players + 1)]
    else:
        groups = list(itertools.combinations(bots, players))
    deals = math.ceil(games / players)
    jobs: list[GameJob] = []
    for group in groups:
        for d in range(deals):
            for r in range(players):
                lineup = tuple(group[(s + r) % players] for s in range(players))
                jobs.append(GameJob(len(jobs), d, lineup, ruleset, seconds, seed, secret))
    return jobs


def _seed_of(job: GameJob, seat: int) -> int:
    return zlib.crc32(f"{job.seed}:{job.deal}:{job.index}:{seat}".encode())


def deal_seed(job: GameJob) -> int:
    """The seed of a job's deal: the same for every game of the deal (paired deals); with a
    secret, not computable from the public seed."""
    return pairing_deal_seed(job.seed, job.secret, job.deal)  # shared with the web's tournaments


def warm_up(agents: Iterable[Agent]) -> None:
    """Load what each bot of a game needs (its numba kernels, compiled or loaded from the disk
    cache, under the cache lock: :func:`azulejos.agents.engine.prepare`) before any clock runs,
    so that no move pays for a compile (one took 53.6 s when a worker process compiled the
    search kernels inside an ``expert`` move). Cheap once the kernels are loaded in the
    process; nothing for bots that do not use them."""
    from azulejos.agents.engine import prepare

    for agent in agents:
        prepare(agent)


def play_game(job: GameJob) -> GameResult:
    """Play one game on a session; a failing bot forfeits it (never raises for a bot's fault)."""
    n = job.players
    agents: dict[int, Agent] = {}
    forfeit: dict[str, Any] | None = None
    clock = Clock(n)
    state = State.new(job.ruleset)
    budget = Budget(seconds=job.seconds) if job.seconds is not None else None
    try:
        for seat, spec in enumerate(job.lineup):
            try:
                agents[seat] = make_agent(spec, _seed_of(job, seat))
            except ValueError as e:
                forfeit = {"seat": seat, "bot": spec, "kind": "start", "message": str(e)}
                break
        if forfeit is None:
            warm_up(agents.values())
            session = Session.new(
                [Seat(spec, spec) for spec in job.lineup], job.ruleset, Seeding(deal_seed(job)),
                policy=FORFEIT, agents=agents, bot_budget=budget, clock=clock,
            )
            try:
                Host(session).run_bots()  # the play layer drives the bots (one policy)
            except Forfeit as f:
                forfeit = f.to_json()
            state = session.state
    finally:
        for a in agents.values():
            close = getattr(a, "close", None)
            if callable(close):
                close()
    scores = state.scores
    if forfeit is not None:
        loser = forfeit["seat"]
        winners = [s for s in range(n) if s != loser]
        ranks = [n if s == loser else 1 for s in range(n)]
        forfeit["round"] = state.round
    else:
        winners = state.winners()
        ranks = ranks_of(scores, [state.player(p).complete_rows for p in range(n)])
    extra: dict[str, Any] = {
        "event": "azulejos tournament", "bots": list(job.lineup), "seed": job.seed,
        "deal": job.deal, "game": job.index, "seconds_per_move": job.seconds,
    }
    if forfeit is not None:
        extra["forfeit"] = forfeit
    record = dumps(record_of(state, **extra))
    return GameResult(
        job.index, job.deal, list(job.lineup), scores, winners, ranks, state.round,
        clock.moves, [clock.mean(p) for p in range(n)], list(clock.longest), forfeit, record,
    )


Progress = Callable[[GameResult], None]


class Interrupted(Exception):
    """Ctrl-C during :func:`run_local`: the games not yet played are cancelled; ``results``
    holds the finished ones (sorted by index)."""

    def __init__(self, results: list[GameResult]) -> None:
        super().__init__("interrupted")
        self.results = results


def _ignore_sigint() -> None:
    """A pool worker leaves Ctrl-C to the parent, which ends the pool (no traceback each)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(jobs: list[GameJob], workers: int = 1, progress: Progress | None = None) -> list[GameResult]:
    """Play the games in this process (``workers`` = 1) or in a pool of processes. On Ctrl-C
    the pending games are cancelled and the pool's processes ended at once; :class:`Interrupted`
    carries the finished games."""
    results: list[GameResult] = []
    if workers <= 1 or len(jobs) <= 1:
        try:
            for job in jobs:
                r = play_game(job)
                results.append(r)
                if progress:
                    progress(r)
        except KeyboardInterrupt:
            raise Interrupted(sorted(results, key=lambda r: r.index)) from None
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
        try:
            futures = [pool.submit(play_game, job) for job in jobs]
            for fut in as_completed(futures):
                r = fut.result()
                results.append(r)
                if progress:
                    progress(r)
        except KeyboardInterrupt:
            processes = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for proc in processes:  # a game in progress is dropped, not waited for
                proc.terminate()
            for proc in processes:
                proc.join(5)
            raise Interrupted(sorted(results, key=lambda r: r.index)) from None
        pool.shutdown()
    return sorted(results, key=lambda r: r.index)


def run_ray(jobs: list[GameJob], address: str, progress: Progress | None = None) -> list[GameResult]:
    """Play the games as tasks on the Ray cluster at ``address`` (records come back to us)."""
    import ray

    ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    try:
        task = ray.remote(num_cpus=1)(play_game)
        pending = [task.remote(job) for job in jobs]
        results: list[GameResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            r = ray.get(done[0])
            results.append(r)
            if progress:
                progress(r)
    finally:
        ray.shutdown()
    return sorted(results, key=lambda r: r.index)


def bots_in(results: Iterable[GameResult]) -> list[str]:
    seen: dict[str, None] = {}
    for r in results:
        for b in r.lineup:
            seen.setdefault(b, None)
    return list(seen)
