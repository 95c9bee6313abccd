"""The authority guard: each violation kind, each outcome family, no false flags on truthful text."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.engine import AssistantError, available_systems, get_ruleset, resolve
from assistant.guard import ViolationKind, check_narration, describe_violations, prepare

FDW = {
    "system": "starforged",
    "move": "Face Danger",
    "stat": "edge",
    "character": {"stats": {"edge": 2}, "momentum": 3},
    "dice": [4, 2, 9],
}  # weak hit, score 6, suffer -1 follow-up
FDS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 2, 3]}  # strong hit, momentum +1
FDM = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"momentum": 8}, "dice": [1, 7, 8]}
SAW = {"system": "starforged", "move": "Secure an Advantage", "stat": "shadow", "dice": [2, 5, 1]}  # weak hit, choose one


def kinds(text: str, request: dict | None, **kwargs: object) -> set[str]:
    results = [resolve(request)] if request else []
    return {v.kind.value for v in check_narration(text, results, **kwargs)}  # type: ignore[arg-type]


# ---- each violation kind -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "You rolled a 5 on the action die.",
        "The challenge dice show 2 and 8.",
        "Your score of 7 beats the 2.",
    ],
)
def test_number_the_engine_did_not_roll(text: str) -> None:
    assert kinds(text, FDW) == {"number"}


def test_odds_must_be_the_engines() -> None:
    odds = {"strong_hit": 25.0, "weak_hit": 50.0, "miss": 25.0}
    assert kinds("You had a 75% chance of a hit.", FDW, odds=odds) == set()
    assert kinds("You had a 40% chance of a hit.", FDW, odds=odds) == {"number"}
    assert kinds("You had a 40% chance of a hit.", FDW) == {"number"}  # no odds given: none may be quoted


@pytest.mark.parametrize(
    "request_, text",
    [
        (FDW, "A strong hit! You clear the gap cleanly."),
        (FDW, "You fail, and the ledge crumbles."),
        (FDS, "You miss the handhold and fall."),
        (FDM, "You succeed against the odds."),
        (FDM, "You don't fail: the ladder holds."),
    ],
)
def test_outcome_contrary_to_the_engine(request_: dict, text: str) -> None:
    assert "outcome" in kinds(text, request_)


@pytest.mark.parametrize(
    "request_, text",
    [
        (FDS, "Take +2 momentum."),
        (FDS, "You lose 1 momentum."),
        (FDW, "You lose 1 health as the rocks tear at you."),
        (FDS, "Your momentum rises to 5."),
        (FDS, "You mark progress."),
    ],
)
def test_state_change_the_engine_did_not_make(request_: dict, text: str) -> None:
    assert "state" in kinds(text, request_)


def test_phantom_roll() -> None:
    assert kinds("You roll the dice and get a 6.", None, system="starforged") == {"phantom_roll"}
    assert kinds("You roll to Endure Harm as the fire spreads.", FDW) == {"phantom_roll"}
    assert kinds("You roll on the Pay the Price table: something is lost.", FDM) == {"phantom_roll"}
    assert kinds("You roll +iron and push through.", FDW) == {"phantom_roll"}
    assert kinds("You reroll and it comes up better.", FDW) == {"phantom_roll"}


def test_decision_taken_for_the_player() -> None:
    assert kinds("You choose to take the +2 momentum.", SAW) == {"decision"}
    assert kinds("You take +2 momentum.", SAW) == {"decision"}
    assert kinds("You decide to jump.", FDW) == {"decision"}
    assert "decision" in kinds("You burn your momentum and turn it around.", FDM)
    # the player's own words are theirs to decide
    assert kinds("You decide to jump the gap.", FDW, intent="I jump the gap") == set()


def test_describe_violations_names_each_and_what_to_do() -> None:
    violations = check_narration("A strong hit! Take +2 momentum.", resolve(FDW))
    text = describe_violations(violations)
    assert text.splitlines()[1] == '1. Change "strong hit": the result is a weak hit.'
    assert text.splitlines()[2] == '2. Remove "+2 momentum": the engine made no change to momentum.'
    assert text.splitlines()[-1].startswith("Rewrite it")
    assert describe_violations([]) == ""


# ---- outcome families ----------------------------------------------------------------------------

FAMILIES = [
    # Ironsworn: strong / weak / miss (Elegy: stat + adds against 2d10)
    (
        {"system": "elegy", "move": "Face Danger", "stat": "dexterity", "dice": [1, 2]},
        "A weak hit: you land, at a cost.",
        "A strong hit: you land like a cat.",
    ),
    # PbtA: 12+ / 10+ / 7-9 / 6-
    (
        {"system": "city", "move": "Transit", "character": {"stats": {"environs": 1}}, "dice": [6, 6]},
        "Double sixes, a 13: 12+, you arrive uneventfully.",
        "A 7-9: you arrive, but pick two consequences.",
    ),
    (
        {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "character": {"stats": {"str": 2}}, "dice": [2, 3]},
        "A 7: on a 7-9, choose one.",
        "A 10+: choose two.",
    ),
    # Blades: critical / full / partial / bad
    (
        {"system": "blades", "move": "Fortune Roll", "options": {"dice": 2}, "dice": [5, 4]},
        "A 5 is the best die: a partial success.",
        "A full success: he keeps quiet for free.",
    ),
    # oracle yes / no
    (
        {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [40]},
        "The oracle answers yes.",
        "The answer is no.",
    ),
]


@pytest.mark.parametrize("request_, truthful, lying", FAMILIES)
def test_each_outcome_family(request_: dict, truthful: str, lying: str) -> None:
    assert kinds(truthful, request_) == set()
    assert "outcome" in kinds(lying, request_)


# ---- precision -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # story numbers
        "Two guards on deck 4 hear you; three days of air remain, and the ship was built in the 1920s.",
        # quoted rules text, labelled rules text
        'The rules: "On a weak hit, you succeed, but not without a cost. Make a suffer move (-1)."',
        "The rules: On a weak hit, you succeed, but not without a cost. Make a suffer move (-1).",
        # negations and idioms
        "You don't fail, though it costs you. A near miss with the door.",
        # a weak hit told as a costly success, with the engine's numbers
        "4 plus your edge of 2 makes 6 against 2 and 9: a success at a cost.",
        # dialogue is not narration
        '"You\'ll never make it," the pilot laughs. You do, barely.',
        # offers, not decisions
        "You may make a suffer move now.",
    ],
)
def test_truthful_text_passes(text: str) -> None:
    assert kinds(text, FDW) == set()


def test_open_choice_offered_is_not_taken() -> None:
    assert kinds("A weak hit: choose one — take +2 momentum, or add +1 on your next move.", SAW) == set()


def test_prepared_facts_are_reused_for_sentences() -> None:
    facts = prepare(resolve(FDW))
    assert check_narration("A weak hit.", facts=facts) == []
    assert [v.kind for v in check_narration("A miss.", facts=facts)] == [ViolationKind.OUTCOME]


# ---- property: a truthful summary of any Result passes --------------------------------------------

OUTCOME_WORDS = {
    "strong_hit": "A strong hit.",
    "weak_hit": "A weak hit: you succeed at a cost.",
    "miss": "A miss: you fail.",
    "critical": "A critical success.",
    "full_success": "A full success.",
    "partial_success": "A partial success.",
    "bad_outcome": "A bad outcome.",
    "yes": "The answer is yes.",
    "no": "The answer is no.",
    "none": "",
}
OPTION_SETS = [
    {},
    {"options": {"amount": 2}},
    {"options": {"odds": "likely"}},
    {"options": {"progress_boxes": 5}},
    {"options": {"dice": 2}},
    {"options": {"magnitude": 2}},
    {"options": {"faction_tier": 2}},
    {"options": {"aspects": 2}},
]


def truthful_summary(result) -> str:  # type: ignore[no-untyped-def]
    parts = [f"{result.move}.", OUTCOME_WORDS.get(result.outcome, "")]
    if result.dice:
        parts.append(f"You rolled {', '.join(map(str, result.dice))}.")
    if result.score is not None and result.roll in ("action", "progress", "total"):
        parts.append(f"The score is {result.score}.")
    for effect in result.effects:
        if effect.kind == "meter" and isinstance(effect.delta, int) and effect.delta:
            verb = "gain" if effect.delta > 0 else "lose"
            parts.append(f"You {verb} {abs(effect.delta)} {effect.target.replace('_', ' ')}.")
    return " ".join(p for p in parts if p)


def _resolved(system: str, index: int, seed: int):  # type: ignore[no-untyped-def]
    ruleset = get_ruleset(system)
    move = ruleset.moves[index % len(ruleset.moves)]
    stats = move.roll.stats
    base = {"system": system, "move": move.id, **({"stat": stats[0].stats[0]} if stats else {})}
    for extra in OPTION_SETS:
        try:
            return resolve({**base, **extra}, rng=random.Random(seed))
        except AssistantError:
            continue
    return None


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(available_systems()), index=st.integers(0, 200), seed=st.integers(0, 10_000))
def test_truthful_summary_of_any_result_passes(system: str, index: int, seed: int) -> None:
    result = _resolved(system, index, seed)
    if result is None:
        return
    text = truthful_summary(result)
    assert check_narration(text, result) == [], text


def test_template_narration_passes() -> None:
    narrate = pytest.importorskip("assistant.narrate")
    narrator = narrate.TemplateNarrator()
    for system in available_systems():
        for index in range(len(get_ruleset(system).moves)):
            for seed in (1, 2):
                result = _resolved(system, index, seed)
                if result is None:
                    continue
                task = {"table": "table", "oracle": "oracle"}.get(result.roll, "narrate")
                request = narrate.NarrationRequest(
                    task=task, system=system, player_text="I push through the crowd", results=(result,), question="Is it safe?"
                )
                text = "".join(narrator.stream(request))
                assert check_narration(text, result) == [], text


@pytest.mark.parametrize(
    "story",
    ["Your momentum skyrockets.", "Your momentum levels soar.", "Your momentum spikes.", "Your momentum plunges."],
)
def test_a_meter_told_moving_in_any_words_when_the_engine_left_it_alone(story: str) -> None:
    assert kinds(story, FDM) == {"state"}
    assert kinds("The engines soar overhead and the hull plunges into cloud.", FDM) == set()  # not a meter


def test_agreeing_for_the_player_is_a_decision_unless_the_player_said_it() -> None:
    assert kinds("They offer their help. You agree to help them restore the power.", FDW) == {"decision"}
    own = kinds("You agree to help them restore the power.", FDW, intent="I agree to help them restore the power")
    assert "decision" not in own
    assert "decision" not in kinds("The survivors agree to help you restore the power.", FDW)  # theirs to agree
