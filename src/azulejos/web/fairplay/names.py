"""Display names that identify one player (docs/api.md, "Fair play"): a profile's name is
unique in any case, is not a bot level's name ("medium", "medium bot", "medium bot 2"), and is
not another account's user name. The migration that made them unique (revision 0013) renames
existing clashes with :func:`free_name`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ..protocol import MAX_NAME, clean_name

#: The bot levels whose names no player may take (the levels of this version; the server adds
#: its own from :func:`azulejos.web.service.bot_levels`).
BOT_LEVELS = ("easy", "medium", "hard", "expert", "random", "expert-2026-12", "fastmcts",
              "flatmc", "greedy", "mcts")


def name_key(name: str) -> str:
    """The form of a display name that must be unique: cleaned and case-folded."""
    return clean_name(name).casefold()


def is_bot_name(name: str, levels: Iterable[str] = BOT_LEVELS) -> bool:
    """True for a bot's name in any case: a level, "LEVEL bot", "LEVEL bot 2", "bot"."""
    key = name_key(name)
    if key in ("bot", "bots"):
        return True
    for level in {lv.casefold() for lv in levels} | {lv.casefold() for lv in BOT_LEVELS}:
        if re.fullmatch(re.escape(level) + r"(?: bot(?: \d+)?)?", key):
            return True
    return False


def free_name(name: str, taken: Callable[[str], bool]) -> str:
    """``name`` followed by " #2", " #3" … (cut to fit :data:`MAX_NAME`): the first whose key
    is not ``taken``."""
    n = 2
    while True:
        tail = f" #{n}"
        candidate = clean_name(name)[:MAX_NAME - len(tail)].rstrip() + tail
        if not taken(name_key(candidate)):
            return candidate
        n += 1
