"""Training the learned move prior (:mod:`azulejos.agents.prior_training`, ``azulejos train
--prior``) and the search that uses it (``fastmcts:prior=net``): the targets are the search's
visit shares over the legal moves, training is reproducible from its seed and improves the fit
on its own data, and the search with the prior plays only legal moves (R11, R13, R15, R30; in
test_training.py, with the network's).
Correctness only: strength is measured by tournaments (docs/strength.md)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from azulejos import fast
from azulejos.agents import make_agent
from azulejos.core import State

needs_numba = pytest.mark.skipif(not fast.available(), reason="the numba kernels are not available")


@needs_numba
def test_targets_are_visit_shares_of_legal_moves_and_training_is_reproducible() -> None:
    from azulejos.agents import prior_training as P

    data = P.self_play(3, seed=5, iterations=40)
    ends = np.r_[data.start[1:], data.x.shape[0]]
    assert data.start.shape[0] > 50 and set(data.game.tolist()) == {0, 1, 2}
    for a, b in zip(data.start, ends):
        assert b - a >= 2  # only positions with a choice
        assert data.target[a:b].sum() == pytest.approx(1.0) and (data.target[a:b] >= 0).all()
    again = P.self_play(3, seed=5, iterations=40)
    assert np.array_equal(data.x, again.x) and np.array_equal(data.target, again.target)
    w, rep = P.fit(data, steps=60)
    w2, _ = P.fit(again, steps=60)
    assert np.array_equal(w, w2)
    assert rep.positions == data.start.shape[0]
    assert rep.valid_ce <= rep.hand_ce  # the fit starts at the hand-set prior and keeps the best
    assert rep.target_entropy <= rep.valid_ce + 1e-9


def test_an_unknown_prior_is_refused() -> None:
    with pytest.raises(ValueError, match="prior"):
        make_agent("fastmcts:prior=magic")


@needs_numba
def test_train_prior_command_writes_weights_the_bot_loads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from azulejos.commands import main
    from azulejos.fast import prior

    out = tmp_path / "p.npz"
    assert main(["train", "--prior", "--games", "2", "--iterations", "20", "--steps", "5",
                 "--seed", "3", "--out", str(out), "--quiet"]) == 0
    w = prior.load(out)
    assert str(out) in capsys.readouterr().out
    bot = make_agent(f"fastmcts:prior=net,priorweights={out},iterations=20", seed=1)
    assert np.array_equal(bot.prior_array(), w)  # type: ignore[attr-defined]
    st = State.new(2)
    st.deal(random.Random(1))
    assert st.is_legal(bot.choose(st.copy()))
    assert main(["train", "--prior", "--games", "1", "--iterations", "1", "--out", str(out), "-q"]) == 2
    with pytest.raises(ValueError, match="prior=net"):
        make_agent(f"fastmcts:priorweights={out}")
