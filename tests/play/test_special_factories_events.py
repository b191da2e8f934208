"""The game session with the Master Chocolatier special displays (R40-R47): the ``fill`` event
keeps the round's specials and SF1's extra tile, so a session with the module on deals,
stores, replays and writes records of whole games; base-game fill texts are unchanged."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from azulejos.__main__ import main
from azulejos.core import Fill, IllegalFillError, Ruleset, State
from azulejos.core import specials as SP
from azulejos.notation import dumps, load_record, parse_record, record_of, replay
from azulejos.play import Event, Match, Seat, Seeding, Session
from azulejos.play.events import apply_event, events_of, fill_text, parse_fill

from .stores import MemoryStore

B, Y, R, K, W = range(5)
PLAIN = ((B, B, Y, R), (K, K, W, W), (B, Y, R, K), (W, W, W, B), (R, R, Y, Y))


def sf(players: int) -> Ruleset:
    return Ruleset(players, "coloured", special_factories=True)


def people(n: int) -> list[Seat]:
    return [Seat(f"P{i + 1}") for i in range(n)]


# -- the event text ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "fill, text",
    [
        (Fill(PLAIN), "BBYR,KKWW,BYRK,WWWB,RRYY"),
        (Fill(((B, B), (), (), (), ())), "BB,,,,"),  # the bag and lid ran out (R22)
        (Fill(((),) * 5), ",,,,"),  # nothing drawn (R36)
    ],
)
def test_a_base_game_fill_keeps_its_text(fill: Fill, text: str) -> None:
    assert fill_text(fill) == text and parse_fill(text) == fill


def test_base_game_fills_of_whole_games_keep_their_text() -> None:
    rng = random.Random(5)
    for players in (2, 3, 4):
        st = State.new(players)
        while not st.is_over:
            if st.is_chance:
                fill = st.sample_fill(rng)
                text = fill_text(fill)
                assert text == ",".join(fill.texts()) and ";" not in text  # the old text
                assert parse_fill(text) == fill
                st.apply_fill(fill)
            else:
                st.push(rng.choice(st.legal_actions()))


@pytest.mark.parametrize(
    "specials, extra, text",
    [
        (((1, SP.SF2 + R), (3, SP.SF4)), (), "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF2R,4:SF4"),
        (((0, SP.SF1), (3, SP.SF5)), (R,), "BBYR,KKWW,BYRK,WWWB,RRYY;1:SF1,4:SF5;R"),
        (((0, SP.SF1), (2, SP.SF3)), (), "BBYR,KKWW,BYRK,WWWB,RRYY;1:SF1,3:SF3"),  # R47b
        (((4, SP.SF2 + B), (2, SP.SF2 + W)), (), "BBYR,KKWW,BYRK,WWWB,RRYY;5:SF2B,3:SF2W"),
    ],
)
def test_R40_R41_R46_a_module_fill_text_names_the_specials_and_SF1s_tile(
    specials: tuple[tuple[int, int], ...], extra: tuple[int, ...], text: str
) -> None:
    fill = Fill(PLAIN, specials, extra)
    assert fill_text(fill) == text and parse_fill(text) == fill


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R40_R41_R46_every_dealt_module_fill_round_trips(players: int) -> None:
    rng = random.Random(players)
    seen_sf1 = seen_extra = 0
    for _ in range(6):
        st = State.new(sf(players))
        while not st.is_over:
            if st.is_chance:
                fill = st.sample_fill(rng)
                assert len(fill.specials) == players  # R47e
                text = fill_text(fill)
                assert parse_fill(text) == fill and fill_text(parse_fill(text)) == text
                assert text.split(";")[0] == ",".join(fill.texts())
                seen_sf1 += any(k == SP.SF1 for _, k in fill.specials)
                seen_extra += bool(fill.extra)
                st.apply_fill(parse_fill(text))
            else:
                st.push(rng.choice(st.legal_actions()))
    assert seen_sf1 and seen_extra


@pytest.mark.parametrize(
    "text",
    [
        "BBYR,KKWW,BYRK,WWWB,RRYX",
        "BBYR,KKWW,BYRK,WWWB,rryy",
        "BBYR,KKWW,BYRK,WWWB,RRYY;",
        "BBYR,KKWW,BYRK,WWWB,RRYY;;",
        "BBYR,KKWW,BYRK,WWWB,RRYY;1:SF1;",
        "BBYR,KKWW,BYRK,WWWB,RRYY;1:SF1;R;B",
        "BBYR,KKWW,BYRK,WWWB,RRYY;1:SF1;X",
        "BBYR,KKWW,BYRK,WWWB,RRYY;0:SF3",
        "BBYR,KKWW,BYRK,WWWB,RRYY;-1:SF3",
        "BBYR,KKWW,BYRK,WWWB,RRYY;x:SF3",
        "BBYR,KKWW,BYRK,WWWB,RRYY;\u0661:SF3",  # not an ASCII digit
        "BBYR,KKWW,BYRK,WWWB,RRYY;:SF3",
        "BBYR,KKWW,BYRK,WWWB,RRYY;2:",
        "BBYR,KKWW,BYRK,WWWB,RRYY;2",
        "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF6",
        "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF2",
        "BBYR,KKWW,BYRK,WWWB,RRYY;2:sf3",
        "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF3,",
        "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF3 ",
        "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF3;4:SF4",
    ],
)
def test_R46_a_malformed_fill_text_is_a_clear_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="is not a fill") as e:
        parse_fill(text)
    assert type(e.value) is ValueError and "\n" not in str(e.value)
    with pytest.raises(ValueError, match="is not a fill"):
        Session(State.new(sf(2)), people(2), Seeding(1), events=[Event(0, "fill", text)])


@pytest.mark.parametrize(
    "ruleset, text, rule",
    [
        (Ruleset(2), "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF3,4:SF4", "R40"),  # the base game
        ("3sf", "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF3,4:SF4,5:SF5", "R2"),  # 7 displays with 3
        ("2sf", "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF3,9:SF4", "R40"),  # no display 9
        ("2sf", "BBYR,KKWW,BYRK,WWWB,RRYY;4:SF4,2:SF3", "R40"),  # not in display order
        ("2sf", "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF3", "R47e"),  # one special for two players
        ("2sf", "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF3,4:SF3", "R47e"),
        ("2sf", "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF1,4:SF3", "R47b"),  # SF1 without its tile
        ("2sf", "BBYR,KKWW,BYRK,WWWB,RRYY;2:SF2R,4:SF3;R", "R41"),  # a tile without SF1
    ],
)
def test_R40_R41_a_well_formed_fill_that_breaks_a_rule_is_refused_on_replay(
    ruleset: Ruleset | str, text: str, rule: str
) -> None:
    """The text is read; the core checks the fill (``IllegalFillError``, a ValueError)."""
    rules = ruleset if isinstance(ruleset, Ruleset) else sf(int(ruleset[0]))
    with pytest.raises(IllegalFillError) as e:
        apply_event(State.new(rules), Event(0, "fill", text))
    assert e.value.rule == rule


# -- whole games through a session ---------------------------------------------------------------
def play_out(s: Session, rng: random.Random, undo_at: int = 25) -> None:
    undone = False
    while not s.is_over:
        s.play(rng.choice(s.state.legal_moves()))
        if s.moves == undo_at and not undone:
            undone = bool(s.undo())


def check_record(st: State, path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The record of ``st`` names the specials and what they gained, and ``azulejos replay``
    finds it valid and finished (R46)."""
    rec = record_of(st)
    text = dumps(rec)
    assert parse_record(text).ruleset.special_factories
    assert replay(parse_record(text)) == st
    fills = [h for h in st.history if isinstance(h, Fill)]
    assert len(rec.rounds) == len(fills)
    for rnd, fill in zip(rec.rounds, fills):
        assert rnd.specials == {str(f + 1): SP.name(k) for f, k in fill.specials}
        assert rnd.after_fill is not None
    path.write_text(text, encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert ": valid, finished" in capsys.readouterr().out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R40_R41_R46_a_module_game_is_dealt_stored_and_replayed_from_its_events(
    players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = MemoryStore()
    s = Session.new(people(players), sf(players), Seeding(40 + players), game_id="g", store=store)
    play_out(s, random.Random(players))
    fills = [e for e in s.events if e.kind == "fill"]
    assert len(fills) == s.state.round and any(e.kind == "undo" for e in s.events)
    # every round's specials and SF1's tile are in the stored events (R40, R41)
    dealt = [h for h in s.state.history if isinstance(h, Fill)]
    assert [parse_fill(e.data) for e in fills] == dealt
    assert all(len(f.specials) == players for f in dealt)
    assert store.games["g"].events == s.events and store.games["g"].status == s.status
    # back from the stored events: the same game, log and next deals
    again = Session(State.new(sf(players)), people(players), Seeding(40 + players),
                    events=store.games["g"].events)
    assert again.state == s.state and again.log == s.log and again.played == s.played
    assert events_of(s.state) == [e for e in events_of(again.state)]
    assert Session.from_state(s.state, people(players), Seeding(40 + players)).state == s.state
    check_record(s.state, tmp_path / "game.json", capsys)


def test_R40_R41_a_module_session_resumed_mid_game_deals_what_it_would_have() -> None:
    s = Session.new(people(3), sf(3), Seeding(9))
    rng = random.Random(9)
    while s.state.round < 3:
        s.play(rng.choice(s.state.legal_moves()))
    again = Session(State.new(sf(3)), people(3), Seeding(9), events=s.events)
    while not s.is_over:
        mv = rng.choice(s.state.legal_moves())
        s.play(mv)
        again.play(mv)
    assert again.events == s.events and again.state == s.state


@pytest.mark.parametrize("players", [2, 4])
def test_R46_a_module_match_saves_a_replayable_record(
    players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "save.json"
    m = Match.new(people(players), sf(players), seed=12)
    rng = random.Random(12)
    while not m.is_over:
        m.play(rng.choice(m.state.legal_moves()))
        if m.state.round == 2 and m.state.is_chance is False and len(m.log) % 7 == 0:
            assert replay(load_record(m.save(path))) == m.state  # a save mid-game
    m.save(path)
    saved = load_record(path)
    assert saved.ruleset.special_factories and replay(saved) == m.state
    assert all(rnd.specials for rnd in saved.rounds)
    rec = m.record()
    assert replay(rec) == m.state
    again = Match.from_record(parse_record(dumps(rec)))
    assert again.state == m.state and again.seed == 12
    check_record(m.state, tmp_path / "match.json", capsys)
