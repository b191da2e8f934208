"""The game service's chat (issue 29, item 2; :mod:`.chat` holds what a message is and where it
is kept): a player writes, every viewer here gets it at once over the websocket (but not a
viewer who muted the writer), and the other processes on the database hear of it on the bus
(PostgreSQL) or find it when they poll (SQLite)."""

from __future__ import annotations

import logging
from typing import Any

from .chat import ChatMessage, SqlChat, clean_chat, visible
from .limits import RateLimiter
from .protocol import GameError
from .service_base import ServiceBase
from .storage import SqlStore
from .views import Access

log = logging.getLogger("azulejos.web")


class ChatPart(ServiceBase):
    """In-game chat for :class:`~azulejos.web.service.GameService`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._chat_sql = SqlChat(self.store.engine, lambda: self.now()) if isinstance(
            self.store, SqlStore) else None
        #: per game and seat: how fast a seat may write
        self._chat_rate = RateLimiter(self.limits.chat, "chat messages")
        #: per game watched here: the last message its viewers here were sent
        self._chat_seen: dict[str, int] = {}

    def _chat_store(self) -> SqlChat:
        if self._chat_sql is None:
            raise GameError("no_chat", "this server keeps no chat", 409)
        return self._chat_sql

    @staticmethod
    def _writer(access: Access) -> int:
        if access.role != "seat" or len(access.seats) != 1:
            why = ("players at one screen have nobody to write to" if access.role == "hotseat"
                   else "only a player at a seat may write")
            raise GameError("not_your_seat", f"{why} in the chat", 403)
        return next(iter(access.seats))

    async def chat_post(self, access: Access, text: Any) -> dict[str, Any]:
        """Write a message as the access's seat; every viewer here that has not muted the
        seat gets it. ``rate_limited`` past :data:`~.chat.CHAT_RATE`, per game and seat."""
        chat = self._chat_store()
        live = await self.get(access.game_id)
        if access.role == "seat" and access.left and not access.seats:
            seat = min(access.left)  # the connection was opened before its player left
        else:
            seat = self._writer(access)
        cleaned = clean_chat(text)
        if seat in live.left_seats():
            raise GameError("you_left", "you left this game: the chat is for its players", 409,
                            {"seat": seat, "bot": live.session.left[seat].bot})
        await self.fairplay.not_suspended(live.seats[seat].profile_id)
        self._chat_rate.check(f"{access.game_id}:{seat}")
        msg = await self._db(chat.append, access.game_id, seat, live.seats[seat].name, cleaned)
        await self._chat_deliver(access.game_id, msg.seq - 1)
        self.bus.publish("chat", access.game_id, msg.seq)
        return msg.to_json()

    async def chat_history(self, access: Access) -> dict[str, Any]:
        """The game's last messages, without those of seats the reader muted, and whom the
        reader muted (a seat's own mutes; a spectator mutes nobody)."""
        chat = self._chat_store()
        await self.get(access.game_id)  # an unknown game is refused as everywhere
        messages = await self._db(chat.since, access.game_id, 0)
        muted = await self._muted_by(access)
        return {"messages": [m.to_json() for m in visible(messages, muted)],
                "muted": sorted(muted)}

    async def chat_mute(self, access: Access, seat: Any, on: Any) -> dict[str, Any]:
        """The access's seat mutes (``on``) or unmutes another seat of the game."""
        chat = self._chat_store()
        mine = self._writer(access)
        if not isinstance(on, bool):
            raise GameError("malformed", "'muted' must be true or false", 400)
        live = await self.get(access.game_id)
        if type(seat) is not int or not 0 <= seat < len(live.seats) or seat == mine:
            raise GameError("malformed", "'seat' must be another seat of this game", 400)
        await self._db(chat.set_mute, access.game_id, mine, seat, on)
        muted = (await self._db(chat.mutes, access.game_id)).get(mine, frozenset())
        return {"muted": sorted(muted)}

    async def _muted_by(self, access: Access) -> frozenset[int]:
        if access.role != "seat" or len(access.seats) != 1:
            return frozenset()
        return (await self._all_mutes(access.game_id)).get(next(iter(access.seats)),
                                                           frozenset())

    async def _all_mutes(self, gid: str) -> dict[int, frozenset[int]]:
        """Which seats each seat muted: in this game, and everywhere (an account's mutes of a
        player, web/fairplay/)."""
        mutes = await self._db(self._chat_store().mutes, gid)
        everywhere = await self.fairplay.seat_mutes(await self.get(gid))
        return {seat: mutes.get(seat, frozenset()) | everywhere.get(seat, frozenset())
                for seat in set(mutes) | set(everywhere)}

    async def _chat_deliver(self, gid: str, after: int) -> None:
        """Send the viewers here the game's messages numbered after ``after`` (or after the
        last one sent here, when that is known), each viewer without the seats it muted."""
        subs = self._subs.get(gid)
        if not subs:
            self._chat_seen.pop(gid, None)
            return
        chat = self._chat_store()
        after = self._chat_seen.get(gid, after)
        news: list[ChatMessage] = await self._db(chat.since, gid, after)
        if not news:
            return
        self._chat_seen[gid] = max(self._chat_seen.get(gid, 0), news[-1].seq)
        mutes = await self._all_mutes(gid)
        for sub in list(subs):
            if not sub.chat:
                continue
            a = sub.access
            muted = (mutes.get(next(iter(a.seats)), frozenset())
                     if a.role == "seat" and len(a.seats) == 1 else frozenset())
            for m in visible(news, muted):
                if m.seq > after:
                    sub.send({"type": "chat", "message": m.to_json()})

    async def chat_noticed(self, gid: str, seq: int) -> None:
        """Another process stored message ``seq`` of game ``gid`` (a bus notice)."""
        if self._subs.get(gid) and self._chat_sql is not None:
            await self._chat_deliver(gid, seq - 1)

    async def chat_sync(self, game_ids: list[str]) -> None:
        """Polling (SQLite, or while the bus is down): deliver the messages another process
        stored in the games watched here. A game's first poll only notes where its chat is."""
        if not game_ids or self._chat_sql is None:
            return
        chat = self._chat_store()
        heads = await self._db(chat.heads, game_ids)
        for gid in game_ids:
            head = heads.get(gid, 0)
            seen = self._chat_seen.get(gid)
            if seen is None:
                self._chat_seen[gid] = head
            elif head > seen:
                await self._chat_deliver(gid, seen)
