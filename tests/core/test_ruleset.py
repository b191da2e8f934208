"""The Ruleset: which game is played (R2, R8, R30, and the R40-R47 module switch)."""

from __future__ import annotations

import json
import random

import pytest

from azulejos.core import MODULES, GameInfo, Ruleset, RulesetError, State, Variant
from azulejos.core.errors import InvalidRecordError
from azulejos.notation import parse_record, record_of, replay
from azulejos.tools.selfplay import random_game


@pytest.mark.parametrize("players,factories", [(2, 5), (3, 7), (4, 9)])
def test_R2_R8_ruleset_players_and_factories(players: int, factories: int) -> None:
    r = Ruleset(players, "grey")
    assert (r.players, r.variant, r.factories, r.grey) == (players, Variant.GREY, factories, True)
    st = State.new(r)
    assert st.ruleset is r
    assert (st.players, st.nfactories, st.variant) == (players, factories, Variant.GREY)


@pytest.mark.parametrize(
    "kwargs,field",
    [
        ({"players": 5}, "players"),
        ({"players": 1}, "players"),
        ({"players": "2"}, "players"),
        ({"players": True}, "players"),
        ({"variant": "purple"}, "variant"),
        ({"variant": 3}, "variant"),
        ({"special_factories": "yes"}, "special_factories"),
    ],
)
def test_R8_bad_ruleset_names_the_field(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(RulesetError) as e:
        Ruleset(**kwargs)  # type: ignore[arg-type]
    assert e.value.field == field
    assert str(e.value).startswith(f"{field}: ")
    assert isinstance(e.value, ValueError)


def test_R40_special_factories_is_implemented_and_round_trips() -> None:
    info = {m.name: m for m in MODULES}["special_factories"]
    assert info.available and info.rules == "R40-R47" and info.flag == "--special-factories"
    r = Ruleset(3, "grey", special_factories=True)
    data = r.to_json()
    assert data["special_factories"] is True
    assert Ruleset.from_json(json.loads(json.dumps(data))) == r


def test_a_module_not_implemented_yet_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from azulejos.core import ruleset as ruleset_module

    off = tuple(dataclasses.replace(m, available=False) for m in ruleset_module.MODULES)
    monkeypatch.setattr(ruleset_module, "MODULES", off)
    with pytest.raises(RulesetError, match="special_factories: .*not available"):
        Ruleset(2, special_factories=True)
    assert Ruleset(2).special_factories is False


def test_ruleset_is_frozen_hashable_and_compares_by_value() -> None:
    a, b = Ruleset(3, "grey"), Ruleset(3, Variant.GREY)
    assert a == b and hash(a) == hash(b)
    assert a != Ruleset(3)
    with pytest.raises(AttributeError):
        a.players = 4  # type: ignore[misc]
    assert a.replace(players=4) == Ruleset(4, "grey")
    with pytest.raises(RulesetError, match="colour: is not a ruleset field"):
        a.replace(colour="red")


@pytest.mark.parametrize("r", [Ruleset(), Ruleset(3, "grey"), Ruleset(4, "coloured")])
def test_ruleset_round_trips_through_record_keys(r: Ruleset) -> None:
    data = r.to_json()
    assert "special_factories" not in data  # a module that is off is left out (docs/notation.md)
    assert Ruleset.from_json(json.loads(json.dumps(data))) == r


@pytest.mark.parametrize(
    "data,field",
    [({}, "players"), ({"players": 2, "variant": ["grey"]}, "variant"), ([], "ruleset")],
)
def test_ruleset_from_bad_json_names_the_field(data: object, field: str) -> None:
    with pytest.raises(RulesetError) as e:
        Ruleset.from_json(data)  # type: ignore[arg-type]
    assert e.value.field == field


def test_state_new_takes_a_ruleset_or_the_pair_and_refuses_both_disagreeing() -> None:
    assert State.new(Ruleset(3, "grey")) == State.new(3, "grey")
    assert State.new(Ruleset(3, "grey"), "grey").ruleset == Ruleset(3, "grey")
    with pytest.raises(RulesetError, match="variant: given twice"):
        State.new(Ruleset(3, "grey"), "coloured")
    with pytest.raises(RulesetError, match="players"):
        State.new(7)
    assert GameInfo.of(Ruleset(4)) == GameInfo.of(4, "coloured")


def test_records_carry_the_ruleset_and_replay_it() -> None:
    st = random_game(Ruleset(3, "grey"), seed=4)
    rec = record_of(st)
    assert rec.ruleset == Ruleset(3, "grey")
    assert (rec.players, rec.variant) == (3, Variant.GREY)
    data = rec.to_json()
    assert (data["players"], data["variant"]) == (3, "grey")
    again = parse_record(json.dumps(data))
    assert again.ruleset == rec.ruleset
    assert replay(again) == st


def test_R40_a_record_with_a_module_not_implemented_is_refused_clearly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import dataclasses

    from azulejos.core import ruleset as ruleset_module

    off = tuple(dataclasses.replace(m, available=False) for m in ruleset_module.MODULES)
    monkeypatch.setattr(ruleset_module, "MODULES", off)
    st = State.new(2)
    st.deal(random.Random(1))
    data = record_of(st).to_json()
    data["special_factories"] = False  # off: the base game, accepted
    assert parse_record(data).ruleset == Ruleset(2)
    data["special_factories"] = True
    with pytest.raises(InvalidRecordError, match="special_factories: .*not available"):
        parse_record(data)
    data["special_factories"] = "true"
    with pytest.raises(InvalidRecordError, match="special_factories: must be true or false"):
        parse_record(data)
