"""The legal moves of a view, each with its preview: what the move does, from the core's
preview (docs/api.md, "The view" and "Previews on demand")."""

from __future__ import annotations

from typing import Any

from azulejos.core import Move, Special, State
from azulejos.core.colours import LETTERS
from azulejos.core.moves import CENTRE
from azulejos.core.preview import Preview, previews


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


def moves_by_text(state: State) -> dict[str, Move]:
    """Each legal move by its text."""
    return {m.text(): m for m in state.legal_moves()}


#: The most previews one request may ask for (docs/api.md, "Previews on demand").
MAX_PREVIEWS = 256


def previews_by_text(state: State, texts: list[str], legal: dict[str, Move]
                     ) -> dict[str, dict[str, Any]]:
    """The previews of the moves ``texts`` (legal now) by their text: each the object the legal
    entry's ``preview`` holds in a view with previews. Only those asked for are computed.
    ``legal``: each legal move by its text (:func:`moves_by_text`, made once per version).
    ``InvalidMoveError`` or ``IllegalMoveError`` (as a move) for a text that is not a legal move
    now; the caller has checked that the game is at the asked version and the asker to move."""
    st = state
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
