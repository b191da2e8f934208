"""Fixtures for the web tests: an app on a fresh SQLite file, clients, game helpers."""

from __future__ import annotations

import os
import secrets
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
# Starlette 1.x prefers httpx2 for its test client; httpx works the same for these tests.
warnings.filterwarnings("ignore", message=".*httpx.*")

from starlette.testclient import TestClient  # noqa: E402

from azulejos.web.app import create_app  # noqa: E402
from azulejos.web.limits import Limits  # noqa: E402
from azulejos.web.storage import SqlStore  # noqa: E402

from .servers import Server, free_port  # noqa: E402

PG_URL = os.environ.get("AZULEJOS_TEST_PG")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A started ``azulejos serve`` process on a fresh SQLite file (the browser tests)."""
    s = Server(tmp_path / "games.sqlite3", free_port())
    s.start()
    try:
        yield s
    finally:
        s.stop()


#: The seed of the special-displays games (R40-R47): round 1 has SF4 on display 4 and SF5 on
#: display 5 (tests/web/test_special_factories.py).
SF_SEED = 4


@pytest.fixture
def sf_client(tmp_path: Path) -> Iterator[TestClient]:
    """An app whose games are all dealt from :data:`SF_SEED`."""
    app = create_app(str(tmp_path / "games.sqlite3"), bot_delay=0, bot_seconds=0.05,
                     sync_interval=0, limits=Limits.none(), seeds=lambda: SF_SEED)
    with TestClient(app) as c:
        yield c


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    app = create_app(str(db_path), bot_delay=0, bot_seconds=0.05, sync_interval=0,
                     limits=Limits.none())
    with TestClient(app) as c:
        yield c


def store_urls() -> list[object]:
    """SQLite always; PostgreSQL when AZULEJOS_TEST_PG names a test database."""
    pg = pytest.param(
        "pg",
        marks=[
            pytest.mark.postgres,
            pytest.mark.skipif(
                not PG_URL,
                reason="AZULEJOS_TEST_PG is not set (scripts/ci-web-setup.sh starts a "
                "PostgreSQL server and sets it)",
            ),
        ],
    )
    return ["sqlite", pg]


@contextmanager
def fresh_pg_schema(prefix: str = "t") -> Iterator[str]:
    """A URL of the PostgreSQL test database whose tables go into a fresh schema, dropped
    afterwards: tests on parallel workers (pytest-xdist) never see each other's rows."""
    from sqlalchemy import create_engine, text

    from azulejos.web.storage import database_url

    assert PG_URL
    name = f"{prefix}_{secrets.token_hex(4)}"
    admin = create_engine(database_url(PG_URL))
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {name}"))
    try:
        yield f"{database_url(PG_URL)}?options=-csearch_path%3D{name}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {name} CASCADE"))
        admin.dispose()


@pytest.fixture(params=store_urls())
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SqlStore]:
    if request.param == "sqlite":
        st = SqlStore(f"sqlite:///{tmp_path / 'store.sqlite3'}")
        try:
            yield st
        finally:
            st.close()
        return
    with fresh_pg_schema("store") as url:
        st = SqlStore(url)
        try:
            yield st
        finally:
            st.close()
