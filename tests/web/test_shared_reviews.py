"""The engine reviews of finished games are kept in the database (schema 4, ``azulejos_reviews``):
a review one server process made is served by every other process on the database without
being made again, and after a restart; a review of a game the asker may not see stays refused
(issue #14 items 4 and 6). Two apps on one database stand for two server processes."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, update
from starlette.testclient import TestClient

import azulejos.web.game_routes as app_module
from azulejos.notation import Record, parse_record
from azulejos.web.app import create_app
from azulejos.web.limits import Limits
from azulejos.web.replays import REVIEW_SETTINGS
from azulejos.web.storage import SqlStore
from azulejos.web.tables import games_t, reviews_t

from .conftest import fresh_pg_schema, store_urls
from .helpers import auth, create, play_random


@pytest.fixture(params=store_urls())
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """One database for the servers of a test: a SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    else:
        with fresh_pg_schema("reviews") as pg:
            yield pg


def server(url: str) -> TestClient:
    """A server process on ``url`` (its own store, service and review cache)."""
    return TestClient(create_app(url, bot_delay=0, bot_seconds=0.05, sync_interval=0,
                                 limits=Limits.none()))


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The games the servers made a review of (the engine's work), in order."""
    out: list[str] = []
    real = app_module.reviewed

    def counting(record: Record) -> Record:
        out.append(str(record.extra.get("game")))
        return real(record)

    monkeypatch.setattr(app_module, "reviewed", counting)
    return out


def review(client: TestClient, game: str, token: str | None, **params: str) -> Any:
    return client.post(f"/api/games/{game}/review", params=params,
                       headers=auth(token) if token else {})


def kept_rows(url: str) -> list[tuple[Any, ...]]:
    store = SqlStore(url)
    with store.engine.connect() as conn:
        rows = [tuple(r) for r in conn.execute(
            select(reviews_t.c.game_id, reviews_t.c.version, reviews_t.c.settings))]
    store.close()
    return rows


def test_a_review_made_by_one_server_is_served_by_another_and_after_a_restart(
    url: str, made: list[str]
) -> None:
    with server(url) as a, server(url) as b:
        c = create(a, players=2, seats=[{"name": "Ann"}, {"name": "Bo"}])
        gid = c["game"]
        last = play_random(a, c, random.Random(21))
        assert last["phase"] == "over"
        first = review(a, gid, c["spectator_token"])
        assert first.status_code == 200, first.text
        assert made == [gid]
        kept = first.json()["record"]
        assert kept["review"]["format"] == "azulejos-review/1"
        # the other server: the same review, from the database, not made again
        other = review(b, gid, c["seats"][1]["token"], lang="fr")
        assert other.status_code == 200, other.text
        assert other.json()["record"] == kept and made == [gid]
        assert other.json()["frames"][1]["review"]["text"] != first.json()["frames"][1]["review"]["text"]
        version = last["version"]
    assert kept_rows(url) == [(gid, version, REVIEW_SETTINGS)]
    with server(url) as restarted:
        again = review(restarted, gid, c["seats"][0]["token"])
        assert again.status_code == 200, again.text
        assert again.json()["record"] == kept and made == [gid]


def test_a_kept_review_of_a_game_you_may_not_see_stays_refused(url: str, made: list[str]) -> None:
    with server(url) as a, server(url) as b:
        c = create(a, players=2, seats=[{"name": "Ann"}, {"name": "Bo"}])
        play_random(a, c, random.Random(22))
        assert review(a, c["game"], c["seats"][0]["token"]).status_code == 200
        elsewhere = create(b, players=2, seats=[{"name": "Cy"}, {"name": "Di"}])
        for client in (a, b):
            r = review(client, c["game"], elsewhere["spectator_token"])  # another game's token
            assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
            assert "record" not in r.json() and "frames" not in r.json()
            r = review(client, c["game"], None)
            assert r.status_code == 401 and "record" not in r.json()
            r = review(client, c["game"], "x" * 24)
            assert r.status_code == 403 and "record" not in r.json()
        # a running game is still not reviewed, by either server
        r = review(b, elsewhere["game"], elsewhere["spectator_token"])
        assert r.status_code == 409 and r.json()["error"]["code"] == "not_over"
    assert made == [c["game"]]


def test_the_store_keeps_the_first_review_of_a_game_version_and_settings(url: str) -> None:
    """put_review by two processes at once: the second is told the first one's review; a review
    belongs to the game's version and to the settings."""
    with server(url) as a:
        c = create(a, players=2, seats=[{"name": "Ann"}, {"name": "Bo"}])
    one, two = SqlStore(url), SqlStore(url)
    gid = c["game"]
    assert one.review(gid, "s") is None
    assert one.put_review(gid, "s", '{"first": 1}') == '{"first": 1}'
    assert two.put_review(gid, "s", '{"second": 2}') == '{"first": 1}'
    assert two.review(gid, "s") == '{"first": 1}' and two.review(gid, "other") is None
    assert one.put_review("no-such-game", "s", "{}") is None and one.review("no-such-game", "s") is None
    with one.engine.begin() as conn:  # the game moved on (not a finished game's fate, but exact)
        conn.execute(update(games_t).where(games_t.c.game_id == gid).values(version=games_t.c.version + 1))
    assert two.review(gid, "s") is None
    assert two.put_review(gid, "s", '{"later": 3}') == '{"later": 3}'
    with one.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(reviews_t)).scalar() == 2
    one.close()
    two.close()


def test_a_kept_review_that_does_not_read_is_made_again(url: str, made: list[str]) -> None:
    with server(url) as a:
        c = create(a, players=2, seats=[{"name": "Ann"}, {"name": "Bo"}])
        play_random(a, c, random.Random(23))
    store = SqlStore(url)
    assert store.put_review(c["game"], REVIEW_SETTINGS, "{not a record") is not None
    store.close()
    with server(url) as b:
        r = review(b, c["game"], c["spectator_token"])
        assert r.status_code == 200, r.text
        assert parse_record(r.json()["record"]).extra["review"]["format"] == "azulejos-review/1"
    assert made == [c["game"]]
