"""E-mail address verification and password reset by link (issue 28, item 1: "an optional
e-mail address, verified by a link, used ... for password reset"; "Every item has tests,
including bad input: ... a reused reset link"). The sender is a recording double of the
``app.state.mailer`` protocol (accounts/mailer.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.testclient import TestClient

from azulejos.web.accounts.links import RESET_MINUTES, VERIFY_HOURS
from azulejos.web.accounts.lockout import FREE_FAILURES

from .conftest import AppMaker, Clock, sign_up


class Recorder:
    """A mailer that keeps what it was asked to send."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.sent: list[tuple[str, str, str, dict[str, str]]] = []

    def send(self, to: str, template: str, lang: str, params: Mapping[str, str]) -> None:
        self.sent.append((to, template, lang, dict(params)))

    def code(self, path: str) -> str:
        link = self.sent[-1][3]["link"]
        assert link.startswith(f"http://testserver/account/{path}#"), link
        return link.partition("#")[2]


def mailer(client: TestClient, enabled: bool = True) -> Recorder:
    rec = Recorder(enabled)
    client.app.state.mailer = rec  # type: ignore[attr-defined]
    return rec


def with_email(client: TestClient, name: str, email: str) -> dict[str, Any]:
    me = sign_up(client, name, "right password")
    assert client.post("/api/account/email", json={"email": email, "password": "right password"}).status_code == 200
    return me


def test_without_email_the_link_endpoints_say_so(browser: TestClient) -> None:
    with_email(browser, "Ana", "ana@example.org")
    for rec in (None, False):
        if rec is False:
            mailer(browser, enabled=False)
        r = browser.post("/api/account/email/verify", json={})
        assert r.status_code == 503 and r.json()["error"]["code"] == "no_email"
        r = browser.post("/api/account/reset", json={"name": "Ana"})
        assert r.status_code == 503 and r.json()["error"]["code"] == "no_email"


def test_an_address_is_verified_by_its_link_once(browser: TestClient, clock: Clock) -> None:
    rec = mailer(browser)
    sign_up(browser, "Bea", "right password")
    r = browser.post("/api/account/email/verify", json={})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_email"  # no address yet
    browser.post("/api/account/email", json={"email": "bea@example.org", "password": "right password"})
    browser.post("/api/account/settings", json={"lang": "uk"})
    r = browser.post("/api/account/email/verify", json={})
    assert r.status_code == 202 and r.json() == {"sent": True, "email_verified": False}
    to, template, lang, params = rec.sent[0]
    assert (to, template, lang, params["name"]) == ("bea@example.org", "verify_email", "uk", "Bea")
    code = rec.code("verify")
    other = TestClient(browser.app)  # opened on any device, signed in or not
    r = other.post("/api/account/email/confirm", json={"code": code})
    assert r.status_code == 200 and r.json() == {"email": "bea@example.org", "email_verified": True}
    assert browser.get("/api/account").json()["email_verified"] is True
    again = other.post("/api/account/email/confirm", json={"code": code})
    assert again.status_code == 410 and again.json()["error"]["code"] == "link_used"
    for bad in ("nothing", "", 5, "x" * 200):
        r = other.post("/api/account/email/confirm", json={"code": bad})
        assert r.status_code == 404 and r.json()["error"]["code"] == "bad_link", bad
    # a new address is unverified; a link that comes too late is refused
    browser.post("/api/account/email", json={"email": "bea@example.com", "password": "right password"})
    assert browser.get("/api/account").json()["email_verified"] is False
    clock.advance(61)
    browser.post("/api/account/email/verify", json={})
    late = rec.code("verify")
    clock.advance(VERIFY_HOURS * 3600 + 1)
    r = other.post("/api/account/email/confirm", json={"code": late})
    assert r.status_code == 410 and r.json()["error"]["code"] == "link_expired"
    assert browser.get("/api/account").json()["email_verified"] is False


def test_a_link_to_an_address_changed_since_verifies_nothing(browser: TestClient) -> None:
    rec = mailer(browser)
    with_email(browser, "Cy", "cy@example.org")
    browser.post("/api/account/email/verify", json={})
    browser.post("/api/account/email", json={"email": "cy@example.net", "password": "right password"})
    r = browser.post("/api/account/email/confirm", json={"code": rec.code("verify")})
    assert r.status_code == 404 and r.json()["error"]["code"] == "bad_link"
    assert browser.get("/api/account").json()["email_verified"] is False


def verified(client: TestClient, rec: Recorder, name: str, email: str) -> None:
    with_email(client, name, email)
    client.post("/api/account/email/verify", json={})
    assert client.post("/api/account/email/confirm", json={"code": rec.code("verify")}
                       ).status_code == 200


