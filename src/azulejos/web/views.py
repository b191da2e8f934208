"""What each viewer is sent: the public table, and the legal moves (with their consequences)
to the one who may play them.

Nothing here reads the random generator or the bag order: a view is a function of the public
history only (the fills already dealt, the moves played), the seats and who is looking.
"""

from __future__ import annotations

import importlib
import json
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from azulejos.core import Fill, Move, PatternLine, Special, State
from azulejos.core import specials as SP
from azulejos.core.colours import FLOOR_PENALTIES, LETTERS, wall_colour
from azulejos.core.events import Bonus, Discarded, Penalised, Placed, TilingEvent
from azulejos.core.moves import CENTRE
from azulejos.core.preview import Preview, previews
from azulejos.core.results import result

from .live import Live, LogEntry

MARKER = "M"


@dataclass(frozen=True, slots=True)
class Access:
    """Who is looking: a seat, every person seat of a hot-seat game, a spectator, or the
    game's creator (``host``: sees what a spectator sees, may invite again). ``seats``: the
    seats it plays now; ``left``: the seats its player left (a bot plays them now)."""

    game_id: str
    role: str  # "seat" | "hotseat" | "spectator" | "host" | "bot"
    seats: frozenset[int]
    left: frozenset[int] = frozenset()

    def controls(self, seat: int) -> bool:
        return seat in self.seats

    def now(self, left: set[int] | frozenset[int]) -> Access:
        """This access once the players of ``left`` have left (a connection opened before a
        player left no longer plays the seat)."""
        gone = self.seats & left
        if not gone or self.role == "bot":
            return self
        return Access(self.game_id, self.role, self.seats - gone, self.left | gone)


def _letters(counts: list[int]) -> str:
    key = tuple(counts)
    text = _LETTERS.get(key)
    if text is None:
        text = "".join(LETTERS[k] * counts[k] for k in range(5))
        if len(_LETTERS) < 65536:
            _LETTERS[key] = text
    return text


#: The letters of each tile count seen (a display's or the centre's), made once.
_LETTERS: dict[tuple[int, ...], str] = {}


def rules_json() -> dict[str, Any]:
    """The rule facts the browser draws with, from the core (not from literals in the client):
    the floor penalties by slot, negative (R5), and the coloured wall, row by row (R6)."""
    return {
        "floor_penalties": [-p for p in FLOOR_PENALTIES],
        "wall": ["".join(LETTERS[wall_colour(r, c)] for c in range(5)) for r in range(5)],
    }


def tiling_json(ev: TilingEvent) -> dict[str, Any]:
    if isinstance(ev, Placed):
        return {
            "type": "placed", "seat": ev.seat, "row": ev.row, "column": ev.column,
            "colour": LETTERS[ev.colour], "horizontal": ev.horizontal, "vertical": ev.vertical,
            "points": ev.points,
        }
    if isinstance(ev, Discarded):
        return {
            "type": "discarded", "seat": ev.seat, "row": ev.row, "colour": LETTERS[ev.colour],
            "tiles": ev.tiles,
        }
    if isinstance(ev, Penalised):
        return {
            "type": "penalised", "seat": ev.seat, "slots": ev.slots, "penalty": ev.penalty,
            "score": ev.score,
        }
    assert isinstance(ev, Bonus)
    return {
        "type": "bonus", "seat": ev.seat, "rows": ev.rows, "columns": ev.columns,
        "colours": ev.colours, "points": ev.points,
    }


def specials_json(state: State) -> dict[str, Any] | None:
    """The special displays of this round (R40): each display's kind (None: plain) and its
    neighbours still in the circle (R43), and the held SF5 (R44): who holds it, the tile on it
    and the display it was taken from. None when the module is off."""
    if not state.ruleset.special_factories:
        return None
    kinds = state.specials
    holder = state.sf5_holder
    tile = state.sf5_tile
    taken = next((f for f, k in kinds.items() if k is Special.SF5), None) if holder is not None else None
    return {
        "displays": [kinds.get(f) for f in range(state.nfactories)],
        "neighbours": [[a + 1 for a in state.neighbours(f)] for f in range(state.nfactories)],
        "sf5": None if holder is None else {
            "holder": holder,
            "tile": None if tile is None else LETTERS[tile],
            "display": None if taken is None else taken + 1,
        },
    }


