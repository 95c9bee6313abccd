"""The typed Result contract: enums whose JSON is their value, one burn shape for momentum and focus, typed
dice and marks, results of the first contract still readable; and readers that use the fields."""

from __future__ import annotations

import json

import pytest

from assistant.engine import Result, resolve
from assistant.engine.kinds import EffectKind, RollKind
from assistant.engine.outcomes import Outcome
from assistant.guard import check_narration

ELEGY_BURN = {
    "system": "elegy",
    "move": "Face Danger",
    "stat": "heart",
    "character": {"focus": 7},
    "options": {"burn": True},
    "dice": [6, 5],
}
STARFORGED_BURN = {
    "system": "starforged",
    "move": "Face Danger",
    "stat": "edge",
    "character": {"momentum": 7, "stats": {"edge": 2}},
    "options": {"burn": True},
    "dice": [1, 6, 5],
}


def test_enums_serialise_as_their_values() -> None:
    r = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]})
    assert r.roll is RollKind.ACTION and r.outcome is Outcome.WEAK_HIT
    data = json.loads(r.to_json())
    assert (data["roll"], data["outcome"]) == ("action", "weak_hit")
    assert data["dice_detail"][0] == {
        "sides": 6,
        "value": 4,
        "role": "action",
        "kept": True,
        "cancelled": False,
        "rerolled": False,
        "forced": True,
    }
    assert Result.model_validate(data) == r


@pytest.mark.parametrize(("request_", "meter"), [(STARFORGED_BURN, "momentum"), (ELEGY_BURN, "focus")])
def test_one_burn_shape_for_momentum_and_focus(request_: dict, meter: str) -> None:
    r = resolve(request_)
    assert r.burn is not None
    assert (r.burn.meter, r.burn.before, r.burn.after, r.burn.burned) == (meter, 7, 2, True)
    assert (r.burn.outcome, r.burn.outcome_before, r.burn.score_before) == ("strong_hit", "miss", 3)
    burn = next(e for e in r.effects if e.kind is EffectKind.BURN)
    assert (burn.target, burn.before, burn.after) == (meter, 7, 2)


@pytest.mark.parametrize(("request_", "meter"), [(STARFORGED_BURN, "momentum"), (ELEGY_BURN, "focus")])
def test_a_true_burn_sentence_passes_the_guard_in_both_systems(request_: dict, meter: str) -> None:
    """The Elegy line was flagged ("the engine made no change to focus") while Starforged's passed."""
    r = resolve(request_)
    assert check_narration(f"You burn your {meter}… it resets to 2.", r) == []
    assert check_narration(f"You burn your {meter}: it replaces your score, and your {meter} resets to 2.", r) == []
    assert check_narration(f"You burn your {meter} and your {meter} drops to 9.", r) != []


@pytest.mark.parametrize(("request_", "meter"), [(STARFORGED_BURN, "momentum"), (ELEGY_BURN, "focus")])
def test_burning_an_offered_meter_is_the_players_choice(request_: dict, meter: str) -> None:
    offered = resolve({**request_, "options": {}})
    assert offered.burn is not None and offered.burn.available and not offered.burn.burned
    assert "decision" in [v.kind.value for v in check_narration(f"You burn your {meter} and push through.", offered)]


def test_progress_marks_are_a_field_not_prose() -> None:
    r = resolve(
        {
            "system": "starforged",
            "move": "Gather Information",
            "stat": "wits",
            "options": {"track": {"name": "The ark", "rank": "dangerous", "ticks": 0}},
            "dice": [6, 1, 1],
        }
    )
    progress = [e for e in r.effects if e.kind is EffectKind.PROGRESS]
    if progress:  # the move marks progress on a strong hit only when the ruleset says so
        assert progress[0].marks is not None
    door = resolve({"system": "starforged", "move": "progress:mark", "options": {"track": {"rank": "dangerous"}, "times": 2}})
    assert door.effects[0].marks == 2 and door.effects[0].delta == 16


def test_results_of_the_first_contract_are_read_in_the_current_one() -> None:
    stored = resolve(STARFORGED_BURN).to_dict()
    stored["burn"] = {"burned": True, "momentum": 7, "score_before": 3, "outcome_before": "miss", "outcome": "strong_hit"}
    stored["effects"][0]["kind"] = "momentum_burn"
    for effect in stored["effects"]:
        effect.pop("marks")
    stored.pop("started")
    old = Result.model_validate(stored)
    assert old.burn is not None and (old.burn.meter, old.burn.before, old.burn.after) == ("momentum", 7, None)
    assert old.effects[0].kind is EffectKind.BURN
    focus = Result.model_validate(
        {**stored, "burn": {"burned": False, "available": True, "meter": "focus", "focus": 7, "outcome": "strong_hit"}}
    )
    assert focus.burn is not None and (focus.burn.meter, focus.burn.before) == ("focus", 7)
    assert (
        Result.model_validate({**stored, "effects": [{**stored["effects"][0], "kind": "focus_burn"}]}).effects[0].kind == "burn"
    )
