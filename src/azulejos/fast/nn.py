"""The value network's inference in numba: a small MLP over :mod:`.nnfeatures`.

The weights travel as one flat ``float64`` array (so a kernel takes them as one argument):

``[n_in, h1, h2, scale, W1 (n_in x h1, by input), b1, W2 (h1 x h2, by hidden unit), b2,
W3 (h2), b3]``

The network maps a position seen by one player to that player's points still to come (final
score less the score now) in units of ``scale`` points: two ReLU layers and a linear output.
The first layer adds only the rows of the inputs that are not zero (most wall cells and
lines are empty), which is what makes it cheap enough for a search leaf. :func:`values` gives
every player's expected final score, as the hand-set ``search.evaluate`` does, so the search
uses either through the same margins. At the end of the game the scores are exact.

The shipped weights are ``data/value.npz`` next to this module (made by ``azulejos train``,
docs/bots.md); :func:`load` reads them (or another file) into the flat array. A network whose
input is :func:`~.nnfeatures.encode_mid` (``azulejos train --mid``; none is shipped, see
docs/strength.md) values positions in the middle of a round as well; the weights say which by
their input count (``n_in``), and :func:`values` encodes accordingly.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from .nnfeatures import N_IN, N_MID, encode, encode_mid
from .tables import OVER, P0, PHASE, SCORE, STRIDE
from .weights import WeightsFileError, read_array, refuse_unless_finite

#: The shipped weights (``azulejos train --out`` writes this format).
DEFAULT_WEIGHTS = Path(__file__).with_name("data") / "value.npz"
#: Shipped weights by name (``fastmcts:weights=2026-12``): pinned copies that a later change
#: of the default leaves alone (the frozen level ``expert-2026-12``, docs/bots.md).
NAMED_WEIGHTS = {"2026-12": Path(__file__).with_name("data") / "value-2026-12.npz"}
HEADER = 4


def pack(w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray, w3: np.ndarray,
         b3: float, scale: float) -> np.ndarray:
    """The flat array of the layers (``w1`` is n_in x h1, ``w2`` h1 x h2, ``w3`` h2)."""
    n_in, h1 = w1.shape
    h2 = w2.shape[1]
    if w2.shape[0] != h1 or b1.shape != (h1,) or b2.shape != (h2,) or w3.shape != (h2,):
        raise ValueError("value network: layer shapes do not fit together")
    head = np.array([n_in, h1, h2, scale], dtype=np.float64)
    return np.concatenate([head, w1.ravel(), b1, w2.ravel(), b2, w3, [b3]]).astype(np.float64)


def unpack(net: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                     np.ndarray, float, float]:
    """The layers of a flat array: ``(w1, b1, w2, b2, w3, b3, scale)`` (views)."""
    n_in, h1, h2 = int(net[0]), int(net[1]), int(net[2])
    o = HEADER
    w1 = net[o : o + n_in * h1].reshape(n_in, h1)
    o += n_in * h1
    b1 = net[o : o + h1]
    o += h1
    w2 = net[o : o + h1 * h2].reshape(h1, h2)
    o += h1 * h2
    b2 = net[o : o + h2]
    o += h2
    w3 = net[o : o + h2]
    o += h2
    return w1, b1, w2, b2, w3, float(net[o]), float(net[3])


def load(path: str | Path | None = None, mid: bool = False) -> np.ndarray:
    """The flat weights of an ``.npz`` written by ``azulejos train`` (default: the shipped
    ones; a name of :data:`NAMED_WEIGHTS` for a pinned shipped copy); with ``mid``, of a network of every position (:func:`~.nnfeatures.encode_mid`,
    ``azulejos train --mid``; none is shipped, so ``path`` is needed). A file that is not such
    a network raises :class:`~.weights.WeightsFileError` (a ``ValueError``)."""
    if mid and path is None:
        raise ValueError("no network of every position is shipped: name its file")
    if isinstance(path, str) and path in NAMED_WEIGHTS and not mid:
        path = NAMED_WEIGHTS[path]
    p = DEFAULT_WEIGHTS if path is None else Path(path)
    want = N_MID if mid else N_IN
    net = read_array(p, "net")
    if net.ndim != 1 or net.shape[0] < HEADER or net[0] != want:
        raise WeightsFileError(f"{p}: not a value network for this input encoding ({want} inputs)",
                               "wrong_shape", "net", path=str(p), count=want)
    refuse_unless_finite(net[:HEADER], p, "net")  # the sizes, before they are read as ints
    n_in, h1, h2 = int(net[0]), int(net[1]), int(net[2])
    if net.shape[0] != HEADER + n_in * h1 + h1 + h1 * h2 + h2 + h2 + 1 or h1 < 1 or h2 < 1:
        raise WeightsFileError(f"{p}: the weights do not match their header", "header_mismatch",
                               "net", path=str(p))
    refuse_unless_finite(net, p, "net")
    return net


@njit(cache=True)
def forward(net: np.ndarray, x: np.ndarray, h1: np.ndarray, h2: np.ndarray) -> float:
    """The network's output for input ``x`` (scratch ``h1``, ``h2`` of the hidden sizes)."""
    n_in = int(net[0])
    a = int(net[1])
    o_b1 = HEADER + n_in * a
    for j in range(a):
        h1[j] = net[o_b1 + j]
    for i in range(n_in):
        xi = x[i]
        if xi != 0.0:
            row = HEADER + i * a
            for j in range(a):
                h1[j] += xi * net[row + j]
    return _rest(net, h1, h2)


