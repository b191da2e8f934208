"""Malformed game records, one or more for every code of ``RECORD_ERROR_CODES`` that a record
can produce: each is a valid golden record with one thing broken. Shared by the tests of the
codes (tests/notation), of their sentences (tests/render) and of the front ends that show them."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
BASE = GOLDEN / "valid" / "game-1-0000.json"  # 2 players, 5 rounds, finished
SF_BASE = GOLDEN / "special_factories" / "valid" / "sf-2p-coloured.json"


@dataclass(frozen=True)
class Bad:
    """A malformed record: its id (the rule id first when a rule is broken), the code and rule
    the error must carry, and the record's bytes."""

    id: str
    code: str
    rule: str | None
    body: bytes


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _mutated(path: Path, change: Callable[[dict[str, Any]], object]) -> bytes:
    data = copy.deepcopy(_load(path))
    change(data)
    return json.dumps(data).encode()


def _set(path: list[Any], value: object) -> Callable[[dict[str, Any]], object]:
    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = value
    return change


def _delete(path: list[Any]) -> Callable[[dict[str, Any]], object]:
    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for step in path[:-1]:
            node = node[step]
        del node[path[-1]]
    return change


def _cut_round_one_short(data: dict[str, Any]) -> None:
    data["rounds"][0]["moves"].pop()


def _unfinished_with_scores(data: dict[str, Any]) -> None:
    data["rounds"] = data["rounds"][:1]
    data["rounds"][0]["moves"].pop()
    del data["final_scores"], data["winners"]


def _round_after_end(data: dict[str, Any]) -> None:
    data["rounds"].append(copy.deepcopy(data["rounds"][-1]))


def _not_ended(data: dict[str, Any]) -> None:
    data["rounds"] = data["rounds"][:2]


def _move_after_round(data: dict[str, Any]) -> None:
    data["rounds"][0]["moves"].append("1B1")


def _specials_without_any(data: dict[str, Any]) -> None:
    data["rounds"][0]["specials"] = {}


def _special_key_with_a_space(data: dict[str, Any]) -> None:
    shown = data["rounds"][0]["specials"]
    key, name = next(iter(shown.items()))
    shown[f" {key}"] = name
    del shown[key]


def _unfinished_game(data: dict[str, Any]) -> None:
    """Two rounds, the second cut to 3 moves without scores; no final_scores or winners."""
    data["rounds"] = data["rounds"][:2]
    data["rounds"][1]["moves"] = data["rounds"][1]["moves"][:3]
    del data["rounds"][1]["scores"], data["final_scores"], data["winners"]


def _unfinished_with(key: str, value: object) -> Callable[[dict[str, Any]], object]:
    def change(data: dict[str, Any]) -> None:
        _unfinished_game(data)
        data[key] = value
    return change


def _twice(path: Path, before: str, key: str, value: str) -> bytes:
    """The record's JSON text with ``"key": value`` given once more, before the first
    ``before`` (a JSON object's opening, such as ``"specials": {``): a name given twice."""
    text = json.dumps(_load(path))
    assert before in text
    return text.replace(before, f"{before}{json.dumps(key)}: {value}, ", 1).encode()


