"""Whole numbers as callers pass them (core/ints.py): ints and NumPy's integers, never bools."""

from __future__ import annotations

import numpy as np
import pytest

from azulejos.core import OutOfRangeError
from azulejos.core.ints import index, integer


@pytest.mark.parametrize("value", [3, np.int64(3), np.uint8(3), np.array(3)])
def test_integer_takes_ints_and_numpy_integers(value: object) -> None:
    got = integer(value)
    assert got == 3 and type(got) is int


@pytest.mark.parametrize("value", [True, np.True_, 3.0, np.float64(3), "3", None, np.array([3])])
def test_integer_refuses_what_is_not_a_whole_number(value: object) -> None:
    assert integer(value) is None


def test_index_names_the_range_it_wanted() -> None:
    assert index(np.int64(1), 2, "a seat") == 1
    with pytest.raises(OutOfRangeError, match=r"a seat must be a whole number 0-1, not 2"):
        index(2, 2, "a seat")
    with pytest.raises(OutOfRangeError, match=r"not -1"):
        index(-1, 2, "a seat")
    with pytest.raises(IndexError):  # an OutOfRangeError is an IndexError too, as a list says
        index("0", 2, "a seat")
