"""The game service's seats: claiming an invitation, inviting again, and leaving a seat
(resigning, or a time-out: the host hands the seat to the stand-in bot)."""

from __future__ import annotations

import dataclasses
import logging
import time
from typing import Any

from azulejos.play import SessionError

from .profile_store import Profile
from .protocol import MAX_TOKEN, GameError
from .service_base import ServiceBase
from .storage import token_digest
from .tokens import default_person_name, new_token, refusal
from .views import Access, summary_json

log = logging.getLogger("azulejos.web")


class SeatsPart(ServiceBase):
    """Claims, invitations and leaving, for :class:`~azulejos.web.service.GameService`."""

    # -- seats: claims, invitations, leaving ---------------------------------------------------
    async def claim(self, game_id: str, invite: Any, profile: Any = None,
                    account: Profile | None = None, client: str | None = None
                    ) -> dict[str, Any]:
        """Open an invitation: the first to open it gets the seat and its token (shown once);
        anyone after gets ``claimed`` (409) and nothing changes. ``profile``: the claimer's
        profile key (its id goes on the seat; a key that opens no profile is refused, 401,
        and the seat stays free); ``account``: the profile of the signed-in claimer's account,
        used when no key is sent; ``client``: the claimer's address (its digest is kept:
        a rated game whose seats share one client is not rated, docs/api.md, "Fair play"). A
        rated game's seat is refused to a suspended or waiting account (``suspended``,
        ``rated_wait``)."""
        if not isinstance(invite, str) or not invite or len(invite) > MAX_TOKEN:
            raise GameError("malformed", "'invite' must be the invitation of the link", 400)
        bad = GameError("bad_invite", "this invitation does not open a seat of this game "
                        "(the creator may have sent a new one)", 403)
        try:
            live = await self.get(game_id)
        except GameError as e:
            # no such game: the answer of a wrong invitation (a guesser learns no game ids)
            if e.code == "unknown_game":
                raise bad from None
            raise
        owner = await self.profiles.optional_profile(profile) or account
        profile_id = None if owner is None else owner.profile_id
        if live.rated:
            await self.fairplay.may_play_rated(profile_id)
        token = new_token()
        claim = await self._db(self.store.claim, game_id, invite, token_digest(token),
                               profile_id)
        if claim is None:
            raise bad
        if not claim.won:
            raise GameError("claimed", f"seat {claim.seat + 1} has already been claimed by "
                            "someone else: ask the creator for a link to a free seat", 409,
                            {"seat": claim.seat})
        live.claimed(claim.seat, token_digest(token), time.time(), profile_id)
        await self.fairplay.note_client(game_id, claim.seat, client)
        if owner is not None and live.seats[claim.seat].name == default_person_name(claim.seat):
            # a seat left unnamed takes its profile's name, so that the board, the log, the
            # record and the end screen all name the player
            async with self._lock(game_id):
                await self._db(self.store.rename, game_id, claim.seat, owner.name)
                live.rename(claim.seat, owner.name)
        await self._clock_claimed(live)
        self.bus.publish("seats", game_id)
        self._broadcast(live)
        seat = live.seats[claim.seat]
        return {"game": game_id, "seat": seat.seat, "name": seat.name, "token": token}

    async def reinvite(self, access: Access, seat: Any) -> dict[str, Any]:
        """A new invitation for a seat nobody claimed yet (creator only); the old link stops
        working."""
        if access.role != "host":
            raise GameError("not_host", "only the game's creator can invite again", 403)
        live = await self.get(access.game_id)
        if type(seat) is not int or not 0 <= seat < live.players:
            raise GameError("malformed", f"'seat' must be a seat number from 0 to {live.players - 1}")
        spec = live.seats[seat]
        if spec.kind != "person":
            raise GameError("not_a_person", f"seat {seat + 1} is played by a bot", 409)
        invite = new_token()
        if not await self._db(self.store.reinvite, access.game_id, seat, token_digest(invite)):
            raise GameError("claimed", f"seat {seat + 1} has already been claimed", 409,
                            {"seat": seat})
        return {"game": access.game_id, "seat": seat, "invite": invite}

    async def leave(self, access: Access, seat: Any = None, version: Any = None) -> dict[str, Any]:
        """The player of ``seat`` leaves (resigns): from now on the game's stand-in bot plays
        the seat, so the others can finish. A ``leave`` event of the session."""
        if access.role in ("spectator", "host"):
            raise GameError("spectator", "spectators have no seat to leave", 403)
        held = access.seats | access.left
        if seat is None and len(held) == 1:
            seat = next(iter(held))
        if type(seat) is not int:
            raise GameError("not_your_seat", "say which seat leaves ('seat')", 403)
        if version is not None and type(version) is not int:
            raise GameError("malformed", "'version' must be the whole number of the view", 400)
        return await self._leave(access.game_id, seat, version, held, "resigned")

    async def _leave(self, gid: str, seat: int, version: int | None, by: frozenset[int],
                     reason: str) -> dict[str, Any]:
        async with self._lock(gid):
            live = await self.get(gid)
            if version is not None and version > live.version:
                # Another server process may have moved the game on: reload first.
                self._games.pop(gid, None)
                live = await self.get(gid)
            try:
                pending = live.host.prepare_leave(seat, reason=reason, version=version, by=by)
            except SessionError as e:
                raise refusal(e) from None
            try:
                await self._db(live.session.persist, pending)
            except SessionError as e:
                self._games.pop(gid, None)
                raise GameError("stale", "the game moved on meanwhile: try again", 409) from e
            live.host.commit(pending, await self._clock_moved(live, pending))
        log.info("game %s: seat %d left (%s), a %s bot plays it", gid, seat, reason,
                 live.stand_in)
        self._kick_bots(live)
        return {"left": seat, "bot": live.stand_in, "version": live.version}

    # -- seats of accounts (docs/api.md, "Accounts") -------------------------------------------
    async def profile_summaries(self, seats: list[tuple[str, int]]) -> list[dict[str, Any]]:
        """The "my games" lines of a profile's seats ((game, seat) pairs, one line a game)."""
        by_game: dict[str, set[int]] = {}
        for gid, seat in seats:
            by_game.setdefault(gid, set()).add(seat)
        out = []
        for gid, mine in by_game.items():
            try:
                live = await self._fresh(gid)
            except GameError:  # gone, or no longer replays
                continue
            line = summary_json(live, Access(gid, "seat", frozenset(mine)))
            line["clock"] = self._clock_view(live)
            out.append(line)
        return out

    async def profile_joined(self, game_id: str, seat: int, profile_id: str) -> None:
        """The store put ``profile_id`` on a guest's seat (the guest signed in): the game held
        here, the other server processes and the viewers follow."""
        live = await self.get(game_id)
        live.seats[seat] = dataclasses.replace(live.seats[seat], profile_id=profile_id)
        self.bus.publish("seats", game_id)
        self._broadcast(live)