def bad_records() -> list[Bad]:
    """Every case; the golden invalid records cover the rest (see :func:`golden_bad`)."""
    b, sf = BASE, SF_BASE
    return [
        Bad("not_json", "not_json", None, b'{"format": "azulejos-record/1",\n  oops}'),
        Bad("not_utf8", "not_json", None, b'{"format": "\xc3\x28"}'),
        Bad("not_object", "not_object", None, b"[1, 2]"),
        Bad("no_format", "missing_key", None, b"{}"),
        Bad("bad_format", "bad_format", None, _mutated(b, _set(["format"], "azulejos-record/9"))),
        Bad("no_start_player", "missing_key", None, _mutated(b, _delete(["start_player"]))),
        Bad("bad_players", "bad_players", None, _mutated(b, _set(["players"], 7))),
        Bad("bad_variant", "bad_variant", None, _mutated(b, _set(["variant"], "purple"))),
        Bad("bad_variant_capital", "bad_variant", None, _mutated(b, _set(["variant"], "Grey"))),
        Bad("duplicate_key", "duplicate_key", None, _twice(b, "{", "players", "3")),
        Bad("duplicate_round_key", "duplicate_key", None,
            _twice(b, '"rounds": [{', "moves", "[]")),
        Bad("bad_ruleset", "bad_ruleset", None,
            _mutated(b, _set(["special_factories"], "yes"))),
        Bad("bad_start_player", "bad_start_player", None, _mutated(b, _set(["start_player"], 5))),
        Bad("rounds_not_list", "wrong_type", None, _mutated(b, _set(["rounds"], {}))),
        Bad("round_not_object", "wrong_type", None, _mutated(b, _set(["rounds", 0], 3))),
        Bad("round_without_moves", "missing_key", None, _mutated(b, _delete(["rounds", 0, "moves"]))),
        Bad("factories_not_strings", "wrong_type", None,
            _mutated(b, _set(["rounds", 0, "factories"], [1, 2]))),
        Bad("scores_not_numbers", "wrong_type", None,
            _mutated(b, _set(["rounds", 0, "scores"], ["a", "b"]))),
        Bad("scores_null", "wrong_type", None, _mutated(b, _set(["rounds", 0, "scores"], None))),
        Bad("scores_too_many", "wrong_length", None,
            _mutated(b, _set(["rounds", 0, "scores"], [3, 3, 3]))),
        Bad("final_scores_not_numbers", "wrong_type", None,
            _mutated(b, _set(["final_scores"], "36 59"))),
        Bad("final_scores_too_few", "wrong_length", None, _mutated(b, _set(["final_scores"], [36]))),
        Bad("R1_not_a_colour", "bad_letter", "R1",
            _mutated(b, _set(["rounds", 0, "factories", 0], "YWWQ"))),
        Bad("R2_four_factories", "factory_count", "R2",
            _mutated(b, _set(["rounds", 0, "factories"], ["YWWK", "WKYW", "YBRY", "KKYB"]))),
        Bad("R2_five_tiles", "bad_fill", "R2",
            _mutated(b, _set(["rounds", 0, "factories", 0], "YWWKB"))),
        Bad("not_a_move", "not_a_move", "NOTATION",
            _mutated(b, _set(["rounds", 0, "moves", 0], "1Q1"))),
        Bad("R16_move_after_round", "move_after_round", "R16", _mutated(b, _move_after_round)),
        Bad("R11_illegal_move", "illegal_move", "R11",
            _mutated(b, _set(["rounds", 0, "moves", 0], "2R1"))),
        Bad("R23_round_after_end", "round_after_end", "R23", _mutated(b, _round_after_end)),
        Bad("R16_round_cut_short", "round_cut_short", "R16", _mutated(b, _cut_round_one_short)),
        Bad("R16_scores_too_early", "scores_too_early", "R16", _mutated(b, _unfinished_with_scores)),
        Bad("R23_winners_of_an_unfinished_game", "result_too_early", "R23",
            _mutated(b, _unfinished_with("winners", [1]))),
        Bad("R23_final_scores_of_an_unfinished_game", "result_too_early", "R23",
            _mutated(b, _unfinished_with("final_scores", [3, 4]))),
        Bad("R19_scores_missing", "scores_missing", "R19", _mutated(b, _delete(["rounds", 0, "scores"]))),
        Bad("R18_round_scores", "round_scores", "R18",
            _mutated(b, _set(["rounds", 0, "scores"], [99, 0]))),
        Bad("R23_final_missing", "final_missing", "R23", _mutated(b, _delete(["final_scores"]))),
        Bad("R24_final_scores", "final_scores", "R24", _mutated(b, _set(["final_scores"], [0, 0]))),
        Bad("R25_winners", "winners", "R25", _mutated(b, _set(["winners"], [1]))),
        Bad("R23_not_ended", "not_ended", "R23", _mutated(b, _not_ended)),
        # the special factory displays (R40-R47)
        Bad("R46_specials_missing", "missing_key", "R46",
            _mutated(sf, _delete(["rounds", 0, "specials"]))),
        Bad("R46_specials_not_strings", "wrong_type", "R46",
            _mutated(sf, _set(["rounds", 0, "specials"], [1]))),
        Bad("R46_after_fill_letter", "bad_letter", "R46",
            _mutated(sf, _set(["rounds", 0, "after_fill"], {"1": "Q"}))),
        Bad("R40_bad_display", "bad_display", "R40",
            _mutated(sf, _set(["rounds", 0, "specials", "9"], "SF1"))),
        Bad("R40_bad_special", "bad_special", "R40",
            _mutated(sf, _set(["rounds", 0, "specials"], {"1": "SF6", "2": "SF1"}))),
        Bad("R40_special_twice", "special_twice", "R40",
            _twice(sf, '"specials": {', "4", '"SF3"')),
        Bad("R46_after_fill_twice", "special_twice", "R46",
            _twice(sf, '"after_fill": {', "5", '"R"')),
        Bad("R40_display_with_a_space", "bad_display", "R40",
            _mutated(sf, _special_key_with_a_space)),
        Bad("R40_display_with_a_zero", "bad_display", "R40",
            _mutated(sf, _set(["rounds", 0, "specials"], {"04": "SF4", "5": "SF2R"}))),
        Bad("R40_special_in_lower_case", "bad_special", "R40",
            _mutated(sf, _set(["rounds", 0, "specials"], {"4": "sf4", "5": "SF2R"}))),
        Bad("R46_specials_in_the_base_game", "specials_off", "R46",
            _mutated(b, _set(["rounds", 0, "specials"], {"4": "SF4", "5": "SF2R"}))),
        Bad("R46_after_fill_in_the_base_game", "specials_off", "R46",
            _mutated(b, _set(["rounds", 0, "after_fill"], {}))),
        Bad("R46_no_change_written", "bad_change", "R46",
            _mutated(sf, _set(["rounds", 0, "after_fill"], {"1": "", "4": "-R", "5": "R"}))),
        Bad("R46_dash_without_losses", "bad_change", "R46",
            _mutated(sf, _set(["rounds", 0, "after_fill"], {"4": "-R", "5": "R-"}))),
        Bad("R47e_no_specials", "specials_count", "R47e", _mutated(sf, _specials_without_any)),
    ]


