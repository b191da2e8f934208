"""Every answer of the lobby, quick-match and rematch routes, and their refusals, as the OpenAPI
document declares them (tests/web/test_openapi_answers.py's closed check); a rated game from the
lobby moves the profiles' ratings, answered as documented."""

from __future__ import annotations

from typing import Any

from azulejos.web.openapi import openapi_schema

from ..players import hold
from ..test_openapi_answers import Api, play_to_end
from .helpers import signed_up


def test_lobby_answers_as_documented(make_client: Any) -> None:
    doc = openapi_schema()
    anon = Api(make_client(), doc)
    ana_c, bo_c = signed_up(make_client, "Ana"), signed_up(make_client, "Bo")
    ana, bo = Api(ana_c, doc), Api(bo_c, doc)
    anon("get", "/api/lobby", 200)
    anon("post", "/api/lobby", 401, json={})
    ana("post", "/api/lobby", 400, json={"players": 9})
    opened = ana("post", "/api/lobby", 201, json={"players": 2, "clock": "move:1h"})
    lid = opened["id"]
    anon("get", f"/api/lobby/{lid}", 200)
    anon("get", "/api/lobby/nope", 404)
    ana("post", f"/api/lobby/{lid}/join", 409, json={})
    bo("post", f"/api/lobby/{lid}/leave", 409, json={})
    bo("post", "/api/lobby/nope/join", 404, json={})
    joined = bo("post", f"/api/lobby/{lid}/join", 200, json={})
    listed = anon("get", "/api/lobby", 200)
    assert listed["live"] and not listed["open"]
    mine = ana("get", f"/api/lobby/{lid}", 200)["you"]
    gid = joined["game"]
    tokens = {mine["seat"]: hold(ana_c, mine["token"]),
              joined["you"]["seat"]: hold(bo_c, joined["you"]["token"])}
    ana("post", f"/api/games/{gid}/rematch", 409, token=tokens[0], json={})
    ana("get", f"/api/games/{gid}/rematch", 200, token=tokens[0])
    ana("get", f"/api/games/{gid}/rematch", 401)
    play_to_end(ana, gid, tokens, seed=3)
    ana("delete", f"/api/games/{gid}/rematch", 409, token=tokens[0])
    ana("post", f"/api/games/{gid}/rematch", 200, token=tokens[0], json={})
    ana("post", f"/api/games/{gid}/rematch", 403,
        token=listed["live"][0]["spectator_token"], json={})
    bo("delete", f"/api/games/{gid}/rematch", 200, token=tokens[1])
    ana("post", f"/api/games/{gid}/rematch", 200, token=tokens[0], json={})
    started = bo("post", f"/api/games/{gid}/rematch", 200, token=tokens[1], json={})
    assert started["status"] == "started" and started["token"]
    first = anon.client  # the server's own client (its portal runs the app's loop)
    first.portal.call(first.app.state.service.profiles.settle)  # type: ignore[union-attr,attr-defined]
    pid = ana("get", "/api/account", 200)["profile"]["id"]
    assert anon("get", f"/api/profiles/{pid}", 200)["rating"]["games"] == 1
    # quick match
    anon("post", "/api/quick-match", 401, json={})
    ana("post", "/api/quick-match", 400, json={"players": "two"})
    a = ana("post", "/api/quick-match", 201, json={"players": 3})
    ana("get", f"/api/quick-match/{a['ticket']}", 200)
    bo("get", f"/api/quick-match/{a['ticket']}", 404)
    ana("delete", f"/api/quick-match/{a['ticket']}", 200)
    ana("delete", f"/api/quick-match/{a['ticket']}", 409)
    q = ana("post", "/api/quick-match", 201, json={"players": 2})
    b = bo("post", "/api/quick-match", 201, json={"players": 2})
    assert b["status"] == "matched" and b["token"]
    assert ana("get", f"/api/quick-match/{q['ticket']}", 200)["game"] == b["game"]
    ana("delete", f"/api/quick-match/{q['ticket']}", 409)
