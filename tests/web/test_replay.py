"""Replay and review over the web API (issue #14 item 4, docs/api.md "Replays"): the frames of
a finished game, of a running game (up to now, for players and spectators), of a record opened
in the browser (base game and the special factories module, R40-R47), with the engine review
when the record has one; bad, oversized and unauthorised requests are refused with one line.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from azulejos.agents.review import MISTAKE_POINTS
from azulejos.notation import parse_record
from azulejos.web.replays import MAX_RECORD

from .helpers import auth, create, play_random

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
REVIEWED = DATA / "replay-reviewed.json"  # azulejos review golden/valid/bots-2p-hard-medium.json --iterations 40
SF_REVIEWED = DATA / "replay-sf-reviewed.json"  # the same of special_factories/valid/sf-3p-grey.json
SF_RECORD = ROOT / "tests/golden/special_factories/valid/sf-3p-grey.json"


def game_replay(client: TestClient, game: str, token: str, **params: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game}/replay", headers=auth(token), params=params)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def upload(client: TestClient, body: bytes, **params: str) -> Any:
    return client.post("/api/replay", content=body, params=params,
                       headers={"Content-Type": "application/json"})


def record_of(client: TestClient, game: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game}/record", headers=auth(token))
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def moves_of(record: dict[str, Any]) -> list[str]:
    return [m for rnd in record["rounds"] for m in rnd["moves"]]


def check_frames(data: dict[str, Any], record: dict[str, Any]) -> None:
    """One frame per round start and per move, in the record's order; each round's first frame
    shows its fill; after the last move of a round the scores are the record's (R17-R19)."""
    frames = data["frames"]
    assert len(frames) == len(record["rounds"]) + len(moves_of(record))
    i = 0
    for ri, rnd in enumerate(record["rounds"], 1):
        start = frames[i]
        assert start["move"] is None and start["round"] == ri and start["text"]
        dealt = sorted("".join(start["table"]["factories"]))
        assert dealt == sorted("".join(rnd["factories"])) or record.get("special_factories")
        for text in rnd["moves"]:
            i += 1
            f = frames[i]
            assert f["round"] == ri and f["move"] is not None and f["text"]
            assert f["move"][0] == text[0] and f["move"][2:] == text[2:]  # theme letter in the middle
        if rnd.get("scores") is not None:
            last = ri == len(record["rounds"]) and record.get("final_scores")
            want = record["final_scores"] if last else rnd["scores"]  # the end bonuses (R24)
            assert [b["score"] for b in frames[i]["table"]["boards"]] == want
            assert frames[i]["tiling"] and frames[i]["tiling_text"]
        i += 1


def test_replay_of_a_finished_game_has_every_move_and_the_final_scores(client: TestClient) -> None:
    c = create(client, players=2, seats=[{"name": "Ann"}, {"name": "Bo"}])
    end = play_random(client, c, random.Random(3))
    ann = c["seats"][0]["token"]
    record = record_of(client, c["game"], ann)
    for token in (ann, c["spectator_token"]):
        data = game_replay(client, c["game"], token)
        assert data["over"] is True and data["review"] is None
        check_frames(data, record)
        last = data["frames"][-1]["table"]
        assert [b["score"] for b in last["boards"]] == end["result"]["scores"]
        assert data["result"] == end["result"]
        assert [s["name"] for s in data["seats"]] == ["Ann", "Bo"]
        assert data["frames"][1]["text"].startswith("Ann ")


def test_replay_of_a_running_game_stops_at_the_present(client: TestClient) -> None:
    c = create(client, players=3, seats=[{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}])
    now = play_random(client, c, random.Random(5), max_moves=7)
    for token in [s["token"] for s in c["seats"]] + [c["spectator_token"]]:
        data = game_replay(client, c["game"], token)
        assert data["over"] is False and data["result"] is None
        assert len(data["frames"]) == 1 + 7  # round 1's fill, then the 7 moves played
        last = data["frames"][-1]["table"]
        assert last["factories"] == now["factories"] and last["centre"] == now["centre"]
        assert last["current"] == now["current"]
        assert [b["lines"] for b in last["boards"]] == [b["lines"] for b in now["boards"]]


