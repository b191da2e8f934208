"""Rendering (layer L1): text boards; themes and localisation live beside it."""

from .text import render_state

__all__ = ["render_state"]
