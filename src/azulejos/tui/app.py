"""The Textual application: new game, the table, tiling, results, save/resume, rules."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from textual.app import App

from azulejos.agents import Budget
from azulejos.guide import get_section
from azulejos.notation import Record
from azulejos.play import ClockSpec, Match
from azulejos.play.warmup import EngineWarmup
from azulejos.play.words import Words
from azulejos.render.themes import get_theme

from .dialogs import GuideText, QuitScreen, RulesScreen, SaveScreen, default_save_name
from .palette import palette, textual_theme
from .setup import Setup
from .tiles import Ink


class AzulejosApp(App[None]):
    """``azulejos play``. Give ``match`` to resume a game, else the new-game screen opens."""

    CSS_PATH = "app.tcss"
    TITLE = "azulejos"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        setup: Setup | None = None,
        *,
        match: Match | None = None,
        replay: Record | None = None,
        bot_delay: float = 0.8,
        tiling_delay: float = 0.7,
        hint_seconds: float = 1.0,
        review_budget: Budget | None = None,
        save_dir: Path | None = None,
        skip_setup: bool = False,
        guide: GuideText | None = get_section,
        notice: str = "",
        prepare_engine: Callable[[], object] | None = None,
        clock: ClockSpec | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        super().__init__()
        # the people's clock of the games started here (play --clock) and its time source
        self.clock, self.now = clock, now
        self.guide = guide  # the rules guide's sections (None: not installed)
        self.setup = setup or Setup()
        self.match = match
        self.replay_record = replay
        self.bot_delay = bot_delay
        self.tiling_delay = tiling_delay
        self.hint_seconds = hint_seconds
        # the end screen's engine review (None: the default of ``azulejos review``)
        self.review_budget = review_budget
        self.save_dir = save_dir or Path.cwd()
        self.skip_setup = skip_setup
        self.notice = notice  # said once on the table (a resumed record's unknown language...)
        # the search kernels, loaded in the background (None: on first use; play/warmup.py)
        self.engine = EngineWarmup(prepare_engine)
        self.apply_look(self.setup.theme, self.setup.lang, self.setup.high_contrast, live=False)

    # -- look -------------------------------------------------------------------------------
    def apply_look(self, theme: str, lang: str, high_contrast: bool, live: bool = True) -> None:
        self.setup.theme, self.setup.lang, self.setup.high_contrast = theme, lang, high_contrast
        t = get_theme(theme)
        self.words = Words(lang, t)
        self.ink = Ink(t, palette(t, high_contrast))
        if live:
            self._use_theme()

    def _use_theme(self) -> None:
        pal = self.ink.pal
        self.register_theme(textual_theme(pal))
        self.theme = pal.key

    def toggle_contrast(self) -> None:
        s = self.setup
        self.apply_look(s.theme, s.lang, not s.high_contrast)
        refresh = getattr(self.screen, "refresh_table", None)
        if refresh is not None:
            refresh()

    # -- screens ----------------------------------------------------------------------------
    def on_mount(self) -> None:
        self._use_theme()
        if self.replay_record is None:
            self.engine.start(self.match.seats if self.match is not None else self.setup.seats)
        if self.replay_record is not None:
            from .replay import ReplayScreen

            self.push_screen(ReplayScreen(self.replay_record))
        elif self.match is not None:
            from .game import GameScreen

            self.push_screen(GameScreen(self.match))
        elif self.skip_setup:
            self.start_game(self.setup, switch=False)
        else:
            from .newgame import NewGameScreen

            self.push_screen(NewGameScreen(self.setup))

    def start_game(self, setup: Setup, switch: bool = True) -> None:
        from .game import GameScreen

        self.setup = setup
        self.apply_look(setup.theme, setup.lang, setup.high_contrast)
        self.match = Match.new(setup.seats, setup.rules, setup.seed,
                               extra={"theme": setup.theme, "lang": setup.lang},
                               clock=self.clock, now=self.now)
        self.engine.start(setup.seats)
        screen = GameScreen(self.match)
        if switch:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def new_game(self) -> None:
        from .newgame import NewGameScreen

        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.switch_screen(NewGameScreen(self.setup))

    def show_rules(self) -> None:
        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    def ask_save(self, match: Match) -> None:
        def done(path: Path | None) -> None:
            if path is not None:
                self.notify(self.words.gettext("Saved to {path}").format(path=path))
                msg = getattr(self.screen, "show_message", None)
                if msg is not None:
                    msg(self.words.gettext("Saved to {path}. Resume with: azulejos play --resume {path}")
                        .format(path=path))

        self.push_screen(SaveScreen(match, self.save_dir / default_save_name()), done)

    def ask_quit(self, match: Match) -> None:
        if match.is_over or not match.log:
            self.exit()
            return

        def done(choice: str | None) -> None:
            if choice == "quit":
                self.exit()
            elif choice == "save":
                self.push_screen(SaveScreen(match, self.save_dir / default_save_name()),
                                 lambda p: self.exit() if p is not None else None)

        self.push_screen(QuitScreen(), done)
