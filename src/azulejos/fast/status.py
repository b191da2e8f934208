"""Which engine path is in use, and the one-time warm-up (JIT compile or cache load).

The accelerated path is used when numba imports and the kernels compile; otherwise every
function of :mod:`azulejos.fast` runs on the reference engine, and :func:`backend` says so.
Set ``AZULEJOS_FAST=0`` to force the reference path.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass


@dataclass
class _Status:
    checked: bool = False
    ok: bool = False
    reason: str = ""
    warmup_seconds: float | None = None
    import_seconds: float | None = None
    compile_seconds: float | None = None
    cache_hits: int = 0
    cache_misses: int = 0


_STATUS = _Status()


def _disabled_by_env() -> bool:
    return os.environ.get("AZULEJOS_FAST", "").strip().lower() in {"0", "no", "off", "false", "reference"}


#: Modules whose numba functions are cached on disk (their cache files start with these names).
_KERNEL_MODULES = (
    "tables", "rng", "legal", "endgame", "tiling", "specials", "chance", "step", "moves",
    "playouts", "batch_kernels", "benchkernels", "search",
)


def _fingerprint() -> str:
    """A digest of every source the compiled kernels depend on, and of the numba version.

    numba checks a cached function only against its own source file, not the functions it
    calls in other modules nor the layout constants it froze, so a change there would
    otherwise leave stale machine code in the cache.
    """
    import hashlib
    from pathlib import Path

    import numba

    from azulejos.core import colours, layout

    here = Path(__file__).parent
    h = hashlib.sha256(numba.__version__.encode())
    for path in [here / f"{m}.py" for m in _KERNEL_MODULES] + [
        Path(layout.__file__),
        Path(colours.__file__),
    ]:
        h.update(path.read_bytes())
    return h.hexdigest()


def _refresh_cache() -> None:
    """Drop this package's cached kernels if any source they depend on changed."""
    from pathlib import Path

    from . import playouts

    cache_path = getattr(getattr(playouts.play_games, "_cache", None), "_cache_path", None)
    if not cache_path:
        return
    folder = Path(cache_path)
    stamp = folder / "azulejos-kernels.sha256"
    digest = _fingerprint()
    try:
        if stamp.read_text(encoding="ascii").strip() == digest:
            return
    except OSError:
        pass
    try:
        for f in folder.iterdir():
            if f.suffix in (".nbi", ".nbc") and f.name.split(".", 1)[0] in _KERNEL_MODULES:
                f.unlink()
        stamp.write_text(digest + "\n", encoding="ascii")
    except OSError:
        pass  # a read-only cache: numba compiles in memory; nothing stale is loaded


def _compile_all() -> None:
    """Call every kernel entry point once on tiny inputs (compiles, or loads the disk cache)."""
    import numpy as np

    from . import batch_kernels as B
    from . import kernel as K

    for players in (2, 3):
        for grey in (False, True):
            rs = K.new_state(1)
            K.play_games(players, grey, 2, rs)
            s = np.empty(K.size(players), dtype=np.int64)
            K.init_state(s, players, 0)
            K.playout_seeded(s, players, grey, 3, True)
            K.playout_many_seeded(s, players, grey, 1, 4)
            wk = np.zeros(K.WK_SIZE, dtype=np.int64)
            K.legal_actions(s, players, np.empty(K.NUM_ACTIONS, dtype=np.int64), wk)
            arr = np.empty((2, K.size(players)), dtype=np.int64)
            B.batch_reset(arr, players, np.ones(2, dtype=np.bool_), rs)
            mask = np.empty((2, K.NUM_ACTIONS), dtype=np.bool_)
            B.batch_legal_mask(arr, players, mask)
            acts = np.argmax(mask, axis=1).astype(np.int64)
            if B.batch_first_illegal(arr, players, acts) < 0:
                B.batch_step(arr, players, grey, acts, rs)
            # the special factory displays (R40-R47): the same entry points, longer arrays
            K.play_games_special(players, grey, 2, rs)
            s = np.empty(K.size(players, True), dtype=np.int64)
            K.init_state(s, players, 0)
            K.playout_seeded(s, players, grey, 3, True)
            K.playout_many_seeded(s, players, grey, 1, 4)
            K.legal_actions(s, players, np.empty(K.MAX_LEGAL, dtype=np.int64), wk)
    for fn in (
        K.play_games, K.play_games_special, K.playout_seeded, K.playout_many_seeded, K.legal_actions,
        B.batch_reset, B.batch_legal_mask, B.batch_first_illegal, B.batch_step,
    ):
        stats = getattr(fn, "stats", None)
        if stats is not None:
            _STATUS.cache_hits += sum(stats.cache_hits.values())
            _STATUS.cache_misses += sum(stats.cache_misses.values())


def warmup() -> float | None:
    """Make the accelerated path ready; return the seconds it took the first time (None if
    the reference path is in use)."""
    if _STATUS.checked:
        return _STATUS.warmup_seconds
    _STATUS.checked = True
    if _disabled_by_env():
        _STATUS.reason = "disabled by AZULEJOS_FAST"
        return None
    t0 = time.perf_counter()
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except ImportError as e:
        _STATUS.reason = f"numba is not installed ({e})"
        return None
    t1 = time.perf_counter()
    _STATUS.import_seconds = t1 - t0
    try:
        _refresh_cache()
        _compile_all()
    except Exception as e:  # any compile or lowering failure: fall back honestly
        _STATUS.reason = f"the numba kernels failed to compile: {type(e).__name__}: {e}"
        return None
    t2 = time.perf_counter()
    _STATUS.ok = True
    _STATUS.compile_seconds = t2 - t1
    _STATUS.warmup_seconds = t2 - t0
    return _STATUS.warmup_seconds


def available() -> bool:
    """True when the numba kernels are ready (compiling them on first call)."""
    warmup()
    return _STATUS.ok


def backend() -> str:
    """``"numba"`` or ``"reference"``."""
    return "numba" if available() else "reference"


def reason() -> str:
    """Why the reference path is in use ("" when the accelerated path is)."""
    warmup()
    return _STATUS.reason


def warmup_detail() -> dict[str, float | int | None]:
    """The warm-up split: importing numpy and numba, and compiling the kernels or loading
    them from numba's disk cache (``cache_misses`` counts entry points compiled afresh)."""
    warmup()
    return {
        "total_s": _STATUS.warmup_seconds,
        "import_s": _STATUS.import_seconds,
        "compile_s": _STATUS.compile_seconds,
        "cache_hits": _STATUS.cache_hits,
        "cache_misses": _STATUS.cache_misses,
    }
