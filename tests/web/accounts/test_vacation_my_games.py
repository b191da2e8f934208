""""My games" shows who is on vacation (issue 28 follow-up; docs/api.md, "Vacation"): a line of
``/api/account/games`` and of ``/api/my-games`` names the seats whose players are on vacation
now, and until when; the line changes back when the vacation ends."""

from __future__ import annotations

from .conftest import AppMaker, Clock, sign_up
from .test_vacation import DAY, game_of, vacation


def test_my_games_lines_show_an_opponent_on_vacation(make_client: AppMaker,
                                                     clock: Clock) -> None:
    ana, bo = make_client(), make_client()
    sign_up(ana, "Ana")
    sign_up(bo, "Bo")
    gid, _ta, tb = game_of(ana, bo, "move:1d")

    def lines() -> tuple[list[dict[str, float]], list[dict[str, float]]]:
        mine = bo.get("/api/account/games").json()["games"]
        by_token = bo.post("/api/my-games", json={"tokens": [tb]}).json()["games"]
        assert [g["game"] for g in mine] == [gid] == [g["game"] for g in by_token]
        return mine[0]["vacations"], by_token[0]["vacations"]

    assert lines() == ([], [])
    assert vacation(ana, 3).status_code == 201
    away = [{"seat": 0, "until": clock.t + 3 * DAY}]
    assert lines() == (away, away)
    assert ana.delete("/api/account/vacation").status_code == 200
    assert lines() == ([], [])
