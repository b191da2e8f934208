"""Game records in the ``azulejos-record/1`` JSON format (docs/notation.md): read, write, replay."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from azulejos.core import specials as SP
from azulejos.core.chance import check_specials
from azulejos.core.colours import LETTERS
from azulejos.core.errors import (
    IllegalFillError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidRecordError,
    RecordWriteError,
    RulesetError,
)
from azulejos.core.events import Fill
from azulejos.core.moves import Move, parse_move
from azulejos.core.results import scores_before_bonus
from azulejos.core.rules import Variant, factory_count
from azulejos.core.ruleset import MODULES, Ruleset
from azulejos.core.specials import Special
from azulejos.core.state import State

FORMAT = "azulejos-record/1"
#: The values of ``variant``, exactly as NOTATION.md writes them.
_VARIANTS = tuple(v.value for v in Variant)
_KNOWN = {
    "format", "players", "variant", "start_player", "rounds", "final_scores", "winners",
    *(m.name for m in MODULES),
}
#: The keys of a round that the format defines; any other is kept in ``RoundRecord.extra``.
_ROUND_KNOWN = ("factories", "specials", "after_fill", "moves", "scores")
#: The keys of a round that only a game with the special factory displays has (R46).
_SF_ROUND_KEYS = ("specials", "after_fill")


@dataclass
class RoundRecord:
    factories: list[str]
    moves: list[str]
    scores: list[int] | None = None
    #: special factory displays (R46): display number (1-based, as text) -> ``SF1`` …
    specials: dict[str, str] | None = None
    #: special factory displays (R46): display number -> letters gained, ``-``, letters lost
    after_fill: dict[str, str] | None = None
    #: the round's keys that the format does not define (kept, ignored, written back)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Record:
    """A parsed record: structure checked, rules not yet (see :func:`replay`)."""

    ruleset: Ruleset
    start_player: int
    rounds: list[RoundRecord]
    final_scores: list[int] | None = None
    winners: list[int] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return self.ruleset.players

    @property
    def variant(self) -> Variant:
        return self.ruleset.variant

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data. Raises :class:`RecordWriteError` when an extra key (of the
        record or of a round) is one of the format's own keys or holds a value JSON cannot."""
        _check_extra(self.extra, _KNOWN, 0)
        out: dict[str, Any] = {"format": FORMAT, **self.ruleset.to_json()}
        out["start_player"] = self.start_player
        out["rounds"] = []
        for ri, r in enumerate(self.rounds, 1):
            _check_extra(r.extra, _ROUND_KNOWN, ri)
            rd: dict[str, Any] = {"factories": list(r.factories)}
            if r.specials is not None:
                rd["specials"] = dict(r.specials)
            if r.after_fill is not None:
                rd["after_fill"] = dict(r.after_fill)
            rd["moves"] = list(r.moves)
            if r.scores is not None:
                rd["scores"] = list(r.scores)
            rd.update(r.extra)
            out["rounds"].append(rd)
        if self.final_scores is not None:
            out["final_scores"] = list(self.final_scores)
        if self.winners is not None:
            out["winners"] = list(self.winners)
        out.update(self.extra)
        return out


def _check_extra(
    extra: Mapping[str, Any], known: Collection[str], ri: int, what: str = "the extra key"
) -> None:
    """Refuse an extra key that is one of the format's own (``known``) and a value that JSON
    cannot hold: :class:`RecordWriteError` (``ri`` the 1-based round, 0 for the record)."""
    where = f"round {ri}: " if ri else ""
    for key, value in extra.items():
        if key in known:
            raise RecordWriteError(
                f"{where}{what} {key!r} is one of the record's own keys "
                f"({', '.join(sorted(known))}), which are written from the game: give it "
                "another name",
                code="reserved_key", key=key, round=ri,
            )
        if not isinstance(key, str):
            raise RecordWriteError(
                f"{where}{what} {key!r} is not a string, and JSON names are strings",
                code="not_json", key=str(key), round=ri,
            )
        try:
            json.dumps(value, allow_nan=False)
        except (TypeError, ValueError, RecursionError) as e:
            raise RecordWriteError(
                f"{where}{what} {key!r} holds {type(value).__name__} {_shown(value)}, "
                f"which JSON cannot hold ({e}): give strings, numbers, true/false/null, "
                "lists and objects with string keys",
                code="not_json", key=key, round=ri,
            ) from None


