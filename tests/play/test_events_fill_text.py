"""The one fill text of stored events (issue 27 item 4), as docs/notation.md "Fill text" writes
it: every example there parses and writes back unchanged (R9, R22; R40, R41, R46)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from azulejos.core import Fill
from azulejos.play.events import fill_text, parse_fill

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"


def examples() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Fill text (stored events)", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```\n(.*?)```", section, re.S)
    assert block is not None, "docs/notation.md: the Fill text section lost its examples"
    return [line for line in block.group(1).splitlines() if line]


@pytest.mark.parametrize("text", examples())
def test_r9_r40_every_documented_fill_text_round_trips(text: str) -> None:
    assert fill_text(parse_fill(text)) == text


def test_r22_an_empty_display_is_an_empty_text_as_documented() -> None:
    fill = Fill(((0, 0, 1, 2), (), ()))
    assert fill_text(fill) == "BBYR,,"
    assert "`BBYR,,`" in DOC.read_text(encoding="utf-8")
    assert parse_fill("BBYR,,") == fill


@pytest.mark.parametrize("bad", ["BBYQ", "BBYR;0:SF1", "BBYR;1:SF9", "BBYR;;", "BBYR;1:SF1;R;Y"])
def test_r1_r40_a_text_that_is_not_a_fill_is_refused_by_part(bad: str) -> None:
    with pytest.raises(ValueError, match="is not a fill"):
        parse_fill(bad)
