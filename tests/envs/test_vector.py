"""Vectorised self-play stepping (azulejos.envs.vector)."""

from __future__ import annotations

import numpy as np
import pytest

from azulejos.core import IllegalMoveError, InvalidMoveError
from azulejos.core.state import State
from azulejos.envs.encoding import encode
from azulejos.envs.vector import AzulVectorEnv, available_backends

from .helpers import replayed_scores

BACKENDS = available_backends()


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(mask.shape) * mask).argmax(axis=1)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("players", "variant"), [(2, "coloured"), (3, "grey")])
def test_batch_of_games_matches_the_engine(backend: str, players: int, variant: str) -> None:
    n = 6
    v = AzulVectorEnv(n, players, variant, seed=1, backend=backend)
    obs, info = v.reset()
    assert obs.shape == (n, v.observation_size) and obs.dtype == np.float32
    assert info["action_mask"].shape == (n, 325)
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(400):
        games = [v.game(i) for i in range(n)]
        for i, st in enumerate(games):  # observations and masks describe each current player
            assert np.flatnonzero(info["action_mask"][i]).tolist() == st.legal_actions()
            assert info["current_player"][i] == st.current_player
            assert np.array_equal(obs[i], encode(st, st.current_player))
        acts = random_actions(info["action_mask"], rng)
        obs, rew, term, trunc, info = v.step(acts)
        assert rew.shape == (n, players)
        assert np.allclose(rew.sum(axis=1), 0.0, atol=1e-4)  # zero-sum (rewards module)
        for i in np.flatnonzero(term):
            old: State = games[i]  # the finished game (game i is already a new one)
            if backend == "reference":  # the very State that was stepped, with its history
                assert info["final_scores"][i].tolist() == old.scores == replayed_scores(old)
            else:  # a copy from before the step: the reference engine plays the last move
                old.push(int(acts[i]))
                assert info["final_scores"][i].tolist() == old.scores
            assert old.is_over
            finished += 1
        assert not trunc.any()
    assert finished >= n  # every game finished at least once and was replaced


def test_illegal_action_in_the_batch_changes_no_game() -> None:
    v = AzulVectorEnv(3, seed=2, backend="reference")
    _, info = v.reset()
    before = [v.game(i).copy() for i in range(3)]
    acts = info["action_mask"].argmax(axis=1)
    acts[1] = int(np.flatnonzero(~info["action_mask"][1])[0])
    with pytest.raises(IllegalMoveError, match="game 1"):
        v.step(acts)
    with pytest.raises(InvalidMoveError):
        v.step(np.array([0, 1]))
    with pytest.raises(InvalidMoveError):
        v.step(np.array([0, 1, 999]))
    assert all(v.game(i) == before[i] for i in range(3))


def test_step_before_reset_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        AzulVectorEnv(2, backend="reference").step(np.zeros(2, dtype=np.int64))


def test_seeded_batches_repeat() -> None:
    def run(seed: int) -> list[list[int]]:
        v = AzulVectorEnv(4, seed=seed, backend="reference")
        _, info = v.reset()
        rng = np.random.default_rng(0)
        out = []
        for _ in range(150):
            _, _, term, _, info = v.step(random_actions(info["action_mask"], rng))
            out += [info["final_scores"][i].tolist() for i in np.flatnonzero(term)]
        return out

    assert run(5) == run(5) and run(5) != run(6)


def test_round_delta_rewards_add_up_to_the_final_difference_R24() -> None:
    v = AzulVectorEnv(2, players=2, reward="round_delta", seed=3, backend="reference")
    _, info = v.reset()
    rng = np.random.default_rng(3)
    total = np.zeros((2, 2))
    done = np.zeros(2, dtype=bool)
    while not done.all():
        _, rew, term, _, info = v.step(random_actions(info["action_mask"], rng))
        total[~done] += rew[~done]
        for i in np.flatnonzero(term & ~done):
            s = info["final_scores"][i]
            assert total[i].tolist() == pytest.approx([s[0] - s[1], s[1] - s[0]])
        done |= term


def test_max_rounds_truncates() -> None:
    v = AzulVectorEnv(2, seed=4, backend="reference", max_rounds=1)
    _, info = v.reset()
    seen = False
    for _ in range(40):
        floor = np.array(
            [[a for a in np.flatnonzero(m) if a % 6 == 5][0] for m in info["action_mask"]]
        )
        _, _, term, trunc, info = v.step(floor)
        assert not term.any()
        seen |= bool(trunc.any())
    assert seen


def test_unknown_backend_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="backend"):
        AzulVectorEnv(2, backend="gpu")


class StandInBatchEngine:
    """The BatchEngine API the adapter is written against, on reference States.

    Not the compiled engine: it checks the adapter's use of the documented API
    (reset with a mask, legal_mask, step, arrays, state) while that engine is being built.
    """

    def __init__(self, n: int, players: int, variant: str, seed: int | None) -> None:
        import random

        self.rng = random.Random(seed)
        self.players, self.variant = players, variant
        self.games = [State.new(players, variant) for _ in range(n)]
        self.resets: list[list[int]] = []

    def reset(self, mask: np.ndarray | None = None) -> None:
        idx = range(len(self.games)) if mask is None else np.flatnonzero(mask).tolist()
        self.resets.append(list(idx))
        for i in idx:
            self.games[i] = State.new(self.players, self.variant)
            self.games[i].deal(self.rng)

    def legal_mask(self) -> np.ndarray:
        out = np.zeros((len(self.games), 325), dtype=bool)
        for i, st in enumerate(self.games):
            out[i, st.legal_actions()] = True
        return out

    def step(self, actions: np.ndarray) -> None:
        for st, a in zip(self.games, actions.tolist()):
            st.push(a)
            if st.is_chance:
                st.deal(self.rng)

    @property
    def arrays(self) -> np.ndarray:
        return np.array([st.array() for st in self.games], dtype=np.int32)

    def state(self, i: int) -> State:
        return self.games[i].copy()


def test_batch_adapter_uses_the_documented_engine_api(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    fake = types.ModuleType("azulejos.fast.batch")
    fake.BatchEngine = StandInBatchEngine  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "azulejos.fast.batch", fake)
    assert available_backends()[0] == "batch"
    v = AzulVectorEnv(4, 2, seed=3, backend="auto")
    assert v.backend == "batch"
    obs, info = v.reset()
    engine = v._b.engine  # type: ignore[attr-defined]
    assert engine.resets == [[0, 1, 2, 3]]
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(300):
        before = [engine.games[i] for i in range(4)]
        obs, _, term, _, info = v.step(random_actions(info["action_mask"], rng))
        for i in np.flatnonzero(term):
            assert before[i].is_over
            assert info["final_scores"][i].tolist() == before[i].scores
            ended += 1
        if term.any():
            assert engine.resets[-1] == np.flatnonzero(term).tolist()  # only the ended games
        for i in range(4):
            st = engine.games[i]
            assert np.array_equal(obs[i], encode(st, st.current_player))
    assert ended >= 4
