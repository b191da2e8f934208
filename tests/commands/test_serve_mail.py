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
