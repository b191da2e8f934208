"""The page says the server's errors in its own language, never with the English ``message``:
an illegal move by its rule's reason (``reason.R..`` in the page's messages), a bad record by
the ``detail`` the server wrote in the language the page asked for (docs/api.md, "Errors").
``errorText`` of static/js/core.js is run under node when node is installed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.render.reasons import REASONS

from .helpers import create, play, view

CORE_JS = Path(__file__).resolve().parents[2] / "src/azulejos/web/static/js/core.js"
RECORD = Path(__file__).resolve().parents[1] / "golden/valid/game-1-0000.json"
CYRILLIC = re.compile("[а-яіїєґё]")


def illegal_move(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """An illegal move sent to a new game: the view before it and the error."""
    c = create(client)
    game, token = c["game"], c["seats"][0]["token"]
    v = view(client, game, token)
    legal = {m["move"] for m in v["legal"]}
    move = next(f"{s}{k}{d}" for s in "12345C" for k in "BYRKW" for d in "12345F"
                if f"{s}{k}{d}" not in legal)
    r = play(client, game, token, v["version"], move)
    assert r.status_code == 422
    error: dict[str, Any] = r.json()["error"]
    return v, error


def test_R11_an_illegal_move_has_a_reason_by_its_rule_in_every_language(
        client: TestClient) -> None:
    _view, err = illegal_move(client)
    assert err["code"] == "illegal" and err["rule"] == "R11"
    assert err["message"].endswith(f"({err['rule']})")  # the English line stays for API users
    en = client.get("/api/messages/en").json()
    for lang in ("uk", "ru", "fr"):
        words = client.get(f"/api/messages/{lang}").json()
        assert {k for k in words if k.startswith("reason.")} == (
            {f"reason.{r}" for r in REASONS} | {f"reason.{r}.chocolatier" for r in REASONS})
        reason = words[f"reason.{err['rule']}"]
        assert reason and reason != en[f"reason.{err['rule']}"]
        assert "{reason}" in words["error.illegal"] and "{message}" not in words["error.illegal"]
        assert "{rule}" in words["error.illegal_rule"]
    uk = client.get("/api/messages/uk").json()
    assert uk["reason.R13"] == "на цій лінії візерунка інший колір, або вона вже заповнена"
    assert "SF4" in uk["reason.R43"] and "{sf4}" not in uk["reason.R43"]


def test_R18_a_bad_record_is_explained_in_the_language_asked_for(client: TestClient) -> None:
    broken = json.loads(RECORD.read_text())
    broken["rounds"][0]["scores"] = [99, 0]
    body = json.dumps(broken).encode()
    r = client.post("/api/replay", content=body, params={"lang": "uk"},
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    err = r.json()["error"]
    assert (err["code"], err["reason"], err["rule"]) == ("bad_record", "round_scores", "R18")
    assert err["detail"] == ("Раунд 1: записано рахунок 99, 0, а за правилами виходить 0, 0 "
                             "(R18, R19).")
    assert "scores expected" in err["message"]  # the English line for API users
    r = client.post("/api/replay", content=b"{oops", params={"lang": "fr"},
                    headers={"Content-Type": "application/json"})
    err = r.json()["error"]
    assert err["reason"] == "not_json" and "rule" not in err
    assert err["detail"] == "Le fichier n’est pas du JSON valide (erreur à la ligne 1)."


def test_an_unknown_bot_level_is_refused_in_the_page_s_words(client: TestClient) -> None:
    """``unknown_level`` carries the level and the levels there are; every language has the
    sentence the page fills with them (docs/api.md, "Errors")."""
    r = client.post("/api/games", json={"seats": [{}, {"kind": "bot", "level": "grandmaster"}]})
    err = r.json()["error"]
    assert err["code"] == "unknown_level" and err["level"] == "grandmaster"
    en = client.get("/api/messages/en").json()["error.unknown_level"]
    assert en == 'There is no bot level "{level}". Choose one of these: {levels}.'
    for lang in ("uk", "ru", "fr"):
        text = client.get(f"/api/messages/{lang}").json()["error.unknown_level"]
        assert text != en and "{level}" in text and "{levels}" in text, lang
        assert lang == "fr" or CYRILLIC.search(text)


def run_error_text(words: dict[str, Any], lang: str, errors: list[dict[str, Any]]) -> list[str]:
    """``errorText`` of core.js for each error, with the page's words ``words``."""
    script = (
        f"import {{ app, errorText }} from {json.dumps(CORE_JS.as_uri())};\n"
        "import { readFileSync } from 'node:fs';\n"
        "const [words, lang, errors] = JSON.parse(readFileSync(0, 'utf8'));\n"
        "app.words = words; app.settings.lang = lang;\n"
        "console.log(JSON.stringify(errors.map(errorText)));\n"
    )
    out = subprocess.run(["node", "--input-type=module", "-e", script],
                         input=json.dumps([words, lang, errors]), capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    texts: list[str] = json.loads(out.stdout)
    return texts


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_R13_the_page_shows_errors_in_its_language_not_the_english_message(
        client: TestClient) -> None:
    uk = client.get("/api/messages/uk").json()
    errors = [
        {"code": "illegal", "message": "1B2: pattern line 2 is full (R13)", "rule": "R13"},
        {"code": "illegal", "message": "2B1: the game is over (R23)", "rule": "R23"},
        {"code": "bad_record", "message": "not a valid record: bad JSON", "reason": "not_json",
         "detail": "Файл не є правильним текстом JSON."},
        {"code": "not_your_turn", "message": "it is not your turn"},
        {"code": "unknown_level", "message": "seat 2: unknown bot level 'grandmaster' (known: "
         "easy, medium)", "level": "grandmaster", "levels": ["easy", "medium"], "seat": 1},
    ]
    texts = run_error_text(uk, "uk", errors)
    assert texts[0] == ("Такий хід заборонено: на цій лінії візерунка інший колір, або вона вже "
                        "заповнена (R13).")
    assert texts[1] == "Тут такий хід заборонено (R23)."
    assert texts[2] == ("Цей файл не є записом партії, який можна переглянути. Файл не є "
                        "правильним текстом JSON.")
    assert texts[3] == uk["error.not_your_turn"]
    assert texts[4] == "Рівня бота «grandmaster» немає. Оберіть один із цих: easy, medium."
    for text, err in zip(texts, errors):
        assert err["message"] not in text and CYRILLIC.search(text)
