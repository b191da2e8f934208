"""The accelerated path with the special factory displays (R40-R47): until the kernels play
the module, azulejos.fast falls back to the reference for such games (never a wrong result),
and ``azulejos bench --special-factories`` says so."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from azulejos import fast
from azulejos.commands import main
from azulejos.core import Ruleset, State
from azulejos.core import ruleset as ruleset_module
from azulejos.core.playout import random_playout as reference_playout


@pytest.fixture(autouse=True)
def special_factories_on(monkeypatch: pytest.MonkeyPatch) -> None:
    on = tuple(dataclasses.replace(m, available=True) for m in ruleset_module.MODULES)
    monkeypatch.setattr(ruleset_module, "MODULES", on)


@pytest.mark.parametrize("players,variant", [(2, "coloured"), (3, "grey"), (4, "coloured")])
def test_R40_R47_fast_playout_is_the_reference_game(players: int, variant: str) -> None:
    rules = Ruleset(players, variant, special_factories=True)
    for seed in range(20):
        a, b = State.new(rules), State.new(rules)
        assert fast.random_playout(a, random.Random(seed)) == reference_playout(b, random.Random(seed))
        assert a == b and a.is_over
        a.check_invariants()


def test_R40_R47_playout_many_runs_the_reference() -> None:
    st = State.new(Ruleset(2, special_factories=True))
    st.deal(random.Random(1))
    before = st.layout()
    scores = fast.playout_many(st, 5, seed=3)
    assert scores.shape == (5, 2) and st.layout() == before
    expect = random.Random(3)
    for row in scores:
        assert list(row) == reference_playout(st.copy(history=False), expect)


def test_R40_bench_with_the_module_reports_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--special-factories", "--seconds", "0.05", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    acc = r["paths"]["accelerated"]
    assert r["special_factories"] is True
    assert acc["backend"] == "reference" and "special factory displays" in acc["reason"]
    assert acc["games_per_s"] > 0 and r["paths"]["reference"]["games_per_s"] > 0
