"""Sections as lists of blocks, rendered to plain text with light markdown."""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping, Sequence
from typing import Literal, Union

Kind = Literal["h1", "h2", "p", "li", "q", "a"]
#: A block: its kind and its (untranslated, ``N_``-marked) text; or a function that
#: draws the block itself (tables) from the translation and the facts.
Block = Union[tuple[Kind, str], Callable[[gettext.NullTranslations, Mapping[str, str]], str]]


def render(
    blocks: Sequence[Block], tr: gettext.NullTranslations, values: Mapping[str, str]
) -> str:
    """The blocks, translated and filled in, as text (``#`` headings, ``-`` lists)."""
    out: list[str] = []
    prev = ""
    for block in blocks:
        if callable(block):
            out.append(block(tr, values))
            prev = "table"
            continue
        kind, msg = block
        text = tr.gettext(msg).format_map(values)
        if kind == "h1":
            out.append(f"# {text}")
        elif kind == "h2":
            out.append(f"## {text}")
        elif kind == "li":
            if prev == "li":
                out[-1] += f"\n- {text}"
            else:
                out.append(f"- {text}")
        elif kind == "q":
            out.append(f"**{text}**")
        elif kind == "a":
            out[-1] += f"\n{text}" if prev == "q" else ""
            if prev != "q":
                out.append(text)
        else:
            out.append(text)
        prev = kind
    return "\n\n".join(out) + "\n"


def wrap(text: str, width: int) -> str:
    """``text`` with its prose folded at ``width`` columns, between words, for a terminal
    (which would otherwise cut words at its edge). Boards in code blocks, table rows and headings
    are left as they are; a list item's following lines are indented under its first word.

    >>> print(wrap("- one two three four\\n\\n```\\nlong board line\\n```", 12))
    - one two
      three four
    <BLANKLINE>
    ```
    long board line
    ```
    """
    import textwrap

    out: list[str] = []
    in_code = False
    for line in text.split("\n"):
        if line.startswith("```"):
            in_code = not in_code
        if in_code or line.startswith(("```", "|", "#")) or len(line) <= width:
            out.append(line)
            continue
        indent = "  " if line.startswith("- ") else ""
        out.append(textwrap.fill(line, width, subsequent_indent=indent, break_long_words=False,
                                 break_on_hyphens=False))
    return "\n".join(out)
