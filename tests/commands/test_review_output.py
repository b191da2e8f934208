"""`azulejos review` with an output it cannot write: said at once, in the reader's language."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = sorted((Path(__file__).parents[1] / "golden" / "valid").glob("*.json"))


def review(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "azulejos", "review", *args],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "Cannot write {out}: that folder does not exist; give a file in an existing folder."),
    ("ru", "Не удалось записать {out}: такой папки нет; укажите файл в существующей папке."),
])
def test_missing_output_folder_is_refused_before_the_search(lang: str, text: str,
                                                            tmp_path: Path) -> None:
    out = tmp_path / "missing" / "r.json"
    # an iteration budget that would take minutes: the refusal must come before any search
    proc = review(str(GOLDEN[0]), "-o", str(out), "--iterations", "200000", "--lang", lang, "-q")
    assert proc.returncode == 1
    assert proc.stderr.strip() == text.format(out=out)
    assert "Traceback" not in proc.stderr and not out.exists()


def test_output_that_is_a_folder_is_refused(tmp_path: Path) -> None:
    proc = review(str(GOLDEN[0]), "-o", str(tmp_path), "--iterations", "200000", "-q")
    assert proc.returncode == 1
    assert "that is a folder; add a file name such as game.json" in proc.stderr
