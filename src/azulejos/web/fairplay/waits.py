"""Fair-play waits (docs/api.md, "Fair play"; issue 29 item 5), in the spirit of lichess: an
account that abandons a rated game (leaves it, or lets its clock run out so that the stand-in
bot finishes it; running out of time is also how stalling ends) waits before its next rated
game: 5 minutes after the first offence, then twice as long after each further one, at most a
day. Every :data:`FORGIVE_AFTER` rated games played to the end without an offence forgive one
offence (the next wait is half as long again). Casual games are never held back.

>>> [wait_for(n) for n in (1, 2, 3, 9, 10)]
[300.0, 600.0, 1200.0, 76800.0, 86400.0]
>>> w = after_offence(Wait(0, 0, 0.0), 1000.0)
>>> w, after_offence(w, 1000.0).wait_until
(Wait(offences=1, clean=0, wait_until=1300.0), 1600.0)
>>> w = Wait(2, 9, 0.0)
>>> after_clean(w)
Wait(offences=1, clean=0, wait_until=0.0)
"""

from __future__ import annotations

from .store import Wait

#: The first wait, in seconds; each further offence doubles it, up to :data:`MAX_WAIT`.
FIRST_WAIT = 300.0
MAX_WAIT = 86400.0
#: Clean rated games that forgive one offence.
FORGIVE_AFTER = 10

__all__ = ["FIRST_WAIT", "FORGIVE_AFTER", "MAX_WAIT", "Wait", "after_clean", "after_offence",
           "wait_for"]


def wait_for(offences: int) -> float:
    """The wait after the ``offences``-th offence counted (1: the first)."""
    if offences <= 0:
        return 0.0
    return min(MAX_WAIT, FIRST_WAIT * 2.0 ** min(offences - 1, 30))


def after_offence(w: Wait, now: float) -> Wait:
    """The record after an abandoned or stalled rated game that ended at ``now``."""
    n = w.offences + 1
    return Wait(n, 0, max(w.wait_until, now + wait_for(n)))


def after_clean(w: Wait) -> Wait:
    """The record after a rated game played to the end."""
    if w.offences == 0:
        return Wait(0, min(w.clean + 1, FORGIVE_AFTER), w.wait_until)
    if w.clean + 1 >= FORGIVE_AFTER:
        return Wait(w.offences - 1, 0, w.wait_until)
    return Wait(w.offences, w.clean + 1, w.wait_until)
