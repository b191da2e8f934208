"""The schema: a database written by an older server (schema 1 or 2) is upgraded in place with
every game kept (schema 3 stores the ruleset's modules; older games have none); the upgrade runs again harmlessly; servers starting at the same moment on an
empty (or old) database all start (SQLite, and PostgreSQL when AZULEJOS_TEST_PG is set)."""

from __future__ import annotations

import json
import secrets
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import MetaData, create_engine, insert, select, text

from azulejos.web.live import Live
from azulejos.web.schema import SCHEMA_VERSION, NewerSchema, schema_t
from azulejos.web.storage import SqlStore, database_url

from .conftest import PG_URL

DATA = Path(__file__).parent / "data"
V1_DB = DATA / "schema-v1.sqlite3"
V1_TOKENS = json.loads((DATA / "schema-v1.tokens.json").read_text())
V2_DB = DATA / "schema-v2.sqlite3"
V2_TOKENS = json.loads((DATA / "schema-v2.tokens.json").read_text())

pg_only = [pytest.mark.postgres,
           pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set")]


@pytest.fixture
def pg_schema() -> Iterator[str]:
    """A URL of the test database whose tables go into a fresh PostgreSQL schema (dropped
    after), so that the test starts from an empty database without touching other tests'."""
    assert PG_URL
    name = f"t_{secrets.token_hex(6)}"
    admin = create_engine(database_url(PG_URL))
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {name}"))
    try:
        yield f"{database_url(PG_URL)}?options=-csearch_path%3D{name}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {name} CASCADE"))
        admin.dispose()


def copy_v1(target_url: str, source: Path = V1_DB) -> None:
    """Write the schema-1 database (tables as the old server made them, and its rows) to an
    empty database at ``target_url``."""
    src = create_engine(f"sqlite:///{source}")
    old = MetaData()
    old.reflect(src)
    dst = create_engine(target_url)
    old.create_all(dst)
    with src.connect() as a, dst.begin() as b:
        for table in old.sorted_tables:
            rows = [dict(r) for r in a.execute(select(table)).mappings()]
            if rows:
                b.execute(insert(table), rows)
    src.dispose()
    dst.dispose()


def check_upgraded(store: SqlStore) -> None:
    """Every game of the old database is there, replays, and its old tokens still open it."""
    for key, created in V1_TOKENS.items():
        gid = created["game"]
        g = store.load(gid)
        assert g is not None, key
        live = Live.from_stored(g)
        assert live.version == g.version and g.stand_in == "medium" and g.host_hash is None
        for s in created["seats"]:
            spec = g.seats[s["seat"]]
            if s["token"]:
                grant = store.grant(s["token"])
                assert grant is not None and (grant.game_id, grant.seat) == (gid, s["seat"])
                assert spec.claimed == g.created and spec.invite_hash is None
        assert store.grant(created["spectator_token"]).role == "spectator"  # type: ignore[union-attr]
    finished = store.load(V1_TOKENS["finished_hotseat"]["game"])
    assert finished is not None and finished.status == "over"
    with store.engine.connect() as conn:
        versions = conn.execute(select(schema_t.c.version)).scalars().all()
    assert sorted(versions) == list(range(1, SCHEMA_VERSION + 1))


def check_upgraded_v2(store: SqlStore) -> None:
    """Every game of the schema-2 database is there with the base game's ruleset (R40: no
    module), replays, and its tokens still open it; then a module game is stored and read
    back with its ruleset."""
    for created in V2_TOKENS.values():
        g = store.load(created["game"])
        assert g is not None and g.modules == ()
        assert not g.ruleset.special_factories and g.ruleset.players == len(created["seats"])
        live = Live.from_stored(g)
        assert live.version == g.version and live.ruleset == g.ruleset
        for s in created["seats"]:
            if s["token"]:
                grant = store.grant(s["token"])
                assert grant is not None and (grant.game_id, grant.seat) == (g.game_id, s["seat"])
        assert store.grant(created["host_token"]).role == "host"  # type: ignore[union-attr]
    finished = store.load(V2_TOKENS["finished_hotseat"]["game"])
    assert finished is not None and finished.status == "over" and finished.variant == "grey"
    with store.engine.connect() as conn:
        versions = conn.execute(select(schema_t.c.version)).scalars().all()
    assert sorted(versions) == list(range(1, SCHEMA_VERSION + 1))


