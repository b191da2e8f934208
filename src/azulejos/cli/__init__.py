"""Plain front ends (layer L4): the line mode of ``azulejos play --plain``."""

from .plain import PlainGame, rules_text

__all__ = ["PlainGame", "rules_text"]
