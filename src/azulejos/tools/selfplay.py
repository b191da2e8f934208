"""Uniformly random self-play (records for testing and interchange), hosted like any game.

Every game is a play-layer :class:`~azulejos.play.Host` of random bots, dealt by the one
seeding scheme (:mod:`azulejos.play.seeding`): game 0 of a run with ``--seed S`` deals what
``azulejos play --seed S`` and ``azulejos demo --seed S`` deal. Each game's seed depends only
on the run's seed and the game's index, so the records are the same however many processes
play them (:func:`records`, ``azulejos selfplay --jobs N``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Generator
from functools import partial
from typing import TYPE_CHECKING

from azulejos.core import Ruleset, State
from azulejos.play import Host, Seat, Seeding, Session

if TYPE_CHECKING:
    from azulejos.notation.record import Record

GENERATOR = "azulejos selfplay (uniform random)"


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a self-play run with ``seed`` (stable across runs):
    ``seed`` itself for the first game."""
    if index == 0:
        return seed
    digest = hashlib.sha256(f"azulejos-selfplay:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def random_host(rules: Ruleset, seed: int) -> Host:
    """A new game of ``rules`` between uniformly random bots, dealt from ``seed``."""
    seats = [Seat(f"Random {p + 1}", "random") for p in range(rules.players)]
    return Host(Session.new(seats, rules, Seeding(seed)))


def random_game(rules: Ruleset, seed: int, index: int = 0) -> State:
    """Play one game of ``rules`` with uniformly random legal moves; the state keeps its
    history."""
    host = random_host(rules, game_seed(seed, index))
    host.run_bots()
    return host.state


def game_record(rules: Ruleset, seed: int, index: int) -> Record:
    """The record of game ``index`` of a self-play run with ``seed``."""
    from azulejos.notation.record import record_of

    st = random_game(rules, seed, index)
    return record_of(st, seed=seed, game=index, generator=GENERATOR)


def _ignore_sigint() -> None:
    """A pool worker leaves Ctrl-C to the parent, which ends the pool."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def records(rules: Ruleset, seed: int, games: int, jobs: int = 1) -> Generator[Record, None, None]:
    """The records of games ``0 .. games - 1`` of a run with ``seed``, in that order, played in
    this process (``jobs`` = 1) or in ``jobs`` processes: the same records either way. Closing
    the iterator early (or Ctrl-C while it waits) ends the pool's processes at once."""
    if jobs <= 1 or games <= 1:
        for i in range(games):
            yield game_record(rules, seed, i)
        return
    import multiprocessing

    # multiprocessing's Pool, not concurrent.futures: its terminate() stops the thread that
    # replaces workers before it ends them, so no worker outlives an early stop.
    pool = multiprocessing.Pool(min(jobs, games), initializer=_ignore_sigint)
    try:
        yield from pool.imap(partial(game_record, rules, seed), range(games))
    except BaseException:  # Ctrl-C, or the caller stopped early (GeneratorExit)
        pool.terminate()  # a game in progress is dropped, not waited for
        pool.join()
        raise
    pool.close()
    pool.join()
