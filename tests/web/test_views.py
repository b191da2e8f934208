"""The view's previews and end result are the core's (azulejos.core.preview / .results), in the
API's words (docs/api.md)."""

from __future__ import annotations

import random

from azulejos.core import State
from azulejos.core.preview import preview
from azulejos.core.results import result
from azulejos.web.legal_json import legal_json
from azulejos.web.views import fill_json, result_json


def test_R12_R14_legal_json_previews_are_the_core_preview() -> None:
    rng = random.Random(3)
    st = State.new(3, "grey")
    seen = {"draft": 0, "place": 0}
    while not st.is_over:
        if st.is_chance:
            st.deal(rng)
            continue
        for m, item in zip(st.legal_moves(), legal_json(st)):
            pv = preview(st, m)
            assert item["move"] == m.text()
            if m.is_draft:
                p = item["preview"]
                assert (p["taken"], p["to_line"], p["to_floor"], p["to_lid"], p["to_centre"]) == (
                    pv.taken, pv.to_line, pv.to_floor, pv.to_lid, pv.to_centre)
                assert p["floor_change"] == -pv.penalty and p["marker"] == pv.marker
                assert p["completes_line"] == pv.completes_line and p["wall_points"] is None
                seen["draft"] += 1
            else:
                assert item["preview"]["wall_points"] == pv.points
                seen["place"] += 1
        st.push(rng.choice(st.legal_moves()))
    assert seen["draft"] > 100 and seen["place"] > 5


def test_R25_result_json_is_the_core_result() -> None:
    rng = random.Random(8)
    st = State.new(2)
    assert result_json(st) is None
    while not st.is_over:
        if st.is_chance:
            st.deal(rng)
        else:
            st.push(rng.choice(st.legal_moves()))
    res, js = result(st), result_json(st)
    assert js is not None
    assert js["decided_by"] == res.decided_by in ("points", "rows", "shared")
    assert js["winners"] == list(res.winners) and js["scores"] == st.scores
    assert js["ended_by"] == st.ended_by
    for p, s in zip(js["players"], res.standings):
        assert (p["seat"], p["before_bonus"], p["bonus"], p["score"], p["complete_rows"]) == (
            s.seat, s.before_bonus, s.bonus.points, s.total, s.rows)
        assert p["score"] == p["before_bonus"] + p["bonus"]  # R24


def test_R17_R24_round_results_keep_the_core_event_words() -> None:
    """The wall-tiling the web sends is the core's events, field for field (one vocabulary)."""
    from dataclasses import fields

    from azulejos.core.events import Bonus
    from azulejos.web.views import tiling_json

    rng = random.Random(2)
    st = State.new(2, "grey")
    kinds: set[str] = set()
    while not st.is_over:
        if st.is_chance:
            st.deal(rng)
            continue
        st.push(rng.choice(st.legal_moves()))
        for ev in st.tiling_log:
            js = tiling_json(ev)
            kinds.add(js.pop("type"))
            names = {f.name for f in fields(ev)} | ({"points"} if isinstance(ev, Bonus) else set())
            assert set(js) == names
            assert all(js[k] == getattr(ev, k) for k in names if k != "colour")
    assert {"placed", "penalised", "bonus"} <= kinds


def _colours(text: str) -> tuple[int, ...]:
    return tuple("BYRKW".index(ch) for ch in text)


def test_R41_fill_json_says_sf1s_tile_and_an_sf2_taking_it_back() -> None:
    """R41, R47c: SF1 (display 1) draws R; the SF2R beside it (display 2) then pulls one R from
    each neighbour, the SF1's new tile included. A base-game fill adds nothing."""
    from azulejos.core import Fill
    from azulejos.core import specials as SP

    factories = tuple(_colours(t) for t in ("BBYK", "BYKW", "RYYK", "BBBB", "WWWW"))
    assert fill_json(Fill(factories)) == {}
    out = fill_json(Fill(factories, ((0, SP.SF1), (1, SP.SF2 + 2)), _colours("R")))
    assert out["specials"] == [{"display": 1, "kind": "SF1"}, {"display": 2, "kind": "SF2R"}]
    assert out["after_fill"] == [
        {"display": 1, "kind": "SF1", "colour": "R", "tiles": 1},
        {"display": 2, "kind": "SF2R", "colour": "R", "tiles": 2},
    ]
