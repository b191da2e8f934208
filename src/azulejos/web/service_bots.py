"""The game service's bot loop: the host chooses each bot's move (its one failure policy) in
the fair scheduler's worker threads (``web/scheduler.py``); the move is applied as a person's
is, and the loop gives way when another server process stored a newer change."""

from __future__ import annotations

import asyncio
import logging

from azulejos.play import SessionError

from .live import Live
from .protocol import GameError
from .service_base import ServiceBase
from .views import Access

log = logging.getLogger("azulejos.web")


class BotsPart(ServiceBase):
    """The bot loop of :class:`~azulejos.web.service.GameService`."""

    # -- bots ----------------------------------------------------------------------------------
    def _bot_to_move(self, live: Live) -> int | None:
        return live.host.bot_to_move

    def _kick_bots(self, live: Live) -> None:
        """Run the bots of ``live`` here (called after a change stored here: this process
        plays them now, also if its loop was giving way to another process's)."""
        gid = live.game_id
        self._yielded.discard(gid)
        if self._bot_to_move(live) is None or gid in self._bots:
            return
        task = asyncio.get_running_loop().create_task(self._bot_loop(gid))
        self._bots[gid] = task
        task.add_done_callback(lambda t: self._forget_bot_loop(gid, t))

    def _gives_way(self, gid: str) -> bool:
        """True (once) if this game's bot loop here should end: another process plays on."""
        if gid in self._yielded:
            self._yielded.discard(gid)
            return True
        return False

    def _forget_bot_loop(self, gid: str, task: asyncio.Task[None] | None) -> None:
        if task is not None and self._bots.get(gid) is task:
            del self._bots[gid]

    async def _bot_loop(self, gid: str) -> None:
        """Play the bots' turns. The session seeds each bot (secretly, from the game's seed)
        and applies the one failing-bot policy: a broken bot never stalls the game."""
        try:
            while True:
                live = await self.get(gid)
                seat = self._bot_to_move(live)
                if seat is None or self._gives_way(gid):
                    # Forget this loop now, in the step that decides it ends: a person's move
                    # committed after this must be able to start a new one (the done-callback
                    # runs a loop iteration later).
                    self._forget_bot_loop(gid, asyncio.current_task())
                    return
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                try:
                    version, move = await self.bots.run(live.host.choose_bot_move,
                                                        person=live.has_people)
                except SessionError:  # caught up meanwhile to a person's turn or the end
                    continue
                if self._gives_way(gid):
                    self._forget_bot_loop(gid, asyncio.current_task())
                    return
                # the seat the bot answered for (the game may have been caught up in place
                # with another process's moves while it waited or thought)
                seat = live.host.to_move if live.version == version else seat
                if seat is None:
                    continue
                bot_access = Access(gid, "bot", frozenset({seat}))
                try:
                    await self._apply(bot_access, version, move.text())
                except GameError as e:
                    # Another process moved the game on meanwhile: think again from there.
                    now = self._games.get(gid)
                    if e.code != "stale" and now is not None and now.version == version:
                        raise
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bot loop of game %s stopped", gid)
