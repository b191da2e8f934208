"""The terminal front end (layer L4): a Textual app for playing and replaying games."""

from .app import AzulejosApp
from .setup import Setup

__all__ = ["AzulejosApp", "Setup"]
