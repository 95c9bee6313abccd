# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""Rules Q&A: extractive answers, LLM answers with [n] citations (fake chat models), "the rules do not say"."""

from __future__ import annotations

import re
from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel, GenericFakeChatModel
from langchain_core.messages import AIMessage

from assistant.config import LLMSettings, Secret
from rules_index.index import RulesIndex
from rules_index.qa import NOT_FOUND, answer, build_prompt, make_llm, split_sentences
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401

HEAT = "What happens when my heat level reaches 9?"


def fake(reply: str) -> GenericFakeChatModel:
    return GenericFakeChatModel(messages=iter([AIMessage(content=reply)]))


PROMPTS: list[Any] = []


class RecordingModel(FakeListChatModel):
    """Remembers (in PROMPTS) the prompts it was sent."""

    def invoke(self, input: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: A002
        PROMPTS.append(input)
        return super().invoke(input, *args, **kwargs)


class BrokenModel(FakeListChatModel):
    def invoke(self, input: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: A002
        raise TimeoutError("endpoint did not answer")


def test_extractive_answer_quotes_and_highlights_the_rule(hash_index: RulesIndex) -> None:
    result = answer(HEAT, system="blades", index=hash_index)
    assert result.found and result.mode == "extractive"
    first = result.passages[0]
    assert first.citation == f"blades › Heat (blades.txt:L{first.hit.chunk.line_start}-L{first.hit.chunk.line_end})"
    assert any("reaches 9" in s for s in first.highlights)
    assert "reaches 9" in result.text and result.text.rstrip().endswith("]")
    for sentence in first.highlights:
        assert sentence in first.hit.text  # highlights are verbatim rules text
    rendered = result.render()
    assert "**When your heat level reaches 9, you gain a wanted level" in rendered
    assert "[1] blades › Heat (blades.txt:L" in rendered
    for claim in re.split(r"(?<=\])\s+", result.text):  # every quoted sentence carries its citation
        assert re.search(r"\[\d+\]$", claim)


def test_nothing_relevant_means_the_rules_do_not_say(hash_index: RulesIndex) -> None:
    llm = RecordingModel(responses=["Paris is the capital of France [1]."])
    PROMPTS.clear()
    result = answer("What is the capital of France?", system="blades", llm=llm, index=hash_index)
    assert result.text.startswith(NOT_FOUND) and not result.found and result.passages == []
    assert PROMPTS == []  # the model is not even asked


def test_llm_answer_cites_its_passages(hash_index: RulesIndex) -> None:
    llm = RecordingModel(responses=["At 9 heat you gain a wanted level and clear your heat [1]. Excess heat rolls over [1]."])
    PROMPTS.clear()
    result = answer(HEAT, system="blades", llm=llm, index=hash_index)
    assert result.mode == "llm" and result.found and result.note is None
    assert result.text == "At 9 heat you gain a wanted level and clear your heat [1]. Excess heat rolls over [1]."
    assert all(re.search(r"\[\d+\]", s) for s in split_sentences(result.text))
    assert result.passages[0].citation.startswith("blades › Heat (blades.txt:L")
    (prompt,) = PROMPTS
    assert prompt[0][0] == "system" and "[1]" in prompt[0][1]
    # the model is asked only about passages judged to cover the question: it is not offered "the rules do not say"
    # (a 1.5B model took it for 7 of 20 public and 19 of 20 held-out questions whose passages answer them)
    assert NOT_FOUND not in prompt[0][1] and "chosen because they answer the question" in prompt[0][1]
    assert "[1] blades › Heat (blades.txt:L" in prompt[1][1] and HEAT in prompt[1][1]


def test_llm_uncited_or_out_of_range_sentences_are_dropped(hash_index: RulesIndex) -> None:
    reply = "You gain a wanted level [1]. Also the Watch hates you. Vampires are real [9]. Heat clears [1][2]."
    result = answer(HEAT, system="blades", llm=fake(reply), index=hash_index)
    assert result.mode == "llm"
    assert result.text == "You gain a wanted level [1]. Heat clears [1][2]."
    assert result.note == "2 uncited sentence(s) removed"
    for sentence in split_sentences(result.text):
        numbers = [int(n) for n in re.findall(r"\[(\d+)\]", sentence)]
        assert numbers and all(1 <= n <= len(result.passages) for n in numbers)


def test_llm_saying_the_rules_do_not_say_about_covered_passages_shows_the_rules_text(hash_index: RulesIndex) -> None:
    result = answer(HEAT, system="blades", llm=fake("The rules do not say."), index=hash_index)
    assert result.mode == "extractive" and result.found and result.text != NOT_FOUND
    assert result.note and "found no answer in these passages" in result.note


@pytest.mark.parametrize(
    "llm", [BrokenModel(responses=["x"]), GenericFakeChatModel(messages=iter([AIMessage(content="No citations here at all.")]))]
)
def test_llm_failure_or_uncited_answer_falls_back_to_the_rules_text(hash_index: RulesIndex, llm: Any) -> None:
    result = answer(HEAT, system="blades", llm=llm, index=hash_index)
    assert result.mode == "extractive" and result.found
    assert result.note and "showing the rules text instead" in result.note
    assert "reaches 9" in result.text


def test_prompt_numbers_passages(hash_index: RulesIndex) -> None:
    from rules_index.search import search_index

    hits = search_index(hash_index, HEAT, "blades", 2)
    messages = build_prompt(HEAT, hits)
    assert "[1] " in messages[1][1] and "[2] " in messages[1][1]


def test_make_llm_is_offline_by_default_and_keeps_the_key_secret() -> None:
    assert make_llm(LLMSettings()) is None
    settings = LLMSettings(base_url="http://127.0.0.1:9/v1", model="tiny", api_key=Secret("sk-test-SECRET"), timeout=2)
    llm = make_llm(settings)
    assert llm is not None and llm.model_name == "tiny"
    assert "sk-test-SECRET" not in repr(llm) and "sk-test-SECRET" not in str(llm.model_dump())


def test_an_uncited_sentence_a_passage_holds_is_cited_to_it(hash_index: RulesIndex) -> None:
    """A small model cites once, at the end, or not at all: a sentence the passage says is kept with its number; one
    no passage holds is still removed."""
    reply = "When your heat reaches 9, you gain a wanted level. Also the Watch hates you. Excess heat rolls over [1]."
    result = answer(HEAT, system="blades", llm=fake(reply), index=hash_index)
    assert result.mode == "llm"
    first, *rest = split_sentences(result.text)
    assert first.startswith("When your heat reaches 9, you gain a wanted level.") and re.search(r"\[\d\]$", first)
    number = int(re.findall(r"\[(\d)\]", first)[0])
    assert "wanted level" in result.passages[number - 1].hit.text.lower()
    assert "Watch hates" not in result.text
    assert result.note and "cited by the app" in result.note and "1 uncited sentence(s) removed" in result.note
