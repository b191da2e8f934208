"""A weights file that cannot be used (``fastmcts:weights=``, ``priorweights=``) is refused with a
:class:`~azulejos.fast.weights.WeightsFileError`: still a ``ValueError`` with an English message,
and a code of ``WEIGHTS_ERROR_CODES`` with its parameters, for the value network and the move
prior alike; every code is produced by some file, and no file escapes as another exception."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from azulejos.fast import nn, prior  # noqa: E402
from azulejos.fast.nnfeatures import N_IN  # noqa: E402
from azulejos.fast.weights import KINDS, WEIGHTS_ERROR_CODES, WeightsFileError  # noqa: E402


def _network(h1: int = 2, h2: int = 2) -> np.ndarray:
    size = nn.HEADER + N_IN * h1 + h1 + h1 * h2 + h2 + h2 + 1
    net = np.zeros(size)
    net[: nn.HEADER] = [N_IN, h1, h2, 1.0]
    return net


def _write(folder: Path, name: str, make: Callable[[Path], None]) -> Path:
    path = folder / name
    make(path)
    return path


def bad_files(folder: Path, kind: str) -> list[tuple[Path, str]]:
    """Files that ``kind``'s loader refuses, each with the code it must give."""
    other = "prior" if kind == "net" else "net"
    nan = _network() if kind == "net" else np.zeros(prior.N_PF)
    nan[-1] = np.nan
    (folder / "folder.npz").mkdir(exist_ok=True)
    cases = [
        (folder / "missing.npz", "unreadable"),
        (folder / "folder.npz", "unreadable"),
        (_write(folder, "text.npz", lambda p: p.write_text("not weights")), "not_weights"),
        (_write(folder, "empty.npz", lambda p: p.write_bytes(b"")), "not_weights"),
        (_write(folder, "zip.npz", lambda p: p.write_bytes(b"PK\x03\x04" + b"x" * 40)),
         "not_weights"),
        (_write(folder, "one.npy", lambda p: np.save(p, np.ones(3))), "not_weights"),
        (_write(folder, "foreign.npz", lambda p: np.savez(p, other_array=np.ones(3))),
         "not_weights"),
        (_write(folder, "words.npz", lambda p: np.savez(p, **{kind: np.array(["a", "b"])})),
         "not_weights"),
        (_write(folder, "swapped.npz", lambda p: np.savez(p, **{other: np.ones(3)})),
         "wrong_kind"),
        (_write(folder, "short.npz", lambda p: np.savez(p, **{kind: np.ones(3)})),
         "wrong_shape"),
        (_write(folder, "nan.npz", lambda p: np.savez(p, **{kind: nan})), "not_finite"),
    ]
    if kind == "net":
        cases += [
            (_write(folder, "cut.npz", lambda p: np.savez(p, net=_network()[:-1])),
             "header_mismatch"),
            (_write(folder, "nan_head.npz",
                    lambda p: np.savez(p, net=np.array([N_IN, np.nan, 2, 1, 0, 0]))),
             "not_finite"),
        ]
    return cases


LOADERS = {"net": nn.load, "prior": prior.load}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_bad_file_gives_its_code_and_parameters(kind: str, tmp_path: Path) -> None:
    for path, code in bad_files(tmp_path, kind):
        with pytest.raises(WeightsFileError) as e:
            LOADERS[kind](path)
        error = e.value
        assert (error.code, error.kind) == (code, kind), (path.name, str(error))
        assert set(error.params) == set(WEIGHTS_ERROR_CODES[code]), path.name
        assert error.params["path"] == str(path)
        assert isinstance(error, ValueError) and str(path) in str(error)


def test_every_code_is_produced(tmp_path: Path) -> None:
    codes = set()
    for kind in KINDS:
        (tmp_path / kind).mkdir()
        codes |= {code for _, code in bad_files(tmp_path / kind, kind)}
    assert codes == set(WEIGHTS_ERROR_CODES)


def test_the_parameters_say_what_the_file_lacks(tmp_path: Path) -> None:
    with pytest.raises(WeightsFileError) as e:
        nn.load(tmp_path / "none.npz")
    assert e.value.params["errno"] == errno.ENOENT and "No such file" in str(e.value.params["reason"])
    assert str(e.value).startswith("cannot read value network weights from")  # English, as before
    np.savez(tmp_path / "short.npz", net=np.ones(10), prior=np.ones(3))
    with pytest.raises(WeightsFileError) as e:
        nn.load(tmp_path / "short.npz")
    assert e.value.params["count"] == N_IN and "not a value network" in str(e.value)
    with pytest.raises(WeightsFileError) as e:
        prior.load(tmp_path / "short.npz")
    assert e.value.params["count"] == prior.N_PF and "not a move prior" in str(e.value)


def test_the_shipped_files_load() -> None:
    assert nn.load().shape[0] > nn.HEADER and prior.load().shape == (prior.N_PF,)
