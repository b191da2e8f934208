"""Unique display names (issue 29, item 3): a profile's name is unique in any case, is not a
bot level's name nor another account's user name; a seat may not be renamed to the opponent's
name or to "medium bot"; revision 0013 renames existing clashes (docs/api.md, "Fair play")."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from starlette.testclient import TestClient

from azulejos.web.fairplay.names import free_name, is_bot_name
from azulejos.web.schema import alembic_config, prepare
from azulejos.web.storage import SqlStore

from ..helpers import auth
from ..players import rated_game, sign_up_at
from ..test_profiles import new_profile


def code_of(r: object) -> tuple[int, str]:
    return r.status_code, r.json()["error"]["code"]  # type: ignore[attr-defined]


def test_profile_names_are_unique_in_any_case_and_never_a_bots(server: TestClient) -> None:
    a = new_profile(server, "Farmer")
    sign_up_at(server, "Ana", "10.0.0.1")
    for name, want in (("farmer", (409, "name_taken")), (" FARMER ", (409, "name_taken")),
                       ("ana", (409, "name_taken")),  # another account's user name
                       ("medium bot", (400, "bad_name")), ("Medium", (400, "bad_name")),
                       ("easy bot 2", (400, "bad_name"))):
        assert code_of(server.post("/api/profiles", json={"name": name})) == want, name
    b = new_profile(server, "Bo")
    for name, want in (("FARMER", (409, "name_taken")), ("hard bot", (400, "bad_name")),
                       ("Ana", (409, "name_taken"))):
        r = server.post(f"/api/profiles/{b['id']}/name", headers=auth(b["key"]), json={"name": name})
        assert code_of(r) == want, name
    # one's own name in another case is one's own
    r = server.post(f"/api/profiles/{a['id']}/name", headers=auth(a["key"]), json={"name": "FARMER"})
    assert r.status_code == 200 and r.json()["name"] == "FARMER"
    # an account may not take a player's name, nor a bot's
    c = TestClient(server.app)
    assert code_of(c.post("/api/account", json={"name": "farmer", "password": "correct horse"})
                   ) == (409, "name_taken")
    assert code_of(c.post("/api/account", json={"name": "Expert Bot", "password": "correct horse"})
                   ) == (400, "bad_name")


def test_a_seat_may_not_take_the_opponents_name_or_a_bots(server: TestClient) -> None:
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.2")
    gid, t = rated_game(ana, bo)
    for name, want in (("ana", (409, "name_taken")), ("medium bot", (400, "bad_name")),
                       ("Medium Bot", (400, "bad_name"))):
        r = bo.client.post(f"/api/games/{gid}/name", headers=auth(t[1]), json={"name": name})
        assert code_of(r) == want, name
    r = bo.client.post(f"/api/games/{gid}/name", headers=auth(t[1]), json={"name": "Bo B."})
    assert r.status_code == 200
    names = [s["name"] for s in bo.client.get(f"/api/games/{gid}", headers=auth(t[1])).json()["seats"]]
    assert names == ["Ana", "Bo B."]


def test_bot_names_and_free_names() -> None:
    assert all(is_bot_name(n) for n in ("medium", "MEDIUM BOT", "greedy bot 3", "bot"))
    assert not any(is_bot_name(n) for n in ("Medium Rare", "robot", "mediumbot", "Ana"))
    taken = {"ana", "ana #2"}
    assert free_name("Ana", lambda k: k in taken) == "Ana #3"
    assert len(free_name("x" * 40, lambda k: False)) == 40


def test_revision_0013_renames_clashing_names(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "0010")
        profiles = [("p1", "Farmer", 1.0), ("p2", "FARMER", 2.0), ("p3", "farmer ", 3.0),
                    ("p4", "medium bot", 4.0), ("p5", "Ana", 0.5), ("p6", "ana", 6.0),
                    ("p7", "Bo", 7.0)]
        for pid, name, created in profiles:
            conn.execute(sa.text("INSERT INTO azulejos_profiles (profile_id, key_hash, name, "
                                 "created, updated) VALUES (:p, :k, :n, :c, :c)"),
                         {"p": pid, "k": f"key-{pid}", "n": name, "c": created})
        # Ana's account owns the younger "ana" profile: the user name stays its own
        conn.execute(sa.text("INSERT INTO azulejos_accounts (account_id, name, name_key, "
                             "password_hash, profile_id, settings, created, updated) VALUES "
                             "('a6', 'ana', 'ana', 'x', 'p6', '{}', 6, 6)"))
    engine.dispose()
    prepare(sa.create_engine(url))
    store = SqlStore(url)
    try:
        with store.engine.connect() as conn:
            rows = dict(conn.execute(sa.text(
                "SELECT profile_id, name FROM azulejos_profiles")).all())
            keys = conn.execute(sa.text("SELECT name_key FROM azulejos_profiles")).scalars().all()
    finally:
        store.close()
    assert rows == {"p1": "Farmer", "p2": "FARMER #2", "p3": "farmer #3", "p4": "Player #2",
                    "p5": "Ana #2", "p6": "ana", "p7": "Bo"}
    assert len(set(keys)) == len(keys) == 7