@njit(cache=True)
def _rest(net: np.ndarray, h1: np.ndarray, h2: np.ndarray) -> float:
    """The layers after the first one's sums ``h1``."""
    n_in = int(net[0])
    a = int(net[1])
    b = int(net[2])
    o_w2 = HEADER + n_in * a + a
    o_b2 = o_w2 + a * b
    o_w3 = o_b2 + b
    o_b3 = o_w3 + b
    for j in range(b):
        h2[j] = net[o_b2 + j]
    for i in range(a):
        hi = h1[i]
        if hi > 0.0:  # ReLU
            row = o_w2 + i * b
            for j in range(b):
                h2[j] += hi * net[row + j]
    y = float(net[o_b3])
    for j in range(b):
        if h2[j] > 0.0:
            y += h2[j] * net[o_w3 + j]
    return y


@njit(cache=True)
def values(
    s: np.ndarray, players: int, grey: bool, net: np.ndarray, out: np.ndarray,
    x: np.ndarray, h1: np.ndarray, h2: np.ndarray,
) -> None:
    """out[p]: player p's expected final score by the network (exact once the game is over).
    The input is :func:`~.nnfeatures.encode_mid` for a network of every position, else
    :func:`~.nnfeatures.encode`."""
    scale = net[3]
    over = s[PHASE] == OVER
    mid = int(net[0]) == N_MID
    for p in range(players):
        out[p] = float(s[P0 + p * STRIDE + SCORE])
        if not over:
            if mid:
                encode_mid(s, players, grey, p, x)
            else:
                encode(s, players, grey, p, x)
            out[p] += scale * forward(net, x, h1, h2)


def is_mid(net: np.ndarray) -> bool:
    """Whether ``net`` values every position (its input is ``encode_mid``)."""
    return net.shape[0] >= HEADER and int(net[0]) == N_MID


def scratch(net: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The scratch arrays :func:`values` needs for ``net``."""
    n_in = int(net[0]) if net.shape[0] >= HEADER else N_IN
    a = int(net[1]) if net.shape[0] >= HEADER else 1
    b = int(net[2]) if net.shape[0] >= HEADER else 1
    return (np.zeros(n_in, dtype=np.float64), np.zeros(a, dtype=np.float64),
            np.zeros(b, dtype=np.float64))
