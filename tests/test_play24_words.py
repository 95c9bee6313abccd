"""Round 24: "what can I do?" typed alone was sent to the rules index ("The rules do not say"); asked alone it is a
player asking how to play, answered with the help. The same words with a deed after them are still the story."""

from __future__ import annotations

import pytest

from assistant.chat.classify import classify


@pytest.mark.parametrize(
    "typed", ["what can I do?", "What can I do now?", "what are my options?", "what moves can I make?", "what moves are there"]
)
@pytest.mark.parametrize("system", ["starforged", "city", "dungeon-world"])
def test_asking_what_one_can_do_is_the_help(typed: str, system: str) -> None:
    assert classify(typed, system).kind == "meta"


@pytest.mark.parametrize(
    "typed", ["what can I do to stop the raiders?", "what are my options to get past the guard?", "how does momentum work?"]
)
def test_a_question_about_the_story_or_rules_is_not_the_help(typed: str) -> None:
    assert classify(typed, "starforged").kind != "meta"
