"""Signed-in players of one server for the rating and fair-play tests: each a browser of its
own (its own cookies and its own client address), with an account."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from starlette.testclient import TestClient

#: The browser each seat token was handed to: a player plays its seat from its own browser
#: (fair play counts two seats played from one client, moves over HTTP included, as one
#: person: docs/api.md, "Fair play"). The play helpers post each move from its token's holder.
_HOLDERS: dict[str, TestClient] = {}


def hold(client: TestClient, token: str) -> str:
    """``token`` was handed to ``client``'s browser; the token."""
    _HOLDERS[token] = client
    return token


def holder(token: str, fallback: TestClient) -> TestClient:
    """The browser holding ``token`` (``fallback`` for a token no helper handed out)."""
    return _HOLDERS.get(token, fallback)


@dataclass
class Player:
    client: TestClient  # its browser: the session cookie, its address
    account: dict[str, Any]

    @property
    def profile(self) -> str:
        pid: str = self.account["profile"]["id"]
        return pid


def sign_up_at(main: TestClient, name: str, address: str,
               password: str = "correct horse") -> Player:
    """A browser at ``address`` of the server ``main`` runs, signed up as ``name``."""
    c = TestClient(main.app, client=(address, 50000))
    if getattr(main, "portal", None) is not None:
        # on the server's own event loop, as every request of a real server is (the
        # background work a move starts, such as writing a game's end, lives on)
        c.portal = main.portal
    r = c.post("/api/account", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return Player(c, r.json())


def open_rated(creator: Player, *others: Player, **body: Any) -> str:
    """A rated public game (docs/api.md, "Lobby") that ``creator`` opens and ``others`` join,
    each from their own browser, in that order; its lobby id (the game is made at the last
    join)."""
    r = creator.client.post("/api/lobby",
                            json={"players": 1 + len(others), "rated": True, **body})
    assert r.status_code == 201, r.text
    lobby: str = r.json()["id"]
    for who in others:
        got = who.client.post(f"/api/lobby/{lobby}/join", json={})
        assert got.status_code == 200, got.text
    return lobby


def rated_game(creator: Player, *others: Player, **body: Any) -> tuple[str, dict[int, str]]:
    """A rated game as people get one: a public game of the lobby opened by ``creator`` and
    joined by ``others``, each from their own browser (:func:`open_rated`); the game and each
    seat's token, which every player asks the lobby for."""
    lobby = open_rated(creator, *others, **body)
    tokens: dict[int, str] = {}
    game = ""
    for who in (creator, *others):
        got = who.client.get(f"/api/lobby/{lobby}").json()
        assert got["status"] == "started", got
        game = got["game"]
        tokens[got["you"]["seat"]] = hold(who.client, got["you"]["token"])
    return game, tokens


def account_of(svc: Any, name: str) -> Any:
    """An account named ``name`` made straight in the store of the game service ``svc`` (its
    profile, to pass as ``account=``), for tests that drive the service without HTTP."""
    import json
    import secrets

    from azulejos.web.accounts.service import name_key
    from azulejos.web.accounts.store import Account, SqlAccounts
    from azulejos.web.profile_store import Profile

    account = Account(secrets.token_urlsafe(8), name, "x", secrets.token_urlsafe(8), None, None,
                      json.dumps({}), 1_800_000_000.0)
    assert SqlAccounts(svc.store.engine).create(account, name_key(name), secrets.token_hex(32))
    return Profile(account.profile_id, name, account.created)
