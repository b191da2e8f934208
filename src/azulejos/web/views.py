"""What each viewer is sent: the public table, and the legal moves (with their consequences)
to the one who may play them.

Nothing here reads the random generator or the bag order: a view is a function of the public
history only (the fills already dealt, the moves played), the seats and who is looking.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any, cast

from azulejos.core import Fill, Move, PatternLine, Special, State
from azulejos.core import specials as SP
from azulejos.core.colours import FLOOR_PENALTIES, LETTERS, wall_colour
from azulejos.core.events import Bonus, Discarded, Penalised, Placed, TilingEvent
from azulejos.core.results import result

from .legal_json import legal_json, moves_by_text, previews_by_text
from .live import Live, LogEntry
from .wire import SLOT, SharedView, dumps

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


def previews_json(live: Live, texts: list[str]) -> dict[str, dict[str, Any]]:
    """The previews of the moves ``texts`` (legal now) by their text
    (:func:`~azulejos.web.legal_json.previews_by_text`), the legal moves by their text made once
    per version."""
    parts = _parts(live)
    if parts.by_text is None:
        parts.by_text = moves_by_text(live.state)
    return previews_by_text(live.state, texts, parts.by_text)


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


@dataclass(slots=True)
class _Parts:
    """The parts of a game's view that depend on the game alone (not on the viewer), built once
    per game version and shared by every viewer's view; each encoded as JSON once, on demand.
    ``entries``: each log entry with its JSON (a dict, and its text), kept for the next version
    (the log only grows, and an entry never changes once written). ``base``: the view's keys
    in their order with this version's values (:data:`SLOT` where each view puts its own),
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
        if self.base.get(key, SLOT) is not value:
            return None
        text = self.texts.get(key)
        if text is None:
            text = self.texts[key] = self.encode(key, value)
        return text

    def encode(self, key: str, value: Any) -> str:
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
        "you": SLOT,
        "to_move": SLOT,
        "stand_in": SLOT,
        "rated": SLOT,
        "seats": SLOT,
        "factories": values["factories"],
        "centre": values["centre"],
        "marker_in_centre": st.marker_in_centre,
        "specials": values["specials"],
        "bag": values["bag"],
        "lid": values["lid"],
        "boards": values["boards"],
        "legal": SLOT,
        "log": values["log"],
        "result": values["result"],
    }
    texts: dict[str, str] = {}
    if parts is not None:
        # What did not change since the version before keeps its object and its text (a
        # patch then compares the texts by identity).
        before, encoded = parts.base, parts.texts
        for key, value in base.items():
            if value is SLOT or key == "log":
                continue
            was = before.get(key, SLOT)
            if was is value or (was is not SLOT and type(was) is type(value) and was == value):
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
