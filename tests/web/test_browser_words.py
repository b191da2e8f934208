"""The page's game log and end summary say what the terminal says, in Ukrainian and Russian, in
a real browser (Debian's Chromium, driven by Playwright; issue 27, item 4).

Two random bots play a 3-player game with the special displays (R40-R47) to its end; a spectator
opens it in uk (classic theme) and ru (chocolatier). Every line of the page's log (fills with
their special displays, moves, the wall-tiling with the end bonuses, R24) and the summary's
verdict (R25) must be the sentence :mod:`azulejos.play.words` makes of the game's record. The
screenshots (the log at the last round's end, and the summary) go to $AZULEJOS_ARTIFACTS.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from azulejos.core import Bonus, Penalised
from azulejos.core.results import result
from azulejos.notation import parse_record, replay_steps
from azulejos.play import record_seats
from azulejos.play.words import (
    Words,
    fill_sentences,
    log_sentence,
    result_sentence,
    tiling_sentence,
)

from .browser import CHROMIUM, DESKTOP, artifacts, chromium, open_page
from .servers import served_in_thread

uvicorn = pytest.importorskip("uvicorn")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with served_in_thread(tmp_path / "games.sqlite3", 4) as url:
        yield url


def finished_game(base: str) -> tuple[str, str]:
    """A game of three random bots with the special displays, played to its end: its id and the
    spectators' token."""
    created = httpx.post(f"{base}/api/games", json={
        "players": 3, "special_factories": True,
        "seats": [{"kind": "bot", "level": "random"}] * 3}).json()
    game, token = created["game"], created["spectator_token"]
    deadline = time.monotonic() + 60
    while True:
        view = httpx.get(f"{base}/api/games/{game}", headers={"Authorization": f"Bearer {token}"}).json()
        if view["phase"] == "over":
            return game, token
        assert time.monotonic() < deadline, "the bots did not finish within a minute"
        time.sleep(0.2)


def python_lines(base: str, game: str, token: str, w: Words) -> tuple[list[str], str]:
    """The log as the page lists it (the floors with nothing on them and bonuses of no points
    left out, as summary.js does), and the verdict, in the terminal's words from the record."""
    record = parse_record(httpx.get(f"{base}/api/games/{game}/record",
                                    headers={"Authorization": f"Bearer {token}"}).text)
    names = w.names(record_seats(record))
    lines: list[str] = []
    st = None
    for step in replay_steps(record):
        st = step.state
        if step.fill is not None:
            lines += [w.phrase("filled").format(round=step.round), *fill_sentences(w, step.fill)]
            continue
        assert step.move is not None and step.seat is not None
        lines.append(log_sentence(w, names[step.seat], step.move))
        if st.is_chance or st.is_over:
            lines.append(w.phrase("tiling title").format(round=step.round))
            lines += [tiling_sentence(w, names, ev) for ev in st.tiling_log
                      if not (isinstance(ev, Penalised) and not ev.penalty)
                      and not (isinstance(ev, Bonus) and not ev.points)]
    assert st is not None and st.is_over
    return lines, result_sentence(w, names, result(st))


@pytest.mark.parametrize(("lang", "theme"), [("uk", "classic"), ("ru", "chocolatier")])
def test_the_page_s_log_and_verdict_are_the_terminal_s_words_R24_R25(
        base: str, lang: str, theme: str) -> None:
    game, token = finished_game(base)
    want, verdict = python_lines(base, game, token, Words(lang, theme))
    out = artifacts()
    errors: list[str] = []
    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        settings = json.dumps({"lang": lang, "theme": theme, "patterns": False})
        page.add_init_script(f"localStorage.setItem('azulejos.settings', {json.dumps(settings)})")
        page.goto(f"{base}/play/{game}#{token}")
        page.wait_for_selector("#summary .winner-line")
        assert page.inner_text("#summary .winner-line") == verdict
        page.screenshot(path=str(out / f"words-summary-{lang}.png"))
        page.click("#close-summary")
        page.wait_for_selector(".log-list li")
        got = page.eval_on_selector_all(".log-list li", """(items) => items.map((li) => {
            const c = li.cloneNode(true); c.querySelectorAll("svg").forEach((s) => s.remove());
            return c.textContent.trim(); })""")  # the words, without the tile chips' letters
        assert got == want
        assert any("бонус" in line for line in got)  # the end bonuses, itemised (R24)
        page.evaluate("() => { const l = document.querySelector('.log-list'); l.scrollTop = l.scrollHeight; }")
        page.screenshot(path=str(out / f"words-log-{lang}.png"), full_page=True)
        page.context.close()
    assert not errors, errors


@pytest.mark.parametrize(("locale", "lang"), [("uk-UA", "uk"), ("de-DE", "en")])
def test_a_first_visit_speaks_the_browser_s_language_if_the_server_has_it(
        base: str, locale: str, lang: str) -> None:
    """No settings yet: the browser's language when ``/api/meta`` lists it, else English (the
    page keeps no list of languages of its own)."""
    errors: list[str] = []
    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP, locale=locale)
        page.goto(f"{base}/")
        page.wait_for_selector(f"html[lang='{lang}'] #set-lang")
        assert page.input_value("#set-lang") == lang
        page.context.close()
    assert not errors, errors
