"""Every answer of the ladder routes, and their refusals, as the OpenAPI document declares them
(tests/web/test_openapi_answers.py's closed check), through a challenge played to its end."""

from __future__ import annotations

from typing import Any

from azulejos.web.openapi import openapi_schema

from ..lobby.helpers import signed_up
from ..test_openapi_answers import Api, play_to_end
from .test_ladder_api import POOL, settle


def test_ladder_answers_as_documented(make_client: Any) -> None:
    doc = openapi_schema()
    anon = Api(make_client(), doc)
    ana, bo = (Api(signed_up(make_client, n), doc) for n in ("Ana", "Bo"))
    anon("get", POOL, 200)
    anon("get", "/api/ladder/4-grey", 404)
    anon("post", f"{POOL}/join", 401, json={})
    ana("post", f"{POOL}/join", 200, json={})
    ana("post", f"{POOL}/join", 409, json={})
    bo("post", f"{POOL}/leave", 409, json={})
    bo("post", f"{POOL}/join", 200, json={})
    ana_pid = ana("get", "/api/account", 200)["profile"]["id"]
    bo_pid = bo("get", "/api/account", 200)["profile"]["id"]
    bo("post", f"{POOL}/challenge", 400, json={"profile": bo_pid})
    ana("post", f"{POOL}/challenge", 409, json={"profile": bo_pid})  # downwards
    made = bo("post", f"{POOL}/challenge", 201, json={"profile": ana_pid})
    cid = made["id"]
    anon("get", f"{POOL}/challenges/{cid}", 200)
    anon("get", f"{POOL}/challenges/nope", 404)
    bo("post", f"{POOL}/challenges/{cid}/accept", 403, json={})
    took = ana("post", f"{POOL}/challenges/{cid}/accept", 200, json={})
    ana("post", f"{POOL}/challenges/{cid}/decline", 409, json={})
    mine = bo("get", f"{POOL}/challenges/{cid}", 200)
    listed = bo("get", POOL, 200)
    assert listed["challenges"][0]["status"] == "playing"
    bo("post", f"{POOL}/leave", 409, json={})
    tokens = {0: mine["you"]["token"], 1: took["you"]["token"]}
    play_to_end(ana, took["game"], tokens, seed=5)
    settle(anon.client)
    done = anon("get", f"{POOL}/challenges/{cid}", 200)
    assert done["status"] == "settled" and done["outcome"] in ("challenger", "challenged",
                                                               "none")
    anon("get", POOL, 200)
    again = ana("post", f"{POOL}/challenge", 201 if done["outcome"] == "challenger" else 409,
                json={"profile": bo_pid})
    assert again is not None
    bo("post", f"{POOL}/leave", 200, json={})
