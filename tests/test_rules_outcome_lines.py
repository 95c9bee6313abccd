"""The outcome a question names and the line of a move that states it (:mod:`rules_index.outcome_lines`)."""

from __future__ import annotations

import pytest

from rules_index.outcome_lines import named_outcomes, stated_outcome


@pytest.mark.parametrize(
    ("question", "outcomes"),
    [
        ("we rolled a miss on finish the scene, what happens", {"miss"}),
        ("missed the roll to face desolation, what now", {"miss"}),
        ("weak hit on face danger, do i still get it", {"weak_hit"}),
        ("strong hit or weak hit, which one lets me pick two", {"strong_hit", "weak_hit"}),
        ("the missile hits the hull, what do i roll", set()),
    ],
)
def test_the_outcome_a_question_names(question: str, outcomes: set[str]) -> None:
    assert named_outcomes(question) == outcomes


@pytest.mark.parametrize(
    ("sentence", "outcome"),
    [
        ("On a miss, you fail or are undermined by a dire and costly turn of events.", "miss"),
        ("On a **weak hit**, you succeed, but not without cost.", "weak_hit"),
        ("On a strong hit with a match, take both.", "strong_hit"),
        ("When you are brought to the brink of desolation, roll +heart.", None),
        ("Missiles streak past the hull.", None),
    ],
)
def test_the_outcome_a_line_states(sentence: str, outcome: str | None) -> None:
    assert stated_outcome(sentence) == outcome
