"""Previews on demand (docs/api.md, "Previews on demand"): a connection that says
``"previews": "on_demand"`` in its hello gets the legal moves without their previews, and asks
for the previews of the moves it shows; every other client is sent them as before."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.core import Ruleset, State
from azulejos.web.legal_json import MAX_PREVIEWS, legal_json
from azulejos.web.views import Access

from ..games import moves_due
from .helpers import create, fingerprint, view


def _positions(players: int, variant: str, specials: bool, seed: int) -> list[State]:
    """Every position of a random game in which someone is to move."""
    return moves_due(Ruleset(players, variant, special_factories=specials), seed)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["coloured", "grey"])
@pytest.mark.parametrize("specials", [False, True])
def test_R30_R43_the_legal_list_without_previews_is_the_full_list_minus_preview(
        players: int, variant: str, specials: bool) -> None:
    seen = {"draft": 0, "place": 0, "split": 0}
    for seed in range(2):
        for st in _positions(players, variant, specials, seed * 10 + players):
            full = legal_json(st)
            bare = legal_json(st, with_previews=False)
            assert [{k: v for k, v in e.items() if k != "preview"} for e in full] == bare
            assert all("preview" in e for e in full) and not any("preview" in e for e in bare)
            # the same keys in the same order, but for the preview
            assert [[k for k in e if k != "preview"] for e in full] == [list(e) for e in bare]
            seen["place" if st.phase == "place" else "draft"] += 1
            seen["split"] += any("split" in e for e in bare)
    assert seen["draft"] > 50
    assert seen["place"] > 0 if variant == "grey" else seen["place"] == 0
    assert seen["split"] > 0 if specials else seen["split"] == 0


# -- over a real websocket -------------------------------------------------------------------



def hello(ws: Any, token: str, **extra: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Greet; the welcome and the first view."""
    ws.send_json({"type": "hello", "token": token, **extra})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    msg = ws.receive_json()
    while msg["type"] != "view":
        msg = ws.receive_json()
    return welcome, msg["view"]


def reply(ws: Any, kind: str = "previews") -> dict[str, Any]:
    """The next reply (``kind`` or an error), skipping views."""
    while True:
        m: dict[str, Any] = ws.receive_json()
        if m["type"] in (kind, "error"):
            return m


def ask(ws: Any, version: Any, moves: Any, ref: Any = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "previews", "version": version, "moves": moves}
    if ref is not None:
        msg["ref"] = ref
    ws.send_json(msg)
    return reply(ws)


def test_R43_on_demand_views_have_no_previews_and_a_request_gets_exactly_the_full_views(
        sf_client: TestClient) -> None:
    c = create(sf_client, players=2, special_factories=True, seats=[{"name": "Ann"}, {"name": "Bo"}])
    game, t0 = c["game"], c["seats"][0]["token"]
    full = view(sf_client, game, t0)  # HTTP: unchanged, with the previews
    assert full["legal"] and all("preview" in e for e in full["legal"])
    with sf_client.websocket_connect(f"/ws/games/{game}") as ws:
        welcome, v = hello(ws, t0, previews="on_demand", patches=True)
        assert welcome["previews"] == "on_demand"
        assert v["version"] == full["version"]
        assert v["legal"] == [{k: x for k, x in e.items() if k != "preview"} for e in full["legal"]]
        # The moves of one source and colour (SF4's splits too), then every legal move.
        sf4 = [e["move"] for e in v["legal"] if e["source"] == 4 and e["colour"] == "K"]
        assert any("/" in m for m in sf4)
        for moves in (sf4, [e["move"] for e in v["legal"]][:MAX_PREVIEWS], []):
            got = ask(ws, v["version"], moves, ref="p1")
            assert got == {"type": "previews", "version": v["version"], "ref": "p1",
                           "previews": {e["move"]: e["preview"] for e in full["legal"]
                                        if e["move"] in moves}}
        # A move stays without previews in the next views (as patches) too.
        ws.send_json({"type": "move", "version": v["version"], "move": sf4[0]})
        assert reply(ws, "accepted")["type"] == "accepted"
        ws.send_json({"type": "view"})
        while (m := ws.receive_json())["type"] != "view":
            pass
        assert not any("preview" in e for e in m["view"]["legal"])


def test_a_hello_without_the_option_gets_the_previews_in_its_views(client: TestClient) -> None:
    c = create(client)
    game, t0 = c["game"], c["seats"][0]["token"]
    for extra in ({}, {"previews": "with_view"}):
        with client.websocket_connect(f"/ws/games/{game}") as ws:
            welcome, v = hello(ws, t0, **extra)
            assert "previews" not in welcome
            assert v["legal"] and all("preview" in e for e in v["legal"])
            assert v["legal"] == view(client, game, t0)["legal"]
            # the request works on such a connection too
            m = v["legal"][0]
            assert ask(ws, v["version"], [m["move"]])["previews"] == {m["move"]: m["preview"]}


def test_R30_a_grey_wall_column_choice_has_its_wall_points_on_demand(client: TestClient) -> None:
    c = create(client, players=2, variant="grey")
    game = c["game"]
    tokens = {s["seat"]: s["token"] for s in c["seats"]}
    rng = random.Random(1)
    for _ in range(200):  # play random moves until someone chooses a column
        v = view(client, game, tokens[0])
        seat = v["current"]
        v = view(client, game, tokens[seat])
        if v["phase"] == "place":
            break
        r = client.post(f"/api/games/{game}/moves", headers={"Authorization": f"Bearer {tokens[seat]}"},
                        json={"version": v["version"], "move": rng.choice(v["legal"])["move"]})
        assert r.status_code == 200, r.text
    else:
        pytest.fail("no column choice")
    with client.websocket_connect(f"/ws/games/{game}") as ws:
        _, bare = hello(ws, tokens[seat], previews="on_demand")
        assert bare["phase"] == "place" and all(set(e) == {"move", "line", "column"}
                                                 for e in bare["legal"])
        got = ask(ws, bare["version"], [e["move"] for e in bare["legal"]])
        assert got["previews"] == {e["move"]: e["preview"] for e in v["legal"]}
        assert all("wall_points" in p for p in got["previews"].values())


