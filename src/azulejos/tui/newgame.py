"""The new-game screen: seats (a person's name or a bot level), wall side, the special factory
displays (R40-R47), theme, language, seed and the high-contrast option. Enter on "Start" begins; the defaults are a game of one
person against a medium bot."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Select, Static

from azulejos.core import Ruleset
from azulejos.i18n import LANGUAGE_NAMES, LANGUAGES
from azulejos.play import BOT_LEVELS, Seat
from azulejos.play.seats import number_bots
from azulejos.play.words import BOT_NAMES, level_name

from .setup import Setup
from .widgets import KeyBar, escape

if TYPE_CHECKING:
    from .app import AzulejosApp

#: Below this many lines the form is drawn without blank lines between its rows.
SHORT_HEIGHT = 34
#: A person's name when none is typed (stored in English, shown in the reader's language).
DEFAULT_NAME = "Player {n}"


class WrappingCheckbox(Checkbox):
    """A check box whose label wraps onto more lines when the form is narrow (a French label
    is long), instead of being cut."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self.render().wrap(max(1, width))))


class NewGameScreen(Screen[None]):
    AUTO_FOCUS = "#start"

    def __init__(self, setup: Setup) -> None:
        super().__init__()
        self.setup = setup

    @property
    def azapp(self) -> AzulejosApp:
        return cast("AzulejosApp", self.app)

    def compose(self) -> ComposeResult:
        a = self.azapp
        w = a.words
        _ = w.gettext
        s = self.setup
        kinds = [(_("Person"), "person")] + [
            (_("Bot: {level}").format(level=level_name(w, lv)), lv) for lv in BOT_LEVELS
        ]
        seats = list(s.seats) + [Seat("")] * (4 - len(s.seats))
        with VerticalScroll(id="newgame"):
            yield Static(self.banner(), id="banner")
            with Vertical(id="form"):
                with Horizontal(classes="row"):
                    yield Static(_("Players"), classes="label")
                    yield Select([("2", 2), ("3", 3), ("4", 4)], value=len(s.seats),
                                 allow_blank=False, id="players", compact=True)
                for i in range(4):
                    seat = seats[i]
                    with Horizontal(classes="row seat", id=f"seat-row-{i}"):
                        yield Static(_("Seat {n}").format(n=i + 1), classes="label")
                        yield Select(kinds, value=seat.bot or "person", allow_blank=False,
                                     id=f"kind-{i}", classes="kind", compact=True)
                        # a default name ("Player 2") shows as the placeholder, in the
                        # reader's language; read() gives it back when the field stays empty
                        default = seat.name in ("", DEFAULT_NAME.format(n=i + 1))
                        yield Input(value="" if seat.is_bot or default else seat.name,
                                    placeholder=_("Player {n}").format(n=i + 1),
                                    max_length=24, id=f"name-{i}", classes="name", compact=True)
                with Horizontal(classes="row"):
                    yield Static(_("Wall"), classes="label")
                    yield Select([(_("coloured wall"), "coloured"), (_("grey wall (variant)"), "grey")],
                                 value=s.variant, allow_blank=False, id="variant", compact=True)
                with Horizontal(classes="row"):
                    yield Static("", classes="label")
                    yield WrappingCheckbox(_("Special factories (Master Chocolatier module)"),
                                   value=s.rules.special_factories, id="special-factories",
                                   compact=True)
                with Horizontal(classes="row"):
                    yield Static(_("Theme"), classes="label")
                    yield Select([(_("Classic tiles"), "classic"), (_("Master Chocolatier"), "chocolatier")],
                                 value=s.theme, allow_blank=False, id="theme", compact=True)
                with Horizontal(classes="row"):
                    yield Static(_("Language"), classes="label")
                    yield Select([(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
                                 value=s.lang if s.lang in LANGUAGES else "en", allow_blank=False,
                                 id="lang", compact=True)
                with Horizontal(classes="row"):
                    yield Static(_("Seed"), classes="label")
                    yield Input(value="" if s.seed is None else str(s.seed),
                                placeholder=_("random"), restrict=r"[0-9]*", max_length=9, id="seed", compact=True)
                with Horizontal(classes="row"):
                    yield Static("", classes="label")
                    yield WrappingCheckbox(_("High contrast"), value=s.high_contrast, id="contrast", compact=True)
                yield Static(id="newgame-error")
                with Horizontal(classes="buttons"):
                    yield Button(_("Start the game"), id="start", variant="primary")
                    yield Button(_("Rules"), id="rules")
                    yield Button(_("Quit"), id="quit")
        yield KeyBar(id="keys")

    def banner(self) -> str:
        a = self.azapp
        ink, w = a.ink, a.words
        tiles = "".join(ink.tile(k) for k in (0, 1, 2, 3, 4))
        sub = w.gettext("a tile-drafting game for 2 to 4 players")
        return f"{tiles}  [bold {ink.pal.accent}]azulejos[/]  {tiles}\n[{ink.pal.muted}]{escape(sub)}[/]"

    def on_resize(self, event: events.Resize) -> None:
        # a low window (80 × 24) gets the form without blank lines between the rows, so that
        # it fits whole instead of scrolling its first rows out of sight
        self.set_class(event.size.height < SHORT_HEIGHT, "short")

    def on_mount(self) -> None:
        self.set_class(self.app.size.height < SHORT_HEIGHT, "short")
        self.update_rows()
        self.query_one("#start", Button).focus()
        _ = self.azapp.words.gettext
        self.query_one("#keys", KeyBar).show(
            [("Enter", _("start / choose")), ("Tab", _("next field")), ("F1", _("rules")),
             ("Ctrl+Q", _("quit"))], self.azapp.ink.pal.accent)

    def update_rows(self) -> None:
        n = cast(int, self.query_one("#players", Select).value)
        for i in range(4):
            self.query_one(f"#seat-row-{i}").display = i < n
            kind = self.query_one(f"#kind-{i}", Select).value
            self.query_one(f"#name-{i}", Input).display = kind == "person"

    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid == "players" or sid.startswith("kind-"):
            self.update_rows()
        elif sid in ("theme", "lang") and event.value != getattr(self.setup, sid):
            self.restyle(relabel=sid == "lang")

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "contrast" and event.value != self.setup.high_contrast:
            self.restyle(relabel=False)

    def restyle(self, relabel: bool) -> None:
        """Apply a new theme, language or contrast at once (a new language redraws the form)."""
        self.setup = self.read()
        self.azapp.apply_look(self.setup.theme, self.setup.lang, self.setup.high_contrast)
        if relabel:
            self.app.switch_screen(NewGameScreen(self.setup))
        else:
            self.refresh_banner()

    def refresh_banner(self) -> None:
        self.query_one("#banner", Static).update(self.banner())
        _ = self.azapp.words.gettext
        self.query_one("#keys", KeyBar).show(
            [("Enter", _("start / choose")), ("Tab", _("next field")), ("F1", _("rules")),
             ("Ctrl+Q", _("quit"))], self.azapp.ink.pal.accent)

    def read(self) -> Setup:
        _ = self.azapp.words.gettext
        n = cast(int, self.query_one("#players", Select).value)
        seats = []
        for i in range(n):
            kind = cast(str, self.query_one(f"#kind-{i}", Select).value)
            if kind == "person":
                name = self.query_one(f"#name-{i}", Input).value.strip()
                # default names are stored in English and shown in the reader's language
                seats.append(Seat(name or DEFAULT_NAME.format(n=i + 1)))
            else:
                seats.append(Seat(BOT_NAMES.get(kind, kind), kind))
        seed_text = self.query_one("#seed", Input).value.strip()
        rules = Ruleset(n, cast(str, self.query_one("#variant", Select).value),
                        special_factories=self.query_one("#special-factories", Checkbox).value)
        return Setup(
            seats=number_bots(seats),  # two bots of one level: "Easy bot", "Easy bot 2"
            rules=rules,
            theme=cast(str, self.query_one("#theme", Select).value),
            lang=cast(str, self.query_one("#lang", Select).value),
            seed=int(seed_text) if seed_text.isdigit() else None,
            high_contrast=self.query_one("#contrast", Checkbox).value,
        )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()
        elif event.button.id == "rules":
            self.azapp.show_rules()
        else:
            self.app.exit()

    def start(self) -> None:
        setup = self.read()
        names = [s.name for s in setup.seats]
        if len(set(names)) != len(names):
            _ = self.azapp.words.gettext
            self.query_one("#newgame-error", Static).update(
                escape(_("Two seats have the same name; please make them different.")))
            return
        self.azapp.start_game(setup)

    def on_key(self, event: events.Key) -> None:
        if event.key == "f1":
            event.stop()
            self.azapp.show_rules()
