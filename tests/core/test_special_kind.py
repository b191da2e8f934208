"""The special-display kind type (R40): ``core.Special``, equal to its notation name."""

from __future__ import annotations

import json
import random

import pytest

from azulejos.core import LETTERS, Ruleset, Special, State
from azulejos.core import specials as SP


def test_R40_every_kind_has_its_name_code_base_and_colour() -> None:
    assert [k.value for k in Special] == list(SP.NAMES[1:])
    for code in SP.KINDS:
        kind = Special.of(code)
        assert kind.code == code and kind == SP.name(code)
        assert Special.parse(kind.value.lower()) is kind
    assert Special.SF2R.base == "SF2" and Special.SF2R.colour == LETTERS.index("R")
    assert Special.SF4.base == "SF4" and Special.SF4.colour is None
    assert Special.parse("SF6") is None
    assert json.dumps({"kind": Special.SF5}) == '{"kind": "SF5"}'


def test_R40_the_state_names_its_displays_with_the_type() -> None:
    st = State.new(Ruleset(3, special_factories=True))
    st.deal(random.Random(2))
    kinds = st.specials
    assert len(kinds) == 3 and all(isinstance(k, Special) for k in kinds.values())
    assert State.new(3).specials == {}


@pytest.mark.parametrize("bad", ["sf2", "SF0", ""])
def test_a_name_that_is_no_kind_is_refused(bad: str) -> None:
    assert Special.parse(bad) is None
    with pytest.raises(ValueError):
        Special(bad)
