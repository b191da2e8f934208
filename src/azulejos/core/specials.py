"""Master Chocolatier special factory displays (R40-R47) over the flat layout: the kinds, the
circle of displays, the after-fill effects (R41, R47b, R47c), drafting from a special display
(R42-R44, R47a, R47d) and the legal moves and checks the module adds.

The module's fields follow the players in the layout (``layout.SF_*``); the base game's layout
and functions are untouched, and :class:`~azulejos.core.state.State` calls these only when
``ruleset.special_factories`` is on.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Final

from . import layout as L
from . import legal
from .colours import LETTERS
from .errors import IllegalMoveError
from .moves import CENTRE, PLACE_BASE, SPLIT_BASE, SPLIT_CODES, Move
from .tiling import Log, end_drafting, place

# -- kinds (R40): SF2 of colour k is SF2 + k ------------------------------------------------------
PLAIN: Final = 0
SF1: Final = 1
SF2: Final = 2
SF3: Final = 7
SF4: Final = 8
SF5: Final = 9
KINDS: Final = tuple(range(1, 10))
NAMES: Final = ("", "SF1", *(f"SF2{c}" for c in LETTERS), "SF3", "SF4", "SF5")
_BY_NAME: Final = {n: k for k, n in enumerate(NAMES) if n}


class Special(StrEnum):
    """A special display's kind (R40) by its notation name: a string equal to that name
    (``Special.SF2R == "SF2R"``), so it travels in JSON and records as the name does.

    ``code`` is the kind's number in the layout (1-9), ``base`` the kind without its colour
    (``SF2`` for the five SF2s), ``colour`` the SF2's colour (None for the others).
    """

    SF1 = "SF1"
    SF2B = "SF2B"
    SF2Y = "SF2Y"
    SF2R = "SF2R"
    SF2K = "SF2K"
    SF2W = "SF2W"
    SF3 = "SF3"
    SF4 = "SF4"
    SF5 = "SF5"

    @property
    def code(self) -> int:
        return _BY_NAME[self.value]

    @property
    def base(self) -> str:
        return self.value[:3]

    @property
    def colour(self) -> int | None:
        return self.code - SF2 if SF2 <= self.code < SF3 else None

    @classmethod
    def of(cls, code: int) -> Special:
        """The kind of a code 1-9."""
        return _SPECIALS[code]

    @classmethod
    def parse(cls, text: str) -> Special | None:
        """The kind named ``text`` (``SF2R``, ``sf2r``), or None."""
        k = kind_of(text)
        return None if k is None else _SPECIALS[k]


_SPECIALS: Final = {k: Special(n) for n, k in _BY_NAME.items()}


def name(kind: int) -> str:
    """``SF1``, ``SF2R``, … (NOTATION.md) of a kind code 1-9."""
    return NAMES[kind]


def kind_of(text: str) -> int | None:
    """The kind code of ``SF1``, ``sf2r``, … or None."""
    return _BY_NAME.get(text.strip().upper()) if isinstance(text, str) else None


def base(players: int) -> int:
    """Offset of the module's fields in the layout."""
    return L.P0 + L.STRIDE * players


def kinds(s: Sequence[int], players: int) -> list[int]:
    """The kind code of every display (0: plain) this round."""
    x = base(players)
    return [s[x + L.SF_KIND + f] for f in range(2 * players + 1)]


def neighbours(s: Sequence[int], players: int, f: int) -> tuple[int, int]:
    """Display ``f``'s (left, right) neighbours still in the circle (R40, R43): display 1's
    left neighbour is display 2n+1; a taken SF5 is skipped."""
    nf = 2 * players + 1
    out = s[base(players) + L.SF5_OUT]
    left = (f - 1) % nf
    if left == out:
        left = (left - 1) % nf
    right = (f + 1) % nf
    if right == out:
        right = (right + 1) % nf
    return left, right