def _special_effect(pv: Preview) -> dict[str, Any]:
    """What a draft from a special display does besides the mover's board (R42-R44), from the
    core's preview: the tiles that stay on SF3, where each colour left on SF4 goes, taking SF5."""
    if not pv.special:
        return {}
    out: dict[str, Any] = {"special": pv.special}
    if pv.special == Special.SF3:  # R42
        out["stays"] = pv.stays
    elif pv.special == Special.SF4:  # R43: one direction per colour left, in B Y R K W order
        out["sends"] = _sends_json(pv.sent, pv.move)
    elif pv.takes_sf5:  # R44
        out["takes_sf5"] = True
    return out


def _sends_json(sent: tuple[tuple[int, int, int], ...], m: Move) -> list[dict[str, Any]]:
    """Where an SF4 split sends each colour left on the display (R43), as the core says
    (``State.split_sends``): ``{"colour", "tiles", "side", "to"}`` (``to`` 1-based)."""
    return [
        {"colour": LETTERS[k], "tiles": n, "side": "right" if right_way else "left", "to": to + 1}
        for (k, n, to), right_way in zip(sent, m.directions)
    ]


def _draft_json(pv: Preview, state: State | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "taken": pv.taken,
        "to_line": pv.to_line,
        "to_floor": pv.to_floor,
        "to_lid": pv.to_lid,
        "to_centre": pv.to_centre,
        "marker": pv.marker,
        "floor_change": -pv.penalty,
        "completes_line": pv.completes_line,
        "wall_points": pv.wall_points,
    }
    if pv.wall_column is not None:
        out["wall_column"] = pv.wall_column
    if state is not None and state.ruleset.special_factories:
        out["to_sf5"] = pv.to_sf5
        out.update(_special_effect(pv))
    return out


def _preview_json(m: Move, pv: Preview, state: State) -> dict[str, Any]:
    """A legal entry's ``preview`` (docs/api.md, "The view")."""
    if m.is_draft:
        return _draft_json(pv, state)
    return {"line": m.line, "column": m.column, "wall_points": pv.points}


def _entry(
    m: Move, pv: dict[str, Any] | None = None, state: State | None = None
) -> dict[str, Any]:
    """A legal move's entry of the view's ``legal``, with the preview ``pv`` unless None; an
    SF4 split also says where its colours go (``sends``, from the core, R43) when ``state``
    is given."""
    if m.is_draft:
        entry: dict[str, Any] = {
            "move": m.text(), "source": "C" if m.source == CENTRE else m.source + 1,
            "colour": LETTERS[m.colour], "destination": "F" if m.is_floor else m.destination + 1,
        }
        if pv is not None:
            entry["preview"] = pv
        if m.split:
            entry["split"] = m.text().partition("/")[2]
            if state is not None:
                entry["sends"] = _sends_json(state.split_sends(m), m)
        return entry
    entry = {"move": m.text(), "line": m.line + 1, "column": m.column + 1}
    if pv is not None:
        entry["preview"] = pv
    return entry


def legal_json(state: State, with_previews: bool = True) -> list[dict[str, Any]]:
    """Every legal move with its preview. An SF4 draft (R43) is one entry per split: ``split``
    holds its directions (``"<>"``: the first colour left goes left, the second right).
    ``with_previews`` false: the same entries without ``preview``, and none computed (for the
    connections that ask for the previews they need, docs/api.md "Previews on demand")."""
    if not with_previews:
        out: list[dict[str, Any]] = []
        for m in state.legal_moves():
            entry = _BARE.get(m.id)
            if entry is None:
                if m.split:  # where an SF4 split sends its colours depends on the display
                    out.append(_entry(m, None, state))
                    continue
                entry = _BARE[m.id] = _entry(m)
            out.append(entry)
        return out
    return [_entry(m, _preview_json(m, pv, state), state) for m, pv in previews(state)]


