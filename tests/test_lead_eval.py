"""The lead-sentence measure of the retrieval eval judges what a GM reads first in an offline answer."""

from __future__ import annotations

from evals.lead import answers, judge_lead, lead_metrics, quoted
from rules_index.chunk import Chunk
from rules_index.qa import Answer, Passage
from rules_index.search import Hit


def _passage(n: int, section: str, text: str) -> Passage:
    chunk = Chunk(section, "dungeon-world", ["Moves", section], section, "dw.txt", 1, 2, f"{section}\n{text}")
    return Passage(n, Hit(chunk=chunk, score=1.0))


HACK = _passage(
    1,
    "Hack & Slash",
    "When you make a concerted effort to attack an enemy, roll+Str. Attacking makes you vulnerable to counter-attacks.\n"
    "Note: Attacking a vulnerable target ignores armor.",
)
SPELLS = _passage(2, "Spells", "Some Control spells make you Helpless: The target becomes vulnerable.")
VULNERABLE = {"section": "Hack & Slash", "text": "Attacking a vulnerable target ignores armor"}


def _answer(text: str, found: bool = True) -> Answer:
    return Answer("What does vulnerable do?", "dungeon-world", text, [HACK, SPELLS], found=found, mode="extractive")


def test_the_quoted_sentences_are_read_with_the_passage_each_cites() -> None:
    text = "Attacking a vulnerable target ignores armor. [1] Some Control spells make you Helpless: The target. [2]"
    assert quoted(text) == [
        ("Attacking a vulnerable target ignores armor.", 1),
        ("Some Control spells make you Helpless: The target.", 2),
    ]
    assert quoted("Deal damage to [Last Gasp] targets. [1]") == [("Deal damage to [Last Gasp] targets.", 1)]


def test_a_lead_that_answers_from_the_expected_passage_counts_on_both() -> None:
    judged = judge_lead(_answer("Attacking a vulnerable target ignores armor. [1]"), VULNERABLE, "dungeon-world")
    assert judged == {"lead_passage": True, "labelled": True, "lead_text": True, "lead_repeats": False, "lead_label": False}


def test_a_lead_from_the_right_passage_that_does_not_answer_counts_only_there() -> None:
    judged = judge_lead(_answer("Attacking makes you vulnerable to counter-attacks. [1]"), VULNERABLE, "dungeon-world")
    assert judged["lead_passage"] and not judged["lead_text"]
    other = judge_lead(
        _answer("Some Control spells make you Helpless: The target becomes vulnerable. [2]"), VULNERABLE, "dungeon-world"
    )
    assert not other["lead_passage"] and not other["lead_text"]


def test_a_repeated_rule_and_a_note_label_are_counted() -> None:
    text = "Note: Attacking a vulnerable target ignores armor. [1] attacking a vulnerable  target ignores armor. [1]"
    judged = judge_lead(_answer(text), VULNERABLE, "dungeon-world")
    assert judged["lead_text"] and judged["lead_repeats"] and judged["lead_label"]


def test_an_answer_that_says_not_covered_has_no_lead() -> None:
    judged = judge_lead(_answer("The rules do not say.", found=False), VULNERABLE, "dungeon-world")
    assert judged["labelled"] and not any(v for k, v in judged.items() if k != "labelled")


def test_lead_labels_name_every_sentence_that_answers() -> None:
    labelled = {"text": "It will lead back to you", "lead": ["It will lead back to you", "It will cost more than you expect"]}
    assert answers("It will cost more than you expect.", labelled)
    assert not answers("It will cost more than you expect.", {"text": "It will lead back to you"})
    # a whole part of a long expected text answers; a fragment of three words does not
    long = {"text": "6 coin: A standard score; decent loot. 8 coin: A big score."}
    assert answers("6 coin: A standard score; decent loot.", long)
    assert not answers("A big score.", long)


def test_the_metrics_are_shares_of_answerable_questions_and_counts_of_faults() -> None:
    good = {"lead_passage": True, "labelled": True, "lead_text": True, "lead_repeats": False, "lead_label": False}
    poor = {"lead_passage": True, "labelled": True, "lead_text": False, "lead_repeats": True, "lead_label": True}
    section_only = {"lead_passage": False, "labelled": False, "lead_text": False, "lead_repeats": False, "lead_label": False}
    got = lead_metrics([good, poor, section_only])
    assert got == {"lead_passage": 2 / 3, "lead_labelled": 2, "lead_text": 0.5, "lead_repeats": 1, "lead_label": 1}
