"""The observation encoding shared by every environment: one flat ``float32`` vector.

The vector describes the table from the point of view of one seat (the *observer*). Players
are listed in *relative* order: the observer first, then the seats after it clockwise (R10),
so a policy sees itself in the same place whatever its seat. Every value lies in ``[0, 1]``
except the scores, which are points / 100 and so lie in ``[0, 3.45]`` (a player places at most
25 tiles worth at most 10 points each (R18) and earns at most 95 bonus points (R24)), and, with
the special displays, the factories' counts: SF1 and SF2 take extra tiles (R41) and SF4 sends
its rest to its neighbours (R43), so a display can hold more than 4 tiles of a colour (at most
the colour's 20, R1: up to 20 / 4 = 5; :func:`observation_high`).

Layout for ``n`` players with ``f = 2n + 1`` factories (R2); see :func:`feature_names` for one
name per entry:

=================  ==========  ====================================================
block              size        meaning
=================  ==========  ====================================================
factories          ``5 f``     tiles of each colour (B Y R K W) per factory / 4
centre             5           tiles of each colour in the centre / 20
marker_in_centre   1           1 while the first-player marker is in the centre (R12)
bag                5           tiles of each colour in the bag / 20
lid                5           tiles of each colour in the lid / 20
round              1           min(round, 20) / 20
phase              2           one-hot: drafting, grey-wall column choice (R33)
pending_line       5           one-hot: the pattern line whose column is being chosen
grey               1           1 on the grey wall (R30)
per player ×n      154 each    in relative order, see below
=================  ==========  ====================================================

Per player: ``to_move`` (1), ``marker`` (1: holds the first-player marker, so starts the next
round, R20), ``score`` (1, points / 100), ``lines`` (25: for pattern line i and colour c,
tiles / (i + 1)), ``wall`` (125: for wall cell (row, column) in row-major order, a one-hot of
its colour; all zero when empty), ``floor`` (1: occupied floor slots / 7, R14).

Total size: ``5 f + 25 + 154 n`` = 358 (2 players), 522 (3), 686 (4).

With the Master Chocolatier special factory displays (R40-R47, ``special_factories=True``) one
block follows, so the base game's vector is a prefix of it:

=================  ==========  ====================================================
specials           ``9 f``     per display, a one-hot of its kind this round (R40):
                               SF1, SF2B, SF2Y, SF2R, SF2K, SF2W, SF3, SF4, SF5; all
                               zero for a plain display
sf5_holder         ``n``       in relative order: 1 for the player holding SF5 (R44)
sf5_tile           5           one-hot colour of the tile on the held SF5 (R44, R47a)
=================  ==========  ====================================================

Module size: ``14 f + 30 + 155 n`` = 410 (2 players), 593 (3), 776 (4). The action masks then
cover :data:`azulejos.core.moves.NUM_ALL_ACTIONS` (8,425) ids: the base game's 325 and the
SF4 splits (R43, R47d).

The encoder works on the flat integer layout of :mod:`azulejos.core.layout`, for one state or
a batch of them (``(batch, size)`` arrays), so the reference engine and an accelerated engine
that keeps the same layout share it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from azulejos.core import layout as L
from azulejos.core import specials as SF
from azulejos.core.colours import LETTERS
from azulejos.core.moves import NUM_ACTIONS, NUM_ALL_ACTIONS
from azulejos.core.rules import check_players, factory_count
from azulejos.core.ruleset import Ruleset
from azulejos.core.state import State

PER_PLAYER = 154
GLOBAL_EXTRA = 25  # centre 5, marker 1, bag 5, lid 5, round 1, phase 2, pending 5, grey 1
SCORE_SCALE = 100.0
MAX_SCORE = 345  # 25 tiles x 10 points (R18) + 95 bonus points (R24)

FloatArray = npt.NDArray[np.float32]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


def num_actions(special_factories: bool = False) -> int:
    """Size of the action space: 325 ids, or 8,425 with the SF4 splits (R43, R47d)."""
    return NUM_ALL_ACTIONS if special_factories else NUM_ACTIONS


def specials_size(players: int) -> int:
    """Length of the block the special factory displays add (R40-R47)."""
    return 9 * factory_count(players) + players + 5


def observation_size(players: int, special_factories: bool = False) -> int:
    """Length of the observation vector for ``players`` players (and the module)."""
    check_players(players)
    base = 5 * factory_count(players) + GLOBAL_EXTRA + PER_PLAYER * players
    return base + (specials_size(players) if special_factories else 0)


def feature_names(players: int, special_factories: bool = False) -> list[str]:
    """One name per entry of the observation vector (documentation and debugging)."""
    check_players(players)
    names: list[str] = []
    for f in range(factory_count(players)):
        names += [f"factory{f + 1}.{c}" for c in LETTERS]
    names += [f"centre.{c}" for c in LETTERS]
    names.append("marker_in_centre")
    names += [f"bag.{c}" for c in LETTERS]
    names += [f"lid.{c}" for c in LETTERS]
    names += ["round", "phase.draft", "phase.place"]
    names += [f"pending_line.{i + 1}" for i in range(5)]
    names.append("grey")
    for k in range(players):
        p = "me" if k == 0 else f"opp{k}"
        names += [f"{p}.to_move", f"{p}.marker", f"{p}.score"]
        names += [f"{p}.line{i + 1}.{c}" for i in range(5) for c in LETTERS]
        names += [
            f"{p}.wall{r + 1}{col + 1}.{c}" for r in range(5) for col in range(5) for c in LETTERS
        ]
        names.append(f"{p}.floor")
    if special_factories:
        for f in range(factory_count(players)):
            names += [f"factory{f + 1}.{SF.name(k)}" for k in SF.KINDS]
        names += ["sf5_holder.me"] + [f"sf5_holder.opp{k}" for k in range(1, players)]
        names += [f"sf5_tile.{c}" for c in LETTERS]
    assert len(names) == observation_size(players, special_factories)
    return names


def observation_high(players: int, special_factories: bool = False) -> FloatArray:
    """Upper bound of every entry (1, except the scores: ``MAX_SCORE / 100``, and with the
    special displays the factories' counts: a display can then hold more than 4 tiles, R41,
    R43, up to the 20 tiles of a colour, R1, so 20 / 4)."""
    high = np.ones(observation_size(players, special_factories), dtype=np.float32)
    if special_factories:
        high[: 5 * factory_count(players)] = 20 / 4
    base = 5 * factory_count(players) + GLOBAL_EXTRA
    for k in range(players):
        high[base + k * PER_PLAYER + 2] = MAX_SCORE / SCORE_SCALE
    return high


_LINE_SCALE = 1.0 / np.arange(1, 6, dtype=np.float32)  # 1 / (i + 1) for pattern line i
_COLOURS = np.arange(5)


def encode_batch(arrays: npt.ArrayLike, seats: npt.ArrayLike, ruleset: Ruleset) -> FloatArray:
    """Observations of a batch of states of one ``ruleset`` in the flat layout, each from
    ``seats[b]``'s view.

    ``arrays`` has shape ``(batch, layout.size(players, special_factories))``; the result
    ``(batch, D)``.
    """
    players, special_factories = ruleset.players, ruleset.special_factories
    a = np.asarray(arrays, dtype=np.int64)
    size = L.size(players, special_factories)
    if a.ndim != 2 or a.shape[1] != size:
        raise ValueError(f"expected arrays of shape (batch, {size}), got {a.shape}")
    b = a.shape[0]
    me = np.asarray(seats, dtype=np.int64).reshape(b)
    nf = factory_count(players)
    out = np.zeros((b, observation_size(players, special_factories)), dtype=np.float32)
    o = 0
    out[:, o : o + 5 * nf] = a[:, : 5 * nf] / 4.0
    o += 5 * nf
    out[:, o : o + 5] = a[:, L.CENTRE_BASE : L.CENTRE_BASE + 5] / 20.0
    o += 5
    phase = a[:, L.PHASE]
    out[:, o] = (phase == L.DRAFT) & (a[:, L.MARKER] < 0)
    o += 1
    out[:, o : o + 5] = a[:, L.BAG : L.BAG + 5] / 20.0
    o += 5
    out[:, o : o + 5] = a[:, L.LID : L.LID + 5] / 20.0
    o += 5
    out[:, o] = np.minimum(a[:, L.ROUND], 20) / 20.0
    o += 1
    out[:, o] = phase == L.DRAFT
    out[:, o + 1] = phase == L.PLACE
    o += 2
    placing = np.nonzero(phase == L.PLACE)[0]
    out[placing, o + a[placing, L.TQ_LINE]] = 1.0
    o += 5
    out[:, o] = 1.0 if ruleset.grey else 0.0
    o += 1
    rows = np.arange(b)
    turn = a[:, L.TURN]
    active = (phase == L.DRAFT) | (phase == L.PLACE)
    for k in range(players):
        seat = (me + k) % players
        base = L.P0 + seat * L.STRIDE
        out[:, o] = active & (turn == seat)
        out[:, o + 1] = a[:, L.MARKER] == seat
        out[:, o + 2] = a[rows, base + L.SCORE] / SCORE_SCALE
        idx = base[:, None] + np.arange(5)[None, :]
        colour = a[rows[:, None], idx + L.L_COLOUR]  # (b, 5), -1 when empty
        count = a[rows[:, None], idx + L.L_COUNT]
        lines = (colour[:, :, None] == _COLOURS[None, None, :]) * (
            count[:, :, None] * _LINE_SCALE[None, :, None]
        )
        out[:, o + 3 : o + 28] = lines.reshape(b, 25)
        widx = base[:, None] + L.WALL + np.arange(25)[None, :]
        wall = a[rows[:, None], widx]
        out[:, o + 28 : o + 153] = (wall[:, :, None] == _COLOURS[None, None, :]).reshape(b, 125)
        out[:, o + 153] = a[rows, base + L.FLOOR_N] / 7.0
        o += PER_PLAYER
    if special_factories:
        _encode_specials(a, me, players, out[:, o:])
    return out


def _encode_specials(a: IntArray, me: IntArray, players: int, out: FloatArray) -> None:
    """The specials block (R40, R44): kinds per display, SF5's holder and tile."""
    nf = factory_count(players)
    x = SF.base(players)
    rows = np.arange(a.shape[0])
    kinds = a[:, x + L.SF_KIND : x + L.SF_KIND + nf]  # (b, nf), 0 plain or 1-9
    onehot = kinds[:, :, None] == np.arange(1, 10)[None, None, :]
    out[:, : 9 * nf] = onehot.reshape(-1, 9 * nf)
    o = 9 * nf
    holder = a[:, x + L.SF5_HOLDER]
    held = np.flatnonzero(holder >= 0)
    out[held, o + (holder[held] - me[held]) % players] = 1.0
    o += players
    tile = a[:, x + L.SF5_TILE]
    lying = np.flatnonzero(tile >= 0)
    out[rows[lying], o + tile[lying]] = 1.0


def encode(state: State, seat: int) -> FloatArray:
    """The observation of ``state`` from ``seat``'s point of view (shape ``(D,)``)."""
    out: FloatArray = encode_batch(
        [state.array()], [seat], state.ruleset
    )[0]
    return out


def action_mask(state: State) -> npt.NDArray[np.int8]:
    """``int8`` mask over the action ids (325, or 8,425 with the module): 1 where legal now."""
    mask = np.zeros(num_actions(state.ruleset.special_factories), dtype=np.int8)
    mask[state.legal_actions()] = 1
    return mask


def masks_of(states: Sequence[State]) -> BoolArray:
    """Boolean ``(batch, A)`` legal-action masks of several states of one ruleset."""
    sf = bool(states) and states[0].ruleset.special_factories
    out = np.zeros((len(states), num_actions(sf)), dtype=bool)
    for i, st in enumerate(states):
        out[i, st.legal_actions()] = True
    return out
