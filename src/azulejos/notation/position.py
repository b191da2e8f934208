"""The compact one-line position string (``docs/notation.md``).

Fields, separated by single spaces::

    2c 3 d0 0c BBYR,KKWW,-,-,RRYY BYY 12.10.8.9.11 0.0.3.1.2 x0.0.0.0 P1 P2 ...

1. players and wall: ``2c`` (coloured) or ``3g`` (grey);
2. round number (1-based);
3. phase letter and seat: ``d`` drafting, ``p`` grey column choice, ``f`` awaiting the fill,
   ``o`` over; then the seat (0-based) to move;
4. the seat that started the round, then the marker: ``c`` in the centre or the holder's seat;
5. factories, comma-separated, each its tiles as letters in B Y R K W order, ``-`` if empty;
6. the centre's tiles, ``-`` if none;
7. bag counts and 8. lid counts, five numbers joined by dots (B.Y.R.K.W);
9. ``x`` then book-keeping: next round's starter, grey tiling seat index and line, end reason;
10. one field per player: ``lines/wall/floor/score`` where lines are five groups joined by
    dots (``-`` or the tiles, e.g. ``YY``), the wall is five rows of five characters joined by
    dots (a letter, or ``-`` for an empty space), the floor lists occupied slots left to right
    (``M`` for the first-player marker, ``-`` when empty), and score is the score.

With the Master Chocolatier special displays (R40-R47) the first field is ``2c+sf`` and one
more field follows the book-keeping: ``sf`` then this round's specials as
``display=NAME`` joined by commas (display 1-based, ``-`` for none), then ``/`` and the taken
SF5 as ``display.seat.tile`` (tile a letter or ``-``), or ``-`` when SF5 is not taken:
``sf2=SF2R,4=SF4,5=SF5/5.1.R``.
"""

from __future__ import annotations

from azulejos.core import layout as L
from azulejos.core import specials as SP
from azulejos.core.colours import LETTERS
from azulejos.core.errors import InvalidPositionError, RulesetError
from azulejos.core.invariants import problems
from azulejos.core.rules import Variant, factory_count
from azulejos.core.ruleset import Ruleset
from azulejos.core.state import State

_PHASES = "dpfo"


def _tiles(counts: list[int]) -> str:
    return "".join(LETTERS[k] * counts[k] for k in range(5)) or "-"


def to_position(state: State) -> str:
    """The whole public state as one line (round-trips through :func:`from_position`)."""
    s = state.raw
    sf = state.ruleset.special_factories
    parts = [
        f"{state.players}{'g' if state.ruleset.grey else 'c'}{'+sf' if sf else ''}",
        str(s[L.ROUND]),
        f"{_PHASES[s[L.PHASE]]}{s[L.TURN]}",
        f"{s[L.START]}{'c' if s[L.MARKER] < 0 else s[L.MARKER]}",
        ",".join(_tiles(s[f * 5 : f * 5 + 5]) for f in range(state.nfactories)),
        _tiles(s[L.CENTRE_BASE : L.CENTRE_BASE + 5]),
        ".".join(str(x) for x in s[L.BAG : L.BAG + 5]),
        ".".join(str(x) for x in s[L.LID : L.LID + 5]),
        f"x{s[L.NEXT_START]}.{s[L.TQ_INDEX]}.{s[L.TQ_LINE]}.{s[L.ENDED_BY]}",
    ]
    if sf:
        parts.append(_specials_field(s, state.players))
    for p in range(state.players):
        b = L.P0 + p * L.STRIDE
        lines = ".".join(
            (LETTERS[s[b + i]] * s[b + L.L_COUNT + i]) if s[b + i] >= 0 else "-" for i in range(5)
        )
        wall = ".".join(
            "".join(
                LETTERS[s[b + L.WALL + r * 5 + c]] if s[b + L.WALL + r * 5 + c] >= 0 else "-"
                for c in range(5)
            )
            for r in range(5)
        )
        fn = s[b + L.FLOOR_N]
        floor = "".join(
            "M" if k == L.MARKER_TILE else LETTERS[k]
            for k in s[b + L.FLOOR_SLOT : b + L.FLOOR_SLOT + fn]
        ) or "-"
        parts.append(f"{lines}/{wall}/{floor}/{s[b + L.SCORE]}")
    return " ".join(parts)


def _specials_field(s: list[int], players: int) -> str:
    x = SP.base(players)
    shown = ",".join(
        f"{f + 1}={SP.name(k)}" for f, k in enumerate(SP.kinds(s, players)) if k
    ) or "-"
    out = s[x + L.SF5_OUT]
    if out < 0:
        return f"sf{shown}/-"
    tile = s[x + L.SF5_TILE]
    return f"sf{shown}/{out + 1}.{s[x + L.SF5_HOLDER]}.{LETTERS[tile] if tile >= 0 else '-'}"


