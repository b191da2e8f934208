"""The page and the Python renderer say the game log in the same words (issue 27, item 4).

One game with the special displays, bots, two leaves and the end bonuses is told line by line by
``static/js/words.js`` (run in node with the page's words, ``/api/messages/{lang}``, and
themes, ``/api/meta``) and by :mod:`azulejos.play.words` (what the terminal and the replays
show), in every language and theme: every line must be the same text. A plural test per
language checks that the page picks each count's form as the catalogue does.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import polib
import pytest

from azulejos.core import Bonus, Ruleset
from azulejos.i18n import LANGUAGES, LOCALE_DIR
from azulejos.play import Result, Seat, Standing
from azulejos.play.events import LogEntry
from azulejos.play.seeding import Seeding
from azulejos.play.sentences import SENTENCES
from azulejos.play.session import Session
from azulejos.play.words import (
    Words,
    fill_sentences,
    leave_sentence,
    log_sentence,
    result_sentence,
    tiling_sentence,
)
from azulejos.render.themes import THEMES
from azulejos.web.messages import PLURAL_SAMPLES, languages, theme_json, ui_messages
from azulejos.web.views import log_json

JS = Path(__file__).resolve().parents[2] / "src" / "azulejos" / "web" / "static" / "js"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")

SEATS = [Seat("Ana"), Seat("Easy bot", "easy"), Seat("Easy bot 2", "easy"), Seat("Player 4")]


def played_game() -> Session:
    """A 4-player game with the special displays (R40-R47) played to its end by random legal
    moves; seat 4 resigns in round 2 and Ana runs out of time in round 3."""
    s = Session.new(SEATS, Ruleset(4, special_factories=True), Seeding(11))
    rng = random.Random(5)
    while not s.is_over:
        if s.state.is_chance:
            s.deal_if_due()
            continue
        if s.state.round == 2 and 3 not in s.left:
            s.leave(3, "medium")
        if s.state.round == 3 and 0 not in s.left:
            s.leave(0, "hard", reason="timeout")
        s.play(rng.choice(s.state.legal_moves()))
    return s


def python_lines(w: Words, log: list[LogEntry]) -> list[str]:
    """The log in the Python renderer's words, in the page's order (summary.js, logView)."""
    names = w.names(SEATS)
    out: list[str] = []
    for e in log:
        if e.kind == "fill":
            assert e.fill is not None
            out += [w.phrase("filled").format(round=e.round), *fill_sentences(w, e.fill)]
        elif e.kind == "move":
            assert e.seat is not None and e.move is not None
            out.append(log_sentence(w, names[e.seat], e.move))
        elif e.kind == "leave":
            assert e.seat is not None and e.left is not None
            out.append(leave_sentence(w, names[e.seat], e.left.reason, e.left.bot))
        else:
            out.append(w.phrase("tiling title").format(round=e.round))
            out += [tiling_sentence(w, names, ev) for ev in e.tiling or []]
    return out


JS_LINES = """
import { app, phrase, seatName, t, pluralIndex } from %(core)s;
import { fillSentences, leaveSentence, moveSentence, resultSentence, tilingSentence } from %(words)s;
import { readFileSync } from "node:fs";
const { cases, log, seats, counts, results } = JSON.parse(readFileSync(0, "utf8"));
const out = [];
for (const c of cases) {
  app.words = c.words; app.settings.lang = c.lang; app.meta = { languages: c.languages };
  app.theme = c.themes.find((th) => th.key === c.theme);
  const name = (s) => seatName(seats[s], s);
  const lines = [];
  for (const e of log) {
    if (e.kind === "fill") lines.push(phrase("filled", { round: e.round }), ...fillSentences(e));
    else if (e.kind === "move") lines.push(moveSentence(name(e.seat), e.move));
    else if (e.kind === "leave") lines.push(leaveSentence(name(e.seat), e.reason, e.bot));
    else {
      lines.push(phrase("tiling title", { round: e.round }));
      for (const ev of e.events) lines.push(tilingSentence(name(ev.seat), ev));
    }
  }
  const plurals = {};
  for (const key of c.plural_keys) plurals[key] = counts.map((n) => t(key, { n }));
  const ends = results.map((r) => resultSentence(name, r));
  out.push({ lines, plurals, ends, index: counts.map((n) => pluralIndex(n)) });
}
console.log(JSON.stringify(out));
"""


def run_js(cases: list[dict[str, Any]], log: list[dict[str, Any]], seats: list[dict[str, Any]],
           counts: list[int], results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    script = JS_LINES % {"core": json.dumps((JS / "core.js").as_uri()),
                         "words": json.dumps((JS / "words.js").as_uri())}
    got = subprocess.run(["node", "--input-type=module", "-e", script],
                         input=json.dumps({"cases": cases, "log": log, "seats": seats,
                                           "counts": counts, "results": results}),
                         capture_output=True, text=True, timeout=120)
    assert got.returncode == 0, got.stderr
    out: list[dict[str, Any]] = json.loads(got.stdout)
    return out


def results() -> list[Result]:
    """A win on points, a points tie broken by complete rows, and a shared victory (R25)."""
    ana = Standing(0, 50, Bonus(0, 2, 0, 0), 54, 2)
    easy = Standing(1, 54, Bonus(1, 0, 0, 0), 54, 0)
    easy2 = Standing(2, 30, Bonus(2, 1, 0, 0), 32, 1)
    last = Standing(3, 11, Bonus(3, 0, 0, 0), 11, 0)
    level = Standing(3, 50, Bonus(3, 2, 0, 0), 54, 2)
    behind = Standing(1, 40, Bonus(1, 1, 0, 0), 42, 1)
    return [Result((ana, behind, easy2, last), (0,), (0,), "points"),
            Result((ana, easy, easy2, last), (0,), (0, 1), "rows"),
            Result((ana, easy, easy2, level), (0, 3), (0, 1, 3), "shared")]


def result_view(res: Result) -> dict[str, Any]:
    """The view's ``result`` (views.result_json) of ``res``: what the page reads."""
    return {"winners": list(res.winners), "decided_by": res.decided_by,
            "players": [{"seat": s.seat, "score": s.total, "complete_rows": s.rows}
                        for s in res.standings]}


