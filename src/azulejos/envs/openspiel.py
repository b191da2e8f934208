"""The game for OpenSpiel: ``pyspiel.load_game("python_azulejos")`` after importing this module.

Importing registers the game (``pyspiel.register_game``). Parameters: ``players`` (2-4),
``variant`` (``"coloured"`` or ``"grey"``), ``utility`` (``"score_diff"`` or ``"win_loss"``,
see :mod:`azulejos.envs.rewards`), ``max_rounds`` (default 100: OpenSpiel needs a bound on
the game length; a game still running then is cut and pays the current score difference) and
``special_factories`` (default false: the Master Chocolatier special factory displays,
R40-R47).

Azul is a perfect-information game with chance: the bag's *contents* are public, only the draw
order is random. Player actions are the 325 action ids of :mod:`azulejos.core.moves`; on the
grey wall the column choices (R30, R33) are ordinary player nodes.

**Chance.** A round's fill (R21, R22) has far too many outcomes to list at once, so it is
modelled exactly as the physical draw: a sequence of chance nodes, each drawing *one tile*.
The outcome of a chance node is a colour 0-4 (B Y R K W) with probability
``count(colour in the bag) / tiles in the bag``. Tiles go to factory 1 until it holds 4, then
to factory 2, and so on. When a draw is needed and the bag is empty, the lid is emptied into the
bag first (R22), so that draw's probabilities come from the former lid. If bag and lid are
both empty, the fill stops there (the remaining factories stay short or empty, R22). Once every
factory is full (or nothing is left) the fill is handed to the engine, which checks it. This
gives each complete fill exactly the probability of drawing it tile by tile from the bag, which
is what :meth:`azulejos.core.state.State.sample_fill` samples. The chance nodes are the core's
own :class:`azulejos.core.chance.FillDraw` (this adapter keeps no fill rule of its own).

**The special factory displays.** With ``special_factories=True`` the player actions are the
8,425 ids of :data:`azulejos.core.moves.NUM_ALL_ACTIONS` (each SF4 split its own id, R43) and
the round's other chance events come first and last (R40, R41, R47e): before the tiles, one
chance node per display, in display order, gives its kind (outcome 0 plain, 1-9 the kind codes
of :mod:`azulejos.core.specials`: SF1, SF2B..SF2W, SF3, SF4, SF5). With ``r`` specials still to
place on the last ``m`` displays, a display is special with probability ``r / m`` and then each
kind not yet used is equally likely, so each set of displays and each assignment of different
kinds has the probability of the engine's draw (n displays at random, then n different kinds).
After the four tiles of every display, when one display is SF1 and a tile is left, one more
draw is SF1's extra tile (R41, R47b). The observation adds the specials block of
:mod:`azulejos.envs.encoding` (during the fill: the kinds drawn so far).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from azulejos.core import specials as SF
from azulejos.core.chance import FillDraw
from azulejos.core.colours import LETTERS
from azulejos.core.moves import move_of_action
from azulejos.core.rules import Variant, check_players, factory_count
from azulejos.core.ruleset import Ruleset
from azulejos.core.state import State

from .encoding import encode, num_actions, observation_size
from .rewards import relative, win_loss

SHORT_NAME = "python_azulejos"
DEFAULTS: dict[str, Any] = {
    "players": 2,
    "variant": "coloured",
    "utility": "score_diff",
    "max_rounds": 100,
    "special_factories": False,
}
MAX_UTILITY = 345.0  # see azulejos.envs.encoding.MAX_SCORE

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="azulejos (Azul rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def _params(params: dict[str, Any] | None) -> dict[str, Any]:
    p = {**DEFAULTS, **(params or {})}
    unknown = set(p) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown parameter(s) {sorted(unknown)} (known: {sorted(DEFAULTS)})")
    check_players(p["players"])
    Variant.parse(p["variant"])
    if p["utility"] not in ("score_diff", "win_loss"):
        raise ValueError(f"utility must be 'score_diff' or 'win_loss', not {p['utility']!r}")
    if int(p["max_rounds"]) < 1:
        raise ValueError("max_rounds must be at least 1")
    if not isinstance(p["special_factories"], bool):
        raise ValueError(f"special_factories must be true or false, not {p['special_factories']!r}")
    return p


def _ruleset(p: dict[str, Any]) -> Ruleset:
    return Ruleset(int(p["players"]), Variant.parse(p["variant"]), bool(p["special_factories"]))


class AzulejosGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game object."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = _params(params)
        self.players = int(p["players"])
        self.variant = Variant.parse(p["variant"])
        self.utility = str(p["utility"])
        self.max_rounds = int(p["max_rounds"])
        self.special_factories = bool(p["special_factories"])
        nf = factory_count(self.players)
        per_round = 4 * nf + 4 * nf + 5 * self.players  # draws + drafting moves + grey choices
        if self.special_factories:
            per_round += nf + 1  # a kind per display (R40) and SF1's extra tile (R41)
        bound = 1.0 if self.utility == "win_loss" else MAX_UTILITY
        info = pyspiel.GameInfo(
            num_distinct_actions=num_actions(self.special_factories),
            max_chance_outcomes=10 if self.special_factories else 5,
            num_players=self.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=self.max_rounds * per_round,
        )
        super().__init__(GAME_TYPE, info, p)

    def new_initial_state(self) -> AzulejosState:
        return AzulejosState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> AzulejosObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return AzulejosObserver(self.players, perfect_recall, self.special_factories)


class _EngineBox:
    """Holds the engine state. OpenSpiel clones Python states by deep-copying their
    attributes; this makes that copy one flat list copy (without the undo history)."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _EngineBox:
        return _EngineBox(self.state.copy(history=False))


