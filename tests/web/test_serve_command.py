"""The ``azulejos serve`` command line."""

from __future__ import annotations

import pytest

from azulejos.commands import build_parser, main


def test_defaults_are_local_and_sqlite() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, None)
    assert (args.games_per_minute, args.moves_per_minute, args.bot_games) == (10, 300, 4)
    assert args.proxy is None


@pytest.mark.parametrize("bad", [["--port", "70000"], ["--port", "x"], ["--bot-seconds", "-1"],
                                 ["--games-per-minute", "-1"], ["--bot-games", "x"]])
def test_bad_options_are_refused(bad: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        build_parser().parse_args(["serve", *bad])
    assert e.value.code == 2


def test_unusable_database_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", "mysql://u@h/db"]) == 2
    assert "cannot open the database" in capsys.readouterr().err
    assert main(["serve", "--db", "/nonexistent-folder/x.sqlite3"]) == 2
