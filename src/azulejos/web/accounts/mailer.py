"""What accounts need of the server's e-mail sender (built in :mod:`azulejos.web.mail`; the app
holds it as ``app.state.mailer``, or None when e-mail is off)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol


class Mailer(Protocol):
    """Sends a templated e-mail (``verify_email`` and ``reset_password`` take ``name`` and
    ``link``) in a language; ``enabled`` is false when the server sends none."""

    enabled: bool

    def send(self, to: str, template: str, lang: str, params: Mapping[str, str]) -> None: ...
