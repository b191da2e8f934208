"""The PettingZoo AEC environment: PettingZoo's own checks, rules and agreement with records."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import azulejos.envs as envs
from azulejos.core import IllegalMoveError, InvalidMoveError
from azulejos.envs.aec import AzulAECEnv
from azulejos.envs.rewards import relative

from .helpers import floor_action, pick, replayed_scores

CONFIGS = [(2, "coloured"), (3, "grey"), (4, "coloured"), (2, "grey")]


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_pettingzoo_api_test(players: int, variant: str) -> None:
    with warnings.catch_warnings():
        # Dict observations ({observation, action_mask}) draw two advisory warnings.
        warnings.simplefilter("ignore", UserWarning)
        api_test(envs.env(players=players, variant=variant), num_cycles=300)


@pytest.mark.parametrize(("players", "variant"), [(2, "coloured"), (3, "grey")])
def test_pettingzoo_seed_test(players: int, variant: str) -> None:
    seed_test(lambda: envs.env(players=players, variant=variant), num_cycles=200)


def play_out(env: AzulAECEnv, seed: int) -> dict[str, float]:
    """Play random legal moves to the end; return each agent's total reward."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        env.step(None if term or trunc else pick(obs["action_mask"], rng))
    return total


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_scores_agree_with_the_replayed_record(players: int, variant: str) -> None:
    env = AzulAECEnv(players, variant)
    total = play_out(env, seed=players * 10)
    game = env.game
    assert game.is_over
    assert replayed_scores(game) == game.scores
    assert [total[a] for a in env.possible_agents] == pytest.approx(relative(game.scores))


def test_round_delta_sums_to_score_difference_R17_R24() -> None:
    a = AzulAECEnv(3, reward="round_delta")
    b = AzulAECEnv(3, reward="score_diff")
    ta, tb = play_out(a, 4), play_out(b, 4)  # same seed: the same game
    assert a.game.scores == b.game.scores
    for agent in a.possible_agents:
        assert ta[agent] == pytest.approx(tb[agent])


def test_win_loss_pays_the_winner_R25() -> None:
    env = AzulAECEnv(2, reward="win_loss")
    total = play_out(env, 8)
    winners = env.game.winners()
    want = [0.0, 0.0] if len(winners) == 2 else [1.0 if p in winners else -1.0 for p in (0, 1)]
    assert [total["player_0"], total["player_1"]] == want


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = envs.env(players=2)
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.unwrapped.game.copy()
    agent = env.agent_selection
    with pytest.raises(IllegalMoveError):
        env.step(illegal)
    assert env.unwrapped.game == before
    assert env.agent_selection == agent
    for bad in (325, -1, "3B2", 1.5):
        with pytest.raises(InvalidMoveError):
            env.step(bad)
    assert env.unwrapped.game == before


def test_only_the_agent_to_move_has_a_mask_R10() -> None:
    env = AzulAECEnv(3)
    env.reset(seed=2)
    mover = env.agent_selection
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == mover)
    env.step(np.int64(pick(env.observe(mover)["action_mask"], np.random.default_rng(0))))
    assert env.agent_selection == "player_1"


def test_grey_wall_column_choices_are_agent_turns_R30_R33() -> None:
    env = AzulAECEnv(2, "grey")
    env.reset(seed=6)
    rng = np.random.default_rng(6)
    seen = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        if env.game.phase == "place":
            assert (legal >= 300).all()
            assert env.agent_name_mapping[agent] == env.game.current_player
            line = env.game.pending_line
            assert all((a - 300) // 5 == line for a in legal)
            seen += 1
        else:
            assert (legal < 300).all()
        env.step(int(rng.choice(legal)))
    assert seen > 0
    assert replayed_scores(env.game) == env.game.scores


def test_max_rounds_truncates_an_endless_game() -> None:
    env = AzulAECEnv(2, max_rounds=2)
    env.reset(seed=3)
    for _agent in env.agent_iter():
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            assert trunc and not term
            assert info["scores"] == [0, 0]
            env.step(None)
            continue
        env.step(floor_action(obs["action_mask"]))  # never completes a line: no end by R23
    assert env.game.round == 3 and env.game.is_chance


def test_reset_seed_reproduces_the_fill_and_start_player_option_R9() -> None:
    a, b = AzulAECEnv(4), AzulAECEnv(4)
    a.reset(seed=12)
    b.reset(seed=12)
    assert a.game == b.game
    a.reset(seed=12, options={"start_player": 2})
    assert a.agent_selection == "player_2"
    with pytest.raises(ValueError, match="R9"):
        a.reset(options={"start_player": 7})


def test_bad_construction_arguments_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="R8"):
        envs.env(players=5)
    with pytest.raises(ValueError, match="reward"):
        envs.env(reward="points")
    with pytest.raises(ValueError, match="variant"):
        envs.env(variant="purple")


def test_render_ansi_shows_the_table() -> None:
    env = AzulAECEnv(2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and "Factories" in text and "Round 1" in text


def test_R8_a_ruleset_or_players_and_variant_but_not_disagreeing() -> None:
    from azulejos.core import Ruleset, RulesetError

    e = AzulAECEnv(ruleset=Ruleset(3, "grey"))
    assert (e.players, e.variant.value, e.state_.nfactories) == (3, "grey", 7)
    assert AzulAECEnv(3, "grey", ruleset=Ruleset(3, "grey")).ruleset == Ruleset(3, "grey")
    with pytest.raises(RulesetError, match="variant: given twice"):
        AzulAECEnv(variant="coloured", ruleset=Ruleset(3, "grey"))
    with pytest.raises(RulesetError, match="ruleset: must be a Ruleset"):
        AzulAECEnv(ruleset="grey")  # type: ignore[arg-type]
