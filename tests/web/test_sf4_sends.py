"""The view says where each SF4 split sends the colours left on the display (R43, R47d), from
the core: the same as what playing the move does, with or without previews."""

from __future__ import annotations

import random

import pytest

from azulejos.core import LETTERS, Ruleset, State
from azulejos.web.legal_json import legal_json


def _sf4_position(seed: int) -> State:
    rng = random.Random(seed)
    while True:
        st = State.new(Ruleset(3, special_factories=True))
        st.deal(rng)
        sf4 = [f for f, k in st.specials.items() if k == "SF4"]
        if sf4 and sum(1 for n in st.factories[sf4[0]] if n) >= 3:
            return st


@pytest.mark.parametrize("with_previews", [True, False])
def test_R43_the_views_sf4_destinations_are_where_the_move_sends_the_tiles(
    with_previews: bool,
) -> None:
    st = _sf4_position(7)
    moves = {m.text(): m for m in st.legal_moves()}
    splits = [e for e in legal_json(st, with_previews) if "split" in e]
    assert splits
    for entry in splits:
        m = moves[entry["move"]]
        after = st.copy(history=False)
        after.push(m)
        gained = {
            (LETTERS[k], n - st.factories[f][k], f + 1)
            for f in range(st.nfactories) for k, n in enumerate(after.factories[f])
            if f != m.source and n > st.factories[f][k]
        }
        sends = entry["sends"]
        assert {(s["colour"], s["tiles"], s["to"]) for s in sends} == gained
        left, right = st.neighbours(m.source)
        for s, way in zip(sends, entry["split"]):
            assert (s["side"], s["to"]) == (("right", right + 1) if way == ">" else ("left", left + 1))
        if with_previews:
            assert entry["preview"]["sends"] == sends
