"""The Master Chocolatier special displays (R40-R47) over the web API: the view shows them,
the legal moves carry every SF4 split with its preview, split moves are played over HTTP and
the websocket, bad split input is refused with a clear error and changes nothing, the held SF5
is shown, and a whole module game ends with a record that replays.

The games are dealt from a fixed seed (4): for 2 players, round 1 has SF4 on display 4
(tiles B K K W) and SF5 on display 5 (Y R R K).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.notation import parse_record, replay
from azulejos.web.app import create_app
from azulejos.web.limits import Limits

from .conftest import SF_SEED as SEED
from .helpers import auth, create, fingerprint, play, play_random, view


def new_game(client: TestClient) -> tuple[str, str, str, dict[str, Any]]:
    c = create(client, players=2, special_factories=True, seats=[{"name": "Ann"}, {"name": "Bo"}])
    return c["game"], c["seats"][0]["token"], c["seats"][1]["token"], c


def test_R40_the_view_names_each_special_display_and_its_neighbours(sf_client: TestClient) -> None:
    game, t0, _, _ = new_game(sf_client)
    v = view(sf_client, game, t0)
    sp = v["specials"]
    assert sp["displays"] == [None, None, None, "SF4", "SF5"]
    assert sp["neighbours"][0] == [5, 2] and sp["neighbours"][3] == [3, 5]  # R40: a circle
    assert sp["sf5"] is None
    assert v["factories"][3] == "BKKW" and v["factories"][4] == "YRRK"


def test_R43_every_sf4_split_is_a_legal_move_with_where_each_colour_goes(
        sf_client: TestClient) -> None:
    game, t0, _, _ = new_game(sf_client)
    legal = view(sf_client, game, t0)["legal"]
    from_sf4 = [m for m in legal if m["source"] == 4]
    # R43, R47d: a draft leaving r colours is legal in each of its 2^r splits, only with one
    assert from_sf4 and all("split" in m and m["move"].endswith("/" + m["split"]) for m in from_sf4)
    k2 = {m["split"]: m["preview"] for m in from_sf4 if m["colour"] == "K" and m["destination"] == 2}
    assert sorted(k2) == ["<<", "<>", "><", ">>"]
    assert k2["<>"]["special"] == "SF4" and k2["<>"]["to_centre"] == 0
    assert k2["<>"]["sends"] == [
        {"colour": "B", "tiles": 1, "side": "left", "to": 3},
        {"colour": "W", "tiles": 1, "side": "right", "to": 5},
    ]
    assert all("split" not in m for m in legal if m["source"] != 4)
    sf5 = [m for m in legal if m["source"] == 5 and m["colour"] == "R" and m["destination"] == "F"]
    assert sf5[0]["preview"]["takes_sf5"] and sf5[0]["preview"]["to_sf5"] == 1  # R44, R47a


def test_R43_R44_a_split_then_an_sf5_draft_over_http(sf_client: TestClient) -> None:
    game, t0, t1, _ = new_game(sf_client)
    v = view(sf_client, game, t0)
    r = play(sf_client, game, t0, v["version"], "4K2/<>")
    assert r.status_code == 200, r.text
    v = view(sf_client, game, t1)
    assert v["factories"][3] == "" and v["factories"][2] == "BBRWW"  # B went left (display 3)
    assert v["factories"][4] == "YRRKW" and v["centre"] == ""  # W went right (display 5)
    assert v["boards"][0]["lines"][1] == {"colour": "K", "count": 2}
    r = play(sf_client, game, t1, v["version"], "5RF")
    assert r.status_code == 200, r.text
    v = view(sf_client, game, t0)
    # R44, R47a: SF5 left the circle with Bo; the first falling tile lies on it, no penalty
    assert v["specials"]["sf5"] == {"holder": 1, "tile": "R", "display": 5}
    assert v["boards"][1]["floor"] == ["R"] and v["boards"][1]["floor_penalty"] == -1
    assert v["specials"]["neighbours"][3] == [3, 1]  # R43: the taken SF5 is skipped
    assert v["centre"] == "YKW"
    assert [e["move"] for e in v["log"] if e["kind"] == "move"] == ["4K2/<>", "5RF"]


def test_R43_bad_split_input_is_refused_and_changes_nothing(sf_client: TestClient) -> None:
    game, t0, _, _ = new_game(sf_client)
    before = view(sf_client, game, t0)
    bad = [
        ("4K2", 422, "illegal", "R43"),  # a draft from SF4 needs its directions
        ("4K2/<", 422, "illegal", "R43"),  # one direction for two colours
        ("4K2/<<<", 422, "illegal", "R43"),
        ("1K2/<", 422, "illegal", "R43"),  # display 1 is not SF4
        ("4K2/<x", 400, "bad_move", None),
        ("4K2/<<<<<<<<", 400, "malformed", None),
    ]
    for move, status, code, rule in bad:
        r = play(sf_client, game, t0, before["version"], move)
        assert r.status_code == status, (move, r.text)
        err = r.json()["error"]
        assert err["code"] == code and err["message"] and "\n" not in err["message"], move
        if rule:
            assert err["rule"] == rule and "R43" in err["message"], move
    assert fingerprint(view(sf_client, game, t0)) == fingerprint(before)


def test_R43_split_moves_and_bad_splits_over_the_websocket(sf_client: TestClient) -> None:
    game, t0, _, _ = new_game(sf_client)
    before = fingerprint(view(sf_client, game, t0))
    with sf_client.websocket_connect(f"/ws/games/{game}") as ws:
        ws.send_json({"type": "hello", "token": t0})
        msgs = [ws.receive_json() for _ in range(2)]
        v = next(m["view"] for m in msgs if m["type"] == "view")
        for move, code in (("4K2", "illegal"), ("4K2/<>>", "illegal"), ("4K2/?", "bad_move")):
            ws.send_text(json.dumps({"type": "move", "version": v["version"], "move": move}))
            while (m := ws.receive_json())["type"] != "error":
                pass
            assert m["error"]["code"] == code, move
        assert fingerprint(view(sf_client, game, t0)) == before
        ws.send_json({"type": "move", "version": v["version"], "move": "4K2/>>", "ref": "s"})
        while (m := ws.receive_json())["type"] != "accepted":
            assert m["type"] != "error", m
    v = view(sf_client, game, t0)
    assert v["factories"][3] == "" and v["factories"][4] == "BYRRKW"  # both went right
    assert v["log"][-1] == {"kind": "move", "round": 1, "seat": 0, "move": "4K2/>>"}


def test_R40_R46_a_whole_module_game_over_http_ends_and_its_record_replays(
        client: TestClient) -> None:
    c = create(client, players=3, special_factories=True,
               seats=[{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}])
    v = play_random(client, c, random.Random(12))
    assert v["phase"] == "over" and v["result"] is not None
    assert v["ruleset"]["special_factories"] is True
    r = client.get(f"/api/games/{c['game']}/record", headers=auth(c["spectator_token"]))
    rec = parse_record(r.text)
    assert rec.ruleset.special_factories
    assert all(rnd.specials for rnd in rec.rounds)  # R46: each round names its displays
    st = replay(rec)  # valid under R40-R47 (docs/notation.md)
    assert st.is_over and list(st.scores) == v["result"]["scores"]
    # The log says at each fill which displays are special and what SF1 and SF2 gained
    # (R40, R41): the same as the record's specials and after_fill gains.
    fills = [e for e in v["log"] if e["kind"] == "fill"]
    assert len(fills) == len(rec.rounds)
    for e, rnd in zip(fills, rec.rounds):
        assert {str(s["display"]): s["kind"] for s in e["specials"]} == rnd.specials
        gained: dict[str, str] = {}
        for a in e["after_fill"]:
            assert a["kind"] == "SF1" or a["kind"].startswith("SF2")
            gained[str(a["display"])] = gained.get(str(a["display"]), "") + a["colour"] * a["tiles"]
        recorded = {d: text.partition("-")[0] for d, text in (rnd.after_fill or {}).items()}
        assert gained == {d: g for d, g in recorded.items() if g}


@pytest.fixture
def sf3_client(tmp_path: Path) -> Iterator[TestClient]:
    """Seed 2: round 1 has SF2R on display 2 (B B B Y R R after its pull, R41) and SF3 on
    display 4 (B Y K W)."""
    app = create_app(str(tmp_path / "games.sqlite3"), bot_delay=0, bot_seconds=0.05,
                     sync_interval=0, limits=Limits.none(), seeds=lambda: 2)
    with TestClient(app) as c:
        yield c


def test_R41_R42_sf2_shows_its_pull_and_sf3_keeps_the_rest(sf3_client: TestClient) -> None:
    game, t0, t1, _ = new_game(sf3_client)
    v = view(sf3_client, game, t0)
    assert v["specials"]["displays"] == [None, "SF2R", None, "SF3", None]
    assert v["factories"][1] == "BBBYRR"  # more than 4 tiles after the after-fill (R41)
    fill = v["log"][0]  # the log names the specials and SF2R's pull from its neighbours
    assert fill["kind"] == "fill"
    assert fill["specials"] == [{"display": 2, "kind": "SF2R"}, {"display": 4, "kind": "SF3"}]
    pulled = v["factories"][1].count("R") - fill["factories"][1].count("R")
    assert pulled > 0
    assert fill["after_fill"] == [{"display": 2, "kind": "SF2R", "colour": "R", "tiles": pulled}]
    take = next(m for m in v["legal"] if m["move"] == "4B1")
    assert take["preview"]["special"] == "SF3" and take["preview"]["stays"] == 3
    assert take["preview"]["to_centre"] == 0 and "split" not in take
    plain = next(m for m in v["legal"] if m["move"] == "1B1")
    assert "special" not in plain["preview"] and plain["preview"]["to_sf5"] == 0
    assert play(sf3_client, game, t0, v["version"], "4B1").status_code == 200
    v = view(sf3_client, game, t1)
    assert v["factories"][3] == "YKW" and v["centre"] == ""  # R42: the rest stays on SF3
    assert any(m["source"] == 4 for m in v["legal"])  # and can be taken later in the round


def test_R40_a_module_game_is_stored_with_its_ruleset_and_goes_on_after_a_restart(
        tmp_path: Path) -> None:
    """Schema 3: the stored game carries its modules, so a new server process rebuilds the
    same special displays and fills (R40, R46) and play goes on."""
    db = str(tmp_path / "games.sqlite3")

    def app() -> TestClient:
        return TestClient(create_app(db, bot_delay=0, bot_seconds=0.05, sync_interval=0,
                                     limits=Limits.none(), seeds=lambda: SEED))

    with app() as first:
        game, t0, t1, _ = new_game(first)
        v = view(first, game, t0)
        assert play(first, game, t0, v["version"], "4K2/<>").status_code == 200
        before = view(first, game, t1)
    with app() as second:
        after = view(second, game, t1)
        assert after["ruleset"]["special_factories"] and after["specials"] == before["specials"]
        assert fingerprint(after) == fingerprint(before) and after["legal"] == before["legal"]
        assert play(second, game, t1, after["version"], "5RF").status_code == 200
        assert view(second, game, t0)["specials"]["sf5"] == {"holder": 1, "tile": "R", "display": 5}
