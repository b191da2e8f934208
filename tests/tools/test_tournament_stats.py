"""Tournament statistics (tools/tournament_stats.py): a game in which a bot fills several seats
is not rated, and the table says so instead of showing the model's starting 25 ± 8.3 as a
rating; forfeit lines number games and seats from 0, as summary.json and the records do."""

from __future__ import annotations

import json

import pytest

from azulejos.commands import main
from azulejos.play.ratings import available
from azulejos.tools.tournament import GameResult
from azulejos.tools.tournament_stats import is_rated, summarise, table

needs_openskill = pytest.mark.skipif(not available(), reason="openskill (the 'bots' extra)")


def game(i: int, lineup: list[str], ranks: list[int], forfeit: dict[str, object] | None = None
         ) -> GameResult:
    scores = [40 - 10 * r for r in ranks]
    winners = [s for s, r in enumerate(ranks) if r == 1]
    n = len(lineup)
    return GameResult(i, i, lineup, scores, winners, ranks, 5, 40, [0.0] * n, [0.0] * n, forfeit)


def test_a_game_is_rated_only_when_its_bots_are_all_different() -> None:
    assert is_rated(game(0, ["a", "b", "c"], [1, 2, 3]))
    assert not is_rated(game(0, ["a", "b", "a"], [2, 1, 3]))


@needs_openskill
def test_bots_that_fill_several_seats_get_no_rating_and_the_table_says_unrated() -> None:
    """b wins every game against two copies of a: no rating at all, not 25.0±8.3 for both."""
    results = [game(i, lineup, ranks) for i, (lineup, ranks) in enumerate([
        (["a", "b", "a"], [2, 1, 3]), (["b", "a", "a"], [1, 3, 2]), (["a", "a", "b"], [2, 3, 1])])]
    s = summarise(results)
    assert (s["games"], s["rated_games"], s["ratings"]) == (3, 0, "openskill")
    assert all("rating" not in d and d["rated_games"] == 0 for d in s["bots"].values())
    text = table(s)
    assert "25.0±8.3" not in text and text.count(" unrated ") == 2
    assert "unrated: none of the 3 games is rated" in text
    rows = [line.split()[0] for line in text.splitlines()[2:4]]
    assert rows == ["b", "a"]  # by win rate: b 3 of 3, a 0 of 6


@needs_openskill
def test_rated_games_still_rate_and_the_note_counts_the_unrated_ones() -> None:
    results = [game(0, ["a", "b"], [1, 2]), game(1, ["b", "a"], [2, 1]),
               game(2, ["a", "a"], [2, 1])]  # (a summary built by hand: schedule never does this)
    s = summarise(results)
    assert s["rated_games"] == 2
    assert s["bots"]["a"]["rated_games"] == 2 and s["bots"]["b"]["rated_games"] == 2
    assert s["bots"]["a"]["rating"]["mu"] > 25 > s["bots"]["b"]["rating"]["mu"]
    assert "unrated: 1 of the 3 games is not rated" in table(s)


@needs_openskill
def test_a_tournament_with_all_bots_once_per_game_has_no_unrated_note() -> None:
    s = summarise([game(0, ["a", "b"], [1, 2]), game(1, ["b", "a"], [1, 2])])
    assert s["rated_games"] == 2 and "unrated" not in table(s)
    assert all("rating" in d for d in s["bots"].values())


def test_without_openskill_no_bot_reads_unrated(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the rating model there is no rating to miss: a dash, as before, and no note."""
    import azulejos.tools.tournament_stats as stats

    monkeypatch.setattr(stats, "ratings_available", lambda: False)
    s = summarise([game(0, ["a", "b", "a"], [2, 1, 3])])
    assert s["ratings"] is None
    text = table(s)
    assert "unrated" not in text and "rating" in text.splitlines()[0]


def test_forfeit_lines_number_games_and_seats_from_0_as_summary_json_does() -> None:
    forfeit = {"seat": 1, "bot": "cmd:x", "kind": "start", "message": "cannot start 'x'"}
    s = summarise([game(0, ["a", "cmd:x"], [1, 2], dict(forfeit)),
                   game(1, ["cmd:x", "a"], [2, 1], dict(forfeit, seat=0))])
    assert [(f["game"], f["seat"]) for f in s["forfeits"]] == [(0, 1), (1, 0)]
    lines = table(s).splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("forfeits ("))
    assert "numbered from 0" in lines[at]
    assert lines[at + 1:at + 3] == ["  game 0, seat 1, cmd:x: start – cannot start 'x'",
                                    "  game 1, seat 0, cmd:x: start – cannot start 'x'"]


@needs_openskill
def test_tournament_cli_with_fewer_bots_than_players_reports_unrated_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--bots", "random,greedy", "--players", "3", "--games", "3",
            "--time", "0.05", "--quiet"]
    assert main([*argv, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["rated_games"] == 0 and summary["games"] == 3
    assert all("rating" not in d for d in summary["bots"].values())
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "unrated: none of the 3 games is rated" in out and "±" not in out


def test_tournament_cli_prints_forfeits_numbered_from_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--bots", "random,cmd:/nonexistent/azulejos-bot", "--games", "2",
                 "--time", "0.1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "  game 0, seat 1, cmd:/nonexistent/azulejos-bot: start – " in out
    assert "  game 1, seat 0, cmd:/nonexistent/azulejos-bot: start – " in out


@pytest.mark.parametrize(("lang", "words"), [
    ("uk", ["бот", "перемог", "тех. поразки", "без рейтингу: жодну з 3 партій не оцінено",
            "технічні поразки (партії й місця рахуються від 0"]),
    ("ru", ["бот", "побед", "тех. поражения", "без рейтинга: ни одна из 3 партий не оценена"]),
    ("fr", ["parties", "victoires", "forfaits", "sans cote\u00a0: aucune des 3 parties n’est cotée"]),
])
def test_the_table_speaks_the_readers_language_and_stays_aligned(lang: str,
                                                                  words: list[str]) -> None:
    from azulejos.i18n import translation

    forfeit = {"seat": 1, "bot": "b", "kind": "start", "message": "x"}
    s = summarise([game(0, ["a", "b", "a"], [2, 1, 3], dict(forfeit)),
                   game(1, ["b", "a", "a"], [1, 3, 2]), game(2, ["a", "a", "b"], [2, 3, 1])])
    s["ratings"] = "openskill"  # the note as with the rating model, whether it is installed
    text = table(s, translation(lang))
    for w in words:
        assert w in text, w
    head, rule, *rows = text.splitlines()
    # each column is as wide as its heading in this language: rows as long as the heading line
    # (a longer heading used to push the headings out of line with their columns)
    assert len(rule) == len(head)
    assert [len(line) for line in rows[:2]] == [len(head)] * 2
    assert head.endswith(words[2])  # the last column's heading, right-aligned over its numbers