def test_a_password_is_reset_by_its_link_once(make_client: AppMaker, clock: Clock) -> None:
    owner = make_client()
    rec = mailer(owner)
    verified(owner, rec, "Dee", "dee@example.org")
    stranger = make_client()
    for _ in range(FREE_FAILURES):  # the name is locked out...
        stranger.post("/api/session", json={"name": "Dee", "password": "guess"})
    r = stranger.post("/api/account/reset", json={"name": "dee"})
    assert r.status_code == 202 and r.json() == {"sent": True}
    assert rec.sent[-1][:2] == ("dee@example.org", "reset_password")
    code = rec.code("reset")
    phone = make_client()
    weak = phone.post("/api/account/reset/confirm", json={"code": code, "password": "short"})
    assert weak.status_code == 400 and weak.json()["error"]["code"] == "weak_password"
    r = phone.post("/api/account/reset/confirm", json={"code": code, "password": "a new password"})
    assert r.status_code == 200, r.text
    assert r.json()["name"] == "Dee" and phone.get("/api/account").status_code == 200
    assert owner.get("/api/account").status_code == 401  # every other session ended
    reused = phone.post("/api/account/reset/confirm", json={"code": code,
                                                            "password": "another password"})
    assert reused.status_code == 410 and reused.json()["error"]["code"] == "link_used"
    # ...and the reset cleared it: the new password signs in, the old one does not
    assert stranger.post("/api/session", json={"name": "Dee", "password": "right password"}
                         ).status_code == 401
    assert stranger.post("/api/session", json={"name": "Dee", "password": "a new password"}
                         ).status_code == 200
    # a link used too late
    clock.advance(61)
    stranger.post("/api/account/reset", json={"name": "Dee"})
    late = rec.code("reset")
    clock.advance(RESET_MINUTES * 60 + 1)
    r = phone.post("/api/account/reset/confirm", json={"code": late, "password": "third password"})
    assert r.status_code == 410 and r.json()["error"]["code"] == "link_expired"
    r = phone.post("/api/account/reset/confirm", json={"code": "forged", "password": "x" * 20})
    assert r.status_code == 404 and r.json()["error"]["code"] == "bad_link"


def test_a_reset_answers_the_same_for_every_name_and_sends_one_a_minute(
        make_client: AppMaker, clock: Clock) -> None:
    owner = make_client()
    rec = mailer(owner)
    verified(owner, rec, "Eli", "eli@example.org")
    with_email(make_client(), "Fay", "fay@example.org")  # an address not verified
    sent = len(rec.sent)
    answers = [owner.post("/api/account/reset", json={"name": n}).json()
               for n in ("Nobody", "Fay", "Eli", "ELI")]
    assert answers == [{"sent": True}] * 4
    assert len(rec.sent) == sent + 1  # Eli's only, and once within the minute
    clock.advance(61)
    owner.post("/api/account/reset", json={"name": "Eli"})
    assert len(rec.sent) == sent + 2
    for bad in ({"name": 3}, {"user": "Eli"}):
        assert owner.post("/api/account/reset", json=bad).status_code == 400


def test_changing_the_address_needs_the_password_and_ends_the_pending_links(
        browser: TestClient, clock: Clock) -> None:
    """Review point: a stolen session cannot move the account's mail elsewhere without the
    password, and links mailed before the change open nothing after it."""
    rec = mailer(browser)
    with_email(browser, "Dan", "dan@example.org")
    browser.post("/api/account/email/verify", json={})
    other = TestClient(browser.app)
    assert other.post("/api/account/email/confirm",
                      json={"code": rec.code("verify")}).status_code == 200
    clock.advance(61)
    other.post("/api/account/reset", json={"name": "Dan"})  # to the verified address
    reset = rec.code("reset")
    for body, status, error in (({"email": "thief@example.net"}, 400, "malformed"),
                                ({"email": "thief@example.net", "password": "wrong one"},
                                 401, "bad_credentials"),
                                ({"email": "thief@example.net", "password": 5}, 400,
                                 "malformed")):
        r = browser.post("/api/account/email", json=body)
        assert r.status_code == status and r.json()["error"]["code"] == error, body
    me = browser.get("/api/account").json()
    assert me["email"] == "dan@example.org" and me["email_verified"] is True  # unchanged
    r = browser.post("/api/account/email",
                     json={"email": "dan@example.net", "password": "right password"})
    assert r.status_code == 200 and r.json() == {"email": "dan@example.net",
                                                 "email_verified": False}
    r = other.post("/api/account/reset/confirm", json={"code": reset, "password": "new secret"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "bad_link"
    clock.advance(61)
    browser.post("/api/account/email/verify", json={})
    pending = rec.code("verify")
    r = browser.post("/api/account/email", json={"email": None, "password": "right password"})
    assert r.status_code == 200
    r = other.post("/api/account/email/confirm", json={"code": pending})
    assert r.status_code == 404 and r.json()["error"]["code"] == "bad_link"
