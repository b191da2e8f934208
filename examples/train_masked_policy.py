"""Train a small masked policy against a bot (``random`` by default) on the CPU, then measure it.

Uses sb3-contrib's MaskablePPO on the Gymnasium environment ``azulejos/Azul-v0`` (two players,
the learner's seat drawn at random each game, the other seat played by ``--opponent``).
Rewards are ``round_delta`` (the per-round score difference, whose sum over a game is the final score
difference), scaled by 1/20.

    pip install 'azulejos[rl]'     # then a CPU-only PyTorch build, then:
    pip install sb3-contrib stable-baselines3
    python examples/train_masked_policy.py --minutes 5

It prints the training progress and then an evaluation: the trained policy and, as the
baseline, uniformly random moves, each playing ``--eval-games`` games against the opponent on
the same seeds.
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

import azulejos.envs  # noqa: F401  (registers azulejos/Azul-v0)
from azulejos.agents import make_agent  # bots by name, handed to the environment
from azulejos.envs.gym_env import AzulGymEnv


class StopAfter(BaseCallback):
    """Stop training after a wall-clock budget; print a line every ``every`` seconds."""

    def __init__(self, seconds: float, every: float = 30.0) -> None:
        super().__init__()
        self.seconds, self.every = seconds, every
        self.t0 = self.last = 0.0

    def _on_training_start(self) -> None:
        self.t0 = self.last = time.perf_counter()

    def _on_step(self) -> bool:
        now = time.perf_counter()
        if now - self.last >= self.every:
            self.last = now
            ep = [e["r"] for e in self.model.ep_info_buffer]
            mean = f"{np.mean(ep):+.2f}" if ep else "n/a"
            print(
                f"  {now - self.t0:5.0f} s  {self.num_timesteps:7d} steps  "
                f"mean episode return (last {len(ep)}) {mean}",
                flush=True,
            )
        return now - self.t0 < self.seconds


def evaluate(model: MaskablePPO | None, opponent: str, games: int, seed: int) -> dict[str, float]:
    """Play ``games`` games against ``opponent``; ``model=None`` plays random moves itself."""
    env = AzulGymEnv(players=2, opponents=opponent, seat=None, agent_factory=make_agent)
    rng = np.random.default_rng(seed)
    wins = draws = 0
    diffs: list[int] = []
    mine: list[int] = []
    for g in range(games):
        obs, info = env.reset(seed=seed + g)
        done = False
        while not done:
            mask = info["action_mask"]
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            obs, _, term, trunc, info = env.step(int(action))
            done = term or trunc
        me, other = info["scores"][env.seat], info["scores"][1 - env.seat]
        winners = info.get("winners", [])
        if winners == [env.seat]:
            wins += 1
        elif env.seat in winners:
            draws += 1
        diffs.append(me - other)
        mine.append(me)
    return {
        "win_rate": wins / games,
        "draw_rate": draws / games,
        "mean_score": float(np.mean(mine)),
        "mean_diff": float(np.mean(diffs)),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=5.0, help="training budget (wall clock)")
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--envs", type=int, default=8, help="environments per rollout")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--opponent", default="random", help="bot to train and evaluate against")
    ap.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    vec = make_vec_env(
        lambda: gymnasium.make(
            "azulejos/Azul-v0", opponents=args.opponent, agent_factory=make_agent,
            reward="round_delta", reward_scale=0.05,
        ),
        n_envs=args.envs,
        seed=args.seed,
    )
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=256,
        batch_size=512,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=0.99,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        verbose=0,
        device="cpu",
    )
    print(
        f"training MaskablePPO for {args.minutes:g} min on {args.envs} environments "
        f"against {args.opponent!r}"
    )
    t0 = time.perf_counter()
    model.learn(total_timesteps=10**9, callback=StopAfter(args.minutes * 60))
    took = time.perf_counter() - t0
    print(
        f"trained {model.num_timesteps} steps in {took:.0f} s ({model.num_timesteps / took:.0f} steps/s)"
    )

    print(
        f"evaluation: {args.eval_games} games each against {args.opponent!r} "
        "(2 players, seats drawn at random)"
    )
    for label, m in (("random moves (baseline)", None), ("trained policy", model)):
        r = evaluate(m, args.opponent, args.eval_games, seed=10_000 + args.seed)
        print(
            f"  {label:23s} win {r['win_rate']:6.1%}  draw {r['draw_rate']:5.1%}  "
            f"mean score {r['mean_score']:5.1f}  mean score difference {r['mean_diff']:+6.1f}"
        )


if __name__ == "__main__":
    main()
