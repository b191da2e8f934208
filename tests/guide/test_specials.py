"""The rules helper on the Master Chocolatier special factory displays (R40-R47): the section in
every language, its positions played by the engine, and the SF5 puzzle of ``azulejos learn``."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from azulejos.core import specials
from azulejos.core.moves import parse_move
from azulejos.core.state import State
from azulejos.guide import get_section
from azulejos.guide import words as guide_words
from azulejos.guide.puzzles import (
    SPECIAL_PUZZLES,
    IllPosedPuzzle,
    best_line,
    best_moves,
    explain,
    lead_value,
    values,
)
from azulejos.guide.special_displays import after_fill_effects, sf4_draft
from azulejos.guide.specials_script import after_fill_fill, after_fill_position
from azulejos.guide.tutorial import run_tutorial
from azulejos.i18n import LANGUAGES, translation
from azulejos.render.text import render_state


@pytest.mark.parametrize("lang", LANGUAGES)
def test_R40_section_names_every_kind_in_every_language(lang: str) -> None:
    text = get_section("specials", lang)
    for kind in ("SF1", "SF2", "SF3", "SF4", "SF5"):
        assert kind in text
    assert "--special-factories" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_section_boards_are_the_engine_rendering(lang: str) -> None:
    tr = translation(lang)
    names = guide_words.names(tr)
    text = get_section("specials", lang)
    assert render_state(after_fill_position(), names, tr=tr) in text
    assert render_state(sf4_draft()[0], names, tr=tr) in text


def test_R41_R47c_after_fill_is_told_in_display_order_as_the_engine_applies_it() -> None:
    state = after_fill_position()
    state.check_invariants()
    plain, effects, final = after_fill_effects()
    assert final == state.factories  # the told effects end on the engine's table
    # replaying the told effects on the plain fill gives the same table
    counts = [list(c) for c in plain]
    for ev in effects:
        counts[ev.display][ev.colour] += 1
        if ev.source is not None:
            counts[ev.source][ev.colour] -= 1
    assert counts == state.factories
    assert [ev.display for ev in effects] == sorted(ev.display for ev in effects)
    fill = after_fill_fill()
    sf1 = next(d for d, k in fill.specials if k == specials.SF1)
    extra = [ev for ev in effects if ev.source is None]
    assert [(ev.display, ev.colour) for ev in extra] == [(sf1, k) for k in fill.extra]
    # R47c: an SF2 takes back the tile SF1 has just drawn
    assert any(ev.source == sf1 and ev.colour in fill.extra for ev in effects)
    assert state.factories[sf1] == plain[sf1]
    assert sum(map(sum, state.factories)) == sum(map(sum, plain)) + len(fill.extra)


def test_R41_after_fill_lines_in_the_section_match_the_effects() -> None:
    text = get_section("specials", "en")
    for ev in after_fill_effects()[1]:
        who = f"{ev.kind} on display {ev.display + 1}"
        if ev.source is None:
            assert f"{who} draws one more tile from the bag: {'BYRKW'[ev.colour]}." in text
        else:
            assert f"{who} takes {'BYRKW'[ev.colour]} from display {ev.source + 1}." in text


def test_R43_sf4_example_sends_each_colour_where_the_move_says() -> None:
    before, move, after, sent = sf4_draft()
    m = parse_move(move)
    assert before.specials[m.source] == "SF4" and before.is_legal(m)
    left, right = before.neighbours(m.source)
    assert len(sent) == len(m.directions) > 0
    for s in sent:
        assert s.to == (right if s.right else left)
        gained = after.factories[s.to][s.colour] - before.factories[s.to][s.colour]
        assert gained == s.count == before.factories[m.source][s.colour]
    assert not any(after.factories[m.source]) and after.centre == before.centre
    text = get_section("specials", "en")
    assert f"plays {move}." in text


def _brute_force(state: State, move: str) -> int:
    """Every way the others can finish the round; the mover's gain must be the same in each."""
    seat = state.current_player
    start = state.scores[seat]
    results: set[int] = set()

    def walk(st: State) -> None:
        if st.phase != "draft":
            results.add(st.scores[seat] - start)
            return
        assert st.current_player != seat
        for m in st.legal_moves():
            st.push(m)
            walk(st)
            st.pop()

    c = state.copy()
    c.push(move)
    walk(c)
    assert len(results) == 1
    return results.pop()


