"""Training the value network (:mod:`azulejos.agents.training`, ``azulejos train``) and the
search that uses it (``fastmcts:eval=net``): training is reproducible from its seed, its
targets are the points still to come (R24, R25 bonuses included), and the search with the
network plays only legal moves in whole games of 2-4 players. Correctness only: strength and
speed are measured by tournaments and benchmarks (docs/strength.md, docs/performance.md)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from azulejos import fast
from azulejos.agents import Budget, make_agent
from azulejos.core import State

needs_numba = pytest.mark.skipif(not fast.available(), reason="the numba kernels are not available")


@pytest.fixture(scope="module")
def mid_weights(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small network of every position (none is shipped), trained on a few games."""
    from azulejos.agents import training

    net, _ = training.fit(training.self_play(6, seed=3, iterations=0, mid=True), seed=3,
                          hidden=(8, 4), epochs=2)
    path = tmp_path_factory.mktemp("mid") / "mid.npz"
    training.save(path, net, {"note": "test"})
    return path


@needs_numba
def test_training_twice_with_one_seed_gives_the_same_weights() -> None:
    from azulejos.agents import training

    nets = []
    for _ in range(2):
        data = training.self_play(4, seed=7, iterations=8)
        net, report = training.fit(data, seed=7, hidden=(8, 4), epochs=2)
        nets.append(net)
        assert report.positions == data.y.shape[0] > 0
    assert np.array_equal(nets[0], nets[1])
    other, _ = training.fit(training.self_play(4, seed=8, iterations=8), seed=8,
                            hidden=(8, 4), epochs=2)
    assert not np.array_equal(nets[0], other)


@needs_numba
@pytest.mark.parametrize("iterations", [0, 6])
def test_R24_R25_targets_are_the_points_still_to_come(iterations: int) -> None:
    """Each kept position is the end of a round before the next fill (R21), one per round
    that had a next; the targets are the final scores (bonuses included, never below 0, R19)
    less the scores then."""
    from azulejos.agents import training
    from azulejos.core import layout as L

    players, grey = training.game_setup(1)
    kept, final = training.play_game(players, grey, 11, iterations, np.zeros(0))
    assert kept and final.shape == (players,) and (final >= 0).all()
    assert [int(s[L.ROUND]) for s in kept] == list(range(2, len(kept) + 2))
    assert all(s[L.PHASE] == L.FILL for s in kept)
    data = training.self_play(3, seed=2, iterations=iterations)
    assert set(data.players.tolist()) == {2, 3, 4}
    first = data.game == 1  # the 3-player game
    kept, final = training.play_game(3, False, 2 * 1_000_003 + 1, iterations, np.zeros(0))
    now = np.array([[s[L.P0 + p * L.STRIDE + L.SCORE] for p in range(3)] for s in kept])
    assert data.y[first] * training.SCALE == pytest.approx((final[None, :] - now).ravel())


@needs_numba
def test_R9_R21_R24_mid_samples_come_from_every_phase_with_the_points_still_to_come() -> None:
    """``--mid`` keeps positions from all through the rounds (moves due, grey column
    choices, the ends of rounds), encoded with the draft block; the targets are the final
    scores less the scores then, as for the ends of rounds."""
    from azulejos.agents import training
    from azulejos.core import layout as L
    from azulejos.fast.nnfeatures import N_MID

    phases: set[int] = set()
    for game in range(6):
        players, grey = training.game_setup(game)
        kept, final = training.play_game(players, grey, 30 + game, 4, np.zeros(0), mid=True)
        assert kept
        phases |= {int(s[L.PHASE]) for s in kept}
        again, final2 = training.play_game(players, grey, 30 + game, 4, np.zeros(0), mid=True)
        assert np.array_equal(final, final2) and len(again) == len(kept)
    assert {L.DRAFT, L.FILL} <= phases
    data = training.self_play(3, seed=2, iterations=4, mid=True)
    assert data.x.shape[1] == N_MID
    kept, final = training.play_game(3, False, 2 * 1_000_003 + 1, 4, np.zeros(0), mid=True)
    now = np.array([[s[L.P0 + p * L.STRIDE + L.SCORE] for p in range(3)] for s in kept])
    assert data.y[data.game == 1] * training.SCALE == pytest.approx((final[None, :] - now).ravel())