def test_replay_in_the_page_language_and_theme(client: TestClient) -> None:
    c = create(client, players=2, seats=[{"name": "Ann"}, {"name": "Bo"}])
    play_random(client, c, random.Random(8), max_moves=2)
    token = c["seats"][0]["token"]
    en = game_replay(client, c["game"], token)
    uk = game_replay(client, c["game"], token, lang="uk", theme="chocolatier")
    assert en["frames"][1]["text"] != uk["frames"][1]["text"]
    assert uk["frames"][1]["text"].startswith("Ann ")
    fr = game_replay(client, c["game"], token, lang="xx", theme="nope")  # unknown: English, classic
    assert fr["frames"][1]["text"] == en["frames"][1]["text"]


def test_replay_of_a_game_needs_its_token(client: TestClient) -> None:
    c = create(client, players=2, seats=[{"name": "Ann"}, {"name": "Bo"}])
    other = create(client, players=2, seats=[{"name": "Cy"}, {"name": "Di"}])
    r = client.get(f"/api/games/{c['game']}/replay")
    assert r.status_code == 401 and r.json()["error"]["code"] == "bad_token"
    r = client.get(f"/api/games/{c['game']}/replay", headers=auth(other["seats"][0]["token"]))
    assert r.status_code in (401, 403, 404) and "error" in r.json()


def test_R43_R44_an_opened_module_record_replays_with_its_special_displays(client: TestClient) -> None:
    text = SF_RECORD.read_bytes()
    record = json.loads(text)
    r = upload(client, text)
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["ruleset"]["special_factories"] is True and data["players"] == 3
    check_frames(data, record)
    for ri, rnd in enumerate(record["rounds"], 1):
        start = next(f for f in data["frames"] if f["round"] == ri and f["move"] is None)
        kinds = {str(i + 1): k for i, k in enumerate(start["table"]["specials"]["displays"]) if k}
        assert kinds == rnd["specials"]  # R40: the displays the record names
    assert data["over"] is True and data["result"]["scores"] == record["final_scores"]


def test_an_opened_reviewed_record_shows_the_review_and_each_players_biggest_mistakes(
    client: TestClient,
) -> None:
    for path in (REVIEWED, SF_REVIEWED):
        text = path.read_bytes()
        record = json.loads(text)
        data = upload(client, text, lang="fr").json()
        check_frames(data, record)
        entries = [e for rnd in record["review"]["moves"] for e in rnd]
        moves = [f for f in data["frames"] if f["move"] is not None]
        assert len(moves) == len(entries)
        for f, e in zip(moves, entries):
            assert f["seat"] == e["seat"] and f["review"]["lost"] == e["lost"]
            assert f["review"]["text"].startswith("Analyse")  # the French review sentence
        assert data["review"]["mistake_points"] == MISTAKE_POINTS
        for seat, listed in enumerate(data["review"]["mistakes"]):
            big = sorted((e["lost"] for e in entries if e["seat"] == seat and e["lost"] >= MISTAKE_POINTS),
                         reverse=True)[:3]
            assert [m["lost"] for m in listed] == big
            for m in listed:  # each points at its frame, which shows that move
                assert data["frames"][m["frame"]]["move"] == m["move"]
                assert data["frames"][m["frame"]]["review"]["lost"] == m["lost"]
                # the move and the engine's choice in words, not only in notation
                assert m["move_text"] == data["frames"][m["frame"]]["text"]
                name = data["seats"][seat]["name"]
                assert m["best_text"].startswith(name + " ") and m["best"] not in m["best_text"]
        for f in moves:  # the engine's choice in words wherever it differs from the move
            if f["review"].get("best") not in (None, f["move"]):
                assert f["review"]["best_text"].startswith(data["seats"][f["seat"]]["name"])
    assert any(data["review"]["mistakes"])


def test_a_malformed_record_is_refused_with_one_line(client: TestClient) -> None:
    good = json.loads(REVIEWED.read_text())
    broken = json.loads(REVIEWED.read_text())
    broken["rounds"][1]["moves"][3] = "9Q9"
    illegal = json.loads(REVIEWED.read_text())
    illegal["rounds"][0]["scores"] = [99, 0]
    cases = [b"", b"{not json", b"[1, 2]", b'{"format": "azulejos-record/1"}',
             json.dumps(broken).encode(), json.dumps(illegal).encode(),
             json.dumps({**good, "players": 7}).encode()]
    for body in cases:
        r = upload(client, body)
        assert r.status_code == 400, (body[:40], r.text)
        err = r.json()["error"]
        assert err["code"] == "bad_record" and err["message"] and "\n" not in err["message"]
        assert "Traceback" not in r.text
    assert "round 1" in upload(client, json.dumps(illegal).encode()).json()["error"]["message"]


