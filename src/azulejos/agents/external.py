"""External bots: any program that speaks the stdio protocol of ``docs/protocol.md``.

The runner starts the command once per game, greets it, and for each move sends the whole game
so far (``position ...``) and ``go movetime MS``; the bot answers ``bestmove MOVE``. Every way a
bot can fail - it does not start, exits, stays silent past its time, writes something that is
not the protocol, or names an illegal move - raises :class:`BotFailure` with a ``kind`` and a
message; the tournament scores that game as a loss for the bot and goes on.
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from typing import NoReturn

from azulejos.core import Move, State
from azulejos.core.errors import AzulejosError
from azulejos.notation import parse_move

from .base import Budget
from .protocol import PROTOCOL_VERSION, position_line

#: Failure kinds, as reported in tournament summaries.
KINDS = ("start", "crash", "timeout", "garbage", "illegal")


class BotFailure(Exception):
    """An external bot failed; the game is lost for it."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


class ExternalAgent:
    """A bot run as a subprocess (``cmd:python my_bot.py``)."""

    def __init__(
        self,
        command: str,
        seed: int | None = None,
        *,
        default_seconds: float = 1.0,
        grace: float = 0.5,
        startup: float = 15.0,
    ) -> None:
        from .registry import BotSpecError

        spec = "cmd:" + command
        if not command.strip():
            raise BotSpecError("cmd: needs a command, e.g. 'cmd:python my_bot.py'", "no_command",
                               spec=spec)
        try:
            self.argv = shlex.split(command)
        except ValueError as e:  # an unclosed quote, a trailing backslash
            raise BotSpecError(f"{spec!r}: the command cannot be split into words ({e})",
                               "command_syntax", spec=spec) from None
        self.name = "cmd:" + command
        self.seed = seed
        self.default_seconds = default_seconds
        self.grace = grace
        self.startup = startup
        self.bot_name: str | None = None
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)

    # -- process handling ----------------------------------------------------------------------
    def _start(self) -> None:
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
                start_new_session=True,  # its own process group: close() kills any children too
            )
        except OSError as e:
            raise BotFailure("start", f"cannot start {self.argv[0]!r}: {e.strerror or e}") from None
        threading.Thread(target=self._pump, args=(self._proc.stdout, True), daemon=True).start()
        threading.Thread(target=self._pump, args=(self._proc.stderr, False), daemon=True).start()
        self._send(f"azulejos {PROTOCOL_VERSION}")
        if self.seed is not None:
            self._send(f"setoption seed {self.seed}")
        self._send("isready")
        end = time.monotonic() + self.startup
        while True:
            line = self._read(end, "greeting")
            if line == "readyok":
                return
            if line.startswith("id name "):
                self.bot_name = line[8:].strip()
            elif not (line == "azulejosok" or line.startswith(("id ", "info", "option "))):
                self._fail("garbage", f"unexpected answer to the greeting: {line[:80]!r}")

    def _pump(self, stream: object, out: bool) -> None:
        try:
            for line in stream:  # type: ignore[attr-defined]
                if out:
                    self._lines.put(line.rstrip("\r\n"))
                else:
                    self._stderr.append(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        with contextlib.suppress(OSError, ValueError):
            stream.close()  # type: ignore[attr-defined]  # at end of file: no read in progress
        if out:
            self._lines.put(None)

    def _send(self, line: str) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        try:
            self._proc.stdin.write(line + "\n")
            self._proc.stdin.flush()
        except (OSError, ValueError):
            self._fail("crash", f"the bot's input is closed{self._exit_text()}")

    def _read(self, end: float, waiting_for: str) -> str:
        left = end - time.monotonic()
        try:
            line = self._lines.get(timeout=max(0.0, left))
        except queue.Empty:
            self._fail("timeout", f"no {waiting_for} within the time limit")
        if line is None:
            self._fail("crash", f"the bot exited{self._exit_text()}")
        return line.strip()

    def _exit_text(self) -> str:
        code = None
        if self._proc is not None:
            try:
                code = self._proc.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                code = None
        tail = " | ".join(list(self._stderr)[-3:])
        return (f" (exit code {code})" if code is not None else "") + (f"; stderr: {tail}" if tail else "")

    def _fail(self, kind: str, message: str) -> NoReturn:
        self.close()
        raise BotFailure(kind, message)

    def close(self) -> None:
        """Stop the bot process (``quit``, then kill if it lingers)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.poll() is None and proc.stdin is not None:
                proc.stdin.write("quit\n")
                proc.stdin.flush()
        except (OSError, ValueError):
            pass
        try:
            proc.wait(timeout=0.3)
        except subprocess.TimeoutExpired:
            pass
        # Kill the whole process group: a wrapper's children (``sh -c``, ``npm run``) may hold
        # the output pipe open, and the reader threads would wait on them for ever.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except (OSError, ValueError):
            pass
        # stdout/stderr are closed by their daemon reader threads at end of file; closing
        # them here could block behind a read in progress.
        self._lines = queue.Queue()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    # -- the agent protocol -------------------------------------------------------------------
    def choose(self, state: State, budget: Budget | None = None) -> Move:
        if self._proc is None:
            self._start()
        seconds = budget.seconds if budget is not None and budget.seconds is not None else self.default_seconds
        self._send(position_line(state))
        self._send(f"go movetime {max(1, int(seconds * 1000))}")
        end = time.monotonic() + seconds + self.grace
        while True:
            line = self._read(end, "bestmove")
            if not line or line.startswith("info"):
                continue
            toks = line.split()
            if toks[0] != "bestmove" or len(toks) < 2:
                self._fail("garbage", f"expected 'bestmove MOVE', got {line[:80]!r}")
            try:
                move = parse_move(toks[1])
            except AzulejosError:
                self._fail("garbage", f"{toks[1][:20]!r} is not a move in the notation")
            if not state.is_legal(move):
                self._fail("illegal", f"{move.text()} is not legal here (round {state.round})")
            return move
