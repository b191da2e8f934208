"""The round fill, the game's one chance event, over the flat layout: sampling a fill from
the bag (refilled from the lid when it runs out), checking a given fill, and applying it
(R9, R21, R22; R36 when it draws nothing).

The twin of :mod:`azulejos.fast.chance` (``fill`` / ``apply_fill``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from . import layout as L
from . import specials
from .colours import LETTERS
from .errors import IllegalFillError
from .events import Fill
from .tiling import Log, finish


def sample_fill(s: Sequence[int], nfactories: int, rng: random.Random) -> Fill:
    """Draw a fill at random from the bag, refilling from the lid when empty (R21, R22)."""
    if s[L.PHASE] != L.FILL:
        raise IllegalFillError("no fill is due now (R21)", "R21")
    players = (nfactories - 1) // 2
    specials: tuple[tuple[int, int], ...] = ()
    if len(s) > L.size(players):
        # R40, R47e: n displays, n different specials, drawn before the fill.
        displays = sorted(rng.sample(range(nfactories), players))
        specials = tuple(zip(displays, rng.sample(range(1, 10), players)))
    bag = list(s[L.BAG : L.BAG + 5])
    lid = list(s[L.LID : L.LID + 5])
    total = sum(bag)
    getrandbits = rng.getrandbits
    out: list[tuple[int, ...]] = []
    extra: list[int] = []
    sf1 = any(kind == 1 for _, kind in specials)
    for i in range(nfactories + sf1):
        f: list[int] = []
        for _ in range(4 if i < nfactories else 1):  # then SF1's extra tile (R41, R47b)
            if total == 0:
                total = sum(lid)
                if total == 0:
                    break
                bag, lid = lid, [0] * 5
            # an exactly uniform tile of the bag: r in [0, total) by rejection
            bits = (total - 1).bit_length()
            r = getrandbits(bits)
            while r >= total:
                r = getrandbits(bits)
            k = 0
            while r >= bag[k]:
                r -= bag[k]
                k += 1
            bag[k] -= 1
            total -= 1
            f.append(k)
        if i < nfactories:
            out.append(tuple(f))
        else:
            extra = f
    return Fill(tuple(out), specials, tuple(extra))


class FillDraw:
    """The round fill of ``sample_fill`` as a sequence of single chance events, each with its
    outcomes and their probabilities: for an engine that models chance node by node (the
    OpenSpiel adapter). Drawing every event with its probabilities gives each complete fill
    exactly the probability ``sample_fill`` gives it.

    With the special displays, first one event per display, in display order: its kind (0
    plain, 1-9) — special with probability r/m (r specials still to place among the m
    displays left), then a uniform kind not yet used (R40, R47e). Then one event per tile: a
    colour with probability count / tiles in the bag, factory 1 first, four each; when a tile
    is due and the bag is empty the lid goes into it (R22); when both are empty the fill stops
    (R22, R36). Last, SF1's extra tile when one is left (R41, R47b). ``stage`` says which
    (``"kinds"``, ``"tiles"``, ``"extra"``; ``""`` once the fill is complete).
    """

    __slots__ = ("nfactories", "players", "kinds", "draws", "extra", "bag", "lid", "stage")

    def __init__(self, s: Sequence[int], players: int) -> None:
        if s[L.PHASE] != L.FILL:
            raise IllegalFillError("no fill is due now (R21)", "R21")
        self.players = players
        self.nfactories = 2 * players + 1
        self.kinds: list[int] = []
        self.draws: list[list[int]] = []
        self.extra: list[int] = []
        self.bag = list(s[L.BAG : L.BAG + 5])
        self.lid = list(s[L.LID : L.LID + 5])
        self.stage = "kinds" if len(s) > L.size(players) else ""
        if not self.stage:
            self._begin_tiles()

    def _begin_tiles(self) -> None:
        self.stage = "tiles"
        self.draws = [[]]
        self._settle()

    def _pool(self) -> list[int]:
        """What the next tile comes from: the bag, or the lid once the bag is empty (R22)."""
        return self.bag if sum(self.bag) else self.lid

    def _settle(self) -> None:
        nf = self.nfactories
        if len(self.draws[-1]) == 4 and len(self.draws) < nf:
            self.draws.append([])
        full = len(self.draws) == nf and len(self.draws[-1]) == 4
        left = sum(self._pool())
        if full or not left:
            if full and left > 0 and specials.SF1 in self.kinds:
                self.stage = "extra"  # R41, R47b: SF1's extra tile, from the bag (or lid)
            else:
                self.stage = ""

    @property
    def done(self) -> bool:
        return not self.stage

    def outcomes(self) -> list[tuple[int, float]]:
        """The next event's outcomes with their probabilities (they add up to 1)."""
        if self.stage == "kinds":
            used = [k for k in self.kinds if k]
            r = self.players - len(used)
            m = self.nfactories - len(self.kinds)
            out: list[tuple[int, float]] = []
            if r < m:
                out.append((0, 1.0 - r / m))
            if r:
                free = [k for k in specials.KINDS if k not in used]
                out += [(k, r / m / len(free)) for k in free]
            return out
        if not self.stage:
            return []
        pool = self._pool()
        total = sum(pool)
        return [(k, c / total) for k, c in enumerate(pool) if c]

    def draw(self, outcome: int) -> None:
        """Take ``outcome`` for the next event (``ValueError`` if it is not possible now)."""
        if self.stage == "kinds":
            if outcome not in dict(self.outcomes()):
                raise ValueError(f"chance outcome {outcome} is not possible for display "
                                 f"{len(self.kinds) + 1} (kinds so far {self.kinds})")
            self.kinds.append(int(outcome))
            if len(self.kinds) == self.nfactories:
                self._begin_tiles()
            return
        if not self.stage:
            raise ValueError("the fill is complete: no chance event is due")
        if not 0 <= outcome < 5 or not self._pool()[outcome]:
            raise ValueError(f"chance outcome {outcome} is not possible (bag {self._pool()})")
        if not sum(self.bag):
            self.bag, self.lid = self.lid, [0] * 5  # R22: the lid goes into the bag
        self.bag[outcome] -= 1
        if self.stage == "extra":
            self.extra.append(int(outcome))
            self.stage = ""
            return
        self.draws[-1].append(int(outcome))
        self._settle()

    def fill(self) -> Fill:
        """The complete fill (``ValueError`` while an event is still due)."""
        if self.stage:
            raise ValueError(f"the fill is not complete yet ({self.stage} still to draw)")
        facs = [tuple(f) for f in self.draws]
        facs += [()] * (self.nfactories - len(facs))
        sp = tuple((f, k) for f, k in enumerate(self.kinds) if k)
        return Fill(tuple(facs), sp, tuple(self.extra))


