"""Write the screenshots of docs/play-terminal.md (SVG; PNG too when Chromium is present).

Run from the repository root: ``python tests/tui/make_screenshots.py``.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from azulejos.notation import record_of
from azulejos.play import Match, Seat
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.tiling import TilingScreen

OUT = Path("docs/screenshots/tui")
SIZE = (120, 40)


def finished(seed: int) -> Match:
    m = Match.new([Seat("Olena", "medium"), Seat("Hard bot", "hard")], seed=seed)
    while not m.is_over:
        v, mv = m.choose_bot_move()
        m.play_bot_move(v, mv)
    return m


def grey_place() -> Match:
    m = Match.new([Seat("Olena"), Seat("Marc")], "grey", seed=5)
    while m.state.phase != "place":
        moves = m.state.legal_moves()
        m.play(next((x for x in moves if not x.is_floor), moves[0]))
    return m


async def shoot(name: str, app: AzulejosApp, before: Callable[[Pilot[None]], Awaitable[None]],
                size: tuple[int, int] = SIZE) -> None:
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.2)
        await before(pilot)
        await pilot.pause(0.2)
        app.save_screenshot(str(OUT / f"{name}.svg"))


async def nothing(pilot: Pilot[None]) -> None:
    return None


def app(theme: str = "classic", **kw: object) -> AzulejosApp:
    seats = kw.pop("seats", [Seat("Olena"), Seat("Medium bot", "medium")])
    contrast = bool(kw.pop("contrast", False))
    setup = Setup(seats=seats, theme=theme, seed=21, high_contrast=contrast)  # type: ignore[arg-type]
    return AzulejosApp(setup, bot_delay=0, tiling_delay=0, **kw)  # type: ignore[arg-type]


async def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)

    async def preview(p: Pilot[None]) -> None:
        await p.press("3", "y", "2")

    async def tiling(p: Pilot[None]) -> None:
        m = Match.new([Seat("Olena"), Seat("Marc")], seed=3)
        step = None
        while m.state.round == 1:
            step = m.play(m.state.legal_moves()[len(m.state.legal_moves()) // 3])
        assert step is not None and step.tiling is not None
        await p.app.push_screen(TilingScreen(m, step.tiling))

    async def column(p: Pilot[None]) -> None:
        await p.press("right")

    async def replay_steps(p: Pilot[None]) -> None:
        await p.press("down", "down", "right", "right", "right", "right")

    async def rules(p: Pilot[None]) -> None:
        await p.press("question_mark")

    await shoot("new-game", app(), nothing)
    await shoot("table-classic", app(skip_setup=True), preview)
    await shoot("table-chocolatier", app("chocolatier", skip_setup=True), preview)
    await shoot("table-high-contrast-4p", app(contrast=True, skip_setup=True, seats=[
        Seat("Olena"), Seat("Marc"), Seat("Easy bot", "easy"), Seat("Ivan")]), nothing)
    three = [Seat("Olena"), Seat("Marc"), Seat("Easy bot", "easy")]
    await shoot("table-80x24-3p", app(skip_setup=True, seats=three), preview, (80, 24))
    await shoot("too-small", app(skip_setup=True, seats=three), nothing, (60, 20))
    await shoot("grey-wall-column", app(match=grey_place()), column)
    await shoot("tiling", app(skip_setup=True), tiling)
    await shoot("end-classic", app(match=finished(8)), nothing)
    await shoot("end-chocolatier", app("chocolatier", match=finished(8)), nothing)
    rec = record_of(finished(9).state, names=["Olena", "Hard bot"])
    await shoot("replay", app(replay=rec), replay_steps)
    await shoot("rules", app(skip_setup=True), rules)


def to_png() -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("no Chromium: SVG only", file=sys.stderr)
        return
    for svg in sorted(OUT.glob("*.svg")):
        head = svg.read_text(encoding="utf-8")[:2000]
        box = head.split('viewBox="', 1)[1].split('"', 1)[0].split()
        w, h = int(float(box[2])), int(float(box[3]))
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--screenshot={svg.with_suffix('.png').resolve()}", f"--window-size={w},{h}",
                        svg.resolve().as_uri()], check=True, capture_output=True, timeout=60)


if __name__ == "__main__":
    asyncio.run(main())
    to_png()
    print("\n".join(str(p) for p in sorted(OUT.iterdir())))
