"""The HTTP API in-process: lobby, views, moves, errors, records, documents."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path

from starlette.testclient import TestClient

from azulejos.core.colours import FLOOR_PENALTIES
from azulejos.notation import parse_record, replay
from azulejos.web.openapi import openapi_schema

from .helpers import auth, create, fingerprint, play, play_random, view

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_meta_lists_languages_themes_and_bot_levels(client: TestClient) -> None:
    m = client.get("/api/meta?lang=fr").json()
    assert [x["code"] for x in m["languages"]] == ["en", "uk", "ru", "fr"]
    assert {t["key"] for t in m["themes"]} == {"classic", "chocolatier"}
    assert "random" in m["bot_levels"]
    assert m["players"] == [2, 3, 4]


def test_R5_R6_meta_gives_the_client_the_rule_facts(client: TestClient) -> None:
    rules = client.get("/api/meta").json()["rules"]
    assert rules["floor_penalties"] == [-p for p in FLOOR_PENALTIES]
    assert rules["wall"][0] == "BYRKW" and rules["wall"][1] == "WBYRK"  # R6


def test_messages_are_served_per_language(client: TestClient) -> None:
    en = client.get("/api/messages/en").json()
    assert en["lobby.create"] == "Create game"
    # a message is a string, or the list of its plural forms (2 in en/fr, 3 in uk/ru)
    assert all((isinstance(v, str) and v) or (isinstance(v, list) and len(v) == 2) for v in en.values())
    for lang, forms in (("uk", 3), ("ru", 3), ("fr", 2)):
        got = client.get(f"/api/messages/{lang}").json()
        assert set(got) == set(en)
        assert all(len(v) == forms for v in got.values() if isinstance(v, list))
    uk = client.get("/api/messages/uk").json()
    assert uk["count.points"] == ["{n} очко", "{n} очки", "{n} очок"]
    r = client.get("/api/messages/xx")
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_language"


def test_pages_are_served(client: TestClient) -> None:
    for path in ("/", "/play/abc", "/rules"):
        r = client.get(path)
        assert r.status_code == 200 and "<script type=\"module\"" in r.text
        assert "default-src 'self'" in r.headers["content-security-policy"]
        # websockets and fetches go to the page's own origin only, not to any ws:/wss: host
        directives = dict(d.strip().partition(" ")[::2]
                          for d in r.headers["content-security-policy"].split(";"))
        assert directives["connect-src"] == "'self'"
    assert client.get("/static/js/main.js").status_code == 200


def test_create_gives_one_invitation_per_person_seat_and_deals_round_one_R9(
        client: TestClient) -> None:
    c = create(client, players=3, variant="grey",
               seats=[{"name": "Ann"}, {"kind": "bot", "level": "random"}, {"name": "Bo"}])
    invites = [s["invite"] for s in c["seats"]]
    assert invites[1] is None and invites[0] and invites[2] and invites[0] != invites[2]
    assert len(invites[0]) >= 24 and c["spectator_token"] and c["hotseat_token"] is None
    assert c["host_token"] and c["stand_in"] == "medium"
    tokens = [s["token"] for s in c["seats"]]  # claimed by the helper
    assert tokens[1] is None and tokens[0] not in invites and tokens[2] not in invites
    v = view(client, c["game"], tokens[0])
    assert v["players"] == 3 and v["variant"] == "grey" and v["round"] == 1
    assert len(v["factories"]) == 7 and all(len(f) == 4 for f in v["factories"])  # R2
    assert sum(v["bag"].values()) == 100 - 28
    assert [s["name"] for s in v["seats"]] == ["Ann", "random bot", "Bo"]


def test_create_refuses_bad_set_ups(client: TestClient) -> None:
    bad = [
        {"players": 5},
        {"players": 1},
        {"players": "2"},
        {"variant": "purple"},
        {"players": 2, "seats": [{"kind": "person"}]},
        {"players": 2, "seats": [{"kind": "bot", "level": 3}, {}]},
        {"players": 2, "seats": [{"kind": "alien"}, {}]},
        {"stand_in": ["medium"]},
        {"hotseat": "yes"},
        {"start_player": 2},
        {"colour": "blue"},
    ]
    for body in bad:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400, body
        assert r.json()["error"]["code"] == "malformed"
    r = client.post("/api/games", content=b"[1, 2", headers={"Content-Type": "application/json"})
    assert r.status_code == 400


def test_an_unknown_bot_level_is_named_with_the_levels_there_are(
        client: TestClient, db_path: Path) -> None:
    """A seat's level or the stand-in that the server does not have: ``unknown_level``, with
    the level sent and the known ones (the page says it in its language), and no game."""
    levels = client.get("/api/meta").json()["bot_levels"]
    r = client.post("/api/games", json={"players": 2, "seats": [
        {"kind": "person"}, {"kind": "bot", "level": "grandmaster"}]})
    assert r.status_code == 400
    err = r.json()["error"]
    assert {k: err[k] for k in ("code", "level", "levels", "seat")} == {
        "code": "unknown_level", "level": "grandmaster", "levels": levels, "seat": 1}
    assert "grandmaster" in err["message"]  # the English line for API users
    r = client.post("/api/games", json={"stand_in": "Expert "})
    assert r.status_code == 400
    err = r.json()["error"]
    assert (err["code"], err["level"], err["levels"]) == ("unknown_level", "Expert ", levels)
    assert "seat" not in err and err["message"].startswith("'stand_in'")
    with sqlite3.connect(db_path) as db:  # nothing stored; a good request stores its game
        assert db.execute("SELECT COUNT(*) FROM azulejos_games").fetchone() == (0,)
        create(client, seats=[{"kind": "person"}, {"kind": "bot", "level": levels[0]}])
        assert db.execute("SELECT COUNT(*) FROM azulejos_games").fetchone() == (1,)
    en, uk = (client.get(f"/api/messages/{lang}").json() for lang in ("en", "uk"))
    assert {"{level}", "{levels}"} <= set(re.findall(r"\{\w+\}", uk["error.unknown_level"]))
    assert uk["error.unknown_level"] != en["error.unknown_level"]


def test_R40_the_lobby_accepts_the_special_factories_module(client: TestClient) -> None:
    """The lobby builds a Ruleset: the module is switched on by its field and the game
    carries it (the view's ruleset, n special displays in round 1)."""
    c = create(client, players=3, special_factories=True)
    v = view(client, c["game"], c["seats"][0]["token"])
    assert v["ruleset"] == {"players": 3, "variant": "coloured", "special_factories": True}
    kinds = [k for k in v["specials"]["displays"] if k]
    assert len(v["specials"]["displays"]) == 7 and len(kinds) == 3 == len(set(kinds))  # R40
    r = client.post("/api/games", json={"players": 3, "variant": "grey", "special_factories": False})
    assert r.status_code == 201
    plain = view(client, r.json()["game"], r.json()["spectator_token"])
    assert plain["specials"] is None and plain["ruleset"] == {"players": 3, "variant": "grey"}


def test_R40_create_names_the_ruleset_field_it_refuses(client: TestClient) -> None:
    """A bad value of the module's field is refused by name, and no game is made."""
    for value in ("yes", 1, None, [True], {"on": True}):
        r = client.post("/api/games", json={"special_factories": value})
        assert r.status_code == 400, value
        err = r.json()["error"]
        assert err["code"] == "malformed" and err["message"].startswith("'special_factories'"), err


def test_a_move_is_played_by_the_seat_to_move_on_the_current_version_R10(client: TestClient) -> None:
    c = create(client)
    game, t0, t1 = c["game"], c["seats"][0]["token"], c["seats"][1]["token"]
    v0 = view(client, game, t0)
    assert v0["to_move"] and v0["legal"] and v0["current"] == 0
    assert view(client, game, t1)["legal"] == []  # only the mover sees moves
    move = v0["legal"][0]["move"]
    r = play(client, game, t0, v0["version"], move)
    assert r.status_code == 200 and r.json()["version"] == v0["version"] + 1
    v1 = view(client, game, t1)
    assert v1["current"] == 1 and v1["to_move"]
    assert v1["log"][-1] == {"kind": "move", "round": 1, "seat": 0, "move": move}


def test_refused_moves_change_nothing(client: TestClient) -> None:
    c = create(client)
    game, t0, t1 = c["game"], c["seats"][0]["token"], c["seats"][1]["token"]
    spec = c["spectator_token"]
    v = view(client, game, t0)
    before = fingerprint(v)
    legal = {m["move"] for m in v["legal"]}
    illegal = next(
        f"{s}{k}{d}" for s in "123456789C" for k in "BYRKW" for d in "12345F"
        if f"{s}{k}{d}" not in legal
    )
    cases = [
        (t1, v["version"], legal.pop(), 403, "not_your_turn"),
        (spec, v["version"], next(iter(legal)), 403, "spectator"),
        (t0, v["version"] + 1, next(iter(legal)), 409, "stale"),
        (t0, v["version"] - 1, next(iter(legal)), 409, "stale"),
        (t0, v["version"], illegal, 422, "illegal"),
        (t0, v["version"], "ZZZ", 400, "bad_move"),
        (t0, v["version"], 12, 400, "malformed"),
        (t0, "1", next(iter(legal)), 400, "malformed"),
        (t0, None, next(iter(legal)), 400, "malformed"),
    ]
    for token, version, move, status, code in cases:
        r = play(client, game, token, version, move)
        assert r.status_code == status, (move, r.text)
        assert r.json()["error"]["code"] == code
        assert fingerprint(view(client, game, t0)) == before
    r = play(client, game, t0, v["version"], illegal)
    assert r.json()["error"]["rule"].startswith("R")


def test_wrong_tokens_are_refused(client: TestClient) -> None:
    a, b = create(client), create(client)
    ta = a["seats"][0]["token"]
    for headers in ({}, {"Authorization": "Basic x"}, auth("nope"), auth("x" * 500)):
        r = client.get(f"/api/games/{a['game']}", headers=headers)
        assert r.status_code in (401, 403)
        assert r.json()["error"]["code"] == "bad_token"
    r = client.get(f"/api/games/{b['game']}", headers=auth(ta))  # a token of another game
    assert r.status_code == 403
    v = view(client, b["game"], b["seats"][0]["token"])
    r = play(client, b["game"], ta, v["version"], v["legal"][0]["move"])
    assert r.status_code == 403
    assert fingerprint(view(client, b["game"], b["seats"][0]["token"])) == fingerprint(v)


def test_hotseat_token_plays_every_person_seat(client: TestClient) -> None:
    c = create(client, hotseat=True, seats=[{}, {}])
    hot = c["hotseat_token"]
    for _ in range(4):
        v = view(client, c["game"], hot)
        assert v["you"] == {"role": "hotseat", "seats": [0, 1], "left": []} and v["to_move"]
        assert play(client, c["game"], hot, v["version"], v["legal"][0]["move"]).status_code == 200


def test_rename_own_seat_only(client: TestClient) -> None:
    c = create(client)
    g, t0 = c["game"], c["seats"][0]["token"]
    r = client.post(f"/api/games/{g}/name", headers=auth(t0), json={"name": "  Ann\x00\n Lee "})
    assert r.status_code == 200
    assert view(client, g, t0)["seats"][0]["name"] == "Ann Lee"
    r = client.post(f"/api/games/{g}/name", headers=auth(t0), json={"name": "X", "seat": 1})
    assert r.status_code == 403
    r = client.post(f"/api/games/{g}/name", headers=auth(c["spectator_token"]), json={"name": "X"})
    assert r.status_code == 403
    assert [s["name"] for s in view(client, g, t0)["seats"]] == ["Ann Lee", "Player 2"]


def test_whole_game_over_http_then_record_replays_R23_R24_R25(client: TestClient) -> None:
    c = create(client, players=2, seats=[{"name": "Ann"}, {"name": "Bo"}])
    v = play_random(client, c, random.Random(5))
    assert v["phase"] == "over" and v["result"] is not None
    res = v["result"]
    assert res["scores"] == [b["score"] for b in v["boards"]]
    for p in res["players"]:
        assert p["score"] == p["before_bonus"] + p["bonus"]  # R24
        assert p["bonus"] == 2 * p["rows"] + 7 * p["columns"] + 10 * p["colours"]
    assert res["decided_by"] in ("points", "rows", "shared")
    assert any(b["complete_rows"] for b in v["boards"])  # R23
    r = client.get(f"/api/games/{c['game']}/record", headers=auth(c["spectator_token"]))
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rec = parse_record(r.text)
    st = replay(rec)  # valid under the rules (docs/notation.md)
    assert st.is_over and rec.final_scores == res["scores"] and rec.winners == res["winners"]
    assert rec.extra["names"] == ["Ann", "Bo"]
    assert "seed" not in r.text and "rng" not in r.text
    # After the end: no more moves.
    r = play(client, c["game"], c["seats"][0]["token"], v["version"], "1B1")
    assert r.status_code == 409 and r.json()["error"]["code"] == "game_over"


def test_tiling_log_shows_points_per_tile_R17_R18(client: TestClient) -> None:
    c = create(client)
    v = play_random(client, c, random.Random(2), max_moves=40)
    tilings = [e for e in v["log"] if e["kind"] == "tiling"]
    assert tilings, "at least one round must have ended within 40 moves"
    placed = [e for t in tilings for e in t["events"] if e["type"] == "placed"]
    assert placed and all(e["points"] >= 1 for e in placed)
    assert all(e["colour"] in "BYRKW" for e in placed)


def test_my_games_summaries(client: TestClient) -> None:
    c = create(client)
    toks = [c["seats"][0]["token"], "unknown-token", c["spectator_token"], 7]
    r = client.post("/api/my-games", json={"tokens": toks})
    games = r.json()["games"]
    assert games[1] is None and games[3] is None
    assert games[0]["to_move"] and games[0]["seats"] == [0]
    assert games[2]["role"] == "spectator" and not games[2]["to_move"]
    assert client.post("/api/my-games", json={"tokens": ["x"] * 51}).status_code == 400


def test_guide_sections(client: TestClient) -> None:
    r = client.get("/api/guide/nonsense")
    assert r.status_code == 404
    r = client.get("/api/guide/recap?lang=fr")
    if client.get("/api/meta").json()["guide"]:
        assert r.status_code == 200 and r.json()["text"].strip()
    else:
        assert r.status_code == 404 and r.json()["error"]["code"] == "no_guide"


def test_R40_guide_serves_the_special_displays_section(client: TestClient) -> None:
    """The rules-helper section on the special factory displays (R40-R47) is served."""
    from azulejos.guide import get_section

    for lang in ("en", "uk", "ru", "fr"):
        r = client.get(f"/api/guide/specials?lang={lang}")
        assert r.status_code == 200
        assert r.json()["text"] == get_section("specials", lang)


def test_a_server_without_the_guide_says_so(db_path: Path) -> None:
    """The guide is injected (commands/serve.py hands it over); none means no rules pages."""
    from azulejos.web.app import create_app

    with TestClient(create_app(str(db_path), sync_interval=0, guide=None)) as c:
        assert c.get("/api/meta").json()["guide"] is False
        r = c.get("/api/guide/recap")
        assert r.status_code == 404 and r.json()["error"]["code"] == "no_guide"


def test_openapi_document_matches_the_routes_and_docs_file(client: TestClient) -> None:
    served = client.get("/api/openapi.json").json()
    assert served == openapi_schema()
    api_routes = {
        r.path for r in client.app.routes  # type: ignore[attr-defined]
        if getattr(r, "path", "").startswith(("/api/", "/mail/"))  # /mail/: e-mail's pages
    }
    assert set(served["paths"]) == api_routes
    saved = json.loads((DOCS / "openapi.json").read_text(encoding="utf-8"))
    assert saved == served, (
        "docs/openapi.json is stale: regenerate with "
        "python -c 'import json; from azulejos.web.openapi import openapi_schema; "
        "print(json.dumps(openapi_schema(), indent=2))' > docs/openapi.json"
    )


def test_grey_wall_column_choice_has_its_own_moves_and_points_R30_R33(client: TestClient) -> None:
    c = create(client, variant="grey", hotseat=True)
    g, hot = c["game"], c["hotseat_token"]
    rng = random.Random(4)
    seen = False
    for _ in range(300):
        v = view(client, g, hot)
        if v["phase"] == "over":
            break
        if v["phase"] == "place":
            seen = True
            assert v["pending_line"] in range(1, 6)
            for m in v["legal"]:
                assert m["move"] == f"{v['pending_line']}@{m['column']}"
                assert m["line"] == v["pending_line"] and m["preview"]["wall_points"] >= 1  # R18
        move = rng.choice(v["legal"])["move"]
        assert play(client, g, hot, v["version"], move).status_code == 200
    assert seen, "a grey-wall game must ask for column choices"
