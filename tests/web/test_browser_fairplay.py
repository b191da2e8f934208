"""Moderation end to end in Debian's Chromium (issue 29, item 2; "Done when": "The operator
suspends an account, and its sessions end"): a player reports a message from the chat; the
operator (made one with ``azulejos admin operator``) finds it on /admin in its context, shown
as text, and suspends the writer from there; the writer's session ends and signing in again
says until when; the operator lifts the suspension; a player is reported from their profile
page."""

from __future__ import annotations

from pathlib import Path

import pytest

from azulejos.commands import main

from .accounts.test_browser_accounts import sign_in, sign_up
from .browser import CHROMIUM, DESKTOP, artifacts, chromium, create_and_enter, open_page
from .servers import Server
from .test_browser_chat import say

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]

RUDE = "<b>you play like a bot</b>"


def test_a_reported_message_leads_to_a_suspension_from_the_admin_page(server: Server) -> None:
    out = artifacts()
    errors: list[str] = []
    with chromium() as browser:
        ann = open_page(browser, errors, timeout=20000, viewport=DESKTOP)
        bo = open_page(browser, errors, timeout=20000, viewport=DESKTOP)
        op = open_page(browser, errors, timeout=20000, viewport=DESKTOP)
        sign_up(ann, server.base, "Ann", "ann's long password")
        sign_up(bo, server.base, "Bo", "bo's long password")
        sign_up(op, server.base, "Oper", "the operator's password")
        assert main(["admin", "operator", "Oper", "--db", str(server.db)]) == 0
        # the admin page is the operator's alone
        ann.goto(server.base + "/admin")
        ann.wait_for_selector("#admin-error")
        ann.goto(server.base + "/")
        link = create_and_enter(ann, {})
        bo.goto(link)
        bo.wait_for_selector("#chat-input")
        ann.wait_for_selector("#chat-input")
        say(bo, RUDE)
        ann.wait_for_selector("#chat-list .chat-report")
        ann.on("dialog", lambda d: d.accept("one person, two accounts")
               if d.type == "prompt" else d.accept())
        ann.click("#chat-list .chat-report")
        ann.wait_for_selector("#toast:has-text('reported to the operator')")
        # the operator's list: the message in its chat, as text; suspend Bo from there
        op.goto(server.base + "/admin")
        op.wait_for_selector("#admin-reports .admin-report")
        assert op.inner_text(".admin-report .chat-message.reported .chat-text") == RUDE
        assert op.evaluate("() => document.querySelector('#admin-reports b') === null")
        assert "Ann" in op.inner_text(".admin-report .admin-meta")
        op.fill(".admin-report .admin-reason", "insults in the chat")
        op.fill(".admin-report .admin-hours", "24")
        op.click(".admin-report .admin-suspend button[type=submit]")
        op.wait_for_selector(".admin-suspensions li:has-text('Bo')")
        op.screenshot(path=str(out / "admin-suspended.png"), full_page=True)
        # Bo's session has ended; signing in again says until when
        bo.goto(server.base + "/")
        bo.wait_for_selector("#account-sign-in")
        bo.fill("#account-name", "Bo")
        bo.fill("#account-password", "bo's long password")
        bo.click("#account-sign-in")
        bo.wait_for_selector("#toast:has-text('suspended until')")
        # lifted: Bo signs in again
        op.click(".admin-suspensions .admin-lift")
        op.wait_for_selector("#toast:has-text('may play again')")
        sign_in(bo, server.base, "Bo", "bo's long password")
        # Ann reports Bo from his profile page; the operator finds it
        me = bo.evaluate("async () => (await (await fetch('/api/account')).json())")
        ann.goto(f"{server.base}/profile/{me['profile']['id']}")
        ann.click("#profile-report")
        ann.wait_for_selector("#toast:has-text('reported to the operator')")
        op.goto(server.base + "/admin")
        op.wait_for_selector(".admin-report:has-text('one person, two accounts')")
        assert "Bo" in op.inner_text(".admin-report .admin-reported")
    assert errors == []
