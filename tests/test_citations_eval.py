"""The citations harness scores a reply the way the app sorts it (never a real model here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from evals.citations import score_reply, summarize


@dataclass
class _Hit:
    text: str
    section: str
    system: str = "blades"
    citation: str = ""
    chunk: Any = field(default_factory=lambda: SimpleNamespace(origin="text"))


HITS = [
    _Hit("Heat: when heat reaches 9, increase your wanted level and reset heat.", "Heat"),
    _Hit("Incarceration: roll the crew's Tier.", "Incarceration"),
]


def test_a_reply_is_sorted_as_the_app_sorts_it() -> None:
    good = score_reply("When heat reaches 9, your wanted level goes up [1].", HITS, "Heat")
    assert good["kept"] == 1 and good["shown"] and good["cited_expected"]
    wrong = score_reply("When heat reaches 9, your wanted level goes up [2].", HITS, "Heat")
    assert wrong["kept"] == 0 and wrong["miscited"] == 1 and not wrong["shown"]
    none = score_reply("The rules do not say.", HITS, "Heat")
    assert none["said_not_found"] and not none["shown"]
    card = summarize([good, wrong, none])
    assert card["citation_validity"] == 0.5 and card["answers_shown_as_written"] == 0.333
    assert card["answers_wrongly_not_found"] == 0.333 and card["answers_fell_back_to_the_extract"] == 0.333


def test_a_set_accepting_several_sections_and_an_unsettled_yes_or_no() -> None:
    either = score_reply("When heat reaches 9, your wanted level goes up [1].", HITS, ["Incarceration", "Heat"])
    assert either["cited_expected"] and either["shown"]
    question = "as a lurk, can i lower my heat at 9?"
    verdict = score_reply("Yes, when heat reaches 9 your wanted level goes up [1].", HITS, "Heat", question)
    assert verdict["verdicts_withheld"] == 1 and not verdict["shown"] and verdict["kept"] == 1
    assert summarize([verdict])["answers_with_a_yes_or_no_withheld"] == 1.0


def test_a_held_out_set_gives_its_answerable_questions_per_system(tmp_path) -> None:
    import json

    from evals.citations import questions

    rows = [
        {"id": "a1", "system": "city", "question": "q1", "expected": {"section": "Observe Someone", "text": "x"}},
        {"id": "a2", "system": "city", "question": "q2", "expected": {"none": True}},
        {"id": "a3", "system": "city", "question": "q3", "expected": {"section": "Transit", "text": "y"}},
        {"id": "a4", "system": "city", "question": "q4", "expected": {"section": "Steer Clear", "text": "z"}},
        {"id": "b1", "system": "elegy", "question": "q5", "expected": {"none": True}},
        {"id": "b2", "system": "elegy", "question": "q6", "expected": {"section": "Feed", "text": "w"}},
    ]
    path = tmp_path / "set.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert [r["id"] for r in questions(path, 2)] == ["a1", "a3", "b2"]


def test_a_withheld_verdict_the_app_cited_is_not_counted_as_cited() -> None:
    question = "can i lower my heat at 9?"
    reply = "Yes, when heat reaches 9 your wanted level goes up. When heat reaches 9, increase your wanted level."
    scored = score_reply(reply, HITS, "Heat", question)
    assert scored["verdicts_withheld"] == 1 and scored["cited_here"] == 1 and scored["shown"]
