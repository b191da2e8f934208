"""Whole numbers as callers pass them: a plain ``int``, or any integer type that says it is one
(``__index__``), such as NumPy's ``int64`` that ``argmax`` returns. Never ``bool``."""

from __future__ import annotations

import operator

from .errors import OutOfRangeError


def integer(value: object) -> int | None:
    """``value`` as a plain ``int`` if it is a whole number of an integer type, else None
    (``True``, ``3.0`` and ``"3"`` are not)."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def index(value: object, size: int, what: str) -> int:
    """``value`` as an index 0 to ``size - 1`` of ``what`` (a seat, a line…), else
    :class:`~azulejos.core.errors.OutOfRangeError` naming the range."""
    i = integer(value)
    if i is None or not 0 <= i < size:
        raise OutOfRangeError(f"{what} must be a whole number 0-{size - 1}, not {value!r}")
    return i
