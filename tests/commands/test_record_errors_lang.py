"""A bad record refused by ``replay``, ``show``, ``review`` and ``play --resume`` is explained
in the language of ``--lang`` (render/record_errors.py), never with the English detail."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def azulejos(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "azulejos", *args], capture_output=True,
                          text=True, timeout=120)


def test_R13_replay_explains_an_illegal_move_in_ukrainian() -> None:
    path = GOLDEN / "invalid" / "illegal-move-R13.json"
    out = azulejos("--lang", "uk", "replay", str(path))
    assert out.returncode == 1
    assert out.stdout.strip() == (
        f"{path}: Раунд 1, хід 3: 1B2 заборонено: на цій лінії візерунка інший колір, або вона "
        "вже заповнена (R13).")
    assert "pattern line" not in out.stdout


def test_R18_show_says_the_wrong_round_scores_in_russian() -> None:
    path = GOLDEN / "invalid" / "wrong-round-score.json"
    out = azulejos("--lang", "ru", "show", str(path))
    assert out.returncode == 1
    assert out.stderr.strip() == (
        f"{path}: Раунд 2: записан счёт 1, 0, а по правилам выходит 0, 0 (R18, R19).")


def test_review_says_a_move_is_not_notation_in_french() -> None:
    path = GOLDEN / "invalid" / "not-a-move.json"
    out = azulejos("review", "--lang", "fr", str(path))
    assert out.returncode == 1
    assert out.stderr.strip() == (
        f"{path}: Manche 1, coup 1 : « 1Q1 » n’est pas un coup en notation.")
    assert "is not a move" not in out.stderr


def test_play_resume_of_a_missing_file_in_ukrainian(tmp_path: Path) -> None:
    missing = tmp_path / "none.json"
    out = azulejos("--lang", "uk", "play", "--plain", "--resume", str(missing))
    assert out.returncode == 1
    assert out.stderr.strip() == f"azulejos play: {missing}: Такого файлу немає."


def test_R47e_replay_of_a_special_record_in_ukrainian() -> None:
    path = GOLDEN / "special_factories" / "invalid" / "duplicate-specials.json"
    out = azulejos("replay", "--lang", "uk", str(path))
    assert out.returncode == 1
    assert out.stdout.strip() == (
        f"{path}: Раунд 1: у цій грі в кожному раунді 2 особливі вітрини, усі різні, а не SF4 SF4 (R47e).")
