"""Measure the engine paths side by side: the pure-Python reference and the accelerated
(numba) path. Used by ``azulejos bench`` and ``benchmarks/bench_engine.py``.

Every figure is measured here, on this machine, in this process. Warm-up (numba import and
JIT compile or cache load) is measured first and reported apart from the timings. Rates are
given per wall-clock second and per CPU second of this process: on a shared machine the
second tells what the code costs, the first what it delivered.
"""

from __future__ import annotations

import os
import platform
import random
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from azulejos.core import Ruleset, State, Variant
from azulejos.core.playout import random_playout as reference_playout

#: What each figure means, for the report and the JSON output.
METHODS = {
    "reference": "azulejos.core.playout.random_playout on State.new(): no history kept",
    "reference_generic": "legal_actions() + push() (history kept) + deal(): the generic loop",
    "accelerated": "numba kernel, whole games from set-up in one call (as playout_many does)",
    "accelerated_per_call": "azulejos.fast.random_playout(State.new(), rng): one Python call per game",
}


#: Games still going after this round are deadlocked (see ``azulejos.fast.GameStalledError``):
#: the reference engine would play them for ever, so the loops below stop them and count them.
ROUND_CAP = 200


@dataclass
class Run:
    calls: int
    work: int
    wall: float
    cpu: float
    stalled: int = 0


class _Stalled(Exception):
    pass


def _on_alarm(signum: int, frame: object) -> None:
    raise _Stalled


def run_for(
    seconds: float, once: Callable[[], int], watchdog: bool = False, grace: float = 10.0
) -> Run:
    """Call ``once`` (which returns a work count) until ``seconds`` of wall time pass.

    With ``watchdog`` (Unix, main thread), a call still running ``seconds + grace`` s after the
    start is interrupted: it is a deadlocked game that would never return; the figures are
    those of the calls completed before it.
    """
    calls = work = 0
    armed = False
    if watchdog and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
        old = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, seconds + grace)
        armed = True
    c0 = time.process_time()
    t0 = time.perf_counter()
    wall = 0.0
    cpu = 0.0
    try:
        while True:
            w = once()
            wall = time.perf_counter() - t0
            cpu = time.process_time() - c0
            work += w
            calls += 1
            if wall >= seconds:
                break
    except _Stalled:
        return Run(calls, work, max(wall, 1e-9), max(cpu, 1e-9), stalled=1)
    finally:
        if armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    return Run(calls, work, wall, max(cpu, 1e-9))


def machine() -> dict[str, Any]:
    """Python version and machine description (the figures only mean something with these)."""
    try:
        load: list[float] | None = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load = None
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu": _cpu_model(),
        "cpus": os.cpu_count(),
        "load_average": load,
    }


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def _versions() -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for name in ("numpy", "numba"):
        try:
            mod = __import__(name)
            out[name] = str(getattr(mod, "__version__", "?"))
        except ImportError:
            out[name] = None
    return out


def sample_positions(rules: Ruleset, count: int, seed: int) -> list[tuple[State, int]]:
    """Typical positions (drafting and grey column choices) from uniformly random games, each
    with its history as played and a legal action to try there."""
    rng = random.Random(seed)
    out: list[tuple[State, int]] = []
    while len(out) < count:
        st = State.new(rules)
        while not st.is_over and len(out) < count and st.round <= ROUND_CAP:
            if st.is_chance:
                st.deal(rng)
                continue
            acts = st.legal_actions()
            a = acts[rng.randrange(len(acts))]
            out.append((st.copy(), a))
            st.push(a)
    return out


def per_op_us(seconds: float, items: list[Any], op: Callable[[Any], object]) -> float:
    """Microseconds per call of ``op`` over ``items`` (cycled for ``seconds``)."""

    def once() -> int:
        for x in items:
            op(x)
        return len(items)

    r = run_for(seconds, once)
    return r.wall / r.work * 1e6


