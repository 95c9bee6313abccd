"""Round 24: "what can I do?" (with its "?") went to the rules index and came back "The rules do not say", while "what
can I do" without it got the answer for a player asking what to do next. With or without the "?", it is that
question: the chat answers with what waits (a pick, Pay the Price) or how to go on. "what moves can I make?" alone
gets the help. The same words with a deed after them are still the story or a rules question."""

from __future__ import annotations

import pytest

from assistant.chat.classify import classify
from tests.session_helpers import open_campaign


@pytest.mark.parametrize("typed", ["what can I do?", "What can I do now?", "what are my options?", "what should we do next?"])
@pytest.mark.parametrize("system", ["starforged", "city", "dungeon-world"])
def test_asking_what_to_do_next_is_never_the_rules_index(typed: str, system: str) -> None:
    said = classify(typed, system)
    assert said.kind == "oracle" and not said.yes_no, said


@pytest.mark.parametrize("typed", ["what moves can I make?", "what moves are there"])
def test_asking_which_moves_there_are_is_the_help(typed: str) -> None:
    assert classify(typed, "starforged").kind == "meta"


@pytest.mark.parametrize(
    "typed", ["what can I do to stop the raiders?", "what are my options to get past the guard?", "how does momentum work?"]
)
def test_a_question_about_the_story_or_rules_is_not_the_help(typed: str) -> None:
    assert classify(typed, "starforged").kind not in ("meta",) and not classify(typed, "starforged").reason.startswith(
        "what to do next"
    )


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("typed", ["what can I do?", "what now?"])
def test_what_to_do_after_a_miss_is_pay_the_price(typed: str) -> None:
    session, dice = open_campaign("What next " + typed, "starforged")
    dice.queue(1, 9, 9)
    assert session.send("/roll face danger +edge").results[0].outcome == "miss"
    told = session.send(typed)
    assert told.kind == "oracle" and "Pay the Price" in told.narration and "rules do not say" not in told.narration
