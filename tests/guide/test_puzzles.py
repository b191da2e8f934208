"""The tutorial: answers judged by the engine, driven through a pipe."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from azulejos.guide.puzzles import PUZZLES, IllPosedPuzzle, best_moves, move_value, values
from azulejos.guide.script import Point, position
from azulejos.guide.tutorial import run_tutorial


def _brute_force(state, move):  # type: ignore[no-untyped-def]
    """Every way the others can finish the round; the mover's gain must be the same in each."""
    seat = state.current_player
    start = state.scores[seat]
    results = set()

    def walk(st):  # type: ignore[no-untyped-def]
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


@pytest.mark.parametrize("pz", PUZZLES, ids=lambda p: f"step{p.step}-{p.at.round}.{p.at.moves}")
def test_puzzle_values_are_the_engine_scores_R17_R19(pz) -> None:  # type: ignore[no-untyped-def]
    st = pz.state()
    vals = values(st)
    assert set(vals) == {m.text() for m in st.legal_moves()}
    for move, v in vals.items():
        assert v == _brute_force(st, move)
    top, best = best_moves(st)
    assert top == max(vals.values()) and best and all(vals[m] == top for m in best)


def test_puzzles_have_a_real_choice() -> None:
    for pz in PUZZLES:
        vals = values(pz.state())
        assert len(set(vals.values())) > 1


def test_ill_posed_position_is_refused() -> None:
    with pytest.raises(IllPosedPuzzle):
        move_value(position(Point(1, 0)), "2W2")


def _answers() -> list[str]:
    return [best_moves(pz.state())[1][0] for pz in PUZZLES]


def _run(text: str, lang: str = "en") -> tuple[int, str]:
    out = io.StringIO()
    solved = run_tutorial(io.StringIO(text), out, lang)
    return solved, out.getvalue()


def test_all_best_answers_solve_everything() -> None:
    solved, out = _run("\n".join(_answers()) + "\n")
    assert solved == len(PUZZLES)
    assert f"You solved {len(PUZZLES)} puzzles out of {len(PUZZLES)}." in out


def test_wrong_answer_is_corrected_with_engine_numbers() -> None:
    st = PUZZLES[0].state()
    vals = values(st)
    top, best = best_moves(st)
    worst = min(vals, key=vals.__getitem__)
    solved, out = _run(worst + "\nquit\n")
    assert solved == 0
    assert f"{worst} brings {vals[worst]:+d} point".replace("-", "\u2212") in out
    assert ", ".join(best) in out


def test_bad_and_illegal_input_ask_again_and_change_nothing() -> None:
    answers = _answers()
    solved, out = _run("zzz\n9B1\n1B1\nhint\n" + "\n".join(answers) + "\n")
    assert "\"zzz\" is not a move" in out
    assert "9B1 is not allowed here: there is no such factory in this game." in out
    assert "1B1 is not allowed here:" in out
    assert "The round ends right after this move" in out
    assert solved == len(PUZZLES)


def test_end_of_input_stops_cleanly() -> None:
    solved, out = _run("")
    assert solved == 0 and "Traceback" not in out
    assert "out of 0" not in out  # nothing answered: no score of "0 out of 0"
    solved, out = _run("skip\nquit\n")
    assert solved == 0 and "You solved 0 puzzles out of 1." in out


@pytest.mark.parametrize(("lang", "word"), [("uk", "задач"), ("ru", "задач"), ("fr", "énigmes")])
def test_tutorial_speaks_the_language(lang: str, word: str) -> None:
    solved, out = _run("\n".join(_answers()) + "\n", lang)
    assert solved == len(PUZZLES) and word in out


def test_learn_command_through_a_pipe() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "azulejos", "learn", "--lang", "uk"],
        input="\n".join(["skip"] + _answers()[1:]) + "\n", capture_output=True, text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Ви розв’язали 3 задачі з 4." in proc.stdout
    assert "Traceback" not in proc.stderr