def _read_specials(s: list[int], players: int, text: str) -> None:
    """The ``sf…`` field (R40, R44): kinds per display and the taken SF5."""
    nf = factory_count(players)
    if not text.startswith("sf") or text.count("/") != 1:
        raise _bad(f"special displays field must be like sf2=SF2R,4=SF4/-, not {text!r}")
    shown, held = text[2:].split("/")
    pairs: list[tuple[int, int]] = []
    if shown != "-":
        for item in shown.split(","):
            d, _, nm = item.partition("=")
            f = _int(d, 1, nf, "special display") - 1
            k = SP.kind_of(nm)
            if k is None:
                raise _bad(f"{nm!r} is not a special display (SF1, SF2B…SF2W, SF3, SF4, SF5)")
            pairs.append((f, k))
    if len({f for f, _ in pairs}) != len(pairs) or len({k for _, k in pairs}) != len(pairs):
        raise _bad("a display or a special display is named twice (R40, R47e)")
    if pairs and len(pairs) != players:
        raise _bad(f"{players} players have {players} special displays, not {len(pairs)} (R47e)")
    SP.reset(s, players, sorted(pairs))
    if held == "-":
        return
    xs = held.split(".")
    if len(xs) != 3:
        raise _bad(f"the taken SF5 must be like 5.1.R or 5.1.-, not {held!r}")
    f = _int(xs[0], 1, nf, "SF5 display") - 1
    if (f, SP.SF5) not in pairs:
        raise _bad(f"display {f + 1} is not SF5 this round (R44)")
    x = SP.base(players)
    s[x + L.SF5_OUT] = f
    s[x + L.SF5_HOLDER] = _int(xs[1], 0, players - 1, "SF5 holder")
    if xs[2] != "-":
        k = LETTERS.find(xs[2].upper())
        if len(xs[2]) != 1 or k < 0:
            raise _bad(f"the tile on SF5 must be a colour letter or -, not {xs[2]!r}")
        s[x + L.SF5_TILE] = k


def _bad(msg: str) -> InvalidPositionError:
    return InvalidPositionError(f"bad position string: {msg}")


def _int(text: str, lo: int, hi: int, what: str) -> int:
    if not text.isdigit() or not lo <= int(text) <= hi:
        raise _bad(f"{what} must be a number {lo}-{hi}, not {text!r}")
    return int(text)


def _letter_counts(text: str, what: str) -> list[int]:
    counts = [0] * 5
    if text == "-":
        return counts
    for ch in text:
        k = LETTERS.find(ch.upper())
        if k < 0:
            raise _bad(f"{what}: {ch!r} is not a colour letter")
        counts[k] += 1
    return counts


def _five(text: str, what: str) -> list[int]:
    xs = text.split(".")
    if len(xs) != 5:
        raise _bad(f"{what} needs five numbers joined by dots")
    return [_int(x, 0, 100, what) for x in xs]


