"""Helpers shared by subcommands."""

from __future__ import annotations

import argparse


def players_arg(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n not in (2, 3, 4):
        raise argparse.ArgumentTypeError("players must be 2, 3 or 4")
    return n


def positive_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return n


def non_negative_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 0")
    return n


def add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=players_arg, default=2, help="2, 3 or 4 (default 2)")
    p.add_argument(
        "--variant", choices=("coloured", "grey"), default="coloured", help="wall side (default coloured)"
    )
