"""The lock-out after repeated wrong passwords: temporary, escalating, capped.

Failed sign-ins are counted per user name (case-folded), whether or not an account has it, so
that the answers never tell which names exist. From the :data:`FREE_FAILURES`-th failure on,
the name waits before its next try: :data:`FIRST_WAIT` seconds, doubling with each further
failure, never more than :data:`MAX_WAIT`. While it waits, a sign-in is refused without looking
at the password (even the right one) and counts as nothing; after the wait a right password
signs in and clears the count. A try is counted as a failure when it starts and cleared when
its password proves right, so tries sent at the same moment cannot all slip through while the
first is checked. One wrong try makes a name wait at most :data:`MAX_WAIT`; a stranger who
keeps sending a wrong password for a name every :data:`MAX_WAIT` can keep new sign-ins of that
name waiting, but browsers already signed in are not affected (their sessions go on), and the
count is forgotten :data:`FORGET_AFTER` seconds after its last failure. Counts live in the
memory of one server process (as the rate limits do).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable

from ..protocol import GameError

FREE_FAILURES = 5
FIRST_WAIT = 30.0
MAX_WAIT = 15 * 60.0
FORGET_AFTER = 24 * 3600.0


def wait_after(failures: int) -> float:
    """How long a name waits after ``failures`` failed sign-ins in a row.

    >>> [wait_after(n) for n in (4, 5, 6, 7)]
    [0.0, 30.0, 60.0, 120.0]
    >>> wait_after(50)
    900.0
    """
    if failures < FREE_FAILURES:
        return 0.0
    return min(MAX_WAIT, FIRST_WAIT * 2.0 ** min(failures - FREE_FAILURES, 32))


class Lockout:
    """Failure counts by name (the oldest forgotten beyond ``max_names``)."""

    def __init__(self, now: Callable[[], float] = time.monotonic, max_names: int = 50000) -> None:
        self.now = now
        self.max_names = max_names
        self._names: OrderedDict[str, tuple[int, float]] = OrderedDict()  # failures, last

    def _get(self, key: str) -> tuple[int, float]:
        got = self._names.get(key)
        if got is not None and self.now() - got[1] > FORGET_AFTER:
            del self._names[key]
            return 0, 0.0
        return got or (0, 0.0)

    def check(self, key: str) -> None:
        """``signin_locked`` (429, ``retry_after``) while ``key`` waits."""
        failures, last = self._get(key)
        left = last + wait_after(failures) - self.now()
        if failures >= FREE_FAILURES and left > 0:
            seconds = max(1, math.ceil(left))
            raise GameError("signin_locked", "too many wrong passwords for this name: try "
                            f"again in {seconds} s", 429, {"retry_after": seconds})

    def failed(self, key: str) -> None:
        failures, _last = self._get(key)
        self._names.pop(key, None)
        self._names[key] = (failures + 1, self.now())
        while len(self._names) > self.max_names:
            self._names.popitem(last=False)

    def succeeded(self, key: str) -> None:
        self._names.pop(key, None)
