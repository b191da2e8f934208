"""The garbage collector's settings of a server process (web/collector.py)."""

from __future__ import annotations

import gc
import subprocess
import sys

from azulejos.web.collector import THRESHOLDS, tune_for_serving


def _default_young_threshold() -> int:
    """The interpreter's own threshold, read from a fresh process: another test in this
    worker may already have tuned this one for serving."""
    out = subprocess.run(
        [sys.executable, "-c", "import gc; print(gc.get_threshold()[0])"],
        capture_output=True, text=True, check=True,
    )
    return int(out.stdout)


def test_serving_freezes_start_up_and_collects_the_young_generation_less_often() -> None:
    before = gc.get_threshold()
    try:
        gc.unfreeze()
        tune_for_serving()
        assert gc.get_threshold() == THRESHOLDS
        assert THRESHOLDS[0] > _default_young_threshold()
        assert gc.get_freeze_count() > 1000  # what start-up made is no longer walked
        assert gc.isenabled()  # cycles are still collected
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
