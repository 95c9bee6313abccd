# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""Round 22: "how does momentum work?" was answered with the range alone ("Momentum runs from -6 to +10. [1]")
while the passages found beside it, shown as sources, held its reset and its maximum: a question about how a whole
rule works is answered from each passage found that names the rule, up to three sentences; a question about one point
of it is answered as before."""

from __future__ import annotations

import re

import pytest

from rules_index.asking import overview_subject
from rules_index.index import RulesIndex
from rules_index.qa import extractive_answer
from rules_index.search import search_index
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("how does momentum work?", "momentum"),
        ("How do progress tracks work", "progress tracks"),
        ("what is momentum?", "momentum"),
        ("explain the heat rules", "heat"),
        ("how is stress tracked?", "stress"),
    ],
)
def test_a_question_about_a_whole_rule_names_it(question: str, subject: str) -> None:
    assert overview_subject(question) == subject


@pytest.mark.parametrize(
    "question",
    ["what happens when momentum is negative?", "how much momentum do I take on a strong hit?", "can I burn momentum twice"],
)
def test_a_question_about_one_point_is_no_overview(question: str) -> None:
    assert overview_subject(question) is None


def test_how_momentum_works_is_told_from_each_passage_that_names_it(hash_index: RulesIndex) -> None:
    question = "how does momentum work?"
    hits = search_index(hash_index, question, "starforged", 5)
    naming = [n for n, h in enumerate(hits, start=1) if "momentum" in h.text.lower()]
    assert len(naming) >= 2, [h.section for h in hits]
    answer = extractive_answer(question, "starforged", hits, hash_index)
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", answer.text)}
    assert len(cited) >= 2 and cited <= set(naming), (answer.text, naming)
    assert answer.text.count("[") <= 3, answer.text


def test_a_point_question_keeps_its_one_answer(hash_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    import rules_index.qa as qa

    question = "what happens when momentum is negative?"
    hits = search_index(hash_index, question, "starforged", 5)
    answered = extractive_answer(question, "starforged", hits, hash_index).text
    monkeypatch.setattr(qa, "overview_subject", lambda _q: None)
    assert extractive_answer(question, "starforged", hits, hash_index).text == answered
