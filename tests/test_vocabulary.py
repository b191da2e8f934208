"""The game's words are the core's types, not bare strings, outside the core: no phase is
compared with a string literal (``Phase`` members instead, ``state.to_move`` for "the seat to
move, or none"), and no ``(players, variant)`` list is spelt out by hand."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "azulejos"
PHASE_WORDS = frozenset({"draft", "place", "fill", "over"})

def _words(node: ast.expr) -> set[str]:
    """The phase words a literal operand holds (a string, or a tuple/list/set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value} & PHASE_WORDS
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return set().union(*(_words(e) for e in node.elts)) if node.elts else set()
    return set()


def phase_string_comparisons(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, source)`` of each comparison of something named for a phase with a phase word."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        if any(_words(o) for o in operands) and any(
            "phase" in ast.unparse(o).lower() for o in operands if not _words(o)
        ):
            out.append((node.lineno, ast.unparse(node)))
    return out


def test_the_scan_finds_a_phase_string_comparison() -> None:
    tree = ast.parse('if st.phase == "draft" or line.get("phase") in ("fill", "over"): pass\n'
                     'if st.phase is Phase.DRAFT and e.kind == "fill": pass\n')
    assert [line for line, _ in phase_string_comparisons(tree)] == [1, 1]


def test_no_phase_is_compared_with_a_string_outside_the_core() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith("core/"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        found += [f"{rel}:{line}: {text}" for line, text in phase_string_comparisons(tree)]
    assert not found, "compare with azulejos.core.Phase members:\n" + "\n".join(found)


#: The one home of each registry; a literal list of the same words anywhere else is a copy.
REGISTRIES = {
    frozenset({"coloured", "grey"}): "core/rules.py",
    frozenset({"en", "uk", "ru", "fr"}): "i18n/__init__.py",
    frozenset({"easy", "medium", "hard", "expert"}): "agents/registry.py",
    frozenset({"classic", "chocolatier"}): "render/themes.py",
}


def test_variants_languages_and_bot_levels_are_listed_once() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=rel)):
            if not isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                continue
            words = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            home = REGISTRIES.get(frozenset(words)) if len(words) == len(node.elts) else None
            if home is not None and home != rel:
                found.append(f"{rel}:{node.lineno}: {ast.unparse(node)} (use {home})")
    assert not found, "\n".join(found)


def test_the_languages_names_are_spelt_once() -> None:
    """The menus' and notes' name of each language (``i18n.LANGUAGE_NAMES``) is one table."""
    from azulejos.i18n import LANGUAGE_NAMES, LANGUAGES

    assert tuple(LANGUAGE_NAMES) == LANGUAGES
    found = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel == "i18n/__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=rel)):
            if isinstance(node, ast.Dict) and all(isinstance(k, ast.Constant) for k in node.keys):
                try:
                    table = ast.literal_eval(node)
                except ValueError:
                    continue
                if table == LANGUAGE_NAMES:
                    found.append(f"{rel}:{node.lineno} (use azulejos.i18n.LANGUAGE_NAMES)")
    assert not found, "\n".join(found)


def test_the_registries_are_the_cores_and_the_commands_offer_them() -> None:
    from azulejos.agents.registry import BOT_LEVELS, LEVELS
    from azulejos.core import VARIANTS, Variant
    from azulejos.i18n import LANGUAGES
    from azulejos.play import BOT_LEVELS as PLAY_LEVELS

    assert VARIANTS == tuple(v.value for v in Variant) == ("coloured", "grey")
    assert BOT_LEVELS == tuple(LEVELS) == PLAY_LEVELS
    assert LANGUAGES[0] == "en" and len(set(LANGUAGES)) == len(LANGUAGES)
