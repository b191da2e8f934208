#!/usr/bin/env python3
"""Set up and run azulejos with nothing but Python 3.11+ (stdlib only).

    python3 dev.py play     # create .venv, install azulejos with everything, start a game
    python3 dev.py test     # create .venv, install the dev tools, run every check
    python3 dev.py demo     # watch two random players (engine only)
    python3 dev.py setup    # only create .venv with the dev tools
    python3 dev.py --help   # this text

The first run installs into .venv (several minutes; pip shows what it downloads); later runs
start at once. ``dev.py test`` takes many minutes (see the README's "Tests").

Any further arguments go to the command: ``python3 dev.py play --plain``.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("AZULEJOS_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def run(*cmd: str | Path, check: bool = True) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], cwd=ROOT, check=check).returncode


def ensure_venv(extra: str) -> None:
    if sys.version_info < (3, 11):
        sys.exit("azulejos needs Python 3.11 or newer")
    if not PY.exists():
        print(f"creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extra}"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    what = {"all": "azulejos with numba, Textual, the web server, the bots' and RL libraries",
            "dev": "azulejos with everything and the dev tools (about 1.2 GB: numba, "
                   "open_spiel, ray, Playwright, the linters)"}.get(extra, f"azulejos[{extra}]")
    print(f"step 1 of 2: upgrading pip in {VENV}", flush=True)
    run(PY, "-m", "pip", "install", "--progress-bar", "on", "--upgrade", "pip")
    print(f"step 2 of 2: installing {what}; this takes several minutes the first time "
          "(pip shows each download)", flush=True)
    run(PY, "-m", "pip", "install", "--progress-bar", "on", "-e", f".[{extra}]")
    stamp.write_text(digest)
    print("installed; later runs skip this step until pyproject.toml changes", flush=True)


def main(argv: list[str]) -> int:
    task = argv[0] if argv else "play"
    rest = argv[1:]
    if task in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    if task == "play":
        ensure_venv("all")
        return run(BIN / "azulejos", "play", *rest, check=False)
    if task == "demo":
        ensure_venv("all")
        return run(BIN / "azulejos", "demo", *rest, check=False)
    if task == "setup":
        ensure_venv("dev")
        return 0
    if task == "test":
        ensure_venv("dev")
        status = 0
        for cmd in (
            (BIN / "ruff", "check", "src", "tests", "benchmarks", "examples", "dev.py"),
            (BIN / "mypy"),
            (BIN / "lint-imports",),
        ):
            cmd = cmd if isinstance(cmd, tuple) else (cmd,)
            status |= run(*cmd, check=False)
        # one worker per CPU (pytest-xdist) unless the caller chose: about half the time on
        # two cores; `-n 0` runs in one process
        chosen = any(a.startswith(("-n", "--numprocesses", "-pno:xdist")) or a == "no:xdist"
                     for a in rest)
        workers = () if chosen else ("-n", "auto")
        status |= run(PY, "-m", "pytest", "-q", *workers, *rest, check=False)
        print("all checks passed" if status == 0 else "SOME CHECKS FAILED", flush=True)
        return 1 if status else 0
    print(f"dev.py: unknown task {task!r}", file=sys.stderr)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
