"""Reading the weights file (``.npz``) of the search's value network (:mod:`.nn`) or its learned
move prior (:mod:`.prior`), and what can be wrong with one.

A file that cannot be used raises :class:`WeightsFileError`: a ``ValueError`` with an English
message for library users, and a ``code`` (a key of :data:`WEIGHTS_ERROR_CODES`), the ``kind``
of weights and ``params`` by which a front end says it in its user's language
(``commands/_bots.py``). The error needs no numpy (a front end imports it without the
``fast`` extra); reading a file does.
"""

from __future__ import annotations

import zipfile
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from azulejos.core.errors import CodedError

if TYPE_CHECKING:
    import numpy as np

#: The kinds of weights: the name of the array each file holds, and what it is, in English.
KINDS: dict[str, str] = {"net": "value network", "prior": "move prior"}

#: What can be wrong with a weights file: the ``code`` of a :class:`WeightsFileError` and the
#: parameters it carries (every code also has the error's ``kind``, a key of :data:`KINDS`).
WEIGHTS_ERROR_CODES: dict[str, tuple[str, ...]] = {
    # the file cannot be opened: errno is the OSError's number (0 when unknown), reason its text
    "unreadable": ("path", "errno", "reason"),
    "not_weights": ("path",),  # opened, but not an .npz file holding the kind's array
    "wrong_kind": ("path",),  # the other kind's weights (a move prior given as a network, ...)
    # count: the inputs of this version's value network, or the weights of its move prior
    "wrong_shape": ("path", "count"),
    "header_mismatch": ("path",),  # a value network whose length does not fit its layer sizes
    "not_finite": ("path",),  # NaN or infinite weights
}

#: What a damaged or foreign file may raise while numpy reads it (besides ``OSError``).
_NOT_NPZ = (ValueError, KeyError, EOFError, zipfile.BadZipFile, zlib.error)


class WeightsFileError(CodedError):
    """A weights file that cannot be used (codes: :data:`WEIGHTS_ERROR_CODES`); ``kind``
    ("net" or "prior") says which weights it was to hold."""

    CODES = WEIGHTS_ERROR_CODES

    def __init__(self, message: str, code: str, kind: str, **params: str | int) -> None:
        super().__init__(message, code, **params)
        assert kind in KINDS, kind
        self.kind = kind


def read_array(path: Path, kind: str) -> np.ndarray:
    """The array named ``kind`` ("net" or "prior") of the ``.npz`` at ``path``, as ``float64``;
    :class:`WeightsFileError` (``unreadable``, ``not_weights`` or ``wrong_kind``) when there is
    none. Its shape and values are the caller's to check."""
    import numpy as np

    what = KINDS[kind]
    where = f"cannot read {what} weights from {path}"
    try:
        z = np.load(path)  # no pickles: a file is data, never code
    except OSError as e:
        raise WeightsFileError(f"{where}: {e}", "unreadable", kind, path=str(path),
                               errno=e.errno or 0, reason=e.strerror or str(e)) from e
    except _NOT_NPZ as e:
        raise WeightsFileError(f"{where}: not an .npz file ({e})", "not_weights", kind,
                               path=str(path)) from e
    if not isinstance(z, np.lib.npyio.NpzFile):  # a single .npy array
        raise WeightsFileError(f"{where}: an .npy array, not an .npz file", "not_weights", kind,
                               path=str(path))
    with z:
        if kind not in z.files:
            other = next((k for k in KINDS if k != kind and k in z.files), None)
            if other is not None:
                raise WeightsFileError(f"{where}: the file holds {KINDS[other]} weights",
                                       "wrong_kind", kind, path=str(path))
            raise WeightsFileError(f"{where}: the file has no {kind!r} array", "not_weights",
                                   kind, path=str(path))
        try:
            return np.asarray(z[kind], dtype=np.float64)
        except (OSError, *_NOT_NPZ, TypeError) as e:
            raise WeightsFileError(f"{where}: {e}", "not_weights", kind, path=str(path)) from e


def refuse_unless_finite(w: np.ndarray, path: Path, kind: str) -> None:
    """:class:`WeightsFileError` (``not_finite``) unless every weight is a finite number."""
    import numpy as np

    if not np.all(np.isfinite(w)):
        raise WeightsFileError(f"{path}: the weights are not all finite", "not_finite", kind,
                               path=str(path))


__all__ = ["KINDS", "WEIGHTS_ERROR_CODES", "WeightsFileError", "read_array",
           "refuse_unless_finite"]
