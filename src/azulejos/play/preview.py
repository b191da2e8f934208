"""The move preview front ends show: :mod:`azulejos.core.preview` is its one source."""

from __future__ import annotations

from azulejos.core.preview import Preview, preview

__all__ = ["Preview", "preview"]