PLURAL_KEYS = [k for k, v in SENTENCES.items() if isinstance(v, tuple)]
COUNTS = [*range(0, 32), 100, 101, 102, 105, 111, 112, 121, 122, 125, 1001]


@pytest.fixture(scope="module")
def rendered() -> dict[tuple[str, str], tuple[list[str], dict[str, Any]]]:
    """Each (language, theme): the Python lines, and what the page said."""
    s = played_game()
    seats = [{"seat": i, "name": x.name, "kind": "bot" if x.bot else "person", "level": x.bot}
             for i, x in enumerate(SEATS)]
    cases: list[dict[str, Any]] = [{"lang": lang, "theme": theme, "words": ui_messages(lang),
                                    "themes": theme_json(lang), "languages": languages(),
                                    "plural_keys": PLURAL_KEYS}
             for lang in LANGUAGES for theme in THEMES]
    js = run_js(cases, log_json(s.log), seats, COUNTS, [result_view(r) for r in results()])
    return {(c["lang"], c["theme"]): (python_lines(Words(c["lang"], c["theme"]), s.log), j)
            for c, j in zip(cases, js)}


def test_the_fixture_game_has_every_kind_of_line() -> None:
    """The game below exercises every builder: specials with SF1's tile and SF2's pulls (R41),
    runs in rows and columns, empty and full floors, both leaves and the end bonuses (R24)."""
    s = played_game()
    text = "\n".join(python_lines(Words("en"), s.log))
    for part in ("SF1", "SF2 (", "in the row", "in the column", "no neighbours", "end bonuses",
                 "left the game", "ran out of time", "Easy bot 2", "Player 4"):
        assert part in text, part
    assert re.search(r"draws|gets", text)


@needs_node
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("theme", list(THEMES))
def test_the_page_tells_the_log_in_the_python_renderers_words(
        rendered: dict[tuple[str, str], tuple[list[str], dict[str, Any]]], lang: str,
        theme: str) -> None:
    """Every move, fill, tiling step (R17-R19, R24, R31), special display (R40, R41) and leave
    of the game: the same sentence from words.js as from play/words.py."""
    want, js = rendered[(lang, theme)]
    assert len(js["lines"]) == len(want) > 100
    for i, (got, said) in enumerate(zip(js["lines"], want)):
        assert got == said, (i, got, said)
    assert not any(re.search(r"\{\w+\}", line) for line in js["lines"])  # every part filled


@needs_node
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_says_who_won_in_the_python_renderers_words_R25(
        rendered: dict[tuple[str, str], tuple[list[str], dict[str, Any]]], lang: str) -> None:
    """A win on points, a tie broken by complete rows and a shared victory: the end summary's
    headline (words.js ``resultSentence``) is the terminal's verdict (``result_sentence``)."""
    _want, js = rendered[(lang, "classic")]
    w = Words(lang)
    said = [result_sentence(w, w.names(SEATS), r) for r in results()]
    assert js["ends"] == said
    assert len(set(said)) == 3


