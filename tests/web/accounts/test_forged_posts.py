"""Forged cross-site requests carrying the session cookie change nothing (issue 28, item 1,
"CSRF protection on every state-changing request"; web/csrf.py)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from .conftest import sign_up

EVIL = {"Origin": "https://evil.example"}


def test_a_cross_site_post_with_the_cookie_changes_nothing(browser: TestClient) -> None:
    sign_up(browser, "Victim", "right password")
    before = browser.get("/api/account").json()
    forged: list[tuple[str, str, dict[str, Any] | None]] = [
        ("POST", "/api/account/settings", {"lang": "ru"}),
        ("POST", "/api/account/password", {"old": "right password", "new": "stolen password"}),
        ("POST", "/api/account/email", {"email": "thief@evil.example"}),
        ("DELETE", "/api/account/sessions", None),
        ("DELETE", "/api/session", None),
        ("POST", "/api/account/seats", {"tokens": []}),
        ("POST", "/api/games", {"players": 2}),
    ]
    for method, path, body in forged:
        r = browser.request(method, path, json=body, headers=EVIL)
        assert r.status_code == 403 and r.json()["error"]["code"] == "cross_origin", path
    # a page may post text/plain without asking: refused too, same origin or not
    r = browser.post("/api/account/settings", content=b'{"lang": "ru"}',
                     headers={"Content-Type": "text/plain"})
    assert r.status_code == 415
    r = browser.post("/api/session", content=b"name=Victim&password=x",
                     headers={"Content-Type": "application/x-www-form-urlencoded", **EVIL})
    assert r.status_code == 403
    assert browser.get("/api/account").json() == before  # still signed in, nothing changed
    ok = browser.post("/api/account/settings", json={"lang": "ru"},
                      headers={"Origin": "http://testserver"})
    assert ok.status_code == 200  # the page's own origin may
