"""The garbage collector's settings of a server process.

A server holds many games in memory, and CPython's full collections walk every object: with
the default thresholds they came several times a second under load and stopped the event
loop for 50-150 ms each, which was most of a move's p99 (docs/performance.md, "Third pass").
:func:`tune_for_serving` freezes what start-up made (modules, classes, the app: never garbage,
never walked again) and collects the young generation less often, so fewer objects are
promoted and full collections are rarer. Called once by ``azulejos serve`` and the uvicorn
factories, after the app is built; not by tests or other embedders, which keep Python's
defaults.
"""

from __future__ import annotations

import gc

#: (generation 0, 1, 2) thresholds: a young collection every 20,000 allocations net of
#: deallocations instead of 700 (a few milliseconds each at most); the older two as measured.
THRESHOLDS = (20_000, 20, 100)


def tune_for_serving() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
