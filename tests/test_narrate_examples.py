"""Worked turns shown to the narrating model before the real one, and a draft that copies one refused."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from assistant.engine import resolve
from assistant.engine.errors import ConfigError
from assistant.narrate import NarrationRequest, build_context
from assistant.narrate.echo import EchoWatch
from assistant.narrate.examples import COPIED_EXAMPLE, examples_for, parse_examples


def test_an_examples_file_reads_as_fact_sheet_and_story_pairs() -> None:
    text = "# a comment\n\n=== facts\nMove: Shoot.\nOutcome: a miss.\n=== story\nThe wolf slips away.\n\n"
    text += "=== facts\nB\n=== story\nC\n"
    assert parse_examples(text) == (("Move: Shoot.\nOutcome: a miss.", "The wolf slips away."), ("B", "C"))
    assert parse_examples("# only comments\n") == ()


@pytest.mark.parametrize(
    "text",
    ["=== story\nA story with no facts.\n", "=== facts\nMove: Shoot.\n", "Stray words.\n=== facts\nA\n=== story\nB\n"],
)
def test_a_broken_examples_file_is_a_configuration_error_that_names_it(text: str) -> None:
    with pytest.raises(ConfigError, match="narrate_examples.txt"):
        parse_examples(text, "narrate_examples")


def test_the_oracle_examples_are_fact_sheets_of_the_real_form_a_yes_and_a_no_with_stories_without_numbers() -> None:
    examples = examples_for("interpret_oracle")
    answers = [facts.rsplit("The answer is ", 1)[-1].split(".")[0] for facts, _ in examples]
    assert sorted(answers) == ["no", "yes"]
    for facts, story in examples:
        assert "What happened this turn" in facts and "Move: Ask the Oracle." in facts
        assert not any(ch.isdigit() for ch in story) and "\n" not in story
    assert examples_for("interpret_pay_the_price") == ()  # a prompt without a file gets none


def _oracle() -> NarrationRequest:
    result = resolve({"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [29]})
    return NarrationRequest(
        task="oracle", system="elegy", player_text="", question="Does the priest sense me?", results=(result,)
    )


def _messages() -> list[object]:
    return list(build_context(_oracle(), 10**6).messages)


def test_the_examples_go_right_after_the_prompt_as_user_facts_and_narrator_stories() -> None:
    messages = _messages()
    examples = examples_for("interpret_oracle")
    sent = messages[1 : 1 + 2 * len(examples)]
    assert [type(m) for m in sent] == [HumanMessage, AIMessage] * len(examples)
    assert [str(m.content) for m in sent[1::2]] == [story for _, story in examples]
    assert "The priest does not sense you." in str(messages[-1].content)  # the real turn stays last
    same = list(build_context(_oracle(), 10**6).messages)[: 1 + 2 * len(examples)]
    assert [m.content for m in same] == [m.content for m in messages[: 1 + 2 * len(examples)]]  # a cacheable prefix


@pytest.mark.parametrize(
    "draft",
    [
        "He stamps his boots against the cold and hums a hymn.",
        "The priest stares out into the rain, his lantern swinging.",
        "Rain falls, and the gate behind him unwatched for now creaks.",
    ],
)
def test_a_draft_telling_an_examples_story_again_is_refused(draft: str) -> None:
    watch = EchoWatch(_messages())
    assert (watch.feed(draft + " ") or watch.finish()) == COPIED_EXAMPLE


@pytest.mark.parametrize(
    "draft",
    [
        "He kneels at the altar, lips moving in prayer, and never looks your way.",
        "The priest goes on with his prayers. What do you do?",
    ],
)
def test_a_story_of_its_own_passes_though_it_shares_common_words_with_the_examples(draft: str) -> None:
    watch = EchoWatch(_messages())
    assert watch.feed(draft + " ") is None and watch.finish() is None
