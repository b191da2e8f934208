"""The OpenAPI document (docs/openapi.json, azulejos.web.openapi) checked against real answers.

Every JSON answer of the app, driven through its main paths (lobby, views, moves, seats, errors,
profiles, records and replays), is validated against its operation's response schema, with every
object schema that lists its properties closed (``additionalProperties: false``): a key the
document does not declare fails. The few free-form objects are named in :data:`OPEN`.
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from starlette.routing import Route
from starlette.testclient import TestClient

from azulejos.web.app import create_app
from azulejos.web.limits import Limits
from azulejos.web.openapi import openapi_schema

from .conftest import SF_SEED
from .helpers import auth
from .players import holder

#: Object schemas that declare no properties on purpose (documented elsewhere), by where
#: they are in the document. Any other object schema without ``properties`` fails
#: :func:`test_every_object_schema_lists_its_keys_or_is_named_open`.
OPEN = {
    # /api/meta: server facts (docs/api.md); the record: docs/notation.md; the spec itself
    "/paths/~1api~1meta/get/responses/200/content/application~1json/schema",
    "/paths/~1api~1games~1{game_id}~1record/get/responses/200/content/application~1json/schema",
    "/paths/~1api~1replay/post/requestBody/content/application~1json/schema",
    "/paths/~1api~1openapi.json/get/responses/200/content/application~1json/schema",
    # rulesets as in a record (docs/notation.md), move previews, log entries and results
    # (docs/api.md), replay seats, tilings, tables and fills
    "/components/schemas/View/properties/ruleset",
    "/components/schemas/View/properties/log/items",
    "/components/schemas/View/properties/result",
    "/components/schemas/View/properties/seats/items/properties/left",
    "/components/schemas/LegalMove/properties/preview",
    "/components/schemas/Summary/properties/ruleset",
    "/components/schemas/Replay/properties/ruleset",
    "/components/schemas/Replay/properties/seats/items",
    "/components/schemas/Replay/properties/result",
    "/components/schemas/Replay/properties/review",
    "/components/schemas/Replay/properties/frames/items/properties/fill",
    "/components/schemas/Replay/properties/frames/items/properties/tiling/items",
    "/components/schemas/Replay/properties/frames/items/properties/review",
    "/components/schemas/Replay/properties/frames/items/properties/table",
    "/components/schemas/Reviewed/properties/record",
    *(f"/components/schemas/Reviewed/properties/{p}" for p in (
        "ruleset", "seats/items", "result", "review", "frames/items/properties/fill",
        "frames/items/properties/tiling/items", "frames/items/properties/review",
        "frames/items/properties/table")),
}


def _pointer(parts: list[str]) -> str:
    return "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)


def _is_object(schema: dict[str, Any]) -> bool:
    t = schema.get("type")
    return t == "object" or (isinstance(t, list) and "object" in t)


def closed(node: Any) -> Any:
    """A copy of ``node`` where every schema with ``properties`` and no
    ``additionalProperties`` gets ``additionalProperties: false``."""
    if isinstance(node, list):
        return [closed(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: closed(v) for k, v in node.items()}
    if isinstance(out.get("properties"), dict) and "additionalProperties" not in out:
        out["additionalProperties"] = False
    return out


def object_schemas(node: Any, parts: list[str]) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, list):
        for i, x in enumerate(node):
            yield from object_schemas(x, [*parts, str(i)])
        return
    if not isinstance(node, dict):
        return
    if _is_object(node):
        yield _pointer(parts), node
    for k, v in node.items():
        yield from object_schemas(v, [*parts, k])


class Api:
    """A client whose every JSON answer is checked against the (closed) document."""

    def __init__(self, client: TestClient, doc: dict[str, Any]) -> None:
        self.client = client
        self.doc = closed(doc)
        self.seen: set[tuple[str, str, str]] = set()
        self._validators: dict[str, Draft202012Validator] = {}

    def __call__(self, method: str, path: str, expect: int, *, token: str | None = None,
                 **kwargs: Any) -> Any:
        template = self._template(path)
        headers = auth(token) if token else {}
        if "content" in kwargs:  # a raw body is sent as JSON, the one type accepted (web/csrf.py)
            headers["Content-Type"] = "application/json"
        r = self.client.request(method.upper(), path, headers=headers, **kwargs)
        assert r.status_code == expect, r.text
        data = r.json()
        self.check(template, method, r.status_code, data)
        return data

    def _template(self, path: str) -> str:
        bare = path.split("?")[0].strip("/").split("/")
        for t in self.doc["paths"]:
            parts = t.strip("/").split("/")
            if len(parts) == len(bare) and all(
                p == b or (p.startswith("{") and p.endswith("}")) for p, b in zip(parts, bare)
            ):
                return str(t)
        raise AssertionError(f"{path}: no path of the document matches")

    def check(self, template: str, method: str, status: int, data: Any) -> None:
        op = self.doc["paths"][template].get(method.lower())
        assert op is not None, f"{method.upper()} {template}: no operation in the document"
        assert str(status) in op["responses"], f"{method.upper()} {template}: {status} undeclared"
        parts = ["paths", template, method.lower(), "responses", str(status), "content",
                 "application/json", "schema"]
        ref = "#" + _pointer(parts)
        if ref not in self._validators:
            self._validators[ref] = Draft202012Validator({**self.doc, "$ref": ref})
        validator = self._validators[ref]
        errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
        if errors:
            where = "; ".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])
            raise AssertionError(f"{method.upper()} {template} {status}: {where}")
        self.seen.add((template, method.lower(), str(status)))


@pytest.fixture
def doc() -> dict[str, Any]:
    return openapi_schema()


@pytest.fixture
def api(client: TestClient, doc: dict[str, Any]) -> Api:
    return Api(client, doc)


def play_to_end(api: Api, game: str, tokens: dict[int, str], seed: int) -> dict[str, Any]:
    """Random legal moves for the person seats (every answer checked) until the game ends."""
    rng = random.Random(seed)
    some = next(iter(tokens.values()))
    for _ in range(2000):
        v = api("get", f"/api/games/{game}", 200, token=some)
        if v["phase"] == "over":
            return dict(v)
        token = tokens.get(v["current"], some)
        mine = api("get", f"/api/games/{game}", 200, token=token)
        if not mine["to_move"]:
            continue
        move = rng.choice(mine["legal"])["move"]
        r = holder(token, api.client).post(  # from the seat's own browser (fair play)
            f"/api/games/{game}/moves", headers=auth(token),
                            json={"version": mine["version"], "move": move})
        assert r.status_code in (200, 409), r.text
        api.check("/api/games/{game_id}/moves", "post", r.status_code, r.json())
    raise AssertionError("the game did not end")


def test_every_routed_path_and_method_has_an_operation_and_back(
    client: TestClient, doc: dict[str, Any]
) -> None:
    routed = {
        (r.path, m.lower())
        for r in client.app.routes  # type: ignore[attr-defined]
        if isinstance(r, Route) and r.path.startswith(("/api/", "/mail/"))  # /mail/: e-mail
        for m in (r.methods or ()) if m != "HEAD"
    }
    documented = {(p, m) for p, ops in doc["paths"].items() for m in ops}
    assert routed == documented


def test_every_object_schema_lists_its_keys_or_is_named_open(doc: dict[str, Any]) -> None:
    found = {where for where, s in object_schemas(doc, [])
             if "properties" not in s and "additionalProperties" not in s}
    assert found == OPEN


def test_every_schema_of_the_document_is_a_valid_json_schema(doc: dict[str, Any]) -> None:
    for schema in doc["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)
    for ops in doc["paths"].values():
        for op in ops.values():
            for answer in op["responses"].values():
                for media in answer.get("content", {}).values():
                    Draft202012Validator.check_schema(media["schema"])


def test_closing_a_schema_makes_an_undeclared_key_fail(doc: dict[str, Any]) -> None:
    """The check can fail: an answer with a key the document lacks is refused."""
    schema = closed(doc)
    ok = {"accepted": True, "version": 3}
    v = Draft202012Validator({**schema, "$ref": "#/components/schemas/Accepted"})
    assert v.is_valid(ok)
    assert not v.is_valid(ok | {"surprise": 1})


def test_the_lobby_and_a_game_answer_as_documented(api: Api) -> None:
    api("get", "/api/meta", 200)
    api("get", "/api/meta?lang=uk", 200)
    api("get", "/api/messages/fr", 200)
    api("get", "/api/messages/xx", 404)
    api("get", "/api/guide/recap?lang=ru", 200)
    api("get", "/api/guide/nothing", 404)
    api("get", "/api/openapi.json", 200)
    c = api("post", "/api/games", 201, json={"players": 3, "seats": [
        {"name": "Ann"}, {"name": "Bo"}, {"kind": "bot", "level": "random"}]})
    g = c["game"]
    unjoined = api("get", f"/api/games/{g}", 200, token=c["host_token"])
    assert [s["state"] for s in unjoined["seats"]] == ["invited", "invited", "bot"]
    api("post", "/api/games/nogame/claim", 403, json={"invite": c["seats"][0]["invite"]})
    tokens = {s["seat"]: api("post", f"/api/games/{g}/claim", 200,
                             json={"invite": s["invite"]})["token"]
              for s in c["seats"] if s["invite"]}
    api("post", f"/api/games/{g}/claim", 409, json={"invite": c["seats"][0]["invite"]})
    api("post", f"/api/games/{g}/claim", 403, json={"invite": "nope"})
    api("post", f"/api/games/{g}/claim", 400, json={"invite": 5})
    api("post", f"/api/games/{g}/invite", 409, token=c["host_token"], json={"seat": 0})
    api("get", f"/api/games/{g}", 200, token=c["host_token"])
    api("get", f"/api/games/{g}", 200, token=c["spectator_token"])
    v = api("get", f"/api/games/{g}", 200, token=tokens[0])
    assert v["to_move"] and v["legal"]
    # refused moves: bad text, illegal, stale, not one's turn, malformed, no or a bad token
    api("post", f"/api/games/{g}/moves", 400, token=tokens[0],
        json={"version": v["version"], "move": "zz"})
    api("post", f"/api/games/{g}/moves", 422, token=tokens[0],
        json={"version": v["version"], "move": "9B1"})
    api("post", f"/api/games/{g}/moves", 409, token=tokens[0],
        json={"version": v["version"] + 5, "move": v["legal"][0]["move"]})
    api("post", f"/api/games/{g}/moves", 403, token=tokens[1],
        json={"version": v["version"], "move": v["legal"][0]["move"]})
    api("post", f"/api/games/{g}/moves", 403, token=c["spectator_token"],
        json={"version": v["version"], "move": v["legal"][0]["move"]})
    api("post", f"/api/games/{g}/moves", 400, token=tokens[0], content=b"{not json")
    api("post", f"/api/games/{g}/moves", 413, token=tokens[0], content=b"x" * 100_000)
    api("post", f"/api/games/{g}/moves", 401, json={"version": 0, "move": "1B1"})
    api("post", f"/api/games/{g}/moves", 403, token="bad-token",
        json={"version": 0, "move": "1B1"})
    api("get", "/api/games/nogame", 403, token=tokens[0])
    api("get", f"/api/games/{g}", 401)
    api("post", f"/api/games/{g}/moves", 200, token=tokens[0],
        json={"version": v["version"], "move": v["legal"][0]["move"]})
    api("post", f"/api/games/{g}/name", 200, token=tokens[1], json={"name": "Bea"})
    api("post", f"/api/games/{g}/name", 400, token=tokens[1], json={"nom": "Bea"})
    api("post", "/api/my-games", 200, json={"tokens": [tokens[0], c["host_token"], "nothing"]})
    api("post", "/api/my-games", 400, json={"tokens": "x"})
    api("get", f"/api/games/{g}/record", 200, token=tokens[1])
    api("get", f"/api/games/{g}/replay?lang=fr&theme=chocolatier", 200, token=tokens[1])
    api("post", f"/api/games/{g}/review", 409, token=tokens[1])
    api("post", f"/api/games/{g}/leave", 200, token=tokens[1], json={})
    api("post", f"/api/games/{g}/leave", 409, token=tokens[1], json={})
    late = api("post", f"/api/games/{g}/moves", 409, token=tokens[1],
               json={"version": 0, "move": "1B1"})
    assert late["error"]["code"] == "you_left"
    api("get", f"/api/games/{g}", 200, token=tokens[1])
    api("post", "/api/my-games", 200, json={"tokens": [tokens[1]]})


def test_creating_games_answers_as_documented(api: Api) -> None:
    api("post", "/api/games", 400, json={"players": 7})
    api("post", "/api/games", 400, json={"players": 2, "colour": "red"})
    api("post", "/api/games", 400, json={"players": 2, "stand_in": "godlike"})
    api("post", "/api/games", 400, json={"players": 2, "seats": [
        {"name": "Ann"}, {"kind": "bot", "level": "godlike"}]})
    api("post", "/api/games", 400, content=b"[1,2")
    c = api("post", "/api/games", 201, json={"players": 2, "hotseat": True,
                                           "clock": {"kind": "game", "seconds": 600}})
    api("get", f"/api/games/{c['game']}", 200, token=c["hotseat_token"])
    api("post", "/api/my-games", 200, json={"tokens": [c["hotseat_token"]]})
    c = api("post", "/api/games", 201, json={"players": 2, "clock": {"kind": "move",
                                                                     "seconds": 60}})
    api("post", f"/api/games/{c['game']}/invite", 200, token=c["host_token"], json={"seat": 1})
    api("post", f"/api/games/{c['game']}/invite", 403, token=c["spectator_token"],
        json={"seat": 1})
    api("get", f"/api/games/{c['game']}", 200, token=c["host_token"])


def test_a_grey_game_played_to_its_end_and_its_replays_answer_as_documented(api: Api) -> None:
    """R30-R33 column choices (pending_line), the end (result, R21-R24), records, replays."""
    c = api("post", "/api/games", 201, json={"players": 2, "variant": "grey", "hotseat": True})
    g, hot = c["game"], c["hotseat_token"]
    v = play_to_end(api, g, {0: hot, 1: hot}, seed=3)
    assert v["result"] is not None
    record = api("get", f"/api/games/{g}/record", 200, token=hot)
    api("get", f"/api/games/{g}/replay", 200, token=hot)
    api("post", "/api/replay?lang=uk", 200, json=record)
    api("post", "/api/replay", 400, json={**record, "format": "azulejos-record/9"})
    api("post", "/api/replay", 400, content=b"{")
    api("post", f"/api/games/{g}/review", 200, token=c["spectator_token"])
    api("post", "/api/my-games", 200, json={"tokens": [hot]})


def test_special_displays_answer_as_documented_R40_R47(tmp_path: Path, doc: dict[str, Any]) -> None:
    app = create_app(str(tmp_path / "games.sqlite3"), bot_delay=0, bot_seconds=0.05,
                     sync_interval=0, limits=Limits.none(), seeds=lambda: SF_SEED)
    with TestClient(app) as client:
        api = Api(client, doc)
        c = api("post", "/api/games", 201, json={"players": 3, "hotseat": True,
                                               "special_factories": True})
        hot = c["hotseat_token"]
        v = play_to_end(api, c["game"], {0: hot, 1: hot, 2: hot}, seed=5)
        assert v["specials"] is not None
        record = api("get", f"/api/games/{c['game']}/record", 200, token=hot)
        api("post", "/api/replay", 200, json=record)
        api("get", f"/api/games/{c['game']}/replay", 200, token=hot)


def test_profiles_answer_as_documented(api: Api) -> None:
    a = api("post", "/api/profiles", 201, json={"name": "Ana"})
    b = api("post", "/api/profiles", 201, json={"name": "Bo"})
    api("post", "/api/profiles", 400, json={"name": ""})
    api("post", "/api/profiles", 400, json={"nome": "Ana"})
    api("get", "/api/profile", 200, token=a["key"])
    api("get", "/api/profile", 401)
    api("get", "/api/profile", 401, token="not-a-key")
    api("get", f"/api/profiles/{a['id']}", 200)
    api("get", "/api/profiles/nobody", 404)
    api("post", f"/api/profiles/{a['id']}/name", 200, token=a["key"], json={"name": "Ana L."})
    api("post", f"/api/profiles/{a['id']}/name", 403, token=b["key"], json={"name": "Mine"})
    api("post", f"/api/profiles/{a['id']}/name", 401, json={"name": "Mine"})
    api("post", "/api/profiles/nobody/name", 404, token=a["key"], json={"name": "Mine"})
    api("post", "/api/games", 401, json={"players": 2, "profile": "not-a-key"})
    api("post", "/api/games", 400, json={"players": 2, "profile": a["key"], "rated": True})
    c = api("post", "/api/games", 201, json={"players": 2, "profile": a["key"]})
    g = c["game"]
    tokens = {}
    for s, key in zip(c["seats"], (a["key"], b["key"])):
        tokens[s["seat"]] = api("post", f"/api/games/{g}/claim", 200,
                                json={"invite": s["invite"], "profile": key})["token"]
    api("get", f"/api/games/{g}", 200, token=tokens[0])
    play_to_end(api, g, tokens, seed=8)
    for _ in range(200):  # the end of a game is written in the background
        p = api("get", f"/api/profiles/{a['id']}", 200)
        if p["stats"]["games"]:
            break
        time.sleep(0.02)
    # an invitation game is never rated (issue 29): statistics, no rating (the lobby's
    # rated games: test_lobby_answers_as_documented)
    assert p["stats"]["games"] == 1 and p["rating"] is None and not p["ratings"]
    api("get", "/api/leaderboard", 200)
    api("get", "/api/leaderboard?players=2&variant=coloured&min_games=1", 200)
    api("get", "/api/leaderboard?page=0", 400)
    api("post", "/api/my-games", 200, json={"tokens": list(tokens.values())})


def test_fair_play_answers_as_documented(api: Api) -> None:
    """Issue 29, items 2 and 5: reports, mutes everywhere, waits, the moderation API."""
    from azulejos.web.fairplay.store import SqlFairPlay

    ana, bo, op = (Api(TestClient(api.client.app, client=(f"10.0.1.{i}", 1)), api.doc)
                   for i in (1, 2, 3))
    for who in (ana, bo, op):
        who.client.portal = api.client.portal  # the server's own loop (its background work)

    def rated(a: Api, b: Api) -> tuple[str, list[str]]:
        """A rated public game of the lobby that ``a`` opens and ``b`` joins; its seat tokens
        in seat order."""
        lid = a("post", "/api/lobby", 201, json={"players": 2, "rated": True})["id"]
        b("post", f"/api/lobby/{lid}/join", 200, json={})
        mine = [who("get", f"/api/lobby/{lid}", 200) for who in (a, b)]
        tokens = {m["you"]["seat"]: m["you"]["token"] for m in mine}
        return mine[0]["game"], [tokens[0], tokens[1]]

    ana("post", "/api/account", 201, json={"name": "Ana", "password": "tiles and more"})
    pb = bo("post", "/api/account", 201, json={"name": "Bo", "password": "tiles and more"})
    op("post", "/api/account", 201, json={"name": "Oper", "password": "tiles and more"})
    # (what azulejos admin operator Oper does)
    assert SqlFairPlay(api.client.app.state.store.engine).set_operator("oper", True)  # type: ignore[attr-defined]
    g, t = rated(ana, bo)
    bo("post", f"/api/games/{g}/chat", 201, token=t[1], json={"text": "hi"})
    ana("post", f"/api/games/{g}/chat/1/report", 201, token=t[0], json={"note": "rude"})
    ana("post", f"/api/games/{g}/chat/1/report", 409, token=t[0], json={"note": "rude"})
    ana("post", f"/api/games/{g}/chat/7/report", 404, token=t[0], json={})
    api("post", f"/api/games/{g}/chat/1/report", 401, token=t[0], json={})
    ana("post", f"/api/profiles/{pb['profile']['id']}/report", 201, json={"note": "boosting"})
    ana("post", "/api/profiles/nobody/report", 404, json={"note": "x"})
    ana("post", "/api/account/mutes", 200, json={"profile": pb["profile"]["id"], "muted": True})
    ana("post", "/api/account/mutes", 400, json={"profile": 3, "muted": True})
    ana("get", "/api/account/mutes", 200)
    api("get", "/api/account/mutes", 401)
    ana("get", "/api/account/fairplay", 200)
    ana("get", "/api/admin/reports", 403)
    api("get", "/api/admin/reports", 401)
    listed = op("get", "/api/admin/reports", 200)
    op("get", "/api/admin/reports?state=all", 200)
    op("get", "/api/admin/reports?state=x", 400)
    rid = listed["reports"][0]["id"]
    op("post", f"/api/admin/reports/{rid}/dismiss", 200, json={})
    op("post", f"/api/admin/reports/{rid}/dismiss", 409, json={})
    op("post", "/api/admin/reports/nothing/dismiss", 404, json={})
    op("post", "/api/admin/suspensions", 201, json={"name": "Bo", "reason": "spam", "hours": 2})
    op("post", "/api/admin/suspensions", 409, json={"name": "Bo", "reason": "spam"})
    op("post", "/api/admin/suspensions", 404, json={"name": "Nobody", "reason": "spam"})
    op("post", "/api/admin/suspensions", 400, json={"name": "Bo"})
    bo("post", "/api/session", 403, json={"name": "Bo", "password": "tiles and more"})
    op("post", "/api/admin/suspensions/lift", 200, json={"name": "Bo"})
    op("post", "/api/admin/suspensions/lift", 409, json={"name": "Bo"})
    # Ana leaves a rated game: the bot plays her seat to the end, and she waits before the next
    bo("post", "/api/session", 200, json={"name": "Bo", "password": "tiles and more"})
    g, t = rated(ana, bo)
    ana("post", f"/api/games/{g}/leave", 200, token=t[0], json={})
    play_to_end(api, g, {1: t[1]}, seed=3)
    api.client.portal.call(api.client.app.state.service.profiles.settle)  # type: ignore[attr-defined]
    ana("post", "/api/lobby", 403, json={"players": 2, "rated": True})  # rated_wait


def test_accounts_answer_as_documented(api: Api) -> None:
    """Issue 28, item 1: every account route, its answers and its refusals."""
    api("get", "/api/account", 401)
    api("post", "/api/account", 400, json={"name": "medium bot", "password": "tiles and more"})
    api("post", "/api/account", 400, json={"name": "Ana", "password": "short"})
    me = api("post", "/api/account", 201, json={"name": "Ana", "password": "tiles and more"})
    api("post", "/api/account", 409, json={"name": "ANA", "password": "tiles and more"})
    api("get", "/api/account", 200)
    api("post", "/api/account/settings", 200, json={"lang": "fr", "notifications": {
        "desktop": True}})
    api("post", "/api/account/settings", 400, json={"lang": "xx"})
    api("post", "/api/account/email", 200, json={"email": "ana@example.org", "password": "tiles and more"})
    api("post", "/api/account/email", 400, json={"email": "nope", "password": "tiles and more"})
    c = api("post", "/api/games", 201, json={"players": 2})
    g = c["game"]
    mine = api("post", f"/api/games/{g}/claim", 200, json={"invite": c["seats"][0]["invite"]})
    api("get", "/api/account/games", 200)
    api("post", f"/api/games/{g}/seat-token", 200, json={})
    api("post", f"/api/games/{g}/seat-token", 403, json={"seat": 1})
    api("post", f"/api/games/{g}/seat-token", 400, json={"seat": "1"})
    api("post", "/api/games/nosuchgame/seat-token", 403, json={})  # as a game of no seat
    api("post", "/api/account/seats", 200, json={"tokens": [mine["token"], "nothing"]})
    api("post", "/api/account/seats", 400, json={"tokens": "x"})
    # vacation days (docs/api.md, "Vacation")
    api("get", "/api/account/vacation", 200)
    api("post", "/api/account/vacation", 400, json={"days": 99})
    api("delete", "/api/account/vacation", 409)
    api("post", "/api/account/vacation", 201, json={"days": 2})
    api("get", f"/api/games/{g}", 200, token=mine["token"])  # a seat on vacation
    api("post", "/api/account/vacation", 409, json={"days": 2})
    api("delete", "/api/account/vacation", 200)
    # passkeys (docs/api.md, "Passkeys"): the ceremonies' refusals (Chromium adds them)
    api("post", "/api/account/passkeys/options", 200, json={})
    api("get", "/api/account/passkeys", 200)
    api("post", "/api/account/passkeys", 400, json={"credential": {"id": "x"}})
    api("delete", "/api/account/passkeys/nope", 404)
    api("post", "/api/session/passkey/options", 200, json={})
    api("post", "/api/session/passkey", 400, json={"credential": {"id": "x"}})
    api("post", "/api/account/password", 401, json={"old": "wrong!", "new": "other password"})
    api("post", "/api/account/password", 400, json={"old": "tiles and more", "new": "x"})
    api("post", "/api/account/password", 200, json={"old": "tiles and more",
                                                    "new": "other password"})
    api("delete", "/api/session", 200)
    api("post", "/api/session", 401, json={"name": "Ana", "password": "tiles and more"})
    api("post", "/api/session", 400, json={"name": "Ana"})
    again = api("post", "/api/session", 200, json={"name": "ana", "password": "other password"})
    assert again["id"] == me["id"]
    api("post", "/api/account/email/verify", 503, json={})  # no mailer: e-mail is off
    api("post", "/api/account/reset", 503, json={"name": "Ana"})

    class Mailer:
        enabled = True
        sent: list[str] = []

        def send(self, to: str, template: str, lang: str, params: dict[str, str]) -> None:
            self.sent.append(params["link"].partition("#")[2])

    mail = Mailer()
    api.client.app.state.mailer = mail  # type: ignore[attr-defined]
    api("post", "/api/account/email/verify", 202, json={})
    api("post", "/api/account/email/confirm", 200, json={"code": mail.sent[-1]})
    api("post", "/api/account/email/confirm", 410, json={"code": mail.sent[-1]})
    api("post", "/api/account/email/confirm", 404, json={"code": "nothing"})
    api("post", "/api/account/email/verify", 200, json={})
    api("post", "/api/account/reset", 202, json={"name": "Ana"})
    api("post", "/api/account/reset", 400, json={"user": "Ana"})
    api("post", "/api/account/reset/confirm", 400, json={"code": mail.sent[-1], "password": "x"})
    api("post", "/api/account/reset/confirm", 200, json={"code": mail.sent[-1],
                                                         "password": "third password"})
    api("post", "/api/account/reset/confirm", 410, json={"code": mail.sent[-1],
                                                         "password": "fourth password"})
    api("delete", "/api/account/sessions", 200)
    api("get", "/api/account/games", 401)
    api("post", "/api/account/settings", 401, json={})


def test_the_rate_limits_answer_as_documented(tmp_path: Path, doc: dict[str, Any]) -> None:
    app = create_app(str(tmp_path / "games.sqlite3"), bot_delay=0, bot_seconds=0.05,
                     sync_interval=0)
    with TestClient(app) as client:
        api = Api(client, doc)
        for _ in range(100):
            r = client.post("/api/games", json={"players": 2})
            api.check("/api/games", "post", r.status_code, r.json())
            if r.status_code == 429:
                break
        assert r.status_code == 429
        for end in ("", "/record", "/replay"):
            for _ in range(40):  # guessed tokens: the look-up limit
                r = client.get(f"/api/games/g{end}", headers=auth("guess"))
                api.check(f"/api/games/{{game_id}}{end}", "get", r.status_code, r.json())
            assert r.status_code == 429
        for _ in range(70):
            r = client.post("/api/my-games", json={"tokens": []})
            api.check("/api/my-games", "post", r.status_code, r.json())
        assert r.status_code == 429


def test_the_check_fails_on_an_undeclared_key(client: TestClient, doc: dict[str, Any]) -> None:
    """Take `rated` out of the document's view: the real view no longer passes."""
    c = client.post("/api/games", json={"players": 2, "hotseat": True}).json()
    broken = copy.deepcopy(doc)
    del broken["components"]["schemas"]["View"]["properties"]["rated"]
    strict = Api(client, broken)
    with pytest.raises(AssertionError, match="rated"):
        strict("get", f"/api/games/{c['game']}", 200, token=c["hotseat_token"])