@needs_numba
def test_a_network_of_every_position_makes_no_play_outs(mid_weights: Path) -> None:
    """With ``eval=mid`` the leaves are valued where they stand: the play-out's randomness
    (``eps``) and the sampled rounds (``rounds``) change nothing, while with the end-of-round
    network they do."""
    st = State.new(2)
    st.deal(random.Random(5))
    for _ in range(3):
        st.push(st.legal_actions()[0])
    runs = {}
    for evaluation in ("mid", "net"):
        weights = f",weights={mid_weights}" if evaluation == "mid" else ""
        for extra in ("eps=0.15", "eps=0.6", "rounds=1"):
            bot = make_agent(f"fastmcts:eval={evaluation}{weights},{extra},iterations=400", seed=9)
            runs[evaluation, extra] = bot.analyse(st.copy())  # type: ignore[attr-defined]
    assert runs["mid", "eps=0.15"] == runs["mid", "eps=0.6"] == runs["mid", "rounds=1"]
    assert runs["net", "eps=0.15"] != runs["net", "eps=0.6"]
    assert runs["net", "eps=0.15"] != runs["net", "rounds=1"]


@needs_numba
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("learned", ["eval=net", "eval=net,prior=net,rounds=1", "eval=mid"])
def test_R11_R13_R15_R30_fastmcts_with_the_learned_weights_plays_legal_moves(
    players: int, learned: str, mid_weights: Path
) -> None:
    """The value network alone, with the learned move prior, and a network of every position
    without play-outs: legal moves only, 2-4 players, both walls."""
    if learned == "eval=mid":
        learned += f",weights={mid_weights}"
    bots = [make_agent(f"fastmcts:{learned},iterations=30", seed=s) for s in range(players)]
    rng = random.Random(players)
    for game in range(2):
        st = State.new(players, "grey" if game else "coloured")
        while not st.is_over:
            if st.is_chance:
                st.deal(rng)
                continue
            move = bots[st.current_player].choose(st.copy(), Budget(iterations=30))
            assert st.is_legal(move)
            st.push(move)
    assert bots[0].last_path == "numba"  # type: ignore[attr-defined]


def test_an_unknown_evaluation_is_refused() -> None:
    with pytest.raises(ValueError, match="eval"):
        make_agent("fastmcts:eval=magic")


def test_a_network_of_every_position_must_be_named() -> None:
    """None is shipped (the one trained lost to the play-outs: docs/strength.md)."""
    from azulejos.agents.registry import BotSpecError

    with pytest.raises(BotSpecError, match="eval=mid needs weights") as e:
        make_agent("fastmcts:eval=mid")
    assert e.value.code == "needs"


@needs_numba
def test_train_command_writes_weights_that_load(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from azulejos.commands import main
    from azulejos.fast import nn

    out = tmp_path / "v.npz"
    assert main(["train", "--games", "3", "--iterations", "4", "--epochs", "2", "--hidden",
                 "8", "4", "--seed", "3", "--out", str(out), "--quiet"]) == 0
    net = nn.load(out)
    assert int(net[1]) == 8 and int(net[2]) == 4
    assert str(out) in capsys.readouterr().out
    assert main(["train", "--games", "1", "--out", str(tmp_path / "no" / "v.npz"), "-q"]) == 2
    mid = tmp_path / "m.npz"
    assert main(["train", "--mid", "--games", "3", "--iterations", "4", "--epochs", "2",
                 "--hidden", "8", "4", "--seed", "3", "--out", str(mid), "--quiet"]) == 0
    assert nn.is_mid(nn.load(mid, mid=True))
    assert "all through the rounds" in capsys.readouterr().out
    assert main(["train", "--mid", "--prior", "--games", "1", "--out", str(mid), "-q"]) == 2
    assert "--prior or --mid" in capsys.readouterr().err


@needs_numba
def test_weights_option_loads_a_trained_file_and_refuses_a_bad_one(tmp_path: Path) -> None:
    from azulejos.agents import training

    net, _ = training.fit(training.self_play(3, seed=4, iterations=0), seed=4, hidden=(6, 3),
                          epochs=1)
    path = tmp_path / "mine.npz"
    training.save(path, net, {"note": "test"})
    bot = make_agent(f"fastmcts:eval=net,weights={path},iterations=20", seed=1)
    assert np.array_equal(bot.net_array(), net)  # type: ignore[attr-defined]
    st = State.new(2)
    st.deal(random.Random(1))
    assert st.is_legal(bot.choose(st.copy()))
    with pytest.raises(ValueError, match="cannot read"):
        make_agent(f"fastmcts:eval=net,weights={tmp_path / 'none.npz'}")
    with pytest.raises(ValueError, match="eval=net"):
        make_agent(f"fastmcts:weights={path}")
    with pytest.raises(ValueError, match="not a value network"):
        make_agent(f"fastmcts:eval=mid,weights={path}")  # an end-of-round network
    mid, _ = training.fit(training.self_play(2, seed=4, iterations=0, mid=True), seed=4,
                          hidden=(6, 3), epochs=1)
    mid_path = tmp_path / "mid.npz"
    training.save(mid_path, mid, {"note": "test"})
    bot = make_agent(f"fastmcts:eval=mid,weights={mid_path},iterations=20", seed=1)
    assert np.array_equal(bot.net_array(), mid)  # type: ignore[attr-defined]
    assert st.is_legal(bot.choose(st.copy()))
