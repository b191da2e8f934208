"""Accounts end to end in Debian's Chromium (issue 28, "Done when": "A Chromium test signs up
two accounts in two browser contexts, and invites one from the other. They play a turn-based
game. One player switches device mid-game (a new context, signed in) and plays on.")"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..browser import (
    CHROMIUM,
    DESKTOP,
    PHONE,
    artifacts,
    chromium,
    create_and_enter,
    open_page,
    pick_random_move,
)
from ..servers import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]


def sign_up(page: Any, base: str, name: str, password: str) -> None:
    page.goto(base + "/")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click("#account-sign-up")
    page.wait_for_selector("#account-as")
    assert name in page.inner_text("#account-as")
    assert page.locator("#profile-card").count() == 0  # the account's profile replaces it


def sign_in(page: Any, base: str, name: str, password: str) -> None:
    page.goto(base + "/")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click("#account-sign-in")
    page.wait_for_selector("#account-as")


def until(page: Any, script: str) -> bool:
    """True once the page's async ``script`` answers true (each try a round trip to the
    page and the server; no sleeping)."""
    return any(page.evaluate(script) for _ in range(500))


def play_turns(pages: dict[int, Any], rng: random.Random, turns: int) -> None:
    """``turns`` moves chosen and confirmed in the page of the seat to move."""
    for _ in range(turns):
        some = next(iter(pages.values()))
        version = int(some.get_attribute(".game", "data-version") or 0)
        mover = None
        for seat, page in pages.items():
            page.wait_for_selector(f".game[data-version='{version}']")
            if page.locator("#status.mine").count():
                mover = seat
        assert mover is not None, "somebody must be to move"
        page = pages[mover]
        pick_random_move(page, rng)
        page.wait_for_selector("#preview")
        page.click("#confirm")
        for p in pages.values():
            p.wait_for_function(
                f"() => Number(document.querySelector('.game')?.dataset.version) > {version}")


def test_two_accounts_play_and_one_switches_device_mid_game(server: Server) -> None:
    out = artifacts()
    errors: list[str] = []
    rng = random.Random(28)
    with chromium() as browser:
        ann = open_page(browser, errors, timeout=20000, viewport=DESKTOP)
        bo = open_page(browser, errors, timeout=20000, **PHONE)
        sign_up(ann, server.base, "Ann", "ann's long password")
        sign_up(bo, server.base, "Bo", "bo's long password")
        # the session cookie is HttpOnly: the page's scripts cannot read it
        assert "azulejos_session" not in ann.evaluate("() => document.cookie")
        cookie = next(c for c in ann.context.cookies() if c["name"] == "azulejos_session")
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and cookie["path"] == "/"

        # Ann creates a game and invites Bo; each claims as their account
        ann.goto(server.base + "/")
        bo_link = create_and_enter(ann, {})
        bo.goto(bo_link)
        bo.wait_for_selector(".game .factory")
        ids = {}
        for page in (ann, bo):
            me = page.evaluate("async () => (await (await fetch('/api/account')).json())")
            ids[me["name"]] = me["profile"]["id"]
        games = ann.evaluate("() => JSON.parse(localStorage.getItem('azulejos.games'))")
        gid, ta = next((g["game"], g["token"]) for g in games if g["role"] == "seat")
        v = httpx.get(f"{server.base}/api/games/{gid}",
                      headers={"Authorization": f"Bearer {ta}"}).json()
        assert [s["profile"] for s in v["seats"]] == [ids["Ann"], ids["Bo"]]
        assert [s["name"] for s in v["seats"]] == ["Ann", "Bo"]

        play_turns({0: ann, 1: bo}, rng, 4)

        # Ann moves to a new device: signs in there, opens the game from My games, plays on
        laptop = open_page(browser, errors, timeout=20000, viewport=DESKTOP)
        sign_in(laptop, server.base, "ann", "ann's long password")
        laptop.wait_for_selector(f"#my-games li.elsewhere[data-game='{gid}']")
        laptop.screenshot(path=str(out / "account-my-games-new-device.png"), full_page=True)
        laptop.click(f"#my-games li[data-game='{gid}'] a.account-game")
        laptop.wait_for_selector(".game .factory")
        kept = laptop.evaluate("() => JSON.parse(localStorage.getItem('azulejos.games'))")
        fresh = next(g["token"] for g in kept if g["game"] == gid)
        assert fresh != ta  # a token of its own; the old device's still works
        assert httpx.get(f"{server.base}/api/games/{gid}",
                         headers={"Authorization": f"Bearer {ta}"}).status_code == 200
        play_turns({0: laptop, 1: bo}, rng, 4)
        laptop.screenshot(path=str(out / "account-played-on.png"), full_page=True)

        # a new password on the laptop: the other sessions end and the further seat tokens
        # are revoked, this one's too; My games offers the game again, with a new token
        laptop.goto(server.base + "/")
        laptop.click(".account-password summary")
        laptop.fill("#account-old-password", "ann's long password")
        laptop.fill("#account-new-password", "ann's newer password")
        laptop.click("#account-password-change")
        laptop.wait_for_selector("#toast:has-text('other devices have been signed out')")
        assert httpx.get(f"{server.base}/api/games/{gid}",
                         headers={"Authorization": f"Bearer {fresh}"}).status_code == 403
        laptop.reload()
        laptop.click(f"#my-games li.elsewhere[data-game='{gid}'] a.account-game")
        laptop.wait_for_selector(".game .factory")
        play_turns({0: laptop, 1: bo}, rng, 2)
        ann.goto(server.base + "/")
        ann.wait_for_selector("#account-sign-in")  # the first device was signed out

        # the settings follow the account: French on the laptop, French on a new sign-in
        laptop.goto(server.base + "/")
        laptop.select_option("#set-lang", "fr")
        laptop.wait_for_selector("#account-as:has-text('Session ouverte')")
        assert until(laptop, "async () => (await (await fetch('/api/account')).json())"
                             ".settings.lang === 'fr'")  # kept on the server
        phone = open_page(browser, errors, timeout=20000, **PHONE)
        sign_in(phone, server.base, "Ann", "ann's newer password")
        phone.wait_for_selector("html[lang='fr']")
        assert "Votre compte" in phone.inner_text("#account-card")
    assert not errors, errors


def plant_link(db: Path, name: str, purpose: str, secret: str) -> None:
    """Put a link of ``purpose`` for the account ``name`` in the server's database, as the
    e-mail would have carried it (the server here sends no e-mail), its address verified."""
    import hashlib
    import sqlite3
    import time

    with sqlite3.connect(db) as conn:
        account_id, email = conn.execute(
            "SELECT account_id, email FROM azulejos_accounts WHERE name = ?", (name,)).fetchone()
        conn.execute("UPDATE azulejos_accounts SET email_verified = ? WHERE account_id = ?",
                     (time.time(), account_id))
        conn.execute("INSERT INTO azulejos_account_links VALUES (?, ?, ?, ?, ?, ?, NULL)",
                     (hashlib.sha256(secret.encode()).hexdigest(), account_id, purpose, email,
                      time.time(), time.time() + 600))


def test_the_pages_of_emailed_links_verify_and_reset_once(server: Server) -> None:
    errors: list[str] = []
    with chromium() as browser:
        gil = open_page(browser, errors, timeout=20000, viewport=DESKTOP)
        sign_up(gil, server.base, "Gil", "gil's long password")
        gil.fill("#account-email", "gil@example.org")
        gil.fill("#account-email-password", "gil's long password")
        gil.click(".account-email button[type='submit']")
        gil.wait_for_selector("#account-email-state")
        assert gil.locator("#account-verify").count() == 1  # not verified yet
        plant_link(server.db, "Gil", "verify", "verify-secret-123")
        gil.goto(server.base + "/account/verify#verify-secret-123")
        gil.wait_for_selector("#account-link-done")
        assert "#" not in gil.url  # the secret leaves the address bar
        gil.goto(server.base + "/account/verify#verify-secret-123")
        gil.wait_for_selector("#account-link-error")  # used once already

        # a reset link opened in another browser: a weak password keeps the link, then it works
        plant_link(server.db, "Gil", "reset", "reset-secret-456")
        other = open_page(browser, errors, timeout=20000, **PHONE)
        other.goto(server.base + "/account/reset#reset-secret-456")
        other.fill("#reset-password", "short")
        other.click("#reset-submit")
        other.wait_for_selector("#account-link-status.error")
        other.fill("#reset-password", "gil's new password")
        other.click("#reset-submit")
        other.wait_for_selector("#account-as")
        assert "Gil" in other.inner_text("#account-as")
        gil.goto(server.base + "/")
        gil.wait_for_selector("#account-sign-in")  # the first browser was signed out
        other.goto(server.base + "/account/reset#reset-secret-456")
        other.fill("#reset-password", "yet another password")
        other.click("#reset-submit")
        other.wait_for_selector("#account-link-status.error")
    assert not errors, errors
