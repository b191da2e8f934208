"""The game service's viewers and what keeps server processes on one database in step: the
bus (``web/bus.py``: a notice makes the others catch the game up and show it), presence over
every process (``web/presence.py``), and a polling loop as the fallback."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from azulejos.play import Seeding

from .bus import Notice
from .live import Live
from .presence import HEARTBEAT
from .service_base import ServiceBase
from .storage import seat_marks
from .tokens import Subscriber
from .views import build_view

log = logging.getLogger("azulejos.web")

#: While the bus reaches the other processes, the database is polled this many times less often
#: (a safety net only).
SHARED_POLL_FACTOR = 10


class SyncPart(ServiceBase):
    """Viewers and several processes, for :class:`~azulejos.web.service.GameService`."""

    # -- viewers -------------------------------------------------------------------------------
    def subscribe(self, sub: Subscriber) -> None:
        gid = sub.access.game_id
        first = gid not in self._subs
        self._subs.setdefault(gid, set()).add(sub)
        changed = self.presence.join(gid, sub.access.seats)
        if first:
            self.bus.publish("ask", gid)  # the other processes: who is online there?
        if changed:
            self.bus.publish("presence", gid, seats=tuple(sorted(self.presence.here(gid))))
        live = self._games.get(gid)
        if live is not None and sub.access.seats:
            self._broadcast(live)

    def unsubscribe(self, sub: Subscriber) -> None:
        gid = sub.access.game_id
        subs = self._subs.get(gid)
        if subs is None or sub not in subs:
            return
        subs.discard(sub)
        if self.presence.leave(gid, sub.access.seats, last=not subs):
            self.bus.publish("presence", gid, seats=tuple(sorted(self.presence.here(gid))))
        if not subs:
            self._subs.pop(gid, None)
        live = self._games.get(gid)
        if live is not None and sub.access.seats and subs:
            self._broadcast(live)

    def tell_viewers(self, gid: str, message: dict[str, Any]) -> None:
        """Send ``message`` (not a view: a rematch notice, web/lobby/) to every viewer of game
        ``gid`` here."""
        for sub in list(self._subs.get(gid, ())):
            sub.send(message)

    def _broadcast(self, live: Live) -> None:
        subs = self._subs.get(live.game_id)
        if not subs:
            return
        online = self.presence.online(live.game_id)
        cache: dict[tuple[str, frozenset[int], bool], dict[str, Any]] = {}
        for sub in list(subs):
            with_previews = not sub.previews_on_demand
            key = (sub.access.role, sub.access.seats, with_previews)
            view = cache.get(key)
            if view is None:
                view = cache[key] = self._dress(
                    live, build_view(live, sub.access, online, with_previews))
            sub.send_view(view)


    # -- several processes on one database -----------------------------------------------------
    def _committed(self, live: Live) -> None:
        """A move, fill or leave of ``live`` was stored here: tell the viewers here and the
        other processes."""
        self._broadcast(live)
        if not self._moves_in_writes:
            self.bus.publish("move", live.game_id, live.version)
        self.profiles.ended(live)  # a game that ended: its results and ratings, once
        for hook in self.commit_hooks:
            try:
                hook(live)
            except Exception:
                log.exception("game %s: a commit hook failed", live.game_id)

    def _notice(self, notice: Notice) -> None:
        """A notice from another process (called by the bus on the event loop)."""
        task = asyncio.get_running_loop().create_task(self._on_notice(notice))
        self._notice_tasks.add(task)
        task.add_done_callback(self._notice_tasks.discard)

    async def _on_notice(self, n: Notice) -> None:
        gid = n.game_id
        try:
            if n.kind in ("move", "seats"):
                live = self._games.get(gid)
                if (n.kind == "move" and live is not None and n.version > live.version
                        and gid in self._bots):
                    self._yielded.add(gid)  # the other process stored the latest change
                await self._refresh(gid, None if n.kind == "seats" else n.version)
            elif n.kind == "chat":  # the notice's version is the message's number
                await self.chat_noticed(gid, n.version)
            elif n.kind in self.notice_hooks:  # a part outside the service (web/lobby/)
                await self.notice_hooks[n.kind](gid, n.version)
            elif n.kind == "presence":
                if gid not in self._subs:
                    return  # nobody watches it here (a first viewer asks the others)
                if self.presence.announced(gid, n.origin, frozenset(n.seats)):
                    self._broadcast_id(gid)
            elif n.kind == "ask":
                if self.presence.here(gid):
                    self.bus.publish("presence", gid, seats=tuple(sorted(self.presence.here(gid))))
            elif n.kind == "bye":
                for g in self.presence.gone(n.origin):
                    self._broadcast_id(g)
            elif n.kind == "resync":  # notices were missed: catch up
                self.presence.forget()
                await self.sync_once()
                for g in list(self._subs):
                    self.bus.publish("ask", g)
                    if self.presence.here(g):
                        self.bus.publish("presence", g, seats=tuple(sorted(self.presence.here(g))))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("a notice from another process failed: %s", n)

    def _broadcast_id(self, gid: str) -> None:
        live = self._games.get(gid)
        if live is not None:
            self._broadcast(live)

    async def _refresh(self, gid: str, version: int | None) -> None:
        """Another process stored a change of game ``gid`` (``version``: its new version;
        None: its seats): reload it if it is held here, and show it."""
        live = self._games.get(gid)
        if live is None or (version is not None and version <= live.version):
            return
        if not self._subs.get(gid) and gid not in self._bots:
            self._games.pop(gid, None)  # nobody watches: reloaded when next asked for
            return
        async with self._lock(gid):
            live = self._games.get(gid)
            if live is None or (version is not None and version <= live.version):
                return
            if version is None or not await self._catch_up(live):
                self._games.pop(gid, None)
                live = await self.get(gid)
            elif live.host.clock is not None:
                await self._load_clock(live)  # the other process's turn
        self._broadcast(live)
        self.profiles.ended(live)  # seen ending here too: written once over all processes
        self._stalled.pop(gid, None)

    async def _catch_up(self, live: Live) -> bool:
        """Bring ``live`` up to the stored version by replaying only the new events (a seeded
        game: its fills follow from the state); False if it must be reloaded whole."""
        if not isinstance(live.session.fills, Seeding):
            return False  # a running generator's state is stored, not derived: reload
        events = await self._db(self.store.events_after, live.game_id, live.version)
        if not events:
            return False
        try:
            live.session.catch_up(events)
        except ValueError:
            log.warning("game %s: the stored events do not follow on: reloading", live.game_id)
            return False
        return True

    async def _presence_loop(self) -> None:
        """Announce this process's online seats again every :data:`HEARTBEAT` seconds, and
        forget the announcements of processes gone silent."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            if self.bus.shared:
                for gid in list(self._subs):
                    here = self.presence.here(gid)
                    if here:
                        self.bus.publish("presence", gid, seats=tuple(sorted(here)))
            for gid in self.presence.expire():  # also while no renewal can be heard
                self._broadcast_id(gid)

    async def _sync_loop(self) -> None:
        """Pick up moves that other server processes stored, for games someone watches here:
        every ``sync_interval`` seconds, or only as a safety net while the bus reaches them."""
        ticks = 0
        while True:
            await asyncio.sleep(self.sync_interval)
            ticks += 1
            if self.bus.shared and self.bus.settled and ticks % SHARED_POLL_FACTOR:
                continue
            try:
                await self.sync_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sync with the database failed")

    async def sync_once(self) -> None:
        ids = [g for g in self._subs if g in self._games]
        if not ids:
            return
        await self.chat_sync(ids)
        if not self.bus.shared:  # a shared bus tells of vacations (its ``seats`` notice)
            await self.sync_vacations(ids)
        stamps = await self._db(self.store.stamps, ids)
        for gid, stamp in stamps.items():
            live = self._games.get(gid)
            if live is None:
                continue
            v = stamp.version
            # a rename or claim (no version), or a vacation's pause of the clock
            renamed = stamp.marks != seat_marks(live.seats) or stamp.paused != live.paused
            if (v != live.version or renamed) and not self._lock(gid).locked():
                # the seats changed: reload whole (catching up replays only the events)
                await self._refresh(gid, None if renamed else v)
            elif self._bot_to_move(live) is not None and gid not in self._bots:
                # A bot's turn that no process here plays: take it over after two quiet ticks.
                n = self._stalled.get(gid, 0) + 1
                self._stalled[gid] = n
                if n >= 2:
                    self._stalled.pop(gid, None)
                    self._kick_bots(live)
