"""An outcome turned the other way in what the player got: a hit told as getting nothing (the one asked silent,
the search empty), a price told as a boon, a roll told with a stat the engine did not use."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations

WEAK = {"system": "starforged", "move": "Face Danger", "stat": "shadow", "dice": [5, 9, 3]}
STRONG = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 2, 3]}
MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 7, 8]}
PRICE = {"system": "starforged", "move": "Pay the Price", "dice": [50]}
FRAY = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [4, 7, 5], "options": {"rank": "formidable"}}
ASK = "I ask the dockhands about the Wayfarer's last crew"
SEARCH = "I search the wreck for the captain's logbook"


def outcome(text: str, request: dict, intent: str | None) -> list[str]:
    return [v.detail for v in check_narration(text, [resolve(request)], intent=intent) if v.kind.value == "outcome"]


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("You ask the dockhands about the Wayfarer's last crew, but they are unresponsive.", WEAK, ASK),
        ("The dockhands ignore you and go back to their crates.", WEAK, ASK),
        ("The foreman refuses to answer.", STRONG, ASK),
        ("You turn the wreck inside out and find nothing.", STRONG, SEARCH),
        ("You hear a distant noise. You rush over to investigate, but find nothing.", WEAK, ""),  # a bare roll
    ],
)
def test_a_hit_told_as_getting_nothing_is_an_outcome_told_the_other_way(text: str, request_: dict, intent: str) -> None:
    found = outcome(text, request_, intent)
    assert found and "getting nothing" in found[0]


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("They refuse to answer at first, but then the oldest one talks.", WEAK, ASK),  # a turn after it
        ("The dockhands are unresponsive.", MISS, ASK),  # a miss may be met with silence
        ("The raider says nothing as he falls.", STRONG, "I shoot the raider before he reaches cover"),  # no asking
        ("The logbook is there; the rest of the hold holds nothing.", STRONG, SEARCH),
        ("If they ignore you, ask again.", WEAK, ASK),
        ("They say nothing of the cargo, but tell you the crew's names.", WEAK, None),  # the player's words unknown
    ],
)
def test_an_answer_a_turn_a_miss_or_another_action_passes(text: str, request_: dict, intent: str | None) -> None:
    assert not [d for d in outcome(text, request_, intent) if "getting nothing" in d]


@pytest.mark.parametrize(
    ("text", "caught"),
    [
        ("You pay the price by becoming invisible to the watchman.", True),
        ("They successfully moved, and now have an opportunity to feed and avoid the adverse situation.", True),
        ("He doesn't notice your presence and goes back to sleep.", True),
        ("Luckily, the beam misses you.", True),
        ("An earlier choice catches up with you: the debt collector finds you.", False),
        ("You fail to avoid the falling beam.", False),
        ("You have the opportunity to act, but not without cost.", False),
        ("If you stay unseen, you might slip away.", False),
    ],
)
def test_a_price_told_as_a_gain_is_caught(text: str, caught: bool) -> None:
    found = [d for d in outcome(text, PRICE, "Pay the Price") if "as a gain" in d]
    assert bool(found) is caught


def test_the_retry_quotes_the_words_and_says_what_the_outcome_is() -> None:
    found = check_narration("The dockhands ignore you.", [resolve(WEAK)], intent=ASK)
    assert describe_violations(found).splitlines()[1] == '1. Change "The dockhands ignore you": the result is a weak hit.'
    found = check_narration("You become invisible to the watchman.", [resolve(PRICE)], intent="Pay the Price")
    line = describe_violations(found).splitlines()[1]
    assert line.startswith('1. Change "You become invisible to the watchman') and line.endswith("a cost to you, never a gain.")


def test_a_die_told_with_a_stat_the_engine_did_not_roll_is_a_phantom_roll() -> None:
    found = check_narration("You roll a 4 on your edge.", [resolve(FRAY)])
    assert [v.kind.value for v in found] == ["phantom_roll"] and "not +edge" in found[0].detail
    assert not check_narration("You roll a 4 on your heart.", [resolve(FRAY)])
