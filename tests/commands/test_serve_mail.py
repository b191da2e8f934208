"""``azulejos serve --smtp URL --mail-from ADDRESS --public-url URL`` (issue 28, item 3): a bad
URL is refused with one clear line; without --smtp, e-mail is off and the start says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from azulejos.commands import main


@pytest.fixture
def no_uvicorn(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    import uvicorn

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    return seen


def test_without_smtp_email_is_off_in_one_line(tmp_path: Path, no_uvicorn: dict[str, Any],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", str(tmp_path / "g.sqlite3"), "--port", "0"]) == 0
    out = capsys.readouterr().out
    assert [ln for ln in out.splitlines() if "e-mail" in ln] == [
        "azulejos serve: e-mail is off (no --smtp): no mail is sent"]
    assert no_uvicorn["app"].state.mailer.enabled is False


def test_with_smtp_email_is_on(tmp_path: Path, no_uvicorn: dict[str, Any],
                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", str(tmp_path / "g.sqlite3"), "--port", "8123",
                 "--smtp", "smtp+starttls://me:secret@127.0.0.1:2525",
                 "--mail-from", "Azulejos <azul@example.test>"]) == 0
    out = capsys.readouterr().out
    assert ("e-mail is sent through me@127.0.0.1:2525 (starttls) from Azulejos "
            "<azul@example.test>; links in it point to http://127.0.0.1:8123") in out
    assert "secret" not in out
    mailer = no_uvicorn["app"].state.mailer
    assert mailer.enabled and mailer.links.game("g1") == "http://127.0.0.1:8123/play/g1"


@pytest.mark.parametrize(("given", "said"), [
    (["--smtp", "http://mail.example.test"], "is not an SMTP URL"),
    (["--smtp", "smtp://:25"], "names no host"),
    (["--smtp", "smtp://mail.example.test:99999"], "the port is not a number"),
    (["--smtp", "smtp://u:hidden@mail.example.test/path"], "has no path"),
    (["--smtp", "smtp://mail.example.test"], "--smtp needs --mail-from"),
    (["--smtp", "smtp://mail.example.test", "--mail-from", "nobody"], "is not an e-mail address"),
    (["--smtp", "smtp://mail.example.test", "--mail-from", "a@b.example",
      "--public-url", "ftp://x"], "is not the server's address"),
])
def test_bad_mail_options_are_refused_in_one_line(
        given: list[str], said: str, tmp_path: Path, no_uvicorn: dict[str, Any],
        capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "g.sqlite3"
    assert main(["serve", "--db", str(db), *given]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and said in err, err
    assert "hidden" not in err  # a password is never shown
    assert no_uvicorn == {} and not db.exists()  # nothing started, nothing written


def test_worker_processes_get_the_mail_options(tmp_path: Path, no_uvicorn: dict[str, Any],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``--workers N``: each worker process builds its app from the options handed over in
    the environment, e-mail included."""
    import json

    from azulejos.commands.serve import OPTIONS_ENV, worker_app

    opts = {"url": f"sqlite:///{tmp_path / 'g.sqlite3'}", "bot_seconds": 1.0, "bot_delay": 0.6,
            "bot_workers": 1, "games_per_minute": 10, "moves_per_minute": 300, "bot_games": 4,
            "turn_seconds": 0, "smtp": "smtps://127.0.0.1:2465",
            "mail_from": "a@b.example", "public_url": "https://azul.example.test"}
    monkeypatch.setenv(OPTIONS_ENV, json.dumps(opts))
    monkeypatch.setattr("azulejos.web.collector.tune_for_serving", lambda: None)  # not here
    mailer = worker_app().state.mailer
    assert mailer.enabled and mailer.settings.smtp.security == "tls"
    assert mailer.links.replay("g") == "https://azul.example.test/replay/g"
