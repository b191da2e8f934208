"""Accounts (issue 28, item 1): sign-up, sign-in and sessions in HttpOnly SameSite cookies,
settings on the server, password changes; bad input changes nothing."""

from __future__ import annotations

import re
from typing import Any

from starlette.testclient import TestClient

from azulejos.web.account_tables import accounts_t, sessions_t
from azulejos.web.accounts.passwords import MAX_PASSWORD
from azulejos.web.accounts.service import IDLE, TOUCH_EVERY

from .conftest import AppMaker, Clock, sign_up

COOKIE = "azulejos_session"


def plant(client: TestClient, value: str) -> None:
    """Give ``client`` the session cookie ``value`` (a copied, forged or planted one)."""
    client.cookies.clear()
    client.cookies.set(COOKIE, value, domain="testserver.local")


def count(client: TestClient, table: object) -> int:
    from sqlalchemy import func, select
    with client.app.state.store.engine.connect() as conn:  # type: ignore[attr-defined]
        return int(conn.execute(select(func.count()).select_from(table)).scalar_one())  # type: ignore[arg-type]


def test_sign_up_sets_an_httponly_samesite_cookie_and_makes_a_profile(browser: TestClient) -> None:
    r = browser.post("/api/account", json={"name": "  Ana   Lu ", "password": "tiles and more",
                                           "lang": "fr"})
    assert r.status_code == 201, r.text
    me = r.json()
    assert me["name"] == "Ana Lu" and me["email"] is None and not me["email_verified"]
    assert me["settings"]["lang"] == "fr"
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    low = cookie.lower()
    assert "httponly" in low and "samesite=lax" in low and "path=/" in low
    assert "secure" not in low  # plain http here; https adds Secure
    assert r.headers["cache-control"] == "no-store"
    again = browser.get("/api/account")
    assert again.status_code == 200 and again.json()["id"] == me["id"]
    profile = browser.get(f"/api/profiles/{me['profile']['id']}").json()
    assert profile["name"] == "Ana Lu"  # ratings and statistics hang on this profile


def test_the_page_settings_at_sign_up_become_the_account_s(browser: TestClient) -> None:
    """A visitor who chose a language, a theme and the patterns keeps them on signing up (the
    page takes the account's settings afterwards: nothing flips back to the defaults)."""
    r = browser.post("/api/account", json={"name": "Choco", "password": "tiles and more",
                                           "lang": "uk", "theme": "chocolatier",
                                           "patterns": True})
    assert r.status_code == 201, r.text
    s = r.json()["settings"]
    assert (s["lang"], s["theme"], s["patterns"]) == ("uk", "chocolatier", True)
    assert browser.get("/api/account").json()["settings"]["theme"] == "chocolatier"


def test_the_cookie_is_secure_on_https(make_client: AppMaker) -> None:
    c = make_client()
    c.base_url = c.base_url.copy_with(scheme="https")
    r = c.post("/api/account", json={"name": "Secure", "password": "tiles and more"})
    assert r.status_code == 201
    assert "secure" in r.headers["set-cookie"].lower()


