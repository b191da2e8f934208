"""Forged cross-site requests are refused and change nothing (issue 28, "JSON-only bodies with
an Origin check"; web/csrf.py): a ``text/plain`` or form post, and a post from another
site's page. Same-origin pages and programs that send no Origin go on working."""

from __future__ import annotations

import json
from typing import Any

from starlette.testclient import TestClient

from azulejos.web.csrf import refusal

from .helpers import auth, create, view

PLAIN = {"Content-Type": "text/plain"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
FORGED = {"Origin": "https://evil.example", "Content-Type": "application/json"}


def count(client: TestClient, profile: dict[str, Any]) -> tuple[int, str]:
    """How many games the creator's tokens see, and the profile's name (what must not change)."""
    got = client.get(f"/api/profiles/{profile['id']}")
    assert got.status_code == 200
    return got.json().get("games", 0), got.json()["name"]


def test_a_text_plain_or_form_post_creates_no_game_and_no_profile(client: TestClient) -> None:
    for headers in (PLAIN, FORM, {"Content-Type": "application/json-ish"}):
        r = client.post("/api/games", content=json.dumps({"hotseat": True}), headers=headers)
        assert r.status_code == 415, r.text
        assert r.json()["error"]["code"] == "malformed"
        r = client.post("/api/profiles", content=json.dumps({"name": "Eve"}), headers=headers)
        assert r.status_code == 415 and r.json()["error"]["code"] == "malformed"
    with client.app.state.store.engine.connect() as conn:  # nothing was written
        from sqlalchemy import func, select

        from azulejos.web.tables import games_t, profiles_t
        assert conn.execute(select(func.count()).select_from(games_t)).scalar_one() == 0
        assert conn.execute(select(func.count()).select_from(profiles_t)).scalar_one() == 0


def test_a_post_from_another_sites_page_is_refused_and_changes_nothing(client: TestClient) -> None:
    c = create(client)
    g, t0 = c["game"], c["seats"][0]["token"]
    before = view(client, g, t0)
    move = before["legal"][0]["move"]
    r = client.post(f"/api/games/{g}/moves", headers=FORGED | auth(t0),
                    json={"version": before["version"], "move": move})
    assert r.status_code == 403 and r.json()["error"]["code"] == "cross_origin"
    r = client.post(f"/api/games/{g}/name", headers=FORGED | auth(t0), json={"name": "Eve"})
    assert r.status_code == 403
    for origin in ("null", "http://testserver.evil.example", "http://testserver:81"):
        r = client.post("/api/games", headers={"Origin": origin}, json={})
        assert r.status_code == 403, origin
    after = view(client, g, t0)
    assert (after["version"], after["seats"]) == (before["version"], before["seats"])
    # the same request from this server's own page, or from a program (no Origin), goes on
    r = client.post(f"/api/games/{g}/moves", headers={"Origin": "http://testserver"} | auth(t0),
                    json={"version": before["version"], "move": move})
    assert r.status_code == 200, r.text
    r = client.post(f"/api/games/{g}/name", headers=auth(t0), json={"name": "Ann"})
    assert r.status_code == 200, r.text
    assert client.post("/api/profiles", headers={"Origin": "http://testserver"},
                       json={"name": "Ann"}).status_code == 201


def test_what_is_checked() -> None:
    from starlette.datastructures import Headers

    def why(method: str, path: str, **headers: str) -> str | None:
        e = refusal(method, path, Headers(headers={"host": "h:8000", **headers}))
        return None if e is None else f"{e.code} {e.status}"

    assert why("GET", "/api/meta", origin="https://evil.example") is None  # reads are free
    assert why("POST", "/static/x", **{"content-type": "text/plain", "content-length": "3"}) is None
    assert why("POST", "/api/games", **{"content-length": "2"}) == "malformed 415"
    assert why("POST", "/api/games", **{"transfer-encoding": "chunked"}) == "malformed 415"
    assert why("DELETE", "/api/x", **{"content-type": "application/json; charset=utf-8",
                                      "content-length": "2"}) is None
    assert why("POST", "/api/games/g/review") is None  # no body: nothing to forge
    assert why("PUT", "/api/x", origin="http://H:8000") is None
    assert why("PATCH", "/api/x", origin="http://h:8001") == "cross_origin 403"
    assert why("POST", "/api/x", origin="ftp://h:8000") == "cross_origin 403"
