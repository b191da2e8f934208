"""The search kernels of hints and of the ``expert`` bot, loaded in the background.

numba compiles them the first time (about a minute on a fresh install; later they load from its
disk cache in a second or two). A terminal game (the full-screen one and the plain mode) does not
wait for that: it starts the loading when it opens (only when a person, who may ask for a hint,
or a bot that uses the kernels plays), and meanwhile hints and such bots search with the
pure-Python twin of the same search, within their usual time, as the engine protocol does
(``agents/engine.py``, ``Preparation``). The full-screen table says that the engine is being
prepared while the loading takes longer than a moment; the plain mode says so once, at the first
hint it answers with the twin.

**Leaving at any moment is safe.** A compile is LLVM at work in native code; a process that
exits while a thread is inside it can abort in LLVM's own teardown. So the compile itself runs
in a child process that only fills numba's disk cache (when ``prepare`` is a module-level
function, as :func:`azulejos.agents.hint.prepare_kernels` is); the background thread then loads
the kernels from that cache, which takes a second or two. At exit (any path: quitting, Ctrl-C,
end of input, an error) :func:`stop_all` kills the child, which leaves the cache as it was
(numba writes it through temporary files and renames), and joins the thread, so no thread is
inside LLVM when Python ends. The child runs in a session of its own (a Ctrl-C on the terminal
is the game's, not the child's) and ends by itself when the game's process goes away (its
standard input closes).
"""

from __future__ import annotations

import atexit
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence

from azulejos.agents.engine import LOADING_SWITCH_INTERVAL, uses_fast_kernels
from azulejos.play import Seat
from azulejos.play.bots import make_bot

#: How long the loading may take before the table says so (a warm disk cache takes less).
NOTE_AFTER = 1.0

#: The child's program: run ``module.name()`` (filling the disk cache) and end at once when the
#: parent goes away (its standard input closes).
_CHILD = """\
import importlib, os, sys, threading
def _orphan():
    sys.stdin.read()
    os._exit(0)
threading.Thread(target=_orphan, daemon=True).start()
getattr(importlib.import_module(sys.argv[1]), sys.argv[2])()
sys.stdout.flush()
os._exit(0)
"""

_LIVE: list[EngineWarmup] = []


def needs_kernels(seats: Sequence[Seat]) -> bool:
    """Whether a game of ``seats`` may use the kernels: a person (hints) or a kernel bot."""
    for seat in seats:
        if not seat.is_bot:
            return True
        if seat.kind != "external" and uses_fast_kernels(make_bot(seat.bot or "", 0).agent):
            return True
    return False


def child_command(prepare: Callable[[], object]) -> list[str] | None:
    """The command that runs ``prepare`` in a child process (None: it cannot be named there,
    e.g. a closure or a callable object; it then runs in the thread itself)."""
    module = getattr(prepare, "__module__", None)
    name = getattr(prepare, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(name, str) or not name.isidentifier():
        return None
    if module == "__main__" or not hasattr(sys.modules.get(module), name):
        return None
    return [sys.executable, "-c", _CHILD, module, name]


def stop_all() -> None:
    """Stop every loading (kill its child, join its thread): run at exit."""
    for warmup in list(_LIVE):
        warmup.stop()


class EngineWarmup:
    """``prepare`` (e.g. :func:`azulejos.agents.hint.prepare_kernels`) run once in a background
    thread; None: nothing to load (hints and bots load their kernels on first use)."""

    def __init__(self, prepare: Callable[[], object] | None) -> None:
        self.prepare = prepare
        self.thread: threading.Thread | None = None
        self.started = 0.0
        self.error: Exception | None = None
        self.child: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()
        self._lock = threading.Lock()

    def start(self, seats: Sequence[Seat]) -> None:
        """Start loading if the game of ``seats`` may need the kernels (once per app)."""
        if self.prepare is None or self.thread is not None or not needs_kernels(seats):
            return
        self.started = time.monotonic()
        if not _LIVE:
            atexit.register(stop_all)
        _LIVE.append(self)
        self.thread = threading.Thread(target=self._run, daemon=True, name="azulejos-kernels")
        self.thread.start()

    def _run(self) -> None:
        try:
            if self.prepare is None:
                return
            command = child_command(self.prepare)
            if command is not None:
                self._compile_in_child(command)
            if self._stopping.is_set():
                return
            # the loading makes many short calls that release the GIL: win it back quickly
            # (as the engine protocol's Preparation does)
            interval = sys.getswitchinterval()
            sys.setswitchinterval(LOADING_SWITCH_INTERVAL)
            try:
                self.prepare()
            finally:
                sys.setswitchinterval(interval)
        except Exception as e:  # the kernels then load on first use, or the reference plays
            self.error = e

    def _compile_in_child(self, command: list[str]) -> None:
        """Fill the disk cache in a child process; nothing if it cannot start or fails (the
        thread then compiles as before)."""
        with self._lock:
            if self._stopping.is_set():
                return
            try:
                self.child = subprocess.Popen(
                    command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL, start_new_session=True)
            except OSError:
                return
        self.child.wait()
        if self.child.stdin is not None:
            self.child.stdin.close()

    def stop(self) -> None:
        """End the loading now: kill the child (a compile in progress is dropped, the cache
        stays as it was) and wait for the thread (at most the end of a load from the cache)."""
        with self._lock:
            self._stopping.set()
            child = self.child
        if child is not None and child.poll() is None:
            child.kill()
        if child is not None:
            child.wait()
            if child.stdin is not None:
                child.stdin.close()
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join()
        if self in _LIVE:
            _LIVE.remove(self)

    def loading(self) -> bool:
        """Whether the kernels are still loading (hints and kernel bots use the twin)."""
        return self.thread is not None and self.thread.is_alive()

    def slow(self) -> bool:
        """Loading for longer than a moment: the table says so."""
        return self.loading() and time.monotonic() - self.started >= NOTE_AFTER