SF5_PUZZLES = [p for p in SPECIAL_PUZZLES if p.kind == "sf5"]
SF4_PUZZLES = [p for p in SPECIAL_PUZZLES if p.kind == "sf4"]


def test_both_special_puzzles_exist() -> None:
    assert SF5_PUZZLES and SF4_PUZZLES
    assert all(pz.special for pz in SPECIAL_PUZZLES)


@pytest.mark.parametrize("pz", SF5_PUZZLES, ids=lambda p: f"{p.kind}-{p.at.moves}")
def test_R44_sf5_puzzle_values_are_the_engine_scores(pz) -> None:  # type: ignore[no-untyped-def]
    st = pz.state()
    assert "SF5" in st.specials.values() and st.sf5_holder is None
    vals = values(st)
    assert set(vals) == {m.text() for m in st.legal_moves()}
    for move, v in vals.items():
        assert v == _brute_force(st, move)
    assert len(set(vals.values())) > 2


@pytest.mark.parametrize("pz", SF5_PUZZLES, ids=lambda p: f"{p.kind}-{p.at.moves}")
def test_R44_R47a_the_best_answer_needs_SF5(pz) -> None:  # type: ignore[no-untyped-def]
    """The best move drafts from SF5 and drops a tile on it; the same draft's tiles from the
    centre would score less (the marker, and no SF5)."""
    st = pz.state()
    top, best = best_moves(st)
    sf5 = next(d for d, k in st.specials.items() if k == "SF5")
    vals = values(st)
    for move in best:
        m = parse_move(move)
        assert not m.is_centre and m.source == sf5
        out = explain(st, move)
        assert out.caught == 1 and not out.marker
        twin = f"C{move[1:]}"  # the same colour and destination from the centre
        if twin in vals:
            assert vals[twin] < top and explain(st, twin).caught == 0


def _minimax(state: State, seat: int) -> int:
    """The mover's lead at the round's end, both sides best: plain recursion, no memo."""
    if state.phase != "draft":
        return state.scores[seat] - state.scores[1 - seat]
    results = []
    for m in state.legal_moves():
        state.push(m)
        results.append(_minimax(state, seat))
        state.pop()
    return max(results) if state.current_player == seat else min(results)


@pytest.fixture(scope="module")
def sf4_values() -> dict[str, int]:
    return values(SF4_PUZZLES[0].state(), "sf4")


def test_R43_sf4_puzzle_values_are_an_exhaustive_search(sf4_values: dict[str, int]) -> None:
    st = SF4_PUZZLES[0].state()
    assert "SF4" in st.specials.values()
    seat = st.current_player
    before = st.scores[seat] - st.scores[1 - seat]
    assert set(sf4_values) == {m.text() for m in st.legal_moves()}
    for move, v in sf4_values.items():
        c = st.copy()
        c.push(move)
        assert v == _minimax(c, seat) - before, move
    assert len(set(sf4_values.values())) > 2


def test_R43_R47d_in_the_sf4_puzzle_the_split_decides(sf4_values: dict[str, int]) -> None:
    st = SF4_PUZZLES[0].state()
    top = max(sf4_values.values())
    best = [m for m, v in sf4_values.items() if v == top]
    sf4 = next(d for d, k in st.specials.items() if k == "SF4")
    for move in best:
        m = parse_move(move)
        assert not m.is_centre and m.source == sf4 and m.split
        others = [x for x in sf4_values if x.split("/")[0] == move.split("/")[0] and x != move]
        assert others and all(sf4_values[x] < top for x in others)


def test_sf4_puzzle_best_line_reaches_the_value(sf4_values: dict[str, int]) -> None:
    st = SF4_PUZZLES[0].state()
    seat = st.current_player
    before = st.scores[seat] - st.scores[1 - seat]
    for move in sf4_values:
        c = st.copy()
        c.push(move)
        for m in best_line(st, move):
            c.push(m)
        assert c.phase != "draft"
        assert c.scores[seat] - c.scores[1 - seat] - before == sf4_values[move]


def test_lead_is_only_for_two_players() -> None:
    from azulejos.core.ruleset import Ruleset

    st = State.new(Ruleset(3, special_factories=True))
    st.apply_fill(st.sample_fill(__import__("random").Random(1)))
    with pytest.raises(IllPosedPuzzle):
        lead_value(st, st.legal_moves()[0].text())