@needs_node
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_picks_each_counts_plural_form_as_the_catalogue_does(
        rendered: dict[tuple[str, str], tuple[list[str], dict[str, Any]]], lang: str) -> None:
    """``pluralIndex`` (core.js, reading the table ``/api/meta`` makes of the catalogue's
    ``Plural-Forms``) against ``ngettext`` for every shared plural sentence and counts 0-31,
    100-125, 1001: uk and ru have three forms, fr says ``0 point`` (singular), en ``0 points``."""
    _want, js = rendered[(lang, "classic")]
    w = Words(lang)
    assert len(set(js["index"])) == len(PLURAL_SAMPLES[lang])
    for key in PLURAL_KEYS:
        said = [w.sentence(key, n).format(n=n) for n in COUNTS]
        assert js["plurals"][key] == said, key
    zero = js["plurals"]["count.points"][0]
    one = js["plurals"]["count.points"][1]
    if lang == "fr":
        assert zero == "0 point" and one == "1 point"
    elif lang in ("uk", "ru"):
        forms = {js["plurals"]["count.points"][n] .split(" ", 1)[1] for n in (1, 2, 5, 21, 22, 25)}
        assert len(forms) == 3, forms
    else:
        assert zero == "0 points" and one == "1 point"


def test_every_shared_sentence_is_translated_in_every_language() -> None:
    """Each shared template has its translation in every catalogue (every plural form in uk
    and ru), and is served under its key (English is the msgids' own language)."""
    for lang in LANGUAGES[1:]:
        words = ui_messages(lang)
        po = {e.msgid: e for e in polib.pofile(str(LOCALE_DIR / lang / "LC_MESSAGES" / "azulejos.po"))
              if not e.obsolete and e.msgctxt is None}
        for key, template in SENTENCES.items():
            assert key in words, (lang, key)
            entry = po[template[0] if isinstance(template, tuple) else template]
            assert "fuzzy" not in entry.flags, (lang, key)
            if isinstance(template, tuple):
                forms = entry.msgstr_plural
                assert len(forms) == len(PLURAL_SAMPLES[lang]) and all(forms.values()), (lang, key)
            else:
                assert entry.msgstr, (lang, key)


def _code(path: Path) -> str:
    """A JS file without its comments (the line comments and the /* */ ones)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
    return re.sub(r"(?m)(^|[^:\"'`\\])//.*$", r"\1", text)


#: Where a JS literal would be text on the screen: a shown attribute, an element's child, a toast.
SHOWN = re.compile(r"""(?:\b(?:text|title|label|placeholder|alt)|"aria-label"):\s*("[^"]*"|`[^`]*`|'[^']*')"""
                   r"""|\b(?:toast|el\("[a-z0-9]+",\s*\{[^{}]*\})\s*[(,]\s*("[^"]*"|`[^`]*`)""")


def test_the_page_s_words_all_come_from_the_catalogue() -> None:
    """No JS file shows a text literal of its own (the badges ``SF1``..``SF5`` aside): every
    word on the page is a message of ``/api/messages/{lang}`` or a theme phrase, and every key
    the JS asks for is one the server serves (a missing key would show as itself)."""
    words = ui_messages("en")
    themes = theme_json("en")
    for path in sorted(JS.glob("*.js")):
        code = _code(path)
        for m in re.finditer(r"\b(?:t|tt)\(\"([\w.]+)\"", code):
            assert m.group(1) in words, (path.name, m.group(1))
        for m in re.finditer(r"\bphrase\(\"([^\"]+)\"", code):
            for th in themes:
                assert m.group(1) in th["phrases"], (path.name, m.group(1), th["key"])  # type: ignore[operator]
        for m in SHOWN.finditer(code):
            literal = next(g for g in m.groups() if g is not None)[1:-1]
            bare = re.sub(r"\$\{[^}]*\}", "", literal)
            if re.fullmatch(r"SF[1-5]", bare):
                continue
            assert not re.search(r"[^\W\d_]{2,}", bare), (path.name, m.group(0)[:80])


def test_the_summary_says_why_the_game_ended_for_every_way_it_can_end_R23_R34_R35_R36() -> None:
    """Each ``ended_by`` the core can give has its sentence in the summary (summary.js)."""
    import inspect

    from azulejos.core.state import State

    ways = re.findall(r'"(\w+)"', inspect.getsource(State.ended_by.fget))  # type: ignore[attr-defined]
    assert set(ways) >= {"row", "stuck", "empty", "blocked"}
    summary = _code(JS / "summary.js")
    words = ui_messages("en")
    for way in ways:
        assert f'{way}: "end.ended_{way}"' in summary and f"end.ended_{way}" in words, way
