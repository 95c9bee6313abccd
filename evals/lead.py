"""What a GM reads first: the lead sentence of the offline rules answer, judged against a question's label.

The answer (``assistant ask`` offline, the rules tab) opens with up to three sentences, each followed by the
number of the passage it comes from (``... [1] ... [2]``). For an answerable question this module judges:

- ``lead_passage``: the first sentence comes from the expected passage (:func:`evals.retrieve.is_hit`);
- ``lead_text``: (for a row that names the sentence that answers) the first sentence is one that answers: it
  holds one of the row's ``expected.lead`` texts when the row gives them (every sentence that answers, found by
  reading the rules text), else ``expected.text``; or it is a whole part of that text (a short label split into sentences);
- ``lead_repeats``: the answer quotes one rule twice (two of its sentences alike once a "Note:" or
  "Example:" prefix, case and spacing are set aside);
- ``lead_label``: the first sentence opens with a label that is not a rule ("Note:", "Example:").

A question the answer calls "not covered" has no lead: it counts against ``lead_passage`` and ``lead_text``.
"""

from __future__ import annotations

import re
from typing import Any

#: The citation that closes each quoted sentence of an extractive answer.
_CITED = re.compile(r"\s\[(\d+)\](?=\s|$)")
_LABEL = re.compile(r"^\W*(?:note|example)\s*:", re.I)
_PREFIX = re.compile(r"^\W*(?:note|example)\s*:\s*", re.I)
#: A whole part of the expected text this short or shorter is not enough to say the lead answers.
MIN_PART_WORDS = 4


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "")).strip().lower()


def quoted(answer_text: str) -> list[tuple[str, int]]:
    """The sentences an extractive answer quotes, each with the number of the passage it cites."""
    out: list[tuple[str, int]] = []
    start = 0
    for m in _CITED.finditer(answer_text):
        sentence = answer_text[start : m.start()].strip()
        if sentence:
            out.append((sentence, int(m.group(1))))
        start = m.end()
    return out


def _lead_texts(expected: dict[str, Any]) -> list[str]:
    wanted = expected.get("lead", expected.get("text"))
    if wanted is None:
        return []
    return [str(w) for w in wanted] if isinstance(wanted, list) else [str(wanted)]


def answers(sentence: str, expected: dict[str, Any]) -> bool:
    """Is ``sentence`` one that answers (holds an expected lead text, or is a whole part of one)?"""
    mine = _norm(_PREFIX.sub("", sentence))
    for want in map(_norm, _lead_texts(expected)):
        if want and (want in mine or (len(mine.split()) >= MIN_PART_WORDS and mine in want)):
            return True
    return False


def judge_lead(answer: Any, expected: dict[str, Any], system: str | None) -> dict[str, bool]:
    """The lead judgements (module docstring) of one ``rules_index.qa.Answer`` for an answerable question."""
    from evals.retrieve import is_hit

    sentences = quoted(answer.text) if answer.found and answer.mode == "extractive" else []
    labelled = bool(_lead_texts(expected))
    if not sentences:
        return {"lead_passage": False, "labelled": labelled, "lead_text": False, "lead_repeats": False, "lead_label": False}
    first, n = sentences[0]
    passage = next((p for p in answer.passages if p.n == n), None)
    keys = [_norm(_PREFIX.sub("", s)) for s, _ in sentences]
    return {
        "lead_passage": passage is not None and is_hit(passage.hit.as_dict(), expected, system),
        "labelled": labelled,
        "lead_text": answers(first, expected),
        "lead_repeats": len(set(keys)) < len(keys),
        "lead_label": bool(_LABEL.match(first)),
    }


def lead_metrics(judged: list[dict[str, bool]]) -> dict[str, float]:
    """The share of answerable questions whose lead comes from the expected passage, the share of those whose
    label names the sentence that answers (``lead_labelled`` of them) whose lead answers, and the number of
    answers that repeat a rule or lead with a label."""
    labelled = [j for j in judged if j["labelled"]]
    return {
        "lead_passage": sum(j["lead_passage"] for j in judged) / max(1, len(judged)),
        "lead_labelled": len(labelled),
        "lead_text": sum(j["lead_text"] for j in labelled) / max(1, len(labelled)),
        "lead_repeats": sum(j["lead_repeats"] for j in judged),
        "lead_label": sum(j["lead_label"] for j in judged),
    }