def test_rules_command_prints_a_section() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "azulejos", "rules", "--lang", "ru", "--section", "faq"],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("# Вопросы новичков")
    bad = subprocess.run([sys.executable, "-m", "azulejos", "rules", "--section", "nope"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


@pytest.mark.parametrize(("lang", "hint", "skip", "quit_"), [
    ("uk", "підказка", "пропустити", "вийти"), ("ru", "подсказка", "пропустить", "выйти"),
    ("fr", "conseil", "passer", "quitter")])
def test_intro_names_the_commands_in_the_language(lang: str, hint: str, skip: str,
                                                  quit_: str) -> None:
    """The intro tells the words the reader types in their own language, and they work."""
    solved, out = _run(f"{hint}\n{skip}\n{quit_}\n", lang)
    intro = out.splitlines()[1]
    def quoted(word: str) -> str:  # the language's own quotation marks
        return f"«\u00a0{word}\u00a0»" if lang == "fr" else f"«{word}»"

    assert quoted(hint) in intro and quoted(skip) in intro and quoted(quit_) in intro
    assert '"hint"' not in intro and quoted("hint") not in intro and quoted("quit") not in intro
    assert solved == 0 and out.count("##") == 2  # the skip moved on, the quit stopped


def test_tutorial_folds_its_prose_for_a_terminal_but_not_the_boards() -> None:
    out = io.StringIO()
    run_tutorial(io.StringIO("hint\nskip\nquit\n"), out, "ru", width=60)
    folded = out.getvalue()
    plain = io.StringIO()
    run_tutorial(io.StringIO("hint\nskip\nquit\n"), plain, "ru")
    assert folded.split() == plain.getvalue().split()
    from azulejos.guide import words
    from azulejos.i18n import translation
    from azulejos.render.text import render_state

    tr = translation("ru")
    boards = set()
    for pz in PUZZLES[:2]:  # the two puzzles shown before "quit"
        boards |= set(render_state(pz.state(), words.names(tr), tr=tr).splitlines())
    assert boards <= set(folded.splitlines())  # the boards are whole
    prose = [x for x in folded.splitlines() if x not in boards and not x.startswith("#")]
    assert all(len(x) <= 60 for x in prose), [x for x in prose if len(x) > 60]


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "fr"])
def test_R11_the_tutorial_says_a_refusal_in_the_themes_words(lang: str) -> None:
    """learn --theme chocolatier: a move the rules refuse is explained with the showcases and
    candies (issue 31); the classic theme keeps the factories and tiles."""
    from azulejos.i18n import translation
    from azulejos.render.reasons import CHOCOLATIER_REASONS, REASONS

    st = PUZZLES[0].state()
    sources = [(str(i + 1), f) for i, f in enumerate(st.factories)] + [("C", st.centre)]
    refused = next(f"{s}{'BYRKW'[c]}1" for s, f in sources if sum(f)
                   for c in range(5) if not f[c])  # a source without that colour (R11)
    tr = translation(lang)
    for theme, table in (("chocolatier", CHOCOLATIER_REASONS), ("classic", REASONS)):
        out = io.StringIO()
        run_tutorial(io.StringIO(f"{refused}\nquit\n"), out, lang, theme=theme)
        assert tr.gettext(table["R11"]) in out.getvalue(), (theme, out.getvalue()[-300:])


# the classic theme's words that the chocolatier tutorial must not use, per language (the
# factory displays, the floor line, the wall, the bag and the lid; docs/glossary.md)
_CLASSIC_WORDS = {
    "en": ("tile", "factor", "floor", "wall", "lid"),
    "uk": ("плит", "фабрик", "стін", "кришц"),
    "ru": ("плит", "склад", "стен", "крышк"),
    "fr": ("tuile", "fabrique", "plancher", "mur ", "couvercle"),
}


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "fr"])
@pytest.mark.parametrize("special", [False, True], ids=["walk", "special"])
def test_R40_R44_the_chocolatier_tutorial_speaks_of_candies_throughout(lang: str,
                                                                      special: bool) -> None:
    """learn --theme chocolatier: the headings, boards, questions, hints and explanations of
    the puzzles use the theme's words (showcases, trays, the spill tray, the sack and tin), not
    the classic ones; the classic theme keeps them."""
    from azulejos.guide.puzzles import SPECIAL_PUZZLES

    puzzles = SPECIAL_PUZZLES if special else PUZZLES
    answers = "\n".join(f"hint\n{best_moves(pz.state(), pz.kind)[1][-1]}" for pz in puzzles)
    wrong = "\n".join(f"hint\n{min(values(pz.state(), pz.kind).items(), key=lambda kv: kv[1])[0]}"
                      for pz in puzzles)  # a wrong answer each: the explanations too
    for text in (answers, wrong):
        out = io.StringIO()
        run_tutorial(io.StringIO(text + "\n"), out, lang, puzzles=puzzles, theme="chocolatier")
        said = out.getvalue().lower()
        found = [w for w in _CLASSIC_WORDS[lang] if w in said]
        assert not found, (found, said[:2000])
    out = io.StringIO()
    run_tutorial(io.StringIO(wrong + "\n"), out, lang, puzzles=puzzles, theme="classic")
    assert any(w in out.getvalue().lower() for w in _CLASSIC_WORDS[lang])


def test_the_text_board_names_the_chocolatier_things() -> None:
    from azulejos.i18n import translation
    from azulejos.render.text import render_state

    st = PUZZLES[0].state()
    tr = translation("ru")
    classic = render_state(st, tr=tr)
    themed = render_state(st, tr=tr, theme="chocolatier")
    assert "Склады" in classic and "крышке" in classic
    assert "Витрины" in themed and "мешочке" in themed and "сбросе" in themed
    assert "Склады" not in themed
    # the letters and the boards' cells are the same in both (docs/glossary.md, "Letters")
    strip = [line.split("|")[-1] for line in classic.splitlines() if "|" in line]
    assert strip == [line.split("|")[-1] for line in themed.splitlines() if "|" in line]
