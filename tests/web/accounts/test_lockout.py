"""The lock-out after wrong passwords (issue 28, item 1, "lock-out that does not let a stranger
lock someone out for good"): temporary, doubling, capped, the same for unknown names; and the
rate limits on sign-up and sign-in."""

from __future__ import annotations

from starlette.testclient import TestClient

from azulejos.web.accounts.lockout import FIRST_WAIT, FREE_FAILURES, MAX_WAIT
from azulejos.web.limits import Limits, Rate

from .conftest import AppMaker, Clock, sign_up


def attempt(client: TestClient, name: str, password: str) -> tuple[int, str, int | None]:
    r = client.post("/api/session", json={"name": name, "password": password})
    err = r.json().get("error", {})
    retry = r.headers.get("retry-after")
    return r.status_code, err.get("code", "ok"), None if retry is None else int(retry)


def test_wrong_passwords_wait_doubling_and_capped_then_the_owner_gets_in(
        make_client: AppMaker, clock: Clock) -> None:
    owner, stranger = make_client(), make_client()
    sign_up(owner, "Target", "right password")
    for _ in range(FREE_FAILURES - 1):
        assert attempt(stranger, "Target", "guess") == (401, "bad_credentials", None)
    assert attempt(stranger, "target", "guess") == (401, "bad_credentials", None)
    # now the name waits, even for the right password, and tries while waiting count nothing
    assert attempt(stranger, "Target", "right password") == (429, "signin_locked", FIRST_WAIT)
    clock.advance(FIRST_WAIT - 5)
    assert attempt(stranger, "Target", "guess")[1] == "signin_locked"
    clock.advance(6)
    assert attempt(stranger, "Target", "guess")[:2] == (401, "bad_credentials")
    assert attempt(stranger, "Target", "guess") == (429, "signin_locked", 2 * FIRST_WAIT)
    waits = []
    for _ in range(12):
        clock.advance(MAX_WAIT + 1)
        attempt(stranger, "Target", "guess")
        waits.append(attempt(stranger, "Target", "guess")[2])
    assert waits[-1] == MAX_WAIT and all(w is not None and w <= MAX_WAIT for w in waits)
    # a session made before is not affected
    assert owner.get("/api/account").status_code == 200
    clock.advance(MAX_WAIT + 1)
    assert attempt(owner, "Target", "right password")[:2] == (200, "ok")
    # success clears the count
    assert attempt(stranger, "Target", "guess")[:2] == (401, "bad_credentials")


def test_an_unknown_name_locks_the_same_way(browser: TestClient) -> None:
    for _ in range(FREE_FAILURES):
        assert attempt(browser, "Ghost", "guess")[:2] == (401, "bad_credentials")
    assert attempt(browser, "Ghost", "guess") == (429, "signin_locked", FIRST_WAIT)


def test_wrong_old_passwords_count_too(browser: TestClient) -> None:
    sign_up(browser, "Pat", "right password")
    for _ in range(FREE_FAILURES):
        r = browser.post("/api/account/password", json={"old": "nope", "new": "a new password"})
        assert r.json()["error"]["code"] == "bad_credentials"
    r = browser.post("/api/account/password", json={"old": "right password",
                                                    "new": "a new password"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "signin_locked"


def test_sign_ups_and_sign_ins_are_rate_limited_per_client(make_client: AppMaker) -> None:
    c = make_client(limits=Limits(signups=Rate(1, 2), signins=Rate(1, 3)))
    sign_up(c, "First")
    sign_up(c, "Second")
    r = c.post("/api/account", json={"name": "Third", "password": "tiles and more"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    assert int(r.headers["retry-after"]) >= 1
    for _ in range(3):
        c.post("/api/session", json={"name": "First", "password": "nope"})
    r = c.post("/api/session", json={"name": "First", "password": "correct horse"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"


def test_tries_sent_at_the_same_moment_cannot_pass_the_lock_out_together(browser: TestClient) -> None:
    """Each try counts as a failure from its start: 20 wrong passwords sent at once get
    FREE_FAILURES answers of bad_credentials and the rest wait (signin_locked)."""
    import asyncio

    from azulejos.web.protocol import GameError

    sign_up(browser, "Ana")
    accounts = browser.app.state.accounts  # type: ignore[attr-defined]

    async def many() -> list[BaseException | object]:
        return await asyncio.gather(*(accounts.sign_in("Ana", f"wrong {i}") for i in range(20)),
                                    return_exceptions=True)

    got = browser.portal.call(many)  # type: ignore[union-attr]
    codes = [e.code for e in got if isinstance(e, GameError)]
    assert len(codes) == 20
    assert codes.count("bad_credentials") == FREE_FAILURES
    assert codes.count("signin_locked") == 20 - FREE_FAILURES
    # while the name waits, even the right password waits
    r = browser.post("/api/session", json={"name": "Ana", "password": "correct horse"})
    assert r.status_code == 429
