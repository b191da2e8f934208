"""Steps per second of the RL environments, with uniformly random legal actions.

    python examples/bench_envs.py --seconds 10

A *step* is one agent action (a drafting move or a grey-wall column choice); fills and, in the
Gymnasium environment, the bot's turns happen inside the steps. Every figure includes building
the observation vector and the action mask, except the OpenSpiel row (player actions only,
chance nodes sampled in between, no observation built).

``steps/s`` is wall-clock throughput; ``steps/CPU-s`` divides by the CPU time this process got
(``CPU share`` of the wall clock), a steadier figure on a machine shared with other work.
"""

from __future__ import annotations

import argparse
import platform
import time

import numpy as np

from azulejos.envs.aec import AzulAECEnv
from azulejos.envs.gym_env import AzulGymEnv
from azulejos.envs.vector import AzulVectorEnv, available_backends


def bench_aec(players: int, seconds: float) -> tuple[float, float]:
    env = AzulAECEnv(players)
    rng = np.random.default_rng(0)
    steps = games = 0
    t0 = time.perf_counter()
    seed = 0
    while time.perf_counter() - t0 < seconds:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        games += 1
    dt = time.perf_counter() - t0
    return steps / dt, games / dt


def bench_gym(players: int, seconds: float) -> tuple[float, float]:
    env = AzulGymEnv(players, opponents="random")
    rng = np.random.default_rng(0)
    steps = games = 0
    t0 = time.perf_counter()
    _, info = env.reset(seed=0)
    while time.perf_counter() - t0 < seconds:
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
        if term or trunc:
            games += 1
            _, info = env.reset()
    dt = time.perf_counter() - t0
    return steps / dt, games / dt


def bench_vector(n: int, players: int, backend: str, seconds: float) -> tuple[float, float]:
    env = AzulVectorEnv(n, players, seed=0, backend=backend)
    rng = np.random.default_rng(0)
    _, info = env.reset()
    _, _, _, _, info = env.step(info["action_mask"].argmax(axis=1))  # warm-up (JIT compile)
    steps = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        mask = info["action_mask"]
        _, _, term, trunc, info = env.step((rng.random(mask.shape) * mask).argmax(axis=1))
        steps += n
        games += int(term.sum() + trunc.sum())
    dt = time.perf_counter() - t0
    return steps / dt, games / dt


def bench_openspiel(players: int, seconds: float) -> tuple[float, float]:
    import pyspiel

    import azulejos.envs.openspiel as azspiel

    game = pyspiel.load_game(azspiel.SHORT_NAME, {"players": players})
    rng = np.random.default_rng(0)
    steps = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():  # one tile drawn per chance node
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
                steps += 1
        games += 1
    dt = time.perf_counter() - t0
    return steps / dt, games / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="per measurement")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--sizes", default="1,16,64,256", help="vector sizes, comma-separated")
    args = ap.parse_args()
    print(
        f"python {platform.python_version()}, {platform.machine()}, backends {available_backends()}"
    )
    print(
        f"{'environment':40s} {'steps/s':>10s} {'games/s':>9s} {'steps/CPU-s':>14s} "
        f"{'CPU share':>8s}"
    )
    rows = [
        (f"PettingZoo AEC, {args.players}p", lambda: bench_aec(args.players, args.seconds)),
        (
            f"Gymnasium Azul-v0 vs random, {args.players}p",
            lambda: bench_gym(args.players, args.seconds),
        ),
    ]
    for backend in available_backends():
        for n in (int(x) for x in args.sizes.split(",")):
            rows.append(
                (
                    f"AzulVectorEnv {backend} n={n}, {args.players}p",
                    lambda n=n, b=backend: bench_vector(n, args.players, b, args.seconds),
                )
            )
    try:
        import pyspiel  # noqa: F401

        rows.append(
            (
                f"OpenSpiel python_azulejos, {args.players}p",
                lambda: bench_openspiel(args.players, args.seconds),
            )
        )
    except ImportError:
        print("(OpenSpiel not installed: no OpenSpiel row)")
    for label, fn in rows:
        c0 = time.process_time()
        w0 = time.perf_counter()
        sps, gps = fn()
        cpu_share = (time.process_time() - c0) / (time.perf_counter() - w0)
        print(
            f"{label:40s} {sps:10.0f} {gps:9.1f} {sps / cpu_share:14.0f} {cpu_share:8.0%}",
            flush=True,
        )


if __name__ == "__main__":
    main()
