"""The match runner (layer L3): seats, bots, turn driving, undo, previews, results, records.

Front-end independent: the terminal app, the plain line mode and the web server all drive a
:class:`Match` the same way.
"""

from .bots import Bot, Hint, HintUnavailable, hint, make_bot
from .match import GENERATOR, Match, Played, Step, Tiling
from .preview import Preview, preview
from .results import Result, Standing, result
from .seats import BOT_LEVELS, Seat, parse_seat, seats_from_json

__all__ = [
    "Bot", "Hint", "HintUnavailable", "hint", "make_bot", "GENERATOR", "Match", "Played",
    "Step", "Tiling", "Preview", "preview", "Result", "Standing", "result", "BOT_LEVELS",
    "Seat", "parse_seat", "seats_from_json",
]
