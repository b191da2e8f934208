"""Expert iteration with a gate (``azulejos train --policy``, :mod:`azulejos.agents.iteration`):
one generation at tiny scale gives the same weights twice from one seed, a stopped run goes on
where it stopped and ends where an unbroken one does, and another run's folder is refused.
Correctness only: strength is measured by tournaments (docs/strength.md)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from azulejos import fast

needs_numba = pytest.mark.skipif(not fast.available(), reason="the numba kernels are not available")

TINY = dict(games=2, seed=3, iterations=12, gate_deals=1, gate_iterations=12, epochs=2, steps=5,
            hidden=(4, 4))


def _weights(folder: Path) -> tuple[np.ndarray, np.ndarray]:
    from azulejos.fast import nn, prior

    return nn.load(folder / "gen-001-value.npz"), prior.load(folder / "gen-001-prior.npz")


@needs_numba
def test_one_generation_is_reproducible_and_gated(tmp_path: Path) -> None:
    from azulejos.agents import iteration as I

    s = I.Settings(**TINY)  # type: ignore[arg-type]
    seen: list[I.Gate] = []
    prog = I.run(tmp_path / "a", 1, s, said=seen.append)
    again = I.run(tmp_path / "b", 1, s)
    for x, y in zip(_weights(tmp_path / "a"), _weights(tmp_path / "b")):
        assert np.array_equal(x, y)
    (gate,) = prog.gates
    assert seen == [gate] and again.gates == [gate]
    assert gate.games == 2 and 0 <= gate.wins <= 2
    assert prog.best == (1 if gate.kept else 0) and gate.kept == (gate.wins > 1)
    best_value = tmp_path / "a" / f"gen-{prog.best:03d}-value.npz"
    assert (tmp_path / "a" / "value.npz").read_bytes() == best_value.read_bytes()
    saved = json.loads((tmp_path / "a" / I.PROGRESS).read_text(encoding="utf-8"))
    assert saved["done"] == 1 and saved["best"] == prog.best


@needs_numba
def test_a_stopped_run_goes_on_and_another_runs_folder_is_refused(tmp_path: Path) -> None:
    from azulejos.agents import iteration as I

    s = I.Settings(**TINY)  # type: ignore[arg-type]
    I.run(tmp_path, 1, s)
    before = (tmp_path / "gen-001-value.npz").read_bytes()
    prog = I.run(tmp_path, 1, s)  # nothing left to do: generation 1 is not played again
    assert prog.done == 1 and (tmp_path / "gen-001-value.npz").read_bytes() == before
    other = I.Settings(**{**TINY, "seed": 4})  # type: ignore[arg-type]
    with pytest.raises(I.SettingsMismatch):
        I.run(tmp_path, 2, other)
