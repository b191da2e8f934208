"""In-game chat (issue 29, item 2; docs/api.md, "Chat"): what a message may be, and where a
game's messages and mutes are kept (``azulejos_chat``, ``azulejos_chat_mutes`` of
:mod:`.schema`).

A message is plain text: the server keeps it as written (cleaned below) and every client shows
it as text, never as markup. Only a player at a seat writes (one seat per device: a hot-seat
game has nobody to talk to); spectators read. A seat that mutes another no longer receives its
messages, neither live nor in the history, in that game. Every method of :class:`SqlChat` is
blocking; the service calls them from a worker thread.
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, and_, delete, func, insert, select
from sqlalchemy.exc import IntegrityError

from .limits import Limits
from .protocol import GameError
from .tables import chat_mutes_t, chat_t

#: The longest message, in characters once cleaned.
MAX_CHAT = 300
#: How many messages a seat may write: 5 at once, then 10 a minute (per server process).
CHAT_RATE = Limits().chat  # serve --chat-per-minute
#: How many of a game's last messages the history answers.
HISTORY = 200
#: Characters that change the order or visibility of the text around them (bidirectional
#: overrides and isolates): a message may not use them to disguise itself.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_chat(text: Any) -> str:
    """The message to keep: NFC, controls and bidirectional overrides removed, every run of
    white space (line breaks too) one space, no space at either end. ``malformed`` (400) if
    it is not text or nothing is left; ``too_long`` (400) past :data:`MAX_CHAT` characters."""
    if not isinstance(text, str):
        raise GameError("malformed", "'text' must be text", 400)
    if len(text) > 4 * MAX_CHAT:  # refused before any work on it
        raise GameError("too_long", f"a chat message has at most {MAX_CHAT} characters", 400,
                        {"max": MAX_CHAT})
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in unicodedata.normalize("NFC", text)
        if ch.isspace() or (unicodedata.category(ch) != "Cc" and ch not in _BIDI)
    )
    out = " ".join(kept.split())
    if not out:
        raise GameError("malformed", "a chat message needs some text", 400)
    if len(out) > MAX_CHAT:
        raise GameError("too_long", f"a chat message has at most {MAX_CHAT} characters", 400,
                        {"max": MAX_CHAT})
    return out


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """One message of a game's chat: its number in the game (from 1), who wrote it."""

    seq: int
    seat: int
    name: str
    text: str
    created: float

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "seat": self.seat, "name": self.name, "text": self.text,
                "at": round(self.created, 3)}


def visible(messages: Sequence[ChatMessage], muted: frozenset[int]) -> list[ChatMessage]:
    """The messages a reader who muted the seats ``muted`` gets."""
    return [m for m in messages if m.seat not in muted]


class SqlChat:
    """Chat messages and mutes in the database, shared by every server process on it."""

    def __init__(self, engine: Engine, now: Any = time.time) -> None:
        self.engine = engine
        self.now = now

    def append(self, game_id: str, seat: int, name: str, text: str) -> ChatMessage:
        """Store a message as the game's next one (two writers at once: the second retries
        with the next number)."""
        for _ in range(10):
            try:
                with self.engine.begin() as conn:
                    last = conn.execute(select(func.max(chat_t.c.seq))
                                        .where(chat_t.c.game_id == game_id)).scalar_one()
                    msg = ChatMessage((last or 0) + 1, seat, name, text, float(self.now()))
                    conn.execute(insert(chat_t).values(
                        game_id=game_id, seq=msg.seq, seat=seat, name=name, text=text,
                        created=msg.created))
            except IntegrityError:
                continue  # another process took that number: try the next one
            return msg
        raise GameError("busy", "the chat is busy: try again", 409)

    def since(self, game_id: str, after: int = 0, limit: int = HISTORY) -> list[ChatMessage]:
        """The game's messages numbered after ``after``, oldest first: the last ``limit``."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(chat_t.c.seq, chat_t.c.seat, chat_t.c.name, chat_t.c.text,
                       chat_t.c.created)
                .where(and_(chat_t.c.game_id == game_id, chat_t.c.seq > after))
                .order_by(chat_t.c.seq.desc()).limit(limit)
            ).all()
        return [ChatMessage(*row) for row in reversed(rows)]

    def heads(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The number of each game's last message (games without messages left out)."""
        if not game_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(chat_t.c.game_id, func.max(chat_t.c.seq))
                .where(chat_t.c.game_id.in_(list(game_ids))).group_by(chat_t.c.game_id)
            ).all()
        return {gid: int(seq) for gid, seq in rows}

    def mutes(self, game_id: str) -> dict[int, frozenset[int]]:
        """Which seats each seat of the game muted."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat_mutes_t.c.seat, chat_mutes_t.c.muted)
                                .where(chat_mutes_t.c.game_id == game_id)).all()
        out: dict[int, set[int]] = {}
        for seat, muted in rows:
            out.setdefault(int(seat), set()).add(int(muted))
        return {seat: frozenset(m) for seat, m in out.items()}

    def set_mute(self, game_id: str, seat: int, muted: int, on: bool) -> None:
        """``seat`` mutes (``on``) or unmutes ``muted``; doing it twice changes nothing."""
        key = and_(chat_mutes_t.c.game_id == game_id, chat_mutes_t.c.seat == seat,
                   chat_mutes_t.c.muted == muted)
        with self.engine.begin() as conn:
            conn.execute(delete(chat_mutes_t).where(key))
            if on:
                conn.execute(insert(chat_mutes_t).values(game_id=game_id, seat=seat,
                                                         muted=muted))