class AzulejosState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping the reference engine state and a fill in progress."""

    def __init__(self, game: AzulejosGame) -> None:
        super().__init__(game)
        # The game reaches us re-wrapped by pybind, without Python attributes: keep the
        # parameters themselves.
        p = _params(game.get_parameters())
        self._utility = str(p["utility"])
        self._max_rounds = int(p["max_rounds"])
        self._sf = bool(p["special_factories"])
        self._box = _EngineBox(State.new(_ruleset(p)))
        self.drawing: FillDraw | None = None  # the fill in progress: the core's (R21, R22)
        self._truncated = False
        self._begin_fill()

    @property
    def engine(self) -> State:
        """The reference engine state (its history holds the fills and moves so far; a
        clone starts with an empty history)."""
        return self._box.state

    # -- the fill, one chance event at a time: the core's FillDraw --------------------------
    def _begin_fill(self) -> None:
        """Start drawing a round's fill (the engine is in its fill phase)."""
        self.drawing = FillDraw(self.engine.raw, self.engine.players)
        self._settle()

    def _settle(self) -> None:
        """Hand the fill to the engine once it is complete or nothing is left to draw."""
        if self.drawing is not None and self.drawing.done:
            # validated by the engine (R21, R22, R40, R41)
            self.engine.apply_fill(self.drawing.fill())
            self.drawing = None

    # What the observer and tests read of the fill in progress (empty outside a fill).
    @property
    def stage(self) -> str:
        """``"kinds"``, ``"tiles"``, ``"extra"``, or ``""`` outside a fill."""
        return self.drawing.stage if self.drawing is not None else ""

    @property
    def kinds(self) -> list[int]:
        """The special displays drawn so far (R40), 0 plain."""
        return self.drawing.kinds if self.drawing is not None else []

    @property
    def draws(self) -> list[list[int]]:
        return self.drawing.draws if self.drawing is not None else []

    @property
    def extra(self) -> list[int]:
        """SF1's extra tile (R41, R47b)."""
        return self.drawing.extra if self.drawing is not None else []

    @property
    def bag(self) -> list[int]:
        return self.drawing.bag if self.drawing is not None else self.engine.bag

    @property
    def lid(self) -> list[int]:
        return self.drawing.lid if self.drawing is not None else self.engine.lid

    def in_fill(self) -> bool:
        return self.drawing is not None

    # -- OpenSpiel API ----------------------------------------------------------------------
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.in_fill():
            return int(pyspiel.PlayerId.CHANCE)
        return self.engine.current_player

    def is_terminal(self) -> bool:
        return self.engine.is_over or self._truncated

    def _legal_actions(self, player: int) -> list[int]:
        return self.engine.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.drawing.outcomes() if self.drawing is not None else []

    def _apply_action(self, action: int) -> None:
        if self.drawing is not None:
            self.drawing.draw(int(action))  # ValueError if the outcome is not possible
            self._settle()
            return
        self.engine.push(int(action))  # IllegalMoveError if not legal
        if self.engine.is_chance:
            if self.engine.round > self._max_rounds:
                self._truncated = True
            else:
                self._begin_fill()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.stage == "kinds":
                kind = SF.name(action) if action else "plain"
                return f"display {len(self.kinds) + 1} {kind}"
            return f"draw {LETTERS[action]}"
        return move_of_action(int(action)).text()

    def returns(self) -> list[float]:
        st = self.engine
        if st.is_over:
            if self._utility == "win_loss":
                return win_loss(st)
            return relative(st.scores)
        if self._truncated and self._utility == "score_diff":
            return relative(st.scores)
        return [0.0] * st.players

    def __str__(self) -> str:
        from azulejos.notation import to_position

        text = to_position(self.engine)
        if self.in_fill():
            if self.kinds:
                text += " specials " + ",".join(SF.name(k) if k else "-" for k in self.kinds)
            text += " drawing " + ",".join("".join(LETTERS[k] for k in f) for f in self.draws)
            if self.extra:
                text += " extra " + "".join(LETTERS[k] for k in self.extra)
        return text


class AzulejosObserver:
    """Observation tensor (the encoding of :mod:`azulejos.envs.encoding`, with the fill drawn
    so far in the factory block and the current draw pool as the bag) and strings."""

    def __init__(self, players: int, perfect_recall: bool, special_factories: bool = False) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(observation_size(players, special_factories), np.float32)
        self.dict = {"observation": self.tensor}
        self._nf = factory_count(players)
        self._sf = special_factories
        self._base = observation_size(players)

    def set_from(self, state: AzulejosState, player: int) -> None:
        self.tensor[:] = encode(state.engine, player)
        if state.in_fill() and self._sf:
            block = self.tensor[self._base :]  # the specials block: the kinds drawn so far
            block[:] = 0.0
            for display, kind in enumerate(state.kinds):
                if kind:
                    block[9 * display + kind - 1] = 1.0
        if state.in_fill():
            nf = self._nf
            fac = np.zeros(5 * nf, np.float32)
            for i, f in enumerate(state.draws):
                for k in f:
                    fac[i * 5 + k] += 0.25
            self.tensor[: 5 * nf] = fac
            bag = 5 * nf + 5 + 1
            self.tensor[bag : bag + 5] = np.asarray(state.bag, np.float32) / 20.0
            self.tensor[bag + 5 : bag + 10] = np.asarray(state.lid, np.float32) / 20.0

    def string_from(self, state: AzulejosState, player: int) -> str:
        if self.perfect_recall:
            return " ".join(str(a) for a in state.history())
        return f"p{player} {state}"


def register() -> None:
    """Register the game with pyspiel (done on import; safe to call again)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, AzulejosGame)


register()