#: The code (and rule) of each golden invalid record (tests/golden/.../invalid).
GOLDEN_CODES: dict[str, tuple[str, str | None]] = {
    "bad-json.json": ("not_json", None),
    "five-tiles-in-a-factory.json": ("bad_fill", "R2"),
    "illegal-move-R13.json": ("illegal_move", "R13"),
    "missing-key.json": ("missing_key", None),
    "no-such-factory.json": ("illegal_move", "R2"),
    "not-a-move.json": ("not_a_move", "NOTATION"),
    "not-an-object.json": ("not_object", None),
    "round-after-end.json": ("round_after_end", "R23"),
    "round-cut-short.json": ("round_cut_short", "R16"),
    "suffix-in-base-game.json": ("illegal_move", "R43"),
    "undrawable-fill.json": ("bad_fill", "R21"),
    "wrong-final-score.json": ("final_scores", "R24"),
    "wrong-format.json": ("bad_format", None),
    "wrong-round-score.json": ("round_scores", "R18"),
    "wrong-type.json": ("bad_players", None),
    "wrong-winners.json": ("winners", "R25"),
    "special_factories/duplicate-specials.json": ("specials_count", "R47e"),
    "special_factories/missing-after-fill-change.json": ("after_fill", "R41"),
    "special_factories/missing-sf4-suffix.json": ("illegal_move", "R43"),
    "special_factories/missing-specials.json": ("missing_key", "R46"),
    "special_factories/no-such-special.json": ("bad_special", "R40"),
    "special_factories/sf1-two-extra-tiles.json": ("bad_fill", "R47b"),
    "special_factories/special-on-no-display.json": ("bad_display", "R40"),
    "special_factories/suffix-on-plain-move.json": ("illegal_move", "R43"),
    "special_factories/too-many-specials.json": ("specials_count", "R47e"),
    "special_factories/wrong-after-fill.json": ("after_fill", "R41"),
    "special_factories/wrong-sf4-suffix.json": ("illegal_move", "R43"),
}


def golden_bad() -> list[Bad]:
    """The golden invalid records as cases."""
    out = []
    for name, (code, rule) in GOLDEN_CODES.items():
        module, _, file = name.rpartition("/")
        path = GOLDEN / module / "invalid" / file
        out.append(Bad(f"golden:{name}", code, rule, path.read_bytes()))
    return out
