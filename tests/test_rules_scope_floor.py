# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""The scope margin calls a question "not covered" only when the question is close to the lacking part it is
nearer to: "Coran takes the fall and goes to Ironhook for the crew - what does that do for us?" was 0.07 closer to
"crew advancement" than to the Incarceration passage that answers it, yet hardly named it (0.36)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rules_index.coverage as coverage
from rules_index.coverage import HASH, SCOPE_FLOOR, judge
from rules_index.index import RulesIndex
from rules_index.scope import Beyond
from rules_index.search import search_index
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401

QUESTION = "my lurk takes the fall for the crew and goes to prison, what does the crew get?"


def _judged(index: RulesIndex, monkeypatch: pytest.MonkeyPatch, closeness: float) -> coverage.Coverage:
    hits = search_index(index, QUESTION, "blades", 5)
    # a support well above the threshold, and a lacking part 0.07 closer than the best passage (over the margin)
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: replace(HASH, threshold=-10.0, scope_margin=0.06))
    part = Beyond("blades", "crew advancement", "the downtime chapter", closeness)
    monkeypatch.setattr(coverage, "scope_lead", lambda *args: (0.07, part))
    return judge(QUESTION, hits, index, "blades")


def test_a_lacking_part_the_question_hardly_names_does_not_make_it_not_covered(
    hash_index: RulesIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _judged(hash_index, monkeypatch, SCOPE_FLOOR - 0.05).covered


def test_a_lacking_part_the_question_names_still_makes_it_not_covered(
    hash_index: RulesIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not _judged(hash_index, monkeypatch, SCOPE_FLOOR + 0.05).covered
