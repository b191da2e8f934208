"""The bot side of the external-bot protocol (``docs/protocol.md``): read commands, answer moves.

Time (``docs/protocol.md``, "Thinking time"): ``go movetime MS`` gives MS milliseconds
(a decimal number, ``250`` or ``250.5``), counted from the moment the ``go`` line is read; the
search ends a safety margin of milliseconds before that (:func:`search_seconds`), widened
while the last answers came late (:class:`Lag`: a busy machine), so that ``bestmove`` is
written within MS. A bare ``go``
thinks for :data:`DEFAULT_MOVETIME_MS`. Every other ``go`` (a malformed ``movetime``, clock
forms such as ``go wtime ... btime ...``, ``go infinite``) is refused with an ``info error``
line before any search, and then answered as a bare ``go``: never with the long default of a
bot that is given no time. ``go timeleft MS [increment MS]`` gives the player's game clock
instead: the time manager (:mod:`.timecontrol`) turns it into this move's movetime.
"""

from __future__ import annotations

import math
import re
import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

from azulejos.core import State

from .base import Agent, Budget
from .protocol import PROTOCOL_VERSION, ProtocolError, parse_position
from .registry import make_agent

#: ``go`` with no usable time thinks this many milliseconds: short enough for any runner.
DEFAULT_MOVETIME_MS = 100.0
#: Kept back from ``movetime``: the search stops SAFETY_MS + SAFETY_SHARE x movetime before the
#: deadline (12.5 ms of 250, 20 ms of 1000), which leaves time to finish the last iteration, to
#: free the search tree (it grows with the time searched: ~5-15 ms per second of ``mcts``
#: search here) and to write the answer.
SAFETY_MS = 10.0
SAFETY_SHARE = 0.01

#: The adaptive part of the margin (:class:`Lag`) remembers this many of the last answers, and
#: never takes more than this share of ``movetime``.
LAG_MOVES = 8
LAG_SHARE = 0.25

#: Python's thread switch interval (seconds) while the kernels load in the background.
LOADING_SWITCH_INTERVAL = 0.0002

_NUMBER = re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)", re.ASCII)


def parse_go(rest: str) -> tuple[float, str | None]:
    """The milliseconds a ``go`` command allows, from the words after ``go``, and an error text
    when the command is refused (the milliseconds are then :data:`DEFAULT_MOVETIME_MS`).

    >>> parse_go("movetime 250.5")
    (250.5, None)
    >>> parse_go("")
    (100.0, None)
    >>> parse_go("movetime abc")[1]
    "movetime must be a number of milliseconds such as 250 or 250.5, not 'abc'"
    """
    words = rest.split()
    if not words:
        return DEFAULT_MOVETIME_MS, None
    if words[0] == "movetime":
        if len(words) == 2 and _NUMBER.fullmatch(words[1]) and math.isfinite(float(words[1])):
            return float(words[1]), None
        if len(words) == 1:
            return DEFAULT_MOVETIME_MS, "movetime needs a number of milliseconds, e.g. 'go movetime 250'"
        if len(words) == 2:
            return DEFAULT_MOVETIME_MS, (
                f"movetime must be a number of milliseconds such as 250 or 250.5, not {words[1]!r}"
            )
    return DEFAULT_MOVETIME_MS, (
        f"'go {' '.join(words)}' is not supported: only 'go' and 'go movetime MS' "
        "(and 'go timeleft MS [increment MS]' for a game clock; wtime/btime, infinite, depth or "
        "nodes are not)"
    )


def parse_timeleft(rest: str) -> tuple[tuple[float, float] | None, str | None]:
    """``go timeleft MS [increment MS]``: the clock of the player to move (milliseconds left
    for the rest of the game, and added after each move), or None when ``rest`` is not that
    form; an error text when it is, but malformed (docs/protocol.md, "Game clocks").

    >>> parse_timeleft("timeleft 60000 increment 500")
    ((60000.0, 500.0), None)
    >>> parse_timeleft("movetime 250")
    (None, None)
    >>> parse_timeleft("timeleft x")[1]
    "timeleft needs milliseconds: 'go timeleft MS' or 'go timeleft MS increment MS', not 'timeleft x'"
    """
    words = rest.split()
    if not words or words[0] != "timeleft":
        return None, None
    ok = len(words) in (2, 4) and (len(words) == 2 or words[2] == "increment")
    nums = words[1::2]
    if ok and all(_NUMBER.fullmatch(w) and math.isfinite(float(w)) for w in nums):
        return (float(nums[0]), float(nums[1]) if len(nums) > 1 else 0.0), None
    return None, ("timeleft needs milliseconds: 'go timeleft MS' or 'go timeleft MS increment "
                  f"MS', not {' '.join(words)!r}")


def clock_movetime(left_ms: float, increment_ms: float, state: State) -> float:
    """The movetime (ms) the time manager gives the move due in ``state`` on a clock of
    ``left_ms`` with ``increment_ms`` (:func:`azulejos.agents.timecontrol.allot`)."""
    from .timecontrol import Clock, allot

    return 1000.0 * allot(Clock(left_ms / 1000.0, increment_ms / 1000.0), state)