def test_a_name_is_unique_in_any_case(make_client: AppMaker) -> None:
    a, b = make_client(), make_client()
    sign_up(a, "Marta")
    r = b.post("/api/account", json={"name": "MARTA", "password": "other password"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken"
    assert COOKIE not in b.cookies
    assert count(a, accounts_t) == 1


def test_bad_names_and_passwords_are_refused_and_make_nothing(browser: TestClient) -> None:
    cases = [
        ({"name": "medium bot", "password": "tiles and more"}, 400, "bad_name"),
        ({"name": "Expert", "password": "tiles and more"}, 400, "bad_name"),
        ({"name": "x", "password": "tiles and more"}, 400, "bad_name"),
        ({"name": "y" * 41, "password": "tiles and more"}, 400, "bad_name"),
        ({"name": 5, "password": "tiles and more"}, 400, "malformed"),
        ({"name": "Weak", "password": "short"}, 400, "weak_password"),
        ({"name": "Weak", "password": "aaaaaaaaaaaa"}, 400, "weak_password"),
        ({"name": "Weakling", "password": "WEAKLING"}, 400, "weak_password"),
        ({"name": "Long", "password": "p" * 100 + "q" * (MAX_PASSWORD - 99)}, 400, "weak_password"),
        ({"name": "Long", "password": None}, 400, "malformed"),
        ({"name": "Mail", "password": "tiles and more", "email": "not mail"}, 400, "bad_email"),
        ({"name": "Odd", "password": "tiles and more", "admin": True}, 400, "malformed"),
        ({"name": "Odd", "password": "tiles and more", "lang": "de"}, 400, "malformed"),
        ({"name": "Odd", "password": "tiles and more", "theme": "neon"}, 400, "malformed"),
        ({"name": "Odd", "password": "tiles and more", "patterns": "yes"}, 400, "malformed"),
    ]
    for body, status, code in cases:
        r = browser.post("/api/account", json=body)
        assert (r.status_code, r.json()["error"]["code"]) == (status, code), body
    long = browser.post("/api/account", json=cases[8][0]).json()["error"]
    assert long["reason"] == "too_long" and long["max"] == MAX_PASSWORD
    assert count(browser, accounts_t) == 0 and COOKIE not in browser.cookies


def test_a_wrong_password_and_an_unknown_name_answer_the_same(make_client: AppMaker) -> None:
    owner, stranger = make_client(), make_client()
    sign_up(owner, "Inês", "right password")
    wrong = stranger.post("/api/session", json={"name": "inês", "password": "wrong password"})
    unknown = stranger.post("/api/session", json={"name": "Nobody", "password": "whatever"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["error"]["code"] == "bad_credentials"
    assert COOKIE not in stranger.cookies
    ok = stranger.post("/api/session", json={"name": "INÊS", "password": "right password"})
    assert ok.status_code == 200 and ok.json()["name"] == "Inês"
    assert stranger.get("/api/account").status_code == 200


def test_sign_in_makes_a_new_session_so_a_planted_cookie_is_worthless(make_client: AppMaker) -> None:
    a = make_client()
    sign_up(a, "Rui", "right password")
    first = a.cookies[COOKIE]
    a.post("/api/session", json={"name": "Rui", "password": "right password"})
    second = a.cookies[COOKIE]
    assert second != first
    # the session the browser had before is ended, not reused
    b = make_client()
    plant(b, first)
    assert b.get("/api/account").status_code == 401
    # a cookie planted before sign-in (fixation) is never made a session
    c = make_client()
    plant(c, "planted-by-someone")
    c.post("/api/session", json={"name": "Rui", "password": "right password"})
    assert c.cookies[COOKIE] != "planted-by-someone"


def test_a_forged_or_garbage_cookie_opens_nothing(browser: TestClient) -> None:
    sign_up(browser, "Eva")
    for forged in ("x" * 43, "", "y" * 500, "%C3%BC;;"):
        plant(browser, forged)
        r = browser.get("/api/account")
        assert r.status_code == 401 and r.json()["error"]["code"] == "signed_out"


def test_a_stolen_cookie_dies_with_sign_out(make_client: AppMaker) -> None:
    owner, thief = make_client(), make_client()
    sign_up(owner, "Leo")
    plant(thief, owner.cookies[COOKIE])
    assert thief.get("/api/account").status_code == 200  # a copy works until...
    r = owner.delete("/api/session")
    assert r.status_code == 200 and r.json() == {"signed_in": False}
    assert thief.get("/api/account").status_code == 401
    assert owner.get("/api/account").status_code == 401
    # signing out again, signed out, is harmless
    assert owner.delete("/api/session").status_code == 200


def test_sign_out_everywhere_ends_every_session(make_client: AppMaker) -> None:
    a, b = make_client(), make_client()
    sign_up(a, "Zoe", "right password")
    b.post("/api/session", json={"name": "Zoe", "password": "right password"})
    r = b.delete("/api/account/sessions")
    assert r.status_code == 200 and r.json()["ended"] == 2
    assert a.get("/api/account").status_code == 401
    assert b.get("/api/account").status_code == 401
    assert count(a, sessions_t) == 0


def test_a_session_expires_when_idle_and_lives_on_when_used(browser: TestClient, clock: Clock) -> None:
    sign_up(browser, "Ida")
    clock.advance(IDLE - 10)
    assert browser.get("/api/account").status_code == 200  # used: expiry moves on
    clock.advance(IDLE - 10)
    assert browser.get("/api/account").status_code == 200
    clock.advance(IDLE + 1)
    r = browser.get("/api/account")
    assert r.status_code == 401 and r.json()["error"]["code"] == "signed_out"
    assert TOUCH_EVERY < IDLE
    # the expired session is forgotten when the account (or any) signs in next
    assert count(browser, sessions_t) == 1
    browser.post("/api/session", json={"name": "Ida", "password": "correct horse"})
    assert count(browser, sessions_t) == 1 and browser.get("/api/account").status_code == 200


def test_settings_live_on_the_server(make_client: AppMaker) -> None:
    a, b = make_client(), make_client()
    sign_up(a, "Noé", "right password")
    r = a.post("/api/account/settings", json={"lang": "uk", "theme": "chocolatier",
                                              "notifications": {"email_turn": False}})
    assert r.status_code == 200, r.text
    s = r.json()["settings"]
    assert (s["lang"], s["theme"], s["notifications"]["email_turn"]) == ("uk", "chocolatier", False)
    assert s["notifications"]["email_over"] is True  # untouched keys stay
    b.post("/api/session", json={"name": "noé", "password": "right password"})
    assert b.get("/api/account").json()["settings"] == s  # another device gets them
    bad: dict[str, Any]
    for bad in ({"lang": "de"}, {"theme": "neon"}, {"patterns": "yes"}, {"colour": 1},
                {"notifications": {"sms": True}}, {"notifications": {"desktop": 1}},
                {"notifications": []}):
        r = a.post("/api/account/settings", json=bad)
        assert r.status_code == 400 and r.json()["error"]["code"] == "malformed", bad
    assert a.get("/api/account").json()["settings"] == s


def test_email_is_kept_unverified(browser: TestClient) -> None:
    sign_up(browser, "Mia")
    r = browser.post("/api/account/email", json={"email": "mia@example.org", "password": "correct horse"})
    assert r.status_code == 200 and r.json() == {"email": "mia@example.org",
                                                 "email_verified": False}
    assert browser.post("/api/account/email", json={"email": "no at", "password": "correct horse"}).status_code == 400
    assert browser.post("/api/account/email", json={}).status_code == 400
    assert browser.get("/api/account").json()["email"] == "mia@example.org"
    assert browser.post("/api/account/email", json={"email": None, "password": "correct horse"}).json()["email"] is None


def test_a_password_change_needs_the_old_one_and_ends_the_other_sessions(make_client: AppMaker) -> None:
    a, b = make_client(), make_client()
    sign_up(a, "Ugo", "first password")
    b.post("/api/session", json={"name": "Ugo", "password": "first password"})
    r = a.post("/api/account/password", json={"old": "wrong one!", "new": "second password"})
    assert r.status_code == 401 and r.json()["error"]["code"] == "bad_credentials"
    r = a.post("/api/account/password", json={"old": "first password", "new": "short"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "weak_password"
    assert b.get("/api/account").status_code == 200  # nothing changed yet
    r = a.post("/api/account/password", json={"old": "first password", "new": "second password"})
    assert r.status_code == 200 and r.json() == {"ok": True, "ended": 1}
    assert a.get("/api/account").status_code == 200  # this session goes on
    assert b.get("/api/account").status_code == 401
    c = make_client()
    assert c.post("/api/session", json={"name": "Ugo", "password": "first password"}).status_code == 401
    assert c.post("/api/session", json={"name": "Ugo", "password": "second password"}).status_code == 200


def test_signed_out_requests_get_signed_out(browser: TestClient) -> None:
    for method, path in [("GET", "/api/account"), ("POST", "/api/account/settings"),
                         ("POST", "/api/account/password"), ("GET", "/api/account/games"),
                         ("POST", "/api/account/seats"), ("DELETE", "/api/account/sessions"),
                         ("POST", "/api/games/nope/seat-token"), ("POST", "/api/account/email")]:
        r = browser.request(method, path, json={} if method == "POST" else None)
        assert r.status_code == 401 and r.json()["error"]["code"] == "signed_out", path


def test_bad_sign_in_bodies(browser: TestClient) -> None:
    for body in ({"name": "a"}, {"name": 1, "password": "x"}, {"name": "a", "password": "b",
                                                             "remember": True}):
        r = browser.post("/api/session", json=body)
        assert r.status_code == 400 and r.json()["error"]["code"] == "malformed", body


def test_a_hash_of_older_parameters_is_renewed_at_sign_in(make_client: AppMaker) -> None:
    from argon2 import PasswordHasher

    from azulejos.web.accounts.passwords import Passwords

    a = make_client()
    sign_up(a, "Old", "right password")
    with a.app.state.store.engine.connect() as conn:  # type: ignore[attr-defined]
        from sqlalchemy import select
        before = conn.execute(select(accounts_t.c.password_hash)).scalar_one()
    stronger = make_client(passwords=Passwords(PasswordHasher(time_cost=2, memory_cost=8,
                                                               parallelism=1)))
    assert stronger.post("/api/session", json={"name": "Old", "password": "right password"}
                         ).status_code == 200
    with a.app.state.store.engine.connect() as conn:  # type: ignore[attr-defined]
        after = conn.execute(select(accounts_t.c.password_hash)).scalar_one()
    assert before.startswith("$argon2id$") and after.startswith("$argon2id$")
    assert after != before and "t=2" in after


def test_the_cookie_is_renewed_when_the_browser_asks_who_is_signed_in(browser: TestClient) -> None:
    """Sessions end after IDLE_DAYS without use; the cookie lives as long, counted again at
    each GET /api/account (the page asks at every start), so a player who comes back every
    day is never signed out."""
    sign_up(browser, "Ana")
    secret = browser.cookies.get("azulejos_session")
    r = browser.get("/api/account")
    assert r.status_code == 200
    cookie = r.headers["set-cookie"]
    assert f"azulejos_session={secret}" in cookie and "HttpOnly" in cookie
    assert re.search(r"Max-Age=(\d+)", cookie) and "SameSite=lax" in cookie
    browser.cookies.clear()
    r = browser.get("/api/account")
    assert r.status_code == 401 and "set-cookie" not in r.headers