def after_fill(
    counts: list[list[int]], specials: Sequence[tuple[int, int]], extra: Sequence[int]
) -> tuple[list[list[int]], list[list[int]]]:
    """R41, R47b, R47c: the after-fill effects in display order, applied to ``counts`` (colour
    counts per display, changed in place): SF1 gains ``extra``; an SF2 of colour c takes one c
    from its left and one from its right neighbour, each if it has one. Returns the colour
    counts each display gained and lost (the record's ``after_fill``)."""
    nf = len(counts)
    gains = [[0] * 5 for _ in range(nf)]
    losses = [[0] * 5 for _ in range(nf)]
    for f, kind in sorted(specials):
        if kind == SF1:
            for k in extra:
                counts[f][k] += 1
                gains[f][k] += 1
        elif SF2 <= kind < SF2 + 5:
            c = kind - SF2
            for g in ((f - 1) % nf, (f + 1) % nf):
                if counts[g][c]:
                    counts[g][c] -= 1
                    losses[g][c] += 1
                    counts[f][c] += 1
                    gains[f][c] += 1
    return gains, losses


def reset(s: list[int], players: int, specials: Sequence[tuple[int, int]]) -> None:
    """A new round's special displays (R40, R45): the rest are plain again, SF5 unheld."""
    x = base(players)
    for f in range(9):
        s[x + L.SF_KIND + f] = PLAIN
    for f, kind in specials:
        s[x + L.SF_KIND + f] = kind
    s[x + L.SF5_HOLDER] = -1
    s[x + L.SF5_TILE] = -1
    s[x + L.SF5_OUT] = -1


# -- drafting ---------------------------------------------------------------------------------
def split_destinations(
    s: Sequence[int], players: int, src: int, code: int, skip: int = -1
) -> list[tuple[int, int, int]]:
    """Where an SF4 draft with split ``code`` sends the colours left on display ``src`` (the
    drafted colour already taken off it, or named by ``skip``): ``(colour, tiles,
    display)`` in B Y R K W order, bit j of ``code`` set = the j-th colour goes right (R43,
    R47d). The one statement of the rule: the draft, the preview and the web view use it."""
    left, right = neighbours(s, players, src)
    out: list[tuple[int, int, int]] = []
    j = 0
    for kk in range(5):
        c = s[src * 5 + kk]
        if c and kk != skip:
            out.append((kk, c, right if code >> j & 1 else left))
            j += 1
    return out


def draft(
    s: list[int], players: int, grey: bool, log: Log, src: int, k: int, d: int, code: int
) -> None:
    """The draft of :func:`azulejos.core.step.draft` with the special displays: SF3 keeps its
    rest (R42), SF4 sends each colour of its rest left or right as ``code`` says (R43, R47d),
    SF5 is held by the drafter and catches the first tile that falls (R44, R47a)."""
    x = base(players)
    seat = s[L.TURN]
    b = L.P0 + seat * L.STRIDE
    at = src * 5
    n = s[at + k]
    s[at + k] = 0
    if src == CENTRE:
        if s[L.MARKER] < 0:  # R12, R14 ruling (the marker never goes onto SF5, R47a)
            s[L.MARKER] = seat
            fn = s[b + L.FLOOR_N]
            if fn < 7:
                s[b + L.FLOOR_SLOT + fn] = L.MARKER_TILE
                s[b + L.FLOOR_N] = fn + 1
    else:
        kind = s[x + L.SF_KIND + src]
        if kind == SF4:
            for kk, c, to in split_destinations(s, players, src, code):
                s[to * 5 + kk] += c
                s[at + kk] = 0
        elif kind != SF3:  # R11(a); SF3 keeps its rest (R42)
            for kk in range(5):
                c = s[at + kk]
                if c:
                    s[L.CENTRE_BASE + kk] += c
                    s[at + kk] = 0
        if kind == SF5:  # R44: out of the circle, beside the drafter's floor
            s[x + L.SF5_HOLDER] = seat
            s[x + L.SF5_OUT] = src
    left_n = s[L.LEFT] - n
    s[L.LEFT] = left_n
    over = n
    if d < 5:
        have = s[b + L.L_COUNT + d]
        fit = min(d + 1 - have, n)
        s[b + L.L_COLOUR + d] = k
        s[b + L.L_COUNT + d] = have + fit
        over = n - fit
    if over and s[x + L.SF5_HOLDER] == seat and s[x + L.SF5_TILE] < 0:
        s[x + L.SF5_TILE] = k  # R44, R47a: the first falling tile, even onto a full floor
        over -= 1
    if over:
        fn = s[b + L.FLOOR_N]
        while over and fn < 7:
            s[b + L.FLOOR_SLOT + fn] = k
            fn += 1
            over -= 1
        s[b + L.FLOOR_N] = fn
        if over:
            s[L.LID + k] += over
    if left_n:
        s[L.TURN] = (seat + 1) % players
    else:
        end_drafting(s, players, grey, log)  # R16, R45