#: Each move's entry without a preview, by move id: the same for every state where the move is
#: legal (but an SF4 split's, whose ``sends`` depend on the display), so made once per process
#: and shared by every view (a view is never changed).
_BARE: dict[int, dict[str, Any]] = {}


#: The most previews one request may ask for (docs/api.md, "Previews on demand").
MAX_PREVIEWS = 256


def previews_json(live: Live, texts: list[str]) -> dict[str, dict[str, Any]]:
    """The previews of the moves ``texts`` (legal now) by their text: each the object the legal
    entry's ``preview`` holds in a view with previews. Only those asked for are computed.
    ``InvalidMoveError`` or ``IllegalMoveError`` (as a move) for a text that is not a legal move
    now; the caller has checked that the game is at the asked version and the asker to move."""
    parts = _parts(live)
    st = live.state
    legal = parts.by_text
    if legal is None:
        legal = parts.by_text = {m.text(): m for m in st.legal_moves()}
    moves: dict[str, Move] = {}
    for text in texts:
        m = legal.get(text)
        if m is None:
            m = st.check(text)  # raises as a move would: not a move, or not legal now (rule)
        moves[text] = m
    if not moves:
        return {}
    unique = list(dict.fromkeys(moves.values()))
    got = {m: _preview_json(m, pv, st) for m, pv in previews(st, unique)}
    return {text: got[m] for text, m in moves.items()}


def _line_json(ln: PatternLine) -> dict[str, Any]:
    out = _LINE_JSON.get(ln)
    if out is None:
        out = _LINE_JSON[ln] = {"colour": None if ln.colour is None else LETTERS[ln.colour],
                                "count": ln.count}
    return out


def _row_json(row: tuple[int | None, ...]) -> list[str | None]:
    out = _ROW_JSON.get(row)
    if out is None:
        out = [None if k is None else LETTERS[k] for k in row]
        if len(_ROW_JSON) < 65536:
            _ROW_JSON[row] = out
    return out


#: A pattern line's and a wall row's JSON, made once each and shared by every board (a view
#: is never changed).
_LINE_JSON: dict[PatternLine, dict[str, Any]] = {}
_ROW_JSON: dict[tuple[int | None, ...], list[str | None]] = {}


def board_json(state: State, seat: int) -> dict[str, Any]:
    pv = state.player(seat)
    return {
        "seat": seat,
        "score": pv.score,
        "lines": [_line_json(ln) for ln in pv.lines],
        "wall": [_row_json(row) for row in pv.wall],
        "floor": [MARKER if k == 5 else LETTERS[k] for k in pv.floor],
        "floor_penalty": -pv.floor_penalty,
        "has_marker": pv.has_marker,
        "complete_rows": pv.complete_rows,
    }


def fill_json(fill: Fill) -> dict[str, Any]:
    """What a fill with the special displays did (R40, R41): the special displays, and per
    SF1 or SF2 the tiles it gained after the plain fill (SF1's extra tile from the bag, each
    SF2's pulls from its neighbours), in display order. Empty for a base-game fill."""
    if not fill.specials:
        return {}
    gains, _losses = SP.after_fill(fill.counts(), fill.specials, fill.extra)
    return {
        "specials": [{"display": f + 1, "kind": Special.of(k)} for f, k in fill.specials],
        "after_fill": [
            {"display": f + 1, "kind": Special.of(k), "colour": LETTERS[c], "tiles": n}
            for f, k in fill.specials if k == Special.SF1.code or Special.of(k).colour is not None
            for c, n in enumerate(gains[f]) if n
        ],
    }


