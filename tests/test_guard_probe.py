"""The learned-reader experiment's data handling: which sentences the model added, and which a label marks."""

from __future__ import annotations

from pathlib import Path

from evals.guard_probe import added_sentences, outcome_kind, sentence_labels, set_number


def _row(text: str, label: str = "ok", why: str = "", **facts: object) -> dict[str, object]:
    row: dict[str, object] = {"text": text, "label": label, "why": why, "facts": {"opening": "You open fire.", **facts}}
    row["sentences"] = added_sentences(row)
    return row


def test_the_engine_opening_is_not_read_as_the_model_s_sentence() -> None:
    assert added_sentences(_row("You open fire. The cutter's engines are ablaze. The")) == ["The cutter's engines are ablaze."]
    assert added_sentences(_row("> Smoke drifts across the bridge.")) == ["Smoke drifts across the bridge."]


def test_a_fault_marks_only_the_sentence_its_reason_quotes() -> None:
    row = _row(
        "You open fire. Smoke fills the void. The cutter's engines are now ablaze.",
        "fault",
        "'The cutter's engines are now ablaze': the shot told as landing on a miss",
    )
    assert sentence_labels(row) == [None, 1]
    unquoted = _row("You open fire. Smoke fills the void.", "fault", "the miss told as a hit")
    assert sentence_labels(unquoted) == [None]
    assert sentence_labels(_row("You open fire. Smoke fills the void.")) == [0]


def test_outcomes_are_grouped_by_what_they_decide() -> None:
    assert outcome_kind({"task": "narrate", "outcomes": ["bad_outcome"]}) == outcome_kind({"outcomes": ["miss"]}) == "fail"
    assert outcome_kind({"task": "oracle", "outcomes": ["no"]}) == "no"
    assert outcome_kind({"task": "pay_the_price", "outcomes": ["none"]}) == "price"
    assert set_number(Path("guard_real_model_heldout.jsonl")) == 1
    assert set_number(Path("guard_real_model_heldout26.jsonl")) == 26
    assert set_number(Path("guard_real_model.jsonl")) == 0