def apply_action(s: list[int], players: int, grey: bool, log: Log, a: int) -> None:
    """Play action id ``a`` (a draft, an SF4 split or a grey column choice) unchecked."""
    if a < PLACE_BASE:
        draft(s, players, grey, log, a // 30, a // 6 % 5, a % 6, 0)
    elif a < SPLIT_BASE:
        place(s, players, log, a % 5)
    else:
        plain, code = divmod(a - SPLIT_BASE, SPLIT_CODES)
        draft(s, players, grey, log, plain // 30, plain // 6 % 5, plain % 6, code + 2)


# -- legal moves ------------------------------------------------------------------------------
def _left_on(s: Sequence[int], f: int, k: int) -> int:
    """How many colours other than ``k`` display ``f`` holds."""
    return sum(1 for kk in range(5) if kk != k and s[f * 5 + kk])


def legal_actions(s: Sequence[int], players: int) -> list[int]:
    """The legal action ids with the module on: a draft from SF4 that leaves r colours is
    legal in each of its 2^r splits, and only with one (R43, R47d)."""
    nf = 2 * players + 1
    acts = legal.legal_actions(s, nf)
    if s[L.PHASE] != L.DRAFT:
        return acts
    kk = kinds(s, players)
    f4 = kk.index(SF4) if SF4 in kk else -1
    if f4 < 0 or not any(s[f4 * 5 : f4 * 5 + 5]):
        return acts
    out: list[int] = []
    splits: list[int] = []
    for a in acts:
        if a // 30 == f4 and a < PLACE_BASE:
            r = _left_on(s, f4, a // 6 % 5)
            if r:
                first = SPLIT_BASE + a * SPLIT_CODES - 2
                splits.extend(range(first + (1 << r), first + (2 << r)))
                continue
        out.append(a)
    return out + splits


def check(s: Sequence[int], players: int, m: Move) -> None:
    """:func:`azulejos.core.legal.check` with the SF4 suffix rules (R43, R47d)."""
    legal.check(s, players, 2 * players + 1, m)
    if s[L.PHASE] != L.DRAFT or not m.is_draft:
        return
    t = m.text()
    if m.is_centre:
        if m.split:
            raise IllegalMoveError(f"{t}: only a draft from SF4 has a / part (R43)", "R43")
        return
    f = m.source
    kind = s[base(players) + L.SF_KIND + f]
    if kind != SF4:
        if m.split:
            raise IllegalMoveError(
                f"{t}: display {f + 1} is not SF4, so the move has no / part (R43)", "R43"
            )
        return
    r = _left_on(s, f, m.colour)
    given = len(m.directions)
    if r == 0 and given:
        raise IllegalMoveError(
            f"{t}: the draft empties SF4 (display {f + 1}), so it has no / part (R43)", "R43"
        )
    if r and not given:
        raise IllegalMoveError(
            f"{t}: {r} colour(s) stay on SF4 (display {f + 1}): add / and one < or > per "
            "colour, in B Y R K W order (R43)",
            "R43",
        )
    if given != r:
        raise IllegalMoveError(
            f"{t}: {r} colour(s) stay on SF4 (display {f + 1}), but {given} direction(s) are "
            "given (R43)",
            "R43",
        )


__all__ = [
    "KINDS", "NAMES", "PLAIN", "SF1", "SF2", "SF3", "SF4", "SF5", "Special", "after_fill",
    "apply_action", "base", "check", "draft", "kind_of", "kinds", "legal_actions", "name",
    "neighbours", "reset", "split_destinations",
]