def test_the_chat_answers_as_documented(api: Api) -> None:
    c = api("post", "/api/games", 201, json={"players": 2})
    g = c["game"]
    tokens = [api("post", f"/api/games/{g}/claim", 200, json={"invite": s["invite"]})["token"]
              for s in c["seats"]]
    api("post", f"/api/games/{g}/chat", 201, token=tokens[0], json={"text": "<b>hi</b>"})
    api("post", f"/api/games/{g}/chat", 400, token=tokens[0], json={"text": ""})
    api("post", f"/api/games/{g}/chat", 403, token=c["spectator_token"], json={"text": "x"})
    api("post", f"/api/games/{g}/mute", 200, token=tokens[1], json={"seat": 0, "muted": True})
    api("post", f"/api/games/{g}/mute", 400, token=tokens[1], json={"seat": 1, "muted": True})
    assert api("get", f"/api/games/{g}/chat", 200, token=tokens[1])["messages"] == []
    assert len(api("get", f"/api/games/{g}/chat", 200, token=c["spectator_token"])["messages"]) == 1
    api("get", f"/api/games/{g}/chat", 401)


def test_wait_or_bot_answers_as_documented(api: Api, client: TestClient) -> None:
    """Issue 28, item 2: the clock's ``overdue`` offer in the view, and
    ``POST /api/games/{id}/timeout``: its answers and refusals."""
    c = api("post", "/api/games", 201, json={"players": 2, "clock": "move:1m+bank:1m"})
    g = c["game"]
    tokens = [api("post", f"/api/games/{g}/claim", 200, json={"invite": s["invite"]})["token"]
              for s in c["seats"]]
    svc = client.app.state.service  # type: ignore[attr-defined]
    svc.heartbeat_interval = 0  # the jump below is time the server was up
    start = svc.now()
    svc.now = lambda: start + 121
    client.portal.call(svc.check_clocks)  # type: ignore[union-attr]
    v = api("get", f"/api/games/{g}", 200, token=tokens[1])
    assert v["clock"]["overdue"]["seat"] == 0 and v["clock"]["banks"] == [0.0, 60.0]
    api("post", f"/api/games/{g}/timeout", 403, token=c["spectator_token"], json={"choice": "bot"})
    api("post", f"/api/games/{g}/timeout", 403, token=tokens[0], json={"choice": "bot"})
    api("post", f"/api/games/{g}/timeout", 400, token=tokens[1], json={"choice": "later"})
    api("post", f"/api/games/{g}/timeout", 400, token=tokens[1], json={"choice": "wait", "x": 1})
    api("post", f"/api/games/{g}/timeout", 401, json={"choice": "wait"})
    assert api("post", f"/api/games/{g}/timeout", 200, token=tokens[1],
               json={"choice": "wait"}) == {"choice": "wait", "seat": 0}
    api("get", f"/api/games/{g}", 200, token=tokens[0])
    api("post", "/api/my-games", 200, json={"tokens": tokens})
    assert api("post", f"/api/games/{g}/timeout", 200, token=tokens[1],
               json={"choice": "bot"}) == {"choice": "bot", "seat": 0}
    api("post", f"/api/games/{g}/timeout", 409, token=tokens[1], json={"choice": "bot"})
