# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""Round 23: "how does heat work?" (Blades) was answered "2 heat: Contained; standard exposure. [1] 0 heat: Smooth &
quiet; low exposure. [1]", a row of the heat table leading. A question about how a whole rule works now leads with a
sentence of that passage that states the rule, the rows after it; an answer that leads with a rule is unchanged."""

from __future__ import annotations

import pytest

from rules_index.index import RulesIndex
from rules_index.qa import _ROW, extractive_answer
from rules_index.search import search_index
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401


@pytest.mark.parametrize(
    ("sentence", "row"),
    [
        ("2 heat: Contained; standard exposure.", True),
        ("- 0 heat: Smooth & quiet; low exposure.", True),
        ("1-3: one, 4/5: two, 6: three", True),
        ("To reflect this, your crew acquires heat as they commit crimes.", False),
        ("When your heat level reaches 9, you gain a wanted level.", False),
    ],
)
def test_a_table_row_is_told_from_a_sentence(sentence: str, row: bool) -> None:
    assert bool(_ROW.match(sentence)) is row


@pytest.mark.parametrize("question", ["how does heat work?", "explain heat", "explain the heat rules"])
def test_how_heat_works_leads_with_the_rule_not_a_row(hash_index: RulesIndex, question: str) -> None:
    hits = search_index(hash_index, question, "blades", 3)
    answer = extractive_answer(question, "blades", hits, hash_index)
    lead = answer.text.split(" [", 1)[0]
    assert not _ROW.match(lead), answer.text
    assert "heat" in lead.lower(), answer.text


def test_a_point_question_about_heat_is_unchanged(hash_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    import rules_index.qa as qa

    question = "what happens when heat reaches 9?"
    hits = search_index(hash_index, question, "blades", 3)
    answered = extractive_answer(question, "blades", hits, hash_index).text
    monkeypatch.setattr(qa, "_rule_before_rows", lambda _q, _h, best: best)
    assert extractive_answer(question, "blades", hits, hash_index).text == answered


def test_a_row_that_would_lead_the_heat_overview_is_put_after_the_rule(hash_index: RulesIndex) -> None:
    from rules_index.qa import _rule_before_rows

    question = "how does heat work?"
    hits = search_index(hash_index, question, "blades", 3)
    at = next(i for i, h in enumerate(hits) if "2 heat: Contained" in h.text)
    rows = [(0.9, -at, "2 heat: Contained; standard exposure."), (0.8, -at, "0 heat: Smooth & quiet; low exposure.")]
    best = _rule_before_rows(question, hits, rows)
    assert not _ROW.match(best[0][2]) and "heat" in best[0][2].lower() and best[0][1] == -at, best
    assert best[0][2] in hits[at].text and [r[2] for r in best[1:]] == [r[2] for r in rows], best
    assert _rule_before_rows("what happens when heat reaches 9?", hits, rows) == rows  # one point: as it was
