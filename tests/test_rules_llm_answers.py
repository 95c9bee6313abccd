# ruff: noqa: F811  (fixtures imported from tests/rules_index_fixtures.py and tests/openai_stub.py)
"""LLM rules answers: "not found" only when the whole answer says so, every [n] checked against its passage,
the offline extract without valid citations; through the local stub server with deadlines and max_tokens."""

from __future__ import annotations

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

from assistant.config import LLMSettings, Secret
from assistant.llm import chat_model
from rules_index.index import RulesIndex
from rules_index.qa import NOT_FOUND, answer
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401

HEAT = "What happens when my heat level reaches 9?"
KEY = "sk-test-rules-0123456789abcdef"


def fake(reply: str) -> GenericFakeChatModel:
    return GenericFakeChatModel(messages=iter([AIMessage(content=reply)]))


@pytest.mark.parametrize(
    "reply",
    [
        "The rules do not say.",
        "  the rules do not say  ",
        "The passages do not answer this question.",
        "The rules do not say [1].",
    ],
)
def test_a_models_not_found_about_covering_passages_shows_the_cited_extract(hash_index: RulesIndex, reply: str) -> None:
    """The model is asked only about passages judged to cover the question (heat 9 is stated word for word), so
    its "not found" is not the answer: the cited extract is, with a note saying why."""
    result = answer(HEAT, system="blades", llm=fake(reply), index=hash_index)
    assert result.found and result.mode == "extractive" and result.text != NOT_FOUND
    assert result.note and "found no answer in these passages" in result.note


def test_a_trailing_not_found_sentence_does_not_throw_the_answer_away(hash_index: RulesIndex) -> None:
    reply = "At heat 9 you gain a wanted level and clear your heat [1]. The rules do not say anything about bribes."
    result = answer(HEAT, system="blades", llm=fake(reply), index=hash_index)
    assert result.found and result.mode == "llm"
    assert result.text == "At heat 9 you gain a wanted level and clear your heat [1]."


def test_a_citation_to_a_passage_that_does_not_say_so_is_dropped(hash_index: RulesIndex) -> None:
    first = answer(HEAT, system="blades", index=hash_index)
    assert len(first.passages) >= 2
    wrong = next(p.n for p in first.passages if "wanted level" not in p.hit.text.lower())
    reply = f"At heat 9 you gain a wanted level and clear your heat [1]. Vampires drink the blood of the Watch [{wrong}]."
    result = answer(HEAT, system="blades", llm=fake(reply), index=hash_index)
    assert result.text == "At heat 9 you gain a wanted level and clear your heat [1]."
    assert result.note and "does not say so" in result.note


def test_only_wrong_citations_fall_back_to_the_offline_extract(hash_index: RulesIndex) -> None:
    reply = "Vampires rule Doskvol and drink the blood of sailors [1]."
    result = answer(HEAT, system="blades", llm=fake(reply), index=hash_index)
    assert result.mode == "extractive" and result.found and "reaches 9" in result.text
    assert result.note and "wrong passages" in result.note


def test_rules_answers_through_an_endpoint_with_deadline_and_max_tokens(hash_index: RulesIndex, openai_stub: OpenAIStub) -> None:
    llm = chat_model(LLMSettings(base_url=openai_stub.base_url, model="stub", api_key=Secret(KEY), timeout=5), task="rules")
    openai_stub.add_text("At heat 9 you gain a wanted level and clear your heat [1].")
    result = answer(HEAT, system="blades", llm=llm, index=hash_index)
    assert result.mode == "llm" and result.text.endswith("[1].")
    body = openai_stub.requests[0].body
    assert body["max_tokens"] == 350 and body["temperature"] == 0


@pytest.mark.parametrize("failure", ["silent", "401"])
def test_a_failing_endpoint_gives_the_rules_text_without_the_key(
    hash_index: RulesIndex, openai_stub: OpenAIStub, failure: str
) -> None:
    llm = chat_model(LLMSettings(base_url=openai_stub.base_url, model="stub", api_key=Secret(KEY), timeout=1), task="rules")
    if failure == "silent":
        openai_stub.add_text("late", delay=60)
    else:
        openai_stub.add_error(401, f"Incorrect API key provided: {KEY}")
    result = answer(HEAT, system="blades", llm=llm, index=hash_index)
    assert result.mode == "extractive" and "reaches 9" in result.text
    assert result.note and KEY not in result.note and "showing the rules text instead" in result.note
    if failure == "401":
        assert "TABLETOP_LLM_API_KEY" in result.note
