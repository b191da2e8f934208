"""The ``azulejos serve`` command line."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
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


@pytest.mark.parametrize(("given", "deflate"), [([], True), (["--ws-compression", "on"], True),
                                                (["--ws-compression", "off"], False)])
def test_ws_compression_switch_reaches_uvicorn(given: list[str], deflate: bool, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``--ws-compression on|off`` (default on) sets uvicorn's permessage-deflate."""
    import uvicorn

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw))
    assert main(["serve", "--db", str(tmp_path / "g.sqlite3"), "--port", "0", *given]) == 0
    assert seen["ws_per_message_deflate"] is deflate
    from azulejos.web.ws_deflate import SmallPlainProtocol

    assert seen["ws"] is SmallPlainProtocol  # small messages go uncompressed (RFC 7692)


def test_bad_ws_compression_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        build_parser().parse_args(["serve", "--ws-compression", "maybe"])
    assert e.value.code == 2
    assert "--ws-compression" in capsys.readouterr().err


@pytest.mark.parametrize("switch", ["on", "off"])
def test_ws_compression_off_is_not_negotiated(switch: str, tmp_path: Path) -> None:
    """A real server: a client offering permessage-deflate gets it only with the switch on."""
    from websockets.sync.client import connect

    from tests.web.servers import free_port

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "azulejos", "serve", "--port", str(port), "--db",
         str(tmp_path / "g.sqlite3"), "--log-level", "warning", "--ws-compression", switch],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    try:
        for _ in range(300):
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        with connect(f"ws://127.0.0.1:{port}/ws/games/nogame", compression="deflate") as ws:
            offered = [type(x).__name__ for x in ws.protocol.extensions]
            ws.send('{"type": "hello", "token": "x"}')
            assert "bad_token" in str(ws.recv(timeout=10))
        assert offered == (["PerMessageDeflate"] if switch == "on" else [])
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_limit_options_reach_the_app(tmp_path: Path) -> None:
    """``serve``'s limits of the accounts, look-ups, renames, profiles and chat (docs/api.md,
    "Limits"): each a minute, a burst as many up to the default's burst; 0: no limit."""
    from azulejos.commands.serve import LIMIT_FLAGS, _app_options, _build_app
    from azulejos.web.limits import Limits, Rate

    args = build_parser().parse_args(["serve"])
    defaults = _build_app(_app_options(args, f"sqlite:///{tmp_path / 'a.sqlite3'}"))
    d = Limits()
    for what, attr in (("signups", "signups"), ("signins", "signins"), ("resets", "resets"),
                       ("my_games", "my_games"), ("bad_tokens", "bad_tokens"),
                       ("renames", "names"), ("profiles", "profiles")):
        assert getattr(defaults.state, f"limit_{attr}").rate == getattr(d, attr), what
        assert LIMIT_FLAGS[what] == (getattr(d, attr).per_minute, getattr(d, attr).burst)
    assert LIMIT_FLAGS["chat"] == (d.chat.per_minute, d.chat.burst)
    args = build_parser().parse_args(
        ["serve", "--signups-per-minute", "2", "--signins-per-minute", "100",
         "--resets-per-minute", "0", "--my-games-per-minute", "7",
         "--bad-tokens-per-minute", "90", "--renames-per-minute", "3",
         "--profiles-per-minute", "1", "--chat-per-minute", "4"])
    app = _build_app(_app_options(args, f"sqlite:///{tmp_path / 'b.sqlite3'}"))
    s = app.state
    assert (s.limit_signups.rate, s.limit_signins.rate, s.limit_resets.rate) == (
        Rate(2, 2), Rate(100, 10), Rate(0, 0))
    assert s.limit_resets.rate.off
    assert (s.limit_my_games.rate, s.limit_bad_tokens.rate, s.limit_names.rate,
            s.limit_profiles.rate) == (Rate(7, 7), Rate(90, 30), Rate(3, 3), Rate(1, 1))
    from starlette.testclient import TestClient

    with TestClient(app):  # the chat's limit is the game service's (per game and seat)
        assert s.service._chat_rate.rate == Rate(4, 4)


@pytest.mark.parametrize("flag", ["--signups-per-minute", "--signins-per-minute",
                                  "--resets-per-minute", "--my-games-per-minute",
                                  "--bad-tokens-per-minute", "--renames-per-minute",
                                  "--profiles-per-minute", "--chat-per-minute"])
@pytest.mark.parametrize("bad", ["-1", "x", "1.5"])
def test_bad_limit_options_are_refused(flag: str, bad: str) -> None:
    with pytest.raises(SystemExit) as e:
        build_parser().parse_args(["serve", flag, bad])
    assert e.value.code == 2