def check_fill(
    s: Sequence[int], players: int, nfactories: int, fill: Fill | Iterable[Iterable[int]]
) -> Fill:
    """Validate a fill against the bag and lid (R21, R22); return it as a :class:`Fill`."""
    if s[L.PHASE] != L.FILL:
        raise IllegalFillError("no fill is due now (R21)", "R21")
    if not isinstance(fill, Fill):
        fill = Fill(tuple(tuple(int(k) for k in f) for f in fill))
    special = len(s) > L.size(players)
    if not special and (fill.specials or fill.extra):
        raise IllegalFillError("this game has no special factory displays (R40)", "R40")
    if special:
        check_specials(fill.specials, players, nfactories)
    facs = fill.factories
    if len(facs) != nfactories:
        raise IllegalFillError(
            f"a fill needs {nfactories} factories with {players} players, "
            f"not {len(facs)} (R2)",
            "R2",
        )
    bag = list(s[L.BAG : L.BAG + 5])
    lid = list(s[L.LID : L.LID + 5])
    for i, f in enumerate(facs):
        if len(f) > 4:
            raise IllegalFillError(f"factory {i + 1} gets {len(f)} tiles; it holds 4 (R2)", "R2")
        want = [0] * 5
        for k in f:
            if type(k) is not int or not 0 <= k < 5:
                raise IllegalFillError(f"factory {i + 1}: {k!r} is not a colour", "R1")
            want[k] += 1
        in_bag = sum(bag)
        if in_bag >= len(f):
            if any(want[k] > bag[k] for k in range(5)):
                raise IllegalFillError(
                    f"factory {i + 1} ({_letters(f)}) is not in the bag "
                    f"({_counts_text(bag)}) (R21)",
                    "R21",
                )
            for k in range(5):
                bag[k] -= want[k]
            if len(f) < 4 and in_bag - len(f) + sum(lid) > 0:
                raise IllegalFillError(
                    f"factory {i + 1} gets only {len(f)} tiles while tiles remain (R21, R22)",
                    "R22",
                )
            continue
        # The bag runs out inside this factory: all of it, then the lid goes in (R22).
        if any(want[k] < bag[k] for k in range(5)):
            raise IllegalFillError(
                f"factory {i + 1} ({_letters(f)}) leaves tiles in the bag "
                f"({_counts_text(bag)}) although the bag ran out (R22)",
                "R22",
            )
        rest = [want[k] - bag[k] for k in range(5)]
        bag = [0] * 5
        if any(rest):
            if any(rest[k] > lid[k] for k in range(5)):
                raise IllegalFillError(
                    f"factory {i + 1} ({_letters(f)}) cannot come from the bag and lid "
                    f"({_counts_text(lid)} in the lid) (R22)",
                    "R22",
                )
            bag = [lid[k] - rest[k] for k in range(5)]
            lid = [0] * 5
        if len(f) < 4 and sum(bag) + sum(lid) > 0:
            raise IllegalFillError(
                f"factory {i + 1} gets only {len(f)} tiles while tiles remain (R22)", "R22"
            )
    if special:
        _check_extra(fill, bag, lid)
    return fill