def search_seconds(ms: float, elapsed: float = 0.0) -> float:
    """Seconds of search for a ``movetime`` of ``ms`` when ``elapsed`` seconds have already
    gone since the ``go`` line was read: the rest, less the safety margin (:data:`SAFETY_MS`
    plus :data:`SAFETY_SHARE` of ``ms``, or half of ``ms`` when that is less), never negative.

    >>> round(search_seconds(250), 4), round(search_seconds(1000), 4), search_seconds(4)
    (0.2375, 0.98, 0.002)
    """
    margin = min(SAFETY_MS + SAFETY_SHARE * ms, ms / 2) / 1000
    return max(0.0, ms / 1000 - margin - elapsed)


class Lag:
    """The adaptive part of the safety margin: how far the last answers ate into the fixed
    margin beyond half of it (the process waiting for a CPU on a busy machine: every chunk of
    search, freeing the tree and writing the answer take longer than they should). The next
    searches stop that much earlier: the largest of the last :data:`LAG_MOVES` such delays, at
    most :data:`LAG_SHARE` of ``movetime``. On an idle machine an answer uses a few ms of the
    margin (10 ms + 1 %), and the lag stays 0.

    >>> lag = Lag()
    >>> lag.observe(ms=250, used_ms=263.75)  # 20 ms past 250 less half of the 12.5 ms margin
    >>> lag.seconds(250), lag.seconds(40)
    (0.02, 0.01)
    >>> lag.observe(ms=250, used_ms=240.0)  # on time: the lag remembers the late one
    >>> lag.seconds(250)
    0.02
    """

    def __init__(self) -> None:
        self.late: list[float] = []  # ms past the deadline less half the fixed margin

    def observe(self, ms: float, used_ms: float) -> None:
        """Note one answer: ``used_ms`` from reading ``go movetime ms`` to writing ``bestmove``."""
        half = (ms - 1000 * search_seconds(ms)) / 2
        self.late = [*self.late[-(LAG_MOVES - 1):], max(0.0, used_ms - (ms - half))]

    def seconds(self, ms: float) -> float:
        """Seconds to stop earlier for a ``movetime`` of ``ms``."""
        return min(max(self.late, default=0.0), LAG_SHARE * ms) / 1000


def uses_fast_kernels(agent: object) -> bool:
    """Whether ``agent`` calls the numba kernels of :mod:`azulejos.fast` (the bot class says so
    with a ``uses_fast_kernels = True`` attribute)."""
    return bool(getattr(agent, "uses_fast_kernels", False))


def prepare(agent: object) -> None:
    """Load what ``agent`` needs before its first clock starts, nothing for the bots that do not
    use the numba kernels: a bot with a ``prepare()`` of its own loads just its kernels through
    it (``fastmcts``: the search kernels), any other kernel bot loads them all
    (:func:`azulejos.fast.warmup`). Compiled, or loaded from numba's disk cache, under the
    cache lock (:func:`azulejos.fast.load`: processes starting together share one compile)."""
    if uses_fast_kernels(agent):
        from azulejos import fast

        own = getattr(agent, "prepare", None)
        if callable(own):
            fast.load(own)
        else:
            fast.warmup()


def has_twin(agent: object) -> bool:
    """Whether ``agent`` can search without its kernels, in pure Python (``fastmcts`` and
    ``expert``: a ``use_kernels`` switch), so that a move need not wait for them to load."""
    return isinstance(getattr(agent, "use_kernels", None), bool)


class Preparation:
    """:func:`prepare` of a bot in a background thread, started with the engine, so that the
    kernels load while the runner is still sending ``azulejos`` and ``position``. Nothing runs
    for bots without kernels. A bot with a pure-Python twin (:func:`has_twin`) need not wait
    for it: ``isready`` answers at once and a move due before the kernels are in searches in
    pure Python; any other kernel bot waits for them at ``isready`` (or at a ``go`` sent before
    it, inside its time)."""

    def __init__(self, agent: object) -> None:
        self.thread: threading.Thread | None = None
        self.error: Exception | None = None
        if uses_fast_kernels(agent):
            self.thread = threading.Thread(target=self._run, args=(agent,), daemon=True,
                                           name="azulejos-kernels")
            self.thread.start()

    def _run(self, agent: object) -> None:
        # The loading makes many short calls that release the GIL; each has to win it back
        # from a search running in pure Python meanwhile, which hands it over only every
        # switch interval (5 ms by default): loading would take several times as long.
        interval = sys.getswitchinterval()
        sys.setswitchinterval(LOADING_SWITCH_INTERVAL)
        try:
            prepare(agent)
        except Exception as e:  # reported by wait(), in the engine's thread
            self.error = e
        finally:
            sys.setswitchinterval(interval)

    def loading(self) -> bool:
        """Whether the kernels are still loading."""
        return self.thread is not None and self.thread.is_alive()

    def wait(self) -> str | None:
        """Wait until the bot is prepared (at once if it is, or needs nothing); the error of a
        failed preparation, once (the kernels then load on first use)."""
        if self.thread is not None:
            self.thread.join()
            self.thread = None
            if self.error is not None:
                error, self.error = self.error, None
                return f"{type(error).__name__}: {error}"
        return None

    def ended(self) -> str | None:
        """:meth:`wait` if the preparation has ended, without waiting: its error, once (None
        while it is still loading)."""
        return None if self.loading() else self.wait()


