"""One session, many transports: the same seeded game played through the web server (HTTP,
ASGI test client) and through the terminal paths (plain mode, and the Textual app by keys, both
driving a Match) gives the same record - fills, moves and scores (R9, R21: one seeding scheme;
bots seeded the same way)."""

from __future__ import annotations

import asyncio
import io
import random
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
warnings.filterwarnings("ignore", message=".*httpx.*")

from starlette.testclient import TestClient  # noqa: E402

from azulejos.cli import PlainGame  # noqa: E402
from azulejos.core import CENTRE, FLOOR, State, parse_move  # noqa: E402
from azulejos.notation import Record, parse_record, replay  # noqa: E402
from azulejos.play import Match, Seat  # noqa: E402
from azulejos.play.events import parse_fill  # noqa: E402
from azulejos.play.words import Words  # noqa: E402
from azulejos.web.app import create_app  # noqa: E402
from azulejos.web.limits import Limits  # noqa: E402

SEED = 2**100 + 12345  # as secret as a server's seed, fixed here to replay the game


def web_game(db: Path, seats: list[dict[str, Any]], variant: str, pick: random.Random) -> str:
    """Play the people's seats with ``pick``'s choices over HTTP; the game's record text."""
    app = create_app(str(db), bot_delay=0, bot_seconds=0.05, sync_interval=0,
                     seeds=lambda: SEED, limits=Limits.none())
    with TestClient(app) as c:
        r = c.post("/api/games", json={"players": len(seats), "variant": variant,
                                       "seats": seats, "hotseat": True})
        assert r.status_code == 201, r.text
        game, hot = r.json()["game"], r.json()["hotseat_token"]
        auth = {"Authorization": f"Bearer {hot}"}
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            got = c.get(f"/api/games/{game}", headers=auth)
            assert str(SEED) not in got.text  # the seed stays on the server
            v = got.json()
            if v["phase"] == "over":
                rec = c.get(f"/api/games/{game}/record", headers=auth)
                assert rec.status_code == 200
                return rec.text
            if not v["to_move"]:  # the bot's turn: its loop plays it
                time.sleep(0.005)
                continue
            move = pick.choice(v["legal"])["move"]
            r = c.post(f"/api/games/{game}/moves", headers=auth,
                       json={"version": v["version"], "move": move})
            assert r.status_code == 200, r.text
    raise AssertionError("the web game did not end in time")


def person_moves(rec: Record, people: set[int]) -> list[str]:
    """The moves the people typed, in order (replayed to know who played each)."""
    st = State.new(rec.players, rec.variant, rec.start_player)
    out: list[str] = []
    for rnd in rec.rounds:
        st.apply_fill(parse_fill(",".join(rnd.factories)))
        for mv in rnd.moves:
            if st.current_player in people:
                out.append(mv)
            st.push(mv)
    return out


def plain_game(seats: list[Seat], variant: str, typed: list[str]) -> Record:
    """Type ``typed`` into plain mode (``azulejos play --plain``) with the same seed."""
    m = Match.new(seats, variant, SEED)
    out = io.StringIO()
    game = PlainGame(m, Words("en"), io.StringIO("\n".join(typed) + "\n"), out)
    assert game.run() == 0, out.getvalue()[-2000:]
    assert m.is_over
    return m.record()


def textual_game(seats: list[Seat], variant: str, typed: list[str]) -> Record:
    """Press the keys of ``typed`` in the terminal app (Pilot) with the same seed."""
    pytest.importorskip("textual")
    from azulejos.core import Ruleset
    from azulejos.tui import AzulejosApp, Setup
    from azulejos.tui.end import EndScreen
    from azulejos.tui.game import GameScreen
    from azulejos.tui.tiling import TilingScreen

    async def go() -> Record:
        app = AzulejosApp(Setup(seats=seats, rules=Ruleset(len(seats), variant), seed=SEED), bot_delay=0,
                          tiling_delay=0, skip_setup=True)
        async with app.run_test(size=(120, 40)) as pilot:
            todo = list(typed)
            for _ in range(2000):
                screen = app.screen
                busy = isinstance(screen, GameScreen) and (screen.thinking
                                                           or screen.match.is_bot_turn)
                if busy or any(w.is_running for w in app.workers):
                    await pilot.pause(0.01)
                elif isinstance(screen, EndScreen):
                    assert not todo and app.match is not None
                    return app.match.record()
                elif isinstance(screen, TilingScreen):
                    await pilot.press("enter")
                else:
                    assert isinstance(screen, GameScreen) and todo
                    mv = parse_move(todo.pop(0))
                    if mv.is_draft:
                        src = "c" if mv.source == CENTRE else str(mv.source + 1)
                        dst = "f" if mv.destination == FLOOR else str(mv.destination + 1)
                        keys = [src, app.words.theme.symbols[mv.colour].lower(), dst, "enter"]
                    else:
                        keys = [str(mv.column + 1), "enter"]
                    await pilot.press(*keys)
        raise AssertionError("the terminal app did not reach the end screen")

    return asyncio.run(go())


def same_game(term: Record, web: Record) -> None:
    assert [r.factories for r in term.rounds] == [r.factories for r in web.rounds]  # fills
    assert [r.moves for r in term.rounds] == [r.moves for r in web.rounds]  # moves, bots' too
    assert [r.scores for r in term.rounds] == [r.scores for r in web.rounds]
    assert term.final_scores == web.final_scores and term.winners == web.winners
    assert web.final_scores is not None and len(web.rounds) >= 5
    assert replay(term) == replay(web)


WEB_SEATS = [{"name": "Ana"}, {"kind": "bot", "level": "easy"}, {"name": "Bea"}]
SEATS = [Seat("Ana"), Seat("Easy bot", "easy"), Seat("Bea")]


@pytest.mark.parametrize("variant", ["coloured", "grey"])
def test_web_and_plain_mode_play_the_same_seeded_game_R9_R21(tmp_path: Path, variant: str) -> None:
    web = parse_record(web_game(tmp_path / "g.sqlite3", WEB_SEATS, variant, random.Random(8)))
    same_game(plain_game(SEATS, variant, person_moves(web, {0, 2})), web)


@pytest.mark.slow  # about 20 s: Pilot waits for the app to be idle after every key
def test_web_and_the_terminal_app_play_the_same_seeded_game_R9_R21(tmp_path: Path) -> None:
    web = parse_record(web_game(tmp_path / "g.sqlite3", WEB_SEATS, "coloured", random.Random(5)))
    same_game(textual_game(SEATS, "coloured", person_moves(web, {0, 2})), web)
