"""A game held in memory by the server: its play-layer host and session plus what only the web
needs (the set-up, the seats with their token digests, the creation time).

The rules, the fork, the store write and the publishing are the session's
(:class:`azulejos.play.Session`); this module rebuilds one exactly from the stored events and
the stored fill secret - a seed of the one seeding scheme, or, for games stored before it, a
running generator's state (:class:`GeneratorFills`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random

from azulejos.agents import Budget
from azulejos.core import Fill, State
from azulejos.core.ruleset import Ruleset
from azulejos.play import Host, Seat, Seeding, Session
from azulejos.play.events import LogEntry
from azulejos.play.failures import CASUAL
from azulejos.play.seeding import FillSource
from azulejos.play.store import Store

from .clocks import Offer
from .storage import (
    DEFAULT_STAND_IN,
    SeatSpec,
    StoredEvent,
    StoredGame,
    dump_rng_state,
    load_rng_state,
)

__all__ = ["GeneratorFills", "Live", "LogEntry", "seat_of", "source_of"]


class GeneratorFills:
    """Fills of a game stored before the seeding scheme: one running generator, its state
    stored after every fill (kept so that such games go on exactly as they would have)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def fill(self, state: State) -> Fill:
        return state.sample_fill(self.rng)

    def fork(self) -> GeneratorFills:
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return GeneratorFills(rng)

    def bot_seed(self, seat: int, moves: int) -> int:
        # secret (derived from the generator state, one-way) and the same after a restart
        digest = hashlib.sha256(f"{self.secret()}:{seat}:{moves}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    def secret(self) -> str:
        return dump_rng_state(self.rng.getstate())


def source_of(secret: str) -> FillSource:
    """The fill source of a stored secret (a seed, or a legacy generator state)."""
    seeding = Seeding.from_secret(secret)
    if seeding is not None:
        return seeding
    rng = random.Random()
    rng.setstate(load_rng_state(secret))
    return GeneratorFills(rng)


def seat_of(spec: SeatSpec) -> Seat:
    return Seat(spec.name, (spec.level or "random") if spec.kind == "bot" else None)


class Live:
    """One game in play on this server process."""

    def __init__(
        self,
        game_id: str,
        players: int,
        variant: str,
        start_player: int,
        created: float,
        seats: list[SeatSpec],
        session: Session,
        stand_in: str = DEFAULT_STAND_IN,
        rated: bool = False,
    ) -> None:
        self.game_id = game_id
        #: The creator asked for a rated game (rated at its end if every seat is a distinct
        #: person's profile: :mod:`.profiles`).
        self.rated = rated
        self.stand_in = stand_in
        self.players = players
        self.variant = variant
        self.start_player = start_player
        self.created = created
        self.seats = seats
        self.session = session
        #: The game's master (play/host.py): its actions, bots and clock. The clock does not
        #: run while a person seat is still invited.
        self.host = Host(session, stand_in=stand_in, waiting=self.inviting,
                         patient=self.others_choose)
        #: The wait-or-bot offer of the turn out of time (web/clocks.py; None: none).
        self.offer: Offer | None = None
        #: When the game expired, nobody having moved for its clock's expiry (None: it did
        #: not; docs/api.md, "Expiry"): it takes no action any more.
        self.expired: float | None = None
        #: The seats whose account is on vacation, and until when (docs/api.md, "Vacation").
        self.vacations: dict[int, float] = {}

    @property
    def paused(self) -> float | None:
        """Since when the current turn's clock stands still (a vacation; None: it runs)."""
        clock = self.host.clock
        return None if clock is None or clock.turn is None else clock.turn.paused

    def expire(self, at: float) -> None:
        self.expired = at
        self.host.closed = ("expired", "this game expired: nobody had moved for too long")

    def others_choose(self, seat: int) -> bool:
        """When ``seat``'s time runs out, the other people choose wait or bot (docs/api.md,
        "Wait or bot"): another person seat, with its own token, still plays. A hot-seat game
        and a game of one person against bots hand the seat to the bot at once."""
        left = self.session.left
        return any(s.kind == "person" and s.seat != seat and s.token_hash is not None
                   and s.seat not in left for s in self.seats)

    def inviting(self) -> bool:
        """A person seat is not claimed yet (no clock runs meanwhile)."""
        return any(s.kind == "person" and s.claimed is None for s in self.seats)

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def ruleset(self) -> Ruleset:
        """The game's rules: players, wall side and the optional modules on."""
        return self.session.state.ruleset

    @property
    def version(self) -> int:
        return self.session.version

    @property
    def log(self) -> list[LogEntry]:
        return self.session.log

    @property
    def status(self) -> str:
        return self.session.status

    def person_seats(self) -> set[int]:
        """The person seats whose player has not left."""
        return {s.seat for s in self.seats if s.kind == "person"} - set(self.session.left)

    def left_seats(self) -> set[int]:
        return set(self.session.left)

    @property
    def has_people(self) -> bool:
        """A person plays here (a seat neither a bot's nor left): its bots come first."""
        return bool(self.person_seats())

    def claimed(self, seat: int, token_hash: str, when: float,
                profile_id: str | None = None) -> None:
        """Seat ``seat`` was claimed (the store holds the claim), by ``profile_id`` if any."""
        self.seats[seat] = dataclasses.replace(self.seats[seat], token_hash=token_hash,
                                               claimed=when, profile_id=profile_id)

    def rename(self, seat: int, name: str) -> None:
        self.seats[seat] = dataclasses.replace(self.seats[seat], name=name)
        seats = list(self.session.seats)
        seats[seat] = Seat(name, seats[seat].bot)
        self.session.seats = tuple(seats)

    @classmethod
    def from_stored(cls, g: StoredGame, store: Store | None = None,
                    bot_budget: Budget | None = None) -> Live:
        """Replay the stored events; the fills go on from the stored secret."""
        st = State.new(g.ruleset, start_player=g.start_player)
        session = Session(st, [seat_of(s) for s in g.seats], source_of(g.rng_state),
                          events=g.events, game_id=g.game_id, store=store, policy=CASUAL,
                          bot_budget=bot_budget)
        if session.version != g.version:
            raise ValueError(f"game {g.game_id}: {session.version} events, version {g.version}")
        return cls(g.game_id, g.players, g.variant, g.start_player, g.created, list(g.seats),
                   session, g.stand_in, g.rated)

    def advance(self, text: str) -> list[StoredEvent]:
        """Play ``text`` without turn checks and deal the next round if due; the new events.
        Call on a :meth:`fork`."""
        return self.session.advance(text)

    def fork(self) -> Live:
        """An independent copy to try a move on."""
        return Live(self.game_id, self.players, self.variant, self.start_player, self.created,
                    list(self.seats), self.session.fork(), self.stand_in, self.rated)