def check_specials(sp: Sequence[tuple[int, int]], players: int, nfactories: int) -> None:
    """R40, R47e: exactly n displays, each a different special, in display order (the
    ``(display, kind)`` pairs of a fill); :class:`IllegalFillError` naming the rule if not."""
    if len(sp) != players:
        raise IllegalFillError(
            f"{players} players have {players} special displays each round, not {len(sp)} (R47e)",
            "R47e",
        )
    shown = [f for f, _ in sp]
    kinds = [k for _, k in sp]
    for f, k in sp:
        if type(f) is not int or not 0 <= f < nfactories:
            raise IllegalFillError(f"there is no display {f!r} with {players} players (R40)", "R40")
        if type(k) is not int or not 1 <= k <= 9:
            raise IllegalFillError(f"{k!r} is not a special display (R40)", "R40")
    if len(set(shown)) != len(shown) or shown != sorted(shown):
        raise IllegalFillError("a display is special at most once a round (R40)", "R40")
    if len(set(kinds)) != len(kinds):
        raise IllegalFillError("the special displays of a round are all different (R47e)", "R47e")


def _check_extra(fill: Fill, bag: list[int], lid: list[int]) -> None:
    """R41, R47b: SF1 gains exactly one tile when one is drawable (bag, else lid), else none."""
    sf1 = any(k == 1 for _, k in fill.specials)
    ex = fill.extra
    if not sf1:
        if ex:
            raise IllegalFillError("an extra tile is drawn only for SF1 (R41)", "R41")
        return
    if sum(bag) + sum(lid) == 0:
        if ex:
            raise IllegalFillError("SF1 gets no tile: the bag and the lid are empty (R47b)", "R47b")
        return
    if len(ex) != 1 or type(ex[0]) is not int or not 0 <= ex[0] < 5:
        raise IllegalFillError("SF1 gets exactly one more tile from the bag (R41, R47b)", "R47b")
    where = bag if sum(bag) else lid
    if not where[ex[0]]:
        raise IllegalFillError(
            f"SF1's extra tile {LETTERS[ex[0]]} is not in the "
            f"{'bag' if sum(bag) else 'lid'} ({_counts_text(where)}) (R41, R47b)",
            "R47b",
        )


def apply_fill(s: list[int], players: int, log: Log, fill: Fill) -> None:
    """Put a (valid) fill on the factories, moving the lid into the bag where the bag runs
    out (R21, R22); the round's drafting starts with its starter (R10)."""
    total = 0
    for i, f in enumerate(fill.factories):
        n = len(f)
        base = i * 5
        for k in f:
            s[base + k] += 1
        if s[L.BAG] + s[L.BAG + 1] + s[L.BAG + 2] + s[L.BAG + 3] + s[L.BAG + 4] >= n:
            for k in f:
                s[L.BAG + k] -= 1
        else:
            # R22: the bag runs out inside this factory; the lid goes into the bag.
            for kk in range(5):
                s[L.BAG + kk] = s[L.LID + kk] - (s[base + kk] - s[L.BAG + kk])
                s[L.LID + kk] = 0
        total += n
    if len(s) > L.size(players):
        total += _apply_specials(s, players, fill)
    s[L.LEFT] = total
    s[L.MARKER] = -1
    s[L.TURN] = s[L.START]
    if log is not None:
        log.clear()
    if total == 0:
        # R36: no tile could be drawn, so no round can be played; the game ends.
        finish(s, players, log, 3)
        return
    s[L.PHASE] = L.DRAFT


def _apply_specials(s: list[int], players: int, fill: Fill) -> int:
    """R40, R41, R47b, R47c: this round's special displays, SF1's extra tile (lid poured into
    an empty bag first) and the SF2 pulls, in display order; returns the tiles added."""
    specials.reset(s, players, fill.specials)
    for k in fill.extra:
        if not any(s[L.BAG : L.BAG + 5]):
            for kk in range(5):
                s[L.BAG + kk] = s[L.LID + kk]
                s[L.LID + kk] = 0
        s[L.BAG + k] -= 1
    nf = 2 * players + 1
    counts = [s[f * 5 : f * 5 + 5] for f in range(nf)]
    specials.after_fill(counts, fill.specials, fill.extra)
    for f in range(nf):
        s[f * 5 : f * 5 + 5] = counts[f]
    return len(fill.extra)


def _letters(f: Sequence[int]) -> str:
    return "".join(LETTERS[k] for k in f) or "-"


def _counts_text(c: Sequence[int]) -> str:
    return " ".join(f"{LETTERS[k]}{c[k]}" for k in range(5))


__all__ = ["FillDraw", "apply_fill", "check_fill", "check_specials", "sample_fill"]
