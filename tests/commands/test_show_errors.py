"""`azulejos show` and `azulejos selfplay`: a point past the record's end is refused with the
range to give; counts are written with the right number."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from azulejos.notation import load_record


def azulejos(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "azulejos", *args], capture_output=True,
                          text=True, timeout=120)


def test_one_record_is_one_record_and_show_names_the_range(tmp_path: Path) -> None:
    out = tmp_path / "sp"
    made = azulejos("selfplay", "--games", "1", "--seed", "3", "--out", str(out))
    assert made.returncode == 0 and made.stdout.strip() == f"wrote 1 record to {out}"
    path = next(out.iterdir())
    rec = load_record(path)
    rounds, first = len(rec.rounds), len(rec.rounds[0].moves)
    past = azulejos("show", str(path), "--round", str(rounds + 1))
    assert past.returncode == 2
    assert past.stderr.strip() == f"{path}: the record has {rounds} rounds: give --round 1 to {rounds}"
    past = azulejos("show", str(path), "--round", "1", "--move", str(first + 1))
    assert past.returncode == 2
    assert past.stderr.strip() == f"{path}: round 1 has {first} moves: give --move 0 to {first}"
    last = azulejos("show", str(path), "--round", "1", "--move", str(first))
    assert last.returncode == 0 and "Traceback" not in last.stderr


def test_tournament_lists_the_same_bots_in_both_errors() -> None:
    """Too few bots and an unknown bot list the registry's bots alike (fastmcts was missing)."""
    from azulejos.agents.registry import agent_names

    few = azulejos("tournament", "--bots", "random")
    unknown = azulejos("tournament", "--bots", "random,nosuchbot")
    assert few.returncode == 2 and unknown.returncode == 2
    known = f"(known: {', '.join(agent_names())}, or cmd:COMMAND)"
    assert known in few.stderr and known in unknown.stderr


def test_runtime_messages_follow_lang_with_plural_forms(tmp_path: Path) -> None:
    """``azulejos --lang L COMMAND`` sets the language of what a command prints while it
    runs, not only of its help; counts take the language's plural form (uk: 1 запис... 5
    записів)."""
    out = tmp_path / "sp"
    made = azulejos("--lang", "uk", "selfplay", "--games", "5", "--seed", "3", "--out", str(out))
    assert made.returncode == 0 and made.stdout.strip() == f"записано 5 партій у теку {out}"
    one = azulejos("--lang", "uk", "selfplay", "--games", "1", "--seed", "3", "--out", str(out))
    assert one.stdout.strip() == f"записано 1 партію в теку {out}"
    few = azulejos("--lang", "fr", "tournament", "--bots", "random")
    assert few.returncode == 2 and "nommez au moins 2 bots" in few.stderr
    path = next(out.iterdir())
    rounds = len(load_record(path).rounds)
    past = azulejos("--lang", "ru", "show", str(path), "--round", "99")
    assert past.returncode == 2
    assert past.stderr.strip() == (
        f"{path}: в записи всего {rounds} раунд{'а' if rounds in (2, 3, 4) else 'ов'}: "
        f"укажите --round от 1 до {rounds}"
    )
