"""The parts of a server process beside its game service: finding a game (the lobby, quick
match, rematches), the ladders and the tournaments (docs/api.md, "Lobby", "Ladder",
"Tournaments"). They start with the process, in the app's lifespan, not at their first request:
their commit hooks (a game that ended moves its tournament or ladder on) are added at once, and
a pass looks at what is due straight away and then every :data:`PASS_EVERY` seconds, so that
what another process left half done, or what happened while no process ran, is taken up
without anyone asking:

- tournaments whose start time came or whose round's games all ended (the next round paired);
- ladder challenge games that ended elsewhere (settled), and challenges left unanswered for
  their time (expired);
- public games stuck in ``starting`` (their game made), and open public games left waiting for
  their time (expired).

Every step is safe to run on every process at once (the stores' conditional updates let one
do each thing).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

log = logging.getLogger("azulejos.web")

#: How often (seconds) the pass runs on each process (the clocks' loop off, ``clock_interval``
#: 0 as in most tests: only at the start, and when a test calls :meth:`Parts.tick`).
PASS_EVERY = 10.0


class Parts:
    """The lobby, ladder and tournament parts of one app (``app.state.parts``)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        from .ladder.routes import ladder_for
        from .lobby.routes import finding_for
        from .tournaments.routes import tournaments_for

        self.finding = finding_for(self.app)
        self.ladder = ladder_for(self.app)
        self.tournaments = tournaments_for(self.app)
        self.app.state.parts = self
        await self.tick()
        if self.app.state.service.clock_interval > 0:
            self._task = asyncio.create_task(self._loop())

    async def tick(self) -> None:
        """One pass over what is due (see the module text); a failing step is logged and the
        others run."""
        steps: list[tuple[str, Any]] = []
        if self.finding is not None:
            steps.append(("lobby", self.finding.lobby.tick))
        if self.ladder is not None:
            steps.append(("ladder", self.ladder.tick))
        if self.tournaments is not None:
            steps.append(("tournaments", self.tournaments.tick))
        for name, step in steps:
            try:
                await step()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the %s pass failed; tried again in %.0f s", name, PASS_EVERY)

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(PASS_EVERY)
            await self.tick()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
