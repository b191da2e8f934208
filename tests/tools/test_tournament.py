"""Tournaments: paired deals with seats rotated, statistics, records, failures, the CLI."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from azulejos.commands import main
from azulejos.commands.tournament import lineup_error_text, split_bots
from azulejos.core import Ruleset
from azulejos.i18n import translation
from azulejos.notation import load_record, parse_record, replay
from azulejos.tools.tournament import (
    LINEUP_ERROR_CODES,
    LineupError,
    play_game,
    run_local,
    schedule,
)
from azulejos.tools.tournament_stats import elo_gap, summarise, table, wilson


def test_schedule_rotates_seats_over_paired_deals() -> None:
    jobs = schedule(["a", "b", "c"], 3, 5, seed=1)
    assert len(jobs) == 6  # 5 rounded up to a multiple of 3
    assert [j.lineup for j in jobs[:3]] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert {j.deal for j in jobs[:3]} == {0}
    assert len(schedule(["a", "b", "c"], 2, 2)) == 6  # every pair meets
    assert schedule(["a", "b"], 3, 3)[0].lineup == ("a", "b", "a")
    with pytest.raises(ValueError):
        schedule(["a"], 2, 2)
    with pytest.raises(ValueError):
        schedule(["a", "a"], 2, 2)


#: Bots that cannot play a tournament, with the code and parameters of their refusal.
BAD_LINEUPS: list[tuple[list[str], str, dict[str, object]]] = [
    ([], "too_few_bots", {"count": 0}), (["a"], "too_few_bots", {"count": 1}),
    (["a", "b", "c", "b", "a"], "bot_twice", {"bot": "b"}),
]


@pytest.mark.parametrize(("bots", "code", "params"), BAD_LINEUPS)
def test_bots_that_cannot_play_give_a_code_said_in_each_language(
        bots: list[str], code: str, params: dict[str, object]) -> None:
    """schedule's refusal is a ValueError with its English message for library users, and a
    code with parameters (LINEUP_ERROR_CODES) that a front end says in its language."""
    with pytest.raises(LineupError) as e:
        schedule(bots, 2, 2)
    assert isinstance(e.value, ValueError) and str(e.value)
    assert (e.value.code, e.value.params) == (code, params)
    assert set(params) == set(LINEUP_ERROR_CODES[code])
    english = lineup_error_text(translation("en"), e.value, "prog")
    for lang in ("uk", "ru", "fr"):
        text = lineup_error_text(translation(lang), e.value, "prog")
        assert text.startswith("prog") and text != english and "{" not in text, (lang, text)
    assert english.startswith("prog: name ")  # the command line's own sentences
    assert {c for _, c, _ in BAD_LINEUPS} == set(LINEUP_ERROR_CODES)


def test_a_ladder_seats_only_neighbours() -> None:
    jobs = schedule(["a", "b", "c", "d"], 2, 2, ladder=True)
    assert [j.lineup for j in jobs] == [("a", "b"), ("b", "a"), ("b", "c"), ("c", "b"), ("c", "d"), ("d", "c")]
    assert [j.lineup for j in schedule(["a", "b", "c", "d"], 3, 3, ladder=True)][::3] == [("a", "b", "c"), ("b", "c", "d")]
    assert len(schedule(["a", "b", "c", "d"], 2, 2)) == 12  # without: every pair
    assert len(schedule(["a", "b"], 2, 2, ladder=True)) == 2  # as many bots as seats: one lineup


def test_elo_gap_of_a_win_rate() -> None:
    assert elo_gap(0.5) == 0.0
    assert elo_gap(10 / 11) == pytest.approx(400.0)  # odds of 10 to 1
    assert elo_gap(0.25) == pytest.approx(-elo_gap(0.75))  # type: ignore[operator]
    assert elo_gap(1.0) is None and elo_gap(0.0) is None


def test_head_to_head_gives_the_elo_gap_and_its_bounds() -> None:
    from azulejos.tools.tournament import GameResult

    won = [GameResult(i, i, ["a", "b"], [30, 10], [0], [1, 2], 5, 40, [0, 0], [0, 0]) for i in range(3)]
    lost = GameResult(3, 3, ["a", "b"], [10, 30], [1], [2, 1], 5, 40, [0, 0], [0, 0])
    (h,) = summarise([*won, lost])["head_to_head"]
    assert h["elo_gap"] == pytest.approx(190.8, abs=0.1)  # 3 of 4
    lo, hi = h["elo_gap95"]
    assert lo < 0 < 190 < hi  # 4 games cannot tell: the interval spans zero
    swept = [GameResult(i, i, ["a", "b"], [30, 10], [0], [1, 2], 5, 40, [0, 0], [0, 0]) for i in range(10)]
    (h,) = summarise(swept)["head_to_head"]
    assert h["elo_gap"] is None and h["elo_gap95"][1] is None and h["elo_gap95"][0] > 0
    lines = table({"bots": summarise(swept)["bots"], "forfeits": [], "head_to_head": [h, h]})
    assert f"Elo at least {h['elo_gap95'][0]:+.0f} (95% bound)" in lines


def test_paired_deals_share_the_first_fill_R21() -> None:
    jobs = schedule(["random", "greedy"], 2, 2, seed=7)
    a, b = (play_game(j) for j in jobs)
    ra = json.loads(a.record)
    rb = json.loads(b.record)
    assert ra["rounds"][0]["factories"] == rb["rounds"][0]["factories"]
    assert ra["bots"] == ["random", "greedy"] and rb["bots"] == ["greedy", "random"]


def test_results_and_records_replay() -> None:
    results = run_local(schedule(["random", "greedy"], 2, 2, seed=3))
    for r in results:
        assert r.forfeit is None
        st = replay(parse_record(r.record))
        assert st.scores == r.scores
        assert sorted(r.winners) == st.winners()
    s = summarise(results)
    assert s["bots"]["greedy"]["games"] == 2
    assert s["bots"]["greedy"]["wins"] == 2.0
    assert "rating" in s["bots"]["greedy"]
    assert "greedy" in table(s)


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_shared_victories_count_as_fractions() -> None:
    from azulejos.tools.tournament import GameResult

    r = GameResult(0, 0, ["a", "b"], [10, 10], [0, 1], [1, 1], 5, 40, [0, 0], [0, 0])
    s = summarise([r])
    assert s["bots"]["a"]["wins"] == 0.5 and s["bots"]["b"]["wins"] == 0.5


def test_split_bots_keeps_options_together() -> None:
    assert split_bots("mcts:time=0.5,iterations=900,greedy") == ["mcts:time=0.5,iterations=900", "greedy"]
    assert split_bots("a, b,,c") == ["a", "b", "c"]


CRASHER = "import sys\nfor line in sys.stdin:\n    if line.startswith('go'):\n        sys.exit(1)\n    if line.startswith('isready'):\n        print('readyok', flush=True)\n"


def test_crashing_external_bot_loses_and_tournament_goes_on(tmp_path: Path) -> None:
    bot = tmp_path / "crash.py"
    bot.write_text(CRASHER)
    spec = f"cmd:{sys.executable} {bot}"
    results = run_local(schedule(["greedy", spec], 2, 2, seed=1, seconds=0.5))
    assert all(r.forfeit and r.forfeit["kind"] == "crash" for r in results)
    s = summarise(results)
    assert s["bots"]["greedy"]["wins"] == 2.0
    assert s["bots"][spec]["forfeits"] == {"crash": 2}
    assert "forfeit" in table(s)
    rec = json.loads(results[0].record)
    assert rec["forfeit"]["kind"] == "crash" and "final_scores" not in rec


def test_tournament_cli_smoke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t"
    code = main([
        "tournament", "--bots", "random,greedy,mcts:iterations=30", "--games", "2", "--jobs", "2",
        "--time", "0.2", "--seed", "5", "--out", str(out), "--json",
    ])
    assert code == 0
    cap = capsys.readouterr()
    summary = json.loads(cap.out)
    assert set(summary["bots"]) == {"random", "greedy", "mcts:iterations=30"}
    for d in summary["bots"].values():
        assert d["games"] == 4 and {"wins", "mean_score"} <= set(d)
    assert sum(d["wins"] for d in summary["bots"].values()) == pytest.approx(6)
    files = sorted(out.glob("game-*.json"))
    assert len(files) == 6
    replay(load_record(files[0]))
    assert json.loads((out / "summary.json").read_text())["games"] == 6
    assert "Playing games: 6/6" in cap.err  # the progress bar
    assert summary["lineups"] == "all"


def test_tournament_cli_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "--bots", "random,greedy:eps=0.5,greedy", "--ladder", "--games", "2",
                 "--time", "0.2", "--json", "--quiet"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["lineups"] == "ladder" and summary["games"] == 4
    assert sorted(h["bots"] for h in summary["head_to_head"]) == [["greedy", "greedy:eps=0.5"], ["greedy:eps=0.5", "random"]]
    assert summary["bots"]["greedy:eps=0.5"]["games"] == 4 and summary["bots"]["random"]["games"] == 2


@pytest.mark.parametrize(
    "argv, text",
    [(["--bots", "greedy"], "at least 2 bots"), (["--bots", "greedy,nobot"], "unknown bot"),
     (["--bots", "greedy,random", "--backend", "ray"], "needs --address"),
     (["--bots", "greedy,greedy"], "once"),
     (["--bots", "random,mcts:time=nan"], "mcts: time=nan must be a finite number"),
     (["--bots", "random,mcts:time=inf"], "mcts: time=inf must be a finite number"),
     (["--bots", "random,mcts:time=1,time=2"], "the option time is given twice"),
     (["--bots", "random,cmd:"], "cmd: needs a command"),
     (["--bots", "random,cmd:python 'bot.py"], "unclosed quote")],
)
def test_tournament_cli_errors(argv: list[str], text: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *argv]) == 2
    cap = capsys.readouterr()
    assert text in cap.err and "Traceback" not in cap.err and not cap.out


def test_deal_secret_changes_the_fills_but_keeps_deals_paired() -> None:
    """With a secret the fills cannot be predicted from the seed; seats still share them."""
    plain = schedule(["random", "greedy"], 2, 2, seed=7)
    hidden = schedule(["random", "greedy"], 2, 2, seed=7, secret="s3cret")
    fill = lambda job: json.loads(play_game(job).record)["rounds"][0]["factories"]  # noqa: E731
    assert fill(hidden[0]) == fill(hidden[1])
    assert fill(hidden[0]) != fill(plain[0])


def test_R40_R46_games_carry_the_ruleset_with_the_special_factories() -> None:
    """The job holds the whole Ruleset: the module reaches every game and its record (R46)."""
    rules = Ruleset(2, "grey", special_factories=True)
    jobs = schedule(["random", "greedy"], rules, 2, seed=4)
    assert all(j.ruleset == rules and j.players == 2 for j in jobs)
    rec = parse_record(json.loads(play_game(jobs[0]).record))
    assert rec.ruleset == rules and rec.rounds[0].specials
    replay(rec)


def test_R40_tournament_cli_with_the_special_factories(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t"
    code = main([
        "tournament", "--bots", "random,greedy", "--games", "2", "--special-factories",
        "--players", "3", "--time", "0.2", "--out", str(out), "--json", "--quiet",
    ])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["special_factories"] is True and summary["players"] == 3
    for f in sorted(out.glob("game-*.json")):
        assert replay(load_record(f)).ruleset.special_factories


def test_the_rating_follows_the_wins_whatever_order_the_games_finished_in() -> None:
    """openskill weighs a bot's first games most; one order alone (here the losses of the
    better bot come last) rates the bot with fewer wins higher. The summary's rating, a mean
    over orders, ranks them as the wins do, and the same games in another order give it again."""
    from azulejos.play.ratings import initial, rate
    from azulejos.tools.tournament import GameResult

    def game(i: int, a_wins: bool) -> GameResult:
        scores, ranks = ([30, 20], [1, 2]) if a_wins else ([20, 30], [2, 1])
        return GameResult(i, i, ["a", "b"], scores, [0 if a_wins else 1], ranks, 5, 40,
                          [0, 0], [0, 0])

    outcomes = [True] * 35 + [False] * 25  # "a" wins 35 of 60, its 25 losses last
    results = [game(i, w) for i, w in enumerate(outcomes)]
    a = b = initial()
    for w in outcomes:
        a, b = rate([a, b], [1, 2] if w else [2, 1])
    assert a.mu < b.mu  # the order played alone gets it backwards
    s = summarise(results)["bots"]
    assert s["a"]["rating"]["mu"] > s["b"]["rating"]["mu"]
    again = summarise(results[::-1])["bots"]
    assert again["a"]["rating"]["mu"] > again["b"]["rating"]["mu"]


@pytest.mark.parametrize("time", ["inf", "nan", "0", "-1", "1e999"])
def test_tournament_cli_refuses_a_time_that_is_not_a_finite_number_of_seconds(
        time: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["tournament", "--bots", "random,greedy", "--time", time])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "is not a number of seconds > 0" in err and "Traceback" not in err