def from_position(text: str, *, fill_bag: bool = False) -> State:
    """Rebuild a state from :func:`to_position` output (no history).

    With ``fill_bag`` the bag field may be ``?``: the bag then holds every tile not placed
    elsewhere (handy for hand-built positions). Raises :class:`InvalidPositionError` on
    malformed text or an impossible state.
    """
    if not isinstance(text, str):
        raise _bad("not a string")
    f = text.split()
    if len(f) < 11:
        raise _bad("too few fields")
    head = f[0]
    sf = head.endswith("+sf")
    if sf:
        head = head[:-3]
    if len(head) != 2 or head[0] not in "234" or head[1] not in "cg":
        raise _bad(f"first field must be like 2c, 3g or 2c+sf, not {f[0]!r}")
    n = int(head[0])
    variant = Variant.COLOURED if head[1] == "c" else Variant.GREY
    if len(f) != 9 + sf + n:
        raise _bad(f"{n} players need {9 + sf + n} fields, not {len(f)}")
    try:
        rules = Ruleset(n, variant, special_factories=sf)
    except RulesetError as e:
        raise _bad(str(e)) from None
    st = State.new(rules)
    s = st.layout()  # written below, then loaded into the state
    s[L.ROUND] = _int(f[1], 1, 10_000, "round")
    if len(f[2]) != 2 or f[2][0] not in _PHASES:
        raise _bad(f"phase field must be like d0, not {f[2]!r}")
    s[L.PHASE] = _PHASES.index(f[2][0])
    s[L.TURN] = _int(f[2][1], 0, n - 1, "seat to move")
    if len(f[3]) != 2:
        raise _bad(f"start/marker field must be like 0c or 01, not {f[3]!r}")
    s[L.START] = _int(f[3][0], 0, n - 1, "start seat")
    s[L.MARKER] = -1 if f[3][1] == "c" else _int(f[3][1], 0, n - 1, "marker holder")
    facs = f[4].split(",")
    if len(facs) != st.nfactories:
        raise _bad(f"{n} players have {st.nfactories} factories, not {len(facs)}")
    left = 0
    for i, ft in enumerate(facs):
        c = _letter_counts(ft, f"factory {i + 1}")
        if sum(c) > (4 if not sf else 12):  # R41, R43: specials gain tiles
            raise _bad(f"factory {i + 1} holds more than 4 tiles")
        s[i * 5 : i * 5 + 5] = c
        left += sum(c)
    c = _letter_counts(f[5], "centre")
    s[L.CENTRE_BASE : L.CENTRE_BASE + 5] = c
    left += sum(c)
    s[L.LEFT] = left
    auto_bag = fill_bag and f[6] == "?"
    s[L.BAG : L.BAG + 5] = [0] * 5 if auto_bag else _five(f[6], "bag")
    s[L.LID : L.LID + 5] = _five(f[7], "lid")
    if not f[8].startswith("x"):
        raise _bad("book-keeping field must start with x")
    xs = f[8][1:].split(".")
    if len(xs) != 4:
        raise _bad("book-keeping field needs four numbers")
    s[L.NEXT_START] = _int(xs[0], 0, n - 1, "next starter")
    s[L.TQ_INDEX] = _int(xs[1], 0, n, "tiling seat index")
    s[L.TQ_LINE] = _int(xs[2], 0, 5, "tiling line")
    s[L.ENDED_BY] = _int(xs[3], 0, 4, "end reason")
    if sf:
        _read_specials(s, n, f[9])
    for p in range(n):
        _player(s, L.P0 + p * L.STRIDE, f[9 + sf + p], p)
    st.load_layout(s)
    if auto_bag:
        total = st.tile_total()
        if any(x > 20 for x in total):
            raise _bad(f"more than 20 tiles of a colour: {total} (I1)")
        s[L.BAG : L.BAG + 5] = [20 - x for x in total]
        st.load_layout(s)
    problems_found = problems(st)
    if problems_found:
        raise _bad("; ".join(problems_found))
    if s[L.PHASE] == L.DRAFT and left == 0:
        raise _bad("drafting with no tile left in factories or centre (R16)")
    if s[L.PHASE] == L.PLACE and (variant is not Variant.GREY or s[L.TQ_LINE] > 4):
        raise _bad("a column choice only happens on the grey wall (R30)")
    return st


def _player(s: list[int], b: int, text: str, p: int) -> None:
    who = f"player {p + 1}"
    parts = text.split("/")
    if len(parts) != 4:
        raise _bad(f"{who} needs lines/wall/floor/score")
    lines = parts[0].split(".")
    if len(lines) != 5:
        raise _bad(f"{who} needs five pattern lines")
    for i, lt in enumerate(lines):
        if lt == "-":
            continue
        counts = _letter_counts(lt, f"{who} line {i + 1}")
        ks = [k for k in range(5) if counts[k]]
        if len(ks) != 1 or sum(counts) > i + 1:
            raise _bad(f"{who} line {i + 1} must hold 1-{i + 1} tiles of one colour (I4)")
        s[b + L.L_COLOUR + i] = ks[0]
        s[b + L.L_COUNT + i] = sum(counts)
    rows = parts[1].split(".")
    if len(rows) != 5 or any(len(r) != 5 for r in rows):
        raise _bad(f"{who} wall needs five rows of five characters")
    for r, rt in enumerate(rows):
        for c, ch in enumerate(rt):
            if ch == "-":
                continue
            k = LETTERS.find(ch.upper())
            if k < 0:
                raise _bad(f"{who} wall: {ch!r} is not a colour letter")
            s[b + L.WALL + r * 5 + c] = k
            s[b + L.ROW_OCC + r] |= 1 << c
            s[b + L.COL_OCC + c] |= 1 << r
            s[b + L.ROW_CLR + r] |= 1 << k
            s[b + L.COL_CLR + c] |= 1 << k
    fl = parts[2]
    if fl != "-":
        if len(fl) > 7:
            raise _bad(f"{who} floor has more than 7 slots")
        for j, ch in enumerate(fl):
            if ch.upper() == "M":
                s[b + L.FLOOR_SLOT + j] = L.MARKER_TILE
                continue
            k = LETTERS.find(ch.upper())
            if k < 0:
                raise _bad(f"{who} floor: {ch!r} is not a colour letter or M")
            s[b + L.FLOOR_SLOT + j] = k
        s[b + L.FLOOR_N] = len(fl)
    s[b + L.SCORE] = _int(parts[3], 0, 100_000, f"{who} score")