def bench_reference(
    rules: Ruleset, seconds: float, positions: list[tuple[State, int]]
) -> dict[str, Any]:
    rng = random.Random(1)

    def playout_game() -> int:
        reference_playout(State.new(rules), rng)
        return 1

    stalled = [0]

    def generic_game() -> int:
        st = State.new(rules)
        moves = 0
        while not st.is_over:
            if st.is_chance:
                if st.round > ROUND_CAP:
                    stalled[0] += 1
                    break
                st.deal(rng)
            else:
                acts = st.legal_actions()
                st.push(acts[rng.randrange(len(acts))])
                moves += 1
        return moves

    gen = run_for(seconds, generic_game)
    play = run_for(seconds, playout_game, watchdog=True)
    moves_per_game = gen.work / gen.calls
    micro = max(0.2, seconds / 5)
    states = [st for st, _ in positions]

    def push_pop(item: tuple[State, int]) -> None:
        item[0].push(item[1])
        item[0].pop()

    return {
        "method": METHODS["reference"],
        "games_per_s": play.calls / play.wall,
        "games_per_cpu_s": play.calls / play.cpu,
        "moves_per_s": play.calls / play.wall * moves_per_game,
        "moves_per_s_basis": "games_per_s x moves per game of the generic loop (same engine)",
        "games": play.calls,
        "stalled_games": play.stalled,
        "moves_per_game": moves_per_game,
        "generic_loop": {
            "method": METHODS["reference_generic"],
            "games_per_s": gen.calls / gen.wall,
            "games_per_cpu_s": gen.calls / gen.cpu,
            "moves_per_s": gen.work / gen.wall,
            "games": gen.calls,
            "stalled_games": stalled[0],
        },
        "legal_moves_us": per_op_us(micro, states, State.legal_actions),
        "copy_us": per_op_us(micro, states, State.copy),
        "copy_no_history_us": per_op_us(micro, states, lambda s: s.copy(history=False)),
        "push_pop_us": per_op_us(micro, positions, push_pop),
    }


def bench_accelerated(
    rules: Ruleset, seconds: float, positions: list[tuple[State, int]]
) -> dict[str, Any]:
    from azulejos import fast

    rng = random.Random(2)
    players = rules.players
    variant = rules.variant

    def per_call_game() -> int:
        try:
            fast.random_playout(State.new(rules), rng)
        except fast.GameStalledError:
            pass  # counted as a game: the kernel stopped a deadlocked one (see docs)
        return 1

    out: dict[str, Any] = {"backend": fast.backend(), "reason": fast.reason()}
    if out["backend"] != "numba":
        call = run_for(seconds, per_call_game, watchdog=True)
        out.update(
            method=METHODS["accelerated_per_call"] + " (running on the reference)",
            games_per_s=call.calls / call.wall,
            games_per_cpu_s=call.calls / call.cpu,
            moves_per_s=None,
            games=call.calls,
        )
        return out
    import numpy as np

    from azulejos.fast.timing import kernel_games, kernel_micro

    out["warmup"] = fast.warmup_detail()
    grey = variant is Variant.GREY
    kg = kernel_games(players, grey, seconds, special_factories=rules.special_factories)
    call = run_for(seconds, per_call_game)
    arr = np.array([st.raw for st, _ in positions], dtype=np.int64)
    acts = np.array([a for _, a in positions], dtype=np.int64)
    if rules.special_factories:
        # the base game's kernel games/s in the same run: the module's cost as a ratio
        base = kernel_games(players, grey, seconds)
        out["base_game"] = {
            "games_per_s": base.games / base.wall,
            "games_per_cpu_s": base.games / base.cpu,
            "moves_per_game": base.moves / base.games,
            "module_ratio": (kg.games / kg.cpu) / (base.games / base.cpu),
            "module_ratio_basis": "games per CPU second, module / base game, same process",
        }
    out.update(
        method=METHODS["accelerated"],
        games_per_s=kg.games / kg.wall,
        games_per_cpu_s=kg.games / kg.cpu,
        moves_per_s=kg.moves / kg.wall,
        games=kg.games,
        stalled_games=kg.stalled,
        moves_per_game=kg.moves / kg.games,
        per_call={
            "method": METHODS["accelerated_per_call"],
            "games_per_s": call.calls / call.wall,
            "games_per_cpu_s": call.calls / call.cpu,
            "games": call.calls,
        },
        **kernel_micro(arr, players, grey, acts, max(0.2, seconds / 5)),
    )
    return out


def run_bench(rules: Ruleset | None = None, seconds: float = 3.0) -> dict[str, Any]:
    """Measure both paths for ``rules`` (default: two players, the coloured wall); the result
    is what ``azulejos bench --json`` prints."""
    from azulejos import fast

    rules = rules if rules is not None else Ruleset(2)
    t0 = time.perf_counter()
    fast.warmup()  # excluded from every timing below, reported apart
    warm = time.perf_counter() - t0
    positions = sample_positions(rules, 300, seed=7)
    ref = bench_reference(rules, seconds, positions)
    acc = bench_accelerated(rules, seconds, positions)
    info: dict[str, Any] = {
        "players": rules.players,
        "variant": rules.variant.value,
        "special_factories": rules.special_factories,
        "seconds_per_measurement": seconds,
        "machine": machine(),
        "versions": _versions(),
        "warmup_s": warm,
        "paths": {"reference": ref, "accelerated": acc},
    }
    if acc.get("games_per_s"):
        info["speedup"] = acc["games_per_s"] / ref["games_per_s"]
    return info


