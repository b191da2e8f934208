"""An account's settings, kept on the server and applied by every browser it signs in on.

A JSON object whose keys are checked by name (an unknown key, or a value of the wrong kind, is
refused with ``malformed`` and nothing changes); a change sends only the keys it changes:

* ``lang``: the page's language (``en``, ``uk``, ``ru``, ``fr``);
* ``theme``: the tile theme (a key of :data:`azulejos.render.themes.THEMES`);
* ``patterns``: patterns on the tiles as well as colours (true/false);
* ``notifications``: an object of true/false by name: ``desktop`` (the browser's notices while
  a page is open), ``email_turn`` ("your turn" e-mails), ``email_over`` ("game over"
  e-mails), ``email_digest`` (one daily digest instead of each "your turn").
"""

from __future__ import annotations

import json
from typing import Any

from azulejos.i18n import LANGUAGES
from azulejos.render.themes import THEMES

from ..protocol import GameError

NOTIFICATIONS = ("desktop", "email_turn", "email_over", "email_digest")
DEFAULTS: dict[str, Any] = {
    "lang": "en", "theme": "classic", "patterns": False,
    "notifications": {"desktop": False, "email_turn": True, "email_over": True,
                      "email_digest": False},
}


def default_settings(lang: str | None = None) -> dict[str, Any]:
    """The settings of a new account (in the language it signed up in, if one is known)."""
    out = json.loads(json.dumps(DEFAULTS))
    if lang in LANGUAGES:
        out["lang"] = lang
    return dict(out)


def loads(text: str) -> dict[str, Any]:
    """Stored settings, with the defaults of keys added since they were stored."""
    out = default_settings()
    try:
        got = json.loads(text)
    except ValueError:
        return out
    if isinstance(got, dict):
        notes = {**out["notifications"], **(got.get("notifications") or {})}
        out.update(got)
        out["notifications"] = notes
    return out


def changed(current: dict[str, Any], change: Any) -> dict[str, Any]:
    """``current`` with ``change`` applied, every key checked (``malformed`` if one is bad)."""
    if not isinstance(change, dict):
        raise GameError("malformed", "the settings must be a JSON object", 400)
    unknown = set(change) - set(DEFAULTS)
    if unknown:
        raise GameError("malformed", f"unknown setting(s): {', '.join(sorted(map(str, unknown)))}",
                        400)
    out = {**current, "notifications": dict(current["notifications"])}
    if "lang" in change:
        if change["lang"] not in LANGUAGES:
            raise GameError("malformed", f"'lang' must be one of {', '.join(LANGUAGES)}", 400)
        out["lang"] = change["lang"]
    if "theme" in change:
        if not isinstance(change["theme"], str) or change["theme"] not in THEMES:
            raise GameError("malformed", f"'theme' must be one of {', '.join(THEMES)}", 400)
        out["theme"] = change["theme"]
    if "patterns" in change:
        if not isinstance(change["patterns"], bool):
            raise GameError("malformed", "'patterns' must be true or false", 400)
        out["patterns"] = change["patterns"]
    if "notifications" in change:
        notes = change["notifications"]
        if not isinstance(notes, dict) or set(notes) - set(NOTIFICATIONS) or not all(
                isinstance(v, bool) for v in notes.values()):
            raise GameError("malformed", "'notifications' must map some of "
                            f"{', '.join(NOTIFICATIONS)} to true or false", 400)
        out["notifications"].update(notes)
    return out
