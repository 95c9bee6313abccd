"""The core every system shares: typed options checked before the roll, data faults found at load (never the
player's), internal bugs reported as such, one pool roll, and burns, resets and next-move adds from sheet.yaml."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest

from assistant.engine import ConfigError, InputError, get_ruleset, resolve
from assistant.engine.context import Resolution
from assistant.engine.errors import InternalError
from assistant.engine.ruleset import Ruleset
from assistant.engine.rulesets.starforged.ruleset import StarforgedRuleset

SHEET = "system: test\nstats:\n  - {name: edge}\nmeters:\n  - {name: health, min: 0, max: 5, default: 5}\n"
MOVE = """
  - id: poke
    name: Poke
    category: test
    trigger: When you poke
    text: You poke.
    source: {file: t.txt, lines: [1, 1]}
    roll: {type: action, stats: [{stat: edge}]}
"""


def ruleset_from(tmp_path: Path, moves: str, sheet: str = SHEET, **attrs: Any) -> Ruleset:
    (tmp_path / "moves.yaml").write_text(moves, encoding="utf-8")
    (tmp_path / "sheet.yaml").write_text(sheet, encoding="utf-8")
    cls = type("TestRuleset", (Ruleset,), {"system_id": "test", "title": "Test", "data_dir": tmp_path, **attrs})
    ruleset: Ruleset = cls()
    return ruleset


# ---- the three bugs of the review ------------------------------------------------------------------


def test_blades_pool_marks_the_dropped_die() -> None:
    """Blades dice [2, 5] came back with both dice marked kept, so the card never struck the 2."""
    r = resolve({"system": "blades", "move": "Acquire Asset", "stat": "tier", "character": {"tier": 2}, "dice": [2, 5]})
    assert r.score == 5 and r.outcome == "partial_success"
    assert [(d.value, d.kept) for d in r.dice_detail] == [(2, False), (5, True)]


def test_a_list_where_a_word_is_wanted_is_the_players_input_error() -> None:
    """Elegy ``promise_to: ["a"]`` gave "unhashable type: 'list'"; the option's declared type refuses it first."""
    with pytest.raises(InputError) as info:
        resolve({"system": "elegy", "move": "Sing an Elegy", "stat": "heart", "options": {"promise_to": ["a"]}, "dice": [3, 4]})
    assert info.value.missing == "promise_to" and info.value.choices == ["connection", "bond"]
    assert "unhashable" not in info.value.message and "connection" in info.value.message


def test_an_engine_bug_is_an_internal_error_not_the_players(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: StarforgedRuleset, ctx: Resolution) -> str | None:
        return {}["position"]  # type: ignore[no-any-return]

    monkeypatch.setattr(StarforgedRuleset, "position", broken)
    with pytest.raises(InternalError) as info:
        resolve({"system": "starforged", "move": "Strike", "stat": "iron", "dice": [3, 4, 5]})
    assert info.value.to_dict()["type"] == "internal" and not isinstance(info.value, InputError)
    assert isinstance(info.value.__cause__, KeyError)


# ---- typed options, checked before anything rolls ------------------------------------------------------


@pytest.mark.parametrize(
    ("request_", "missing"),
    [
        ({"system": "starforged", "move": "Endure Harm", "options": {"amount": "two"}}, "amount"),
        ({"system": "starforged", "move": "Endure Harm", "options": {"amount": 2, "resist": "yes"}}, "resist"),
        ({"system": "blades", "move": "Train", "options": {"xp_track": "cooking"}}, "xp_track"),
        ({"system": "city", "move": "Take a Big Risk", "stat": "sway", "options": {"advantage": 1}}, "advantage"),
        ({"system": "dungeon-world", "move": "Deal Damage", "options": {"grit": 7}}, "grit"),
        ({"system": "starforged", "move": "Face Danger", "stat": "edge", "options": {"momentum": 3}}, "momentum"),
    ],
)
def test_an_option_of_the_wrong_kind_is_named_in_plain_words(request_: dict[str, Any], missing: str) -> None:
    with pytest.raises(InputError) as info:
        resolve(request_)
    assert info.value.missing == missing
    assert "options." not in info.value.message