def test_R43_refused_previews_requests_are_clear_errors_and_change_nothing(
        sf_client: TestClient) -> None:
    c = create(sf_client, players=2, special_factories=True, seats=[{"name": "Ann"}, {"name": "Bo"}])
    game, t0, t1, spec = (c["game"], c["seats"][0]["token"], c["seats"][1]["token"],
                          c["spectator_token"])
    before = view(sf_client, game, t0)
    n = len(before["legal"])
    version = before["version"]
    with sf_client.websocket_connect(f"/ws/games/{game}") as a, \
            sf_client.websocket_connect(f"/ws/games/{game}") as b, \
            sf_client.websocket_connect(f"/ws/games/{game}") as s:
        hello(a, t0, previews="on_demand")
        hello(b, t1, previews="on_demand")
        hello(s, spec, previews="on_demand")
        one = [before["legal"][0]["move"]]
        cases: list[tuple[Any, Any, Any, str, Any]] = [
            (a, version - 1, one, "stale", {"version": version}),
            (a, version + 1, one, "stale", {"version": version}),
            (b, version, one, "not_your_turn", {"current": 0}),
            (s, version, one, "spectator", None),
            (a, str(version), one, "malformed", None),
            (a, version, "1B2", "malformed", None),
            (a, version, None, "malformed", None),
            (a, version, [1, 2], "malformed", None),
            (a, version, ["1B2" * 4], "malformed", None),
            (a, version, one * (n + 1), "malformed", None),  # more than the legal moves
            (a, version, one * (MAX_PREVIEWS + 1), "malformed", None),
            (a, version, ["4K2"], "illegal", {"rule": "R43"}),  # SF4 without its split
            (a, version, [one[0], "4K2/<>>"], "illegal", {"rule": "R43"}),
            (a, version, ["9Q9"], "bad_move", None),
        ]
        for ws, ver, moves, code, extra in cases:
            got = ask(ws, ver, moves, ref="r")
            assert got["type"] == "error" and got["ref"] == "r", (moves, got)
            err = got["error"]
            assert err["code"] == code and err["message"], (ver, moves, err)
            for k, x in (extra or {}).items():
                assert err[k] == x, (k, err)
        # The connections still work, and nothing changed.
        assert ask(a, version, one)["previews"] == {one[0]: before["legal"][0]["preview"]}
    after = view(sf_client, game, t0)
    assert fingerprint(after) == fingerprint(before) and after["legal"] == before["legal"]


def test_a_bad_previews_option_in_the_hello_is_refused(client: TestClient) -> None:
    c = create(client)
    game, t0 = c["game"], c["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{game}") as ws:
        for bad in ("sometimes", True, 1):
            ws.send_text(json.dumps({"type": "hello", "token": t0, "previews": bad}))
            m = ws.receive_json()
            assert m["type"] == "error" and m["error"]["code"] == "malformed", m
        welcome, v = hello(ws, t0, previews="on_demand")  # a good hello still works after
        assert welcome["previews"] == "on_demand" and not any("preview" in e for e in v["legal"])


def test_both_legal_lists_are_shared_by_the_views_of_a_version_and_encoded_as_alone() -> None:
    """Each list is made once per version, only when a viewer needs it, shared by the views
    that need it, and its messages are exactly the plain JSON of the views (views.py)."""
    from azulejos.web.views import build_view
    from azulejos.web.wire import dumps, view_message

    from .test_view_sharing import _game

    rng = random.Random(7)
    live = _game(3)
    me = Access("g1", "seat", frozenset({0}))
    for _ in range(12):
        mover = Access("g1", "seat", frozenset({live.state.current_player}))
        bare = [build_view(live, mover, {}, with_previews=False) for _ in range(2)]
        assert bare[0]["legal"] is bare[1]["legal"] and bare[0]["legal"]
        full = [build_view(live, mover, {}) for _ in range(2)]
        assert full[0]["legal"] is full[1]["legal"]
        assert bare[0]["legal"] == [{k: x for k, x in e.items() if k != "preview"}
                                    for e in full[0]["legal"]]
        alone = build_view(live.fork(), mover, {}, with_previews=False)
        for v in (bare[0], full[0], alone):
            assert view_message(v) == dumps({"type": "view", "view": dict(v)})
        assert view_message(bare[1]) == view_message(alone)
        if live.state.current_player != 0:
            assert build_view(live, me, {}, with_previews=False)["legal"] == []
        live.session.play(rng.choice(full[0]["legal"])["move"])


def test_a_fresh_version_makes_no_preview_for_a_view_without_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The list without previews computes none (the core's legal move listing only)."""
    import azulejos.web.legal_json as legal
    import azulejos.web.views as views
    import azulejos.web.wire as wire

    from .test_view_sharing import _game

    live = _game(2)
    mover = Access("g1", "seat", frozenset({live.state.current_player}))

    def no(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("a preview was computed")

    monkeypatch.setattr(legal, "previews", no)
    monkeypatch.setattr("azulejos.core.preview.preview", no)  # legal_json imports no single one
    v = views.build_view(live, mover, {}, with_previews=False)
    assert v["legal"] and wire.view_message(v)
