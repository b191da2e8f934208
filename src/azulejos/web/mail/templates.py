"""The mails' words, in every language of the server (gettext, ``azulejos.i18n``).

A mail is rendered when it is sent, from its template name, language and parameters (as the
outbox keeps them): a subject, a plain-text body, and the same as simple HTML in which every
word from outside (names, links) is escaped.

Templates and their parameters:

* ``your_turn``: ``name``, ``opponents`` (list of names), ``link`` (the game), ``unsubscribe``;
* ``game_over``: ``name``, ``opponents``, ``link`` (the replay), ``outcome`` (``won``,
  ``shared`` or ``lost``), ``score``, ``winners`` (names), ``winner_score``, ``unsubscribe``;
* ``digest``: ``name``, ``games`` (list of ``{"opponents": [...], "link": ...}``),
  ``unsubscribe``;
* ``verify_email`` and ``reset_password``: ``name``, ``link``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from azulejos.i18n import translation

TEMPLATES = ("your_turn", "game_over", "digest", "verify_email", "reset_password")
#: The templates that notify (they carry an unsubscribe link and ``List-Unsubscribe``).
NOTIFICATIONS = frozenset({"your_turn", "game_over", "digest"})


@dataclass(frozen=True, slots=True)
class Block:
    """A paragraph of a mail: words, or a link shown as itself."""

    text: str
    link: str | None = None


@dataclass(frozen=True, slots=True)
class Rendered:
    subject: str
    blocks: tuple[Block, ...]

    @property
    def text(self) -> str:
        parts = [b.text if b.link is None else (f"{b.text}\n{b.link}" if b.text else b.link)
                 for b in self.blocks]
        return "\n\n".join(parts) + "\n"

    @property
    def html(self) -> str:
        out = []
        for b in self.blocks:
            words = html.escape(b.text)
            if b.link is None:
                out.append(f"<p>{words}</p>")
            else:
                href = html.escape(b.link, quote=True)
                out.append(f"<p>{words}<br><a href=\"{href}\">{html.escape(b.link)}</a></p>"
                           if words else f"<p><a href=\"{href}\">{html.escape(b.link)}</a></p>")
        return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>"
                + "\n".join(out) + "</body></html>\n")


def _one_line(text: Any) -> str:
    """A name as a header may hold it (no line breaks or control characters)."""
    return "".join(ch if ch.isprintable() else " " for ch in str(text)).strip()


def render(template: str, lang: str, params: Mapping[str, Any]) -> Rendered:
    """The mail of ``template`` in ``lang``; :class:`KeyError` for an unknown template."""
    tr = translation(lang)
    _ = tr.gettext
    ngettext = tr.ngettext

    def names(value: Any) -> str:
        items = [_one_line(n) for n in (value or [])] or [_("your opponents")]
        if len(items) == 1:
            return items[0]
        return _("{names} and {last}").format(names=", ".join(items[:-1]), last=items[-1])

    name = _one_line(params.get("name", ""))
    hello = Block(_("Hello {name},").format(name=name) if name else _("Hello,"))
    footer = Block(_("You get this e-mail because you asked Azulejos to tell you about your "
                     "games by e-mail. To get no more of these e-mails, open this link:"),
                   str(params.get("unsubscribe", "")))

    def your_turn() -> Rendered:
        opp = names(params.get("opponents"))
        return Rendered(
            _("Azulejos: your turn against {opponents}").format(opponents=opp),
            (hello, Block(_("It is your turn in your game of Azul against {opponents}.")
                          .format(opponents=opp)),
             Block(_("Play your move:"), str(params["link"])), footer))

    def game_over() -> Rendered:
        opp = names(params.get("opponents"))
        score = int(params.get("score", 0))
        outcome = params.get("outcome")
        if outcome == "won":
            result = ngettext("You won with {score} point.", "You won with {score} points.",
                              score).format(score=score)
        elif outcome == "shared":
            result = ngettext("You shared the victory with {score} point.",
                              "You shared the victory with {score} points.",
                              score).format(score=score)
        else:
            best = int(params.get("winner_score", 0))
            result = " ".join((
                ngettext("{winners} won with {score} point.", "{winners} won with {score} points.",
                         best).format(winners=names(params.get("winners")), score=best),
                ngettext("You scored {score} point.", "You scored {score} points.",
                         score).format(score=score)))
        return Rendered(
            _("Azulejos: your game against {opponents} is over").format(opponents=opp),
            (hello, Block(_("Your game of Azul against {opponents} is over.")
                          .format(opponents=opp)), Block(result),
             Block(_("Watch the replay:"), str(params["link"])), footer))

    def digest() -> Rendered:
        games = list(params.get("games", []))
        n = len(games)
        lines = tuple(Block(_("Against {opponents}:").format(opponents=names(g.get("opponents"))),
                            str(g.get("link", ""))) for g in games)
        return Rendered(
            ngettext("Azulejos: {n} game is waiting for your move",
                     "Azulejos: {n} games are waiting for your move", n).format(n=n),
            (hello, Block(ngettext("Your move is awaited in {n} game:",
                                   "Your move is awaited in {n} games:", n).format(n=n)), *lines,
             Block(_("This digest comes once a day while a game is waiting for you.")), footer))

    def verify_email() -> Rendered:
        return Rendered(
            _("Azulejos: confirm your e-mail address"),
            (hello, Block(_("Someone, probably you, gave this address to an Azulejos account. "
                            "To confirm that it is yours, open this link:"), str(params["link"])),
             Block(_("If it was not you, ignore this e-mail: nothing will change."))))

    def reset_password() -> Rendered:
        return Rendered(
            _("Azulejos: choose a new password"),
            (hello, Block(_("Someone, probably you, asked to reset the password of your "
                            "Azulejos account. To choose a new password, open this link:"),
                          str(params["link"])),
             Block(_("If it was not you, ignore this e-mail: your password stays as it is."))))

    makers: dict[str, Callable[[], Rendered]] = {
        "your_turn": your_turn, "game_over": game_over, "digest": digest,
        "verify_email": verify_email, "reset_password": reset_password}
    if template not in makers:
        raise KeyError(f"no mail template {template!r} (templates: {', '.join(TEMPLATES)})")
    return makers[template]()
