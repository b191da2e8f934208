"""The azulejos command: selfplay, show, demo, usage errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def azulejos(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "azulejos", *args], capture_output=True, text=True, timeout=300
    )


def test_selfplay_is_deterministic_and_valid(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        r = azulejos("selfplay", "--players", "3", "--variant", "grey", "--games", "3", "--seed", "7", "--out", str(out))
        assert r.returncode == 0, r.stderr
    files = sorted(p.name for p in a.iterdir())
    assert len(files) == 3
    for name in files:
        assert (a / name).read_text() == (b / name).read_text()
    r = azulejos("replay", *[str(a / n) for n in files])
    assert r.returncode == 0 and r.stdout.count("valid, finished") == 3
    c = tmp_path / "c"
    azulejos("selfplay", "--games", "1", "--seed", "8", "--out", str(c))
    assert next(c.iterdir()).read_text() != (a / files[0]).read_text()


def test_selfplay_usage_errors() -> None:
    assert azulejos("selfplay", "--players", "5", "--out", "x").returncode == 2
    assert azulejos("selfplay", "--variant", "pink", "--out", "x").returncode == 2
    assert azulejos("selfplay").returncode == 2


def test_R40_selfplay_with_the_module_flag_writes_records_that_replay(tmp_path: Path) -> None:
    """The module is available: ``--special-factories`` plays it and ``replay`` accepts the
    records (R40-R47); a bad option next to it is still refused before anything is written."""
    r = azulejos("selfplay", "--special-factories", "--games", "2", "--out", str(tmp_path / "x"))
    assert r.returncode == 0, r.stderr
    files = sorted(str(f) for f in (tmp_path / "x").glob("*.json"))
    assert len(files) == 2 and all('"special_factories": true' in Path(f).read_text() for f in files)
    assert azulejos("replay", *files).returncode == 0
    bad = azulejos("selfplay", "--special-factories", "--players", "5", "--out", str(tmp_path / "y"))
    assert bad.returncode == 2 and bad.stderr.strip().splitlines()[-1].endswith(
        "players must be 2, 3 or 4")
    assert not (tmp_path / "y").exists()


def test_show_prints_the_position_at_a_move(tmp_path: Path) -> None:
    azulejos("selfplay", "--games", "1", "--seed", "3", "--out", str(tmp_path))
    rec = next(tmp_path.iterdir())
    r = azulejos("show", str(rec), "--round", "2", "--move", "3", "--position")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Round 2 · coloured wall · ")
    assert "Factories" in r.stdout and "floor" in r.stdout
    assert r.stdout.strip().splitlines()[-1].startswith("2c 2 d")
    bad = azulejos("show", str(rec), "--round", "99")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert azulejos("show", str(rec), "--move", "3").returncode == 2


def test_demo_plays_a_game_to_the_end() -> None:
    r = azulejos("demo", "--seed", "1", "--players", "2")
    assert r.returncode == 0
    assert "Final scores" in r.stdout and "Round 1" in r.stdout


def test_no_command_prints_help_and_exits_2() -> None:
    r = azulejos()
    assert r.returncode == 2 and "usage" in r.stdout


def test_every_subcommand_module_is_listed() -> None:
    import pkgutil

    import azulejos.commands as c

    modules = {m.name for m in pkgutil.iter_modules(c.__path__) if not m.name.startswith("_")}
    assert {mod.__name__.rsplit(".", 1)[1] for mod in c.COMMANDS} == modules


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "fr"])
def test_R8_a_ruleset_that_cannot_be_played_is_refused_in_the_readers_language(
        lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``ruleset_from_args`` says why by the field the error names, never the core's English."""
    import argparse

    from azulejos.commands._common import ruleset_from_args
    from azulejos.commands._text import use_language

    use_language(lang)
    try:
        with pytest.raises(SystemExit) as e:
            ruleset_from_args(argparse.Namespace(command="demo", variant="coloured"), players=5)
    finally:
        use_language("en")
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    want = {"en": "2, 3 or 4 players play (R8), not 5", "uk": "(R8)", "ru": "(R8)", "fr": "(R8)"}
    assert err.startswith("azulejos demo: ") and want[lang] in err and "5" in err
    if lang != "en":
        assert "players play" not in err
