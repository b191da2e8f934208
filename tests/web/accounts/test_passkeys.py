"""Passkeys as a second way to sign in (issue 28, item 1: "Passkeys (WebAuthn through a
well-kept library) as a second way to sign in ...; Chromium's virtual authenticator can test
it"; docs/api.md, "Passkeys"): bad input over HTTP, and the whole ceremony in Chromium with
a virtual authenticator (CDP ``WebAuthn.addVirtualAuthenticator``)."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from ..browser import CHROMIUM, DESKTOP, chromium, open_page
from ..servers import Server
from .conftest import sign_up


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def fake(challenge: str = "AAAA", origin: str = "http://testserver") -> dict[str, Any]:
    """A credential answer with a client data that names ``challenge``, and nothing else valid."""
    client = {"type": "webauthn.create", "challenge": challenge, "origin": origin}
    return {"id": "abc", "rawId": "abc", "type": "public-key",
            "response": {"clientDataJSON": b64(json.dumps(client).encode()),
                         "attestationObject": "AAAA", "authenticatorData": "AAAA",
                         "signature": "AAAA"}}


def test_bad_input_is_refused_and_changes_nothing(browser: TestClient) -> None:
    assert browser.post("/api/account/passkeys/options", json={}).status_code == 401
    assert browser.post("/api/account/passkeys", json={"credential": fake()}).status_code == 401
    assert browser.get("/api/account/passkeys").status_code == 401
    sign_up(browser, "Ana")
    got = browser.post("/api/account/passkeys/options", json={}).json()["options"]
    assert got["rp"]["id"] == "testserver" and got["user"]["name"] == "Ana"
    assert got["authenticatorSelection"]["residentKey"] == "required"
    for body, code in (({}, "malformed"), ({"credential": "x"}, "malformed"),
                       ({"credential": {"id": 5}}, "malformed"),
                       ({"credential": fake(), "more": 1}, "malformed"),
                       ({"credential": {"id": "abc", "response": {}}}, "bad_passkey"),
                       ({"credential": fake()}, "bad_passkey"),  # a challenge never given
                       ({"credential": fake(got["challenge"])}, "bad_passkey")):  # no key in it
        r = browser.post("/api/account/passkeys", json=body)
        assert r.status_code == 400 and r.json()["error"]["code"] == code, (body, r.text)
    # the challenge was used by the failed answer: it works no more
    r = browser.post("/api/account/passkeys", json={"credential": fake(got["challenge"])})
    assert r.json()["error"]["code"] == "bad_passkey"
    assert browser.get("/api/account/passkeys").json() == {"passkeys": []}
    # signing in: a challenge of another purpose, or none, opens nothing
    other = TestClient(browser.app)
    reg = browser.post("/api/account/passkeys/options", json={}).json()["options"]
    r = other.post("/api/session/passkey", json={"credential": fake(reg["challenge"])})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_passkey"
    opts = other.post("/api/session/passkey/options", json={}).json()["options"]
    assert opts["rpId"] == "testserver" and "allowCredentials" not in opts or \
        opts["allowCredentials"] == []
    r = other.post("/api/session/passkey", json={"credential": fake(opts["challenge"])})
    assert r.status_code == 401 and r.json()["error"]["code"] == "bad_credentials"  # unknown
    assert other.get("/api/account").status_code == 401
    assert browser.delete("/api/account/passkeys/nope").status_code == 404


@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's Chromium")
def test_a_passkey_is_added_and_signs_in_with_chromiums_virtual_authenticator(
        server: Server) -> None:
    base = f"http://localhost:{server.port}"  # a relying party is a name, never an address
    errors: list[str] = []
    with chromium() as b:
        page = open_page(b, errors, timeout=20000, viewport=DESKTOP)
        cdp = page.context.new_cdp_session(page)
        cdp.send("WebAuthn.enable")
        authenticator = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
            "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
            "hasUserVerification": True, "isUserVerified": True,
            "automaticPresenceSimulation": True}})["authenticatorId"]
        page.goto(base + "/")
        page.fill("#account-name", "Pia")
        page.fill("#account-password", "pia's long password")
        page.click("#account-sign-up")
        page.wait_for_selector("#account-as")
        page.wait_for_selector("#passkey-count:has-text('0 passkeys')")
        page.click("#passkey-add")
        page.wait_for_selector("#passkey-count:has-text('1 passkey')")
        held = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
        assert len(held["credentials"]) == 1 and held["credentials"][0]["isResidentCredential"]
        page.click("#account-sign-out")
        page.wait_for_selector("#account-passkey-sign-in")
        page.click("#account-passkey-sign-in")
        page.wait_for_selector("#account-as")
        assert "Pia" in page.inner_text("#account-as")
        # an answer is good once: sent again (its challenge used), it opens nothing
        answer = page.evaluate("""async () => {
            const r = await fetch('/api/session/passkey/options', {method: 'POST',
              headers: {'Content-Type': 'application/json'}, body: '{}'});
            const {options} = await r.json();
            const got = await navigator.credentials.get({
              publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options)});
            return got.toJSON();
        }""")
        first = httpx.post(base + "/api/session/passkey", json={"credential": answer},
                           headers={"Origin": base})
        again = httpx.post(base + "/api/session/passkey", json={"credential": answer},
                           headers={"Origin": base})
        assert first.status_code == 200 and first.json()["name"] == "Pia", first.text
        assert again.status_code == 400 and again.json()["error"]["code"] == "bad_passkey"
    assert not errors, errors
