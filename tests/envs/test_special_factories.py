"""The environments with the Master Chocolatier special factory displays (R40-R47): spaces,
the specials in the observation, SF4 splits in the masks, and each framework's own checks."""

from __future__ import annotations

import itertools
import warnings
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import azulejos.envs as envs
from azulejos.core import specials as SF
from azulejos.core.events import Fill
from azulejos.core.moves import NUM_ACTIONS, NUM_ALL_ACTIONS, SPLIT_BASE, parse_move
from azulejos.core.ruleset import Ruleset
from azulejos.core.state import State
from azulejos.envs.aec import AzulAECEnv
from azulejos.envs.encoding import (
    action_mask,
    encode,
    feature_names,
    observation_size,
    specials_size,
)
from azulejos.envs.gym_env import AzulGymEnv
from azulejos.envs.rewards import relative
from azulejos.envs.vector import AzulVectorEnv

from .helpers import pick, replayed_scores

SF2 = Ruleset(2, special_factories=True)
SF3G = Ruleset(3, "grey", special_factories=True)


def _position() -> State:
    """Two players; display 1 is SF5, display 3 SF4 (R40), hand-built fill."""
    st = State.new(SF2)
    facs = ((0, 0, 1, 2), (1, 1, 3, 4), (0, 2, 3, 4), (2, 2, 2, 0), (3, 3, 4, 4))
    st.apply_fill(Fill(facs, ((0, SF.SF5), (2, SF.SF4))))
    return st


def test_R40_base_game_spaces_are_unchanged_and_grow_only_with_the_module() -> None:
    assert observation_size(2) == 358 and observation_size(4) == 686
    assert observation_size(2, True) == 358 + specials_size(2) == 410
    assert feature_names(3, True)[: observation_size(3)] == feature_names(3)
    base, mod = AzulAECEnv(2), AzulAECEnv(ruleset=SF2)
    assert base.action_space("player_0").n == NUM_ACTIONS == 325
    assert mod.action_space("player_0").n == NUM_ALL_ACTIONS == 8425
    assert mod.observation_space("player_0")["observation"].shape == (410,)
    assert AzulGymEnv().action_space.n == 325
    assert AzulGymEnv(ruleset=SF3G).observation_space.shape == (observation_size(3, True),)


def test_R40_R44_observation_shows_every_display_kind_and_the_held_SF5() -> None:
    st = _position()
    names = feature_names(2, True)
    obs = dict(zip(names, encode(st, 1).tolist()))
    on = {n for n, v in obs.items() if v and ("SF" in n or n.startswith("sf5_"))}
    assert on == {"factory1.SF5", "factory3.SF4"}
    assert not any(v for n, v in obs.items() if n.startswith("sf5_"))


def test_R44_R47a_the_tile_on_SF5_is_observed() -> None:
    st = _position()
    st.push("1B1")  # two blue, one fits line 1: the other lies on the held SF5 (R44)
    assert st.sf5_holder == 0 and st.sf5_tile == 0
    obs = dict(zip(feature_names(2, True), encode(st, 1).tolist()))
    assert obs["sf5_holder.opp1"] == 1.0 and obs["sf5_tile.B"] == 1.0
    assert obs["sf5_tile.Y"] == obs["sf5_holder.me"] == 0.0
    mine = dict(zip(feature_names(2, True), encode(st, 0).tolist()))
    assert mine["sf5_holder.me"] == 1.0 and mine["sf5_holder.opp1"] == 0.0


def test_R43_R47d_masks_cover_every_SF4_split_and_only_them() -> None:
    st = _position()
    mask = action_mask(st)
    assert mask.shape == (NUM_ALL_ACTIONS,)
    assert np.flatnonzero(mask).tolist() == sorted(st.legal_actions())
    # SF4 is display 3 (B R K W): taking B leaves 3 colours, so 2^3 splits per destination
    splits = [parse_move(f"3B{d}/{''.join(p)}").id for d in (1, 2, 3, 4, 5)
              for p in itertools.product("<>", repeat=3)] + [
        parse_move(f"3BF/{''.join(p)}").id for p in itertools.product("<>", repeat=3)]
    assert all(mask[a] for a in splits) and min(splits) >= SPLIT_BASE
    assert not mask[parse_move("3B1").id]  # the plain id of an SF4 draft is never legal
    assert mask[:SPLIT_BASE].sum() + mask[SPLIT_BASE:].sum() == len(st.legal_actions())


@pytest.mark.parametrize("rules", [SF2, SF3G], ids=["2-coloured", "3-grey"])
def test_pettingzoo_api_test_with_the_module(rules: Ruleset) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(envs.env(ruleset=rules), num_cycles=300)


def test_pettingzoo_seed_test_with_the_module() -> None:
    seed_test(lambda: envs.env(ruleset=SF2), num_cycles=200)


def test_gymnasium_check_env_with_the_module() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(AzulGymEnv(ruleset=SF3G), skip_render_check=True)


def test_R40_R47_aec_game_agrees_with_the_replayed_record() -> None:
    env = AzulAECEnv(ruleset=Ruleset(3, special_factories=True))
    rng = np.random.default_rng(7)
    env.reset(seed=7)
    total = {a: 0.0 for a in env.possible_agents}
    splits = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        st = env.game
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(st.legal_actions())
        assert np.array_equal(obs["observation"], encode(st, env.agent_name_mapping[agent]))
        a = pick(obs["action_mask"], rng)
        splits += a >= SPLIT_BASE
        env.step(a)
    game = env.game
    assert game.is_over and splits > 0
    assert replayed_scores(game) == game.scores
    assert [total[a] for a in env.possible_agents] == pytest.approx(relative(game.scores))


