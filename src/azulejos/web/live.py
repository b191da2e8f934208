"""A game held in memory by the server: the engine state, the random generator and the
public log, rebuilt exactly from the stored events."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from azulejos.core import Fill, State
from azulejos.core.colours import LETTERS
from azulejos.core.events import TilingEvent

from .storage import SeatSpec, StoredEvent, StoredGame, dump_rng_state, load_rng_state


@dataclass
class LogEntry:
    """One line of the public game log."""

    kind: str  # "fill" | "move" | "tiling"
    round: int
    seat: int | None = None
    text: str = ""
    factories: list[str] | None = None
    tiling: list[TilingEvent] | None = None


@dataclass
class Live:
    """One game in play on this server process."""

    game_id: str
    players: int
    variant: str
    start_player: int
    created: float
    seats: list[SeatSpec]
    state: State
    rng: random.Random
    version: int
    log: list[LogEntry] = field(default_factory=list)

    @property
    def status(self) -> str:
        return "over" if self.state.is_over else "playing"

    def person_seats(self) -> set[int]:
        return {s.seat for s in self.seats if s.kind == "person"}

    def rng_state(self) -> str:
        return dump_rng_state(self.rng.getstate())

    @classmethod
    def from_stored(cls, g: StoredGame) -> Live:
        """Replay the stored events; the generator resumes from its stored state."""
        st = State.new(g.players, g.variant, g.start_player)
        live = cls(
            g.game_id, g.players, g.variant, g.start_player, g.created, list(g.seats), st,
            random.Random(), 0,
        )
        for e in g.events:
            if e.kind == "fill":
                live._fill(parse_fill(e.data))
            else:
                live._move(e.data)
        if len(g.events) != g.version:
            raise ValueError(f"game {g.game_id}: {len(g.events)} events, version {g.version}")
        live.version = g.version
        live.rng.setstate(load_rng_state(g.rng_state))
        return live

    # -- applying events (the state is already checked by the caller) ---------------------------
    def _fill(self, fill: Fill) -> None:
        self.state.apply_fill(fill)
        self.log.append(LogEntry("fill", self.state.round, factories=fill.texts()))

    def _move(self, text: str) -> None:
        st = self.state
        seat = st.current_player
        rnd = st.round
        st.push(text)
        self.log.append(LogEntry("move", rnd, seat, st.history[-1].text()))  # type: ignore[union-attr]
        if st.is_chance or st.is_over:
            self.log.append(LogEntry("tiling", rnd, tiling=st.tiling_log))

    def advance(self, text: str) -> list[StoredEvent]:
        """Play ``text`` (already known legal) and deal the next round if due.

        Returns the new events to store. Call on a scratch copy (:meth:`fork`) first.
        """
        seat = self.state.current_player
        self._move(text)
        out = [StoredEvent(self.version, "move", self.state.history[-1].text(), seat)]  # type: ignore[union-attr]
        while self.state.is_chance:
            fill = self.state.sample_fill(self.rng)
            self._fill(fill)
            out.append(StoredEvent(self.version + len(out), "fill", ",".join(fill.texts())))
        self.version += len(out)
        return out

    def fork(self) -> Live:
        """An independent copy to try a move on."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return Live(
            self.game_id, self.players, self.variant, self.start_player, self.created,
            list(self.seats), self.state.copy(), rng, self.version, list(self.log),
        )


def parse_fill(data: str) -> Fill:
    return Fill(tuple(tuple(LETTERS.index(ch) for ch in part) for part in data.split(",")))


def first_fill(state: State, rng: random.Random) -> StoredEvent:
    """Deal round 1 on ``state`` and return its event."""
    fill = state.sample_fill(rng)
    state.apply_fill(fill)
    return StoredEvent(0, "fill", ",".join(fill.texts()))
