"""The play layer (L3): the one game session, seats, bots, undo, previews, results, records.

Front-end independent: every transport drives a game through its :class:`Host` (the one
master of a game: actions, bots, clocks, subscribers) over a :class:`Session`; the terminal app
and plain mode through :class:`Match`, the web server through its live games, tournaments,
``demo`` and ``selfplay`` directly.
"""

from .bots import Bot, Hint, hint, make_bot
from .clock import Clock
from .clocks import ClockSpec, GameClock, parse_clock_text
from .events import Event, Left, LogEntry, Update
from .failures import CASUAL, FORFEIT, FailurePolicy, Forfeit
from .host import STAND_IN, Host, Snapshot
from .match import GENERATOR, Match, Played, Step, Tiling
from .preview import Preview, preview
from .results import Result, Standing, result
from .seats import BOT_LEVELS, Seat, parse_seat, record_seats, seats_from_json
from .seeding import FillSource, Seeding
from .session import Pending, Session, SessionError
from .store import Store, VersionConflict

__all__ = [
    "Bot", "Hint", "hint", "make_bot", "GENERATOR", "Match", "Played",
    "Step", "Tiling", "Preview", "preview", "Result", "Standing", "result", "BOT_LEVELS",
    "Seat", "parse_seat", "record_seats", "seats_from_json", "Clock", "Event", "Left", "LogEntry", "CASUAL", "FORFEIT",
    "FailurePolicy", "Forfeit", "FillSource", "Seeding", "Pending", "Session", "SessionError",
    "Update", "Store", "VersionConflict", "ClockSpec",
    "GameClock", "parse_clock_text", "STAND_IN", "Host", "Snapshot",
]