def test_a_missing_amount_asks_for_it_with_its_choices() -> None:
    with pytest.raises(InputError) as info:
        resolve({"system": "starforged", "move": "Endure Harm"})
    assert (info.value.missing, info.value.choices) == ("amount", [1, 2, 3])
    assert info.value.message.startswith("Endure Harm needs the amount")


def test_declared_values_are_read_without_case() -> None:
    r = resolve({"system": "blades", "move": "Train", "options": {"xp_track": "Prowess"}})
    assert r.character["xp"]["prowess"] == 1


def test_common_options_are_declared_once_per_system() -> None:
    for system in ("starforged", "elegy", "blades", "city", "dungeon-world"):
        common = get_ruleset(system).common_options
        assert "choose" in common
        assert ("burn" in common) == (system in ("starforged", "elegy"))
        assert ("track" in common) == (system in ("starforged", "elegy"))


# ---- data faults are configuration errors, found at load ---------------------------------------------


@pytest.mark.parametrize(
    ("moves", "fault"),
    [
        ("system: test\nmoves:" + MOVE + "    options: {sneaky: a sneaky option}\n", "'sneaky' has no type"),
        (
            "system: test\nmoves:"
            + MOVE
            + "    outcomes:\n      miss: {text: x, effects: [{type: meter, meter: sanity, delta: -1}]}\n",
            "'sanity', which is no meter",
        ),
        (
            "system: test\nmoves:"
            + MOVE
            + "    outcomes:\n      miss: {text: x, effects: [{type: meter, meter: health, by: magic}]}\n",
            "by: 'magic' is unknown",
        ),
        (
            "system: test\noptions: {loud: {type: bool}}\nmoves:"
            + MOVE
            + "    options: {loud: how loud}\n    outcomes:\n"
            + "      miss: {text: x, effects: [{type: meter, meter: health, delta_from: loud}]}\n",
            "not a whole-number option",
        ),
        ("system: test\nmoves:" + MOVE + "    follow_ups: [{move: nowhere}]\n", "'nowhere' does not exist"),
    ],
)
def test_a_fault_in_the_data_is_a_configuration_error_at_load(tmp_path: Path, moves: str, fault: str) -> None:
    with pytest.raises(ConfigError, match=fault):
        ruleset_from(tmp_path, moves).validate()


def test_roll_parameters_are_validated_at_load(tmp_path: Path) -> None:
    moves = "system: test\nmoves:" + MOVE.replace("roll: {type: action,", "roll: {type: total, extra: {tierz: pbta},")
    with pytest.raises(ConfigError, match="tierz"):
        ruleset_from(tmp_path, moves).validate()


def test_a_system_declares_its_own_variants(tmp_path: Path) -> None:
    moves = (
        "system: test\nmoves:"
        + MOVE
        + "    outcomes:\n      miss: {text: x, effects: [{type: meter, meter: health, by: magic, delta: -1}]}\n"
    )
    variants: ClassVar[dict[str, str]] = {"magic": "a variant this system computes"}
    ruleset_from(tmp_path, moves, variants=variants).validate()


# ---- burn, reset and next-move adds, from sheet.yaml ----------------------------------------------------


def test_next_move_add_is_spent_by_the_next_action_roll_in_both_ironsworn_systems() -> None:
    for system, stat, dice in (("starforged", "edge", [3, 9, 9]), ("elegy", "heart", [9, 9])):
        r = resolve({"system": system, "move": "Face Danger", "stat": stat, "character": {"next_move_add": 1}, "dice": dice})
        assert r.adds == 1 and r.character["next_move_add"] == 0, system


def test_the_hooks_are_declared_on_the_base() -> None:
    for system in ("starforged", "elegy", "blades", "city", "dungeon-world"):
        cls = type(get_ruleset(system))
        own = {name for name in vars(cls) if callable(vars(cls)[name]) and not name.startswith("_")}
        assert own <= set(dir(Ruleset)), (system, own - set(dir(Ruleset)))
    assert not hasattr(Ruleset, "resolve")


@pytest.mark.parametrize(("field", "value"), [("xp", -5), ("next_move_add", 10**12), ("next_move_add", -11)])
def test_numeric_sheet_fields_are_refused_out_of_bounds(field: str, value: int) -> None:
    from assistant.engine import InputError, resolve

    with pytest.raises(InputError, match=field.replace("_", " ")):
        resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [3, 4, 5], "character": {field: value}})
