"""Does this machine take its CPUs away from busy processes? (issue 15, item 7: the late answers
of two engines searching side by side).

    python benchmarks/cpu_stalls.py [--processes 1,2] [--seconds 60] [--gap-ms 20]

For each count in ``--processes``, starts that many processes that do nothing but read the
clock in a tight loop for ``--seconds``, and reports every gap longer than ``--gap-ms`` between
two consecutive readings: a time the process was not running although it wanted to. No search,
no memory, no collector: whatever stalls this loop stalls any search the same way. Also
reports the machine's steal time over the run (the time the hypervisor ran something else
while a vCPU of this machine was ready; ``/proc/stat``, Linux only).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import time


def _busy(seconds: float, gap: float, out: mp.Queue[list[float]]) -> None:
    """Read the clock for ``seconds``; put the gaps over ``gap`` seconds (in ms) on ``out``."""
    clock = time.perf_counter
    end = clock() + seconds
    last = clock()
    gaps: list[float] = []
    while last < end:
        now = clock()
        if now - last > gap:
            gaps.append((now - last) * 1000)
        last = now
    out.put(gaps)


def _steal_ticks() -> int | None:
    """The machine's steal time so far, in clock ticks (None where /proc/stat has no such field)."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()
    except OSError:
        return None
    return int(fields[8]) if fields[0] == "cpu" and len(fields) > 8 else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", default="1,2", help="comma-separated counts of busy processes")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--gap-ms", type=float, default=20.0)
    args = ap.parse_args()
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    print(f"{os.cpu_count()} CPUs; busy loops of {args.seconds:g} s; gaps over {args.gap_ms:g} ms")
    for n in (int(x) for x in args.processes.split(",")):
        queue: mp.Queue[list[float]] = mp.Queue()
        steal0 = _steal_ticks()
        procs = [mp.Process(target=_busy, args=(args.seconds, args.gap_ms / 1000, queue))
                 for _ in range(n)]
        for p in procs:
            p.start()
        gaps = [g for _ in procs for g in queue.get()]
        for p in procs:
            p.join()
        steal1 = _steal_ticks()
        steal = ("" if steal0 is None or steal1 is None
                 else f"; steal time {(steal1 - steal0) / tick:.2f} s")
        shown = ", ".join(f"{g:.1f}" for g in sorted(gaps, reverse=True)[:8])
        print(f"{n} busy process(es): {len(gaps)} gaps, "
              f"{len(gaps) / (n * args.seconds) * 60:.1f} per process-minute, "
              f"{sum(gaps) / 1000:.2f} s in all{steal}" + (f"; longest (ms): {shown}" if gaps else ""))


if __name__ == "__main__":
    main()
