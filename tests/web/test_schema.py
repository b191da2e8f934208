"""The schema, by Alembic revisions: a database written by an older server (schema 1, 2 or 3,
the hand-made upgrade's versions) is stamped and upgraded in place with every game kept (schema
3 stores the ruleset's modules; older games have none); the revisions make exactly the tables
of ``schema.py``; the upgrade runs again harmlessly; servers starting at the same moment on an
empty (or old) database all start (SQLite, and PostgreSQL when AZULEJOS_TEST_PG is set)."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, MetaData, create_engine, insert, select, text

from azulejos.web.live import Live
from azulejos.web.schema import SCHEMA_VERSION, NewerSchema, alembic_config, revision_id, revisions
from azulejos.web.storage import SqlStore, database_url
from azulejos.web.tables import meta, schema_t

from .conftest import PG_URL

DATA = Path(__file__).parent / "data"
V1_DB = DATA / "schema-v1.sqlite3"
V1_TOKENS = json.loads((DATA / "schema-v1.tokens.json").read_text())
V2_DB = DATA / "schema-v2.sqlite3"
V2_TOKENS = json.loads((DATA / "schema-v2.tokens.json").read_text())
V3_DB = DATA / "schema-v3.sqlite3"
V3_TOKENS = json.loads((DATA / "schema-v3.tokens.json").read_text())

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
    check_at_head(store.engine)


def check_at_head(engine: Engine) -> None:
    """The database is stamped at the head revision, and ``azulejos_schema`` (read by servers
    from before Alembic) has one row per version up to it."""
    with engine.connect() as conn:
        versions = conn.execute(select(schema_t.c.version)).scalars().all()
        current = MigrationContext.configure(conn).get_current_revision()
    assert sorted(versions) == list(range(1, SCHEMA_VERSION + 1))
    assert current == revision_id(SCHEMA_VERSION) == revisions().get_current_head()


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
    check_at_head(store.engine)


def check_upgraded_v3(store: SqlStore) -> None:
    """Every game of the schema-3 database (the last one of the hand-made upgrade) is there
    with its ruleset - the special factory displays where they were on (R40) - replays, and
    its tokens still open it."""
    for created in V3_TOKENS.values():
        g = store.load(created["game"])
        assert g is not None
        assert g.ruleset.players == len(created["seats"])
        live = Live.from_stored(g)
        assert live.version == g.version and live.ruleset == g.ruleset
        assert live.state.ruleset.special_factories == g.ruleset.special_factories
        for s in created["seats"]:
            if s["token"]:
                grant = store.grant(s["token"])
                assert grant is not None and (grant.game_id, grant.seat) == (g.game_id, s["seat"])
        assert store.grant(created["host_token"]).role == "host"  # type: ignore[union-attr]
    base = store.load(V3_TOKENS["two_people"]["game"])
    special = store.load(V3_TOKENS["special_factories"]["game"])
    finished = store.load(V3_TOKENS["finished_hotseat"]["game"])
    assert base is not None and base.modules == () and base.status == "playing"
    assert special is not None and special.modules == ("special_factories",)
    assert special.ruleset.special_factories and special.ruleset.players == 3
    assert finished is not None and finished.status == "over" and finished.variant == "grey"
    assert finished.ruleset.special_factories and Live.from_stored(finished).state.is_over
    check_at_head(store.engine)


def test_R40_a_schema_3_sqlite_file_is_upgraded_in_place(tmp_path: Path) -> None:
    db = tmp_path / "old3.sqlite3"
    shutil.copy(V3_DB, db)
    store = SqlStore(f"sqlite:///{db}")
    assert store.found_schema == 3
    check_upgraded_v3(store)
    store.close()
    again = SqlStore(f"sqlite:///{db}")
    assert again.found_schema == SCHEMA_VERSION
    check_upgraded_v3(again)
    again.close()


@pytest.mark.parametrize("_pg", [pytest.param(0, marks=pg_only)])
def test_R40_a_schema_3_postgresql_database_is_upgraded_in_place(_pg: int, pg_schema: str) -> None:
    copy_v1(pg_schema, V3_DB)
    store = SqlStore(pg_schema)
    assert store.found_schema == 3
    check_upgraded_v3(store)
    store.close()
    again = SqlStore(pg_schema)
    assert again.found_schema == SCHEMA_VERSION
    check_upgraded_v3(again)
    again.close()


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


def test_a_revision_this_code_does_not_know_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    SqlStore(url).close()
    eng = create_engine(url)
    with eng.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    eng.dispose()
    with pytest.raises(NewerSchema, match=r"newer azulejos \(schema 9999\)"):
        SqlStore(url)


def test_a_hand_made_version_after_the_last_one_is_refused(tmp_path: Path) -> None:
    """A database with ``azulejos_schema`` rows past version 3 but no Alembic stamp was not
    written by any azulejos this code knows."""
    db = tmp_path / "odd.sqlite3"
    shutil.copy(V3_DB, db)
    eng = create_engine(f"sqlite:///{db}")
    with eng.begin() as conn:
        conn.execute(insert(schema_t).values(version=4))
    eng.dispose()
    with pytest.raises(NewerSchema, match="newer azulejos"):
        SqlStore(f"sqlite:///{db}")


def differences(engine: Engine) -> list[object]:
    """What separates the database's tables from the SQLAlchemy tables of ``schema.py``
    (Alembic's autogenerate comparison; its own ``alembic_version`` table aside)."""
    with engine.connect() as conn:
        mc = MigrationContext.configure(conn, opts={"compare_type": True})
        return list(compare_metadata(mc, meta))


def test_the_revisions_make_exactly_the_tables_of_schema_py_on_sqlite(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    assert store.found_schema == 0
    assert differences(store.engine) == []
    check_at_head(store.engine)
    store.close()


@pytest.mark.parametrize("_pg", [pytest.param(0, marks=pg_only)])
def test_the_revisions_make_exactly_the_tables_of_schema_py_on_postgresql(_pg: int, pg_schema: str) -> None:
    store = SqlStore(pg_schema)
    assert store.found_schema == 0
    assert differences(store.engine) == []
    check_at_head(store.engine)
    store.close()


@pytest.mark.parametrize("source", [V1_DB, V2_DB, V3_DB], ids=["schema-1", "schema-2", "schema-3"])
def test_an_upgraded_old_file_has_exactly_the_tables_of_schema_py(tmp_path: Path, source: Path) -> None:
    db = tmp_path / "old.sqlite3"
    shutil.copy(source, db)
    store = SqlStore(f"sqlite:///{db}")
    assert differences(store.engine) == []
    store.close()


@pytest.mark.parametrize("_pg", [pytest.param(0, marks=pg_only)])
def test_an_upgraded_old_postgresql_database_has_exactly_the_tables_of_schema_py(_pg: int, pg_schema: str) -> None:
    copy_v1(pg_schema)
    store = SqlStore(pg_schema)
    assert differences(store.engine) == []
    store.close()


def snapshot(engine: Engine) -> tuple[list[tuple[object, ...]], dict[str, list[tuple[object, ...]]]]:
    """The SQLite file's schema text and every row of every table."""
    with engine.connect() as conn:
        ddl = [tuple(r) for r in conn.exec_driver_sql(
            "SELECT type, name, sql FROM sqlite_master ORDER BY type, name")]
        tables = [str(r[1]) for r in ddl if r[0] == "table"]
        rows = {t: sorted(tuple(r) for r in conn.exec_driver_sql(f"SELECT * FROM {t}"))
                for t in tables}
    return ddl, rows


@pytest.mark.parametrize("source", [None, V1_DB, V3_DB], ids=["empty", "schema-1", "schema-3"])
def test_running_prepare_twice_changes_nothing(tmp_path: Path, source: Path | None) -> None:
    db = tmp_path / "db.sqlite3"
    if source:
        shutil.copy(source, db)
    first = SqlStore(f"sqlite:///{db}")
    before = snapshot(first.engine)
    first.close()
    second = SqlStore(f"sqlite:///{db}")
    assert second.found_schema == SCHEMA_VERSION
    assert snapshot(second.engine) == before
    second.close()


def test_every_revision_goes_down_and_up_again(tmp_path: Path) -> None:
    """Each revision's downgrade undoes its upgrade (an empty database at the bottom), and the
    way back up gives the tables of ``schema.py`` again."""
    store = SqlStore(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with store.engine.begin() as conn:
        command.downgrade(alembic_config(conn), "base")
    with store.engine.connect() as conn:
        left = conn.exec_driver_sql(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'azulejos%'").all()
    assert left == []
    store.close()
    again = SqlStore(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert again.found_schema == 0
    assert differences(again.engine) == []
    check_at_head(again.engine)
    again.close()


def test_a_stamped_schema_1_file_is_claimed_by_revision_0002(tmp_path: Path) -> None:
    """The data step of revision 0002 runs on a stamped schema-1 file: person seats that held
    their token from the start count as claimed when their game was created."""
    db = tmp_path / "old.sqlite3"
    shutil.copy(V1_DB, db)
    store = SqlStore(f"sqlite:///{db}")
    for created in V1_TOKENS.values():
        g = store.load(created["game"])
        assert g is not None
        for s in created["seats"]:
            assert (g.seats[s["seat"]].claimed == g.created) == bool(s["token"])
    store.close()


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


#: The kept files the start-up races begin from (None: an empty database), and their checks.
OLD = {"empty": None, "schema-1": (V1_DB, check_upgraded), "schema-3": (V3_DB, check_upgraded_v3)}


def run_starts(make_url: Callable[[int], str], old: str,
               copy: Callable[[str, Path], None]) -> None:
    for attempt in range(4):
        url = make_url(attempt)
        kept = OLD[old]
        if kept:
            copy(url, kept[0])
        errors = start_together(url, 4)
        assert not errors, errors
        store = SqlStore(url)
        assert store.found_schema == SCHEMA_VERSION
        if kept:
            kept[1](store)
        else:
            check_at_head(store.engine)
        assert differences(store.engine) == []
        store.close()


@pytest.mark.parametrize("old", list(OLD))
def test_servers_starting_together_on_sqlite(tmp_path: Path, old: str) -> None:
    def url(attempt: int) -> str:
        return f"sqlite:///{tmp_path / f'db{attempt}.sqlite3'}"

    def copy(u: str, source: Path) -> None:
        shutil.copy(source, u.removeprefix("sqlite:///"))

    run_starts(url, old, copy)


@pytest.mark.parametrize("old", [pytest.param(k, marks=pg_only, id=k) for k in OLD])
def test_servers_starting_together_on_postgresql(old: str) -> None:
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
        run_starts(url, old, copy_v1)
    finally:
        with admin.begin() as conn:
            for name in names:
                conn.execute(text(f"DROP SCHEMA {name} CASCADE"))
        admin.dispose()


STARTER = """
import sys, time
from azulejos.web.storage import SqlStore
at = float(sys.argv[2])
time.sleep(max(0.0, at - time.time()))
store = SqlStore(sys.argv[1])
print(store.found_schema)
store.close()
"""


@pytest.mark.parametrize("_pg", [pytest.param(0, marks=pg_only)])
def test_server_processes_starting_together_on_an_empty_postgresql_database(
    _pg: int, pg_schema: str
) -> None:
    """Separate processes (as ``serve`` started twice, or its workers), released at one moment
    on an empty database: every one comes up, one of them made the tables."""
    at = time.time() + 4.0  # after every interpreter has imported the server
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    procs = [subprocess.Popen([sys.executable, "-c", STARTER, pg_schema, str(at)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(3)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], [err[-2000:] for _, err in outs]
    found = sorted(int(out.split()[-1]) for out, _ in outs)
    assert found == [0, SCHEMA_VERSION, SCHEMA_VERSION]
    store = SqlStore(pg_schema)
    check_at_head(store.engine)
    assert differences(store.engine) == []
    store.close()


def test_one_process_preparing_several_databases_at_once(tmp_path: Path) -> None:
    """Threads of one process upgrading different databases at the same moment (Alembic's
    ``context`` is module-wide: its commands take turns) all end at the head, games kept."""
    sources = [None, V1_DB, V2_DB, V3_DB] * 2
    urls = []
    for i, source in enumerate(sources):
        db = tmp_path / f"db{i}.sqlite3"
        if source:
            shutil.copy(source, db)
        urls.append(f"sqlite:///{db}")
    barrier = threading.Barrier(len(urls))
    errors: list[BaseException] = []
    stores: dict[str, SqlStore] = {}

    def start(url: str) -> None:
        barrier.wait()
        try:
            stores[url] = SqlStore(url)
        except BaseException as e:  # noqa: BLE001 - collected and reported by the test
            errors.append(e)

    threads = [threading.Thread(target=start, args=(u,)) for u in urls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    for url, source in zip(urls, sources):
        store = stores[url]
        assert store.found_schema == (0 if source is None else int(source.stem[-1]))
        assert differences(store.engine) == []
        check_at_head(store.engine)
        if source == V3_DB:
            check_upgraded_v3(store)
        store.close()


def test_the_revisions_are_one_line_numbered_as_the_schema_versions() -> None:
    """Revision NNNN lives in ``vNNNN_*.py`` and follows NNNN-1: one head, no branches, so that
    ``SCHEMA_VERSION`` (the head's number) counts every schema change."""
    script = revisions()
    line = list(reversed(list(script.walk_revisions())))
    assert [r.revision for r in line] == [revision_id(v) for v in range(1, SCHEMA_VERSION + 1)]
    for r in line:
        assert r.down_revision == (None if r.revision == "0001" else revision_id(int(r.revision) - 1))
        assert Path(r.path).name.startswith(f"v{r.revision}_")
        assert not r.branch_labels and not r.dependencies
    assert script.get_heads() == [revision_id(SCHEMA_VERSION)]
