"""Thinking time per seat: how long each seat's bot took over its moves."""

from __future__ import annotations

import time
from collections.abc import Callable


class Clock:
    """Totals, counts and the longest think per seat. ``now`` is injectable for tests."""

    def __init__(self, players: int, now: Callable[[], float] = time.perf_counter) -> None:
        self.now = now
        self.total = [0.0] * players
        self.count = [0] * players
        self.longest = [0.0] * players

    def record(self, seat: int, seconds: float) -> None:
        self.total[seat] += seconds
        self.count[seat] += 1
        self.longest[seat] = max(self.longest[seat], seconds)

    def mean(self, seat: int) -> float:
        return self.total[seat] / self.count[seat] if self.count[seat] else 0.0

    @property
    def moves(self) -> int:
        return sum(self.count)
