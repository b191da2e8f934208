"""Bot work, scheduled fairly: a person waiting for a bot never queues behind all-bot games.

Bots think in a small pool of worker threads. Work for a game with a person in it goes to the
pool at once. Work for an all-bot game (no person seat, or every person left) waits while any
person's game has bot work queued or running, and takes at most ``workers - 1`` threads, so a
thread is always free for a person's game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


class BotScheduler:
    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="azulejos-bot")
        self._background_slots = max(1, self.workers - 1)
        self._people = 0  # bot tasks of games with people: queued or running
        self._background = 0  # bot tasks of all-bot games running
        self._changed: asyncio.Condition | None = None

    def _condition(self) -> asyncio.Condition:
        if self._changed is None:
            self._changed = asyncio.Condition()
        return self._changed

    async def run(self, fn: Callable[[], T], *, person: bool) -> T:
        """``fn()`` in a worker thread; ``person``: for a game a person plays in."""
        loop = asyncio.get_running_loop()
        changed = self._condition()
        if person:
            self._people += 1
        else:
            async with changed:
                await changed.wait_for(
                    lambda: self._people == 0 and self._background < self._background_slots)
                self._background += 1
        try:
            return await loop.run_in_executor(self._pool, fn)
        finally:
            if person:
                self._people -= 1
            else:
                self._background -= 1
            async with changed:
                changed.notify_all()

    @property
    def busy(self) -> tuple[int, int]:
        """(person-game tasks queued or running, all-bot tasks running)."""
        return self._people, self._background

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
