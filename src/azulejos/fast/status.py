"""Which engine path is in use, and the warm-up (JIT compile or cache load).

The accelerated path is used when numba imports; otherwise every function of
:mod:`azulejos.fast` runs on the reference engine, and :func:`backend` says so. Set
``AZULEJOS_FAST=0`` to force the reference path.

Loading is in two steps, so that a bot loads only the kernels it calls:

* :func:`available` (cheap, once per process): numba imports and the disk cache is checked
  against the kernels' sources (:func:`_refresh_cache`); no kernel is compiled or loaded.
* :func:`load` runs a bot's own warm-up (tiny calls of the kernels it uses: a compile, or a
  load from numba's disk cache) and :func:`warmup` loads every kernel (the benchmarks). A
  kernel not loaded either way compiles or loads on its first call.

Several processes may start at once with a cold or stale cache (tournament workers, engines
started side by side): the cache check and every warm-up run under an exclusive lock on a
file in the cache folder (:func:`cache_lock`), so one process compiles and writes the cache
while the others wait and then load it, and no process deletes cache files that another is
writing. numba writes each cache file through a temporary file and a rename, so a reader
never sees half a file.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path


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
    ready: bool = False  # numba imports and the cache was checked (:func:`available`)
    all_loaded: bool = False  # every kernel loaded (:func:`warmup`)


_STATUS = _Status()


def _disabled_by_env() -> bool:
    return os.environ.get("AZULEJOS_FAST", "").strip().lower() in {"0", "no", "off", "false", "reference"}


#: Modules whose numba functions are cached on disk (their cache files start with these names).
_KERNEL_MODULES = (
    "tables", "rng", "legal", "endgame", "tiling", "specials", "chance", "step", "moves",
    "playouts", "batch_kernels", "benchkernels", "nnfeatures", "nn", "prior", "scores", "search",
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


def _cache_folder() -> Path | None:
    """The folder of numba's disk cache of the kernels (None: no disk cache)."""
    from . import rng

    cache_path = getattr(getattr(rng.seed_state, "_cache", None), "_cache_path", None)
    return Path(cache_path) if cache_path else None


@contextlib.contextmanager
def cache_lock(folder: Path | None) -> Iterator[None]:
    """Hold an exclusive lock on ``folder/azulejos-kernels.lock`` (waiting for it): one process
    at a time checks, compiles into or loads from the cache. Without a lockable folder (no disk
    cache, read-only, or no ``fcntl``) it does not lock."""
    try:
        import fcntl
    except ImportError:  # not POSIX: numba's own atomic file writes are what is left
        yield
        return
    fd = None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(folder / "azulejos-kernels.lock", os.O_RDWR | os.O_CREAT, 0o644)
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            if fd is not None:
                os.close(fd)
            fd = None
    try:
        yield
    finally:
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)


def refresh_folder(folder: Path, digest: str) -> bool:
    """Drop the cached kernels in ``folder`` unless its stamp is ``digest``, and stamp it;
    True if files were dropped. Call it under :func:`cache_lock`."""
    stamp = folder / "azulejos-kernels.sha256"
    try:
        if stamp.read_text(encoding="ascii").strip() == digest:
            return False
    except OSError:
        pass
    try:
        for f in folder.iterdir():
            if f.suffix in (".nbi", ".nbc") and f.name.split(".", 1)[0] in _KERNEL_MODULES:
                f.unlink(missing_ok=True)
        tmp = folder / f"azulejos-kernels.sha256.{os.getpid()}"
        tmp.write_text(digest + "\n", encoding="ascii")
        os.replace(tmp, stamp)
    except OSError:
        pass  # a read-only cache: numba compiles in memory; nothing stale is loaded
    return True


def _refresh_cache() -> None:
    """Drop this package's cached kernels if any source they depend on changed."""
    folder = _cache_folder()
    if folder is None:
        return
    with cache_lock(folder):
        refresh_folder(folder, _fingerprint())


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


def _check() -> bool:
    """Import numba and check the disk cache, once per process (:func:`available`)."""
    if _STATUS.checked:
        return _STATUS.ready
    _STATUS.checked = True
    if _disabled_by_env():
        _STATUS.reason = "disabled by AZULEJOS_FAST"
        return False
    t0 = time.perf_counter()
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except ImportError as e:
        _STATUS.reason = f"numba is not installed ({e})"
        return False
    _STATUS.import_seconds = time.perf_counter() - t0
    try:
        _refresh_cache()
    except Exception as e:  # a kernel module that does not even import: fall back honestly
        _STATUS.reason = f"the numba kernels failed to load: {type(e).__name__}: {e}"
        return False
    _STATUS.ready = _STATUS.ok = True
    return True


def load(warm: Callable[[], object]) -> bool:
    """Run ``warm`` (tiny calls of the kernels a bot uses) under the cache lock, so that those
    kernels are compiled or loaded before any clock starts; False (the reference path from now
    on) if they fail to compile. Does nothing on the reference path."""
    if not _check():
        return False
    try:
        with cache_lock(_cache_folder()):
            warm()
    except Exception as e:  # any compile or lowering failure: fall back honestly
        _STATUS.ok = False
        _STATUS.reason = f"the numba kernels failed to compile: {type(e).__name__}: {e}"
        return False
    return True


def warmup() -> float | None:
    """Load every kernel (:func:`load` of all of them); return the seconds it took the first
    time (None if the reference path is in use)."""
    if _STATUS.all_loaded:
        return _STATUS.warmup_seconds
    t0 = time.perf_counter()
    if not _check():
        return None
    t1 = time.perf_counter()
    if not load(_compile_all):
        return None
    t2 = time.perf_counter()
    _STATUS.all_loaded = True
    _STATUS.compile_seconds = t2 - t1
    _STATUS.warmup_seconds = t2 - t0
    return _STATUS.warmup_seconds


def available() -> bool:
    """True when the accelerated path is in use: numba imports (checked once per process, with
    the disk cache; kernels compile or load on first use, or ahead with :func:`load`)."""
    _check()
    return _STATUS.ok


def backend() -> str:
    """``"numba"`` or ``"reference"``."""
    return "numba" if available() else "reference"


def reason() -> str:
    """Why the reference path is in use ("" when the accelerated path is)."""
    _check()
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