def test_gym_learner_plays_split_ids() -> None:
    g = AzulGymEnv(ruleset=SF2, seat=0)
    obs, info = g.reset(seed=3)
    rng = np.random.default_rng(3)
    done = False
    while not done:
        assert info["action_mask"].shape == (NUM_ALL_ACTIONS,)
        obs, _, term, trunc, info = g.step(pick(info["action_mask"], rng))
        assert obs.shape == (410,)
        done = term or trunc
    assert g.game.is_over and replayed_scores(g.game) == g.game.scores


def test_vector_env_with_the_module_matches_the_engine() -> None:
    n = 4
    v = AzulVectorEnv(n, ruleset=SF2, seed=2)
    assert v.backend == "reference" and v.num_actions == NUM_ALL_ACTIONS
    obs, info = v.reset()
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(250):
        for i in range(n):
            st = v.game(i)
            assert np.flatnonzero(info["action_mask"][i]).tolist() == sorted(st.legal_actions())
            assert np.array_equal(obs[i], encode(st, st.current_player))
        acts = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(axis=1)
        obs, _, term, _, info = v.step(acts)
        ended += int(term.sum())
    assert ended >= 1


def test_vector_env_refuses_the_batch_back_end_for_the_module() -> None:
    with pytest.raises(ValueError, match="batch back end does not run the special"):
        AzulVectorEnv(2, ruleset=SF2, backend="batch")


pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")


def _load(**params: object) -> object:
    from azulejos.envs import openspiel as azspiel

    return pyspiel.load_game(azspiel.SHORT_NAME, {"special_factories": True, **params})


@pytest.mark.parametrize("params", [{}, {"players": 3, "variant": "grey"}])
def test_openspiel_random_simulation_test_with_the_module(params: dict[str, object]) -> None:
    game = _load(**params)
    assert game.num_distinct_actions() == NUM_ALL_ACTIONS
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_openspiel_serialisation_with_the_module() -> None:
    pyspiel.random_sim_test(_load(), num_sims=1, serialize=True, verbose=False)


def test_R40_R47e_openspiel_kind_draws_give_every_choice_the_same_chance() -> None:
    """Walk every path of the kind nodes (2 players: 5 displays, 2 specials)."""
    seen: dict[tuple[tuple[int, int], ...], Fraction] = {}

    def walk(state: object, p: Fraction) -> None:
        if state.stage != "kinds":
            key = tuple((f, k) for f, k in enumerate(state.kinds) if k)
            seen[key] = seen.get(key, Fraction(0)) + p
            return
        outs = state.chance_outcomes()
        assert sum(q for _, q in outs) == pytest.approx(1.0)
        for a, q in outs:
            c = state.clone()
            c.apply_action(a)
            walk(c, p * Fraction(q).limit_denominator(10_000))

    walk(_load().new_initial_state(), Fraction(1))
    want = Fraction(1, comb(5, 2) * 9 * 8)
    assert len(seen) == comb(5, 2) * 9 * 8
    assert all(p == want for p in seen.values())


def test_R41_openspiel_draws_SF1s_extra_tile_after_the_fill() -> None:
    state = _load().new_initial_state()
    for k in (SF.SF1, 0, SF.SF2 + 2, 0, 0):  # display 1 SF1, display 3 SF2R
        state.apply_action(k)
    rng = np.random.default_rng(4)
    for _ in range(20):
        assert state.stage == "tiles"
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    assert state.is_chance_node() and state.stage == "extra"
    state.apply_action(state.chance_outcomes()[0][0])
    assert not state.is_chance_node()
    eng = state.engine
    assert eng.specials == {0: "SF1", 2: "SF2R"}
    assert sum(map(sum, eng.factories)) == 21 and sum(eng.bag) == 100 - 21
    assert _play_out_and_replay(state)


def _play_out_and_replay(state: object) -> bool:
    rng = np.random.default_rng(9)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    eng = state.engine
    return bool(replayed_scores(eng) == eng.scores)


def test_R41_a_display_with_more_than_4_tiles_of_a_colour_stays_inside_the_space() -> None:
    """SF2 of red (R41) on a display of 4 red takes one red from each neighbour: 6 red, which
    the factories' block shows as 6 / 4. The observation space allows it (up to a colour's 20
    tiles, R1), so the frameworks' bound checks hold (pettingzoo's api_test once met 5)."""
    st = State.new(SF2)
    facs = ((2, 2, 0, 1), (2, 2, 2, 2), (2, 0, 3, 4), (1, 1, 3, 4), (3, 3, 4, 4))
    st.apply_fill(Fill(facs, ((1, SF.SF2 + 2), (3, SF.SF4))))
    assert st.factories[1][2] == 6  # R41: one red from each neighbour
    env = AzulGymEnv(ruleset=SF2)
    obs = encode(st, st.current_player)
    assert obs[1 * 5 + 2] == pytest.approx(6 / 4)
    assert env.observation_space.contains(obs.astype(np.float32))