def greeting_error(rest: str) -> str | None:
    """Why the greeting ``azulejos REST`` cannot be accepted (None for ``azulejos 1``): this
    engine speaks version :data:`PROTOCOL_VERSION` only (docs/protocol.md).

    >>> greeting_error("1") is None
    True
    >>> greeting_error("2")
    "protocol version '2' is not supported: this engine speaks version 1 only ('azulejos 1')"
    """
    words = rest.split()
    if words == [str(PROTOCOL_VERSION)]:
        return None
    if not words:
        return f"the greeting needs the protocol version: 'azulejos {PROTOCOL_VERSION}'"
    return (f"protocol version {' '.join(words)!r} is not supported: this engine speaks version "
            f"{PROTOCOL_VERSION} only ('azulejos {PROTOCOL_VERSION}')")


def serve(
    spec: str, seed: int | None, inp: TextIO, out: TextIO,
    on_bad_spec: Callable[[ValueError], str] = str,
) -> int:
    """Answer protocol commands from ``inp`` until ``quit`` or end of input. Returns 0, or 2 if
    the bot spec is unknown. Bad commands get an ``info error ...`` line and change nothing.
    ``on_bad_spec`` is told the error of a spec or seed that makes no bot and returns the text
    of the ``info error`` line (``azulejos engine`` also says it to the person, on stderr, in
    the same sentence)."""

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    try:
        agent: Agent = make_agent(spec, seed)
    except ValueError as e:
        say(f"info error {on_bad_spec(e)}")
        return 2
    ready = Preparation(agent)
    wait_for_kernels = False  # ``setoption kernels wait``: isready waits even with a twin
    lag = Lag()
    state: State | None = None
    for raw in inp:
        start = time.perf_counter()
        line = raw.strip()
        if not line:
            continue
        cmd, _, rest = line.partition(" ")
        if cmd == "azulejos":
            say(f"id name azulejos {agent.name}")
            say(f"id protocol {PROTOCOL_VERSION}")
            refused = greeting_error(rest)
            say("azulejosok" if refused is None else f"info error {refused}")
        elif cmd == "isready":
            quick = has_twin(agent) and not wait_for_kernels
            failed = ready.ended() if quick else ready.wait()
            if failed is not None:
                say(f"info error the bot's kernels did not load ({failed}); they load on first use")
            say("readyok")
        elif cmd == "setoption":
            parts = rest.split()
            if len(parts) == 2 and parts[0] == "seed":
                try:
                    new_seed = int(parts[1])
                    if new_seed < 0:  # as every command's --seed
                        raise ValueError(parts[1])
                    agent = make_agent(spec, new_seed)
                except ValueError:
                    say(f"info error seed must be a whole number >= 0, not {parts[1]!r}")
            elif len(parts) == 2 and parts[0] == "kernels" and parts[1] in ("wait", "background"):
                wait_for_kernels = parts[1] == "wait"
            else:
                say(f"info error unknown option {rest!r}")
        elif cmd == "newgame":
            state = None
        elif cmd == "position":
            try:
                state = parse_position(line)
            except ProtocolError as e:
                state = None
                say(f"info error {e}")
        elif cmd == "go":
            clock, error = parse_timeleft(rest)
            ms = DEFAULT_MOVETIME_MS
            if clock is None and error is None:
                ms, error = parse_go(rest)
            if error is not None:
                say(f"info error {error}; thinking for the default {DEFAULT_MOVETIME_MS:g} ms")
            if state is None or not state.legal_moves():
                say("info error no position with a move to make (send 'position ...' first)")
                say("bestmove none")
                continue
            if clock is not None:
                ms = clock_movetime(clock[0], clock[1], state)
                say(f"info movetime {ms:.1f}")
            twin = has_twin(agent) and ready.loading()
            if not twin and (failed := ready.wait()) is not None:
                say(f"info error the bot's kernels did not load ({failed}); they load on first use")
            if twin:
                say("info kernels still loading: this move is searched in pure Python")
            if has_twin(agent):
                agent.use_kernels = not twin  # type: ignore[attr-defined]
            position = state.copy()
            wait = search_seconds(ms, time.perf_counter() - start) - lag.seconds(ms)
            move = agent.choose(position, Budget(seconds=max(0.0, wait)))
            used = (time.perf_counter() - start) * 1000
            lag.observe(ms, used)
            its = getattr(agent, "last_iterations", None)
            say(f"info time {used:.1f}" + (f" iterations {its}" if isinstance(its, int) else ""))
            say(f"bestmove {move.text()}")
        elif cmd == "quit":
            break
        else:
            say(f"info error unknown command {cmd!r}")
    close = getattr(agent, "close", None)
    if callable(close):
        close()
    return 0