def test_R40_a_schema_2_sqlite_file_is_upgraded_in_place(tmp_path: Path) -> None:
    db = tmp_path / "old2.sqlite3"
    shutil.copy(V2_DB, db)
    store = SqlStore(f"sqlite:///{db}")
    assert store.found_schema == 2
    check_upgraded_v2(store)
    store.close()
    again = SqlStore(f"sqlite:///{db}")
    assert again.found_schema == SCHEMA_VERSION
    check_upgraded_v2(again)
    again.close()


@pytest.mark.parametrize("_pg", [pytest.param(0, marks=pg_only)])
def test_R40_a_schema_2_postgresql_database_is_upgraded_in_place(_pg: int, pg_schema: str) -> None:
    copy_v1(pg_schema, V2_DB)
    store = SqlStore(pg_schema)
    assert store.found_schema == 2
    check_upgraded_v2(store)
    store.close()
    again = SqlStore(pg_schema)
    assert again.found_schema == SCHEMA_VERSION
    check_upgraded_v2(again)
    again.close()


def test_a_schema_1_sqlite_file_is_upgraded_in_place(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    shutil.copy(V1_DB, db)
    store = SqlStore(f"sqlite:///{db}")
    assert store.found_schema == 1
    check_upgraded(store)
    store.close()
    again = SqlStore(f"sqlite:///{db}")  # idempotent: nothing left to do, nothing changes
    assert again.found_schema == SCHEMA_VERSION
    check_upgraded(again)
    again.close()


@pytest.mark.parametrize("_pg", [pytest.param(0, marks=pg_only)])
def test_a_schema_1_postgresql_database_is_upgraded_in_place(_pg: int, pg_schema: str) -> None:
    copy_v1(pg_schema)
    store = SqlStore(pg_schema)
    assert store.found_schema == 1
    check_upgraded(store)
    store.close()
    again = SqlStore(pg_schema)
    assert again.found_schema == SCHEMA_VERSION
    check_upgraded(again)
    again.close()


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    SqlStore(url).close()
    eng = create_engine(url)
    with eng.begin() as conn:
        conn.execute(insert(schema_t).values(version=SCHEMA_VERSION + 1))
    eng.dispose()
    with pytest.raises(NewerSchema, match="newer azulejos"):
        SqlStore(url)


def start_together(url: str, n: int) -> list[BaseException]:
    """``n`` stores opened on ``url`` at the same moment (as n server processes starting)."""
    barrier = threading.Barrier(n)
    errors: list[BaseException] = []
    stores: list[SqlStore] = []

    def start() -> None:
        barrier.wait()
        try:
            stores.append(SqlStore(url))
        except BaseException as e:  # noqa: BLE001 - collected and reported by the test
            errors.append(e)

    threads = [threading.Thread(target=start) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    for s in stores:
        s.close()
    return errors


def run_starts(make_url: Callable[[int], str], prepare: Callable[[str], None] | None) -> None:
    for attempt in range(4):
        url = make_url(attempt)
        if prepare:
            prepare(url)
        errors = start_together(url, 4)
        assert not errors, errors
        store = SqlStore(url)
        assert store.found_schema == SCHEMA_VERSION
        if prepare:
            check_upgraded(store)
        store.close()


@pytest.mark.parametrize("old", [False, True], ids=["empty", "schema-1"])
def test_servers_starting_together_on_sqlite(tmp_path: Path, old: bool) -> None:
    def url(attempt: int) -> str:
        return f"sqlite:///{tmp_path / f'db{attempt}.sqlite3'}"

    def copy(u: str) -> None:
        shutil.copy(V1_DB, u.removeprefix("sqlite:///"))

    run_starts(url, copy if old else None)


@pytest.mark.parametrize("old", [pytest.param(False, marks=pg_only, id="empty"),
                                 pytest.param(True, marks=pg_only, id="schema-1")])
def test_servers_starting_together_on_postgresql(old: bool) -> None:
    assert PG_URL
    admin = create_engine(database_url(PG_URL))
    names: list[str] = []

    def url(attempt: int) -> str:
        name = f"t_{secrets.token_hex(6)}"
        with admin.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA {name}"))
        names.append(name)
        return f"{database_url(PG_URL)}?options=-csearch_path%3D{name}"

    try:
        run_starts(url, copy_v1 if old else None)
    finally:
        with admin.begin() as conn:
            for name in names:
                conn.execute(text(f"DROP SCHEMA {name} CASCADE"))
        admin.dispose()