def test_a_record_too_large_is_refused_before_it_is_read(client: TestClient) -> None:
    good = json.loads(REVIEWED.read_text())
    big = json.dumps({**good, "padding": "x" * MAX_RECORD}).encode()
    r = upload(client, big)
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
    assert parse_record(REVIEWED.read_text())  # the record itself is fine
    assert upload(client, REVIEWED.read_bytes()).status_code == 200


def test_the_server_reviews_a_finished_game_once_and_refuses_a_running_one(client: TestClient) -> None:
    c = create(client, players=2, seats=[{"name": "Ann"}, {"name": "Bo"}])
    r = client.post(f"/api/games/{c['game']}/review", headers=auth(c["seats"][0]["token"]))
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_over"
    assert client.post(f"/api/games/{c['game']}/review").status_code == 401
    play_random(client, c, random.Random(12))
    r = client.post(f"/api/games/{c['game']}/review", headers=auth(c["spectator_token"]))
    assert r.status_code == 200, r.text
    data = r.json()
    record = data.pop("record")
    assert record["review"]["format"] == "azulejos-review/1" and record["review"]["iterations"] >= 30
    check_frames(data, record)
    moves = [f for f in data["frames"] if f["move"] is not None]
    assert all(f["review"] is not None and f["review"]["lost"] >= 0 for f in moves)
    # the annotated record opens in the browser like a downloaded one, with the same review
    again = upload(client, json.dumps(record).encode()).json()
    assert again["frames"] == data["frames"] and again["review"] == data["review"]
    # asked again: the same review (kept), in another language
    uk = client.post(f"/api/games/{c['game']}/review", params={"lang": "uk"},
                     headers=auth(c["seats"][1]["token"])).json()
    assert uk["record"]["review"] == record["review"]
    assert uk["frames"][1]["review"]["text"] != data["frames"][1]["review"]["text"]


def _mutate(value: Any, rng: random.Random) -> Any:
    """``value`` with one random part replaced by something of another shape."""
    junk = [None, -1, 0, 7, 1e308, float("nan"), "", "9Q9", "CBF", [], {}, [1, "x"], True, "x" * 50]
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        return {**value, key: _mutate(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        return [*value[:i], _mutate(value[i], rng), *value[i + 1:]]
    return rng.choice(junk)


def test_a_mutated_record_is_a_replay_or_one_line_never_a_crash(client: TestClient) -> None:
    """Random damage anywhere in reviewed records (base and module, R40-R47), the review key
    too: each answer is a replay or a one-line bad_record, valid JSON, never a server error."""
    rng = random.Random(14)
    sources = [json.loads(REVIEWED.read_text()), json.loads(SF_REVIEWED.read_text())]
    outcomes = set()
    for _ in range(150):
        bad = _mutate(rng.choice(sources), rng)
        r = upload(client, json.dumps(bad).encode())
        assert r.status_code in (200, 400), r.text[:300]
        data = r.json()
        if r.status_code == 400:
            assert data["error"]["code"] == "bad_record" and "\n" not in data["error"]["message"]
        else:
            assert data["frames"] and isinstance(data["over"], bool)
        outcomes.add(r.status_code)
    assert outcomes == {200, 400}


def test_a_random_bot_keeps_its_seat_and_translated_name_in_the_replay(client: TestClient) -> None:
    """The random bot's seat came back from the record as a person named "random bot", so its
    name stayed English in every language (the levels were fine)."""
    c = create(client, players=2, seats=[{"name": "Ann"}, {"kind": "bot", "level": "random"}])
    play_random(client, c, random.Random(8), max_moves=3)
    token = c["seats"][0]["token"]
    uk = game_replay(client, c["game"], token, lang="uk")
    bot_texts = [f["text"] for f in uk["frames"] if f["move"] is not None and f.get("seat") == 1]
    names = json.dumps(uk, ensure_ascii=False)
    assert "random bot" not in names.lower()
    assert "Випадковий бот" in names
    assert not bot_texts or all(t.startswith("Випадковий бот") for t in bot_texts)