# -- the text report ---------------------------------------------------------------------------
def _num(x: float | None, unit: str = "") -> str:
    if x is None:
        return "-"
    if x >= 100:
        text = f"{x:,.0f}"
    elif x >= 10:
        text = f"{x:.1f}"
    else:
        text = f"{x:.2f}"
    return text + unit


def format_report(r: dict[str, Any]) -> str:
    m = r["machine"]
    ref = r["paths"]["reference"]
    acc = r["paths"]["accelerated"]
    gen = ref["generic_loop"]
    lines = [
        f"azulejos bench: {r['players']} players, {r['variant']} wall, "
        + ("special factory displays, " if r.get("special_factories") else "")
        + f"{r['seconds_per_measurement']:g} s per measurement",
        f"Python {m['python']} ({m['implementation']}) on {m['platform']}",
        f"CPU {m['cpu']} x {m['cpus']}, load average {m['load_average']}",
    ]
    versions = r["versions"]
    if acc["backend"] == "numba":
        w = acc["warmup"]
        how = "loaded from cache" if not w["cache_misses"] else f"{w['cache_misses']} compiled"
        lines.append(
            f"accelerated path: numba {versions['numba']}, numpy {versions['numpy']}; warm-up "
            f"{w['total_s']:.2f} s (import {w['import_s']:.2f} s, kernels {w['compile_s']:.2f} s, "
            f"{how}), excluded below"
        )
    else:
        lines.append(f"accelerated path unavailable ({acc['reason']}): it runs on the reference")
    rows: list[tuple[str, str, str]] = [
        ("games/s", _num(ref["games_per_s"]), _num(acc.get("games_per_s"))),
        ("games per CPU second", _num(ref["games_per_cpu_s"]), _num(acc.get("games_per_cpu_s"))),
        ("moves/s", _num(ref["moves_per_s"]), _num(acc.get("moves_per_s"))),
        ("moves per game", _num(ref["moves_per_game"]), _num(acc.get("moves_per_game"))),
        (
            "games/s, per-game loop",
            _num(gen["games_per_s"]) + " (a)",
            _num(acc.get("per_call", {}).get("games_per_s")) + " (b)",
        ),
        ("legal-move listing", _num(ref["legal_moves_us"], " us"), _num(acc.get("legal_moves_us"), " us")),
        ("copy", _num(ref["copy_us"], " us"), _num(acc.get("copy_us"), " us")),
        ("push + pop", _num(ref["push_pop_us"], " us"), _num(acc.get("push_pop_us"), " us")),
    ]
    if acc["backend"] == "numba":
        rows += [
            ("legal listing, call from Python", "-", _num(acc["legal_moves_call_us"], " us")),
            ("array copy, from Python", "-", _num(acc["copy_call_us"], " us")),
        ]
    w1 = max(len(a) for a, _, _ in rows) + 2
    w2 = max(len(b) for _, b, _ in rows + [("", "reference", "")]) + 3
    lines.append("")
    lines.append(f"{'':<{w1}}{'reference':>{w2}}   accelerated")
    for name, a, b in rows:
        lines.append(f"{name:<{w1}}{a:>{w2}}   {b}")
    lines += [
        "",
        f"reference games/s: {ref['method']}",
        f"  moves/s: {ref['moves_per_s_basis']}",
        f"accelerated games/s: {acc.get('method', '-')}",
        f"(a) {gen['method']}",
        f"(b) {acc.get('per_call', {}).get('method', acc.get('method', '-'))}",
    ]
    if acc["backend"] == "numba":
        lines.append(
            "accelerated listing, copy and push+pop are timed inside the kernel (push+pop = "
            "apply a move and restore a snapshot)"
        )
        if "base_game" in acc:
            bg = acc["base_game"]
            lines.append(
                f"accelerated, base game in the same run: {_num(bg['games_per_s'])} games/s "
                f"({_num(bg['games_per_cpu_s'])} per CPU second); the module runs at "
                f"{bg['module_ratio']:.2f}x the base game's games per CPU second"
            )
        if acc.get("stalled_games"):
            lines.append(f"accelerated: {acc['stalled_games']} deadlocked games stopped at the round limit")
    if ref.get("stalled_games") or gen.get("stalled_games"):
        lines.append(
            f"reference: {ref['stalled_games']} deadlocked play-out interrupted (its time excluded), "
            f"{gen['stalled_games']} generic-loop games stopped after round {ROUND_CAP}"
        )
    if "speedup" in r:
        lines.append(f"accelerated / reference games/s: {r['speedup']:.1f}x")
    return "\n".join(lines)