def log_json(entries: list[LogEntry]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for e in entries:
        if e.kind == "fill":
            entry: dict[str, Any] = {"kind": "fill", "round": e.round, "factories": e.factories}
            if e.fill is not None:
                entry.update(fill_json(e.fill))
            out.append(entry)
        elif e.kind == "move":
            out.append({"kind": "move", "round": e.round, "seat": e.seat, "move": e.text})
        elif e.kind == "leave":
            assert e.left is not None
            out.append({"kind": "leave", "round": e.round, "seat": e.seat,
                        "reason": e.left.reason, "bot": e.left.bot})
        else:
            out.append({
                "kind": "tiling", "round": e.round,
                "events": [tiling_json(t) for t in e.tiling or []],
            })
    return out


def result_json(state: State) -> dict[str, Any] | None:
    """The end summary: bonuses (R24), winners and how the tie-break went (R25); the core's
    :func:`~azulejos.core.results.result`, in the API's words (docs/api.md)."""
    if not state.is_over:
        return None
    res = result(state)
    return {
        "scores": list(res.scores),
        "winners": list(res.winners),
        "decided_by": res.decided_by,
        "ended_by": res.ended_by,
        "players": [
            {
                "seat": s.seat,
                "before_bonus": s.before_bonus,
                "rows": s.bonus.rows,
                "columns": s.bonus.columns,
                "colours": s.bonus.colours,
                "bonus": s.bonus.points,
                "score": s.total,
                "complete_rows": s.rows,
            }
            for s in res.standings
        ],
    }


class SharedView(dict[str, Any]):
    """A view (a plain dict to every reader) that remembers the parts it shares with the other
    views of its game version, so that :func:`view_message` encodes those once for all viewers."""

    parts: _Parts | None = None
    #: Each key's JSON text, made once per view (a view is shared by viewers of one kind).
    texts: dict[str, str] | None = None


#: In a version's view template (:attr:`_Parts.base`), the place of a key that each view fills
#: in itself (the viewer's part, or what may change within a version: the seats' names).
_SLOT: Any = object()


@dataclass(slots=True)
class _Parts:
    """The parts of a game's view that depend on the game alone (not on the viewer), built once
    per game version and shared by every viewer's view; each encoded as JSON once, on demand.
    ``entries``: each log entry with its JSON (a dict, and its text), kept for the next version
    (the log only grows, and an entry never changes once written). ``base``: the view's keys
    in their order with this version's values (:data:`_SLOT` where each view puts its own),
    ``texts`` their JSON texts (a value unchanged since the version before keeps its object
    and its text)."""

    version: int
    state: State
    log: list[LogEntry]
    values: dict[str, Any]
    entries: list[tuple[LogEntry, dict[str, Any], str]]
    legal: list[dict[str, Any]] | None = None  # the legal moves with their previews
    bare: list[dict[str, Any]] | None = None  # the same without previews (made on demand)
    by_text: dict[str, Move] | None = None  # each legal move by its text (previews on demand)
    board_keys: tuple[tuple[int, ...], ...] = ()  # State.board_key of each seat's board
    encoded: dict[str, str] = field(default_factory=dict)
    log_texts: list[str] | None = None  # each log entry's JSON text, made on demand
    base: dict[str, Any] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    rules: Any = None  # the Ruleset the "ruleset" value was made from
    #: The seats as last shown: [(seats, online), their JSON value, its text or None]
    seats: list[Any] | None = None

    def fragment(self, key: str, value: Any) -> str | None:
        """The JSON of ``value`` if it is this version's shared ``key`` (None otherwise)."""
        if key == "legal":  # with or without the previews: two texts, each made once
            if value is self.legal and value is not None:
                slot = "legal"
            elif value is self.bare and value is not None:
                slot = "legal/bare"
            else:
                return None
            text = self.encoded.get(slot)
            if text is None:
                text = self.encoded[slot] = dumps(value)
            return text
        if key == "seats":
            seats = self.seats
            if seats is None or seats[1] is not value:
                return None
            if seats[2] is None:
                seats[2] = dumps(value)
            return str(seats[2])
        if self.base.get(key, _SLOT) is not value:
            return None
        text = self.texts.get(key)
        if text is None:
            text = self.texts[key] = self._encode(key, value)
        return text

    def _encode(self, key: str, value: Any) -> str:
        if key == "log":
            return "[" + ",".join(self.log_list()) + "]"
        return dumps(value)

    def log_list(self) -> list[str]:
        """Each log entry's JSON text, in order (one list per version)."""
        if self.log_texts is None:
            self.log_texts = [t for _e, _j, t in self.entries]
        return self.log_texts


#: The shared parts of each game held in memory, for its latest version seen (weak: a game
#: dropped from memory drops its parts too).
_PARTS: weakref.WeakKeyDictionary[Live, _Parts] = weakref.WeakKeyDictionary()


def _log_entries(log: list[LogEntry], before: _Parts | None
                 ) -> list[tuple[LogEntry, dict[str, Any], str]]:
    """Each log entry with its JSON, reusing those of the same entries at an earlier version."""
    old = before.entries if before is not None else []
    same = 0
    for (entry, _j, _t), now in zip(old, log):
        if entry is not now:
            break
        same += 1
    out = old[:same]
    for entry in log[same:]:
        js = log_json([entry])[0]
        out.append((entry, js, dumps(js)))
    return out


def _parts(live: Live) -> _Parts:
    st, log, version = live.state, live.log, live.version
    parts = _PARTS.get(live)
    if parts is not None and parts.version == version and parts.state is st and parts.log is log:
        return parts
    entries = _log_entries(log, parts)
    # A move changes one board (the mover's) until the wall tiling: the others are reused.
    keys = tuple(st.board_key(p) for p in range(live.players))
    old = parts if parts is not None and len(parts.board_keys) == len(keys) else None
    boards = [old.values["boards"][p] if old is not None and old.board_keys[p] == k
              else board_json(st, p) for p, k in enumerate(keys)]
    rules = live.ruleset
    values: dict[str, Any] = {
        "ruleset": parts.values["ruleset"] if parts is not None and parts.rules is rules
        else rules.to_json(),
        "factories": [_letters(f) for f in st.factories],
        "centre": _letters(st.centre),
        "specials": specials_json(st),
        "bag": dict(zip(LETTERS, st.bag)),
        "lid": dict(zip(LETTERS, st.lid)),
        "boards": boards,
        "log": [js for _e, js, _t in entries],
        "result": result_json(st),
    }
    base: dict[str, Any] = {
        "game": live.game_id,
        "version": version,
        "players": live.players,
        "variant": live.variant,
        "ruleset": values["ruleset"],
        "phase": st.phase,
        "round": st.round,
        "current": st.to_move,
        "start_player": st.start_player,
        "pending_line": None if st.pending_line is None else st.pending_line + 1,
        "you": _SLOT,
        "to_move": _SLOT,
        "stand_in": _SLOT,
        "rated": _SLOT,
        "seats": _SLOT,
        "factories": values["factories"],
        "centre": values["centre"],
        "marker_in_centre": st.marker_in_centre,
        "specials": values["specials"],
        "bag": values["bag"],
        "lid": values["lid"],
        "boards": values["boards"],
        "legal": _SLOT,
        "log": values["log"],
        "result": values["result"],
    }
    texts: dict[str, str] = {}
    if parts is not None:
        # What did not change since the version before keeps its object and its text (a
        # patch then compares the texts by identity).
        before, encoded = parts.base, parts.texts
        for key, value in base.items():
            if value is _SLOT or key == "log":
                continue
            was = before.get(key, _SLOT)
            if was is value or (was is not _SLOT and type(was) is type(value) and was == value):
                base[key] = was
                if key in values:
                    values[key] = was
                text = encoded.get(key)
                if text is not None:
                    texts[key] = text
    parts = _PARTS[live] = _Parts(version, st, log, values, entries, board_keys=keys, base=base,
                                  texts=texts, rules=rules)
    return parts


def _seats_value(parts: _Parts, live: Live, online: dict[int, int]) -> list[dict[str, Any]]:
    """The view's ``seats``, made once for the seats, presence and vacations of this version's
    views (a vacation begins or ends without a new version)."""
    key = (tuple(live.seats), tuple(online.items()), tuple(sorted(live.vacations.items())))
    seats = parts.seats
    if seats is not None and seats[0] == key:
        return cast("list[dict[str, Any]]", seats[1])
    value = seats_json(live, online)
    parts.seats = [key, value, None]
    return value


def build_view(live: Live, access: Access, online: dict[int, int],
               with_previews: bool = True) -> dict[str, Any]:
    """The whole view for one viewer (see docs/api.md, "The view"). The parts that do not
    depend on the viewer are built once per game version and shared (never change a view).
    ``with_previews`` false: the legal moves come without their previews (docs/api.md,
    "Previews on demand")."""
    access = access.now(live.left_seats())
    st = live.state
    mover = st.to_move
    to_move = mover is not None and access.controls(mover)
    parts = _parts(live)
    legal: list[dict[str, Any]] = []
    if to_move and with_previews:
        if parts.legal is None:
            parts.legal = legal_json(st)
        legal = parts.legal
    elif to_move:
        if parts.bare is None:
            parts.bare = legal_json(st, with_previews=False)
        legal = parts.bare
    view = SharedView(parts.base)  # the keys in their order; the viewer's own filled in
    view["you"] = you_json(access)
    view["to_move"] = to_move
    view["stand_in"] = live.stand_in
    view["rated"] = live.rated  # the creator asked for a rated game (docs/api.md, "Profiles")
    view["seats"] = _seats_value(parts, live, online)
    view["legal"] = legal
    view.parts = parts
    return view


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
#: The JSON encoding of each key of a view, with its colon.
_KEYS: dict[str, str] = {}


def _fast_encoder() -> Callable[[Any], bytes] | None:
    """orjson's encoder when it is installed (``pip install orjson``; about six times faster on a
    view's legal moves, docs/performance.md), else None: the standard library's is used."""
    try:
        module = importlib.import_module("orjson")
    except ImportError:
        return None
    return cast("Callable[[Any], bytes]", module.dumps)


_FAST = _fast_encoder()


def dumps(obj: Any) -> str:
    """Compact JSON, as the websocket sends it (orjson's when installed: the same JSON values;
    what it does not take, such as non-string keys, goes to the standard library's)."""
    if _FAST is not None:
        try:
            return _FAST(obj).decode()
        except TypeError:
            pass
    return _ENCODER.encode(obj)


def _scalar(value: Any) -> str | None:
    """The JSON of a None, a boolean or a whole number without an encoder call (else None)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return str(value)
    return None


def view_texts(view: dict[str, Any]) -> dict[str, str]:
    """Each key of ``view`` with the JSON text of its value; the parts a :class:`SharedView`
    shares with the other views of its version are encoded once, and a shared view's texts
    are made once for all its viewers."""
    parts = view.parts if isinstance(view, SharedView) else None
    if parts is None:
        return {key: dumps(value) for key, value in view.items()}
    assert isinstance(view, SharedView)
    texts = view.texts
    if texts is None:
        texts = {}
        base, shared = parts.base, parts.texts
        for key, value in view.items():
            if base.get(key, _SLOT) is value:  # this version's, the same for every viewer
                text = shared.get(key)
                if text is None:
                    text = shared[key] = parts._encode(key, value)  # noqa: SLF001
            else:
                text = _scalar(value) or parts.fragment(key, value) or dumps(value)
            texts[key] = text
        view.texts = texts
    return texts


def _key(key: str) -> str:
    """The JSON encoding of a view's key, with its colon."""
    name = _KEYS.get(key)
    if name is None:
        name = _KEYS[key] = dumps(key) + ":"
    return name


def _object(texts: dict[str, str], keys: list[str] | None = None) -> str:
    return "{" + ",".join(_key(k) + texts[k] for k in (texts if keys is None else keys)) + "}"


def view_message(view: dict[str, Any]) -> str:
    """The websocket message ``{"type": "view", "view": ...}`` as JSON text; the parts a
    :class:`SharedView` shares with the other views of its version are encoded once."""
    return '{"type":"view","view":' + _object(view_texts(view)) + "}"


@dataclass(slots=True)
class Sent:
    """The last view a connection was sent (full or as a patch): its version, each key's JSON
    text, and the JSON text of each log entry."""

    version: int
    texts: dict[str, str]
    log: list[str] | None


def _log_texts(view: dict[str, Any]) -> list[str] | None:
    parts = view.parts if isinstance(view, SharedView) else None
    if parts is None or parts.base.get("log", _SLOT) is not view.get("log"):
        return None
    return parts.log_list()


def patch_message(view: dict[str, Any], sent: Sent | None) -> tuple[str, Sent]:
    """The websocket message that brings a client from the view ``sent`` to ``view``, and what
    it was sent now. With no earlier view, or when the keys differ, the whole ``view`` message;
    otherwise ``{"type": "patch", "base": <version of sent>, "version": ..., "view": {the keys
    whose value changed, each whole}, "log": [the log entries added]}`` (``log`` only when the
    log grew from the one sent; a log that is not a continuation is sent whole in ``view``).
    A client applies it as ``{...old, ...patch.view}`` and appends ``patch.log`` to the log
    (docs/api.md, "Patches")."""
    texts = view_texts(view)
    log = _log_texts(view)
    now = Sent(int(view["version"]), texts, log)
    if sent is None or sent.texts.keys() != texts.keys():
        return view_message(view), now
    old = sent.texts
    changed = [k for k, t in texts.items() if t is not old[k] and t != old[k]]
    added: list[str] | None = None
    if "log" in changed and log is not None and sent.log is not None:
        n = len(sent.log)
        # (the entries' texts are shared from version to version: compared by identity first)
        if len(log) >= n and log[:n] == sent.log:
            changed.remove("log")
            added = log[n:]
    out = f'{{"type":"patch","base":{sent.version},"version":{now.version},"view":'
    out += _object(texts, changed)
    if added:
        out += ',"log":[' + ",".join(added) + "]"
    return out + "}", now


def you_json(access: Access) -> dict[str, Any]:
    return {"role": access.role, "seats": sorted(access.seats), "left": sorted(access.left)}


#: What a seat's board says of its player (the view's ``seats[].state``).
SEAT_STATES = ("bot", "left", "invited", "online", "offline")


def seat_state(kind: str, claimed: bool, left: bool, online: bool) -> str:
    """``bot``; ``left`` (a stand-in bot plays it); ``invited`` (a person seat whose invitation
    nobody has opened yet); else ``online`` or ``offline`` (a claimed seat with or without a
    page open on the game)."""
    if left:
        return "left"
    if kind == "bot":
        return "bot"
    if not claimed:
        return "invited"
    return "online" if online else "offline"


def seats_json(live: Live, online: dict[int, int]) -> list[dict[str, Any]]:
    """The seats as everyone sees them: who plays, whether a person seat was claimed from its
    invitation yet, and who left (when, why, and the bot that plays for them)."""
    out = []
    for s in live.seats:
        left = live.session.left.get(s.seat)
        out.append({
            "seat": s.seat, "name": s.name, "kind": s.kind, "level": s.level,
            "claimed": s.kind == "person" and s.claimed is not None,
            "profile": s.profile_id,  # public id of the player's profile (None: anonymous)
            "left": None if left is None else left.to_json(),
            "online": s.kind == "bot" or left is not None or online.get(s.seat, 0) > 0,
            "state": seat_state(s.kind, s.claimed is not None, left is not None,
                                online.get(s.seat, 0) > 0),
            "vacation": live.vacations.get(s.seat) if left is None else None,  # until (null: not)
        })
    return out


def summary_json(live: Live, access: Access) -> dict[str, Any]:
    """One line of a "my games" list."""
    access = access.now(live.left_seats())
    st = live.state
    mover = st.to_move
    return {
        "game": live.game_id,
        "role": access.role,
        "seats": sorted(access.seats),
        "left": sorted(access.left),
        # why each seat of "left" left ("resigned" or "timeout"), in the same order
        "left_reasons": [live.session.left[s].reason for s in sorted(access.left)
                         if s in live.session.left],
        # the person seats nobody has claimed yet (their invitations not yet opened)
        "unclaimed": [s.seat for s in live.seats if s.kind == "person" and s.claimed is None],
        "names": [s.name for s in live.seats],
        "players": live.players,
        "variant": live.variant,
        "ruleset": live.ruleset.to_json(),
        "phase": st.phase,
        "round": st.round,
        "current": mover,
        "to_move": mover is not None and access.controls(mover),
        "scores": st.scores,
        "winners": st.winners(),
        "created": live.created,
        "version": live.version,
        "vacations": [{"seat": k, "until": u} for k, u in sorted(live.vacations.items())],
    }