def _bad(msg: str, code: str, round: int = 0, **params: str | int) -> InvalidRecordError:
    """A structural error; ``round`` 0 for a key of the record itself."""
    error = InvalidRecordError(f"not a valid record: {msg}", code=code, round=round or None)
    error.params.update(params)
    return error


def _shown(v: Any) -> str:
    """A value of the record as JSON text, for an error (cut short if long)."""
    try:
        text = json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(v)
    return text if len(text) <= 40 else text[:39] + "…"


def _int_list(v: Any, key: str, ri: int, n: int | None = None) -> list[int]:
    what = f"round {ri} {key}" if ri else key
    if not isinstance(v, list) or not all(type(x) is int for x in v):
        raise _bad(f"{what} must be a list of whole numbers", "wrong_type", key=key, round=ri,
                   expected="numbers")
    if n is not None and len(v) != n:
        raise _bad(f"{what} must have {n} entries, not {len(v)}", "wrong_length", key=key,
                   round=ri, count=n, found=len(v))
    return list(v)


class _Object(dict[str, Any]):
    """A JSON object as read, with the names it gives more than once (``json`` keeps the last
    value of each: a record that gives one twice is ambiguous)."""

    twice: tuple[str, ...] = ()


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = _Object(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice: list[str] = []
        for key, _ in pairs:
            if key in seen and key not in twice:
                twice.append(key)
            seen.add(key)
        obj.twice = tuple(twice)
    return obj


def _no_twice(obj: Mapping[str, Any], ri: int) -> None:
    """Refuse a JSON object of the record (``ri`` 0) or of a round that names a key twice."""
    twice = getattr(obj, "twice", ())
    if twice:
        where = f"round {ri} gives" if ri else "the record gives"
        raise _bad(f"{where} the key {twice[0]!r} twice", "duplicate_key", key=twice[0], round=ri)


def parse_record(data: Mapping[str, Any] | str | bytes) -> Record:
    """Check a record's structure (keys and types, exactly as docs/notation.md says) and return
    it as a :class:`Record`; unknown keys of the record and of its rounds are kept."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data, object_pairs_hook=_object)
        except (ValueError, RecursionError) as e:
            line = e.lineno if isinstance(e, json.JSONDecodeError) else 0
            raise _bad(f"bad JSON ({e})", "not_json", line=line) from None
    if not isinstance(data, Mapping):
        raise _bad("the top level must be a JSON object", "not_object")
    _no_twice(data, 0)
    if "format" not in data:
        raise _bad("missing key 'format'", "missing_key", key="format", round=0)
    if data["format"] != FORMAT:
        raise _bad(f"format must be {FORMAT!r}, not {data['format']!r}", "bad_format",
                   found=_shown(data["format"]))
    for key in ("players", "variant", "start_player", "rounds"):
        if key not in data:
            raise _bad(f"missing key {key!r}", "missing_key", key=key, round=0)
    n = data["players"]
    if type(n) is not int or not 2 <= n <= 4:
        raise _bad(f"players must be 2, 3 or 4, not {n!r}", "bad_players", found=_shown(n))
    if not isinstance(data["variant"], str) or data["variant"] not in _VARIANTS:
        # exactly as NOTATION.md writes them: not "Grey", "gray" or "g"
        raise _bad(f"variant must be 'coloured' or 'grey', not {data['variant']!r}", "bad_variant",
                   found=_shown(data["variant"]))
    try:
        ruleset = Ruleset.from_json(data)
    except RulesetError as e:
        raise _bad(str(e), "bad_ruleset", key=e.field, found=_shown(data.get(e.field))) from None
    sp = data["start_player"]
    if type(sp) is not int or not 0 <= sp < n:
        raise _bad(f"start_player must be a seat 0-{n - 1}, not {sp!r}", "bad_start_player",
                   last=n - 1, found=_shown(sp))
    rounds_in = data["rounds"]
    if not isinstance(rounds_in, list):
        raise _bad("rounds must be a list", "wrong_type", key="rounds", round=0, expected="list")
    rounds: list[RoundRecord] = []
    for i, r in enumerate(rounds_in, 1):
        if not isinstance(r, Mapping):
            raise _bad(f"round {i} must be an object", "wrong_type", key="", round=i,
                       expected="object")
        _no_twice(r, i)
        for key in ("factories", "moves"):
            if key not in r:
                raise _bad(f"round {i} is missing {key!r}", "missing_key", key=key, round=i)
        facs, moves = r["factories"], r["moves"]
        for key, v in (("factories", facs), ("moves", moves)):
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise _bad(f"round {i}: {key} must be a list of strings", "wrong_type", key=key,
                           round=i, expected="strings")
        # present means a list: "scores": null is not a way to leave them out
        scores = _int_list(r["scores"], "scores", i, n) if "scores" in r else None
        shown = changes = None
        if ruleset.special_factories:
            nf = factory_count(n)
            shown = _str_map(r.get("specials"), "specials", i, nf, required=True)
            changes = _str_map(r.get("after_fill", {}), "after_fill", i, nf, required=False)
        else:
            for key in _SF_ROUND_KEYS:
                if key in r:
                    raise InvalidRecordError(
                        f"not a valid record: round {i}: {key!r} belongs to a game with the "
                        "special factory displays, and this record does not say "
                        "\"special_factories\": true (R46)",
                        code="specials_off", key=key, round=i, rule="R46")
        extra = {k: v for k, v in r.items() if k not in _ROUND_KNOWN}
        rounds.append(RoundRecord(list(facs), list(moves), scores, shown, changes, extra))
    fs = _int_list(data["final_scores"], "final_scores", 0, n) if "final_scores" in data else None
    w = _int_list(data["winners"], "winners", 0) if "winners" in data else None
    extra = {k: v for k, v in data.items() if k not in _KNOWN}
    return Record(ruleset, sp, rounds, fs, w, extra)


def _str_map(v: Any, key: str, ri: int, nf: int, *, required: bool) -> dict[str, str]:
    what = f"round {ri}: {key}"
    if v is None and required:
        raise InvalidRecordError(
            f"not a valid record: {what} missing: a game with special_factories names them every "
            "round (R46)", code="missing_key", key=key, round=ri, rule="R46")
    if not isinstance(v, Mapping) or not all(
        isinstance(k, str) and isinstance(x, str) for k, x in v.items()
    ):
        raise InvalidRecordError(f"not a valid record: {what} must be an object of strings (R46)",
                                 code="wrong_type", key=key, round=ri, expected="string_map",
                                 rule="R46")
    for twice in getattr(v, "twice", ()):
        display = _display(twice, nf, ri, key) + 1
        rule = "R40" if key == "specials" else "R46"
        raise InvalidRecordError(
            f"not a valid record: {what}: display {display} is named twice ({rule})",
            code="special_twice", round=ri, rule=rule, display=display, key=key)
    return dict(v)


def load_record(path: str | Path) -> Record:
    """Read and structurally check a record file."""
    try:
        text = Path(path).read_bytes()
    except OSError as e:
        raise InvalidRecordError(f"cannot read {path}: {e.strerror or e}", code="unreadable",
                                 path=str(path), errno=e.errno or 0) from None
    return parse_record(text)


def parse_fill(texts: list[str], round_no: int) -> Fill:
    out = []
    for i, t in enumerate(texts, 1):
        f = []
        for ch in t:
            k = LETTERS.find(ch.upper())
            if k < 0:
                raise InvalidRecordError(
                    f"round {round_no}: factory {i} {t!r}: {ch!r} is not a colour letter (R1)",
                    code="bad_letter",
                    round=round_no,
                    rule="R1",
                    key="factories",
                    letter=ch,
                )
            f.append(k)
        out.append(tuple(f))
    return Fill(tuple(out))


def _display(key: str, nf: int, ri: int, what: str) -> int:
    """The 0-based display of a key of ``specials`` or ``after_fill``: the display's number as
    NOTATION.md writes it (``"2"``; not ``" 2"``, ``"02"`` or ``"+2"``)."""
    canonical = key.isascii() and key.isdigit() and key == str(int(key))
    if not canonical or not 1 <= int(key) <= nf:
        raise InvalidRecordError(
            f"round {ri}: {what}: {key!r} is not a display 1-{nf} (R40)", code="bad_display",
            round=ri, rule="R40", key=what, found=key, count=nf
        )
    return int(key) - 1


def _letters_of(text: str, ri: int, what: str) -> list[int]:
    counts = [0] * 5
    for ch in text:
        k = LETTERS.find(ch.upper())
        if k < 0:
            raise InvalidRecordError(
                f"round {ri}: {what}: {ch!r} is not a colour letter (R46)", code="bad_letter",
                round=ri, rule="R46", key=what, letter=ch
            )
        counts[k] += 1
    return counts


def _change_text(gain: list[int], loss: list[int]) -> str:
    g = "".join(LETTERS[k] * gain[k] for k in range(5))
    lo = "".join(LETTERS[k] * loss[k] for k in range(5))
    return g + (f"-{lo}" if lo else "")


def after_fill_texts(fill: Fill) -> dict[str, str]:
    """The record's ``after_fill`` of a fill with special displays (R41, R46)."""
    gains, losses = SP.after_fill(fill.counts(), fill.specials, fill.extra)
    return {
        str(f + 1): _change_text(gains[f], losses[f])
        for f in range(len(gains))
        if any(gains[f]) or any(losses[f])
    }


def sf_fill(plain: Fill, rnd: RoundRecord, ri: int) -> Fill:
    """The fill event of a round with special displays (R40, R41, R46): the specials from
    ``specials``, SF1's extra tile from ``after_fill``, which must equal what the rules give."""
    nf = len(plain.factories)
    pairs: dict[int, int] = {}
    for key, nm in (rnd.specials or {}).items():
        f = _display(key, nf, ri, "specials")
        special = Special.parse(nm)
        k = special.code if special is not None else None
        if k is None or special != nm:  # exactly as NOTATION.md names them: SF2R, not sf2r
            raise InvalidRecordError(
                f"round {ri}: specials: {nm!r} is not a special display (SF1, SF2B-SF2W, SF3, "
                "SF4, SF5) (R40)",
                code="bad_special",
                round=ri,
                rule="R40",
                found=nm,
            )
        if f in pairs:
            raise InvalidRecordError(
                f"round {ri}: specials: display {f + 1} is named twice (R40)",
                code="special_twice", round=ri, rule="R40", display=f + 1, key="specials"
            )
        pairs[f] = k
    players = (nf - 1) // 2
    try:
        check_specials(tuple(sorted(pairs.items())), players, nf)  # R40, R47e: the core's rule
    except IllegalFillError:
        raise InvalidRecordError(
            f"round {ri}: specials: {players} players have {players} different special "
            f"displays each round, not {' '.join(SP.name(k) for k in pairs.values()) or 'none'} "
            "(R47e)",
            code="specials_count",
            round=ri,
            rule="R47e",
            count=players,
            found=" ".join(SP.name(k) for k in pairs.values()),
        ) from None
    given: dict[int, tuple[list[int], list[int]]] = {}
    for key, text in (rnd.after_fill or {}).items():
        f = _display(key, nf, ri, "after_fill")
        gain, dash, loss = text.partition("-")
        if not (gain or loss) or (dash and not loss):
            # NOTATION.md: a display without a change is left out; "-" comes before losses
            raise InvalidRecordError(
                f"round {ri}: after_fill of display {f + 1} is {text!r}: write the letters it "
                "gained, then '-' and the letters it lost, and leave out a display without a "
                "change (R46)",
                code="bad_change", round=ri, rule="R46", display=f + 1, found=text,
            )
        given[f] = (_letters_of(gain, ri, "after_fill"), _letters_of(loss, ri, "after_fill"))
    sf1 = [f for f, k in pairs.items() if k == SP.SF1]
    extra: tuple[int, ...] = ()
    if sf1 and sf1[0] in given:
        g = given[sf1[0]][0]
        extra = tuple(k for k in range(5) for _ in range(g[k]))
    fill = Fill(plain.factories, tuple(sorted(pairs.items())), extra)
    gains, losses = SP.after_fill(fill.counts(), fill.specials, fill.extra)
    for f in range(nf):
        want = (gains[f], losses[f])
        got = given.get(f, ([0] * 5, [0] * 5))
        if want != got:
            raise InvalidRecordError(
                f"round {ri}: after_fill of display {f + 1} is "
                f"{_change_text(*got) or 'no change'!r}, the rules give "
                f"{_change_text(*want) or 'no change'!r} (R41)",
                code="after_fill",
                round=ri,
                rule="R41",
                display=f + 1,
                found=_change_text(*got),
                expected=_change_text(*want),
            )
    return fill


def round_fill(record: Record, rnd: RoundRecord, ri: int) -> Fill:
    """The fill event of round ``ri`` of ``record``: its factories (R10) and, with the special
    displays on, its specials and SF1's extra tile checked against ``after_fill`` (R40, R41,
    R46). Every tool that replays a record applies its rounds through this one function.
    Raises :class:`InvalidRecordError` naming the round and rule."""
    fill = parse_fill(rnd.factories, ri)
    if record.ruleset.special_factories:
        fill = sf_fill(fill, rnd, ri)
    return fill


def load_and_replay(path: str | Path) -> tuple[Record, State]:
    """Load the record at ``path`` and replay it under the rules (:func:`replay`): the record
    and its final state, or :class:`InvalidRecordError` with one line naming what is wrong."""
    rec = load_record(path)
    return rec, replay(rec)


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One step of a record's replay (:func:`replay_steps`): a round's fill (``move`` None,
    ``number`` 0) or its ``number``-th move (1-based), played by ``seat``.

    ``state`` is the replay's own state just after the step: read it, or copy it to keep it
    (it changes with the next step). ``before`` is a copy of the state just before a move,
    when :func:`replay_steps` was asked for it (a preview or a review needs it)."""

    round: int
    number: int
    state: State
    fill: Fill | None = None
    move: Move | None = None
    seat: int | None = None
    before: State | None = None


def replay(
    record: Record, *, until_round: int | None = None, until_move: int | None = None
) -> State:
    """Replay a record under the rules and check every score; return the final state.

    With ``until_round`` (1-based) the replay stops in that round after ``until_move`` moves
    (all of them if None); records are then only checked up to that point.
    Raises :class:`InvalidRecordError` naming the round, move number, move and rule.
    """
    st = State.new(record.ruleset, None, record.start_player)
    for _step in _replay(record, st, until_round, until_move, False):
        pass
    return st


def replay_steps(record: Record, *, before: bool = False) -> Iterator[ReplayStep]:
    """Every step of a record, replayed and checked as :func:`replay` does (the one loop that
    replays a record: the commands, the terminal's and the web's replays and the review all
    walk it). With ``before``, each move's step carries a copy of the state before it.
    Raises :class:`InvalidRecordError` when the record does not replay, at the step that fails."""
    st = State.new(record.ruleset, None, record.start_player)
    yield from _replay(record, st, None, None, before)


def _replay(
    record: Record, st: State, until_round: int | None, until_move: int | None, before: bool
) -> Iterator[ReplayStep]:
    n = record.players
    for ri, rnd in enumerate(record.rounds, 1):
        if st.is_over:
            raise InvalidRecordError(
                f"round {ri}: the game already ended after round {ri - 1} (R23)",
                code="round_after_end",
                round=ri,
                rule="R23",
            )
        if len(rnd.factories) != factory_count(n):
            raise InvalidRecordError(
                f"round {ri}: {n} players need {factory_count(n)} factories, not "
                f"{len(rnd.factories)} (R2)",
                code="factory_count",
                round=ri,
                rule="R2",
                count=factory_count(n),
                found=len(rnd.factories),
            )
        fill = round_fill(record, rnd, ri)
        try:
            st.apply_fill(fill)
        except IllegalFillError as e:
            raise InvalidRecordError(
                f"round {ri}: factories {' '.join(rnd.factories)}: {e}", code="bad_fill", round=ri,
                rule=e.rule, factories=" ".join(rnd.factories)
            ) from None
        yield ReplayStep(ri, 0, st, fill=fill)
        stop_here = until_round == ri
        moves = rnd.moves if not (stop_here and until_move is not None) else rnd.moves[:until_move]
        for mi, text in enumerate(moves, 1):
            try:
                move: Move = parse_move(text)
            except InvalidMoveError:
                raise InvalidRecordError(
                    f"round {ri}, move {mi}: {text!r} is not a move in the notation",
                    code="not_a_move",
                    round=ri,
                    move_number=mi,
                    move=text,
                    rule="NOTATION",
                ) from None
            if st.is_chance or st.is_over:
                raise InvalidRecordError(
                    f"round {ri}, move {mi}: {text}: the round is already over (R16)",
                    code="move_after_round",
                    round=ri,
                    move_number=mi,
                    move=text,
                    rule="R16",
                )
            seat, kept = st.current_player, st.copy(history=False) if before else None
            try:
                st.push(move)
            except IllegalMoveError as e:
                raise InvalidRecordError(
                    f"round {ri}, move {mi}: {e}",
                    code="illegal_move",
                    round=ri,
                    move_number=mi,
                    move=text,
                    rule=e.rule,
                ) from None
            yield ReplayStep(ri, mi, st, move=move, seat=seat, before=kept)
        if stop_here:
            return
        round_done = st.is_chance or st.is_over
        if not round_done:
            if ri != len(record.rounds):
                raise InvalidRecordError(
                    f"round {ri}: the moves stop before the round is over (R16), "
                    "yet another round follows",
                    code="round_cut_short",
                    round=ri,
                    rule="R16",
                )
            if rnd.scores is not None:
                raise InvalidRecordError(
                    f"round {ri}: the moves stop before the round is over (R16), yet its scores "
                    "are recorded",
                    code="scores_too_early",
                    round=ri,
                    rule="R16",
                )
            if record.final_scores is not None or record.winners is not None:
                # NOTATION.md: an unfinished game has no final_scores/winners
                raise InvalidRecordError(
                    f"round {ri}: the moves stop before the round is over (R16), so the game "
                    "has not ended, yet final_scores/winners are given (R23)",
                    code="result_too_early",
                    round=ri,
                    rule="R23",
                )
            return
        expected = scores_before_bonus(st)
        if rnd.scores is None:
            raise InvalidRecordError(
                f"round {ri}: scores missing for a completed round", code="scores_missing",
                round=ri, rule="R19"
            )
        if rnd.scores != expected:
            raise InvalidRecordError(
                f"round {ri}: scores expected {expected}, recorded {rnd.scores} (R18, R19)",
                code="round_scores",
                round=ri,
                rule="R18",
                expected=_numbers(expected),
                found=_numbers(rnd.scores),
            )
    if st.is_over:
        if record.final_scores is None or record.winners is None:
            raise InvalidRecordError(
                f"the game ends after round {st.round} (R23) but final_scores/winners are missing",
                code="final_missing",
                round=st.round,
                rule="R23",
            )
        if record.final_scores != st.scores:
            raise InvalidRecordError(
                f"final scores expected {st.scores}, recorded {record.final_scores} (R24)",
                code="final_scores",
                rule="R24",
                expected=_numbers(st.scores),
                found=_numbers(record.final_scores),
            )
        if sorted(record.winners) != st.winners():
            raise InvalidRecordError(
                f"winners expected {st.winners()}, recorded {record.winners} (R25)",
                code="winners",
                rule="R25",
                expected=_numbers(st.winners()),
                found=_numbers(record.winners),
            )
    elif record.final_scores is not None or record.winners is not None:
        raise InvalidRecordError(
            f"final_scores/winners given, but the game has not ended after round "
            f"{len(record.rounds)} (R23)",
            code="not_ended",
            rule="R23",
            rounds=len(record.rounds),
        )


def _numbers(values: list[int]) -> str:
    """A list of numbers as an error shows it: ``3, 0``."""
    return ", ".join(map(str, values))


def record_of(state: State, **extra: Any) -> Record:
    """The record of the game played so far on ``state`` (from its history), with ``extra``
    as further top-level keys (names, seed, …).

    Raises :class:`RecordWriteError` when no true record can be written: the history does not
    start at a new game (a state from ``from_position`` or after ``clear_history``), it does not
    lead to the state (moves played inside ``no_history`` or with ``apply_unchecked``), or an
    extra key is one of the record's own keys or holds a value JSON cannot.
    """
    _check_extra(extra, _KNOWN, 0)
    st = state.history_start()
    if not (st.is_chance and st.round == 1):
        raise RecordWriteError(
            "a record starts at a new game, but this state's history starts in round "
            f"{st.round} ({st.phase}): record the state the game was played on from "
            "State.new, or write this position with to_position",
            code="not_from_start",
            round=st.round,
            phase=st.phase,
        )
    start = st.start_player
    rounds: list[RoundRecord] = []
    try:
        for ev in state.history:
            if isinstance(ev, Fill):
                st.apply_fill(ev)
                rounds.append(RoundRecord(ev.texts(), []))
                if st.ruleset.special_factories:
                    rounds[-1].specials = {str(f + 1): Special.of(k) for f, k in ev.specials}
                    rounds[-1].after_fill = after_fill_texts(ev)
            else:
                st.push(ev)
                rounds[-1].moves.append(ev.text())
            if rounds and rounds[-1].scores is None and (st.is_chance or st.is_over):
                rounds[-1].scores = scores_before_bonus(st)
    except (IllegalMoveError, IllegalFillError):
        st = state.history_start()  # an event that does not follow: a gap (below)
    if st != state:
        raise RecordWriteError(
            "this state's history does not lead to it (events were played inside no_history() "
            "or with apply_unchecked/fill_unchecked), so its record would replay to another "
            "position: record a state whose every fill and move is in its history",
            code="history_gap",
        )
    rec = Record(state.ruleset, start, rounds, extra=dict(extra))
    if st.is_over:
        rec.final_scores = st.scores
        rec.winners = st.winners()
    return rec


def dumps(record: Record | Mapping[str, Any]) -> str:
    """JSON text of a record: indented, with each list of moves or factories on one line.
    Raises :class:`RecordWriteError` when a value is not JSON (see :meth:`Record.to_json`)."""
    if isinstance(record, Record):
        obj = record.to_json()
    else:
        obj = dict(record)
        _check_extra(obj, (), 0, "the key")
    return _fmt(obj, 0) + "\n"


def _fmt(v: Any, depth: int) -> str:
    pad = "  " * (depth + 1)
    end = "  " * depth
    if isinstance(v, Mapping):
        if not v:
            return "{}"
        if depth > 1 and all(isinstance(x, str) for x in v.values()):
            return json.dumps(v, ensure_ascii=False)  # specials, after_fill: one line
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_fmt(x, depth + 1)}" for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if isinstance(v, list) and any(isinstance(x, (Mapping, list)) for x in v):
        return "[\n" + ",\n".join(pad + _fmt(x, depth + 1) for x in v) + "\n" + end + "]"
    return json.dumps(v, ensure_ascii=False)


def save_record(record: Record, path: str | Path) -> None:
    Path(path).write_text(dumps(record), encoding="utf-8")
