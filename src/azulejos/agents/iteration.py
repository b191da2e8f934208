"""Expert iteration with a gate: ``azulejos train --policy`` (issue 30, item 1, at small scale).

Each generation:

1. **Self-play** by the compiled search with the best weights so far (its value network and
   its move prior): the search's visit shares at every drafting move with a choice are the
   policy targets (:func:`azulejos.agents.prior_training.self_play`), the points each player
   still scored after every end of a round the value targets
   (:func:`azulejos.agents.training.self_play`).
2. **Fit** a candidate: the move prior (:func:`~azulejos.agents.prior_training.fit`) and the
   value network (:func:`~azulejos.agents.training.fit`).
3. **Gate**: the candidate plays the best so far in paired games (2 players, each deal played
   twice with the seats swapped, the search at a fixed number of iterations, so the games are
   exactly reproducible); it becomes the best only if it wins more than half of them.

The folder keeps every generation's candidate (``gen-NNN-value.npz``, ``gen-NNN-prior.npz``),
the best weights (``value.npz``, ``prior.npz``: the files ``fastmcts:eval=net,weights=...,
prior=net,priorweights=...`` takes) and ``progress.json``, written after each generation: a
run stopped at any point and started again with the same command goes on after the last
generation it finished (a run with other settings is refused rather than mixed in). The first
best is the shipped value network and the hand-set prior. Everything is drawn from the one
seed: the same command writes the same weights.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from azulejos.core import State

from .base import Budget

PROGRESS = "progress.json"


@dataclass(frozen=True)
class Settings:
    """What a run is: the same settings in a folder continue the same run."""

    games: int = 40  # self-play games per generation (each of the two kinds)
    seed: int = 0
    iterations: int = 200  # search iterations a self-play move
    gate_deals: int = 20  # deals of the gate (each played twice)
    gate_iterations: int = 400  # search iterations a gate move
    epochs: int = 30  # of the value network's fit
    steps: int = 400  # of the prior's fit
    hidden: tuple[int, int] = (32, 16)


@dataclass
class Gate:
    generation: int
    wins: float  # the candidate's wins (a tie counts half)
    games: int
    kept: bool
    margin: float  # the candidate's mean score less its opponent's


@dataclass
class Progress:
    settings: dict[str, object]
    done: int = 0  # generations finished
    best: int = 0  # the generation whose weights are the best (0: the shipped ones)
    gates: list[Gate] = field(default_factory=list)


class SettingsMismatch(ValueError):
    """The folder holds a run with other settings."""


def _paths(folder: Path, gen: int) -> tuple[Path, Path]:
    return folder / f"gen-{gen:03d}-value.npz", folder / f"gen-{gen:03d}-prior.npz"


def _write_json(path: Path, data: object) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)  # never a half-written progress file


def _load(folder: Path, settings: Settings) -> Progress:
    want = json.loads(json.dumps(asdict(settings)))
    p = folder / PROGRESS
    if not p.exists():
        return Progress(settings=want)
    raw = json.loads(p.read_text(encoding="utf-8"))
    if raw.get("settings") != want:
        raise SettingsMismatch(f"{folder} holds a run with other settings: {raw.get('settings')}")
    return Progress(settings=want, done=int(raw["done"]), best=int(raw["best"]),
                    gates=[Gate(**g) for g in raw["gates"]])


def _agent(seed: int, iterations: int, value: Path, prior: Path) -> object:
    from .fastmcts import FastMCTSAgent

    return FastMCTSAgent(seed, Budget(iterations=iterations), rounds=1, evaluation="net",
                         weights=str(value), prior="net", prior_weights=str(prior))


def paired_games(
    a: tuple[Path, Path], b: tuple[Path, Path], deals: int, seed: int, iterations: int,
    progress: Callable[[], None] | None = None,
) -> tuple[float, int, float]:
    """``a`` (value and prior files) against ``b`` in 2-player games, each deal twice with the
    seats swapped: ``a``'s wins (ties half), the games, and ``a``'s mean margin."""
    wins = 0.0
    margin = 0.0
    games = 0
    for d in range(deals):
        for a_seat in (0, 1):
            st = State.new(2)
            rng = random.Random(seed * 1_000_003 + d)  # the same fills in both games of a deal
            bots = [_agent(seed + d, iterations, *a), _agent(seed + d, iterations, *b)]
            seats = bots if a_seat == 0 else bots[::-1]
            while not st.is_over:
                if not st.legal_actions():
                    st.deal(rng)
                    continue
                st.push(seats[st.current_player].choose(st.copy()))  # type: ignore[attr-defined]
            mine, theirs = st.scores[a_seat], st.scores[1 - a_seat]
            wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            margin += mine - theirs
            games += 1
            if progress is not None:
                progress()
    return wins, games, margin / max(1, games)


def run(
    folder: Path, generations: int, settings: Settings,
    bar: Callable[[int, str], Callable[[], None] | None] | None = None,
    said: Callable[[Gate], None] | None = None,
) -> Progress:
    """Run (or go on with) ``generations`` generations in ``folder``; ``bar(total, label)``
    gives a progress callback, ``said`` hears each generation's gate."""
    import numpy as np

    from azulejos.fast import nn, prior
    from azulejos.fast.prior import hand_weights

    from . import prior_training, training

    folder.mkdir(parents=True, exist_ok=True)
    prog = _load(folder, settings)
    s = settings
    v0, p0 = _paths(folder, 0)
    if prog.done == 0 and prog.best == 0:
        shutil.copyfile(nn.DEFAULT_WEIGHTS, v0)
        prior_training.save(p0, hand_weights(prior_training.TEMPERATURE), {"kind": "hand-set"})

    def tick(total: int, label: str) -> Callable[[], None] | None:
        return bar(total, label) if bar is not None else None

    for gen in range(prog.done + 1, generations + 1):
        best = _paths(folder, prog.best)
        net = nn.load(best[0])
        pw = prior.load(best[1])
        gseed = s.seed * 7919 + gen
        data = prior_training.self_play(s.games, gseed, s.iterations, net=net, pw=pw,
                                        progress=tick(s.games, "games"))
        new_pw, _ = prior_training.fit(data, steps=s.steps, progress=tick(s.steps, "steps"))
        vdata = training.self_play(s.games, gseed, s.iterations, net,
                                   tick(s.games, "games"))
        new_net, _ = training.fit(vdata, gseed, hidden=s.hidden, epochs=s.epochs,
                                  progress=tick(s.epochs, "epochs"))
        cand = _paths(folder, gen)
        meta = {"generation": str(gen), "settings": json.dumps(prog.settings, sort_keys=True)}
        training.save(cand[0], new_net, meta)
        prior_training.save(cand[1], np.asarray(new_pw), meta)
        wins, games, margin = paired_games(cand, best, s.gate_deals, gseed, s.gate_iterations,
                                           tick(2 * s.gate_deals, "games"))
        gate = Gate(gen, wins, games, wins > games / 2, margin)
        if gate.kept:
            prog.best = gen
        prog.gates.append(gate)
        prog.done = gen
        for src, name in zip(_paths(folder, prog.best), ("value.npz", "prior.npz")):
            shutil.copyfile(src, folder / name)
        _write_json(folder / PROGRESS, asdict(prog))
        if said is not None:
            said(gate)
    return prog
