"""The end of a game as front ends show it: :mod:`azulejos.core.results` is its one source."""

from __future__ import annotations

from azulejos.core.results import Result, Standing, result

__all__ = ["Result", "Standing", "result"]