def _run(text: str, lang: str = "en") -> tuple[int, str]:
    out = io.StringIO()
    solved = run_tutorial(io.StringIO(text), out, lang, puzzles=SPECIAL_PUZZLES)
    return solved, out.getvalue()


def _answers() -> list[str]:
    return [best_moves(pz.state(), pz.kind)[1][0] for pz in SPECIAL_PUZZLES]


def test_special_puzzles_solved_by_the_engine_answers() -> None:
    solved, out = _run("\n".join(_answers()) + "\n")
    assert solved == len(SPECIAL_PUZZLES)
    for pz in SPECIAL_PUZZLES:
        kind = pz.kind.upper()
        display = next(d for d, k in pz.state().specials.items() if k == kind)
        assert f"Display {display + 1} is {kind}." in out


def test_R40_R43_sf4_hint_names_the_neighbours_around_the_circle() -> None:
    st = SF4_PUZZLES[0].state()
    sf4 = next(d for d, k in st.specials.items() if k == "SF4")
    n = len(st.factories)
    solved, out = _run(_answers()[0] + "\nhint\nquit\n")
    left, right = (sf4 - 1) % n + 1, (sf4 + 1) % n + 1  # R40: display 1's left is 2n+1
    assert f"display {left} on the left, display {right} on the right" in out


def test_R43_wrong_sf4_answer_is_explained_with_the_best_play(sf4_values: dict[str, int]) -> None:
    st = SF4_PUZZLES[0].state()
    top = max(sf4_values.values())
    best = sorted(m for m, v in sf4_values.items() if v == top)
    twin = next(m for m in sf4_values if m.split("/")[0] == best[0].split("/")[0]
                and sf4_values[m] < top)
    solved, out = _run(_answers()[0] + f"\n{twin}\n")
    assert solved == 1 and f"{twin} brings" in out and f"but {best[0]} brings" in out
    for move in (twin, best[0]):
        line = ", ".join(best_line(st, move))
        assert f"After {move}, best play goes on: {line}." in out


def test_R44_wrong_answer_is_explained_with_the_floor_and_SF5() -> None:
    st = SF5_PUZZLES[0].state()
    vals = values(st)
    top, best = best_moves(st)
    wrong = max((m for m in vals if vals[m] < top), key=vals.__getitem__)
    solved, out = _run(wrong + "\nquit\n")
    assert solved == 0 and f"but {best[0]} brings" in out
    mine, theirs = explain(st, wrong), explain(st, best[0])
    assert f"{wrong}: {mine.fell} tile" in out and f"{best[0]}: {theirs.fell} tile" in out
    assert "lies on SF5 for free" in out
    assert ("first-player marker comes too" in out) == (mine.marker or theirs.marker)


def test_R43_a_split_on_a_plain_draft_is_refused_with_the_reason() -> None:
    answer = _answers()[0]
    solved, out = _run(f"{answer}/<\nhint\n{answer}\n")
    assert f"{answer}/< is not allowed here: only a draft from SF4" in out
    assert "the first tile they drop lies on it for free" in out
    assert solved == 1


@pytest.mark.parametrize(("lang", "word"), [("uk", "SF5"), ("ru", "SF5"), ("fr", "SF5")])
def test_special_puzzle_speaks_the_language(lang: str, word: str) -> None:
    st = SF5_PUZZLES[0].state()
    vals = values(st)
    wrong = min(vals, key=vals.__getitem__)
    solved, out = _run(f"hint\n{wrong}\n", lang)
    en = _run(f"hint\n{wrong}\n", "en")[1]
    assert solved == 0 and word in out
    board = {line for pz in SPECIAL_PUZZLES
             for line in render_state(pz.state(), ["Ana", "Ben"]).splitlines()}
    sentences = [line for line in en.splitlines() if line and line not in board]
    assert len(sentences) >= 6
    assert not set(sentences) & set(out.splitlines())  # intro, question, hint, explanations


def test_learn_special_factories_through_a_pipe() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "azulejos", "learn", "--special-factories", "--lang", "fr"],
        input="\n".join(_answers()) + "\n", capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "SF5" in proc.stdout and "SF4" in proc.stdout
    n = len(SPECIAL_PUZZLES)
    assert f"Vous avez résolu {n} énigmes sur {n}." in proc.stdout


def test_rules_command_prints_the_specials_section() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "azulejos", "rules", "--lang", "uk", "--section", "specials"],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == get_section("specials", "uk")
