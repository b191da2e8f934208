"""The browser client's words for the in-game chat (joined into :func:`.messages.ui_messages`;
the same rules: literal ``_()`` / ``ngettext()`` calls, named placeholders, plural messages as
the list of the language's forms)."""

from __future__ import annotations

from collections.abc import Callable

from azulejos.i18n import translation


def chat_messages(lang: str, plural: Callable[[str, str, int], list[str]]
                  ) -> dict[str, str | list[str]]:
    """Every chat string of the page, in ``lang``; ``plural(singular, plural, n)`` gives a
    message's plural forms."""
    _: Callable[[str], str] = translation(lang).gettext
    ngettext = plural
    return {
        "chat.title": _("Chat"),
        "chat.label": _("Message to the other players"),
        "chat.placeholder": _("Write to the other players…"),
        "chat.send": _("Send"),
        "chat.empty": _("No messages yet."),
        "chat.readonly": _("Only the players can write here."),
        "chat.left": _("You left this game, so you can no longer write here."),
        "chat.mute": _("Mute {name}"),
        "chat.unmute": _("Unmute {name}"),
        "chat.muted_note": _("You do not see messages from {name}."),
        "error.too_long": ngettext("That message is too long: {n} character at most.",
                                   "That message is too long: {n} characters at most.", 2),
        "error.no_chat": _("This server keeps no chat."),
    }
