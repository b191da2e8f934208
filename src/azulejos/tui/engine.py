"""The search kernels of hints and of the ``expert`` bot, loaded in the background.

numba compiles them the first time (about a minute on a fresh install; later they load from its
disk cache in a second or two). The game does not wait for that: it starts the loading when it
opens (only when a person, who may ask for a hint, or a bot that uses the kernels plays), and
meanwhile hints and such bots search with the pure-Python twin of the same search, within their
usual time, as the engine protocol does (``agents/engine.py``, ``Preparation``). The table says
that the engine is being prepared while the loading takes longer than a moment.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Sequence

from azulejos.agents.engine import LOADING_SWITCH_INTERVAL, uses_fast_kernels
from azulejos.play import Seat
from azulejos.play.bots import make_bot

#: How long the loading may take before the table says so (a warm disk cache takes less).
NOTE_AFTER = 1.0


def needs_kernels(seats: Sequence[Seat]) -> bool:
    """Whether a game of ``seats`` may use the kernels: a person (hints) or a kernel bot."""
    for seat in seats:
        if not seat.is_bot:
            return True
        if seat.kind != "external" and uses_fast_kernels(make_bot(seat.bot or "", 0).agent):
            return True
    return False


class EngineWarmup:
    """``prepare`` (e.g. :func:`azulejos.agents.hint.prepare_kernels`) run once in a background
    thread; None: nothing to load (hints and bots load their kernels on first use)."""

    def __init__(self, prepare: Callable[[], object] | None) -> None:
        self.prepare = prepare
        self.thread: threading.Thread | None = None
        self.started = 0.0
        self.error: Exception | None = None

    def start(self, seats: Sequence[Seat]) -> None:
        """Start loading if the game of ``seats`` may need the kernels (once per app)."""
        if self.prepare is None or self.thread is not None or not needs_kernels(seats):
            return
        self.started = time.monotonic()
        self.thread = threading.Thread(target=self._run, daemon=True, name="azulejos-kernels")
        self.thread.start()

    def _run(self) -> None:
        # the loading makes many short calls that release the GIL: win it back quickly (as the
        # engine protocol's Preparation does)
        interval = sys.getswitchinterval()
        sys.setswitchinterval(LOADING_SWITCH_INTERVAL)
        try:
            if self.prepare is not None:
                self.prepare()
        except Exception as e:  # the kernels then load on first use, or the reference plays
            self.error = e
        finally:
            sys.setswitchinterval(interval)

    def loading(self) -> bool:
        """Whether the kernels are still loading (hints and kernel bots use the twin)."""
        return self.thread is not None and self.thread.is_alive()

    def slow(self) -> bool:
        """Loading for longer than a moment: the table says so."""
        return self.loading() and time.monotonic() - self.started >= NOTE_AFTER
